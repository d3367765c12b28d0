"""The grammar's clauses as rule settings: each clause alias -> (section, field, value).

Clauses with structure (a card list, a contract) are methods of the builder instead.  A
test proves every field named here exists in the rules model, so a rename cannot drop a
rule.
"""

from __future__ import annotations

from typing import Any

from . import families, meldkinds

# Rank words of French cards -> rank number (ace = 1).
RANK_WORDS: dict[str, int] = {}
for _i, _names in enumerate(
    [("a", "ace", "aces"), ("2", "two", "twos", "deuce", "deuces"), ("3", "three", "threes"),
     ("4", "four", "fours"), ("5", "five", "fives"), ("6", "six", "sixes"),
     ("7", "seven", "sevens"), ("8", "eight", "eights"), ("9", "nine", "nines"),
     ("10", "t", "ten", "tens"), ("j", "jack", "jacks"), ("q", "queen", "queens"),
     ("k", "king", "kings")]
):
    for _n in _names:
        RANK_WORDS[_n] = _i + 1

# Suit words -> suit letter (the upcard's suit in ``upcard spades doubles``).
SUIT_WORDS: dict[str, str] = {
    w: s for s, words in (("C", ("c", "club", "clubs")), ("D", ("d", "diamond", "diamonds")),
                          ("H", ("h", "heart", "hearts")), ("S", ("s", "spade", "spades")))
    for w in words}


