"""Spec text -> declarations: each variant as a flat list of positioned rule settings.

A setting is one rule (``run.min = 4``) with the span that stated it.  Sections and
``extends`` merge setting by setting, so a house variant names only what differs; options
are setting lists applied last.  Lark is confined to the syntax modules (this one, the
parser in ``grammar_parser``, ``syntax_clauses``, ``decls``) and ``grammar_errors``; the
clause tables are ``syntax_tables``.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer, v_args
from lark.exceptions import UnexpectedInput
from lark.tree import Meta

from . import expr as ex
from . import meldkinds
from .decls import Clause, Key, OptionDecl, RawCard, Setting, VariantDecl, span_of, unquote
from .errors import Diagnostic, SpecError
from .grammar_errors import glued, translate
from .grammar_parser import parser
from .span import Span
from .syntax_clauses import ClauseBuilder
from .syntax_tables import FLAGS, LOW_STOCK, PRESENCE, RANK_WORDS, SECTIONS, VALUED
from .words import GluedWords

__all__ = ["RANK_WORDS", "Key", "OptionDecl", "RawCard", "Setting", "VariantDecl", "parse",
           "parse_afresh", "parser"]

# The tables under their old names (tests patch them in place).
_FLAGS, _VALUED, _SECTIONS = FLAGS, VALUED, SECTIONS


def parse(text: str, path: str) -> list[VariantDecl]:
    """Parse a spec file; a syntax error raises :class:`SpecError` with one diagnostic.

    A text parsed before (in this process, or by an earlier command when the user's cache
    folder holds it) is not parsed again: see :mod:`parsed_cache`."""
    from . import parsed_cache

    key, kept = parsed_cache.lookup(text, path)
    if kept is not None:
        return kept
    decls = parse_afresh(text, path)
    parsed_cache.store(key, text, path, decls)
    return decls


def parse_afresh(text: str, path: str) -> list[VariantDecl]:
    """:func:`parse` without the cache: Lark's parse, the limits, the settings."""
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



