"""``rummy-spec rulebook NAME|PATH``: the rulebook page of one variant.

The page is generated from the checked model, the same one the engine plays: players and
decks, card values, wild cards, melds with examples, contracts, the turn, claims, lay-offs,
going out, the stock, scoring, the end, the options and what each changes, the ambiguity
defaults the spec relies on, and for a variant that extends another, what differs.  It
works on a built-in name and on your own spec file alike.  ``--format`` picks
reStructuredText (the default, as the Sphinx docs use), Markdown or standalone HTML
(with a table of contents and print styles).  ``--output`` writes the file whole or not
at all, readable by others (mode 0644 under the usual umask).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..lang import model as m
from ..lang.counts import player_counts
from ..outfile import OutputError, check_target, write_text
from ..rulebook import FORMATS, Format, build_page, render
from ..rulebook.diagram import with_turn_diagram
from .base import Command, Outcome, UsageError, lines, whole_number
from .show import resolve
from .specs import find_variant


def _players(variant: m.Variant, asked: int | None) -> int | None:
    """``--players`` checked against the counts the checker covers."""
    if asked is None:
        return None
    counts = player_counts(variant)
    if asked not in counts:
        p = variant.players
        allowed = (f"{p.min}..{counts[-1]} players (the most the rules are checked for)"
                   if p.max is None else
                   f"{p.min} players" if p.min == p.max else f"{p.min}..{p.max} players")
        raise UsageError(f"--players {asked}: {variant.name} is played by {allowed}")
    return asked


def write_file(path: Path, text: str) -> None:
    """The whole text or nothing, never over a device, FIFO or symlink (see outfile)."""
    try:
        write_text(path, text, "--output")
    except OutputError as err:
        raise UsageError(str(err)) from None


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", metavar="NAME|PATH", help="a built-in variant or a spec file")
    parser.add_argument("--format", choices=FORMATS, default="rst",
                        help="rst (default), md or html")
    parser.add_argument("--players", type=whole_number, metavar="N",
                        help="write the page for one player count (default: every count)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="switch on one of the variant's options (repeatable)")
    parser.add_argument("--variant", metavar="NAME",
                        help="which variant of a file that declares several")
    parser.add_argument("--output", metavar="FILE",
                        help="write the page to FILE instead of printing it")


def _run(args: argparse.Namespace) -> Outcome:
    if args.output is not None:
        try:
            check_target(Path(args.output), "--output")  # before any work
        except OutputError as err:
            raise UsageError(str(err)) from None
    variant = resolve(args.target, list(args.option), args.variant)
    players = _players(variant, args.players)
    lib, name = find_variant(args.target, args.variant)
    fmt: Format = args.format
    page = build_page(lib, name, variant.enabled, players)
    if fmt == "html":  # a standalone file: it carries its turn diagram inside
        page = with_turn_diagram(page, variant)
    text = render(page, fmt)
    if args.output is None:
        return Outcome(out=text)
    path = Path(args.output)
    write_file(path, text)
    return Outcome(out=lines(f"{path}: the rulebook of {variant.title} ({fmt})"))


COMMAND = Command(
    name="rulebook",
    help="the rulebook page of a variant, generated from its rules (rst, md or html)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
