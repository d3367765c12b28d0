"""The ``view`` request (protocol 2, feature ``views``): the reference answers it behind
the protocol, its replies match their schema, the no-leak law on an engine, and engines
of protocol 1 are still run."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_spec.conformance import PROTOCOL_VERSION
from rummy_spec.conformance.broken import command
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.oracle.views import leak_at_deal, redealt, view_diffs
from rummy_spec.conformance.suite.cases import load_cases
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.engine import EngineError, NewGame, new_game
from rummy_spec.conformance.wire.protocol import reply_problem

REFERENCE = f"{sys.executable} -m rummy_spec.conformance.reference_engine"
STARTER = Path(__file__).resolve().parents[2] / "conformance" / "starters" / "python" / "engine.py"


def gin_case_game() -> NewGame:
    return new_game(load_cases(variants=["gin"])[0])


def test_the_reference_answers_view_behind_the_protocol() -> None:
    game = gin_case_game()
    engine = ProcessEngine(REFERENCE, timeout=30)
    try:
        hello = engine.hello()
        assert hello.protocol == PROTOCOL_VERSION == 2 and "views" in hello.features
        engine.new(game)
        view = engine.view(0)
        assert reply_problem("view", {"seq": 1, "view": view}) is None
        assert sorted(view["hand"]) == sorted(game.setup["hands"][0])
        assert view["hand_sizes"] == [len(h) for h in game.setup["hands"]]
        stock = set(game.setup["stock"]) | set(game.setup["hands"][1])
        assert not stock & set(map(str, str(view).replace("'", " ").split()))
        with pytest.raises(EngineError, match="seat 5"):
            engine.view(5)
    finally:
        engine.close()


def test_a_reply_naming_no_view_is_malformed() -> None:
    assert reply_problem("view", {"seq": 1}) is not None
    assert reply_problem("view", {"seq": 1, "view": {"seat": 0}}) is not None


def test_no_leak_holds_for_the_reference_and_fails_for_a_leaky_engine() -> None:
    game = gin_case_game()
    reference = ReferenceEngine()
    reference.new(game)
    assert leak_at_deal(reference, game, random.Random(0)) is None
    leaky = ProcessEngine(command("view-shows-stock-top"), timeout=30)
    try:
        leaky.new(game)
        found = leak_at_deal(leaky, game, random.Random(0))
    finally:
        leaky.close()
    assert found is not None and found[1][0][0] == "stock_top"


def test_a_redeal_keeps_the_seat_and_the_pile_and_moves_the_rest() -> None:
    game = gin_case_game()
    other = redealt(game, 1, random.Random(3))
    s, t = game.setup, other.setup
    assert t["hands"][1] == s["hands"][1] and t["discard"] == s["discard"]
    assert sorted(t["hands"][0] + t["stock"]) == sorted(s["hands"][0] + s["stock"])
    assert (t["hands"][0], t["stock"]) != (s["hands"][0], s["stock"])


def test_views_compare_as_multisets_and_extra_fields_differ() -> None:
    want = {"seat": 0, "hand": ["AS", "2S"], "known": [[], ["KD", "QD"]], "revealed": {}}
    same = {"seat": 0, "hand": ["2S", "AS"], "known": [[], ["QD", "KD"]], "revealed": {}}
    assert view_diffs(want, same) == []
    assert [k for k, _, _ in view_diffs(want, {**same, "stock_top": "KH"})] == ["stock_top"]
    assert [k for k, _, _ in view_diffs(want, {**same, "known": [[], []]})] == ["known"]


def test_an_engine_of_protocol_1_is_still_run(tmp_path: Path) -> None:
    """The Python starter speaks protocol 1 and answers no view: run as before."""
    done = subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", "run",
                           "--engine", f"{sys.executable} {STARTER}", "--variant", "rummy"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert "speaks protocol" not in done.stderr, done.stderr
    assert " passed" in done.stdout and "errored" not in done.stdout.split("\n")[-2], \
        done.stdout[-500:]
