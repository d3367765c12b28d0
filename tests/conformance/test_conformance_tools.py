"""generate, export and the pytest plugin."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rummy_spec.cli import run as cli
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.authoring.generate import golden_case, perft_text
from rummy_spec.conformance.broken import command

ROOT = suite_root()


def test_generate_is_reproducible() -> None:
    """The committed golden traces and perft files are what generate makes."""
    for name in ("gin", "twelve_step"):
        for seed in (1, 2):
            cid, text = golden_case(name, seed)
            assert (ROOT / "cases" / f"{cid}.yaml").read_text(encoding="utf-8") == text
    for family in ("gin", "rummy"):
        assert (ROOT / "perft" / f"{family}.yaml").read_text(encoding="utf-8") == \
            perft_text(family)


def test_generate_writes_into_another_suite(tmp_path: Path) -> None:
    out = cli(["conformance", "generate", "--out", str(tmp_path), "--variant", "rummy",
               "--only", "golden"])
    assert out.code == 0 and out.out.endswith("2 files\n")
    assert (tmp_path / "cases/rummy/golden/seed-1.yaml").read_text() == (
        ROOT / "cases/rummy/golden/seed-1.yaml").read_text()
    bad = cli(["conformance", "generate", "--variant", "rumy"])
    assert bad.code == 2 and "no built-in variant" in bad.err


def test_export_writes_the_whole_suite(tmp_path: Path) -> None:
    dest = tmp_path / "suite"
    out = cli(["conformance", "export", str(dest)])
    assert out.code == 0 and out.out.startswith("exported ")
    index = json.loads((dest / "index.json").read_text())
    n = len(index["cases"])
    assert out.out == f"exported {n} cases to {dest}\n"
    assert (dest / "PROTOCOL.md").is_file() and (dest / "schema/case.schema.json").is_file()
    assert sorted(p.name for p in (dest / "perft").iterdir()) == [
        "contract_family.yaml", "gin.yaml", "phase10.yaml", "rummy.yaml"]
    first = index["cases"][0]
    as_yaml = yaml.safe_load((dest / "cases" / f"{first['id']}.yaml").read_text())
    as_json = json.loads((dest / "cases" / f"{first['id']}.json").read_text())
    assert as_yaml == as_json
    rules = json.loads((dest / first["rules"]).read_text())
    assert rules["name"] == first["variant"] and rules["players"]["count"] == first["players"]
    again = cli(["conformance", "export", str(dest)])
    assert again.code == 2 and "not an empty directory" in again.err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".export")]


def _pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "rummy_spec.conformance.pytest_plugin",
         "-p", "no:cacheprovider", "-q", "--rootdir", str(tmp_path), str(tmp_path), *args],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path)


def test_pytest_plugin_one_test_per_case(tmp_path: Path) -> None:
    ok = _pytest(tmp_path, "--rummy-engine", "reference", "--rummy-variant", "gin")
    n = len(list((ROOT / "cases" / "gin").rglob("*.yaml")))
    assert ok.returncode == 0 and f"{n} passed" in ok.stdout, ok.stdout[-500:]
    (tmp_path / "skip.txt").write_text("rummy/options/*\n")
    bad = _pytest(tmp_path, "--rummy-engine", command("wrap-around"), "--rummy-case",
                  "rummy/melds/*", "--rummy-case", "rummy/options/*", "--rummy-skip-file",
                  str(tmp_path / "skip.txt"))
    assert bad.returncode == 1
    assert "FAILED rummy-conformance::rummy/melds/run-around-the-corner-refused" in bad.stdout
    assert "expected rejected (wrap-around), got accepted" in bad.stdout
    assert "xfailed" in bad.stdout and "rummy/options/one-meld-per-turn" in bad.stdout


def _deal(name: str, players: int, sizes: list[int], upcards: int) -> dict[str, object]:
    """A whole-pack deal with hands of ``sizes`` cards and ``upcards`` cards on the pile."""
    from rummy_spec import decks
    from rummy_spec.lang import load

    v = load(name)
    table = decks.card_table(v.deck)
    pack = table.texts(decks.full_deck(v, players))
    hands = []
    for size in sizes:
        hands.append(pack[:size])
        pack = pack[size:]
    return {"dealer": players - 1, "hands": hands, "discard": pack[:upcards],
            "stock": pack[upcards:]}


@pytest.mark.parametrize(("name", "sizes", "upcards", "fault"), [
    ("gin", [10, 10], 1, None),
    ("gin", [11, 10], 1, "setup.hands[0] holds 11 cards"),
    ("gin", [10, 10], 0, "setup.discard is empty"),
    ("gin_rlcard", [11, 10], 0, None),
    ("gin_rlcard", [10, 10], 1, "setup.hands[0] holds 10 cards; this deal gives seat 0 11"),
    ("gin_rlcard", [11, 10], 1, "this variant deals no upcard"),
])
def test_the_reference_refuses_a_deal_the_rules_do_not_make(
        name: str, sizes: list[int], upcards: int, fault: str | None) -> None:
    from rummy_spec.conformance.oracle.reference import ReferenceEngine
    from rummy_spec.conformance.wire.engine import EngineError, NewGame

    engine = ReferenceEngine()
    game = NewGame(name, (), 2, _deal(name, 2, sizes, upcards))
    if fault is None:
        engine.new(game)
        return
    with pytest.raises(EngineError, match=fault.replace("[", r"\[").replace("]", r"\]")):
        engine.new(game)
