"""Play the games the house campaign cut as slow to their end.

``python -m tests.house.finish DIR [--limit K] [--unwarned] [--seconds S]`` takes the
slow-N.rummy files the campaign wrote to DIR (each names its seed on its first line), in
the order they were written, and first sorts them by the warnings ``check`` gives each
(most are variants whose contracts the deal cannot make without buying: check warns of
them, and their rounds may run to the turn cap deal after deal).  Then it plays each
one-game ``simulate`` again (``--unwarned``: only those check gave no warning) with
``S`` CPU seconds (default ``FINISH_SECONDS``) instead of the campaign's budget, and
records its exit and CPU time in DIR/finished.json, rewritten after every game so that
an interrupted run keeps what it did.  Exit 0 when every game played ended with 0 or 1
(an answer), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

from . import outcomes
from .outcomes import check_warnings, finish_game


def slow_files(folder: Path) -> list[Path]:
    """The slow games in the order the campaign wrote them (slow-2 before slow-10)."""
    found = [(int(m.group(1)), p) for p in folder.glob("slow-*.rummy")
             if (m := re.fullmatch(r"slow-(\d+)\.rummy", p.name))]
    return [p for _, p in sorted(found)]


def warned(folder: Path) -> dict[str, list[str]]:
    """Each slow game's file name and the warnings check gives it (checked again here, so
    that files written before the campaign recorded them are sorted too)."""
    return {slow.name: check_warnings(slow) for slow in slow_files(folder)}


def finish(folder: Path, limit: int | None, unwarned: bool = False,
           seconds: float | None = None) -> dict[str, dict[str, str | float]]:
    ended: dict[str, dict[str, str | float]] = {}
    chosen = slow_files(folder)
    if unwarned:
        chosen = [slow for slow in chosen if not check_warnings(slow)]
    with tempfile.TemporaryDirectory() as work:
        for slow in chosen[:limit]:
            ended[slow.name] = finish_game(slow, Path(work), seconds)
            (folder / "finished.json").write_text(json.dumps(ended, indent=2) + "\n",
                                                  encoding="utf-8")
    return ended


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.house.finish",
                                     description=__doc__)
    parser.add_argument("folder", type=Path, help="the campaign's output folder")
    parser.add_argument("--limit", type=int, default=None,
                        help="play at most this many slow games (default: all)")
    parser.add_argument("--unwarned", action="store_true",
                        help="play only the slow games of variants check gave no warning")
    parser.add_argument("--seconds", type=float, default=outcomes.FINISH_SECONDS,
                        help="CPU seconds a game may take (default: %(default)s)")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder}: no such folder")
    if args.limit is not None and args.limit < 0:
        parser.error(f"--limit {args.limit}: give 0 or more")
    if args.seconds <= 0:
        parser.error(f"--seconds {args.seconds}: give a time above 0")
    codes = warned(args.folder)
    tally = Counter(code for found in codes.values() for code in found)
    print(f"{len(codes)} slow games: {sum(1 for f in codes.values() if f)} of variants "
          f"check warned of, {sum(1 for f in codes.values() if not f)} of variants it "
          "did not" + "".join(f"\n  {code}: {n}" for code, n in sorted(tally.items())))
    ended = finish(args.folder, args.limit, args.unwarned, args.seconds)
    answers = sum(1 for e in ended.values() if e["exit"] in ("0", "1"))
    cpu = [float(e["cpu_seconds"]) for e in ended.values()]
    print(f"{len(ended)} slow games played to their end: {answers} ended with exit 0 or 1"
          + (f"; CPU s per game: least {min(cpu)}, most {max(cpu)}, total {sum(cpu):.0f}"
             if cpu else ""))
    for name, e in ended.items():
        if e["exit"] not in ("0", "1"):
            print(f"{name}: exit {e['exit']}\n{e.get('said', '')}")
    return 0 if answers == len(ended) else 1


if __name__ == "__main__":
    sys.exit(main())
