"""The fuzz's scenes (``fuzzscenes``) bring games to the situations they are built for:
counted over the games a fuzz run generates against the reference in-process (each
game's situations as ``fuzzreach`` notes them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from rummy_spec.conformance import fuzzdeal, fuzzreach
from rummy_spec.conformance.fuzz import FuzzOptions, fuzz
from rummy_spec.conformance.fuzzplay import Match
from rummy_spec.conformance.reference import ReferenceEngine


def reached(variant: str, examples: int, steps: int = 80) -> tuple[int, Counter[str]]:
    """(games played, how many of them reached each situation)."""
    games: list[Match] = []
    result = fuzz(ReferenceEngine(), FuzzOptions(variant, examples=examples, steps=steps,
                                                 on_game=games.append))
    assert not result.findings and result.error is None
    return len(games), Counter(x for m in games for x in m.aim.reach.seen)


@contextmanager
def no_scenes() -> Iterator[None]:
    """Deals with planted melds only (the fuzz as it was before scenes)."""
    before = fuzzdeal.scene
    fuzzdeal.scene = lambda *_: None  # type: ignore[assignment]
    try:
        yield
    finally:
        fuzzdeal.scene = before


# (variant, games, {situation: at least this many of the games})
EXPECTED = [
    ("gin", 30, {fuzzreach.KNOCK_LIMIT: 3, fuzzreach.LOW_END: 1, fuzzreach.HIGH_END: 1}),
    ("shanghai", 25, {fuzzreach.BY_ONE_CARD: 3, fuzzreach.CLAIMANTS: 10,
                      fuzzreach.LIMIT_MET: 5, fuzzreach.PAST_LIMIT: 5, fuzzreach.SWAP: 5,
                      fuzzreach.LOW_END: 4, fuzzreach.HIGH_END: 4}),
    ("liverpool", 20, {fuzzreach.PAT: 1, fuzzreach.BY_ONE_CARD: 3}),
]


@pytest.mark.parametrize(("variant", "examples", "least"), EXPECTED,
                         ids=[e[0] for e in EXPECTED])
def test_each_scene_reaches_its_situation(variant: str, examples: int,
                                          least: dict[str, int]) -> None:
    games, seen = reached(variant, examples)
    short = {what: seen[what] for what, n in least.items() if seen[what] < n}
    assert not short, f"in {games} games: {dict(seen)}"


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["gin", "liverpool", "shanghai", "continental"])
def test_scenes_reach_more_than_plain_deals(variant: str) -> None:
    """The same run with the scenes left out: the situations the scenes are built for
    are met in fewer games (pat rounds, knocks at the limit, lay-offs at both ends)."""
    games, seen = reached(variant, 60)
    with no_scenes():
        plain_games, plain = reached(variant, 60)
    built = [fuzzreach.KNOCK_LIMIT, fuzzreach.PAT, fuzzreach.BY_ONE_CARD, fuzzreach.SWAP,
             fuzzreach.LOW_END, fuzzreach.HIGH_END, fuzzreach.LIMIT_MET]
    ours = sum(seen[x] for x in built) / games
    theirs = sum(plain[x] for x in built) / plain_games
    assert ours > theirs, (dict(seen), dict(plain))
