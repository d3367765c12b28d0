"""The rules published engines play that the language once could not state: each clause
reaches the model, its faults are reported, and the rulebook says it in words."""

from __future__ import annotations

import pytest

from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang import model as m
from rummy_spec.lang.errors import Diagnostic


def _resolve(text: str, name: str = "x") -> tuple[m.Variant, list[Diagnostic]]:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(text, "x.rummy")
    return lib.resolve(name)


def _child(parent: str, body: str) -> tuple[m.Variant, list[str]]:
    v, problems = _resolve(f'variant x "X" extends {parent} {{\n    {body}\n}}\n')
    return v, [p.code for p in problems]


def _page(parent: str, body: str) -> str:
    from rummy_spec.rulebook import rulebook

    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(f'variant x "X" extends {parent} {{\n    {body}\n}}\n', "x.rummy")
    return " ".join(rulebook(lib, "x", "md").split())


# ----- runs without a rank ----------------------------------------------------------------

def test_runs_without_twos() -> None:
    v, codes = _child("shanghai", "run { without twos }")
    assert v.run is not None and v.run.without == (2,) and codes == []


def test_runs_without_two_ranks_keep_them_sorted_once() -> None:
    v, codes = _child("shanghai", "run { without twos and 2 and kings }")
    assert v.run is not None and v.run.without == (2, 13) and codes == []


@pytest.mark.parametrize("cards", ["jokers", "red twos", "elves"])
def test_runs_leave_out_only_plain_ranks(cards: str) -> None:
    _, codes = _child("shanghai", f"run {{ without {cards} }}")
    assert codes == ["E016"]


def test_a_run_minimum_the_cut_ranks_cannot_reach_is_e034() -> None:
    """With the 2s left out and the ace low: the ace alone, then 3..K: 11 ranks."""
    _, codes = _child("rummy", "run { min 12, without twos }")
    assert codes == ["E034"]
    _, codes = _child("rummy", "run { min 11, without twos }")
    assert codes == []


def test_ranks_left_out_inside_the_order_are_e032() -> None:
    """Leaving out the 9s would leave two stretches (3..8 and 10..K): refused."""
    assert _child("rummy", "run { without twos and nines }")[1] == ["E032"]
    assert _child("rummy", "run { around the corner, without nines }")[1] == []  # a ring


def test_runs_without_twos_in_the_rulebook() -> None:
    assert "A run never holds a natural 2 and never passes its place" in _page(
        "shanghai", "run { without twos }")


# ----- natural cards ------------------------------------------------------------------------

def test_need_two_naturals() -> None:
    v, codes = _child("shanghai", "wilds { need 2 naturals in contract melds }")
    assert (v.wilds.need_natural, v.wilds.naturals, codes) == ("contract", 2, [])


def test_need_a_natural_after_a_parent_s_two_means_one() -> None:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text('variant a "A" extends shanghai { wilds { need 2 naturals } }\n'
                 'variant b "B" extends a { wilds { need a natural } }\n', "ab.rummy")
    v, _ = lib.resolve("b")
    assert (v.wilds.need_natural, v.wilds.naturals) == ("all", 1)


def test_need_a_natural_and_need_two_in_one_variant_is_one_duplicate() -> None:
    _, codes = _child("shanghai", "wilds { need a natural, need 2 naturals }")
    assert codes == ["E010"]


def test_no_limits_clears_the_naturals() -> None:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text('variant a "A" extends shanghai { wilds { need 3 naturals } }\n'
                 'variant b "B" extends a { wilds { no limits } }\n', "ab.rummy")
    v, _ = lib.resolve("b")
    assert (v.wilds.need_natural, v.wilds.naturals) == (None, 1)


def test_need_zero_naturals_is_e021() -> None:
    assert _child("shanghai", "wilds { need 0 naturals }")[1] == ["E021"]


def test_two_naturals_in_the_rulebook() -> None:
    assert "At least 2 natural cards are needed in any meld." in _page(
        "shanghai", "wilds { need 2 naturals }")


# ----- the gap between two runs of one suit -------------------------------------------------

def test_a_gap_of_two_ranks() -> None:
    v, codes = _child("contract", "contracts { same suit runs need a gap of 2 }")
    assert (v.contracts.same_suit_runs, v.contracts.run_gap, codes) == ("gap", 2, [])


def test_a_plain_gap_is_one_rank_and_restates_a_parent_s_two() -> None:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text('variant a "A" extends contract {\n'
                 '    contracts { same suit runs need a gap of 3 }\n}\n'
                 'variant b "B" extends a { contracts { same suit runs need a gap } }\n',
                 "ab.rummy")
    v, _ = lib.resolve("b")
    assert (v.contracts.same_suit_runs, v.contracts.run_gap) == ("gap", 1)


