"""Spec text -> declarations: each variant as a flat list of positioned rule settings.

A setting is one rule (``run.min = 4``) with the span that stated it.  Sections and
``extends`` merge setting by setting, so a house variant names only what differs; options
are setting lists applied last.  Lark is confined to this module and ``grammar_errors``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput
from lark.tree import Meta

from . import expr as ex
from . import parser_cache
from .data import grammar_text
from .errors import Diagnostic, SpecError
from .span import Span
from .words import GluedWords, WholeWords

Key = tuple[str | int, ...]

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


@dataclass(frozen=True)
class Setting:
    key: Key
    value: Any
    span: Span
    reset: bool = False  # a default restored (``no limits``): a later clause may restate it


@dataclass(frozen=True)
class RawCard:
    """A card class as written, resolved against the deck later: ``red aces``."""

    colour: str | None
    word: str
    span: Span


@dataclass
class OptionDecl:
    name: str
    title: str
    settings: list[Setting]
    span: Span


@dataclass
class VariantDecl:
    name: str
    title: str
    parent: str | None
    parent_span: Span | None
    settings: list[Setting]
    options: dict[str, OptionDecl]
    path: str
    span: Span
    problems: list[Diagnostic] = field(default_factory=list)
    parent_file: str | None = None  # ``extends NAME from "FILE"``, relative to this file
    dropped_options: list[tuple[str, Span]] = field(default_factory=list)  # ``no option X``


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The one parser, built on first use (from the on-disk cache when it holds it)."""
    return parser_cache.build(grammar_text(), WholeWords())


def parse(text: str, path: str) -> list[VariantDecl]:
    """Parse a spec file; a syntax error raises :class:`SpecError` with one diagnostic."""
    from .grammar_errors import glued, translate
    from .limits import check_tree

    try:
        tree = parser().parse(text)
        check_tree(tree, text, path)  # limits: numbers, formula length and nesting
        return _Builder(path).transform(tree)
    except UnexpectedInput as err:
        raise SpecError([translate(err, text, path)], {path: text}) from None
    except GluedWords as err:
        raise SpecError([glued(err.first, text, path)], {path: text}) from None
    except RecursionError:
        raise SpecError([Diagnostic("E001", "a formula is nested too deeply to read",
                                    Span(path, 1, 1, 1, 2))], {path: text}) from None


def _span(path: str, meta: Meta | Token) -> Span:
    if isinstance(meta, Token):
        line, col = meta.line or 0, meta.column or 0
        return Span(path, line, col, meta.end_line or line, meta.end_column or col)
    if meta.empty:
        return Span(path, 0, 0, 0, 0)
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


def _str(tok: Token) -> str:
    return str(tok)[1:-1]


