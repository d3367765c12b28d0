"""The compliance matrix: the suite and a fuzz budget over a list of engines, written as
JSON, HTML and badges; the committed result the docs page reads; run --print-skip."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rummy_spec.conformance import suite_root
from rummy_spec.conformance.broken import command
from rummy_spec.conformance.reporting.matrix import suite_version

REPO = Path(__file__).resolve().parents[2]
STARTER = suite_root() / "starters" / "python" / "engine.py"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", *args],
                          capture_output=True, text=True, timeout=600, check=False)


def test_the_matrix_of_a_good_and_a_broken_engine(tmp_path: Path) -> None:
    engines = tmp_path / "engines.yaml"
    engines.write_text(json.dumps({"engines": [
        {"name": "Reference", "command": "reference", "variants": ["rummy"]},
        {"name": "Broken ace", "command": command("ace-score"), "variants": ["rummy"]}]}))
    done = _cli("matrix", "--engines", str(engines), "--out", str(tmp_path / "m"),
                "--games", "4")
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "m" / "matrix.json").read_text())
    good, bad = (e["variants"]["rummy"] for e in data["engines"])
    assert good["cases"]["failed"] == 0 and good["fuzz"]["findings"] == {}
    assert good["cases"]["passed"] == sum(t["passed"] for t in good["topics"].values())
    assert bad["cases"]["failed"] >= 1 and bad["topics"]["going-out"]["failed"] >= 1
    assert good["suite_version"] == suite_version("rummy")
    assert re.fullmatch(r"\d+\+[0-9a-f]{10}", good["suite_version"])
    assert good["speed"]["cases_per_second"] > 0
    badges = tmp_path / "m" / "badges"
    green = (badges / "reference-rummy.svg").read_text()
    red = (badges / "broken-ace-rummy.svg").read_text()
    assert "#3c763d" in green and "#b94a48" in red
    assert f"{good['cases']['passed']}/" in green
    html = (tmp_path / "m" / "matrix.html").read_text()
    assert "Broken ace" in html and "going-out" in html


def test_a_bad_list_of_engines_is_a_clear_message(tmp_path: Path) -> None:
    engines = tmp_path / "engines.yaml"
    engines.write_text("engines:\n  - name: x\n")
    done = _cli("matrix", "--engines", str(engines), "--out", str(tmp_path / "m"))
    assert done.returncode == 2 and "engines[0]: 'name' and 'command'" in done.stderr
    assert not (tmp_path / "m").exists()


def test_the_committed_matrix_has_the_shipped_engines() -> None:
    data = json.loads((REPO / "docs" / "_static" / "matrix" / "matrix.json").read_text())
    names = [e["name"] for e in data["engines"]]
    assert any("OpenSpiel" in n for n in names) and any("RLCard" in n for n in names)
    assert sum("starter" in n for n in names) == 2
    for e in data["engines"]:
        for variant in e["variants"]:
            assert (REPO / "docs" / "_static" / "matrix" / "badges").glob(f"*{variant}.svg")
    page = (REPO / "docs" / "matrix.md").read_text()
    assert "{compliance-matrix} _static/matrix/matrix.json" in page
    assert "matrix" in (REPO / "docs" / "index.rst").read_text().split()


def test_print_skip_writes_the_skip_list_of_the_current_failures(tmp_path: Path) -> None:
    engine = f"{sys.executable} {STARTER}"
    printed = _cli("run", "--engine", engine, "--variant", "rummy", "--print-skip")
    assert printed.returncode == 0
    ids = [ln for ln in printed.stdout.splitlines() if ln and not ln.startswith("#")]
    assert ids and all(i.startswith("rummy/") for i in ids)
    skip = tmp_path / "now.skip"
    skip.write_text(printed.stdout)
    again = _cli("run", "--engine", engine, "--variant", "rummy", "--skip-file", str(skip))
    assert again.returncode == 0 and " 0 failed" in again.stdout, again.stdout[-600:]
    plain = _cli("run", "--engine", engine, "--variant", "rummy")
    assert plain.returncode == 1
