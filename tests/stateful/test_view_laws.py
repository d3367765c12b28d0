"""The laws of the seats' views in the state machine (every built-in variant and option
runs them through ``test_every_spec``), here on a house variant file, and planted faults
that the laws catch."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.engine.game import Game
from rummy_spec.engine.seats import view as views
from rummy_spec.lang import load
from rummy_spec.laws.variant import LawViolation
from rummy_spec.testing import engine_state_machine
from rummy_spec.testing.view_laws import check_no_leak_and_sufficiency, check_recall
from rummy_spec.testing.view_laws import views as all_views

HOUSE = """\
# Rummy as one house plays it: the pile (less its top card) turned over when the stock
# runs out, once; so a seat that remembers the pile knows the new stock's order.
variant house_rummy "House Rummy" extends rummy {
    stock { empty turn over then end round }
}
"""
QUICK = settings(max_examples=12, stateful_step_count=30, deadline=None,
                 suppress_health_check=list(HealthCheck))


def house(tmp_path: Path) -> str:
    path = tmp_path / "house_rummy.rummy"
    path.write_text(HOUSE)
    return str(path)


def test_laws_hold_on_a_house_variant_file(tmp_path: Path) -> None:
    machine = engine_state_machine(load(house(tmp_path)), 2, settings=QUICK)
    run_state_machine_as_test(machine, settings=QUICK)


def played(variant: str, players: int, seed: int, moves: int) -> Game:
    """A game after ``moves`` random legal moves, tracking what each seat is shown."""
    g = Game(load(variant), players, seed)
    g.known()
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_stock_turned_over_is_known_in_order(tmp_path: Path) -> None:
    """The house rule's second stock is the pile turned over: every seat knows it."""
    variant = load(house(tmp_path))
    for seed in range(20):  # random play that runs the first deal's stock out
        g = Game(variant, 2, seed)
        g.known()
        rng = random.Random(seed)
        while not g.over and g.state.game.deal_no == 1 and g.state.hand.exhaustions == 0:
            g.apply(rng.choice([a for a in g.legal_actions() if a.type != "meld"]
                               or g.legal_actions()))
        if g.state.game.deal_no == 1 and g.state.hand.exhaustions == 1:
            break
    else:
        raise AssertionError("no game of 20 ran its stock out")
    assert g.state.hand.stock
    stock = g.state.hand.stock
    view = g.view_json(0)
    assert view["stock"]["hidden"] == 0
    assert view["stock"]["known"] == g.card_text(list(reversed(stock)))
    check_no_leak_and_sufficiency(g, 0, random.Random(2))


def law_failures(variant: str, players: int, seeds: range, moves: int) -> set[str]:
    """The laws broken in games of these seeds, checked every few moves."""
    broken: set[str] = set()
    for seed in seeds:
        g = played(variant, players, seed, 0)
        rng = random.Random(seed)
        for _ in range(moves):
            if g.over:
                break
            try:
                if len(g.history) % 3 == 0:
                    check_no_leak_and_sufficiency(g, len(g.history) % players, rng)
                before = all_views(g)
                action = rng.choice(g.legal_actions())
                g.apply(action)
                check_recall(before, all_views(g), action)
            except LawViolation as why:
                broken.add(why.law)
                break
    return broken


def test_the_laws_hold_unplanted() -> None:
    assert law_failures("gin", 2, range(3), 40) == set()
    assert law_failures("continental", 4, range(2), 40) == set()


@pytest.mark.patches_engine  # a patched engine function: compiled callers miss it
def test_a_view_showing_an_opponent_card_breaks_no_leak(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = views.view_json

    def leaky(rules: Any, state: Any, know: Any, seat: int) -> dict[str, Any]:
        out = real(rules, state, know, seat)
        other = state.hand.seats[(seat + 1) % rules.players].hand
        out["peek"] = rules.table.faces[other[0]].text if other else None
        return out

    monkeypatch.setattr(views, "view_json", leaky)
    assert "view-leak" in law_failures("gin", 2, range(2), 10)


@pytest.mark.patches_engine  # a patched engine function: compiled callers miss it
def test_legal_actions_read_from_a_hidden_card_break_sufficiency(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sampling that re-deals the seat's own hand: its legal actions change."""
    real = views.hidden_places

    def own_too(state: Any, know: Any, seat: int) -> list[tuple[str, int, int]]:
        mine = [("hand", seat, i) for i in range(len(state.hand.seats[seat].hand))]
        return real(state, know, seat) + mine

    monkeypatch.setattr(views, "hidden_places", own_too)
    monkeypatch.setattr(views, "view_json", _without_own_hand(views.view_json))
    assert "view-sufficiency" in law_failures("gin", 2, range(2), 10)


def _without_own_hand(real: Any) -> Any:
    def view_json(rules: Any, state: Any, know: Any, seat: int) -> dict[str, Any]:
        out: dict[str, Any] = real(rules, state, know, seat)
        out["hand"] = []
        out["seats"][seat]["known"] = []
        return out
    return view_json


@pytest.mark.patches_engine  # a patched engine function: compiled callers miss it
def test_a_view_that_forgets_moves_breaks_recall(monkeypatch: pytest.MonkeyPatch) -> None:
    real = views.view_json

    def forgetful(rules: Any, state: Any, know: Any, seat: int) -> dict[str, Any]:
        out = real(rules, state, know, seat)
        out["history"] = out["history"][-6:]
        return out

    monkeypatch.setattr(views, "view_json", forgetful)
    assert law_failures("gin", 2, range(2), 20) == {"view-recall"}
