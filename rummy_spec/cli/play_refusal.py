"""A refused move told to the person who tried it: ``you cannot ...: why (code)``.

The engine's reason codes and messages speak of "the player"; at the table the answer
names the card and the rule in the second person, and keeps the stable code at the end so
``rummy-spec reasons`` explains it further.  Where a meld is refused, the wild cards of the
game are named, since a card thought wild (or not) is the usual cause.
"""

from __future__ import annotations

import re

from ..engine.melding.melds import REASONS as MELD_REASONS
from ..engine.records.reasons import Verdict
from ..engine.records.state import Move, State
from .meld_numbers import number_of
from .play_split import split_hint
from .play_story import Story, buys_left

# Second-person wording of the reasons whose general message reads badly to a player.
_YOU = {
    "not-your-turn": "it is not your turn",
    "must-draw-first": "your turn starts with a draw (draw, or take the upcard)",
    "already-drawn": "you have drawn this turn already",
    "stock-empty": "the stock holds no card",
    "not-eligible": "you may not buy the upcard now",
    "not-your-priority": "a player before you has not answered yet",
    "already-down": "you have gone down already this hand",
    "not-down": "you must go down (lay the round's contract) first",
    "upcard-refused": "you refused the upcard, so you draw from the stock",
    "down-no-upcard": "you have gone down, so you may not take the upcard",
    "must-go-down": "you took a wild card before going down, so you must go down this turn",
    "keep-taken-card": "you may not discard the card you took from the pile this turn",
    "no-gift-due": "you owe no gift now",
    "not-defender": "only the defender lays off after a knock",
    "must-go-gin": "you can go gin, so you must (knock with no deadwood)",
    "deadwood-too-high": "your deadwood is above the knock limit",
    "must-meld-taken": "you must first meld (or lay off) the card you took from the pile",
    "too-early-to-meld": "nobody melds or lays off in his first turns of the hand",
    "taken-card-unusable": "you could not meld or lay off that card at once, so you may "
                           "not take it",
}

_GENERAL = [(re.compile(p), r) for p, r in (
    (r"\bthe player who\b", "you, who"), (r"\bthis player\b", "you"),
    (r"\bthe player\b", "you"), (r"\ba player who has\b", "you have"),
    (r"\ba player who\b", "you, who"), (r"\bhas\b", "have"), (r"\bdoes not\b", "do not"),
)]


def second_person(message: str) -> str:
    for pattern, repl in _GENERAL:
        message = pattern.sub(repl, message)
    return message


def tried_text(story: Story, a: Move, state: State) -> str:
    """The move tried, in words: ``lay off 3C on meld 1``, ``take the upcard``."""
    card = story.card(a.card) if a.card is not None else ""
    meld = "" if a.meld is None else f" meld {number_of(state, a.meld)}"
    if a.type == "draw":
        if a.depth is not None and a.depth > 1:
            return f"take {a.depth} cards from the pile"
        return "draw from the stock" if a.source == "stock" else "take the upcard"
    if a.type == "buy":
        return "buy the upcard"
    if a.type == "lay_off":
        return f"lay off {card} on{meld}"
    if a.type in ("swap", "shift"):
        return f"{a.type} {card} into{meld}"
    if a.type == "knock" and a.card is None:
        return "go big gin"
    if a.type == "dead_hand":
        return "declare the hand dead"
    if a.type in ("go_down", "meld"):
        return "meld " + " / ".join(story.cards(m) for m in a.melds or ())
    return f"{a.type} {card}".rstrip()


def refusal_text(story: Story, state: State, a: Move, verdict: Verdict) -> str:
    """``you cannot discard 7H: you do not hold 7H (not-in-hand)``."""
    rules = story.rules
    tried = tried_text(story, a, state)
    code = verdict.code
    card = story.card(a.card) if a.card is not None else ""
    if code == "not-in-hand" and a.card is not None:
        why = f"you do not hold {card}"
    elif code == "not-in-hand" and a.melds:
        hand = list(state.hand.seats[a.player].hand)
        missing = []
        for c in (c for m in a.melds for c in m):
            if c in hand:
                hand.remove(c)
            else:
                missing.append(c)
        why = f"you do not hold {story.cards(missing)}" if missing else verdict.message
    elif code == "buy-limit":
        left = buys_left(rules, state, a.player)
        why = f"you have used all your buys this round ({left or 0} left)"
    elif code in _YOU:
        why = _YOU[code]
    else:
        why = second_person(verdict.message)
    line = f"you cannot {tried}: {why} ({code})"
    if code in MELD_REASONS:
        line += "; " + wild_note(story)
    shape = code in MELD_REASONS or code in ("contract-not-met", "contract-exact-count")
    apart = split_hint(rules, a) if shape else None
    if apart is not None:
        line += "; " + apart
    return line


def wild_note(story: Story) -> str:
    """Which cards are wild in this game, marked as the hand marks them."""
    rules = story.rules
    wild = sorted({rules.table.faces[c].text: c for c in rules.wild}.values())
    if not wild:
        return "no card is wild in this game"
    return "wild here: " + story.cards(wild)
