"""The language server's reading loop: bounded, and answering every request.

pygls's own loop trusts its client: a ``Content-Length`` of a terabyte is read for ever,
a request whose parameters do not fit the protocol (a negative line, a line of 2^31) is
dropped unanswered with a traceback on stderr, and JSON that is not JSON is logged as a
traceback too.  This loop reads the same framing with limits stated here, answers a
request it cannot take with a JSON-RPC error naming why (and its id), and logs one line
per fault, never a traceback:

====================  ===========  ==============================================
limit                 value        what happens past it
====================  ===========  ==============================================
``MOST_HEADER``       4 KiB        a header line longer is cut and the frame skipped
``MOST_MESSAGE``      16 MiB       the body is read and thrown away, one line logged
====================  ===========  ==============================================

A spec is at most 100,000 characters (E060), so a document message is well under the
message limit even with every character escaped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import IO, Any

from lsprotocol import types

MOST_HEADER = 4096
MOST_MESSAGE = 16 * 1024 * 1024
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
log = logging.getLogger("rummy_spec.lsp")


class _OneLine(logging.Handler):
    """Every log record as one line on stderr: no traceback, control characters
    escaped (a message may quote what the client sent)."""

    def emit(self, record: logging.LogRecord) -> None:
        from .textsafe import outside_text

        try:
            text = record.getMessage().strip().split("\n", 1)[0]
            sys.stderr.write(f"rummy-spec lsp: {outside_text(text, 300)}\n")
            sys.stderr.flush()
        except Exception:
            pass


def quiet_logging() -> None:
    """pygls and this server log warnings and errors as single lines."""
    handler = _OneLine(logging.WARNING)
    for name in ("pygls", "rummy_spec.lsp"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.WARNING)


class _Reader:
    """Standard input read in a worker thread, a line or a block at a time, bounded."""

    def __init__(self, stream: IO[bytes], pool: ThreadPoolExecutor | None) -> None:
        self.stream = stream
        self.pool = pool

    async def line(self) -> bytes:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, self.stream.readline, MOST_HEADER)

    async def block(self, n: int) -> bytes:
        loop = asyncio.get_running_loop()
        out: list[bytes] = []
        while n > 0:
            chunk = await loop.run_in_executor(self.pool, self.stream.read, min(n, 1 << 20))
            if not chunk:
                break
            out.append(chunk)
            n -= len(chunk)
        return b"".join(out)


def _reply_error(protocol: Any, ident: Any, code: int, message: str) -> None:
    protocol._send_data(types.ResponseErrorMessage(
        id=ident, error=types.ResponseError(code=code, message=message)))


def _request_id(data: Any) -> Any:
    """The id of a request (an int or a string), None otherwise."""
    if isinstance(data, dict) and "method" in data:
        ident = data.get("id")
        if isinstance(ident, (int, str)) and not isinstance(ident, bool):
            return ident
    return None


def dispatch(protocol: Any, body: bytes) -> None:
    """One message body: parsed, checked, handed to pygls, or answered with an error."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        _reply_error(protocol, None, PARSE_ERROR, "the message is not JSON")
        log.warning("a message that is not JSON was answered with a parse error")
        return
    ident = _request_id(data)
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0":
        _reply_error(protocol, ident, INVALID_REQUEST, "not a JSON-RPC 2.0 message")
        log.warning("a message that is not JSON-RPC 2.0 was refused")
        return
    if protocol._shutdown and data.get("method") not in (None, "exit"):
        if ident is not None:
            _reply_error(protocol, ident, INVALID_REQUEST, "the server is shutting down")
        return
    try:
        message = protocol.structure_message(data)
    except Exception as err:
        if ident is not None:
            code = getattr(err, "code", INVALID_PARAMS)
            _reply_error(protocol, ident, code if isinstance(code, int) else INVALID_PARAMS,
                         f"the parameters of '{str(data.get('method'))[:80]}' do not fit "
                         "the protocol (a position out of range, a field missing or of the "
                         "wrong type)")
        log.warning("a message whose parameters do not fit the protocol was refused")
        return
    try:
        protocol.handle_message(message)
    except Exception as err:
        if ident is not None:
            _reply_error(protocol, ident, INVALID_REQUEST, "the request could not be handled")
        log.warning("a message could not be handled: %s", type(err).__name__)


async def serve(stop: threading.Event, stream: IO[bytes], protocol: Any,
                pool: ThreadPoolExecutor | None = None) -> None:
    """Read framed messages from ``stream`` until it ends or ``stop`` is set."""
    reader = _Reader(stream, pool)
    while not stop.is_set():
        length: int | None = None
        framed = True
        while True:
            header = await reader.line()
            if not header:
                return
            if not header.endswith(b"\n"):  # longer than MOST_HEADER: not a header
                framed = False
                continue
            if not header.strip():
                break
            name, _, value = header.partition(b":")
            if name.strip().lower() == b"content-length":
                text = value.strip()
                length = int(text) if text.isdigit() and len(text) < 19 else None
                framed = framed and length is not None
        if length is None or not framed:
            log.warning("a message without a valid Content-Length header was skipped")
            continue
        if length > MOST_MESSAGE:
            rest = length
            while rest > 0:  # read and dropped, so the next frame is found
                got = await reader.block(min(rest, 1 << 20))
                if not got:
                    return
                rest -= len(got)
            log.warning("a message of %d bytes (more than %d) was skipped", length,
                        MOST_MESSAGE)
            continue
        body = await reader.block(length)
        if len(body) < length:
            return
        dispatch(protocol, body)
        await asyncio.sleep(0)  # let answers and scheduled checks run between messages


__all__ = ["MOST_HEADER", "MOST_MESSAGE", "dispatch", "quiet_logging", "serve"]
