"""Setting up games for the commands that play them, and their results as text."""

from __future__ import annotations

from .. import decks
from ..engine.game import Game, GameError
from ..engine.records.teams import team, teams
from ..lang import limits
from ..lang import model as m
from ..lang.expr import EvalError
from .base import UsageError
from .listing import players_text

# Open-ended variants ("players 2+") are played by at most this many from the command line
# (the spec limit: rummy_spec.lang.limits), and never with a pack above its limit.
MOST_PLAYERS = limits.MOST_PLAYERS


def players_for(variant: m.Variant, asked: int | None) -> int:
    """The player count asked for (default: the variant's minimum), checked."""
    p = variant.players
    if asked is None:
        return p.min
    high = p.max if p.max is not None else MOST_PLAYERS
    if not p.min <= asked <= high:
        allowed = players_text(p)
        if p.max is None:
            allowed += f", at most {MOST_PLAYERS} here"
        raise UsageError(f"--players {asked}: {variant.name} is played by {allowed}")
    try:
        size = decks.deck_size(variant, asked)
    except (EvalError, ValueError, ZeroDivisionError):
        return asked  # the game's setup names the fault
    if size > limits.MOST_CARDS:
        raise UsageError(f"--players {asked}: the pack would hold {size} cards, more than "
                         f"the {limits.MOST_CARDS} a game may use")
    return asked


def start_game(variant: m.Variant, players: int, seed: int) -> Game:
    """A new seeded game; a usage error when the variant cannot be dealt for ``players``."""
    try:
        return Game(variant, players, seed)
    except (GameError, EvalError, ValueError) as err:
        raise UsageError(f"--players {players}: {err}") from None


def seat_names(players: int, human: int | None = None) -> list[str]:
    """``seat 1``, ``seat 2``... (seats are numbered from 1 for people, the first to play
    first); with a human: ``you``, ``bot 1``, ``bot 2``..."""
    if human is None:
        return [f"seat {i + 1}" for i in range(players)]
    return ["you" if i == human else f"bot {i}" for i in range(players)]


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def scores_text(game: Game, names: list[str]) -> str:
    return ", ".join(f"{n} {s.total}" for n, s in zip(names, game.state.game.seats, strict=True))


def result_lines(game: Game, names: list[str]) -> list[str]:
    """How a game ended: rounds played, the winner(s), the final scores."""
    s = game.state
    abandoned = sum(1 for r in s.game.results if r.ending == "abandoned")
    rounds = f"rounds: {len(s.game.results)}"
    if abandoned:
        rounds += f" ({abandoned} abandoned)"
    winners = [names[w] for w in s.game.winners]
    partners = game.rules.variant.game.partners
    if not game.over:
        won = "winner: none (the game did not finish)"
    elif s.game.abandoned:
        won = "winner: none (the game was abandoned)"
    elif len(winners) == 1:
        won = f"winner: {winners[0]}"
    elif partners != "none" and len(winners) == len(team(partners, len(names),
                                                         s.game.winners[0])):
        won = f"winners: the team of {_names(winners)}"
    else:
        won = f"winners: {_names(winners)} (tied)"
    lines = [rounds, won, f"final scores: {scores_text(game, names)}"]
    if partners != "none":  # each team's total, the sum of its players'
        lines.append("team scores: " + ", ".join(
            f"{_names([names[i] for i in t])} {sum(s.game.seats[i].total for i in t)}"
            for t in teams(partners, len(names))))
    return lines
