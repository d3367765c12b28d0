"""Actions to try besides the legal ones, for the differential fuzzer and for the shipped
state machine alike: the fuzzer's near misses ranked by the reference's reasons
(``nearmiss``), and the machine's legal actions broken one way each (``kinds``)."""

from .kinds import IN_PLAY, KINDS, TYPES, Probe, make, near_melds, single_card_actions
from .nearmiss import (
    PLAIN,
    loose_groups,
    ranked_probes,
    raw_probes,
    used_types,
)

__all__ = ["IN_PLAY", "KINDS", "PLAIN", "TYPES", "Probe", "loose_groups", "make",
           "near_melds", "ranked_probes", "raw_probes", "single_card_actions", "used_types"]
