"""Rulebook sections about the cards: players and decks, card values, wild cards."""

from __future__ import annotations

from dataclasses import dataclass

from .. import decks
from ..cards import STANDARD_RANKS, CardTable
from ..lang import meldkinds
from ..lang import model as m
from ..lang.check_stakes import counts_unread
from ..lang.counts import cards_out
from ..lang.expr import Num, evaluate_int
from .doc import Block, Items, Note, Para, Section, Table, code
from .doc import cards as card_faces
from .words import OPEN_LIMIT, Scope, by_round, join, players_text, plural


def players_and_decks(scope: Scope) -> Section:
    v = scope.variant
    blocks: list[Block] = [Para(f"The game is for {players_text(v)}."), Para(_pack(v))]
    header = ["Players", "Decks"]
    jokers = any(decks.deck_counts(v, p)[1] for p in scope.players)
    if jokers:
        header.append("Jokers")
    header += ["Cards", "Dealt to each", "Stock after the deal"]
    rows = []
    for p in scope.players:
        n_decks, n_jokers = decks.deck_counts(v, p)
        total = decks.deck_size(v, p)
        row = [str(p), str(n_decks)] + ([str(n_jokers)] if jokers else [])
        row.append(str(total))
        dealt = {r: _dealt(v, p, r) for r in scope.rounds}
        stock = {r: total - cards_out(v, p, n) for r, n in dealt.items()}
        row.append(by_round(scope, dealt.__getitem__))
        row.append(by_round(scope, stock.__getitem__))
        rows.append(tuple(row))
    blocks.append(Table(tuple(header), tuple(rows), keyed=True))
    text = ("After the deal one card is turned face up to start the discard pile (the "
            "upcard); the rest of the pack is the stock." if v.deal.upcard else
            "No card is turned face up, and the rest of the pack is the stock.")
    if v.deal.upcard and v.deal.upcard_covered:
        names = " or ".join(c.text for c in v.deal.upcard_covered)
        text += (f" If the upcard is one of the {names}, the next card of the stock is "
                 "turned face up on it, and so on until the top card is none of them; the "
                 "covered cards stay in the pile.")
    if v.deal.first_turn_discard:
        text += (" The first player is dealt one card more, and starts his first turn by "
                 "discarding, without drawing.")
    blocks.append(Para(text))
    if scope.open_ended and len(scope.players) > 1:
        blocks.append(Note(
            "More players",
            f"The table stops at {OPEN_LIMIT} players, the most the rules are checked for; "
            "beyond that the same formulas apply."))
    return Section("Players and decks", "players-and-decks", tuple(blocks))


def _dealt(v: m.Variant, players: int, rnd: int) -> int:
    return evaluate_int(v.deal.cards, players, rnd) or 0


def _pack(v: m.Variant) -> str:
    d = v.deck
    noun = "custom deck" if d.custom else (
        f"{4 * (13 - len(d.without))}-card deck" if d.without else "standard 52-card deck")
    if isinstance(d.decks, Num):
        text = "It is played with " + ("one " + noun if d.decks.value == 1
                                       else plural(d.decks.value, noun))
    else:
        text = (f"It is played with several {noun}s, more for more players (see the table "
                "below)")
    each = " per deck" if d.jokers_per_deck else ""
    if isinstance(d.jokers, Num):
        if d.jokers.value:
            text += f", and {plural(d.jokers.value, 'joker')}{each}"
    else:
        text += f", and jokers{each}, as many as the table gives"
    if d.without:
        table = decks.card_table(d)
        gone = join([f"{STANDARD_RANKS[r - 1]}s" for r in d.without])
        text += (f": a standard pack with the {gone} taken out, so each suit runs "
                 f"{'-'.join(table.rank_names)}, and a run passes over the missing ranks")
    if d.custom:
        assert d.numbers is not None
        low, high = d.numbers
        colours = join([f"{name} ({code(c)})" for c, name in d.colours])
        text += (f". A deck holds the numbers {low} to {high} in {colours}, "
                 f"{plural(d.copies, 'copy', 'copies')} of each number in each colour")
        specials = [f"{s.per_deck} {s.title} ({code(s.code)})" for s in d.specials]
        if specials:
            text += ", and " + join(specials)
    return text + "."


