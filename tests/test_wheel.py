"""The wheel works on its own: built as ``make dist`` builds it (the sdist, then the wheel
from the sdist), installed with no extras into a fresh virtualenv outside the repository,
and run from a directory where no checkout is in sight.

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
import yaml

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
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel: RUMMY_SPEC_WHEEL's, or built from this checkout outside it."""
    given = os.environ.get("RUMMY_SPEC_WHEEL")
    if given:
        assert Path(given).is_file(), f"RUMMY_SPEC_WHEEL={given}: no such wheel"
        return Path(given)
    base = tmp_path_factory.mktemp("dist")
    dist = base / "dist"
    # with hatchling here (the dev extra has it) no network is needed; without it pip
    # fetches hatchling into an isolated build environment
    here = importlib.util.find_spec("hatchling") is not None
    if importlib.util.find_spec("build") is not None:  # as `make dist` does (dev has it)
        built = _run([sys.executable, "-m", "build", *(["--no-isolation"] if here else []),
                      "--outdir", str(dist), str(REPO)], cwd=base, env=_clean_env())
        sdists = sorted(dist.glob("rummy_spec-*.tar.gz"))
        assert built.returncode != 0 or sdists, built.stdout
    else:
        built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                      *(["--no-build-isolation"] if here else []), "-w", str(dist),
                      str(REPO)], cwd=base, env=_clean_env())
    wheels = sorted(dist.glob("rummy_spec-*.whl"))
    if built.returncode != 0 or not wheels:
        pytest.skip(f"cannot build the wheel here: {_reason(built.stderr)}")
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory
              ) -> Iterator[tuple[Path, dict[str, str]]]:
    """(the venv's rummy-spec script, the environment to run it in)."""
    base = tmp_path_factory.mktemp("wheel")
    assert REPO not in base.parents, "the virtualenv must live outside the repository"
    wheels = [wheel]
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
    extras = _run([str(python), "-c", "import hypothesis"], cwd=base, env=env)
    assert extras.returncode != 0, "no extras were asked for, yet hypothesis is installed"
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
    done = _run([str(python), "-c", "import rummy_spec.engine.solving.solver as s, "
                 "rummy_spec.engine.dispatch.core as t; print(s.__file__); print(t.__file__)"],
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


def test_show_and_play_help_from_the_wheel(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    script, env = installed
    shown = _run([str(script), "show", "gin"], cwd=tmp_path, env=env)
    assert shown.returncode == 0 and shown.stdout.startswith("Gin Rummy"), shown.stderr
    helped = _run([str(script), "play", "--help"], cwd=tmp_path, env=env)
    assert helped.returncode == 0 and "--players N" in helped.stdout, helped.stderr


def test_the_python_starter_passes_from_the_wheel(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """The path of the implementer's guide with the Python starter, nothing but the wheel."""
    script, env = installed
    made = _run([str(script), "conformance", "init", "--lang", "python", "mine"], cwd=tmp_path,
                env=env)
    assert made.returncode == 0, made.stdout + made.stderr
    done = _run([str(script), "conformance", "run", "--engine", "python3 engine.py",
                 "--variant", "rummy", "--skip-file", "conformance.skip"],
                cwd=tmp_path / "mine", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("22 passed, 0 failed, 13 skipped") and "starter (python)" in last, last


def test_fuzz_without_the_kit_extra_says_what_to_install(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    script, env = installed
    done = _run([str(script), "conformance", "fuzz", "--engine", "reference", "--variant",
                 "rummy"], cwd=tmp_path, env=env)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "rummy-spec[kit]" in done.stderr and "internal error" not in done.stderr
    assert not (tmp_path / "conformance-fuzz").exists()


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


def test_the_generated_workflow_runs_here(
    installed: tuple[Path, dict[str, str]], wheel: Path, tmp_path: Path
) -> None:
    """The GitHub Actions job ``conformance init`` writes, its ``run`` steps played here in
    order: a fresh virtualenv stands for setup-python, checkout for the folder itself; the
    job installs the wheel that init copied beside it."""
    script, env = installed
    made = _run([str(script), "conformance", "init", "--lang", "python", "--install",
                 str(wheel), "mine"], cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stdout + made.stderr
    mine = tmp_path / "mine"
    assert (mine / wheel.name).read_bytes() == wheel.read_bytes()
    job = yaml.safe_load((mine / ".github/workflows/rummy-conformance.yml").read_text())
    steps = job["jobs"]["conformance"]["steps"]
    assert [s["uses"].split("@")[0] for s in steps if "uses" in s] == [
        "actions/checkout", "actions/setup-python", "actions/upload-artifact"]
    runs = [s["run"] for s in steps if "run" in s]
    assert runs[0] == f"pip install './{wheel.name}'", runs
    ci = tmp_path / "ci"
    made = _run([sys.executable, "-m", "venv", str(ci)], cwd=tmp_path)
    if made.returncode != 0:
        pytest.skip(f"cannot create a virtualenv with pip: {made.stderr.strip()}")
    ci_env = dict(env, VIRTUAL_ENV=str(ci), PATH=f"{ci / 'bin'}{os.pathsep}{env['PATH']}")
    offline = "PYTHONPATH" in env  # lark and yaml lent: the job's pip gets the wheel alone
    for run in runs:
        line = run + (" --no-deps" if offline and run.startswith("pip install") else "")
        done = _run(["bash", "-c", line], cwd=mine, env=ci_env)
        assert done.returncode == 0, (run, done.stdout, done.stderr)
    assert (ci / "bin" / "rummy-spec").exists()
    assert "22 passed, 0 failed, 13 skipped" in done.stdout, done.stdout
    for name in steps[-1]["with"]["path"].split():
        assert (mine / name).stat().st_size > 0, name
