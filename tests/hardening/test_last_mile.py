"""Regressions of the last bad-input paths: each was an exit 3, a hang, a cost out of
proportion or a wrong answer, reproduced alone before it was fixed."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy_spec.cli import run
from rummy_spec.cli.base import Outcome
from rummy_spec.infile import InputFileError, read_bytes
from rummy_spec.lang import editor
from rummy_spec.lang.errors import SHOWN, Diagnostic, SpecError
from rummy_spec.lang.fmt import format_text
from rummy_spec.lang.limits import MOST_ROUNDS, MOST_TEXT
from rummy_spec.lang.span import Span
from rummy_spec.lang.syntax import parse

ROOT = Path(__file__).resolve().parents[2]
LONG = "a" * 300  # longer than any file system's name limit (255)
CUSTOM = """variant tens "Tens" {{
    players 2..4
    deck {{ numbers 1..10, colours R red and B blue }}
    set {{ min 3 }}
    deal {{ cards 4 }}
    score {{ {entry} }}
    game {{ ends at 100 points }}
}}
"""


def _spec(tmp_path: Path, text: str, name: str = "x.rummy") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _no_crash(out: Outcome) -> Outcome:
    assert out.code in (0, 1, 2), out
    assert "internal error" not in out.err and "Traceback" not in out.err, out.err
    return out


# ----- exit 3 ---------------------------------------------------------------------------
@pytest.mark.parametrize("entry", ["9" * 4400 + ": 5", "9" * 4400 + "..10: pip",
                                   "1.." + "9" * 4400 + ": 5"])
def test_a_custom_deck_score_of_thousands_of_digits_is_e053(tmp_path: Path, entry: str) -> None:
    out = _no_crash(run(["check", _spec(tmp_path, CUSTOM.format(entry=entry))]))
    assert out.code == 1 and "E053 number-too-large" in out.out
    assert "(4400 digits)" in out.out


@pytest.mark.parametrize("argv", [
    ["fmt", LONG + ".rummy"], ["fmt", "--check", f"x/{LONG}/y.rummy"],
    ["compare", "gin", "rummy", "--games", "1", "--plots", LONG],
    ["conformance", "init", "--lang", "python", LONG],
    ["conformance", "init", "--lang", "node", f"x/{LONG}"],
    ["conformance", "fuzz", "--engine", "reference", "--variant", LONG + ".rummy"],
    ["show", "{spi" + LONG], ["rulebook", LONG], ["simulate", LONG], ["show", "--json", LONG],
])
def test_names_too_long_are_usage_errors(argv: list[str]) -> None:
    out = _no_crash(run(argv))
    assert out.code == 2 and ("too long" in out.err or "no such" in out.err), out.err


def test_fmt_of_endless_standard_input_stops_at_the_limit() -> None:
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run([sys.executable, "-m", "rummy_spec.cli", "fmt", "-"],
                              stdin=zero, capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 1 and "E060 file-too-large" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_special_files_are_refused_by_type(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        special = tmp_path / "special.rummy"
        os.mkfifo(special)
    else:
        special = Path("/dev/zero")
    start = time.monotonic()
    for argv in (["conformance", "run", "--engine", "reference", "--skip-file", str(special)],
                 ["conformance", "fuzz", "--engine", "reference", "--variant", str(special)],
                 ["fmt", str(special)]):
        out = _no_crash(run(argv))
        assert out.code == 2 and ("a FIFO" in out.err or "a device" in out.err
                                  or "not a regular file" in out.err), out.err
    assert time.monotonic() - start < 30
    with pytest.raises(InputFileError, match=r"FIFO|device"):
        read_bytes(special, 100)


def test_pytest_plugin_refuses_a_fifo_skip_file(tmp_path: Path) -> None:
    fifo = tmp_path / "skip"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                           "--rummy-engine", "reference", "--rummy-skip-file", str(fifo),
                           "--rummy-case", "gin/knock/*"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode != 0 and "is a FIFO" in proc.stdout + proc.stderr


def test_pytest_plugin_refuses_a_negative_timeout(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q",
                           "--rummy-engine", "reference", "--rummy-timeout", "-1"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 4 and "--rummy-timeout" in proc.stderr


# ----- cost in proportion -----------------------------------------------------------------
def test_a_million_rounds_removed_is_refused_before_any_work(tmp_path: Path) -> None:
    text = "variant x extends continental { contracts { no rounds 13 .. 1000000 } }\n"
    start = time.monotonic()
    out = _no_crash(run(["check", _spec(tmp_path, text)]))
    assert time.monotonic() - start < 5
    assert out.code == 1 and f"at most {MOST_ROUNDS} contract rounds" in out.out
    ok = "variant x extends continental { contracts { no rounds 5 .. 7 } }\n"
    assert run(["check", _spec(tmp_path, ok, "ok.rummy")]).code == 0


def test_the_caret_line_is_cut_where_the_source_line_is() -> None:
    line = "x" * 50_000
    d = Diagnostic("E010", "twice", Span("p", 1, 40_001, 1, 40_004))
    shown = d.render({"p": line}).split("\n")
    assert len(shown[1]) < SHOWN + 50 and len(shown[2]) < SHOWN + 50
    assert shown[2].index("^") == shown[1].index("x") + SHOWN // 2  # under column 40,001
    assert shown[1].startswith("    1: ...") and shown[1].endswith("...")


def test_many_faults_on_one_long_line_print_in_proportion(tmp_path: Path) -> None:
    text = "variant x extends gin{score{" + ",".join(["2:5"] * 24_900) + "}}\n"
    assert len(text) < MOST_TEXT
    out = _no_crash(run(["check", _spec(tmp_path, text)]))
    assert out.code == 1 and "24899 errors" in out.out
    assert len(out.out) < 24_900 * 2 * (SHOWN + 200)  # was 1.27 GB


# ----- linear where the input can be large -----------------------------------------------
def _timed(fn: object, *args: object) -> float:
    """The least of three runs: a run slowed by other work on the machine, or by a
    garbage collection that happens to fall in it, does not count."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        fn(*args)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def test_fmt_and_editor_diagnostics_grow_linearly() -> None:
    def doc(n: int) -> str:
        return "variant y extends gin {\n  score {\n" + "    2: 5\n" * n + "  }\n}\n"

    for fn in (format_text, lambda t: editor.diagnostics(t, "/tmp/x.rummy")):
        fn(doc(500))  # warm
        small, large = _timed(fn, doc(1500)), _timed(fn, doc(6000))
        assert large < small * 4 * 2.5, (small, large)  # 4x the input: not 16x the time