# Each clause alias -> (field, value) inside its section.  Clauses with arguments are
# methods of _Builder below.
_FLAGS: dict[str, tuple[str, str, Any]] = {
    "ace_both_ends": ("run", "ace_both_ends", True),
    "wrap": ("run", "wrap", True),
    "any_colour": ("run", "any_colour", True),
    "one_suit": ("run", "any_colour", False),
    "rotate_left": ("deal", "rotation", "left"),
    "winner_deals": ("deal", "rotation", "winner"),
    "upcard_offered": ("deal", "upcard_offered", True),
    "first_dealer_last": ("deal", "first_dealer", "last"),
    "may_discard_taken": ("turn", "keep_taken_card", False),
    "may_knock_taken": ("turn", "knock_taken_card", True),
    "defender_never_lays_off": ("knock", "defender_lays_off", False),
    "gin_forced": ("knock", "gin_forced", True),
    "method_minus": ("score", "method", "minus-deadwood"),
    "zero_sum": ("score", "zero_sum", True),
    "cut_right": ("cut", "by", "right"),
    "cut_any": ("cut", "by", "any"),
    "cut_dealer": ("cut", "by", "dealer"),
    "progression_any": ("contracts", "progression", "any-order"),
    "runs_touch": ("contracts", "same_suit_runs", "touch"),
    "runs_gap": ("contracts", "same_suit_runs", "gap"),
    "distinct_set_ranks": ("contracts", "distinct_set_ranks", True),
    "no_upcard_when_down": ("turn", "no_upcard_when_down", True),
    "keep_taken_card": ("turn", "keep_taken_card", True),
    "no_playable_discard": ("turn", "no_playable_discard", True),
    "new_melds_after_down": ("turn", "new_melds_after_down", True),
    "no_new_melds_after_down": ("turn", "new_melds_after_down", False),
    "layoff_same_turn": ("layoff", "timing", "same-turn"),
    "layoff_next_turn": ("layoff", "timing", "next-turn"),
    "own_melds_next_turn": ("layoff", "own_melds_next_turn", True),
    "layoff_before_down": ("layoff", "needs_down", False),
    "layoff_never": ("layoff", "allowed", False),
    "swap_by_down": ("swap", "who", "down"),
    "swap_by_anyone": ("swap", "who", "anyone"),
    "swap_by_not_down": ("swap", "who", "not-down"),
    "stock_refill_at_once": ("stock", "refill_at_once", True),
    "swap_others_only": ("swap", "others_only", True),
    "freed_to_table": ("swap", "freed", "table"),
    "freed_to_hand": ("swap", "freed", "hand"),
    "shift_to_end": ("swap", "shift_to_end", True),
    "no_shift": ("swap", "shift_to_end", False),
    "no_big_gin": ("knock", "big_gin_bonus", None),
    "no_shutout": ("game", "shutout_doubles", False),
    "window_after_refusal": ("claim", "window", "after-refusal"),
    "window_between_turns": ("claim", "window", "between-turns"),
    "priority_nearest": ("claim", "priority", "nearest"),
    "priority_first_caller": ("claim", "priority", "first-caller"),
    "own_discard": ("claim", "own_discard", True),
    "not_when_down": ("claim", "when_down", False),
    "claimant_waits": ("claim", "claimant_waits", True),
    "chain": ("claim", "chain", True),
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
    "all_wild_sets": ("wilds", "all_wild_sets", True),
    "no_all_wild_sets": ("wilds", "all_wild_sets", False),
    "claimant_at_once": ("claim", "claimant_waits", False),
    "needed_for_contracts": ("claim", "needed_for_contracts", True),
    "not_adjacent": ("wilds", "not_adjacent_in_runs", True),
    "skips_next": ("special", "skip", "next"),
    "skips_chosen": ("special", "skip", "chosen"),
    "never_taken": ("special", "never_taken", True),
    "not_last_card": ("special", "not_last_card", True),
    "no_repeat_skips": ("special", "no_repeat_skips", True),
}

# Clauses with one argument: alias -> (section, field, converter)
_VALUED: dict[str, tuple[str, str, str]] = {
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
    "penalty": ("claim", "penalty", "int"),
    "limit": ("claim", "limit", "expr"),
    "pile_after": ("claim", "pile_after", "str"),
    "take_back": ("rummy_call", "take_back_extra", "int"),
    "knock_deadwood": ("knock", "deadwood", "int"),
    "gin_bonus": ("knock", "gin_bonus", "int"),
    "big_gin_bonus": ("knock", "big_gin_bonus", "int"),
    "undercut_bonus": ("knock", "undercut_bonus", "int"),
    "knock_bonus": ("knock", "knock_bonus", "int"),
    "layoff_run_end": ("knock", "run_layoff_limit", "int"),
    "stock_dead_at": ("stock", "dead_at", "int"),
    "stock_wall_at": ("stock", "dead_at", "int"),
    "stock_declared_at": ("stock", "dead_at", "int"),
    "stock_throwbacks": ("stock", "throwbacks", "int"),
    "stock_upcard_draws": ("stock", "upcard_draws", "int"),
    "stock_dead_hand_turn": ("stock", "dead_hand_turn", "int"),
    "ends_hands": ("game", "hands", "int"),
    "method": ("score", "method", "str"),
    "ends_target": ("game", "target", "int"),
    "winner": ("game", "winner", "str"),
    "game_bonus": ("game", "game_bonus", "int"),
    "line_bonus": ("game", "line_bonus", "int"),
}

_LOW_STOCK = {"stock_dead_at": "discard", "stock_wall_at": "wall",
              "stock_declared_at": "declared"}

_SECTIONS = {
    "deck": "deck", "wilds": "wilds", "set_kind": "set", "run_kind": "run",
    "group_kind": "group", "deal": "deal", "cut": "cut", "contracts": "contracts",
    "turn": "turn", "layoff": "layoff", "swap": "swap", "claim": "claim",
    "rummy_call": "rummy_call", "going_out": "going_out", "knock": "knock",
    "stock": "stock", "score": "score", "game": "game",
}
# Sections whose mere presence switches a rule family on.
_PRESENCE = {"set", "run", "group", "cut", "claim", "rummy_call", "knock"}


