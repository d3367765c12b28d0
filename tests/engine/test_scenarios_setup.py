"""Scenarios: players, the pack, the first dealer, the cut, the deal and the first upcard
(AXES.md sections A and E)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import from_stock, last_result, ok, refused

from rummy_spec import decks
from rummy_spec.engine.families.setup import deal, rng
from rummy_spec.engine.game import Game, GameError
from rummy_spec.lang import load

# ----- X1 player count ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "low", "high"), [
    ("continental", 4, 8), ("contract", 2, 8), ("contract_bicycle", 3, 8),
    ("contract_wikipedia", 3, 8), ("liverpool", 3, 8), ("shanghai", 3, 8),
    ("phase10", 2, 6), ("rummy", 2, 6), ("gin", 2, 2),
])
def test_player_count_range_is_enforced(name: str, low: int, high: int) -> None:
    """X1: a game outside the variant's player range cannot be set up."""
    v = load(name)
    Game(v, low, seed=1)
    Game(v, high, seed=1)
    with pytest.raises(GameError):
        Game(v, low - 1, seed=1)
    with pytest.raises(GameError):
        Game(v, high + 1, seed=1)


@pytest.mark.parametrize("name", ["seven_hand", "ten_step", "twelve_step"])
def test_open_ended_player_count_takes_many_players(name: str) -> None:
    """X1: an open upper bound (3+, 2+) seats ten players, with a pack that serves them."""
    g = Game(load(name), 10, seed=3)
    assert all(len(s.hand) == g.rules.cards_dealt(1) for s in g.state.hand.seats)


# ----- X2..X4, X6 the pack --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "packs", "jokers"), [
    ("continental", 4, 2, 4), ("continental", 5, 3, 6), ("continental", 8, 4, 8),
    ("contract", 4, 2, 3), ("contract", 5, 3, 4),  # jokers = players - 1
    ("contract_bicycle", 4, 2, 1), ("contract_bicycle", 5, 3, 2),  # 105 / 158 cards
    ("contract_wikipedia", 6, 3, 6), ("contract_wikipedia", 7, 4, 8),
    ("liverpool", 4, 2, 4), ("liverpool", 5, 3, 6),
    ("seven_hand", 8, 4, 8), ("seven_hand", 10, 6, 12),  # A2: max(4, players - 4)
    ("shanghai", 5, 3, 6), ("ten_step", 3, 2, 4), ("ten_step", 7, 4, 8),
    ("twelve_step", 5, 2, 4), ("twelve_step", 6, 3, 6), ("twelve_step", 8, 4, 8),
    ("rummy", 4, 1, 0), ("gin", 2, 1, 0),
])
def test_pack_size_follows_the_deck_formula(name: str, players: int, packs: int,
                                            jokers: int) -> None:
    """X3/X4: decks and jokers as formulas over the players; the dealt game holds the whole
    pack (hands + stock + upcard)."""
    g = Game(load(name), players, seed=7)
    held = Counter(g.card_text([c for s in g.state.hand.seats for c in s.hand]))
    held.update(g.card_text(g.state.hand.stock))
    held.update(g.card_text(g.state.hand.discard))
    assert sum(held.values()) == 52 * packs + jokers
    assert held["JK"] == jokers
    assert max(k for c, k in held.items() if c != "JK") == packs  # X6: identical cards


def test_phase10_custom_deck() -> None:
    """X2: Phase 10's pack is 1..12 in four colours twice, 8 Wild and 4 Skip (108 cards)."""
    g = Game(load("phase10"), 3, seed=2)
    pack = Counter(g.card_text([c for s in g.state.hand.seats for c in s.hand]
                               + g.state.hand.stock + g.state.hand.discard))
    assert sum(pack.values()) == 108
    assert pack["W"] == 8 and pack["SK"] == 4
    assert pack["12G"] == 2 and pack["1R"] == 2
    assert not any(t.endswith(("H", "S", "C", "D")) for t in pack)