# ----- the formatter keeps meaning ---------------------------------------------------------
@pytest.mark.parametrize("path", ["/tmp/h.rummy", "/a/h.rummy", "/zzz/h.rummy"])
def test_a_house_source_at_the_place_of_its_parents_keeps_both(path: str) -> None:
    """The variant's own source comes first wherever its file lies (the order once
    followed file names, so it changed with the checkout's directory)."""
    text = 'variant h extends gin {\n\n\n\n\n    source "mine"\n}\n'  # gin's is at 6:5
    from rummy_spec.lang import Library, builtin_library

    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_text(text, path)
    variant, _ = lib.resolve("h", (), check=False)
    gin, _ = base.resolve("gin", (), check=False)
    assert variant.sources == ("mine", *gin.sources)  # this one, then gin's


@pytest.mark.parametrize("tail", ["\u00a0", "\u0085", "\u3000", "\u2003"])
def test_fmt_keeps_a_comment_ending_in_unicode_space(tail: str) -> None:
    text = f"variant h extends gin {{  # note{tail}\n    deal {{ cards 10 }}\n}}\n"
    try:
        out = format_text(text, "/tmp/h.rummy")
    except SpecError as err:  # U+0085 is a control character: refused, not edited
        assert tail == "\u0085" and err.diagnostics[0].code == "E052"
        return
    assert f"# note{tail}\n" in out


def test_fmt_aligns_a_variants_trailing_comment_alone() -> None:
    text = ("variant a extends gin { deal { cards 10 } }  # one\n"
            "variant   # two\nb extends gin { deal { cards 10 } }\n")
    once = format_text(text, "/tmp/h.rummy")
    assert format_text(once, "/tmp/h.rummy") == once


def test_fmt_never_writes_a_file_check_would_refuse() -> None:
    # each row grows from 21 characters to 47 (spaced, its comment aligned at column 44)
    body = "variant h extends gin {\n" + "    deal{cards 10}#c\n" * 4000 + "}\n"
    assert len(body) < MOST_TEXT
    with pytest.raises(SpecError) as caught:
        format_text(body, "/tmp/h.rummy")
    assert [d.code for d in caught.value.diagnostics] == ["E060"]
    assert "formatted, the file would be too large" in caught.value.diagnostics[0].message


