"""The conformance kit: language-neutral cases, a JSON-lines engine protocol, a runner,
a differential fuzz mode, perft counts and deliberately broken engines.

The suite itself is data (``conformance/`` at the repository root: ``cases/``,
``schema/``, ``perft/``, ``PROTOCOL.md``); this package reads, runs and writes it.
``SUITE_VERSION`` is stamped in every case file and raised when a case changes meaning;
``PROTOCOL_VERSION`` is what ``hello`` states.
"""

from __future__ import annotations

import os
from pathlib import Path

SUITE_VERSION = 1
PROTOCOL_VERSION = 2
# The versions the runner still serves: an engine of version 1 is run as before, and the
# features of a later version (``SINCE``: the knock's melds, the shift's end, the ``view``
# request, partnerships) are taken as not claimed.
PROTOCOLS = (1, 2)

# Optional features a case may need; an engine that does not claim one in its ``hello``
# gets the case reported as skipped, not failed.
FEATURES: dict[str, str] = {
    "claims": "buying the upcard out of turn (buy / May I? / I want it)",
    "rummy-call": "calling 'rummy' on a playable discard, with its penalty",
    "gifts": "the gifts owed after a rummy call (Ten Step)",
    "swap": "freeing a wild by putting the natural it stands for in its place",
    "shift": "moving a wild to an end of its run to lay a natural in its place",
    "knock": "knocking, gin and big gin, the defender's lay-offs (Gin)",
    "skip": "Skip cards (Phase 10)",
    "scoring": "round results and totals when a round ends",
    "stock-exhaustion": "what happens when the stock runs out",
    "later-round": "a deal that starts at a later round (its contract and limits apply)",
    "options": "a variant with one of its options switched on",
    "perft": "the 'legal' and 'perft' requests (counts of legal non-meld actions)",
    "knock-melds": "a knock (and the defender's closing pass) naming the melds shown "
                   "(protocol 2)",
    "shift-end": "a shift naming the end of the run its wild moves to (protocol 2)",
    "views": "the 'view' request: what one seat may know (protocol 2)",
    "partners": "partnerships: a partner's lay-offs on the team's melds, partners paying "
                "each other nothing, a team's target and win (protocol 2)",
    "claimant-turn": "a claimant who takes at once plays a turn out of order (phase "
                     "'claimant', the claim's 'resumes' seat), then the turn goes back",
    "deep-take": "a draw taking a card deep in the spread discard pile with every card "
                 "above it ('depth'), the card then melded at once (protocol 2)",
    "opening-melds": "a 'meld' laying several melds at once: a first lay-down that must "
                     "count a number of points (protocol 2)",
    "cut-joker": "a card turned face up under the stock (the setup's last stock card) "
                 "makes its rank wild for the deal, 'wilds { cut joker }' (protocol 2)",
}

# The protocol version that brought each feature, where later than 1.
SINCE: dict[str, int] = {"knock-melds": 2, "shift-end": 2, "views": 2, "partners": 2,
                         "deep-take": 2, "opening-melds": 2, "cut-joker": 2}


class SuiteMissing(LookupError):
    """The conformance suite directory cannot be found."""


def suite_root() -> Path:
    """Where the suite lives: ``$RUMMY_SPEC_SUITE``, the repository's ``conformance/``
    next to the package, or the copy inside an installed wheel."""
    env = os.environ.get("RUMMY_SPEC_SUITE")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    for candidate in (here.parent.parent / "conformance", here.parent / "_data" / "conformance"):
        if (candidate / "cases").is_dir():
            return candidate
    raise SuiteMissing("the conformance suite (conformance/cases) was not found; "
                       "set RUMMY_SPEC_SUITE to its directory")
