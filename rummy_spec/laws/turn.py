"""The turn-order law: who may act in a state, with what, and where the turn may go.

It is stated from the protocol's phases and the variant's model, on fields every engine
shows (the phase, the seat in turn, the claim window's seats, the seats offered the
first upcard): the conformance kit judges an engine's observed states by it, the state
machine the reference's, and the probes use it to make actions no seat may take.

* In each phase only the actions of that phase are taken, and only those the variant
  has at all (a rummy call where it calls rummy, a pass at the draw where the low stock
  is a wall, a knock at the draw where a player may drop...).
* The seat in turn acts, but for the claim window (its seats; under ``priority
  nearest`` the nearest of them first: the window goes round from the refuser's left),
  the first upcard's offer (the seat offered it), gifts (the seat giving) and the
  actions any seat may take (a rummy call, a buy of an exposed discard).
* The turn passes only when a turn ends (a discard, a knock, the offer of the first
  upcard taken or passed, a hand emptied where going out floats), to the next seat on
  the left, passing over the seats a Skip has hit.  Where the claimant takes at once
  (``claimant takes at once``) a claim gives the claimant the turn (phase ``claimant``),
  and the end of his turn gives it back to the seat it was taken from: the order of
  play is not changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lang import model as m

PLAY = frozenset({"go_down", "meld", "lay_off", "swap", "shift", "discard", "knock"})
TABLE_PLAY = PLAY - {"discard", "knock"}


def phase_takes(v: m.Variant, phase: str) -> frozenset[str]:
    """The action types a phase takes in this variant."""
    anytime = {"call"} if v.rummy_call is not None else set()
    if v.stock.dead_how == "declared" or v.limits.dead_hand_turn is not None:
        anytime.add("dead_hand")
    takes = {"offer": {"draw", "pass"}, "claim": {"buy", "pass"}, "gifts": {"give", "pass"},
             "layoff": {"lay_off", "pass"}, "play": set(PLAY), "claimant": set(PLAY),
             "draw": {"draw"}}.get(phase)
    if takes is None:
        return frozenset()
    if phase == "draw":
        if v.stock.dead_how == "wall":
            takes.add("pass")
        if v.claim is not None and v.claim.window == "any-time":
            takes.add("buy")
        if v.turn.drop:  # a drop: the knock before the draw
            takes.add("knock")
    return frozenset(takes | anytime)


def seats_to_act(v: m.Variant, phase: str, kind: str, turn: int, pending: Sequence[int] | None,
                 offer: Sequence[int] | None, giver: Sequence[int] | None = None
                 ) -> frozenset[int] | None:
    """The seats that may take an action of this type now (None: any seat may, or the
    state does not show which)."""
    if kind == "call" or (phase == "draw" and kind == "buy"):
        return None  # any seat but the one called on, or the one in turn
    if phase == "claim":
        if pending is None:
            return None
        nearest = v.claim is not None and v.claim.priority == "nearest"
        return frozenset(pending[:1] if nearest else pending)
    if phase == "offer":
        return None if offer is None else frozenset(offer[:1])
    if phase == "gifts":
        return None if giver is None else frozenset(giver[:1])
    return frozenset({turn})


def actor_fault(v: m.Variant, phase: str, kind: str, player: int, turn: int,
                pending: Sequence[int] | None, offer: Sequence[int] | None,
                giver: Sequence[int] | None = None) -> str:
    """What is wrong with this seat taking this action now (empty: nothing)."""
    if kind not in phase_takes(v, phase):
        return f"a {kind} in phase {phase}, which takes {sorted(phase_takes(v, phase))}"
    if phase == "claim" and pending is not None and list(pending) != sorted(
            pending, key=lambda q: (q <= turn, q)):
        return f"the claim window lists seats {list(pending)}, not round from seat {turn}'s left"
    seats = seats_to_act(v, phase, kind, turn, pending, offer, giver)
    if seats is not None and player not in seats:
        return f"seat {player} took a {kind} in phase {phase}, where {sorted(seats)} may"
    return ""


def ends_turn(v: m.Variant, phase: str, kind: str, emptied: bool) -> bool:
    """May this action pass the turn?"""
    return kind in ("discard", "knock") or phase == "offer" or (
        v.going_out.floating and emptied and kind in TABLE_PLAY)


def turn_fault(v: m.Variant, players: int, phase: str, kind: str, was: int, now: int,
               emptied: bool, hit: frozenset[int] | None, actor: int | None = None,
               resumes: int | None = None) -> str:
    """What is wrong with the turn going from ``was`` to ``now`` after this action by
    ``actor`` (empty: nothing).  ``hit``: the seats a Skip has hit, which the turn passes
    over (None: not known); where a seat is not skipped twice running (``no repeat
    skips``) the turn may stop at one of them.  ``resumes``: in phase ``claimant``, the
    seat the claimant's turn goes back to (None: not known)."""
    at_once = v.claim is not None and not v.claim.claimant_waits
    if kind == "buy" and at_once and actor is not None:  # he plays out of order at once
        return "" if now == actor else (f"a buy by seat {actor}, who takes at once, left "
                                        f"the turn with seat {now}")
    if phase == "claimant" and resumes is not None and ends_turn(v, phase, kind, emptied):
        if now == resumes:
            return ""
        return (f"the claimant's turn out of order ended with a {kind} and the turn is "
                f"seat {now}'s: it goes back to seat {resumes}, whose turn it was")
    if was == now:
        return ""
    if not ends_turn(v, phase, kind, emptied):
        return f"a {kind} in phase {phase} moved the turn from seat {was} to seat {now}"
    if phase == "claimant":
        return ""  # back to the seat it interrupted, which the state does not show
    if phase == "offer" or hit is None:
        return ""  # the seat that takes the first upcard plays first
    may_stop = any(s.no_repeat_skips for s in v.deck.specials)
    q = (was + 1) % players
    while q != now and q in hit:
        q = (q + 1) % players
    if q == now and (may_stop or q not in hit):
        return ""
    return (f"the turn passed from seat {was} to seat {now} after a {kind}: it goes to the "
            f"next seat on the left" + (f" not hit by a Skip (hit: {sorted(hit)})"
                                        if hit else f", {(was + 1) % players}"))