# ----- card values ----------------------------------------------------------------------

def card_values(scope: Scope) -> Section:
    v = scope.variant
    if counts_unread(v):
        return Section("Card values", "card-values", (Para(
            "The cards have no values in this game: no rule counts the cards left in a "
            "hand. A hand is won by going out, or nobody wins it."),))
    table = decks.card_table(v.deck)
    points = decks.face_points(v)
    held = _faces_in_pack(scope, table)
    groups: list[_Group] = []
    for rank in range(table.low_rank, table.high_rank + 1):
        faces = [f for f in table.faces if f.rank == rank and f.code in held]
        values = {points[f.code] for f in faces}
        if len(values) == 1:
            groups.append(_Group(table.rank_name(rank), values.pop(), _pip(table, rank)))
        else:
            groups.extend(_Group(f.text, points[f.code], None) for f in faces)
    titles = {s.code: s.title for s in v.deck.specials}
    for f in table.faces:
        if f.rank is None and f.code in held:
            name = "Joker (JK)" if f.joker else f"{titles.get(f.text, f.text)} ({f.text})"
            groups.append(_Group(name, points[f.code], None))
    rows = tuple(_value_row(g) for g in _joined(groups))
    lead = {
        "penalty": "A card left in your hand when the hand ends counts against you:",
        "collect": "A card left in your hand when someone else goes out is paid to them:",
        "deadwood": "A card left unmelded (deadwood) counts:",
        "minus-deadwood": "A card left unmelded (deadwood) counts:",
        "melds": "A card you put on the table counts for you, and a card left in your hand "
                 "when the hand ends counts against you:",
        "stakes": "A card in your hand counts toward your count (lowest is best):",
    }[v.score.method]
    blocks: list[Block] = [Para(lead), Table(("Card", "Points"), rows)]
    if v.score.low_ace is not None:
        blocks.append(Para(f"An ace laid low in a run (A-2-3) counts {v.score.low_ace} on "
                           "the table instead; in hand it counts as above."))
    wild = decks.wild_faces(v)
    wild_ranked = [table.faces[c].text for c in sorted(wild) if table.faces[c].rank is not None]
    if wild_ranked and any(e.kind == "wild" for e in v.score.entries):
        blocks.append(Para("A card that is wild counts as a wild card: "
                           + join([code(t) for t in wild_ranked]) + "."))
    if v.wilds.cut_joker and any(e.kind == "wild" for e in v.score.entries):
        blocks.append(Para("The cards of the rank turned under the stock (see Wild cards) "
                           "count as wild cards in that deal."))
    return Section("Card values", "card-values", tuple(blocks))


@dataclass(frozen=True)
class _Group:
    name: str
    points: int | None
    pip: int | None  # the rank's pip value, for a whole rank; None for single faces


def _pip(table: CardTable, rank: int) -> int:
    return rank if table.custom else min(rank, 10)


def _joined(groups: list[_Group]) -> list[tuple[str, str, str]]:
    """Neighbouring ranks with equal points joined (``2 to 9: 5``); then neighbouring
    ranks that each count their own number joined too (``A to 9: its number``)."""
    equal: list[tuple[str, str, int | None, bool]] = []  # first, last, points, own number
    for g in groups:
        if equal and equal[-1][2] == g.points:
            equal[-1] = (equal[-1][0], g.name, g.points, False)
            continue
        numbered = g.name.isdigit() or g.name == "A"
        equal.append((g.name, g.name, g.points, numbered and g.pip == g.points))
    out: list[tuple[str, str, str]] = []
    for i, (first, last, points, own) in enumerate(equal):
        next_own = i + 1 < len(equal) and equal[i + 1][3]
        if own and out and out[-1][2] == _OWN:
            out[-1] = (out[-1][0], last, _OWN)
        elif own and next_own:
            out.append((first, last, _OWN))
        else:
            out.append((first, last, "none" if points is None else str(points)))
    return out


_OWN = "its number"


