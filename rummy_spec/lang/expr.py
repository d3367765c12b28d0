"""Formulas over ``players`` and ``round``: decks, jokers, cards dealt, buy limits.

A formula may also name another setting (``cards dealt``), so a rule that follows it (the
exact cut's target) keeps following it when a house variant changes it: see :class:`Ref`.

Arithmetic is exact (``Fraction``) so ``ceil(players / 2)`` means what it says; a value
that must be a whole number and is not is reported by the checker.  ``unlimited``
evaluates to ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .span import Span


class EvalError(Exception):
    """A formula cannot be evaluated (division by zero, no table row matches)."""


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    span: Span


@dataclass(frozen=True, slots=True)
class Var:
    name: str  # "players" | "round"
    span: Span


@dataclass(frozen=True, slots=True)
class Unlimited:
    span: Span


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # + - * /
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    func: str  # ceil | floor | max | min
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Case:
    low: int | None  # None: the "else" row
    high: int | None  # None with low set: open upward ("7+")
    value: Expr
    span: Span

    def matches(self, x: int) -> bool:
        if self.low is None:
            return True
        if self.high is None:
            return x >= self.low
        return self.low <= x <= self.high


@dataclass(frozen=True, slots=True)
class Table:
    """A piecewise value: ``by players { 3..4: 2, 5+: 3 }``."""

    var: str
    cases: tuple[Case, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Ref:
    """Another setting named in a formula: ``cards dealt``.

    ``value`` is that setting's formula in the variant as resolved (after ``extends`` and
    options), bound by the builder; None while unbound.  The name is what ``render``
    shows, so a page says "the cards dealt", not a copy of the deal's table.
    """

    name: str  # a key of REFERABLE
    value: Expr | None
    span: Span


# The settings a formula may name: the words of the language -> the setting's key.
REFERABLE: dict[str, tuple[str, str]] = {"cards dealt": ("deal", "cards")}


Expr = Num | Var | Unlimited | BinOp | Neg | Call | Table | Ref
Value = Fraction | None

_BINARY: dict[str, Callable[[Fraction, Fraction], Fraction]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
}


class _NotWhole(Exception):
    """Raised by :func:`_whole` at what whole numbers cannot settle alone: a division, or
    ``unlimited`` inside arithmetic, or a table with no row for the value."""


def _whole(expr: Expr, players: int, round_: int) -> int | None:
    """The value in plain integers, for the formulas whose every step is whole (nearly
    all: a division that divides evenly, or one rounded at once by ``ceil``/``floor``):
    the same value :func:`_exact` gives, without making a fraction at every node.
    Anything else raises :class:`_NotWhole`, and the exact evaluation (with its messages)
    runs."""
    kind = type(expr)
    if kind is Num:
        return expr.value  # type: ignore[union-attr,return-value]
    if kind is Var:
        return players if expr.name == "players" else round_  # type: ignore[union-attr]
    if kind is Table:
        x = players if expr.var == "players" else round_  # type: ignore[union-attr]
        for case in expr.cases:  # type: ignore[union-attr]
            if case.matches(x):
                return _whole(case.value, players, round_)
        raise _NotWhole
    if kind is BinOp:
        a = _whole(expr.left, players, round_)  # type: ignore[union-attr]
        b = _whole(expr.right, players, round_)  # type: ignore[union-attr]
        if a is None or b is None:
            raise _NotWhole
        op = expr.op  # type: ignore[union-attr]
        if op == "/":  # whole only when it divides evenly
            if b == 0 or a % b:
                raise _NotWhole
            return a // b
        return a + b if op == "+" else a - b if op == "-" else a * b
    if kind is Unlimited:
        return None
    if kind is Ref:
        return _whole(_bound(expr), players, round_)  # type: ignore[arg-type]
    if kind is Neg:
        inner = _whole(expr.operand, players, round_)  # type: ignore[union-attr]
        return None if inner is None else -inner
    if kind is Call:
        func = expr.func  # type: ignore[union-attr]
        arg = expr.args[0] if len(expr.args) == 1 else None  # type: ignore[union-attr]
        if func in ("ceil", "floor") and type(arg) is BinOp and arg.op == "/":
            # ceil(players / 2): a quotient rounded, in integers (floor division rounds
            # down for either sign; ceil is the floor of the negated quotient, negated)
            a = _whole(arg.left, players, round_)
            b = _whole(arg.right, players, round_)
            if a is None or b is None or b == 0:
                raise _NotWhole
            return a // b if func == "floor" else -(-a // b)
        vals = [_whole(a, players, round_) for a in expr.args]  # type: ignore[union-attr]
        nums = [v for v in vals if v is not None]
        if len(nums) != len(vals) or not nums:
            raise _NotWhole
        if func in ("ceil", "floor"):  # of a whole number: the number itself
            return nums[0]
        return max(nums) if func == "max" else min(nums)
    raise _NotWhole


def _bound(ref: Ref) -> Expr:
    if ref.value is None:
        raise EvalError(f"'{ref.name}' is not known here")
    return ref.value


def evaluate(expr: Expr, players: int, round_: int = 1) -> Value:
    """The value of ``expr`` for a player count and a round number."""
    try:
        value = _whole(expr, players, round_)
    except _NotWhole:
        return _exact(expr, players, round_)
    return None if value is None else Fraction(value)


def evaluate_number(expr: Expr, players: int, round_: int = 1) -> int | Fraction | None:
    """:func:`evaluate`, with a whole value left a plain ``int`` (no fraction made)."""
    try:
        return _whole(expr, players, round_)
    except _NotWhole:
        return _exact(expr, players, round_)


def _exact(expr: Expr, players: int, round_: int = 1) -> Value:
    """The value in exact fractions (and every message of a formula that has none)."""
    match expr:
        case Num(value=v):
            return Fraction(v)
        case Var(name=name):
            return Fraction(players if name == "players" else round_)
        case Unlimited():
            return None
        case Ref():
            return _exact(_bound(expr), players, round_)
        case Neg(operand=e):
            inner = _exact(e, players, round_)
            return None if inner is None else -inner
        case BinOp(op=op, left=left, right=right):
            a = _exact(left, players, round_)
            b = _exact(right, players, round_)
            if a is None or b is None:
                raise EvalError("'unlimited' cannot take part in arithmetic")
            if op == "/":
                if b == 0:
                    raise EvalError("division by zero")
                return a / b
            return _BINARY[op](a, b)
        case Call(func=func, args=args):
            vals = [_exact(a, players, round_) for a in args]
            nums = [v for v in vals if v is not None]
            if len(nums) != len(vals):
                raise EvalError(f"'unlimited' cannot be an argument of {func}()")
            if func == "ceil":
                return Fraction(math.ceil(nums[0]))
            if func == "floor":
                return Fraction(math.floor(nums[0]))
            best: Fraction = max(nums) if func == "max" else min(nums)
            return best
        case Table(var=var, cases=cases):
            x = players if var == "players" else round_
            for case in cases:
                if case.matches(x):
                    return _exact(case.value, players, round_)
            raise EvalError(f"no row of the table covers {var} = {x}")
    raise EvalError(f"unknown formula node {expr!r}")  # pragma: no cover


def evaluate_int(expr: Expr, players: int, round_: int = 1) -> int | None:
    """Evaluate and demand a whole number (or ``unlimited``)."""
    if type(expr) is Num:  # most formulas are a plain number
        return expr.value
    try:
        return _whole(expr, players, round_)
    except _NotWhole:
        pass
    v = _exact(expr, players, round_)
    if v is None:
        return None
    if v.denominator != 1:
        raise EvalError(f"gives {float(v):g}, not a whole number")
    return int(v)


def uses_round(expr: Expr) -> bool:
    return _uses(expr, "round")


def uses_players(expr: Expr) -> bool:
    return _uses(expr, "players")


def _uses(expr: Expr, var_name: str) -> bool:
    match expr:
        case Var(name=name):
            return name == var_name
        case BinOp(left=left, right=right):
            return _uses(left, var_name) or _uses(right, var_name)
        case Neg(operand=e):
            return _uses(e, var_name)
        case Call(args=args):
            return any(_uses(a, var_name) for a in args)
        case Table(var=var, cases=cases):
            return var == var_name or any(_uses(c.value, var_name) for c in cases)
        case Ref(value=value):
            return value is not None and _uses(value, var_name)
    return False


def refs_in(expr: Expr) -> list[Ref]:
    """Every setting the formula names, in the order written."""
    match expr:
        case Ref():
            return [expr]
        case BinOp(left=left, right=right):
            return refs_in(left) + refs_in(right)
        case Neg(operand=e):
            return refs_in(e)
        case Call(args=args):
            return [r for a in args for r in refs_in(a)]
        case Table(cases=cases):
            return [r for c in cases for r in refs_in(c.value)]
    return []


def bind(expr: Expr, values: dict[str, Expr]) -> Expr:
    """``expr`` with each setting it names bound to that setting's formula in ``values``
    (a name not in ``values`` stays unbound); the same object when it names none."""
    match expr:
        case Ref(name=name, span=span):
            return Ref(name, values.get(name), span)
        case BinOp(op=op, left=left, right=right, span=span):
            a, b = bind(left, values), bind(right, values)
            return expr if a is left and b is right else BinOp(op, a, b, span)
        case Neg(operand=e, span=span):
            inner = bind(e, values)
            return expr if inner is e else Neg(inner, span)
        case Call(func=func, args=args, span=span):
            new = tuple(bind(a, values) for a in args)
            same = all(n is a for n, a in zip(new, args, strict=True))
            return expr if same else Call(func, new, span)
        case Table(var=var, cases=cases, span=span):
            rows = tuple(c if (v := bind(c.value, values)) is c.value
                         else Case(c.low, c.high, v, c.span) for c in cases)
            same = all(n is c for n, c in zip(rows, cases, strict=True))
            return expr if same else Table(var, rows, span)
    return expr


def render(expr: Expr) -> str:
    """The formula as an author would write it (used by ``show`` and the rulebook)."""
    match expr:
        case Num(value=v):
            return str(v)
        case Var(name=name):
            return name
        case Unlimited():
            return "unlimited"
        case Ref(name=name):
            return name
        case Neg(operand=e):
            return f"-{render(e)}"
        case BinOp(op=op, left=left, right=right):
            return f"{_paren(left)} {op} {_paren(right)}"
        case Call(func=func, args=args):
            return f"{func}({', '.join(render(a) for a in args)})"
        case Table(var=var, cases=cases):
            rows = ", ".join(f"{_range(c)}: {render(c.value)}" for c in cases)
            return f"by {var} {{ {rows} }}"
    return "?"  # pragma: no cover


def _paren(e: Expr) -> str:
    return f"({render(e)})" if isinstance(e, BinOp) else render(e)


def _range(c: Case) -> str:
    if c.low is None:
        return "else"
    if c.high is None:
        return f"{c.low}+"
    return str(c.low) if c.low == c.high else f"{c.low}..{c.high}"
