"""What the peers' observations show a seat, read through the adapters' ``view`` answers
(``--views``) and judged against the reference's views: the findings docs/peers.md
records, held true here."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("rlcard", reason="RLCard is not installed (the 'peers' extra)")
pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the 'peers' extra)")

from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.oracle.views import leak_at_deal, view_diffs
from rummy_spec.conformance.wire.engine import Engine, NewGame
from rummy_spec.engine.records import codec

from .common import load_adapter, need_profile, shuffled_pack

JSON = dict[str, Any]
GAMES = 12
STEPS = 60


def deal(variant: str, rng: random.Random) -> NewGame:
    """RLCard's deal has no upcard (the non-dealer holds eleven); OpenSpiel's has one."""
    pack = shuffled_pack(rng)
    dealer = rng.randrange(2)
    hands: list[list[str]] = [[], []]
    if variant == "gin_rlcard":
        hands[1 - dealer], hands[dealer] = pack[:11], pack[11:21]
        setup = {"dealer": dealer, "hands": hands, "discard": [], "stock": pack[21:]}
    else:
        hands[0], hands[1] = pack[:10], pack[10:20]
        setup = {"dealer": dealer, "hands": hands, "discard": [pack[20]], "stock": pack[21:]}
    return NewGame(variant, (), 2, setup)


def compared(variant: str, make: Any) -> tuple[Counter[str], Counter[str], list[str]]:
    """Random play on the reference and the adapter: the view fields that differ, for
    the seat in turn and for the other seat, and every card an adapter's view shows in
    another hand that the reference's view does not."""
    in_turn: Counter[str] = Counter()
    other: Counter[str] = Counter()
    extra: list[str] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        game = deal(variant, rng)
        ref, engine = ReferenceEngine(), make()
        ref.new(game)
        engine.new(game)
        for _ in range(STEPS):
            g = ref.game
            assert g is not None
            if g.over or g.state.game.results:
                break
            for seat in (0, 1):
                want, got = ref.view(seat), engine.view(seat)
                for key, _, _ in view_diffs(want, got):
                    (in_turn if seat == g.state.hand.turn else other)[key] += 1
                theirs = Counter(got["known"][1 - seat]) + Counter(
                    c for cards in got["revealed"].values() for c in cards)
                ours = Counter(want["known"][1 - seat]) + Counter(
                    c for cards in want["revealed"].values() for c in cards)
                extra += list((theirs - ours).elements())
            actions = [ref.to_protocol(codec.action_to_json(g.rules.table, a))
                       for a in g.legal_actions() if a.type not in ("meld", "go_down")]
            action = rng.choice(actions)
            assert ref.act(action).accepted == engine.act(action).accepted
    return in_turn, other, extra


def rlcard() -> Engine:
    engine: Engine = load_adapter("rlcard_gin").RLCardGin(views=True)
    return engine


def openspiel() -> Engine:
    engine: Engine = load_adapter("openspiel_gin").OpenSpielGin(views=True)
    return engine


def test_rlcard_observes_the_hand_in_turn_for_either_player() -> None:
    """``GinRummyGame.get_state(player_id)`` gives the hand of the player in turn, whoever
    is asked: the other seat is shown the whole hand of the seat in turn.  For the seat
    in turn (the only one its environment observes) the view is the reference's."""
    need_profile("gin_rlcard")
    in_turn, other, extra = compared("gin_rlcard", rlcard)
    assert not in_turn and not extra
    assert set(other) == {"hand"} and other["hand"] >= 100
    game = deal("gin_rlcard", random.Random(0))
    engine = rlcard()
    engine.new(game)
    turn = (game.setup["dealer"] + 1) % 2
    assert sorted(engine.view(1 - turn)["hand"]) == sorted(game.setup["hands"][turn])
    found = leak_at_deal(engine, game, random.Random(0))
    assert found is not None and found[0] == 1 - turn and found[1][0][0] == "hand"


def test_openspiel_observations_leak_nothing_and_leave_out_cards_taken() -> None:
    """OpenSpiel's observation shows no card of another hand, not even one taken from
    the pile (its observation is not perfect recall: the information state, its history
    of moves, is); during the lay-offs it shows the knocker no card of the defender's."""
    need_profile("gin_openspiel")
    in_turn, other, extra = compared("gin_openspiel", openspiel)
    assert not extra
    assert set(in_turn) | set(other) <= {"known", "revealed"} and in_turn["known"] > 0
    for seed in range(4):
        game = deal("gin_openspiel", random.Random(seed))
        engine = openspiel()
        engine.new(game)
        assert leak_at_deal(engine, game, random.Random(seed)) is None


def test_openspiel_shows_the_knocker_no_card_of_the_defender_during_lay_offs() -> None:
    """OpenSpiel's own play to the lay-offs: the knocker's observation string shows an
    empty box for the defender's hand (the leak of open_spiel PR #1604 is gone)."""
    import pyspiel

    module = load_adapter("openspiel_gin")
    game = pyspiel.load_game("gin_rummy")
    seen = 0
    for seed in range(300):
        rng = random.Random(seed)
        st = game.new_initial_state()
        while not st.is_terminal() and st.current_phase() != module.PH.LAYOFF:
            if st.is_chance_node():
                st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]))
                continue
            legal = st.legal_actions()
            st.apply_action(module.KNOCK if module.KNOCK in legal else rng.choice(legal))
        if st.is_terminal():
            continue
        defender = st.current_player()
        text = str(st.observation_string(1 - defender))
        box = text.split(f"Player{defender}:", 1)[1]
        if defender == 0:
            box = box.split("Player1:", 1)[0]
        rows = " ".join(ln for ln in box.splitlines() if ln.startswith("|"))
        assert not module._tokens(rows), text
        assert st.hands()[defender]  # the defender holds cards it could have shown
        seen += 1
        if seen == 5:
            break
    assert seen == 5
