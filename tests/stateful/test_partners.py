"""The state machine on a house variant of partnerships (conformance/examples/
partnership_rummy.rummy, Rummy for two teams of two): card conservation, turn order,
every table meld legal, the scores (partners pay each other nothing), the winners (the
best team's seats), replay, and the laws of the views, after every step."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.conformance import suite_root
from rummy_spec.lang import load
from rummy_spec.lang.model import Variant
from rummy_spec.testing import engine_state_machine

from .refereed import refereed_end

HOUSE = str(suite_root() / "examples" / "partnership_rummy.rummy")
QUICK = settings(max_examples=6, stateful_step_count=200, deadline=None,
                 suppress_health_check=list(HealthCheck))


def test_the_laws_hold_for_partnerships() -> None:
    variant = load(HOUSE)
    assert variant.game.partners == "across"
    machine = engine_state_machine(variant, 4, settings=QUICK)
    run_state_machine_as_test(machine, settings=QUICK)


def _refereed_games(variant: Variant, seeds: range) -> None:
    """Seeded games played to their end by the planner, the referee checking every step:
    each round's scores, the totals, and the winners (the best team's two seats)."""
    for seed in seeds:
        g = refereed_end(variant, 4, seed)
        assert len(g.state.game.winners) == 2 and not g.state.game.abandoned
        assert g.state.game.winners[1] - g.state.game.winners[0] == 2  # partners


def test_whole_games_keep_the_laws() -> None:
    _refereed_games(load(HOUSE), range(3))


def test_the_laws_hold_where_going_out_needs_a_long_meld(tmp_path: Path) -> None:
    """The partnership house variant going out only on a team's meld of five, its
    opening set by the team's total, black threes blocking the pile (Canasta's rules in
    Rummy's company)."""
    text = Path(HOUSE).read_text(encoding="utf-8").replace(
        "    players 4\n", "    players 4\n    going out { needs a meld of 5 }\n"
        "    turn { first melds by total { below 0: 5, from 0: 15, from 60: 25 },\n"
        "           no taking black threes from the pile }\n")
    path = tmp_path / "partnership_rummy.rummy"
    path.write_text(text, encoding="utf-8")
    variant = load(str(path))
    assert variant.going_out.needs_meld == 5 and len(variant.turn.opening_by_total) == 3
    assert [c.text for c in variant.turn.no_take] == ["black threes"]
    machine = engine_state_machine(variant, 4, settings=QUICK)
    run_state_machine_as_test(machine, settings=QUICK)


def test_the_laws_hold_for_a_contract_game_in_teams(tmp_path: Path) -> None:
    """Continental for two teams of two: contracts played together, the lowest team
    total after the last round wins; each player lays his own contract before laying
    off."""
    path = tmp_path / "team_continental.rummy"
    path.write_text('variant team_continental "Continental in teams" extends continental '
                    "{\n    players 4\n    game { partners across }\n}\n", encoding="utf-8")
    machine = engine_state_machine(load(str(path)), 4, settings=QUICK)
    run_state_machine_as_test(machine, settings=QUICK)
    _refereed_games(load(str(path)), range(1))
