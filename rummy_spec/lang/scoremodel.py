"""The model's score and game sections: points by class of card, how a round is scored,
how a game ends and who wins it.  ``rummy_spec.lang.model`` names these classes too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .span import BUILTIN, Span


@dataclass(frozen=True)
class ScoreEntry:
    """Points for a class of cards.  ``points`` None means pip value."""

    kind: Literal["rank", "range", "joker", "wild", "special"]
    low: int | None = None
    high: int | None = None
    colour: str | None = None
    special: str | None = None
    points: int | None = None
    text: str = ""
    span: Span = BUILTIN


@dataclass(frozen=True)
class Score:
    entries: tuple[ScoreEntry, ...] = ()
    # stakes: each loser pays the hand's winner one stake (Tonk)
    # melds: each player scores the cards he put on the table (his melds, his lay-offs on
    # anyone's) less the cards left in his hand (500 Rum)
    method: Literal["penalty", "collect", "deadwood", "minus-deadwood", "melds",
                    "stakes"] = "penalty"
    rummy_doubles: bool = False
    zero_sum: bool = False  # each hand's score is won from the other players
    winner_bonus: int = 0  # added to the score of the player who goes out (-10: a reward)
    # (suit, factor): a hand whose first upcard is of the suit scores this many times over
    upcard_times: tuple[tuple[str, int], ...] = ()
    # an ace laid low in a run (A-2-3) counts this on the table, not its score (500 Rum,
    # Bicycle: "except in the sequence 3, 2, A, when it counts as 1"); None: its score
    low_ace: int | None = None
    bare_out_doubles: bool = False  # stakes: out with no discard ("tonk") pays double
    dealt_win_doubles: bool = False  # stakes: a hand won as dealt (Deal.total_wins) pays double
    caught_pays: int = 2  # stakes: a caught dropper pays each player at or below his count
    # stakes: each drawn (dead) hand in a row before a hand is won adds one stake to it:
    # the hand is paid (1 + drawn hands) times (Conquian's pool, after Foster)
    drawn_add_stake: bool = False
    # no hand counts more than this many points against its holder (Indian Rummy: 80)
    cap: int | None = None
    # (size, natural, mixed): a meld of at least ``size`` cards on the table scores its
    # owner ``natural`` points more when it holds no wild card, else ``mixed`` (Canasta:
    # a canasta of seven, 500 natural, 300 mixed); None: no such bonus
    long_meld_bonus: tuple[int, int, int] | None = None
    # going out concealed (nothing laid on the table on an earlier turn, nothing laid on
    # another player's meld, and a meld of his own as long as going out needs) scores this
    # instead of ``winner_bonus`` (Canasta: 200 instead of 100); None: no such bonus
    concealed_bonus: int | None = None
    # the losers lay out their hands too: a loser counts only the cards outside his best
    # arrangement that makes the round's contract, all his cards where none does (Indian
    # Rummy: unmatched cards count, all thirteen without the two sequences)
    losers_meld: bool = False
    span: Span = BUILTIN
    block: Span = BUILTIN  # the whole score section, for faults of the table as a whole


@dataclass(frozen=True)
class GameEnd:
    """The ``game`` section: how a game ends (after its rounds, at a target score, after
    some hands), who wins it, and the bonuses paid at its end.  (A game being played is
    :class:`rummy_spec.Game`; the engine's is ``rummy_spec.engine.game.Game``.)"""

    ends: Literal["rounds", "last-contract", "target", "hands"] = "rounds"
    target: int | None = None
    hands: int | None = None  # ends after this many hands (deals)
    # with ends "hands": ``hands`` deals by each player, so hands x players in all (Remi 51:
    # as many deals as players, each player dealing once)
    hands_each: bool = False
    winner: Literal["lowest", "highest"] = "lowest"
    ties: Literal["shared", "replay"] = "shared"
    game_bonus: int = 0
    line_bonus: int = 0
    shutout_doubles: bool = False
    # classic Gin: when the loser scored nothing, the game bonus is this instead
    shutout_game_bonus: int | None = None
    # partnerships: "across" pairs each seat with the one opposite (seat i with i + n/2),
    # "alternate" makes two teams of every other seat; "none": every player for himself
    partners: Literal["none", "across", "alternate"] = "none"
    # Hollywood scoring: this many games to the target scored at once on one sheet, a
    # player's k-th hand won entering his first k games still open (1: one game)
    games_at_once: int = 1
    span: Span = BUILTIN

    def hands_for(self, players: int) -> int:
        """The hands a game ending after a number of hands lasts, at this player count."""
        return (self.hands or 0) * (players if self.hands_each else 1)

    @property
    def end_bonuses(self) -> bool:
        """Any end-of-game bonus at all (the game and line bonuses, either shutout rule)."""
        return bool(self.game_bonus or self.line_bonus or self.shutout_doubles
                    or self.shutout_game_bonus is not None)

    @property
    def finishers_only(self) -> bool:
        """Only the players who completed every contract may win (X63: a game that ends
        at the last contract); otherwise every player's total counts."""
        return self.ends == "last-contract"
