"""``rummy-spec play NAME|PATH``: you (seat 0) against bots, in the terminal.

Every move of every player is told in one line; your own cards are named, the bots'
hidden draws are not.  ``help`` lists the commands the position allows, ``hint`` your
legal moves.  A refused command says, in the second person, which card and which rule
(with the engine's reason code) and changes nothing.  A bot that may call rummy calls at
once; when only you may, you are asked (``call``, or ``pass`` to let it go).  Where you may
buy the upcard you are asked unless ``auto on`` (or ``--auto-pass``).  At a hand's end
every hand is shown with its points, and at a terminal the game waits for Enter.  The
game ends at game over with the final scores, or at ``quit`` or the end of input.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import TextIO

from ..bots import BOTS, DEFAULT_BOT
from ..engine.game import Game
from ..engine.records.state import ActionType, Move, RunEnd
from ..engine.records.teams import team
from .base import Command, Outcome, UsageError, whole_number
from .cardtext import read_card, sorted_hand
from .games import players_for, result_lines, scores_text, seat_names, start_game
from .meld_numbers import index_of
from .play_input import LineReader, reader_for
from .play_refusal import refusal_text
from .play_reveal import end_hands, reveal_lines
from .play_story import Story, new_cards
from .play_style import PLAIN, Style, style_for
from .play_text import COMMANDS, board_lines, help_lines, hint_lines, prompt_line
from .play_words import Words
from .show import add_variant_arguments, resolve

HUMAN = 0


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


# The commands that name one action type each, and the type.
_ACTION_OF: dict[str, ActionType] = {
    "knock": "knock", "call": "call", "give": "give", "discard": "discard",
    "layoff": "lay_off", "swap": "swap", "shift": "shift"}
_ENDS: dict[str, RunEnd] = {"low": "low", "high": "high"}


def _end(words: list[str]) -> tuple[list[str], RunEnd | None]:
    """A trailing ``low`` or ``high`` taken off the words."""
    if words and words[-1].lower() in _ENDS:
        return words[:-1], _ENDS[words[-1].lower()]
    return words, None


def _meld_action(game: Game, rest: list[str]) -> Move:
    groups = [g.split() for g in " ".join(rest).split("/")]
    if not rest or any(not g for g in groups):
        raise BadCommand("meld: name the cards, melds apart by '/': meld 5H 5S 5D / 9C 9D 9H")
    melds = tuple(tuple(_card(game, t) for t in g) for g in groups)
    seat = game.state.hand.seats[HUMAN]
    if game.rules.has_contracts and not seat.down:
        return Move("go_down", HUMAN, melds=melds)
    opening = game.rules.variant.turn.opening_points is not None and not game.rules.is_down(
        game.state, HUMAN)  # a first lay-down that must count points: several at once
    if len(melds) > 1 and not opening:
        raise BadCommand("meld: lay one new meld at a time")
    return Move("meld", HUMAN, melds=melds)


def _deep_take(game: Game, rest: list[str]) -> Move:
    """``take CARD``: the topmost such card of the discard pile and every card above it;
    ``take N``: the N top cards (a deeper copy of a card the pile holds twice)."""
    if len(rest) != 1:
        raise BadCommand("take: take [CARD|N] (CARD: a card of the discard pile; N: the "
                         "cards taken from its top)")
    pile = game.state.hand.discard
    if rest[0].isdigit():
        depth = int(rest[0])
        if not 1 <= depth <= len(pile):
            raise BadCommand(f"take: the pile holds {len(pile)} card(s)")
        return Move("draw", HUMAN, source="discard", depth=None if depth == 1 else depth)
    card = _card(game, rest[0])
    if card not in pile:
        raise BadCommand(f"take: {rest[0]} is not in the discard pile")
    depth = len(pile) - max(i for i, c in enumerate(pile) if c == card)
    return Move("draw", HUMAN, source="discard", depth=None if depth == 1 else depth)


def parse_command(game: Game, words: list[str]) -> Move:
    """The action a command line asks for (the engine then judges whether it is legal)."""
    verb, rest = words[0].lower(), words[1:]
    simple = {"draw": Move("draw", HUMAN, source="stock"),
              "take": Move("draw", HUMAN, source="discard"),
              "buy": Move("buy", HUMAN), "pass": Move("pass", HUMAN),
              "dead": Move("dead_hand", HUMAN)}
    if verb == "take" and rest:  # a card deep in the spread pile, with those above it
        return _deep_take(game, rest)
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
        target = _number(verb, "SEAT", rest[1]) - 1 if len(rest) > 1 else None
        return Move(_ACTION_OF[verb], HUMAN, card=card, target=target)
    if verb in ("layoff", "swap", "shift"):
        words_, end = _end(rest)
        most = {"layoff": 2, "swap": 3, "shift": 2}[verb]
        if not 2 <= len(words_) <= most or (verb == "shift" and end is not None):
            usage = {"layoff": "layoff CARD MELD [low|high]",
                     "swap": "swap CARD MELD [TO] [low|high]", "shift": "shift CARD MELD"}[verb]
            raise BadCommand(f"{verb}: {usage} (MELD: its number on the table)")
        card = _card(game, words_[0])
        meld = index_of(game.state, _number(verb, "MELD", words_[1]))
        to = index_of(game.state, _number(verb, "TO", words_[2])) if len(words_) > 2 else None
        return Move(_ACTION_OF[verb], HUMAN, card=card, meld=meld, end=end, wild_to=to)
    raise BadCommand(f"unknown command '{words[0]}' (help lists the commands)")


class Session:
    """One game at the table.  ``advance`` lets the bots move until the human is asked
    (or the game ends); ``command`` carries out one line the human typed.  Output goes to
    ``lines``, which the caller empties: the terminal prints it, the browser shows it."""

    def __init__(self, game: Game, style: Style = PLAIN, *, bot: str = "greedy",
                 auto_pass: bool = False, pause: bool = False) -> None:
        self.game = game
        self.style = style
        self.words = Words(seat_names(game.players, HUMAN), HUMAN)
        self.story = Story(game.rules, self.words, style)
        self.bot = BOTS[bot](game.seed)
        self.auto_pass = auto_pass
        self.pause = pause
        self.lines: list[str] = []
        self.new: list[int] = []  # the cards the human just drew, marked in the hand
        self.shown = -1  # history length when the board was last shown
        self.declined = -1  # history length when the human let a rummy call go
        self.waiting = False  # the hand is over and shown: the next line goes on
        self.finished = False
        self.mine: list[Move] = []
        self.let_go = False  # a pass now lets a rummy call go

    def completions(self) -> list[str]:
        """Words worth offering at the prompt: the commands allowed now, your cards."""
        kinds = {f"draw:{a.source}" if a.type == "draw" else a.type for a in self.mine}
        verbs = [usage.split()[0] for usage, makes, _ in COMMANDS
                 if not makes or kinds & set(makes)]
        table = self.game.rules.table
        hand = sorted_hand(table, self.game.rules.wild, self.game.state.hand.seats[HUMAN].hand)
        return [*verbs, *dict.fromkeys(table.texts(hand)), "on", "off"]

    def say(self, *lines: str) -> None:
        self.lines.extend(lines)

    def take_lines(self) -> list[str]:
        out, self.lines = self.lines, []
        return out

    def start(self) -> None:
        game = self.game
        partners = game.variant.game.partners
        mates = [self.words.names[i] for i in team(partners, game.players, HUMAN) if i != HUMAN]
        with_ = f" (your partner: {' and '.join(mates)})" if mates else ""
        self.say(f"{game.variant.title} ({game.variant.name}) for {game.players} players, "
                 f"seed {game.seed}: you are seat {HUMAN + 1}{with_}; 'help' lists the "
                 "commands",
                 "marks: " + ("* a wild card; " if game.rules.wild else "")
                 + "[ ] the card you just drew")
        self.advance()

    def advance(self) -> None:
        """Bots move, claim windows you would pass are passed, until you are asked."""
        game = self.game
        while not game.over and not self.waiting:
            actions = game.legal_actions()
            mine = [a for a in actions if a.player == HUMAN]
            theirs = [a for a in actions if a.player != HUMAN]
            only_calls = bool(mine) and all(a.type == "call" for a in mine)
            if theirs and (not mine or any(a.type == "call" for a in theirs)
                           or (only_calls and self.declined == len(game.history))):
                self.apply(self.bot(game.rules, game.state, theirs))
                continue
            kinds = {a.type for a in mine}
            if game.state.hand.phase == "claim" and kinds <= {"buy", "pass"} and (
                    self.auto_pass or "buy" not in kinds):
                self.apply(Move("pass", HUMAN), note=" (auto)" if "buy" in kinds
                           else " (you cannot buy it)")
                continue
            self.mine = mine
            self.let_go = only_calls and bool(theirs)
            if self.shown != len(game.history):
                self.say("", *board_lines(game, self.story, self.words, HUMAN, self.new))
                self.shown = len(game.history)
            self.say(self.prompt())
            return
        if game.over and not self.finished:
            self.finished = True
            self.say("game over", *result_lines(game, self.words.names))

    def prompt(self) -> str:
        if self.waiting:
            return "press Enter for the next round (or quit)"
        return prompt_line(self.game, self.story, self.words, HUMAN, self.mine)

    def apply(self, a: Move, note: str = "") -> None:
        """Carry out a legal move and tell it; at a hand's end show every hand."""
        game = self.game
        before = game.state.clone()
        game.apply(a)
        after = game.state
        first, *rest = self.story.tell(before, a, after)
        self.say(self.style.paint("you", first + note) if a.player == HUMAN else first + note,
                 *rest)
        gained = new_cards(before.hand.seats[HUMAN].hand, after.hand.seats[HUMAN].hand)
        if gained and a.type != "give":
            self.new = gained
        elif a.player == HUMAN and a.type in ("discard", "knock"):
            self.new = []
        if len(after.game.results) > len(before.game.results):
            self.new = []
            hands: list[list[int]] | None = end_hands(before, a)
            for r in after.game.results[len(before.game.results):]:
                self.say("", *reveal_lines(self.story, self.words, r, hands, before.hand.table))
                hands = None
            self.say("  totals: " + scores_text(game, self.words.names))
            if self.pause and not game.over:
                self.waiting = True
                self.say(self.prompt())

    def command(self, line: str) -> bool:
        """One line typed by the human; False when the human leaves the game."""
        game = self.game
        words = line.split()
        verb = words[0].lower() if words else ""
        if verb in ("quit", "exit"):
            self.leave()
            return False
        if self.waiting:
            self.waiting = False
        elif not words or game.over:
            pass
        elif verb == "help":
            self.say(*help_lines(self.mine, self.auto_pass))
        elif verb == "hint":
            self.say(*hint_lines(game.rules, game.state, self.mine))
        elif verb == "board":
            self.say(*board_lines(game, self.story, self.words, HUMAN, self.new))
        elif verb == "auto":
            self.set_auto(words[1:])
        elif self.let_go and verb == "pass" and len(words) == 1:
            self.declined = len(game.history)
            self.say("you let the rummy call go")
        else:
            self.act(words)
        self.advance()
        return True

    def set_auto(self, rest: list[str]) -> None:
        if len(rest) > 1 or (rest and rest[0].lower() not in ("on", "off")):
            self.say("? auto: auto on|off")
            return
        self.auto_pass = (rest[0].lower() == "on") if rest else not self.auto_pass
        self.say("auto pass " + ("on: you pass on every chance to buy" if self.auto_pass
                                 else "off: you are asked whether to buy"))
        if self.auto_pass and self.game.state.hand.phase == "claim":
            self.shown = -1

    def leave(self) -> None:
        self.say(f"you left the game in round {self.game.state.game.round}",
                 *result_lines(self.game, self.words.names))

    def act(self, words: list[str]) -> None:
        game = self.game
        try:
            action = parse_command(game, words)
        except BadCommand as err:
            self.say(f"? {err}")
            return
        verdict = game.legal(action)
        if not verdict.ok:
            self.say(self.style.paint("refusal", refusal_text(self.story, game.state, action,
                                                             verdict)))
            return
        self.apply(action)


