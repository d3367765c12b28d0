"""The suite as data: every case file validates, the hand-written cases cover each
variant's axes, the drafts build the committed files, and bad case files are refused
with the file and the field named."""

from __future__ import annotations

import copy
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from rummy_spec.conformance.oracle.observe import FIELDS

sys.path.insert(0, str(Path(__file__).resolve().parent))

from drafts.build import MODULES, build

from rummy_spec.conformance import SUITE_VERSION, suite_root
from rummy_spec.conformance.running.perft import load_perft, perft_files
from rummy_spec.conformance.suite.cases import (
    Case,
    CaseError,
    case_files,
    case_from_data,
    load_case,
    load_cases,
)
from rummy_spec.conformance.suite.schema_check import errors, load_schema
from rummy_spec.lang.library import builtin_library

ROOT = suite_root()
CASES = ROOT / "cases"
GENERATED = ("golden", "fuzz")

# The axes each variant's hand-written cases must cover: every axis of rules/AXES.md the
# variant has a value for and that a deal-from-setup can show (cuts and first dealers
# need a shuffle; replays need a second deal).
AXES = {
    "rummy": "X7 X9 X10 X11 X29 X31 X39 X40 X41 X43 X44 X45 X46 X46b X54 X58 X59 X60 X61 "
             "X62 X63 X14 X20",
    "gin": "X7 X30 X31 X39 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63",
    "gin_openspiel": "X7 X30 X31 X39 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63",
    "gin_rlcard": "X7 X29 X30 X31 X39 X40 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 "
                  "X63",
    "gin_eaai": "X7 X30 X31 X39 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63",
    "straight_gin": "X7 X30 X31 X39 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63",
    "oklahoma_gin": "X30 X31 X39 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63",
    "gin_hollywood": "X7 X30 X31 X39 X41 X43 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63",
    "continental": "X7 X9 X13 X14 X15 X17 X20 X21 X22 X29 X33 X35 X36 X39 X40 X43 X44 X48 "
                   "X49 X50 X51 X52 X53 X54 X58 X59 X60",
    "contract": "X4 X7 X9 X13 X14 X15 X20 X22 X23 X29 X35 X36 X37 X43 X47 X49 X50 X53 X54 "
                "X58 X59 X60",
    "contract_wikipedia": "X7 X13 X15 X20 X22 X23 X36 X37 X41 X43 X44 X49 X50 X52 X53 X54 "
                          "X58",
    "contract_bicycle": "X4 X7 X13 X14 X20 X22 X23 X29 X36 X37 X43 X49 X50 X52 X53 X54 X58 "
                        "X59",
    "liverpool": "X7 X14 X15 X20 X29 X36 X37 X39 X40 X43 X44 X49 X50 X52 X54 X58 X59",
    "shanghai": "X9 X13 X14 X15 X16 X20 X21 X22 X36 X43 X44 X49 X50 X51 X52 X54 X58 X59",
    "ten_step": "X7 X14 X15 X20 X23 X36 X41 X43 X44 X49 X50 X51 X53 X54 X55 X57 X58 X59",
    "twelve_step": "X14 X15 X16 X20 X21 X22 X29 X33 X35 X36 X43 X44 X49 X50 X53 X54 X58 "
                   "X62 X63",
    "phase10": "X7 X8 X10 X11 X12 X14 X15 X20 X30 X33 X35 X42 X43 X44 X47 X54 X55 X58 X59 "
               "X60 X62 X63",
    "tonk": "X7 X9 X10 X11 X29 X30 X31 X40 X43 X44 X45 X46b X54 X56 X58 X60 X61",
    "seven_hand": "X3 X4 X7 X9 X13 X14 X15 X20 X29 X36 X37 X43 X44 X49 X50 X51 X52 X54 "
                  "X57 X58 X59 X60",
    "rummy500": "X7 X9 X10 X11 X40 X43 X44 X46b X49 X59 X60 X62 X63 X67",
    "kalooki": "X7 X9 X10 X11 X12 X14 X16 X38 X39 X43 X44 X45 X46 X46b X50 X59 X60 X62 X63",
    "remi51": "X4 X7 X8 X9 X10 X11 X14 X29 X30 X31 X38 X39 X40 X43 X44 X45 X46b X54 X58 "
              "X59 X60 X62 X63",
    "conquian": "X2 X7 X8 X11 X29 X30 X40 X43 X44 X45 X46 X46b X54 X56 X58 X60 X62",
    "canasta": "X9 X11 X15 X19 X38 X40 X41 X44 X45 X46b X54 X56 X58 X59 X60 X61 X62 X63 "
               "X66 X67",
    "indian_rummy": "X7 X10 X11 X14 X35 X37 X38 X39 X40 X46 X46b X50 X54 X59 X60",
}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


