"""conformance/adapters/rlcard_gin.py: RLCard's gin rummy behind the protocol."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("rlcard", reason="RLCard is not installed (the 'peers' extra: "
                    "pip install -e '.[peers]')")

from rummy_spec.conformance.wire.engine import Engine, NewGame

from .common import (
    PACK,
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

VARIANT = "gin_rlcard"
JSON = dict[str, Any]
KNOCKER = ["2C", "3C", "4C", "5H", "5S", "5D", "9S", "10S", "JS", "KH", "8D"]
GINNER = ["2C", "3C", "4C", "5H", "5S", "5D", "9S", "10S", "JS", "QS", "KH"]
DEFENDER = ["AD", "2D", "3D", "5C", "7H", "8H", "9H", "QC", "QD", "KD"]


def setup_for(first: list[str]) -> JSON:
    used = set(first) | set(DEFENDER)
    return {"dealer": 1, "hands": [first, DEFENDER], "discard": [],
            "stock": [c for c in PACK if c not in used]}


def engine(first: list[str]) -> Engine:
    made: Engine = load_adapter("rlcard_gin").RLCardGin()
    made.new(NewGame(VARIANT, (), 2, setup_for(first)))
    return made


def test_hello_and_bad_requests_over_the_protocol() -> None:
    s = Session("rlcard_gin")
    hello_of(s, VARIANT)
    assert "error" in s.request("state")  # before new
    ten_each = {"dealer": 1, "hands": [PACK[:10], PACK[10:20]], "discard": [PACK[20]],
                "stock": PACK[21:]}
    assert "skip" in s.request("new", variant=VARIANT, options=[], players=2, setup=ten_each)
    assert "error" in s.send_line("[1, 2]")
    assert s.request("new", variant=VARIANT, options=[], players=2,
                     setup=setup_for(KNOCKER))["ok"]
    assert "error" in s.request("act")
    assert s.request("act", action={"type": "discard", "player": 0, "card": "XX"}) == {
        "seq": s.seq, "result": "rejected", "reason": "bad-action",
        "message": "card: 'XX' is not a card of this deck"}
    assert s.request("perft", depth=1)["count"] == 13  # 11 discards, knock KH or 8D
    assert s.close() == 0


def test_an_explicit_deal_played_to_the_end() -> None:
    e = engine(KNOCKER)
    s = e.state()
    assert (s["phase"], s["turn"], s["discard_top"], s["stock_size"]) == ("play", 0, None, 31)
    assert s["hands"] == [sorted(KNOCKER), sorted(DEFENDER)]
    assert act(e, "discard", 0, card="8D") == "accepted"
    assert act(e, "draw", 1, source="stock") == "accepted"  # AC, the setup's stock top
    assert "AC" in e.state()["hands"][1]
    assert act(e, "discard", 1, card="AC") == "accepted"
    refused_unchanged(e, {"type": "draw", "player": 0, "source": "stock", "x": 1}, "bad-action")
    assert act(e, "draw", 0, source="stock") == "accepted"  # 6C
    assert act(e, "knock", 0, card="KH") == "accepted"  # with 6C as deadwood
    s = e.state()
    # RLCard's payoffs x 100: the knocker 20, the defender minus 35 (5C QC QD KD)
    assert s["phase"] == "game-over" and s["totals"] == [20, -35] and s["winners"] == [0]
    assert s["results"] == [{"round": 1, "scores": [20, -35], "winner": 0, "ending": "knock"}]


def test_gin_is_forced() -> None:
    e = engine(GINNER)
    refused_unchanged(e, {"type": "discard", "player": 0, "card": "KH"}, "must-go-gin")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "QS"}, "must-go-gin")
    assert act(e, "knock", 0, card="KH") == "accepted"
    s = e.state()
    assert s["results"] == [{"round": 1, "scores": [100, -35], "winner": 0, "ending": "gin"}]


def test_a_knock_naming_its_melds_is_checked() -> None:
    """The melds a knock names are checked as the reference checks them; RLCard then
    scores its own best melds, which no lay-off could tell apart from them."""
    e = engine(KNOCKER)
    named = [["2C", "3C", "4C"], ["5H", "5S", "5D"], ["9S", "10S", "JS"]]
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "KH",
                          "melds": [["2C", "3C", "4C"], ["4C", "5H", "5S"]]}, "not-in-hand")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "KH",
                          "melds": [["2C", "3C", "5H"]]}, "mixed-ranks")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "KH",
                          "melds": named[:2]}, "deadwood-too-high")
    assert act(e, "knock", 0, card="KH", melds=named) == "accepted"
    assert e.state()["results"] == [{"round": 1, "scores": [20, -35], "winner": 0,
                                     "ending": "knock"}]
    g = engine(GINNER)
    refused_unchanged(g, {"type": "knock", "player": 0, "card": "KH",
                          "melds": [["2C", "3C", "4C"], ["5H", "5S", "5D"]]},
                      "deadwood-too-high")
    refused_unchanged(g, {"type": "knock", "player": 0, "card": "KH",
                          "melds": [["2C", "3C", "4C"], ["5H", "5S", "5D"],
                                    ["10S", "JS", "QS"]]}, "must-go-gin")


def test_refusals_change_nothing() -> None:
    e = engine(KNOCKER)
    refused_unchanged(e, {"type": "draw", "player": 0, "source": "stock"}, "already-drawn")
    refused_unchanged(e, {"type": "discard", "player": 1, "card": "QC"}, "not-your-turn")
    refused_unchanged(e, {"type": "pass", "player": 0}, "claim-not-open")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "2C"}, "deadwood-too-high")
    refused_unchanged(e, {"type": "knock", "player": 0, "card": "QH"}, "not-in-hand")
    refused_unchanged(e, {"type": "knock", "player": 0}, "no-big-gin")
    refused_unchanged(e, {"type": "dead_hand", "player": 0}, "no-dead-hand")
    refused_unchanged(e, {"type": "lay_off", "player": 0, "card": "8D", "meld": 0},
                      "no-table-play")
    # (the reference's code for going down where there are no contracts)
    refused_unchanged(e, {"type": "go_down", "player": 0, "melds": [["2C", "3C", "4C"]]},
                      "bad-action")
    refused_unchanged(e, {"type": "draw", "player": 2, "source": "stock"}, "bad-player")
    act(e, "discard", 0, card="KH")
    refused_unchanged(e, {"type": "discard", "player": 1, "card": "QC"}, "must-draw-first")
    act(e, "draw", 1, source="discard")
    refused_unchanged(e, {"type": "discard", "player": 1, "card": "KH"}, "keep-taken-card")


def test_state_matches_the_reference_in_random_play() -> None:
    need_profile(VARIANT)
    module = load_adapter("rlcard_gin")
    rng = random.Random(11)
    for _ in range(12):
        pack = shuffled_pack(rng)
        dealer = rng.randrange(2)
        hands: list[list[str]] = [[], []]
        hands[1 - dealer], hands[dealer] = pack[:11], pack[11:21]
        setup = {"dealer": dealer, "hands": hands, "discard": [], "stock": pack[21:]}
        assert play_against_reference(module.RLCardGin(), VARIANT, setup, rng) == []


def test_conformance_run_of_the_profile_cases() -> None:
    run_profile_cases(VARIANT, "rlcard_gin")
