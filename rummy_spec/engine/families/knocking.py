"""Knocking: which discard a knock may make, gin and big gin, the knocker's melds laid
out, the defender's lay-offs and the knock's score (deadwood, bonuses, undercut)."""

from __future__ import annotations

from typing import NamedTuple

from ..melding.melds import Meld, add_card
from ..records.reasons import Verdict, no
from ..records.rules import Rules
from ..records.state import Ending, Move, State, TableMeld
from ..solving.solver import Solution
from .arrangements import every_arrangement, knock_arrangement
from .ending import end_round
from .knock_melds import named_arrangement
from .tableplay import card_onto_meld, in_play, remove_cards


def _without(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


def may_knock_with(rules: Rules, hand: list[int], card: int, taken: int | None) -> bool:
    """May this card be the knock's discard, as far as the card taken goes?"""
    t = rules.variant.turn
    return not (t.keep_taken_card and not t.knock_taken_card and card == taken
                and hand.count(card) == 1)


def knock_limit(rules: Rules, state: State) -> int:
    """The most deadwood a knock may leave in this hand: the spec's ``deadwood``, or with
    ``deadwood by upcard`` the first upcard's count (its points), unless the spec gives a
    limit for the upcard's rank (Oklahoma Gin: an ace, gin only).  -1 without knocking."""
    k = rules.variant.knock
    if k is None:
        return -1
    up = state.hand.first_upcard
    if not k.deadwood_by_upcard or up is None:  # the checker asks for an upcard
        return k.deadwood
    rank = rules.table.faces[up].rank
    return dict(k.upcard_deadwood).get(rank, rules.points[up]) if rank is not None \
        else rules.points[up]


def knock_candidates(rules: Rules, hand: list[int], limit: int) -> tuple[list[int], int]:
    """The distinct cards a knock might discard, leaving at most ``limit`` deadwood
    (dropping a card lowers the deadwood by at most its points, so hopeless ones are
    pruned) and the hand's own least deadwood (-1 when every card is pruned without
    looking)."""
    if limit < 0 or not hand or rules.deadwood_floor(hand) - rules.max_points > limit:
        return [], -1
    floor = rules.arrange(hand).rest_points
    points = rules.points
    return [c for c in sorted(set(hand)) if floor - points[c] <= limit], floor


def knock_possible(rules: Rules, state: State, hand: list[int], taken: int | None) -> bool:
    """Can this hand (after a draw, ``taken`` the card taken) knock with some card?"""
    limit = knock_limit(rules, state)
    return any(
        may_knock_with(rules, hand, c, taken)
        and rules.arrange(_without(hand, c)).rest_points <= limit
        for c in knock_candidates(rules, hand, limit)[0])


def gin_cards(rules: Rules, state: State, hand: list[int]) -> list[int]:
    """The cards whose knock leaves no deadwood (gin), among those the player may knock
    with; memoised on the hand."""
    if not hand or rules.deadwood_floor(hand) > rules.max_points:
        return []  # two cards fit no meld at all
    key = ("gin-cards", tuple(sorted(hand)))
    hit = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = [c for c in sorted(set(hand))
                                  if not rules.arrange(_without(hand, c)).rest]
    return [c for c in hit if may_knock_with(rules, hand, c, state.hand.taken)]


def gin_possible(rules: Rules, state: State, hand: list[int]) -> bool:
    return bool(gin_cards(rules, state, hand))

class Knock(NamedTuple):
    """A knock's plan: gin, big gin or a plain knock, the hand after its discard, and
    the arrangement laid (the one named, or the best)."""

    kind: Ending
    rest: list[int]
    laid: Solution


def check_knock(rules: Rules, state: State, a: Move) -> Verdict | Knock:
    v = in_play(state, a)
    if not v.ok:
        return v
    k = rules.variant.knock
    if k is None:
        return no("knock-not-allowed")
    seat = state.hand.seats[a.player]
    rest = list(seat.hand)
    if a.card is not None:
        if a.card not in rest:
            return no("not-in-hand")
        if not may_knock_with(rules, rest, a.card, state.hand.taken):
            return no("keep-taken-card")
        rest.remove(a.card)
    if a.melds is not None:
        named = named_arrangement(rules, rest, a.melds)
        if isinstance(named, Verdict):
            return named
        sol = named
    else:
        sol = knock_arrangement(rules, rest)
    kind: Ending
    if a.card is None:
        if k.big_gin_bonus is None or sol.rest:
            return no("no-big-gin")
        kind = "big-gin"
    elif sol.rest_points > (limit := knock_limit(rules, state)):
        return no("deadwood-too-high", f"deadwood {sol.rest_points} is above {limit}")
    else:
        kind = "gin" if not sol.rest else "knock"
    if kind == "knock" and rules.variant.limits.gin_forced and gin_possible(
            rules, state, seat.hand):
        return no("must-go-gin")
    return Knock(kind, rest, sol)


def knock(rules: Rules, state: State, a: Move, plan: Knock) -> None:
    """The discard, the knocker's melds laid out; then the defender's lay-offs or the
    score."""
    k, seat, kind = rules.variant.knock, state.hand.seats[a.player], plan.kind
    assert k is not None
    if a.card is not None:
        seat.hand.remove(a.card)
        state.hand.discard.append(a.card)
        state.hand.pile_owner.append(a.player)
    for meld in plan.laid.melds:  # named, or the best (ties: PROTOCOL.md's rule)
        remove_cards(seat.hand, meld.cards)
        state.hand.table.append(TableMeld(a.player, meld, False, state.hand.turn_no))
    state.hand.run_base = [[min(t.meld.ranks), max(t.meld.ranks)] for t in state.hand.table]
    state.hand.knocker = a.player
    state.hand.knock_kind = kind
    layoffs = k.defender_lays_off and not (kind != "knock" and k.no_layoff_on_gin)
    if layoffs and k.layoffs_by_game:
        score_knock(rules, state, lay_off_for_defender(rules, state,
                                                       (a.player + 1) % rules.players))
        return
    if layoffs:
        state.hand.turn = (a.player + 1) % rules.players
        state.hand.phase = "layoff"
        return
    score_knock(rules, state)


def lay_off_for_defender(rules: Rules, state: State, defender: int) -> int:
    """Lay-offs made by the game (``lay offs made by the game``): while a card of the
    defender's deadwood fits a meld of the knocker's, the first such card goes onto the
    first meld it fits, in table order (the EAAI-2021 challenge's GinRummyGame.play lays
    off the same way, card by card).  The defender's melds are the arrangement that
    leaves him the least deadwood after those lay-offs: his score only falls as his
    deadwood grows, so no other choice could serve him better.  Returns that deadwood."""
    hand = state.hand.seats[defender].hand
    best: tuple[int, list[tuple[int, int, Meld]]] | None = None
    for way in every_arrangement(rules, hand):
        laid = _game_lay_offs(rules, state, list(way.rest))
        left = way.rest_points - sum(rules.points[c] for c, _, _ in laid)
        if best is None or left < best[0]:
            best = (left, laid)
    assert best is not None
    for card, i, meld in best[1]:
        card_onto_meld(state, Move("lay_off", defender, card=card, meld=i), meld,
                       keep_all_wild=True)
    return best[0]


def _game_lay_offs(rules: Rules, state: State,
                   deadwood: list[int]) -> list[tuple[int, int, Meld]]:
    """The lay-offs the game makes of these deadwood cards: (card, table meld, the meld
    after it), in order."""
    melds = [t.meld for t in state.hand.table]
    out: list[tuple[int, int, Meld]] = []
    while True:
        for card in sorted(set(deadwood)):
            for i, m in enumerate(melds):
                grown = add_card(rules.melds, m, card)
                if isinstance(grown, Meld) and within_run_limit(rules, state, i, grown):
                    melds[i] = grown
                    deadwood.remove(card)
                    out.append((card, i, grown))
                    break
            else:
                continue
            break
        else:
            return out


def within_run_limit(rules: Rules, state: State, index: int | None, meld: Meld) -> bool:
    """A run of the knocker's grows by at most the spec's count of lay-offs at each end
    (OpenSpiel's gin offers lay-offs only next to the run as laid and next to those
    already laid off)."""
    k = rules.variant.knock
    limit = rules.variant.limits.run_layoff_limit if k is not None else None
    if limit is None or meld.kind != "run" or index is None or index >= len(state.hand.run_base):
        return True
    low, high = state.hand.run_base[index]
    return low - min(meld.ranks) <= limit and max(meld.ranks) - high <= limit


def check_defender_done(rules: Rules, state: State, a: Move) -> Verdict | Solution:
    if state.hand.phase != "layoff" or a.player != state.hand.turn:
        return no("not-defender")
    hand = state.hand.seats[a.player].hand
    if a.melds is not None:
        return named_arrangement(rules, hand, a.melds)
    return rules.arrange(hand)


def defender_done(rules: Rules, state: State, a: Move, plan: Solution) -> None:
    """The defender's ``pass``: his lay-offs are over, his melds shown (named, or his
    best arrangement), and the knock is scored."""
    score_knock(rules, state, plan.rest_points)


def score_knock(rules: Rules, state: State, defender_deadwood: int | None = None) -> None:
    """Deadwood difference, gin and big gin bonuses, undercut (two players)."""
    k = rules.variant.knock
    assert k is not None and state.hand.knocker is not None
    knocker = state.hand.knocker
    defender = (knocker + 1) % rules.players
    # the knocker's hand holds his deadwood alone: his melds are on the table
    kd = sum(rules.points[c] for c in state.hand.seats[knocker].hand)
    dd = (rules.arrange(state.hand.seats[defender].hand).rest_points
          if defender_deadwood is None else defender_deadwood)
    scores = [0] * rules.players
    kind: Ending = state.hand.knock_kind or "knock"
    if rules.variant.score.method == "minus-deadwood":
        # A flat score for going out; the other player loses his deadwood (RLCard's
        # payoff x100: rlcard/games/gin_rummy/utils/scorers.py, get_payoff_gin_rummy_v1).
        scores[knocker] = {"gin": k.gin_bonus, "big-gin": k.big_gin_bonus or 0}.get(
            kind, k.knock_bonus)
        scores[defender] = -dd
        end_round(rules, state, knocker, kind, scores, knocker_deadwood=kd,
                  defender_deadwood=dd)
        return
    if kind == "gin":
        winner, scores[knocker] = knocker, dd + k.gin_bonus
    elif kind == "big-gin":
        winner, scores[knocker] = knocker, dd + (k.big_gin_bonus or 0)
    elif dd < kd or (dd == kd and k.undercut_on_equal):
        winner, scores[defender] = defender, kd - dd + k.undercut_bonus
        kind = "undercut"
    else:
        winner, scores[knocker] = knocker, dd - kd + k.knock_bonus
    end_round(rules, state, winner, kind, scores, knocker_deadwood=kd, defender_deadwood=dd)
