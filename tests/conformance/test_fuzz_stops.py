"""A fuzz run never loses its work: an interrupt or the time budget ends it with the
summary and every finding so far written; an engine's error reply is a finding with its
case, and the run goes on; a rule broken for several seats is one finding."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy_spec.conformance.broken import command
from rummy_spec.conformance.fuzzing.fuzzplay import seatless
from rummy_spec.conformance.suite.cases import load_case

MISBEHAVE = f"{sys.executable} {Path(__file__).resolve().parent / 'engines' / 'misbehave.py'}"
FUZZ = [sys.executable, "-m", "rummy_spec.cli", "conformance", "fuzz", "--variant", "rummy",
        "--seed", "0", "--shrink-seconds", "0.5", "--timeout", "30"]


def _interrupted(tmp_path: Path, after: float, how: int) -> tuple[str, str]:
    """A long fuzz run of an engine with a wrong score, sent ``how`` after ``after`` s."""
    proc = subprocess.Popen([*FUZZ, "--engine", command("ace-score"), "--examples", "100000",
                             "--out", str(tmp_path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    proc.send_signal(how)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, (out[-800:], err[-800:])
    return out, err


def _written_and_summarised(out: str, err: str, tmp_path: Path) -> None:
    assert re.search(r"^\d+ disagreements? in \d+ games", out, re.M), out[:400]
    assert "stopped after" in out
    written = re.findall(r"written: (\S+)", out)
    assert written and all(Path(w).is_file() for w in written)
    assert set(re.findall(r"written: (\S+)\)", err)) == set(written)  # told as found
    for w in written:
        load_case(Path(w), tmp_path)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_run_prints_its_summary_and_keeps_its_findings(
        tmp_path: Path, how: int) -> None:
    out, err = _interrupted(tmp_path, 10.0, how)
    assert f"interrupted ({signal.Signals(how).name})" in out
    _written_and_summarised(out, err, tmp_path)


@pytest.mark.slow
def test_a_run_interrupted_after_thirty_seconds_keeps_its_work(tmp_path: Path) -> None:
    out, err = _interrupted(tmp_path, 30.0, signal.SIGINT)
    _written_and_summarised(out, err, tmp_path)
    assert re.search(r"^fuzz: \d+/100000 games, \d+ findings?, \d+ s$", err, re.M), err



def test_the_time_budget_ends_the_run_with_its_summary(tmp_path: Path) -> None:
    start = time.perf_counter()
    done = subprocess.run([*FUZZ, "--engine", command("ace-score"), "--examples", "100000",
                           "--time-budget", "6", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1
    assert "the time budget of 6 s was spent" in done.stdout
    assert time.perf_counter() - start < 60  # (a shrink in progress finishes)
    _written_and_summarised(done.stdout, done.stderr, tmp_path)


def test_an_error_reply_is_a_finding_with_its_case_and_the_run_goes_on(
        tmp_path: Path) -> None:
    done = subprocess.run([*FUZZ, "--engine", f"{MISBEHAVE} error-on-kings", "--examples",
                           "20", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    assert "discard: the engine answers error" in done.stdout
    assert "in 20 games" in done.stdout  # every game played, the error notwithstanding
    assert re.search(r'discard by \d card="K.": reference accepted, engine error: '
                     "cannot discard a king yet", done.stdout)
    written = re.findall(r"written: (\S+)", done.stdout)
    case = load_case(Path(written[0]), tmp_path)
    last = [s for s in case.steps if s.act is not None][-1]
    assert last.act is not None and last.act["type"] == "discard"
    assert str(last.act["card"]).startswith("K")


def test_a_field_broken_for_any_seat_is_one_rule() -> None:
    assert seatless("hands[2]") == seatless("hands[0]") == "hands"
    assert seatless("ended.table[1].wilds") == "ended.table.wilds"


def test_fuzz_sends_one_meld_per_meld_action_and_rising_runs() -> None:
    """Every ``meld`` action fuzz sends lays one meld; a near miss whose naturals do not
    rise as written is sent low to high where some order of it is a run."""
    from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, fuzz
    from rummy_spec.conformance.fuzzing.fuzzplay import as_sent
    from rummy_spec.conformance.oracle.reference import ReferenceEngine
    from rummy_spec.engine.records.rules import compile_variant
    from rummy_spec.engine.records.state import Move

    sent: list[dict[str, object]] = []

    class Spy(ReferenceEngine):
        def act(self, action: dict[str, object]):  # type: ignore[no-untyped-def]
            sent.append(action)
            return super().act(action)

    fuzz(Spy(), FuzzOptions("rummy", examples=6, seed=3, steps=60))
    melds = [a for a in sent if a.get("type") == "meld"]
    assert melds and all(len(a["melds"]) == 1 for a in melds)  # type: ignore[arg-type]
    from rummy_spec.conformance.suite.cases import variant

    rules = compile_variant(variant("rummy", ("jokers_wild",)), 3)
    t = rules.table
    cards = tuple(t.parse(x) for x in ("5H", "JK", "3H", "4H"))
    assert as_sent(rules, Move("meld", 0, melds=(cards,))).melds == (
        tuple(t.parse(x) for x in ("3H", "4H", "5H", "JK")),)
    lead = tuple(t.parse(x) for x in ("JK", "JK", "2H", "3H"))
    assert as_sent(rules, Move("meld", 0, melds=(lead,))).melds == (lead,)
