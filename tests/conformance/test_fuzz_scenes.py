"""The fuzz's scenes (``fuzzscenes``) bring games to the situations they are built for:
counted over the games fuzz runs generate against the reference in-process (each game's
situations as ``fuzzreach`` notes them), by the scene each game was dealt as, and
compared with the plain deals of the same runs."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from rummy_spec.conformance.fuzzing import fuzzreach as r
from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, default_players, fuzz
from rummy_spec.conformance.fuzzing.fuzzdeal import scened_deals
from rummy_spec.conformance.fuzzing.fuzzplay import Match
from rummy_spec.conformance.fuzzing.fuzzscenes import Scene
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.wire.engine import EngineError, NewGame, SkipGame


def reached(variant: str, seeds: int) -> tuple[Counter[str | None], Counter[tuple[str | None,
                                                                                   str]]]:
    """(games dealt as each scene, None for a plain deal; games of each scene that reached
    each situation), over five games from each seed (so that every game is a new one: in
    a longer run Hypothesis spends the later half varying the play of one deal)."""
    games: list[Match] = []
    for seed in range(seeds):
        result = fuzz(ReferenceEngine(), FuzzOptions(variant, examples=5, seed=seed,
                                                     steps=80, on_game=games.append))
        assert not result.findings and result.error is None
    dealt = Counter(m.scene for m in games)
    return dealt, Counter((m.scene, x) for m in games for x in m.aim.reach.seen)


# (variant, seeds, scene, situation, at least this many of that scene's games); and
# whether the scene's games reach it more often than the plain deals of the same runs
EXPECTED = [
    ("gin", 8, "knock tie", r.KNOCK_LIMIT, 2, False),
    ("gin", 8, "both ends", r.LOW_END, 2, True),
    ("gin", 8, "both ends", r.HIGH_END, 2, True),
    ("gin", 8, "melds shown", r.MELDS_NAMED, 1, True),
    ("liverpool", 10, "pat", r.PAT, 1, True),
    ("liverpool", 10, "one card short", r.BY_ONE_CARD, 1, False),
    ("liverpool", 10, "claimants", r.CLAIMANTS, 3, False),
    ("continental", 6, "both ends", r.LOW_END, 3, True),
    ("continental", 6, "both ends", r.HIGH_END, 3, True),
    ("continental", 6, "swap", r.SWAP, 1, False),
    ("continental", 6, "stock's end", r.STOCK_OUT, 2, True),
]
SLOW = [
    ("shanghai", 6, "claimants", r.LIMIT_MET, 3, False),
    ("shanghai", 6, "claimants", r.PAST_LIMIT, 3, False),
    ("shanghai", 6, "one card short", r.BY_ONE_CARD, 2, False),
]


def _check(rows: list[tuple[str, int, str, str, int, bool]]) -> None:
    runs = {(v, n): reached(v, n) for v, n, *_ in rows}
    short = []
    for variant, seeds, scene, what, least, beats in rows:
        dealt, seen = runs[variant, seeds]
        got = seen[scene, what]
        plain = seen[None, what] / max(dealt[None], 1)
        if got < least or (beats and got / dealt[scene] <= plain):
            short.append(f"{variant}: {what} in {got} of {dealt[scene]} '{scene}' games "
                         f"(plain deals: {seen[None, what]} of {dealt[None]})")
    assert not short, short


def test_each_scene_reaches_its_situation() -> None:
    _check(EXPECTED)


@pytest.mark.slow
def test_claims_scenes_reach_the_buy_limit() -> None:
    _check(SLOW)


VARIANTS = ["gin", "gin_openspiel", "gin_rlcard", "rummy", "liverpool", "continental",
            "shanghai", "phase10", "seven_hand", "contract", "ten_step"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_deal_with_a_scene_is_a_deal_of_the_variant(variant: str) -> None:
    """Scenes plant whole hands (eleven cards where the first player starts by
    discarding): the deal around them is still the whole pack, each hand its size."""
    players = default_players(variant, ())
    dealt: Counter[str | None] = Counter()

    @settings(max_examples=25, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(scened_deals(variant, (), players, 0))
    def deal(got: tuple[dict[str, Any], Scene | None]) -> None:
        setup, scene = got
        dealt[scene.name if scene is not None else None] += 1
        ReferenceEngine().new(NewGame(variant, (), players, setup))  # refuses a bad deal

    deal()
    assert len(dealt) > 1, dealt  # some deal was a scene's


class OneCardPile(ReferenceEngine):
    """Declines every deal whose pile holds more than the upcard (an engine that can only
    deal a hand from nothing, as OpenSpiel's and RLCard's adapters do)."""

    def new(self, game: NewGame) -> None:
        if len(game.setup.get("discard") or []) > 1:
            raise SkipGame("the pile starts with the upcard alone")
        super().new(game)


def test_an_engine_that_declines_a_cut_stock_is_dealt_none() -> None:
    """Asked once before the run, the engine's refusal of a cut stock keeps the scene out
    of every deal; the reference, which takes it, is dealt some."""
    for engine, cut in ((OneCardPile(), False), (ReferenceEngine(), True)):
        games: list[Match] = []
        result = fuzz(engine, FuzzOptions("continental", examples=12, seed=0, steps=20,
                                          on_game=games.append))
        assert result.skipped == 0 and result.examples == 12, result
        assert any(m.scene == "stock's end" for m in games) is cut, [m.scene for m in games]


class CrashOnCutStock(ReferenceEngine):
    """Fails (rather than declines) a deal whose pile holds more than the upcard."""

    def new(self, game: NewGame) -> None:
        if len(game.setup.get("discard") or []) > 1:
            raise EngineError("crash", "pile too long")
        super().new(game)


def test_an_engine_that_fails_a_cut_stock_ends_the_run_with_its_error() -> None:
    """A crash on the cut stock asked before the run is the engine's error, reported as
    any deal's crash is, not taken for a refusal."""
    result = fuzz(CrashOnCutStock(), FuzzOptions("continental", examples=12, seed=0,
                                                 steps=20))
    assert result.examples == 0, result
    assert result.error is not None and "pile too long" in result.error, result.error
    assert "stock is cut" in result.error, result.error


