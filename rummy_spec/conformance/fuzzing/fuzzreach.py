"""The situations a fuzz game reached, read off the reference as the game is played.

The scenes of ``fuzzscenes`` are built to bring a game to a rule's boundary; these notes
say whether it got there (a knock at the limit, a contract laid with the card just drawn,
a pat round laid, a claim window open to several seats, the buy limit met or claimed
past, a card laid off at the low and at the high end of a run, a wild swapped, the stock
run out, a knock naming the melds it shows).  Each
game's notes steer Hypothesis (``target``: the count of situations met) and are what the
tests count.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.families.claims import buys_spent
from ...engine.game import Game
from ...engine.records.state import State

JSON = dict[str, Any]
KNOCK_LIMIT = "knock at the limit"
BY_ONE_CARD = "contract met by the card drawn"
PAT = "pat round laid"
CLAIMANTS = "claim window with several claimants"
LIMIT_MET = "buy limit met"
PAST_LIMIT = "buy refused at the limit"
LOW_END = "lay-off at the low end"
HIGH_END = "lay-off at the high end"
SWAP = "wild swapped"
STOCK_OUT = "stock ran out"
MELDS_NAMED = "knock naming its melds"


class Reach:
    """What one game reached (``seen``), and the card each seat last drew."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.drawn: dict[int, int] = {}
        self._hand: list[int] | None = None

    def before(self, game: Game, action: JSON) -> None:
        """Keep what the notes after the action need (the player's hand)."""
        kind = action.get("type")
        player = action.get("player")
        self._hand = None
        if kind in ("draw", "knock", "go_down") and isinstance(player, int) \
                and 0 <= player < game.state.game.players:
            self._hand = list(game.state.hand.seats[player].hand)

    def watch(self, state: State) -> None:
        h = state.hand
        if h.phase == "claim" and h.claim is not None and len(h.claim.pending) > 1:
            self.seen.add(CLAIMANTS)
        if h.exhaustions:
            self.seen.add(STOCK_OUT)

    def after(self, game: Game, action: JSON, accepted: bool, reason: str | None,
              observed: JSON | None) -> None:
        kind = action.get("type")
        player = action.get("player")
        if not accepted:
            if kind == "buy" and reason == "buy-limit":
                self.seen.add(PAST_LIMIT)
            return
        if not isinstance(player, int):
            return
        s, rules = game.state, game.rules
        hand = s.hand.seats[player].hand if 0 <= player < s.game.players else []
        if kind == "draw" and self._hand is not None:
            new = Counter(hand) - Counter(self._hand)
            if new:
                self.drawn[player] = next(iter(new))
        elif kind == "knock" and self._hand is not None and rules.variant.knock is not None:
            if action.get("melds") is not None:
                self.seen.add(MELDS_NAMED)
            card = rules.table.parse(str(action.get("card")))
            rest = list(self._hand)
            if card in rest:
                rest.remove(card)
                if rules.arrange(rest).rest_points == rules.variant.knock.deadwood:
                    self.seen.add(KNOCK_LIMIT)
        elif kind == "go_down":
            laid = {rules.table.parse(str(c)) for meld in action.get("melds") or []
                    for c in meld}
            if self.drawn.get(player) in laid:
                self.seen.add(BY_ONE_CARD)
            if not hand and rules.has_contracts and not rules.individual and \
                    rules.contracts[s.game.round - 1].pat:
                self.seen.add(PAT)
        elif kind == "buy" and buys_spent(rules, s, player):
            self.seen.add(LIMIT_MET)
        elif kind == "swap":
            self.seen.add(SWAP)
        elif kind == "lay_off" and observed is not None:
            self._end(action, observed)

    def _end(self, action: JSON, observed: JSON) -> None:
        table = observed.get("table") or []
        number = action.get("meld")
        if not isinstance(number, int) or not 0 <= number < len(table):
            return
        meld = table[number]
        if meld.get("kind") != "run":
            return
        cards = meld.get("cards") or []
        end = action.get("end")
        if end == "low" or (end is None and cards and cards[0] == action.get("card")):
            self.seen.add(LOW_END)
        elif end == "high" or (end is None and cards and cards[-1] == action.get("card")):
            self.seen.add(HIGH_END)