def _value_row(group: tuple[str, str, str]) -> tuple[str, str]:
    first, last, value = group
    name = first if first == last else f"{first} to {last}"
    if value == _OWN and first == "A":
        value = "its number (the ace 1)"
    return name, value


def _faces_in_pack(scope: Scope, table: CardTable) -> set[int]:
    held: set[int] = set()
    for p in (scope.players[0], scope.players[-1]):
        held.update(decks.full_deck(scope.variant, p))
    return held


# ----- wild cards -------------------------------------------------------------------------

def wild_cards(scope: Scope) -> Section:
    v = scope.variant
    w = v.wilds
    table = decks.card_table(v.deck)
    faces = sorted(decks.wild_faces(v))
    if not faces and not w.cut_joker:
        return Section("Wild cards", "wild-cards", (Para("No card is wild."),))
    blocks: list[Block] = []
    if faces:
        classes = join([c.text for c in w.cards])
        listed = " ".join(table.text(c) for c in faces)
        blocks.append(Para(f"Wild cards: {classes} ({card_faces(listed)}). A wild card may "
                           "stand for any card a meld needs."))
    if w.cut_joker:
        blocks.append(Para(
            "The cut joker: after the deal (the upcard turned), the next card of the stock is "
            "turned face up and slid under the stock, where every player can see it; it will "
            "be the last card drawn. Every card of its rank is wild for that deal"
            + (", as well" if faces else "") + ". Should it be a joker, the aces are wild. "
            "Each deal turns its own card, so the wild rank changes from deal to deal."))
    blocks.append(Items(tuple(_limits(w))))
    example = _wild_in_place(table, faces)
    if example:
        blocks.append(Para("A wild card is wild wherever it lies, even in its own natural "
                           f"place: {example} still counts as a wild card, for the limits "
                           "and for freeing it."))
    return Section("Wild cards", "wild-cards", tuple(blocks))


def _wild_in_place(table: CardTable, faces: list[int]) -> str:
    """``2H`` in ``AH 2H 3H 4H``: a ranked wild card at its own place in a run."""
    for c in faces:
        f = table.faces[c]
        if f.rank is None or f.suit is None:
            continue
        first = min(f.rank, table.high_rank - 3)
        run = [table.text(table.face(r, f.suit)) for r in range(first, first + 4)]
        return f"{card_faces(f.text)} in {card_faces(' '.join(run))}"
    return ""


def _scoped(scope: m.Scope) -> str:
    return "in any meld" if scope == "all" else "in a meld laid as part of a contract"


def _limits(w: m.WildRules) -> list[str]:
    out: list[str] = []
    if w.never_outnumber is not None:
        text = f"Wild cards may never outnumber the natural cards {_scoped(w.never_outnumber)}"
        if w.never_outnumber == "contract":
            text += "; cards laid off later are not limited"
        out.append(text + ".")
    if w.minority is not None:
        text = f"Wild cards must be fewer than the natural cards {_scoped(w.minority)}"
        out.append(text + (": two wilds need three naturals." if w.minority == "all" else
                           "; cards laid off later are not limited."))
    kinds = [k for k in meldkinds.names() if w.all_wild(k)]
    if w.need_natural is not None:
        need = "one natural card is" if w.naturals == 1 else f"{w.naturals} natural cards are"
        out.append(f"At least {need} needed {_scoped(w.need_natural)}.")
    elif kinds:
        names = join([meldkinds.entry(k).words for k in kinds], "or")
        out.append(f"A {names} may be made of wild cards only; then only wild cards may "
                   "join it. Every other meld needs at least one natural card.")
    else:
        out.append("Every meld needs at least one natural card: wild cards alone are no meld.")
    if w.not_adjacent_in_runs:
        out.append("Two wild cards may never lie next to each other in a run.")
    for kind in meldkinds.names():
        most = meldkinds.wild_cap(w, kind)
        if most is not None:
            words = meldkinds.entry(kind).words
            out.append(f"A {words} holds at most {plural(most, 'wild card')}.")
    if (w.never_outnumber is None and w.minority is None and w.max_per_set is None
            and w.max_per_run is None):
        out.append("There is no limit on how many wild cards a meld holds.")
    return out
