"""Deliberately broken engines: the reference with one rule bug each, behind the protocol.

``python -m rummy_spec.conformance.broken NAME`` makes one bug inside its own process (a
rule of the variant changed before the engine sees it, or one engine function
monkeypatched), then serves the protocol exactly like the reference engine.  Each bug is
one of the rule slips ``rules/AXES.md`` makes likely; the suite and the fuzzer must catch
every one (``tests/conformance`` asserts it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...lang import model as m
from ..oracle.reference import ReferenceEngine
from ..suite.cases import variant as load_variant


@dataclass(frozen=True)
class Broken:
    name: str
    axis: str
    bug: str
    variant: str  # where the fuzzer looks for it
    fault: Callable[..., Any]  # a Change (variant -> variant) or a Patch (no arguments)
    changes_variant: bool = True
    specs: tuple[str, ...] = ()  # spec files the engine plays (a house variant's bug)
    # the Patch replaces a function of rummy_spec.engine: compiled engine modules call one
    # another directly, so in the compiled build the bug never shows (the tests that need
    # it are marked patches_engine; tests/conformance checks this flag against the patch)
    patches_engine: bool = False

    def engine(self) -> ReferenceEngine:
        """The broken engine, in this process (a Patch takes effect here and now)."""
        if not self.changes_variant:
            self.fault()
            return ReferenceEngine()
        return ChangedRules(self.fault)


class ChangedRules(ReferenceEngine):
    """The reference playing every variant with one rule changed."""

    def __init__(self, change: Callable[[m.Variant], m.Variant]) -> None:
        super().__init__()
        self.change = change

    def load_variant(self, name: str, options: tuple[str, ...]) -> m.Variant:
        return self.change(load_variant(name, options))


def _patches() -> dict[str, Broken]:
    from . import patches as p

    found = [
        Broken("wrap-around", "X7", "a run around the corner (K-A-2) is accepted", "rummy",
               p.wrap_around),
        Broken("wilds-outnumber", "X15", "wilds may outnumber the naturals of a meld",
               "liverpool", p.wilds_outnumber),
        Broken("claim-no-penalty", "X50", "a buy takes the upcard without the penalty card",
               "liverpool", p.claim_no_penalty),
        Broken("claim-priority", "X49", "any claimant may buy, not the nearest first",
               "liverpool", p.claim_priority),
        Broken("layoff-before-down", "X44", "a player who is not down may lay off",
               "liverpool", p.layoff_before_down),
        Broken("ace-score", "X59", "an ace scores 10 points more than the table says",
               "rummy", p.ace_score, changes_variant=False),
        Broken("discard-taken-card", "X41", "the card just taken from the pile may be "
               "discarded at once", "rummy", p.discard_taken_card),
        Broken("stock-turn-over", "X58", "an empty stock takes the whole pile, the upcard "
               "too", "continental", p.stock_turn_over, changes_variant=False,
               patches_engine=True),
        Broken("contract-not-exact", "X36", "a contract may be laid with extra melds",
               "liverpool", p.contract_not_exact),
        Broken("joker-from-set", "X20", "a joker may be freed from a set", "contract",
               p.joker_from_set),
        Broken("turn-skipped-after-claim", "X53", "after a buy the player in turn loses "
               "his turn", "liverpool", p.turn_skipped_after_claim, changes_variant=False,
               patches_engine=True),
        Broken("out-without-discard", "X54", "a player may go out without the final discard",
               "shanghai", p.out_without_discard),
        Broken("adjacent-wilds", "X16", "two wilds may stand side by side in a run",
               "shanghai", p.adjacent_wilds),
        Broken("layoff-same-turn", "X43", "lay-offs are allowed in the turn of going down",
               "contract", p.layoff_same_turn),
        Broken("upcard-when-down", "X40", "a player who is down may take the upcard",
               "liverpool", p.upcard_when_down),
        Broken("pile-card-kept", "X40", "the upcard taken alone need not be melded at once",
               "rummy500", p.pile_card_kept),
        Broken("melds-not-scored", "X60", "cards on the table score nothing: only the "
               "losers' hands count, against them", "rummy500", p.melds_not_scored),
        Broken("stock-card-kept", "X40", "the card turned from the stock joins the hand: "
               "another card may be discarded", "conquian", p.stock_card_kept),
        Broken("layoff-on-any-meld", "X45", "a player may lay off on his opponent's melds",
               "conquian", p.layoff_on_any_meld),
        Broken("discard-goes-out", "X54", "a discard of the last card is refused, as if it "
               "went out", "conquian", p.discard_goes_out),
        # the state alone goes wrong: caught by the every-step comparison and the laws
        Broken("pile-card-lost", "state", "a knock loses the bottom card of the pile",
               "gin", p.pile_card_lost, changes_variant=False),
        Broken("knock-melds-ignored", "X45", "a knock lays the knocker's best arrangement, "
               "not the melds it names", "gin", p.knock_melds_ignored, changes_variant=False),
        Broken("knock-card-dropped", "state", "a knock that ends the round never puts "
               "the knock card on the pile (51 cards)", "gin_rlcard", p.knock_card_dropped,
               changes_variant=False),
        Broken("buy-duplicates-card", "state", "a buy puts a second copy of the bought "
               "card into the buyer's hand", "liverpool", p.buy_duplicates_card,
               changes_variant=False),
        Broken("wild-meaning-wrong", "state", "a run's wild is said to stand for the run's "
               "first natural card", "continental", p.wild_meaning_wrong,
               changes_variant=False),
    ]
    found += _boundary() + _leaks()
    return {b.name: b for b in found}


def _leaks() -> list[Broken]:
    """Engines that play right and show a seat what it may not know, or forget what it
    was shown (caught by the views compared, and by the no-leak law on the deal)."""
    from . import leaks as k

    return [
        Broken("view-shows-defender", "view", "the knocker's view shows the defender's "
               "hand while the defender lays off", "gin", k.defender_shown,
               changes_variant=False),
        Broken("view-shows-stock-top", "view", "every view names the stock's top card",
               "gin", k.stock_top_shown, changes_variant=False),
        Broken("view-forgets-taken", "view", "a card taken from the pile is not known to "
               "be in the taker's hand", "gin", k.taken_forgotten, changes_variant=False),
    ]


def _boundary() -> list[Broken]:
    """Engines wrong only at a rule's boundary (the aimed fuzz must reach it)."""
    from . import boundary as b

    return [
        Broken("wilds-lead-around-corner", "X7", "a run led by three wilds is read around "
               "the corner", "continental", b.wilds_lead_around_corner, changes_variant=False,
               patches_engine=True),
        Broken("knock-best-of-eleven", "X54", "a knock is judged on the eleven cards' best "
               "melds, so a legal knock is refused", "gin", b.knock_best_of_eleven,
               changes_variant=False, patches_engine=True),
    ]


