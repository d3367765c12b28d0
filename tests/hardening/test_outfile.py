"""The one output writer: whole files only, never over a device, FIFO, symlink or
directory, the umask's mode, and every writing command refusing a bad target first."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rummy_spec.cli import main, run
from rummy_spec.outfile import (
    OutputError,
    check_directory,
    check_target,
    make_directory,
    write_text,
)


def test_write_text_replaces_a_file_whole_with_the_umask_mode(tmp_path: Path) -> None:
    target = tmp_path / "page.rst"
    target.write_text("old", encoding="utf-8")
    old = os.umask(0o022)
    try:
        write_text(target, "new text\n")
    finally:
        os.umask(old)
    assert target.read_text(encoding="utf-8") == "new text\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["page.rst"]  # no temporary left


def test_umask_077_gives_0600(tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        write_text(tmp_path / "x", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "x").stat().st_mode) == 0o600


@pytest.mark.parametrize("kind", ["symlink", "fifo", "directory"])
def test_refused_targets_are_left_as_they_were(tmp_path: Path, kind: str) -> None:
    secret = tmp_path / "secret"
    secret.write_text("keep me", encoding="utf-8")
    target = tmp_path / "out"
    if kind == "symlink":
        target.symlink_to(secret)
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    with pytest.raises(OutputError) as err:
        write_text(target, "overwritten")
    assert "out" in str(err.value)
    assert secret.read_text(encoding="utf-8") == "keep me"
    mode = target.lstat().st_mode
    assert {"symlink": stat.S_ISLNK, "fifo": stat.S_ISFIFO,
            "directory": stat.S_ISDIR}[kind](mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "secret"]


def test_a_device_is_refused() -> None:
    with pytest.raises(OutputError, match="is a device"):
        check_target(Path("/dev/null"))
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("where, words", [
    ("missing/x.rst", "no such directory"),
    ("file/x.rst", "is not a directory"),
    ("a" * 300, "too long"),
])
def test_bad_places(tmp_path: Path, where: str, words: str) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(OutputError, match=words):
        check_target(tmp_path / where)


def test_make_directory_makes_parents_but_not_under_a_file(tmp_path: Path) -> None:
    assert make_directory(tmp_path / "a" / "b", "--trace").is_dir()
    (tmp_path / "f").write_text("", encoding="utf-8")
    with pytest.raises(OutputError, match="is not a directory"):
        make_directory(tmp_path / "f" / "b", "--trace")


def test_check_directory(tmp_path: Path) -> None:
    assert check_directory(tmp_path / "new", "--out") == tmp_path / "new"
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("", encoding="utf-8")
    with pytest.raises(OutputError, match="not an empty directory"):
        check_directory(tmp_path / "full", "export", must_be_empty=True)
    with pytest.raises(OutputError, match="not a directory"):
        check_directory(tmp_path / "full" / "x", "--trace")
    with pytest.raises(OutputError, match="no such directory"):
        check_directory(tmp_path / "a" / "b", "--trace")


# ----- every command that writes: exit 2, one line, before the work -------------------

def _commands(target: str) -> list[list[str]]:
    return [
        ["rulebook", "gin", "--output", target],
        ["conformance", "run", "--engine", "reference", "--case", "gin/knock/*",
         "--report", "json", target],
        ["conformance", "export", target],
        ["conformance", "generate", "--variant", "gin", "--only", "perft", "--out", target],
        ["simulate", "gin", "--games", "1", "--trace", target],
    ]


# A directory to write into (export, generate --out, --trace) is made with its parents,
# so "missing" applies to the files only.
@pytest.mark.parametrize("case, which", [
    *(("missing", w) for w in (0, 1)),
    *((c, w) for c in ("under-a-file", "too-long") for w in range(5))])
def test_writers_refuse_bad_targets(tmp_path: Path, case: str, which: int) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    target = {"missing": tmp_path / "no" / "such" / "x",
              "under-a-file": tmp_path / "file" / "x",
              "too-long": tmp_path / ("b" * 5000)}[case]
    out = run(_commands(str(target))[which])
    assert out.code == 2, out
    assert out.err.count("\n") == 1 and "Traceback" not in out.err
    assert len(out.err) < 400  # a long path is shortened in the message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.mark.parametrize("which", [0, 1])
def test_writers_refuse_a_symlink_and_keep_it(tmp_path: Path, which: int) -> None:
    secret = tmp_path / "secret"
    secret.write_text("keep me", encoding="utf-8")
    link = tmp_path / "link"
    link.symlink_to(secret)
    out = run(_commands(str(link))[which])
    assert out.code == 2 and "symbolic link" in out.err
    assert link.is_symlink() and secret.read_text(encoding="utf-8") == "keep me"


def test_rulebook_onto_dev_null_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulebook", "gin", "--output", "/dev/null"]) == 2
    assert "is a device" in capsys.readouterr().err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_report_and_trace_files_have_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        report = tmp_path / "r.json"
        assert run(["conformance", "run", "--engine", "reference", "--case", "gin/knock/*",
                    "--report", "json", str(report)]).code == 0
        assert run(["simulate", "gin", "--games", "1", "--trace", str(tmp_path / "t")]).code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(report.stat().st_mode) == 0o644
    (trace,) = (tmp_path / "t").iterdir()
    assert stat.S_IMODE(trace.stat().st_mode) == 0o644
