"""``rummy-spec play``: a person at seat 0 against greedy bots, commands on stdin."""

from __future__ import annotations

import io
import re
import sys

import pytest

from rummy_spec.bots import Bot, greedy_bot, random_bot
from rummy_spec.cli.cardtext import cards_text, sorted_hand
from rummy_spec.cli.games import start_game
from rummy_spec.cli.play import HUMAN, BadCommand, Session, parse_command, run_in_terminal
from rummy_spec.cli.play_input import PlainReader
from rummy_spec.cli.play_text import command_text
from rummy_spec.engine.game import Game
from rummy_spec.engine.reasons import all_reasons
from rummy_spec.lang import load
from rummy_spec.simulate import play_out

from .helpers import Cli, one_clear_line

# Gin, seed 4: bot 1 deals, so the first upcard is offered to you before any bot moves.
GIN = ("play", "gin", "--seed", "4")


def play(cli: Cli, monkeypatch: pytest.MonkeyPatch, script: str, *args: str) -> list[str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, err = cli(*(args or GIN))
    assert (code, err) == (0, "")
    assert "Traceback" not in out
    return out.splitlines()


def test_a_scripted_session(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = play(cli, monkeypatch, "hint\ndraw\nfrobnicate\nlayoff 5H x\npass\nhint\nquit\n")
    game = Game(load("gin"), 2, 4)
    upcard = game.rules.table.text(game.state.discard[-1])
    hand = sorted_hand(game.rules.table, game.rules.wild, game.state.seats[HUMAN].hand)
    assert lines[0].startswith("Gin Rummy (gin) for 2 players, seed 4: you are seat 0")
    assert f"your hand: {cards_text(game.rules.table, hand)}" in lines
    assert f"upcard: {upcard}   stock: 31 cards" in lines
    assert "scores: you 0, bot 1 0" in lines
    status = "[round 1 (game to 100 points)] "
    assert f"{status}the upcard {upcard} is offered to you: take or pass" in lines
    at = lines.index("> hint")
    assert lines[at + 1:at + 4] == ["your legal moves:", f"  take   ({upcard})", "  pass"]
    # an illegal command: what you tried, why in your words, the reason code; nothing changes
    at = lines.index("> draw")
    assert lines[at + 1] == ("you cannot draw from the stock: the first upcard is offered: "
                             "take it or pass (no-offer)")
    assert lines[at + 3] == "> frobnicate"
    assert lines[at + 4] == "? unknown command 'frobnicate' (help lists the commands)"
    assert lines[at + 7] == "? layoff: MELD 'x' is not a number"
    # your pass is told, then the bot answers the offer, each in one line
    assert lines[at + 10:at + 12] == [f"you pass on {upcard}", f"bot 1 passes on {upcard}"]
    assert lines[-4:] == ["you left the game in round 1", "rounds: 0",
                          "winner: none (the game did not finish)",
                          "final scores: you 0, bot 1 0"]


def test_end_of_input_ends_the_game(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = play(cli, monkeypatch, "take\n")
    at = lines.index("> take")
    assert lines[at + 1].startswith("you take the upcard ")
    assert lines[at + 2] == ""  # the board again: you hold the upcard, marked
    taken = lines[at + 1].split()[-1]
    assert any(line.startswith("your hand: ") and f"[{taken}]" in line for line in lines)
    assert any("your play: " in line and "discard" in line for line in lines)
    assert lines[-4] == "you left the game in round 1"


def test_every_illegal_command_names_a_published_reason(cli: Cli,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    script = "give 2C\nbuy\nknock\nswap 2C 1\nmeld AS AS AS\ndiscard AS 7\nquit\n"
    lines = play(cli, monkeypatch, script)
    said = [line for line in lines if line.startswith(("you cannot ", "? "))]
    assert len(said) == 6
    for line in said:
        assert line.startswith("you cannot ")
        code = re.search(r"\(([a-z-]+)\)(;|$)", line)
        assert code is not None and code.group(1) in all_reasons(), line


def test_help_lists_the_commands_the_position_allows(cli: Cli,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    lines = play(cli, monkeypatch, "help\ntake\nhelp\n")
    first = lines.index("> help")
    second = lines.index("> help", first + 1)
    offered = "\n".join(lines[first:lines.index("> take")])
    playing = "\n".join(lines[second:])
    # at the first upcard's offer: take or pass, never a discard
    for word in ("take", "pass", "hint", "board", "auto on|off", "quit"):
        assert f"\n  {word} " in offered, word
    for word in ("draw ", "discard CARD", "knock [CARD]", "buy "):
        assert f"\n  {word}" not in offered, word
    # after taking it: discard and knock, no more take
    assert "\n  discard CARD [SEAT]" in playing and "\n  take " not in playing


class Player:
    """Stdin typed by someone who plays like a bot: each line the command for its move."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.game: Game | None = None

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        assert self.game is not None
        mine = [a for a in self.game.legal_actions() if a.player == HUMAN]
        if all(a.type == "call" for a in mine):  # let a rummy chance go
            return "pass\n"
        return command_text(self.game.rules, self.bot(self.game.rules, self.game.state,
                                                      mine)) + "\n"


@pytest.mark.parametrize(("name", "players", "seed"), [("gin", 2, 4), ("rummy", 3, 2)])
def test_a_whole_game_played_by_commands(name: str, players: int, seed: int) -> None:
    game = start_game(load(name), players, seed)
    typed = Player(greedy_bot(seed))
    typed.game = game
    out = io.StringIO()
    run_in_terminal(Session(game), PlainReader(typed, out), out)
    lines = out.getvalue().splitlines()
    assert game.over
    assert not [line for line in lines if line.startswith(("you cannot", "?"))]
    assert lines[-4] == "game over"
    assert lines[-1].startswith("final scores: you ")
    rounds = [line for line in lines if line.startswith("round ") and " over: " in line]
    assert len(rounds) == len(game.state.results)
    # every seat played greedily, so the game is the one the bots alone would play
    assert game.history == play_out(load(name), players, seed, "greedy").game.history


@pytest.mark.parametrize(("name", "players"), [("continental", 4), ("ten_step", 3),
                                               ("seven_hand", 3), ("gin", 2)])
def test_every_legal_move_is_a_command_that_reads_back(name: str, players: int) -> None:
    game = start_game(load(name), players, 7)
    bot = random_bot(7)
    checked = 0
    for _ in range(400):
        if game.over:
            break
        actions = game.legal_actions()
        for a in actions:
            if a.player == HUMAN:
                assert parse_command(game, command_text(game.rules, a).split()) == a
                checked += 1
        game.apply(bot(game.rules, game.state, actions))
    assert checked > 50


def test_commands_that_do_not_read() -> None:
    game = start_game(load("continental"), 4, 1)
    for line, said in [("meld", "meld: name the cards"), ("meld 5H / ", "meld: name the cards"),
                       ("discard", "discard: discard CARD [SEAT]"),
                       ("layoff 5H", "layoff: layoff CARD MELD [low|high]"),
                       ("shift 5H 1 low", "shift: shift CARD MELD"),
                       ("draw now", "draw takes nothing after it"),
                       ("discard 5Q", "card '5Q': not a card of this deck")]:
        with pytest.raises(BadCommand, match=re.escape(said)):
            parse_command(game, line.split())


@pytest.mark.parametrize(("args", "named"), [
    (("play", "nowhere"), "no built-in variant named 'nowhere'"),
    (("play", "gin", "--players", "3"), "--players 3: gin is played by 2 players"),
    (("play", "gin", "--seed", "x"), "'x' is not a whole number"),
    (("play", "continental", "--option", "nothing"), "--option nothing"),
])
def test_play_usage_errors_are_one_clear_line(cli: Cli, args: tuple[str, ...],
                                              named: str) -> None:
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    assert named in one_clear_line(err)
