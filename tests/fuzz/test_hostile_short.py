"""The hostile campaign's short run, in the default tests: a few hundred inputs per
boundary it adds (the formatter on mutated bytes, spec text by grammar, command lines
run, the language server's messages), no fault and no hang.  The long run is
``make fuzz-hostile`` (docs/hardening.md has its figures)."""

from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from .hostile import campaign

SHORT = {"fmt-bytes": 150, "spec-grammar": 150, "argv-run": 150, "lsp": 150,
         "fmt-property": 30}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_short_hostile_run_has_no_fault_and_no_hang(name: str) -> None:
    report = campaign(SHORT[name], 600, seed=7, out=None, only=[name])
    fig = report["boundaries"][name]  # type: ignore[index]
    assert fig["inputs"] == SHORT[name]
    assert fig["faults"] == 0 and fig["hangs"] == 0, fig["examples"]
    if name != "fmt-property":
        assert fig["refused"] > 0  # the mutations reach the refusals
