"""The suite as pytest tests: one test per case, against your engine, in your CI.

    pytest --rummy-engine 'node engine.js'

The plugin registers itself when rummy-spec is installed (a ``pytest11`` entry point):
no ``-p`` is needed, and without ``--rummy-engine`` it does nothing.  Each case is a test
with the id ``rummy-conformance::<case id>``; that id can be given back to pytest to run
the case alone (``pytest --rummy-engine CMD 'rummy-conformance::rummy/turn/not-your-turn'``),
and ``-k``, ``--lf`` and ``--ff`` select cases like any other tests.  Only the variants
the engine claims in its ``hello`` are collected; a case needing a feature the engine
does not claim is skipped, with the feature named.

Options: ``--rummy-variant V`` and ``--rummy-case GLOB`` (repeatable) select cases,
``--rummy-cases DIR`` reads another cases directory, ``--rummy-skip-file F`` lists cases
expected to fail (they are reported as xfail; one that passes fails the test),
``--rummy-timeout S`` bounds each reply.  An engine that crashes, hangs or answers
garbage fails the case with the reason, and is started again for the next one.
"""

from __future__ import annotations

import shlex
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

# The kit is imported only when an engine is given: the plugin is loaded by every pytest
# run of an environment that has rummy-spec installed, and must cost those runs nothing.
if TYPE_CHECKING:
    from .running.runner import CaseResult
    from .suite.cases import Case
    from .wire.engine import Engine, Hello

SUITE_NODE = "rummy-conformance"
ENGINE_KEY = pytest.StashKey["tuple[Engine, Hello]"]()
CHOSEN_KEY = pytest.StashKey[list[str]]()  # case ids named as arguments


