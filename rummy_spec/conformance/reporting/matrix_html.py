"""The compliance matrix as files: ``matrix.json``, ``matrix.html`` (one table per
engine: each variant's cases by topic, its fuzz findings by rule, its speed) and an SVG
badge per engine and variant."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from ...outfile import write_text as write_atomic
from .matrix import badge, slug

JSON = dict[str, Any]
SHOWN = ("passed", "failed", "errored", "skipped")


def badge_name(engine: str, variant: str) -> str:
    return f"{slug(engine)}-{slug(variant)}.svg"


def _cell(n: int, status: str) -> str:
    cls = f' class="{status}"' if n and status in ("failed", "errored") else ""
    return f"<td{cls}>{n}</td>"


def _variant_rows(name: str, variant: str, r: JSON, badges: str) -> list[str]:
    c = r["cases"]
    out = [f'<h3 id="{slug(name)}-{slug(variant)}">{escape(variant)} '
           f'<img src="{badges}{badge_name(name, variant)}" alt="badge"/></h3>',
           f"<p>suite {escape(r['suite_version'])}; {c['passed']} of "
           f"{sum(c.values())} cases passed; {r['speed']['cases_per_second']} cases/s, "
           f"{r['speed']['fuzz_games_per_second']} fuzz games/s</p>",
           "<table><tr><th>topic</th>" + "".join(f"<th>{s}</th>" for s in SHOWN) + "</tr>"]
    for topic, t in r["topics"].items():
        out.append(f"<tr><td>{escape(topic)}</td>" + "".join(_cell(t[s], s) for s in SHOWN)
                   + "</tr>")
    out.append("</table>")
    f = r["fuzz"]
    found = f["findings"]
    out.append(f"<p>fuzz: {f['games']} games, {len(found)} rule"
               f"{'s' * (len(found) != 1)} broken" + (f" ({escape(f['note'])})"
                                                       if f["note"] else "") + "</p>")
    if found:
        out.append("<ul>" + "".join(f"<li>{escape(rule)} (in {n} game{'s' * (n != 1)})</li>"
                                    for rule, n in found.items()) + "</ul>")
    return out


def matrix_body(data: JSON, badges: str = "badges/", level: int = 1) -> str:
    """The matrix as HTML to put in a page (``badges``: where the badges are, from the
    page; ``level``: the heading level of the title)."""
    h = [f"h{min(level + i, 6)}" for i in range(3)]
    body = [f"<{h[0]}>rummy-spec compliance matrix</{h[0]}><p>suite {data['suite']}, fuzz "
            f"budget {data['fuzz_games']} games per engine and variant</p>"]
    for e in data["engines"]:
        body.append(f'<{h[1]} id="{slug(e["name"])}">{escape(e["name"])}</{h[1]}>')
        for variant, r in e["variants"].items():
            body += [x.replace("<h3", f"<{h[2]}").replace("</h3>", f"</{h[2]}>")
                     for x in _variant_rows(e["name"], variant, r, badges)]
    return "\n".join(body)


STYLE = ("table.matrix,.matrix table{border-collapse:collapse}"
         ".matrix td,.matrix th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
         ".matrix td:first-child{text-align:left}"
         ".matrix .failed,.matrix .errored{background:#f2dede}")


def matrix_html(data: JSON) -> str:
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>rummy-spec "
            f"compliance matrix</title><style>body{{font-family:sans-serif}}{STYLE}</style>"
            f"</head><body><div class=\"matrix\">\n{matrix_body(data)}\n</div></body>"
            "</html>\n")


def write_matrix(data: JSON, out: Path) -> list[Path]:
    """matrix.json, matrix.html and the badges, each written whole."""
    (out / "badges").mkdir(parents=True, exist_ok=True)
    written = [out / "matrix.json", out / "matrix.html"]
    write_atomic(written[0], json.dumps(data, indent=2, ensure_ascii=False) + "\n", "--out")
    write_atomic(written[1], matrix_html(data), "--out")
    for e in data["engines"]:
        for variant, r in e["variants"].items():
            c = r["cases"]
            ran = c["passed"] + c["failed"] + c["errored"]
            good = c["failed"] == 0 and c["errored"] == 0 and not r["fuzz"]["findings"]
            path = out / "badges" / badge_name(e["name"], variant)
            write_atomic(path, badge(f"rummy-spec {variant}", f"{c['passed']}/{ran}", good),
                         "--out")
            written.append(path)
    return written
