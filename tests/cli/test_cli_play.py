"""``rummy-spec play``: a person at the first seat (seat 1) against greedy bots, commands
on stdin."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable

import pytest

from rummy_spec.bots import Bot, greedy_bot, random_bot
from rummy_spec.cli.cardtext import cards_text, sorted_hand
from rummy_spec.cli.games import start_game
from rummy_spec.cli.play import HUMAN, BadCommand, Session, parse_command, run_in_terminal
from rummy_spec.cli.play_input import PlainReader
from rummy_spec.cli.play_text import command_text
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.reasons import all_reasons
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
    upcard = game.rules.table.text(game.state.hand.discard[-1])
    hand = sorted_hand(game.rules.table, game.rules.wild, game.state.hand.seats[HUMAN].hand)
    assert lines[0].startswith("Gin Rummy (gin) for 2 players, seed 4: you are seat 1")
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
        chosen = self.bot(self.game.rules, self.game.state, mine)
        return command_text(self.game.rules, chosen, self.game.state) + "\n"


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
    assert len(rounds) == len(game.state.game.results)
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
                assert parse_command(game, command_text(game.rules, a, game.state).split()) == a
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


def drive(session: Session, choose: Callable[[Session], str], limit: int = 3000) -> list[str]:
    """Play a session by commands from ``choose`` until the game ends or ``limit``."""
    session.start()
    said = session.take_lines()
    for _ in range(limit):
        if session.finished:
            break
        line = choose(session)
        said.append(f"> {line}")
        session.command(line)
        said += session.take_lines()
    return said


def greedy_commands(seed: int, buy: bool = False) -> Callable[[Session], str]:
    """Commands a greedy player would type; at a chance to buy, ``buy`` or not."""
    bot = greedy_bot(seed)

    def choose(session: Session) -> str:
        if session.waiting:
            return ""
        mine = session.mine
        if all(a.type == "call" for a in mine):
            return "pass"
        if {a.type for a in mine} == {"buy", "pass"}:
            return "buy" if buy else "pass"
        game = session.game
        return command_text(game.rules, bot(game.rules, game.state, mine), game.state)

    return choose


def test_a_buy_names_the_penalty_cards_and_the_buys_left() -> None:
    game = start_game(load("shanghai"), 4, 3)
    said = drive(Session(game), greedy_commands(3, buy=True), limit=60)
    bought = [line for line in said if line.startswith("you buy ")]
    assert bought, said
    assert re.fullmatch(r"you buy \S+ and take \S+ as the penalty; 2 buys left", bought[0])
    # after a buy the status in the prompt counts it too
    at = said.index(bought[0])
    assert any("· 2 buys left]" in line for line in said[at:])
    # a bot's buy is told without naming its hidden penalty card
    assert all(re.fullmatch(r"bot \d buys \S+( and a penalty card)?; \d buys? left", line)
               for line in said if re.match(r"bot \d buys ", line))


def test_auto_pass_answers_every_chance_to_buy() -> None:
    game = start_game(load("shanghai"), 4, 3)
    session = Session(game, auto_pass=True)
    said = drive(session, greedy_commands(3), limit=40)
    assert not [line for line in said if "buy it or pass" in line]
    auto = [line for line in said if line.startswith("you do not buy ")]
    assert auto and all(line.endswith(" (auto)") for line in auto)
    session.command("auto off")
    assert session.take_lines()[0] == "auto pass off: you are asked whether to buy"
    session.command("auto maybe")
    assert session.take_lines()[0] == "? auto: auto on|off"


@pytest.mark.parametrize(("name", "players", "seed"), [("continental", 4, 5), ("gin", 2, 4)])
def test_the_end_of_a_hand_shows_every_hand_then_waits(name: str, players: int,
                                                       seed: int) -> None:
    game = start_game(load(name), players, seed)
    session = Session(game, pause=True)
    choose = greedy_commands(seed)
    said = drive(session, lambda s: "quit" if s.waiting else choose(s), limit=400)
    head = next(i for i, line in enumerate(said) if line.startswith("round 1 over: "))
    result = game.state.game.results[0]
    rows = said[head + 1:head + 1 + players]
    for seat, (row, score) in enumerate(zip(rows, result.scores, strict=True)):
        name_ = "you" if seat == 0 else f"bot {seat}"
        assert re.match(rf"  {name_}\s+[+]?{score} points   ", row), row
    assert said[head + 1 + players].startswith("  totals: you ")
    assert said[head + 2 + players] == "press Enter for the next round (or quit)"
    assert said[head + 3 + players] == "> quit"


def test_refusals_name_the_card_and_the_rule() -> None:
    game = start_game(load("continental"), 4, 3)
    session = Session(game)
    session.start()
    session.take_lines()
    session.command("draw")
    session.take_lines()
    for line, said in [
            ("discard 5S", "you cannot discard 5S: you do not hold 5S (not-in-hand)"),
            ("meld 2C JC JK", "you cannot meld 2C JC JK*: the natural cards of a set must all "
                              "have one rank: 2C JC (mixed-ranks); wild here: AD* AH* JK*"),
            ("layoff 3C 1", "you cannot lay off 3C on meld 1: you must go down (lay the "
                            "round's contract) first (not-down)")]:
        session.command(line)
        assert session.take_lines()[0] == said


def test_plain_and_no_color(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = play(cli, monkeypatch, "quit\n", "play", "continental", "--players", "4",
                 "--seed", "3", "--plain")
    assert "\x1b[" not in "\n".join(lines)
    assert any(line.startswith("your hand: 2C JC ") and "JK*" in line for line in lines)


def test_the_draw_from_the_stock_is_told_after_the_claims() -> None:
    """A refused upcard opens the buying; the refuser's stock draw comes when it closes."""
    game = start_game(load("continental"), 4, 3)
    said = drive(Session(game, auto_pass=True), greedy_commands(3), limit=60)
    refusals = [i for i, line in enumerate(said)
                if re.fullmatch(r"(bot \d|you) (does|do) not take \S+; the others may buy it",
                                line)]
    assert len(refusals) > 3
    for i in refusals:
        who = said[i].split(" do")[0]
        j = i + 1
        while re.search(r" (do|does) not buy | buys? ", said[j]):
            j += 1
        drew = f"{who} draws from the stock" if who != "you" else "you draw "
        assert said[j].startswith(drew), said[i:j + 1]


def test_a_claimant_who_takes_at_once_is_told_playing_out_of_turn() -> None:
    """``claimant takes at once``: after a buy the claimant's turn out of order is told,
    the prompt says the play is out of turn, and the refuser's stock draw comes after the
    claimant's discard, not at the buy."""
    from rummy_spec.conformance import suite_root

    game = start_game(load(str(suite_root() / "examples" / "claim_at_once.rummy")), 4, 3)
    session = Session(game)
    choose, prompts = greedy_commands(3, buy=True), []

    def choose_and_read(s: Session) -> str:
        prompts.append(s.prompt())
        return choose(s)

    said = drive(session, choose_and_read, limit=80)
    mine = [i for i, line in enumerate(said) if line.startswith("you buy ")]
    assert mine, said
    assert said[mine[0] + 1] == "you play a turn at once, out of turn"
    assert any("your play out of turn, having claimed:" in p for p in prompts), prompts
    bots = [i for i, line in enumerate(said)
            if re.fullmatch(r"bot \d plays a turn at once, out of turn", line)]
    assert bots, said
    for i in bots:
        j = next(k for k in range(i, len(said)) if re.match(r"bot \d discards ", said[k]))
        assert "draw" in said[j + 1] and "from the stock" in said[j + 1], said[i:j + 2]
