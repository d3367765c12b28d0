"""The meld section: each meld kind in words, with example melds judged by the engine.

Examples are built from the variant's own deck (a middle rank for sets, a suit whose ace
is natural for runs) and every verdict in the table comes from
:func:`rummy_spec.engine.melding.melds.validate`, never from this module: a card group is only
*proposed* here.  Groups the pack cannot hold (five sevens from one deck) are left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .. import decks
from ..engine.families.contracts import element_sizes
from ..engine.melding.melds import Meld, MeldRules, compile_rules, validate, wild_meaning
from ..lang import meldkinds
from ..lang import model as m
from .doc import Block, Items, Para, Section, Table
from .doc import cards as card_faces
from .words import Scope, join, plural


@dataclass(frozen=True)
class Example:
    kind: m.MeldKind
    cards: tuple[int, ...]
    shows: str  # what the example is about, in a few words
    naturals_only: bool = False  # a wild card would hide what it shows: leave it out then


def melds(scope: Scope) -> Section:
    v = scope.variant
    rules = compile_rules(v)
    blocks: list[Block] = [Para(_kinds_intro(v)), Items(tuple(_definitions(v)))]
    examples = [e for e in _examples(v, rules) if _in_pack(scope, e.cards)]
    if examples:
        contract = bool(v.contracts.rounds)
        rows = tuple(_row(rules, e, contract) for e in examples)
        blocks.append(Para("Examples, each judged by the rules engine:"))
        blocks.append(Table(("Cards", "Shows", "Verdict"), rows))
    return Section("Melds", "melds", tuple(blocks))


def _kinds_intro(v: m.Variant) -> str:
    kinds = [meldkinds.entry(k).words_plural for k in v.meld_kinds()]
    if len(kinds) == 1:
        return f"The only melds are {kinds[0]}."
    return "The melds are " + ", ".join(kinds[:-1]) + f" and {kinds[-1]}."


def _size(rule: m.SetRule | m.RunRule | m.GroupRule) -> str:
    if rule.max is None:
        return f"at least {rule.min} cards"
    if rule.max == rule.min:
        return f"exactly {rule.min} cards"
    if rule.max == rule.min + 1:
        return f"{rule.min} or {rule.max} cards"
    return f"{rule.min} to {rule.max} cards"


def contract_sizes(v: m.Variant, kind: m.MeldKind) -> dict[int, list[int]] | None:
    """The smallest meld of a kind that can be laid, by size: the contracts asking for it.

    None when a meld may also be laid outside a contract (no contracts, or new melds after
    going down): then the kind's own ``min`` is the smallest.  Otherwise every meld on the
    table was laid as a contract meld, and its size is what the contract asked for.
    """
    if not v.contracts.rounds or v.turn.new_melds_after_down or v.knock is not None:
        return None
    out: dict[int, list[int]] = {}
    for contract in v.contracts.rounds:
        for size in set(element_sizes(v, contract).get(kind, [])):
            out.setdefault(size, []).append(contract.number)
    return out or None


def _kind_size(v: m.Variant, kind: m.MeldKind,
               rule: m.SetRule | m.RunRule | m.GroupRule) -> tuple[str, str]:
    """The size part of a kind's definition, and a sentence on contracts that ask for a
    shorter meld of it than all the others do ("Only contract 9 asks for a set of 2.")."""
    sizes = contract_sizes(v, kind)
    if sizes is None:
        return _size(rule), ""
    low = min(sizes)
    rest = [s for s in sizes if s != low]
    common = min(rest) if rest and len(sizes[low]) < len(sizes[min(rest)]) else low
    shown = _size(replace(rule, min=common))
    if common == low:
        return shown, ""
    rounds = sizes[low]
    name = meldkinds.entry(kind).words
    which = (f"Only contract {rounds[0]} asks" if len(rounds) == 1
             else f"Only contracts {join([str(r) for r in rounds])} ask")
    return shown, f" {which} for a {name} of {low}."


def _definitions(v: m.Variant) -> list[str]:
    """Each kind's sentence: its entry's own, else its size and what its cards share."""
    out = []
    for k in v.meld_kinds():
        kind, rule = meldkinds.entry(k), v.kind_rule(k)
        if kind.describe is None:
            size, exception = _kind_size(v, k, rule)
            out.append(f"A {kind.words} is {size} {kind.summary}.{exception}")
        else:
            out.append(meldkinds.resolve(kind.describe)(v, rule))
    return out


def describe_set(v: m.Variant, rule: m.SetRule) -> str:
    several = v.deck.custom or _decks_above_one(v)
    suits = "colours" if v.deck.custom else "suits"
    size, exception = _kind_size(v, "set", rule)
    text = f"A set is {size} of one {'number' if v.deck.custom else 'rank'}"
    if rule.different_suits:
        text += (f", each natural card of a different {suits[:-1]} (wild cards "
                 "aside)." if v.wilds.cards else f", each of a different {suits[:-1]}.")
    else:
        text += (f", of any {suits}; identical cards may be in one set." if several
                 else f", each of a different {suits[:-1]}.")
    if rule.without:
        names = " or ".join(_RANK_PLURALS.get(r, str(r)) for r in rule.without)
        text += f" No set is made of {names}"
        if rule.going_out_only:
            last = " or ".join(
                (f"{colour} " if colour else "") + _RANK_PLURALS.get(r, str(r))
                for r, colour in rule.going_out_only)
            text += (f", except a set of {last} alone, with no wild card, laid as the play "
                     "that empties your hand (going out)")
        text += "."
    return text + exception


_RANK_PLURALS = {1: "aces", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes",
                 7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "jacks",
                 12: "queens", 13: "kings"}




def _decks_above_one(v: m.Variant) -> bool:
    from ..lang.counts import player_counts

    return any(decks.deck_counts(v, p)[0] > 1 for p in player_counts(v))


def describe_run(v: m.Variant, run: m.RunRule) -> str:
    colour = ("of any colours" if run.any_colour else
              "of one colour" if v.deck.custom else "of one suit")
    ranks = "numbers" if v.deck.custom else "ranks"
    size, exception = _kind_size(v, "run", run)
    text = f"A run is {size} of consecutive {ranks} {colour}.{exception}"
    if v.deck.custom:
        return text + " Numbers never wrap around."
    ace = {
        "low": "The ace is low only (A-2-3 is a run, Q-K-A is not).",
        "high": "The ace is high only (Q-K-A is a run, A-2-3 is not).",
        "either": "The ace is low or high (A-2-3 and Q-K-A are runs)",
    }[run.ace]
    if run.ace == "either":
        ace += (", and one run may hold an ace at each end (A-2-...-K-A)."
                if run.ace_both_ends else ", but not both in one run.")
    wrap = (" A run may go around the corner (K-A-2)." if run.wrap
            else " A run never goes around the corner (K-A-2 is not a run).")
    return f"{text} {ace}{wrap}{_without(v, run)}"


def _without(v: m.Variant, run: m.RunRule) -> str:
    """The ranks runs leave out (twos wild: runs go 3..A)."""
    if not run.without:
        return ""
    table = decks.card_table(v.deck)
    names = join([table.rank_names[r - table.low_rank] for r in run.without], "or")
    return (f" A run never holds a natural {names} and never passes its place: the ranks "
            "stop there, and such a card in a run is always a wild card.")


# ----- examples -------------------------------------------------------------------------

def _examples(v: m.Variant, rules: MeldRules) -> list[Example]:
    out: list[Example] = []
    wild = _a_wild(rules)
    for k in v.meld_kinds():
        made = meldkinds.entry(k).examples
        if made is not None:
            out += meldkinds.resolve(made)(rules, v.kind_rule(k), wild)
    return [e for e in out if not (e.naturals_only and any(c in rules.wild for c in e.cards))]


def _a_wild(rules: MeldRules) -> int | None:
    """The wild card examples use: a joker if jokers are wild, else the first wild face."""
    faces = sorted(rules.wild, key=lambda c: (not rules.table.faces[c].joker, c))
    return faces[0] if faces else None


def _natural_rank(rules: MeldRules) -> int:
    """A middle rank with no wild card among its faces (7 in French cards)."""
    t = rules.table
    middle = (t.low_rank + t.high_rank) // 2
    order = sorted(range(t.low_rank, t.high_rank + 1), key=lambda r: (abs(r - middle), r))
    for rank in order:
        if not any(f.rank == rank and f.code in rules.wild for f in t.faces):
            return rank
    return middle


def _of_rank(rules: MeldRules, rank: int, n: int) -> tuple[int, ...]:
    suits = rules.table.suits
    return tuple(rules.table.face(rank, suits[i % len(suits)]) for i in range(n))


def set_examples(rules: MeldRules, rule: m.SetRule, wild: int | None) -> list[Example]:
    size = rule.min
    rank = _natural_rank(rules)
    name = rules.table.rank_name(rank)
    out = [Example("set", _of_rank(rules, rank, size), f"{size} natural {name}s")]
    other = _of_rank(rules, rank + 1 if rank < rules.table.high_rank else rank - 1, 1)
    out.append(Example("set", _of_rank(rules, rank, size - 1) + other, "two ranks mixed"))
    if wild is not None:
        out.append(Example("set", (*_of_rank(rules, rank, size - 1), wild), "one wild card"))
        if size > 2:
            out.append(Example("set", _of_rank(rules, rank, 1) + (wild,) * (size - 1),
                               "more wild cards than naturals"))
        out.append(Example("set", (wild,) * size, "wild cards only"))
    return out


def _run_suit(rules: MeldRules) -> str:
    """A suit whose low and high cards are natural, so ace examples test the ace rule."""
    t = rules.table
    for suit in reversed(t.suits):
        ends = (t.face(t.low_rank, suit), t.face(t.low_rank + 1, suit),
                t.face(t.high_rank, suit))
        if not any(c in rules.wild for c in ends):
            return suit
    return t.suits[-1]


def run_examples(rules: MeldRules, run: m.RunRule, wild: int | None) -> list[Example]:
    t = rules.table
    suit = _run_suit(rules)
    n = run.min
    start = max(t.low_rank + 2, min(t.high_rank - n + 1, _natural_rank(rules) - n // 2))

    def cards(first: int, count: int, s: str = suit) -> tuple[int, ...]:
        return tuple(t.face(t.low_rank + (r - t.low_rank) % (t.high_rank - t.low_rank + 1), s)
                     for r in range(first, first + count))

    low = t.rank_name(start)
    high = t.rank_name(start + n - 1)
    one = "colour" if t.custom else "suit"
    out = [Example("run", cards(start, n), f"{low} to {high} in one {one}")]
    other = next(s for s in t.suits if s != suit)
    mixed = cards(start, n - 1) + cards(start + n - 1, 1, other)
    out.append(Example("run", mixed, f"two {one}s mixed"))
    gap = cards(start, n - 1) + cards(start + n, 1)
    out.append(Example("run", gap, "a rank missing"))
    if wild is not None:
        middle = start + n // 2
        holed = tuple(c for c in cards(start, n) if c != t.face(middle, suit))
        out.append(Example("run", (*holed, wild), "a wild card in a gap"))
        if n >= 4 and rules.wilds.not_adjacent_in_runs:
            two_holes = cards(start, 1) + cards(start + 3, n - 3) + (wild, wild)
            out.append(Example("run", two_holes, "two wild cards side by side"))
    gaps = [i for i in range(1, len(t.printed)) if t.printed[i] - t.printed[i - 1] > 1]
    if gaps:  # ranks left out of the pack: a run passes over them (6 7 J)
        after = gaps[0] + 1  # the rank number just past the first gap
        first = max(t.low_rank, min(after - n + 1, t.high_rank - n + 1))
        out.append(Example("run", cards(first, n),
                           f"{t.rank_name(first)} to {t.rank_name(first + n - 1)}, over the "
                           "ranks left out"))
    if not t.custom:
        ace = t.low_rank
        out.append(Example("run", cards(ace, n), "the ace low"))
        out.append(Example("run", cards(t.high_rank - n + 2, n - 1) + cards(ace, 1),
                           "the ace high"))
        out.append(Example("run", cards(t.high_rank - n + 3, n), "around the corner",
                           naturals_only=True))
    longest = rules.space.max_len if rules.space is not None else 0
    if run.max is not None and run.max < longest:
        out.append(Example("run", cards(t.low_rank + 1, run.max + 1),
                           f"{run.max + 1} cards"))
    return out


def group_examples(rules: MeldRules, rule: m.GroupRule, wild: int | None) -> list[Example]:
    size = rule.min
    t = rules.table
    colour = t.suits[0]
    ranks = list(range(t.low_rank, t.high_rank + 1, 2))[:size]
    ranks += [r for r in range(t.low_rank, t.high_rank + 1) if r not in ranks][: size - len(ranks)]
    one = tuple(t.face(r, colour) for r in sorted(ranks))
    out = [Example("group", one, f"{size} cards of one colour")]
    out.append(Example("group", (*one[:-1], t.face(ranks[-1], t.suits[1])),
                       "two colours mixed"))
    if wild is not None:
        out.append(Example("group", (*one[:-1], wild), "one wild card"))
    return out


def _in_pack(scope: Scope, cards: Sequence[int]) -> bool:
    pack = Counter(decks.full_deck(scope.variant, scope.players[-1]))
    need = Counter(cards)
    return all(pack[c] >= k for c, k in need.items())


# ----- verdicts -------------------------------------------------------------------------

def _row(rules: MeldRules, e: Example, contract: bool) -> tuple[str, str, str]:
    cards = card_faces(" ".join(rules.table.texts(e.cards)))
    free = validate(rules, e.kind, e.cards)
    if not contract:
        return cards, e.shows, _verdict(rules, free)
    bound = validate(rules, e.kind, e.cards, contract=True)
    if isinstance(free, Meld) == isinstance(bound, Meld):
        return cards, e.shows, _verdict(rules, bound)
    return (cards, e.shows, f"in a contract: {_verdict(rules, bound)}; "
            f"laid off later: {_verdict(rules, free)}")


def _verdict(rules: MeldRules, got: object) -> str:
    if not isinstance(got, Meld):
        message = getattr(got, "message", str(got))
        return f"not a meld: {message}"
    meanings = []
    for i in got.wild_positions:
        rank, suit = wild_meaning(rules, got, i)
        if rank is None:
            continue
        name = rules.table.rank_name(rank)
        meanings.append(f"{rules.table.text(got.cards[i])} as {name}{suit or ''}")
    kind = "a " + meldkinds.entry(got.kind).words
    if got.all_wild:
        return f"legal: {kind} of {plural(got.size, 'wild card')}"
    return f"legal: {kind}" + (" (" + ", ".join(meanings) + ")" if meanings else "")
