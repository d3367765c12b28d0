"""The public :class:`Setup`: a deal given in card text, and the checks that refuse an
impossible one.

The engine's own setup (:class:`rummy_spec.engine.families.setup.Deal`) holds card numbers and
checks only what the rules name (the seats, the round, the lists by seat); this one
holds card text and is checked against the variant's pack before play: a card the pack
does not have, a card named more times than the pack holds it, a hand of the wrong size.
Every refusal is a ``ValueError`` naming the card or the seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CardError, CardTable
from .engine.families.setup import Deal
from .engine.records.rules import Rules
from .lang.decks import full_deck

Cards = str | Iterable[str]


def card_list(cards: Cards) -> tuple[str, ...]:
    """``"5H 5S 5D"`` or ``["5H", "5S", "5D"]``: the card texts."""
    return tuple(cards.split()) if isinstance(cards, str) else tuple(cards)


@dataclass(frozen=True)
class Setup:
    """A deal in card text, and the position of the game it is dealt in.

    ``hands``: one per seat; ``stock``: from its top card down; ``discard``: the pile
    from bottom to top (its last card is the upcard).  ``dealer`` defaults to the last
    seat, so seat 0 plays first.  The position, by seat where it is a list: ``round``
    the round this deal is played as; ``totals`` the scores before it; ``contracts`` the
    contract each player is on; ``hands_won`` the hands each has won; ``buys_used`` the
    buys each made in earlier rounds.  ``restocks``: the order of the stocks made when
    the stock runs out, the n-th for the n-th time (see the engine's ``Deal``).
    """

    hands: Sequence[Cards]
    stock: Cards = ()
    discard: Cards = ()
    dealer: int | None = None
    round: int = 1
    totals: Sequence[int] | None = None
    contracts: Sequence[int] | None = None
    hands_won: Sequence[int] | None = None
    buys_used: Sequence[int] | None = None
    restocks: Sequence[Cards] = ()

    def __post_init__(self) -> None:
        if isinstance(self.hands, str):
            raise ValueError("hands: one hand per seat, such as ['AS 2S 3S', 'AH 2H 3H'], "
                             "not one text")

    @property
    def players(self) -> int:
        return len(self.hands)

    def deal(self, table: CardTable) -> Deal:
        """The engine's deal, cards as numbers; ValueError naming a card that is not
        one of the deck's."""
        def parse(cards: Cards, where: str) -> list[int]:
            out = []
            for text in card_list(cards):
                try:
                    out.append(table.parse(text))
                except (CardError, AttributeError) as err:
                    raise ValueError(f"{where}: {err}" if isinstance(err, CardError) else
                                     f"{where}: a card is text such as '10S', "
                                     f"got {text!r}") from None
            return out

        return Deal(dealer=self.players - 1 if self.dealer is None else self.dealer,
                    hands=[parse(h, f"hand {i}") for i, h in enumerate(self.hands)],
                    stock=parse(self.stock, "stock"), discard=parse(self.discard, "discard"),
                    round=self.round, totals=self.totals, contracts=self.contracts,
                    hands_won=self.hands_won, buys_used=self.buys_used,
                    restocks=[parse(r, f"restock {i}") for i, r in enumerate(self.restocks)])


def deal_problems(rules: Rules, deal: Deal) -> list[str]:
    """What makes a deal impossible for the rules beyond what the engine checks: a card
    dealt more times than the pack holds it, a hand of a size the round does not deal."""
    out: list[str] = []
    pack = Counter(full_deck(rules.variant, rules.players))
    places: dict[int, list[str]] = {}
    named = [(f"hand {i}", h) for i, h in enumerate(deal.hands)]
    for place, cards in [*named, ("stock", deal.stock), ("discard", deal.discard)]:
        for card in cards:
            places.setdefault(card, []).append(place)
    for card, seen in places.items():
        if len(seen) > pack[card]:
            held = "does not hold it" if not pack[card] else f"holds it {_times(pack[card])}"
            out.append(f"{rules.table.text(card)} is dealt {_times(len(seen))} "
                       f"({', '.join(seen)}) but the pack {held}")
    size = rules.cards_dealt(deal.round)
    first = (deal.dealer + 1) % rules.players
    for i, hand in enumerate(deal.hands):
        want = size + (1 if i == first and rules.variant.deal.first_turn_discard else 0)
        if len(hand) != want:
            out.append(f"hand {i} has {len(hand)} cards; round {deal.round} deals {want}")
    return out


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"
