"""The canonical observable state (the protocol's ``state`` answer) of the reference.

Only what any engine of the variant must know is in it, in a form that leaves no room
for an engine's own ordering: hands sorted by card text (code point order), runs in
position order low to high with each wild's meaning, sets and colour groups sorted by
card text.  ``PROTOCOL.md`` defines every field; ``schema/state.schema.json`` its shape.
"""

from __future__ import annotations

from typing import Any

from ...engine.families.schedule import current_contracts
from ...engine.game import Game
from ...engine.melding.melds import wild_meaning
from ...engine.records.state import HandRecord, State, TableMeld

JSON = dict[str, Any]

# After a round has ended only these fields are defined: the engine may already have
# dealt the next round its own way.  ``ended`` shows the round as it ended.
AFTER_ROUND = ("phase", "round", "contracts", "totals", "results", "winners")
ROUND_END = (*AFTER_ROUND, "ended")
FIELDS = ("phase", "round", "dealer", "turn", "hands", "table", "discard_top",
          "discard_size", "stock_size", "down", "buys", "claim", "offer", "contracts",
          "totals", "results", "winners", "ended")
# the fields of ``ended``: the cards of the round just ended, where they lay at its end
ENDED_FIELDS = ("hands", "table", "discard_top", "discard_size", "stock_size")
# shown by an engine that declares it in ``hello`` (the reference does): the whole pile
OPTIONAL = ("discard", "cut_card")


def sorted_cards(texts: list[str]) -> list[str]:
    return sorted(texts)


def meld_json(game: Game, t: TableMeld) -> JSON:
    rules = game.rules
    m = t.meld
    table = rules.table
    indexed = list(enumerate(m.cards))
    if m.kind != "run":  # no order inside a set or group: sort by card text
        indexed.sort(key=lambda ic: table.text(ic[1]))
    wilds = []
    for pos, (i, card) in enumerate(indexed):
        if not m.wild[i]:  # (the meld's own flags: a deal's wilds stay with its melds)
            continue
        rank, suit = wild_meaning(rules.melds, m, i)
        if m.kind == "group":
            meaning: str | None = suit
        elif rank is None:
            meaning = None
        else:
            meaning = table.rank_name(rank) + (suit or "")
        wilds.append({"position": pos, "card": table.text(card), "stands_for": meaning})
    return {"owner": t.owner, "kind": m.kind, "cards": [table.text(c) for _, c in indexed],
            "wilds": wilds}


def ended_json(game: Game, hand: HandRecord, order: list[int]) -> JSON:
    """The round that ``hand`` was, as it ended (``ended``): each hand, the table (in
    ``order``, then the melds laid by the last step), the pile and the stock."""
    table = game.rules.table
    rest = [i for i in range(len(hand.table)) if i not in set(order)]
    melds = [hand.table[i] for i in [*order, *rest] if i < len(hand.table)]
    out = {"hands": [sorted_cards(table.texts(seat.hand)) for seat in hand.seats],
           "table": [meld_json(game, t) for t in melds],
           "discard_top": table.text(hand.discard[-1]) if hand.discard else None,
           "discard_size": len(hand.discard), "stock_size": len(hand.stock)}
    if game.variant.wilds.cut_joker:  # the card turned under the stock (feature cut-joker)
        out["cut_card"] = None if hand.cut_card is None else table.text(hand.cut_card)
    return out


def contract_numbers(game: Game, s: State) -> list[int]:
    """The contract each seat is on: the round's for shared schedules, each seat's own
    for individual progression (0: none left), 0 for every seat where there are none."""
    rules = game.rules
    if not rules.has_contracts:
        return [0] * s.game.players
    out = []
    for p in range(s.game.players):
        if not rules.individual:
            out.append(s.game.round)
            continue
        current = current_contracts(rules, s, p)
        out.append(current[0].number if len(current) == 1 else 0)
    return out


def observe(game: Game, results_before: int = 0, order: list[int] | None = None,
            ended: JSON | None = None) -> JSON:
    """The observable state of ``game``; round results before ``results_before`` (from an
    earlier part of the game) are left out; ``order`` lists the table melds in the
    protocol's order (default: the engine's); ``ended``: the round the last step ended
    (``ended_json``), else None."""
    s = game.state
    melds = s.hand.table if order is None or len(order) != len(s.hand.table) else [
        s.hand.table[i] for i in order]
    table = game.rules.table
    results = [{"round": r.round, "scores": list(r.scores), "winner": r.winner,
                "ending": r.ending} for r in s.game.results[results_before:]]
    phase: str = s.hand.phase  # the protocol's phases add round-over
    if results and phase != "game-over":
        phase = "round-over"
    out: JSON = {
        "phase": phase,
        "round": s.game.round,
        "dealer": s.game.dealer,
        "turn": s.hand.turn,
        "hands": [sorted_cards(table.texts(seat.hand)) for seat in s.hand.seats],
        "table": [meld_json(game, t) for t in melds],
        "discard_top": table.text(s.hand.discard[-1]) if s.hand.discard else None,
        "discard_size": len(s.hand.discard),
        "discard": table.texts(s.hand.discard),
        "stock_size": len(s.hand.stock),
        "down": [seat.down for seat in s.hand.seats],
        "buys": [seat.buys for seat in s.hand.seats],
        "claim": _claim(s),
        "offer": list(s.hand.offer),
        "contracts": contract_numbers(game, s),
        "totals": [seat.total for seat in s.game.seats],
        "results": results,
        "winners": list(s.game.winners),
        "ended": ended,
    }
    if game.variant.wilds.cut_joker:  # the card turned under the stock (feature cut-joker)
        out["cut_card"] = None if s.hand.cut_card is None else table.text(s.hand.cut_card)
    return out


def _claim(s: State) -> JSON | None:
    """The claim window's seats; while a claimant who takes at once plays out of turn
    (phase ``claimant``), none pending and the seat his turn goes back to."""
    if s.hand.resume is not None:
        return {"pending": [], "resumes": s.hand.resume}
    return None if s.hand.claim is None else {"pending": list(s.hand.claim.pending)}


def differences(expected: JSON, got: JSON) -> list[tuple[str, Any, Any]]:
    """(field, expected, got) for every expected field the answer does not match."""
    out = []
    for key, want in expected.items():
        have = got.get(key, None if key == "ended" else "<missing>")
        if key == "ended" and ended_compared(have) == ended_compared(want):
            continue
        if have != want:
            out.append((key, want, have))
    return out


def meld_key(meld: Any) -> Any:
    """A meld as compared: owner, kind, its cards as a multiset, each wild with what it
    stands for (the order an engine lists a meld's cards in is its own)."""
    if not isinstance(meld, dict):
        return meld
    wilds: list[Any] = meld["wilds"] if isinstance(meld.get("wilds"), list) else []
    return {"owner": meld.get("owner"), "kind": meld.get("kind"),
            "cards": sorted(map(str, meld.get("cards") or [])),
            "wilds": sorted(({"card": w.get("card"), "stands_for": w.get("stands_for")}
                             for w in wilds if isinstance(w, dict)),
                            key=lambda w: (str(w["card"]), str(w["stands_for"])))}


def ended_compared(ended: Any) -> Any:
    """``ended`` as compared: its melds in no order, each by its cards and the meanings
    of its wilds (``meld_key``); None or a value that is no round, as is."""
    if not isinstance(ended, dict) or not isinstance(ended.get("table"), list):
        return ended
    melds = [meld_key(x) for x in ended["table"]]
    return {**ended, "table": sorted(melds, key=repr)}
