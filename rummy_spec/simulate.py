"""Bot games: play one to the end and write down what happened, round by round.

A game is fixed by (variant, players, seed, the bot in each seat, caps): play it twice
and every record is the same, whichever process or machine plays it.  The records
(:class:`GameRecord`, :class:`RoundRecord`) are plain data with a JSON form
(``schema/simulate.schema.json``); :mod:`rummy_spec.analysis` reads them.

How a round ended, in players' words (:data:`KINDS`): ``out`` (a player went out),
``knock`` (a knock, gin or an undercut), ``stock`` (the variant's own rule for a low or
empty stock: the round ends, is dead or is dealt again), ``abandoned`` (no card left to
draw: the rules have no answer) and ``turn cap`` (the round outlasted the turn cap, so the
bots, not the rules, ended it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import PLAYERS, Player
from .engine.game import Game
from .engine.records.state import DEAL_CAP, TURN_CAP, Move, RoundResult
from .lang import model as m

KINDS = ("out", "knock", "stock", "abandoned", "turn cap")
IN_PLAY = ("out", "knock", "stock")  # the ways a round ends by the rules of play
_KIND_OF = {"out": "out", "knock": "knock", "gin": "knock", "big-gin": "knock",
            "undercut": "knock", "stock": "stock", "dead": "stock", "replay": "stock",
            "drop": "knock", "caught": "knock", "dealt": "out"}


def ending_kind(result: RoundResult) -> str:
    """One of :data:`KINDS` for an engine round result."""
    if result.ending == "abandoned":
        reason = str(result.details.get("reason", ""))
        return "turn cap" if reason.startswith("turn cap") else "abandoned"
    return _KIND_OF.get(result.ending, "stock")


class SeatingError(ValueError):
    """A ``--bot`` list that does not name a known bot for every seat."""


def seating(text: str | Sequence[str], players: int) -> tuple[str, ...]:
    """The bot of each seat from ``"planner"`` (every seat) or ``"planner,greedy,..."``
    (one per seat); raises :class:`SeatingError` naming what is wrong."""
    names = [n.strip() for n in text.split(",")] if isinstance(text, str) else list(text)
    for n in names:
        if n not in PLAYERS:
            raise SeatingError(f"unknown bot '{n}' (bots: {', '.join(sorted(PLAYERS))})")
    if len(names) == 1:
        return tuple(names * players)
    if len(names) != players:
        raise SeatingError(f"{len(names)} bots named for {players} players: name one bot "
                           f"for every seat, or one for all")
    return tuple(names)


@dataclass(frozen=True)
class RoundRecord:
    """One dealt hand: how it ended, how long it took, who went down."""

    round: int
    deal: int  # hands dealt so far in the game, this one included (replays count)
    ending: str  # the engine's word: out, knock, gin, big-gin, undercut, stock, dead...
    kind: str  # one of KINDS
    winner: int | None
    turns: int
    went_down: int  # players who laid their contract or a first meld (knocked, in Gin)
    first_down: int | None  # the turn of the first of them
    buys: int
    wild_swaps: int  # swaps and shifts
    scores: tuple[int, ...]
    reason: str | None = None  # why an abandoned round was abandoned
    totals: tuple[int, ...] = ()  # every seat's game total once the round was scored

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "deal": self.deal, "ending": self.ending,
                "kind": self.kind, "winner": self.winner, "turns": self.turns,
                "went_down": self.went_down, "first_down": self.first_down,
                "buys": self.buys, "wild_swaps": self.wild_swaps,
                "scores": list(self.scores), "reason": self.reason,
                "totals": list(self.totals)}


@dataclass(frozen=True)
class GameRecord:
    """One game: its seed, bots, rounds and result."""

    seed: int
    players: int
    bots: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]
    actions: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool  # ended by the rules (not abandoned, not out of actions)
    lead_changes: int  # rounds after which another player led than before
    first: int = 0  # the player who played first in the first round
    lowest_wins: bool = False  # the variant's winner rule: lowest total (or highest)
    rotation: int = 0  # mirrored deals: every dealt hand moved this many seats on

    @property
    def turns(self) -> int:
        return sum(r.turns for r in self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": self.players, "bots": list(self.bots),
                "actions": self.actions, "turns": self.turns, "totals": list(self.totals),
                "winners": list(self.winners), "finished": self.finished,
                "lead_changes": self.lead_changes,
                "rounds": [r.to_json() for r in self.rounds], "first": self.first,
                "lowest_wins": self.lowest_wins, "rotation": self.rotation}


@dataclass
class Outcome:
    game: Game
    actions: int
    rounds: int
    abandoned_rounds: int
    turns: list[int]
    record: GameRecord | None = None


@dataclass
class _Tally:
    """What one round's actions did, counted as they are applied."""

    buys: int = 0
    swaps: int = 0
    down: set[int] = field(default_factory=set)
    first_down: int | None = None

    def see(self, a: Move, turn_no: int, knocking: bool) -> None:
        if a.type == "buy":
            self.buys += 1
        elif a.type in ("swap", "shift"):
            self.swaps += 1
        elif (a.type in ("go_down", "meld") or (a.type == "knock" and knocking)) and (
                a.player not in self.down):
            self.down.add(a.player)
            if self.first_down is None:
                self.first_down = turn_no + 1


