"""The cards a fuzz scene plants (``fuzzscenes``): what a scene is, and the small steps
every scene takes with the pack: the ranks and natural cards the variant has, cards taken
from what is left of the pack (all or none, so a scene that cannot be built leaves the
pack whole) and given back, and the card the first player draws."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import strategies as st

from ...engine.records.rules import Rules


@dataclass
class Scene:
    """Cards to plant, each hand by its seat counted from the first player (0)."""

    name: str
    hands: dict[int, list[int]] = field(default_factory=dict)
    upcard: int | None = None
    stock_top: list[int] = field(default_factory=list)  # top first
    round: int | None = None  # the round (shared schedule) or the contract (individual)
    style: str = "eager"  # how the game is played to reach the situation (fuzzplay)
    stock_left: int | None = None  # the stock cut to so many cards, the rest in the pile


Build = Callable[[st.DrawFn, Rules, Counter[int], tuple[int, ...]], "Scene | None"]


def all_ranks(rules: Rules) -> list[int]:
    t = rules.table
    return list(range(t.low_rank, t.high_rank + 1))


def natural_card(rules: Rules, rank: int, suit: str) -> int | None:
    card = rules.table.face(rank, suit)
    return None if rules.melds.is_wild[card] else card


def take(remaining: Counter[int], cards: list[int]) -> bool:
    """Take every card of ``cards`` from the pack, or none."""
    need = Counter(cards)
    if any(remaining[c] < n for c, n in need.items()):
        return False
    remaining.subtract(need)
    return True


def give_back(remaining: Counter[int], cards: list[int]) -> None:
    remaining.update(cards)


def hand_size(rules: Rules, round_: int) -> int:
    return rules.cards_dealt(round_)


def draw_one(draw: st.DrawFn, rules: Rules, scene: Scene, cards: list[int]) -> Scene:
    """One of ``cards`` is the card the first player will draw (the upcard, or the top
    of the stock); the rest are his hand.  Where the first player starts by discarding,
    every card is in his hand."""
    deal = rules.variant.deal
    if deal.first_turn_discard or not cards:
        scene.hands[0] = cards
        return scene
    i = draw(st.integers(0, len(cards) - 1))
    card = cards[i]
    scene.hands[0] = cards[:i] + cards[i + 1:]
    if deal.upcard and draw(st.booleans()):
        scene.upcard = card
    else:
        scene.stock_top = [card]
    return scene
