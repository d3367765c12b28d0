"""Command-line arguments from the outside: numbers that are not finite or far too large,
paths too long to exist, several spec files of which one is bad, a reader that leaves."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_spec.cli import run
from rummy_spec.cli.base import Outcome
from rummy_spec.lang import library, limits

ROOT = Path(__file__).resolve().parents[2]


def _usage(out: Outcome) -> str:
    assert out.code == 2, out
    assert out.err.count("\n") == 1 and "Traceback" not in out.err, out.err
    assert len(out.err) < 300, out.err
    return out.err


@pytest.mark.parametrize("value, words", [
    ("inf", "not a finite number"), ("-inf", "not a finite number"),
    ("nan", "not a finite number"), ("1e300", "more than a day"), ("0", "not above 0"),
    ("-3", "not above 0"), ("ten", "not a number"), ("9" * 5000, "not a finite number"),
])
def test_timeouts_must_be_finite_and_sensible(value: str, words: str) -> None:
    for action in (["run"], ["perft"]):
        err = _usage(run(["conformance", *action, "--engine", "reference",
                          f"--timeout={value}"]))
        assert words in err


def test_a_timeout_of_a_day_is_accepted() -> None:
    out = run(["conformance", "run", "--engine", "reference", "--case", "gin/knock/*",
               "--timeout", "86400"])
    assert out.code == 0, out


@pytest.mark.parametrize("argv", [
    ["simulate", "gin", "--seed", "7" * 5000],
    ["simulate", "gin", "--games", "1" * 19],
    ["show", "seven_hand", "--players", "9" * 100],
    ["conformance", "perft", "--engine", "reference", "--depth", "8" * 4400],
])
def test_huge_integers_are_refused_in_a_short_line(argv: list[str]) -> None:
    assert "too large" in _usage(run(argv))


def test_eighteen_digits_are_still_a_number() -> None:
    out = run(["simulate", "gin", "--games", "1", "--seed", "9" * 18])
    assert out.code == 0, out


def test_check_of_a_too_long_path() -> None:
    assert "too long" in _usage(run(["check", "a" * 5000 + ".rummy"]))


def _good(tmp_path: Path) -> Path:
    good = tmp_path / "good.rummy"
    good.write_text('variant g "G" extends gin { knock { deadwood 9 } }\n', encoding="utf-8")
    return good


def test_check_keeps_the_other_files_when_one_is_not_utf8(tmp_path: Path) -> None:
    good = _good(tmp_path)
    bad = tmp_path / "bad.rummy"
    bad.write_bytes(b'variant b "B" extends gin {\n  # caf\xe9\n}\n')
    out = run(["check", str(bad), str(good), "gin"])
    assert out.code == 1
    assert f"{bad}:2:8: E051 not-utf8: byte 0xe9 is not UTF-8" in out.out
    assert f"{good}: ok (g)" in out.out and "gin.rummy: ok" in out.out
    assert "failed: 3 files, 2 variants, 1 error" in out.out


def test_check_keeps_the_other_files_when_one_cannot_be_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = _good(tmp_path)
    locked = tmp_path / "locked.rummy"
    locked.write_text("variant x {", encoding="utf-8")
    real = limits.read_spec

    def read(path: Path) -> str:  # root reads any file: deny this one by hand
        if path == locked:
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(library, "read_spec", read)
    out = run(["check", str(locked), str(good)])
    assert out.code == 1, out
    assert f"{locked}:1:1: E059 unreadable-file: " in out.out and "permission denied" in out.out
    assert f"{good}: ok (g)" in out.out


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    spec = tmp_path / "bom.rummy"
    spec.write_bytes(b'\xef\xbb\xbfvariant g "G" extends gin { knock { deadwood 9 } }\n')
    out = run(["check", str(spec)])
    assert out.code == 0, out
    assert run(["show", str(spec)]).code == 0


def test_play_into_head_exits_quietly() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "rummy_spec.cli", "play", "gin",
                             "--seed", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.readline()
    proc.stdout.close()  # `| head -1` has what it wanted
    try:
        proc.stdin.write(b"help\n" * 20000)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert b"Traceback" not in err and b"BrokenPipe" not in err and b"internal error" not in err


def test_a_fifo_among_the_inputs_is_never_read(tmp_path: Path) -> None:
    """Reading a FIFO blocks for ever: it is skipped in a directory, refused by name."""
    os.mkfifo(tmp_path / "x.rummy")
    os.mkfifo(tmp_path / "t.jsonl")
    _good(tmp_path)
    out = run(["check", str(tmp_path)])
    assert out.code == 0 and "good.rummy: ok (g)" in out.out
    assert "not a regular file" in _usage(run(["check", str(tmp_path / "x.rummy")]))
    assert "no .jsonl trace files" in _usage(run(["replay", str(tmp_path)]))
    assert "not a regular file" in _usage(run(["replay", str(tmp_path / "t.jsonl")]))


def test_a_huge_spec_file_is_not_read_whole(tmp_path: Path) -> None:
    big = tmp_path / "big.rummy"
    with big.open("wb") as f:
        f.truncate(10 * 2**30)  # 10 GiB, sparse
    out = run(["check", str(big)])
    assert out.code == 1 and "E060 file-too-large" in out.out