def test_identical_cards_make_a_set_in_a_multi_deck_game() -> None:
    """X6 (A50): three identical 5H are a set in a two-pack game."""
    g = scenario("continental", 4, hands=["5H 5H 5H 9C 9D 9S KS 2C 3C 4C 7D 8D"] + [
        "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D"] * 3, stock="2H 3H 4H", discard="QH")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5H", "5H"], ["9C", "9D", "9S"]])


# ----- X25 first dealer, X26 rotation, X31 first player -------------------------------------


def _drawn_ranks(name: str, players: int, seed: int) -> list[int]:
    v = load(name)
    pack = decks.full_deck(v, players)
    rng(seed, "first-dealer").shuffle(pack)
    faces = decks.card_table(v.deck).faces
    return [faces[c].rank or 0 for c in pack[:players]]


@pytest.mark.parametrize(("name", "pick"), [
    ("continental", max), ("contract", min), ("ten_step", min), ("contract_bicycle", min)])
def test_first_dealer_draws_highest_or_lowest(name: str, pick: object) -> None:
    """X25: each player draws a card; the highest (CONT) or lowest, ace low (CR-P, CR-B,
    TS) deals first."""
    assert pick in (max, min)
    dealers = set()
    for seed in range(12):
        g = Game(load(name), 4, seed=seed)
        drawn = _drawn_ranks(name, 4, seed)
        best = max(drawn) if pick is max else min(drawn)
        assert drawn[g.state.game.dealer] == best
        dealers.add(g.state.game.dealer)
    assert len(dealers) > 1  # the draw decides, not a fixed seat


def test_dealer_passes_left_after_a_hand() -> None:
    """X26/X31: rotate left: the next hand's dealer sits left of the last one; the next hand
    starts left of him."""
    g = scenario("rummy", 3, hands=["5H 5S 5D 9C 9D 9H 2C", "6H 7H 8H 9S 10S JS QS",
                                    "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD KC 2D 3D 5C", discard="QH", dealer=1)
    assert g.state.hand.turn == 2  # X31: left of the dealer
    assert refused(g, "draw", 0, source="stock") == "not-your-turn"
    ok(g, "draw", 2, source="stock")
    ok(g, "discard", 2, card="KD")
    ok(g, "draw", 0, source="stock")  # KC
    ok(g, "meld", 0, melds=[["5H", "5S", "5D"]])
    ok(g, "meld", 0, melds=[["9C", "9D", "9H"]])
    ok(g, "discard", 0, card="KC")
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="2D")
    ok(g, "draw", 2, source="stock")
    ok(g, "discard", 2, card="3D")
    ok(g, "draw", 0, source="stock")  # 5C
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "discard", 0, card="2C")  # out: the hand ends
    assert last_result(g).winner == 0
    assert g.state.game.round == 2 and g.state.game.dealer == 2 and g.state.hand.turn == 0