def _choosers(bots: tuple[str, ...], seed: int) -> list[Player]:
    """One bot per seat; seats with the same bot share one (as one bot always did)."""
    made: dict[str, Player] = {}
    for name in bots:
        if name not in made:
            made[name] = PLAYERS[name](seed)
    return [made[name] for name in bots]


def rotate_hands(game: Game, rotation: int) -> None:
    """Move every hand just dealt ``rotation`` seats on (a mirrored deal: the same cards,
    each hand played from another seat).  Only the cards every seat was dealt move: a
    card one seat is dealt more (the first player's, where it starts with a discard)
    stays with it."""
    seats = game.state.hand.seats
    n = len(seats)
    if rotation % n == 0:
        return
    size = min(len(s.hand) for s in seats)
    dealt = [s.hand[:size] for s in seats]
    for j, seat in enumerate(seats):
        seat.hand[:size] = dealt[(j - rotation) % n]


def play_out(variant: m.Variant, players: int, seed: int,
             bot: str | Sequence[str] = "greedy", max_actions: int = 200_000,
             turn_cap: int = TURN_CAP, deal_cap: int = DEAL_CAP,
             rotation: int = 0) -> Outcome:
    """Play a seeded game to its end; ``bot`` names one bot for every seat or one each.

    With one bot in every seat it is asked about every legal action (whoever may act);
    with several, the seat of the first legal action chooses among its own.  A
    ``rotation`` plays the seed's deals mirrored: each hand dealt to seat j goes to seat
    j + rotation (:func:`rotate_hands`); the stock and everything else stay the same."""
    game = Game(variant, players, seed, turn_cap=turn_cap, deal_cap=deal_cap)
    rotate_hands(game, rotation)
    bots = seating(bot, players)
    choosers = _choosers(bots, seed)
    single = len(set(bots)) == 1
    knocking = game.rules.knocking
    count = 0
    turns: list[int] = []
    rounds: list[RoundRecord] = []
    tally = _Tally()
    leader: int | None = None
    changes = 0
    state = game.state
    first = state.hand.turn
    totals = tuple(s.total for s in state.game.seats)
    for k, result in enumerate(state.game.results):  # hands won as dealt, before any move
        turns.append(0)
        rounds.append(_round_record(result, k + 1, 0, _Tally(), totals))
    while not game.over and count < max_actions:
        actions = game.legal_actions()
        if not actions:  # pragma: no cover - every live state offers an action
            raise RuntimeError(f"no legal action in phase {game.state.hand.phase}")
        if not single:
            p = actions[0].player
            actions = [a for a in actions if a.player == p]
            choose = choosers[p]
        else:
            choose = choosers[0]
        state = game.state
        before, deal_no, seen = state.hand.turn_no, state.game.deal_no, len(state.game.results)
        action = choose(game, actions)
        tally.see(action, before, knocking)
        game.apply_trusted(action)
        count += 1
        state = game.state
        if rotation and state.game.deal_no != deal_no and not game.over:
            rotate_hands(game, rotation)
        if len(state.game.results) > seen:
            # the hand the move ended, then any hand won as dealt in the same step (no turn)
            for k, result in enumerate(state.game.results[seen:]):
                took = before + 1 if k == 0 else 0
                turns.append(took)
                rounds.append(_round_record(result, deal_no + k, took,
                                            tally if k == 0 else _Tally(),
                                            tuple(s.total for s in state.game.seats)))
            tally = _Tally()
            now = _leader(game, [s.total for s in state.game.seats])
            if leader is not None and now is not None and now != leader:
                changes += 1
            leader = now if now is not None else leader
    results = state.game.results
    abandoned = sum(1 for r in results if r.ending == "abandoned")
    record = GameRecord(seed, players, bots, tuple(rounds), count,
                        tuple(s.total for s in state.game.seats), tuple(state.game.winners),
                        game.over and not state.game.abandoned, changes, first,
                        game.variant.game.winner == "lowest", rotation % players)
    return Outcome(game, count, len(results), abandoned, turns, record)


def _round_record(result: RoundResult, deal_no: int, turns: int, tally: _Tally,
                  totals: tuple[int, ...]) -> RoundRecord:
    kind = ending_kind(result)
    reason = str(result.details["reason"]) if "reason" in result.details else None
    return RoundRecord(result.round, deal_no, result.ending, kind, result.winner, turns,
                       len(tally.down), tally.first_down, tally.buys, tally.swaps,
                       tuple(result.scores), reason, totals)


def _leader(game: Game, totals: list[int]) -> int | None:
    """The one player ahead (by the variant's winner rule), None on a tie for the lead."""
    lowest = game.variant.game.winner == "lowest"
    best = min(totals) if lowest else max(totals)
    ahead = [i for i, t in enumerate(totals) if t == best]
    return ahead[0] if len(ahead) == 1 else None


def play_record(variant: m.Variant, players: int, seed: int, bots: Sequence[str],
                turn_cap: int = TURN_CAP, deal_cap: int = DEAL_CAP,
                rotation: int = 0) -> GameRecord:
    """The record of one seeded game (what workers send back)."""
    record = play_out(variant, players, seed, bots, turn_cap=turn_cap,
                      deal_cap=deal_cap, rotation=rotation).record
    assert record is not None
    return record
