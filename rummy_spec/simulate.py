"""Bot games: play one to the end, or many, and sum up what happened."""

from __future__ import annotations

from dataclasses import dataclass, field

from .bots import BOTS, Bot
from .engine.game import Game
from .engine.rules import DEAL_CAP, TURN_CAP
from .lang import model as m


@dataclass
class Outcome:
    game: Game
    actions: int
    rounds: int
    abandoned_rounds: int
    turns: list[int]


def play_out(variant: m.Variant, players: int, seed: int, bot: str = "greedy",
             max_actions: int = 200_000, turn_cap: int = TURN_CAP,
             deal_cap: int = DEAL_CAP) -> Outcome:
    """Play a seeded game to its end with one kind of bot in every seat."""
    game = Game(variant, players, seed, turn_cap=turn_cap, deal_cap=deal_cap)
    choose: Bot = BOTS[bot](seed)
    count = 0
    turns: list[int] = []
    seen_results = 0
    while not game.over and count < max_actions:
        actions = game.legal_actions()
        if not actions:  # pragma: no cover - every live state offers an action
            raise RuntimeError(f"no legal action in phase {game.state.phase}")
        before = game.state.turn_no
        game.apply_trusted(choose(game.rules, game.state, actions))
        count += 1
        if len(game.state.results) > seen_results:
            turns.append(before + 1)
            seen_results = len(game.state.results)
    abandoned = sum(1 for r in game.state.results if r.ending == "abandoned")
    return Outcome(game, count, len(game.state.results), abandoned, turns)


@dataclass
class Summary:
    games: int = 0
    rounds: int = 0
    abandoned_rounds: int = 0
    abandoned_games: int = 0
    actions: int = 0
    turns: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)

    def add(self, o: Outcome) -> None:
        n = o.game.players
        if not self.wins:
            self.wins = [0.0] * n
            self.totals = [0] * n
        self.games += 1
        self.rounds += o.rounds
        self.abandoned_rounds += o.abandoned_rounds
        self.abandoned_games += int(o.game.state.abandoned or not o.game.over)
        self.actions += o.actions
        self.turns += o.turns
        winners = o.game.state.winners
        for w in winners:
            self.wins[w] += 1 / len(winners)
        for i, s in enumerate(o.game.state.seats):
            self.totals[i] += s.total

    def lines(self) -> list[str]:
        mean_turns = sum(self.turns) / len(self.turns) if self.turns else 0.0
        out = [
            f"games: {self.games} ({self.abandoned_games} abandoned)",
            f"rounds: {self.rounds - self.abandoned_rounds} finished, "
            f"{self.abandoned_rounds} abandoned",
            f"mean turns per round: {mean_turns:.1f}",
            f"actions: {self.actions}",
            "wins by seat: " + ", ".join(f"{i}: {w:g}" for i, w in enumerate(self.wins)),
            "mean final score by seat: " + ", ".join(
                f"{i}: {t / max(1, self.games):.1f}" for i, t in enumerate(self.totals)),
        ]
        return out
