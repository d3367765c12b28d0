"""A run as one self-contained HTML page: ``conformance run --report html PATH``.

Everything is inside the file (styles, the small script that filters by status, no
fonts, images or requests), so it can be attached to a CI run and opened anywhere; a
Content-Security-Policy forbids any outside request, so a page that tried one would
say so in the browser's console.  Without JavaScript the page is complete: the script
only adds the filter buttons and marks the page ready (``data-ready`` on ``body``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from .. import SUITE_VERSION
from ..running.runner import STATUSES, CaseResult, counts
from ..wire.engine import Hello
from .present import Style, exchange_lines, shown_path, summary_line, topic_of

_CSS = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 70rem;
       padding: 0 1rem; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; }
.about { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { padding: .2rem .7rem; text-align: right; border-bottom: 1px solid #ddd; }
th:first-child, td:first-child { text-align: left; }
.case { border-left: 4px solid #ccc; margin: .6rem 0; padding: .2rem .8rem; }
.case.failed, .case.unexpected-pass { border-color: #c62828; }
.case.errored { border-color: #8e24aa; }
.case.skipped { border-color: #f9a825; }
.case.known { border-color: #00838f; }
.case.passed { border-color: #2e7d32; }
.status { font-weight: 600; text-transform: uppercase; font-size: .8rem; }
.rule { color: #555; }
pre { background: #f6f6f8; padding: .5rem; overflow-x: auto; font-size: .85rem; }
.filters button { margin-right: .4rem; }
.filters button[aria-pressed="false"] { opacity: .45; }
.hidden { display: none; }
"""

_SCRIPT = """
(function () {
  var bar = document.getElementById("filters");
  var cases = document.querySelectorAll(".case");
  var statuses = JSON.parse(bar.getAttribute("data-statuses"));
  statuses.forEach(function (status) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = status;
    button.setAttribute("aria-pressed", status === "passed" ? "false" : "true");
    button.addEventListener("click", function () {
      var on = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", on ? "true" : "false");
      cases.forEach(function (c) {
        if (c.getAttribute("data-status") === status) c.classList.toggle("hidden", !on);
      });
    });
    bar.appendChild(button);
  });
  cases.forEach(function (c) {
    if (c.getAttribute("data-status") === "passed") c.classList.add("hidden");
  });
  document.body.setAttribute("data-ready", "yes");
})();
"""

_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:")


def _case(r: CaseResult, rerun: str | None) -> str:
    parts = [f'<div class="case {escape(r.status)}" data-status="{escape(r.status)}" '
             f'id="{escape(r.id)}">',
             f'<span class="status">{escape(r.status)}</span> <code>{escape(r.id)}</code>',
             f' <span class="rule">{escape(r.rule)}</span>' if r.rule else ""]
    if r.lines:
        parts.append("<pre>" + escape("\n".join(r.lines)) + "</pre>")
    if r.status in ("failed", "errored"):
        if r.path:
            parts.append(f"<p>case file: <code>{escape(shown_path(r.path))}</code></p>")
        if rerun:
            parts.append(f"<p>rerun: <code>{escape(rerun)}</code></p>")
        if r.exchange:
            parts.append("<details><summary>exchange</summary><pre>"
                         + escape("\n".join(exchange_lines(r.exchange, None)))
                         + "</pre></details>")
    parts.append("</div>")
    return "".join(parts)


def _topics(results: Sequence[CaseResult]) -> str:
    total = counts(results)
    columns = [s for s in STATUSES if total[s]]
    by_topic: dict[str, list[CaseResult]] = {}
    for r in results:
        by_topic.setdefault(topic_of(r.id), []).append(r)
    rows = ["<tr><th>topic</th>" + "".join(f"<th>{escape(s)}</th>" for s in columns)
            + "</tr>"]
    for topic in sorted(by_topic):
        c = counts(by_topic[topic])
        rows.append(f"<tr><td>{escape(topic)}</td>"
                    + "".join(f"<td>{c[s]}</td>" for s in columns) + "</tr>")
    rows.append("<tr><th>all</th>" + "".join(f"<th>{total[s]}</th>" for s in columns)
                + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


def report_html(results: Sequence[CaseResult], hello: Hello | None, engine: str,
                rerun: Mapping[str, str] | None = None) -> str:
    """The whole page."""
    name = f"{hello.name} {hello.version}".strip() if hello else engine
    seconds = sum(r.seconds for r in results)
    summary = summary_line(results, Style(False), f", suite {SUITE_VERSION}")
    present = [s for s in STATUSES if counts(results)[s]]
    body = [
        f"<h1>rummy-spec conformance: {escape(name)}</h1>",
        f'<p class="about">engine command <code>{escape(engine)}</code>; {escape(summary)};'
        f" {seconds:.1f} s in the engine</p>",
        _topics(results),
        f'<div class="filters" id="filters" data-statuses="{escape(_json_list(present))}">'
        "</div>",
        *(_case(r, (rerun or {}).get(r.id)) for r in sorted(results, key=_first)),
    ]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="icon" href="data:,">'
            f"<title>rummy-spec conformance: {escape(name)}</title>"
            f"<style>{_CSS}</style></head>\n<body>\n" + "\n".join(body)
            + f"\n<script>{_SCRIPT}</script>\n</body></html>\n")


_ORDER = ("failed", "errored", "unexpected-pass", "known", "skipped", "passed")


def _first(r: CaseResult) -> int:
    """Cases that need attention come first."""
    return _ORDER.index(r.status) if r.status in _ORDER else len(_ORDER)


def _json_list(items: Sequence[str]) -> str:
    return "[" + ",".join(f'"{s}"' for s in items) + "]"