class _Clause:
    """A clause before it knows its section: field -> value, with its span."""

    def __init__(self, fields: list[tuple[Key, Any]], span: Span, reset: bool = False) -> None:
        self.fields = fields
        self.span = span
        self.reset = reset


class _Builder(Transformer[Token, list[VariantDecl]]):
    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path
        self.problems: list[Diagnostic] = []

    def _backwards(self, low: int | None, high: int | None, span: Span, what: str) -> None:
        if low is not None and high is not None and low > high:
            self.problems.append(Diagnostic(
                "E031", f"{what} {low}..{high} runs backwards (low end first)", span))

    def __default__(self, data: Any, children: list[Any], meta: Meta) -> Any:
        name = str(data)
        span = _span(self.path, meta)
        if name == "no_upcard":  # nothing to offer either
            return _Clause([(("upcard",), False), (("upcard_offered",), False)], span)
        if name in _FLAGS:
            _, fld, value = _FLAGS[name]
            return _Clause([((fld,), value)], span)
        if name in _VALUED:
            _, fld, conv = _VALUED[name]
            arg = children[-1]
            if conv == "int":
                value = int(arg)
            elif conv == "str":
                value = str(arg)
            else:
                value = arg
            if name == "ends_target":
                return _Clause([(("ends",), "target"), (("target",), value)], span)
            if name == "ends_hands":
                return _Clause([(("ends",), "hands"), (("hands",), value)], span)
            if name in _LOW_STOCK:  # one rule: how and when the low stock ends the hand
                return _Clause([(("dead_at",), value), (("dead_how",), _LOW_STOCK[name])],
                               span)
            return _Clause([((fld,), value)], span)
        if name in _SECTIONS:
            return self._section(_SECTIONS[name], children, span)
        raise AssertionError(f"grammar rule {name} has no builder")  # pragma: no cover

    def _section(self, section: str, children: list[Any], span: Span) -> list[Setting]:
        out: list[Setting] = [Setting((section, "__block__"), None, span)]
        if section in _PRESENCE:
            out.append(Setting((section,), True, span))
        for child in children:
            if isinstance(child, tuple):  # a section title, e.g. buy "May I?"
                out.append(Setting((section, "title"), child[1], span))
                continue
            if isinstance(child, str):
                continue
            for key, value in child.fields:
                if key == ("__off__",):
                    out = [s for s in out if s.key != (section,)]
                    out.append(Setting((section,), False, child.span))
                    continue
                out.append(Setting((section, *key), value, child.span, child.reset))
        return out

    # ----- structure -------------------------------------------------------------
    @v_args(meta=True)
    def start(self, meta: Meta, children: list[VariantDecl]) -> list[VariantDecl]:
        return children

    @v_args(meta=True)
    def variant(self, meta: Meta, children: list[Any]) -> VariantDecl:
        name_tok = children[0]
        title = name = str(name_tok)
        parent: str | None = None
        parent_span: Span | None = None
        settings: list[Setting] = []
        options: dict[str, OptionDecl] = {}
        problems: list[Diagnostic] = self.problems
        self.problems = []
        parent_file: str | None = None
        dropped: list[tuple[str, Span]] = []
        for child in children[1:]:
            if isinstance(child, tuple) and child[0] == "title":
                title = child[1]
            elif isinstance(child, tuple) and child[0] == "extends":
                parent, parent_span, parent_file = child[1], child[2], child[3]
            elif isinstance(child, tuple) and child[0] == "no_option":
                dropped.append((child[1], child[2]))
            elif isinstance(child, OptionDecl):
                if child.name in options:
                    problems.append(Diagnostic(
                        "E017", f"option '{child.name}' is declared twice", child.span))
                options[child.name] = child
            else:
                settings.extend(child)
        span = _span(self.path, name_tok)
        return VariantDecl(name, title, parent, parent_span, settings, options, self.path,
                           span, problems, parent_file, dropped)

    def title(self, children: list[Token]) -> tuple[str, str]:
        return ("title", _str(children[0]))

    def extends(self, children: list[Token]) -> tuple[str, str, Span, str | None]:
        file = _str(children[1]) if len(children) > 1 else None
        return ("extends", str(children[0]), _span(self.path, children[0]), file)

    def extends_file(self, children: list[Token]) -> tuple[str, None, Span, str]:
        return ("extends", None, _span(self.path, children[0]), _str(children[0]))

    @v_args(meta=True)
    def no_option(self, meta: Meta, children: list[Token]) -> tuple[str, str, Span]:
        return ("no_option", str(children[0]), _span(self.path, meta))

    def _removed(self, section: str, meta: Meta) -> list[Setting]:
        return [Setting((section,), False, _span(self.path, meta))]

    @v_args(meta=True)
    def no_cut(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("cut", meta)

    @v_args(meta=True)
    def no_buy(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("claim", meta)

    @v_args(meta=True)
    def no_rummy_call(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("rummy_call", meta)

    @v_args(meta=True)
    def no_knock(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("knock", meta)

    @v_args(meta=True)
    def no_set(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("set", meta)

    @v_args(meta=True)
    def no_run(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("run", meta)

    @v_args(meta=True)
    def no_group(self, meta: Meta, c: list[Any]) -> list[Setting]:
        return self._removed("group", meta)

    @v_args(meta=True)
    def no_round(self, meta: Meta, c: list[Token]) -> _Clause:
        return _Clause([(("round", int(c[0])), None)], _span(self.path, meta))

    @v_args(meta=True)
    def no_rounds(self, meta: Meta, c: list[Token]) -> _Clause:
        span = _span(self.path, meta)
        low, high = int(c[0]), int(c[1])
        self._backwards(low, high, span, "the rounds")
        return _Clause([(("round", n), None) for n in range(low, high + 1)], span)

    @v_args(meta=True)
    def option(self, meta: Meta, children: list[Any]) -> OptionDecl:
        name = str(children[0])
        title = name
        settings: list[Setting] = []
        for child in children[1:]:
            if isinstance(child, tuple):
                title = child[1]
            elif isinstance(child, OptionDecl):  # pragma: no cover - grammar forbids
                continue
            else:
                settings.extend(child)
        return OptionDecl(name, title, settings, _span(self.path, children[0]))

    @v_args(meta=True)
    def source(self, meta: Meta, children: list[Token]) -> list[Setting]:
        span = _span(self.path, meta)
        return [Setting(("source", span.line, span.column), _str(children[0]), span)]

    @v_args(meta=True)
    def players(self, meta: Meta, children: list[tuple[int | None, int | None]]) -> list[Setting]:
        span = _span(self.path, meta)
        self._backwards(*children[0], span, "the player range")
        return [Setting(("players",), children[0], span)]

    # ----- ranges and formulas -----------------------------------------------------
    def range_closed(self, c: list[Token]) -> tuple[int | None, int | None]:
        return (int(c[0]), int(c[1]))

    def range_open(self, c: list[Token]) -> tuple[int | None, int | None]:
        return (int(c[0]), None)

    def range_one(self, c: list[Token]) -> tuple[int | None, int | None]:
        return (int(c[0]), int(c[0]))

    def range_else(self, c: list[Token]) -> tuple[int | None, int | None]:
        return (None, None)

    @v_args(meta=True)
    def num(self, meta: Meta, c: list[Token]) -> ex.Expr:
        return ex.Num(int(c[0]), _span(self.path, meta))

    @v_args(meta=True)
    def var_players(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Var("players", _span(self.path, meta))

    @v_args(meta=True)
    def var_round(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Var("round", _span(self.path, meta))

    @v_args(meta=True)
    def unlimited(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Unlimited(_span(self.path, meta))

    def _bin(self, op: str, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return ex.BinOp(op, c[0], c[1], _span(self.path, meta))

    @v_args(meta=True)
    def add(self, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return self._bin("+", meta, c)

    @v_args(meta=True)
    def sub(self, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return self._bin("-", meta, c)

    @v_args(meta=True)
    def mul(self, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return self._bin("*", meta, c)

    @v_args(meta=True)
    def div(self, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return self._bin("/", meta, c)

    @v_args(meta=True)
    def neg(self, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return ex.Neg(c[0], _span(self.path, meta))

    @v_args(meta=True)
    def call(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Call(str(c[0]), tuple(c[1:]), _span(self.path, meta))

    @v_args(meta=True)
    def case(self, meta: Meta, c: list[Any]) -> ex.Case:
        low, high = c[0]
        span = _span(self.path, meta)
        self._backwards(low, high, span, "the table row")
        return ex.Case(low, high, c[1], span)

    @v_args(meta=True)
    def table(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Table(str(c[0]), tuple(c[1:]), _span(self.path, meta))

    # ----- clauses with structure ------------------------------------------------------
    @v_args(meta=True)
    def jokers(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("jokers",), (c[0], len(c) > 1))], _span(self.path, meta))

    def per_deck(self, c: list[Any]) -> bool:
        return True

    @v_args(meta=True)
    def numbers(self, meta: Meta, c: list[Token]) -> _Clause:
        span = _span(self.path, meta)
        self._backwards(int(c[0]), int(c[1]), span, "the numbers")
        return _Clause([(("numbers",), (int(c[0]), int(c[1])))], span)

    @v_args(meta=True)
    def colours(self, meta: Meta, c: list[tuple[str, str]]) -> _Clause:
        return _Clause([(("colours",), tuple(c))], _span(self.path, meta))

    def colour(self, c: list[Token]) -> tuple[str, str]:
        return (str(c[0]), str(c[1]))

    @v_args(meta=True)
    def special(self, meta: Meta, c: list[Any]) -> list[Setting]:
        code = str(c[0])
        span = _span(self.path, c[0])
        title = code
        count = 0
        body: list[_Clause] = []
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

    def special_body(self, c: list[_Clause]) -> list[_Clause]:
        return c

    @v_args(meta=True)
    def wild_cards(self, meta: Meta, c: list[RawCard]) -> _Clause:
        return _Clause([(("cards",), tuple(c))], _span(self.path, meta))

    @v_args(meta=True)
    def swap_only_cards(self, meta: Meta, c: list[RawCard]) -> _Clause:
        return _Clause([(("wilds",), tuple(c))], _span(self.path, meta))

    @v_args(meta=True)
    def winner_bonus(self, meta: Meta, c: list[Token]) -> _Clause:
        return _Clause([(("winner_bonus",), int(c[0]))], _span(self.path, meta))

    @v_args(meta=True)
    def winner_bonus_neg(self, meta: Meta, c: list[Token]) -> _Clause:
        return _Clause([(("winner_bonus",), -int(c[0]))], _span(self.path, meta))

    @v_args(meta=True)
    def no_discarding_cards(self, meta: Meta, c: list[RawCard]) -> _Clause:
        return _Clause([(("no_discard",), tuple(c))], _span(self.path, meta))

    @v_args(meta=True)
    def no_wild_cards(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("cards",), ())], _span(self.path, meta))

    @v_args(meta=True)
    def never_outnumber(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("never_outnumber",), "contract" if c else "all")],
                       _span(self.path, meta))

    @v_args(meta=True)
    def wilds_minority(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("minority",), "contract" if c else "all")], _span(self.path, meta))

    @v_args(meta=True)
    def need_natural(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("need_natural",), "contract" if c else "all")], _span(self.path, meta))

    def scope(self, c: list[Any]) -> str:
        return "contract"

    @v_args(meta=True)
    def max_per_meld(self, meta: Meta, c: list[Any]) -> _Clause:
        kind = _kind(c[1])
        return _Clause([((f"max_per_{kind}",), int(c[0]))], _span(self.path, meta))

    @v_args(meta=True)
    def no_limits(self, meta: Meta, c: list[Any]) -> _Clause:
        fields: list[tuple[Key, Any]] = [
            (("never_outnumber",), None), (("need_natural",), None), (("minority",), None),
            (("not_adjacent_in_runs",), False), (("max_per_set",), None),
            (("max_per_run",), None),
        ]
        return _Clause(fields, _span(self.path, meta), reset=True)

    @v_args(meta=True)
    def card_class(self, meta: Meta, c: list[Token]) -> RawCard:
        colour = str(c[0]) if len(c) == 2 else None
        return RawCard(colour, str(c[-1]), _span(self.path, meta))

    @v_args(meta=True)
    def min(self, meta: Meta, c: list[Token]) -> _Clause:
        return _Clause([(("min",), int(c[0]))], _span(self.path, meta))

    @v_args(meta=True)
    def max(self, meta: Meta, c: list[Token]) -> _Clause:
        return _Clause([(("max",), int(c[0]))], _span(self.path, meta))

    @v_args(meta=True)
    def ace(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("ace",), c[0])], _span(self.path, meta))

    def ace_mode(self, c: list[Token]) -> str:
        return "either" if len(c) > 1 else str(c[0])

    @v_args(meta=True)
    def round_contract(self, meta: Meta, c: list[Any]) -> _Clause:
        number = int(c[0])
        pat = False
        elements: list[tuple[int, str, int | None, Span]] = []
        for item in c[1:]:
            if isinstance(item, list):
                pat = "pat" in item
            else:
                elements.append(item)
        return _Clause([(("round", number), (tuple(elements), pat))], _span(self.path, meta))

    @v_args(meta=True)
    def element(self, meta: Meta, c: list[Any]) -> tuple[int, str, int | None, Span]:
        count = 1
        size: int | None = None
        kind = ""
        seen_kind = False
        for item in c:
            if isinstance(item, Token) and item.type == "INT":
                if seen_kind:
                    size = int(item)
                else:
                    count = int(item)
            else:
                kind = item
                seen_kind = True
        return (count, kind, size, _span(self.path, meta))

    def kind_word(self, c: list[Token]) -> str:
        return _kind(str(c[0]))

    def flags(self, c: list[Token]) -> list[str]:
        return [str(t) for t in c]

    @v_args(meta=True)
    def swap_runs(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("from_runs",), True), (("from_sets",), False)], _span(self.path, meta))

    @v_args(meta=True)
    def swap_sets(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("from_runs",), False), (("from_sets",), True)], _span(self.path, meta))

    @v_args(meta=True)
    def swap_both(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("from_runs",), True), (("from_sets",), True)], _span(self.path, meta))

    @v_args(meta=True)
    def swap_never(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("from_runs",), False), (("from_sets",), False)], _span(self.path, meta))

    @v_args(meta=True)
    def limit_carry(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("limit",), c[0]), (("carry_over",), True)], _span(self.path, meta))

    @v_args(meta=True)
    def buy_never(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("__off__",), False)], _span(self.path, meta))

    @v_args(meta=True)
    def call_never(self, meta: Meta, c: list[Any]) -> _Clause:
        return _Clause([(("__off__",), False)], _span(self.path, meta))

    @v_args(meta=True)
    def take_back(self, meta: Meta, c: list[Token]) -> _Clause:
        return _Clause([(("penalty",), "take-back"), (("take_back_extra",), int(c[0]))],
                       _span(self.path, meta))

    @v_args(meta=True)
    def stock_empty(self, meta: Meta, c: list[str]) -> _Clause:
        return _Clause([(("empty",), tuple(c))], _span(self.path, meta))

    def stock_step(self, c: list[Token]) -> str:
        words = " ".join(str(t) for t in c)
        return {"reshuffle": "reshuffle", "turn over": "turn-over", "end round": "end-round",
                "turn over whole pile": "turn-over-whole",
                "reshuffle with upcard": "reshuffle-all", "new pack": "new-pack",
                "replay with extra deck": "replay-extra-deck"}[words]

    @v_args(meta=True)
    def score_entry(self, meta: Meta, c: list[Any]) -> _Clause:
        pattern, points = c
        return _Clause([(("entry", pattern[0]), (pattern, points))], _span(self.path, meta))

    def pattern_class(self, c: list[RawCard]) -> tuple[str, Any]:
        card = c[0]
        word = card.word.lower()
        canonical = str(RANK_WORDS.get(word, "joker" if word == "jokers" else word))
        return (f"{card.colour or ''} {canonical}".strip(), card)

    @v_args(meta=True)
    def pattern_range(self, meta: Meta, c: list[Token]) -> tuple[str, Any]:
        lo, hi = (str(RANK_WORDS.get(str(t).lower(), str(t))) for t in c)
        return (f"{lo}..{hi}", (str(c[0]), str(c[1]), _span(self.path, meta)))

    def pattern_wild(self, c: list[Any]) -> tuple[str, Any]:
        return ("wild", None)

    def points_int(self, c: list[Token]) -> int:
        return int(c[0])

    def points_neg(self, c: list[Token]) -> int:
        return -int(c[0])

    def pip(self, c: list[Any]) -> None:
        return None


def _kind(word: str) -> str:
    return {"sets": "set", "runs": "run", "groups": "group"}.get(word, word)
