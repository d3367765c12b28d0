"""The rules of the built-in meld kinds (sets, runs, colour groups) as the model holds them.

Below both the model and the kind registry (:mod:`.meldkinds`), which declares each kind
with its rule class: the model asks the registry which kinds there are, and neither
imports the other back.  ``rummy_spec.lang.model`` names these classes too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .span import BUILTIN, Span

AceMode = Literal["low", "high", "either"]


@dataclass(frozen=True)
class SetRule:
    min: int = 3
    max: int | None = None
    different_suits: bool = False  # no two natural cards of one suit (colour, custom deck)
    # ranks no set is made of (Canasta's threes), by rank number
    without: tuple[int, ...] = ()
    # cards of a rank left out that still make a set of their own, with no wild card, as
    # the play that empties the hand (Canasta's black threes, melded only in going out)
    # (by rank number and colour, None: either colour)
    going_out_only: tuple[tuple[int, str | None], ...] = ()
    span: Span = BUILTIN


@dataclass(frozen=True)
class RunRule:
    min: int = 3
    max: int | None = None
    ace: AceMode = "low"
    ace_both_ends: bool = False
    wrap: bool = False
    any_colour: bool = False
    # ranks a run never holds nor passes (twos wild: runs go 3..A), by rank number
    without: tuple[int, ...] = ()
    span: Span = BUILTIN


@dataclass(frozen=True)
class GroupRule:
    """A colour group: cards of one colour, any numbers (Phase 10)."""

    min: int = 3
    max: int | None = None
    span: Span = BUILTIN
