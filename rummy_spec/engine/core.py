"""``legal`` and ``apply``: one entry for every action, dispatched by phase and type.

:data:`RULES` below is the whole dispatch: for each phase, the handler of each action type
it takes, in the module of the rule family that owns it; an action type a phase does not
list gets that phase's refusal from :data:`OTHERWISE`.
"""

from __future__ import annotations

from collections.abc import Callable

from . import calls, claims, contracts, discards, draws, knocking, meld_play, stock, swaps
from .reasons import Verdict, no
from .rules import Rules
from .state import Action, State

Handler = Callable[[Rules, State, Action, bool], Verdict]


class IllegalAction(Exception):
    """``apply`` was given an action that ``legal`` refuses; the state is unchanged."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(f"{verdict.code}: {verdict.message}")
        self.verdict = verdict


def _refuser_draws(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """A draw in the claim window: the refuser's stock draw is made, to be taken when the
    window closes; anyone else is not in turn."""
    if state.claim is not None and a.player == state.claim.refuser:
        return no("upcard-refused") if a.source == "discard" else no("already-drawn")
    return no("not-your-turn", "a claim window is open: buy or pass")


def _drawn_already(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    return no("already-drawn") if a.player == state.turn else no("not-your-turn")


def _pass_in_draw(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """``pass`` at the draw ends the hand at the wall; elsewhere there is nothing to pass."""
    if stock.low_stock(rules, state) != "wall":
        return no("claim-not-open")
    return stock.wall_pass(rules, state, a, do)


def _buy_out_of_window(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    if claims.buys_spent(rules, state, a.player):
        return no("buy-limit")
    return no("claim-not-open")


def _no_claim(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    return no("claim-not-open")


def _no_gift(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    return no("no-gift-due")


# Called at any time but the game's end: each checks that its moment has come.
_ANYTIME: dict[str, Handler] = {"call": calls.call, "dead_hand": stock.dead_hand}

# The in-turn player's own turn, before and after his draw.
_TURN: dict[str, Handler] = {
    **_ANYTIME,
    "buy": _buy_out_of_window,
    "give": _no_gift,
    "go_down": contracts.go_down,
    "meld": meld_play.new_meld,
    "lay_off": meld_play.lay_off,
    "swap": swaps.swap,
    "shift": swaps.shift,
    "discard": discards.discard,
    "knock": knocking.knock,
}

RULES: dict[str, dict[str, Handler]] = {
    "offer": {**_ANYTIME, "draw": draws.offer, "pass": draws.offer},
    "claim": {**_ANYTIME, "buy": claims.claim, "pass": claims.claim, "draw": _refuser_draws},
    "gifts": {**_ANYTIME, "give": calls.give, "pass": calls.give},
    "layoff": {**_ANYTIME, "lay_off": meld_play.lay_off, "pass": knocking.defender_done},
    "draw": {**_TURN, "draw": draws.draw, "pass": _pass_in_draw, "buy": claims.exposed_claim},
    "play": {**_TURN, "draw": _drawn_already, "pass": _no_claim},
    "game-over": {},
}

OTHERWISE: dict[str, Verdict] = {
    "offer": no("no-offer", "the first upcard is being offered: take it or pass"),
    "claim": no("not-your-turn", "a claim window is open: buy or pass"),
    "gifts": no("not-your-turn", "gifts are due: give a card or pass"),
    "layoff": no("not-defender", "the defender lays off, then passes"),
    "game-over": no("game-over"),
}


def _handler(rules: Rules, state: State, a: Action) -> Handler | Verdict:
    phase = state.phase
    handler = RULES.get(phase, {}).get(a.type)
    if handler is not None:
        return handler
    refusal = OTHERWISE.get(phase)
    if refusal is not None:
        return refusal
    return no("bad-action", f"unknown action type '{a.type}'")


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
