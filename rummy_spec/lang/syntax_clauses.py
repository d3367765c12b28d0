"""The builder's methods for clauses with structure: card lists, contracts, scores.

Mixed into the parse-tree builder of ``syntax``; each method turns one grammar alias into
the clause's settings.
"""

from __future__ import annotations

from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from .decls import Clause, Key, RawCard, Setting, span_of
from .errors import Diagnostic
from .span import Span
from .syntax_tables import RANK_WORDS, SUIT_WORDS, kind_of


class ClauseBuilder:
    """Clause methods; ``path`` is the file being read."""

    path: str
    problems: list[Diagnostic]

    def _backwards(self, low: int | None, high: int | None, span: Span, what: str) -> None:
        if low is not None and high is not None and low > high:
            self.problems.append(Diagnostic(
                "E031", f"{what} {low}..{high} runs backwards (low end first)", span))

    @v_args(meta=True)
    def jokers(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("jokers",), (c[0], len(c) > 1))], span_of(self.path, meta))

    def per_deck(self, c: list[Any]) -> bool:
        return True

    @v_args(meta=True)
    def numbers(self, meta: Meta, c: list[Token]) -> Clause:
        span = span_of(self.path, meta)
        self._backwards(int(c[0]), int(c[1]), span, "the numbers")
        return Clause([(("numbers",), (int(c[0]), int(c[1])))], span)

    @v_args(meta=True)
    def deck_without(self, meta: Meta, c: list[Token]) -> Clause:
        """``without 8 and 9 and 10``: French ranks left out of the pack."""
        span = span_of(self.path, meta)
        ranks: list[int] = []
        for word in c:
            rank = RANK_WORDS.get(str(word).lower())
            if rank is None:
                self.problems.append(Diagnostic(
                    "E016", f"no rank named '{word}'", span,
                    "ranks are A 2 3 4 5 6 7 8 9 10 J Q K, or words such as 'eights'"))
                continue
            ranks.append(rank)
        return Clause([(("without",), tuple(sorted(set(ranks))))], span)

    @v_args(meta=True)
    def colours(self, meta: Meta, c: list[tuple[str, str]]) -> Clause:
        return Clause([(("colours",), tuple(c))], span_of(self.path, meta))

    def colour(self, c: list[Token]) -> tuple[str, str]:
        return (str(c[0]), str(c[1]))

    @v_args(meta=True)
    def special(self, meta: Meta, c: list[Any]) -> list[Setting]:
        code = str(c[0])
        span = span_of(self.path, c[0])
        title = code
        count = 0
        body: list[Clause] = []
        for item in c[1:]:
            if isinstance(item, tuple):
                title = item[1]
            elif isinstance(item, Token):
                count = int(item)
            elif isinstance(item, list):
                body = item
        fields: dict[str, Any] = {"title": title, "per_deck": count}
        for clause in body:
            for key, value in clause.fields:
                fields[str(key[0])] = value
        return [Setting(("special", code), fields, span)]

    def special_body(self, c: list[Clause]) -> list[Clause]:
        return c

    @v_args(meta=True)
    def wild_cards(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("cards",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def swap_only_cards(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("wilds",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def opening_by_total(self, meta: Meta, c: list[tuple[int | None, int, int]]) -> Clause:
        """Rows (from, points, below): ``below`` rows keep the total they stop at, which
        the checker holds to the lowest ``from``."""
        span = span_of(self.path, meta)
        starts = [start for start, _, _ in c if start is not None]
        belows = [stop for start, _, stop in c if start is None]
        if len(belows) != 1 or not starts or belows[0] != min(starts):
            self.problems.append(Diagnostic(
                "E031", "the opening by total needs one 'below' row that stops where the "
                "lowest 'from' row starts (for example 'below 0: 15, from 0: 50')", span))
        if starts != sorted(set(starts)):
            self.problems.append(Diagnostic(
                "E031", "the 'from' rows of the opening by total must rise, each once", span))
        rows = tuple(sorted(((start, points) for start, points, _ in c),
                            key=lambda r: -10**9 if r[0] is None else r[0]))
        return Clause([(("opening_by_total",), rows)], span)

    def opening_below(self, c: list[Token]) -> tuple[int | None, int, int]:
        return None, int(c[1]), int(c[0])

    def opening_below_neg(self, c: list[Token]) -> tuple[int | None, int, int]:
        return None, int(c[1]), -int(c[0])

    def opening_from(self, c: list[Token]) -> tuple[int | None, int, int]:
        return int(c[0]), int(c[1]), 0

    def opening_from_neg(self, c: list[Token]) -> tuple[int | None, int, int]:
        return -int(c[0]), int(c[1]), 0

    @v_args(meta=True)
    def winner_bonus(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("winner_bonus",), int(c[0]))], span_of(self.path, meta))

    @v_args(meta=True)
    def winner_bonus_neg(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("winner_bonus",), -int(c[0]))], span_of(self.path, meta))

    @v_args(meta=True)
    def no_taking_cards(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("no_take",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def upcard_deadwood(self, meta: Meta, c: list[Token]) -> Clause:
        """``upcard A deadwood 0``: the knock limit when the first upcard is of this rank."""
        span = span_of(self.path, meta)
        rank = RANK_WORDS.get(str(c[0]).lower())
        if rank is None:
            self.problems.append(Diagnostic(
                "E016", f"no rank named '{c[0]}'", span,
                "ranks are A 2 3 4 5 6 7 8 9 10 J Q K, or words such as 'aces', 'kings'"))
            return Clause([], span)
        return Clause([(("upcard_deadwood", rank), (rank, int(c[1])))], span)

    @v_args(meta=True)
    def upcard_doubles(self, meta: Meta, c: list[Token]) -> Clause:
        return self._upcard_times(meta, str(c[0]), 2)

    @v_args(meta=True)
    def upcard_times(self, meta: Meta, c: list[Token]) -> Clause:
        return self._upcard_times(meta, str(c[0]), int(c[1]))

    def _upcard_times(self, meta: Meta, word: str, factor: int) -> Clause:
        """``upcard spades doubles``: a hand whose first upcard is of the suit scores
        ``factor`` times over."""
        span = span_of(self.path, meta)
        suit = SUIT_WORDS.get(word.lower())
        if suit is None:
            self.problems.append(Diagnostic(
                "E016", f"no suit named '{word}'", span,
                "suits are clubs, diamonds, hearts, spades (or C D H S)"))
            return Clause([], span)
        return Clause([(("upcard_times", suit), (suit, factor))], span)

    @v_args(meta=True)
    def dealt_total_wins(self, meta: Meta, c: list[Token]) -> Clause:
        low, high = int(c[0]), int(c[-1])
        return Clause([(("total_wins",), (low, high))], span_of(self.path, meta))

    @v_args(meta=True)
    def no_discarding_cards(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("no_discard",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def no_wild_cards(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("cards",), ())], span_of(self.path, meta))

    @v_args(meta=True)
    def never_outnumber(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("never_outnumber",), "contract" if c else "all")],
                       span_of(self.path, meta))

    @v_args(meta=True)
    def wilds_minority(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("minority",), "contract" if c else "all")], span_of(self.path, meta))

    @v_args(meta=True)
    def need_natural(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("need_natural",), "contract" if c else "all"), (("naturals",), 1)],
                      span_of(self.path, meta))

    @v_args(meta=True)
    def need_naturals(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("need_natural",), "contract" if len(c) > 1 else "all"),
                       (("naturals",), int(c[0]))], span_of(self.path, meta))

    @v_args(meta=True)
    def all_wild(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([((f"all_wild_{c[0]}s",), True)], span_of(self.path, meta))

    @v_args(meta=True)
    def no_all_wild(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([((f"all_wild_{c[0]}s",), False)], span_of(self.path, meta))

    @v_args(meta=True)
    def run_without(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("without",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def set_without(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("without",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def set_going_out(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("going_out_only",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def upcard_covered(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("upcard_covered",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def frozen_by(self, meta: Meta, c: list[RawCard]) -> Clause:
        return Clause([(("frozen_by",), tuple(c))], span_of(self.path, meta))

    @v_args(meta=True)
    def long_meld_bonus(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("long_meld_bonus",), (int(c[0]), int(c[1]), int(c[2])))],
                      span_of(self.path, meta))

    @v_args(meta=True)
    def runs_gap(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("same_suit_runs",), "gap"), (("run_gap",), 1)],
                      span_of(self.path, meta))

    @v_args(meta=True)
    def runs_gap_of(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("same_suit_runs",), "gap"), (("run_gap",), int(c[0]))],
                      span_of(self.path, meta))

    def scope(self, c: list[Any]) -> str:
        return "contract"

    @v_args(meta=True)
    def max_per_meld(self, meta: Meta, c: list[Any]) -> Clause:
        kind = kind_of(c[1])
        return Clause([((f"max_per_{kind}",), int(c[0]))], span_of(self.path, meta))

    @v_args(meta=True)
    def no_limits(self, meta: Meta, c: list[Any]) -> Clause:
        fields: list[tuple[Key, Any]] = [
            (("never_outnumber",), None), (("need_natural",), None), (("minority",), None),
            (("naturals",), 1),
            (("not_adjacent_in_runs",), False), (("max_per_set",), None),
            (("max_per_run",), None),
        ]
        return Clause(fields, span_of(self.path, meta), reset=True)

    @v_args(meta=True)
    def card_class(self, meta: Meta, c: list[Token]) -> RawCard:
        colour = str(c[0]) if len(c) == 2 else None
        return RawCard(colour, str(c[-1]), span_of(self.path, meta))

    @v_args(meta=True)
    def min(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("min",), int(c[0]))], span_of(self.path, meta))

    @v_args(meta=True)
    def max(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("max",), int(c[0]))], span_of(self.path, meta))

    @v_args(meta=True)
    def ace(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("ace",), c[0])], span_of(self.path, meta))

    def ace_mode(self, c: list[Token]) -> str:
        return "either" if len(c) > 1 else str(c[0])

    @v_args(meta=True)
    def round_contract(self, meta: Meta, c: list[Any]) -> Clause:
        number = int(c[0])
        pat = False
        elements: list[tuple[int, str, int | None, Span, bool]] = []
        for item in c[1:]:
            if isinstance(item, list):
                pat = "pat" in item
            else:
                elements.append(item)
        return Clause([(("round", number), (tuple(elements), pat))], span_of(self.path, meta))

    @v_args(meta=True)
    def element(self, meta: Meta, c: list[Any]) -> tuple[int, str, int | None, Span, bool]:
        count = 1
        size: int | None = None
        kind = ""
        seen_kind = False
        pure = False
        for item in c:
            if isinstance(item, Token) and item.type == "PURE":
                pure = True
            elif isinstance(item, Token) and item.type == "INT":
                if seen_kind:
                    size = int(item)
                else:
                    count = int(item)
            else:
                kind = item
                seen_kind = True
        return (count, kind, size, span_of(self.path, meta), pure)

    def kind_word(self, c: list[Token]) -> str:
        return kind_of(str(c[0]))

    def flags(self, c: list[Token]) -> list[str]:
        return [str(t) for t in c]

    @v_args(meta=True)
    def swap_runs(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("from_runs",), True), (("from_sets",), False)], span_of(self.path, meta))

    @v_args(meta=True)
    def swap_sets(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("from_runs",), False), (("from_sets",), True)], span_of(self.path, meta))

    @v_args(meta=True)
    def swap_both(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("from_runs",), True), (("from_sets",), True)], span_of(self.path, meta))

    @v_args(meta=True)
    def swap_never(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("from_runs",), False), (("from_sets",), False)], span_of(self.path, meta))

    @v_args(meta=True)
    def limit_carry(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("limit",), c[0]), (("carry_over",), True)], span_of(self.path, meta))

    @v_args(meta=True)
    def buy_never(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("__off__",), False)], span_of(self.path, meta))

    @v_args(meta=True)
    def call_never(self, meta: Meta, c: list[Any]) -> Clause:
        return Clause([(("__off__",), False)], span_of(self.path, meta))

    @v_args(meta=True)
    def take_back(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("penalty",), "take-back"), (("take_back_extra",), int(c[0]))],
                       span_of(self.path, meta))

    @v_args(meta=True)
    def stock_empty(self, meta: Meta, c: list[str]) -> Clause:
        return Clause([(("empty",), tuple(c))], span_of(self.path, meta))

    def stock_step(self, c: list[Token]) -> str:
        words = " ".join(str(t) for t in c)
        return {"reshuffle": "reshuffle", "turn over": "turn-over", "end round": "end-round",
                "turn over whole pile": "turn-over-whole",
                "reshuffle with upcard": "reshuffle-all", "new pack": "new-pack",
                "replay with extra deck": "replay-extra-deck", "hand dead": "hand-dead"}[words]

    @v_args(meta=True)
    def score_entry(self, meta: Meta, c: list[Any]) -> Clause:
        pattern, points = c
        return Clause([(("entry", pattern[0]), (pattern, points))], span_of(self.path, meta))

    def pattern_class(self, c: list[RawCard]) -> tuple[str, Any]:
        card = c[0]
        word = card.word.lower()
        canonical = str(RANK_WORDS.get(word, "joker" if word == "jokers" else word))
        return (f"{card.colour or ''} {canonical}".strip(), card)

    @v_args(meta=True)
    def pattern_range(self, meta: Meta, c: list[Token]) -> tuple[str, Any]:
        lo, hi = (str(RANK_WORDS.get(str(t).lower(), str(t))) for t in c)
        return (f"{lo}..{hi}", (str(c[0]), str(c[1]), span_of(self.path, meta)))

    def pattern_wild(self, c: list[Any]) -> tuple[str, Any]:
        return ("wild", None)

    def points_int(self, c: list[Token]) -> int:
        return int(c[0])

    def points_neg(self, c: list[Token]) -> int:
        return -int(c[0])

    def pip(self, c: list[Any]) -> None:
        return None

