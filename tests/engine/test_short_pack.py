"""A pack without some French ranks (``deck { without ... }``): the ranks kept follow one
another in runs, cards keep their printed values, and a rank left out is no card at all.
Conquian's 40 cards are one such pack; these take out other ranks, so the rule is seen
to be general."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_spec import Action, Game, load
from rummy_spec.lang import decks

SPEC = """
variant short "Short pack" {
    players 2
    deck { decks 1, without twos and jacks }
    set { min 3 }
    run { min 3, ace low }
    deal { cards 7 }
    going out { by discard }
    score { A: 1, 3..10: pip, Q..K: 10 }
    game { ends at 100 points }
}
"""


@pytest.fixture()
def spec(tmp_path: Path) -> str:
    path = tmp_path / "short.rummy"
    path.write_text(SPEC, encoding="utf-8")
    return str(path)


def test_the_pack_holds_44_cards_and_no_two_or_jack(spec: str) -> None:
    v = load(spec)
    pack = decks.full_deck(v, 2)
    table = decks.card_table(v.deck)
    texts = {table.text(c) for c in pack}
    assert len(pack) == 44 == decks.deck_size(v, 2)
    assert not any(t[:-1] in ("2", "J") for t in texts)


def test_runs_pass_over_the_ranks_left_out(spec: str) -> None:
    hands = ["AS 3S 4S 10S QS KS 5D", "AH 3H 4H 10H QH KH 5H"]
    game = Game.dealt(load(spec), hands=hands, stock=["6D"], discard=["7C"])
    game.apply(Action.draw(0))
    assert game.legal(Action.new_meld(0, "AS 3S 4S")).ok  # A-3-4: no 2 in the pack
    assert game.legal(Action.new_meld(0, "10S QS KS")).ok  # 10-Q-K: no jack
    assert game.legal(Action.new_meld(0, "3S 4S 5D")).code == "mixed-suits"


def test_cards_keep_their_printed_values(spec: str) -> None:
    v = load(spec)
    table = decks.card_table(v.deck)
    points = decks.face_points(v)
    assert points[table.parse("3C")] == 3 and points[table.parse("10C")] == 10
    assert points[table.parse("QC")] == 10 and points[table.parse("AC")] == 1


def test_a_card_of_a_rank_left_out_is_refused(spec: str) -> None:
    with pytest.raises(ValueError, match="2S"):
        Game.dealt(load(spec), hands=["2S 3S 4S 10S QS KS 5D", "AH 3H 4H 10H QH KH 5H"],
                   stock=[], discard=["7C"])
