"""Every move of the terminal game told in one line, in the players' words.

A move is told from the state before it and the state after it, so the line says what
really happened: the card you drew, the penalty card that came with a buy, the draw from
the stock that follows a claim window (told when the window closes, not when the upcard
is refused), what the other players may see and nothing more.
"""

from __future__ import annotations

from collections import Counter

from ..engine.records.rules import Rules
from ..engine.records.state import Move, State
from .meld_numbers import number_of
from .play_style import Style
from .play_words import Words


def new_cards(before: list[int], after: list[int]) -> list[int]:
    """The cards ``after`` holds that ``before`` did not (each copy counted)."""
    return list((Counter(after) - Counter(before)).elements())


def buys_left(rules: Rules, state: State, player: int) -> int | None:
    """Buys the player still has this round; None when buying is unlimited."""
    allowance = rules.buy_limit_one(state.game.round)
    if allowance is None:
        return None
    return max(0, allowance + state.game.seats[player].buy_credit
               - state.hand.seats[player].buys)


def buys_text(left: int | None) -> str:
    if left is None:
        return "buys unlimited"
    return f"{left} buy left" if left == 1 else f"{left} buys left"


class Story:
    """Tells moves; ``human`` sees his own cards named, the bots' drawn cards stay hidden."""

    def __init__(self, rules: Rules, words: Words, style: Style) -> None:
        self.rules = rules
        self.w = words
        self.style = style

    def cards(self, cards: list[int] | tuple[int, ...]) -> str:
        return self.style.cards(self.rules.table, cards, self.rules.wild)

    def card(self, card: int | None) -> str:
        if card is None:
            return "a card"
        return self.style.card(self.rules.table, card, self.rules.wild)

    def upcard(self, state: State) -> str:
        return self.card(state.hand.discard[-1]) if state.hand.discard else "the upcard"

    def tell(self, before: State, a: Move, after: State) -> list[str]:
        """The lines for one move: the move itself, then what it set off."""
        lines = [self.move(before, a, after)]
        same_round = len(after.game.results) == len(before.game.results)
        at_once = after.hand.phase == "claimant" and before.hand.phase != "claimant"
        closed = (before.hand.phase == "claim" and after.hand.phase != "claim"
                  and same_round and before.hand.claim is not None and not at_once)
        if closed:
            assert before.hand.claim is not None
            lines.append(self.stock_draw(before.hand.claim.refuser, before, after))
        if at_once:  # the claimant plays a turn out of order before the refuser goes on
            lines.append(self.w.says(a.player, "play", "plays") + " a turn at once, out "
                         "of turn")
        resumed = before.hand.phase == "claimant" and after.hand.phase == "play"
        if resumed and same_round:  # the player it interrupted takes his stock card
            lines.append(self.stock_draw(after.hand.turn, before, after))
        return lines

    def stock_draw(self, player: int, before: State, after: State) -> str:
        w = self.w
        got = new_cards(before.hand.seats[player].hand, after.hand.seats[player].hand)
        if w.is_human(player) and got:
            return f"you draw {self.cards(got)} from the stock"
        return w.says(player, "draw", "draws") + " from the stock"

    def move(self, before: State, a: Move, after: State) -> str:
        w, p = self.w, a.player
        up = self.upcard(before)
        hand_got = new_cards(before.hand.seats[p].hand, after.hand.seats[p].hand)
        if a.type == "draw" and a.source == "stock":
            claim = after.hand.claim
            if after.hand.phase == "claim" and claim is not None and claim.refuser == p:
                return (w.says(p, "do not take", "does not take") + f" {up}; "
                        "the others may buy it")
            return self.stock_draw(p, before, after)
        if a.type == "draw" and a.depth is not None and a.depth > 1:  # deep in the pile
            pile = before.hand.discard
            reached, above = pile[-a.depth], pile[len(pile) - a.depth + 1:]
            return (w.says(p, "take", "takes") + f" {self.card(reached)} from the pile, "
                    f"with {self.cards(above)} above it")
        if a.type == "draw":
            return w.says(p, "take", "takes") + f" the upcard {up}"
        if a.type == "buy":
            return self.buy(before, a, after, up, hand_got)
        if a.type == "pass":
            return self.passing(before, p, up)
        if a.type == "dead_hand":
            return w.says(p, "declare", "declares") + " the hand dead"
        if a.type in ("go_down", "meld"):
            melds = " / ".join(self.cards(m) for m in a.melds or ())
            verb = ("go down with", "goes down with") if a.type == "go_down" else ("meld",
                                                                                   "melds")
            return w.says(p, *verb) + f" {melds}"
        if a.type in ("lay_off", "swap", "shift"):
            return self.table_play(before, a, after)
        if a.type == "discard":
            at = "" if a.target is None else f" at {w.name(a.target)}, who is skipped"
            return w.says(p, "discard", "discards") + f" {self.card(a.card)}{at}"
        if a.type == "knock":
            if before.hand.phase == "draw":  # a drop, instead of drawing
                return w.says(p, "drop", "drops") + ", showing the hand for the lowest count"
            if a.card is None:
                return w.says(p, "go", "goes") + " big gin"
            return w.says(p, "knock", "knocks") + f", discarding {self.card(a.card)}"
        if a.type == "call":
            on = w.name(before.hand.call_on) if before.hand.call_on is not None else "the last"
            throw = "" if a.card is None else f", throwing {self.card(a.card)}"
            return w.says(p, "call", "calls") + f" rummy on {w.possessive(on)} discard" + throw
        if a.type == "give":
            to = before.hand.turn
            shown = self.card(a.card) if w.is_human(p) or w.is_human(to) else "a card"
            return w.says(p, "give", "gives") + f" {w.name(to)} {shown}"
        return w.says(p, a.type, a.type)

    def buy(self, before: State, a: Move, after: State, up: str, got: list[int]) -> str:
        w, p = self.w, a.player
        penalty = list(got)
        if before.hand.discard and before.hand.discard[-1] in penalty:
            penalty.remove(before.hand.discard[-1])
        left = buys_text(buys_left(self.rules, after, p))
        if w.is_human(p):
            extra = f" and take {self.cards(penalty)} as the penalty" if penalty else ""
            return f"you buy {up}{extra}; {left}"
        extra = ""
        if penalty:
            extra = (" and a penalty card" if len(penalty) == 1
                     else f" and {len(penalty)} penalty cards")
        return w.says(p, "buy", "buys") + f" {up}{extra}; {left}"

    def passing(self, before: State, p: int, up: str) -> str:
        w = self.w
        phase = before.hand.phase
        if phase == "offer":
            return w.says(p, "pass", "passes") + f" on {up}"
        if phase == "claim":
            return w.says(p, "do not buy", "does not buy") + f" {up}"
        if phase == "gifts":
            return w.says(p, "give", "gives") + " nothing"
        if phase == "layoff":
            return w.says(p, "are", "is") + " done laying off"
        if phase == "draw":
            return w.says(p, "pass", "passes") + " at the wall: the hand is dead"
        return w.says(p, "pass", "passes")

    def table_play(self, before: State, a: Move, after: State) -> str:
        w, p = self.w, a.player
        assert a.meld is not None
        target = before.hand.table[a.meld] if 0 <= a.meld < len(before.hand.table) else None
        shown = number_of(before, a.meld)
        whose = (f"{w.possessive(w.name(target.owner))} {target.meld.kind} (meld {shown})"
                 if target is not None else f"meld {shown}")
        card = self.card(a.card)
        if a.type == "lay_off":
            end = "" if a.end is None else f" at its {a.end} end"
            return w.says(p, "lay off", "lays off") + f" {card} on {whose}{end}"
        if a.type == "shift":
            return (w.says(p, "put", "puts") + f" {card} into {whose}, moving its wild "
                    "to an end")
        freed = new_cards(before.hand.seats[p].hand, after.hand.seats[p].hand)
        if freed:
            take = " and take " if w.is_human(p) else " and takes "
            wild = take + f"{self.cards(freed)} into {'your' if w.is_human(p) else 'their'} hand"
        elif a.wild_to is not None:
            wild = f", the freed wild going to meld {number_of(before, a.wild_to)}"
        else:
            wild = ""
        return w.says(p, "put", "puts") + f" {card} in place of the wild in {whose}{wild}"
