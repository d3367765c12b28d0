"""The planner bot: rounds that end by the rules, the same game for the same seed.

A small sample of ``rummy-spec bench rounds`` (``benchmarks/rounds.py`` plays the whole
table): variants whose rounds the greedy bot could not finish, one seeded game each.
"""

from __future__ import annotations

import pytest

from rummy_spec.lang import Library, builtin_library, load
from rummy_spec.lang.model import Variant
from rummy_spec.simulate import IN_PLAY, SeatingError, play_out, seating

SAMPLE = [("contract", (), 2, 1), ("liverpool", (), 3, 2), ("phase10", (), 2, 3),
          ("contract", ("no_buying",), 3, 4), ("seven_hand", ("eighth_hand",), 3, 5),
          # both players left one card with every table meld closed (round 5)
          ("rummy", (), 2, 8),
          # a hand of 11 for round 9's 14 cards: all took the upcard and threw it back
          ("shanghai", (), 3, 3),
          # 12-Step's run of 13 at two: the measure's limitless wilds called the hand
          # complete where 'never adjacent' forbade it, and the king was thrown
          ("twelve_step", (), 2, 11),
          # going out only by a meld: both down with one card, a playable 8 taken as the
          # draw, the other 8 unplayable, so an 8 thrown back and taken for 400 turns
          ("phase10", ("floating",), 2, 7)]


@pytest.mark.parametrize(("name", "options", "players", "seed"), SAMPLE,
                         ids=[f"{n}{'+' + '+'.join(o) if o else ''}-{p}"
                              for n, o, p, _ in SAMPLE])
def test_planner_rounds_end_in_play(name: str, options: tuple[str, ...], players: int,
                                    seed: int) -> None:
    out = play_out(load(name, options), players, seed, "planner")
    assert out.record is not None and out.game.over
    kinds = [r.kind for r in out.record.rounds]
    assert kinds and all(k in IN_PLAY for k in kinds), kinds


@pytest.mark.slow
def test_twelve_players_buy_no_more_than_a_run_of_13_can_hold() -> None:
    """12-Step's last contract is one run of 13: bought cards past it stay in hand for
    good, and at 12 players every hand was left so (seed 0, round 32, at the turn cap)."""
    out = play_out(load("twelve_step"), 12, 0, "planner")
    assert out.record is not None and out.game.over
    assert all(r.kind in IN_PLAY for r in out.record.rounds)


def test_greedy_cannot_finish_what_the_planner_does() -> None:
    """The sample is not an easy one: greedy bots stall in one of its games."""
    out = play_out(load("contract"), 2, 0, "greedy")
    assert out.record is not None
    assert any(r.kind == "turn cap" for r in out.record.rounds)
    planned = play_out(load("contract"), 2, 0, "planner").record
    assert planned is not None and all(r.kind in IN_PLAY for r in planned.rounds)


def test_same_seed_same_game() -> None:
    v = load("phase10")
    first = play_out(v, 3, 11, "planner")
    again = play_out(v, 3, 11, "planner")
    assert first.game.history == again.game.history
    assert first.record == again.record


def test_a_bot_per_seat() -> None:
    v = load("gin")
    out = play_out(v, 2, 4, ["planner", "random"])
    assert out.record is not None and out.record.bots == ("planner", "random")
    assert out.game.over


def test_one_bot_for_all_plays_as_before() -> None:
    """Naming one bot per seat, all the same, is the same game as naming it once."""
    v = load("rummy")
    assert play_out(v, 3, 2, "greedy").game.history == play_out(
        v, 3, 2, ["greedy"] * 3).game.history


@pytest.mark.parametrize(("text", "message"), [
    ("clever", "unknown bot 'clever'"),
    ("planner,greedy,greedy", "3 bots named for 2 players"),
    ("planner,", "unknown bot ''"),
])
def test_bad_seating(text: str, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        seating(text, 2)


def _opening(points: int) -> Variant:
    base = builtin_library()  # shared by the whole process: added to a copy
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_text(f'variant x "Rummy, an opening minimum" extends rummy {{\n'
                 f'    turn {{ first melds at least {points} points }}\n}}\n', "x.rummy")
    variant, problems = lib.resolve("x")
    assert not problems, problems
    return variant


def test_planner_rounds_end_where_the_first_melds_need_points() -> None:
    """With single melds only, an opening of 40 could rarely be laid: rounds went on to
    the turn cap."""
    out = play_out(_opening(40), 2, 3, "planner")
    assert out.record is not None and out.game.over
    assert all(r.kind in IN_PLAY for r in out.record.rounds), [
        r.kind for r in out.record.rounds]
