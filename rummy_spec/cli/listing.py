"""``rummy-spec list``: the built-in variants, one line each.

The rows come from the cache (:mod:`.listing_cache`) when it holds them for exactly these
specs and this code, else from parsing and checking every built-in (then cached).
"""

from __future__ import annotations

from . import listing_cache
from .base import Command, Outcome, lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

    from ..lang import model as m


def players_text(p: m.Players) -> str:
    if p.max is None:
        return f"{p.min}+ players"
    if p.max == p.min:
        return f"{p.min} players"
    return f"{p.min}..{p.max} players"


def rounds_text(v: m.Variant) -> str:
    if v.rounds:
        return f"{v.rounds} round" + ("s" if v.rounds != 1 else "")
    if v.game.ends == "target" and v.game.target is not None:
        return f"to {v.game.target} points"
    if v.game.ends == "hands" and v.game.hands is not None:
        word = "deal" if v.game.hands_each else "hand"
        each = " by each player" if v.game.hands_each else ""
        return f"{v.game.hands} {word}" + ("s" if v.game.hands != 1 else "") + each
    return "no fixed rounds"


def table(rows: list[list[str]]) -> list[str]:
    """Rows as left-aligned columns, two spaces apart."""
    if not rows:
        return []
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
            for r in rows]


def _configure(parser: argparse.ArgumentParser) -> None:
    del parser  # no arguments


def rows() -> list[list[str]]:
    """The rows of the list: name, title, players, rounds, a note; from every built-in
    spec parsed, resolved and checked."""
    from .specs import builtins

    b = builtins()
    shipped = {str(path) for path in b.files.values()}
    rows: list[list[str]] = []
    for name, decl in b.library.decls.items():
        if decl.path not in shipped:  # added to the process's library by its own code:
            continue                  # not a built-in, and never to be cached as one
        v, problems = b.library.resolve(name)
        note = ""
        if any(p.severity == "error" for p in problems):
            note = f"(has errors: rummy-spec check {name})"
        elif decl.parent:
            note = f"(extends {decl.parent})"
        rows.append([v.name, v.title, players_text(v.players), rounds_text(v), note])
    for path in b.broken:
        stem = next((s for s, p in b.files.items() if str(p) == path), path)
        rows.append([stem, "?", "", "", f"(does not parse: rummy-spec check {stem})"])
    rows.sort(key=lambda r: r[0])
    return rows


def _run(args: argparse.Namespace) -> Outcome:
    key = listing_cache.key(listing_cache.inputs())
    found = listing_cache.stored(key)
    if found is None:
        found = rows()
        listing_cache.store(key, found)
    if not found:
        return Outcome(out="no built-in variants\n")
    return Outcome(out=lines(*table(found)))


COMMAND = Command(
    name="list",
    help="the built-in variants: name, title, players, rounds",
    configure=_configure,
    run=_run,
)
