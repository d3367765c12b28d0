"""A picture of one turn, drawn from the rules model as a small SVG.

The steps are the ones the page's "A turn" section lists (draw; go down or meld; lay
off; free wild cards; discard or knock), and where buying exists, the window in which
other players may claim the upcard: after the player in turn passes it by, or between
turns.  The SVG is written by hand (no plotting library), with a title and a text
description for screen readers, so it works in the standalone HTML page as in the site.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from html import escape

from ..lang import model as m
from .doc import Figure, Page, Section

BOX_W, BOX_H, GAP, TOP = 150, 54, 34, 52


@dataclass(frozen=True)
class Step:
    title: str
    detail: str
    optional: bool = False


def turn_steps(v: m.Variant) -> list[Step]:
    """The steps of a turn in order, from the model alone."""
    draw = "stock or upcard"
    if v.turn.no_upcard_when_down:
        draw += "; stock only once down"
    steps = [Step("Draw", draw)]
    if v.knock is None:
        if v.contracts.rounds:
            steps.append(Step("Go down", "this round's contract", optional=True))
            if v.turn.new_melds_after_down:
                steps.append(Step("Meld", "new melds once down", optional=True))
        else:
            steps.append(Step("Meld", "sets and runs", optional=True))
        if v.layoff.allowed:
            steps.append(Step("Lay off", "onto table melds", optional=True))
        if v.swap.allowed:
            steps.append(Step("Free a wild", "swap in its natural", optional=True))
    last = Step("Discard", "one card, face up")
    if v.knock is not None:
        last = Step("Discard or knock", f"knock at {v.knock.deadwood} or less")
    steps.append(last)
    return steps


def claim_window(v: m.Variant) -> tuple[int, str] | None:
    """Where others may claim the upcard: (index of the step it hangs on, words)."""
    c = v.claim
    if c is None:
        return None
    if c.window == "after-refusal":
        return 0, f"upcard passed by: others may call “{c.title}”"
    if c.window == "any-time":
        return -1, f"whenever a discard is exposed: others may call “{c.title}”"
    return -1, f"after the discard: others may call “{c.title}”"


def describe(v: m.Variant) -> str:
    """The picture in words: its text alternative."""
    steps = turn_steps(v)
    window = claim_window(v)
    described = "A turn: " + "; then ".join(
        f"{s.title} ({s.detail}{', if you can' * s.optional})" for s in steps) + "."
    if window:
        described += f" Claim window: {window[1]}."
    return described


def turn_svg(v: m.Variant) -> str:
    """The turn of ``v`` as a standalone SVG document (its text, UTF-8)."""
    steps = turn_steps(v)
    window = claim_window(v)
    width = len(steps) * BOX_W + (len(steps) - 1) * GAP + 24
    height = TOP + BOX_H + (78 if window else 24)
    described = describe(v)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="t d" '
           'font-family="system-ui, sans-serif">',
           f'<title id="t">A turn in {escape(v.title)}</title>',
           f'<desc id="d">{escape(described)}</desc>',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" '
           'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
           '<path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker></defs>',
           f'<text x="12" y="24" font-size="15" font-weight="600">A turn in '
           f'{escape(v.title)}</text>']
    for i, step in enumerate(steps):
        x = 12 + i * (BOX_W + GAP)
        dash = ' stroke-dasharray="5 3"' if step.optional else ""
        fill = "#f4f7fc" if step.optional else "#e3ecfa"
        out.append(f'<rect x="{x}" y="{TOP}" width="{BOX_W}" height="{BOX_H}" rx="8" '
                   f'fill="{fill}" stroke="#4a7bd0"{dash}/>')
        out.append(f'<text x="{x + BOX_W / 2}" y="{TOP + 22}" font-size="14" '
                   f'font-weight="600" text-anchor="middle">{escape(step.title)}</text>')
        out.append(f'<text x="{x + BOX_W / 2}" y="{TOP + 40}" font-size="11" '
                   f'text-anchor="middle" fill="#333">{escape(step.detail)}</text>')
        if i + 1 < len(steps):
            out.append(f'<line x1="{x + BOX_W}" y1="{TOP + BOX_H / 2}" '
                       f'x2="{x + BOX_W + GAP - 2}" y2="{TOP + BOX_H / 2}" stroke="#444" '
                       'stroke-width="1.5" marker-end="url(#arrow)"/>')
    if window:
        index = window[0] % len(steps)
        cx = 12 + index * (BOX_W + GAP) + BOX_W / 2
        y = TOP + BOX_H
        out.append(f'<line x1="{cx}" y1="{y}" x2="{cx}" y2="{y + 26}" stroke="#b5542c" '
                   'stroke-width="1.5" stroke-dasharray="4 3" marker-end="url(#arrow)"/>')
        anchor = "start" if index == 0 else "end"
        tx = cx - 6 if index == 0 else cx + 6
        out.append(f'<text x="{tx}" y="{y + 44}" font-size="12" fill="#b5542c" '
                   f'text-anchor="{anchor}">{escape(window[1])}</text>')
    out.append(f'<text x="{width - 12}" y="24" font-size="11" fill="#555" '
               'text-anchor="end">dashed: if you can and wish</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def with_turn_diagram(page: Page, v: m.Variant) -> Page:
    """``page`` with the turn diagram, embedded whole (a data URI), after its turn
    section: for a standalone file that must carry its own pictures."""
    data = base64.b64encode(turn_svg(v).encode("utf-8")).decode("ascii")
    figure = Figure(f"data:image/svg+xml;base64,{data}", describe(v))
    sections = tuple(
        Section(s.title, s.key, (*s.blocks, figure), s.compared) if s.key == "turn" else s
        for s in page.sections)
    return Page(page.title, page.name, sections)
