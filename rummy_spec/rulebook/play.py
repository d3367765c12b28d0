"""Rulebook sections about a hand's course: the deal, the contracts, the turn."""

from __future__ import annotations

from ..lang import meldkinds
from ..lang import model as m
from ..lang.counts import minimum_cards
from ..lang.expr import evaluate_int
from . import knocklimit, stakes
from .doc import Block, Items, Para, Section, Table
from .words import Scope, by_round, join, plural, value_text


def deal(scope: Scope) -> Section:
    v = scope.variant
    d = v.deal
    first = {
        "random": "The first dealer is chosen at random.",
        "highest": "To choose the first dealer, everyone draws a card: the highest deals.",
        "lowest": "To choose the first dealer, everyone draws a card: the lowest "
                  "(ace low) deals.",
        "last": "The last player in seating order deals the first hand, so the first "
                "player in seating order plays first.",
    }[d.first_dealer]
    rotation = {
        "left": "After each hand the deal passes to the left.",
        "winner": "The winner of a hand deals the next one.",
    }[d.rotation]
    if d.pass_after_scored and d.rotation == "left":
        rotation = ("After each hand someone scores, the deal passes to the left; after a "
                    "dead hand the same dealer deals again.")
    if v.game.ends == "hands" and v.game.hands == 1 and not v.game.hands_each:
        rotation = ""  # the game is one hand: nobody deals again
    blocks: list[Block] = [Para(f"{first} {rotation}".strip())]
    if v.cut is not None:
        blocks.append(Para(_cut(scope, v.cut)))
    blocks.append(Para(f"The dealer deals the cards one at a time, starting on their left: "
                       f"{value_text(scope, d.cards, 'cards')} to each player"
                       + (" (see the table of players and decks)"
                          if _deal_depends_on_players(scope) else "") + "."))
    start = ("The player to the dealer's left plays first."
             if v.players.max != 2 else "The non-dealer plays first.")
    if not d.upcard and not d.first_turn_discard:
        start = ("No upcard is turned: the " + ("player to the dealer's left"
                 if v.players.max != 2 else "non-dealer") + " plays first, starting from the "
                 "stock.")
    elif not d.upcard:
        start = ("No upcard is turned: the " + ("player to the dealer's left"
                 if v.players.max != 2 else "non-dealer") + " is dealt one card more and "
                 "starts by discarding (or knocking), without drawing.")
    elif d.upcard_offered:
        start = ("The first upcard is offered to the non-dealer, then to the dealer; whoever "
                 "takes it discards and the turn passes on. If both refuse, the non-dealer "
                 "draws from the stock and plays first.")
    blocks.append(Para(start))
    if d.total_wins is not None:
        blocks.append(Para(stakes.dealt_win(v)))
    return Section("The deal", "deal", tuple(blocks))


def _is_wild(v: m.Variant, special: str) -> bool:
    return any(c.special == special for c in v.wilds.cards)


def _cut(scope: Scope, cut: m.Cut) -> str:
    who = {
        "right": "the player to the dealer's right cuts the pack",
        "any": "any other player cuts the pack",
        "dealer": "the dealer lifts off cards from the pack",
    }[cut.by]
    text = f"Before the deal {who}."
    bonus = evaluate_int(cut.bonus, scope.players[0]) or 0
    if bonus:
        effect = (f"takes {-bonus} points off their score" if bonus < 0
                  else f"scores a bonus of {bonus} points")
        text += (" A cutter who lifts exactly the cards the deal needs (every hand and the "
                 f"upcard; {_cut_targets(scope, cut)}) {effect}.")
    return text


def _cut_targets(scope: Scope, cut: m.Cut) -> str:
    """The exact cut for each player count (and round), as values, never as a formula."""
    def exact(players: int) -> str:
        return f"{players} players: " + by_round(
            scope, lambda r: evaluate_int(cut.target, players, r))

    return "; ".join(exact(p) for p in scope.players)


# ----- contracts --------------------------------------------------------------------------

