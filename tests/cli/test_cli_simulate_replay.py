"""``rummy-spec simulate`` and ``rummy-spec replay``: bot games, their traces, verification."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from .helpers import Cli, one_clear_line


def simulate_gin(cli: Cli, folder: Path, games: int = 2, seed: int = 5) -> str:
    code, out, err = cli("simulate", "gin", "--games", str(games), "--seed", str(seed),
                         "--trace", str(folder))
    assert (code, err) == (0, ""), err
    return out


def test_simulate_summarises_the_games(cli: Cli) -> None:
    code, out, err = cli("simulate", "gin", "--games", "2", "--seed", "5")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "gin: 2 games of 2 planner bots (seeds 5..6)"
    assert lines[1] == "games: 2 (0 not finished)"
    # the summary names each way a round ended with the table's own words
    total, kinds = lines[2].removeprefix("rounds: ").rstrip(")").split(" (")
    counts = dict(part.rsplit(" ", 1) for part in kinds.split(", "))
    assert list(counts) == ["out", "knock", "stock", "abandoned", "turn cap"]
    assert sum(int(c) for c in counts.values()) == int(total) > 0
    assert counts["turn cap"] == "0" and counts["abandoned"] == "0"
    table_head = lines[lines.index("by round:") + 1].split()
    assert " ".join(table_head).startswith("round played out knock stock abandoned turn cap")
    assert lines[3].startswith("mean turns per round: ")
    wins = lines[5].removeprefix("wins by seat: ")
    assert sum(float(w.split(": ")[1]) for w in wins.split(", ")) == 2
    assert lines[6].startswith("mean final score by seat: 1: ")
    assert [w.split(": ")[0] for w in wins.split(", ")] == ["1", "2"]  # seats from 1


def test_the_same_seeds_give_the_same_summary(cli: Cli) -> None:
    first = cli("simulate", "rummy", "--games", "2", "--seed", "3", "--bot", "random")
    again = cli("simulate", "rummy", "--games", "2", "--seed", "3", "--bot", "random")
    assert first == again and first[0] == 0


def test_progress_bar_only_on_a_terminal(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, err = cli("simulate", "gin", "--games", "2", "--seed", "5")
    assert code == 0 and err == ""
    shown = terminal.getvalue()
    assert "1/2 games" in shown and "2/2 games" in shown
    assert shown.endswith("\r")  # the bar is cleared at the end
    assert "#" not in out and "/2 games" not in out  # the summary is as without a terminal


def test_traces_are_written_per_game_and_all_replay(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "new" / "traces"  # created, parents too
    out = simulate_gin(cli, folder)
    assert f"traces: 2 files in {folder}" in out
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["game-5.jsonl", "game-6.jsonl"]  # nothing half-written left over
    code, out, err = cli("replay", str(folder / "game-5.jsonl"), str(folder / "game-6.jsonl"))
    assert (code, err) == (0, "")
    for line, name in zip(out.splitlines(), files, strict=True):
        assert line.startswith(f"{folder / name}: ok: ") and line.endswith(" steps")
        steps = int(line.split(": ok: ")[1].split()[0])
        assert steps == len((folder / name).read_text().splitlines()) - 2
    # a directory stands for every trace in it
    assert cli("replay", str(folder)) == (0, out, "")


def tamper(path: Path, edit: str) -> int:
    """Change one step of a trace; the line number (1-based) that was changed."""
    lines = path.read_text().splitlines()
    for n, line in enumerate(lines[1:-1], start=2):
        step = json.loads(line)
        if edit == "digest" and n == 4:
            step["digest"] = "0" * 16
        elif edit == "action" and step["action"]["type"] == "discard":
            step["action"]["card"] = "JK"  # gin is played without jokers: no one holds one
        else:
            continue
        lines[n - 1] = json.dumps(step)
        path.write_text("\n".join(lines) + "\n")
        return n
    raise AssertionError("nothing to tamper with")


@pytest.mark.parametrize(("edit", "said"), [
    ("digest", "state differs after step 2"),
    ("action", "the action is refused: not-in-hand"),
])
def test_a_tampered_trace_is_rejected_with_file_and_line(cli: Cli, tmp_path: Path, edit: str,
                                                         said: str) -> None:
    simulate_gin(cli, tmp_path, games=1)
    path = tmp_path / "game-5.jsonl"
    n = tamper(path, edit)
    code, out, err = cli("replay", str(path))
    assert code == 1 and out == ""
    assert "Traceback" not in err
    assert err.startswith(f"{path}:{n}: ") and said in err
    assert len(err.splitlines()) == 1


def test_a_bad_trace_among_good_ones_fails_the_run(cli: Cli, tmp_path: Path) -> None:
    simulate_gin(cli, tmp_path)
    bad = tmp_path / "game-6.jsonl"
    lines = bad.read_text().splitlines()
    bad.write_text("\n".join([lines[0], "{not json", *lines[2:]]) + "\n")
    code, out, err = cli("replay", str(tmp_path))
    assert code == 1
    assert out.startswith(f"{tmp_path / 'game-5.jsonl'}: ok: ")
    assert err.splitlines() == [f"{bad}:2: not JSON (Expecting property name enclosed in "
                                "double quotes)",
                                "rummy-spec: 1 of 2 traces did not replay"]


def test_the_final_state_is_checked_too(cli: Cli, tmp_path: Path) -> None:
    simulate_gin(cli, tmp_path, games=1)
    path = tmp_path / "game-5.jsonl"
    lines = path.read_text().splitlines()
    final = json.loads(lines[-1])
    final["final"]["seats"][0]["total"] += 1
    path.write_text("\n".join([*lines[:-1], json.dumps(final)]) + "\n")
    code, _, err = cli("replay", str(path))
    assert code == 1
    assert err == f"{path}:{len(lines)}: the final state differs from the replay\n"


def test_files_that_are_no_traces(cli: Cli, tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    other = tmp_path / "other.jsonl"
    other.write_text('{"format": "something else"}\n{}\n')
    code, _, err = cli("replay", str(empty), str(other))
    assert code == 1 and "Traceback" not in err
    assert err.splitlines()[:2] == [f"{empty}: a trace needs a header and a final line",
                                    f"{other}:1: not a rummy-spec trace (format field)"]


@pytest.mark.parametrize("args", [
    ("simulate", "gin", "--players", "3"),
    ("simulate", "gin", "--games", "0"),
    ("simulate", "gin", "--games", "many"),
    ("simulate", "gin", "--bot", "clever"),
    ("simulate", "gin", "--option", "nothing"),
    ("simulate", "seven_hand", "--players", "500"),
    ("simulate", "no_such_variant"),
    ("simulate", "missing/file.rummy"),
    ("replay", "missing.jsonl"),
    ("replay",),
])
def test_usage_errors_are_one_clear_line(cli: Cli, args: tuple[str, ...]) -> None:
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    one_clear_line(err)


def test_trace_must_name_a_directory(cli: Cli, tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    code, _, err = cli("simulate", "gin", "--games", "1", "--trace", str(afile))
    assert code == 2
    assert one_clear_line(err) == f"rummy-spec: --trace {afile}: not a directory"
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = cli("replay", str(empty))
    assert code == 2 and "no .jsonl trace files" in one_clear_line(err)


def test_missing_file_is_a_usage_error_even_beside_good_ones(cli: Cli, tmp_path: Path) -> None:
    simulate_gin(cli, tmp_path, games=1)
    code, out, err = cli("replay", str(tmp_path / "game-5.jsonl"), str(tmp_path / "gone.jsonl"))
    assert code == 2 and out == ""
    assert one_clear_line(err) == f"rummy-spec: {tmp_path / 'gone.jsonl'}: no such file"
