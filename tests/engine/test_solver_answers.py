"""The solver's exact answers on seeded hands, pinned: speed work must not change play.

The oracle tests hold the solver to the best score and wild count; among equally good
ways to go down the solver keeps the first its loops meet, and bots play that one, so a
faster search that met another first would change every game that follows.  Here every
built-in contract variant's rounds are solved on seeded hands (full-pack deals of the
round's size, narrowed packs that often meet the contract, some larger hands; pat and
not), with :func:`solutions` and :func:`best_melds` on some of them, and a digest of
every meld, card and point is compared with the one the solver gave before its loops
were specialised (commit ce331e0).  A deliberate change of the solver's choices (or of a
built-in variant's rules) changes the digest: check the new answers, then pin the new
digest printed by the failing assertion.
"""

from __future__ import annotations

import hashlib
import json
import random

from rummy_spec.decks import face_points, full_deck
from rummy_spec.engine.melding.melds import compile_rules
from rummy_spec.engine.solving.solver import Solution, best_melds, solutions, solve
from rummy_spec.lang import load
from rummy_spec.lang.expr import evaluate_int

VARIANTS = ("continental", "liverpool", "shanghai", "contract", "ten_step", "twelve_step",
            "seven_hand", "phase10")
PINNED = "5d8a6954960fc357"  # commit ce331e0; 419 of the 2,310 answers find melds


def _plain(s: Solution | None) -> object:
    if s is None:
        return None
    return [[[m.kind, list(m.cards), list(m.ranks), m.suit, list(m.wild)] for m in s.melds],
            list(s.rest), s.rest_points]


def answers(hands: int) -> list[object]:
    out: list[object] = []
    for name in VARIANTS:
        v = load(name)
        rules = compile_rules(v)
        points = face_points(v)
        c = v.contracts
        assert c is not None
        players = max(v.players.min, min(4, v.players.max or 8))
        deck = full_deck(v, players)
        for contract in c.rounds:
            size = evaluate_int(v.deal.cards, players, contract.number) or 10
            rng = random.Random(f"{name} {contract.number}")
            for i in range(hands):
                pool = deck
                if i % 3 == 1:  # a few ranks only, wilds kept: contracts often met
                    keep = set(rng.sample(range(1, 14), 5))
                    pool = [x for x in deck if rules.rank[x] in keep or rules.is_wild[x]]
                k = size + (rng.choice([1, 3, 6]) if i % 4 == 3 else 0)
                hand = tuple(rng.sample(pool, min(len(pool), k)))
                for pat in (False, True):
                    kw = {"count": c.count, "size": "minimum" if pat or contract.pat else c.size,
                          "same_suit_runs": c.same_suit_runs,
                          "distinct_set_ranks": c.distinct_set_ranks,
                          "pat": pat or contract.pat, "points": points}
                    out.append(_plain(solve(rules, hand, contract, **kw)))  # type: ignore[arg-type]
                    if i % 5 == 0:
                        out.append([_plain(s) for s in solutions(
                            rules, hand, contract, limit=6, **kw)])  # type: ignore[arg-type]
                if i % 5 == 0:
                    out.append(_plain(best_melds(rules, hand, points)))
    return out


def digest(hands: int) -> str:
    text = json.dumps(answers(hands), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_the_solvers_answers_are_the_pinned_ones() -> None:
    got = digest(12)
    assert got == PINNED, f"the solver's answers changed: digest {got}, pinned {PINNED}"