def test_many_wilds_deals_put_up_to_every_wild_in_one_hand() -> None:
    """The scene 'many wilds' gives the first hand from none to as many of the pack's
    wilds as it has room for (Continental: four jokers and four red aces), and plain
    deals become it now and then."""
    from hypothesis import strategies as st

    from rummy_spec import decks
    from rummy_spec.conformance.fuzzing.fuzzwilds import many_wilds
    from rummy_spec.conformance.suite.cases import variant
    from rummy_spec.engine.records.rules import compile_variant

    players = default_players("continental", ())
    v = variant("continental")
    rules = compile_variant(v, players)
    held: list[int] = []

    @settings(max_examples=60, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def plant(data: st.DataObject) -> None:
        got = many_wilds(data.draw, rules,  # type: ignore[arg-type]
                          Counter(decks.full_deck(v, players)), (1,))
        if got is None:  # (no card to plant: no natural left and no wild drawn)
            return
        assert got.name == "many wilds" and got.style == "aimed"
        cards = [*got.hands[0], *got.stock_top, *([got.upcard] if got.upcard else [])]
        held.append(sum(c in rules.wild for c in cards))

    plant()
    assert min(held) == 0 and max(held) == 8, sorted(held)
    dealt: Counter[str | None] = Counter()

    @settings(max_examples=300, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(scened_deals("continental", (), players, 0))
    def deal(got: tuple[dict[str, Any], Scene | None]) -> None:
        dealt[got[1].name if got[1] is not None else None] += 1

    deal()
    assert dealt["many wilds"] >= 1, dealt
