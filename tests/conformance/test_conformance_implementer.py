"""The implementer's side of the runner: the starter engines pass their subset, a failure
names its case file and a rerun command that reproduces only that case, ``-v`` shows the
exchange, stderr is shown head and tail, replies are checked against the message
schemas, colour follows NO_COLOR, and ``conformance init`` writes a working start."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from implementer_support import (
    NODE_STARTER,
    PY_STARTER,
    SKIP,
    changed_copy,
    needs_node,
    shell,
)
from jsonschema import Draft202012Validator

from rummy_spec.cli import run as cli
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.reporting.present import colour_wanted
from rummy_spec.conformance.running.runner import stderr_lines
from rummy_spec.conformance.wire.protocol import COMMANDS, message_schema

PY = sys.executable
SUBSET = "22 passed, 0 failed, 13 skipped (of 35 cases"
DRAW_CHECK = ("        if not self.drawn:\n", "        if False:\n")


def _run(*args: str) -> tuple[int, str, str]:
    out = cli(["conformance", "run", *args])
    return out.code, out.out, out.err


def test_python_starter_passes_its_subset_of_rummy() -> None:
    code, out, err = _run("--engine", f"{PY} {PY_STARTER}", "--variant", "rummy",
                          "--skip-file", str(SKIP))
    assert code == 0 and SUBSET in out and not err, out


@needs_node
def test_node_starter_passes_its_subset_of_rummy() -> None:
    code, out, err = _run("--engine", f"node {NODE_STARTER}", "--variant", "rummy",
                          "--skip-file", str(SKIP))
    assert code == 0 and SUBSET in out and not err, out


def test_a_failure_names_its_file_and_a_rerun_that_reproduces_only_it(tmp_path: Path) -> None:
    engine = changed_copy(PY_STARTER, tmp_path, *DRAW_CHECK)
    code, out, _ = _run("--engine", f"{PY} {engine}", "--case", "rummy/turn/*")
    assert code == 1
    block = out.split("failed   rummy/turn/must-draw-first")[1]
    assert "step 0: discard by 0 card=\"JS\": expected rejected (must-draw-first), " \
           "got accepted" in block
    case_file = re.search(r"case:  (\S+)", block)
    assert case_file and Path(case_file.group(1)).resolve() == (
        suite_root() / "cases/rummy/turn/must-draw-first.yaml").resolve()
    rerun = re.search(r"rerun: (.+)", block)
    assert rerun
    again = shell(rerun.group(1), tmp_path)
    assert again.returncode == 1, again.stderr
    assert "0 passed, 1 failed (of 1 case," in again.stdout
    assert again.stdout.count("failed   ") == 1 and "rummy/turn/must-draw-first" in again.stdout
    # the rerun is verbose: the protocol lines, the deal's rules elided
    assert '> {"cmd":"new","variant":"rummy","options":[],"players":2,"rules":"..."' in \
        again.stdout
    assert '< {"seq": 4, "result": "accepted"}' in again.stdout
    assert "\x1b[" not in again.stdout  # not a terminal: no colour


def test_colour_follows_the_conventions() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert colour_wanted("auto", Tty(), {"TERM": "xterm"})
    assert not colour_wanted("auto", Tty(), {"TERM": "xterm", "NO_COLOR": "1"})
    assert colour_wanted("auto", Tty(), {"TERM": "xterm", "NO_COLOR": ""})
    assert not colour_wanted("auto", Tty(), {"TERM": "dumb"})
    assert not colour_wanted("auto", io.StringIO(), {"TERM": "xterm"})
    assert colour_wanted("always", io.StringIO(), {"NO_COLOR": "1"})
    code, out, _ = _run("--engine", "reference", "--case", "rummy/turn/*", "--color",
                        "always")
    assert code == 0 and "\x1b[" in out
    code, out, _ = _run("--engine", "reference", "--case", "rummy/turn/*")
    assert code == 0 and "\x1b[" not in out


def test_summary_table_by_topic_and_times() -> None:
    code, out, _ = _run("--engine", f"{PY} {PY_STARTER}", "--case", "rummy/turn/*",
                        "--case", "rummy/melds/*", "--case", "rummy/layoff/*")
    assert code == 1
    table = out[out.index("\ntopic"):].splitlines()[2:6]
    rows = {line.split()[0]: line.split()[1:] for line in table}
    assert rows == {"layoff": ["0", "2"], "melds": ["11", "0"], "turn": ["7", "0"],
                    "all": ["18", "2"]}
    times = re.search(r"in ([\d.]+) s \(cases read in ([\d.]+) s, engine started in "
                      r"([\d.]+) s, played in ([\d.]+) s\)", out)  # in-process: no load
    assert times, out
    total, *parts = (float(t) for t in times.groups())
    assert total >= max(parts) and total + 0.15 >= sum(parts)


def test_exit_codes_are_listed_in_help() -> None:
    done = subprocess.run([PY, "-m", "rummy_spec.cli", "conformance", "run", "--help"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    codes = done.stdout[done.stdout.index("exit codes:"):]
    for code in "0123":
        assert re.search(rf"^  {code}  \S", codes, re.M), codes


def test_a_reply_missing_a_field_is_named_with_its_step(tmp_path: Path) -> None:
    engine = changed_copy(PY_STARTER, tmp_path, 'return {"result": "accepted"}, game',
                          'return {"outcome": "accepted"}, game')
    code, out, _ = _run("--engine", f"{PY} {engine}", "--case", "rummy/turn/one-draw*")
    assert code == 1
    assert "engine malformed: reply to 'act', step 0: field 'result' is required but " \
           "missing" in out


@needs_node
def test_a_node_crash_shows_the_error_line_and_the_last_frames(tmp_path: Path) -> None:
    crash = tmp_path / "crash.js"
    crash.write_text(
        'Error.stackTraceLimit = 60;\n'
        'const deep = (n) => { if (n === 0) throw new Error("deep failure"); deep(n - 1); };\n'
        'require("node:readline").createInterface({ input: process.stdin })\n'
        '  .on("line", (line) => { const m = JSON.parse(line);\n'
        '    if (m.cmd === "new") deep(40);\n'
        '    console.log(JSON.stringify({ seq: m.seq, protocol: 1, variants: ["rummy"],\n'
        '                                  features: [] })); });\n', encoding="utf-8")
    code, out, _ = _run("--engine", f"node {crash}", "--case", "rummy/turn/not-your-turn")
    assert code == 1 and "errored  rummy/turn/not-your-turn" in out
    assert "Error: deep failure" in out and "lines left out" in out
    assert re.search(r"Node\.js v\d+", out), out


def test_stderr_is_shown_whole_when_short_else_head_and_tail() -> None:
    short = "\n".join(f"line {i}" for i in range(20))
    assert stderr_lines(short) == short.splitlines()
    long = "\n".join(f"line {i}" for i in range(100))
    shown = stderr_lines(long)
    assert shown[0] == "line 0" and shown[-1] == "line 99"
    assert "(76 lines left out)" in shown[len(shown) // 2] and len(shown) == 25
    assert stderr_lines("red \x1b[31mtext\ttab") == ["red \\x1b[31mtext\ttab"]


def test_the_exchange_is_shown_with_rules_elided_and_no_raw_control_characters() -> None:
    from rummy_spec.conformance.reporting.present import exchange_lines

    lines = ['> {"cmd":"new","variant":"gin","rules":{"name":"gin"},"seq":2}',
             '< {"seq":2,"ok":true}\x1b]0;owned\x07', *(f"> {i}" for i in range(100))]
    shown = exchange_lines(lines, None)
    assert shown[:2] == ['> {"cmd":"new","variant":"gin","rules":"...","seq":2}',
                         '< {"seq":2,"ok":true}\\x1b]0;owned\\x07']
    cut = exchange_lines(lines)
    assert cut[0] == "(22 earlier lines left out)" and cut[-1] == "> 99"


def _validators() -> dict[tuple[str, str], Draft202012Validator]:
    out = {}
    for cmd in COMMANDS:
        for side in ("request", "reply"):
            schema = message_schema(cmd, side)
            Draft202012Validator.check_schema(schema)
            out[cmd, side] = Draft202012Validator(schema)
    return out


def test_every_message_of_a_run_fits_its_published_schema() -> None:
    """A recorded exchange with the reference behind the protocol, every line checked
    with jsonschema: the schemas describe what the runner and the reference really send."""
    from rummy_spec.conformance.running.runner import run_case
    from rummy_spec.conformance.suite.cases import load_cases
    from rummy_spec.conformance.wire.client import ProcessEngine

    check = _validators()
    engine = ProcessEngine(f"{PY} -m rummy_spec.conformance.reference_engine", timeout=30)
    lines: list[str] = []
    try:
        engine.exchange = lines
        hello = engine.hello()
        for case in load_cases(None, ["rummy"], ["rummy/melds/*", "rummy/turn/*"]):
            lines += run_case(engine, hello, case, record=True).exchange
        engine.exchange = lines
        engine.close()
    finally:
        engine.close()
    sent = {}
    seen = set()
    for line in lines:
        msg = json.loads(line[2:])
        if line.startswith("> "):
            sent[msg["seq"]] = msg["cmd"]
            side, cmd = "request", msg["cmd"]
        else:
            side, cmd = "reply", sent[msg["seq"]]
        problems = [e.message for e in check[cmd, side].iter_errors(msg)]
        assert not problems, (line[:200], problems)
        seen.add((cmd, side))
    assert {c for c, _ in seen} >= {"hello", "new", "act", "state", "close"}


@pytest.mark.parametrize(("reply", "words"), [
    ({"seq": 1, "result": "rejected"}, "field 'reason' is required but missing"),
    ({"seq": 1, "result": "acepted"}, "field 'result': \"acepted\" is not one of"),
    ({"seq": 1, "skip": 3}, "field 'skip': expected string"),
])
def test_reply_problems_are_precise(reply: dict[str, object], words: str) -> None:
    from rummy_spec.conformance.wire.protocol import reply_problem

    cmd = "new" if "skip" in reply else "act"
    problem = reply_problem(cmd, reply)
    assert problem is not None and problem.startswith(f"reply to '{cmd}': ") and \
        words in problem, problem
    assert reply_problem("act", {"seq": 1, "result": "rejected", "reason": "x"}) is None


def test_init_writes_a_starter_that_passes(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    out = cli(["conformance", "init", "--lang", "python", str(target)])
    assert out.code == 0 and "next:" in out.out
    names = sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
    assert names == [".github/workflows/rummy-conformance.yml", "conformance.sh",
                     "conformance.skip", "engine.py"]
    job = yaml.safe_load((target / ".github/workflows/rummy-conformance.yml").read_text())
    steps = job["jobs"]["conformance"]["steps"]
    assert any("rummy-spec conformance run --engine 'python3 engine.py'" in s.get("run", "")
               for s in steps)
    done = shell("sh conformance.sh", target)
    assert done.returncode == 0 and SUBSET in done.stdout, done.stdout + done.stderr
    before = (target / "engine.py").read_text()
    (target / "engine.py").write_text(before + "# mine\n")
    again = cli(["conformance", "init", "--lang", "node", str(target)])
    assert again.code == 2 and "already there (--force overwrites)" in again.err
    assert not (target / "engine.js").exists()  # nothing written on a refusal
    forced = cli(["conformance", "init", "--lang", "python", "--force", str(target)])
    assert forced.code == 0 and (target / "engine.py").read_text() == before


@pytest.mark.parametrize(("args", "words"), [
    (["--lang", "rust", "d"], "invalid choice: 'rust'"),
    (["d"], "--lang"),
    (["--lang", "node"], "DIR"),
])
def test_init_usage_errors(args: list[str], words: str, tmp_path: Path) -> None:
    out = cli(["conformance", "init", *args])
    assert out.code == 2 and words in out.err and "Traceback" not in out.err


def test_init_into_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    out = cli(["conformance", "init", "--lang", "node", str(tmp_path / "f")])
    assert out.code == 2 and "is not a directory" in out.err


def test_the_sample_session_of_the_protocol_is_what_the_reference_says() -> None:
    """PROTOCOL.md's sample session, replayed: each request sent to the reference behind
    the protocol, each reply compared (the shortened reply to hello: its protocol only)."""
    text = (suite_root() / "PROTOCOL.md").read_text(encoding="utf-8")
    sample = text[text.index("## A sample session"):]
    block = sample[sample.index("```\n") + 4:]
    block = block[:block.index("```")]
    pairs = [line.split(" ", 1) for line in block.splitlines()]
    sent = [json.loads(body) for mark, body in pairs if mark == ">"]
    shown = [json.loads(body) for mark, body in pairs if mark == "<"]
    assert len(sent) == len(shown) == 7 and sent[-1]["cmd"] == "close"
    done = subprocess.run([PY, "-m", "rummy_spec.conformance.reference_engine"],
                          input="".join(json.dumps(m) + "\n" for m in sent), text=True,
                          capture_output=True, timeout=120, check=True)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies[0]["protocol"] == shown[0]["protocol"] and "rummy" in replies[0]["variants"]
    assert replies[1:] == shown[1:]
