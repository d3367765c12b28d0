"""The table of the walk over every rule: each field of the model, and how it is played
(an engine game with it changed that plays differently), refused by the checker, or
only described (names, titles, positions, statements for the rulebook or the checker).
``test_every_rule_played`` holds the table to the model and plays it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rule_walk import Change, Described, Entry, Played, Walked, setting

from rummy_spec.lang import model as m
from rummy_spec.lang.expr import Num
from rummy_spec.lang.span import BUILTIN

SPAN = Described("where the rule stands in the spec text: messages and the editor point "
                 "at it")


def num(n: int) -> Num:
    return Num(n, BUILTIN)


def without(section: str) -> Played:
    """An optional section switched off (``no buy``, ``no knock``...), from a variant that
    states it."""
    base = {"claim": "continental", "cut": "ten_step", "rummy_call": "seven_hand",
            "knock": "gin", "set": "rummy", "run": "rummy", "group": "phase10"}[section]
    players = 2 if base == "gin" else 4 if base == "continental" else 3
    prepare = _round_one_is(8) if section == "group" else None
    off: dict[str, Any] = {section: None}
    return Played(base, lambda v: replace(v, **off), players, prepare=prepare)


def both(*changes: Change) -> Change:
    def change(v: m.Variant) -> m.Variant:
        for c in changes:
            v = c(v)
        return v

    return change


def _round_one_is(number: int):  # type: ignore[no-untyped-def]
    """Play a later contract as round 1 (both sides of the comparison)."""
    def prepare(v: m.Variant) -> m.Variant:
        rounds = list(v.contracts.rounds)
        rounds[0] = replace(rounds[number - 1], number=1)
        return replace(v, contracts=replace(v.contracts, rounds=tuple(rounds)))

    return prepare


def _entry(i: int, **values: Any):  # type: ignore[no-untyped-def]
    """Score entry ``i`` with fields changed."""
    def change(v: m.Variant) -> m.Variant:
        entries = list(v.score.entries)
        entries[i] = replace(entries[i], **values)
        return replace(v, score=replace(v.score, entries=tuple(entries)))

    return change


def _element(**values: Any):  # type: ignore[no-untyped-def]
    """Round 1's first contract element with fields changed."""
    def change(v: m.Variant) -> m.Variant:
        rounds = list(v.contracts.rounds)
        first = rounds[0]
        elements = (replace(first.elements[0], **values), *first.elements[1:])
        rounds[0] = replace(first, elements=elements)
        return replace(v, contracts=replace(v.contracts, rounds=tuple(rounds)))

    return change


def _special(code: str, **values: Any):  # type: ignore[no-untyped-def]
    def change(v: m.Variant) -> m.Variant:
        specials = tuple(replace(s, **values) if s.code == code else s
                         for s in v.deck.specials)
        return replace(v, deck=replace(v.deck, specials=specials))

    return change


def _wild(**values: Any):  # type: ignore[no-untyped-def]
    """The first wild card class with fields changed."""
    def change(v: m.Variant) -> m.Variant:
        cards = (replace(v.wilds.cards[0], **values), *v.wilds.cards[1:])
        return replace(v, wilds=replace(v.wilds, cards=cards))

    return change


def _pat(v: m.Variant) -> m.Variant:
    """Round 1's contract laid pat: the whole hand, no discard."""
    rounds = (replace(v.contracts.rounds[0], pat=True), *v.contracts.rounds[1:])
    return replace(v, contracts=replace(v.contracts, rounds=rounds))


def _append(entry: m.ScoreEntry) -> Change:
    def change(v: m.Variant) -> m.Variant:
        return replace(v, score=replace(v.score, entries=(*v.score.entries, entry)))

    return change


