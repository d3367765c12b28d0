"""Rulebook sections about play on others' cards: claims, rummy calls, lay-offs, swaps."""

from __future__ import annotations

from ..lang import families
from ..lang import model as m
from .doc import Block, Items, Para, Section
from .words import Scope, plural, value_text


def claiming(scope: Scope) -> Section:
    v = scope.variant
    c = v.claim
    blocks: list[Block] = []
    if c is None:
        blocks.append(Para("There is no buying: only the player whose turn it is may take "
                           "the upcard."))
    else:
        taken = (f"When it is not your turn, you may claim the upcard by calling "
                 f"“{c.title}”. You take it together with "
                 f"{plural(c.penalty, 'penalty card')} from the stock")
        blocks.append(Para(
            taken + ", and do not discard. Turn order does not change." if c.claimant_waits
            else taken + ", and at once play a turn out of order: you may go down, meld "
            "and lay off as on a turn of your own, then discard. Play then goes back to "
            "the player whose turn it was: turn order does not change."))
        blocks.append(Items((*_claim_rules(scope, c), *_clause_sentences(v, c))))
    if v.rummy_call is not None:
        blocks.append(Para(_rummy_call(v.rummy_call)))
    return Section("Claiming the upcard", "claiming", tuple(blocks))


def _claim_rules(scope: Scope, c: m.Claim) -> list[str]:
    out = [
        {"after-refusal": "Claims open only once the player whose turn it is has passed the "
                          "upcard by and drawn from the stock.",
         "between-turns": "Claims are made after a discard, before the next player draws; "
                          "the next player has first call, and simply takes the card as the "
                          "draw. If he passes it by and nobody buys it, he draws from the "
                          "stock; if someone buys it, he has not drawn yet and then draws "
                          "as usual.",
         "any-time": "You may claim whenever a discard lies exposed: before the player "
                     "whose turn it is has drawn, the first to call gets it at once (that "
                     "player then draws from the stock), and once he has passed it by."
         }[c.window],
        "Among several claimants the one nearest in turn order gets the card."
        if c.priority == "nearest" else "Among several claimants the first to call gets it.",
        _limit(scope, c),
        "You may claim your own discard." if c.own_discard
        else "You never claim your own discard.",
        "You may claim even after you have gone down." if c.when_down
        else "Once you have gone down, you may not claim.",
        "A claim needs enough cards in the stock to pay its penalty.",
        *(["Some contracts need more cards than you are dealt: you can make them only "
           "with cards you have claimed."] if c.needed_for_contracts else []),
    ]
    if c.claimant_waits:
        out.append("Having claimed, you may not meld, lay off or discard until your own turn.")
    else:
        out.append({
            "after-refusal": "After the claimant's discard, the player who passed the "
                             "upcard by draws from the stock and plays on.",
            "between-turns": "After the claimant's discard, the next player draws as "
                             "usual: the claimant's discard is the upcard.",
            "any-time": "After the claimant's discard, the player whose turn it is plays "
                        "on: he draws from the stock if he had passed the upcard by, and "
                        "otherwise draws as usual, the claimant's discard being the upcard.",
        }[c.window])
    pile = {
        # after refusal the player in turn has drawn from the stock: the card below is his
        # to take no more than the claimed card was, so an open pile needs no sentence
        "open": "" if c.window == "after-refusal" else
                "After a claim the card below is the upcard like any other: the player "
                "whose turn it is, if he has not drawn yet, may take it as his draw.",
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


def _clause_sentences(v: m.Variant, c: m.Claim) -> list[str]:
    """The sentences of the claim clauses declared beyond the model's own fields."""
    out = []
    for clause in families.CLAIM.extra():
        if clause.sentence is not None and families.on(c, clause):
            said = families.resolve(clause.sentence)(v, families.clause_value(
                c, clause.fields[0]))
            if said:
                out.append(str(said))
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
        "caller-discards": " The caller then discards one card of their choice (and goes "
                           "out if it was their last).",
        "gifts": " At the offender's next turn each other player may hand them one card.",
        "take-back": f" The offender takes the card back, with {r.take_back_extra} more "
                     "from the stock.",
    }[r.penalty]
    return text + effect


# ----- lay-offs and wild swaps ------------------------------------------------------------

def laying_off(scope: Scope) -> Section:
    v = scope.variant
    blocks: list[Block] = [Para(_layoff(v))]
    if not v.wilds.cards:  # no wild card to free: the page says nothing of freeing
        return Section("Laying off", "laying-off", tuple(blocks))
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
    text = ("You may add cards from your hand to " + ("melds" if lay.own_side else "any melds")
            + " on the table (lay off)")
    if not lay.needs_down:
        text += ", whether or not you have melded yourself."
    elif v.contracts.rounds:
        text += (" from the turn after you go down." if lay.timing == "next-turn"
                 else " once you have gone down, already in the turn you go down.")
    else:
        text += " once you have melded."
    if lay.own_melds_next_turn:
        text += " Onto your own melds you lay off only from your next turn."
    if lay.own_side:
        side = "your side's" if v.game.partners != "none" else "your own"
        text += f" You lay off only on {side} melds, never on the other players'."
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
    text = (f"You may free a wild card in {place} on the table: lay the natural card it "
            "stands for in its place and take the wild card.")
    text += {"down": " Only once you have gone down.",
             "anyone": " Anyone may, but if you are not yet down you must go down in the "
                       "same turn.",
             "not-down": " Only while you have not yet gone down.",
             "any": " Any player may, on his turn, whether or not he has melded."}[s.who]
    if s.wilds:
        names = " and ".join(c.text for c in s.wilds)
        text += f" Only these wild cards may be freed: {names}."
    if s.others_only:
        text += " You never free a wild card from your own melds."
    text += (" You must lay the freed wild card on the table in the same turn."
             if s.freed == "table" else " The freed wild card goes into your hand.")
    if s.shift_to_end:
        text += (" A wild card in a run may also be slid to either end of the run, so that "
                 "the natural card it stood for can be laid off in its place.")
    return text
