"""The laws of the game, checked on an observed state: what any engine's ``state`` answer
must satisfy, whatever its code.

They judge an engine under test by its own answers alone, with no reference beside it,
and the same code judges the reference in the shipped state machine:

* ``cards``: every card text is a card of the variant's pack;
* ``conservation``: the hands, the table and the pile (the whole pile where the engine
  shows it, else the upcard) are cards of the pack, and with the stock's count they make
  the whole pack (once more for each pack added when the stock ran out);
* ``table-meld``: every meld on the table is legal under the variant where it says it
  stands, each wild standing for what its place gives;
* ``hand-sizes``: the deal gives each hand the round's number of cards; a step changes
  only the hands its action touches, by what the action says (a buy: the upcard and the
  variant's penalty cards);
* ``turn-order``: only the seats the phase lets act, act, with the actions the phase
  takes; the turn passes only when a turn ends, to the next seat on the left (or, after
  a Skip, a later one): ``laws.turn``;
* ``refused-changes-nothing``: a refused action leaves the state as it was;
* ``scores``: a round's scores are what the totals gain by it (not judged where several
  games are scored at once); earlier results stay.

Each broken law is a :class:`Broken`: the law's name, the field it is seen in, and what
is wrong.  Fields an engine does not show are not judged.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...lang import meldkinds
from ...lang import model as m
from ...lang.expr import evaluate_int
from ...laws.turn import actor_fault, turn_fault
from ...laws.variant import Laws, Placed
from .hand_laws import Broken as Broken
from .hand_laws import hand_faults, resumes, shown

JSON = dict[str, Any]
ENDED = ("round-over", "game-over")


class StateLaws:
    """The laws of one variant at one player count, on observed states (JSON)."""

    def __init__(self, variant: m.Variant, players: int) -> None:
        self.laws = Laws(variant, players)
        self.variant = variant
        self.players = players
        self.skips = any(f.special for f in self.laws.table.faces)
        self.code = {f.text: f.code for f in self.laws.table.faces}
        self._sizes: dict[int, int] = {}
        # a table meld's faults by what it shows (melds stay on the table for many steps)
        self._melds: dict[Any, list[Broken]] = {}

    # ----- cards ------------------------------------------------------------------------
    def _cards(self, texts: Any, where: str, out: list[Broken]) -> list[int]:
        if not isinstance(texts, list):
            return []
        try:  # (every text a card's: the common case)
            return [self.code[text] for text in texts]
        except (KeyError, TypeError):
            pass
        codes: list[int] = []
        for i, text in enumerate(texts):
            code = self.code.get(text) if isinstance(text, str) else None
            if code is not None:
                codes.append(code)
            else:
                out.append(Broken("cards", f"{where}[{i}]", f"'{text}' is not a card of "
                                  "this variant's pack"))
        return codes

    # ----- one state --------------------------------------------------------------------
    def state_faults(self, s: JSON) -> list[Broken]:
        """The laws one state must keep.  After a round has ended the engine may already
        have dealt the next round its own way: the round as it ended (``ended``) is
        judged instead, where the engine shows it."""
        if s.get("phase") not in ENDED:
            return self._round_faults(s, "")
        ended = s.get("ended")
        return self._round_faults(ended, "ended.") if isinstance(ended, dict) else []

    def _round_faults(self, s: JSON, at: str) -> list[Broken]:
        """The laws of the cards of one round (``at``: where its fields are)."""
        out: list[Broken] = []
        if self.variant.wilds.cut_joker:  # the deal's wild rank: its card turned up
            cut = s.get("cut_card")
            self.laws.dealt(self.code.get(cut) if isinstance(cut, str) else None)
        known: Counter[int] = Counter()
        hands = s.get("hands") if isinstance(s.get("hands"), list) else None
        if hands is not None:
            for i, hand in enumerate(hands):
                known.update(self._cards(hand, f"{at}hands[{i}]", out))
        table = s.get("table") if isinstance(s.get("table"), list) else None
        if table is not None:
            for i, meld in enumerate(table):
                if isinstance(meld, dict):
                    cards = self._cards(meld.get("cards"), f"{at}table[{i}].cards", out)
                    known.update(cards)
                    out += self._meld_faults_seen(meld, cards, f"{at}table[{i}]")
        pile = self._pile(s, out, at)
        known.update(pile)
        if out or hands is None or table is None:
            return out
        return self._conservation(s, known, at)

    def _pile(self, s: JSON, out: list[Broken], at: str = "") -> list[int]:
        if "discard" in s:
            pile = self._cards(s["discard"], f"{at}discard", out)
            if s.get("discard_size", len(pile)) != len(pile):
                out.append(Broken("conservation", f"{at}discard_size", f"the pile holds "
                                  f"{len(pile)} cards, discard_size says {s['discard_size']}"))
            top = s["discard"][-1] if s["discard"] else None
            if "discard_top" in s and s["discard_top"] != top:
                out.append(Broken("conservation", f"{at}discard_top", f"the pile's top card is "
                                  f"{top}, discard_top says {s['discard_top']}"))
            return pile
        top = s.get("discard_top")
        return self._cards([top], f"{at}discard_top", out) if isinstance(top, str) else []

    def _size(self, extra_decks: int) -> int:
        """The cards in play with this many packs added (the first one asked is 0)."""
        if extra_decks not in self._sizes:
            self._sizes[extra_decks] = sum(self.laws.pack(extra_decks).values())
        return self._sizes[extra_decks]

    def _conservation(self, s: JSON, known: Counter[int], at: str = "") -> list[Broken]:
        if not shown(s, "stock_size", "discard_size"):
            return []
        hidden = s["stock_size"] + s["discard_size"] - (len(s["discard"]) if "discard" in s
                                                        else int(s["discard_top"] is not None))
        total = sum(known.values()) + hidden
        packs = []
        for e in range(17):  # packs added when the stock ran out only ever grow it
            if self._size(e) >= total:
                packs = [e] if self._size(e) == total else []
                break
        if not packs:
            return [Broken("conservation", f"{at}hands+table+discard+stock",
                           f"{sum(len(h) for h in s['hands'])} cards in hands, "
                           f"{sum(len(x.get('cards', [])) for x in s['table'])} on the table, "
                           f"{s['discard_size']} in the pile and {s['stock_size']} in the "
                           f"stock make {total}; the pack has {self._size(0)}")]
        pack = self.laws.pack(packs[0])
        made = known - pack
        if made:
            return [Broken("conservation", f"{at}hands+table+discard",
                           f"cards seen more often than the pack holds them: "
                           f"{self.laws.text(sorted(made.elements()))}")]
        return []

    def _meld_faults_seen(self, meld: JSON, cards: list[int], where: str) -> list[Broken]:
        """``_meld_faults``, remembered for a meld shown the same way at the same place."""
        wilds = meld.get("wilds")
        try:
            key = (where, self.laws.cut_card, meld.get("kind"), tuple(cards), tuple(
                (w.get("position"), w.get("stands_for")) for w in wilds)
                if isinstance(wilds, list) else wilds)
            hash(key)
        except (AttributeError, TypeError):  # (an odd meld: judged afresh)
            return self._meld_faults(meld, cards, where)
        hit = self._melds.get(key)
        if hit is None:
            if len(self._melds) > 5000:
                self._melds.clear()
            hit = self._melds[key] = self._meld_faults(meld, cards, where)
        return hit

    def _meld_faults(self, meld: JSON, cards: list[int], where: str) -> list[Broken]:
        kind = meld.get("kind")
        wilds: list[Any] = meld["wilds"] if isinstance(meld.get("wilds"), list) else []
        meaning = {w.get("position"): w.get("stands_for") for w in wilds
                   if isinstance(w, dict)}
        laws, text = self.laws, " ".join(map(str, meld.get("cards", [])))
        is_wild = [c in laws.wild for c in cards]
        listed = sorted(p for p in meaning if isinstance(p, int))
        if listed != [i for i, w in enumerate(is_wild) if w]:
            return [Broken("table-meld", f"{where}.wilds", f"[{kind} {text}]: wilds listed "
                           f"at positions {listed}, the wild cards stand at "
                           f"{[i for i, w in enumerate(is_wild) if w]}")]
        if kind not in meldkinds.names():
            return [Broken("table-meld", f"{where}.kind", f"no meld kind '{kind}'")]
        placed, fault = self._placed(kind, cards, meaning)
        faults = [fault] if fault else laws.meld_faults(placed, contract=False)
        return [Broken("table-meld", where, f"[{kind} {text}]: {'; '.join(faults)}")
                ] if faults else []

    def _placed(self, kind: m.MeldKind, cards: list[int], meaning: dict[Any, Any]
                ) -> tuple[Placed, str]:
        """The meld standing where its cards and the wilds' meanings put it, and what
        is wrong with the wilds' meanings (empty: nothing)."""
        laws, faces = self.laws, self.laws.table.faces
        naturals = [c for c in cards if c not in laws.wild]
        if kind == "set":
            rank = faces[naturals[0]].rank if naturals else None
            named = {laws.table.rank_of_name(str(v)) if v is not None else None
                     for v in meaning.values()}
            if named - {rank}:
                return Placed("set", tuple(cards), (0,) * len(cards), None), (
                    f"a wild stands for {sorted(map(str, meaning.values()))}, the set's "
                    f"rank is {laws.table.rank_name(rank) if rank else None}")
            return Placed("set", tuple(cards), (rank or 0,) * len(cards), None), ""
        suit = faces[naturals[0]].suit if naturals else None
        if kind == "group":
            if any(v != suit for v in meaning.values()):
                return Placed("group", tuple(cards), (0,) * len(cards), suit), (
                    f"a wild stands for {sorted(map(str, meaning.values()))}, the group's "
                    f"colour is {suit}")
            ranks = tuple(0 if c in laws.wild else faces[c].rank or 0 for c in cards)
            return Placed("group", tuple(cards), ranks, suit), ""
        return self._placed_run(cards, meaning)

    def _placed_run(self, cards: list[int], meaning: dict[Any, Any]) -> tuple[Placed, str]:
        laws, faces, table = self.laws, self.laws.table.faces, self.laws.table
        run = self.variant.run
        any_colour = run is None or run.any_colour
        naturals = [c for c in cards if c not in laws.wild]
        suit = None if any_colour or not naturals else faces[naturals[0]].suit
        n = len(cards)
        lows = range(laws.low, laws.low + laws.period) if run is not None and run.wrap \
            else range(laws.pmin, laws.pmax - n + 2)
        for start in lows:
            if all(faces[c].rank == laws.rank_at(start + i) for i, c in enumerate(cards)
                   if c not in laws.wild):
                break
        else:
            return Placed("run", tuple(cards), tuple(range(n)), suit), (
                "its naturals do not stand in sequence low to high")
        places = tuple(range(start, start + n))
        for i, c in enumerate(cards):
            if c in laws.wild:
                want = table.rank_name(laws.rank_at(places[i])) + (suit or "")
                if meaning.get(i) != want:
                    return Placed("run", tuple(cards), places, suit), (
                        f"the wild at position {i} stands for {meaning.get(i)}, its place "
                        f"is {want}")
        return Placed("run", tuple(cards), places, suit), ""

    # ----- one step ---------------------------------------------------------------------
    def step_faults(self, before: JSON, action: JSON, accepted: bool, after: JSON
                    ) -> list[Broken]:
        """The laws between two states around one action (refused or accepted)."""
        if not accepted:
            return [Broken("refused-changes-nothing", key, f"a refused {action.get('type')} "
                           f"changed {key}") for key in sorted(set(before) & set(after))
                    if before[key] != after[key]]
        out = self._scores(before, after)
        if after.get("phase") in ENDED or before.get("phase") in ENDED:
            return out
        return out + self._actor(before, action) + hand_faults(
            self.variant, before, action, after) + self._turn(before, action, after)

    def _scores(self, before: JSON, after: JSON) -> list[Broken]:
        if not shown(before, "results", "totals") or not shown(after, "results", "totals"):
            return []
        old, new = before["results"], after["results"]
        if new[:len(old)] != old:
            return [Broken("scores", "results", "an earlier round's result changed")]
        if len(new) != len(old) + 1 or after.get("phase") == "game-over":
            return []  # the game's end may add bonuses the round's scores do not show
        if self.variant.game.games_at_once > 1:
            return []  # entered in several games, closing some (their bonuses): the cases
            # and the reference's own sheet judge these totals
        gained = [a - b for a, b in zip(after["totals"], before["totals"], strict=False)]
        scores = new[-1].get("scores") if isinstance(new[-1], dict) else None
        if gained != scores and not self._cut_bonus(gained, scores, new[-1].get("round")):
            return [Broken("scores", "totals", f"round {new[-1].get('round')} scores "
                           f"{scores}, the totals gain {gained}")]
        return []

    def _cut_bonus(self, gained: list[int], scores: Any, round_: Any) -> bool:
        """Is the one difference the bonus of an exact cut at the next deal (dealt in the
        same step as the round's end)?"""
        cut = self.variant.cut
        if cut is None or not isinstance(scores, list) or not isinstance(round_, int):
            return False
        off = [g - x for g, x in zip(gained, scores, strict=False) if g != x]
        bonus = {evaluate_int(cut.bonus, self.players, r) for r in (round_, round_ + 1)}
        return len(off) == 1 and off[0] in bonus

    def _actor(self, before: JSON, action: JSON) -> list[Broken]:
        p, kind = action.get("player"), action.get("type")
        if not shown(before, "phase", "turn") or not isinstance(p, int) or \
                not isinstance(kind, str):
            return []
        claim, offer = before.get("claim"), before.get("offer")
        pending = claim.get("pending") if isinstance(claim, dict) else None
        fault = actor_fault(self.variant, before["phase"], kind, p, before["turn"],
                            pending if isinstance(pending, list) else None,
                            offer if isinstance(offer, list) else None)
        return [Broken("turn-order", "phase", fault)] if fault else []

    def _turn(self, before: JSON, action: JSON, after: JSON) -> list[Broken]:
        if not shown(before, "turn", "phase") or not shown(after, "turn"):
            return []
        p, hands = action.get("player"), after.get("hands")
        emptied = isinstance(hands, list) and isinstance(p, int) and 0 <= p < len(hands) \
            and not hands[p]
        # a Skip makes the seat it hits lose his next turn, unseen in the state
        fault = turn_fault(self.variant, self.players, before["phase"],
                           str(action.get("type")), before["turn"], after["turn"], emptied,
                           None if self.skips else frozenset(),
                           p if isinstance(p, int) else None, resumes(before))
        return [Broken("turn-order", "turn", fault)] if fault else []

    def deal_faults(self, s: JSON) -> list[Broken]:
        """The hand sizes a deal gives (the first player holds one more where he starts by
        discarding, with no upcard turned)."""
        if not shown(s, "hands", "round", "dealer") or s.get("phase") in ENDED:
            return []
        dealt = self.laws.cards_dealt(int(s["round"]))
        first = (int(s["dealer"]) + 1) % self.players
        want = [dealt + (i == first and self.variant.deal.first_turn_discard)
                for i in range(self.players)]
        sizes = [len(h) for h in s["hands"]]
        if sizes != want:
            return [Broken("hand-sizes", "hands", f"the deal of round {s['round']} gives "
                           f"{want} cards, the hands hold {sizes}")]
        return []


def broken_laws(laws: StateLaws, before: JSON | None, action: JSON, accepted: bool,
                after: JSON) -> list[Broken]:
    """Every law broken by one step: the state after it on its own, and the two states
    around the action (``before`` None: the first state seen, judged alone)."""
    out = laws.state_faults(after)
    if before is not None:
        out += laws.step_faults(before, action, accepted, after)
    return out
