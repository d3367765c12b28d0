"""The playground in a real browser: Debian's headless Chromium driven by Playwright's
Python API, over the built site served by ``python -m http.server`` (``make browser-test``,
after ``make docs``).  A broken spec shows its error at its line, the fixed one checks
clean, its rules and rulebook page show, and a hand is played a few moves in; no console
error on the way."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SITE = Path(__file__).resolve().parents[2] / "docs" / "_build" / "html"
CHROMIUM = "/usr/bin/chromium"
# what Chromium needs here: no sandbox as root, no GPU, and no background connections
# (the machine's network is closed: they would fail and fill the console)
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = 240_000  # ms: Pyodide starts in seconds, on a loaded 2-core machine in a minute

BROKEN = """variant house "House Gin" extends gin {
    knock { deadwood 10 }
    deal { cards ten }
}
"""
FIXED = BROKEN.replace("cards ten", "cards 10")


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    if not (SITE / "playground" / "_app" / "app.js").is_file():
        pytest.fail(f"{SITE}: no playground built there; run 'make docs' first")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "--directory", str(SITE)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def replace_text(page: object, text: str) -> None:
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)


def test_the_playground_checks_shows_and_plays(site: str) -> None:
    from playwright.sync_api import ConsoleMessage, Route, sync_playwright

    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page()
            def console(message: ConsoleMessage) -> None:
                # the browser's own request for /favicon.ico (the site has no icon) is no
                # error of the page's
                if message.type == "error" and not message.location.get(
                        "url", "").endswith("/favicon.ico"):
                    errors.append(f"{message.text} ({message.location})")

            page.on("console", console)
            elsewhere: list[str] = []  # the page must need nothing but the built site

            def local_only(route: Route) -> None:
                if route.request.url.startswith(site):
                    route.continue_()
                else:
                    elsewhere.append(route.request.url)
                    route.abort()

            page.route("**/*", local_only)
            page.on("pageerror", lambda e: errors.append(str(e)))
            # from a rulebook page to the playground, that variant in the editor
            page.goto(f"{site}/rulebook/continental.html")
            page.click("text=Try this variant")
            page.wait_for_selector("body[data-playground=ready]", timeout=READY)
            assert page.url.endswith("/playground/index.html?variant=continental")
            page.wait_for_selector("#pg-problems li.pg-ok", timeout=30_000)
            assert page.input_value("#pg-builtin") == "continental"
            assert "variant continental" in page.inner_text(".cm-content")

            # a broken spec: its error listed at line 3 and underlined on line 3
            replace_text(page, BROKEN)
            error = page.wait_for_selector("#pg-problems li.pg-error", timeout=30_000)
            assert error is not None
            assert error.get_attribute("data-line") == "3"
            assert "editor:3:" in error.inner_text() and "E002" in error.inner_text()
            page.wait_for_selector(".cm-lintRange-error", timeout=10_000)
            lines = page.locator(".cm-line")
            marked = [i for i in range(lines.count())
                      if lines.nth(i).locator(".cm-lintRange-error").count()]
            assert marked == [2], marked  # the third line of the editor

            # fixed: checked clean, its rules and its rulebook page shown
            replace_text(page, FIXED)
            ok = page.wait_for_selector("#pg-problems li.pg-ok", timeout=30_000)
            assert ok is not None and "ok: house" in ok.inner_text()
            page.click("[data-tab=rules]")
            page.wait_for_function(
                "document.getElementById('pg-rules').textContent.includes('House Gin')",
                timeout=30_000)
            assert "deadwood" in page.inner_text("#pg-rules")
            page.click("[data-tab=book]")
            page.wait_for_function(
                "document.getElementById('pg-book').srcdoc.includes('House Gin')",
                timeout=30_000)

            # a hand against the bot, with the terminal game's words
            page.click("[data-tab=play]")
            page.fill("#pg-seed", "4")
            page.click("#pg-deal")
            log = page.locator("#pg-log")
            page.wait_for_function(
                "document.getElementById('pg-log').textContent.includes('is offered to you')",
                timeout=30_000)

            def command(line: str, shown: str) -> str:
                before = log.inner_text()
                n = len(page.text_content("#pg-log") or "")
                page.fill("#pg-command", line)
                page.press("#pg-command", "Enter")
                page.wait_for_function(
                    "([n, s]) => document.getElementById('pg-log').textContent.length > n"
                    " && document.getElementById('pg-log').textContent.slice(n).includes(s)",
                    arg=[n, shown], timeout=30_000)
                after: str = log.inner_text()
                return after[len(before):]

            assert "take" in command("hint", "your legal moves:")
            command("pass", "you pass on")
            command("discard ZZ", "? card 'ZZ': not a card of this deck")
            command("draw", "you draw")
            hints = command("hint", "your legal moves:")
            card = hints.split("(CARD: ")[1].split()[0].rstrip(")")
            command(f"discard {card}", "you discard")
            command(f"discard {card}", "you cannot discard")
        finally:
            browser.close()
    assert errors == [], errors
    assert elsewhere == [], elsewhere
