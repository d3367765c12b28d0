"""Nothing described and not played: every field of the rules model, and every clause of
the grammar through the field it sets, is played by the engine (a game with it changed
plays differently), refused by the checker with an error naming it, or only described
(a name, a title, a position in the text, a statement for the rulebook or the checker).

The table is ``rule_table.TABLE``; a field the model gains without an entry fails the
walk, and so does an entry that says "played" for a field the engine does not read
(``test_a_planted_field_the_engine_ignores_is_reported``).
"""

from __future__ import annotations

import copy
import dataclasses
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from rule_clauses import CUSTOM
from rule_table import TABLE
from rule_walk import Described, Played, Refused, Walked, first_difference, model_fields, pair

from rummy_spec.lang import Library, builtin_library, families, syntax
from rummy_spec.lang import model as m
from rummy_spec.lang.build_reader import section_models
from rummy_spec.lang.grammar_source import grammar_text

GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / "rummy.lark"
PLAYED = sorted(k for k, e in TABLE.items() if isinstance(e, Played))


def test_every_model_field_has_an_entry() -> None:
    fields = model_fields()
    missing = sorted(set(fields) - set(TABLE))
    assert not missing, f"fields with no entry in rule_table.TABLE: {missing}"
    stale = sorted(set(TABLE) - set(fields))
    assert not stale, f"entries for fields the model does not have: {stale}"


def test_described_entries_say_why() -> None:
    for key, entry in TABLE.items():
        if isinstance(entry, (Described, Walked)):
            assert len(entry.why) > 20, key


@pytest.mark.parametrize("key", PLAYED)
def test_the_engine_plays_the_field(key: str) -> None:
    """The variant with the field changed plays differently from the variant as it is."""
    entry = TABLE[key]
    assert isinstance(entry, Played)
    base, changed = pair(entry)
    assert changed != base, f"{key}: the change changes nothing"
    found = first_difference(base, changed, entry.players, entry.seeds, entry.steps,
                             entry.deal)
    assert found is not None, f"{key}: {entry.seeds} games play alike with it changed"


@pytest.mark.parametrize("key", sorted(k for k, e in TABLE.items() if isinstance(e, Refused)))
def test_the_checker_refuses_what_is_not_played(key: str) -> None:
    entry = TABLE[key]
    assert isinstance(entry, Refused)
    lib = Library()
    lib.decls.update(builtin_library().decls)
    lib.add_text(entry.spec, "refused.rummy")
    name = re.search(r"variant (\w+)", entry.spec)
    assert name is not None
    _, problems = lib.resolve(name.group(1))
    codes = [p.code for p in problems if p.severity == "error"]
    assert codes == [entry.code], (key, [p.render() for p in problems])
    assert "not played yet" in problems[0].message


# ----- the clauses of the grammar ----------------------------------------------------


def _aliases() -> set[str]:
    """Every ``-> alias`` of the grammar as the parser reads it (the meld kinds' and the
    claim family's rules filled in from their registries): one per clause form."""
    return set(re.findall(r"->\s*([a-z_]+)", grammar_text()))


def _field_of(alias: str) -> str | None:
    """The model field a clause sets, by the parser's tables (None: not a table clause)."""
    for table in (syntax._FLAGS, syntax._VALUED):
        if alias in table:
            section, name = table[alias][0], table[alias][1]
            return f"{section_models()[section].__name__}.{name}"
    return None


def test_every_table_clause_sets_a_field_with_an_entry() -> None:
    """Each clause the parser's tables map to a field: that field has an entry, so the
    clause is played, refused or described."""
    mapped = {a: _field_of(a) for a in _aliases()}
    found = {a: f for a, f in mapped.items() if f is not None}
    assert len(found) > 100, len(found)
    assert not sorted(f for f in found.values() if f not in TABLE)


def test_every_clause_of_the_grammar_sets_fields_with_entries() -> None:
    """Every clause form of the grammar: through the parser's tables, or by hand
    (``rule_clauses.CUSTOM``), it sets fields that have entries.  A clause added to the
    grammar and to neither fails here."""
    unknown = sorted(a for a in _aliases() if _field_of(a) is None and a not in CUSTOM)
    assert not unknown, f"clauses of the grammar that set no known field: {unknown}"
    stale = sorted(a for a in CUSTOM if a not in _aliases())
    assert not stale, f"CUSTOM names clauses the grammar lacks: {stale}"
    assert not sorted(f for fields in CUSTOM.values() for f in fields if f not in TABLE)


def test_claim_clauses_each_reach_the_engine_or_the_checker() -> None:
    """The claim section clause by clause: each sets a field played or refused."""
    claims = [a for a in _aliases() if (_field_of(a) or "").startswith("Claim.")]
    assert len(claims) >= 14
    for alias in claims:
        entry = TABLE[_field_of(alias) or ""]
        assert isinstance(entry, (Played, Refused)) or alias == "needed_for_contracts", alias


# ----- a planted rule is found -----------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PlantedClaim(m.Claim):
    """The claim rules with one field more, which nothing in the engine reads."""

    planted: bool = False


def test_a_planted_field_without_an_entry_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field added to the model (and a clause parsed and built into it) fails the walk
    until it has an entry."""
    claim = copy.copy(m.Variant.__dataclass_fields__["claim"])
    claim.type = "PlantedClaim | None"
    monkeypatch.setitem(m.Variant.__dataclass_fields__, "claim", claim)
    monkeypatch.setattr(m, "PlantedClaim", PlantedClaim, raising=False)
    assert "PlantedClaim.planted" in model_fields()
    with pytest.raises(AssertionError, match=r"PlantedClaim\.planted"):
        test_every_model_field_has_an_entry()


def test_a_planted_field_the_engine_ignores_is_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A clause parsed and built into a field the engine never reads: entered as played,
    the walk finds every game alike and fails."""
    monkeypatch.setitem(syntax._FLAGS, "chain", ("claim", "planted", True))
    # the claim family's entry names the model its section is built into
    monkeypatch.setattr(families, "CLAIM", dataclasses.replace(families.CLAIM,
                                                                model=PlantedClaim))
    monkeypatch.setattr(m, "Claim", PlantedClaim)
    lib = Library()
    lib.decls.update(builtin_library().decls)
    lib.add_text('variant c "C" extends continental {\n    buy { chain }\n}\n', "c.rummy")
    built, problems = lib.resolve("c")
    assert not [p for p in problems if p.severity == "error"], problems
    assert isinstance(built.claim, PlantedClaim) and built.claim.planted  # parsed and built
    base = builtin_library().resolve("continental")[0]
    assert first_difference(base, built, 4, seeds=3, steps=300) is None  # never read
    planted = Played("continental", lambda v: built, 4, seeds=3, steps=300)
    monkeypatch.setitem(TABLE, "Claim.planted", planted)
    with pytest.raises(AssertionError, match="play alike"):
        test_the_engine_plays_the_field("Claim.planted")
