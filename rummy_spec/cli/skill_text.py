"""``--skill STRONG,WEAK`` of ``analyze`` and ``compare``: the skill share's games."""

from __future__ import annotations

import argparse

from ..analysis.runner import Batch
from ..analysis.skill import PAIR, Skill, skill
from ..lang import model as m
from ..simulate import GameRecord, SeatingError, seating
from ..textsafe import outside_text
from .base import UsageError
from .simulate import play_all

DEFAULT = ",".join(PAIR)


def add_skill_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--skill", default=DEFAULT, metavar="STRONG,WEAK",
                        help="the skill share: STRONG against WEAK, --games seeds each "
                             "played twice with the seats swapped (default "
                             f"{DEFAULT}; 'none' plays no such games)")


def skill_pair(args: argparse.Namespace) -> tuple[str, str] | None:
    """The strong bot and the weak one of ``--skill``, or None for 'none'; checked
    before any game is played."""
    text: str = args.skill
    if text.strip() == "none":
        return None
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or len(set(names)) != 2 or not all(names):
        raise UsageError(f"--skill {outside_text(text, 120)}: name two different bots, "
                         "the strong one first (e.g. planner,greedy), or 'none'")
    try:
        seating(names, 2)
    except SeatingError as err:
        raise UsageError(f"--skill {outside_text(text, 120)}: {err}") from None
    return names[0], names[1]


def skill_of_args(args: argparse.Namespace, variant: m.Variant, players: int,
                  pair: tuple[str, str]) -> Skill:
    """The skill figures of ``variant``: ``pair`` played as ``--skill`` says."""

    def run(batch: Batch) -> list[GameRecord]:
        return play_all(args, batch)

    found, _ = skill(variant, players, pair[0], pair[1], args.seed, args.games, run)
    return found
