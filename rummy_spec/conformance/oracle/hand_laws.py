"""The hand-size law of the conformance kit (:mod:`.laws`): a step changes only the hands
its action touches, by what the action says (a buy: the upcard and the variant's penalty
cards; the refuser's stock card when the claim window closes, or where the claimant takes
at once when the claimant's turn out of order ends); and the kit's vocabulary of faults."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...lang import model as m

JSON = dict[str, Any]


@dataclass(frozen=True)
class Broken:
    """One broken law: which (``law``), where (``field``, such as ``table[1]``), and how."""

    law: str
    field: str
    message: str


def shown(state: JSON, *keys: str) -> bool:
    return all(k in state for k in keys)


def resumes(state: JSON) -> int | None:
    """The seat a claimant's turn out of order goes back to, where the state shows it."""
    claim = state.get("claim")
    seat = claim.get("resumes") if isinstance(claim, dict) else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def hand_faults(v: m.Variant, before: JSON, action: JSON, after: JSON) -> list[Broken]:
    """The hand-size law of one accepted step (see :mod:`.laws`)."""
    if not shown(before, "hands") or not shown(after, "hands"):
        return []
    p, kind = action.get("player"), action.get("type")
    if not isinstance(p, int) or not 0 <= p < len(before["hands"]):
        return []
    moves_others = kind in ("give", "call") or before.get("phase") == "claim" or (
        after.get("phase") != before.get("phase") and "claim" in (
            before.get("phase"), after.get("phase")))
    out = []
    back = resumes(before)
    if back is not None and after.get("phase") == "play":
        moves_others = True  # the claimant's turn is over: the refuser draws his card
        out += _refuser_draws(before, after, back, p, kind)
    if not moves_others:
        for i, (a, b) in enumerate(zip(before["hands"], after["hands"], strict=False)):
            if i != p and a != b:
                out.append(Broken("hand-sizes", f"hands[{i}]", f"a {kind} by seat {p} "
                                  f"changed seat {i}'s hand"))
    want = Counter(before["hands"][p])
    if _uses_whole_pile(v, before, action, after):  # the rest of the pile comes with it
        pile = before.get("discard")
        if not isinstance(pile, list):
            return out  # the pile is not shown: what was taken cannot be told
        want.update(pile)
    if kind in ("discard", "lay_off") and isinstance(action.get("card"), str):
        want[action["card"]] -= 1
    elif kind in ("go_down", "meld"):
        want.subtract(c for meld in action.get("melds") or () for c in meld)
    elif kind == "draw" and action.get("source") == "discard" and \
            action.get("depth") not in (None, 1):  # a deep take: the pile's top cards
        pile = before.get("discard")
        depth = action["depth"]
        if not isinstance(pile, list) or not isinstance(depth, int) or depth > len(pile):
            return out  # the pile is not shown: what was taken cannot be told
        want.update(pile[len(pile) - depth:])
    elif kind == "draw" and action.get("source") == "discard" and \
            before.get("discard_top") is not None:
        want[before["discard_top"]] += 1
    elif kind == "buy" and v.claim is not None and \
            before.get("discard_top") is not None:
        return out + _bought(before["hands"][p], after["hands"][p], p,
                                  before["discard_top"], v.claim.penalty)
    else:
        return out + _moved(v, before, action, after)
    if Counter(after["hands"][p]) != +want:
        out.append(Broken("hand-sizes", f"hands[{p}]", f"after a {kind} seat {p} holds "
                          f"{' '.join(after['hands'][p])}, where "
                          f"{' '.join(sorted((+want).elements()))} is what the action "
                          "leaves"))
    return out


def _uses_whole_pile(v: m.Variant, before: JSON, action: JSON, after: JSON) -> bool:
    """Did this play hand the player the rest of a pile taken whole (``turn { take the
    whole discard pile }``: the play that uses the card taken from its top)?  Seen as a
    meld or lay-off that empties the pile."""
    if not v.turn.whole_pile or action.get("type") not in ("meld", "lay_off"):
        return False
    size = before.get("discard_size")
    return isinstance(size, int) and size > 0 and after.get("discard_size") == 0


def _refuser_draws(before: JSON, after: JSON, seat: int, p: int, kind: object
                   ) -> list[Broken]:
    """After a claimant's turn out of order the player who refused the upcard takes
    his stock card: one card more."""
    if not 0 <= seat < len(before["hands"]) or seat == p:
        return []
    grew = len(after["hands"][seat]) - len(before["hands"][seat])
    if grew == 1:
        return []
    return [Broken("hand-sizes", f"hands[{seat}]", f"a {kind} by seat {p} ended his turn "
                   f"out of order and took seat {seat} from {len(before['hands'][seat])} "
                   f"to {len(after['hands'][seat])} cards, where his stock draw gives "
                   f"{len(before['hands'][seat]) + 1}")]


def _moved(v: m.Variant, before: JSON, action: JSON, after: JSON) -> list[Broken]:
    """How many cards the actions that move cards not named in them add or take: a
    stock draw one (none while the claim window it opened is open: the refuser takes
    it when the window closes), a swap the natural laid (the wild coming back where
    wilds go to the hand), a shift its card, a knock its discard and the melds laid,
    a gift its card, a rummy call the card the caller throws."""
    p, kind, phase = action["player"], action.get("type"), before.get("phase")
    grow: dict[int, int] = {}
    if kind == "draw" and phase == "draw" and action.get("source") == "stock":
        grow[p] = 0 if after.get("phase") == "claim" else 1
    elif kind == "swap":
        grow[p] = 0 if v.swap.freed == "hand" else -1
    elif kind == "shift" or (kind == "give" and phase == "gifts"):
        grow[p] = -1
    elif kind == "knock" and shown(before, "table") and shown(after, "table"):
        laid = sum(len(x.get("cards") or ()) for x in after["table"]) - sum(
            len(x.get("cards") or ()) for x in before["table"])
        grow[p] = -laid - (action.get("card") is not None)
    elif kind == "call" and v.rummy_call is not None and phase == "draw":
        grow[p] = -1 if v.rummy_call.penalty == "caller-discards" else 0
    if phase == "claim" and after.get("phase") == "play" and shown(before, "turn"):
        grow[before["turn"]] = 1  # the window closed: the refuser takes his stock card
    return [Broken("hand-sizes", f"hands[{i}]", f"a {kind} by seat {p} took seat {i} "
                   f"from {len(before['hands'][i])} to {len(after['hands'][i])} cards, "
                   f"where the action gives {len(before['hands'][i]) + n}")
            for i, n in grow.items() if 0 <= i < len(before["hands"]) and
            len(after["hands"][i]) != len(before["hands"][i]) + n]


def _bought(before: list[str], after: list[str], p: int, upcard: str,
            penalty: int) -> list[Broken]:
    """A buy takes the upcard and ``penalty`` cards from the stock."""
    gained = Counter(after) - Counter(before)
    if len(after) == len(before) + 1 + penalty and gained[upcard] and \
            not Counter(before) - Counter(after):
        return []
    return [Broken("hand-sizes", f"hands[{p}]", f"a buy of {upcard} took seat {p} from "
                   f"{len(before)} to {len(after)} cards, where the upcard and {penalty} "
                   "penalty card(s) are what it takes")]
