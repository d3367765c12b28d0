"""What ``rummy-spec play`` shows: the board, the prompt, the commands, moves as commands.

Table melds are numbered from 1 as shown, grouped by the player who laid them
(``meld_numbers``); seats by their number, from 1 (``you`` are seat 1).  Cards are drawn
by a :class:`~.play_style.Style`.
"""

from __future__ import annotations

from typing import Any

from ..engine.families.schedule import current_contracts
from ..engine.game import Game
from ..engine.records import codec
from ..engine.records.rules import Rules
from ..engine.records.state import Move, State
from .cardtext import cards_text, contract_text, plural, sorted_hand, wild_text
from .meld_numbers import number_of, order_by_owner
from .play_story import Story, buys_left, buys_text
from .play_words import Words

JSON = dict[str, Any]

# Each command, the action types it makes (empty: always available), and what it does.
COMMANDS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("draw", ("draw:stock",), "draw from the stock"),
    ("take [CARD|N]", ("draw:discard",),
     "take the upcard (CARD: a card deep in a spread pile, with every card above it)"),
    ("buy", ("buy",), "buy the upcard out of turn"),
    ("pass", ("pass",), "decline: the upcard, a buy, a gift, more lay-offs, the wall"),
    ("dead", ("dead_hand",), "declare the hand dead instead of drawing (low stock)"),
    ("meld C C C [/ C C C ...]", ("go_down", "meld"),
     "go down with the round's contract (or lay one new meld; an opening, several)"),
    ("layoff CARD MELD [low|high]", ("lay_off",), "add a card to a meld on the table"),
    ("swap CARD MELD [TO] [low|high]", ("swap",),
     "put a natural in place of the wild it stands for (TO: where the freed wild goes)"),
    ("shift CARD MELD", ("shift",), "put a natural in place of a wild, the wild to an end"),
    ("discard CARD [SEAT]", ("discard",), "discard, ending your turn (SEAT: a Skip's target)"),
    ("knock [CARD]", ("knock",),
     "knock, discarding CARD (no card: big gin; before your draw: a drop)"),
    ("call [CARD]", ("call",), "call rummy on the last discard (CARD: the one you throw)"),
    ("give CARD", ("give",), "give a card to the player who called"),
    ("hint", (), "list your legal moves"),
    ("board", (), "show the board again"),
    ("auto on|off", (), "pass on every chance to buy without being asked (now: {auto})"),
    ("help", (), "this list"),
    ("quit", (), "leave the game"),
)


def _kind(a: Move) -> str:
    return f"draw:{a.source}" if a.type == "draw" else a.type


def help_lines(mine: list[Move], auto: bool) -> list[str]:
    """The commands the position allows, then those always there."""
    kinds = {_kind(a) for a in mine}
    lines = ["commands you may use now (cards as 10S, QH, AC, JK; melds by their number):"]
    for usage, makes, what in COMMANDS:
        if not makes or kinds & set(makes):
            lines.append(f"  {usage:<31} {what.format(auto='on' if auto else 'off')}")
    return lines


def all_help_lines() -> list[str]:
    """Every command of the game, whatever the position (for ``--help`` and the docs)."""
    return [f"  {usage:<31} {what.format(auto='off')}" for usage, _, what in COMMANDS]


def _card(rules: Rules, card: int | None) -> str:
    return "" if card is None else rules.table.text(card)


def _rounds(rules: Rules) -> str:
    if rules.contracts:
        return f" of {len(rules.contracts)}"
    if rules.variant.rounds:
        return f" of {rules.variant.rounds}"
    target = rules.variant.game.target
    return f" (game to {target} points)" if target is not None else ""


def contract_now(game: Game, human: int) -> str | None:
    """The contract the human is to make now, in words; None in games without one."""
    rules = game.rules
    if not rules.has_contracts:
        return None
    now = current_contracts(rules, game.state, human)
    return " or ".join(contract_text(c) for c in now) if now else "none left"


def status_text(game: Game, human: int) -> str:
    """``round 2 of 7 · contract 1 set + 1 run · 2 buys left``: for the prompt."""
    rules, s = game.rules, game.state
    parts = [f"round {s.game.round}{_rounds(rules)}"]
    contract = contract_now(game, human)
    if contract is not None:
        parts.append(f"contract {contract}" + (" (made)" if s.hand.seats[human].down else ""))
    if rules.variant.claim is not None:
        parts.append(buys_text(buys_left(rules, s, human)))
    return " · ".join(parts)


