"""What ``rummy-spec play`` shows: the board, moves in words, moves as commands, help.

Table melds are numbered from 1 as shown; seats by their number (``you`` are seat 0).
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.state import Action, RoundResult, State
from ..engine.table import current_contracts
from .cardtext import cards_text, contract_text, meld_text, plural, sorted_hand
from .games import scores_text

HELP = """\
commands (cards as 10S, QH, AC, JK; melds by their number on the table):
  draw                      draw from the stock
  take                      take the upcard
  buy                       buy the upcard out of turn (when offered a claim)
  pass                      decline: the upcard offer, a claim, a gift, more lay-offs,
                            the upcard at the wall (the hand is then dead)
  dead                      declare the hand dead instead of drawing (low stock)
  meld C C C [/ C C C ...]  go down with the round's contract (or lay one new meld)
  layoff CARD MELD [low|high]   add a card to a meld on the table
  swap CARD MELD [TO] [low|high]  put a natural in place of the wild it stands for
                            (TO: the meld that takes the freed wild, where it must go)
  shift CARD MELD           put a natural in place of a wild and move the wild to an end
  discard CARD [SEAT]       discard, ending your turn (SEAT: whom a Skip is aimed at)
  knock [CARD]              knock, discarding CARD (no card: big gin)
  call [CARD]               call rummy on the last discard (CARD: the one you throw)
  give CARD                 give a card to the player who called
  hint                      list your legal moves
  board                     show the board again
  help                      this list
  quit                      leave the game"""

ENDINGS = {
    "out": "went out", "knock": "a knock", "gin": "gin", "big-gin": "big gin",
    "stock": "the stock ran out", "dead": "a dead hand",
    "abandoned": "abandoned", "replay": "no one could go out: dealt again with another deck",
}


def upcard(rules: Rules, state: State) -> str | None:
    return rules.table.text(state.discard[-1]) if state.discard else None


def _rounds(rules: Rules) -> str:
    if rules.contracts:
        return f" of {len(rules.contracts)}"
    if rules.variant.rounds:
        return f" of {rules.variant.rounds}"
    target = rules.variant.game.target
    return f" (game to {target} points)" if target is not None else ""


def board_lines(game: Game, names: list[str], human: int) -> list[str]:
    """Everything the human may see: scores, the table, the upcard, the stock, the hand."""
    rules, s = game.rules, game.state
    table = rules.table
    out = [f"-- round {s.round}{_rounds(rules)}, turn {s.turn_no + 1}; "
           f"dealer: {names[s.dealer]} --"]
    if rules.has_contracts:
        now = current_contracts(rules, s, human)
        mine = " or ".join(contract_text(c) for c in now) if now else "none left"
        out.append(("your contract: " if rules.individual else "contract: ") + mine)
    out.append(f"scores: {scores_text(game, names)}")
    seats = []
    for i, seat in enumerate(s.seats):
        note = " (down)" if seat.down and rules.has_contracts else ""
        seats.append(f"{names[i]} {plural(len(seat.hand), 'card')}{note}")
    out.append("players: " + "; ".join(seats))
    out.append("table:" + ("" if s.table else " no melds yet"))
    for n, t in enumerate(s.table, 1):
        out.append(f"  {n}. {names[t.owner]}'s {meld_text(rules.melds, t.meld)}")
    up = upcard(rules, s)
    out.append(f"upcard: {up or 'none'}   stock: {plural(len(s.stock), 'card')}")
    hand = sorted_hand(table, rules.wild, s.seats[human].hand)
    out.append(f"your hand: {cards_text(table, hand) or 'empty'}")
    return out


def prompt_line(game: Game, names: list[str], human: int, mine: list[Action]) -> str:
    """What is asked of the human now."""
    rules, s = game.rules, game.state
    up = upcard(rules, s) or "none"
    kinds = {a.type for a in mine}
    if s.phase == "offer":
        return f"the upcard {up} is offered to you: take or pass"
    if s.phase == "claim":
        refuser = names[s.claim.refuser] if s.claim is not None else "the player in turn"
        return f"{refuser} did not take {up}: buy it or pass"
    if s.phase == "gifts":
        return f"{names[s.turn]} called rummy: give a card, or pass"
    if s.phase == "layoff":
        return "lay off on the knocker's melds (layoff CARD MELD), then pass"
    if s.turn != human and kinds == {"call"}:
        return f"{names[s.call_on or 0]}'s discard {up} could have been played: call, or pass"
    if s.phase == "draw":
        take = any(a.type == "draw" and a.source == "discard" for a in mine)
        stock = any(a.type == "draw" and a.source == "stock" for a in mine)
        if not stock:  # the stock is low: the upcard, or the end of the hand
            end = "pass" if "pass" in kinds else "dead"
            return f"your turn: {f'take {up}, or ' if take else ''}{end} (the stock is closed)"
        return (f"your turn: draw{f', or take {up}' if take else ' from the stock'}"
                + (" (or call rummy)" if "call" in kinds else ""))
    words = {"go_down": "meld", "meld": "meld", "lay_off": "layoff", "swap": "swap",
             "shift": "shift", "knock": "knock", "discard": "discard"}
    verbs = list(dict.fromkeys(words[k] for k in
                               ("go_down", "meld", "lay_off", "swap", "shift", "knock",
                                "discard") if k in kinds))
    return f"your play: {', '.join(verbs) or 'nothing is legal'} (hint lists every move)"


def _card(rules: Rules, card: int | None) -> str:
    return "" if card is None else rules.table.text(card)


def command_text(rules: Rules, a: Action) -> str:
    """An action of the human's written as the command that makes it."""
    c = _card(rules, a.card)
    meld = "" if a.meld is None else f" {a.meld + 1}"
    end = "" if a.end is None else f" {a.end}"
    if a.type == "draw":
        return "draw" if a.source == "stock" else "take"
    if a.type in ("go_down", "meld"):
        return "meld " + " / ".join(cards_text(rules.table, m) for m in a.melds or ())
    if a.type == "lay_off":
        return f"layoff {c}{meld}{end}"
    if a.type == "swap":
        to = "" if a.wild_to is None else f" {a.wild_to + 1}"
        return f"swap {c}{meld}{to}{end}"
    if a.type == "shift":
        return f"shift {c}{meld}"
    if a.type == "discard":
        return f"discard {c}" + ("" if a.target is None else f" {a.target}")
    if a.type in ("knock", "call", "give"):
        return f"{a.type} {c}".rstrip()
    if a.type == "dead_hand":
        return "dead"
    return a.type