def run_in_terminal(session: Session, reader: LineReader, out: TextIO) -> None:
    """Print what the session says, read a line when it asks, until the game ends."""

    def flush() -> None:
        lines = session.take_lines()
        if lines:
            out.write("\n".join(lines) + "\n")
            out.flush()

    session.start()
    flush()
    while not session.finished:
        line = reader.read("> ", session)
        if line is None:
            session.leave()
            flush()
            return
        if not reader.echoes:
            out.write(f"> {' '.join(line.split())}\n")
        going = session.command(line)
        flush()
        if not going:
            return


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--seed", type=whole_number, metavar="S",
                        help="the game's seed, to play a deal again (default: a new one)")
    parser.add_argument("--bot", choices=sorted(BOTS), default=DEFAULT_BOT,
                        help=f"how the other seats play (default {DEFAULT_BOT})")
    parser.add_argument("--auto-pass", action="store_true",
                        help="pass on every chance to buy the upcard without being asked "
                             "('auto on' and 'auto off' switch it during the game)")
    parser.add_argument("--plain", action="store_true",
                        help="no colour, no suit symbols, plain line input (colour is also "
                             "off when NO_COLOR is set or the output is not a terminal)")


def _run(args: argparse.Namespace) -> Outcome:
    variant = resolve(args.target, list(args.option), args.variant)
    players = players_for(variant, args.players)
    if players < 2:
        raise UsageError(f"--players {players}: play needs at least one bot")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    game = start_game(variant, players, seed)
    reader = reader_for(sys.stdin, sys.stdout, args.plain)
    session = Session(game, style_for(sys.stdout, args.plain), bot=args.bot,
                      auto_pass=args.auto_pass, pause=reader.echoes)
    try:
        run_in_terminal(session, reader, sys.stdout)
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return Outcome()


COMMAND = Command(
    name="play",
    help="play a variant against bots in the terminal",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