def hand_written(case: Case) -> bool:
    return case.id.split("/")[1] not in GENERATED


def test_every_case_file_loads_and_is_stamped(cases: list[Case]) -> None:
    assert len(cases) == len(case_files(CASES))
    assert all(c.suite == SUITE_VERSION for c in cases)
    assert all(c.id.split("/")[0] == c.variant for c in cases)


def test_twenty_hand_written_cases_per_built_in_variant(cases: list[Case]) -> None:
    per: dict[str, int] = defaultdict(int)
    for c in cases:
        if hand_written(c):
            per[c.variant] += 1
    assert set(per) == set(builtin_library().decls) == set(AXES)
    assert all(n >= 20 for n in per.values()), per


def test_hand_written_cases_cover_each_variants_axes(cases: list[Case]) -> None:
    covered: dict[str, set[str]] = defaultdict(set)
    for c in cases:
        covered[c.variant].update(c.axes)
    missing = {v: set(axes.split()) - covered[v] for v, axes in AXES.items()}
    assert not any(missing.values()), missing


def test_cases_have_both_sides_of_the_rules(cases: list[Case]) -> None:
    """Each variant's cases expect rejections with at least ten different reason codes,
    and each ends at least one round with its scores."""
    codes: dict[str, set[str]] = defaultdict(set)
    scored: dict[str, int] = defaultdict(int)
    for c in cases:
        codes[c.variant].update(s.reason for s in c.steps if s.reason)
        scored[c.variant] += any(s.state and s.state.get("results") for s in c.steps)
    assert all(len(found) >= 10 for found in codes.values()), codes
    assert all(scored[v] >= 1 for v in AXES), scored


def test_golden_traces_exist_for_every_variant(cases: list[Case]) -> None:
    golden = {c.variant for c in cases if c.id.split("/")[1] == "golden"}
    assert golden == set(AXES)


@pytest.mark.parametrize("module", MODULES)
def test_drafts_build_the_committed_cases(module: str) -> None:
    """The files are what the drafts make (the drafts' stated outcomes are checked against
    the reference while building)."""
    for cid, text in build(module).items():
        assert (CASES / f"{cid}.yaml").read_text(encoding="utf-8") == text, cid


def test_own_checker_agrees_with_jsonschema_on_every_case(cases: list[Case]) -> None:
    schema = load_schema(ROOT / "schema" / "case.schema.json")
    validator = jsonschema.Draft202012Validator(schema)
    for c in cases[::7]:
        assert not list(validator.iter_errors(c.data)) and not errors(schema, c.data), c.id


