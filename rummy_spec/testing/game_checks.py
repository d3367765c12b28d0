"""The state machine's checks of one game: the legal actions it offers, the engine's list
of them, the state through JSON and back, and the game rebuilt from its trace."""

from __future__ import annotations

import json

from ..conformance.oracle.differential import Differential
from ..engine.dispatch.core import IllegalAction
from ..engine.game import Game
from ..engine.records import codec
from ..engine.records.state import Move
from ..lang import model as m
from ..laws.variant import LawViolation, require


def offered(g: Game, v: m.Variant) -> list[Move]:
    """The game's legal actions, checked: at least one while the game goes on, and a claim
    window's offered to exactly the seats it is open to (or, nearest first, to some)."""
    actions = g.legal_actions()
    require(actions or g.over, "legal-actions",
            f"no legal action in phase {g.state.hand.phase}")
    s = g.state
    if s.hand.phase == "claim" and s.hand.claim is not None:
        buyers = {a.player for a in actions if a.type in ("buy", "pass")}
        require(buyers == set(s.hand.claim.pending) or (
            v.claim is not None and v.claim.priority == "nearest"), "legal-actions",
            f"claims offered to {sorted(buyers)}, the window is open to "
            f"{s.hand.claim.pending}")
    return actions


def compare_legal(pair: Differential) -> None:
    """An engine that claims ``perft`` lists every legal action that lays no new
    meld, and none the reference refuses."""
    if pair.engine is None or "perft" not in pair.engine.hello().features:
        return
    mine = {codec.dumps(a) for a in pair.reference.legal()}
    theirs = pair.engine.legal()
    for a in theirs:
        require(codec.dumps(a) in mine, "differential",
                f"the engine lists {a}, which the reference does not")
    missing = mine - {codec.dumps(a) for a in theirs}
    require(not missing, "differential",
            f"the engine does not list {sorted(missing)[:3]}")


def save_and_load(g: Game) -> None:
    """Save the state as JSON text, load it back: equal, and it plays on alike (from the
    loaded copy)."""
    saved = g.state_json()
    text = codec.dumps(saved)
    loaded = codec.state_from_json(g.rules.table, json.loads(text), g.rules.wild)
    again = codec.state_to_json(g.rules.table, loaded, g.rules.wild)
    require(again == saved, "save-load", "the state changed through JSON: " + ", ".join(
        k for k in saved if again.get(k) != saved[k]))
    offered = g.legal_actions()
    g.state = loaded  # play on from the loaded copy
    require(g.legal_actions() == offered, "save-load",
            "the loaded state offers other legal actions")


def rebuild(g: Game, v: m.Variant, players: int, turn_cap: int, deal_cap: int) -> None:
    """The trace's actions, through their JSON text, replayed from the seed."""
    text = json.dumps([g.action_json(a) for a in g.history])
    again = Game(v, players, g.seed, turn_cap=turn_cap, deal_cap=deal_cap)
    for n, data in enumerate(json.loads(text)):
        try:
            again.apply(again.parse_action(data))
        except IllegalAction as err:
            raise LawViolation("replay", f"step {n} of the trace is refused on "
                               f"replay: {err}") from err
    require(codec.dumps(again.state_json()) == codec.dumps(g.state_json()), "replay",
            "the same seed and actions give another state")
