"""Comparison modes: exact reason codes (the default for an engine speaking the
reference's codes) or accepted/refused only, declared in ``hello`` or chosen on the
command line; a case may mark a code as informative."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from rummy_spec.cli import run as cli
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.oracle.comparison import CODES, VERDICTS, agrees, mode_for, same
from rummy_spec.conformance.wire.engine import Hello, Verdict

MISBEHAVE = f"{sys.executable} {Path(__file__).resolve().parent / 'engines' / 'misbehave.py'}"
OWN = f"{MISBEHAVE} own-codes"  # the reference, refusing with a code of its own
CASE = "rummy/turn/must-draw-first"


def test_the_modes() -> None:
    refused = Verdict(False, "illegal")
    assert not agrees("must-draw-first", refused, CODES)
    assert agrees("must-draw-first", refused, VERDICTS)
    assert agrees("must-draw-first", refused, CODES, informative=True)
    assert not agrees("must-draw-first", Verdict(True), VERDICTS, informative=True)
    assert not agrees(None, refused, VERDICTS)
    assert same(Verdict(False, "a"), Verdict(False, "b"), VERDICTS)
    assert not same(Verdict(False, "a"), Verdict(False, "b"), CODES)
    own = Hello(1, "x", "1", None, frozenset(), reasons="own")
    assert mode_for(own) == VERDICTS and mode_for(own, CODES) == CODES
    assert mode_for(Hello(1, "x", "1", None)) == CODES


def test_an_engine_declaring_its_own_codes_is_compared_on_verdicts() -> None:
    out = cli(["conformance", "run", "--engine", OWN, "--case", CASE])
    assert out.code == 0 and "1 passed, 0 failed" in out.out, out.out
    forced = cli(["conformance", "run", "--engine", OWN, "--case", CASE, "--compare", "codes"])
    assert forced.code == 1
    assert "expected rejected (must-draw-first), got rejected (illegal)" in forced.out


def test_the_command_line_chooses_verdicts_for_an_engine_that_does_not_declare() -> None:
    plain = f"{MISBEHAVE} reject-all"  # refuses everything with not-your-turn
    for flag in (["--compare", "verdicts"], ["--ignore-codes"]):
        out = cli(["conformance", "run", "--engine", plain, "--case", CASE, *flag])
        # the discard and the meld are refused either way; the draw is not accepted
        assert out.code == 1 and "step 2: draw by 0" in out.out, out.out
        assert "step 0" not in out.out


def test_a_case_may_mark_a_code_informative(tmp_path: Path) -> None:
    root = tmp_path / "cases"
    target = root / "rummy" / "turn" / "must-draw-first.yaml"
    target.parent.mkdir(parents=True)
    shutil.copy(suite_root() / "cases" / f"{CASE}.yaml", target)
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace("expect: {rejected: must-draw-first}",
                                   "expect: {rejected: must-draw-first, informative: true}"),
                      encoding="utf-8")
    out = cli(["conformance", "run", "--engine", OWN, "--cases", str(root), "--compare",
               "codes"])
    assert out.code == 0 and "1 passed" in out.out, out.out


@pytest.mark.parametrize("value", ['"theirs"', "3"])
def test_a_bad_reasons_field_in_hello_is_malformed(tmp_path: Path, value: str) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    r = {'seq': m['seq'], 'protocol': 1, 'variants': ['rummy'], 'features': [],\n"
        f"         'reasons': {value}}} if m['cmd'] == 'hello' else \\\n"
        "        {'seq': m['seq'], 'ok': True}\n"
        "    print(json.dumps(r), flush=True)\n", encoding="utf-8")
    out = cli(["conformance", "run", "--engine", f"{sys.executable} {engine}", "--case", CASE])
    assert out.code == 1 and "field 'reasons'" in out.err and "reference, own" in out.err, \
        out.err
