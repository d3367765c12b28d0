"""The wheel works on its own: built, installed into a fresh virtualenv outside the
repository, and run from a directory where no checkout is in sight.

This is what a user of ``pip install rummy-spec`` gets: the grammar and the built-in specs
must come from inside the package (``rummy_spec/_data``), not from the source tree.  The
test runs in the default run; it skips, saying why, when a wheel cannot be built here
(no hatchling without network, no venv module).  When the network is down the wheel's
dependencies (lark, PyYAML) are lent from this interpreter instead of downloaded.
``RUMMY_SPEC_WHEEL`` names a wheel already built to test instead (``make test-compiled``
sets it to the compiled wheel).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TIMEOUT = 300


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)


def _clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without anything that points back into the repository."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "RUMMY_SPEC_DEBUG")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.update(extra)
    return env


def _reason(stderr: str) -> str:
    """pip's own account of a failure: its first ERROR line, or its last words."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("ERROR")]
    return (errors or lines or ["no output"])[0]


def _lend_dependencies(into: Path) -> Path:
    """A directory holding only lark and yaml from this interpreter (for offline installs)."""
    into.mkdir()
    for name in ("lark", "yaml"):
        module = importlib.import_module(name)
        assert module.__file__ is not None
        (into / name).symlink_to(Path(module.__file__).parent, target_is_directory=True)
    return into


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, str]]]:
    """(the venv's rummy-spec script, the environment to run it in)."""
    base = tmp_path_factory.mktemp("wheel")
    assert REPO not in base.parents, "the virtualenv must live outside the repository"
    given = os.environ.get("RUMMY_SPEC_WHEEL")
    dist = Path(given).parent if given else base / "dist"
    # with hatchling here (the dev extra has it) no network is needed; without it pip
    # fetches hatchling into an isolated build environment
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    if given:
        assert Path(given).is_file(), f"RUMMY_SPEC_WHEEL={given}: no such wheel"
        built, wheels = None, [Path(given)]
    else:
        built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation,
                      "-w", str(dist), str(REPO)], cwd=base, env=_clean_env())
        wheels = sorted(dist.glob("rummy_spec-*.whl"))
    if built is not None and (built.returncode != 0 or not wheels):
        pytest.skip(f"cannot build the wheel here: {_reason(built.stderr)}")
    venv = base / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    if made.returncode != 0:
        pytest.skip(f"cannot create a virtualenv: {made.stderr.strip()}")
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    env = _clean_env()
    with_deps = _run([*pip, "--timeout", "30", str(wheels[0])], cwd=base, env=env)
    if with_deps.returncode != 0:  # offline: install the wheel alone, lend lark and yaml
        alone = _run([*pip, "--no-deps", str(wheels[0])], cwd=base, env=env)
        if alone.returncode != 0:
            pytest.skip(f"cannot install the wheel: {_reason(alone.stderr)}")
        env = _clean_env(PYTHONPATH=str(_lend_dependencies(base / "lent")))
    script = venv / "bin" / "rummy-spec"
    assert script.exists(), "the wheel installs no rummy-spec console script"
    yield script, env


def test_the_installed_package_is_the_wheel_not_the_checkout(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    script, env = installed
    python = script.parent / "python"
    done = _run([str(python), "-c", "import rummy_spec.lang.data as d; "
                 "print(d.grammar_path()); print(d.spec_dir())"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        path = Path(line)
        assert REPO not in path.parents, path
        assert "_data" in path.parts and path.exists(), path


def test_a_platform_wheel_runs_its_compiled_engine(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """A compiled wheel's engine modules load from its extensions, not from sources."""
    wheel = os.environ.get("RUMMY_SPEC_WHEEL")
    if wheel is None or wheel.endswith("-none-any.whl"):
        pytest.skip("a pure wheel (make test-compiled tests the compiled one)")
    script, env = installed
    python = script.parent / "python"
    done = _run([str(python), "-c", "import rummy_spec.engine.solver as s, "
                 "rummy_spec.engine.core as t; print(s.__file__); print(t.__file__)"],
                cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    for line in done.stdout.splitlines():
        assert line.endswith(".so") and REPO not in Path(line).parents, line


def test_list_names_every_built_in_variant(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    script, env = installed
    done = _run([str(script), "list"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0] for line in done.stdout.splitlines()}
    shipped = {p.stem for p in (REPO / "spec").glob("*.rummy")}
    assert shipped <= listed
    assert "continental" in listed


def test_check_continental_from_outside_the_repository(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    script, env = installed
    done = _run([str(script), "check", "continental"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "_data/spec/continental.rummy: ok (continental)" in done.stdout
    assert done.stdout.splitlines()[-1].startswith("ok: 1 file, 1 variant, no errors")


def test_the_conformance_suite_ships_in_the_wheel(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    script, env = installed
    done = _run([str(script), "conformance", "run", "--engine", "reference",
                 "--variant", "gin"], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.splitlines()[-1]
    assert " passed, 0 failed (of " in last and not last.startswith("0 passed"), last


def test_conformance_init_works_from_the_wheel(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """The starters and their skip file ship inside the package."""
    script, env = installed
    done = _run([str(script), "conformance", "init", "--lang", "node", "mine"], cwd=tmp_path,
                env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "readline" in (tmp_path / "mine" / "engine.js").read_text()
    assert "rummy/layoff/*" in (tmp_path / "mine" / "conformance.skip").read_text()
