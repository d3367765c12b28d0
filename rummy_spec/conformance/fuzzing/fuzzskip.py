"""A skip file for fuzz, in ``run``'s format: case ids or globs, one a line.

An engine's skip file lists the topics of the suite it does not play yet
(``rummy/layoff/*``).  A fuzz disagreement is matched against it by the topics of the
suite it touches, each as the id ``VARIANT/TOPIC/fuzz``: the topic of its action
(``lay_off``: ``layoff``, a meld or going down: ``melds``, ``contract`` and ``wilds``,
a claim: ``claims``, ...), ``going-out``, ``scoring`` and ``game`` where the round ended at
that step or the scores differ, ``stock`` where the stock differs or was drawn from
last.  A disagreement a listed topic covers is reported as skipped, not as a finding.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..running.skips import listed
from .fuzzplay import Disagreement, Match
from .fuzzrun import Known

BY_ACTION = {"lay_off": ("layoff",), "meld": ("melds", "wilds"),
             "go_down": ("contract", "melds", "wilds"), "swap": ("swap",),
             "shift": ("shift",), "buy": ("claims",), "call": ("rummy-call", "claims"),
             "knock": ("knock", "going-out"), "discard": ("discard", "turn"),
             "draw": ("draw", "turn", "stock"), "pass": ("offer", "claims"),
             "give": ("rummy-call",), "dead_hand": ("stock",)}


def topics(why: Disagreement, match: Match) -> list[str]:
    """The suite's topics a disagreement touches."""
    kind = str((why.action or (match.actions[-1] if match.actions else {})).get("type"))
    out = list(BY_ACTION.get(kind, ()))
    rule = why.rule
    if match.game.state.game.results or "ended" in rule or "results" in rule:
        out += ["going-out", "scoring", "game"]
    if "totals" in rule or "results" in rule:
        out.append("scoring")
    if "stock" in rule:
        out.append("stock")
    return list(dict.fromkeys(out))


def skip_known(entries: Sequence[str], variant: str, then: Known | None = None) -> Known:
    """``FuzzOptions.known`` for a skip file (``then``: the deviations' test, asked
    first)."""
    def known(why: Disagreement, match: Match) -> str | None:
        note = then(why, match) if then is not None else None
        if note is not None:
            return note
        for topic in topics(why, match):
            entry = listed(f"{variant}/{topic}/fuzz", entries)
            if entry is not None:
                return f"skipped: {entry} (skip file)"
        return None

    return known
