"""``rummy-spec meld NAME|PATH CARD...``: are these cards a legal meld under the variant?

Tries each kind of meld the variant has (set, run, colour group) unless ``--kind`` picks
one.  A legal meld is shown in order with what each wild card stands for (exit 0); an
illegal one gets its reason code and message (exit 1).  ``--contract`` applies the limits
a variant puts on contract melds only.  Cards must be cards of the variant's pack (for
``--players``, default the variant's minimum): anything else is a usage error (exit 2).
"""

from __future__ import annotations

import argparse

from ..engine.melding.melds import Meld, compile_rules, validate
from ..lang import meldkinds
from .base import FAILED, OK, Command, Outcome, lines
from .cardtext import cards_text, read_cards, wild_meanings
from .games import players_for
from .show import add_variant_arguments, resolve


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the cards: 5H 6H JK 8H")
    parser.add_argument("--kind", choices=meldkinds.names(),
                        help="check for this kind only (default: every kind the variant has)")
    parser.add_argument("--contract", action="store_true",
                        help="the meld is laid as part of a contract (contract-only limits)")


def _run(args: argparse.Namespace) -> Outcome:
    variant = resolve(args.target, list(args.option), args.variant)
    players = players_for(variant, args.players)
    rules = compile_rules(variant)
    cards = read_cards(variant, players, list(args.cards))
    got = validate(rules, args.kind, cards, contract=args.contract)
    if not isinstance(got, Meld):
        return Outcome(FAILED, out=lines(f"not a meld: {got.code}: {got.message}"))
    out = [f"legal {got.kind}: {cards_text(rules.table, got.cards)}"]
    out += [f"  {meaning}" for meaning in wild_meanings(rules, got)]
    return Outcome(OK, out=lines(*out))


COMMAND = Command(
    name="meld",
    help="is a group of cards a legal meld: its kind and wilds, or the reason it is not",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
