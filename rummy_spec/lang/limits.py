"""Resource limits on spec text: how big a game, a formula or a number may be.

A spec is outside input.  ``decks 1000000`` is grammatical, but a pack of 52 million
cards makes every command that builds the pack run for ever; a number of thousands of
digits cannot even be printed; a formula of 100,000 terms overflows the parser's
recursion.  So each is refused here, with a stable code and the place, before any of
that work starts.  The limits are far above any real rummy game (the largest built-in
plays 8 decks):

=====================  =========  ====================================================
limit                  value      what is counted
=====================  =========  ====================================================
``MOST_PLAYERS``       16         players a variant may name (``players 2..N``)
``MOST_DECKS``         16         decks in the pack, at every player count
``MOST_CARDS``         1000       cards in the pack, jokers included
``MOST_NUMBER``        1000000    a number written in the spec, a formula's value
``MOST_TERMS``         200        numbers, variables and operators in one formula
``MOST_NESTING``       32         brackets, calls and tables inside one another
``MOST_TEXT``          100000     characters in one spec file
``MOST_ROUNDS``        100        a contract round's number (``no rounds 13..N`` too)
=====================  =========  ====================================================

Reading a file is also checked here: a UTF-8 byte-order mark is allowed (and dropped);
bytes that are not UTF-8, control characters and an empty file are errors with a
position.  :func:`read_spec` reads, :func:`check_text` runs on the text before parsing,
:func:`check_tree` on the parse tree before it is built into settings, and
:func:`check_variant_limits` on a built variant before the checker evaluates anything.
"""

from __future__ import annotations

import dataclasses
import errno
import re
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lark import Token, Tree

from . import model as m
from .errors import Diagnostic, SpecError
from .expr import (
    BinOp,
    Call,
    EvalError,
    Expr,
    Neg,
    Num,
    Ref,
    Table,
    Unlimited,
    Var,
    evaluate_number,
    uses_players,
    uses_round,
)
from .span import Span

MOST_PLAYERS = 16
MOST_DECKS = 16
MOST_CARDS = 1000
MOST_NUMBER = 1_000_000
MOST_TERMS = 200
MOST_NESTING = 32
MOST_TEXT = 100_000  # characters in one spec file (the built-ins are under 6,000)
MOST_ROUNDS = 100  # contract rounds (the longest built-in plays 12)

# Formula rules of the grammar (after ``->`` renaming).
_FORMULA = frozenset({"add", "sub", "mul", "div", "neg", "num", "var_players", "var_round",
                      "unlimited", "ref_cards_dealt", "call", "table", "case"})
_TERMS = frozenset({"num", "var_players", "var_round", "unlimited", "ref_cards_dealt"})
_ROUND_RULES = frozenset({"round_contract", "no_round", "no_rounds"})
_DIGITS = re.compile(r"[0-9]+")
_SAME_LEVEL = {"add": "sum", "sub": "sum", "mul": "product", "div": "product"}
_CONTROL = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e"
                      "\u2060-\u2069\ufeff]")
_CONTENT = re.compile(r"[^\s#]|#")
BOM = "\ufeff"


def _span(path: str, line: int, column: int, width: int = 1) -> Span:
    return Span(path, line, column, line, column + width)


