"""The check that a Ray cluster answers at an address before ``ray.init`` is asked to join
it: small servers on 127.0.0.1 that are not Ray (a web server, a silent one, an HTTP/2
server with no such method, one that never stops sending) are refused in seconds, one
that answers like Ray's GCS is taken, and so is a real Ray GCS (with the ``cluster``
extra)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

import pytest

from rummy_spec.analysis import rayprobe as rp
from rummy_spec.analysis.rayprobe import ProbeError, frame, probe
from rummy_spec.analysis.runner import REACH_SECONDS, ClusterError, _auth_headers, _reachable

Handler = Callable[[socket.socket, threading.Event], None]


@contextmanager
def serving(handle: Handler) -> Iterator[int]:
    """A server on an ephemeral port of 127.0.0.1 running ``handle`` on every connection
    in a thread; ``handle`` is given an event set when the test is over."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    over = threading.Event()

    def one(conn: socket.socket) -> None:
        with conn, suppress(OSError):  # OSError: the probe hung up first
            handle(conn, over)

    def accept() -> None:
        while not over.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=one, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        over.set()
        thread.join(5)
        listener.close()


def refusal(port: int, seconds: float = REACH_SECONDS, client: bool = False,
            host: str = "127.0.0.1") -> str:
    """The probe's refusal of host:port (the test fails if it takes the address),
    reached in bounded time: a guard against hangs, not a benchmark."""
    start = time.monotonic()
    with pytest.raises(ProbeError) as caught:
        probe(host, port, seconds, client=client)
    assert time.monotonic() - start < 15
    text = str(caught.value)
    assert "\n" not in text
    return text


def exactly(conn: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = conn.recv(n - len(out))
        if not chunk:
            raise ConnectionError("closed")
        out += chunk
    return out


def next_frame(conn: socket.socket) -> tuple[int, int, int, bytes]:
    head = exactly(conn, 9)
    length = int.from_bytes(head[:3], "big")
    return head[3], head[4], int.from_bytes(head[5:], "big"), exactly(conn, length)


def hpack_int(block: bytes, i: int) -> tuple[int, int]:
    """A 7-bit-prefix HPACK integer at ``block[i]`` (the string's H bit must be 0)."""
    assert not block[i] & 0x80, "a Huffman-coded string"
    n, i = block[i] & 0x7F, i + 1
    if n == 127:
        shift = 0
        while True:
            n += (block[i] & 0x7F) << shift
            shift, i = shift + 7, i + 1
            if not block[i - 1] & 0x80:
                break
    return n, i


def read_call(conn: socket.socket) -> tuple[dict[str, str], bytes]:
    """The client's preface, then its frames up to the end of stream 1: the call's
    headers (decoding only what the probe sends: literal fields, new names, no Huffman)
    and its body."""
    assert exactly(conn, len(rp.PREFACE)) == rp.PREFACE
    block, body = b"", b""
    while True:
        kind, flags, stream, payload = next_frame(conn)
        if stream == 1 and kind in (rp.HEADERS, rp.CONTINUATION):
            block += payload
        if stream == 1 and kind == rp.DATA:
            body += payload
            if flags & rp.END_STREAM:
                break
    headers: dict[str, str] = {}
    i = 0
    while i < len(block):
        assert block[i] == 0, "not a literal field without indexing, new name"
        n, i = hpack_int(block, i + 1)
        name, i = block[i:i + n].decode(), i + n
        n, i = hpack_int(block, i)
        headers[name], i = block[i:i + n].decode(), i + n
    return headers, body


SETTINGS = frame(rp.SETTINGS, 0, 0, (3).to_bytes(2, "big") + (100).to_bytes(4, "big"))
STATUS_200, STATUS_404 = b"\x88", b"\x8d"  # HPACK static table entries 8 and 13
CLUSTER_ID = b"\x12\x1c" + bytes(range(28))  # GetClusterIdReply.cluster_id, 28 bytes


def gcs_reply(message: bytes) -> list[bytes]:
    """What a GCS sends back for the call, after its SETTINGS: frames in the order a gRPC
    server may mix them, the message cut in two DATA frames, the first one padded."""
    grpc = b"\x00" + len(message).to_bytes(4, "big") + message
    return [frame(0x8, 0, 0, (65535).to_bytes(4, "big")),  # WINDOW_UPDATE
            frame(rp.SETTINGS, rp.ACK, 0, b""),
            frame(rp.PING, 0, 0, bytes(8)),
            frame(rp.HEADERS, rp.END_HEADERS, 1, STATUS_200),
            frame(rp.DATA, rp.PADDED, 1, b"\x02" + grpc[:3] + b"\x00\x00"),
            frame(rp.DATA, 0, 1, grpc[3:]),
            frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1, b"\x00\x0bgrpc-status\x010")]


