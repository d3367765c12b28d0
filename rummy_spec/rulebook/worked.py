"""Worked scoring examples: a hand at the end of a deal, scored by the engine.

The cards are chosen here (a spread of the pack's ranks, and a wild card where there is
one); every number printed comes from the engine's own scoring
(:meth:`rummy_spec.engine.records.rules.Rules.hand_points` for cards caught in hand,
:meth:`~rummy_spec.engine.records.rules.Rules.arrange` for a hand's best melds and its deadwood),
so the example cannot disagree with play.
"""

from __future__ import annotations

from .. import decks
from ..cards import CardTable
from ..engine.records.rules import Rules, compile_variant
from .doc import Block, Para, Table
from .doc import cards as card_faces
from .words import Scope


def _caught(scope: Scope) -> list[int]:
    """Four or five cards left in a hand: low, middle, court, ace and a wild if any."""
    v = scope.variant
    table = decks.card_table(v.deck)
    pack = set(decks.full_deck(v, scope.players[0]))
    wild = decks.wild_faces(v)
    chosen: list[int] = []
    ranks = [3, 7, table.high_rank - 1, table.low_rank]
    suits = sorted({f.suit for f in table.faces if f.suit is not None})
    for i, rank in enumerate(ranks):
        for suit in suits[i % len(suits):] + suits[:i % len(suits)]:
            for f in table.faces:
                if f.rank == rank and f.suit == suit and f.code in pack \
                        and f.code not in wild and f.code not in chosen:
                    chosen.append(f.code)
                    break
            else:
                continue
            break
    extra = sorted(c for c in wild if c in pack)
    if extra:
        chosen.append(extra[-1])
    return chosen


def worked_example(scope: Scope) -> list[Block]:
    """A worked example for the scoring section (empty when the pack yields none)."""
    v = scope.variant
    players = scope.players[0]
    rules = compile_variant(v, players)
    table = decks.card_table(v.deck)
    hand = _caught(scope)
    if not hand:
        return []
    if v.knock is not None:
        return _deadwood(scope, rules, table)
    rows = tuple((card_faces(table.text(c)), str(rules.hand_points([c]))) for c in hand)
    total = rules.hand_points(hand)
    rows += (("Together", str(total)),)
    listed = card_faces(" ".join(table.text(c) for c in hand))
    who = {"penalty": f"these {total} points are added to your total",
           "collect": f"you pay the winner {total} points",
           "deadwood": "", "minus-deadwood": "",
           "melds": f"these {total} points are taken from what your cards on the table "
                    "score",
           "stakes": f"your count is {total}"}[v.score.method]
    return [Para(f"For example, if the hand ends while you still hold {listed}, {who} "
                 "(worked out by the rules engine):"),
            Table(("Card", "Points"), rows)]


def _deadwood(scope: Scope, rules: Rules, table: CardTable) -> list[Block]:
    v = scope.variant
    pack = sorted(set(decks.full_deck(v, scope.players[0])))
    # a hand of ten: a run of three, a set of three, and four loose cards
    wanted = ["5H", "6H", "7H", "9C", "9D", "9S", "KS", "3C", "2D", "AS"]
    try:
        hand = [table.parse(t) for t in wanted]
    except (KeyError, ValueError):
        return []
    if not all(c in pack for c in hand):
        return []
    found = rules.arrange(hand)
    melds = "; ".join(card_faces(" ".join(table.text(c) for c in m.cards)) for m in found.melds)
    rest = card_faces(" ".join(table.text(c) for c in found.rest))
    return [Para(f"For example, the hand {card_faces(' '.join(wanted))} is best arranged (by "
                 f"the rules engine) as {melds or 'no meld'}, leaving {rest} as deadwood: "
                 f"{found.rest_points} points.")]