def position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``, lines counted by ``\\n`` alone (as the
    parser counts them)."""
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def read_spec(path: Path) -> str:
    """A spec file's text: UTF-8, a leading byte-order mark dropped.

    Bytes that are not UTF-8 are a :class:`SpecError` (E051) at their line and column;
    a file that cannot be read at all raises ``OSError`` for the caller to report."""
    from ..infile import InputFileError, read_bytes

    info = path.stat()
    if stat.S_ISREG(info.st_mode) and info.st_size > 4 * MOST_TEXT:
        raise SpecError([Diagnostic("E060", f"the file is too large ({info.st_size:,} bytes; "
                                    f"at most {MOST_TEXT:,} characters)",
                                    _span(str(path), 1, 1))], {})
    try:  # a FIFO or a device is refused by its type, before it is opened
        data = read_bytes(path, 4 * MOST_TEXT)
    except InputFileError as err:
        raise OSError(errno.EINVAL, str(err)) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        text = data.decode("utf-8", errors="replace")
        before = data[: err.start].decode("utf-8", errors="replace")
        line, col = position(before + "?", len(before))
        diag = Diagnostic("E051", f"byte 0x{data[err.start]:02x} is not UTF-8 text; save "
                          "the file as UTF-8", _span(str(path), line, col))
        raise SpecError([diag], {str(path): text}) from None


def check_text(text: str, path: str) -> None:
    """Faults of the raw text: an empty file, control or invisible characters."""
    if text.startswith(BOM):
        text = text[1:]
    if len(text) > MOST_TEXT:
        raise SpecError([Diagnostic("E060", f"the file is too large ({len(text):,} "
                                    f"characters; at most {MOST_TEXT:,})", _span(path, 1, 1))],
                        {path: text[:2000]})
    found: list[Diagnostic] = []
    if not any(not ln.lstrip().startswith("#") and ln.strip() for ln in text.split("\n")):
        found.append(Diagnostic("E050", "the file is empty: it declares no variant",
                                _span(path, 1, 1), "a spec starts with 'variant NAME {'"))
    for match in _CONTROL.finditer(text):
        line, col = position(text, match.start())
        found.append(Diagnostic("E052", f"the invisible or control character "
                                f"U+{ord(match.group()):04X} cannot appear in a spec",
                                _span(path, line, col)))
        if len(found) >= 10:
            break
    if found:
        raise SpecError(found, {path: text})


def _tokens(tree: Tree[Token]) -> Iterator[Token]:
    stack: list[Any] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Token):
            yield node
        elif isinstance(node, Tree):
            stack.extend(reversed(node.children))


def _where(path: str, node: Tree[Token] | Token) -> Span:
    if isinstance(node, Token):
        line, col = node.line or 1, node.column or 1
        return _span(path, line, col, max(1, len(node)))
    meta = node.meta
    if meta.empty:
        return _span(path, 1, 1)
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


def _nesting_step(parent: Tree[Token], child: Tree[Token], index: int) -> int:
    """How much deeper ``child`` sits than ``parent``: a left-hand operand of the same
    kind (``a + b + c``) is not deeper, so a long flat sum is long, not deep."""
    if _SAME_LEVEL.get(child.data) is not None:
        if _SAME_LEVEL.get(parent.data) == _SAME_LEVEL[child.data] and index == 0:
            return 0
        if parent.data in ("add", "sub") and _SAME_LEVEL[child.data] == "product":
            return 0
    return 1


def _formula_faults(root: Tree[Token], path: str) -> list[Diagnostic]:
    terms = 0
    stack: list[tuple[Tree[Token], int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        terms += node.data in _TERMS
        if depth > MOST_NESTING:
            return [Diagnostic("E055", f"a formula is nested too deeply (more than "
                               f"{MOST_NESTING} levels of brackets, calls or tables)",
                               _where(path, node))]
        for i, child in enumerate(node.children):
            if isinstance(child, Tree):
                stack.append((child, depth + _nesting_step(node, child, i)))
    if terms > MOST_TERMS:
        return [Diagnostic("E054", f"a formula is too long ({terms} numbers and variables; "
                           f"at most {MOST_TERMS})", _where(path, root))]
    return []


def check_tree(tree: Tree[Token], text: str, path: str) -> None:
    """Faults of the parse tree: numbers too large to be meant, formulas too long or too
    deeply nested.  Runs before the tree is turned into settings (which recurses)."""
    found: list[Diagnostic] = []
    rounds = _round_tokens(tree)
    for tok in _tokens(tree):
        # every run of digits, whatever the token (a custom deck's card is a number too),
        # measured by its length before any int() of thousands of digits
        if _DIGITS.fullmatch(tok) and (len(tok) > 7 or int(tok) > MOST_NUMBER):
            shown = str(tok) if len(tok) <= 12 else f"{tok[:6]}...({len(tok)} digits)"
            found.append(Diagnostic("E053", f"the number {shown} is too large (at most "
                                    f"{MOST_NUMBER:,})", _where(path, tok)))
        elif id(tok) in rounds and int(tok) > MOST_ROUNDS:
            found.append(Diagnostic("E053", f"round {tok}: a game has at most {MOST_ROUNDS} "
                                    "contract rounds", _where(path, tok)))
    stack: list[tuple[Tree[Token], bool]] = [(tree, False)]
    while stack:
        node, inside = stack.pop()
        is_formula = node.data in _FORMULA
        if is_formula and not inside:
            found += _formula_faults(node, path)
            continue
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, inside or is_formula))
    if found:
        raise SpecError(found, {path: text})


def _round_tokens(tree: Tree[Token]) -> set[int]:
    """The tokens (by identity) that number a contract round: ``N: ...``, ``no round N``,
    ``no rounds N..M``."""
    out: set[int] = set()
    for node in tree.iter_subtrees():
        if node.data in _ROUND_RULES:
            out.update(id(c) for c in node.children if isinstance(c, Token)
                       and c.type == "INT")
    return out


# ----- a built variant ---------------------------------------------------------------

_EXPRS = (Num, Var, Unlimited, BinOp, Neg, Call, Table, Ref)


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}
# names in a field's type that hold no formula: so a field typed with only these (or with
# model classes made only of these) is not walked
_PLAIN_NAMES = frozenset({"bool", "int", "str", "float", "None", "Span", "tuple",
                          "frozenset", "Literal"})
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The fields of a model class that may hold a formula (None: not a dataclass),
    worked out once per class from the fields' types, as every check walks the same few
    classes.  A type naming anything but plain values (an alias, ``Expr``, ``Any``)
    counts as one that may, so nothing is left out on a guess."""
    if cls not in _FIELD_NAMES:
        _FIELD_NAMES[cls] = None  # while being worked out (a class holding itself)
        if dataclasses.is_dataclass(cls):
            _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls)
                                      if f.name != "span" and _may_hold(f.type, cls))
    return _FIELD_NAMES[cls]


