"""An engine of a house variant runs every case of the parent that the house rules
answer alike (``run --inherit``), without pretending to be the parent."""

from __future__ import annotations

import re
import subprocess
import sys

from rummy_spec.conformance import suite_root
from rummy_spec.conformance.suite.cases import load_cases

HOUSE = suite_root() / "examples" / "backyard.rummy"  # Continental, runs of 3, free May I?
SERVED = f"{sys.executable} -m rummy_spec.conformance.reference_engine {HOUSE}"


def _run(engine: str, *more: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", "run",
                           "--engine", engine, "--variant", str(HOUSE), *more],
                          capture_output=True, text=True, timeout=600, check=False)


def test_the_parents_cases_the_house_answers_alike_are_run() -> None:
    done = _run(SERVED, "--inherit", "-v")
    assert done.returncode == 0, done.stdout[-600:] + done.stderr
    got = re.search(r"inherited (\d+) cases of the parent variant; (\d+) left out", done.stdout)
    assert got is not None
    kept, left = int(got.group(1)), int(got.group(2))
    parent = [c.id for c in load_cases(variants=["continental"]) if not c.options]
    assert kept > 0 and left > 0 and kept + left == len(parent)
    ran = re.findall(r"^passed +backyard/(\S+)", done.stdout, re.M)
    assert len(ran) == kept and {f"continental/{r}" for r in ran} <= set(parent)
    # a run of three is legal in the house: the parent's refusal of it is not inherited,
    # a free May I?: no case of the parent's penalty card is
    assert not any("penalty" in r for r in ran)


def test_a_bug_in_a_rule_the_house_kept_is_caught_by_an_inherited_case() -> None:
    broken = f"{sys.executable} -m rummy_spec.conformance.broken contract-not-exact {HOUSE}"
    done = _run(broken, "--inherit")
    assert done.returncode == 1
    assert re.search(r"^failed +backyard/contract/\S+ .*\(inherited from continental\)",
                     done.stdout, re.M), done.stdout[-800:]


def test_inherit_needs_a_house_variant() -> None:
    done = subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", "run",
                           "--engine", "reference", "--variant", "gin", "--inherit"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 2 and "--inherit: name a house variant" in done.stderr
