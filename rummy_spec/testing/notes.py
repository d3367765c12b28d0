"""What a failing state machine run leaves in Hypothesis's notes: the game as a trace
that ``rummy-spec replay`` accepts, so the failure can be rerun and read outside
Hypothesis."""

from __future__ import annotations

import json

from hypothesis import note

from ..engine.game import Game
from ..engine.io.trace import trace_lines


def note_trace(game: Game) -> None:
    """The game's trace as JSON lines (its bare actions where the trace does not
    replay)."""
    try:
        lines = trace_lines(game)
    except Exception as err:  # the replay itself misbehaves: give the actions
        note(f"(the trace does not replay: {err}); actions:")
        for a in game.history:
            note(json.dumps(game.action_json(a)))
        return
    note("---- replayable trace: save these lines as a .jsonl file, then run "
         "`rummy-spec replay FILE` ----")
    for line in lines:
        note(line)
    note("---- end of trace ----")
