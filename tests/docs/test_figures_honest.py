"""The rulebook's figures are drawn only from games whose every round ended in play: a
round stopped at the turn cap is counted, the page says so instead of drawing, and the
build warns (``make docs`` and the docs tests build with ``-W``, so they fail)."""

from __future__ import annotations

import importlib
import sys

import pytest
from docs_support import DOCS

from rummy_spec.engine.records.rules import TURN_CAP
from rummy_spec.lang import builtin_library
from rummy_spec.rulebook import build_page
from rummy_spec.rulebook.doc import Figure
from rummy_spec.rulebook.plays import Plays, how_it_plays

sys.path.insert(0, str(DOCS / "_ext"))
FIGURES = importlib.import_module("rummy_figures")  # the docs' own extensions
PAGES = importlib.import_module("rummy_pages")


def _plays(capped: int) -> Plays:
    return Plays(2, 4, "planner", 0, ((10, 20, 30, 40), (5, 6, 7, 8)), ((12, 14), (20, 9)),
                 (1.0, 1.0, 0.0, 0.0), 0, capped, 0)


def _figures(plays: Plays) -> list[str]:
    page = PAGES._with_plays(build_page(builtin_library(), "liverpool"), "turn", plays, "alt")
    section = next(s for s in page.sections if s.key == "plays")
    return [b.path for b in section.blocks if isinstance(b, Figure)]


def test_a_turn_capped_round_draws_no_figure_and_says_why() -> None:
    capped = _plays(capped=1)
    assert not capped.drawable
    with pytest.raises(FIGURES.UndrawnFigure, match="1 round stopped at the bots' turn cap"):
        FIGURES.plays_svg("Liverpool", capped)
    assert _figures(capped) == ["_figures/liverpool-turn.svg"]
    assert "No figure of play is shown" in FIGURES.undrawn_text(capped)


def test_games_that_all_end_in_play_are_drawn() -> None:
    fine = _plays(capped=0)
    assert fine.drawable
    assert _figures(fine) == ["_figures/liverpool-turn.svg", "_figures/liverpool-plays.svg"]
    assert FIGURES.plays_svg("Liverpool", fine).lstrip().startswith("<?xml")


def test_the_capped_rounds_of_real_games_are_counted() -> None:
    """Greedy bots cannot finish Liverpool's all-cards last round: counted, not drawn."""
    liverpool = builtin_library().resolve("liverpool")[0]
    greedy = how_it_plays(liverpool, 4, 1, bot="greedy")
    assert greedy.capped >= 1 and not greedy.drawable


def test_the_default_bot_finishes_liverpool_so_round_7_is_real() -> None:
    liverpool = builtin_library().resolve("liverpool")[0]
    plays = how_it_plays(liverpool, 4, 2)
    assert plays.bot == "planner" and plays.drawable
    assert len(plays.turns_by_round) == 7
    assert all(0 < t < TURN_CAP for t in plays.turns_by_round[6])
