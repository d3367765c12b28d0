"""The claimants scene: one upcard wanted by several seats, so that a claim window opens
to more than one claimant and the round's claim limit is met."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from .fuzzcards import Scene, all_ranks, natural_card, take


def claimants(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
              rounds: tuple[int, ...]) -> Scene | None:
    """Two seats after the first hold a pair of the upcard's rank, so the window opened
    by the first player's refusal is wanted by both; the round drawn is one with a buy
    limit where the variant has one, and the game is played claiming every window."""
    claim = rules.variant.claim
    mr = rules.melds
    if claim is None or rules.players < 3 or not rules.variant.deal.upcard:
        return None
    limited = [r for r in rounds if rules.buy_limit_one(r) is not None]
    pick = limited or list(rounds)
    round_ = pick[draw(st.integers(0, len(pick) - 1))]
    ranks = all_ranks(rules)
    suits = list(rules.table.suits)
    r = ranks[draw(st.integers(0, len(ranks) - 1))]
    cards = [x for j in range(5) if (x := natural_card(rules, r, suits[j % len(suits)]))
             is not None]
    if len(cards) < 5 or mr.set is None or not take(remaining, cards):
        return None
    scene = Scene("claimants", hands={1: cards[1:3], 2: cards[3:5]}, upcard=cards[0],
                  style="claims")
    if rules.has_contracts and not rules.individual:
        scene.round = round_
    return scene
