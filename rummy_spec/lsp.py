"""``rummy-spec lsp``: a language server for spec files, on pygls (the ``lsp`` extra).

Diagnostics as you type come from the same checker as ``rummy-spec check``; hover shows
the clause's row of the language reference; completion offers the clauses and words the
grammar allows at the cursor; go-to-definition on ``extends`` opens the parent; formatting
is ``rummy-spec fmt``.  The answers themselves live in ``rummy_spec.lang.editor``.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from . import __version__
from .lang import SpecError, editor
from .lang.errors import Diagnostic
from .lang.fmt import FormatError, format_text
from .lang.parents import parent_completions


def _path(uri: str) -> str:
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def _range(d: Diagnostic) -> types.Range:
    s = d.span
    line = max(s.line - 1, 0)
    end_line = max(s.end_line - 1, line)
    end = s.end_column - 1 if s.end_line >= s.line else s.column
    return types.Range(types.Position(line, max(s.column - 1, 0)),
                       types.Position(end_line, max(end, s.column)))


def to_lsp(d: Diagnostic) -> types.Diagnostic:
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    severity = (types.DiagnosticSeverity.Error if d.severity == "error"
                else types.DiagnosticSeverity.Warning)
    return types.Diagnostic(range=_range(d), message=message, severity=severity,
                            code=d.code, source="rummy-spec")


def _roots(server: LanguageServer) -> list[Path]:
    """The workspace folders the editor opened, as local paths."""
    uris = [f.uri for f in server.workspace.folders.values()]
    if not uris and server.workspace.root_uri:
        uris = [server.workspace.root_uri]
    return [Path(_path(u)) for u in uris if urlparse(u).scheme == "file"]


def parent_items(server: LanguageServer, source: str, params: types.CompletionParams
                 ) -> list[types.CompletionItem] | None:
    """After ``extends``: built-in names, this file's variants, the workspace's spec files."""
    uri = params.text_document.uri
    here = Path(_path(uri)) if urlparse(uri).scheme == "file" else None
    line, column = params.position.line, params.position.character
    found = parent_completions(source, line, column, here, _roots(server))
    if found is None:
        return None
    return [types.CompletionItem(
        label=p.text, detail=p.detail,
        kind=types.CompletionItemKind.File if p.is_file else types.CompletionItemKind.Module,
        text_edit=types.TextEdit(range=types.Range(types.Position(line, p.column),
                                                   params.position), new_text=p.text))
        for p in found]


def build_server() -> LanguageServer:
    server = LanguageServer("rummy-spec", __version__)

    def publish(uri: str) -> None:
        doc = server.workspace.get_text_document(uri)
        found = editor.diagnostics(doc.source, _path(uri))
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=doc.version, diagnostics=[to_lsp(d) for d in found]))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
        doc = server.workspace.get_text_document(params.text_document.uri)
        text = editor.hover(doc.source, params.position.line, params.position.character)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                        value=text))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", "{", '"']))
    def complete(ls: LanguageServer, params: types.CompletionParams) -> types.CompletionList:
        doc = server.workspace.get_text_document(params.text_document.uri)
        here = params.position
        parents = parent_items(server, doc.source, params)
        if parents is not None:
            return types.CompletionList(is_incomplete=False, items=parents)
        items = [types.CompletionItem(
            label=c.text, detail=c.detail, kind=types.CompletionItemKind.Keyword,
            text_edit=types.TextEdit(range=types.Range(types.Position(here.line, c.column),
                                                       here), new_text=c.text))
            for c in editor.completions(doc.source, here.line, here.character)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: LanguageServer,
                   params: types.DefinitionParams) -> types.Location | None:
        doc = server.workspace.get_text_document(params.text_document.uri)
        span = editor.parent_location(doc.source, _path(params.text_document.uri),
                                      params.position.line, params.position.character)
        if span is None:
            return None
        start = types.Position(span.line - 1, span.column - 1)
        end = types.Position(span.end_line - 1, span.end_column - 1)
        return types.Location(uri=Path(span.path).resolve().as_uri(),
                              range=types.Range(start, end))

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: LanguageServer,
                   params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        doc = server.workspace.get_text_document(params.text_document.uri)
        try:
            formatted = format_text(doc.source, _path(params.text_document.uri))
        except (SpecError, FormatError):
            return None  # the diagnostics already say why
        if formatted == doc.source:
            return []
        lines = doc.source.split("\n")
        whole = types.Range(types.Position(0, 0), types.Position(len(lines), 0))
        return [types.TextEdit(range=whole, new_text=formatted)]

    return server


def main() -> None:
    build_server().start_io()
