"""How a variant plays, from seeded bot games: the figures of a rulebook page.

``how_it_plays`` is the one door through which the rulebook gets its numbers, so a
better bot or a fuller analysis can replace what stands behind it without touching the
pages.  It plays up to ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...) with the
same bot in every seat and keeps what the figures show: each game's final scores, the
turns of each round by round number, and who won.  The work is bounded by moves, not by
time, so the same settings give the same figures on any machine: a game stops after
``max_actions`` moves (it counts as unfinished), and no new game starts once
``budget`` moves have been played (after at least ``least`` games).

The bot is the default one (:data:`~rummy_spec.bots.DEFAULT_BOT`, the planner), which
finishes every round of every built-in variant.  A round a bot did not finish (stopped
at the engine's turn cap, or with no card left to draw) is counted in ``capped`` and
``stopped``: a page draws no figure from such games (:attr:`Plays.drawable`) and says
what happened instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..bots import DEFAULT_BOT
from ..lang import model as m
from ..simulate import play_out


@dataclass(frozen=True)
class Plays:
    games: int
    players: int
    bot: str
    seed: int
    finals: tuple[tuple[int, ...], ...]  # per game, each seat's final total
    turns_by_round: tuple[tuple[int, ...], ...]  # per round number (1-based), turns taken
    wins: tuple[float, ...]  # per seat, ties shared
    unfinished: int  # games stopped by the engine's caps before their end
    capped: int = 0  # rounds stopped at the engine's turn cap
    stopped: int = 0  # rounds abandoned with no card left to draw

    @property
    def drawable(self) -> bool:
        """Every game ended by the rules of play: the only games a figure shows."""
        return not (self.capped or self.stopped or self.unfinished)

    def to_json(self) -> dict[str, object]:
        return {"games": self.games, "players": self.players, "bot": self.bot,
                "seed": self.seed, "finals": [list(f) for f in self.finals],
                "turns_by_round": [list(t) for t in self.turns_by_round],
                "wins": list(self.wins), "unfinished": self.unfinished,
                "capped": self.capped, "stopped": self.stopped}

    @staticmethod
    def from_json(data: dict[str, object]) -> Plays:
        def ints(rows: object) -> tuple[tuple[int, ...], ...]:
            assert isinstance(rows, list)
            return tuple(tuple(int(x) for x in row) for row in rows)

        wins = data["wins"]
        assert isinstance(wins, list)
        return Plays(int(str(data["games"])), int(str(data["players"])), str(data["bot"]),
                     int(str(data["seed"])), ints(data["finals"]),
                     ints(data["turns_by_round"]), tuple(float(w) for w in wins),
                     int(str(data["unfinished"])), int(str(data.get("capped", 0))),
                     int(str(data.get("stopped", 0))))


def how_it_plays(variant: m.Variant, players: int, games: int, seed: int = 0,
                 bot: str = DEFAULT_BOT, max_actions: int = 20_000, budget: int = 40_000,
                 least: int = 3) -> Plays:
    """Play seeded games of ``variant`` for ``players`` and sum them up."""
    finals: list[tuple[int, ...]] = []
    by_round: list[list[int]] = []
    wins = [0.0] * players
    unfinished = capped = stopped = 0
    played = 0
    for n in range(games):
        if n >= least and played >= budget:
            break
        outcome = play_out(variant, players, seed + n, bot, max_actions=max_actions)
        played += outcome.actions
        state = outcome.game.state
        finals.append(tuple(s.total for s in state.game.seats))
        for number, turns in enumerate(outcome.turns):
            while len(by_round) <= number:
                by_round.append([])
            by_round[number].append(turns)
        for w in state.game.winners:
            wins[w] += 1 / len(state.game.winners)
        unfinished += int(state.game.abandoned or not outcome.game.over)
        assert outcome.record is not None
        kinds = [r.kind for r in outcome.record.rounds]
        capped += kinds.count("turn cap")
        stopped += kinds.count("abandoned")
    return Plays(len(finals), players, bot, seed, tuple(finals),
                 tuple(tuple(t) for t in by_round), tuple(wins), unfinished, capped, stopped)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` of ``games``)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)
