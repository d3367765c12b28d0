"""``analyze`` and ``compare`` print the balance metrics with intervals, and mirrored
deals with their variance reduction."""

from __future__ import annotations

from .helpers import Cli, one_clear_line


def test_analyze_prints_every_metric_with_an_interval(cli: Cli) -> None:
    code, out, err = cli("analyze", "gin", "--games", "3", "--seed", "2")
    assert (code, err) == (0, "")
    rows = {line.split("  ")[0]: line for line in out.splitlines()}
    for name in ("first-seat win share (fair: 0.50)", "game length (turns)",
                 "game length spread (sd of turns)", "lead changes per game",
                 "decisiveness (share of game before the winner leads for good)",
                 "drama: winner's largest deficit (points)", "drama: games won from behind",
                 "points spread (highest final minus lowest)"):
        assert name in rows, name
        assert "[" in rows[name] and "]" in rows[name]


def test_mirrored_deals_play_every_seat_and_show_the_reduction(cli: Cli) -> None:
    code, out, err = cli("analyze", "gin", "--games", "2", "--seed", "2", "--mirror")
    assert (code, err) == (0, "")
    assert "2 deals x 2 seats mirrored" in out.splitlines()[0]
    assert "mirrored deals (each dealt from all 2 seats)" in out
    game_rows = [line for line in out.splitlines() if line.startswith("game length (turns)")]
    assert game_rows and game_rows[0].split()[-1] == "2"  # the interval is over 2 deals


def test_compare_prints_the_metrics_side_by_side(cli: Cli) -> None:
    code, out, err = cli("compare", "gin", "--option", "classic", "--games", "2")
    assert (code, err) == (0, "")
    head = next(line for line in out.splitlines() if line.startswith("balance metric"))
    assert head.split() == ["balance", "metric", "A", "[95%]", "B", "[95%]", "p", "verdict"]
    assert any(line.startswith("points spread") for line in out.splitlines())


def test_analyze_and_compare_print_the_skill_share(cli: Cli) -> None:
    code, out, err = cli("analyze", "gin", "--games", "3", "--skill", "planner,random")
    assert (code, err) == (0, "")
    rows = {line.split("  ")[0]: line for line in out.splitlines()}
    # random never wins a game of gin: 6 of 6, Wilson's interval 61% to 100%
    assert rows["skill: planner's win rate against random (seats swapped)"].split()[-3:] == [
        "100%", "[61-100]", "6"]
    assert rows["skill share (2 x win rate - 1)"].split()[-4:] == [
        "1.00", "[0.22,", "1.00]", "6"]
    assert "planner 6 of 6" in out
    code, out, err = cli("compare", "gin", "--option", "classic", "--games", "2",
                         "--skill", "planner,random")
    assert (code, err) == (0, "")
    line = next(x for x in out.splitlines() if x.startswith("skill: planner's win rate"))
    assert line.split()[-8:-1] == ["100%", "[51-100]", "100%", "[51-100]", "1.000", "same",
                                   "(two-proportion"]
    assert "A: skill: 2 seeds" in out and "B: skill: 2 seeds" in out


def test_skill_none_plays_no_skill_games_and_a_bad_pair_is_refused(cli: Cli) -> None:
    code, out, _ = cli("analyze", "gin", "--games", "1", "--skill", "none")
    assert code == 0 and "skill" not in out
    for pair, message in (("planner", "name two different bots"),
                          ("planner,planner", "name two different bots"),
                          ("planner,nobody", "unknown bot 'nobody'")):
        code, out, err = cli("analyze", "gin", "--skill", pair)
        assert (code, out) == (2, "")
        assert message in one_clear_line(err)
