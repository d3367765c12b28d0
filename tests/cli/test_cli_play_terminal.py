"""``rummy-spec play`` driven in a pseudo-terminal, as a person plays it: keystrokes in,
screens read back.  A whole hand of Continental and one of Gin are played to their end;
the moves are chosen from what ``hint`` shows on the screen, nothing from inside."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from .terminal import ROOT, Terminal

# What the person prefers among the moves ``hint`` lists (the first that is listed).
PREFERENCE = ("meld", "knock", "layoff", "draw", "give", "discard", "pass", "dead")


def choose(hints: list[str]) -> str:
    """A command from the hint lines: ``  discard CARD   (CARD: 2C 5D)`` -> ``discard 2C``."""
    moves = [line.strip() for line in hints if line.startswith("  ")]
    for verb in PREFERENCE:
        for move in moves:
            if move.split()[0] != verb:
                continue
            command, _, cards = move.partition("   (CARD: ")
            if cards:
                return command.replace("CARD", cards.rstrip(")").split()[0])
            return command.partition("   (")[0]
    raise AssertionError(f"no move to make among {moves}")


def play_a_hand(term: Terminal) -> tuple[list[str], list[str]]:
    """Play until the hand ends; the whole screen and the lines of the hand's end."""
    shown = term.wait_prompt()
    for _ in range(300):
        if any(line == "press Enter for the next round (or quit)" for line in shown):
            end = next(i for i, line in enumerate(shown) if line.startswith("round 1 over: "))
            return term.lines, shown[end:]
        hints = term.type("hint")
        assert hints[1] == "your legal moves:", hints
        shown = term.type(choose(hints))
        assert not [line for line in shown if line.startswith(("you cannot", "?"))], shown
    raise AssertionError("the hand did not end in 300 moves")


def check_hand_end(end: list[str], seats: int) -> None:
    """Every seat's score and its hand shown, then the totals, then the pause."""
    rows = [line for line in end[1:] if re.match(r"  (you|bot \d)\s+[+-]?\d+ points", line)]
    assert len(rows) == seats, end
    for row in rows:
        shown = row.split(" points", 1)[1].strip()
        assert shown == "no cards left" or re.search(r"(in hand|deadwood)", shown), row
        # a card-by-card sum adds up: "KD 10 + 5H 5 = 15"
        total = re.search(r"((?:\S+ \d+ \+ )+\S+ \d+) = (\d+)", shown)
        if total:
            points = [int(p) for p in re.findall(r"\S+ (\d+)(?: \+|$)", total.group(1))]
            assert sum(points) == int(total.group(2)), row
    assert any(line.startswith("  totals: you ") for line in end)


def test_a_hand_of_continental_to_its_end() -> None:
    term = Terminal("play", "continental", "--players", "4", "--seed", "5",
                    env={"NO_COLOR": "1"})
    screen, end = play_a_hand(term)
    text = "\n".join(screen)
    # every player's move told in one line; the wilds marked on the board and the table
    assert re.search(r"^bot [12] (draws from the stock|takes the upcard \S+)$", text, re.M)
    assert re.search(r"^you (draw \S+ from the stock|take the upcard \S+)$", text, re.M)
    assert re.search(r"^\[round 1 of 7 · contract 2 sets · buys unlimited\] ", text, re.M)
    assert re.search(r"^your hand: .*\[\S+\]", text, re.M), "the card just drawn is marked"
    assert re.search(r"^your hand: .*JK\*", text, re.M) or "JK*" in text
    check_hand_end(end, 4)
    assert not re.search(r"\x1b\[[0-9;]*3[1-7]m", term.raw), "NO_COLOR: no colour"
    after = term.type("")  # Enter: the next hand is dealt
    assert any(line.startswith("-- round 2 of 7") for line in after)
    term.child.send("quit\r")
    assert term.finish() == 0
    assert "rounds: 1" in term.lines


def test_a_hand_of_gin_to_its_end_in_colour() -> None:
    term = Terminal("play", "gin", "--seed", "4")
    screen, end = play_a_hand(term)
    text = "\n".join(screen)
    assert "\x1b[31m" in term.raw, "red suits are red"
    assert re.search(r"^your hand: .*[♣♦♥♠]", text, re.M), "suits drawn as symbols"
    assert re.search(r"^bot 1 (passes on|takes the upcard) \S+$", text, re.M)
    assert end[0].startswith("round 1 over: ")
    check_hand_end(end, 2)
    term.child.send("quit\r")
    assert term.finish() == 0


def test_tab_completes_a_command_and_a_card() -> None:
    term = Terminal("play", "gin", "--seed", "4", env={"NO_COLOR": "1"})
    term.wait_prompt()
    term.child.send("ta\t")
    shown = term.type("")
    assert shown[0] == "> take" and shown[1].startswith("you take the upcard 4")
    assert any(line.startswith("your hand: 3♣ 10♣ J♣") for line in shown)
    term.child.send("discard 10\t")  # the one card of the hand that starts so
    shown = term.type("")
    assert shown[:2] == ["> discard 10C", "you discard 10♣"], shown
    term.child.send("quit\r")
    assert term.finish() == 0


def test_a_dumb_terminal_reads_plain_lines() -> None:
    term = Terminal("play", "gin", "--seed", "4", env={"TERM": "dumb"})
    first = term.wait_prompt()
    assert "\x1b[" not in term.raw  # no colour, no screen control on a dumb terminal
    assert any(line.startswith("your hand: 3♣ 10♣") for line in first)
    shown = term.type("pass")
    assert shown[1:3] == ["you pass on 4♦", "bot 1 passes on 4♦"]
    term.child.send("quit\r")
    assert term.finish() == 0


def test_plain_mode_at_a_terminal() -> None:
    term = Terminal("play", "gin", "--seed", "4", "--plain")
    first = term.wait_prompt()
    assert any(line == "your hand: 3C 10C JC 3D 6D 8D AH 4S JS KS" for line in first)
    assert not re.search(r"\x1b\[[0-9;]*m", term.raw), "no colour, no styles"
    shown = term.type("take")
    assert shown[1] == "you take the upcard 4D"
    assert any(line == "your hand: 3C 10C JC 3D [4D] 6D 8D AH 4S JS KS" for line in shown)
    term.child.send("quit\r")
    assert term.finish() == 0


@pytest.mark.parametrize("head", ["1", "3"])
def test_piped_into_head_ends_quietly(head: str) -> None:
    run = subprocess.run(
        f"printf 'take\\ndiscard 3C\\nquit\\n' | {sys.executable} -m rummy_spec.cli play gin "
        f"--seed 4 | head -{head}", shell=True, capture_output=True, text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=60, check=False)
    assert run.returncode == 0
    assert run.stderr == "", run.stderr
    assert len(run.stdout.splitlines()) == int(head)
