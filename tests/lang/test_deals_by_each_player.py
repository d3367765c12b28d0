"""``game { ends after N deals by each player }``: N hands for each player (Remi 51: as
many deals as players).  The clause reaches the model, its faults are reported, the
engine ends the game after N x players hands, and the rulebook says it in words."""

from __future__ import annotations

from rummy_spec.analysis import play_games
from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang import model as m
from rummy_spec.lang.check_rounds import last_round


def _child(parent: str, body: str) -> tuple[m.Variant, list[str]]:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(f'variant x "X" extends {parent} {{\n    {body}\n}}\n', "x.rummy")
    v, problems = lib.resolve("x")
    return v, [p.code for p in problems]


def _page(parent: str, body: str) -> str:
    from rummy_spec.rulebook import rulebook

    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(f'variant x "X" extends {parent} {{\n    {body}\n}}\n', "x.rummy")
    return " ".join(rulebook(lib, "x", "md").split())


def test_the_clause_sets_hands_for_each_player() -> None:
    v, codes = _child("rummy", "game { ends after 2 deals by each player }")
    assert (v.game.ends, v.game.hands, v.game.hands_each, codes) == ("hands", 2, True, [])
    assert [v.game.hands_for(n) for n in (2, 3, 6)] == [4, 6, 12]


def test_a_child_counting_plain_hands_drops_each() -> None:
    v, codes = _child("remi51", "game { ends after 3 hands }")
    assert (v.game.hands, v.game.hands_each, codes) == (3, False, [])
    assert v.game.hands_for(5) == 3


def test_none_is_e021() -> None:
    assert _child("rummy", "game { ends after 0 deals by each player }")[1] == ["E021"]


def test_a_deal_that_does_not_pass_every_hand_is_e032() -> None:
    assert _child("rummy", "deal { winner deals }\n    "
                  "game { ends after 1 deal by each player }")[1] == ["E032"]
    assert _child("rummy", "deal { passes only after a scored hand }\n    "
                  "game { ends after 1 deal by each player }")[1] == ["E032"]


def test_the_last_round_is_the_most_players_deals() -> None:
    v = builtin_library().resolve("remi51")[0]
    assert last_round(v) == 6
    open_ended, _ = _child("rummy", "players 2+\n    game { ends after 1 deal by each player }")
    assert last_round(open_ended) is None


def test_the_engine_plays_one_deal_by_each_player() -> None:
    v, _ = _child("rummy", "game { ends after 2 deals by each player }")
    for record in play_games(v, 3, 2, first_seed=2):
        assert record.finished and len(record.rounds) == 6


def test_the_rulebook_says_it() -> None:
    page = _page("rummy", "game { ends after 1 deal by each player }")
    assert ("The game ends after one deal by each player, a dead hand included (1 hand "
            "times the number of players).") in page
    assert "played over one deal by each player" in page


def test_the_listing_says_it() -> None:
    from rummy_spec.cli.listing import rounds_text

    assert rounds_text(builtin_library().resolve("remi51")[0]) == "1 deal by each player"
    assert rounds_text(_child("rummy", "game { ends after 2 deals by each player }")[0]) == \
        "2 deals by each player"
