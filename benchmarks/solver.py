"""Contract solver speed: hands per second over random deals.

For each contract variant, every round's contract is solved for the same seeded random
hands (dealt from the full pack at four players, or the variant's minimum, with the
round's deal size); each figure is the median over passes of hands solved per second.
The headline is Continental over all seven rounds (12-card hands, jokers and red aces
wild, contracts of two or three melds), against the goal of 100,000 hands per second
(the compiled build is the one meant to meet it; run this from its checkout: the
first line says which build is loaded).
Free melding (:func:`best_melds`) is timed on Gin and plain Rummy hands.

CPU time (``time.process_time``) is the main figure, because a shared machine makes
wall time swing; the wall-clock figure is shown beside it.  The first pass warms the
solver's candidate caches, as a bot's first hands would, and is not counted.

Run ``python -m benchmarks.solver [--hands N] [--repeats R] [--variant NAME ...]``
(``--strict``: exit 1 when the Continental goal is missed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import form
from rummy_spec.decks import face_points, full_deck
from rummy_spec.engine.melding.melds import MeldRules, compile_rules
from rummy_spec.engine.solving.solver import Solution, best_melds, solve
from rummy_spec.lang import load
from rummy_spec.lang.expr import evaluate_int
from rummy_spec.lang.model import Contract, Contracts, Variant

GOAL = 100_000.0
CONTRACT_VARIANTS = ("continental", "liverpool", "shanghai", "contract", "ten_step",
                     "twelve_step", "seven_hand", "phase10")
FREE_VARIANTS = ("gin", "rummy")


def _players(v: Variant) -> int:
    top = v.players.max if v.players.max is not None else 8
    return max(v.players.min, min(4, top))


def _rate(work: Callable[[], int], repeats: int) -> tuple[float, float]:
    """(median hands per CPU second, median hands per wall second) over ``repeats``."""
    work()  # warm the caches
    cpu: list[float] = []
    wall: list[float] = []
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        n = work()
        c1, w1 = time.process_time(), time.perf_counter()
        cpu.append(n / max(c1 - c0, 1e-9))
        wall.append(n / max(w1 - w0, 1e-9))
    return statistics.median(cpu), statistics.median(wall)


def _solve(rules: MeldRules, hand: tuple[int, ...], contract: Contract, c: Contracts,
           points: Sequence[int | None]) -> Solution | None:
    """What a bot asks when it may go down: the variant's own contract options."""
    return solve(rules, hand, contract, count=c.count,
                 size="minimum" if contract.pat else c.size, same_suit_runs=c.same_suit_runs,
                 distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat, points=points)


def contract_rates(name: str, hands: int, repeats: int, seed: int = 1
                   ) -> list[tuple[str, int, float, float, int]]:
    """Per round: (contract, deal size, CPU rate, wall rate, hands with a solution)."""
    v = load(name)
    rules = compile_rules(v)
    points = face_points(v)
    players = _players(v)
    deck = full_deck(v, players)
    c = v.contracts
    out = []
    for contract in c.rounds:
        size = evaluate_int(v.deal.cards, players, contract.number) or 10
        rng = random.Random(seed * 1000 + contract.number)
        dealt = [tuple(rng.sample(deck, size)) for _ in range(hands)]
        found = sum(1 for hand in dealt if _solve(rules, hand, contract, c, points) is not None)

        def work(contract: Contract = contract, dealt: list[tuple[int, ...]] = dealt) -> int:
            for hand in dealt:
                _solve(rules, hand, contract, c, points)
            return len(dealt)

        cpu, wall = _rate(work, repeats)
        text = " + ".join(f"{e.count} {e.kind}" + (f" of {e.size}" if e.size else "")
                          for e in contract.elements) + (" (pat)" if contract.pat else "")
        out.append((text, size, cpu, wall, found))
    return out


def free_rate(name: str, hands: int, repeats: int, seed: int = 1) -> tuple[int, float, float]:
    v = load(name)
    rules = compile_rules(v)
    points = face_points(v)
    players = _players(v)
    size = evaluate_int(v.deal.cards, players) or 10
    deck = full_deck(v, players)
    rng = random.Random(seed)
    dealt = [tuple(rng.sample(deck, size)) for _ in range(hands)]

    def work() -> int:
        for hand in dealt:
            best_melds(rules, hand, points)
        return len(dealt)

    cpu, wall = _rate(work, repeats)
    return size, cpu, wall


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"not a whole number of at least 1: {text!r}")
    return n


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.solver",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=_positive, default=3000, help="hands per round (3000)")
    parser.add_argument("--repeats", type=_positive, default=5, help="timed passes (5)")
    parser.add_argument("--variant", action="append",
                        choices=CONTRACT_VARIANTS + FREE_VARIANTS, help="only these variants")
    parser.add_argument("--strict", action="store_true", help="exit 1 if the goal is missed")
    args = parser.parse_args(argv)
    names = args.variant or list(CONTRACT_VARIANTS + FREE_VARIANTS)
    headline: float | None = None
    print(f"engine build: {form()}")
    print(f"{'variant':<12} {'round':<34} {'cards':>5} {'hands/s cpu':>12} "
          f"{'hands/s wall':>12} {'solved':>7}")
    for name in names:
        if name in FREE_VARIANTS:
            size, cpu, wall = free_rate(name, args.hands, args.repeats)
            print(f"{name:<12} {'free melding (best_melds)':<34} {size:>5} {cpu:>12,.0f} "
                  f"{wall:>12,.0f} {'':>7}")
            continue
        rows = contract_rates(name, args.hands, args.repeats)
        for text, size, cpu, wall, found in rows:
            print(f"{name:<12} {text:<34} {size:>5} {cpu:>12,.0f} {wall:>12,.0f} "
                  f"{found / args.hands:>7.1%}")
        overall_cpu = len(rows) / sum(1 / r[2] for r in rows)
        overall_wall = len(rows) / sum(1 / r[3] for r in rows)
        print(f"{name:<12} {'all rounds':<34} {'':>5} {overall_cpu:>12,.0f} "
              f"{overall_wall:>12,.0f}")
        if name == "continental":
            headline = overall_cpu
    if headline is not None:
        verdict = "met" if headline >= GOAL else "MISSED"
        print(f"\nContinental, all rounds: {headline:,.0f} hands/s of CPU time "
              f"(goal {GOAL:,.0f}: {verdict})")
        if args.strict and headline < GOAL:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
