"""Open the built site in headless Chromium and check what a visitor would see.

``python -m tests.browser.check_site docs/_build/html`` serves the folder on localhost,
starts Debian's Chromium headless, and loads every page through the DevTools protocol.
For each page it fails on: a console error or an uncaught exception; a resource that
failed to load (a 404 for a script, style or image); an image (a figure) that did not
load or has no size; a link into the site whose page does not exist or whose ``#anchor``
is on no element of that page.  It prints one line per fault and exits 1 if there was
any, 0 otherwise.  Exit 2: no Chromium, or no built site.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import websocket

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0"]

# what a page reports once loaded: its figures, links and ids
REPORT = """JSON.stringify({
  images: Array.from(document.images).map(i => ({src: i.currentSrc || i.src,
      ok: i.complete && i.naturalWidth > 0, alt: i.getAttribute('alt')})),
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id)
    .concat(Array.from(document.querySelectorAll('a[name]')).map(a => a.name))
})"""


@dataclass
class Visit:
    url: str
    errors: list[str] = field(default_factory=list)
    images: list[dict[str, Any]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class Browser:
    """One headless Chromium, driven over one DevTools websocket (one tab)."""

    def __init__(self, binary: str) -> None:
        self.ws: websocket.WebSocket | None = None
        self.profile = tempfile.mkdtemp(prefix="rummy-chromium-")
        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise RuntimeError("Chromium did not start (no DevTools port)")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        with urlopen_json(f"http://127.0.0.1:{port}/json/list") as tabs:
            page = next(t for t in tabs if t.get("type") == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30,
                                               suppress_origin=True)
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        assert self.ws is not None
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)

    def visit(self, url: str) -> Visit:
        self.events = []
        assert self.ws is not None
        self.call("Page.navigate", url=url)
        deadline = time.monotonic() + 30
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            if time.monotonic() > deadline:
                return Visit(url, ["the page did not finish loading in 30 s"])
            self.events.append(json.loads(self.ws.recv()))
        self.call("Runtime.evaluate", expression="new Promise(r => setTimeout(r, 100))",
                  awaitPromise=True)
        value = self.call("Runtime.evaluate", expression=REPORT, returnByValue=True)
        report = json.loads(value["result"]["value"])
        visit = Visit(url, _errors(self.events), report["images"], report["links"],
                      set(report["ids"]))
        return visit

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class urlopen_json:
    """``with urlopen_json(url) as data``: a local JSON endpoint, read whole."""

    def __init__(self, url: str) -> None:
        import urllib.request

        with urllib.request.urlopen(url, timeout=10) as answer:
            self.data = json.loads(answer.read().decode())

    def __enter__(self) -> Any:
        return self.data

    def __exit__(self, *exc: object) -> None:
        pass


def _browser_own(params: dict[str, Any]) -> bool:
    """A request the browser makes by itself, not the page: the site icon it looks for."""
    url = str(params.get("response", params.get("entry", {})).get("url", ""))
    return urlsplit(url).path == "/favicon.ico"


def _errors(events: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for e in events:
        method, params = e.get("method"), e.get("params", {})
        if _browser_own(params):
            continue
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(str(a.get("value", a.get("description", "")))
                            for a in params.get("args", []))
            out.append(f"console error: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            out.append("uncaught exception: "
                       + str(details.get("exception", {}).get("description", details)))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            out.append(f"error: {entry.get('text')} {entry.get('url', '')}".strip())
        elif method == "Network.responseReceived":
            response = params.get("response", {})
            if response.get("status", 200) >= 400:
                out.append(f"HTTP {response['status']}: {response.get('url')}")
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            out.append(f"failed to load: {params.get('errorText')}")
    return out


def check(folder: Path, binary: str) -> list[str]:
    """Every fault of the site in ``folder``, one line each (empty: all good)."""
    pages = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html"))
    server, base = serve(folder)
    browser = Browser(binary)
    faults: list[str] = []
    visits: dict[str, Visit] = {}
    try:
        for page in pages:
            visit = browser.visit(f"{base}/{page}")
            visits[page] = visit
            faults += [f"{page}: {e}" for e in visit.errors]
            for image in visit.images:
                if not image["ok"]:
                    faults.append(f"{page}: the image {image['src']} did not load")
                if image["alt"] is None:
                    faults.append(f"{page}: the image {image['src']} has no alt text")
    finally:
        browser.close()
        server.shutdown()
    for page, visit in visits.items():
        for link in visit.links:
            target, anchor = urldefrag(link)
            if not target.startswith(base):
                continue  # outside the site: not checked (the build runs offline)
            path = unquote(urlsplit(target).path).lstrip("/") or "index.html"
            if path.endswith("/"):
                path += "index.html"
            if not (folder / path).is_file():
                faults.append(f"{page}: a link to {path}, which does not exist")
            elif anchor and path in visits and anchor not in visits[path].ids:
                faults.append(f"{page}: a link to {path}#{anchor}, an anchor not on it")
    if not pages:
        faults.append(f"{folder}: no pages")
    return faults


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.browser.check_site BUILT_SITE_FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    if not (folder / "index.html").is_file():
        print(f"check_site: {folder}: no built site (run make docs)", file=sys.stderr)
        return 2
    binary = os.environ.get("CHROMIUM", "") or shutil.which("chromium") or ""
    if not binary:
        print("check_site: no chromium on PATH (apt-get install chromium)", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        faults = check(folder, binary)
    except (OSError, RuntimeError, websocket.WebSocketException) as err:
        print(f"check_site: the browser failed: {err}", file=sys.stderr)
        return 2
    for fault in faults:
        print(fault)
    count = len(list(folder.rglob("*.html")))
    print(f"check_site: {count} pages, {len(faults)} faults, "
          f"{time.monotonic() - started:.1f} s")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
