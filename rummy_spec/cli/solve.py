"""``rummy-spec solve NAME|PATH --round R CARD...``: how a hand meets round R's contract.

Uses the contract solver with the variant's own contract settings (exact or minimum
counts and sizes, same-suit runs, distinct set ranks, pat contracts): the best way down
(the fewest points left in hand) with the melds, the cards left and their points (exit 0),
or that the hand cannot meet the contract (exit 1).  For a variant without contracts,
leave out ``--round``: the hand's best arrangement into melds and its deadwood is shown.
A round out of range or a card the pack does not hold is a usage error (exit 2).
"""

from __future__ import annotations

import argparse

from ..engine.records.rules import Rules, compile_variant
from ..engine.solving.search import SearchTooBig
from ..engine.solving.solver import Solution, best_melds, solve
from ..lang import model as m
from .base import FAILED, OK, Command, Outcome, UsageError, lines, whole_number
from .cardtext import cards_text, contract_text, meld_text, plural, read_cards, sorted_hand
from .games import players_for
from .show import add_variant_arguments, resolve


def _contract(variant: m.Variant, asked: int | None) -> m.Contract | None:
    rounds = variant.contracts.rounds
    if not rounds:
        if asked is not None:
            raise UsageError(f"--round {asked}: {variant.name} has no contracts; leave out "
                             "--round to see the hand's best melds")
        return None
    if asked is None:
        raise UsageError(f"name the contract: --round 1..{len(rounds)} ({variant.name} has "
                         f"{plural(len(rounds), 'contract')})")
    if not 1 <= asked <= len(rounds):
        raise UsageError(f"--round {asked}: {variant.name} has contracts for rounds "
                         f"1..{len(rounds)}")
    return rounds[asked - 1]


def best_way_down(rules: Rules, hand: list[int], contract: m.Contract) -> Solution | None:
    """The solver asked as the engine asks it when a player goes down."""
    c = rules.variant.contracts
    return solve(rules.melds, hand, contract, count=c.count,
                 size="minimum" if contract.pat else c.size, same_suit_runs=c.same_suit_runs,
                 distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat,
                 points=rules.points, run_gap=c.run_gap)


def solution_lines(rules: Rules, sol: Solution) -> list[str]:
    out = [f"  {meld_text(rules.melds, meld)}" for meld in sol.melds]
    rest = sorted_hand(rules.table, rules.wild, sol.rest)
    left = cards_text(rules.table, rest) if rest else "nothing"
    out.append(f"rest: {left} ({plural(sol.rest_points, 'point')})")
    return out


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("cards", nargs="+", metavar="CARD", help="the hand: 5H 5S 5D 9C ...")
    parser.add_argument("--round", type=whole_number, metavar="R",
                        help="the round whose contract the hand is to meet")


# A hand is at most this many cards (far above any deal; the search budget stops long
# searches below it too, but reading a hand of a hundred cards is slow in itself).
MOST_CARDS = 40


def _run(args: argparse.Namespace) -> Outcome:
    if len(args.cards) > MOST_CARDS:
        return Outcome(FAILED, err=f"rummy-spec: solve: too many cards to search "
                                   f"({len(args.cards)} cards; at most {MOST_CARDS})\n")
    try:
        return _solve(args)
    except SearchTooBig:
        return Outcome(FAILED, err=f"rummy-spec: solve: too many cards to search "
                                   f"({plural(len(args.cards), 'card')}; the hand offers "
                                   "too many candidate melds to try them all)\n")


def _solve(args: argparse.Namespace) -> Outcome:
    variant = resolve(args.target, list(args.option), args.variant)
    players = players_for(variant, args.players)
    contract = _contract(variant, args.round)
    rules = compile_variant(variant, players)
    hand = read_cards(variant, players, list(args.cards))
    if contract is None:
        best = best_melds(rules.melds, hand, rules.points)
        head = f"{variant.name}: the best melds of {plural(len(hand), 'card')}:"
        return Outcome(OK, out=lines(head, *solution_lines(rules, best)))
    head = f"{variant.name} round {args.round}: {contract_text(contract)}"
    sol = best_way_down(rules, hand, contract)
    if sol is None:
        return Outcome(FAILED, out=lines(
            head, f"cannot be met from these {plural(len(hand), 'card')}"))
    return Outcome(OK, out=lines(head, "can be met:", *solution_lines(rules, sol)))


COMMAND = Command(
    name="solve",
    help="how a hand meets a round's contract (the melds, the rest and its points), or not",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
