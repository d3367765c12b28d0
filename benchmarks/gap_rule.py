"""The contract solver under the gap rule, on hands of one or two suits.

Contract Rummy's runs of one suit must leave a rank between them, and the planner
measures pat hands again under that rule; a hand of one suit offers a hundred-odd runs,
nearly all of them overlapping, and every way the search picks must have its runs' ends
fixed apart.  This benchmark solves every round's contract of the three Contract
variants for seeded hands drawn from one or two suits and the wilds (9 to 16 cards),
under the gap rule, with minimum and exact sizes, and every seventh hand also lists its
best ways (:func:`solutions`).  It prints the CPU seconds and a digest of every answer:
run it from two checkouts to compare their speed and to see that the answers are the
same.

Run ``python -m benchmarks.gap_rule [--hands N]`` (N hands a variant, default 100).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_spec.decks import face_points, full_deck
from rummy_spec.engine.melding.melds import compile_rules
from rummy_spec.engine.solving.solver import Solution, solutions, solve
from rummy_spec.lang import load

VARIANTS = ("contract", "contract_wikipedia", "contract_bicycle")


def _plain(s: Solution | None) -> str:
    return "-" if s is None else repr((s.melds, s.rest))


def answers(hands: int) -> tuple[float, int, str]:
    """(CPU seconds, questions asked, digest of the answers) over ``hands`` hands a
    variant."""
    digest = hashlib.sha256()
    asked = 0
    spent = 0.0
    for name in VARIANTS:
        v = load(name)
        rules = compile_rules(v)
        points = face_points(v)
        c = v.contracts
        assert c is not None
        deck = full_deck(v, 4)
        rng = random.Random(name)
        for i in range(hands):
            suits = rng.sample(["S", "H", "D", "C"], rng.choice([1, 1, 2]))
            pool = [x for x in deck
                    if rules.is_wild[x] or rules.table.faces[x].suit in suits]
            hand = rng.sample(pool, min(len(pool), rng.randint(9, 16)))
            for contract in c.rounds:
                for size in ("minimum", "exact"):
                    start = time.process_time()
                    got = solve(rules, hand, contract.elements, count=c.count,
                                size=size,
                                same_suit_runs="gap", run_gap=c.run_gap,
                                distinct_set_ranks=c.distinct_set_ranks, points=points)
                    ways = solutions(rules, hand, contract.elements, count=c.count,
                                     size=size,
                                     same_suit_runs="gap", run_gap=c.run_gap,
                                     distinct_set_ranks=c.distinct_set_ranks,
                                     points=points, limit=5) if i % 7 == 0 else []
                    spent += time.process_time() - start
                    asked += 1
                    digest.update(_plain(got).encode())
                    for way in ways:
                        digest.update(_plain(way).encode())
    return spent, asked, digest.hexdigest()[:16]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.gap_rule",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=100,
                        help="hands a variant (100)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be positive")
    spent, asked, digest = answers(args.hands)
    print(f"{asked} questions ({args.hands} hands a variant, {', '.join(VARIANTS)}): "
          f"{spent:.2f} CPU s, digest {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
