"""``legal`` and ``apply``: one entry for every action, dispatched by type and phase."""

from __future__ import annotations

from collections.abc import Callable

from . import table, turns
from .reasons import Verdict, no
from .rules import Rules
from .state import Action, State

Handler = Callable[[Rules, State, Action, bool], Verdict]


class IllegalAction(Exception):
    """``apply`` was given an action that ``legal`` refuses; the state is unchanged."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(f"{verdict.code}: {verdict.message}")
        self.verdict = verdict


_PLAY: dict[str, Handler] = {
    "go_down": table.go_down,
    "meld": table.new_meld,
    "lay_off": table.lay_off,
    "swap": table.swap,
    "shift": table.shift,
    "discard": turns.discard,
    "knock": table.knock,
}


def _handler(rules: Rules, state: State, a: Action) -> Handler | Verdict:
    phase = state.phase
    if phase == "game-over":
        return no("game-over")
    if a.type == "call":
        return turns.call
    if a.type == "dead_hand":
        return turns.dead_hand
    if phase == "offer":
        if a.type in ("draw", "pass"):
            return turns.offer
        return no("no-offer", "the first upcard is being offered: take it or pass")
    if phase == "claim":
        if a.type in ("buy", "pass"):
            return turns.claim
        if a.type == "draw" and state.claim is not None and a.player == state.claim.refuser:
            # his draw from the stock is made, to be taken when the window closes
            return no("upcard-refused") if a.source == "discard" else no("already-drawn")
        return no("not-your-turn", "a claim window is open: buy or pass")
    if phase == "gifts":
        if a.type in ("give", "pass"):
            return turns.give
        return no("not-your-turn", "gifts are due: give a card or pass")
    if phase == "layoff":
        if a.type == "lay_off":
            return table.lay_off
        if a.type == "pass":
            return table.defender_done
        return no("not-defender", "the defender lays off, then passes")
    if a.type == "draw":
        if phase != "draw":
            return no("already-drawn") if a.player == state.turn else no("not-your-turn")
        return turns.draw
    if a.type == "pass" and phase == "draw" and turns.low_stock(rules, state) == "wall":
        return turns.wall_pass
    if a.type == "buy" and turns.buys_spent(rules, state, a.player):
        return no("buy-limit")
    if a.type in ("buy", "pass", "give"):
        return no("claim-not-open") if a.type != "give" else no("no-gift-due")
    handler = _PLAY.get(a.type)
    if handler is None:
        return no("bad-action", f"unknown action type '{a.type}'")
    return handler


def legal(rules: Rules, state: State, a: Action) -> Verdict:
    if not 0 <= a.player < rules.players:
        return no("bad-player")
    h = _handler(rules, state, a)
    if isinstance(h, Verdict):
        return h
    return h(rules, state, a, False)


def legal_subset(rules: Rules, state: State, actions: list[Action]) -> list[Action]:
    """The legal ones among ``actions`` (same answers as ``legal``, with the handler
    looked up once per action type: the phase is the same for all of them)."""
    handlers: dict[str, Handler | Verdict] = {}
    out = []
    for a in actions:
        h = handlers.get(a.type)
        if h is None:
            h = handlers[a.type] = _handler(rules, state, a)
        if isinstance(h, Verdict) or not 0 <= a.player < rules.players:
            continue
        if h(rules, state, a, False).ok:
            out.append(a)
    return out


def apply(rules: Rules, state: State, a: Action) -> State:
    """The state after ``a``; raises IllegalAction (and changes nothing) if it is refused."""
    if not 0 <= a.player < rules.players:
        raise IllegalAction(no("bad-player"))
    h = _handler(rules, state, a)
    if isinstance(h, Verdict):
        raise IllegalAction(h)
    # Handlers check everything before they change anything, so the check runs once,
    # on the copy; a refusal throws the copy away and the given state is untouched.
    new = state.clone()
    verdict = h(rules, new, a, True)
    if not verdict.ok:
        raise IllegalAction(verdict)
    return new


def _handler_or_refuse(rules: Rules, state: State, a: Action) -> Handler:
    """The handler of ``a`` in this phase; raises IllegalAction for a seat that does not
    exist or an action the phase has no handler for."""
    if not 0 <= a.player < rules.players:
        raise IllegalAction(no("bad-player"))
    h = _handler(rules, state, a)
    if isinstance(h, Verdict):
        raise IllegalAction(h)
    return h


def apply_in_place(rules: Rules, state: State, a: Action) -> None:
    """Change ``state`` by ``a``; raises IllegalAction (and changes nothing) if it is
    refused.  No copy is made: the check runs first, then the same handler acts on the
    state itself, so an action ``legal`` accepts is one the handler carries out."""
    h = _handler_or_refuse(rules, state, a)
    verdict = h(rules, state, a, False)
    if not verdict.ok:
        raise IllegalAction(verdict)
    done = h(rules, state, a, True)
    if not done.ok:  # the same checks on the same state: cannot differ
        raise RuntimeError(f"{a.type} was accepted, then refused ({done.code}) while done")


def apply_trusted(rules: Rules, state: State, a: Action) -> None:
    """Change ``state`` by an action ``legal_actions`` listed for this very state.

    Bots and simulation only ever play such actions, so the separate check pass of
    :func:`apply_in_place` is skipped: the handler runs once, acting.  It still refuses
    what it cannot do (raising IllegalAction before it changes anything), so a wrong
    caller gets the same refusal, not a damaged state; a test plays games both ways and
    compares every state.
    """
    done = _handler_or_refuse(rules, state, a)(rules, state, a, True)
    if not done.ok:
        raise IllegalAction(done)
