"""``rummy-spec check``: every diagnostic with its caret, a summary, and the exit code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rummy_spec.lang.data import builtin_specs, spec_dir

from .helpers import Cli, one_clear_line

WriteSpec = Callable[[str, str], Path]

# A house variant whose contract names a run longer than any run can be: E024 and E034,
# both at line 3, column 20 (the contract element), in one pass.
TOO_LONG = """\
variant grandma "Grandma's Continental" extends continental {
    # an eighth hand nobody can meld
    contracts { 8: 2 runs of 14 }
}
"""


def test_a_built_in_name_is_checked_clean(cli: Cli) -> None:
    code, out, err = cli("check", "continental")
    assert code == 0 and err == ""
    assert "continental.rummy: ok (continental)" in out
    assert out.splitlines()[-1] == "ok: 1 file, 1 variant, no errors, no warnings"


def test_a_directory_means_every_spec_file_inside(cli: Cli) -> None:
    code, out, _ = cli("check", str(spec_dir()))
    assert code == 0, out
    for path in builtin_specs().values():
        assert f"{path}: ok" in out
    assert out.splitlines()[-1].startswith(f"ok: {len(builtin_specs())} files")


def test_a_broken_spec_shows_line_column_and_caret(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("grandma.rummy", TOO_LONG)
    code, out, err = cli("check", str(path))
    assert code == 1 and err == ""
    lines = out.splitlines()
    head = f"{path}:3:20: E024 meld-too-long: round 8: a run of 14 is longer than the 13"
    at = next(i for i, line in enumerate(lines) if line.startswith(head))
    assert lines[at + 1] == "    3:     contracts { 8: 2 runs of 14 }"
    assert lines[at + 2] == " " * 26 + "^" * 12  # under "2 runs of 14"
    assert any(line.startswith(f"{path}:3:20: E034 run-impossible") for line in lines)
    assert f"{path}: 2 errors, no warnings" in lines
    assert lines[-1] == "failed: 1 file, 1 variant, 2 errors, no warnings"


def test_a_syntax_error_is_reported_with_its_caret(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("open.rummy", 'variant open "Open" {\n    players 2..4\n    deal { cards 7\n')
    code, out, _ = cli("check", str(path))
    assert code == 1
    assert f"{path}:3:" in out and "E003 unterminated" in out
    assert "^" in out
    assert "Traceback" not in out


def test_an_option_is_checked_on_its_own(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("huge.rummy", 'variant huge "Huge" extends continental {\n'
                      '    option huge_hands "Huge hands" { deal { cards 40 } }\n}\n')
    code, out, _ = cli("check", str(path))
    assert code == 1
    assert f"{path}:2:" in out and "E026 deck-too-small" in out
    assert "with option 'huge_hands'" in out
    # every player count fails at the same place: the checker reports it once
    assert out.count("E026 deck-too-small:") == 1


def test_warnings_alone_exit_zero(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("tame.rummy", 'variant tame "Tame" extends continental {\n'
                      "    wilds { cards none }\n}\n")
    code, out, _ = cli("check", str(path))
    assert code == 0, out
    assert "W102 no-wild-limit" in out
    # the swap rule the warning is about sits in the parent's file: it is reported at the
    # child's line that causes it, naming the parent's rule
    assert "tame.rummy:2:" in out and "with the rule of 'continental' at continental.rummy:" in out
    assert out.splitlines()[-1].startswith("ok: 1 file, 1 variant, no errors, ")


def test_a_missing_file_is_one_line_on_stderr(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "nothere.rummy"
    code, out, err = cli("check", "continental", str(missing))
    assert code == 2 and out == ""  # nothing half-written: the good target is not reported
    assert one_clear_line(err) == f"rummy-spec: {missing}: no such file"


def test_an_unknown_variant_is_one_line_with_a_suggestion(cli: Cli) -> None:
    code, out, err = cli("check", "contnental")
    assert code == 2 and out == ""
    assert "did you mean 'continental'?" in one_clear_line(err)


def test_an_empty_directory_is_a_usage_error(cli: Cli, tmp_path: Path) -> None:
    code, out, err = cli("check", str(tmp_path))
    assert code == 2 and out == ""
    assert "no .rummy files" in one_clear_line(err)


def test_a_file_that_is_not_text_is_an_error_with_a_place(cli: Cli, write_spec: WriteSpec
                                                           ) -> None:
    path = write_spec("binary.rummy", "")
    path.write_bytes(b"\xff\xfe\x00variant")
    code, out, err = cli("check", str(path))
    assert code == 1 and err == ""
    assert f"{path}:1:1: E051 not-utf8: byte 0xff is not UTF-8 text" in out


def test_check_needs_a_target(cli: Cli) -> None:
    code, out, err = cli("check")
    assert code == 2 and out == ""
    one_clear_line(err)


def test_the_same_file_twice_is_checked_once(cli: Cli) -> None:
    code, out, _ = cli("check", "continental", str(builtin_specs()["continental"]))
    assert code == 0
    assert out.splitlines()[-1].startswith("ok: 1 file,")


def test_every_bad_spec_of_the_language_suite_fails_cleanly(cli: Cli) -> None:
    """The language's own bad-spec suite through the CLI: exit 1, carets, no traceback."""
    bad = Path(__file__).parent.parent / "lang" / "bad"
    files = sorted(bad.glob("*.rummy"))
    if not files:
        return  # the suite lives with the language; nothing to run it on
    code, out, err = cli("check", str(bad))
    assert err == "" and "Traceback" not in out
    # 3: a checker bug met in some file (known ones are xfail in the language's suite),
    # reported in one line while every other file is still checked
    assert code == (3 if "internal error while checking" in out else 1)
    for f in files:
        assert any(line.startswith(f"{f}: ") for line in out.splitlines()), f
    assert out.splitlines()[-1].startswith(f"failed: {len(files)} files")
