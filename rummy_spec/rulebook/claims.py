"""Rulebook sections about play on others' cards: claims, rummy calls, lay-offs, swaps."""

from __future__ import annotations

from ..lang import model as m
from .doc import Block, Items, Para, Section
from .words import Scope, plural, value_text


def claiming(scope: Scope) -> Section:
    v = scope.variant
    c = v.claim
    blocks: list[Block] = []
    if c is None:
        blocks.append(Para("There is no buying: only the player in turn may take the upcard."))
    else:
        blocks.append(Para(
            f"A player out of turn may claim the upcard by calling “{c.title}”. He takes "
            f"it together with {plural(c.penalty, 'penalty card')} from the stock, and does "
            "not discard. Turn order does not change."))
        blocks.append(Items(tuple(_claim_rules(scope, c))))
    if v.rummy_call is not None:
        blocks.append(Para(_rummy_call(v.rummy_call)))
    return Section("Claiming the upcard", "claiming", tuple(blocks))


def _claim_rules(scope: Scope, c: m.Claim) -> list[str]:
    out = [
        "Claims open only once the player in turn has passed the upcard by and drawn from "
        "the stock." if c.window == "after-refusal" else
        "Claims are made after a discard, before the next player draws; the next player "
        "has first call, and simply takes the card as his draw.",
        "Among several claimants the one nearest in turn order gets the card."
        if c.priority == "nearest" else "Among several claimants the first to call gets it.",
        _limit(scope, c),
        "A player may claim his own discard." if c.own_discard
        else "Nobody claims his own discard.",
        "A player who has gone down may claim too." if c.when_down
        else "A player who has gone down may not claim.",
        "A claim needs enough cards in the stock to pay its penalty.",
        *(["Some contracts need more cards than a player is dealt: he can make them only "
           "with cards he has claimed."] if c.needed_for_contracts else []),
    ]
    if c.claimant_waits:
        out.append("The claimant may not meld, lay off or discard until his own turn.")
    pile = {
        "open": "",
        "dead": "After a claim the rest of the discard pile is dead: nobody takes from it.",
        "closed": "After a claim nobody takes from the discard pile until the next discard.",
    }[c.pile_after]
    if pile:
        out.append(pile)
    if c.chain:
        out.append("After a claim the card below may be claimed in the same way, though not "
                   "twice in a row by one player; when claiming stops the player in turn "
                   "draws.")
    return out


def _limit(scope: Scope, c: m.Claim) -> str:
    if c.limit is None:
        return "There is no limit on claims."
    limit = c.limit
    text = f"Claims per player and hand: {value_text(scope, limit)}"
    if c.carry_over:
        text += "; claims not used carry over to later hands"
    return text + "."


def _rummy_call(r: m.RummyCall) -> str:
    who = "a player who has gone down" if r.only_down_offenders else "a player"
    text = (f"Rummy! When {who} discards a card that could have been played onto the "
            "table, any other player may call “rummy” until the next player draws.")
    effect = {
        "caller-discards": " The caller then discards one card of his choice (and goes out "
                           "if it was his last).",
        "gifts": " At the offender's next turn each other player may hand him one card.",
        "take-back": f" The offender takes the card back, with {r.take_back_extra} more "
                     "from the stock.",
    }[r.penalty]
    return text + effect


# ----- lay-offs and wild swaps ------------------------------------------------------------

def laying_off(scope: Scope) -> Section:
    v = scope.variant
    blocks: list[Block] = [Para(_layoff(v))]
    blocks.append(Para(_swap(v)))
    return Section("Laying off and freeing wild cards", "laying-off", tuple(blocks))


def _layoff(v: m.Variant) -> str:
    lay = v.layoff
    if not lay.allowed:
        return "Nobody lays off: cards never join melds already on the table."
    if v.knock is not None:
        if v.knock.defender_lays_off:
            return "Cards are laid off only when a hand ends by a knock (see Going out)."
        return "Nobody lays off: cards never join melds already on the table."
    text = "A player may add cards from his hand to any melds on the table (lay off)"
    if not lay.needs_down:
        text += ", whether or not he has melded himself."
    elif v.contracts.rounds:
        text += (" from the turn after he goes down." if lay.timing == "next-turn"
                 else " once he has gone down, already in the turn he goes down.")
    else:
        text += " once he has melded."
    if lay.own_melds_next_turn:
        text += " Onto his own melds he lays off only from his next turn."
    return text


def _swap(v: m.Variant) -> str:
    s = v.swap
    if not s.allowed:
        text = "A wild card on the table stays where it is: it is never freed."
        if s.shift_to_end:
            text += (" But a wild card in a run may be slid to either end of the run, so "
                     "that the natural card it stood for can be laid off in its place.")
        return text
    where = {(True, False): "a run", (False, True): "a set", (True, True): "a run or a set"}
    place = where[(s.from_runs, s.from_sets)]
    text = (f"A wild card in {place} on the table may be freed: the player lays the natural "
            "card it stands for in its place and takes the wild card.")
    text += {"down": " Only a player who has gone down may do so.",
             "anyone": " Anyone may, but a player not yet down must go down in the same turn.",
             "not-down": " Only a player who has not yet gone down may do so."}[s.who]
    if s.wilds:
        names = " and ".join(c.text for c in s.wilds)
        text += f" Only these wild cards may be freed: {names}."
    if s.others_only:
        text += " Nobody frees a wild card from his own melds."
    text += (" The freed wild card must be laid on the table in the same turn."
             if s.freed == "table" else " The freed wild card goes into his hand.")
    if s.shift_to_end:
        text += (" A wild card in a run may also be slid to either end of the run, so that "
                 "the natural card it stood for can be laid off in its place.")
    return text
