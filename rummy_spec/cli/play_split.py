"""A hint for melds typed as one: ``meld 2C 2C 2D 6C 6S JK`` is no meld, but its cards
make two (``2C 2C 2D`` and ``6C 6S JK``); the refusal then shows the command with the
melds apart by `` / ``.  The split is searched for by the meld rules alone: each part a
legal meld of the variant, the parts in the order the cards were typed."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.melding.melds import Meld, MeldRules, validate
from ..engine.records.rules import Rules
from ..engine.records.state import Move
from .cardtext import cards_text

MOST_CARDS = 12  # a longer group is not searched (2^11 first parts at most)
Cards = tuple[int, ...]


def split_hint(rules: Rules, a: Move) -> str | None:
    """``separate melds with ' / ': meld 2C 2C 2D / 6C 6S JK``, or None when every group
    is a meld already or some group that is none makes no melds either."""
    if a.type not in ("go_down", "meld") or not a.melds:
        return None
    contract = a.type == "go_down"
    groups: list[Cards] = []
    for group in a.melds:
        if _is_meld(rules.melds, group, contract):
            groups.append(tuple(group))
            continue
        parts = split(rules.melds, tuple(group), contract)
        if parts is None:
            return None
        groups += parts
    if len(groups) == len(a.melds):
        return None
    return "separate melds with ' / ': meld " + " / ".join(
        cards_text(rules.table, g) for g in groups)


def _is_meld(melds: MeldRules, cards: Sequence[int], contract: bool) -> bool:
    return isinstance(validate(melds, None, cards, contract=contract), Meld)


def split(melds: MeldRules, cards: Cards, contract: bool, parts: int = 3
          ) -> list[Cards] | None:
    """``cards`` as two to ``parts`` legal melds, each in the order typed; None if none."""
    n = len(cards)
    if parts < 2 or n < 4 or n > MOST_CARDS:
        return None
    first, others = cards[0], cards[1:]
    for mask in range(1 << (n - 1)):  # which of the others join the first card
        part = (first, *(c for i, c in enumerate(others) if mask >> i & 1))
        rest = tuple(c for i, c in enumerate(others) if not mask >> i & 1)
        if len(rest) < 2 or not _is_meld(melds, part, contract):
            continue
        if _is_meld(melds, rest, contract):
            return [part, rest]
        more = split(melds, rest, contract, parts - 1)
        if more is not None:
            return [part, *more]
    return None
