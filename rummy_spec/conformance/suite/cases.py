"""Case files: reading, validating and selecting them.

A case is ``cases/<variant>/<topic>/<name>.yaml``; its id is that path without the
extension, stable across releases.  Reading a case checks it twice: against the JSON
Schema (``schema/case.schema.json``, the published form), then against the rules
(the variant and its options exist, the player count fits, every card is a card of the
deck, the deal is the whole pack, reason codes are known).  Any fault is a
:class:`CaseError` naming the file and the field.
"""

from __future__ import annotations

import fnmatch
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

from ... import decks
from ...engine.records.reasons import all_reasons
from ...lang import LookupFailure, SpecError, load
from ...lang import model as m
from ...textsafe import outside_text
from .. import SUITE_VERSION, suite_root
from .safe_yaml import MOST_BYTES, YamlError, load_yaml
from .schema_check import errors as schema_errors
from .schema_check import field_path, load_schema
from .variants import case_spec, house_variant, on_forget, spec_of

JSON = dict[str, Any]

# Action types that need an optional feature of the engine.
ACTION_FEATURES = {"buy": "claims", "call": "rummy-call", "give": "gifts", "swap": "swap",
                   "shift": "shift", "knock": "knock"}
SCORING_KEYS = ("totals", "results", "winners")


class CaseError(ValueError):
    """A case file that cannot be used: the message names the file and the field."""


@dataclass(frozen=True)
class Step:
    """One step: an action with its expected outcome, or a state checkpoint."""

    index: int
    act: JSON | None = None
    reason: str | None = None  # the expected reason code; None: accepted
    state: JSON | None = None
    note: str = ""
    informative: bool = False  # the code explains the refusal; any refusal passes

    @property
    def expect_text(self) -> str:
        return "accepted" if self.reason is None else f"rejected ({self.reason})"


@dataclass(frozen=True)
class Case:
    id: str
    path: Path
    suite: int
    rule: str
    variant: str
    options: tuple[str, ...]
    players: int
    setup: JSON
    steps: tuple[Step, ...]
    features: frozenset[str]
    axes: tuple[str, ...] = ()
    generated: str | None = None
    data: JSON = field(default_factory=dict, compare=False, repr=False)


@cache
def case_schema() -> JSON:
    return load_schema(suite_root() / "schema" / "case.schema.json")


@lru_cache(maxsize=64)
def variant(name: str, options: tuple[str, ...] = ()) -> m.Variant:
    """A variant with options on, loaded once per process: a built-in, or one of a spec
    file the kit was given (``variants.py``)."""
    house = house_variant(name, options)
    return house if house is not None else load(name, options)


on_forget(variant.cache_clear)  # a spec file forgotten: its variants are loaded anew


