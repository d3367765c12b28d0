"""A starter engine for the rummy-spec conformance kit: basic Rummy, in plain Python.

It speaks the protocol (one JSON object per line on stdin and stdout, see the protocol
reference) and plays the opening of a hand of the variant ``rummy``: whose turn it is,
drawing from the stock or taking the upcard, laying sets and runs, discarding.  It does
not yet lay off, go out, score or turn the stock over: those cases are in the skip file
until you write them.  Run it with

    rummy-spec conformance run --engine 'python3 engine.py' --variant rummy \
        --skip-file conformance.skip

Only the standard library is used; the file is yours to grow into a real engine.
"""

import json
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank(card):
    """The rank's number, ace low: A=1 .. K=13."""
    return RANKS.index(card[:-1]) + 1


def suit(card):
    return card[-1]


class Rejected(Exception):
    """An illegal action: the reason code of the published list, and a sentence."""

    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason
        self.message = message


def meld_kind(cards):
    """'set' or 'run' for a legal meld of basic Rummy; Rejected names the fault."""
    if len(cards) < 3:
        raise Rejected("too-short", "a meld needs at least three cards")
    ranks = [rank(c) for c in cards]
    suits = [suit(c) for c in cards]
    if len(set(ranks)) == 1:
        if len(cards) > 4:
            raise Rejected("too-long", "a set holds at most four cards")
        return "set"
    most_of_a_rank = max(ranks.count(r) for r in ranks)
    most_of_a_suit = max(suits.count(s) for s in suits)
    if len(set(suits)) != 1:
        # The cards are neither a set nor a run: name the fault of the one they resemble.
        if most_of_a_rank >= most_of_a_suit:
            raise Rejected("mixed-ranks", "the cards of a set must all have one rank")
        raise Rejected("mixed-suits", "the cards of a run must all have one suit")
    low = sorted(ranks)
    if low == list(range(low[0], low[0] + len(low))):
        return "run"
    high = sorted(14 if r == 1 else r for r in ranks)
    if high == list(range(high[0], high[0] + len(high))):
        raise Rejected("ace-position", "the ace is low in a run: Q-K-A is not a run")
    for start in range(13):  # around the corner: K-A-2
        if sorted((r - 1 - start) % 13 for r in ranks) == list(range(len(ranks))):
            raise Rejected("wrap-around", "a run may not go around the corner (K-A-2)")
    raise Rejected("not-consecutive", "the cards of a run must have consecutive ranks")


def holds(hand, cards):
    """Does the hand hold every card named, each as often as it is named (a card held
    once may not stand twice in a meld)?"""
    left = list(hand)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


class Game:
    """One hand of basic Rummy from an explicit deal."""

    def __init__(self, players, setup):
        self.players = players
        self.dealer = setup["dealer"]
        self.hands = [list(hand) for hand in setup["hands"]]
        self.stock = list(setup["stock"])  # top card first
        self.discard = list(setup["discard"])  # bottom card first, the upcard last
        self.round = setup.get("round", 1)
        self.totals = list(setup.get("totals", [0] * players))
        self.turn = (self.dealer + 1) % players
        self.drawn = False
        self.taken = None  # the upcard taken this turn: it may not go back at once
        self.table = []  # melds in the order they were laid

    def act(self, action):
        if action.get("player") != self.turn:
            raise Rejected("not-your-turn", "another player is to act")
        kind = action.get("type")
        if kind == "draw":
            return self.draw(action.get("source"))
        if not self.drawn:
            raise Rejected("must-draw-first", "the turn starts with a draw")
        if kind == "meld":
            return self.meld(action.get("melds") or [])
        if kind == "discard":
            return self.throw(action.get("card"))
        raise Rejected("bad-action", f"this engine does not know the action {kind!r} yet")

    def draw(self, source):
        if self.drawn:
            raise Rejected("already-drawn", "the player has drawn this turn")
        pile = self.stock if source == "stock" else self.discard
        if source not in ("stock", "discard") or not pile:
            raise Rejected("bad-action", f"cannot draw from {source!r}")
        card = pile.pop(0) if source == "stock" else pile.pop()
        self.taken = card if source == "discard" else None
        self.hands[self.turn].append(card)
        self.drawn = True

    def meld(self, melds):
        hand = self.hands[self.turn]
        if len(melds) != 1 or not holds(hand, melds[0]):
            raise Rejected("not-in-hand", "the player does not hold those cards")
        cards = melds[0]
        kind = meld_kind(cards)
        cards = sorted(cards, key=rank) if kind == "run" else sorted(cards)
        for card in cards:
            hand.remove(card)
        self.table.append({"owner": self.turn, "kind": kind, "cards": cards, "wilds": []})

    def throw(self, card):
        hand = self.hands[self.turn]
        if card not in hand:
            raise Rejected("not-in-hand", "the player does not hold that card")
        if card == self.taken:
            raise Rejected("keep-taken-card", "the card taken from the pile stays this turn")
        hand.remove(card)
        self.discard.append(card)
        self.turn = (self.turn + 1) % self.players
        self.drawn = False
        self.taken = None

    def state(self):
        return {
            "phase": "play" if self.drawn else "draw",
            "round": self.round,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [sorted(hand) for hand in self.hands],  # code point order: 10S < 2S
            "table": self.table,
            "discard_top": self.discard[-1] if self.discard else None,
            "discard_size": len(self.discard),
            "stock_size": len(self.stock),
            "down": [False] * self.players,
            "buys": [0] * self.players,
            "claim": None,
            "offer": [],
            "contracts": [0] * self.players,
            "totals": self.totals,
            "results": [],
            "winners": [],
        }


def answer(game, msg):
    """The reply to one request, without its seq; and the game it leaves."""
    cmd = msg.get("cmd")
    if cmd == "hello":
        return {"protocol": 1, "engine": {"name": "rummy starter (python)", "version": "0.1"},
                "variants": ["rummy"], "features": []}, game
    if cmd == "new":
        if msg.get("variant") != "rummy" or msg.get("options"):
            return {"skip": "only basic rummy, without options"}, None
        return {"ok": True}, Game(msg["players"], msg["setup"])
    if game is None:
        return {"error": f"'{cmd}' before 'new'"}, None
    if cmd == "act":
        try:
            game.act(msg["action"])
        except Rejected as no:
            return {"result": "rejected", "reason": no.reason, "message": no.message}, game
        return {"result": "accepted"}, game
    if cmd == "state":
        return {"state": game.state()}, game
    return {"error": f"unknown command {cmd!r}"}, game


def main():
    game = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("cmd") == "close":
            print(json.dumps({"seq": msg["seq"], "ok": True}), flush=True)
            return
        reply, game = answer(game, msg)
        print(json.dumps({"seq": msg["seq"], **reply}), flush=True)


if __name__ == "__main__":
    main()
