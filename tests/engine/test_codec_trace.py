"""The JSON form of actions, and traces of games played with an option.

Gaps found by mutation testing (docs/mutation.md): a Skip's chosen target lost on the way
to JSON, a missing player read without a codec error, and a trace replayed without the
options it names (the bot-game traces and the CLI's are all of games without options).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_spec.engine.game import Game
from rummy_spec.engine.io.trace import TraceError, replay, trace_lines, write_trace
from rummy_spec.engine.records import codec
from rummy_spec.engine.records.state import Move
from rummy_spec.lang import load
from rummy_spec.simulate import play_out


def _actions(game: Game) -> list[Move]:
    """One action of each shape, every optional field set somewhere."""
    card = game.rules.table.parse
    return [
        Move("draw", 1, source="discard"),
        Move("discard", 2, card=card("7H"), target=0),
        Move("lay_off", 0, card=card("JK"), meld=3, end="low"),
        Move("swap", 1, card=card("6H"), meld=1, wild_to=2),
        Move("go_down", 0, melds=((card("9C"), card("9D"), card("JK")),
                                    (card("5H"), card("6H"), card("7H"), card("8H")))),
        Move("pass", 2),
    ]


def test_every_action_field_survives_the_json_round_trip() -> None:
    game = Game(load("contract"), 3, 0)
    for action in _actions(game):
        data = game.action_json(action)
        assert game.parse_action(data) == action, data
        assert game.parse_action(json.loads(codec.dumps(data))) == action


def test_the_skip_target_is_written() -> None:
    game = Game(load("phase10", ("skip_chooser",)), 3, 0)
    skip = Move("discard", 0, card=game.rules.table.parse("SK"), target=2)
    assert game.action_json(skip)["target"] == 2


@pytest.mark.parametrize("data", [
    {"type": "draw", "source": "stock"},
    {"type": "draw", "player": None},
    {"type": "draw", "player": "1"},
    {"type": "draw", "player": True},
])
def test_a_missing_or_odd_player_is_a_codec_error(data: dict[str, object]) -> None:
    game = Game(load("rummy"), 2, 0)
    with pytest.raises(codec.CodecError):
        game.parse_action(data)


@pytest.mark.parametrize(("name", "option"), [
    ("rummy", "jokers_wild"),          # jokers in the pack
    ("contract", "more_jokers"),       # more jokers
    ("continental", "eleven_cards"),   # a different deal
    ("phase10", "skip_chooser"),       # Skips aimed at a chosen player (the target field)
])
def test_a_trace_of_a_game_with_an_option_replays(name: str, option: str,
                                                  tmp_path: Path) -> None:
    v = load(name, (option,))
    out = play_out(v, v.players.min, 3, "random", turn_cap=20, deal_cap=2)
    head = trace_lines(out.game)[0]
    assert f'"options":["{option}"]' in head and '"seed":3' in head
    path = tmp_path / "game.jsonl"
    write_trace(out.game, path)
    again = replay(path)
    assert again.steps == len(out.game.history)
    assert again.game.variant.enabled == v.enabled
    assert again.game.state_json() == out.game.state_json()


def test_the_skip_targets_of_a_game_replay(tmp_path: Path) -> None:
    """Phase 10 with ``skip_chooser``: a game whose trace holds aimed Skips replays."""
    v = load("phase10", ("skip_chooser",))
    for seed in range(20):
        out = play_out(v, 3, seed, "random", turn_cap=20, deal_cap=2)
        if any(a.target is not None for a in out.game.history):
            break
    else:  # pragma: no cover - the random bots throw a Skip within a few games
        pytest.fail("no aimed Skip in 20 games")
    path = tmp_path / "game.jsonl"
    write_trace(out.game, path)
    assert replay(path).game.state_json() == out.game.state_json()


def test_a_wrong_digest_is_caught(tmp_path: Path) -> None:
    v = load("rummy", ("jokers_wild",))
    out = play_out(v, 2, 3, "random", turn_cap=20, deal_cap=1)
    lines = trace_lines(out.game)
    assert len(lines) > 3
    lines[2] = lines[2].replace('"digest":"', '"digest":"0')
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TraceError):
        replay(path)
