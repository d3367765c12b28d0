"""One rule bug each, made inside the broken engine's own process.

Where the rule is data, the bug is the reference playing the variant with that one rule
changed (``Change``: the engine never sees the right rule); where it is not, one engine
function is monkeypatched (``Patch``).  Either way every other rule is the reference's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ... import decks
from ...engine.families import claims, stock, turnorder
from ...engine.records.rules import Rules
from ...engine.records.state import State
from ...lang import model as m
from ..wire.engine import Verdict

JSON = dict[str, Any]

Change = Callable[[m.Variant], m.Variant]
Patch = Callable[[], None]


def section(name: str, **fields: object) -> Change:
    """The variant with fields of one section set to other values (an absent optional
    section, such as ``claim`` or ``run``, is left absent)."""
    def change(v: m.Variant) -> m.Variant:
        part = getattr(v, name)
        return v if part is None else replace(v, **{name: replace(part, **fields)})

    return change


wrap_around = section("run", wrap=True)
wilds_outnumber = section("wilds", never_outnumber=None)
claim_no_penalty = section("claim", penalty=0)
claim_priority = section("claim", priority="first-caller")
layoff_before_down = section("layoff", needs_down=False)
discard_taken_card = section("turn", keep_taken_card=False)
contract_not_exact = section("contracts", count="minimum")
joker_from_set = section("swap", from_sets=True)
out_without_discard = section("going_out", by="either")
adjacent_wilds = section("wilds", not_adjacent_in_runs=False)
layoff_same_turn = section("layoff", timing="same-turn")
upcard_when_down = section("turn", no_upcard_when_down=False)
penalty_card = section("claim", penalty=1)
runs_of_four = section("run", min=4)
claimant_waits = section("claim", claimant_waits=True)
pile_card_kept = section("turn", pile_card_melded=False)
melds_not_scored = section("score", method="penalty")
stock_card_kept = section("turn", stock_card_melded=False)
layoff_on_any_meld = section("layoff", own_only=False)
discard_goes_out = section("going_out", empty_plays_on=False)


# ----- function patches -------------------------------------------------------------------

def ace_score() -> None:
    """The card values: every ace 10 points more than the table says."""
    original = decks.face_points

    def face_points(variant: m.Variant) -> tuple[int | None, ...]:
        points = list(original(variant))
        if variant.deck.numbers is None:  # French cards: the aces
            for f in decks.card_table(variant.deck).faces:
                if f.rank == 1:
                    points[f.code] = (points[f.code] or 0) + 10
        return tuple(points)

    decks.face_points = face_points


def stock_turn_over() -> None:
    """Turning the pile over takes the upcard too, leaving no upcard."""
    original = stock.refill_stock

    def refill_stock(rules: Rules, state: State) -> bool:
        steps = rules.variant.stock.empty
        if steps[min(state.hand.exhaustions, len(steps) - 1)] != "turn-over":
            return original(rules, state)
        state.hand.exhaustions += 1
        state.hand.stock = list(reversed(state.hand.discard))
        state.hand.discard = []
        state.hand.pile_owner = []
        return bool(state.hand.stock) or original(rules, state)

    stock.refill_stock = refill_stock


def turn_skipped_after_claim() -> None:
    """When a buy closes the claim window, the player who refused the upcard never draws:
    the turn passes on."""
    original = claims._close_claims

    def close_claims(rules: Rules, state: State) -> None:
        if state.hand.claim is not None and state.hand.claim.last_buyer is not None:  # a buy
            state.hand.turn = state.hand.claim.refuser
            state.hand.claim = None
            turnorder.next_turn(rules, state)
            return
        original(rules, state)

    claims._close_claims = close_claims


# ----- engines whose state goes wrong (every answer to an action is right) -------------

def pile_card_lost() -> None:
    """A knock loses the bottom card of the discard pile from the engine's state."""
    from ..oracle.reference import ReferenceEngine

    original = ReferenceEngine.act

    def act(self: ReferenceEngine, action: JSON) -> Verdict:
        verdict = original(self, action)
        state = self._game().state
        if verdict.accepted and action.get("type") == "knock" and len(state.hand.discard) > 1:
            del state.hand.discard[0]
        return verdict

    ReferenceEngine.act = act  # type: ignore[method-assign]


def knock_melds_ignored() -> None:
    """A knock lays the knocker's best arrangement whatever melds it names (an engine of
    protocol 1 that claims the feature of protocol 2), and the defender's pass counts his
    best arrangement likewise."""
    from ..oracle.reference import ReferenceEngine

    original = ReferenceEngine.act

    def act(self: ReferenceEngine, action: JSON) -> Verdict:
        if action.get("type") in ("knock", "pass"):
            action = {k: v for k, v in action.items() if k != "melds"}
        return original(self, action)

    ReferenceEngine.act = act  # type: ignore[method-assign]


def knock_card_dropped() -> None:
    """A knock that ends the round takes the knock card from the hand and never puts it
    on the pile: the round as it ended holds one card fewer than the pack."""
    from ..oracle.reference import ReferenceEngine

    original = ReferenceEngine.act

    def act(self: ReferenceEngine, action: JSON) -> Verdict:
        game = self._game()
        hand = game.state.hand  # (the round's record, kept when the round ends)
        verdict = original(self, action)
        ended = self.ended
        if verdict.accepted and action.get("type") == "knock" and ended is not None \
                and hand.discard:
            below = hand.discard[:-1]
            ended.update(discard_size=len(below), discard_top=game.rules.table.text(
                below[-1]) if below else None)
        return verdict

    ReferenceEngine.act = act  # type: ignore[method-assign]


def buy_duplicates_card() -> None:
    """A buy puts a second copy of the bought card into the buyer's hand."""
    from ..oracle.reference import ReferenceEngine

    original = ReferenceEngine.act

    def act(self: ReferenceEngine, action: JSON) -> Verdict:
        state = self._game().state
        upcard = state.hand.discard[-1] if state.hand.discard else None
        verdict = original(self, action)
        if verdict.accepted and action.get("type") == "buy" and upcard is not None:
            self._game().state.hand.seats[int(action["player"])].hand.append(upcard)
        return verdict

    ReferenceEngine.act = act  # type: ignore[method-assign]


def wild_meaning_wrong() -> None:
    """The state says a run's wild stands for the run's first natural card (a card that
    is in the run already), not for the place it holds."""
    from ..oracle.reference import ReferenceEngine

    original = ReferenceEngine.state

    def state(self: ReferenceEngine) -> JSON:
        seen = original(self)
        for meld in seen["table"]:
            naturals = [c for i, c in enumerate(meld["cards"])
                        if i not in {w["position"] for w in meld["wilds"]}]
            if meld["kind"] == "run" and naturals:
                for w in meld["wilds"]:
                    w["stands_for"] = naturals[0]
        return seen

    ReferenceEngine.state = state  # type: ignore[method-assign]


ace_either = section("run", ace="either")
