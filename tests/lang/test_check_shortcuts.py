"""The checker's shortcuts give what the long way gives, on every built-in variant with
each of its options: the faces in the pack, where a section was first stated, and the
formulas the limits look at."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from rummy_spec.lang import builtin_library, decks
from rummy_spec.lang import model as m
from rummy_spec.lang.build_reader import Reader, _first_spans
from rummy_spec.lang.counts import player_counts
from rummy_spec.lang.decls import Key, Setting
from rummy_spec.lang.expr import BinOp, Call, Neg, Num, Table, Unlimited, Var
from rummy_spec.lang.limits import _formulas
from rummy_spec.lang.span import BUILTIN, Span


def _variants() -> Iterator[m.Variant]:
    lib = builtin_library()
    for name, decl in lib.decls.items():
        for options in [(), *((o,) for o in decl.options)]:
            yield lib.resolve(name, options, check=False)[0]


def test_the_faces_in_the_pack_are_the_faces_of_the_whole_pack() -> None:
    seen = 0
    for v in _variants():
        for n in player_counts(v):
            assert decks.faces_in_pack(v, n) == set(decks.full_deck(v, n)), (v.name, n)
            seen += 1
    assert seen > 100


def _first_the_long_way(settings: Mapping[Key, Setting], prefix: Key) -> Span | None:
    best: Span | None = None
    for key, s in settings.items():
        if key[: len(prefix)] == prefix and key[-1] != "__block__" and (
                best is None or (s.span.path, s.span.line, s.span.column)
                < (best.path, best.line, best.column)):
            best = s.span
    return best


def test_the_first_span_of_every_prefix_is_the_earliest_setting_under_it() -> None:
    lib = builtin_library()
    for name in lib.decls:
        merged: dict[Key, Setting] = {}
        for d in lib.chain(name)[0]:
            for s in d.settings:
                merged[s.key] = s
        index = _first_spans(merged)
        prefixes = {k[:i] for k in merged for i in range(len(k) + 1)} | {("nowhere",)}
        for prefix in prefixes:
            assert index.get(prefix) == _first_the_long_way(merged, prefix), (name, prefix)
        reader = Reader(merged)
        assert reader.span("nowhere") == BUILTIN


def _every_formula(value: object, name: str) -> Iterator[tuple[str, object]]:
    """The long way: every field of every model object, in field order."""
    if isinstance(value, (Num, Var, Unlimited, BinOp, Neg, Call, Table)):
        yield name, value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name != "span":
                yield from _every_formula(getattr(value, f.name), f"{name}.{f.name}".strip("."))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _every_formula(item, name)


def test_the_limits_see_every_formula_of_the_model_in_order() -> None:
    found = 0
    for v in _variants():
        formulas = list(_formulas(v, ""))
        assert formulas == list(_every_formula(v, "")), v.name
        found += len(formulas)
    assert found > 100


def _points_the_long_way(v: m.Variant) -> tuple[int | None, ...]:
    table = decks.card_table(v.deck)
    wild = decks.wild_faces(v)
    out: list[int | None] = []
    for f in table.faces:
        best: tuple[int, m.ScoreEntry] | None = None
        for e in v.score.entries:
            rank = decks._specificity(e, f, f.code in wild)
            if rank is not None and (best is None or rank >= best[0]):
                best = (rank, e)
        if best is None:
            out.append(None)
        elif best[1].points is not None:
            out.append(best[1].points)
        elif f.rank is not None:
            out.append(f.rank if table.custom else min(f.rank, 10))
        else:
            out.append(0)
    return tuple(out)


def test_every_face_scores_what_the_most_specific_last_entry_says() -> None:
    for v in _variants():
        assert decks.face_points(v) == _points_the_long_way(v), v.name


def test_a_deck_asked_for_again_gets_the_table_its_rules_give() -> None:
    variants = list(_variants())
    for v in variants:
        table = decks.card_table(v.deck)
        assert decks.card_table(v.deck) is table  # the deck asked for last
        assert table is decks._table_of(v.deck)  # the one its rules give
    decks.forget_tables()
    for v in reversed(variants):  # afresh, in another order: the same faces
        assert decks.card_table(v.deck).faces == decks._table_of(v.deck).faces


ROUND_ONLY = """variant t "T" {
    players 3..6
    deck { decks 1 }
    set { min 3 }
    deal { cards by round { 1..2: 10, 3: 0, else: 7 } }
    contracts { 1: 2 sets, 2: 2 sets, 3: 2 sets }
    buy { limit round - 3 }
    score { A..K: pip }
}
"""


def test_a_formula_of_the_round_alone_is_worked_out_once_and_its_faults_named_once() -> None:
    """The cards dealt and the buy limit name no players: each fault is reported once,
    at the first player count, while the pack (which does depend on the count) is still
    compared with the deal at every count."""
    from rummy_spec.lang import Library

    lib = Library()
    lib.add_text(ROUND_ONLY, "t.rummy")
    _, problems = lib.resolve("t")
    found = [(p.code, p.span.line, p.span.column, p.message) for p in problems]
    assert found == [  # in the order found: each count in turn, the deal then the buys
        ("E029", 5, 18, "the cards dealt is 0 for 3 players, but must be at least 1"),
        ("E029", 7, 17, "the buy limit is -2 for 3 players, which is negative"),
        ("E026", 5, 18, "6 players x 10 cards + 1 upcard = 61 cards, but the pack has 52 "
         "(round 1)"),
    ]
