"""The values of a differential fuzz run (``fuzz``): its options and profiles, a finding
and the run's result, the players a variant is fuzzed with, and a deviations file as the
run's test of a known deviation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..suite.cases import variant
from ..suite.deviations import Deviations
from .fuzzplay import Disagreement, Match

JSON = dict[str, Any]
SHRINK_SECONDS = 60.0
# a known deviation: given the disagreement and its game, the note that explains it
Known = Callable[[Disagreement, Match], str | None]
PROFILES = {"quick": {"examples": 100, "steps": 120, "shrink_seconds": 20.0},
            "deep": {"examples": 2000, "steps": 300, "shrink_seconds": 120.0}}


@dataclass
class FuzzOptions:
    variant: str
    options: tuple[str, ...] = ()
    players: int | None = None
    examples: int = 100
    seed: int = 0
    steps: int = 200
    ignore_codes: bool = False
    command: str = ""  # how the engine was named, for the written case
    shrink_seconds: float = SHRINK_SECONDS  # per finding; then the smallest so far is kept
    features: frozenset[str] | None = None  # what the engine claims (None: ask hello)
    shows: frozenset[str] | None = None  # the state fields it shows (None: every one)
    known: Known | None = None
    most_findings: int = 20
    # told of every game generated (not those replayed while shrinking), once it ends
    on_game: Callable[[Match], None] | None = None
    # told of each finding as soon as it is final (so that it is written at once)
    on_finding: Callable[[Finding], None] | None = None
    # asked before each game: a reason to stop the run here ("the time budget ...",
    # "interrupted"), or None; the findings so far are kept and reported
    stop: Callable[[], str | None] | None = None
    variant_arg: str = ""  # the --variant that reruns the run (a spec file's whole path)


@dataclass
class Finding:
    """The minimal disagreement of one rule: the deal, the actions, and what differed."""

    rule: str
    setup: JSON
    actions: list[JSON]
    lines: list[str]
    trail: list[str] = field(default_factory=list)
    accepted: list[bool] = field(default_factory=list)  # the reference's verdicts
    seen: int = 1  # examples that broke this rule
    first: int = 0  # the game (counted from 1) where it was first met


@dataclass
class FuzzResult:
    examples: int = 0  # games generated
    shrink_runs: int = 0
    skipped: int = 0
    findings: list[Finding] = field(default_factory=list)
    known: Counter[str] = field(default_factory=Counter)  # note -> games
    error: str | None = None
    stopped: str | None = None  # why the run ended before its budget of games
    flaky: list[str] = field(default_factory=list)  # rules that did not break again
    unsteady: int = 0  # passes cut short: a game replayed did not play out the same

    @property
    def finding(self) -> Finding | None:
        return self.findings[0] if self.findings else None




def default_players(name: str, options: tuple[str, ...]) -> int:
    """Four where claims are (with three, the discarder and the player in turn leave a
    single claimant), else three, within the variant's range."""
    v = variant(name, options)
    high = v.players.max if v.players.max is not None else 8
    return min(max(v.players.min, 4 if v.claim is not None else 3), high)


def deviations_known(deviations: Deviations, variant_name: str) -> Known:
    """A deviations file as fuzz's test of a known deviation: the rule (as fuzz names
    it), the reason codes either side gave, the action, the reference's observable state
    before and after it, and both verdicts."""
    def known(why: Disagreement, match: Match) -> str | None:
        action = why.action or (match.actions[-1] if match.actions else None)
        want = why.want.text if why.want is not None else "accepted"
        got = why.got.text if why.got is not None else "accepted"
        reasons = (why.want.reason if why.want else None, why.got.reason if why.got else None)
        hit = deviations.known(rule=why.rule, reasons=reasons, action=action,
                               before=match.state_before_last(), after=match.ref.state(),
                               reference=want, engine=got, variant=variant_name)
        return None if hit is None else hit.label

    return known


def partnership(opts: FuzzOptions) -> bool:
    return variant(opts.variant, tuple(opts.options)).game.partners != "none"


def cut_joker(opts: FuzzOptions) -> bool:
    return variant(opts.variant, tuple(opts.options)).wilds.cut_joker
