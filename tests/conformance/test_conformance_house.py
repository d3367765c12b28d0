"""House variants: a spec file wherever the kit takes a variant's name.

The proof: ``conformance/examples/backyard.rummy`` (Continental with runs of three and a
free "May I?") is generated, run, perft-checked and fuzzed against the reference behind
the protocol serving that file, with nothing declined; an engine of it that forgets one
house rule is caught by the fuzz, and the find replays as written.  Around it, the
mistakes an implementer makes: a path that is not there, a spec with errors, a house
variant with a built-in's name, an engine claiming a file the run was not given, a run
that compares nothing.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from implementer_support import shell

from rummy_spec.cli import run as cli
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.authoring.author import complete_setup, dump_case, record
from rummy_spec.conformance.broken import command
from rummy_spec.conformance.suite.variants import (
    VariantClash,
    claims,
    forget,
    load_spec_file,
    spec_of,
    with_spec,
)
from rummy_spec.lang import LookupFailure, SpecError

HOUSE = suite_root() / "examples" / "backyard.rummy"
PY = shlex.quote(sys.executable)
SERVED = f"{PY} -m rummy_spec.conformance.reference_engine {shlex.quote(str(HOUSE))}"
MISBEHAVE = f"{PY} {Path(__file__).resolve().parent / 'engines' / 'misbehave.py'}"


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    """Each test registers the spec files it gives, as a command does."""
    forget()
    yield
    forget()


def _cli(*args: str, cwd: Path | None = None, timeout: float = 600
         ) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", *args],
                          capture_output=True, text=True, timeout=timeout, check=False,
                          cwd=cwd, env=env)


# ----- the spec file and hello -----------------------------------------------------------

def test_a_spec_file_is_known_by_name_file_name_and_content_hash() -> None:
    spec = load_spec_file(HOUSE)
    digest = hashlib.sha256(HOUSE.read_bytes()).hexdigest()
    assert spec.names == ("backyard",) and spec.sha256 == digest
    assert spec_of("backyard") is spec
    for word in ("backyard", "backyard.rummy", "some/dir/backyard.rummy",
                 f"sha256:{digest}", f"sha256:{digest[:12]}"):
        assert claims(frozenset({word}), "backyard"), word
    for word in ("continental", "other.rummy", f"sha256:{digest[:8]}", "sha256:" + "0" * 64):
        assert not claims(frozenset({word}), "backyard"), word
    assert claims(None, "backyard")  # "*"


def test_a_house_variant_may_not_take_a_built_in_name(tmp_path: Path) -> None:
    clash = tmp_path / "mine.rummy"
    clash.write_text("variant gin extends gin { deal { cards 11 } }\n", encoding="utf-8")
    with pytest.raises(VariantClash, match="the name of a built-in variant"):
        load_spec_file(clash)
    with pytest.raises(LookupFailure, match="no such spec file"):
        load_spec_file(tmp_path / "nope.rummy")
    bad = tmp_path / "bad.rummy"
    bad.write_text("variant mine extends continental { deal { cards 60 } }\n", encoding="utf-8")
    with pytest.raises(SpecError):
        load_spec_file(bad)


@pytest.mark.parametrize(("args", "code", "words"), [
    (["fuzz", "--engine", "reference", "--variant", "nope.rummy"], 2,
     "--variant nope.rummy: no such spec file"),
    (["fuzz", "--engine", "reference", "--variant", "contintental"], 2,
     "did you mean 'continental'?"),
    (["generate", "--variant", str(HOUSE)], 2, "need --out DIR"),
    (["perft", "--engine", "reference", "--variant", "no/such.rummy"], 2, "no such spec file"),
    (["run", "--engine", "reference", "--variant", str(HOUSE)], 2,
     "no case of house variant 'backyard'"),
    (["perft", "--engine", "reference", "--variant", str(HOUSE)], 1,
     "no perft position of backyard"),
])
def test_mistakes_get_a_clear_message(args: list[str], code: int, words: str) -> None:
    out = cli(["conformance", *args])
    assert out.code == code and words in out.err, (out.code, out.err)
    assert "Traceback" not in out.err


def test_a_spec_with_errors_shows_its_diagnostics(tmp_path: Path) -> None:
    bad = tmp_path / "bad.rummy"
    bad.write_text("variant mine extends continental {\n  deal { cards many }\n}\n",
                   encoding="utf-8")
    out = cli(["conformance", "fuzz", "--engine", "reference", "--variant", str(bad)])
    assert out.code == 1 and "bad.rummy:2" in out.err and "Traceback" not in out.err
    clash = tmp_path / "clash.rummy"
    clash.write_text("variant gin extends gin { deal { cards 11 } }\n", encoding="utf-8")
    out = cli(["conformance", "fuzz", "--engine", "reference", "--variant", str(clash)])
    assert out.code == 1 and "give the house variant a name of its own" in out.err


# ----- the proof -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The house variant's golden traces and perft file, made by ``generate``."""
    out = tmp_path_factory.mktemp("backyard")
    done = _cli("generate", "--variant", str(HOUSE), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "3 files" in done.stdout
    return out


def test_generate_makes_traces_and_perft_that_name_the_spec(made: Path) -> None:
    trace = (made / "cases" / "backyard" / "golden" / "seed-1.yaml").read_text()
    digest = hashlib.sha256(HOUSE.read_bytes()).hexdigest()
    assert "variant: backyard\nspec:\n" in trace and f"sha256: {digest}" in trace
    perft = (made / "perft" / "backyard.yaml").read_text()
    assert f"sha256: {digest}" in perft and "name: backyard-opening" in perft
    again = _cli("generate", "--variant", str(HOUSE), "--out", str(made))
    assert again.returncode == 0
    assert (made / "cases" / "backyard" / "golden" / "seed-1.yaml").read_text() == trace


def test_the_reference_serving_the_file_passes_traces_and_perft(made: Path) -> None:
    run = _cli("run", "--engine", SERVED, "--cases", str(made / "cases"))
    assert run.returncode == 0 and "2 passed, 0 failed (of 2 cases" in run.stdout, run.stdout
    perft = _cli("perft", "--engine", SERVED, "--perft", str(made / "perft"))
    assert perft.returncode == 0, perft.stdout + perft.stderr
    assert "2 of 2 positions passed, 0 skipped" in perft.stdout


def test_the_perft_file_of_a_variant_named_with_an_underscore_loads(tmp_path: Path) -> None:
    """four_jokers: the positions are named four-jokers-..., the form a perft file wants."""
    jokers = suite_root() / "examples" / "four_jokers.rummy"
    done = _cli("generate", "--variant", str(jokers), "--only", "perft", "--out",
                str(tmp_path))
    assert done.returncode == 0, done.stderr
    perft = _cli("perft", "--engine", "reference", "--perft", str(tmp_path / "perft"),
                 "--variant", str(jokers))
    assert perft.returncode == 0, perft.stdout + perft.stderr
    assert "four-jokers-opening" in perft.stdout and "2 of 2 positions passed" in perft.stdout


def test_an_engine_not_claiming_the_house_variant_fails_saying_why(made: Path) -> None:
    plain = f"{PY} -m rummy_spec.conformance.reference_engine"
    run = _cli("run", "--engine", plain, "--cases", str(made / "cases"))
    assert run.returncode == 1
    assert "no case was run: all 2 were skipped" in run.stdout
    assert "hello may list backyard, backyard.rummy or sha256:" in run.stdout
    perft = _cli("perft", "--engine", plain, "--perft", str(made / "perft"))
    assert perft.returncode == 1 and "no position was checked" in perft.stderr
    fuzz = _cli("fuzz", "--engine", plain, "--variant", str(HOUSE), "--examples", "2",
                "--out", str(made / "none"))
    assert fuzz.returncode == 1 and "nothing to fuzz" in fuzz.stderr


def test_fuzz_against_the_served_file_declines_nothing(tmp_path: Path) -> None:
    done = _cli("fuzz", "--engine", SERVED, "--variant", str(HOUSE), "--examples", "3",
                "--steps", "80", "--out", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no disagreement in 3 games (backyard, 4 players" in done.stdout
    assert "declined" not in done.stdout


def test_a_broken_house_engine_is_caught_and_the_find_replays_as_written(
        tmp_path: Path) -> None:
    """The engine forgets that a May I? is free; the find names the spec file by a path
    relative to itself, so the printed replay works from anywhere."""
    broken = command("house-penalty-card")
    found = _cli("fuzz", "--engine", broken, "--variant", str(HOUSE), "--examples", "20",
                 "--shrink-seconds", "2", "--findings", "1", "--out", str(tmp_path / "finds"))
    assert found.returncode == 1 and "1 disagreement in" in found.stdout, found.stdout
    replay = re.search(r"replay: +rummy-spec conformance (.*)", found.stdout)
    assert replay is not None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    again = _cli(*shlex.split(replay.group(1)), cwd=elsewhere)
    assert again.returncode == 1 and "0 passed, 1 failed" in again.stdout, again.stdout
    case_dir = tmp_path / "finds"
    on_reference = _cli("run", "--engine", SERVED, "--cases", str(case_dir), cwd=elsewhere)
    assert on_reference.returncode == 0 and "1 passed" in on_reference.stdout


def test_a_changed_spec_file_is_refused_by_its_cases(made: Path, tmp_path: Path) -> None:
    spec = tmp_path / "backyard.rummy"
    spec.write_text(HOUSE.read_text(), encoding="utf-8")
    out = tmp_path / "suite"
    assert _cli("generate", "--variant", str(spec), "--out", str(out), "--only",
                "golden").returncode == 0
    case = out / "cases" / "backyard" / "golden" / "seed-1.yaml"
    assert "file: ../../../../backyard.rummy" in case.read_text()
    spec.write_text(HOUSE.read_text() + "# a comment changes the hash\n", encoding="utf-8")
    ran = cli(["conformance", "run", "--engine", "reference", "--cases", str(out / "cases")])
    assert ran.code == 1 and "has changed since the case was written" in ran.err, ran.err


# ----- runs that compare nothing, and claims the run lacks --------------------------------

def test_a_fuzz_whose_every_game_is_declined_fails(tmp_path: Path) -> None:
    out = cli(["conformance", "fuzz", "--engine", f"{MISBEHAVE} decline-all", "--variant",
               "rummy", "--examples", "3", "--out", str(tmp_path)])
    assert out.code == 1, out.out + out.err
    assert "nothing to fuzz: house rules not written yet" in out.err
    later = cli(["conformance", "fuzz", "--engine", f"{MISBEHAVE} decline-later", "--variant",
                 "rummy", "--examples", "3", "--out", str(tmp_path)])
    assert later.code == 1 and "the engine declined every game" in later.err, later.err
    assert "the engine declined 3 of them" in later.out


def test_an_engine_claiming_a_file_the_run_lacks_is_told(tmp_path: Path) -> None:
    out = cli(["conformance", "run", "--engine", f"{MISBEHAVE} claims-house", "--case",
               "rummy/turn/must-draw-first"])
    assert out.code == 0, out.out
    assert "the engine claims grandpa.rummy, sha256:0123456789abcdef, which this run was " \
           "not given" in out.out  # sorted: the same words in every run


@pytest.mark.parametrize(("mode", "why"), [
    ("house-only", "because the engine does not claim variant 'continental'; the engine "
                   "claims backyard.rummy"),
    ("decline-all", "because the engine declined the game: house rules not written yet"),
])
def test_the_shipped_suite_against_an_engine_that_plays_none_of_it_fails(
        mode: str, why: str) -> None:
    out = cli(["conformance", "run", "--engine", f"{MISBEHAVE} {mode}", "--variant",
               "continental"])
    assert out.code == 1, out.out
    assert "no case was run: all " in out.out and why in out.out, out.out


HANDS = ("5H 5S 5D 6C 7C 8C 2S 9D 10D KH QS JD", "6H 7H 8H 9H 10S JS QD KD KC 2D 3D 4D",
         "6D 7D 8D 10C JC QC 3S 4S 6S 7S 8S 10H", "3H 4H JH QH AS 9S 2C 3C 4C 9C KS 5C")
HOUSE_CASES = {
    "melds/run-of-three": ("a run of three cards is enough", 2, [
        "0 draw stock", "1 pass", "2 pass", "3 pass", "0 go_down 5H 5S 5D | 6C 7C 8C",
        "? table hands"]),
    "claims/may-i-is-free": ("a May I? takes the upcard alone, with no penalty card", 1, [
        "0 draw stock", "1 buy", "? hands stock_size"]),
}


def _house_cases(root: Path) -> None:
    load_spec_file(HOUSE)
    for name, (rule, round_, script) in HOUSE_CASES.items():
        setup = complete_setup("backyard", (), 4, HANDS, "8S", round_=round_)
        path = root / "backyard" / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = with_spec(record(rule, "backyard", 4, setup, script), path)
        path.write_text(dump_case(data, f"backyard/{name}"), encoding="utf-8")
    forget()  # the cases name their spec file themselves


def test_hand_written_house_cases_catch_each_broken_house_engine(tmp_path: Path) -> None:
    """Cases written with the kit's own recorder for the house rules: the reference
    serving the file passes both, each engine that forgets one house rule fails its one."""
    root = tmp_path / "cases"
    _house_cases(root)
    assert cli(["conformance", "run", "--engine", SERVED, "--cases", str(root)]).code == 0
    for broken, case in (("house-runs-of-four", "melds/run-of-three"),
                         ("house-penalty-card", "claims/may-i-is-free")):
        out = cli(["conformance", "run", "--engine", command(broken), "--cases", str(root)])
        assert out.code == 1 and "1 passed, 1 failed" in out.out, out.out
        assert f"failed   backyard/{case}" in out.out


PLUGIN = "rummy_spec.conformance.pytest_plugin"


@pytest.mark.skipif(not any(e.value == PLUGIN for e in importlib.metadata.entry_points(
    group="pytest11")), reason="the plugin's entry point is not installed here")
def test_the_pytest_plugin_runs_house_cases_for_an_engine_claiming_the_file(
        tmp_path: Path) -> None:
    root = tmp_path / "cases"
    _house_cases(root)
    engine = f"{PY} {shlex.quote(str(Path(__file__).parent / 'engines' / 'misbehave.py'))}"
    line = " ".join(shlex.quote(a) for a in (
        sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
        "--rummy-engine", f"{engine} house-only", "--rummy-cases", str(root)))
    done = shell(line, tmp_path)
    # it claims backyard.rummy but cannot play it: both cases collected, both declined
    assert "2 skipped" in done.stdout, done.stdout[-600:]
    served = line.replace(shlex.quote(f"{engine} house-only"), shlex.quote(SERVED))
    done = shell(served, tmp_path)
    assert done.returncode == 0 and "2 passed" in done.stdout, done.stdout[-600:]