def table_lines(story: Story, words: Words, view: JSON) -> list[str]:
    """The melds on the table, numbered, grouped by the player who laid them (read from a
    seat's view: ``rummy_spec.engine.seats.view``)."""
    rules = story.rules
    if not view["table"]:
        return ["table: no melds yet"]
    table = [codec.meld_from_json(rules.table, d, rules.wild) for d in view["table"]]
    out = ["table:"]
    width = max(len(n) for n in words.names)
    owner = None
    for n, index in enumerate(order_by_owner([t.owner for t in table]), 1):
        t = table[index]
        who = words.name(t.owner).ljust(width) if t.owner != owner else " " * width
        owner = t.owner
        wilds = [f"{story.card(c)} as {wild_text(rules.melds, t.meld, i)}"
                 for i, c in enumerate(t.meld.cards) if c in rules.wild]
        for_ = f"  ({'; '.join(wilds)})" if wilds else ""
        out.append(f"  {who}  {n:>2}. {t.meld.kind} {story.cards(t.meld.cards)}{for_}")
    return out


def board_lines(game: Game, story: Story, words: Words, human: int,
                new: list[int] | None = None, view: JSON | None = None) -> list[str]:
    """Everything the human may see, from the human seat's view only (``view``; None:
    ``game.view_json(human)``): scores, the table, the upcard, the stock's size, each
    hand's size and the cards known to be in it, the hand (``new``: the card just drawn,
    marked).  No other card of the game is read."""
    rules = game.rules
    v = game.view_json(human) if view is None else view
    style = story.style
    parse = rules.table.parse
    out = [style.paint("head", f"-- round {v['round']}{_rounds(rules)}, "
                               f"turn {v['turn_no'] + 1}; "
                               f"dealer: {words.name(v['dealer'])} --")]
    contract = contract_now(game, human)
    if contract is not None:
        out.append(("your contract: " if rules.individual else "contract: ") + contract)
    out.append("scores: " + ", ".join(f"{n} {seat['total']}"
                                       for n, seat in zip(words.names, v["seats"], strict=True)))
    seats = []
    for i, seat in enumerate(v["seats"]):
        note = ", down" if seat["down"] and rules.has_contracts else ""
        known = seat["known"] if i != human else []
        holds = f", holding {story.cards([parse(c) for c in known])}" if known else ""
        seats.append(f"{words.name(i)} {plural(seat['hand_size'], 'card')}{note}{holds}")
    out.append("players: " + "; ".join(seats))
    out += table_lines(story, words, v)
    top = v["pile"][-1] if v["pile"] else None
    up = story.card(parse(top)) if top is not None else "none"
    out.append(f"upcard: {up}   stock: {plural(v['stock']['size'], 'card')}")
    if v.get("cut_card") is not None:  # ``wilds { cut joker }``: turned under the stock
        out.append(f"turned under the stock: {story.card(parse(v['cut_card']))} "
                   "(every card of its rank is wild this deal; a joker: the aces)")
    if rules.variant.turn.deep_take and len(v["pile"]) > 1:  # spread: every card in sight
        out.append("discard pile, bottom to top: " + " ".join(
            "?" if c is None else story.card(parse(c)) for c in v["pile"]))
    hand = sorted_hand(rules.table, rules.wild, [parse(c) for c in v["hand"]])
    shown = style.cards(rules.table, hand, rules.wild, new or ()) or "empty"
    out.append(f"your hand: {shown}")
    return out


def prompt_line(game: Game, story: Story, words: Words, human: int,
                mine: list[Move]) -> str:
    """What is asked of the human now, after the status (contract, buys left)."""
    return f"[{status_text(game, human)}] {question(game, story, words, human, mine)}"


