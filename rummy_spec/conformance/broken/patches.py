"""One rule bug each, made inside the broken engine's own process.

Where the rule is data, the bug is the reference playing the variant with that one rule
changed (``Change``: the engine never sees the right rule); where it is not, one engine
function is monkeypatched (``Patch``).  Either way every other rule is the reference's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ... import decks
from ...engine import claims, stock, turnorder
from ...engine.rules import Rules
from ...engine.state import State
from ...lang import model as m

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
        if steps[min(state.exhaustions, len(steps) - 1)] != "turn-over":
            return original(rules, state)
        state.exhaustions += 1
        state.stock = list(reversed(state.discard))
        state.discard = []
        state.pile_owner = []
        return bool(state.stock) or original(rules, state)

    stock.refill_stock = refill_stock


def turn_skipped_after_claim() -> None:
    """When a buy closes the claim window, the player who refused the upcard never draws:
    the turn passes on."""
    original = claims._close_claims

    def close_claims(rules: Rules, state: State) -> None:
        if state.claim is not None and not state.upcard_open:  # closed by a buy
            state.turn = state.claim.refuser
            state.claim = None
            turnorder.next_turn(rules, state)
            return
        original(rules, state)

    claims._close_claims = close_claims
