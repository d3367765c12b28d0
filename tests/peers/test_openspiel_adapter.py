"""conformance/adapters/openspiel_gin.py: OpenSpiel's gin_rummy behind the protocol."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the 'peers' extra: "
                    "pip install -e '.[peers]')")

from rummy_spec.conformance.wire.engine import Engine, NewGame

from .common import (
    Session,
    act,
    hello_of,
    load_adapter,
    need_profile,
    play_against_reference,
    refused_unchanged,
    run_profile_cases,
    shuffled_pack,
)

VARIANT = "gin_openspiel"
JSON = dict[str, Any]
SETUP: JSON = {
    "dealer": 1,
    "hands": [["2C", "3C", "4C", "5H", "5S", "5D", "9S", "10S", "JS", "KH"],
              ["AD", "2D", "3D", "5C", "7H", "8H", "9H", "QC", "QD", "KD"]],
    "stock": ["8D", "AC", "7C", "8C", "9C", "10C", "JC", "KC", "4D", "6D", "7D", "9D", "10D",
              "JD", "AH", "2H", "3H", "4H", "6H", "10H", "JH", "QH", "AS", "2S", "3S", "4S",
              "6S", "7S", "8S", "QS", "KS"],
    "discard": ["6C"],
}


def engine() -> Engine:
    module = load_adapter("openspiel_gin")
    made: Engine = module.OpenSpielGin()
    made.new(NewGame(VARIANT, (), 2, SETUP))
    return made


def test_hello_and_bad_requests_over_the_protocol() -> None:
    s = Session("openspiel_gin")
    hello_of(s, VARIANT)
    assert "error" in s.request("act", action={"type": "draw", "player": 0})  # before new
    assert "skip" in s.request("new", variant="gin", options=[], players=2, setup=SETUP)
    assert "error" in s.send_line("this is not JSON")
    assert "error" in s.request("new", variant=VARIANT, options=[], players=2,
                                setup={**SETUP, "stock": ["ZZ"]})
    assert s.request("new", variant=VARIANT, options=[], players=2, setup=SETUP)["ok"]
    assert "error" in s.request("act", action=5)
    assert "error" in s.request("perft", depth=-1)
    assert "error" in s.request("frobnicate")
    assert s.request("act", action={"type": "pass", "player": 0})["result"] == "accepted"
    assert s.request("perft", depth=1)["count"] == 2  # the dealer takes or passes
    assert s.close() == 0


def test_an_explicit_deal_played_to_the_end() -> None:
    e = engine()
    s = e.state()
    assert s["phase"] == "offer" and s["offer"] == [0, 1] and s["turn"] == 0
    assert s["hands"][0] == sorted(SETUP["hands"][0]) and s["discard_top"] == "6C"
    assert s["stock_size"] == 31
    assert [act(e, "pass", 0), act(e, "pass", 1)] == ["accepted"] * 2
    assert act(e, "draw", 0, source="stock") == "accepted"  # 8D, the setup's stock top
    assert "8D" in e.state()["hands"][0]
    assert act(e, "knock", 0, card="KH") == "accepted"
    s = e.state()
    assert (s["phase"], s["turn"], s["hands"][0]) == ("layoff", 1, ["8D"])
    assert s["table"] == [
        {"owner": 0, "kind": "set", "cards": ["5D", "5H", "5S"], "wilds": []},
        {"owner": 0, "kind": "run", "cards": ["2C", "3C", "4C"], "wilds": []},
        {"owner": 0, "kind": "run", "cards": ["9S", "10S", "JS"], "wilds": []}]
    assert s["discard_top"] == "KH" and s["stock_size"] == 30
    assert act(e, "lay_off", 1, card="5C", meld=0) == "accepted"
    assert act(e, "pass", 1) == "accepted"
    s = e.state()
    assert s["phase"] == "game-over"
    # 30 (QC QD KD) - 8 (8D) = 22, zero sum
    assert s["totals"] == [22, -22] and s["winners"] == [0]
    assert s["results"] == [{"round": 1, "scores": [22, -22], "winner": 0, "ending": "knock"}]


def test_refusals_change_nothing() -> None:
    e = engine()
    refused_unchanged(e, {"type": "draw", "player": 0, "source": "stock"}, "no-offer")
    refused_unchanged(e, {"type": "pass", "player": 1}, "no-offer")
    refused_unchanged(e, {"type": "draw", "player": 5, "source": "stock"}, "bad-player")
    refused_unchanged(e, {"type": "jump", "player": 0}, "bad-action")
    refused_unchanged(e, {"type": "discard", "player": 0, "card": "ZZ"}, "bad-action")
    act(e, "pass", 0)
    act(e, "pass", 1)
    refused_unchanged(e, {"type": "draw", "player": 0, "source": "discard"}, "upcard-refused")
    act(e, "draw", 0, source="stock")
    refused_unchanged(e, {"type": "draw", "player": 0, "source": "stock"}, "already-drawn")
    refused_unchanged(e, {"type": "discard", "player": 1, "card": "QC"}, "not-your-turn")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "QH"}, "not-in-hand")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "2C"}, "deadwood-too-high")
    refused_unchanged(e, {"type": "knock", "player": 0}, "no-big-gin")
    refused_unchanged(e, {"type": "meld", "player": 0, "melds": [["2C", "3C", "4C"]]},
                      "no-table-play")
    # (the reference's code for going down where there are no contracts)
    refused_unchanged(e, {"type": "go_down", "player": 0, "melds": [["2C", "3C", "4C"]]},
                      "bad-action")
    refused_unchanged(e, {"type": "dead_hand", "player": 0}, "no-dead-hand")
    act(e, "knock", 0, card="KH")
    refused_unchanged(e, {"type": "lay_off", "player": 1, "card": "QC", "meld": 0},
                      "mixed-ranks")
    refused_unchanged(e, {"type": "lay_off", "player": 1, "card": "5C", "meld": 9},
                      "no-such-meld")
    refused_unchanged(e, {"type": "lay_off", "player": 0, "card": "8D", "meld": 0},
                      "not-defender")
    refused_unchanged(e, {"type": "discard", "player": 1, "card": "QC"}, "not-defender")


def test_longer_runs_are_laid_in_pieces_and_shown_whole() -> None:
    module = load_adapter("openspiel_gin")
    cards = [module.parse_card(t) for t in ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]]
    melds = module.best_arrangement(cards)
    assert len(melds) == 1 and sorted(c for p in melds[0] for c in p) == sorted(cards)
    assert all(len(p) <= 5 for p in melds[0])


def test_state_matches_the_reference_in_random_play() -> None:
    need_profile(VARIANT)
    module = load_adapter("openspiel_gin")
    rng = random.Random(7)
    for _ in range(12):
        pack = shuffled_pack(rng)
        setup = {"dealer": rng.randrange(2), "hands": [pack[:10], pack[10:20]],
                 "discard": [pack[20]], "stock": pack[21:]}
        assert play_against_reference(module.OpenSpielGin(), VARIANT, setup, rng) == []


def test_conformance_run_of_the_profile_cases() -> None:
    run_profile_cases(VARIANT, "openspiel_gin")


@pytest.mark.slow
def test_the_aimed_fuzz_finds_the_missed_knock_unaided(tmp_path: Any) -> None:
    """OpenSpiel's knock count (the eleven cards' first best meld group less its highest
    unmatched card) refuses a knock whose best ten cards are at the limit: the fuzz's
    knock-tie scene deals it, and the written case fails on OpenSpiel only (seed 1 meets
    it in game 21 of 150, with three other findings; under a minute)."""
    from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, fuzz
    from rummy_spec.conformance.fuzzing.fuzzcase import write_finding
    from rummy_spec.conformance.oracle.reference import ReferenceEngine
    from rummy_spec.conformance.running.runner import run_suite
    from rummy_spec.conformance.suite.cases import load_case

    module = load_adapter("openspiel_gin")
    peer: Engine = module.OpenSpielGin()
    opts = FuzzOptions(VARIANT, examples=150, seed=1, shrink_seconds=5, most_findings=3,
                       command="openspiel")
    result = fuzz(peer, opts)
    rule = "knock: legal, the engine refuses (deadwood-too-high)"
    found = [f for f in result.findings if f.rule == rule]
    assert found, [f.rule for f in result.findings]
    path = write_finding(tmp_path, opts, 2, found[0])
    case = load_case(path, tmp_path)
    assert run_suite(module.OpenSpielGin(), [case])[0].status == "failed"
    assert run_suite(ReferenceEngine(), [case])[0].status == "passed"
