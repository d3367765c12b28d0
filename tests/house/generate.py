"""House variants of every built-in, made by Hypothesis: the text a rule author writes.

A generated variant extends one built-in and changes some of its rules, the way house
rules do: rounds added and removed, the deal, the deck and the cut as formulas, contracts
rewritten, scores, the claim rules, other sections taken from other built-ins, options of
its own and options of the parent dropped.  The clauses come from two places: formulas and
contract rows made here, and the clauses every built-in spec states (read from their parse
trees), so every clause the built-ins use is tried in other company.  Most variants are
valid; some are not (a deal the deck cannot serve), and ``check`` must say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from hypothesis import strategies as st
from lark import Tree

from rummy_spec.lang import builtin_library
from rummy_spec.lang import model as m
from rummy_spec.lang.data import builtin_specs
from rummy_spec.lang.syntax import parser

# the sections of the grammar (rule names) a house variant may restate
SECTIONS = ("deck", "wilds", "set_kind", "run_kind", "group_kind", "deal", "cut",
            "contracts", "turn", "layoff", "swap", "claim", "rummy_call", "going_out",
            "knock", "stock", "score", "game", "engine_limits")


@dataclass(frozen=True)
class Clause:
    rule: str  # the grammar's name for it: two clauses of one name restate one rule
    text: str


@dataclass(frozen=True)
class Section:
    head: str  # "buy \"May I?\"", "lay off", "deck"
    clauses: tuple[Clause, ...]


@lru_cache(maxsize=1)
def catalogue() -> dict[str, tuple[Section, ...]]:
    """Every section every built-in states (in variants and options), by grammar rule."""
    found: dict[str, list[Section]] = {name: [] for name in SECTIONS}
    for path in builtin_specs().values():
        text = path.read_text(encoding="utf-8")
        for tree in parser().parse(text).iter_subtrees():
            if tree.data in found and not tree.meta.empty:
                body = text[tree.meta.start_pos:tree.meta.end_pos]
                head = body[:body.index("{")].strip()
                clauses = tuple(Clause(str(c.data), text[c.meta.start_pos:c.meta.end_pos])
                                for c in tree.children
                                if isinstance(c, Tree) and c.data != "title"
                                and not c.meta.empty)
                found[str(tree.data)].append(Section(head, clauses))
    return {name: tuple(sections) for name, sections in found.items() if sections}


@cache
def parent(name: str) -> m.Variant:
    variant, _ = builtin_library().resolve(name, check=False)
    return variant


def builtins() -> list[str]:
    return sorted(builtin_library().decls)


# ----- formulas -------------------------------------------------------------------------

def _small(low: int, high: int) -> st.SearchStrategy[str]:
    return st.integers(low, high).map(str)


def round_table(rounds: int, low: int, high: int) -> st.SearchStrategy[str]:
    """``by round { ... }`` over rounds 1..rounds, split in two, sometimes with ``else``
    and sometimes short of the last round (which ``check`` must refuse)."""
    @st.composite
    def make(draw: st.DrawFn) -> str:
        last = max(1, rounds + draw(st.sampled_from((0, 0, 0, 0, -1))))
        cut = draw(st.integers(1, last))
        a, b = draw(_small(low, high)), draw(_small(low, high))
        second = "else" if draw(st.booleans()) else (
            f"{cut + 1}..{last}" if cut + 1 < last else f"{last}")
        rows = f"1..{cut}: {a}" + (f", {second}: {b}" if cut < last or second == "else" else "")
        return f"by round {{ {rows} }}"
    return make()


def players_table(low: int, high: int) -> st.SearchStrategy[str]:
    return st.tuples(st.integers(2, 6), _small(low, high), _small(low, high)).map(
        lambda t: f"by players {{ 2..{t[0]}: {t[1]}, else: {t[2]} }}")


def cards_formula(rounds: int) -> st.SearchStrategy[str]:
    return st.one_of(_small(3, 14), round_table(rounds, 5, 14), players_table(6, 13),
                     st.sampled_from(("6 + round", "max(7, 12 - players)", "13 - round",
                                      "ceil(30 / players)", "cards dealt")))


def decks_formula() -> st.SearchStrategy[str]:
    return st.one_of(_small(1, 4), players_table(1, 3),
                     st.sampled_from(("ceil(players / 2)", "max(2, ceil(players / 3))",
                                      "floor(players / 2)", "round")))


def jokers_formula() -> st.SearchStrategy[str]:
    return st.one_of(_small(0, 4).map(lambda n: f"{n} per deck"), _small(0, 6),
                     st.sampled_from(("players - 1", "2 * players", "players / 2")))


# ----- sections -------------------------------------------------------------------------

def _elements(kinds: tuple[str, ...]) -> st.SearchStrategy[str]:
    kind = st.sampled_from((*kinds, *kinds, *kinds, "group", "run", "set"))
    one = st.tuples(st.integers(1, 3), kind, st.sampled_from(("", "", "", " of 4", " of 3")))
    rows = st.lists(one, min_size=1, max_size=3).map(lambda els: " + ".join(
        f"{n} {k}{'s' if n > 1 else ''}{size}" for n, k, size in els))
    return rows.flatmap(lambda row: st.sampled_from((row, row, row, row + " (pat)")))


@st.composite
def contracts_change(draw: st.DrawFn, v: m.Variant) -> str:
    """Rounds added at the end, the last rounds dropped, a round rewritten."""
    n = len(v.contracts.rounds)
    kinds = tuple(sorted(v.meld_kinds())) or ("set",)
    rows: list[str] = []
    how = draw(st.sampled_from(("add", "add", "drop", "rewrite", "middle")))
    if how == "add":
        for k in range(n + 1, n + 1 + draw(st.integers(1, 3))):
            rows.append(f"{k}: {draw(_elements(kinds))}")
    elif how == "drop" and n > 1:
        first = draw(st.integers(max(2, n - 3), n))
        rows.append(f"no round {n}" if first == n else f"no rounds {first}..{n}")
    elif how == "middle" and n > 2:  # a gap: check must refuse it
        rows.append(f"no round {draw(st.integers(1, n - 1))}")
    else:
        rows.append(f"{draw(st.integers(1, max(1, n)))}: {draw(_elements(kinds))}")
    return "contracts { " + ", ".join(rows) + " }"


@st.composite
def catalogue_section(draw: st.DrawFn, rule: str) -> str:
    """A section as some built-in states it, with some of its clauses, or clauses of the
    same section from several built-ins (one per rule)."""
    sections = catalogue()[rule]
    first = draw(st.sampled_from(sections))
    pool = [c for s in sections for c in s.clauses] if draw(st.booleans()) else list(
        first.clauses)
    chosen: dict[str, str] = {}
    for c in draw(st.lists(st.sampled_from(pool), max_size=4)) if pool else []:
        chosen.setdefault(c.rule, c.text)
    return f"{first.head} {{ " + ", ".join(chosen.values()) + " }"


# the claim rules, each a group of clauses of which a section states at most one
CLAIM_RULES = (
    ("after refusal", "between turns", "at any time"),
    ("claimant waits", "claimant takes at once"),
    ("pile open", "pile dead", "pile closed"),
    ("priority nearest", "priority first caller"),
    ("penalty 0", "penalty 1", "penalty 2"),
    ("limit 1", "limit 3", "limit unlimited", "limit by round { 1..3: 2, else: 4 }",
     "limit players - 1", "limit 2 carry over"),
    ("not when down",), ("own discard",), ("chain",), ("needed for contracts",), ("never",),
)

SCORE_ENTRIES = {
    "A": ("A: 1", "A: 15", "A: 20"), "joker": ("joker: 25", "joker: 50"),
    "low": ("2..9: 5", "2..10: pip"), "high": ("10..K: 10", "J..K: 10", "K: 0"),
    "red": ("red aces: 30",), "wild": ("wild: 20",),
}


@st.composite
def claim_change(draw: st.DrawFn) -> str:
    rules = draw(st.lists(st.sampled_from(CLAIM_RULES), min_size=1, max_size=4, unique=True))
    return "buy { " + ", ".join(draw(st.sampled_from(r)) for r in rules) + " }"


@st.composite
def score_change(draw: st.DrawFn) -> str:
    labels = draw(st.lists(st.sampled_from(sorted(SCORE_ENTRIES)), min_size=1, max_size=3,
                           unique=True))
    return "score { " + ", ".join(draw(st.sampled_from(SCORE_ENTRIES[k])) for k in labels) + " }"


@st.composite
def formula_change(draw: st.DrawFn, v: m.Variant) -> str:
    rounds = max(1, len(v.contracts.rounds))
    what = draw(st.sampled_from(("deal", "deck", "jokers", "cut", "players")))
    if what == "deal":
        return f"deal {{ cards {draw(cards_formula(rounds))} }}"
    if what == "deck":
        return f"deck {{ decks {draw(decks_formula())} }}"
    if what == "jokers":
        return f"deck {{ jokers {draw(jokers_formula())} }}"
    if what == "cut":
        target = draw(st.sampled_from(("players * cards dealt + 1", "players * 11 + 1",
                                       "cards dealt", "40")))
        return f"cut {{ by right of dealer, target {target}, bonus -{draw(_small(0, 100))} }}"
    low = draw(st.integers(1, 6))
    high = draw(st.integers(low, 9))
    return draw(st.sampled_from((f"players {low}..{high}", f"players {low}+",
                                 f"players {low}")))


def change(v: m.Variant) -> st.SearchStrategy[str]:
    """One house change of ``v``: a section (or a removal) as a child states it."""
    removals = ("no cut", "no buy", "no knock", "no set", "no run", "no group",
                "no rummy call")
    return st.one_of(
        formula_change(v), formula_change(v), contracts_change(v), contracts_change(v),
        claim_change(), score_change(),
        st.sampled_from(sorted(catalogue())).flatmap(catalogue_section),
        st.sampled_from(removals))


@st.composite
def house_variant(draw: st.DrawFn, name: str | None = None) -> tuple[str, str]:
    """(the built-in extended, the text of a house variant of it)."""
    base = name if name is not None else draw(st.sampled_from(builtins()))
    v = parent(base)
    items: list[str] = []
    seen: set[str] = set()
    for item in draw(st.lists(change(v), min_size=1, max_size=4)):
        head = item.split("{")[0].strip()
        if head not in seen:  # one statement of each section: restating is E010
            seen.add(head)
            items.append(item)
    for k in range(draw(st.integers(0, 2))):  # options of the house's own
        inside = draw(st.lists(
            change(v).filter(lambda s: not s.startswith(("no ", "players"))),
            min_size=1, max_size=2, unique_by=lambda s: s.split("{")[0]))
        items.append(f'option house{k} "House option {k}" {{ ' + " ".join(inside) + " }")
    dropped = draw(st.booleans())
    if v.options and dropped:
        items.append(f"no option {draw(st.sampled_from([o.name for o in v.options]))}")
    body = "\n    ".join(items)
    return base, f'variant house "House {base}" extends {base} {{\n    {body}\n}}\n'
