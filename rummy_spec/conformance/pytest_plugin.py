"""The suite as pytest tests: one test per case, against your engine, in your CI.

    pytest -p rummy_spec.conformance.pytest_plugin --rummy-engine 'python my_engine.py'

Options: ``--rummy-variant V`` and ``--rummy-case GLOB`` (repeatable) select cases,
``--rummy-cases DIR`` reads another cases directory, ``--rummy-skip-file F`` lists cases
expected to fail (they are reported as xfail; one that passes fails the test),
``--rummy-timeout S`` bounds each reply.  A case the engine does not support is skipped;
an engine that crashes, hangs or answers garbage fails the case with the reason, and is
started again for the next one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import suite_root
from .cases import Case, CaseError, load_cases
from .engine import Engine, EngineError, Hello, make_engine
from .runner import CaseResult, listed, read_skip_file, run_case

ENGINE_KEY = pytest.StashKey[tuple[Engine, Hello]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rummy-spec conformance")
    group.addoption("--rummy-engine", metavar="CMD",
                    help="the engine's command line (or 'reference'): run the suite on it")
    group.addoption("--rummy-variant", action="append", default=[], metavar="V",
                    help="only this variant's cases (repeatable)")
    group.addoption("--rummy-case", action="append", default=[], metavar="GLOB",
                    help="only cases whose id matches (repeatable)")
    group.addoption("--rummy-cases", metavar="DIR", help="another cases directory")
    group.addoption("--rummy-skip-file", metavar="F", help="cases expected to fail")
    group.addoption("--rummy-timeout", type=float, default=10.0, metavar="S",
                    help="seconds to wait for each reply (default 10)")


class CaseFailure(Exception):
    def __init__(self, result: CaseResult) -> None:
        super().__init__(result.message)
        self.result = result


class CaseItem(pytest.Item):
    def __init__(self, *, case: Case, skip_entry: str | None, **kw: Any) -> None:
        super().__init__(**kw)
        self.case = case
        self.skip_entry = skip_entry
        self.add_marker(pytest.mark.rummy_variant(case.variant))

    def runtest(self) -> None:
        try:
            engine, hello = _engine(self.config)
        except EngineError as err:
            raise CaseFailure(CaseResult(self.case.id, "errored", self.case.rule,
                                         self.case.variant, None,
                                         [f"the engine did not start: {err}"])) from None
        result = run_case(engine, hello, self.case)
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
        if isinstance(excinfo.value, CaseFailure):
            r = excinfo.value.result
            return "\n".join([f"{r.status}: {self.case.id} ({self.case.rule})", *r.lines])
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.case.path, 0, f"case {self.case.id}"


class Suite(pytest.Collector):
    def collect(self) -> Iterator[CaseItem]:
        cfg = self.config
        root = Path(cfg.getoption("rummy_cases") or suite_root() / "cases")
        skip_file = cfg.getoption("rummy_skip_file")
        try:
            entries = read_skip_file(Path(skip_file)) if skip_file else []
            cases = load_cases(root, cfg.getoption("rummy_variant"),
                               cfg.getoption("rummy_case"))
        except (CaseError, ValueError) as err:
            raise pytest.UsageError(str(err)) from None
        for case in cases:
            yield CaseItem.from_parent(self, name=case.id, case=case,
                                       skip_entry=listed(case.id, entries))


def _engine(config: pytest.Config) -> tuple[Engine, Hello]:
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


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    if not config.getoption("rummy_engine"):
        return
    suite = Suite.from_parent(session, name="rummy-conformance")
    items.extend(suite.collect())