# ----- wrong answers ----------------------------------------------------------------------
def test_fuzz_refuses_zero_players() -> None:
    out = _no_crash(run(["conformance", "fuzz", "--engine", "reference", "--variant", "gin",
                         "--players", "0", "--examples", "1"]))
    assert out.code == 2 and "--players 0" in out.err


def test_perft_refuses_depth_zero() -> None:
    out = _no_crash(run(["conformance", "perft", "--engine", "reference", "--depth", "0"]))
    assert out.code == 2 and "--depth 0" in out.err and "passed" not in out.out


def test_fuzz_gives_no_verdict_when_the_engine_fails(tmp_path: Path) -> None:
    engine = tmp_path / "dies.py"
    engine.write_text(
        "import json, sys\n"
        "for n, line in enumerate(sys.stdin):\n"
        "    req = json.loads(line)\n"
        "    if req.get('cmd') == 'hello':\n"
        "        print(json.dumps({'seq': req['seq'], 'protocol': 1, 'engine': {'name': 'd',"
        " 'version': '1'}, 'variants': ['*'], 'features': []}), flush=True)\n"
        "    else:\n"
        "        sys.exit(5)\n", encoding="utf-8")
    out = _no_crash(run(["conformance", "fuzz", "--engine", f"{sys.executable} {engine}",
                         "--variant", "gin", "--examples", "3", "--timeout", "5",
                         "--out", str(tmp_path / "found")]))
    assert out.code == 1 and "no disagreement" not in out.out
    assert "no verdict" in out.out


def test_check_json_with_a_missing_file_prints_json() -> None:
    out = run(["check", "--json", "/nonexistent/x.rummy"])
    assert out.code == 2
    report = json.loads(out.out)
    assert report["ok"] is False and "no such file" in report["usage_error"]


def test_a_replaced_output_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "book.md"
    target.write_text("OLD TEXT", encoding="utf-8")
    target.chmod(0o600)
    assert run(["rulebook", "gin", "--format", "md", "--output", str(target)]).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert "OLD TEXT" not in target.read_text(encoding="utf-8")


def test_replay_reads_a_raw_line_separator_inside_a_json_string(tmp_path: Path) -> None:
    assert run(["simulate", "gin", "--games", "1", "--trace", str(tmp_path / "t")]).code == 0
    (trace,) = (tmp_path / "t").iterdir()
    rows = trace.read_text(encoding="utf-8").split("\n")
    head = json.loads(rows[0])
    head["path"] = "a\u2028b\u2029c\x0c"
    rows[0] = json.dumps(head, ensure_ascii=False)
    trace.write_text("\n".join(rows), encoding="utf-8")
    out = _no_crash(run(["replay", str(trace)]))
    assert out.code == 0 and "not JSON" not in out.out + out.err


def test_escape_codes_in_the_users_own_arguments_are_escaped(tmp_path: Path) -> None:
    where = tmp_path / "d\x1b[2Jx"
    out = run(["conformance", "init", "--lang", "python", str(where)])
    assert out.code == 0 and "\x1b" not in out.out and "\\x1b[2J" in out.out
    out = run(["simulate", "gin", "--games", "1", "--ray", "ray://h\x1b]0;t\x07:1"])
    assert out.code == 2 and "\x1b" not in out.err and "\x07" not in out.err


def test_conformance_fuzz_without_hypothesis_names_the_extra(tmp_path: Path) -> None:
    block = tmp_path / "sitecustomize.py"
    block.write_text(
        "import sys\n"
        "class _Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'hypothesis':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, _Block())\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", "fuzz",
                           "--engine", "reference", "--variant", "gin"],
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=f"{tmp_path}:{ROOT}"))
    assert proc.returncode == 2, proc.stderr
    assert "rummy-spec[kit]" in proc.stderr and "internal error" not in proc.stderr


def test_parse_keys_sources_by_file() -> None:
    (decl,) = parse('variant h extends gin {\n    source "s"\n}\n', "/tmp/one.rummy")
    (setting,) = [s for s in decl.settings if s.key[0] == "source"]
    assert setting.key == ("source", "/tmp/one.rummy", 2, 5)
