"""``rummy-spec fmt`` and ``rummy-spec check --json`` from the outside."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from .helpers import Cli

WriteSpec = Callable[[str, str], Path]

MESSY = 'variant x "X" {\n  players 2..4\n  set{min 3}\n  score { A..K :10 }\n' \
        '  game {ends at 100 points}  # target\n}\n'
CANONICAL = ('variant x "X" {\n    players 2..4\n    set { min 3 }\n    score { A..K: 10 }\n'
             '    game { ends at 100 points }             # target\n}\n')
SCHEMA = Path(__file__).resolve().parents[2] / "schema" / "check.schema.json"


def test_fmt_rewrites_a_file_in_place(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("x.rummy", MESSY)
    code, out, err = cli("fmt", str(path))
    assert (code, err) == (0, "")
    assert out == f"{path}: reformatted\n1 of 1 file reformatted\n"
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert not list(path.parent.glob("*.part"))


def test_fmt_check_writes_nothing_and_fails_on_a_messy_file(cli: Cli,
                                                             write_spec: WriteSpec) -> None:
    path = write_spec("x.rummy", MESSY)
    code, out, _ = cli("fmt", "--check", str(path))
    assert code == 1 and "not in the canonical layout" in out
    assert path.read_text(encoding="utf-8") == MESSY
    path.write_text(CANONICAL, encoding="utf-8")
    assert cli("fmt", "--check", str(path))[0] == 0


def test_fmt_never_writes_a_file_it_cannot_parse(cli: Cli, write_spec: WriteSpec) -> None:
    broken = MESSY.replace("min 3}", "min 3")
    path = write_spec("x.rummy", broken)
    code, out, err = cli("fmt", str(path))
    assert code == 1
    assert "E003 unterminated" in err and f"{path}: not formatted" in err
    assert "1 not formatted" in out
    assert path.read_text(encoding="utf-8") == broken


def test_fmt_a_directory_and_bad_arguments(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("x.rummy", CANONICAL)
    assert cli("fmt", "--check", str(path.parent))[0] == 0
    code, _, err = cli("fmt", str(path.parent / "missing.rummy"))
    assert code == 2 and "no such file" in err
    assert cli("fmt", "-", str(path))[0] == 2


def test_fmt_reads_standard_input(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(MESSY))
    code, out, _ = cli("fmt", "-")
    assert (code, out) == (0, CANONICAL)


def test_the_builtin_specs_format_without_error(cli: Cli, tmp_path: Path) -> None:
    from rummy_spec.lang.data import builtin_specs

    for name, path in builtin_specs().items():
        (tmp_path / f"{name}.rummy").write_text(path.read_text(encoding="utf-8"),
                                                 encoding="utf-8")
    code, _, err = cli("fmt", str(tmp_path))
    assert code == 0 and err == "", err
    assert cli("fmt", "--check", str(tmp_path))[0] == 0


def test_check_json_lists_every_diagnostic(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("x.rummy", CANONICAL.replace("set { min 3 }",
                                                   "set { min 3 }\n    contracts { 1: 2 runs }"))
    code, out, _ = cli("check", "--json", str(path))
    report = json.loads(out)
    jsonschema.validate(report, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert code == 1 and report["ok"] is False and report["errors"] >= 1
    first = next(d for d in report["diagnostics"] if d["severity"] == "error")
    assert (first["file"], first["line"], first["column"]) == (str(path), 4, 20)
    assert first["code"] == "E012" and first["severity"] == "error"
    assert first["end_line"] == 4 and first["end_column"] == 26
    assert first["variant"] == "x" and "run" in first["message"]


def test_check_json_of_a_clean_builtin(cli: Cli) -> None:
    code, out, _ = cli("check", "--json", "gin")
    report = json.loads(out)
    jsonschema.validate(report, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert code == 0 and report["ok"] and report["diagnostics"] == []