def test_a_gap_of_zero_is_e021() -> None:
    assert _child("contract", "contracts { same suit runs need a gap of 0 }")[1] == ["E021"]


def test_a_gap_of_two_in_the_rulebook() -> None:
    page = _page("contract", "contracts { same suit runs need a gap of 2 }")
    assert ("must leave at least 2 ranks out between them: 2 to 5 and 8 to J of one suit "
            "are two runs, 2 to 5 and 7 to 10 are not.") in page


# ----- claims whenever a discard is exposed ---------------------------------------------

def test_claims_at_any_time() -> None:
    v, codes = _child("continental", 'buy "May I?" { at any time }')
    assert v.claim is not None and v.claim.window == "any-time" and codes == []


def test_claims_at_any_time_in_the_rulebook() -> None:
    assert "You may claim whenever a discard lies exposed" in _page(
        "continental", "buy { at any time }")


# ----- the first player's first turn ----------------------------------------------------

def test_first_turn_discard_only_keeps_the_upcard() -> None:
    v, codes = _child("rummy", "deal { first turn discard only }")
    assert (v.deal.upcard, v.deal.first_turn_discard, codes) == (True, True, [])


def test_no_upcard_states_a_first_turn_discard() -> None:
    v = builtin_library().resolve("gin_rlcard")[0]
    assert (v.deal.upcard, v.deal.first_turn_discard) == (False, True)


def test_first_turn_discard_only_needs_one_card_more_from_the_pack() -> None:
    """52 cards: 2 x 25 + the upcard + the first player's extra card is 52: it fits; 26
    each does not."""
    body = 'players 2\n    deal { cards 25, first turn discard only }'
    assert _child("rummy", body)[1] == []
    _, problems = _resolve('variant x "X" extends rummy {\n    players 2\n'
                           '    deal { cards 26, first turn discard only }\n}\n')
    e026 = [p for p in problems if p.code == "E026"]
    assert e026 and "+ 1 upcard + 1 for the first player = 54 cards" in e026[0].message


def test_first_turn_discard_only_and_an_offered_upcard_is_e032() -> None:
    assert _child("gin", "deal { first turn discard only }")[1] == ["E032"]


def test_first_turn_discard_only_in_the_rulebook() -> None:
    assert ("The first player is dealt one card more, and starts his first turn by "
            "discarding, without drawing.") in _page("rummy", "deal { first turn discard only }")


# ----- an opening minimum in points -----------------------------------------------------------

def test_first_melds_at_least_40_points() -> None:
    v, codes = _child("rummy", "turn { first melds at least 40 points }")
    assert (v.turn.opening_points, codes) == (40, [])


def test_an_opening_of_zero_points_is_e021() -> None:
    assert _child("rummy", "turn { first melds at least 0 points }")[1] == ["E021"]


def test_the_opening_minimum_in_the_rulebook() -> None:
    assert ("The cards of your first melds, laid at once, must count at least 40 points"
            in _page("rummy", "turn { first melds at least 40 points }"))
    assert ("The cards of going down must count at least 40 points"
            in _page("contract", "turn { first melds at least 40 points }"))


# ----- sets of different suits -----------------------------------------------------------------

def test_sets_of_different_suits() -> None:
    v, codes = _child("continental", "set { different suits }")
    assert v.set is not None and v.set.different_suits and codes == []


def test_sets_longer_than_the_suits_without_wilds_are_e034() -> None:
    assert _child("rummy", "set { min 5, max 5, different suits }")[1] == ["E034"]
    assert "E034" not in _child("continental", "set { min 5, different suits }")[1]  # wilds


def test_group_takes_no_suit_rule() -> None:
    from rummy_spec.lang.errors import SpecError

    with pytest.raises(SpecError, match="E002"):
        _resolve('variant x "X" extends phase10 { group { different suits } }\n')


def test_sets_of_different_suits_in_the_rulebook() -> None:
    assert "each natural card of a different suit (wild cards aside)" in _page(
        "continental", "set { different suits }")


# ----- melds of wilds only, per meld kind ---------------------------------------------------------

@pytest.mark.parametrize("kind", ["sets", "runs"])
def test_all_wild_melds_per_kind(kind: str) -> None:
    v, codes = _child("shanghai", f"wilds {{ all wild {kind} }}")
    assert getattr(v.wilds, f"all_wild_{kind}") and codes == []
    assert v.wilds.all_wild(kind[:-1])