class _Builder(ClauseBuilder, Transformer[Token, list[VariantDecl]]):
    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path
        self.problems: list[Diagnostic] = []

    def _call_userfunc(self, tree: Any, new_children: list[Any] | None = None) -> Any:
        # A builder decorated with v_args is bound anew (a wrapper made and copied) at
        # every lookup, so at every node: bind each once per file, where lookups find it.
        name = tree.data
        if name not in self.__dict__ and name in _DECORATED:
            self.__dict__[name] = getattr(self, name)
        return super()._call_userfunc(tree, new_children)  # type: ignore[no-untyped-call]

    def __default__(self, data: Any, children: list[Any], meta: Meta) -> Any:
        name = str(data)
        span = span_of(self.path, meta)
        if name == "no_upcard":  # nothing to offer either; the first player discards first
            return Clause([(("upcard",), False), (("upcard_offered",), False),
                           (("first_turn_discard",), True)], span)
        if name in FLAGS:
            _, fld, value = FLAGS[name]
            return Clause([((fld,), value)], span)
        if name in VALUED:
            _, fld, conv = VALUED[name]
            arg = children[-1]
            if conv == "int":
                value = int(arg)
            elif conv == "str":
                value = str(arg)
            else:
                value = arg
            if name == "ends_target":
                return Clause([(("ends",), "target"), (("target",), value)], span)
            if name == "ends_hands":
                return Clause([(("ends",), "hands"), (("hands",), value)], span)
            if name in LOW_STOCK:  # one rule: how and when the low stock ends the hand
                return Clause([(("dead_at",), value), (("dead_how",), LOW_STOCK[name])],
                               span)
            return Clause([((fld,), value)], span)
        if name in SECTIONS:
            return self._section(SECTIONS[name], children, span)
        if name.startswith("no_") and name[3:] in meldkinds.KINDS:  # "no set": the kind goes
            return [Setting((name[3:],), False, span)]
        raise AssertionError(f"grammar rule {name} has no builder")  # pragma: no cover

    def _section(self, section: str, children: list[Any], span: Span) -> list[Setting]:
        out: list[Setting] = [Setting((section, "__block__"), None, span)]
        if section in PRESENCE:
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
        span = span_of(self.path, name_tok)
        return VariantDecl(name, title, parent, parent_span, settings, options, self.path,
                           span, problems, parent_file, dropped)

    def title(self, children: list[Token]) -> tuple[str, str]:
        return ("title", unquote(children[0]))

    def extends(self, children: list[Token]) -> tuple[str, str, Span, str | None]:
        file = unquote(children[1]) if len(children) > 1 else None
        return ("extends", str(children[0]), span_of(self.path, children[0]), file)

    def extends_file(self, children: list[Token]) -> tuple[str, None, Span, str]:
        return ("extends", None, span_of(self.path, children[0]), unquote(children[0]))

    @v_args(meta=True)
    def no_option(self, meta: Meta, children: list[Token]) -> tuple[str, str, Span]:
        return ("no_option", str(children[0]), span_of(self.path, meta))

    def _removed(self, section: str, meta: Meta) -> list[Setting]:
        return [Setting((section,), False, span_of(self.path, meta))]

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
    def no_round(self, meta: Meta, c: list[Token]) -> Clause:
        return Clause([(("round", int(c[0])), None)], span_of(self.path, meta))

    @v_args(meta=True)
    def no_rounds(self, meta: Meta, c: list[Token]) -> Clause:
        span = span_of(self.path, meta)
        low, high = int(c[0]), int(c[1])
        self._backwards(low, high, span, "the rounds")
        return Clause([(("round", n), None) for n in range(low, high + 1)], span)

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
        return OptionDecl(name, title, settings, span_of(self.path, children[0]))

    @v_args(meta=True)
    def source(self, meta: Meta, children: list[Token]) -> list[Setting]:
        span = span_of(self.path, meta)
        # keyed by its file as well as its place: a parent's source at the same line and
        # column of another file is another source, not one this one replaces
        return [Setting(("source", span.path, span.line, span.column), unquote(children[0]),
                        span)]

    @v_args(meta=True)
    def unstated(self, meta: Meta, children: list[Token]) -> list[Setting]:
        """A rule of the sources the spec cannot state: keyed by its place, as a source."""
        span = span_of(self.path, meta)
        return [Setting(("unstated", span.path, span.line, span.column),
                        unquote(children[0]), span)]

    @v_args(meta=True)
    def players(self, meta: Meta, children: list[tuple[int | None, int | None]]) -> list[Setting]:
        span = span_of(self.path, meta)
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
        return ex.Num(int(c[0]), span_of(self.path, meta))

    @v_args(meta=True)
    def var_players(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Var("players", span_of(self.path, meta))

    @v_args(meta=True)
    def var_round(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Var("round", span_of(self.path, meta))

    @v_args(meta=True)
    def unlimited(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Unlimited(span_of(self.path, meta))

    @v_args(meta=True)
    def ref_cards_dealt(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Ref("cards dealt", None, span_of(self.path, meta))

    def _bin(self, op: str, meta: Meta, c: list[ex.Expr]) -> ex.Expr:
        return ex.BinOp(op, c[0], c[1], span_of(self.path, meta))

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
        return ex.Neg(c[0], span_of(self.path, meta))

    @v_args(meta=True)
    def call(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Call(str(c[0]), tuple(c[1:]), span_of(self.path, meta))

    @v_args(meta=True)
    def case(self, meta: Meta, c: list[Any]) -> ex.Case:
        low, high = c[0]
        span = span_of(self.path, meta)
        self._backwards(low, high, span, "the table row")
        return ex.Case(low, high, c[1], span)

    @v_args(meta=True)
    def table(self, meta: Meta, c: list[Any]) -> ex.Expr:
        return ex.Table(str(c[0]), tuple(c[1:]), span_of(self.path, meta))


# the builders Lark wraps (v_args): looked up once per file, see _Builder._call_userfunc
_DECORATED = frozenset(name for name in dir(_Builder) if not name.startswith("__")
                       and hasattr(getattr(_Builder, name, None), "visit_wrapper"))
