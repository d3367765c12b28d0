"""Play the games the house campaign cut as slow to their end.

``python -m tests.house.finish DIR [--limit K]`` takes the slow-N.rummy files the campaign
wrote to DIR (each names its seed on its first line), in the order they were written,
plays each one-game ``simulate`` again with ``FINISH_SECONDS`` of CPU instead of the
campaign's budget, and records its exit and CPU time in DIR/finished.json, rewritten
after every game so that an interrupted run keeps what it did.  Exit 0 when every game
played ended with 0 or 1 (an answer), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

from .outcomes import finish_game


def slow_files(folder: Path) -> list[Path]:
    """The slow games in the order the campaign wrote them (slow-2 before slow-10)."""
    found = [(int(m.group(1)), p) for p in folder.glob("slow-*.rummy")
             if (m := re.fullmatch(r"slow-(\d+)\.rummy", p.name))]
    return [p for _, p in sorted(found)]


def finish(folder: Path, limit: int | None) -> dict[str, dict[str, str | float]]:
    ended: dict[str, dict[str, str | float]] = {}
    with tempfile.TemporaryDirectory() as work:
        for slow in slow_files(folder)[:limit]:
            ended[slow.name] = finish_game(slow, Path(work))
            (folder / "finished.json").write_text(json.dumps(ended, indent=2) + "\n",
                                                  encoding="utf-8")
    return ended


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.house.finish",
                                     description=__doc__)
    parser.add_argument("folder", type=Path, help="the campaign's output folder")
    parser.add_argument("--limit", type=int, default=None,
                        help="play at most this many slow games (default: all)")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder}: no such folder")
    ended = finish(args.folder, args.limit)
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
