"""The long run of the house-variant property: many generated variants, counted by exit.

``python -m tests.house.campaign --variants N [--seed S] [--out DIR]`` (or
``make house-fuzz``) generates house variants of the built-ins (:mod:`.generate`) until
N distinct texts have been run (a text generated again is counted, not run again), runs
every tool on each (:mod:`.outcomes`, the game seeded from the text) and prints how many
``check`` accepted and refused, and for every tool how many runs ended in each exit class,
with the CPU time taken.  Every variant that made a tool fail (exit 3, an exception, a
hang) is written to DIR with what the tool said, to be replayed with ``rummy-spec``.  A
one-game ``simulate`` past its CPU budget is written as slow-N with the command that
replays it and the warnings ``check`` gave (most slow games are of variants whose
contracts the deal cannot make without buying, which check warns of: such a round may
run to its turn cap deal after deal); :mod:`.finish` plays them to their end.
DIR/report.json holds the figures, rewritten every 500 variants while the run goes on.
Exit 0 when no tool failed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

from .generate import house_variant
from .outcomes import SIMULATE_SECONDS, run_tools

PROGRESS_EVERY = 500  # variants between two writes of the figures so far


class _Enough(BaseException):
    """Raised once N distinct variants have run: Hypothesis would otherwise go on
    generating (and dropping) examples up to its limit."""


def game_seed(text: str) -> int:
    """The seed of a variant's one game, from its text: a run is repeatable text by text."""
    return zlib.crc32(text.encode("utf-8")) % 1_000_000 + 1


def campaign(variants: int, start: int, out: Path, work: Path) -> dict[str, object]:
    clock = time.process_time()
    tally: Counter[str] = Counter()
    exits: dict[str, Counter[str]] = {}
    texts: set[str] = set()
    failures: list[str] = []
    slow: list[str] = []
    slow_warned: Counter[str] = Counter()  # the slow games by check's warnings
    parents: Counter[str] = Counter()

    @seed(start)
    @settings(max_examples=variants * 5, deadline=None, database=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(house_variant())
    def one(pair: tuple[str, str]) -> None:
        base, text = pair
        if len(texts) >= variants:
            raise _Enough  # enough distinct variants: stop generating
        tally["generated"] += 1
        if text in texts:
            return  # the same text gives the same outcome: counted, not run again
        tally["variants"] += 1
        parents[base] += 1
        texts.add(text)
        outcome = run_tools(text, work / "house.rummy", seed=game_seed(text))
        tally["accepted" if outcome.accepted else "refused by check"] += 1
        for tool, code in outcome.exits.items():
            exits.setdefault(tool, Counter())[code] += 1
        if outcome.bad:
            name = out / f"failure-{len(failures) + 1}.rummy"
            said = "\n".join(f"# {tool}: exit {code}\n" + "".join(
                f"#   {line}\n" for line in outcome.said.get(tool, "").splitlines())
                for tool, code in outcome.bad.items())
            name.write_text(said + text, encoding="utf-8")
            failures.append(str(name))
        elif outcome.slow:
            name = out / f"slow-{len(slow) + 1}.rummy"
            warned = ", ".join(outcome.warnings) or "nothing"
            name.write_text(f"# one game past {SIMULATE_SECONDS} CPU s: rummy-spec simulate "
                            f"--games 1 --seed {game_seed(text)} {name.name}\n"
                            f"# check warned of: {warned}\n" + text, encoding="utf-8")
            slow.append(str(name))
            slow_warned.update(outcome.warnings or ["nothing"])
        if tally["variants"] % PROGRESS_EVERY == 0:  # the figures so far, kept on disk
            _write(out, figures(), partial=True)

    def figures() -> dict[str, object]:
        return {"variants": tally["variants"], "generated": tally["generated"],
                "accepted": tally["accepted"], "refused": tally["refused by check"],
                "parents": dict(sorted(parents.items())),
                "exits": {tool: dict(sorted(c.items())) for tool, c in exits.items()},
                "failures": failures, "slow_games": slow,
                "slow_games_check_warned_of": dict(sorted(slow_warned.items())),
                "cpu_seconds": round(time.process_time() - clock, 1)}

    with contextlib.suppress(_Enough):
        one()
    return figures()


def _write(out: Path, figures: dict[str, object], partial: bool) -> str:
    report = json.dumps({**figures, "finished": not partial}, indent=2)
    (out / "report.json").write_text(report + "\n", encoding="utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.house.campaign",
                                     description=__doc__)
    parser.add_argument("--variants", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None,
                        help="where failing variants are written (default: a new "
                        "temporary directory)")
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="house-fuzz-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        figures = campaign(args.variants, args.seed, out, Path(work))
    print(_write(out, figures, partial=False))
    print(f"report and any failing variant: {out}")
    return 1 if figures["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
