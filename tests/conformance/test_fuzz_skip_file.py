"""fuzz --skip-file: the gaps an engine lists (run's skip file) do not drown a bug it
does not know of."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from implementer_support import PY_STARTER, SKIP, changed_copy


def _fuzz(engine: Path, out: Path, *more: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", "fuzz",
                           "--engine", f"{sys.executable} {engine}", "--variant", "rummy",
                           "--examples", "40", "--shrink-seconds", "0.5", "--out", str(out),
                           *more], capture_output=True, text=True, timeout=600, check=False)


def _rules(stdout: str) -> list[str]:
    return re.findall(r"^\d+\. (.*) \(first in game", stdout, re.M)


def test_listed_topics_are_skipped_and_a_planted_bug_stands_out(tmp_path: Path) -> None:
    plain = _fuzz(PY_STARTER, tmp_path / "a")
    assert any(r.startswith("lay_off:") for r in _rules(plain.stdout)), plain.stdout[:800]
    skipped = _fuzz(PY_STARTER, tmp_path / "b", "--skip-file", str(SKIP))
    assert not any(r.startswith("lay_off:") for r in _rules(skipped.stdout))
    assert re.search(r"^known: skipped: rummy/layoff/\* \(skip file\)", skipped.stdout, re.M)
    # the card just taken from the pile may be thrown back at once: a bug of the starter's
    # own topic (discard), no gap of its skip file
    planted = changed_copy(PY_STARTER, tmp_path, 'if card == self.taken:',
                           'if card == self.taken and False:')
    found = _fuzz(planted, tmp_path / "c", "--skip-file", str(SKIP))
    rules = _rules(found.stdout)
    assert any(r.startswith("discard: keep-taken-card") for r in rules), found.stdout[:800]
    assert len(rules) <= len(_rules(plain.stdout)) - 2