def test_winner_deals_next_in_gin() -> None:
    """X26: in Gin the winner of a hand deals the next one."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C JD KD",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
                 stock="QS QH QD QC JS JH 10S 10H", discard="10D", dealer=0)
    ok(g, "pass", 1)
    ok(g, "pass", 0)
    ok(g, "draw", 1, source="stock")  # QS
    ok(g, "knock", 1, card="QS")  # deadwood KC = 10
    ok(g, "pass", 0)  # the defender lays nothing off
    res = last_result(g)
    assert res.winner == 1 and res.ending == "knock"
    assert g.state.game.dealer == 1 and g.state.hand.turn == 0


# ----- X27 cut and cut bonus ------------------------------------------------------------------


def _lifted(g: Game) -> int:
    """How many cards the cut lifted (0: no cut), read back from the dealt cards and the
    seeded shuffle."""
    rules, state = g.rules, g.state
    pack = decks.full_deck(rules.variant, rules.players)
    rng(state.game.seed, "deal", state.game.deal_no).shuffle(pack)
    for lifted in range(len(pack)):
        cut = pack[len(pack) - lifted:] + pack[: len(pack) - lifted]
        stock = state.hand.stock
        if cut[: len(stock)] == stock and cut[len(stock)] == state.hand.discard[0]:
            return lifted
    raise AssertionError("no cut explains this deal")


@pytest.mark.parametrize(("name", "players", "target", "bonus"), [
    ("ten_step", 3, 34, -100),  # 11 * players + 1
    ("liverpool", 3, 31, -50),  # players * 10 + 1 in round 1
])
def test_exact_cut_earns_the_cutter_the_bonus(name: str, players: int, target: int,
                                              bonus: int) -> None:
    """X27/X61: the player right of the dealer cuts; exactly the cards to deal plus the
    upcard earns him the bonus (-100 TS, -50 LIV), any other cut earns nothing."""
    exact = other = 0
    for seed in range(40):
        g = Game(load(name), players, seed=seed)
        cutter = (g.state.game.dealer - 1) % players
        totals = [s.total for s in g.state.game.seats]
        if _lifted(g) == target:
            exact += 1
            assert totals[cutter] == bonus and g.state.hand.cut_exact == cutter
            assert sum(totals) == bonus
        else:
            other += 1
            assert totals == [0] * players and g.state.hand.cut_exact is None
    assert exact and other


@pytest.mark.parametrize("name", ["contract_bicycle", "twelve_step"])
def test_cut_without_bonus_never_scores(name: str) -> None:
    """X27: CR-B (right of the dealer) and 12S (any other player) cut the pack, without a
    bonus."""
    lifts = set()
    for seed in range(40):
        g = Game(load(name), 3, seed=seed)
        assert [s.total for s in g.state.game.seats] == [0, 0, 0]
        lifts.add(_lifted(g))
    assert 0 not in lifts and len(lifts) > 5


def test_no_cut_without_the_section() -> None:
    """X27: a variant without a cut deals the shuffled pack as it is."""
    for seed in range(5):
        assert _lifted(Game(load("continental"), 4, seed=seed)) == 0


def test_liverpool_eleven_cards_option_moves_the_cut_target() -> None:
    """X27/X29 (LIV option eleven_cards, WAM): 11 cards every hand, and the exact cut is
    players * 11 + 1."""
    v = load("liverpool", ("eleven_cards",))
    exact = 0
    for seed in range(60):
        g = Game(v, 3, seed=seed)
        assert all(len(s.hand) == 11 for s in g.state.hand.seats)
        hit = _lifted(g) == 34
        exact += hit
        assert (g.state.hand.cut_exact is not None) is hit
    assert exact


def test_shanghai_csg_dealer_lift_bonus() -> None:
    """X27 (SH-CSG option): the dealer's own exact lift takes 100 off his score."""
    v = load("shanghai", ("csg_house",))
    seen = False
    for seed in range(40):
        g = Game(v, 3, seed=seed)
        if _lifted(g) == 34:
            seen = True
            assert g.state.game.seats[g.state.game.dealer].total == -100
        else:
            assert all(s.total == 0 for s in g.state.game.seats)
    assert seen


# ----- X29 cards per player ------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "by_round"), [
    ("contract", 3, {1: 10, 4: 10, 5: 12, 7: 12}),
    ("liverpool", 3, {1: 10, 4: 10, 5: 12, 7: 12}),
    ("continental", 4, {1: 12, 7: 12}),
    ("seven_hand", 4, {1: 11, 7: 11}),
    ("twelve_step", 3, {1: 13}),
    ("phase10", 3, {1: 10}),
    ("rummy", 2, {1: 10}), ("rummy", 4, {1: 7}), ("rummy", 5, {1: 6}),
    ("gin", 2, {1: 10}),
])
def test_cards_dealt_by_round_and_players(name: str, players: int,
                                          by_round: dict[int, int]) -> None:
    """X29: cards dealt per player, by round (CR, LIV: 10 then 12 from round 5), by players
    (RUM: 10 / 7 / 6) or constant; one upcard starts the pile (X30)."""
    g = Game(load(name), players, seed=5)
    for number, size in by_round.items():
        g.state.game.round = number
        deal(g.rules, g.state)
        assert [len(s.hand) for s in g.state.hand.seats] == [size] * players
        assert len(g.state.hand.discard) == 1


def test_continental_eleven_cards_option() -> None:
    """X29 (CONT option eleven_cards, A10): the older text deals 11."""
    g = Game(load("continental", ("eleven_cards",)), 4, seed=5)
    assert all(len(s.hand) == 11 for s in g.state.hand.seats)


