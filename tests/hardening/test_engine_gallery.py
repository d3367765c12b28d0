"""The runner against a gallery of misbehaving engines (tests/hardening/gallery): each run
ends within its time limits, names the fault, keeps the other cases' results, and leaves
no process behind.  Three cases are run; only the middle one (its discard is 5D) trips
the fault."""

from __future__ import annotations

import io
import json
import os
import secrets
import sys
import time
from pathlib import Path

import pytest

from rummy_spec.cli import run
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.server import serve

GALLERY = Path(__file__).resolve().parent / "gallery"
SOURCE = suite_root() / "cases" / "gin" / "knock" / "ace-is-low-in-deadwood.yaml"


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three gin cases whose every step is accepted: pass, pass, draw, discard."""
    root = tmp_path_factory.mktemp("gallery") / "cases"
    (root / "gin" / "g").mkdir(parents=True)
    head = SOURCE.read_text(encoding="utf-8").split("steps:\n")[0]
    for name, card in (("a-first", "8D"), ("b-faulty", "5D"), ("c-last", "QS")):
        steps = ("steps:\n- {act: {type: pass, player: 0}, expect: accepted}\n"
                 "- {act: {type: pass, player: 1}, expect: accepted}\n"
                 "- {act: {type: draw, player: 0, source: stock}, expect: accepted}\n"
                 f"- {{act: {{type: discard, player: 0, card: {card}}}, expect: accepted}}\n")
        (root / "gin" / "g" / f"{name}.yaml").write_text(head + steps, encoding="utf-8")
    return root


def left_behind(token: str) -> list[str]:
    """Processes whose command line holds ``token`` (every gallery engine gets one)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                line = f.read()
        except OSError:
            continue
        if token.encode() in line:
            shown = line.replace(b"\0", b" ").decode(errors="replace")
            found.append(f"{name}: {shown}")
    return found


def _run(cases: Path, mode: str, wrapper: bool = False, *extra: str) -> tuple[str, str, int]:
    token = secrets.token_hex(6)
    script = (f"{GALLERY / 'wrapper.sh'}" if wrapper
              else f"{sys.executable} {GALLERY / 'engine.py'}")
    start = time.monotonic()
    out = run(["conformance", "run", "--engine", f"{script} {mode} {token}", "--cases",
               str(cases), "--timeout", "2", *extra])
    took = time.monotonic() - start
    assert took < 40, took
    time.sleep(0.2)
    assert left_behind(token) == []
    assert "\x1b" not in out.out + out.err and "\r" not in out.out + out.err
    return out.out, out.err, out.code


@pytest.mark.parametrize("mode, words", [
    ("hang-mid", "engine timeout: no reply to 'act' within 2 s"),
    ("crash", "engine crash: the engine was killed by signal 9 without replying to 'act'"),
    ("exit-early", "engine crash: the engine exited with code 0 without replying to 'act'"),
    ("garbage", "engine malformed: reply to 'act' is not JSON: '\\x1b[2J\\x0dall cases"),
    ("partial", "engine timeout: no reply to 'act' within 2 s (it wrote 8 bytes without a "
                "newline"),
    ("huge-line", "engine oversize: the reply to 'act' is a line of more than"),
    ("invalid-utf8", "engine malformed: reply to 'act' is not UTF-8 (byte 0xff"),
    ("wrong-shape", "engine malformed: reply to 'act' is not a JSON object: '[1, 2, 3]'"),
    ("huge-seq", "engine malformed: reply to 'act', step 3: an integer of 5000 digits"),
    ("seq-true", "engine malformed: reply to 'act' has seq true, expected"),
    ("deep-json", "engine malformed: reply to 'act' is nested"),
    ("escape", "engine error: \\x1b]0;owned\\x07\\x1b[2J\\x0dall cases passed"),
    ("fork-hang", "engine timeout: no reply to 'act' within 2 s"),
    ("fork-daemon", "engine crash: the engine exited with code 1 without replying"),
])
def test_a_fault_in_one_case_errors_that_case_only(cases: Path, mode: str, words: str
                                                   ) -> None:
    out, _, code = _run(cases, mode)
    assert code == 1
    assert "errored  gin/g/b-faulty" in out and words in out, out
    assert "2 passed, 0 failed, 1 errored (of 3 cases" in out, out


def test_a_wrapper_without_exec_is_stopped_whole(cases: Path) -> None:
    out, _, code = _run(cases, "hang-mid", True)
    assert code == 1 and "engine timeout: no reply to 'act' within 2 s" in out
    assert "2 passed, 0 failed, 1 errored" in out
    out, _, code = _run(cases, "none", True)  # and closes cleanly when all goes well
    assert code == 0 and "3 passed, 0 failed" in out


def test_a_stderr_flood_is_bounded(cases: Path) -> None:
    out, _, code = _run(cases, "stderr-flood")
    assert code == 0 and "3 passed, 0 failed" in out


def test_a_slow_engine_within_the_reply_time_passes_but_not_past_the_case_time(
        cases: Path) -> None:
    out, _, code = _run(cases, "slow")
    assert code == 0 and "3 passed" in out
    out, _, code = _run(cases, "slow", False, "--case-timeout", "0.5")
    assert code == 1 and "the case took longer than 0.5 s" in out


def test_an_engine_that_hangs_at_hello(cases: Path) -> None:
    _, err, code = _run(cases, "hang")
    assert code == 1 and "did not answer 'hello' properly: timeout" in err


def test_an_engine_claiming_no_variant_is_not_a_success(cases: Path) -> None:
    _, err, code = _run(cases, "no-variants")
    assert code == 1 and "claims no variant" in err


def test_restarts_leave_no_file_handle_behind() -> None:
    token = secrets.token_hex(6)
    engine = ProcessEngine(f"{sys.executable} {GALLERY / 'engine.py'} none {token}", timeout=5)
    engine.hello()
    engine.restart()
    engine.hello()
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(5):
        engine.restart()
        engine.hello()
    time.sleep(0.3)  # the reader threads close their pipes at the engine's end
    assert len(os.listdir("/proc/self/fd")) <= before
    engine.close()
    assert left_behind(token) == []


def test_the_reference_server_answers_a_first_line_that_is_not_json() -> None:
    out = io.StringIO()
    assert serve(ReferenceEngine(), io.StringIO('not json\n[1]\n{"cmd":"close","seq":3}\n'),
                 out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[0]["error"].startswith("not JSON") and replies[0]["seq"] is None
    assert replies[1]["error"] == "a request must be a JSON object"
    assert replies[2] == {"seq": 3, "ok": True}
