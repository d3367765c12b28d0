"""The stock: drawing from it, refilling it by the spec's ladder when it runs out, and the
hand's end when it runs low (the wall's pass, a dead hand declared).

Each rule is a check (a refusal, or the plan) and an effect (``plans``).
"""

from __future__ import annotations

from collections import Counter

from ... import decks
from ..records.reasons import Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State
from .ending import end_round
from .plans import GO, Go
from .setup import rng


def refill_stock(rules: Rules, state: State) -> bool:
    """Handle an empty stock by the spec's ladder; False when the round has ended.  A
    refill that makes no stock (nothing below the upcard to turn over or shuffle) counts
    as that exhaustion, and the ladder's next rule applies at once; past its last rule
    the round is abandoned, no card being left to draw."""
    steps = rules.variant.stock.empty
    while True:
        last = state.hand.exhaustions >= len(steps) - 1
        made = _refill_once(rules, state, steps[min(state.hand.exhaustions, len(steps) - 1)])
        if made is not None:
            return made
        if last:
            end_round(rules, state, None, "abandoned", reason="no cards left to draw")
            return False


def _refill_once(rules: Rules, state: State, step: str) -> bool | None:
    """One rule of the ladder: True, a stock made; False, the round ended; None, the rule
    made no stock."""
    state.hand.exhaustions += 1
    if step == "end-round":
        end_round(rules, state, None, "stock")
        return False
    if step == "hand-dead":  # Conquian: nobody out when the stock runs out, a drawn hand
        end_round(rules, state, None, "dead")
        return False
    if step == "replay-extra-deck":
        end_round(rules, state, None, "replay")
        return False
    if step == "new-pack":  # the discard pile stays; a fresh pack is the stock
        pack = decks.full_deck(rules.variant, rules.players, state.game.extra_decks)
        rng(state.game.seed, "new-pack", state.game.deal_no, state.hand.exhaustions).shuffle(pack)
        state.hand.stock = stated_order(state, pack)
        return True
    below, top = state.hand.discard[:-1], state.hand.discard[-1:]
    owners = state.hand.pile_owner[-1:]
    if step == "turn-over-whole":  # the top card goes too: no upcard until a discard
        below, top, owners = state.hand.discard[:], [], []
    if step == "reshuffle-all":  # the upcard goes into the new stock too
        below, top, owners = list(state.hand.discard), [], []
    if step in ("reshuffle", "reshuffle-all"):
        rng(state.game.seed, "reshuffle", state.game.deal_no, state.hand.exhaustions).shuffle(below)
        state.hand.stock = stated_order(state, below)
    else:  # turned over: the pile face down, its first card now on top
        state.hand.stock = list(reversed(below))
    state.hand.discard = top
    state.hand.pile_owner = owners
    return True if state.hand.stock else None


def stated_order(state: State, shuffled: list[int]) -> list[int]:
    """The new stock (top = last) from the shuffled cards, in the order the deal's setup
    states for this exhaustion (``Deal.restocks``): the cards it names first, the
    others under them as shuffled."""
    if state.hand.exhaustions > len(state.hand.restocks):
        return shuffled
    left = Counter(shuffled)
    top = []
    for card in state.hand.restocks[state.hand.exhaustions - 1]:
        if left[card] > 0:
            left[card] -= 1
            top.append(card)
    taken = Counter(top)
    rest = []
    for card in reversed(shuffled):  # from the top down
        if taken[card] > 0:
            taken[card] -= 1
        else:
            rest.append(card)
    return [*top, *rest][::-1]


def draw_stock(rules: Rules, state: State, seat: int, count: int = 1) -> bool:
    for _ in range(count):
        if not state.hand.stock and not refill_stock(rules, state):
            return False
        state.hand.seats[seat].hand.append(state.hand.stock.pop())
    if not state.hand.stock and rules.variant.stock.refill_at_once and can_draw_stock(rules, state):
        refill_stock(rules, state)  # ``stock { refilled at once }``
    return True


def can_draw_stock(rules: Rules, state: State) -> bool:
    """A card to draw: in the stock, or in what the next refill makes one of (the pile
    below the upcard, the whole pile, or a fresh pack); or a draw that ends the hand
    (``empty hand dead``)."""
    if state.hand.stock:
        return True
    steps = rules.variant.stock.empty
    step = steps[min(state.hand.exhaustions, len(steps) - 1)]
    if step in ("new-pack", "hand-dead"):  # a draw from a dead hand's stock ends the hand:
        return True  # the last card may be declined, and the hand is drawn (Conquian)
    whole = step in ("turn-over-whole", "reshuffle-all")
    return len(state.hand.discard) > (0 if whole else 1)


def low_stock(rules: Rules, state: State) -> str | None:
    """At the draw, with the stock down to the spec's count: "wall" or "declared" (the
    rules that change the draw); None otherwise."""
    st = rules.variant.stock
    if st.dead_at is None or st.dead_how == "discard" or len(state.hand.stock) > st.dead_at:
        return None
    return st.dead_how


def late_turn(rules: Rules, state: State) -> bool:
    """From the spec's turn on, the player to draw may only declare the hand dead (RLCard:
    judge.py, max_move_count 200 moves, the deal and every draw and discard counted)."""
    limit = rules.variant.limits.dead_hand_turn
    return limit is not None and state.hand.turn_no + 1 >= limit


def check_wall_pass(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """At the wall, ``pass``: the hand ends dead."""
    if a.player != state.hand.turn:
        return no("not-your-turn")
    if low_stock(rules, state) != "wall":
        return no("claim-not-open")
    return GO


def wall_pass(rules: Rules, state: State, a: Move, plan: Go) -> None:
    end_round(rules, state, None, "dead")


def check_dead_hand(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """``dead_hand``: instead of drawing with the stock low (or from the spec's late turn
    on), declare the hand dead."""
    if state.hand.phase != "draw" or (low_stock(rules, state) != "declared"
                                      and not late_turn(rules, state)):
        return no("no-dead-hand")
    if a.player != state.hand.turn:
        return no("not-your-turn")
    return GO


def dead_hand(rules: Rules, state: State, a: Move, plan: Go) -> None:
    end_round(rules, state, None, "dead", declared_by=a.player)