def test_contract_more_jokers_option() -> None:
    """X4 (CR-P option more_jokers): two jokers per deck instead of players - 1."""
    g = Game(load("contract", ("more_jokers",)), 3, seed=5)
    pack = Counter(g.card_text([c for s in g.state.hand.seats for c in s.hand]
                               + g.state.hand.stock + g.state.hand.discard))
    assert pack["JK"] == 4 and sum(pack.values()) == 108


def test_random_first_dealer_contract_wikipedia() -> None:
    """X25 (CR-W): the first dealer is chosen at random (seeded): every seat deals
    sometimes."""
    dealers = Counter(Game(load("contract_wikipedia"), 4, seed=s).state.game.dealer
                      for s in range(40))
    assert set(dealers) == {0, 1, 2, 3}


def test_contract_doc_schedule_option_deals_twelve_in_round_four() -> None:
    """X29 (CR-P option doc_schedule): 10 cards in rounds 1-3, 12 in 4-7."""
    g = Game(load("contract", ("doc_schedule",)), 3, seed=5)
    for number, size in {3: 10, 4: 12}.items():
        g.state.game.round = number
        deal(g.rules, g.state)
        assert len(g.state.hand.seats[0].hand) == size


def test_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    """X28/X31: cards are dealt one at a time, starting left of the dealer; the next card
    is the upcard and the rest is the stock."""
    g = Game(load("continental"), 4, seed=11)  # no cut in Continental
    pack = decks.full_deck(g.rules.variant, 4)
    rng(g.state.game.seed, "deal", 1).shuffle(pack)
    order = list(reversed(pack))  # top card first
    dealer = g.state.game.dealer
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        assert g.state.hand.seats[seat].hand == order[i:48:4]
    assert g.state.hand.discard == [order[48]] and list(reversed(g.state.hand.stock)) == order[49:]
    assert g.state.hand.turn == (dealer + 1) % 4


# ----- X30 opening upcard ----------------------------------------------------------------------


def test_joker_upcard_is_an_ordinary_upcard() -> None:
    """X30: a joker turned up may be taken by the first player (CONT)."""
    g = scenario("continental", 4, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D"] + [
        "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D"] * 3, stock="2H 3H 4H", discard="JK")
    ok(g, "draw", 0, source="discard")
    assert g.card_text(g.state.hand.seats[0].hand).count("JK") == 1


def test_phase10_wild_upcard_may_be_taken() -> None:
    """X30: a Wild as first upcard may be taken (P10, CCJ)."""
    g = scenario("phase10", 2, hands=["1R 1B 1G 2R 2B 2G 3R 4R 5R 6R",
                                      "7R 7B 7G 8R 8B 8G 9R 10R 11R 12R"],
                 stock="3B 4B 5B", discard="W")
    ok(g, "draw", 0, source="discard")
    assert "W" in g.card_text(g.state.hand.seats[0].hand)


def test_gin_first_upcard_offered_to_non_dealer_then_dealer() -> None:
    """X30/X31 (A45): the first upcard goes to the non-dealer first, then the dealer; if
    both pass the non-dealer starts by drawing from the stock."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
                 stock="QS QH QD QC JS JH", discard="10D")
    assert g.state.hand.phase == "offer"
    assert refused(g, "draw", 1, source="discard") == "no-offer"  # the dealer waits
    assert refused(g, "draw", 0, source="stock") == "no-offer"  # take it or pass
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    assert g.state.hand.turn == 0
    assert refused(g, "draw", 0, source="discard") == "upcard-refused"
    ok(g, "draw", 0, source="stock")


def test_gin_dealer_may_take_the_passed_upcard_and_play_first() -> None:
    """X30 (A45): when the non-dealer passes, the dealer may take the upcard; he then plays
    (discards) first."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
                 stock="QS QH QD QC JS JH", discard="10D")
    ok(g, "pass", 0)
    ok(g, "draw", 1, source="discard")
    assert g.state.hand.turn == 1 and g.state.hand.phase == "play"
    ok(g, "discard", 1, card="KC")
    assert g.state.hand.turn == 0
