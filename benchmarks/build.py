"""Which build of the engine this interpreter runs: compiled (mypyc) or pure Python.

The compiled build covers the packages of :data:`COMPILED_PACKAGES`, the engine and the
bots (the mypyc hook's ``include`` in pyproject.toml, which a test holds equal to it).

Benchmarks print it beside their figures, and ``make test-compiled`` runs
``python -m benchmarks.build --require-compiled`` before the test suite, so a compiled
run that quietly fell back to the pure modules (a missing or stale extension) fails
instead of passing as the pure one.

Run ``python -m benchmarks.build [--require-compiled]``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import tomllib
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

COMPILED_PACKAGES = ("rummy_spec.engine", "rummy_spec.bots")  # the packages mypyc compiles


def compiled_modules() -> dict[str, bool]:
    """Every module of the compiled packages (:data:`COMPILED_PACKAGES`) -> whether it was
    loaded from an extension."""
    out: dict[str, bool] = {}
    for package in COMPILED_PACKAGES:
        path = importlib.import_module(package).__path__
        for info in pkgutil.walk_packages(path, package + "."):
            module = importlib.import_module(info.name)
            out[info.name] = str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    return out


def _mypyc_hook() -> dict[str, list[str]] | None:
    """The mypyc hook's section of pyproject.toml, when this is a checkout."""
    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if not project.is_file():
        return None
    hooks = tomllib.loads(project.read_text(encoding="utf-8"))["tool"]["hatch"]["build"]
    hook: dict[str, list[str]] = hooks["targets"]["wheel"]["hooks"]["mypyc"]
    return hook


def _dotted(pattern: str) -> str:
    return pattern.strip("/").removesuffix(".py").replace("/", ".")


def included() -> set[str]:
    """The packages the build compiles (the hook's ``include``, when this is a
    checkout)."""
    hook = _mypyc_hook()
    return {_dotted(p) for p in hook.get("include", [])} if hook else set()


def left_pure() -> set[str]:
    """The modules the build leaves pure on purpose (the mypyc hook's ``exclude`` in
    pyproject.toml, when this is a checkout)."""
    hook = _mypyc_hook()
    return {_dotted(p) for p in hook.get("exclude", [])} if hook else set()


def form() -> str:
    """'compiled (N of M modules of the engine and bots)' or 'pure Python'."""
    modules = compiled_modules()
    n = sum(modules.values())
    return (f"compiled ({n} of {len(modules)} modules of the engine and bots)" if n
            else "pure Python")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.build",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--require-compiled", action="store_true",
                        help="exit 1 unless every module of the engine and the bots "
                             "is compiled (but those the build leaves pure)")
    args = parser.parse_args(argv)
    modules = compiled_modules()
    print(f"{', '.join(COMPILED_PACKAGES)}: {form()}")
    pure = sorted(name for name, compiled in modules.items() if not compiled)
    if pure and len(pure) < len(modules):
        print(f"pure: {', '.join(pure)}")
    missing = sorted(set(pure) - left_pure())
    if args.require_compiled and missing:
        print(f"benchmarks.build: not compiled: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
