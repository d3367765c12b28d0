"""The section for what one engine does because of how it is built, kept apart from the
rules of play: a profile of a published engine states these so that it can be played
against, and a reader must not take them for rules of gin."""

from __future__ import annotations

from ..lang import model as m
from .doc import Items, Para, Section
from .words import Scope, plural


def engine_limits(scope: Scope) -> Section | None:
    v = scope.variant
    lim = v.limits
    items = _items(v, lim)
    if not items:
        return None
    engine = f"{lim.title}" if lim.title else "the engine this variant describes"
    intro = Para(f"These are limits of that engine ({engine}), not rules of play: it "
                 "does this because of how it is built, and the rules above say what the "
                 "game itself is.")
    return Section("Limits of that engine, not rules of play", "engine-limits",
                   (intro, Items(tuple(items))))


def _items(v: m.Variant, lim: m.EngineLimits) -> list[str]:
    scores = ("everyone scores minus their deadwood" if v.score.method == "minus-deadwood"
              else "nobody scores")
    out: list[str] = []
    if lim.throwbacks is not None:
        turns = ("a turn ends" if lim.throwbacks == 1
                 else f"{lim.throwbacks} turns in a row end")
        out.append(f"When {turns} by throwing back the upcard just taken, the hand is dead: "
                   f"{scores}.")
    if lim.upcard_draws is not None:
        out.append(f"The {ordinal(lim.upcard_draws)} draw of the upcard in a hand (not "
                   "counting the first upcard's offer) is not made: the hand is dead "
                   f"instead: {scores}.")
    if lim.dead_hand_turn is not None:
        out.append(f"From turn {lim.dead_hand_turn} of a hand on (the first turn is turn 1), "
                   f"the player to draw may not draw: they declare the hand dead: {scores}.")
    if lim.run_layoff_limit is not None:
        out.append("At the knock, lay-offs extend each end of a knocker's run by at most "
                   f"{plural(lim.run_layoff_limit, 'card')}.")
    if lim.gin_forced:
        out.append("If you can go gin (knock leaving no deadwood) you must: you may then "
                   "neither discard nor knock in any other way.")
    return out


def ordinal(n: int) -> str:
    tens = n % 100
    suffix = "th" if 10 <= tens <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