# Each clause alias -> (field, value) inside its section.  Clauses with arguments are
# methods of _Builder below.
FLAGS: dict[str, tuple[str, str, Any]] = {
    "first_turn_discard": ("deal", "first_turn_discard", True),
    "rotate_left": ("deal", "rotation", "left"),
    "winner_deals": ("deal", "rotation", "winner"),
    "pass_after_scored": ("deal", "pass_after_scored", True),
    "upcard_offered": ("deal", "upcard_offered", True),
    "first_dealer_last": ("deal", "first_dealer", "last"),
    "may_discard_taken": ("turn", "keep_taken_card", False),
    "may_knock_taken": ("turn", "knock_taken_card", True),
    "defender_never_lays_off": ("knock", "defender_lays_off", False),
    "layoffs_by_game": ("knock", "layoffs_by_game", True),
    # the same setting as ``deadwood N``, so a child's limit replaces its parent's
    "knock_deadwood_upcard": ("knock", "deadwood", "upcard"),
    "limit_gin_forced": ("limits", "gin_forced", True),
    "method_minus": ("score", "method", "minus-deadwood"),
    "zero_sum": ("score", "zero_sum", True),
    "cut_right": ("cut", "by", "right"),
    "cut_any": ("cut", "by", "any"),
    "cut_dealer": ("cut", "by", "dealer"),
    "progression_any": ("contracts", "progression", "any-order"),
    "runs_touch": ("contracts", "same_suit_runs", "touch"),
    "distinct_set_ranks": ("contracts", "distinct_set_ranks", True),
    "no_upcard_when_down": ("turn", "no_upcard_when_down", True),
    "keep_taken_card": ("turn", "keep_taken_card", True),
    "deep_take": ("turn", "deep_take", True),
    "pile_card_melded": ("turn", "pile_card_melded", True),
    "stock_card_melded": ("turn", "stock_card_melded", True),
    "empty_plays_on": ("going_out", "empty_plays_on", True),
    "no_playable_discard": ("turn", "no_playable_discard", True),
    "new_melds_after_down": ("turn", "new_melds_after_down", True),
    "no_new_melds_after_down": ("turn", "new_melds_after_down", False),
    "layoff_same_turn": ("layoff", "timing", "same-turn"),
    "layoff_next_turn": ("layoff", "timing", "next-turn"),
    "own_melds_next_turn": ("layoff", "own_melds_next_turn", True),
    "layoff_before_down": ("layoff", "needs_down", False),
    "layoff_after_down": ("layoff", "needs_down", True),
    "layoff_never": ("layoff", "allowed", False),
    "layoff_own_only": ("layoff", "own_only", True),
    "swap_by_down": ("swap", "who", "down"),
    "swap_by_anyone": ("swap", "who", "anyone"),
    "swap_by_not_down": ("swap", "who", "not-down"),
    "swap_by_any": ("swap", "who", "any"),
    "stock_refill_at_once": ("stock", "refill_at_once", True),
    "stock_usable_taken": ("stock", "usable_taken", True),
    "swap_others_only": ("swap", "others_only", True),
    "freed_to_table": ("swap", "freed", "table"),
    "freed_to_hand": ("swap", "freed", "hand"),
    "shift_to_end": ("swap", "shift_to_end", True),
    "no_shift": ("swap", "shift_to_end", False),
    "no_big_gin": ("knock", "big_gin_bonus", None),
    "no_shutout": ("game", "shutout_doubles", False),
    "caller_discards": ("rummy_call", "penalty", "caller-discards"),
    "gifts": ("rummy_call", "penalty", "gifts"),
    "down_offenders": ("rummy_call", "only_down_offenders", True),
    "out_discard": ("going_out", "by", "discard"),
    "out_meld": ("going_out", "by", "meld"),
    "out_either": ("going_out", "by", "either"),
    "floating": ("going_out", "floating", True),
    "undercut_equal": ("knock", "undercut_on_equal", True),
    "undercut_less": ("knock", "undercut_on_equal", False),
    "defender_lays_off": ("knock", "defender_lays_off", True),
    "no_layoff_on_gin": ("knock", "no_layoff_on_gin", True),
    "rummy_doubles": ("score", "rummy_doubles", True),
    "ends_rounds": ("game", "ends", "rounds"),
    "ends_last_contract": ("game", "ends", "last-contract"),
    "ties_shared": ("game", "ties", "shared"),
    "ties_replay": ("game", "ties", "replay"),
    "shutout_doubles": ("game", "shutout_doubles", True),
    "not_adjacent": ("wilds", "not_adjacent_in_runs", True),
    "cut_joker": ("wilds", "cut_joker", True),
    "count_any": ("contracts", "count", "any"),
    "down_goes_out": ("contracts", "down_goes_out", True),
    "losers_meld": ("score", "losers_meld", True),
    "skips_next": ("special", "skip", "next"),
    "skips_chosen": ("special", "skip", "chosen"),
    "never_taken": ("special", "never_taken", True),
    "not_last_card": ("special", "not_last_card", True),
    "no_repeat_skips": ("special", "no_repeat_skips", True),
    "acts_turned_up": ("special", "acts_turned_up", True),
    "drop_before_drawing": ("turn", "drop", True),
    "whole_pile": ("turn", "whole_pile", True),
    "frozen_until_melded": ("turn", "frozen_until_melded", True),
    "opening_wilds_own": ("turn", "opening_wilds_own", True),
    "bare_out_doubles": ("score", "bare_out_doubles", True),
    "dealt_win_doubles": ("score", "dealt_win_doubles", True),
    "drawn_add_stake": ("score", "drawn_add_stake", True),
}