def contracts(scope: Scope) -> Section:
    v = scope.variant
    c = v.contracts
    if not c.rounds:
        text = ("There are no contracts: you may meld whenever you can."
                if v.knock is None else
                "There are no contracts: melds are shown only when a player knocks.")
        return Section("Rounds and contracts", "contracts", (Para(text),))
    blocks: list[Block] = [Para(_progression(v))]
    rows = []
    dealt = not _deal_depends_on_players(scope)
    for contract in c.rounds:
        row = [str(contract.number), _contract_text(contract),
               str(minimum_cards(v, contract))]
        if dealt:
            row.append(str(evaluate_int(v.deal.cards, scope.players[0], contract.number)))
        rows.append(tuple(row))
    first = ("Round", "Contract") if c.progression == "together" else ("Contract", "Melds")
    header = (*first, "Fewest cards") + (("Dealt",) if dealt else ())
    blocks.append(Table(header, tuple(rows), keyed=True))
    blocks.append(Para("Fewest cards: the least number of cards that can meet the contract."))
    blocks.append(Items(tuple(_contract_rules(v))))
    return Section("Rounds and contracts", "contracts", tuple(blocks))


def _deal_depends_on_players(scope: Scope) -> bool:
    v = scope.variant
    return len({tuple(evaluate_int(v.deal.cards, p, r) for r in scope.rounds)
                for p in scope.players}) > 1


def _element_text(e: m.Element) -> str:
    kind = meldkinds.entry(e.kind)
    word = kind.words if e.count == 1 else kind.words_plural
    return (f"{e.count} " + ("pure " if e.pure else "") + word
            + (f" of {e.size}" if e.size is not None else ""))


def _contract_text(contract: m.Contract) -> str:
    text = " + ".join(_element_text(e) for e in contract.elements)
    return text + (" (pat: the whole hand)" if contract.pat else "")


def _progression(v: m.Variant) -> str:
    n = len(v.contracts.rounds)
    return {
        "together": f"The game has {plural(n, 'round')}. In each round you must lay that "
                    "round's contract (go down) before you may play anything else onto the "
                    "table.",
        "individual": f"There are {plural(n, 'contract')}, made in order. You work on your "
                      "own contract: when you make it you move on to the next in the "
                      "following hand; otherwise you try it again.",
        "any-order": f"There are {plural(n, 'contract')}. You make them in any order you "
                     "like, each once, one per hand.",
    }[v.contracts.progression]


def _contract_rules(v: m.Variant) -> list[str]:
    c = v.contracts
    out = [
        "A contract is laid all at once, and only once per hand.",
        "You go down with exactly the melds the contract names, no more."
        if c.count == "exact" else
        "You go down with at least the melds the contract names; any other melds, of any "
        "kind, may join them."
        if c.count == "any" else
        "You go down with at least the melds the contract names; more may join them.",
        "Each contract meld has exactly the size the contract gives (or the kind's minimum)."
        if c.size == "exact" else
        "A contract meld may be longer than the size the contract gives.",
    ]
    if any(sum(e.count for e in r.elements if e.kind == "run") > 1 for r in c.rounds):
        out.append(
            _gap(c.run_gap) if c.same_suit_runs == "gap" else
            "Two runs of one suit may touch (2 to 5 and 6 to 9 of one suit are two runs); "
            "they are laid and extended as separate runs.")
    if c.distinct_set_ranks:
        out.append("The sets of one contract must be of different ranks.")
    if any(e.pure for r in c.rounds for e in r.elements):
        out.append("A pure meld holds no wild card at all: every card in it is natural and "
                   "stands for itself.")
    if c.down_goes_out:
        out.append("Going down is going out: you lay every card you hold but one in the "
                   "contract's melds (and any others), then discard that last card, and the "
                   "hand ends at once.")
    pats = [str(r.number) for r in c.rounds if r.pat]
    if pats:
        out.append(f"In round{'s' * (len(pats) > 1)} {join(pats)} the contract is pat: going "
                   "down melds every card held after the draw, with no discard, and ends "
                   "the hand.")
    return out