def test_a_child_cancels_all_wild_runs() -> None:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text('variant a "A" extends shanghai { wilds { all wild runs } }\n'
                 'variant b "B" extends a { wilds { no all wild runs } }\n', "ab.rummy")
    assert not lib.resolve("b")[0].wilds.all_wild_runs


def test_all_wild_runs_in_the_rulebook() -> None:
    assert "A set or run may be made of wild cards only" in _page(
        "shanghai", "wilds { all wild sets, all wild runs }")


# ----- the editor's hover and completion know the new clauses ------------------------------

@pytest.mark.parametrize(("alias", "row"), [
    ("run_without", "without CLASS and ..."), ("need_naturals", "need N naturals"),
    ("all_wild", "all wild sets"), ("different_suits", "different suits"),
    ("runs_gap_of", "same suit runs need a gap of N"),
    ("first_turn_discard", "first turn discard only"),
    ("opening_points", "first melds at least N points"), ("window_any_time", "at any time"),
    ("limit_gin_forced", "gin forced"), ("limit_run_layoffs", "lay off at most N per run end"),
])
def test_each_new_clause_has_its_reference_row(alias: str, row: str) -> None:
    from rummy_spec.lang.clauses import clauses
    from rummy_spec.lang.editor import meaning_of

    clause = next(c for c in clauses() if c.alias == alias)
    meaning = meaning_of(clause)
    assert meaning is not None and meaning.syntax == row


def test_completion_offers_the_engine_limits_clauses() -> None:
    from rummy_spec.lang.editor import completions

    text = 'variant x "X" extends gin {\n    engine limits {  }\n}\n'
    labels = {c.text for c in completions(text, 1, 20)}  # 0-based, inside the braces
    assert {"gin forced", "only dead hand from turn N"} <= labels


@pytest.mark.parametrize("old", ["knock { gin forced }", "stock { dead at upcard draw 50 }",
                                 "stock { only dead hand from turn 101 }",
                                 # starts with a section's word, yet is no section
                                 "knock { lay off at most 2 per run end }"])
def test_a_limit_written_in_its_old_section_says_where_it_belongs(old: str) -> None:
    from rummy_spec.lang.errors import SpecError

    with pytest.raises(SpecError) as caught:
        _resolve(f'variant x "X" extends gin {{\n    {old}\n}}\n')
    hint = caught.value.diagnostics[0].hint
    assert hint.endswith("is a clause of 'engine limits { ... }': move it there"), hint


def test_a_section_left_open_before_the_next_is_still_named() -> None:
    from rummy_spec.lang.errors import SpecError

    with pytest.raises(SpecError) as caught:
        _resolve('variant x "X" extends gin {\n    game { ends at 100 points\n'
                 '    lay off { same turn }\n}\n')
    found = caught.value.diagnostics[0]
    assert found.code == "E003" and "'game' is not closed before 'lay'" in found.message


def test_show_prints_the_limits_apart_from_the_rules() -> None:
    from rummy_spec.cli.show import show_text

    text = show_text("gin_rlcard")
    assert "\nLimits of that engine, not rules of play\n" in text
    assert "limits of that engine (RLCard 1.2.0)" in text.split("\nLimits of that engine")[1]
    assert "If you can go gin (knock leaving no deadwood) you must" in text.split(
        "Limits of that engine")[1]
    assert "Limits of that engine" not in show_text("gin")


# ----- the deal after a dead hand; lay-offs made by the game (EAAI-2021) -----------------

def test_passes_only_after_a_scored_hand_needs_the_deal_to_rotate() -> None:
    """'winner deals' already keeps the deal after a dead hand: stating both is E032."""
    v, codes = _child("gin", "deal { rotate left, passes only after a scored hand }")
    assert codes == [] and v.deal.pass_after_scored and v.deal.rotation == "left"
    assert _child("gin", "deal { passes only after a scored hand }")[1] == ["E032"]


def test_lay_offs_made_by_the_game_need_lay_offs() -> None:
    v, codes = _child("gin", "knock { lay offs made by the game }")
    assert codes == [] and v.knock is not None and v.knock.layoffs_by_game
    assert _child("gin_rlcard", "knock { lay offs made by the game }")[1] == ["E033"]


def test_the_deal_after_a_dead_hand_and_lay_offs_by_the_game_in_the_rulebook() -> None:
    page = _page("gin", "deal { rotate left, passes only after a scored hand }\n"
                 "    knock { lay offs made by the game }")
    assert "after a dead hand the same dealer deals again" in page
    assert "laid off onto it by the game, one card at a time, not by the defender" in page
    assert "The knocker chooses which melds to show" in page
