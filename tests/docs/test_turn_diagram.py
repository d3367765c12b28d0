"""The turn diagram's text fits its boxes and its picture, for every built-in variant and
option (widths by the diagram's own generous estimate of a text's width), and the picture
fits a phone's width unscaled (it was also looked at in headless Chromium at 390 px)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rummy_spec.lang import builtin_library
from rummy_spec.rulebook.diagram import PAD, text_width, turn_svg, wrap

NS = "{http://www.w3.org/2000/svg}"
PHONE = 390 - 24


def _variants() -> list[tuple[str, list[str]]]:
    lib = builtin_library()
    out: list[tuple[str, list[str]]] = []
    for name in sorted(lib.decls):
        variant = lib.resolve(name)[0]
        out.append((name, []))
        out += [(name, [o.name]) for o in variant.options]
    return out


def _width(node: ET.Element) -> float:
    return text_width(node.text or "", float(node.get("font-size", "11")),
                      node.get("font-weight") == "600")


def _extent(node: ET.Element) -> tuple[float, float]:
    x, w = float(node.get("x", "0")), _width(node)
    anchor = node.get("text-anchor", "start")
    return {"start": (x, x + w), "middle": (x - w / 2, x + w / 2), "end": (x - w, x)}[anchor]


@pytest.mark.parametrize(("name", "options"), _variants())
def test_every_text_fits(name: str, options: list[str]) -> None:
    variant = builtin_library().resolve(name, options)[0]
    root = ET.fromstring(turn_svg(variant))
    width = float(root.get("width", "0"))
    # one column, narrow enough for a 390-pixel phone (less its margins) at full size
    assert width <= PHONE, width
    boxes = [(float(r.get("x", "0")), float(r.get("width", "0")), float(r.get("y", "0")),
              float(r.get("height", "0"))) for r in root.iter(f"{NS}rect")]
    assert boxes
    for node in root.iter(f"{NS}text"):
        left, right = _extent(node)
        assert left >= 0 and right <= width, (node.text, left, right, width)
        y = float(node.get("y", "0"))
        inside = [b for b in boxes if b[0] <= left and right <= b[0] + b[1] + 1e-9
                  and b[2] <= y <= b[2] + b[3]]
        within = [b for b in boxes if b[2] <= y <= b[2] + b[3] and b[0] < right
                  and left < b[0] + b[1]]
        if within:  # a text drawn on a box lies inside it, with room to spare
            assert inside, (node.text, left, right, within)
            box = inside[0]
            assert box[0] + PAD - 1e-9 <= left and right <= box[0] + box[1] - PAD + 1e-9


def test_a_long_detail_is_wrapped_not_squeezed() -> None:
    assert wrap("stock or upcard; stock only once down", 140, 11) == [
        "stock or upcard;", "stock only once down"]
    assert all(text_width(t, 11) <= 130 for t in wrap("a b c d e f g h i j k l", 30, 11))