def _gap(ranks: int) -> str:
    if ranks == 1:
        return ("Two runs of one suit in a contract must leave a gap between them: 2 to 5 "
                "and 6 to 9 of one suit would be one run.")
    text = f"Two runs of one suit in a contract must leave at least {ranks} ranks out between them"
    names = {10: "10", 11: "J", 12: "Q", 13: "K"}
    start = 5 + ranks + 1
    if start + 3 <= 13:
        low, high = names.get(start, str(start)), names.get(start + 3, str(start + 3))
        low2, high2 = names.get(start - 1, str(start - 1)), names.get(start + 2, str(start + 2))
        text += (f": 2 to 5 and {low} to {high} of one suit are two runs, 2 to 5 and {low2} "
                 f"to {high2} are not")
    return text + "."


# ----- the turn ---------------------------------------------------------------------------

def turn(scope: Scope) -> Section:
    v = scope.variant
    steps = [_draw_step(v), *_table_steps(v), _discard_step(v)]
    blocks: list[Block] = [Para("Play passes to the left. A turn goes:"),
                           Items(tuple(steps), ordered=True)]
    specials = _special_rules(v)
    if specials:
        blocks.append(Items(tuple(specials)))
    return Section("A turn", "turn", tuple(blocks))


def _draw_step(v: m.Variant) -> str:
    text = ("Draw: take the top card of the stock, or the upcard (the top card of the "
            "discard pile).") + stakes.drop_step(v)
    if v.turn.deep_take:
        text += (" The discard pile lies spread, every card in sight: instead of the upcard "
                 "you may take any card of it together with every card above it, provided "
                 "you can meld that card (or lay it off) at once; your next play must use it, "
                 "and you may not discard before.")
    if v.turn.pile_card_melded and v.turn.deep_take:
        text += (" The same holds for the upcard taken alone: take it only if you can meld "
                 "it or lay it off at once, and do so with your next play.")
    elif v.turn.pile_card_melded and not v.turn.whole_pile:
        text += (" Take the upcard only if you can meld it or lay it off at once"
                 + (" (before you have melded: in your first lay-down, which it must help "
                    "make)" if v.turn.opening_points is not None else "")
                 + ", and do so with your next play; you may not discard before.")
    if v.turn.stock_card_melded:
        text += (" The card you turn from the stock never joins your hand: meld it (or lay "
                 "it off) this turn, or make it your discard, which ends your turn at once. "
                 "Before you discard it you may still meld or lay off from your hand.")
    text += _whole_pile(v)
    if v.turn.no_upcard_when_down:
        text += " Once you have gone down you may only draw from the stock."
    if v.claim is not None and v.claim.window in ("after-refusal", "any-time"):
        text += (" Passing the upcard by opens it to claims out of turn "
                 f"(“{v.claim.title}”, see below).")
    return text


def _whole_pile(v: m.Variant) -> str:
    """The whole pile taken, and the frozen pile (Canasta)."""
    t = v.turn
    if not t.whole_pile:
        return ""
    text = (" Taking the upcard takes the whole discard pile: first meld the upcard, with "
            "cards from your hand (or lay it off), as your next play; only then do the "
            "other cards of the pile come to your hand, and they do not help that meld"
            + (" nor your first melds' points" if t.opening_points is not None
               or t.opening_by_total else "") + ".")
    why = []
    if t.frozen_by:
        why.append("while " + " or ".join(c.text for c in t.frozen_by) + " lie in it")
    if t.frozen_until_melded:
        why.append("for a side that has not yet melded" if v.game.partners != "none"
                   else "for a player who has not yet melded")
    if why:
        text += (" The pile is frozen " + ", and ".join(why) + ": then the upcard may "
                 "be taken only into a new meld with a natural pair of its rank from "
                 "your hand, never laid off.")
    return text


