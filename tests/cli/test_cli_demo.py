"""``rummy-spec demo``: what ``make demo`` shows."""

from __future__ import annotations

from rummy_spec.lang import builtin_library

from .helpers import Cli


def test_demo_checks_every_built_in_and_shows_continental_for_five(cli: Cli) -> None:
    code, out, err = cli("demo")
    assert code == 0, out
    assert err == ""
    lines = out.splitlines()
    for name in builtin_library().decls:
        row = next(line for line in lines if line.startswith(f"  {name} "))
        assert row.rstrip().endswith("ok"), row
    assert any(line.startswith("ok: ") and "no errors" in line for line in lines)
    shown = out[out.index("continental for 5 players"):]
    assert "Continental Rummy  (continental, continental.rummy)" in shown
    assert "decks: 3" in shown and "jokers: 6 (2 per deck)" in shown


def test_demo_output_matches_show(cli: Cli) -> None:
    _, demo, _ = cli("demo")
    _, show, _ = cli("show", "continental", "--players", "5")
    assert demo.endswith(show)
