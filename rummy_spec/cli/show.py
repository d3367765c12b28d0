"""``rummy-spec show NAME|PATH``: the fully resolved rules for one player count.

``extends`` and the chosen options are applied and every formula is evaluated for the
player count (default: the variant's minimum).  Text for people by default, in the
rulebook's words, ending for a variant that extends another with what it changes from
its parent (``--diff OTHER``: from any other variant); ``--json`` prints the stable form
that engines read (``schema/variant.schema.json``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..lang import Library, SpecError
from ..lang import model as m
from ..lang.export import variant_to_json
from ..lang.expr import EvalError
from .base import Command, Outcome, UsageError, lines, whole_number
from .show_text import render_text
from .specs import find_variant

# Open-ended variants ("players 2+") are shown for at most this many players: beyond it
# the pack grows without bound and the result means nothing at a table.
MOST_PLAYERS = 100


def resolve(target: str, options: list[str], chosen: str | None = None) -> m.Variant:
    """The checked variant with ``options`` on; a usage error for an unknown option."""
    return resolve_in(target, options, chosen)[1]


def resolve_in(target: str, options: list[str], chosen: str | None = None
               ) -> tuple[Library, m.Variant]:
    """The library that knows ``target`` and the checked variant with ``options`` on."""
    lib, name = find_variant(target, chosen)
    plain, _ = lib.resolve(name, check=False)
    known = [o.name for o in plain.options]
    wanted = list(dict.fromkeys(options))
    for opt in wanted:
        if opt not in known:
            listed = ", ".join(known) if known else "none"
            raise UsageError(f"--option {opt}: variant '{name}' has no such option "
                             f"(its options: {listed})")
    variant, problems = lib.resolve(name, wanted)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors, lib.sources)
    return lib, variant


def against(lib: Library, variant: m.Variant, other: str | None, players: int
            ) -> m.Variant | str | None:
    """What ``show`` compares with: ``--diff OTHER``, else the parent, if any.  A parent
    not played by ``players`` (a house variant that lets fewer or more play) gives the
    sentence that says so instead: the child is shown all the same, since that count
    was not the user's choice but the child's least (``--diff OTHER`` asked for by name
    and not played by the count is a usage error)."""
    if other is not None:
        base = resolve(other, [])
    elif variant.parent is not None and variant.parent in lib.decls:
        base, problems = lib.resolve(variant.parent)
        if any(p.severity == "error" for p in problems):
            return None  # the child checked clean, so its parent's errors are its own
    else:
        return None
    p = base.players
    if not (p.min <= players and (p.max is None or players <= p.max)):
        if other is None:
            return (f"{variant.name} is not compared with its parent {base.name}: "
                    f"{base.name} is played by {_allowed(p)}, not {players}.  Choose a "
                    f"count both play with --players to see what {variant.name} changes.")
        raise UsageError(f"--diff {other}: is not played by {_count(players)}, so the "
                         f"rules for {players} cannot be compared (choose --players)")
    return base


def _count(players: int) -> str:
    return f"{players} player" + ("" if players == 1 else "s")


def _allowed(p: m.Players) -> str:
    if p.max is None:
        return f"{p.min} or more players"
    return f"{_count(p.min)}" if p.min == p.max else f"{p.min}..{p.max} players"


def choose_players(variant: m.Variant, asked: int | None) -> int:
    p = variant.players
    if asked is None:
        return p.min
    high = p.max if p.max is not None else MOST_PLAYERS
    if not p.min <= asked <= high:
        allowed = _allowed(p) + (f" (show takes at most {MOST_PLAYERS})"
                                 if p.max is None else "")
        raise UsageError(f"--players {asked}: {variant.name} is played by {allowed}")
    return asked


def exported(variant: m.Variant, players: int) -> dict[str, Any]:
    try:
        return variant_to_json(variant, players)
    except (ValueError, EvalError) as err:
        raise UsageError(f"--players {players}: {err}") from None


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """NAME|PATH, --players, --option, --variant: shared by commands that take a variant."""
    parser.add_argument("target", metavar="NAME|PATH", help="a built-in variant or a spec file")
    parser.add_argument("--players", type=whole_number, metavar="N",
                        help="the player count (default: the variant's minimum)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="switch on one of the variant's options (repeatable)")
    parser.add_argument("--variant", metavar="NAME",
                        help="which variant of a file that declares several")


def show_text(target: str, players: int | None = None, options: list[str] | None = None,
              chosen: str | None = None, diff: str | None = None) -> str:
    """What ``show`` prints for people (used by ``demo`` and the playground too)."""
    lib, variant = resolve_in(target, options or [], chosen)
    count = choose_players(variant, players)
    exported(variant, count)  # a count the formulas cannot deal for is refused here
    return render_text(variant, count, against(lib, variant, diff, count))


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help="print the stable JSON form instead of text")
    parser.add_argument("--diff", metavar="OTHER",
                        help="end with what the variant changes from OTHER, a built-in "
                             "name or a spec file (default: from its parent, if it extends "
                             "one)")


def _run(args: argparse.Namespace) -> Outcome:
    if args.json and args.diff is not None:
        raise UsageError("--diff: the JSON form holds the rules alone; leave out --json to "
                         "see what a variant changes")
    lib, variant = resolve_in(args.target, list(args.option), args.variant)
    count = choose_players(variant, args.players)
    data = exported(variant, count)
    if args.json:
        return Outcome(out=lines(json.dumps(data, indent=2, ensure_ascii=False)))
    return Outcome(out=render_text(variant, count, against(lib, variant, args.diff, count)))


COMMAND = Command(
    name="show",
    help="the fully resolved rules of a variant for a player count (text or --json)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