def question(game: Game, story: Story, words: Words, human: int, mine: list[Move]) -> str:
    s = game.state
    up = story.upcard(s) if s.hand.discard else "none"
    kinds = {a.type for a in mine}
    if s.hand.phase == "offer":
        return f"the upcard {up} is offered to you: take or pass"
    if s.hand.phase == "claim":
        claim = s.hand.claim
        refuser = words.name(claim.refuser) if claim is not None else "the player in turn"
        return f"{refuser} did not take {up}: buy it or pass ('auto on' always passes)"
    if s.hand.phase == "gifts":
        return f"{words.name(s.hand.turn)} called rummy: give a card, or pass"
    if s.hand.phase == "layoff":
        return "lay off on the knocker's melds (layoff CARD MELD), then pass"
    if s.hand.turn != human and kinds == {"call"}:
        caller = words.possessive(words.name(s.hand.call_on or 0))
        return f"{caller} discard {up} could have been played: call, or pass"
    if s.hand.phase == "draw":
        take = any(a.type == "draw" and a.source == "discard" for a in mine)
        stock = any(a.type == "draw" and a.source == "stock" for a in mine)
        if not stock:  # the stock is low: the upcard, or the end of the hand
            end = "pass" if "pass" in kinds else "dead"
            return f"your turn: {f'take {up}, or ' if take else ''}{end} (the stock is closed)"
        return (f"your turn: draw{f', or take {up}' if take else ' from the stock'}"
                + (" (or call rummy)" if "call" in kinds else "")
                + (" (or knock: drop, showing your hand)" if "knock" in kinds else ""))
    verbs_of = {"go_down": "meld", "meld": "meld", "lay_off": "layoff", "swap": "swap",
                "shift": "shift", "knock": "knock", "discard": "discard"}
    verbs = list(dict.fromkeys(verbs_of[k] for k in verbs_of if k in kinds))
    now = "your play out of turn, having claimed" if s.hand.phase == "claimant" else "your play"
    return f"{now}: {', '.join(verbs) or 'nothing is legal'} (hint lists every move)"


def command_text(rules: Rules, a: Move, state: State) -> str:
    """An action of the human's written as the command that makes it (``state``: the
    table the meld numbers are shown for)."""
    c = _card(rules, a.card)
    meld = "" if a.meld is None else f" {number_of(state, a.meld)}"
    end = "" if a.end is None else f" {a.end}"
    if a.type == "draw" and a.depth is not None and a.depth > 1:  # deep in the pile
        pile = state.hand.discard
        if a.depth > len(pile):
            return "take"
        card = pile[-a.depth]
        topmost = pile[len(pile) - a.depth + 1:].count(card) == 0
        return f"take {rules.table.text(card)}" if topmost else f"take {a.depth}"
    if a.type == "draw":
        return "draw" if a.source == "stock" else "take"
    if a.type in ("go_down", "meld"):
        return "meld " + " / ".join(cards_text(rules.table, m) for m in a.melds or ())
    if a.type == "lay_off":
        return f"layoff {c}{meld}{end}"
    if a.type == "swap":
        to = "" if a.wild_to is None else f" {number_of(state, a.wild_to)}"
        return f"swap {c}{meld}{to}{end}"
    if a.type == "shift":
        return f"shift {c}{meld}"
    if a.type == "discard":
        return f"discard {c}" + ("" if a.target is None else f" {a.target + 1}")
    if a.type in ("knock", "call", "give"):
        return f"{a.type} {c}".rstrip()
    if a.type == "dead_hand":
        return "dead"
    return a.type


def hint_lines(rules: Rules, state: State, mine: list[Move]) -> list[str]:
    """The human's legal moves as commands; moves differing only in the card share a line."""
    if not mine:
        return ["no legal move for you now"]
    shared: dict[str, list[int]] = {}
    out: list[str] = []
    for a in mine:
        if a.type in ("discard", "knock", "call", "give", "lay_off") and a.card is not None \
                and a.target is None:
            key = command_text(rules, a, state).replace(f" {rules.table.text(a.card)}", " CARD", 1)
            if key not in shared:
                shared[key] = []
                out.append(key)
            shared[key].append(a.card)
        elif a.type in ("draw", "buy") and a.source != "stock" and state.hand.discard \
                and (a.depth or 1) == 1:
            upcard = rules.table.text(state.hand.discard[-1])
            out.append(f"{command_text(rules, a, state)}   ({upcard})")
        else:
            out.append(command_text(rules, a, state))
    lines = ["your legal moves:"]
    for text in out:
        cards = shared.get(text)
        if cards is None:
            lines.append(f"  {text}")
        else:
            one_of = cards_text(rules.table, sorted_hand(rules.table, rules.wild, set(cards)))
            lines.append(f"  {text}   (CARD: {one_of})")
    return lines