def read_yaml(path: Path) -> Any:
    try:
        if not path.is_file():
            raise CaseError(f"{path}: not a regular file")
        if path.stat().st_size > MOST_BYTES:
            raise CaseError(f"{path}: too large ({path.stat().st_size:,} bytes; at most "
                            f"{MOST_BYTES:,})")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CaseError(f"{path}: cannot read ({err.__class__.__name__}: {err})") from None
    try:
        return load_yaml(text)
    except YamlError as err:
        raise CaseError(f"{path}{err}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise CaseError(f"{path}{where}: not valid YAML: {outside_text(str(problem), 200)}")\
            from None


def case_id(path: Path, root: Path) -> str:
    try:
        rel = path.resolve().relative_to(root.resolve())
    except ValueError:
        return path.with_suffix("").name
    return rel.with_suffix("").as_posix()


def load_case(path: Path, root: Path | None = None, *, check_rules: bool = True) -> Case:
    """Read and check one case file; ``root`` is the ``cases/`` directory ids are taken
    relative to (default: the suite's)."""
    data = read_yaml(path)
    return case_from_data(data, path, case_id(path, root or suite_root() / "cases"),
                          check_rules=check_rules)


MOST_STEPS = 10_000  # steps in one case (the longest golden trace has a few hundred)


def case_from_data(data: Any, path: Path, cid: str, *, check_rules: bool = True) -> Case:
    steps = data.get("steps") if isinstance(data, dict) else None
    if isinstance(steps, list) and len(steps) > MOST_STEPS:
        raise CaseError(f"{path}: steps: {len(steps):,} steps, more than the {MOST_STEPS:,} "
                        "a case may hold")
    found = schema_errors(case_schema(), data)
    if found:
        where, what = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise CaseError(f"{path}: {where}: {what}{more}")
    assert isinstance(data, dict)
    if data["suite"] > SUITE_VERSION:
        raise CaseError(f"{path}: suite: version {data['suite']} is newer than this runner "
                        f"understands ({SUITE_VERSION}); upgrade rummy-spec")
    _house_spec(data, path, check_rules)
    steps = tuple(_step(i, s) for i, s in enumerate(data["steps"]))
    case = Case(
        id=cid, path=path, suite=data["suite"], rule=data["rule"], variant=data["variant"],
        options=tuple(data.get("options", ())), players=data["players"], setup=data["setup"],
        steps=steps, features=frozenset(data.get("features", ())) | derived_features(data)
        | _variant_features(data),
        axes=tuple(data.get("axes", ())), generated=data.get("generated"), data=data)
    if check_rules:
        check_against_rules(case)
    return case


def _house_spec(data: JSON, path: Path, check_rules: bool) -> None:
    """A case of a house variant names its spec file: load it (checking its hash) so the
    variant is known by name; CaseError naming the field on any fault."""
    try:
        spec = case_spec(data, path)
    except ValueError as err:
        raise CaseError(f"{path}: {err}") from None
    if spec is not None and data["variant"] not in spec.names:
        raise CaseError(f"{path}: variant: {spec.path.name} declares no variant "
                        f"'{data['variant']}' (it declares {', '.join(spec.names)})")
    if check_rules and spec is None and spec_of(data["variant"]) is None:
        from ...lang import builtin_library

        known = builtin_library().decls
        if data["variant"] not in known:
            import difflib

            close = difflib.get_close_matches(data["variant"], sorted(known), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise CaseError(f"{path}: variant: '{data['variant']}' is not a built-in "
                            f"variant{hint}, and the case names no spec file (spec: {{file, "
                            "sha256}); for a house variant, give its file with --variant FILE")


def _step(i: int, s: JSON) -> Step:
    if "act" in s:
        expect = s["expect"]
        reason = None if expect == "accepted" else expect["rejected"]
        informative = expect != "accepted" and bool(expect.get("informative", False))
        return Step(i, act=s["act"], reason=reason, note=s.get("note", ""),
                    informative=informative)
    return Step(i, state=s["state"], note=s.get("note", ""))


def _variant_features(data: JSON) -> set[str]:
    """The features the case's variant needs whatever the case does: ``partners`` for a
    partnership game, ``cut-joker`` for a wild rank turned at each deal.  Nothing when
    the variant is not known (its check says so)."""
    try:
        v = variant(data["variant"], tuple(data.get("options", ())))
    except (LookupFailure, SpecError):
        return set()
    out = {"partners"} if v.game.partners != "none" else set()
    if v.wilds.cut_joker:  # the deal's wild rank, turned under the stock
        out.add("cut-joker")
    return out


def derived_features(data: JSON) -> set[str]:
    """The optional features a case needs, read from what it does."""
    out: set[str] = set()
    for s in data.get("steps", []):
        act = s.get("act") if isinstance(s, dict) else None
        if isinstance(act, dict):
            if act.get("type") in ACTION_FEATURES:
                out.add(ACTION_FEATURES[act["type"]])
            if act.get("type") in ("knock", "pass") and "melds" in act:
                out.add("knock-melds")
            if act.get("type") == "shift" and "end" in act:
                out.add("shift-end")
            if act.get("type") == "draw" and act.get("depth") not in (None, 1):
                out.add("deep-take")
            if act.get("type") == "meld" and len(act.get("melds") or ()) > 1:
                out.add("opening-melds")
            if act.get("type") == "discard" and act.get("card") == "SK":
                out.add("skip")
        state = s.get("state") if isinstance(s, dict) else None
        if isinstance(state, dict) and any(k in state for k in SCORING_KEYS):
            out.add("scoring")
        if isinstance(state, dict) and state.get("phase") == "claimant":
            out.add("claimant-turn")
    setup = data.get("setup") or {}
    if isinstance(setup, dict) and (setup.get("round", 1) != 1 or any(
            k in setup for k in ("contracts", "hands_won", "buys_used"))):
        out.add("later-round")
    if data.get("options"):
        out.add("options")
    return out


def check_against_rules(case: Case) -> None:
    """What the schema cannot say: the variant, options, players, cards, deal and codes."""
    where = case.path
    try:
        v = variant(case.variant, case.options)
    except LookupFailure as err:
        raise CaseError(f"{where}: variant: {err}") from None
    except SpecError as err:
        first = err.errors[0].message if err.errors else "the spec has errors"
        raise CaseError(f"{where}: options: {first}") from None
    p = v.players
    if case.players < p.min or (p.max is not None and case.players > p.max):
        raise CaseError(f"{where}: players: {case.variant} is not for {case.players} players")
    table = decks.card_table(v.deck)
    setup = case.setup
    n = case.players
    for key in ("hands", "totals", "contracts", "hands_won", "buys_used"):
        if key in setup and len(setup[key]) != n:
            raise CaseError(f"{where}: setup.{key}: one entry per player ({n}) is needed, "
                            f"got {len(setup[key])}")
    if setup["dealer"] >= n:
        raise CaseError(f"{where}: setup.dealer: no seat {setup['dealer']} with {n} players")
    dealt: Counter[int] = Counter()
    for key, cards in [*_setup_cards(setup), *_restock_cards(setup)]:
        for i, text in enumerate(cards):
            try:
                card = table.parse(text)
            except ValueError:
                raise CaseError(f"{where}: setup.{key}[{i}]: '{text}' is not a card of "
                                f"{case.variant}") from None
            if table.text(table.parse(text)) != text:
                raise CaseError(f"{where}: setup.{key}[{i}]: write '{text}' in canonical "
                                f"form '{table.text(table.parse(text))}'")
            if not key.startswith("restocks"):
                dealt[card] += 1
    pack = Counter(decks.full_deck(v, n))
    if dealt != pack:
        missing = sorted(table.text(c) for c in (pack - dealt).elements())
        extra = sorted(table.text(c) for c in (dealt - pack).elements())
        raise CaseError(f"{where}: setup: the deal must be the whole pack for {n} players: "
                        f"missing {missing[:8]}, extra {extra[:8]}")
    codes = all_reasons()
    for step in case.steps:
        at = f"steps[{step.index}]"
        if step.reason is not None and step.reason not in codes:
            raise CaseError(f"{where}: {at}.expect.rejected: unknown reason code "
                            f"'{step.reason}' (see 'rummy-spec reasons')")
        if step.act is not None:
            _check_action_cards(where, at, step.act, table)


def _setup_cards(setup: JSON) -> Iterable[tuple[str, list[str]]]:
    for i, hand in enumerate(setup["hands"]):
        yield f"hands[{i}]", hand
    yield "stock", setup["stock"]
    yield "discard", setup["discard"]


def _restock_cards(setup: JSON) -> Iterable[tuple[str, list[str]]]:
    """The stated orders of reshuffled stocks: cards of the pack, but not of the deal."""
    for i, order in enumerate(setup.get("restocks", [])):
        yield f"restocks[{i}]", order


def _check_action_cards(where: Path, at: str, act: JSON, table: Any) -> None:
    texts: list[tuple[list[str | int], str]] = []
    if "card" in act:
        texts.append((["act", "card"], act["card"]))
    for i, meld in enumerate(act.get("melds", [])):
        texts += [(["act", "melds", i, j], c) for j, c in enumerate(meld)]
    for parts, text in texts:
        try:
            table.parse(text)
        except ValueError:
            raise CaseError(f"{where}: {at}.{field_path(parts)}: '{text}' is not a card of "
                            "this variant") from None


# ----- the suite -------------------------------------------------------------------------

def case_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if p.is_file())


def select(paths: Sequence[Path], root: Path, variants: Sequence[str] = (),
           patterns: Sequence[str] = ()) -> list[Path]:
    """Case files of the given variants whose id matches one of ``patterns`` (globs)."""
    out = []
    for p in paths:
        cid = case_id(p, root)
        if variants and cid.split("/")[0] not in variants:
            continue
        if patterns and not any(fnmatch.fnmatchcase(cid, g) for g in patterns):
            continue
        out.append(p)
    return out


def load_cases(root: Path | None = None, variants: Sequence[str] = (),
               patterns: Sequence[str] = ()) -> list[Case]:
    """Every selected case of the suite, checked; the first bad file raises CaseError."""
    base = root or suite_root() / "cases"
    return [load_case(p, base) for p in select(case_files(base), base, variants, patterns)]


def load_cases_apart(root: Path, variants: Sequence[str] = (), patterns: Sequence[str] = ()
                     ) -> tuple[list[Case], list[tuple[str, str]]]:
    """The selected cases that load, and (id, message) for each file that does not: one
    bad file does not stop the others from running."""
    good: list[Case] = []
    bad: list[tuple[str, str]] = []
    for p in select(case_files(root), root, variants, patterns):
        try:
            good.append(load_case(p, root))
        except CaseError as err:
            bad.append((case_id(p, root), str(err)))
    return good, bad
