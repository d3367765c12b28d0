"""Ask HOST:PORT whether a Ray cluster answers there, within a few seconds.

``ray.init`` given an address where something else listens (a web server, a proxy) retries
for minutes and prints Ray's own warnings while it does.  So before it is called, the
address is asked one question the way Ray asks it, with nothing but a socket.

Ray's GCS (the head node's control service, the port ``ray start --head`` prints, 6379 by
default) is a gRPC server: HTTP/2 in clear text, the client speaking first (prior
knowledge, RFC 9113 section 3.3).  The probe sends the client preface, an empty SETTINGS
frame and one unary call, ``/ray.rpc.NodeInfoGcsService/GetClusterId`` with an empty
request, and waits for the reply's message: a GCS answers with the cluster's id, so a
DATA frame carrying a non-empty gRPC message is taken for a Ray GCS and anything else is
refused.  The names are those of Ray's generated code (``ray/core/generated/
gcs_service_pb2_grpc.py``, Ray 2.60: ``channel.unary_unary('/ray.rpc.NodeInfoGcsService/
GetClusterId', ...)``, request ``GetClusterIdRequest``, a message with no fields, reply
``GetClusterIdReply`` with fields ``status`` and ``cluster_id``).

``ray://HOST:PORT`` is Ray Client, another gRPC service (``ray.rpc.RayletDriver``, a
Python server in front of the cluster) that serves none of the GCS's methods.  Its server
needs grpcio (the ``ray[client]`` extra), so no call to it can be checked here against a
real one; there only the HTTP/2 answer to the preface (the server's SETTINGS frame) is
asked for, which still turns away anything that does not speak HTTP/2.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Sequence
from typing import NoReturn

GCS_METHOD = "/ray.rpc.NodeInfoGcsService/GetClusterId"
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
MOST_BYTES = 64 * 1024  # read no more than this from the address, whatever it sends
MAX_FRAME = 16384  # the initial SETTINGS_MAX_FRAME_SIZE; this client advertises no other

# Frame types and flags (RFC 9113 section 6).
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, CONTINUATION = 0, 1, 3, 4, 6, 7, 9
END_STREAM, ACK, END_HEADERS, PADDED, PRIORITY = 0x1, 0x1, 0x4, 0x8, 0x20
STREAM = 1  # the one call's stream

NOT_GRPC = "something answers there, but not a Ray cluster (it does not speak gRPC)"
NOT_RAY = "it speaks HTTP/2 but no Ray GCS answered"
# A GCS with token authentication answers a call without the right token with gRPC status
# 16, UNAUTHENTICATED.  Ray 2.60 turns it on for a cluster ray.init() starts, and for
# `ray start --head` where a token exists; it sends the token only with RAY_AUTH_MODE=token.
NO_TOKEN = ("it refuses the call as unauthenticated: a Ray cluster with token "
            "authentication wants RAY_AUTH_MODE=token here and its token in RAY_AUTH_TOKEN, "
            "RAY_AUTH_TOKEN_PATH or ~/.ray/auth_token")


class ProbeError(Exception):
    """Why the address is not taken for a Ray cluster (one line, for the user)."""


class TokenWanted(ProbeError):
    """A gRPC server refused the call as unauthenticated (a Ray cluster wanting a token)."""


def probe(host: str, port: int, seconds: float, client: bool = False,
          headers: Sequence[tuple[str, str]] = ()) -> None:
    """Return if a Ray GCS answers at ``host:port`` (``client``: if an HTTP/2 server
    does, for Ray Client) within ``seconds`` in all, else raise :class:`ProbeError`.
    ``headers`` go with the GCS call (Ray's authentication token, if it has one)."""
    deadline = time.monotonic() + seconds
    try:
        sock = socket.create_connection((host.strip("[]"), port), timeout=seconds)
    except TimeoutError:
        raise ProbeError(f"no answer within {seconds:g} s") from None
    except OSError as err:
        raise ProbeError(err.strerror or str(err) or type(err).__name__) from None
    except ValueError:  # the IDNA codec refuses the name (an empty label, or over 63 long)
        raise ProbeError(f"'{host}' is not a host name") from None
    with sock:
        link = _Link(sock, deadline, seconds)
        try:
            if client:
                link.send(PREFACE + frame(SETTINGS, 0, 0, b""))
                link.server_preface()
                link.send(frame(GOAWAY, 0, 0, bytes(8)))  # done: last stream 0, no error
            else:
                link.send(PREFACE + frame(SETTINGS, 0, 0, b"")
                          + request(f"{_authority(host)}:{port}", headers))
                link.server_preface()
                link.gcs_reply()
        except OSError as err:  # reset by the peer, or the like
            why = (NOT_RAY if link.http2 else NOT_GRPC if link.read
                   else "it closed the connection without an answer")
            raise ProbeError(f"{why} ({err.strerror or type(err).__name__})") from None


def frame(kind: int, flags: int, stream: int, payload: bytes) -> bytes:
    """One HTTP/2 frame: 9-byte header (length, type, flags, stream) and payload."""
    return (len(payload).to_bytes(3, "big") + bytes((kind, flags))
            + stream.to_bytes(4, "big") + payload)


def request(authority: str, extra: Sequence[tuple[str, str]] = ()) -> bytes:
    """The frames of the GetClusterId call on stream 1: HEADERS (and CONTINUATION if the
    block is long), then DATA ending the stream with the empty request message."""
    fields = [(":method", "POST"), (":scheme", "http"), (":path", GCS_METHOD),
              (":authority", authority), ("content-type", "application/grpc"),
              ("te", "trailers"), *((k.lower(), v) for k, v in extra)]
    block = b"".join(b"\x00" + _string(k) + _string(v) for k, v in fields)
    parts = [block[i:i + MAX_FRAME] for i in range(0, len(block), MAX_FRAME)]
    out = b"".join(frame(HEADERS if i == 0 else CONTINUATION,
                         END_HEADERS if i == len(parts) - 1 else 0, STREAM, part)
                   for i, part in enumerate(parts))
    # gRPC message prefix: not compressed, length 0 (an empty protobuf message is 0 bytes)
    return out + frame(DATA, END_STREAM, STREAM, bytes(5))


def _string(text: str) -> bytes:
    """An HPACK string literal, not Huffman-coded: 7-bit-prefix length, then the bytes.
    Each field is sent as 0x00 + name + value: "literal header field without indexing,
    new name" (RFC 7541 section 6.2.2), which every decoder accepts and which leaves its
    dynamic table alone."""
    data = text.encode("latin-1", errors="replace")
    n, out = len(data), bytearray()
    if n < 127:
        out.append(n)
    else:
        out.append(127)
        n -= 127
        while n >= 128:
            out.append(n % 128 + 128)
            n //= 128
        out.append(n)
    return bytes(out) + data


def _authority(host: str) -> str:
    return f"[{host.strip('[]')}]" if ":" in host else host


class _Link:
    """Frames read from the socket, against one deadline and a cap on bytes read."""

    def __init__(self, sock: socket.socket, deadline: float, seconds: float) -> None:
        self.sock = sock
        self.deadline = deadline
        self.seconds = seconds
        self.buffer = bytearray()
        self.read = 0
        self.http2 = False  # the server's preface came: refusals from now on say NOT_RAY

    def send(self, data: bytes) -> None:
        self.sock.settimeout(max(0.01, self.deadline - time.monotonic()))
        try:
            self.sock.sendall(data)
        except TimeoutError:
            raise ProbeError(f"no answer within {self.seconds:g} s") from None

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes, however the peer splits them; a refusal if the
        connection closes, the deadline passes or the cap is reached first."""
        while len(self.buffer) < n:
            left = self.deadline - time.monotonic()
            if left <= 0:
                self._refuse(f"within {self.seconds:g} s")
            if self.read >= MOST_BYTES:
                self._refuse(f"in the first {MOST_BYTES // 1024} KiB it sent")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(min(65536, MOST_BYTES - self.read))
            except TimeoutError:
                self._refuse(f"within {self.seconds:g} s")
            if not chunk:
                self._refuse("before it closed the connection")
            self.read += len(chunk)
            self.buffer += chunk
        out = bytes(self.buffer[:n])
        del self.buffer[:n]
        return out

    def _refuse(self, when: str) -> NoReturn:
        if self.http2:
            raise ProbeError(f"{NOT_RAY} {when}")
        if self.read == 0 and when.startswith("within"):
            raise ProbeError(f"no answer {when}")
        if self.read == 0:
            raise ProbeError("it closed the connection without an answer")
        raise ProbeError(NOT_GRPC)

    def next_frame(self) -> tuple[int, int, int, bytes]:
        head = self.take(9)
        length = int.from_bytes(head[:3], "big")
        stream = int.from_bytes(head[5:], "big") & 0x7FFFFFFF
        if length > MAX_FRAME:  # larger than this client allows: a protocol error
            raise ProbeError(f"{NOT_RAY} (a frame of {length} bytes)")
        return head[3], head[4], stream, self.take(length)

    def server_preface(self) -> None:
        """The server's first frame must be SETTINGS, on stream 0, not an ACK, a whole
        number of 6-byte settings (RFC 9113 section 3.4); anything else (an HTTP/1 status
        line, a TLS alert...) is not HTTP/2.  Checked on the header before reading the
        payload, whose "length" may be text."""
        head = self.take(9)
        length = int.from_bytes(head[:3], "big")
        if (head[3] != SETTINGS or head[4] & ACK or any(head[5:]) or length % 6
                or length > MAX_FRAME):
            raise ProbeError(NOT_GRPC)
        self.take(length)
        self.http2 = True
        self.send(frame(SETTINGS, ACK, 0, b""))

    def gcs_reply(self) -> None:
        """Read frames, any order, until stream 1 brings a non-empty gRPC message."""
        message = b""  # stream 1's DATA so far
        block, ends = b"", False  # a header block coming, and whether it ends the call
        table = _Table()
        while True:
            kind, flags, stream, payload = self.next_frame()
            if kind == SETTINGS and not flags & ACK:
                self.send(frame(SETTINGS, ACK, 0, b""))
            elif kind == PING and not flags & ACK:
                self.send(frame(PING, ACK, 0, payload))
            elif kind == GOAWAY and int.from_bytes(payload[:4], "big") & 0x7FFFFFFF < STREAM:
                raise ProbeError(f"{NOT_RAY} (it refused the call)")
            elif stream != STREAM:
                continue  # WINDOW_UPDATE, PRIORITY, unknown types: nothing to do
            elif kind == RST_STREAM:
                raise ProbeError(f"{NOT_RAY} (it reset the call)")
            elif kind == DATA:
                message += _unpad(payload, flags)
                if len(message) >= 5:  # flag byte, 4-byte length, then the message
                    if int.from_bytes(message[1:5], "big") > 0:
                        return
                    raise ProbeError(f"{NOT_RAY} (an empty reply)")
                if flags & END_STREAM:
                    raise ProbeError(f"{NOT_RAY} (no reply message)")
            elif kind in (HEADERS, CONTINUATION):
                if kind == HEADERS:
                    payload = _unpad(payload, flags)[5 if flags & PRIORITY else 0:]
                    block, ends = b"", bool(flags & END_STREAM)
                block += payload
                if flags & END_HEADERS:
                    fields = table.read(block)
                    if ends:  # the call ended before any message
                        if fields.get("grpc-status") == "16":
                            raise TokenWanted(NO_TOKEN)
                        raise ProbeError(_error(fields))


def _unpad(payload: bytes, flags: int) -> bytes:
    """A DATA or HEADERS payload without its padding (length byte first, padding last)."""
    if not flags & PADDED:
        return payload
    pad = payload[0] if payload else 0
    return payload[1:len(payload) - pad] if pad < len(payload) else b""


def _error(fields: dict[str, str]) -> str:
    """The refusal for a call ended by headers alone, from its gRPC or HTTP status."""
    grpc, http = fields.get("grpc-status"), fields.get(":status")
    if grpc == "12":  # UNIMPLEMENTED
        return f"{NOT_RAY} (a gRPC server without the GCS's methods)"
    if grpc is not None:
        return f"{NOT_RAY} (gRPC status {grpc})"
    if http is not None and http != "200":
        return f"{NOT_RAY} (HTTP status {http})"
    return f"{NOT_RAY} (an error instead of a reply)"


# The entries of HPACK's static table (RFC 7541 appendix A) with ':status', by index.
STATUS = {8: "200", 9: "204", 10: "206", 11: "304", 12: "400", 13: "404", 14: "500"}


class _Table:
    """Just enough HPACK (RFC 7541) to read a status from the server's header blocks: the
    fields whose name and value are plain strings, ':status' from the static table, and
    the dynamic table those blocks fill (a later field may name an entry of it).  Values
    coded with Huffman are not decoded: such a field is left out."""

    def __init__(self) -> None:
        self.dynamic: list[tuple[str | None, str | None]] = []  # newest first

    def read(self, block: bytes) -> dict[str, str]:
        fields: dict[str, str] = {}
        at = 0
        try:
            while at < len(block):
                first = block[at]
                if first & 0x80:  # indexed field
                    index, at = _integer(block, at, 7)
                    name, value = self._entry(index)
                elif first & 0xE0 == 0x20:  # dynamic table size update
                    _, at = _integer(block, at, 5)
                    continue
                else:  # a literal: with incremental indexing, without, or never indexed
                    indexing = first & 0xC0 == 0x40
                    index, at = _integer(block, at, 6 if indexing else 4)
                    name = self._entry(index)[0] if index else None
                    if not index:
                        name, at = _text(block, at)
                    value, at = _text(block, at)
                    if indexing:
                        self.dynamic.insert(0, (name, value))
                if name is not None and value is not None:
                    fields[name] = value
        except IndexError:  # a block cut short: what was read so far
            pass
        return fields

    def _entry(self, index: int) -> tuple[str | None, str | None]:
        if index in STATUS:
            return ":status", STATUS[index]
        if 62 <= index < 62 + len(self.dynamic):
            return self.dynamic[index - 62]
        return None, None  # another static entry: no name read here needs it


def _integer(block: bytes, at: int, bits: int) -> tuple[int, int]:
    """An HPACK integer with a ``bits``-bit prefix at ``block[at]``, and where it ends."""
    most = (1 << bits) - 1
    n, at = block[at] & most, at + 1
    shift = 0
    while n >= most:  # the prefix is full: 7 more bits a byte, while the top bit is set
        byte, at = block[at], at + 1
        n += (byte & 0x7F) << shift
        if not byte & 0x80:
            break
        shift += 7
        if shift > 28:
            raise IndexError("an integer too long")
    return n, at


def _text(block: bytes, at: int) -> tuple[str | None, int]:
    """An HPACK string at ``block[at]`` (None if Huffman-coded), and where it ends."""
    huffman = bool(block[at] & 0x80)
    n, at = _integer(block, at, 7)
    if at + n > len(block):
        raise IndexError("a string past the block")
    return None if huffman else block[at:at + n].decode("latin-1"), at + n
