"""``rummy-spec play NAME|PATH``: you (seat 0) against greedy bots, in the terminal.

Commands are read from stdin one line at a time (``help`` lists them, ``hint`` lists your
legal moves); each bot's move is told in one line.  An illegal command is answered with
the engine's reason code and message and changes nothing.  A bot that may call rummy
calls at once; when only you may, you are asked (``call``, or ``pass`` to let it go).
Where you and a bot may both buy (first caller), you answer first.  The game ends at game
over with the final scores, or at ``quit`` or the end of input.  Unlike the batch commands
this one writes as it goes; a bad command line still gets one clear line and exit 2.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Protocol, TextIO

from ..bots import greedy_bot
from ..engine.game import Game
from ..engine.state import Action
from .base import Command, Outcome, UsageError, whole_number
from .cardtext import read_card
from .games import players_for, result_lines, seat_names, start_game
from .play_text import HELP, board_lines, hint_lines, move_text, prompt_line, round_lines
from .show import add_variant_arguments, resolve

HUMAN = 0


class Input(Protocol):
    """Where commands come from: stdin, or anything that reads lines like it."""

    def readline(self) -> str: ...

    def isatty(self) -> bool: ...


class BadCommand(Exception):
    """A line that is no command, or a command missing its cards: one line of advice."""


def _number(verb: str, what: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BadCommand(f"{verb}: {what} '{text}' is not a number") from None


def _card(game: Game, text: str) -> int:
    try:
        return read_card(game.rules.table, text)
    except UsageError as err:
        raise BadCommand(str(err)) from None


def _end(words: list[str]) -> tuple[list[str], str | None]:
    """A trailing ``low`` or ``high`` taken off the words."""
    if words and words[-1].lower() in ("low", "high"):
        return words[:-1], words[-1].lower()
    return words, None


def _meld_action(game: Game, rest: list[str]) -> Action:
    groups = [g.split() for g in " ".join(rest).split("/")]
    if not rest or any(not g for g in groups):
        raise BadCommand("meld: name the cards, melds apart by '/': meld 5H 5S 5D / 9C 9D 9H")
    melds = tuple(tuple(_card(game, t) for t in g) for g in groups)
    seat = game.state.seats[HUMAN]
    if game.rules.has_contracts and not seat.down:
        return Action("go_down", HUMAN, melds=melds)
    if len(melds) > 1:
        raise BadCommand("meld: lay one new meld at a time")
    return Action("meld", HUMAN, melds=melds)


def parse_command(game: Game, words: list[str]) -> Action:
    """The action a command line asks for (the engine then judges whether it is legal)."""
    verb, rest = words[0].lower(), words[1:]
    simple = {"draw": Action("draw", HUMAN, source="stock"),
              "take": Action("draw", HUMAN, source="discard"),
              "buy": Action("buy", HUMAN), "pass": Action("pass", HUMAN),
              "dead": Action("dead_hand", HUMAN)}
    if verb in simple:
        if rest:
            raise BadCommand(f"{verb} takes nothing after it")
        return simple[verb]
    if verb == "meld":
        return _meld_action(game, rest)
    if verb in ("knock", "call", "give", "discard"):
        most = 2 if verb == "discard" else 1
        if len(rest) > most or (verb in ("give", "discard") and not rest):
            usage = {"knock": "knock [CARD]", "call": "call [CARD]", "give": "give CARD",
                     "discard": "discard CARD [SEAT]"}[verb]
            raise BadCommand(f"{verb}: {usage}")
        card = _card(game, rest[0]) if rest else None
        target = _number(verb, "SEAT", rest[1]) if len(rest) > 1 else None
        return Action(verb, HUMAN, card=card, target=target)
    if verb in ("layoff", "swap", "shift"):
        words_, end = _end(rest)
        most = {"layoff": 2, "swap": 3, "shift": 2}[verb]
        if not 2 <= len(words_) <= most or (verb == "shift" and end is not None):
            usage = {"layoff": "layoff CARD MELD [low|high]",
                     "swap": "swap CARD MELD [TO] [low|high]", "shift": "shift CARD MELD"}[verb]
            raise BadCommand(f"{verb}: {usage} (MELD: its number on the table)")
        card = _card(game, words_[0])
        meld = _number(verb, "MELD", words_[1]) - 1
        to = _number(verb, "TO", words_[2]) - 1 if len(words_) > 2 else None
        kind = "lay_off" if verb == "layoff" else verb
        return Action(kind, HUMAN, card=card, meld=meld, end=end, wild_to=to)
    raise BadCommand(f"unknown command '{words[0]}' (help lists the commands)")


class Session:
    """One game at the terminal: bots move until the human is asked, then a command."""

    def __init__(self, game: Game, inp: Input, out: TextIO) -> None:
        self.game = game
        self.inp = inp
        self.out = out
        self.names = seat_names(game.players, HUMAN)
        self.bot = greedy_bot(game.seed)
        self.shown = -1  # history length when the board was last shown
        self.declined = -1  # history length when the human let a rummy call go
        self.results = 0

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def play(self) -> None:
        game = self.game
        self.say(f"{game.variant.title} ({game.variant.name}) for {game.players} players, "
                 f"seed {game.seed}: you are seat {HUMAN}; 'help' lists the commands")
        while not game.over:
            actions = game.legal_actions()
            mine = [a for a in actions if a.player == HUMAN]
            theirs = [a for a in actions if a.player != HUMAN]
            only_calls = bool(mine) and all(a.type == "call" for a in mine)
            if theirs and (not mine or any(a.type == "call" for a in theirs)
                           or (only_calls and self.declined == len(game.history))):
                self.bot_move(theirs)
            elif not self.ask(mine, let_go=only_calls and bool(theirs)):
                self.say(f"you left the game in round {game.state.round}",
                         *result_lines(game, self.names))
                return
        self.say("game over", *result_lines(game, self.names))

    def bot_move(self, theirs: list[Action]) -> None:
        game = self.game
        a = self.bot(game.rules, game.state, theirs)
        text = move_text(game.rules, game.state, a, self.names, HUMAN)
        game.apply(a)
        self.say(f"{self.names[a.player]}: {text}")
        self.after_move()

    def after_move(self) -> None:
        results = self.game.state.results
        for r in results[self.results:]:
            self.say(*round_lines(self.game, r, self.names))
        self.results = len(results)

    def ask(self, mine: list[Action], let_go: bool) -> bool:
        """Read and carry out commands until one acts; False at quit or end of input."""
        game = self.game
        if self.shown != len(game.history):
            self.say("", *board_lines(game, self.names, HUMAN))
            self.shown = len(game.history)
        self.say(prompt_line(game, self.names, HUMAN, mine))
        while True:
            if self.inp.isatty():
                self.out.write("> ")
                self.out.flush()
            line = self.inp.readline()
            if not line:
                return False
            words = line.split()
            if not self.inp.isatty():
                self.say(f"> {' '.join(words)}")
            if not words:
                continue
            verb = words[0].lower()
            if verb in ("quit", "exit"):
                return False
            if verb == "help":
                self.say(HELP)
            elif verb == "hint":
                self.say(*hint_lines(game.rules, game.state, mine))
            elif verb == "board":
                self.say(*board_lines(game, self.names, HUMAN))
            elif let_go and verb == "pass" and len(words) == 1:
                self.declined = len(game.history)
                return True
            elif self.act(words):
                return True

    def act(self, words: list[str]) -> bool:
        game = self.game
        try:
            action = parse_command(game, words)
        except BadCommand as err:
            self.say(f"? {err}")
            return False
        verdict = game.legal(action)
        if not verdict.ok:
            self.say(f"illegal: {verdict.code}: {verdict.message}")
            return False
        game.apply(action)
        self.after_move()
        return True


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--seed", type=whole_number, metavar="S",
                        help="the game's seed, to play a deal again (default: a new one)")


def _run(args: argparse.Namespace) -> Outcome:
    variant = resolve(args.target, list(args.option), args.variant)
    players = players_for(variant, args.players)
    if players < 2:
        raise UsageError(f"--players {players}: play needs at least one bot")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    game = start_game(variant, players, seed)
    Session(game, sys.stdin, sys.stdout).play()
    return Outcome()


COMMAND = Command(
    name="play",
    help="play a variant against greedy bots in the terminal",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