def fake_gcs(message: bytes = CLUSTER_ID, token: str | None = None,
             seen: list[dict[str, str]] | None = None) -> Handler:
    """A server that answers GetClusterId like Ray's GCS (``message``), a byte at a time so
    frames come split across reads; any other call gets gRPC status 12 (UNIMPLEMENTED), a
    call without the token status 16 (UNAUTHENTICATED), as headers alone."""
    def handle(conn: socket.socket, over: threading.Event) -> None:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        headers, body = read_call(conn)
        if seen is not None:
            seen.append(headers)
        conn.sendall(SETTINGS)
        kind, flags, _, _ = next_frame(conn)
        assert (kind, flags) == (rp.SETTINGS, rp.ACK), "the client did not ack SETTINGS"
        called = (headers.get(":path") == rp.GCS_METHOD and body == bytes(5)
                  and headers.get("content-type") == "application/grpc")
        signed = token is None or headers.get("authorization") == f"Bearer {token}"
        if not called or not signed:
            status = b"12" if not called else b"16"
            conn.sendall(frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1,
                               STATUS_200 + b"\x00\x0bgrpc-status\x02" + status))
            over.wait(10)
            return
        for byte in b"".join(gcs_reply(message)):
            conn.sendall(bytes((byte,)))
            time.sleep(0.0005)
        over.wait(10)
    return handle


def test_an_answer_like_ray_s_gcs_is_taken() -> None:
    seen: list[dict[str, str]] = []
    with serving(fake_gcs(seen=seen)) as port:
        probe("127.0.0.1", port, REACH_SECONDS)
    assert seen == [{":method": "POST", ":scheme": "http", ":path": rp.GCS_METHOD,
                     ":authority": f"127.0.0.1:{port}", "content-type": "application/grpc",
                     "te": "trailers"}]


@pytest.mark.parametrize("token", ["t0k3n", "x" * 20000])  # the long one needs CONTINUATION
def test_extra_headers_go_with_the_call(token: str) -> None:
    with serving(fake_gcs(token=token)) as port:
        assert refusal(port) == rp.NO_TOKEN
        probe("127.0.0.1", port, REACH_SECONDS, headers=[("Authorization", f"Bearer {token}")])


def test_an_empty_reply_is_not_ray() -> None:
    with serving(fake_gcs(message=b"")) as port:
        assert refusal(port) == f"{rp.NOT_RAY} (an empty reply)"


def http1(conn: socket.socket, over: threading.Event) -> None:
    """A web server's answer to the preface, the connection then kept open."""
    conn.recv(1024)
    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    over.wait(30)


def silent(conn: socket.socket, over: threading.Event) -> None:
    over.wait(30)


def hangs_up(conn: socket.socket, over: threading.Event) -> None:
    conn.recv(1024)


@pytest.mark.parametrize("client", [False, True])
def test_a_web_server_is_not_ray(client: bool) -> None:
    with serving(http1) as port:  # refused on its first bytes, not at the deadline
        assert refusal(port, seconds=30, client=client) == rp.NOT_GRPC


@pytest.mark.parametrize("client", [False, True])
def test_a_silent_server_is_given_up_on(client: bool) -> None:
    with serving(silent) as port:
        assert refusal(port, client=client) == f"no answer within {REACH_SECONDS:g} s"


def test_a_server_that_hangs_up_is_not_ray() -> None:
    with serving(hangs_up) as port:
        assert refusal(port) == "it closed the connection without an answer"


def http2_then(*frames: bytes, call: bool = True) -> Handler:
    """An HTTP/2 server that reads the call (or only the preface and SETTINGS: no call)
    and answers its SETTINGS then ``frames``."""
    def handle(conn: socket.socket, over: threading.Event) -> None:
        if call:
            read_call(conn)
        else:
            assert exactly(conn, len(rp.PREFACE)) == rp.PREFACE
            assert next_frame(conn)[:2] == (rp.SETTINGS, 0)
        conn.sendall(SETTINGS + b"".join(frames))
        over.wait(10)
    return handle


