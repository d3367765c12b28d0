"""The clauses of the grammar the parser builds by hand, not through its flag and value
tables, and the model fields each sets (``test_every_rule_played`` holds each to the
grammar, and each field to its entry in ``rule_table``)."""

from __future__ import annotations

# The clauses the parser builds by hand (not through its flag and value tables): each ->
# the fields it sets.  Parts of a value (formulas, ranges, card patterns, points) feed the
# fields of the clause they stand in; ``extends`` and the ``no SECTION`` items resolve
# the variant before play.
VALUE = ("Deal.cards", "Deck.decks", "Deck.jokers", "Cut.target", "Cut.bonus",
         "Claim.limit")
CUSTOM: dict[str, tuple[str, ...]] = {
    **{part: VALUE for part in ("add", "sub", "mul", "div", "neg", "num", "call", "table",
                                "unlimited", "var_players", "var_round", "ref_cards_dealt",
                                "range_closed",
                                "range_open", "range_one", "range_else")},
    **{part: ("ScoreEntry.kind", "ScoreEntry.low", "ScoreEntry.high", "ScoreEntry.colour",
              "ScoreEntry.special", "ScoreEntry.points")
       for part in ("score_entry", "pattern_class", "pattern_range", "pattern_wild",
                    "points_int", "points_neg", "pip")},
    "extends": ("Variant.parent",), "extends_file": ("Variant.parent",),
    "no_option": ("Variant.options",),
    "no_buy": ("Variant.claim",), "buy_never": ("Variant.claim",),
    "no_cut": ("Variant.cut",), "no_knock": ("Variant.knock",),
    "no_rummy_call": ("Variant.rummy_call",), "call_never": ("Variant.rummy_call",),
    "no_set": ("Variant.set",), "no_run": ("Variant.run",), "no_group": ("Variant.group",),
    "no_round": ("Contracts.rounds",), "no_rounds": ("Contracts.rounds",),
    "round_contract": ("Contract.number", "Contract.elements", "Contract.pat",
                       "Element.count", "Element.kind", "Element.size"),
    "limit_carry": ("Claim.limit", "Claim.carry_over"),
    "jokers": ("Deck.jokers", "Deck.jokers_per_deck"), "numbers": ("Deck.numbers",),
    "colours": ("Deck.colours",),
    "wild_cards": ("WildRules.cards", "CardClass.joker", "CardClass.rank",
                   "CardClass.colour", "CardClass.special"),
    "no_wild_cards": ("WildRules.cards",),
    "never_outnumber": ("WildRules.never_outnumber",),
    "wilds_minority": ("WildRules.minority",),
    "need_natural": ("WildRules.need_natural",),
    "need_naturals": ("WildRules.need_natural", "WildRules.naturals"),
    "max_per_meld": ("WildRules.max_per_set", "WildRules.max_per_run"),
    "all_wild": ("WildRules.all_wild_sets", "WildRules.all_wild_runs",
                 "WildRules.all_wild_groups"),
    "no_all_wild": ("WildRules.all_wild_sets", "WildRules.all_wild_runs",
                    "WildRules.all_wild_groups"),
    "no_limits": ("WildRules.never_outnumber", "WildRules.minority",
                  "WildRules.need_natural", "WildRules.max_per_set",
                  "WildRules.max_per_run"),
    "min": ("SetRule.min", "RunRule.min", "GroupRule.min"),
    "max": ("SetRule.max", "RunRule.max", "GroupRule.max"),
    "ace": ("RunRule.ace", "RunRule.ace_both_ends"), "run_without": ("RunRule.without",),
    "no_upcard": ("Deal.upcard", "Deal.first_turn_discard"),
    "no_upcard_turned": ("Deal.upcard", "Deal.first_turn_discard"),
    "deck_without": ("Deck.without",),
    "runs_gap": ("Contracts.same_suit_runs",),
    "runs_gap_of": ("Contracts.same_suit_runs", "Contracts.run_gap"),
    "no_discarding_cards": ("Turn.no_discard",),
    "no_taking_cards": ("Turn.no_take",),
    "frozen_by": ("Turn.frozen_by",),
    "upcard_covered": ("Deal.upcard_covered",),
    "set_without": ("SetRule.without",),
    "set_going_out": ("SetRule.going_out_only",),
    "long_meld_bonus": ("Score.long_meld_bonus",),
    "upcard_deadwood": ("Knock.upcard_deadwood",),
    "upcard_doubles": ("Score.upcard_times",), "upcard_times": ("Score.upcard_times",),
    **{part: ("Turn.opening_by_total",)
       for part in ("opening_by_total", "opening_below", "opening_below_neg", "opening_from",
                    "opening_from_neg")},
    "swap_runs": ("Swap.from_runs", "Swap.from_sets"),
    "swap_sets": ("Swap.from_runs", "Swap.from_sets"),
    "swap_both": ("Swap.from_runs", "Swap.from_sets"),
    "swap_never": ("Swap.from_runs", "Swap.from_sets"),
    "swap_only_cards": ("Swap.wilds",),
    "stock_empty": ("Stock.empty",),
    "winner_bonus": ("Score.winner_bonus",), "winner_bonus_neg": ("Score.winner_bonus",),
    "dealt_total_wins": ("Deal.total_wins",),
}
