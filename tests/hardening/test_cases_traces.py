"""Case files, traces and saved states from outside: bounded, refused with a place, and
replay never reading a file the user did not give."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_spec import decks
from rummy_spec.cli import run
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.suite.cases import MOST_STEPS, CaseError, load_case
from rummy_spec.conformance.suite.safe_yaml import YamlError, load_yaml
from rummy_spec.engine.game import Game
from rummy_spec.engine.io.trace import TraceError, replay, trace_lines
from rummy_spec.engine.records import codec
from rummy_spec.lang import load
from rummy_spec.simulate import play_out

CASE = suite_root() / "cases" / "gin" / "knock" / "ace-is-low-in-deadwood.yaml"


# ----- YAML ------------------------------------------------------------------------------

def test_billion_laughs_is_refused_at_the_first_anchor() -> None:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]\n"
        for i in range(8))
    with pytest.raises(YamlError, match=r"^:1:4: anchors and aliases"):
        load_yaml(text)


def test_duplicate_keys_are_refused_with_the_place() -> None:
    with pytest.raises(YamlError, match=r"^:3:1: the key 'players' is written twice"):
        load_yaml("players: 2\nvariant: gin\nplayers: 3\n")


def test_a_date_is_read_as_the_text_written() -> None:
    assert load_yaml("rule: 2024-01-01\n") == {"rule": "2024-01-01"}


@pytest.mark.parametrize("text, words", [
    ("players: " + "9" * 5000 + "\n", "an integer of 5000 digits"),
    ("a: " + "[" * 65 + "]" * 65 + "\n", "nested more than 64"),
    ("a: " + "x" * (5 * 2**20) + "\n", "too large"),
])
def test_bounded_yaml(text: str, words: str) -> None:
    with pytest.raises(YamlError, match=words):
        load_yaml(text)
    assert load_yaml("players: " + "9" * 18 + "\n") == {"players": int("9" * 18)}
    assert load_yaml("a: " + "[" * 63 + "]" * 63 + "\n") is not None  # 64 with the map


def test_brackets_ten_thousand_deep_are_not_yaml(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("a: " + "[" * 10_000 + "]" * 10_000 + "\n", encoding="utf-8")
    with pytest.raises(CaseError, match=r"not valid YAML|nested more than"):
        load_case(path, tmp_path)


def _case_text(**changes: str) -> str:
    text = CASE.read_text(encoding="utf-8")
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("edit, words", [
    ({"rule: 'the ace is low: Q-K-A is no run, so it counts as deadwood'": "rule: 2024-01-01"},
     None),
    ({"players: 2": "players: 2\nplayers: 3"}, "written twice"),
    ({"players: 2": "players: " + "2" * 4000}, "an integer of 4000 digits"),
    ({"options: []": "options: &x []\nfeatures: *x"}, "anchors and aliases"),
])
def test_bad_case_files_are_case_errors(tmp_path: Path, edit: dict[str, str],
                                        words: str | None) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(_case_text(**edit), encoding="utf-8")
    if words is None:  # a date where a rule is expected: the rule is the text written
        assert load_case(path, tmp_path).rule == "2024-01-01"
        return
    with pytest.raises(CaseError, match=words):
        load_case(path, tmp_path)


def test_a_case_of_too_many_steps(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    step = "- {act: {type: pass, player: 0}, expect: accepted}\n"
    text = _case_text().split("steps:\n")[0] + "steps:\n" + step * (MOST_STEPS + 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CaseError, match="more than the 10,000 a case may hold"):
        load_case(path, tmp_path)


def test_one_bad_case_file_keeps_the_others_results(tmp_path: Path) -> None:
    root = tmp_path / "cases"
    (root / "gin" / "knock").mkdir(parents=True)
    for src in sorted(CASE.parent.glob("*.yaml"))[:3]:
        (root / "gin" / "knock" / src.name).write_bytes(src.read_bytes())
    (root / "gin" / "knock" / "zz-bad.yaml").write_text("a: &x 1\nb: *x\n", encoding="utf-8")
    report = tmp_path / "r.json"
    out = run(["conformance", "run", "--engine", "reference", "--cases", str(root),
               "--report", "json", str(report)])
    assert out.code == 1, out
    assert "errored  gin/knock/zz-bad" in out.out and "anchors and aliases" in out.out
    assert "3 passed, 0 failed, 1 errored (of 4 cases" in out.out
    data = json.loads(report.read_text(encoding="utf-8"))
    assert len(data["cases"]) == 4


# ----- traces ----------------------------------------------------------------------------

def _trace(tmp_path: Path, variant: str = "gin") -> list[str]:
    out = play_out(load(variant), 2, 3, "random", turn_cap=10, deal_cap=1)
    return trace_lines(out.game)


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _header(lines: list[str], **changes: object) -> list[str]:
    head = json.loads(lines[0])
    head.update(changes)
    return [json.dumps(head), *lines[1:]]


def test_a_crafted_trace_cannot_print_another_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.rummy"
    secret.write_text("TOPSECRET hunter2 {\n", encoding="utf-8")
    lines = _trace(tmp_path)
    for crafted in (_header(lines, path=str(secret)),
                    _header(lines, path=str(secret), variant=str(secret)),
                    _header(lines, path="/proc/self/environ", variant="/proc/self/environ")):
        path = _write(tmp_path, crafted)
        out = run(["replay", str(path)])
        text = out.out + out.err
        assert "hunter2" not in text and "TOPSECRET" not in text
        assert "PATH=" not in text
        if json.loads(crafted[0])["variant"] == "gin":
            assert out.code == 0, out  # the built-in gin, the path ignored
        else:
            assert out.code == 1 and "neither built in nor declared" in out.err


def test_a_user_spec_replays_with_spec_and_only_with_its_own_text(tmp_path: Path) -> None:
    spec = tmp_path / "mine.rummy"
    spec.write_text('variant g "G" extends gin { knock { deadwood 9 } }\n', encoding="utf-8")
    folder = tmp_path / "tr"
    assert run(["simulate", str(spec), "--games", "1", "--trace", str(folder)]).code == 0
    assert run(["replay", str(folder)]).code == 1
    assert run(["replay", str(folder), "--spec", str(spec)]).code == 0
    spec.write_text('variant g "G" extends gin { knock { deadwood 8 } }\n', encoding="utf-8")
    out = run(["replay", str(folder), "--spec", str(spec)])
    assert out.code == 1 and "spec_sha256 differs" in out.err


@pytest.mark.parametrize("change, words", [
    ({"players": 10**9}, "players 1000000000: must be from 2 to 2"),
    ({"players": 1e9}, "players: a whole number is needed"),
    ({"seed": "x"}, "seed: a whole number is needed"),
    ({"turn_cap": 10**12}, "turn_cap 1000000000000: must be from 1 to 1000000"),
    ({"variant": ["gin"]}, "is neither built in"),
    ({"options": "jokers"}, "options: a list of names"),
])
def test_trace_headers_are_checked_before_the_game(tmp_path: Path, change: dict[str, object],
                                                   words: str) -> None:
    with pytest.raises(TraceError, match=words.replace("(", r"\(")):
        replay(_write(tmp_path, _header(_trace(tmp_path), **change)))


@pytest.mark.parametrize("line, words", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"step": ' + "9" * 5000 + "}", "an integer of 5000 digits"),
    ('{"step": 0, "action": {"type": "draw\\u001b[2J", "player": 0}}', "bad action"),
])
def test_bad_trace_lines(tmp_path: Path, line: str, words: str) -> None:
    lines = _trace(tmp_path)
    path = _write(tmp_path, [lines[0], line, *lines[1:]])
    with pytest.raises(TraceError, match=words) as err:
        replay(path)
    assert "\x1b" not in str(err.value)
    out = run(["replay", str(path)])
    assert out.code == 1 and "\x1b" not in out.err and len(out.err) < 1000


# ----- saved states ----------------------------------------------------------------------

@pytest.mark.parametrize("change, words", [
    ({"phase": "bogus"}, "phase: 'bogus' is not a phase"),
    ({"players": 3}, "seats: 2 seats for 3 players"),
    ({"dealer": 7}, "dealer: no seat 7"),
    ({"turn": True}, "turn: a whole number is needed"),
    ({"round": 0}, "round: 0 is below 1"),
])
def test_impossible_states_are_refused(change: dict[str, object], words: str) -> None:
    g = Game(load("gin"), 2, 1)
    with pytest.raises(codec.CodecError, match=words):
        codec.state_from_json(g.rules.table, {**g.state_json(), **change}, g.rules.wild)


def test_thirty_copies_of_a_card_are_refused() -> None:
    g = Game(load("gin"), 2, 1)
    data = g.state_json()
    data["stock"] = data["stock"] + ["AS"] * 29
    with pytest.raises(codec.CodecError, match="AS is held 30 times, but the pack has 1"):
        codec.state_from_json(g.rules.table, data, g.rules.wild,
                              lambda players, extra: decks.full_deck(g.variant, players, extra))
    back = codec.state_from_json(g.rules.table, g.state_json(), g.rules.wild,
                                 lambda players, extra: decks.full_deck(g.variant, players,
                                                                        extra))
    assert back == g.state
