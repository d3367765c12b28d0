"""The runner: the reference passes every case, in-process and as a subprocess; wrong
answers fail with the step and expected vs got; misbehaving engines are errors reported
apart, never a hang; skip files, features and reports."""

from __future__ import annotations

import json
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rummy_spec.cli import run as cli
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.running.runner import counts, run_suite
from rummy_spec.conformance.suite.cases import Case, load_cases
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.engine import EngineError

PY = sys.executable
REFERENCE = f"{PY} -m rummy_spec.conformance.reference_engine"
MISBEHAVE = f"{PY} {Path(__file__).resolve().parent / 'engines' / 'misbehave.py'}"


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


def test_reference_passes_every_case_in_process(cases: list[Case]) -> None:
    results = run_suite(ReferenceEngine(), cases)
    assert counts(results)["passed"] == len(cases), [
        (r.id, r.lines) for r in results if r.status != "passed"][:3]


def test_reference_passes_as_a_subprocess(cases: list[Case]) -> None:
    """The same interpreter behind the protocol: two variants and every golden trace."""
    chosen = [c for c in cases if c.variant in ("gin", "liverpool") or "/golden/" in c.id]
    engine = ProcessEngine(REFERENCE, timeout=30)
    try:
        results = run_suite(engine, chosen)
    finally:
        engine.close()
    assert counts(results)["passed"] == len(chosen), [
        (r.id, r.lines) for r in results if r.status != "passed"][:3]


def _run(*args: str) -> tuple[int, str, str]:
    out = cli(["conformance", "run", *args])
    return out.code, out.out, out.err


@pytest.mark.parametrize(("mode", "status", "words"), [
    ("hang-act", "errored", "engine timeout: no reply to 'act' within 1 s"),
    ("crash-new", "errored", "engine crash: the engine exited with code 3"),
    ("stderr-crash", "errored", "ValueError: my engine broke"),
    ("garbage-state", "errored", "reply to 'state' is not JSON: 'this is not JSON'"),
    ("wrong-seq", "errored", "has seq"),
    ("no-result", "errored",
     "reply to 'act', step 0: field 'result' is required but missing"),
    ("error-new", "errored", "engine error: variant not implemented yet"),
    ("reject-all", "failed", "expected accepted, got rejected (not-your-turn)"),
    ("mutate-on-reject", "failed", "was rejected but changed the state"),
])
def test_misbehaving_engines_are_reported_not_hung(mode: str, status: str,
                                                    words: str) -> None:
    start = time.perf_counter()
    code, out, _ = _run("--engine", f"{MISBEHAVE} {mode}", "--case", "rummy/turn/d*",
                        "--timeout", "1")
    assert code == 1 and time.perf_counter() - start < 60
    assert f"{status}  " in out and words in out, out


def test_an_engine_that_speaks_another_protocol_is_not_run() -> None:
    code, out, err = _run("--engine", f"{MISBEHAVE} old-protocol", "--variant", "gin")
    assert code == 1 and not out and "speaks protocol 0, this runner 1 or 2" in err


def test_an_engine_that_hangs_at_hello_is_not_run() -> None:
    engine = ProcessEngine(f"{MISBEHAVE} hang-hello", timeout=1, start_timeout=1)
    with pytest.raises(EngineError) as err:
        engine.hello()
    assert err.value.kind == "timeout"
    engine.close()


def test_an_engine_that_cannot_start_is_a_usage_error() -> None:
    code, _, err = _run("--engine", "/no/such/engine --flag", "--variant", "gin")
    assert code == 2 and "cannot start '/no/such/engine --flag'" in err


def test_cases_needing_unclaimed_features_are_skipped() -> None:
    code, out, _ = _run("--engine", f"{MISBEHAVE} no-features", "--variant", "continental")
    assert code == 0 and "the engine does not claim feature(s): claims" in out
    assert " 0 failed" in out


def test_skip_file(tmp_path: Path) -> None:
    """A listed case that fails is skipped; a listed case that passes fails the run."""
    skip = tmp_path / "skip.txt"
    skip.write_text("# known\nrummy/melds/run-around-the-corner-refused\n"
                    "rummy/turn/not-your-turn  # passes\n")
    broken = f"{PY} -m rummy_spec.conformance.broken wrap-around"
    code, out, _ = _run("--engine", broken, "--case", "rummy/melds/run-around*",
                        "--case", "rummy/turn/not-your-turn", "--skip-file", str(skip))
    assert code == 1
    assert "listed in the skip file (rummy/turn/not-your-turn) but now passes" in out
    assert "skipped  rummy/melds/run-around-the-corner-refused" in out


