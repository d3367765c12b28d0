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
from . import knocklimit
from .doc import Figure, Page, Section

BOX_W, BOX_H, GAP, TOP = 150, 54, 30, 66
WIDTH = 330  # the narrowest picture: a phone shows it near its own size
PAD = 10  # the least room between a box's edge and its text
LINE = 14  # the height of a detail line
# A text's width is estimated from its length: wide sans-serif faces (DejaVu Sans, the
# usual fallback) average under 0.6 em a character, under 0.68 em in bold.
EM_REGULAR, EM_BOLD = 0.6, 0.68


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of ``text``'s width in pixels at font size ``size``."""
    return len(text) * size * (EM_BOLD if bold else EM_REGULAR)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines that each fit ``width`` pixels (a word longer than that stands
    alone on its line, and the box is widened for it)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


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
    if v.turn.drop:
        draw += "; or drop instead, ending the hand"
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
        last = Step("Discard or knock", knocklimit.short(v.knock))
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
    """The turn of ``v`` as a standalone SVG document (its text, UTF-8): the steps one
    under another (a narrow picture, readable at a phone's width), the claim window's
    words beside the arrow it hangs on.  Every box is wide enough for its title and its
    detail (wrapped onto more lines), and the picture for every text."""
    steps = turn_steps(v)
    window = claim_window(v)
    box_w = max(BOX_W + 40, *(text_width(s.title, 14, True) + 2 * PAD for s in steps))
    details = [wrap(s.detail, box_w - 2 * PAD, 11) for s in steps]
    box_w = max(box_w, *(text_width(t, 11) + 2 * PAD for d in details for t in d))
    heading = wrap(f"A turn in {v.title}", WIDTH - 24, 15, bold=True)
    legend = "dashed boxes: if you can and wish"
    width = max(WIDTH, box_w + 24, *(text_width(h, 15, True) + 24 for h in heading),
                text_width(legend, 11) + 24)
    below = 20 * (len(heading) - 1)  # a heading on more lines moves the rest down
    cx = 12 + box_w / 2
    note_x = cx + 12  # the claim window's words, right of the arrow
    index = window[0] % len(steps) if window else -1
    note = wrap(window[1], width - note_x - 12, 12) if window else []
    if window:
        widest = max(text_width(t, 12) for t in note)
        width = max(width, note_x + widest + 12)
    width = int(width + 0.999)
    described = describe(v)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="HEIGHT" '
           f'viewBox="0 0 {width} HEIGHT" role="img" aria-labelledby="t d" '
           'font-family="system-ui, sans-serif">',
           f'<title id="t">A turn in {escape(v.title)}</title>',
           f'<desc id="d">{escape(described)}</desc>',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" '
           'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
           '<path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker></defs>',
           *(f'<text x="12" y="{24 + 20 * k}" font-size="15" font-weight="600">'
             f'{escape(h)}</text>' for k, h in enumerate(heading)),
           f'<text x="12" y="{44 + below}" font-size="11" fill="#555">{legend}</text>']
    y = TOP + below
    for i, (step, lines) in enumerate(zip(steps, details, strict=True)):
        box_h = max(BOX_H, 30 + LINE * len(lines))
        dash = ' stroke-dasharray="5 3"' if step.optional else ""
        fill = "#f4f7fc" if step.optional else "#e3ecfa"
        out.append(f'<rect x="12" y="{y}" width="{box_w:g}" height="{box_h}" rx="8" '
                   f'fill="{fill}" stroke="#4a7bd0"{dash}/>')
        out.append(f'<text x="{cx:g}" y="{y + 22}" font-size="14" '
                   f'font-weight="600" text-anchor="middle">{escape(step.title)}</text>')
        for k, line in enumerate(lines):
            out.append(f'<text x="{cx:g}" y="{y + 40 + LINE * k}" font-size="11" '
                       f'text-anchor="middle" fill="#333">{escape(line)}</text>')
        y += box_h
        gap = GAP
        if i == index:
            gap = max(GAP, 18 * len(note) + 16)
            colour = "#b5542c"
            if i + 1 == len(steps):  # after the last step: a dashed arrow of its own
                out.append(f'<line x1="{cx:g}" y1="{y}" x2="{cx:g}" y2="{y + gap - 2}" '
                           f'stroke="{colour}" stroke-width="1.5" stroke-dasharray="4 3" '
                           'marker-end="url(#arrow)"/>')
            for k, line in enumerate(note):
                out.append(f'<text x="{note_x:g}" y="{y + 20 + 18 * k}" font-size="12" '
                           f'fill="{colour}">{escape(line)}</text>')
        if i + 1 < len(steps):
            out.append(f'<line x1="{cx:g}" y1="{y}" x2="{cx:g}" y2="{y + gap - 2}" '
                       'stroke="#444" stroke-width="1.5" marker-end="url(#arrow)"/>')
        y += gap
    height = y + 12 - (GAP if index != len(steps) - 1 else 0)
    out.append("</svg>")
    return "\n".join(out).replace("HEIGHT", str(height)) + "\n"


def with_turn_diagram(page: Page, v: m.Variant) -> Page:
    """``page`` with the turn diagram, embedded whole (a data URI), after its turn
    section: for a standalone file that must carry its own pictures."""
    data = base64.b64encode(turn_svg(v).encode("utf-8")).decode("ascii")
    figure = Figure(f"data:image/svg+xml;base64,{data}", describe(v))
    sections = tuple(
        Section(s.title, s.key, (*s.blocks, figure), s.compared) if s.key == "turn" else s
        for s in page.sections)
    return Page(page.title, page.name, sections)
