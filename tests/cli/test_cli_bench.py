"""``rummy-spec bench``: an unknown suite is a usage error; a known one runs its main."""

from __future__ import annotations

import re

import pytest

from rummy_spec.cli import main


def test_unknown_suite_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no benchmark named 'nope'" in err


def test_a_suite_runs_and_reports_its_goal(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import benchmarks.parse

    monkeypatch.setattr(benchmarks.parse, "main",
                        lambda argv=None: print("goal: all built-in specs ... met") or 0)
    assert main(["bench", "parse"]) == 0
    out = capsys.readouterr().out
    assert "== parse ==" in out and "goal:" in out


def test_a_suite_s_output_is_shown_as_it_comes(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The rounds table runs for many minutes: its rows (and the sweep's progress lines,
    on stderr) must reach the user as they are printed, not all at the end."""
    import sys

    import benchmarks.rounds

    seen: list[tuple[str, str]] = []

    def suite(argv: list[str] | None = None) -> int:
        print("a row", flush=True)
        print("  a progress line", file=sys.stderr, flush=True)
        shown = capsys.readouterr()  # what the user has been shown so far
        seen.append((shown.out, shown.err))
        return 0

    monkeypatch.setattr(benchmarks.rounds, "main", suite)
    assert main(["bench", "rounds"]) == 0
    assert len(seen) == 1
    assert "== rounds ==" in seen[0][0] and "a row" in seen[0][0]
    assert "a progress line" in seen[0][1]


def test_the_sweep_plays_a_configuration_and_flags_nothing_fast(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "sweep", "--variant", "gin", "--bot", "greedy", "--seeds", "2",
                 "--digest", "--strict"])
    out = capsys.readouterr().out
    assert code == 0, out
    rows = [line for line in out.splitlines() if line.startswith("gin")]
    assert [r.split()[0] for r in rows] == ["gin", "gin+classic", "gin+palace",
                                            "gin+strict_undercut"]
    assert all(r.split()[1:3] == ["2p", "greedy"] for r in rows)
    assert out.count("digests:") == 4 and "flagged: 0" in out


def test_the_sweep_gives_each_games_time_seed_by_seed(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "sweep", "--variant", "gin", "--option", "none", "--bot", "greedy",
                 "--seeds", "3", "--times", "--progress"])
    captured = capsys.readouterr()
    assert code == 0, captured.out
    shown = [line.split(":", 1)[1].split() for line in captured.out.splitlines()
             if line.startswith("  times:")]
    assert len(shown) == 1 and len(shown[0]) == 3
    assert all(float(t) >= 0 for t in shown[0])
    assert f"times {' '.join(shown[0])}" in captured.err  # the progress line gives them too
    from benchmarks.sweep import Config, Row, _times

    stopped = Row(Config("gin", None, 2, "greedy"), [0.25, 20.0], 1, ["ab12", "stopped"])
    assert _times(stopped) == "0.25 >20.00"  # a game stopped at the limit


def test_a_slow_game_is_flagged_and_strict_fails(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "sweep", "--variant", "gin", "--bot", "greedy", "--seeds", "1",
                 "--players", "2", "--slow", "-1", "--strict"])
    captured = capsys.readouterr()
    assert code == 1
    assert "flagged: 4" in captured.out and "missed its goal" in captured.err


@pytest.mark.parametrize(("args", "says"), [
    (["--seeds", "x"], "invalid int value: 'x'"),
    (["--bot", "nope"], "no bot named 'nope'"),
    (["--variant", "nope"], "no built-in variant named 'nope'"),
    (["--variant", "gin", "--players", "7"], "no configuration left"),
])
def test_bad_sweep_arguments_are_one_line(args: list[str], says: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "sweep", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


def test_arguments_need_exactly_one_suite(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "parse", "solver", "--repeats", "1"]) == 2
    assert "name exactly one" in capsys.readouterr().err


def test_player_counts_are_min_middle_max() -> None:
    from benchmarks.sweep import player_counts

    assert player_counts(2, 2) == [2]
    assert player_counts(4, 8) == [4, 6, 8]
    assert player_counts(3, None) == [3, 7, 12]  # open-ended: the checker's limit


def test_the_sweep_lists_its_order_and_runs_a_stretch_of_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "sweep", "--variant", "gin", "--bot", "greedy", "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split(None, 1)[1] for line in listed if line.strip()[:1].isdigit()] == [
        "gin 2p greedy", "gin+classic 2p greedy", "gin+palace 2p greedy",
        "gin+strict_undercut 2p greedy"]
    code = main(["bench", "sweep", "--variant", "gin", "--bot", "greedy", "--seeds", "1",
                 "--from", "gin+classic 2p greedy", "--count", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    rows = [line.split()[0] for line in out.splitlines() if line.startswith("gin")]
    assert rows == ["gin+classic", "gin+palace"]
    assert main(["bench", "sweep", "--variant", "gin", "--bot", "greedy", "--seeds", "1",
                 "--from", "4"]) == 0
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()
            if line.startswith("gin")]
    assert rows == ["gin+strict_undercut"]


@pytest.mark.parametrize(("args", "says"), [
    (["--from", "gin 9p greedy"], "no configuration 'gin 9p greedy'"),
    (["--from", "5"], "there are 4 configurations"),
    (["--count", "0"], "must be positive"),
])
def test_a_bad_stretch_is_one_line(args: list[str], says: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "sweep", "--variant", "gin", "--bot", "greedy", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


def test_the_sweep_clock_counts_what_runs_under_its_cpu_limit() -> None:
    """The sweep arms a process CPU timer for its limit; its clock must still count the
    work done meanwhile.  The process clock did not (read from the armed timer's count, it
    missed up to a tick: a game of 1 ms was read as 0.03 ms).  So a few ms of plain Python
    work, with no system call inside, is measured by the sweep's clock and, around it, by
    getrusage (which that timer leaves alone): the clock must not miss most of it (the
    process clock read 2 ms of work as a few hundredths of a ms)."""
    import resource

    from benchmarks.sweep import cpu_clock, cpu_limit

    def used() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    def work() -> int:
        total = 0
        for i in range(100_000):
            total += i & 7
        return total

    for _ in range(10):
        with cpu_limit(60):
            before = used()
            start = cpu_clock()
            work()
            clock = cpu_clock() - start
            spent = used() - before
        assert 0.25 * spent <= clock <= spent, (clock, spent)


def test_the_views_suite_times_view_sample_and_legal_actions(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One game per variant: a row each for Gin and Continental, and the goal's line."""
    assert main(["bench", "views", "--games", "1"]) == 0
    out = capsys.readouterr().out
    rows = [ln.split() for ln in out.splitlines() if ln.startswith(("gin 2p", "continental 4p"))]
    assert len(rows) == 2 and all(float(r[3]) > 0 and float(r[4]) > 0 for r in rows)
    assert "goal: a view costs at most one legal_actions call (median): " in out


def test_the_api_suite_compares_the_public_apply_with_the_engines(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One game per variant, played three ways in lockstep (the suite fails if they part):
    a row per variant and the goal's line with the ratio."""
    assert main(["bench", "api", "--games", "1"]) == 0
    out = capsys.readouterr().out
    rows = [ln.split() for ln in out.splitlines()
            if ln.startswith(("gin 2p", "rummy 3p", "continental 4p"))]
    assert len(rows) == 3 and all(int(r[2]) > 10 and float(r[3]) > 0 for r in rows)
    assert re.search(r"costs \d+\.\d\dx the engine's apply for an action legal_actions "
                     r"listed, \d+\.\d\dx for one made anew", out)
