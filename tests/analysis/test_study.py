"""The balance study: its cache is keyed by the spec texts, a cached configuration is
never replayed, the page's readings come from the numbers, and the committed page is
exactly what ``rummy-spec balance`` writes from the committed data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rummy_spec.analysis import runner, study
from rummy_spec.analysis.metrics import metrics
from rummy_spec.analysis.skill import PAIR, Skill, skill_change
from rummy_spec.analysis.study import (
    HOUSE,
    RULES,
    cached_files,
    compact,
    config_key,
    configs,
    expand,
    measure,
    measure_skill,
)
from rummy_spec.analysis.study_page import reading, rows
from rummy_spec.analysis.study_skill import reading as skill_reading
from rummy_spec.analysis.study_skill import skill_section
from rummy_spec.cli import main
from rummy_spec.simulate import GameRecord, RoundRecord

ROOT = Path(__file__).resolve().parents[2]


def _game(turns: int, winner: int, first: int = 0) -> GameRecord:
    rounds = (RoundRecord(1, 1, "out", "out", winner, turns, 1, 1, 0, 0, (), None,
                          tuple(0 if s == winner else 10 for s in range(4))),)
    return GameRecord(1, 4, ("planner",) * 4, rounds, 0, rounds[0].totals, (winner,), True,
                      0, first, True)


def test_ten_house_rules_or_more_on_three_games_each_with_its_source() -> None:
    assert len(RULES) >= 10
    assert {r.base for r in RULES} == {"continental", "liverpool", "contract"}
    assert all(r.source and (r.options or r.house) for r in RULES)
    for config in configs():  # every one is a variant that resolves without error
        study.resolve(config, ROOT)


def test_the_cache_key_follows_the_spec_text(tmp_path: Path) -> None:
    (tmp_path / HOUSE).parent.mkdir(parents=True)
    shutil.copy(ROOT / HOUSE, tmp_path / HOUSE)
    house = next(c for c in configs() if c.rule is not None and c.rule.house)
    base = configs()[0]
    before = config_key(house, tmp_path, 10, 1)
    assert before == config_key(house, ROOT, 10, 1)
    assert config_key(base, tmp_path, 10, 1) == config_key(base, ROOT, 10, 1)
    assert before != config_key(house, tmp_path, 11, 1)
    text = (tmp_path / HOUSE).read_text(encoding="utf-8")
    (tmp_path / HOUSE).write_text(text.replace("jokers 1 per deck", "jokers 0 per deck"),
                                  encoding="utf-8")
    assert config_key(house, tmp_path, 10, 1) != before


def test_every_configuration_has_a_key_and_files_of_its_own(tmp_path: Path) -> None:
    keys = [config_key(c, ROOT, 10, 1) for c in configs()]
    assert len(set(keys)) == len(keys)  # three house variants of one file differ too
    for c in configs():
        (tmp_path / f"{c.key}-{config_key(c, ROOT, 10, 1)}.json").write_text("{}")
    for c in configs():  # "continental" does not claim "continental-deuces-..."
        assert [p.name for p in cached_files(tmp_path, c)] == [
            f"{c.key}-{config_key(c, ROOT, 10, 1)}.json"]


def test_a_cached_configuration_is_read_not_played(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    config = configs()[0]
    first = measure(config, ROOT, tmp_path, 2, 1, 1, None)
    assert len(first.games) == 2

    def refuse(*_: object) -> list[GameRecord]:
        raise AssertionError("a cached configuration was played again")

    monkeypatch.setattr(study, "run", refuse)
    again = measure(config, ROOT, tmp_path, 2, 1, 1, None)
    assert [compact(g) for g in again.games] == [compact(g) for g in first.games]
    assert [m.estimate for m in metrics(again.games)] == [m.estimate for m in metrics(first.games)]
    assert expand(compact(first.games[0]), 4).turns == first.games[0].turns


def test_the_reading_says_what_the_numbers_say() -> None:
    base = [_game(20, 0), _game(22, 1), _game(18, 0), _game(20, 2)]
    rule = [_game(30, 0), _game(32, 0), _game(28, 0), _game(30, 0)]
    rs = rows(base, rule)
    length = rs[1]
    assert (length.base.estimate.value, length.rule.estimate.value) == (20, 30)
    assert length.diff == 10 and length.low < 10 < length.high and length.differs
    text = reading(rs, "a test rule", "Test Rummy", 4)
    assert "took 30 turns on average instead of 20: 10 turns longer" in text
    assert "The player who plays first won 100% of games against 50%" in text
    # 4 of 4 against 2 of 4: +50 points, 1.96 sqrt(0 / 4 + (1/3) / 4) = 57 points either
    # way (sample variances), cut at +100: two shares differ by at most 100 points
    assert "difference +50 points, 95% interval -7 to +100" in text
    assert "game length" in text.split("Measures that differ")[1]


def test_skill_games_are_cached_apart_and_read_not_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = configs()[0]
    assert config_key(config, ROOT, 2, 1, PAIR) != config_key(config, ROOT, 2, 1)
    first = measure_skill(config, ROOT, tmp_path, 2, 1, 1, None)
    assert [p.parent.name for p in tmp_path.rglob("*.json")] == ["skill"]
    # each seed twice: the planner in seats 0 and 2, then in seats 1 and 3
    assert [(g.seed, g.bots) for g in first.games] == [
        (1, ("planner", "greedy") * 2), (2, ("planner", "greedy") * 2),
        (1, ("greedy", "planner") * 2), (2, ("greedy", "planner") * 2)]

    def refuse(*_: object) -> list[GameRecord]:
        raise AssertionError("cached skill games were played again")

    monkeypatch.setattr(study, "run", refuse)
    again = measure_skill(config, ROOT, tmp_path, 2, 1, 1, None)
    assert [(g.seed, g.bots, g.winners, [r.kind for r in g.rounds]) for g in again.games] == [
        (g.seed, g.bots, g.winners, [r.kind for r in g.rounds]) for g in first.games]


def test_the_skill_reading_says_what_the_numbers_say() -> None:
    base = Skill("planner", "greedy", 200, 160.0, 0, 0)
    more = skill_change(base, Skill("planner", "greedy", 200, 190.0, 0, 0))
    less = skill_change(base, Skill("planner", "greedy", 200, 120.0, 2, 8))
    same = skill_change(base, Skill("planner", "greedy", 200, 164.0, 0, 0))
    text = skill_reading(more)
    # Wilson: 190 of 200 is 0.9104-0.9726, 160 of 200 0.7391-0.8495; Newcombe's
    # interval of the difference +0.15: 0.15 - hypot(0.0396, 0.0495) = +0.087 and
    # 0.15 + hypot(0.0226, 0.0609) = +0.215
    assert text.startswith("Skill: the planning bot won 95.0% [91.0-97.3] of 200 games "
                           "against the greedy bot with this rule, against 80.0% [73.9-85.0] "
                           "in the base game (difference +15.0 [+8.7, +21.5] points; "
                           "p < 0.001)")
    assert "Skill matters more with this rule" in text
    assert "Skill matters less with this rule" in skill_reading(less)
    assert "2 of these games (base and rule) were won by neither" in skill_reading(less)
    one = skill_change(base, Skill("planner", "greedy", 200, 120.0, 1, 0))
    assert "1 of these games (base and rule) was won by neither side alone and counts a " \
           "half" in skill_reading(one)
    assert ("Left out: 0 of the base game's 200 games and 8 of the rule's 208, each with a "
            "round stopped at the turn cap") in skill_reading(less)
    assert "Left out" not in text
    quiet = skill_reading(same)
    # pooled 324/400: z = 0.02 / sqrt(0.81 x 0.19 x 2/200) = 0.51, p = 0.61; the
    # interval (Newcombe's) runs from -5.7 to +9.7 points: 7.7 either way on average
    assert "p = 0.61" in quiet and "shows no change" in quiet and "matters more" not in quiet
    assert "a change of up to about 8 points either way would not show" in quiet
    assert "could hardly show it" not in quiet  # 80% in the base game leaves room
    high = skill_reading(skill_change(Skill("planner", "greedy", 200, 196.0, 0, 0),
                                      Skill("planner", "greedy", 200, 197.0, 0, 0)))
    assert "already wins 98% of the base game, so a rule that made skill matter more" in high
    lines, svg = skill_section([("A", "one", more), ("B", "two", less), ("C", "three", same)],
                               100)
    assert ("Skill matters more with 1 of the 3 rules (A, \u201cone\u201d), less with 1 "
            "(B, \u201ctwo\u201d), and this sample shows no change with the other 1. With 3 "
            "rules tested, about 0.2 marks at p < 0.05 would come by chance alone if no rule "
            "changed anything: a mark with p near 0.05 is a hint, one with p < 0.001 a "
            "finding.") in lines
    assert "| A | one | 80.0% [73.9-85.0] | 95.0% [91.0-97.3] | +15.0 [+8.7, +21.5] points "\
           "| < 0.001 **differs** | skill matters more |" in lines
    assert svg.startswith("<?xml")


def test_the_committed_page_is_what_the_command_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = ROOT / "docs" / "balance" / "data"
    if not (ROOT / "docs" / "balance.md").exists() or not data.exists():
        pytest.fail("docs/balance.md and docs/balance/data must be committed")
    pytest.importorskip("matplotlib")
    shutil.copytree(ROOT / "docs" / "balance", tmp_path / "docs" / "balance",
                    ignore=shutil.ignore_patterns("figures"))

    def refuse(*_: object, **__: object) -> list[GameRecord]:
        raise AssertionError("the page needed games the cache does not hold")

    monkeypatch.setattr(runner, "run", refuse)
    monkeypatch.setattr(study, "run", refuse)
    committed = (ROOT / "docs" / "balance.md").read_text(encoding="utf-8")
    games = int(committed.split("rummy-spec balance --games ")[1].split()[0])
    assert main(["balance", "--games", str(games), "--root", str(tmp_path)]) == 0
    assert (tmp_path / "docs" / "balance.md").read_text(encoding="utf-8") == committed
    for rule in RULES:
        assert (tmp_path / "docs" / "balance" / "figures" / f"{rule.key}.svg").exists()
    assert (tmp_path / "docs" / "balance" / "figures" / "skill.svg").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "0"], "--games 0: give a number from 1 to"),
    (["--root", "/nonexistent-root"], "no docs/ folder there"),
    (["--root", "{tmp}"], "house.rummy: no such spec file"),
])
def test_bad_arguments_are_refused_before_any_game(
        args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(study, "run", lambda *_: pytest.fail("a game was played"))
    code = main(["balance", *(a.replace("{tmp}", str(tmp_path)) for a in args)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "docs" / "balance.md").exists()