def broken_engines() -> dict[str, Broken]:
    """The broken engines of built-in variants (the suite's own cases catch each)."""
    return _patches()


def house_broken_engines() -> dict[str, Broken]:
    """Broken engines of the example house variants (``conformance/examples``): each
    of Backyard Continental forgets one of the house's rule changes and plays
    Continental's rule instead; one of Rummy with four jokers reads a run led by three
    wilds around the corner; one of Continental with the claimant playing at once has
    him wait."""
    from .. import suite_root
    from . import boundary as b
    from . import patches as p

    house = str(suite_root() / "examples" / "backyard.rummy")
    jokers = str(suite_root() / "examples" / "four_jokers.rummy")
    at_once = str(suite_root() / "examples" / "claim_at_once.rummy")
    found = [
        Broken("house-penalty-card", "X50", "a May I? costs a penalty card although the "
               "house rules make it free", house, p.penalty_card, specs=(house,)),
        Broken("house-runs-of-four", "X9", "a run of three is refused although the house "
               "rules allow it", house, p.runs_of_four, specs=(house,)),
        # one pack, four jokers: only a hand holding three of them meets the bug
        Broken("house-wilds-lead-around-corner", "X7", "a run led by three wilds is read "
               "around the corner (JK JK JK 2H 3H as Q K A 2 3)", jokers,
               b.wilds_lead_around_corner, changes_variant=False, specs=(jokers,),
               patches_engine=True),
        # the claimant who takes at once made to wait: no turn out of order
        Broken("house-claimant-waits", "X53", "a claimant who takes at once waits for his "
               "own turn instead of playing one out of order", at_once, p.claimant_waits,
               specs=(at_once,)),
    ]
    return {b.name: b for b in found}


def all_broken_engines() -> dict[str, Broken]:
    return {**broken_engines(), **house_broken_engines()}


def command(name: str) -> str:
    """The command line that starts broken engine ``name`` with this Python."""
    import shlex
    import sys

    return f"{shlex.quote(sys.executable)} -m rummy_spec.conformance.broken {name}"


def house_variant_of(name: str) -> str:
    """The spec file a house variant's broken engine plays (its ``--variant``)."""
    return house_broken_engines()[name].variant
