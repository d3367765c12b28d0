"""The laws of a variant, restated from its rules model without the engine's code.

The state machine judges an engine by these.  They are deliberately plain: a meld on the
table is checked at the places it claims its cards stand (each natural at its own rank
and suit, each wild standing for the rank of its place), a contract is matched to the
melds laid by trying every assignment, points are read from the spec's score table.
Nothing here imports ``rummy_spec.engine``, so a bug in the engine cannot hide itself by
also bending the judge.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations

from .. import decks
from ..cards import CardTable
from ..lang import model as m
from ..lang.expr import evaluate_int
from ..lang.meldkinds import least_size, wild_cap


class LawViolation(AssertionError):
    """An engine broke a law of the variant.  ``law`` names which (stable, kebab-case)."""

    def __init__(self, law: str, message: str) -> None:
        super().__init__(f"[{law}] {message}")
        self.law = law


def require(ok: object, law: str, message: str) -> None:
    if not ok:
        raise LawViolation(law, message)


@dataclass(frozen=True)
class Placed:
    """A meld as the laws see it: kind, cards, and the place (rank) each card stands at."""

    kind: m.MeldKind
    cards: tuple[int, ...]
    ranks: tuple[int, ...]
    suit: str | None


class Laws:
    """Everything the judge needs about one variant at one player count."""

    def __init__(self, variant: m.Variant, players: int) -> None:
        self.variant = variant
        self.players = players
        self.table: CardTable = decks.card_table(variant.deck)
        self.wild = decks.wild_faces(variant)
        self.points = tuple(p or 0 for p in decks.face_points(variant))
        self.cut_card: int | None = None
        self._by_cut: dict[int, tuple[frozenset[int], tuple[int, ...]]] = {}
        t = self.table
        self.low, self.high = t.low_rank, t.high_rank
        self.period = self.high - self.low + 1
        run = variant.run
        both = False
        if run is None or t.custom or run.ace == "low":
            self.pmin, self.pmax = self.low, self.high
        elif run.ace == "high":
            self.pmin, self.pmax = self.low + 1, self.high + 1
        else:
            self.pmin, self.pmax = self.low, self.high + 1
            both = run.ace_both_ends
        cap = self.period + 1 if both and run is not None and not run.wrap else self.period
        if run is not None and run.max is not None:
            cap = min(cap, run.max)
        self.run_cap = cap
        self._packs: dict[int, Counter[int]] = {}

    def dealt(self, cut_card: int | None) -> None:
        """Judge a deal whose turned card (``wilds { cut joker }``) is ``cut_card``: every
        card of its rank is wild too (a joker's: the lowest rank), and scores as a wild."""
        if cut_card == self.cut_card:
            return
        self.cut_card = cut_card
        rank = None if cut_card is None else decks.cut_rank(self.table, cut_card)
        hit = self._by_cut.get(rank if rank is not None else -1)
        if hit is None:
            v = self.variant
            if rank is not None:
                cards = (*v.wilds.cards, m.CardClass(rank=rank))
                v = replace(v, wilds=replace(v.wilds, cards=cards))
            hit = (decks.wild_faces(v), tuple(p or 0 for p in decks.face_points(v)))
            self._by_cut[rank if rank is not None else -1] = hit
        self.wild, self.points = hit

    # ----- cards ----------------------------------------------------------------------
    def pack(self, extra_decks: int = 0) -> Counter[int]:
        hit = self._packs.get(extra_decks)
        if hit is None:
            hit = self._packs[extra_decks] = Counter(
                decks.full_deck(self.variant, self.players, extra_decks))
        return hit

    def text(self, cards: Sequence[int]) -> str:
        return " ".join(self.table.faces[c].text for c in cards) or "-"

    def natural(self, card: int) -> bool:
        return self.table.faces[card].rank is not None and card not in self.wild

    def hand_points(self, hand: Sequence[int]) -> int:
        return sum(self.points[c] for c in hand)

    def cards_dealt(self, round_: int) -> int:
        return evaluate_int(self.variant.deal.cards, self.players, round_) or 0

    def rank_at(self, position: int) -> int:
        return self.low + (position - self.low) % self.period

    # ----- one meld -------------------------------------------------------------------
    def meld_faults(self, meld: Placed, contract: bool) -> list[str]:
        """What is wrong with a meld standing where it says it stands (empty: nothing)."""
        faults: list[str] = []
        v = self.variant
        faces = self.table.faces
        if len(meld.ranks) != len(meld.cards):
            return ["a place for every card"]
        for c in meld.cards:
            if faces[c].rank is None and c not in self.wild:
                faults.append(f"special card {faces[c].text} in a meld")
        naturals = [c for c in meld.cards if c not in self.wild]
        wilds = len(meld.cards) - len(naturals)
        rule: m.SetRule | m.RunRule | m.GroupRule | None = v.kind_rule(meld.kind)
        if rule is None:
            return [f"no melds of kind {meld.kind}"]
        n = len(meld.cards)
        if n < rule.min:
            faults.append(f"{n} cards, the least is {rule.min}")
        if meld.kind == "set":
            if rule.max is not None and n > rule.max:
                faults.append(f"{n} cards, the most is {rule.max}")
            ranks = {faces[c].rank for c in naturals}
            if len(ranks) > 1:
                faults.append("naturals of different ranks in a set")
            if isinstance(rule, m.SetRule) and ranks & set(rule.without) and (
                    wilds or not all((faces[c].rank, faces[c].colour) in rule.going_out_only
                                     or (faces[c].rank, None) in rule.going_out_only
                                     for c in naturals)):
                faults.append("a set of a rank no set is made of")
            want = ranks.pop() if len(ranks) == 1 else 0
            if any(r != want for r in meld.ranks):
                faults.append(f"wild meanings {meld.ranks} differ from the set's rank {want}")
        elif meld.kind == "group":
            if rule.max is not None and n > rule.max:
                faults.append(f"{n} cards, the most is {rule.max}")
            colours = {faces[c].suit for c in naturals}
            if len(colours) > 1 or (colours and meld.suit not in colours):
                faults.append("naturals of different colours in a group")
        else:
            faults += self._run_faults(meld, naturals)
        faults += self._wild_faults(meld.kind, len(naturals), wilds, contract)
        return faults

    def _run_faults(self, meld: Placed, naturals: list[int]) -> list[str]:
        run = self.variant.run
        assert run is not None
        faces = self.table.faces
        faults = []
        start, n = meld.ranks[0], len(meld.ranks)
        if list(meld.ranks) != list(range(start, start + n)):
            faults.append(f"places {meld.ranks} are not consecutive")
        if n > self.run_cap:
            faults.append(f"{n} cards, the most a run may hold is {self.run_cap}")
        if run.wrap:
            if not self.low <= start < self.low + self.period:
                faults.append(f"run starts at place {start}")
        elif start < self.pmin or start + n - 1 > self.pmax:
            faults.append(f"run spans places {start}..{start + n - 1}, outside "
                          f"{self.pmin}..{self.pmax} (around the corner or ace misplaced)")
        for i, c in enumerate(meld.cards):
            if c in self.wild:
                continue
            f = faces[c]
            if f.rank != self.rank_at(meld.ranks[i]):
                faults.append(f"{f.text} stands at a place of rank {self.rank_at(meld.ranks[i])}")
            if not run.any_colour and f.suit != meld.suit:
                faults.append(f"{f.text} in a run of suit {meld.suit}")
        if self.variant.wilds.not_adjacent_in_runs and any(
                a in self.wild and b in self.wild for a, b in zip(meld.cards, meld.cards[1:],
                                                                  strict=False)):
            faults.append("two wilds side by side in a run")
        return faults

    def _wild_faults(self, kind: m.MeldKind, nat: int, wild: int, contract: bool) -> list[str]:
        w = self.variant.wilds

        def scoped(scope: m.Scope | None) -> bool:
            return scope == "all" or (scope == "contract" and contract)

        if nat == 0:
            if not w.all_wild(kind) or scoped(w.need_natural):
                return ["a meld with no natural card"]
            return []
        if scoped(w.need_natural) and nat < w.naturals:
            return [f"{nat} naturals, at least {w.naturals} needed"]
        if scoped(w.never_outnumber) and wild > nat:
            return [f"{wild} wilds outnumber {nat} naturals"]
        if scoped(w.minority) and wild >= nat:
            return [f"{wild} wilds are not fewer than {nat} naturals"]
        most = wild_cap(w, kind)
        if most is not None and wild > most:
            return [f"{wild} wilds, at most {most} per {kind}"]
        return []

    # ----- reading cards given without places -----------------------------------------
    def readings(self, cards: Sequence[int], contract: bool) -> list[Placed]:
        """Every legal way to lay these cards as one meld (runs: every window)."""
        out: list[Placed] = []
        faces = self.table.faces
        naturals = [c for c in cards if c not in self.wild]
        for kind in self.variant.meld_kinds():
            if kind == "set":
                rank = faces[naturals[0]].rank if naturals else 0
                placed = Placed("set", tuple(cards), (rank or 0,) * len(cards), None)
                if not self.meld_faults(placed, contract):
                    out.append(placed)
            elif kind == "group":
                suit = faces[naturals[0]].suit if naturals else None
                ranks = tuple(0 if c in self.wild else faces[c].rank or 0 for c in cards)
                placed = Placed("group", tuple(cards), ranks, suit)
                if not self.meld_faults(placed, contract):
                    out.append(placed)
            else:
                out += self._run_readings(cards, naturals, contract)
        return out

    def _run_readings(self, cards: Sequence[int], naturals: list[int], contract: bool
                      ) -> list[Placed]:
        run = self.variant.run
        assert run is not None
        faces = self.table.faces
        n = len(cards)
        wilds = [c for c in cards if c in self.wild]
        suit = None if run.any_colour or not naturals else faces[naturals[0]].suit
        starts = range(self.low, self.low + self.period) if run.wrap else range(
            self.pmin, self.pmax - n + 2)
        out = []
        for s in starts:
            for spots in combinations(range(n), len(naturals)):
                want = sorted(self.rank_at(s + i) for i in spots)
                if want != sorted(faces[c].rank or 0 for c in naturals):
                    continue
                by_rank: dict[int, list[int]] = {}
                for c in naturals:
                    by_rank.setdefault(faces[c].rank or 0, []).append(c)
                slots: list[int] = []
                spare = iter(wilds)
                for i in range(n):
                    slots.append(by_rank[self.rank_at(s + i)].pop() if i in spots else next(spare))
                placed = Placed("run", tuple(slots), tuple(range(s, s + n)), suit)
                if not self.meld_faults(placed, contract):
                    out.append(placed)
        return out

    # ----- contracts ------------------------------------------------------------------
    def contract_faults(self, contract: m.Contract, melds: Sequence[Placed],
                        hand_left: int) -> list[str]:
        """Does this go-down make ``contract``?  Every assignment of melds to its slots."""
        c = self.variant.contracts
        slots: list[tuple[m.MeldKind, int, bool]] = []  # kind, least size, pure
        for e in contract.elements:
            slots += [(e.kind, least_size(self.variant, e), e.pure)] * e.count
        exact_size = c.size == "exact" and not contract.pat
        faults: list[str] = []
        if len(melds) < len(slots):
            return [f"{len(melds)} melds for a contract of {len(slots)}"]
        if c.count == "exact" and len(melds) != len(slots):
            return [f"{len(melds)} melds for a contract of exactly {len(slots)}"]

        def fits(mld: Placed, slot: tuple[m.MeldKind, int, bool]) -> bool:
            size = len(mld.cards)
            if slot[2] and any(c in self.wild for c in mld.cards):  # a pure meld: no wild
                return False
            return mld.kind == slot[0] and (size == slot[1] if exact_size else size >= slot[1])

        if not any(all(fits(melds[i], s) for i, s in zip(order, slots, strict=True))
                   for order in permutations(range(len(melds)), len(slots))):
            faults.append("the melds do not match the contract's "
                          + ", ".join(f"{'pure ' if p else ''}{k} of {s}"
                                      for k, s, p in slots))
        if c.same_suit_runs == "gap":
            runs = [x for x in melds if x.kind == "run" and x.suit is not None]
            for a, b in combinations(runs, 2):
                if a.suit == b.suit and min(b.ranks) <= max(a.ranks) + 1 and \
                        min(a.ranks) <= max(b.ranks) + 1:
                    faults.append("two runs of one suit touch")
        if c.distinct_set_ranks:
            ranks = [x.ranks[0] for x in melds if x.kind == "set"]
            if len(ranks) != len(set(ranks)):
                faults.append("two sets of one rank")
        if contract.pat and hand_left:
            faults.append("the contract must meld the whole hand")
        if c.down_goes_out and hand_left != 1:  # every card but the one to discard
            faults.append(f"going down goes out, but {hand_left} cards are left in hand")
        return faults

    def readable_contract(self, contract: m.Contract, melds: Sequence[Sequence[int]],
                          hand_left: int) -> bool:
        """Can these card lists (places unknown) be read so that they make the contract?"""
        options = [self.readings(cards, contract=True) for cards in melds]
        if any(not o for o in options):
            return False

        def walk(i: int, chosen: list[Placed]) -> bool:
            if i == len(options):
                return not self.contract_faults(contract, chosen, hand_left)
            return any(walk(i + 1, [*chosen, o]) for o in options[i][:16])

        return walk(0, [])

    # ----- the game's end -------------------------------------------------------------
    def sheet_totals(self, results: Sequence[tuple[int | None, Sequence[int]]]) -> list[int]:
        """Each seat's total over games scored at once (``games at once N``), from the
        hands' (winner, scores) in order: a winner's score goes into the open games he
        has entered and the first open game he has not; a game whose best score reaches
        the target closes with the end-of-game bonuses, worked on its own points."""
        g, n = self.variant.game, self.variant.game.games_at_once
        seats = range(self.players)
        points = [[0] * self.players for _ in range(n)]  # by game, then seat
        wins = [[0] * self.players for _ in range(n)]
        closed = [False] * n
        for winner, scores in results:
            if winner is None:
                continue
            fresh = [c for c in range(n) if not closed[c] and not wins[c][winner]][:1]
            for c in range(n):
                if closed[c] or not (wins[c][winner] or c in fresh):
                    continue
                points[c] = [points[c][i] + scores[i] for i in seats]
                wins[c][winner] += 1
                if max(points[c]) >= (g.target or 0):
                    closed[c] = True
                    points[c] = self.game_bonuses(points[c], wins[c], points[c])
        return [sum(points[c][i] for c in range(n)) for i in seats]

    def game_bonuses(self, totals: list[int], hands_won: list[int],
                     hand_points: list[int]) -> list[int]:
        """Totals after the end-of-game bonuses (Gin: shutout, line, game); a shutout
        doubles ``hand_points``, what each scored in the hands played."""
        g = self.variant.game
        out = list(totals)
        if not g.end_bonuses:
            return out
        leader = max(range(self.players), key=lambda i: out[i])
        scoreless = not any(t for i, t in enumerate(out) if i != leader)
        if g.shutout_doubles and not any(w for i, w in enumerate(hands_won) if i != leader):
            out[leader] += hand_points[leader]
        for i in range(self.players):
            out[i] += g.line_bonus * hands_won[i]
        flat = g.shutout_game_bonus
        out[leader] += flat if flat is not None and scoreless else g.game_bonus
        return out