def hint_lines(rules: Rules, state: State, mine: list[Action]) -> list[str]:
    """The human's legal moves as commands; moves differing only in the card share a line."""
    if not mine:
        return ["no legal move for you now"]
    shared: dict[str, list[int]] = {}
    out: list[str] = []
    for a in mine:
        if a.type in ("discard", "knock", "call", "give", "lay_off") and a.card is not None \
                and a.target is None:
            key = command_text(rules, a).replace(f" {rules.table.text(a.card)}", " CARD", 1)
            if key not in shared:
                shared[key] = []
                out.append(key)
            shared[key].append(a.card)
        elif a.type in ("draw", "buy") and a.source != "stock" and state.discard:
            out.append(f"{command_text(rules, a)}   ({rules.table.text(state.discard[-1])})")
        else:
            out.append(command_text(rules, a))
    lines = ["your legal moves:"]
    for text in out:
        cards = shared.get(text)
        if cards is None:
            lines.append(f"  {text}")
        else:
            one_of = cards_text(rules.table, sorted_hand(rules.table, rules.wild, set(cards)))
            lines.append(f"  {text}   (CARD: {one_of})")
    return lines


def move_text(rules: Rules, state: State, a: Action, names: list[str], human: int) -> str:
    """A bot's move in words, told from the state before it (hidden cards stay hidden)."""
    c = _card(rules, a.card)
    up = upcard(rules, state) or "the upcard"
    where = "" if a.meld is None else f" meld {a.meld + 1}"
    if a.type == "draw":
        return "draws from the stock" if a.source == "stock" else f"takes the upcard {up}"
    if a.type == "buy":
        return f"buys {up}"
    if a.type == "pass":
        return {"offer": f"passes on {up}", "claim": f"does not buy {up}",
                "gifts": "gives nothing", "layoff": "is done laying off",
                "draw": "passes at the wall: the hand is dead"}.get(state.phase, "passes")
    if a.type == "dead_hand":
        return "declares the hand dead"
    if a.type == "go_down":
        return "goes down: " + " / ".join(cards_text(rules.table, m) for m in a.melds or ())
    if a.type == "meld":
        return "melds " + " / ".join(cards_text(rules.table, m) for m in a.melds or ())
    if a.type == "lay_off":
        return f"lays off {c} on{where}" + ("" if a.end is None else f" ({a.end} end)")
    if a.type == "swap":
        to = "" if a.wild_to is None else f", the wild going to meld {a.wild_to + 1}"
        return f"swaps {c} for the wild in{where}{to}"
    if a.type == "shift":
        return f"shifts {c} into{where}, moving its wild to an end"
    if a.type == "discard":
        return f"discards {c}" + ("" if a.target is None else f" at {names[a.target]}")
    if a.type == "knock":
        return "goes big gin" if a.card is None else f"knocks, discarding {c}"
    if a.type == "call":
        return "calls rummy" + ("" if a.card is None else f", throwing {c}")
    if a.type == "give":
        return f"gives you {c}" if state.turn == human else f"gives {names[state.turn]} a card"
    return a.type


def round_lines(game: Game, result: RoundResult, names: list[str]) -> list[str]:
    ending = ENDINGS.get(result.ending, result.ending)
    if result.ending == "out" and result.winner is not None:
        head = f"round {result.round} over: {names[result.winner]} went out"
    else:
        head = f"round {result.round} over: {ending}"
        if result.winner is not None:
            head += f"; {names[result.winner]} won it"
    this = ", ".join(f"{n} {p}" for n, p in zip(names, result.scores, strict=True))
    return [head, f"  this round: {this}", f"  totals: {scores_text(game, names)}"]