def _table_steps(v: m.Variant) -> list[str]:
    t = v.turn
    out: list[str] = []
    if v.knock is not None:
        return out
    if v.contracts.rounds:
        text = "Go down, if you can and have not yet: lay this round's contract from your hand."
        text += (" After going down you may start new melds on later turns."
                 if t.new_melds_after_down else
                 " After going down you lay no new melds, only lay-offs.")
    else:
        text = "Meld: lay sets and runs from your hand onto the table, if you wish."
    if t.melds_per_turn is not None:
        text += f" At most {plural(t.melds_per_turn, 'new meld')} per turn."
    wild = ("a wild card counts its own points" if t.opening_wilds_own
            else "a wild card counts as the card it stands for")
    if t.opening_points is not None:
        first = "going down" if v.contracts.rounds else "your first melds, laid at once,"
        text += (f" The cards of {first} must count at least {t.opening_points} points "
                 f"({wild}).")
    if t.opening_by_total:
        first = "going down" if v.contracts.rounds else "your first melds, laid at once,"
        side = "your team's" if v.game.partners != "none" else "your"
        rows = t.opening_by_total
        parts = [f"{points} points below a total of {rows[1][0]}" if start is None
                 else f"{points} from {start}" for start, points in rows]
        text += (f" The cards of {first} must count a minimum set by {side} total "
                 f"score: {join(parts)} ({wild}).")
        if v.game.partners != "none":
            text += " Once your partner has melded this hand, no minimum applies to you."
    if t.no_meld_turns is not None:
        text += (f" Not in your first {plural(t.no_meld_turns, 'turn')} of a hand: until "
                 f"everyone has played {plural(t.no_meld_turns, 'turn')}, nobody melds, lays "
                 "off or frees a wild card, so nobody goes out either.")
    out.append(text)
    if v.layoff.allowed:
        out.append("Lay off: add cards from your hand to melds on the table (see below).")
    if v.swap.allowed:
        out.append("Free wild cards from the table, where the rules allow (see below).")
    elif v.swap.shift_to_end:
        out.append("Move a wild card to the end of its run, where the rules allow (see below).")
    return out


def _discard_step(v: m.Variant) -> str:
    text = "Discard: end the turn by laying one card face up on the discard pile."
    if v.knock is not None:
        text += knocklimit.discard_words(v.knock)
    if v.turn.keep_taken_card:
        text += " The card just taken from the discard pile may not be discarded this turn"
        text += ", except in a knock." if v.turn.knock_taken_card and v.knock else "."
    elif v.knock is not None:
        text += " The card just taken from the discard pile may be discarded again at once."
    if v.turn.no_take:
        names = " and ".join(c.text for c in v.turn.no_take)
        text += (f" {names[:1].upper()}{names[1:]} on top of the discard pile may not be "
                 "taken: such a card blocks the pile until another card covers it.")
    if v.turn.no_discard:
        names = " and ".join(c.text for c in v.turn.no_discard)
        text += (f" {names[:1].upper()}{names[1:]} may never be discarded, unless it is the "
                 "last card in hand.")
    if v.turn.no_playable_discard:
        text += (" A card that could be laid off onto a table meld may not be discarded, "
                 "unless every card in hand could be.")
    return text


def _special_rules(v: m.Variant) -> list[str]:
    out: list[str] = []
    for s in v.deck.specials:
        who = {"next": "the next player loses their next turn",
               "chosen": "the discarder chooses a player, who loses their next turn",
               None: ""}[s.skip]
        if who:
            out.append(f"A discarded {s.title} ({s.code}): {who}.")
        if who and s.acts_turned_up:
            out.append(f"If the dealer turns up a {s.title} to start the discard pile, it acts "
                       "on the first player: they lose their first turn, and the player after "
                       "them plays first.")
        if s.never_taken:
            out.append(f"A {s.title} is never taken from the discard pile.")
        if s.not_last_card:
            out.append(f"A {s.title} may not be a player's last card.")
        if s.no_repeat_skips:
            out.append(f"No player may be hit by a {s.title} twice in a row.")
        if s.skip is None and not s.never_taken and not _is_wild(v, s.code):
            out.append(f"A {s.title} ({s.code}) has no effect in play.")
    return out
