"""A seat's view as a typed, frozen object: what :meth:`rummy_spec.api.Game.view` returns.

It is read from the view's JSON (``rummy_spec.engine.seats.view``, ``schema/view.schema.json``),
which :meth:`View.to_json` gives back unchanged; :meth:`View.dumps` is its stable text
(keys sorted, no spaces), the same for the same view byte for byte.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class WildView:
    card: str
    position: int
    stands_for: str


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: its cards (a run low to high), its owner, and what each wild
    in it stands for."""

    owner: int
    kind: str
    cards: tuple[str, ...]
    wilds: tuple[WildView, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What anyone may know of one seat: its hand's size and the cards known to be in it
    (taken from the pile or the table and not played since; one's own seat: the hand),
    its buys this hand, its total, whether it is down."""

    seat: int
    hand_size: int
    known: tuple[str, ...]
    buys: int
    total: int
    down: bool


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know now.  ``pile`` lists the discard pile bottom to top, None
    for a card never face up; ``stock_known`` the stock's known cards from the top down,
    below ``stock_hidden`` unknown ones (known only after the pile is turned over
    unshuffled); ``revealed`` the hands shown now, by seat; ``last_round_hands`` the
    hands shown at the end of the last round; ``history`` every move so far, as the seat
    saw it (a card handed face down to another seat reads None)."""

    seat: int
    variant: str
    players: int
    round: int
    phase: str
    turn: int  # the seat to play: in phase "claimant", the claimant playing out of turn
    hand: tuple[str, ...]
    table: tuple[MeldView, ...]
    pile: tuple[str | None, ...]
    stock_size: int
    stock_hidden: int
    stock_known: tuple[str, ...]
    seats: tuple[SeatView, ...]
    revealed: tuple[tuple[int, tuple[str, ...]], ...]
    last_round_hands: tuple[tuple[str, ...], ...] | None
    history: tuple[dict[str, Any], ...]
    data: dict[str, Any]
    # with partners: each team's seats and total (empty where every player is alone)
    teams: tuple[tuple[tuple[int, ...], int], ...] = ()
    # in phase "claimant": the seat whose turn the claimant interrupted, who plays on
    # after the claimant's discard (None in every other phase)
    resume: int | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> View:
        last = data["last_round"]
        return cls(
            seat=data["seat"], variant=data["variant"], players=data["players"],
            round=data["round"], phase=data["phase"], turn=data["turn"],
            hand=tuple(data["hand"]),
            table=tuple(MeldView(m["owner"], m["kind"], tuple(m["cards"]), tuple(
                WildView(w["card"], w["position"], w["stands_for"]) for w in m["wilds"]))
                for m in data["table"]),
            pile=tuple(data["pile"]), stock_size=data["stock"]["size"],
            stock_hidden=data["stock"]["hidden"], stock_known=tuple(data["stock"]["known"]),
            seats=tuple(SeatView(i, s["hand_size"], tuple(s["known"]), s["buys"], s["total"],
                                 s["down"]) for i, s in enumerate(data["seats"])),
            revealed=tuple((int(k), tuple(v)) for k, v in sorted(data["revealed"].items())),
            last_round_hands=None if last is None else tuple(tuple(h) for h in last["hands"]),
            history=tuple(data["history"]), data=data, resume=data.get("resume"),
            teams=tuple((tuple(t["seats"]), t["total"]) for t in data.get("teams", ())))

    @property
    def team(self) -> tuple[int, ...]:
        """The seats of this seat's team, itself included (itself alone without
        partners)."""
        return next((seats for seats, _ in self.teams if self.seat in seats), (self.seat,))

    @property
    def cut_card(self) -> str | None:
        """The card turned face up under the stock (``wilds { cut joker }``): every card
        of its rank is wild for this deal; None where no card is turned."""
        cut = self.data.get("cut_card")
        return cut if isinstance(cut, str) else None

    @property
    def upcard(self) -> str | None:
        return self.pile[-1] if self.pile else None

    def to_json(self) -> dict[str, Any]:
        """The view's JSON (``schema/view.schema.json``)."""
        return self.data

    def dumps(self) -> str:
        """The stable text of the view: equal views, equal text."""
        return json.dumps(self.data, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self.dumps() == other.dumps()

    def __hash__(self) -> int:
        return hash(self.dumps())
