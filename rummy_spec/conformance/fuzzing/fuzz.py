"""Differential fuzzing: Hypothesis plays the same deal and the same actions, legal and
not, on the reference and on the engine under test, and compares every answer.

Each example draws a deal (``fuzzdeal.deals``: seeded by the run's seed too, with melds
and boundary hands planted), a style of play and the actions (``fuzzplay``).  After
every action both engines' verdicts (accepted, or rejected with a reason code) and
observable states must agree.

A run keeps going after a disagreement.  Each disagreement is counted by the rule it
breaks (``Disagreement.rule``); the first example of a new rule is shrunk by Hypothesis
on its own (another rule met while shrinking is left for a later pass), the refused
actions it does not need are dropped (each dropped one is checked: the shortened game
must still disagree the same way), and it is written as a case file that
``rummy-spec conformance run`` replays.  A disagreement the engine declares as a known
deviation is counted as known, not as a finding.  Then generation goes on with the next
games, the rules already found counted but not shrunk again, until the examples are
spent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Flaky

from ..wire.engine import Engine, EngineError, NewGame, SkipGame
from .fuzzdeal import cut_stock_setup, scened_deals
from .fuzzplay import STYLES, Disagreement, GameOver, Match, play_game
from .fuzzrun import (
    Finding,
    FuzzOptions,
    FuzzResult,
    cut_joker,
    default_players,
    deviations_known,
    partnership,
)

JSON = dict[str, Any]

# a pass of generation cut short (by an unsteady engine): the run goes on
_CUT = Finding("", {}, [], [])

# the run's values are taken from here too
__all__ = ["Finding", "FuzzOptions", "FuzzResult", "default_players", "deviations_known", "fuzz"]


@dataclass
class _Pass:
    """One Hypothesis run: generation until a new rule breaks, then its shrinking."""

    rule: str | None = None
    first: int = 0
    last: list[Finding] = field(default_factory=list)
    stopped: list[str] = field(default_factory=list)


class _Fuzzer:
    def __init__(self, engine: Engine, opts: FuzzOptions, players: int,
                 features: frozenset[str], progress: Callable[[int], None] | None) -> None:
        self.engine = engine
        self.opts = opts
        self.players = players
        self.features = features
        self.progress = progress
        self.result = FuzzResult()
        self.found: dict[str, Finding] = {}
        self.spare: dict[str, Finding] = {}  # other rules met while shrinking: rule -> case
        self.stock_end = "stock-exhaustion" in features and self._takes_a_cut_stock()

    def _takes_a_cut_stock(self) -> bool:
        """Whether the engine starts a deal from a stock of two cards and a pile of the
        rest (asked once, before the run, so that every example's deal is drawn alike)."""
        setup = cut_stock_setup(self.opts.variant, self.opts.options, self.players)
        if setup is None:
            return False
        try:
            self.engine.new(self.game(setup))
        except SkipGame:
            return False
        except EngineError as err:  # a crash or a bad reply, not a refusal: the run ends
            self.result.error = (f"engine {err.kind}: {err.message} (on a deal whose stock "
                                 "is cut to two cards, offered before the run)")
            self.engine.restart()
            return False
        return True

    def game(self, setup: JSON) -> NewGame:
        return NewGame(self.opts.variant, self.opts.options, self.players, setup)

    def match(self, setup: JSON) -> Match:
        return Match(self.engine, self.game(setup), self.features, self.opts.ignore_codes,
                     self.opts.shows)

    def run(self) -> FuzzResult:
        number = 0
        while (self.result.examples < self.opts.examples and not self.result.error
               and not self.result.stopped
               and len(self.result.findings) < self.opts.most_findings):
            before = self.result.examples
            new = self.one_pass(number)
            number += 1
            if new is _CUT and self.result.examples > before:
                continue
            if new is None or new is _CUT:
                break
            self.found[new.rule] = new
            if self.breaks(new.setup, new.actions) is None:  # the engine is not steady
                self.result.flaky.append(new.rule)
                continue
            new = self.trim(new)
            self.found[new.rule] = new
            self.add(new)
            self.take_spares()
        return self.result

    def add(self, finding: Finding) -> None:
        self.result.findings.append(finding)
        if self.opts.on_finding is not None:
            self.opts.on_finding(finding)

    def should_stop(self) -> bool:
        """Whether the run must end now (the time budget spent, an interrupt)."""
        if self.result.stopped is None and self.opts.stop is not None:
            self.result.stopped = self.opts.stop()
        return self.result.stopped is not None

    def keep_spare(self, why: Disagreement, setup: JSON, match: Match, game: int) -> None:
        """Another rule broken by a game played while shrinking: the shortest such game
        of each rule is kept, to be reported once the pass's own finding is done (it may be
        far shorter than any game generation would meet it in)."""
        old = self.spare.get(why.rule)
        if old is None or len(match.actions) < len(old.actions):
            self.spare[why.rule] = Finding(why.rule, setup, list(match.actions),
                                           why.lines, list(match.trail),
                                           list(match.accepted), first=game)

    def take_spares(self) -> None:
        """The rules met while shrinking and not yet found: each replayed (it must break
        the same rule again), trimmed and reported as a finding of its own."""
        spares, self.spare = self.spare, {}
        for rule, spare in sorted(spares.items(), key=lambda kv: len(kv[1].actions)):
            if rule in self.found or len(self.result.findings) >= self.opts.most_findings:
                continue
            again = self.breaks(spare.setup, spare.actions)
            if again is None or again[0].rule != rule:
                continue
            if self.counted(again[0], again[1], False):  # a known deviation
                continue
            found = self.trim(spare)
            self.found[rule] = found
            self.add(found)

    def one_pass(self, number: int) -> Finding | None:
        """Generate until a rule not yet found breaks; that example, shrunk."""
        opts, result, here = self.opts, self.result, _Pass()
        deal_seed = opts.seed * 1000 + number
        later = "later-round" in self.features

        @hypothesis_seed(deal_seed)
        @settings(max_examples=opts.examples - result.examples, deadline=None,
                  database=None, phases=[Phase.generate, Phase.target, Phase.shrink],
                  verbosity=Verbosity.quiet, suppress_health_check=list(HealthCheck),
                  report_multiple_bugs=False, print_blob=False)
        @given(data=st.data())
        def example(data: st.DataObject) -> None:
            if here.stopped:
                return
            generating = here.rule is None
            if generating:
                if result.examples >= opts.examples or self.should_stop():
                    return  # Hypothesis's own count includes examples it threw away
                result.examples += 1
                if self.progress is not None:
                    self.progress(result.examples)
            elif self.should_stop():  # (the smallest game found so far is kept)
                return
            else:
                result.shrink_runs += 1
            setup, scene = data.draw(scened_deals(opts.variant, opts.options, self.players,
                                                  deal_seed, later, self.stock_end),
                                     label="deal")
            style = STYLES[data.draw(st.integers(0, len(STYLES) - 1), label="style")]
            if scene is not None:
                style = scene.style
            try:
                match = self.match(setup)
            except SkipGame:
                result.skipped += generating
                return
            except EngineError as err:
                here.stopped.append(f"engine {err.kind}: {err.message}")
                self.engine.restart()
                return
            match.scene = scene.name if scene is not None else None
            try:
                match.compare_states("the deal", "the deal")
                play_game(data, match, style, opts.steps)
                self.tell(match, generating)
            except GameOver:
                self.tell(match, generating)
                pass
            except Disagreement as why:
                self.tell(match, generating)
                if self.counted(why, match, generating):
                    return
                if here.rule is None:
                    here.rule = why.rule
                    here.first = result.examples
                if why.rule != here.rule:  # another rule, met while shrinking: kept
                    self.keep_spare(why, setup, match, result.examples)
                    return
                here.last.append(Finding(why.rule, setup, list(match.actions), why.lines,
                                         list(match.trail), list(match.accepted),
                                         first=here.first))
                match.aim.report()
                raise
            except EngineError as err:
                here.stopped.append(f"engine {err.kind}: {err.message}")
                self.engine.restart()
                return
            match.aim.report()

        try:
            with _shrink_limit(opts.shrink_seconds):
                example()
        except Disagreement:
            return here.last[-1]
        except Flaky:  # (the smallest example so far is checked again by replay)
            if here.last:
                return here.last[-1]
            # the same game played out otherwise the second time (an engine whose answers
            # are not steady): this pass ends, the run goes on with the next
            if here.stopped:  # (an engine error: the run ends with it)
                result.error = here.stopped[0]
                return None
            if result.examples < opts.examples:  # (at the budget's end Hypothesis replays
                result.unsteady += 1            # games the test no longer plays)
            return _CUT
        if here.stopped:
            result.error = here.stopped[0]
        return None

    def tell(self, match: Match, generating: bool) -> None:
        if generating and self.opts.on_game is not None:
            self.opts.on_game(match)

    def counted(self, why: Disagreement, match: Match, generating: bool) -> bool:
        """A known deviation or a rule already found: counted (while generating), and
        the game is over."""
        note = self.opts.known(why, match) if self.opts.known is not None else None
        if note is not None:
            if generating:
                self.result.known[note] += 1
            return True
        hit = self.found.get(why.rule)
        if hit is not None:
            hit.seen += generating
            return True
        return False

    # ----- the refusals a finding needs --------------------------------------------------
    def breaks(self, setup: JSON, actions: list[JSON]) -> tuple[Disagreement, Match] | None:
        """Replay the actions; the disagreement they end in (None: they agree)."""
        try:
            match = self.match(setup)
            match.compare_states("the deal", "the deal")
            for act in actions:
                match.send(act)
            match.flush()
        except Disagreement as why:
            return why, match
        except (GameOver, SkipGame, EngineError):
            self.engine.restart()
        return None

    def trim(self, finding: Finding, most_tries: int = 40) -> Finding:
        """Drop the refused actions the disagreement does not need: each drop is kept only
        when the shorter game still breaks the same rule (a refusal that is the bug, or
        one whose change to the engine's state shows later, stays)."""
        acts = list(finding.actions)
        last = len(acts) - 1
        refused = [i for i, ok in enumerate(finding.accepted[:last]) if not ok]
        if not refused:
            return finding
        keep = set(range(len(acts)))

        def still(without: set[int]) -> bool:
            got = self.breaks(finding.setup, [a for i, a in enumerate(acts)
                                              if i in keep - without])
            return got is not None and got[0].rule == finding.rule

        if still(set(refused)):
            keep -= set(refused)
        else:
            for i in reversed(refused[-most_tries:]):
                if still({i}):
                    keep.discard(i)
        if len(keep) == len(acts):
            return finding
        again = self.breaks(finding.setup, [acts[i] for i in sorted(keep)])
        if again is None or again[0].rule != finding.rule:  # (an engine that changed)
            return finding
        why, match = again
        return Finding(finding.rule, finding.setup, list(match.actions), why.lines,
                       list(match.trail), list(match.accepted), finding.seen, finding.first)


def fuzz(engine: Engine, opts: FuzzOptions,
         progress: Callable[[int], None] | None = None) -> FuzzResult:
    """Up to ``opts.examples`` games; every rule broken, each with its shrunk case."""
    players = opts.players or default_players(opts.variant, opts.options)
    features = opts.features
    if features is None:
        try:
            hello = engine.hello()
        except EngineError as err:
            return FuzzResult(error=f"engine {err.kind}: {err.message}")
        features = hello.features
        opts = replace(opts, features=features, shows=hello.shows)
    if "partners" not in features and partnership(opts):
        return FuzzResult(error=f"{opts.variant} is played in partnerships, but the engine "
                          "does not claim the feature 'partners'")
    if "cut-joker" not in features and cut_joker(opts):
        return FuzzResult(error=f"{opts.variant} turns a wild rank at each deal (cut joker), "
                          "but the engine does not claim the feature 'cut-joker'")
    return _Fuzzer(engine, opts, players, features, progress).run()


@contextmanager
def _shrink_limit(seconds: float) -> Iterator[None]:
    """Bound the time Hypothesis spends shrinking (its own limit is five minutes, kept in
    a module constant; when the constant is not there the limit is Hypothesis's)."""
    from hypothesis.internal.conjecture import engine as conjecture

    before = getattr(conjecture, "MAX_SHRINKING_SECONDS", None)
    if before is None:
        yield
        return
    conjecture.MAX_SHRINKING_SECONDS = seconds  # type: ignore[assignment]
    try:
        yield
    finally:
        conjecture.MAX_SHRINKING_SECONDS = before
