"""``rummy-spec lsp`` driven by pygls's own client over stdio, as an editor drives it."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[2]
TEXT = """variant house "House" extends continental {
    deal {cards  11}
    lay off { same turn }
    contracts { 8: 2 runn }
}
"""


async def _session(path: Path) -> dict[str, Any]:
    client = LanguageClient("rummy-spec-test", "1")
    published: list[types.PublishDiagnosticsParams] = []
    got = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
    def diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.append(params)
        got.set()

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    await client.start_io(sys.executable, "-m", "rummy_spec.cli", "lsp", env=env)
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=path.parent.as_uri()))
    client.initialized(types.InitializedParams())
    uri = path.as_uri()
    doc = types.TextDocumentIdentifier(uri=uri)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="rummy", version=1,
                                             text=TEXT)))
    await asyncio.wait_for(got.wait(), 60)
    got.clear()
    fixed = TEXT.replace("runn", "runs")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    await asyncio.wait_for(got.wait(), 60)
    out: dict[str, Any] = {"published": published}
    out["hover"] = await client.text_document_hover_async(types.HoverParams(
        text_document=doc, position=types.Position(2, 16)))
    out["completion"] = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc, position=types.Position(2, 14)))
    out["definition"] = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc, position=types.Position(0, 33)))
    out["formatting"] = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc, options=types.FormattingOptions(
            tab_size=4, insert_spaces=True)))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()  # type: ignore[no-untyped-call]
    return out


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("lsp") / "house.rummy"
    path.write_text(TEXT, encoding="utf-8")
    return asyncio.run(_session(path))


def test_diagnostics_as_you_type(session: dict[str, Any]) -> None:
    first, second = session["published"][:2]
    [error] = [d for d in first.diagnostics if d.code == "E012"]
    assert "'runn'" in error.message and error.source == "rummy-spec"
    assert error.range.start == types.Position(3, 21)
    assert error.severity == types.DiagnosticSeverity.Error
    assert not [d for d in second.diagnostics if d.severity == types.DiagnosticSeverity.Error]


def test_hover_shows_the_clause_from_the_language_reference(session: dict[str, Any]) -> None:
    hover = session["hover"]
    assert hover is not None and "same turn" in hover.contents.value
    assert "lay off" in hover.contents.value and "same turn" in hover.contents.value.lower()


def test_completion_offers_the_clauses_of_the_section(session: dict[str, Any]) -> None:
    labels = {item.label for item in session["completion"].items}
    assert {"same turn", "from next turn", "before going down"} <= labels
    assert "never outnumber naturals" not in labels  # a wilds clause, not a lay-off one


def test_definition_goes_to_the_parent(session: dict[str, Any]) -> None:
    location = session["definition"]
    assert location.uri.endswith("/spec/continental.rummy")
    assert location.range.start.line == 6  # "variant continental" is on line 7


def test_formatting_returns_the_canonical_text(session: dict[str, Any]) -> None:
    [edit] = session["formatting"]
    assert edit.new_text.startswith('variant house "House" extends continental {\n'
                                    "    deal { cards 11 }\n")
    assert "    contracts { 8: 2 runs }\n" in edit.new_text


def test_the_textmate_grammar_is_generated_from_the_grammar() -> None:
    import json
    import re

    from rummy_spec.lang.textmate import textmate_json

    shipped = ROOT / "editors" / "vscode" / "syntaxes" / "rummy.tmLanguage.json"
    assert shipped.read_text(encoding="utf-8") == textmate_json()
    grammar = json.loads(textmate_json())
    keywords = [re.compile(p["match"]) for p in grammar["patterns"]
                if p["name"].startswith("keyword.")]
    for word in ("sameturn", "lowor"):
        assert not any(k.fullmatch(word) for k in keywords)
    for word in ("discarding", "claimant", "undercut", "variant", "extends"):
        assert any(k.search(word) for k in keywords), word