# Clauses with one argument: alias -> (section, field, converter)
VALUED: dict[str, tuple[str, str, str]] = {
    "decks": ("deck", "decks", "expr"),
    "copies": ("deck", "copies", "int"),
    "deal_cards": ("deal", "cards", "expr"),
    "first_dealer": ("deal", "first_dealer", "str"),
    "cut_target": ("cut", "target", "expr"),
    "cut_bonus": ("cut", "bonus", "expr"),
    "progression": ("contracts", "progression", "str"),
    "count_rule": ("contracts", "count", "str"),
    "size_rule": ("contracts", "size", "str"),
    "melds_per_turn": ("turn", "melds_per_turn", "int"),
    "opening_points": ("turn", "opening_points", "int"),
    "no_meld_turns": ("turn", "no_meld_turns", "int"),
    "take_back": ("rummy_call", "take_back_extra", "int"),
    "knock_deadwood": ("knock", "deadwood", "int"),
    "gin_bonus": ("knock", "gin_bonus", "int"),
    "big_gin_bonus": ("knock", "big_gin_bonus", "int"),
    "undercut_bonus": ("knock", "undercut_bonus", "int"),
    "knock_bonus": ("knock", "knock_bonus", "int"),
    "limit_run_layoffs": ("limits", "run_layoff_limit", "int"),
    "stock_dead_at": ("stock", "dead_at", "int"),
    "stock_wall_at": ("stock", "dead_at", "int"),
    "stock_declared_at": ("stock", "dead_at", "int"),
    "limit_throwbacks": ("limits", "throwbacks", "int"),
    "limit_upcard_draws": ("limits", "upcard_draws", "int"),
    "limit_dead_hand_turn": ("limits", "dead_hand_turn", "int"),
    "ends_hands": ("game", "hands", "int"),
    "ends_hands_each": ("game", "hands", "int"),
    "method": ("score", "method", "str"),
    "low_ace": ("score", "low_ace", "int"),
    "ends_target": ("game", "target", "int"),
    "winner": ("game", "winner", "str"),
    "game_bonus": ("game", "game_bonus", "int"),
    "line_bonus": ("game", "line_bonus", "int"),
    "shutout_game_bonus": ("game", "shutout_game_bonus", "int"),
    "partners": ("game", "partners", "str"),
    "out_needs_meld": ("going_out", "needs_meld", "int"),
    "games_at_once": ("game", "games_at_once", "int"),
    "caught_drop_pays": ("score", "caught_pays", "int"),
    "hand_cap": ("score", "cap", "int"),
    "concealed_bonus": ("score", "concealed_bonus", "int"),
}

LOW_STOCK = {"stock_dead_at": "discard", "stock_wall_at": "wall",
              "stock_declared_at": "declared"}

SECTIONS = {
    "deck": "deck", "wilds": "wilds", "deal": "deal", "cut": "cut", "contracts": "contracts",
    "turn": "turn", "layoff": "layoff", "swap": "swap", "claim": "claim",
    "rummy_call": "rummy_call", "going_out": "going_out", "knock": "knock",
    "stock": "stock", "score": "score", "game": "game", "engine_limits": "limits",
}
# Sections whose mere presence switches a rule family on.
PRESENCE = {"cut", "claim", "rummy_call", "knock"}
# The meld kinds' parts of these tables, as last added from the kinds' entries.
_KIND_PARTS: dict[str, set[str]] = {"flags": set(), "sections": set(), "presence": set(),
                                    "valued": set()}


def _add_kinds() -> None:
    """Each meld kind's section, presence and flag clauses, from its declared entry, and
    the claim family's flag and valued clauses, from theirs; kept up to date (in place:
    tests patch these tables) when kinds and clauses are declared."""
    for key in _KIND_PARTS["valued"]:
        VALUED.pop(key, None)
    for key in _KIND_PARTS["flags"]:
        FLAGS.pop(key, None)
    for key in _KIND_PARTS["sections"]:
        SECTIONS.pop(key, None)
    PRESENCE.difference_update(_KIND_PARTS["presence"])
    for part in _KIND_PARTS.values():
        part.clear()
    for k in meldkinds.entries():
        for alias, (fld, value) in k.flags.items():
            FLAGS[alias] = (k.name, fld, value)
            _KIND_PARTS["flags"].add(alias)
        SECTIONS[k.section_rule] = k.name
        _KIND_PARTS["sections"].add(k.section_rule)
        PRESENCE.add(k.name)
        _KIND_PARTS["presence"].add(k.name)
    for family in families.FAMILIES.values():
        for c in family.clauses.values():
            if c.valued is not None:
                VALUED[c.alias] = (family.name, *c.valued)
                _KIND_PARTS["valued"].add(c.alias)
            elif len(c.sets) == 1:
                FLAGS[c.alias] = (family.name, *c.sets[0])
                _KIND_PARTS["flags"].add(c.alias)


_add_kinds()
meldkinds.on_change(_add_kinds)
kind_of = meldkinds.kind_of

