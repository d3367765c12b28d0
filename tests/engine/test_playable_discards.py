"""'No discarding playable cards' answers the same with its look-ups remembered.

Whether a held card can be laid off on the table is remembered per table meld and face
(and asked once per discard listing whether every held card is playable).  A seeded
game of Contract Rummy (Wikipedia), where the rule holds, is played with random bots;
at every state the legal actions are listed with the remembered answers and with the
plain check (every meld validated again), and must agree.
"""

from __future__ import annotations

import pytest

from rummy_spec.bots import BOTS
from rummy_spec.engine.families import discards
from rummy_spec.engine.game import Game
from rummy_spec.engine.melding.melds import fits
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import State
from rummy_spec.lang import load


def _plain(rules: Rules, state: State, card: int, player: int | None = None) -> bool:
    assert not rules.variant.layoff.own_only  # every meld takes lay-offs here
    return any(fits(rules.melds, t.meld, card) for t in state.hand.table)


@pytest.mark.patches_engine  # the plain check is swapped in, which compiled callers never see
def test_remembered_playable_cards_give_the_same_legal_discards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    v = load("contract_wikipedia")
    assert v.turn.no_playable_discard
    game = Game(v, 3, 0)
    choose = BOTS["random"](0)
    refused = compared = 0
    remembered = discards._playable
    while not game.over and compared < 250:
        fast = game.legal_actions()
        monkeypatch.setattr(discards, "_playable", _plain)
        plain = game.legal_actions()
        monkeypatch.setattr(discards, "_playable", remembered)
        assert fast == plain
        state = game.state
        if state.hand.table and any(a.type == "discard" for a in fast):
            compared += 1
            p = state.hand.turn
            picks: list[tuple[int, int | None]] = [
                (c, None) for c in sorted(set(state.hand.seats[p].hand))]
            verdicts = discards._discard_cards(game.rules, state, p, picks)
            refused += any(x.code == "playable-discard" for x in verdicts)
        game.apply_trusted(choose(game.rules, state, fast))
    assert compared >= 100  # discard listings made with melds on the table
    assert refused >= 10  # the rule took some discards away
    assert any(k[0] == "fits" for k in game.rules.cache if isinstance(k, tuple))
