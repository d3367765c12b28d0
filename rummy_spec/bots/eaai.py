"""``eaai-simple``: the EAAI-2021 Gin Rummy challenge's ``SimpleGinRummyPlayer``, played
under the challenge's own rules (``spec/gin_eaai.rummy``).

The baseline every entry of the challenge was measured against (Todd W. Neller's base
code, ``SimpleGinRummyPlayer.java``).  What it does, rule by rule, as the base code does
it:

* it takes the face-up card (the first upcard's offer and every later draw) only if the
  card would be part of some meld of its hand with the card: a set of its rank (three
  or four cards) or a run of its suit through it (three cards or more, ace low);
* it discards, at random among the cards whose loss leaves the least deadwood, any card
  but the one just taken from the face-up pile; nor does it repeat, within a hand, a
  pair (card drawn, card discarded) it has already played.  The card it throws is
  nearly always its highest unmelded card, as the challenge's description says;
* it knocks as soon as its deadwood after the discard is at most 10, showing one of the
  arrangements of least deadwood at random (the base code picks among its best meld
  sets; here among the knocks ``legal_actions`` lists with that discard, which differ
  in what the defender may lay off);
* as defender it shows its best melds (the game lays off for it).

It reads its own hand, the upcard and which card it took: all in its own view.
"""

from __future__ import annotations

import random

from ..engine.records.rules import Rules
from ..engine.records.state import Move, State
from .simple import Bot

RUN_MIN = 3  # the challenge's runs: three cards or more of a suit (ace low, no wrap)
SET_MIN = 3


def completes_meld(rules: Rules, hand: list[int], card: int) -> bool:
    """Is ``card`` part of some meld of ``hand`` with it (``cardsToAllMelds``)?"""
    faces = rules.table.faces
    f = faces[card]
    if f.rank is None:
        return False
    same_rank = sum(1 for c in hand if faces[c].rank == f.rank and c != card)
    if same_rank + 1 >= SET_MIN:
        return True
    ranks = {faces[c].rank for c in hand if faces[c].suit == f.suit}
    ranks.add(f.rank)
    low = high = f.rank
    while low - 1 in ranks:
        low -= 1
    while high + 1 in ranks:
        high += 1
    return high - low + 1 >= RUN_MIN


def eaai_simple_bot(seed: int) -> Bot:
    rng = random.Random(f"eaai-simple:{seed}")
    # per (deal, seat): the hand before this turn's draw, and the (drawn, discarded)
    # pairs already played this hand
    before: dict[tuple[int, int], list[int]] = {}
    played: dict[tuple[int, int], set[tuple[int, int]]] = {}

    def choose(rules: Rules, state: State, actions: list[Move]) -> Move:
        player = actions[0].player
        mine = [a for a in actions if a.player == player]
        h = state.hand
        key = (state.game.deal_no, player)
        hand = list(h.seats[player].hand)
        if any(a.type == "draw" for a in mine) or h.phase == "offer":
            before[key] = hand
            takes = [a for a in mine if a.type == "draw" and a.source == "discard"]
            if takes and h.discard and completes_meld(rules, hand, h.discard[-1]):
                return takes[0]
            rest = [a for a in mine if a.type != "draw" or a.source != "discard"]
            return (rest or mine)[0]
        throws = [a for a in mine if a.type in ("discard", "knock") and a.card is not None]
        if not throws:
            # the defender's closing pass and anything else: the plain choice (no named
            # melds: the engine shows the best arrangement)
            plain = [a for a in mine if a.melds is None]
            return (plain or mine)[0]
        drawn = _drawn(hand, before.get(key, []), h.taken)
        done = played.setdefault(key, set())
        best, candidates = None, []
        for card in dict.fromkeys(a.card for a in throws if a.card is not None):
            if card == h.taken or (drawn is not None and (drawn, card) in done):
                continue
            left = list(hand)
            left.remove(card)
            dead = rules.arrange(left).rest_points
            if best is None or dead < best:
                best, candidates = dead, [card]
            elif dead == best:
                candidates.append(card)
        if not candidates:  # every card excluded: cannot happen in a real hand
            candidates = [a.card for a in throws if a.card is not None]
        card = candidates[rng.randrange(len(candidates))]
        if drawn is not None:
            done.add((drawn, card))
        knocks = [a for a in throws if a.type == "knock" and a.card == card]
        if knocks:
            return knocks[rng.randrange(len(knocks))]
        return next(a for a in throws if a.type == "discard" and a.card == card)

    return choose


def _drawn(hand: list[int], before: list[int], taken: int | None) -> int | None:
    """The card this turn's draw brought: the one taken from the pile, else the card of
    ``hand`` not in the hand held before the draw."""
    if taken is not None:
        return taken
    left = list(before)
    new = None
    for c in hand:
        if c in left:
            left.remove(c)
        else:
            new = c
    return new if before else None
