"""Pieces every adapter of another engine needs (``conformance/adapters/`` uses them):
card text in the engine's own card numbering, the protocol's actions read and checked,
refusals, perft over the engine's own legal actions, and the engine's package version.

An adapter keeps its engine's game in a *match*: an object with ``legal()`` (the
protocol's actions), ``copy()``, ``act(Act)`` (raises :class:`Rejected`, changing nothing)
and ``over()``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .engine import EngineError

JSON = dict[str, Any]
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACTION_TYPES = frozenset({"draw", "buy", "pass", "go_down", "meld", "lay_off", "swap",
                          "shift", "discard", "knock", "call", "give", "dead_hand"})
FIELDS = frozenset({"type", "player", "source", "card", "meld", "end", "melds", "wild_to",
                    "target"})


class BadAction(ValueError):
    """An action that cannot be read at all: the protocol's ``bad-action``."""


class Rejected(Exception):
    """The engine refuses the action (reason ``code``); nothing was changed."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Cards:
    """A 52-card numbering ``suit * 13 + rank`` (ace 0), with the engine's suit order."""

    suits: str  # the engine's suits, by number: "SCDH" for OpenSpiel, "SHDC" for RLCard

    def text(self, card: int) -> str:
        return RANKS[card % 13] + self.suits[card // 13]

    def parse(self, text: Any) -> int | None:
        """The card's number, or None for anything that is not a card of this pack."""
        if not isinstance(text, str):
            return None
        t = text.strip().upper()
        if len(t) < 2:
            return None
        rank, suit = t[:-1], t[-1]
        if rank == "T":
            rank = "10"
        if rank not in RANKS or suit not in self.suits:
            return None
        return self.suits.index(suit) * 13 + RANKS.index(rank)

    def setup(self, texts: Any, where: str) -> list[int]:
        """Cards of a ``new`` request's setup, or an ``error`` naming the bad one."""
        if not isinstance(texts, list):
            raise EngineError("error", f"setup.{where}: a list of cards is needed")
        out = []
        for i, t in enumerate(texts):
            c = self.parse(t)
            if c is None:
                raise EngineError("error",
                                  f"setup.{where}[{i}]: {t!r} is not a card of this deck")
            out.append(c)
        return out


@dataclass(frozen=True)
class Act:
    type: str
    player: int
    source: str | None = None
    card: int | None = None
    meld: int | None = None
    melds: tuple[tuple[int, ...], ...] | None = None


def read_action(data: JSON, cards: Cards) -> Act:
    """The action, or BadAction for what cannot be read."""
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise BadAction(f"unknown action type {kind!r}")
    extra = set(data) - FIELDS
    if extra:
        raise BadAction(f"unknown field(s) {', '.join(sorted(extra))}")
    for key in ("player", "meld", "wild_to", "target"):
        v = data.get(key)
        if (v is not None or key == "player") and (not isinstance(v, int)
                                                   or isinstance(v, bool)):
            raise BadAction(f"{key}: a whole number is needed, got {v!r}")
    source = data.get("source")
    if source is not None and source not in ("stock", "discard"):
        raise BadAction(f"source: 'stock' or 'discard', got {source!r}")
    if data.get("end") not in (None, "low", "high"):
        raise BadAction(f"end: 'low' or 'high', got {data.get('end')!r}")
    card = None
    if data.get("card") is not None:
        card = cards.parse(data["card"])
        if card is None:
            raise BadAction(f"card: {data['card']!r} is not a card of this deck")
    melds = None
    if data.get("melds") is not None:
        raw = data["melds"]
        if not isinstance(raw, list) or not all(isinstance(m, list) for m in raw):
            raise BadAction("melds: a list of lists of cards is needed")
        parsed = []
        for m in raw:
            got = [cards.parse(c) for c in m]
            if any(c is None for c in got):
                raise BadAction("melds: not a card of this deck")
            parsed.append(tuple(c for c in got if c is not None))
        melds = tuple(parsed)
    return Act(str(kind), int(data["player"]), source, card, data.get("meld"), melds)


def meld_fault(cards: list[tuple[int, int]]) -> str | None:
    """Why the cards, each (rank 1..13 with the ace 1, suit), are no set of three or four
    and no run of three or more in one suit with the ace low, in the reference's codes
    for what the protocol's built-in gin variants allow; None when they are a meld."""
    if len(cards) < 3:
        return "too-short"
    ranks = sorted(r for r, _ in cards)
    if len(set(ranks)) == 1:
        return "too-long" if len(cards) > 4 else None
    if len({s for _, s in cards}) > 1:
        return "mixed-ranks"
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return None
    high = sorted(14 if r == 1 else r for r in ranks)
    if high == list(range(high[0], high[0] + len(high))):
        return "ace-position"  # Q-K-A: the ace is low only
    return "wrap-around" if 1 in ranks and 13 in ranks and 2 in ranks else "not-consecutive"


def named_melds(hand: list[int], melds: tuple[tuple[int, ...], ...],
                place: Callable[[int], tuple[int, int]]) -> list[int]:
    """The cards of ``hand`` that the named ``melds`` leave (the deadwood), or Rejected
    as the reference refuses them: a card not held or named twice, then a meld's fault
    (``place`` gives a card's rank, ace 1, and suit)."""
    left = list(hand)
    for meld in melds:
        for c in meld:
            if c not in left:
                raise Rejected("not-in-hand", "a card named is not held, or named twice")
            left.remove(c)
        fault = meld_fault([place(c) for c in meld])
        if fault is not None:
            raise Rejected(fault)
    return left


class Match(Protocol):
    def legal(self) -> list[JSON]: ...

    def copy(self) -> Match: ...

    def act(self, a: Act) -> None: ...

    def over(self) -> bool: ...


def perft(match: Match, depth: int, cards: Cards) -> int:
    """Sequences of ``depth`` legal actions from the match (a finished game ends one)."""
    if depth == 0:
        return 1
    total = 0
    for action in match.legal():
        if depth == 1:
            total += 1
            continue
        after = match.copy()
        after.act(read_action(action, cards))
        total += 1 if after.over() else perft(after, depth - 1, cards)
    return total


def package_version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"
