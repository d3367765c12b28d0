"""Every checked spec renders and plays: whatever ``check`` accepts of a generated house
variant, ``show``, ``show --json``, ``rulebook`` in every format, the language server and a
seeded one-game ``simulate`` answer with exit 0 or 1, never 3.  A sample here; the long run
is ``make house-fuzz`` (:mod:`.campaign`)."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from .generate import builtins, catalogue, house_variant
from .outcomes import run_tools

SEEN: Counter[str] = Counter()


@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(pair=house_variant())
def test_whatever_check_accepts_renders_and_plays(pair: tuple[str, str],
                                                 tmp_path: Path) -> None:
    _, text = pair
    outcome = run_tools(text, tmp_path / "house.rummy")
    SEEN["accepted" if outcome.accepted else "refused"] += 1
    assert not outcome.bad, (text, outcome.bad, outcome.said)
    if outcome.accepted:
        assert set(outcome.exits) >= {"show", "show --json", "rulebook rst", "rulebook md",
                                      "rulebook html", "lsp", "simulate"}


def test_the_sample_reaches_both_verdicts_of_check() -> None:
    """The generator makes variants check accepts and ones it refuses (run after the
    property above, in file order)."""
    if not SEEN:
        pytest.skip("run with the property test")
    assert SEEN["accepted"] > 0 and SEEN["refused"] > 0, SEEN


def test_the_catalogue_holds_every_section_of_the_built_ins() -> None:
    found = catalogue()
    for rule in ("deck", "deal", "contracts", "claim", "score", "game", "knock", "cut"):
        assert found[rule], rule
    assert len(builtins()) >= 14


@pytest.mark.parametrize("parent", ["contract", "liverpool"])
def test_an_eighth_round_with_a_new_deal_renders_and_plays(parent: str,
                                                           tmp_path: Path) -> None:
    """The example that crashed ``rulebook`` (exit 3) once the checker accepted it."""
    text = (f'variant house "Eight hands" extends {parent} {{\n'
            "    deal { cards by round { 1..4: 10, 5..8: 12 } }\n"
            "    contracts { 8: 4 sets }\n}\n")
    outcome = run_tools(text, tmp_path / "house.rummy")
    assert outcome.accepted and not outcome.bad, outcome.said
    assert all(code == "0" for code in outcome.exits.values()), outcome.exits


def test_a_tie_break_hand_of_contracts_played_together(tmp_path: Path) -> None:
    """Every hand a tie (nothing scores): the tie-break hand replays the last round's
    contract, where it once asked for a round past the schedule (exit 3)."""
    text = ('variant tie "Tie" {\n    players 2..2\n    deck { decks 1 }\n'
            "    set { min 3 }\n    run { min 3 }\n    deal { cards 7 }\n"
            "    contracts { 1: 1 set, 2: 1 run }\n    score { A..K: 0 }\n"
            "    game { ends after all rounds, ties replay last contract }\n}\n")
    outcome = run_tools(text, tmp_path / "tie.rummy")
    assert outcome.accepted and not outcome.bad, outcome.said
    assert outcome.exits["simulate"] == "0"


def test_a_game_past_its_budget_is_slow_and_a_tool_past_its_budget_hangs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is CPU time: a one-game simulate past its budget is counted slow (the
    engine's caps end every game), any other tool past its budget is a hang, a failure.
    The command line is replaced by one that spins on the planted tool."""
    from . import outcomes

    def spinning(tool: str) -> object:
        def main(args: list[str]) -> int:
            start = time.process_time()
            while args[0] == tool and time.process_time() - start < 5:
                pass
            return 0
        return main

    text = "variant h extends gin {\n    deal { cards 10 }\n}\n"
    monkeypatch.setattr(outcomes, "SIMULATE_SECONDS", 0.2)
    monkeypatch.setattr(outcomes, "HANG_SECONDS", 0.2)
    monkeypatch.setattr(outcomes, "main", spinning("simulate"))
    outcome = run_tools(text, tmp_path / "h.rummy")
    assert outcome.exits["simulate"] == "slow" and outcome.slow and not outcome.bad
    monkeypatch.setattr(outcomes, "main", spinning("show"))
    outcome = run_tools(text, tmp_path / "h.rummy")
    assert outcome.bad == {"show": "hang", "show --json": "hang"}  # both spin
    assert outcome.exits["simulate"] == "0"


def test_a_child_its_parent_does_not_play_for_shows_without_the_comparison(
        tmp_path: Path) -> None:
    """A house variant letting three play Continental (4..8) checked clean and ``show``,
    which shows a child at its least count and compares it with its parent, refused it
    with exit 2.  It is shown, saying why no comparison is made; the outcome counts only
    0 and 1 as answers."""
    text = ('variant house "Three at the table" extends continental {\n'
            "    deck { decks 3 }\n    players 3+\n}\n")
    outcome = run_tools(text, tmp_path / "house.rummy")
    assert outcome.accepted and not outcome.bad, (outcome.exits, outcome.said)
    assert outcome.exits["show"] == "0", outcome.exits
    from rummy_spec.cli.show import show_text

    shown = show_text(str(tmp_path / "house.rummy"))
    assert "house is not compared with its parent continental: continental is played " \
           "by 4..8 players, not 3." in " ".join(shown.split())
    assert "What house changes from continental" not in shown
    compared = show_text(str(tmp_path / "house.rummy"), players=4)
    assert "What house changes from continental, for 4 players" in compared