def _seconds(text: str) -> float:
    """``--rummy-timeout``: seconds above 0, at most a day, finite (as ``--timeout``)."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
    if not math.isfinite(value) or not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"{text[:40]!r}: seconds above 0 and at most a day "
                                         "(86400) are needed")
    return value


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rummy-spec conformance")
    group.addoption("--rummy-engine", metavar="CMD",
                    help="the engine's command line (or 'reference'): run the suite on it")
    group.addoption("--rummy-variant", action="append", default=[], metavar="V",
                    help="only this variant's cases (repeatable; a spec file for a house "
                         "variant)")
    group.addoption("--rummy-case", action="append", default=[], metavar="GLOB",
                    help="only cases whose id matches (repeatable)")
    group.addoption("--rummy-cases", metavar="DIR", help="another cases directory")
    group.addoption("--rummy-skip-file", metavar="F", help="cases expected to fail")
    group.addoption("--rummy-timeout", type=_seconds, default=10.0, metavar="S",
                    help="seconds to wait for each reply (default 10)")


class CaseFailure(Exception):
    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.message)
        self.result = result


class SuiteError(Exception):
    """The suite cannot be collected: a bad case file or skip file, an engine that does
    not start.  Shown as the collection error, in one message."""


def rerun_line(config: pytest.Config, case_id: str) -> str:
    """The pytest command that runs this case alone."""
    parts = ["pytest", "--rummy-engine", str(config.getoption("rummy_engine"))]
    for option, flag in (("rummy_cases", "--rummy-cases"), ("rummy_skip_file",
                                                             "--rummy-skip-file")):
        if config.getoption(option):
            parts += [flag, str(config.getoption(option))]
    if config.getoption("rummy_timeout") != 10.0:
        parts += ["--rummy-timeout", f"{config.getoption('rummy_timeout'):g}"]
    parts.append(f"{SUITE_NODE}::{case_id}")
    return " ".join(shlex.quote(p) for p in parts)


class CaseItem(pytest.Item):
    def __init__(self, *, case: Case, skip_entry: str | None, **kw: Any) -> None:
        super().__init__(**kw)
        self.case = case
        self.skip_entry = skip_entry
        self.add_marker(pytest.mark.rummy_variant(case.variant))

    def runtest(self) -> None:
        from .running.runner import run_case

        engine, hello = _engine(self.config)
        result = run_case(engine, hello, self.case, record=self.config.get_verbosity() > 0)
        if result.status == "skipped":
            pytest.skip(result.message)
        if self.skip_entry is not None:
            if result.status == "passed":
                result.lines = [f"listed in the skip file ({self.skip_entry}) but passes: "
                                "remove the entry"]
                raise CaseFailure(result)
            pytest.xfail(f"listed in the skip file: {result.message}")
        if result.status != "passed":
            raise CaseFailure(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        from .reporting.present import exchange_lines, shown_path

        if isinstance(excinfo.value, CaseFailure):
            r = excinfo.value.result
            out = [f"{r.status}: {self.case.id} ({self.case.rule})", *r.lines,
                   f"case:  {shown_path(str(self.case.path))}",
                   f"rerun: {rerun_line(self.config, self.case.id)}"]
            if r.exchange:
                out += ["exchange (> to the engine, < its reply):",
                        *("  " + line for line in exchange_lines(r.exchange))]
            return "\n".join(out)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.case.path, 0, f"case {self.case.id}"


class Suite(pytest.Collector):
    """Every selected case of the variants the engine claims."""

    def collect(self) -> Iterator[CaseItem]:
        from . import suite_root
        from .running.skips import listed, read_skip_file
        from .suite.cases import CaseError, load_cases
        from .wire.engine import EngineError

        cfg = self.config
        root = Path(cfg.getoption("rummy_cases") or suite_root() / "cases")
        if not root.is_dir():
            raise SuiteError(f"--rummy-cases {root}: no such directory")
        skip_file = cfg.getoption("rummy_skip_file")
        try:
            entries = read_skip_file(Path(skip_file)) if skip_file else []
        except ValueError as err:  # named by this plugin's own option
            raise SuiteError(str(err).replace("--skip-file", "--rummy-skip-file", 1)) from None
        try:
            _, hello = _engine(cfg)
        except (EngineError, ValueError) as err:
            raise SuiteError(f"--rummy-engine: the engine did not start: {err}") from None
        from ..lang import LookupFailure, SpecError
        from .suite.variants import HASH_PREFIX, VariantClash, resolve_target

        try:  # a spec file is its variant's name (house cases name their file themselves)
            variants = [resolve_target(v) if v.endswith(".rummy") else v
                        for v in cfg.getoption("rummy_variant")]
        except (LookupFailure, VariantClash) as err:
            raise SuiteError(f"--rummy-variant {err}") from None
        except SpecError as err:
            raise SuiteError(f"--rummy-variant: the spec has errors:\n{err.render()}") \
                from None
        house = any(v.startswith(HASH_PREFIX) or v.endswith(".rummy")
                    for v in hello.variants or ())
        if hello.variants is not None and not house:  # claims by spec file: see each case
            variants = [v for v in variants or sorted(hello.variants) if hello.supports(v)]
            if not variants:
                return
        globs = list(cfg.getoption("rummy_case")) + cfg.stash.get(CHOSEN_KEY, [])
        try:
            cases = load_cases(root, variants, globs)
        except CaseError as err:
            raise SuiteError(f"bad case file: {err}") from None
        for case in cases:
            yield CaseItem.from_parent(self, name=case.id, case=case,
                                       skip_entry=listed(case.id, entries))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, SuiteError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))


def _engine(config: pytest.Config) -> tuple[Engine, Hello]:
    from .running.connect import make_engine

    found = config.stash.get(ENGINE_KEY, None)
    if found is None:
        engine = make_engine(config.getoption("rummy_engine"),
                             config.getoption("rummy_timeout"))
        config.add_cleanup(engine.close)
        found = (engine, engine.hello())
        config.stash[ENGINE_KEY] = found
    return found


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rummy_variant(name): the case's variant")
    if not config.getoption("rummy_engine", None):
        return
    # Ids of cases given as arguments are not paths: take them out of the arguments
    # pytest resolves, and select those cases instead.
    chosen: list[str] = []
    kept: list[str] = []
    for arg in config.args:
        name, _, case_id = arg.partition("::")
        if name == SUITE_NODE and not Path(arg).exists():
            chosen.append(case_id or "*")
        else:
            kept.append(arg)
    if chosen:
        config.args[:] = kept
        config.stash[CHOSEN_KEY] = chosen


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
        collector: pytest.Collector) -> Generator[None, pytest.CollectReport,
                                                   pytest.CollectReport]:
    """The suite is a collector of the session itself, beside the test files: so pytest
    counts its cases, ``-k`` and ``--lf`` select them, and their ids resolve."""
    report = yield
    if isinstance(collector, pytest.Session) and report.passed and \
            collector.config.getoption("rummy_engine"):
        report.result.append(Suite.from_parent(collector, name=SUITE_NODE, nodeid=SUITE_NODE))
    return report