def _mutations(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out = []

    def mutant(name: str, change: Any) -> None:
        d = copy.deepcopy(data)
        change(d)
        out.append((name, d))

    mutant("no suite", lambda d: d.pop("suite"))
    mutant("unknown field", lambda d: d.update(colour="red"))
    mutant("bad action type", lambda d: d["steps"][0]["act"].update(type="drw"))
    mutant("player not a number", lambda d: d["steps"][0]["act"].update(player="one"))
    mutant("bad expect", lambda d: d["steps"][0].update(expect="acepted"))
    mutant("bad code", lambda d: d["steps"][0].update(expect={"rejected": "Not Your Turn"}))
    mutant("card not text", lambda d: d["setup"]["hands"][0].__setitem__(0, 7))
    mutant("state field", lambda d: d["steps"].append({"state": {"hand": []}}))
    mutant("step of neither kind", lambda d: d["steps"].append({"note": "?"}))
    mutant("no steps", lambda d: d.update(steps=[]))
    mutant("bad phase", lambda d: d["steps"].append({"state": {"phase": "lunch"}}))
    return out


def test_own_checker_agrees_with_jsonschema_on_broken_cases() -> None:
    schema = load_schema(ROOT / "schema" / "case.schema.json")
    validator = jsonschema.Draft202012Validator(schema)
    data = yaml.safe_load((CASES / "rummy/turn/draw-from-the-stock.yaml").read_text())
    for name, bad in _mutations(data):
        assert list(validator.iter_errors(bad)), name
        assert errors(schema, bad), name


def test_state_schema_is_the_case_schemas_observable_with_every_field() -> None:
    case = json.loads((ROOT / "schema" / "case.schema.json").read_text())
    state = json.loads((ROOT / "schema" / "state.schema.json").read_text())
    full = state["$defs"]["full"]
    assert full["properties"] == case["$defs"]["observable"]["properties"]
    # every field of protocol version 1 is required; the whole pile is optional (shown by
    # an engine that lists it in hello's "state"), and so are the card turned under the
    # stock (feature cut-joker) and the round as it ended (an answer without it is not
    # judged on it)
    assert set(full["required"]) == set(full["properties"]) - {"discard", "cut_card", "ended"}
    assert set(full["required"]) == set(FIELDS) - {"ended"}


@pytest.mark.parametrize(("text", "where"), [
    ("suite: 1\nrule: [unclosed\n", "not valid YAML"),
    ("- just\n- a list\n", "(top level): expected object"),
])
def test_unreadable_case_file_names_the_file(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(CaseError) as err:
        load_case(path, tmp_path)
    assert str(path) in str(err.value) and where in str(err.value)


def _base() -> dict[str, Any]:
    data = yaml.safe_load((CASES / "rummy/turn/draw-from-the-stock.yaml").read_text())
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda d: d["steps"][0]["act"].update(type="drw"), "steps[0].act.type", "not one of"),
    (lambda d: d.pop("rule"), "rule", "required"),
    (lambda d: d.update(variant="rumy"), "variant", "did you mean 'rummy'"),
    (lambda d: d.update(options=["no_such"]), "options", ""),
    (lambda d: d.update(players=9), "players", "not for 9 players"),
    (lambda d: d["setup"]["hands"][0].__setitem__(0, "ZZ"), "setup.hands[0][0]",
     "not a card"),
    (lambda d: d["setup"]["stock"].pop(), "setup", "whole pack"),
    (lambda d: d["setup"].update(dealer=5), "setup.dealer", "no seat 5"),
    (lambda d: d["steps"][0].update(expect={"rejected": "no-such-code"}),
     "steps[0].expect.rejected", "unknown reason code"),
    (lambda d: d["steps"][0]["act"].update(card="QQ"), "steps[0].act.card", "not a card"),
    (lambda d: d.update(suite=SUITE_VERSION + 1), "suite", "newer"),
])
def test_a_bad_case_names_file_and_field(change: Any, field: str, words: str) -> None:
    data = _base()
    change(data)
    path = Path("cases/rummy/bad/case.yaml")
    with pytest.raises(CaseError) as err:
        case_from_data(data, path, "rummy/bad/case")
    assert str(path) in str(err.value) and f": {field}" in str(err.value)
    assert words in str(err.value)


def test_perft_files_validate() -> None:
    files = perft_files(ROOT / "perft")
    assert {f.stem for f in files} == {"contract_family", "phase10", "rummy", "gin"}
    for f in files:
        pf = load_perft(f)
        assert pf.positions and pf.suite == SUITE_VERSION
        assert "perft(d)" in pf.conventions and f.read_text().startswith("# rummy-spec perft")
