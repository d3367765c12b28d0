"""The ``race-chart`` directive: the speed race of a page, drawn from the page itself.

The peers page records one run of ``rummy-spec bench peers`` as a listing: a header line
``engine  hands/s  decisions/s ...`` and one line per engine.  The directive reads the
first such listing of the page it stands in and draws its hands per second as a bar
chart, so the chart shows exactly the figures the page prints and nothing is re-run.  A
page with no such listing is a warning (an error under ``-W``).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

_ROW = re.compile(r"^(?P<engine>\S.*?)\s{2,}(?P<hands>\d+(?:\.\d+)?)\s+(?P<decisions>\d+|-)\s")


def race_rows(text: str) -> list[tuple[str, float]]:
    """(engine, hands per second) for each line of the first race listing in ``text``."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^engine\s+hands/s\s+decisions/s", line):
            rows: list[tuple[str, float]] = []
            for row in lines[i + 1:]:
                found = _ROW.match(row)
                if found is None:
                    break
                rows.append((found.group("engine"), float(found.group("hands"))))
            return rows
    return []


def race_svg(rows: list[tuple[str, float]]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rummy-spec"
    fig, axes = plt.subplots(figsize=(8, 0.55 * len(rows) + 1.2))
    names = [name for name, _ in rows][::-1]
    speeds = [speed for _, speed in rows][::-1]
    colours = ["#4a7bd0" if name.startswith("rummy-spec") else "#9a9a9a" for name in names]
    bars = axes.barh(names, speeds, color=colours)
    axes.bar_label(bars, labels=[f"{s:g}" for s in speeds], padding=3, fontsize=9)
    axes.set_xlabel("random hands of gin per second (more is faster)")
    axes.set_xlim(0, max(speeds) * 1.15)
    axes.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    plt.close(fig)
    return out.getvalue()


class RaceChart(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        source = Path(self.state.document.current_source or "")
        rows = race_rows(source.read_text(encoding="utf-8")) if source.is_file() else []
        if not rows:
            logger.warning("race-chart: no race listing (a line 'engine  hands/s  "
                           "decisions/s ...') on this page", location=self.get_location())
            return []
        folder = Path(self.env.srcdir) / "_generated"
        folder.mkdir(exist_ok=True)
        target = folder / "peers-race.svg"
        svg = race_svg(rows)
        if not target.exists() or target.read_text(encoding="utf-8") != svg:
            target.write_text(svg, encoding="utf-8")
        words = "; ".join(f"{name} {speed:g} hands per second" for name, speed in rows)
        image = nodes.image(uri="/_generated/peers-race.svg",
                            alt=f"The race, hands per second: {words}.")
        return [nodes.figure("", image, nodes.caption(
            "", "Hands per second in the run above (blue: rummy-spec)."))]
