"""Scoring equals the table's sum: a round's scores are the spec's card values summed over
the hands left (penalty: each loser his own; collect: the winner all of them, doubled for
a rummy; a hand laid out counts what its arrangement leaves), a knock scores the deadwood
difference and bonuses by the spec (deadwood from the brute-force oracle), and totals
grow by exactly the round's scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.decks import full_deck
from rummy_spec.engine.families.ending import end_round
from rummy_spec.engine.families.knocking import score_knock
from rummy_spec.engine.families.schedule import current_contracts
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Ending, State
from rummy_spec.lang import model as m
from rummy_spec.lang.check_stakes import counts_unread
from rummy_spec.lang.expr import evaluate_int

from .builtin import BUILTIN, Compiled, oracle, pure_of, slots_of

NAMES = sorted(BUILTIN)
KNOCKING = [n for n in NAMES if BUILTIN[n].variant.knock is not None]
# a hand settled in stakes pays stakes, not card values (tests/engine/test_stakes.py)
BY_CARDS = [n for n in NAMES if BUILTIN[n].variant.score.method != "stakes"]


def table_sum(v: m.Variant, points: tuple[int | None, ...], hand: list[int]) -> int:
    return sum(points[c] or 0 for c in hand)


def held_points(c: Compiled, game: Game, state: State, player: int) -> int:
    """What a hand counts against its holder: its cards at this deal's values (a rank
    made wild for the deal by the cut joker counts as a wild); under ``score { losers lay
    out their hands }`` a hand not down counts only what its best arrangement for the
    contract leaves (the oracle's), all of it where none makes the contract."""
    rules = game.rules  # the rules of this deal
    seat = state.hand.seats[player]
    full = table_sum(c.variant, rules.points, seat.hand)
    if not c.variant.score.losers_meld or seat.down or not seat.hand:
        return full
    k = c.variant.contracts
    left = []
    for contract in current_contracts(rules, state, player):
        slots, extras = slots_of(c, contract)
        got = oracle.best(rules.melds, tuple(seat.hand), slots, extras=extras,
                          any_number=k.count == "minimum", gap=k.same_suit_runs == "gap",
                          distinct=k.distinct_set_ranks, pat=contract.pat,
                          points=rules.points, pure=pure_of(contract))
        if got is not None:
            left.append(got[0])
    return min(left, default=full)


def upcard_factor(v: m.Variant, game: Game, state: State) -> int:
    """``score { upcard SUIT doubles / times N }``: the factor of the first upcard's suit
    (its text's last letter), read from the spec, else 1."""
    first = state.hand.first_upcard
    if first is None:
        return 1
    return dict(v.score.upcard_times).get(game.rules.table.faces[first].text[-1], 1)


@st.composite
def round_ends(draw: st.DrawFn, names: list[str]) -> tuple[str, Game, State, int]:
    name = draw(st.sampled_from(names))
    v = BUILTIN[name].variant
    players = v.players.min
    game = Game(v, players, draw(st.integers(0, 999)))
    state = game.state.clone()
    pack = full_deck(v, players)
    winner = draw(st.integers(0, players - 1))
    for i, seat in enumerate(state.hand.seats):
        seat.hand = [] if i == winner else draw(st.lists(st.sampled_from(pack), max_size=9))
        seat.played_before = draw(st.booleans())
        state.game.seats[i].total = draw(st.integers(-50, 50))
    return name, game, state, winner


@settings(max_examples=200, deadline=None)
@given(round_ends(BY_CARDS))
def test_going_out_scores_the_table_sum(case: tuple[str, Game, State, int]) -> None:
    name, game, state, winner = case
    c = BUILTIN[name]
    v = c.variant
    held = [held_points(c, game, state, i) for i in range(len(state.hand.seats))]
    before = [s.total for s in state.game.seats]
    played = state.hand.seats[winner].played_before
    factor = upcard_factor(v, game, state)  # this hand's: ending it deals the next
    bonus = _out_bonus(v, state, winner, played)
    end_round(game.rules, state, winner, "out")
    scores = state.game.results[-1].scores
    if v.score.cap is not None:  # ``score { hand counts at most N }``
        held = [min(h, v.score.cap) for h in held]
    if v.score.method == "collect":
        total = sum(held) * (2 if v.score.rummy_doubles and not played else 1)
        want = [total if i == winner else 0 for i in range(len(held))]
    elif v.score.method == "melds":  # nothing on the table here: each hand counts against
        want = [0 if i == winner else -h for i, h in enumerate(held)]
    else:
        want = [0 if i == winner else h for i, h in enumerate(held)]
    want[winner] += bonus
    want = [w * factor for w in want]
    if v.score.zero_sum:  # each player's points less the other players' points
        want = [w - (sum(want) - w) for w in want]
    assert scores == want, (name, held)
    after = [s.total for s in state.game.seats]
    if state.hand.cut_exact is not None and v.cut is not None:  # the next deal's exact cut
        after[state.hand.cut_exact] -= evaluate_int(v.cut.bonus, len(held), state.game.round) or 0
    if state.hand.phase != "game-over" or not v.game.end_bonuses:
        assert after == [b + s for b, s in zip(before, scores, strict=True)]

def _out_bonus(v: m.Variant, state: State, winner: int, played: bool) -> int:
    """``score { winner bonus N }``, or ``concealed out bonus N`` for a winner who laid
    nothing before, no card on another's meld, and has a meld of his own as long as going
    out needs (Canasta: 100, or 200 concealed)."""
    s = v.score
    long = v.going_out.needs_meld or 0
    if s.concealed_bonus is None or played or any(
            seat == winner for t in state.hand.table for seat, _ in t.credits):
        return s.winner_bonus
    own = any(t.owner == winner and len(t.meld.cards) >= long for t in state.hand.table)
    return s.concealed_bonus if own else s.winner_bonus


KNOCKS: list[Ending] = ["knock", "gin", "big-gin"]


@settings(max_examples=150, deadline=None)
@given(round_ends(KNOCKING), st.sampled_from(KNOCKS))
def test_a_knock_scores_by_the_spec(case: tuple[str, Game, State, int], kind: Ending) -> None:
    name, game, state, knocker = case
    c = BUILTIN[name]
    k = c.variant.knock
    assert k is not None
    defender = (knocker + 1) % len(state.hand.seats)
    pack = full_deck(c.variant, len(state.hand.seats))
    state.hand.seats[knocker].hand = list(pack[:3]) if kind == "knock" else []
    extras = [(kind_, 3, False) for kind_ in c.variant.meld_kinds()]

    def deadwood(hand: list[int]) -> int:
        best = oracle.best(c.rules, tuple(hand), [], extras=extras, any_number=True,
                           contract=False, points=c.points)
        assert best is not None
        return best[0]

    # the knocker has laid his melds on the table: what his hand holds is his deadwood,
    # counted whole (docs/choices.md: he may leave out cards that would meld)
    kd = table_sum(c.variant, c.points, state.hand.seats[knocker].hand)
    dd = deadwood(state.hand.seats[defender].hand)
    state.hand.knocker, state.hand.knock_kind = knocker, kind
    factor = upcard_factor(c.variant, game, state)  # this hand's: ending it deals the next
    score_knock(game.rules, state)
    r = state.game.results[-1]
    want = [0] * len(state.hand.seats)
    if c.variant.score.method == "minus-deadwood":  # a flat score; the other loses his
        want[knocker] = {"gin": k.gin_bonus, "big-gin": k.big_gin_bonus or 0}.get(
            kind, k.knock_bonus)
        want[defender] = -dd
    elif kind == "gin":
        want[knocker] = dd + k.gin_bonus
    elif kind == "big-gin":
        want[knocker] = dd + (k.big_gin_bonus or 0)
    elif dd < kd or (dd == kd and k.undercut_on_equal):
        want[defender] = kd - dd + k.undercut_bonus
    else:
        want[knocker] = dd - kd + k.knock_bonus
    want = [w * factor for w in want]
    if c.variant.score.zero_sum:  # each player's points less the other players' points
        want = [w - (sum(want) - w) for w in want]
    assert r.scores == want, (name, kind, kd, dd)
    assert r.details["knocker_deadwood"] == kd and r.details["defender_deadwood"] == dd


def test_every_card_of_every_pack_has_a_value() -> None:
    """Where a rule reads a hand's count; where none does (Conquian's stakes), no card
    has a value, and the check asks for none."""
    for name in NAMES:
        c = BUILTIN[name]
        pack = set(full_deck(c.variant, c.variant.players.min))
        missing = [c.rules.table.text(x) for x in pack if c.points[x] is None]
        if counts_unread(c.variant):
            assert len(missing) == len(pack), name
            continue
        assert not missing, (name, missing)


@pytest.mark.parametrize(("name", "winner", "points"), [
    ("gin", 1, 25),  # undercut on equal deadwood: the defender scores the bonus
    ("gin+strict_undercut", 0, 0),  # undercut only on strictly less: the knocker, 0
])
def test_equal_deadwood_is_an_undercut_only_where_the_spec_says(
        name: str, winner: int, points: int) -> None:
    c = BUILTIN[name]
    game = Game(c.variant, 2, 1)
    state = game.state.clone()
    parse = c.rules.table.parse
    state.hand.seats[0].hand = [parse("5C"), parse("3D")]  # the knocker: 8 points of deadwood
    state.hand.seats[1].hand = [parse("8H")]  # the defender: 8 as well
    state.hand.knocker, state.hand.knock_kind = 0, "knock"
    score_knock(game.rules, state)
    r = state.game.results[-1]
    assert r.winner == winner and r.scores[winner] == points
    assert r.scores[1 - winner] == 0