def _may_hold(annotation: object, owner: type) -> bool:
    """Whether a field of this type may hold a formula, somewhere inside it."""
    if not isinstance(annotation, str):
        return True
    module = vars(sys.modules[owner.__module__])
    for word in set(_NAME.findall(_QUOTED.sub("", annotation))) - _PLAIN_NAMES:
        named = module.get(word)
        if not (isinstance(named, type) and dataclasses.is_dataclass(named)
                and _field_names(named) == ()):
            return True
    return False


_ATOMS = frozenset({str, int, bool, float, type(None), Span})


def _formulas(value: Any, name: str) -> Iterator[tuple[str, Expr]]:
    """Every formula in the model, with the field path that holds it, in field order."""
    stack: list[tuple[Any, str]] = [(value, name)]
    while stack:
        value, name = stack.pop()
        if isinstance(value, _EXPRS):
            yield name, value
        elif isinstance(value, (list, tuple)):
            stack.extend((item, name) for item in reversed(value)
                         if type(item) not in _ATOMS)
        elif not isinstance(value, type) and (names := _field_names(type(value))) is not None:
            for f in reversed(names):
                child = getattr(value, f)
                if type(child) not in _ATOMS:
                    stack.append((child, f"{name}.{f}".strip(".")))


def check_variant_limits(v: m.Variant) -> list[Diagnostic]:
    """Players, decks, pack size and formula values within the limits, at every player
    count the checker tries and every round; an empty list when all hold."""
    from . import decks

    found: list[Diagnostic] = []
    p = v.players
    high = p.max if p.max is not None else p.min
    if max(p.min, high) > MOST_PLAYERS:
        found.append(Diagnostic("E056", f"players {max(p.min, high)}: at most "
                                f"{MOST_PLAYERS} players can sit at one game", p.span))
        return found
    counts = range(max(1, p.min), max(p.min, high, 12 if p.max is None else high) + 1)
    rounds = range(1, max(1, v.rounds) + 1)
    for name, expr in _formulas(v, ""):
        if isinstance(expr, Num):
            continue
        bad = _too_large(expr, counts, rounds)
        if bad is not None:
            found.append(Diagnostic("E053", f"{name.replace('_', ' ')}: the formula's value "
                                    f"is larger than {MOST_NUMBER:,} (for {bad} players)",
                                    expr.span))
    if found:
        return found
    for n in counts:
        try:
            deck_count, _ = decks.deck_counts(v, n)
            size = decks.deck_size(v, n)
        except (EvalError, ValueError, TypeError, ZeroDivisionError):
            continue  # the checker reports formulas that cannot be evaluated
        if deck_count > MOST_DECKS:
            found.append(Diagnostic("E057", f"{deck_count} decks for {n} players: at most "
                                    f"{MOST_DECKS} decks make one pack", v.deck.decks.span))
            break
        if size > MOST_CARDS:
            found.append(Diagnostic("E058", f"a pack of {size} cards for {n} players: at most "
                                    f"{MOST_CARDS} cards", v.deck.decks.span
                                    if v.deck.decks.span.line else v.deck.span))
            break
    return found


def _too_large(expr: Expr, counts: range, rounds: range) -> int | None:
    """The first player count at which the formula's value is too large, or None.  A
    formula that does not name ``players`` (or ``round``) has one value across them: it
    is evaluated for the first of them only."""
    for n in counts if uses_players(expr) else counts[:1]:
        for r in rounds if uses_round(expr) else rounds[:1]:
            try:
                value = evaluate_number(expr, n, r)
            except (EvalError, ZeroDivisionError, ValueError, TypeError):
                continue
            if value is not None and not -MOST_NUMBER <= value <= MOST_NUMBER:
                return n
    return None


__all__ = ["MOST_CARDS", "MOST_DECKS", "MOST_NESTING", "MOST_NUMBER", "MOST_PLAYERS",
           "MOST_ROUNDS", "MOST_TERMS", "MOST_TEXT", "check_text", "check_tree",
           "check_variant_limits", "position", "read_spec"]