TWOS = m.CardClass(rank=2, text="twos")
MANY_W = _special("W", per_deck=40)  # wild cards enough for melds of wilds alone
MANY_JOKERS = setting("deck", jokers=num(12))
# Gin: seat 0 knocks with 10 (KD), seat 1 holds 10 too (KC): equal deadwood
GIN_EQUAL = {"hands": ["AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
             "stock": "QS QD JD JH 10H 10S", "discard": "9D"}
# Oklahoma Gin with an ace turned up: seat 0 (after both pass) draws the KH and, throwing
# it, could knock with the AS's 1 point were the ace's count not replaced by gin only
OKLAHOMA_ACE = {"hands": ["2C 3C 4C 5H 5S 5D 9S 10S JS AS", "AD 2D 3D 7C 7H 8H 9H QC QD KD"],
                "stock": "KH QS JD JH 10H 10D", "discard": "AH"}
TAKE_BACK = setting("rummy_call", penalty="take-back")
BY_HANDS = setting("game", ends="hands", hands=2, target=None)

TABLE: dict[str, Entry] = {
    # ----- the variant: names, texts and its parts ------------------------------------
    "Variant.name": Described("the variant's name: how it is asked for"),
    "Variant.title": Described("the rulebook's heading"),
    "Variant.parent": Described("the variant it extends: its rules are resolved into this "
                                "one before play"),
    "Variant.sources": Described("the published works the rulebook cites"),
    "Variant.unstated": Described("rules of the sources the spec does not state, with the "
                                  "reason: the rulebook lists them"),
    "Variant.options": Described("the options the text declares: enabling one resolves "
                                 "another variant before play"),
    "Variant.enabled": Described("the options this variant was resolved with (already "
                                 "applied to its rules)"),
    "Variant.path": Described("the spec file, for messages"),
    "Variant.span": SPAN,
    "Variant.players": Walked(),
    "Variant.deck": Walked(), "Variant.wilds": Walked(), "Variant.deal": Walked(),
    "Variant.contracts": Walked(), "Variant.turn": Walked(), "Variant.layoff": Walked(),
    "Variant.swap": Walked(), "Variant.going_out": Walked(), "Variant.stock": Walked(),
    "Variant.score": Walked(), "Variant.game": Walked(), "Variant.limits": Walked(),
    "Variant.set": without("set"), "Variant.run": without("run"),
    "Variant.group": without("group"), "Variant.cut": without("cut"),
    # kinds and claim clauses declared beyond the model by a registry entry (no built-in
    # has one): each entry brings its own engine check, played in tests/registry
    "Variant.more_kinds": Walked("meld kinds declared in the registry beyond set, run and "
                                "group; a toy kind is played in tests/registry"),
    "Variant.claim": without("claim"), "Variant.rummy_call": without("rummy_call"),
    "Variant.knock": without("knock"),
    "OptionInfo.name": Described("an option's name, by which a game enables it"),
    "OptionInfo.title": Described("an option's title in the rulebook"),
    "OptionInfo.span": SPAN,
    "Players.min": Described("the least player count: a game for fewer is refused at "
                             "setup (GameError), and the checker checks each count"),
    "Players.max": Described("the most player count: a game for more is refused at setup "
                             "(GameError), and the checker checks each count"),
    "Players.span": SPAN,
    # ----- the deck ------------------------------------------------------------------
    "Deck.decks": Played("rummy", setting("deck", decks=num(2))),
    "Deck.jokers": Played("continental", setting("deck", jokers=num(1)), 4),
    "Deck.jokers_per_deck": Played("continental", setting("deck", jokers_per_deck=False), 4),
    "Deck.numbers": Played("phase10", setting("deck", numbers=(1, 11))),
    "Deck.colours": Played("phase10", setting("deck", colours=(
        ("R", "red"), ("B", "blue"), ("Y", "yellow"), ("P", "purple")))),
    "Deck.copies": Played("phase10", setting("deck", copies=1)),
    "Deck.specials": Walked(),
    "Deck.without": Played("conquian", setting("deck", without=()), 2),
    "Deck.span": SPAN,
    "SpecialCard.code": Described("the special card's name in the text and the cards"),
    "SpecialCard.title": Described("the special card's name in the rulebook"),
    "SpecialCard.per_deck": Played("phase10", _special("SK", per_deck=1)),
    "SpecialCard.skip": Played("phase10", _special("SK", skip="chosen")),
    "SpecialCard.never_taken": Played("phase10", _special("SK", never_taken=False)),
    # a Skip turned as the first upcard: seldom in a seeded deal, so many deals
    "SpecialCard.acts_turned_up": Played("phase10", _special("SK", acts_turned_up=False),
                                         seeds=60, steps=200),
    "SpecialCard.not_last_card": Played("phase10", _special("SK", not_last_card=True)),
    "SpecialCard.no_repeat_skips": Played("phase10", _special("SK", no_repeat_skips=True),
                                          4),
    "SpecialCard.span": SPAN,
    "CardClass.joker": Played("continental", _wild(joker=False, rank=2), 4),
    "CardClass.rank": Played("seven_hand", _wild(joker=False, rank=3)),
    "CardClass.colour": Played("continental", setting("wilds", cards=(
        m.CardClass(joker=True, text="jokers"), replace(TWOS, colour="red"))), 4,
        prepare=setting("wilds", cards=(m.CardClass(joker=True, text="jokers"), TWOS))),
    "CardClass.special": Played("phase10", _wild(special="SK")),
    "CardClass.text": Described("the card class as written, for the rulebook"),
    "CardClass.span": SPAN,
    # ----- wilds, melds --------------------------------------------------------------
    "WildRules.cards": Played("continental", setting("wilds", cards=()), 4),
    "WildRules.never_outnumber": Played("continental",
                                        setting("wilds", never_outnumber=None), 4),
    "WildRules.minority": Played("continental", setting("wilds", minority="all"), 4),
    "WildRules.need_natural": Played("phase10", setting("wilds", need_natural=None),
                                     prepare=both(MANY_W, setting("wilds", naturals=2))),
    "WildRules.naturals": Played("phase10", setting("wilds", naturals=3)),
    "WildRules.not_adjacent_in_runs": Played("shanghai",
                                             setting("wilds", not_adjacent_in_runs=False)),
    "WildRules.max_per_set": Played("continental", setting("wilds", max_per_set=0), 4),
    "WildRules.max_per_run": Played("continental", setting("wilds", max_per_run=0), 4,
                                    prepare=_round_one_is(2)),
    "WildRules.all_wild_sets": Played("continental", setting("wilds", all_wild_sets=False),
                                      4),
    "WildRules.all_wild_runs": Played("continental", setting("wilds", all_wild_runs=True), 4,
                                      prepare=both(_round_one_is(2), MANY_JOKERS)),
    "WildRules.all_wild_groups": Played("phase10", setting("wilds", all_wild_groups=True),
                                        prepare=both(_round_one_is(8), setting(
                                            "wilds", need_natural=None)), seeds=4, deal={
        "hands": ["W W W W W W W 1R 5B 9Y", "1B 2B 3B 4B 5R 6R 7R 8R 9R 10R",
                  "1G 2G 3G 4G 5Y 6Y 7Y 8Y 9G 10G"], "stock": "11G 12G 1Y 2Y", "discard": "3R"}),
    "WildRules.span": SPAN,
    "SetRule.min": Played("rummy", setting("set", min=4)),
    "SetRule.max": Played("continental", setting("set", max=3), 4),
    "SetRule.different_suits": Played("continental", setting("set", different_suits=True),
                                      4),
    "SetRule.without": Played("canasta", setting("set", without=()), 4),
    "SetRule.going_out_only": Played(
        "canasta", setting("set", going_out_only=()), 4,
        deal={"hands": ["KH KS KC KD KH KS KC 3S 3C 3S 2C",
                        "4C 4D 5S 6S 7C 8C 9C 10C JC QC QS",
                        "4H 5H 6H 7D 8D 9D 10D JD QD 9H 10H",
                        "4S 5D 6C 7S 8H 9S 10S JS JH AD 10S"],
              "stock": "KD", "discard": "4D"}),
    "SetRule.span": SPAN,
    "RunRule.min": Played("rummy", setting("run", min=4)),
    "RunRule.max": Played("rummy", setting("run", max=3)),
    "RunRule.ace": Played("rummy", setting("run", ace="high")),
    "RunRule.ace_both_ends": Played(
        "rummy", setting("run", ace_both_ends=True), seeds=2,
        prepare=both(setting("run", ace="either"), setting("deck", decks=num(2))),
        deal={"hands": ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "5C 6C 9D 2S 4S 8S JC",
                        "7C 8C 10D 3S 6S 9S QC"], "stock": "KC KD 2C 3C 4C", "discard": "AD"}),
    "RunRule.wrap": Played("rummy", setting("run", wrap=True)),
    "RunRule.any_colour": Played("rummy", setting("run", any_colour=True)),
    "RunRule.without": Played("continental", setting("run", without=(5,)), 4,
                              prepare=_round_one_is(2)),
    "RunRule.span": SPAN,
    "GroupRule.min": Played("phase10", setting("group", min=5),
                            prepare=both(_round_one_is(8), _element(size=None))),
    "GroupRule.max": Played("phase10", setting("group", max=7), prepare=_round_one_is(8)),
    "GroupRule.span": SPAN,
    # ----- the deal and the cut -------------------------------------------------------
    "Deal.cards": Played("rummy", setting("deal", cards=num(8))),
    "Deal.upcard_covered": Played("canasta", setting("deal", upcard_covered=()), 4),
    "Stock.usable_taken": Played("canasta", setting("stock", usable_taken=False), 4,
                                 deal={"hands": ["KH KS QH 2C AS AD JK 5C 6D 7H 8S",
                                                 "4C 4D 5S 6S 7C 8C 9C 10C JC QC KC",
                                                 "4H 5H 6H 7D 8D 9D 10D JD QD 9H 10H",
                                                 "4S 5D 6C 7S 8H 9S 10S JS JH 10S 4H"],
                                       "stock": "", "discard": "6C KD"}),
    "Deal.first_dealer": Played("continental", setting("deal", first_dealer="lowest"), 4),
    "Deal.rotation": Played("gin", setting("deal", rotation="left"), 2),
    "Deal.upcard_offered": Played("gin", setting("deal", upcard_offered=False), 2),
    "Deal.upcard": Played("rummy", setting("deal", upcard=False)),
    "Deal.first_turn_discard": Played("rummy", setting("deal", first_turn_discard=True)),
    # a wider winning total than Tonk's 49..50, so seeded deals reach it
    "Deal.total_wins": Played("tonk", setting("deal", total_wins=(10, 30)), 2),
    # a dead hand is rare in a seeded game: many games, to reach one
    "Deal.pass_after_scored": Played("gin_eaai", setting("deal", pass_after_scored=False), 2,
                                     seeds=60, steps=2000),
    "Deal.span": SPAN,
    "Cut.by": Played("ten_step", setting("cut", by="any"), 4),
    "Cut.target": Played("ten_step", setting("cut", target=num(30))),
    "Cut.bonus": Played("ten_step", setting("cut", bonus=num(0))),
    "Cut.span": SPAN,
    # ----- contracts -------------------------------------------------------------------
    "Contracts.rounds": Walked(),
    "Contract.number": Described("the round a contract is for: the checker holds the "
                                 "numbers to 1, 2, 3... (E022), and the engine looks the "
                                 "round's contract up by it"),
    "Contract.elements": Walked(),
    "Contract.pat": Played("continental", _pat, 4),
    "Contract.span": SPAN,
    "Element.count": Played("continental", _element(count=1), 4),
    "Element.kind": Played("continental", _element(kind="run"), 4),
    "Element.size": Played("continental", _element(size=4), 4),
    "Element.span": SPAN,
    "Element.pure": Played("indian_rummy", _element(pure=False), 2),
    "Contracts.progression": Played("twelve_step", setting("contracts",
                                                           progression="together")),
    "Contracts.count": Played("continental", setting("contracts", count="minimum"), 4),
    "Contracts.size": Played("continental", setting("contracts", size="exact"), 4),
    "Contracts.same_suit_runs": Played("continental", setting("contracts",
                                                              same_suit_runs="gap"), 4,
                                       prepare=_round_one_is(3)),
    "Contracts.run_gap": Played("continental", setting("contracts", run_gap=3), 4,
                                prepare=setting("contracts", same_suit_runs="gap")),
    "Contracts.distinct_set_ranks": Played("continental", setting(
        "contracts", distinct_set_ranks=True), 4),
    "Contracts.span": SPAN,
    "Contracts.down_goes_out": Played("indian_rummy", setting("contracts",
                                                              down_goes_out=False), 2),
    # ----- the turn, lay-offs, swaps ------------------------------------------------
    "Turn.no_upcard_when_down": Played("continental",
                                       setting("turn", no_upcard_when_down=True), 4),
    "Turn.keep_taken_card": Played("rummy", setting("turn", keep_taken_card=False)),
    "Turn.no_playable_discard": Played("continental",
                                       setting("turn", no_playable_discard=True), 4),
    "Turn.melds_per_turn": Played("rummy", setting("turn", melds_per_turn=1)),
    "Turn.new_melds_after_down": Played("continental",
                                        setting("turn", new_melds_after_down=True), 4),
    "Turn.knock_taken_card": Played("gin_rlcard", setting("turn", knock_taken_card=False), 2,
                                    seeds=12, deal={
                                        "hands": ["AS 2S 3S 4H 5H 6H 7C 8C 9C 5D QS",
                                                  "AH 2H 3H 7S 8S 9S 10D JD QD 3C"],
                                        "stock": "KC KD JH 10H 10S", "discard": ""}),
    "Turn.no_discard": Played("continental", setting("turn", no_discard=(
        m.CardClass(joker=True, text="jokers"),)), 4),
    "Turn.opening_points": Played("rummy", setting("turn", opening_points=30)),
    "Turn.no_take": Played("rummy", setting("turn", no_take=(
        m.CardClass(rank=13, text="kings"), m.CardClass(rank=5, text="fives")))),
    "Turn.opening_by_total": Played("rummy", setting("turn", opening_by_total=((None, 5),
                                                                             (0, 30)))),
    "Turn.deep_take": Played("rummy", setting("turn", deep_take=True)),
    "Turn.pile_card_melded": Played("rummy", setting("turn", pile_card_melded=True)),
    "Turn.whole_pile": Played("rummy", setting("turn", whole_pile=True)),
    "Turn.frozen_by": Played("canasta", setting("turn", frozen_by=()), 4),
    "Turn.opening_wilds_own": Played("kalooki", setting("turn", opening_wilds_own=True), 2),
    "Turn.frozen_until_melded": Played("canasta", setting("turn", frozen_until_melded=False),
                                       4),
    "Turn.drop": Played("tonk", setting("turn", drop=False), 2),
    "Turn.no_meld_turns": Played("rummy", setting("turn", no_meld_turns=2)),
    "Turn.stock_card_melded": Played("conquian", setting("turn", stock_card_melded=False), 2),
    "Turn.span": SPAN,
    "Layoff.allowed": Played("rummy", setting("layoff", allowed=False)),
    "Layoff.timing": Played("continental", setting("layoff", timing="next-turn"), 4),
    "Layoff.own_melds_next_turn": Played("continental",
                                         setting("layoff", own_melds_next_turn=True), 4),
    "Layoff.needs_down": Played("continental", setting("layoff", needs_down=False), 4),
    "Layoff.span": SPAN,
    "Swap.from_runs": Played("continental", setting("swap", from_runs=False), 4,
                             prepare=_round_one_is(2)),
    "Swap.from_sets": Played("continental", setting("swap", from_sets=True), 4),
    "Swap.who": Played("continental", setting("swap", who="any"), 4,
                       prepare=_round_one_is(2)),
    "Swap.wilds": Played("continental", setting("swap", from_sets=True, wilds=(TWOS,)), 4,
                         prepare=setting("swap", from_sets=True)),
    "Swap.others_only": Played("continental", setting("swap", others_only=True), 4,
                               prepare=_round_one_is(2)),
    "Swap.freed": Played("continental", setting("swap", freed="hand"), 4,
                         prepare=_round_one_is(2)),
    "Swap.shift_to_end": Played("continental", setting("swap", shift_to_end=True), 4,
                                prepare=_round_one_is(2)),
    "Swap.span": SPAN,
    # ----- claims -------------------------------------------------------------------
    "Claim.title": Described("the word the players call (\"May I?\"): the rulebook's"),
    "Claim.window": Played("continental", setting("claim", window="any-time"), 4),
    "Claim.priority": Played("continental", setting("claim", priority="first-caller"), 4),
    "Claim.penalty": Played("continental", setting("claim", penalty=2), 4),
    "Claim.limit": Played("continental", setting("claim", limit=num(1)), 4),
    "Claim.carry_over": Played("shanghai", setting("claim", carry_over=True), 3,
                               seeds=30, steps=900),
    "Claim.own_discard": Played("continental", setting("claim", own_discard=True), 4),
    "Claim.when_down": Played("continental", setting("claim", when_down=False), 4),
    "WildRules.cut_joker": Played("continental", setting("wilds", cut_joker=True), 4),
    "Claim.claimant_waits": Played("continental", setting("claim", claimant_waits=False), 4),
    "Claim.pile_after": Played("shanghai", setting("claim", pile_after="closed")),
    "Claim.chain": Played("continental", setting("claim", chain=True), 4),
    "Claim.needed_for_contracts": Described(
        "the author's statement that buying is part of the game: it answers the checker's "
        "W103 and the rulebook says it; no rule of play"),
    "Claim.more": Walked("claim clauses declared in the registry beyond the model; a toy "
                         "clause is played in tests/registry"),
    "Claim.span": SPAN,
    "RummyCall.penalty": Played("seven_hand", setting("rummy_call", penalty="gifts")),
    "RummyCall.take_back_extra": Played("seven_hand", setting("rummy_call", take_back_extra=2),
                                        prepare=TAKE_BACK),
    "RummyCall.only_down_offenders": Played("seven_hand", setting(
        "rummy_call", only_down_offenders=True)),
    "RummyCall.span": SPAN,
    # ----- going out, knocking, the stock ---------------------------------------------
    "GoingOut.by": Played("rummy", setting("going_out", by="discard")),
    "GoingOut.floating": Played("ten_step", setting("going_out", floating=False)),
    # a meld of five before going out: the hand that went out on sets of three goes on
    "GoingOut.needs_meld": Played("rummy", setting("going_out", needs_meld=5)),
    "Layoff.own_only": Played("conquian", setting("layoff", own_only=False), 2),
    "GoingOut.empty_plays_on": Played("conquian", setting("going_out", empty_plays_on=False),
                                      2),
    "GoingOut.span": SPAN,
    "Knock.deadwood": Played("gin", setting("knock", deadwood=5), 2),
    "Knock.gin_bonus": Played("gin", setting("knock", gin_bonus=50), 2),
    "Knock.big_gin_bonus": Played("gin", setting("knock", big_gin_bonus=None), 2, seeds=40),
    "Knock.undercut_bonus": Played("gin", setting("knock", undercut_bonus=10), 2, seeds=40),
    "Knock.undercut_on_equal": Played("gin", setting("knock", undercut_on_equal=False), 2,
                                      seeds=6, deal=GIN_EQUAL),
    "Knock.defender_lays_off": Played("gin", setting("knock", defender_lays_off=False), 2),
    "Knock.no_layoff_on_gin": Played("gin", setting("knock", no_layoff_on_gin=False), 2),
    "Knock.knock_bonus": Played("gin", setting("knock", knock_bonus=10), 2),
    "Knock.layoffs_by_game": Played("gin_eaai", setting("knock", layoffs_by_game=False), 2),
    "Knock.deadwood_by_upcard": Played("oklahoma_gin", setting("knock", deadwood_by_upcard=False),
                                       2),
    "Knock.upcard_deadwood": Played("oklahoma_gin", setting("knock", upcard_deadwood=()), 2,
                                    deal=OKLAHOMA_ACE),
    "Knock.span": SPAN,
    "Stock.empty": Played("rummy", setting("stock", empty=("reshuffle",)), 2),
    "Stock.refill_at_once": Played("rummy", setting("stock", refill_at_once=True), 2),
    "Stock.dead_at": Played("gin", setting("stock", dead_at=None), 2),
    "Stock.dead_how": Played("gin", setting("stock", dead_how="declared"), 2),
    "Stock.span": SPAN,
    # ----- scores and the game's end -------------------------------------------------
    "Score.drawn_add_stake": Played("conquian", setting("score", drawn_add_stake=False), 2),
    "Score.entries": Walked(),
    "ScoreEntry.kind": Played("continental", _entry(3, kind="wild", text="wild"), 4,
                              prepare=setting("wilds", cards=(
                                  m.CardClass(joker=True, text="jokers"), TWOS))),
    "ScoreEntry.low": Played("continental", _entry(1, low=9), 4),
    # a last entry, 8..8: 40, stated after the others, so it beats them for its ranks
    "ScoreEntry.high": Played("continental", _entry(-1, high=9), 4, prepare=_append(
        m.ScoreEntry("range", low=8, high=8, points=40, text="8..8"))),
    "ScoreEntry.colour": Played("continental", _entry(2, colour="red"), 4),
    "ScoreEntry.special": Played("phase10", _entry(2, special="W"), 3),
    "ScoreEntry.points": Played("rummy", _entry(0, points=1)),
    "ScoreEntry.text": Described("the entry as written, for the rulebook"),
    "ScoreEntry.span": SPAN,
    "Score.method": Played("rummy", setting("score", method="penalty")),
    "Score.low_ace": Played("rummy500", setting("score", low_ace=None), 2, deal={
        "hands": ["AD 2D 3D 7C 7D 7S 9S 10S JS QD QC QS 4H",
                  "2C 3C 4C 5D 6D 8C 9D QH KH KS AS 2S 8H"],
        "stock": "4D", "discard": "JD"}),
    "Score.rummy_doubles": Played("rummy", setting("score", rummy_doubles=False)),
    "Score.zero_sum": Played("rummy", setting("score", zero_sum=True)),
    "Score.winner_bonus": Played("rummy", setting("score", winner_bonus=-10)),
    "Score.upcard_times": Played("oklahoma_gin", setting("score", upcard_times=()), 2),
    # played on without drops, so that hands are emptied by melding
    "Score.bare_out_doubles": Played("tonk", setting("score", bare_out_doubles=False), 2,
                                     prepare=setting("turn", drop=False)),
    "Score.dealt_win_doubles": Played("tonk", setting("score", dealt_win_doubles=False), 2,
                                      prepare=setting("deal", total_wins=(10, 30))),
    "Score.caught_pays": Played("tonk", setting("score", caught_pays=3), 2),
    "Score.cap": Played("rummy", setting("score", cap=5)),
    "Score.long_meld_bonus": Played("canasta", setting("score", long_meld_bonus=None), 4),
    "Score.concealed_bonus": Played("canasta", setting("score", concealed_bonus=None), 4,
                                    deal={"hands": ["KH KS KC KD KH KS KC AD AC JK 2C",
                                                    "4C 4D 5S 6S 7C 8C 9C 10C JC QC QS",
                                                    "4H 5H 6H 7D 8D 9D 10D JD QD 9H 10H",
                                                    "4S 5D 6C 7S 8H 9S 10S JS JH KD 10S"],
                                          "stock": "5C", "discard": "4D"}),
    "Score.losers_meld": Played("indian_rummy", setting("score", losers_meld=False), 2),
    "Score.span": SPAN,
    "Score.block": SPAN,
    "GameEnd.ends": Played("rummy", setting("game", ends="hands", hands=1)),
    "GameEnd.target": Played("rummy", setting("game", target=20)),
    "GameEnd.hands": Played("rummy", setting("game", hands=1), prepare=BY_HANDS),
    "GameEnd.hands_each": Played("rummy", setting("game", hands_each=True), prepare=BY_HANDS),
    "GameEnd.winner": Played("rummy", setting("game", winner="lowest"), prepare=BY_HANDS),
    # a tie is replayed only where there are contracts: the last round of Continental,
    # seat 0 going out at once to tie seat 1 on 60 points
    "GameEnd.ties": Played("continental", setting("game", ties="replay"), 4, seeds=6, deal={
        "hands": ["3H 4H 5H 6H 3S 4S 5S 6S 3D 4D 5D 6D", "2C 2C 2D 2D 2S 2S 7C 7C 7D 7D 8S 8S",
                  "KC KD KS KH QC QD QS QH JC JD JS JH", "KC KD KS KH QC QD QS QH JC JD JS JH"],
        "stock": "9C 10C 10D 10S", "discard": "9H", "round_": 7, "totals": [60, 0, 0, 0]}),
    "GameEnd.game_bonus": Played("gin", setting("game", game_bonus=0), 2),
    "GameEnd.line_bonus": Played("gin", setting("game", line_bonus=0), 2),
    "GameEnd.shutout_doubles": Played("gin", setting("game", shutout_doubles=False), 2),
    "GameEnd.shutout_game_bonus": Played("gin", setting("game", shutout_game_bonus=300), 2),
    # partners pay each other nothing, and the target is a team's: the game diverges
    "GameEnd.partners": Played("rummy", setting("game", partners="across"), 4),
    "GameEnd.games_at_once": Played("gin_hollywood", setting("game", games_at_once=1), 2),
    "GameEnd.span": SPAN,
    # ----- an engine's own limits (profiles of published engines) ---------------------
    "EngineLimits.title": Described("the engine a profile describes, for the rulebook"),
    "EngineLimits.throwbacks": Played("gin_openspiel", setting("limits", throwbacks=None),
                                      2),
    "EngineLimits.upcard_draws": Played("gin_openspiel", setting("limits", upcard_draws=3),
                                        2),
    "EngineLimits.dead_hand_turn": Played("gin_rlcard", setting("limits", dead_hand_turn=5),
                                          2),
    "EngineLimits.run_layoff_limit": Played("gin_openspiel",
                                            setting("limits", run_layoff_limit=1), 2,
                                            seeds=40),
    "EngineLimits.gin_forced": Played("gin_rlcard", setting("limits", gin_forced=False), 2),
    "EngineLimits.span": SPAN,
}

