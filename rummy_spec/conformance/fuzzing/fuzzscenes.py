"""Scenes for the differential fuzzer: deals built from the variant's model so that a
rule's boundary is one or two actions away.

A shuffled deal with a few planted melds (``fuzzdeal``) seldom puts a player one card
from his contract, or hands two arrangements that tie before the discard; these are
where engines answer wrongly.  Each scene asks the variant's own model (its meld rules,
knock limit, contracts, claim rules, swap rules, card points, hand sizes) what the
situation needs, and returns the cards to plant: hands counted from the first player,
the upcard, the top of the stock, and the round (or contract) the deal is played as.
No scene names a variant or an engine.  This module picks the scene; each is built in
a module of its own, on the card steps of ``fuzzcards``:

* ``knock tie`` (``fuzzknock``): ten cards and the card to draw, whose eleven hold two
  arrangements melding the same points, one leaving a higher unmatched card, the best
  ten after the discard worth the knock limit (or one point either side);
* ``melds shown`` (``fuzzshown``): a hand of two arrangements of its least deadwood that
  leave an opponent different lay-offs, so that a knock may name the melds it shows;
* ``one card short`` (``fuzzcontracts``): the round's contract less one card, that card
  the upcard or the next stock card; ``pat``: the same for a round that must be laid
  whole;
* ``claimants`` (``fuzzclaims``): a claim window open to several seats, played by
  claiming until the round's limit is met (the deal's upcard wanted by more than one
  seat);
* ``both ends`` (``fuzztable``): a run to be laid, and the cards below and above it
  held;
* ``swap`` (``fuzztable``): a meld with a wild standing for a card that a player holds;
* ``many wilds`` (``fuzzwilds``): from none to every wild of the pack in one hand, with
  the naturals of a run near a corner or of a set, played with near misses first (one
  plain deal in four, where the pack has wilds: so the other scenes keep their share).

A plain deal (no scene), one in three, becomes the scene ``stock's end`` (``fuzzdeal``):
its stock cut to one to three cards, the cards it lacks in the pile under the upcard,
so that the variant's rule for an empty stock (a reshuffle, the pile turned over, a new
pack, the round's end) is met in the first turns and the state after it compared.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from .fuzzcards import Build, Scene, give_back, hand_size
from .fuzzclaims import claimants
from .fuzzcontracts import contract_rounds, one_card_short, pat
from .fuzzknock import knock_tie
from .fuzzshown import melds_shown
from .fuzztable import both_ends, swap
from .fuzzwilds import many_wilds

__all__ = ["SCENES", "Scene", "scene", "scene_names"]


SCENES: dict[str, Build] = {"knock tie": knock_tie, "melds shown": melds_shown,
                            "one card short": one_card_short,
                            "pat": pat, "claimants": claimants, "both ends": both_ends,
                            "swap": swap}


def scene_names(rules: Rules, rounds: tuple[int, ...]) -> list[str]:
    """The scenes the variant's model has a place for."""
    v = rules.variant
    mr = rules.melds
    out = []
    if v.knock is not None:
        out.append("knock tie")
    if v.knock is not None and v.knock.defender_lays_off:
        out.append("melds shown")
    if rules.has_contracts and contract_rounds(rules, rounds, False):
        out.append("one card short")
    if rules.has_contracts and contract_rounds(rules, rounds, True):
        out.append("pat")
    if v.claim is not None and rules.players >= 3:
        out.append("claimants")
    if mr.run is not None:
        out.append("both ends")
    if v.swap.allowed and rules.wild:
        out.append("swap")
    return out


def scene(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
          rounds: tuple[int, ...]) -> Scene | None:
    """One scene of those the variant has, in two deals of three (None shrinks first:
    a plain deal)."""
    names = scene_names(rules, rounds)
    if not names or not draw(st.integers(0, 2)):
        # one plain deal in four, where the pack has wilds: the first hand holds many
        if rules.wild and draw(st.integers(0, 3)) == 3:  # (shrinks to no scene)
            return _fits(rules, remaining, many_wilds(draw, rules, remaining, rounds))
        return None
    name = names[draw(st.integers(0, len(names) - 1))]
    return _fits(rules, remaining, SCENES[name](draw, rules, remaining, rounds))


def _fits(rules: Rules, remaining: Counter[int], got: Scene | None) -> Scene | None:
    """The scene, if its hands fit the deal's hand size (else its cards go back)."""
    if got is None:
        return None
    size = hand_size(rules, got.round if got.round is not None and not rules.individual
                      else 1)
    extra = rules.variant.deal.first_turn_discard
    if any(len(cards) > size + (extra and seat == 0) for seat, cards in got.hands.items()):
        give_back(remaining, [c for cards in got.hands.values() for c in cards]
                   + got.stock_top + ([got.upcard] if got.upcard is not None else []))
        return None
    return got