def test_failure_report_names_step_expected_and_got(tmp_path: Path) -> None:
    broken = f"{PY} -m rummy_spec.conformance.broken claim-no-penalty"
    jpath, xpath = tmp_path / "r.json", tmp_path / "r.xml"
    code, out, _ = _run("--engine", broken, "--variant", "liverpool", "--case", "*/claims/*",
                        "--report", "json", str(jpath), "--report", "junit", str(xpath))
    assert code == 1
    assert "failed   liverpool/claims/buyer-pays-a-penalty-card" in out
    # every step's state is compared: the buy itself shows the missing penalty card
    assert "step 1: buy by 1: the state differs from the reference's" in out
    assert "stock_size: expected 75" in out and "got      76" in out
    data = json.loads(jpath.read_text())
    assert data["format"] == "rummy-spec/conformance-report" and data["summary"]["failed"]
    failed = [c for c in data["cases"] if c["status"] == "failed"]
    assert failed[0]["step"] == 1 and failed[0]["details"]
    suite = ET.parse(xpath).getroot().find("testsuite")
    assert suite is not None and int(suite.get("failures", "0")) == len(failed)
    assert suite.find("testcase/failure") is not None


def test_reference_run_exit_zero_and_summary() -> None:
    code, out, err = _run("--engine", "reference", "--variant", "phase10", "-v")
    assert code == 0 and not err
    assert "passed   phase10/skip/never-taken-from-the-pile" in out
    assert "0 failed (of 29 cases" in out


@pytest.mark.parametrize(("args", "words"), [
    (["--engine", "reference", "--variant", "nope"], "no case matches"),
    (["--engine", "reference", "--report", "xml", "r.xml"], "--report xml"),
    (["--engine", "reference", "--skip-file", "/no/such/file"], "cannot read"),
    (["--engine", "reference", "--timeout", "0"], "not above 0"),
    (["--engine", "'unclosed"], "cannot split"),
    (["--variant", "gin"], "--engine"),
])
def test_usage_errors(args: list[str], words: str) -> None:
    code, out, err = _run(*args)
    assert code == 2 and not out and words in err and "Traceback" not in err


def test_bad_case_file_is_reported_with_file_and_field(tmp_path: Path) -> None:
    (tmp_path / "gin" / "x").mkdir(parents=True)
    (tmp_path / "gin" / "x" / "bad.yaml").write_text(
        "suite: 1\nrule: r\nvariant: gin\nplayers: 2\nsetup: {dealer: 1, hands: [[]], stock: [],"
        " discard: []}\nsteps: [{act: {type: draw}, expect: accepted}]\n")
    code, _, err = _run("--engine", "reference", "--cases", str(tmp_path))
    assert code == 1 and "bad.yaml: steps[0].act.player: is required but missing" in err


def test_perft_reference_passes() -> None:
    out = cli(["conformance", "perft", "--engine", "reference"])
    assert out.code == 0 and "12 of 12 positions passed" in out.out


def test_perft_divides_a_mismatch_by_first_action() -> None:
    broken = f"{PY} -m rummy_spec.conformance.broken discard-taken-card"
    out = cli(["conformance", "perft", "--engine", broken, "--file", "rummy"])
    assert out.code == 1
    assert "failed   rummy.yaml: rummy-opening" in out.out and "divide at depth" in out.out
    assert 'draw by 0 source="discard": expected' in out.out


def test_a_crash_stack_is_shown_once() -> None:
    """Every case crashes the same way: the stack is shown for the first, the others
    name it."""
    code, out, _ = _run("--engine", f"{MISBEHAVE} stderr-crash", "--variant", "rummy")
    assert code == 1 and out.count("ValueError: my engine broke") == 1, out[:800]
    assert out.count("engine stderr: as shown for rummy/") == out.count("errored  ") - 1


def test_the_json_report_carries_step_expected_and_got_as_data(tmp_path: Path) -> None:
    from rummy_spec.conformance.broken import command

    path = tmp_path / "r.json"
    code, _, _ = _run("--engine", command("knock-card-dropped"), "--case",
                      "gin_rlcard/knock/knock-after-a-draw", "--report", "json", str(path))
    assert code == 1
    case = json.loads(path.read_text())["cases"][0]
    assert case["action"]["type"] == "knock" and isinstance(case["step"], int)
    fields = {f["field"]: f for f in case["fields"]}
    size = fields["ended.discard_size"]
    assert size["got"] == size["expected"] - 1
    assert fields["ended.hands+table+discard+stock"]["law"] == "conservation"
    code, _, _ = _run("--engine", f"{MISBEHAVE} reject-all", "--case",
                      "rummy/turn/draw-from-the-stock", "--report", "json", str(path))
    case = json.loads(path.read_text())["cases"][0]
    assert (case["step"], case["expected"], case["got"]) == (
        0, "accepted", "rejected (not-your-turn)")
