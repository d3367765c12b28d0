"""Where the CI job that ``conformance init`` writes gets rummy-spec from.

``--install WHAT`` names it: a wheel file (copied beside the job, which installs it from
there), or anything pip takes (a path in the engine's repository, a ``git+`` URL, a
version from PyPI once one is published).  Without it the job installs what this
rummy-spec was installed from, as pip recorded it (PEP 610's ``direct_url.json``): the
same wheel, or the same commit of a repository; failing both, the release of this version.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

from ... import __version__


@dataclass(frozen=True)
class Install:
    requirement: str  # what the job's pip installs
    wheel: Path | None = None  # a wheel to copy into DIR (requirement: ./its name)


def installed_from() -> str | None:
    """The wheel file or VCS URL pip installed this rummy-spec from, if it recorded one."""
    try:
        text = metadata.distribution("rummy-spec").read_text("direct_url.json")
        data = json.loads(text) if text else None
    except (metadata.PackageNotFoundError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("url"), str):
        return None
    url: str = data["url"]
    vcs = data.get("vcs_info")
    if isinstance(vcs, dict) and isinstance(vcs.get("vcs"), str):
        commit = vcs.get("commit_id")
        return f"{vcs['vcs']}+{url}" + (f"@{commit}" if isinstance(commit, str) else "")
    parsed = urlparse(url)
    if parsed.scheme == "file" and parsed.path.endswith(".whl"):
        path = Path(unquote(parsed.path))
        return str(path) if path.is_file() else None
    return None


def choose(asked: str | None) -> Install:
    """What the job installs, for ``--install asked`` (None: as this one was installed)."""
    what = asked if asked is not None else installed_from()
    if what is None:
        return Install(f"rummy-spec=={__version__}")
    if what.endswith(".whl") and "://" not in what:
        wheel = Path(what)
        if not wheel.is_file():
            raise FileNotFoundError(f"--install {what}: no such wheel")
        return Install(f"./{wheel.name}", wheel)
    return Install(what)