@pytest.mark.parametrize(("frames", "why"), [
    ((frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1, STATUS_404),),
     "(HTTP status 404)"),  # a proxy's 404
    ((frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1, b"\x00\x07:status\x03502"),),
     "(HTTP status 502)"),
    ((frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1,
            STATUS_200 + b"\x00\x0bgrpc-status\x0212"),),
     "(a gRPC server without the GCS's methods)"),
    # the status added to the dynamic table by the first block, named by index 62 after
    ((frame(rp.HEADERS, rp.END_HEADERS, 1, STATUS_200 + b"@\x0bgrpc-status\x0214"),
      frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1, b"\xbe")), "(gRPC status 14)"),
    # a Huffman-coded status is not read
    ((frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1,
            STATUS_200 + b"\x00\x0bgrpc-status\x81\x09"),), "(an error instead of a reply)"),
    ((frame(rp.HEADERS, rp.END_HEADERS, 1, STATUS_200),
      frame(rp.RST_STREAM, 0, 1, (2).to_bytes(4, "big"))), "(it reset the call)"),
    ((frame(rp.GOAWAY, 0, 0, bytes(4) + (1).to_bytes(4, "big")),), "(it refused the call)"),
    ((frame(rp.HEADERS, rp.END_HEADERS, 1, STATUS_200),
      frame(rp.DATA, rp.END_STREAM, 1, b"\x00\x00")), "(no reply message)"),
    ((frame(rp.HEADERS, rp.END_HEADERS, 1, STATUS_200),), f"within {REACH_SECONDS:g} s"),
    (((2**24 - 1).to_bytes(3, "big") + bytes(6),), "(a frame of 16777215 bytes)"),
])
def test_http2_without_a_gcs_is_not_ray(frames: tuple[bytes, ...], why: str) -> None:
    with serving(http2_then(*frames)) as port:
        assert refusal(port) == f"{rp.NOT_RAY} {why}"


RAY_NO_TOKEN = (b"\x88@\x0ccontent-type\x10application/grpc\x00\x0bgrpc-status\x0216"
                b"\x00\x0cgrpc-message>InvalidAuthToken: Authentication token is missing "
                b"or incorrect")  # what Ray 2.60's GCS sends a call without its token


@pytest.mark.parametrize("frames", [
    (frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1, RAY_NO_TOKEN),),
    # padded, with a priority, the block cut in a CONTINUATION; a long value before
    (frame(rp.HEADERS, rp.PADDED | rp.PRIORITY | rp.END_STREAM, 1,
           b"\x03" + bytes(5) + b"\x88\x00\x0cgrpc-message\x7f\x81\x01" + b"m" * 256
           + b"\x00\x0bgrpc" + bytes(3)),
     frame(rp.CONTINUATION, rp.END_HEADERS, 1, b"-status\x0216")),
])
def test_a_gcs_that_wants_a_token_says_so(frames: tuple[bytes, ...]) -> None:
    with serving(http2_then(*frames)) as port:
        assert refusal(port) == rp.NO_TOKEN


def test_http2_is_enough_for_ray_client() -> None:
    with serving(http2_then(call=False)) as port:
        probe("127.0.0.1", port, REACH_SECONDS, client=True)


def endless(first: bytes, then: bytes) -> Handler:
    def handle(conn: socket.socket, over: threading.Event) -> None:
        conn.sendall(first)
        while not over.is_set():
            conn.sendall(then)
    return handle


def test_endless_bytes_are_not_read_for_ever() -> None:
    with serving(endless(b"", bytes(4096))) as port:
        assert refusal(port, seconds=60) == rp.NOT_GRPC
    pings = frame(rp.PING, rp.ACK, 0, bytes(8)) * 100  # valid frames, never the reply
    with serving(endless(SETTINGS, pings)) as port:
        assert refusal(port, seconds=60) == f"{rp.NOT_RAY} in the first 64 KiB it sent"


@pytest.fixture(scope="module")
def gcs_address() -> Iterator[str]:
    """The GCS of a Ray instance started here (Ray allows one per process: shut down after
    the module, as tests/analysis/test_ray.py does)."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (extra 'cluster')")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()


def test_a_real_ray_gcs_is_taken(gcs_address: str) -> None:
    ray = pytest.importorskip("ray")
    host, _, port = gcs_address.rpartition(":")
    probe(host, int(port), REACH_SECONDS, headers=_auth_headers(ray))  # as connect() does
    probe(host, int(port), REACH_SECONDS, client=True)


def test_a_real_ray_gcs_without_its_token_says_so(gcs_address: str) -> None:
    ray = pytest.importorskip("ray")
    if not _auth_headers(ray):
        pytest.skip("this Ray instance runs without token authentication")
    host, _, port = gcs_address.rpartition(":")
    assert refusal(int(port), host=host) == rp.NO_TOKEN


class _NoLoader:
    """A Ray without the token loader this code knows (an older or newer release)."""

    _raylet = None


def test_a_token_wanted_is_left_to_ray_when_token_mode_is_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no token header can be made here but RAY_AUTH_MODE=token is set, Ray itself
    sends the token: the status-16 refusal must not stop it.  Without token mode, the
    refusal says what is missing."""
    with serving(http2_then(frame(rp.HEADERS, rp.END_HEADERS | rp.END_STREAM, 1,
                                  RAY_NO_TOKEN))) as port:
        monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
        with pytest.raises(ClusterError, match="unauthenticated"):
            _reachable(f"127.0.0.1:{port}", _NoLoader())
        monkeypatch.setenv("RAY_AUTH_MODE", "token")
        _reachable(f"127.0.0.1:{port}", _NoLoader())  # no refusal: ray.init goes on
