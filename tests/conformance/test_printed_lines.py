"""Every command line the kit prints reruns as printed: fuzz's ``replay:`` line, the
``generated:`` line of a case fuzz wrote, and the ``rerun:`` line of ``run``; each is run
in a shell, from another directory, and does what it says."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from implementer_support import shell

from rummy_spec.conformance.broken import command
from rummy_spec.conformance.suite.safe_yaml import load_yaml


def _line(label: str, text: str) -> str:
    found = re.search(rf"^\s*{label}:\s+(rummy-spec .*)$", text, re.M)
    assert found is not None, f"no {label}: line in {text[-600:]}"
    return found.group(1)


def test_the_printed_lines_rerun_as_printed(tmp_path: Path) -> None:
    engine = command("ace-score")
    out = tmp_path / "finds dir"  # (a space: the printed lines must quote it)
    fuzzed = shell(f"rummy-spec conformance fuzz --engine {shlex.quote(engine)} --variant "
                   f"rummy --examples 30 --findings 1 --shrink-seconds 0.5 --out "
                   f"{shlex.quote(str(out))}", tmp_path)
    assert fuzzed.returncode == 1, fuzzed.stdout[-600:] + fuzzed.stderr
    rule = re.search(r"^1\. (.*) \(first in game", fuzzed.stdout, re.M)
    assert rule is not None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    replayed = shell(_line("replay", fuzzed.stdout), tmp_path)
    assert replayed.returncode == 1 and "0 passed, 1 failed" in replayed.stdout, \
        replayed.stdout + replayed.stderr

    rerun = shell(_line("rerun", replayed.stdout), elsewhere)
    assert rerun.returncode == 1 and "0 passed, 1 failed" in rerun.stdout, rerun.stdout

    written = Path(re.findall(r"written: (.+)$", fuzzed.stdout, re.M)[0])
    generated = load_yaml(written.read_text(encoding="utf-8"))["generated"]
    again = shell(str(generated) + " --findings 1 --shrink-seconds 0.5", elsewhere)
    assert again.returncode == 1, again.stdout[-600:] + again.stderr
    assert f"1. {rule.group(1)} (first in game" in again.stdout
