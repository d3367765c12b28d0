"""``--report html``: one self-contained page that a headless browser opens with no
console message (no script error, no blocked request), the failing case first."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from implementer_support import PY_STARTER, changed_copy

from rummy_spec.cli import run as cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium; "
    ".ci/run installs it)")
# the flags headless Chromium needs on a machine with no network and no display
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0"]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("html")
    engine = changed_copy(PY_STARTER, where, "        if not self.drawn:\n",
                          "        if False:\n")
    page = where / "report.html"
    out = cli(["conformance", "run", "--engine", f"{sys.executable} {engine}", "--case",
               "rummy/turn/*", "--case", "rummy/layoff/*", "--report", "html", str(page),
               "--report", "json", str(where / "run.json"), "-v"])
    assert out.code == 1 and page.is_file()
    return page


def test_the_page_is_whole_and_names_the_failure(report: Path) -> None:
    text = report.read_text(encoding="utf-8")
    assert [p.name for p in report.parent.iterdir() if p.name.startswith("report")] == [
        "report.html"]  # one file, no temporary left behind
    assert not re.search(r"""(src|href)=["'](?!data:|#)""", text)  # nothing outside
    assert "Content-Security-Policy" in text and "default-src 'none'" in text
    statuses = re.findall(r'<div class="case ([a-z-]+)"', text)
    assert statuses == ["failed"] * 3 + ["passed"] * 6  # what needs attention first
    assert 'id="rummy/turn/must-draw-first"' in text
    assert "rerun: <code>rummy-spec conformance run --engine" in text
    assert "&lt; {&quot;seq&quot;" in text  # the exchange, escaped


def test_the_json_report_keeps_the_exchange_of_a_verbose_run(report: Path) -> None:
    data = json.loads((report.parent / "run.json").read_text(encoding="utf-8"))
    case = next(c for c in data["cases"] if c["id"] == "rummy/turn/must-draw-first")
    assert case["path"].endswith("must-draw-first.yaml")
    # the last action and the state every step is judged by, sent together, then their
    # replies in the order asked
    act, ask, reply, state = case["exchange"][-4:]
    assert act.startswith('> {"cmd":"act"') and ask.startswith('> {"cmd":"state"')
    assert re.fullmatch(r'< \{"seq": \d+, "result": "accepted"\}', reply)
    assert state.startswith('< {"seq": ') and '"state": {' in state
    assert case["exchange"][0].startswith('> {"cmd":"new","variant":"rummy"')


def _open(page: Path, profile: Path) -> tuple[str, str]:
    assert CHROMIUM is not None
    done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                           page.as_uri()], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    return done.stdout, "\n".join(console)


@needs_chromium
def test_a_headless_browser_opens_it_without_console_errors(report: Path,
                                                            tmp_path: Path) -> None:
    dom, console = _open(report, tmp_path / "profile")
    assert console == ""
    assert 'data-ready="yes"' in dom  # the script ran to its end
    assert dom.count("<button") == 2  # passed, failed
    # the same check on a page with a script error and a blocked request does complain
    broken = tmp_path / "broken.html"
    broken.write_text(report.read_text(encoding="utf-8").replace(
        "</body>", '<img src="https://example.invalid/x.png"><script>nope();</script></body>'))
    _, complaints = _open(broken, tmp_path / "profile2")
    assert "Uncaught ReferenceError: nope is not defined" in complaints
    assert "Content Security Policy" in complaints
