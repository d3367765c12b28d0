"""``rummy-spec demo``: what ``make demo`` shows."""

from __future__ import annotations

from rummy_spec.lang import builtin_library, load
from rummy_spec.simulate import play_out

from .helpers import Cli


def test_demo_checks_every_built_in_and_shows_continental_for_five(cli: Cli) -> None:
    code, out, err = cli("demo")
    assert code == 0, out
    assert err == ""
    lines = out.splitlines()
    for name in builtin_library().decls:
        row = next(line for line in lines if line.startswith(f"  {name} "))
        assert row.rstrip().endswith("ok"), row
    assert any(line.startswith("ok: ") and "no errors" in line for line in lines)
    shown = out[out.index("continental for 5 players"):]
    assert "Continental Rummy  (continental, continental.rummy)" in shown
    assert "\n  5        3      6       162    12             101\n" in shown  # 3 decks, 6 jokers


def test_demo_output_matches_show(cli: Cli) -> None:
    _, demo, _ = cli("demo")
    _, show, _ = cli("show", "continental", "--players", "5")
    shown = demo[demo.index("continental for 5 players"):demo.index("continental: one game")]
    assert shown.split("\n", 2)[2] == show + "\n"  # after its heading and a blank line


def test_demo_ends_with_one_seeded_bot_game_of_continental(cli: Cli) -> None:
    code, demo, _ = cli("demo")
    assert code == 0
    game = play_out(load("continental"), 4, 1, "planner").game
    s = game.state
    assert game.over and not s.game.abandoned and len(s.game.results) == 7
    names = [f"seat {w + 1}" for w in s.game.winners]
    won = (f"winner: {names[0]}" if len(names) == 1
           else f"winners: {', '.join(names[:-1])} and {names[-1]} (tied)")
    totals = ", ".join(f"seat {i} {seat.total}" for i, seat in enumerate(s.game.seats, 1))
    assert demo.splitlines()[-2:] == [
        "", "next: rummy-spec play continental --players 4   (you against 3 planner bots)"]
    assert demo.splitlines()[-7:-2] == [
        "continental: one game of 4 planner bots, seed 1 "
        "(rummy-spec simulate continental --players 4 --games 1 --seed 1):",
        "",
        "rounds: 7",
        won,
        f"final scores: {totals}",
    ]
