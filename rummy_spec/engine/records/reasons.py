"""Why an action is refused: stable reason codes, the one list of them.

``docs/reasons.md`` is generated from :func:`all_reasons` (``rummy-spec reasons``); meld
faults come from :mod:`rummy_spec.engine.melding.melds` and share the namespace.
"""

from __future__ import annotations

from dataclasses import dataclass

TURN_REASONS: dict[str, str] = {
    "game-over": "the game has ended",
    "bad-action": "the action is malformed or of an unknown type",
    "bad-player": "no such player",
    "not-your-turn": "another player is to act",
    "must-draw-first": "the turn starts with a draw",
    "first-turn-discard-only": "the first turn of the hand is a discard (or a knock) only",
    "too-early-to-meld": "no melding, laying off or swapping yet: each player's first turns "
                         "of the hand are a draw and a discard only",
    "already-drawn": "the player has drawn this turn",
    "not-in-hand": "the player does not hold that card",
    "stock-empty": "the stock holds no card to draw",
    "no-upcard": "there is no upcard to take",
    "upcard-closed": "the upcard cannot be taken now (claimed, dead or closed pile)",
    "upcard-refused": "the player refused the upcard and must draw from the stock",
    "floating-stock-only": "a floating player (down, with no card in hand) draws from the "
                           "stock only",
    "never-taken": "this card may never be taken from the discard pile",
    "down-no-upcard": "a player who has gone down may not take the upcard",
    "no-claims": "the variant has no claiming of the upcard",
    "claim-not-open": "no claim window is open",
    "not-eligible": "this player may not claim the upcard now",
    "not-your-priority": "a player with higher priority has not answered yet",
    "buy-limit": "the player has used all the buys allowed this round",
    "stock-cannot-pay": "the stock cannot supply the penalty cards",
    "no-offer": "the upcard is not being offered to this player",
    "contract-not-met": "the melds do not make the round's contract",
    "contract-exact-count": "the contract needs exactly its melds, no more",
    "contract-exact-size": "each contract meld must hold exactly the cards it needs",
    "same-suit-runs-join": "two runs of one suit in a contract must not touch",
    "set-ranks-repeat": "the sets of a contract must be of different ranks",
    "pat-required": "this round's contract must meld the whole hand",
    "down-must-go-out": "going down goes out: every card but the one discarded is melded",
    "already-down": "the player has already gone down this hand",
    "not-down": "the player must go down first (lay the contract; without contracts, a meld)",
    "opening-too-low": "a player's first melds must count at least the opening points",
    "no-new-melds": "no new melds may be started after going down",
    "melds-per-turn": "the limit of melds per turn is reached",
    "no-table-play": "cards are not laid on the table in this variant until the knock",
    "layoff-not-allowed": "laying off is not allowed in this variant",
    "layoff-next-turn": "lay-offs start on the turn after going down",
    "own-melds-next-turn": "one's own melds may be added to only on later turns",
    "no-such-meld": "there is no such meld on the table",
    "swap-not-allowed": "wilds may not be freed from this meld",
    "swap-own-wild": "a player may free only other players' wilds",
    "freed-wild-to-table": "the freed wild must be laid on the table at once",
    "shift-not-allowed": "wilds may not be moved inside runs in this variant",
    "must-go-down": "a player who took a wild before going down must go down this turn",
    "own-melds-only": "cards are laid off on the player's own melds only (his team's, "
                      "with partners)",
    "stock-card-first": "the card drawn from the stock is melded, laid off or discarded "
                        "before any other card is discarded",
    "must-meld-taken": "the card taken from the discard pile must be melded or laid off "
                       "by the player's next play",
    "going-out-meld-only": "this set is melded only as the play that empties the hand (going "
                           "out)",
    "pile-frozen": "the discard pile is frozen: its top card is used only in a new meld "
                   "with a natural pair of its rank from the hand",
    "no-deep-take": "only the upcard may be taken from the discard pile in this variant",
    "pile-too-short": "the discard pile does not hold that many cards",
    "taken-card-unusable": "the card taken from the discard pile could not be melded or "
                           "laid off at once",
    "keep-taken-card": "the card taken from the pile may not be discarded this turn",
    "playable-discard": "a card that fits a meld on the table may not be discarded",
    "card-never-discarded": "this card may never be discarded (unless it is the last)",
    "must-go-out-by-meld": "the last card may not be discarded: go out by melding",
    "must-keep-discard": "the last card must be discarded: keep one to discard",
    "needs-meld-to-go-out": "going out needs a long enough meld of one's side on the table: "
                            "keep a card after discarding",
    "skip-last-card": "a Skip may not be the last card",
    "bad-target": "that player cannot be the target",
    "knock-not-allowed": "knocking is not part of this variant",
    "deadwood-too-high": "the deadwood is above the knock limit",
    "no-big-gin": "big gin is not part of this variant, or the hand is not all melded",
    "call-not-open": "there is no discard to call rummy on",
    "no-gift-due": "this player owes no gift now",
    "dead-hand-only": "from this turn on the player to draw may only declare the hand dead",
    "not-defender": "only the defender lays off after a knock",
    "layoff-limit": "a run may not be extended further at this end by lay-offs",
    "must-go-gin": "a player who can go gin must go gin",
    "wall": "at the wall the stock is closed: knock with the upcard, or pass",
    "wall-knock-only": "at the wall the upcard may be taken only to knock with it",
    "low-stock": "the stock is too low to draw from: take the upcard or declare a dead hand",
    "no-dead-hand": "a dead hand may be declared only at the draw, when the stock is low "
                    "(or from the turn the spec names on)",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """An action's verdict: ``ok``, else a stable ``code`` and a ``message`` in words.
    True when the action is legal, so ``if game.legal(action):`` reads as it says."""

    ok: bool
    code: str = "ok"
    message: str = ""

    def __bool__(self) -> bool:
        return self.ok


OK = Verdict(True)


_REFUSALS: dict[str, Verdict] = {}  # verdicts are immutable: one per code, shared


def no(code: str, message: str = "") -> Verdict:
    if message:
        return Verdict(False, code, message)
    hit = _REFUSALS.get(code)
    if hit is None:
        hit = _REFUSALS[code] = Verdict(False, code, TURN_REASONS.get(code, code))
    return hit


def all_reasons() -> dict[str, str]:
    """Every reason code the engine can answer with, turn and meld faults together."""
    from ..melding.melds import REASONS

    merged = dict(TURN_REASONS)
    merged.update(REASONS)
    return dict(sorted(merged.items()))
