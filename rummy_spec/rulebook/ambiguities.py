"""The ambiguity register: questions the sources leave open, and the default we chose.

The register behind the built-in specs numbers every such question (A1, A2, ...).  A spec
file names the ones it relies on in its opening comment; the rulebook quotes them as
notes, so a reader sees where the book follows a choice rather than a source.  The text
here is a summary written for readers of the rulebook; the spec files' own comments say
which clause carries each choice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Ambiguity:
    """One open question: who it concerns, what is unclear, and the default taken."""

    id: str
    games: str
    question: str
    default: str


_TABLE: tuple[tuple[str, str, str, str], ...] = (
    ("A1", "Seven Hand", "How few players may play?",
     "Three to eight on four decks; more players with more decks."),
    ("A2", "Seven Hand", "How many decks for more than eight players?",
     "Four decks up to eight players, then one more deck for each player past eight."),
    ("A3", "Seven Hand", "How many jokers does each deck bring?", "Two."),
    ("A4", "Seven Hand", "Is the number of wilds in a meld limited?", "No."),
    ("A5", "Seven Hand", "What exactly is the eighth hand, and its single claim?",
     "One run in one suit holding every card in hand, at least 11 cards long, with an ace "
     "at one end at most; only one buy in that hand."),
    ("A6", "Seven Hand", "Who may call rummy, until when, and what happens then?",
     "Any other player, until the next player draws; the caller discards a card of his "
     "choice and goes out if it was his last."),
    ("A7", "Seven Hand", "May a wild be swapped out of a meld?", "No."),
    ("A8", "Seven Hand", "May a player lay new melds after going down?",
     "No: only lay-offs, which may start in the same turn."),
    ("A9", "Continental", "The text says decks are added to a base of two; its examples "
     "disagree.", "Follow the examples: 2 decks for 4 players, 3 for 5-6, 4 for 7-8."),
    ("A10", "Continental", "Twelve cards or eleven?",
     "Twelve; eleven is an option."),
    ("A11", "Continental", "Are buys limited, and may a player who is down buy?",
     "No limit, whether down or not."),
    ("A12", "Continental", "How does a player go out?",
     "The last card may be discarded or laid off."),
    ("A13", "Continental", "What does a red ace (a wild) cost when caught in hand?",
     "20 points, an ace's value."),
    ("A14", "Continental", "What does turning the stock over turn over?",
     "Every discard but the top card, face down and not shuffled."),
    ("A15", "Contract (Wikipedia)", "The decks chart is missing from the text.",
     "2 decks for 3-4 players, 3 for 5-6, 4 for 7-8, one more per two more players; two "
     "jokers per deck."),
    ("A16", "Contract (Wikipedia)", "Where does the wild-card limit apply?",
     "Wilds may not outnumber naturals in a contract meld; later lay-offs are free."),
    ("A17", "Contract (Wikipedia)", "What if every card in hand could be played "
     "(no legal discard)?", "As the text says; if still stuck, any card may be discarded."),
    ("A18", "Contract (Wikipedia)", "May a discard be the last card?",
     "No: a player goes out only by laying his last cards on the table."),
    ("A19", "Contract (Wikipedia)", "Card values are not given.",
     "Those of the pagat-style Contract Rummy."),
    ("A20", "Contract", "Ten cards in four rounds and twelve in three, or the reverse?",
     "Ten in rounds 1-4, twelve in 5-7; the other schedule is an option."),
    ("A21", "Contract, Liverpool", "What is the last round's \"complete hand\"?",
     "Every card held after the draw is melded, with no discard."),
    ("A22", "Contract", "May the final discard take a player out?",
     "Yes, except in the last round."),
    ("A23", "Liverpool", "How many decks and jokers?",
     "Two decks and four jokers for 3-4 players, three decks and six jokers for 5-8."),
    ("A24", "Liverpool", "Are twos wild and aces high only, as one revision says?",
     "Jokers only are wild and an ace is high or low; that revision is an option."),
    ("A25", "Liverpool", "How many cards are dealt?",
     "Ten in rounds 1-4, twelve in 5-7; eleven every round is an option."),
    ("A26", "Liverpool", "Does \"the requirement or more\" allow extra melds?",
     "No: exactly the melds asked for, but each may be longer than its minimum."),
    ("A27", "Liverpool", "How does buying work?",
     "One penalty card; the player in turn first, then the nearest in rotation; no limit; "
     "not once down."),
    ("A28", "Liverpool", "Is the number of wilds in a meld limited?",
     "Wilds may not outnumber the naturals in a meld."),
    ("A29", "Shanghai", "Which cards are wild?", "Jokers and every two."),
    ("A30", "Shanghai", "Eleven cards or seven?", "Eleven."),
    ("A31", "Shanghai", "How many buys per hand?",
     "Three, not carried over; another source's schedule is an option."),
    ("A32", "Shanghai", "Card values are not agreed.",
     "Those of Ten Step: twos and jokers 20, ace 15, court cards 10, others their pips."),
    ("A33", "Ten Step", "May an ace be low?", "No: an ace is high only."),
    ("A34", "Ten Step", "Who deals each round?",
     "The low card deals first, then the deal passes left."),
    ("A35", "Ten Step", "May a joker be moved \"above an ace\"?",
     "A moved joker must still stand for a real rank, two to ace."),
    ("A36", "12-Step", "When must a freed wild be played?",
     "On the table in the same turn."),
    ("A37", "12-Step", "May a wild be freed from a set?",
     "Yes, with any natural of the set's rank."),
    ("A38", "12-Step", "How does a player go out?",
     "Only by discarding the last card; nobody plays on with no cards."),
    ("A39", "12-Step, Phase 10", "What if players tie on points?",
     "12-Step: they share the win; Phase 10: the last contract is replayed."),
    ("A40", "Phase 10", "May a phase be laid with bigger melds than it asks for?", "Yes."),
    ("A41", "Phase 10", "May a player hit (lay off) in the turn his phase goes down?",
     "Yes."),
    ("A42", "Phase 10", "Must a meld hold a natural card?",
     "Yes: at least one in every set, run and colour group."),
    ("A43", "Phase 10", "Whom does a Skip hit?",
     "The next player; letting the discarder choose is an option."),
    ("A44", "Phase 10", "May a Skip be the last card; may one player be skipped twice "
     "running?", "Yes to both; the stricter rules are an option."),
    ("A45", "Gin", "The first turn, the offer of the first upcard, and the next dealer.",
     "As the jdh8/gin-rummy presets play them."),
    ("A46", "Rummy", "How many melds may a player lay in one turn?",
     "Any number; one per turn is an option."),
    ("A47", "12-Step", "The contract list, scores, stock and buying are not given.",
     "Those of the pagat-style Contract Rummy (its buying rule off) and a placeholder "
     "contract list."),
    ("A48", "games with twos wild", "Is a two at its own place in a run (2 in A-2-3-4) "
     "wild?", "Yes, always: it counts as a wild for the limits and may be freed."),
    ("A49", "all but Continental", "May a meld be made of wilds only?",
     "No: every meld needs at least one natural card."),
    ("A50", "games with several decks", "May a set hold identical cards?",
     "Yes: three fives of hearts are a set."),
    ("A51", "all", "May a wild card be discarded, or bought?", "Yes."),
    ("A52", "all", "Does anyone play again after a player goes out?",
     "No: the hand ends at once, except for Gin's lay-offs after a knock."),
    ("A53", "games with buying", "May a player buy his own discard?", "No."),
    ("A54", "games with buying", "May a player buy when the stock cannot supply the "
     "penalty card?", "No."),
    ("A55", "Contract, 12-Step", "Is the number of wilds in a meld limited?",
     "No: the sources say nothing, and Ten Step states no limit."),
)

REGISTER: dict[str, Ambiguity] = {row[0]: Ambiguity(*row) for row in _TABLE}

_HEADER_MARK = re.compile(r"ambiguity defaults relied on", re.IGNORECASE)
_ID = re.compile(r"\bA(\d+)\b")


def header_comment(text: str) -> str:
    """The comment lines that open a spec file, joined, without their ``#``."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            if stripped:
                break
            continue
        out.append(stripped.lstrip("#").strip())
    return " ".join(out)


def relied_on(text: str) -> list[str]:
    """The A-numbers a spec's opening comment says it relies on, in order, once each.

    Only the part of the comment after "Ambiguity defaults relied on" counts, up to the end
    of its sentence, so a source key such as "A-2-3" elsewhere in the comment is not taken.
    """
    header = header_comment(text)
    mark = _HEADER_MARK.search(header)
    if mark is None:
        return []
    rest = header[mark.end():]
    # The list ends at the first full stop that follows an A-number ("...A54.  The ...").
    end = re.search(r"A\d+[^.]*?\.\s", rest + " ")
    listed = rest[: end.end()] if end is not None else rest
    found: list[str] = []
    for number in _ID.findall(listed):
        key = f"A{number}"
        if key not in found:
            found.append(key)
    return found
