"""Table melds as ``play`` numbers them for people: in the order the table shows them,
grouped by the player who laid them (in seat order), each player's in the order laid.

The engine knows a meld by its place in the order all melds were laid; the board, the
commands (``layoff 5C 2``), the hints, the story of each move and the refusals all speak
of the shown number instead, so the numbers on the board run 1, 2, 3 from top to bottom.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.records.state import State


def shown_order(state: State) -> list[int]:
    """The engine's meld indexes, in the order the board shows them."""
    return order_by_owner([t.owner for t in state.hand.table])


def order_by_owner(owners: Sequence[int]) -> list[int]:
    """Meld indexes by the seat that laid each (``owners``, in the order laid), in the
    order the board shows them: by owner, each owner's in the order laid."""
    return sorted(range(len(owners)), key=lambda i: (owners[i], i))


def number_of(state: State, index: int) -> int:
    """The number people see for the engine's meld ``index`` (one past the table when it
    is not a meld there: the move is then refused and the number said as given)."""
    order = shown_order(state)
    return order.index(index) + 1 if index in order else index + 1


def index_of(state: State, number: int) -> int:
    """The engine's index of the meld shown as ``number`` (a number past the table is
    passed on as it is, for the engine to refuse with its reason)."""
    order = shown_order(state)
    return order[number - 1] if 1 <= number <= len(order) else number - 1
