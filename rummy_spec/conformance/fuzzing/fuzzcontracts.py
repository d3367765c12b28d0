"""Contract scenes: a round's contract held but for the card the first player draws
(``one card short``), or a round that must be laid whole held so (``pat``); and the
contract's melds laid out card by card from the pack, which the table scenes
(``fuzztable``) use too."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from ...lang import model as m
from .fuzzcards import Scene, all_ranks, draw_one, give_back, hand_size, natural_card, take


def melds_for(rules: Rules, contract: m.Contract, cards: int | None = None
               ) -> list[tuple[str, int]] | None:
    """(kind, length) of each meld of ``contract``: its least, or lengthened to ``cards``
    cards in all (runs first, then sets, within their limits)."""
    mr = rules.melds
    out: list[tuple[str, int]] = []
    for e in contract.elements:
        rule = mr.set if e.kind == "set" else mr.run if e.kind == "run" else None
        if rule is None:
            return None
        out += [(e.kind, e.size or rule.min)] * e.count
    extra = 0 if cards is None else cards - sum(n for _, n in out)
    if extra < 0:
        return None
    while extra:
        grown = False
        for j, (kind, n) in enumerate(out):
            rule = mr.set if kind == "set" else mr.run
            top = rule.max if rule is not None and rule.max is not None else 99
            if extra and n < top and (kind == "run" or n < len(rules.table.suits) * 2):
                out[j] = (kind, n + 1)
                extra -= 1
                grown = True
        if not grown:
            return None
    return out


def lay(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
         melds: list[tuple[str, int]], inner: bool = False) -> list[list[int]] | None:
    """The cards of each meld, naturals only, taken from the pack: sets of different
    ranks, runs each in a suit of its own where the suits allow (``inner``: runs with a
    rank below and a rank above them)."""
    ranks = all_ranks(rules)
    suits = list(rules.table.suits)
    used_ranks: set[int] = set()
    run_suits = draw(st.permutations(suits))
    taken: list[list[int]] = []
    runs = 0
    for kind, n in melds:
        got: list[int] | None = None
        for _ in range(8):
            if kind == "set":
                r = ranks[draw(st.integers(0, len(ranks) - 1))]
                if r in used_ranks:
                    continue
                got = [x for j in range(n) if (x := natural_card(
                    rules, r, suits[j % len(suits)])) is not None]
                used_ranks.add(r)
            else:
                if n + 2 * inner > len(ranks):
                    return None
                s = run_suits[runs % len(run_suits)]
                lo = draw(st.integers(int(inner), len(ranks) - n - int(inner)))
                got = [x for r in ranks[lo:lo + n] if (x := natural_card(rules, r, s))
                       is not None]
            if len(got) == n and take(remaining, got):
                break
            got = None
        if got is None:
            for cards in taken:
                give_back(remaining, cards)
            return None
        runs += kind == "run"
        taken.append(got)
    return taken


def contract_rounds(rules: Rules, rounds: tuple[int, ...], pat: bool) -> list[int]:
    return [r for r in rounds if r <= len(rules.contracts)
            and rules.contracts[r - 1].pat == pat]


def _contract_scene(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
                    rounds: tuple[int, ...], pat: bool, name: str) -> Scene | None:
    choices = contract_rounds(rules, rounds, pat)
    if not choices:
        return None
    round_ = choices[draw(st.integers(0, len(choices) - 1))]
    contract = rules.contracts[round_ - 1]
    held = hand_size(rules, round_) + 1
    melds = melds_for(rules, contract, held if pat else None)
    if melds is None:
        return None
    laid = lay(draw, rules, remaining, melds)
    if laid is None:
        return None
    cards = [c for meld in laid for c in meld]
    if not rules.ways_down(cards, contract, 1):  # (the model says it is no contract)
        give_back(remaining, cards)
        return None
    scene = Scene(name, round=round_)
    return draw_one(draw, rules, scene, cards)


def one_card_short(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
                   rounds: tuple[int, ...]) -> Scene | None:
    """The round's contract, its least cards, less the card the first player draws."""
    return _contract_scene(draw, rules, remaining, rounds, False, "one card short")


def pat(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
        rounds: tuple[int, ...]) -> Scene | None:
    """A round laid whole: every card held after the draw is in the contract's melds."""
    return _contract_scene(draw, rules, remaining, rounds, True, "pat")
