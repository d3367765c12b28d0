"""The compiled run tests the compiled engine: ``make test-compiled`` sets
RUMMY_SPEC_COMPILED=1, and then every module of the engine and the bots (but those the
build leaves pure on purpose) must come from an extension module, in this process and
in the engines the tests start, so that the run cannot quietly test the pure package
instead."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from benchmarks.build import COMPILED_PACKAGES, compiled_modules, included, left_pure

COMPILED = os.environ.get("RUMMY_SPEC_COMPILED") == "1"


def test_the_check_covers_the_packages_the_build_compiles() -> None:
    assert included() == set(COMPILED_PACKAGES)
    modules = compiled_modules()  # sub-packages and their modules included
    homes = {p for p in COMPILED_PACKAGES for name in modules if name.startswith(p + ".")}
    assert homes == set(COMPILED_PACKAGES)
    assert all(name.startswith(tuple(p + "." for p in COMPILED_PACKAGES)) for name in modules)


def test_the_build_leaves_pure_only_what_pyproject_names() -> None:
    assert "rummy_spec.engine.families.plans" in left_pure()  # the hook's exclude list is read
    modules = compiled_modules()
    assert left_pure() <= set(modules)
    compiled = {name for name, is_extension in modules.items() if is_extension}
    if COMPILED:
        assert compiled == set(modules) - left_pure()
    else:
        assert not compiled, "extension modules in a pure run: stale build products?"


@pytest.mark.skipif(not COMPILED, reason="the pure run (make test-compiled sets "
                    "RUMMY_SPEC_COMPILED=1)")
def test_an_engine_the_tests_start_is_compiled_too() -> None:
    code = "import rummy_spec.engine.dispatch.core as c, rummy_spec.engine.melding.melds as m; " \
           "import rummy_spec.bots.simple as s; " \
           "print(c.__file__); print(m.__file__); print(s.__file__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True, cwd="/")
    for line in done.stdout.split():
        assert line.endswith(tuple(EXTENSION_SUFFIXES)), line
