"""Every ``pip install`` the README and the documentation tell people to type installs
something that exists before a release does: the wheel ``make dist`` builds, or a path
in a clone (``.``), never ``rummy-spec`` by name from an index where it is not published.
(The wheel itself is installed and used by tests/test_wheel.py and the guide's test.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from docs_support import DOCS, ROOT

from rummy_spec import __version__

WHEEL = f"rummy_spec-{__version__}-py3-none-any.whl"
PAGES = sorted([ROOT / "README.md", ROOT / "editors" / "README.md",
                ROOT / "conformance" / "README.md",
                *(p for p in DOCS.glob("*.md")), *(p for p in DOCS.glob("*.rst"))])
# ``pip install``, its options, and the first word that is not one (across a line break)
PIP = re.compile(r"pip install\s+(?:-\S+\s+)*([^\s`]+)")


def targets(text: str) -> list[str]:
    """What each ``pip install`` of the text installs."""
    return [shlex.split(word)[0] for word in PIP.findall(text)]


def installable(target: str) -> bool:
    return target.startswith((".", "./", "/")) and (
        target.split("[")[0] in (".", f"./{WHEEL}") or target.startswith("/"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_install_instruction_installs_what_exists(page: Path) -> None:
    if page.name == "changelog.rst":
        pytest.skip("the changelog tells what was, not what to type")
    wrong = [t for t in targets(page.read_text(encoding="utf-8")) if not installable(t)]
    assert not wrong, f"{page.relative_to(ROOT)}: pip install {wrong}"


def test_the_check_knows_a_name_from_a_path() -> None:
    assert targets("run `pip install 'rummy-spec[kit]'` or `pip install -e '.[dev]'`") == [
        "rummy-spec[kit]", ".[dev]"]
    assert not installable("rummy-spec[kit]") and not installable("rummy-spec==0.1.0")
    assert installable(".[dev]") and installable(f"./{WHEEL}[kit]")