def test_a_claim_game_with_no_contracts_simulates(tmp_path: Path) -> None:
    """Rummy with a buy added: the default bot measured a buy by the round's contract,
    which Rummy has none of, and ``simulate`` ended in exit 3 (found by the long run)."""
    text = ('variant house "House rummy" extends rummy {\n'
            '    buy "I want it" { penalty 1, priority first caller }\n}\n')
    outcome = run_tools(text, tmp_path / "house.rummy", seed=1)
    assert outcome.accepted and outcome.exits["simulate"] == "0", (outcome.exits,
                                                                   outcome.said)


def test_a_game_cut_inside_the_command_line_is_slow_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The alarm fires inside the real command line, whose last-resort handler turns an
    exception into "internal error" (exit 3): the cut must pass through it."""
    from . import outcomes

    text = "variant h extends liverpool {\n    deal { cards 12 }\n}\n"
    monkeypatch.setattr(outcomes, "SIMULATE_SECONDS", 0.001)
    outcome = run_tools(text, tmp_path / "h.rummy", seed=3)
    assert outcome.exits["simulate"] == "slow", (outcome.exits, outcome.said)


def test_the_campaign_runs_each_text_once_and_writes_slow_games_to_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget no game meets, every accepted variant's game is slow: each is written
    with the command that replays it (its seed taken from its text), and :mod:`.finish`
    finds them in the order written; a text is run once however often generated."""
    from . import campaign, finish, outcomes

    monkeypatch.setattr(outcomes, "SIMULATE_SECONDS", 0.001)
    out = tmp_path / "out"
    out.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    figures = campaign.campaign(6, 2, out, work)
    assert figures["variants"] == 6 and figures["failures"] == []
    generated = figures["generated"]
    assert isinstance(generated, int) and generated >= 6
    slow = figures["slow_games"]
    accepted = figures["accepted"]
    assert isinstance(slow, list) and isinstance(accepted, int)
    assert len(slow) == accepted > 0
    assert [p.name for p in finish.slow_files(out)] == [Path(name).name for name in slow]
    for name in slow:
        first, second, text = Path(name).read_text(encoding="utf-8").split("\n", 2)
        assert f"--seed {campaign.game_seed(text)} {Path(name).name}" in first
        codes = outcomes.check_warnings(Path(name))
        assert second == f"# check warned of: {', '.join(codes) or 'nothing'}"
    told = figures["slow_games_check_warned_of"]
    assert isinstance(told, dict) and sum(told.values()) >= len(slow)


def test_a_slow_game_is_played_to_its_end_with_its_own_seed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from .finish import main
    from .outcomes import finish_game

    slow = tmp_path / "slow-1.rummy"
    slow.write_text("# one game past 30 CPU s: rummy-spec simulate --games 1 --seed 7 "
                    "slow-1.rummy\nvariant h extends gin {\n    deal { cards 10 }\n}\n",
                    encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    ended = finish_game(slow, work)
    # the game ends (the compiled engine plays it in under a tenth of a second)
    assert ended["exit"] == "0" and isinstance(ended["cpu_seconds"], float), ended
    assert main([str(tmp_path)]) == 0
    assert "1 slow games played to their end: 1 ended with exit 0 or 1" in \
        capsys.readouterr().out
    assert (tmp_path / "finished.json").exists()
    slow.write_text("# no seed here\nvariant h extends gin {\n}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="names no --seed"):
        finish_game(slow, work)


def test_slow_games_are_sorted_by_what_check_warned_of(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A contract the deal cannot make is warned of (W103), and the finisher counts such
    games apart; ``--unwarned`` plays only the others."""
    from .finish import main, warned
    from .outcomes import warning_codes

    assert warning_codes("h.rummy:3:17: W103 deal-below-contract: round 1 needs ...\n"
                         "h.rummy:3:17: W104 no-buyer: round 1's contract ...\n"
                         "h.rummy: ok (house), 2 warnings\n") == [
        "W103 deal-below-contract", "W104 no-buyer"]
    short = tmp_path / "slow-1.rummy"
    short.write_text("# one game past 5 CPU s: rummy-spec simulate --games 1 --seed 3 "
                     "slow-1.rummy\nvariant h extends twelve_step {\n"
                     "    contracts { 13: 2 runs + 2 runs }\n}\n", encoding="utf-8")
    plain = tmp_path / "slow-2.rummy"
    plain.write_text("# one game past 5 CPU s: rummy-spec simulate --games 1 --seed 7 "
                     "slow-2.rummy\nvariant h extends gin {\n    deal { cards 10 }\n}\n",
                     encoding="utf-8")
    codes = warned(tmp_path)
    assert "W103 deal-below-contract" in codes["slow-1.rummy"]
    assert codes["slow-2.rummy"] == []
    assert main([str(tmp_path), "--unwarned", "--seconds", "60"]) == 0
    said = capsys.readouterr().out
    assert "2 slow games: 1 of variants check warned of, 1 of variants it did not" in said
    assert "1 slow games played to their end: 1 ended with exit 0 or 1" in said
    finished = json.loads((tmp_path / "finished.json").read_text(encoding="utf-8"))
    assert list(finished) == ["slow-2.rummy"]


def test_a_last_card_only_another_players_meld_takes_is_not_left(tmp_path: Path) -> None:
    """Under ``lay off { on own melds only }`` and going out by meld, a lay-off that left
    a last card fitting only another player's meld stranded it: it could be neither laid
    off nor discarded, and the game stopped with no legal action (exit 3; the default
    run's house sample found it).  The card must fit one of the player's own melds."""
    text = ('variant house "House contract_wikipedia" extends contract_wikipedia {\n'
            "    lay off { on own melds only }\n}\n")
    outcome = run_tools(text, tmp_path / "house.rummy", seed=1)
    assert outcome.exits["simulate"] == "0", outcome.said
