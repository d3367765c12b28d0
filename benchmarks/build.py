"""Which build of the engine this interpreter runs: compiled (mypyc) or pure Python.

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

import rummy_spec.engine


def engine_modules() -> dict[str, bool]:
    """Every module of the engine package -> whether it was loaded from an extension."""
    out: dict[str, bool] = {}
    for info in pkgutil.iter_modules(rummy_spec.engine.__path__, "rummy_spec.engine."):
        module = importlib.import_module(info.name)
        out[info.name] = str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    return out


def left_pure() -> set[str]:
    """The engine modules the build leaves pure on purpose (the mypyc hook's ``exclude``
    in pyproject.toml, when this is a checkout)."""
    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if not project.is_file():
        return set()
    hooks = tomllib.loads(project.read_text(encoding="utf-8"))["tool"]["hatch"]["build"]
    patterns = hooks["targets"]["wheel"]["hooks"]["mypyc"].get("exclude", [])
    return {p.strip("/").removesuffix(".py").replace("/", ".") for p in patterns}


def form() -> str:
    """'compiled (N of M engine modules)' or 'pure Python'."""
    modules = engine_modules()
    n = sum(modules.values())
    return f"compiled ({n} of {len(modules)} engine modules)" if n else "pure Python"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.build",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--require-compiled", action="store_true",
                        help="exit 1 unless every engine module is compiled "
                             "(but those the build leaves pure)")
    args = parser.parse_args(argv)
    modules = engine_modules()
    print(f"rummy_spec.engine: {form()}")
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
