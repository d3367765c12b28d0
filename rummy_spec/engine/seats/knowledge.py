"""What each seat has been shown: the public record a seat's view is computed from.

A :class:`Knowledge` record follows a game action by action (``observe``), reading only
what every rule of the family makes public: a card leaving the discard pile, the table or
a stock whose order is known, and going into a hand, is known to be in that hand until it
is played; a card handed from one hand to another is known to the giver; a card leaving
a hand is no longer known to be there.  It also keeps which cards at the bottom of the
pile were never face up (a deal's pile beneath its upcard), which cards at the top of the
stock are unknown (all of them after a deal or a shuffle; after the pile is turned over
unshuffled, only those of its cards nobody saw), the public history of moves, and the
hands shown when a round ends.

Where a refill shuffles the pile within one action, cards taken from the pile in that
action are not counted as known: the record never claims a card it cannot place, so it
may know less than perfect memory would, never more.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..records.rules import Rules
from ..records.state import Move, State, TableMeld

# refill steps that make the stock from the pile without shuffling it
_TURNED_OVER = frozenset({"turn-over", "turn-over-whole"})


@dataclass(slots=True)
class Before:
    """The parts of a state ``observe`` compares with the state after an action."""

    deal_no: int
    exhaustions: int
    hands: list[list[int]]
    pile: list[int]
    stock: list[int]
    table: list[TableMeld]  # the melds themselves (values: a changed meld is a new one)

    @classmethod
    def of(cls, state: State) -> Before:
        h = state.hand
        return cls(state.game.deal_no, h.exhaustions, [s.hand[:] for s in h.seats],
                   h.discard[:], h.stock[:], h.table[:])


@dataclass(slots=True)
class Knowledge:
    players: int
    deal_no: int = -1
    # known[observer][holder]: cards the observer knows to be in the holder's hand
    known: list[list[Counter[int]]] = field(default_factory=list)
    pile_hidden: int = 0  # cards at the bottom of the pile never face up
    stock_hidden: int = 0  # cards at the top of the stock whose identity is not public
    history: list[dict[str, Any]] = field(default_factory=list)  # every action, as JSON
    # the actions whose card only some seats see (a card handed face down): index in the
    # history, and those seats
    private: list[tuple[int, frozenset[int]]] = field(default_factory=list)
    # the hands shown at the end of the last round, by seat (None: no round ended yet)
    shown_hands: list[list[int]] | None = None
    shown_round: int = 0

    @classmethod
    def start(cls, state: State) -> Knowledge:
        k = cls(state.game.players)
        k.new_deal(state)
        return k

    def new_deal(self, state: State) -> None:
        n = self.players
        self.deal_no = state.game.deal_no
        self.known = [[Counter() for _ in range(n)] for _ in range(n)]
        self.pile_hidden = max(0, len(state.hand.discard) - 1)
        # a card turned face up under the stock (``cut joker``) is known to all
        turned = state.hand.cut_card is not None and bool(state.hand.stock)
        self.stock_hidden = len(state.hand.stock) - turned

    def copy(self) -> Knowledge:
        return Knowledge(self.players, self.deal_no,
                         [[Counter(c) for c in row] for row in self.known],
                         self.pile_hidden, self.stock_hidden, self.history[:],
                         self.private[:],
                         None if self.shown_hands is None else [h[:] for h in self.shown_hands],
                         self.shown_round)

    # ----- following a game --------------------------------------------------------
    def observe(self, rules: Rules, before: Before, action: Move, after: State,
                action_json: dict[str, Any]) -> None:
        """Update the record for ``action``, which took ``before`` to ``after``."""
        new_deal = after.game.deal_no != before.deal_no
        gifts: set[int] = set()
        if new_deal or after.over:
            self._round_ended(before, action, after)
        if new_deal:
            self.new_deal(after)
        else:
            gifts = self._moved(rules, before, after)
        if action.type == "give" and gifts:
            self.private.append((len(self.history), frozenset({action.player, *gifts})))
        self.history.append(action_json)

    def _round_ended(self, before: Before, action: Move, after: State) -> None:
        """The hands as they stood for the round's last action, less the cards it played:
        shown for the count."""
        hands = [h[:] for h in before.hands]
        played = [action.card] if action.card is not None else []
        for meld in action.melds or ():
            played.extend(meld)
        mine = hands[action.player]
        for card in played:
            if card in mine:
                mine.remove(card)
        self.shown_hands = hands
        self.shown_round = before.deal_no

    def _moved(self, rules: Rules, before: Before, after: State) -> set[int]:
        """Follow the cards that moved within one deal; the seats handed a card from
        another hand."""
        h = after.hand
        refilled = h.exhaustions != before.exhaustions
        step = ""
        if refilled:
            steps = rules.variant.stock.empty
            step = steps[min(h.exhaustions, len(steps)) - 1]
        # most moves leave the table alone and only add to the pile or take its top
        public: Counter[int] = (Counter() if before.table == h.table else
                                _melds_cards(before.table) - _melds_cards(h.table))
        pile_left = _left(before.pile, h.discard)
        if not refilled or step == "new-pack" or (step in _TURNED_OVER
                                                  and self.pile_hidden == 0):
            public += pile_left
        if not refilled:
            public += Counter(_known_drawn(before.stock, self.stock_hidden, len(h.stock)))
        # the pile and the stock: what is unseen now
        if refilled and step in _TURNED_OVER:  # the pile's unseen bottom is the stock's top
            self.stock_hidden = min(self.pile_hidden, len(h.stock))
        elif refilled:
            self.stock_hidden = len(h.stock)
        elif h.stock == before.stock[:len(h.stock)]:  # cards drawn off the top: hidden first
            self.stock_hidden = max(0, self.stock_hidden - (len(before.stock) - len(h.stock)))
        else:
            self.stock_hidden = min(self.stock_hidden, len(h.stock))
        if refilled and step != "new-pack":
            self.pile_hidden = 0
        else:
            self.pile_hidden = min(self.pile_hidden, max(0, len(h.discard) - 1))
        # the hands
        none: Counter[int] = Counter()
        gained, lost = [none] * self.players, [none] * self.players
        for i, (s, b) in enumerate(zip(h.seats, before.hands, strict=True)):
            if s.hand != b:  # (most moves change one hand)
                now, then = Counter(s.hand), Counter(b)
                gained[i], lost[i] = now - then, then - now
        handed: set[int] = set()
        for holder in range(self.players):
            if lost[holder]:
                for row in self.known:
                    row[holder] -= lost[holder]
        for holder, got in enumerate(gained):
            if not got:
                continue
            seen = got & public
            public -= seen
            for row in self.known:
                row[holder] += seen
            rest = got - seen
            for giver, gone in enumerate(lost) if rest else ():
                passed = rest & gone
                if passed and giver != holder:
                    self.known[giver][holder] += passed
                    handed.add(holder)
        return handed


def _melds_cards(table: list[TableMeld]) -> Counter[int]:
    out: Counter[int] = Counter()
    for t in table:
        out.update(t.meld.cards)
    return out


def _left(before: list[int], after: list[int]) -> Counter[int]:
    """The cards of pile ``before`` that are not in pile ``after``."""
    if after[:len(before)] == before:  # the pile grew, or is the same
        return Counter()
    if before[:len(after)] == after:  # cards taken off its top
        return Counter(before[len(after):])
    return Counter(before) - Counter(after)


def _known_drawn(stock: list[int], hidden: int, left: int) -> list[int]:
    """The cards drawn off a stock of which all but the top ``hidden`` are known, down to
    ``left`` cards (top = last): those that came from its known part."""
    known_top = len(stock) - hidden  # stock[:known_top] are known
    return stock[left:known_top] if left < known_top else []
