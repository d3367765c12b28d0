"""``rummy-spec lsp``: a language server for spec files, on pygls (the ``lsp`` extra).

Diagnostics as you type come from the same checker as ``rummy-spec check``; hover shows
the clause's row of the language reference; completion offers the clauses and words the
grammar allows at the cursor; go-to-definition on ``extends`` opens the parent; formatting
is ``rummy-spec fmt``.  The answers themselves live in ``rummy_spec.lang.editor``.
"""

from __future__ import annotations

import asyncio
import functools
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from . import __version__
from .lang import SpecError, editor
from .lang.errors import Diagnostic
from .lang.fmt import FormatError, format_text
from .lang.parents import parent_completions
from .lsp_io import log, quiet_logging, serve


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


MOST_DIAGNOSTICS = 1000  # published per document: an editor shows no more usefully
QUIET = 0.25  # seconds without an edit before a changed document is checked again
_T = TypeVar("_T")


def _guarded(handler: Callable[..., _T]) -> Callable[..., _T | None]:
    """A feature that answers None (no hover, no edit) instead of raising: a fault is
    one line on stderr, never a traceback in the reply."""

    @functools.wraps(handler)
    def run(*args: Any) -> _T | None:
        try:
            return handler(*args)
        except Exception as err:
            log.warning("%s failed: %s", handler.__name__, type(err).__name__)
            return None
    return run


def build_server() -> LanguageServer:
    server = LanguageServer("rummy-spec", __version__)
    waiting: dict[str, asyncio.TimerHandle] = {}

    def opened(uri: str) -> TextDocument | None:
        """A document the editor opened; never one read from disk for the asking."""
        doc: TextDocument | None = server.workspace.text_documents.get(unquote(uri))
        return doc

    @_guarded
    def publish(uri: str) -> None:
        waiting.pop(uri, None)
        doc = opened(uri)
        if doc is None or server.protocol._shutdown:
            return
        found = editor.diagnostics(doc.source, _path(uri))[:MOST_DIAGNOSTICS]
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=doc.version, diagnostics=[to_lsp(d) for d in found]))

    def later(uri: str) -> None:
        """Check a document once its edits pause: a burst of edits costs one check."""
        old = waiting.pop(uri, None)
        if old is not None:
            old.cancel()
        try:
            waiting[uri] = asyncio.get_running_loop().call_later(QUIET, publish, uri)
        except RuntimeError:  # no loop (a direct call): at once
            publish(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        later(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        later(params.text_document.uri)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: LanguageServer, params: None) -> None:
        for handle in waiting.values():
            handle.cancel()
        waiting.clear()

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @_guarded
    def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
        doc = opened(params.text_document.uri)
        if doc is None:
            return None
        text = editor.hover(doc.source, params.position.line, params.position.character)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                        value=text))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", "{", '"']))
    @_guarded
    def complete(ls: LanguageServer, params: types.CompletionParams) -> types.CompletionList:
        doc = opened(params.text_document.uri)
        if doc is None:
            return types.CompletionList(is_incomplete=False, items=[])
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
    @_guarded
    def definition(ls: LanguageServer,
                   params: types.DefinitionParams) -> types.Location | None:
        doc = opened(params.text_document.uri)
        if doc is None:
            return None
        span = editor.parent_location(doc.source, _path(params.text_document.uri),
                                      params.position.line, params.position.character)
        if span is None:
            return None
        start = types.Position(span.line - 1, span.column - 1)
        end = types.Position(span.end_line - 1, span.end_column - 1)
        return types.Location(uri=Path(span.path).resolve().as_uri(),
                              range=types.Range(start, end))

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    @_guarded
    def formatting(ls: LanguageServer,
                   params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        doc = opened(params.text_document.uri)
        if doc is None:
            return None
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
    """Serve on standard input and output (``rummy_spec.lsp_io`` reads the messages)."""
    quiet_logging()
    server = build_server()
    stop = threading.Event()
    server._stop_event = stop
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    try:
        asyncio.run(serve(stop, sys.stdin.buffer, server.protocol, server.thread_pool))
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        server.shutdown()  # type: ignore[no-untyped-call]
