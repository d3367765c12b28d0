"""One fuzz game: the reference and the engine under test side by side (how the next
action is chosen is ``fuzzchoose``'s).

A game is played in one of five styles: ``mixed`` (each step a legal action, by type
first so a rare type is taken as often as a common one, or a near miss), ``drain``
(stock draws and discards until the stock runs out), ``aimed`` (near misses first:
the refusals the variant's rules make, then plain mistakes) and ``claims`` (the style of
a claims scene: every upcard declined, every claim window claimed, near misses as
aimed) and ``eager`` (the style of the other scenes: going down, knocking, laying off
and swapping whenever listed, near misses as aimed).  What the engine claims in
``hello`` bounds the game: no action of a feature it does not list, no play past the
stock's end unless it lists ``stock-exhaustion``, no score compared unless it lists
``scoring``.  Hypothesis's ``target`` is told how near the game came to the rule
boundaries (the knock limit, the most wilds in one meld, the claimants of one upcard,
the last card of the stock, the refusals seen, the situations of ``fuzzreach`` met),
so it steers towards them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st
from hypothesis import target

from ...engine.families.knocking import knock_candidates, knock_limit
from ...engine.game import Game
from ...engine.records.state import Move
from ..authoring.author import reshuffle_next, reshuffled
from ..oracle.differential import Begun, Differential, StepResult
from ..oracle.differential import Finding as DiffFinding
from ..oracle.observe import FIELDS
from ..oracle.reference import ReferenceEngine
from ..oracle.views import leak_at_deal, short
from ..probes import ranked_probes
from ..running.replies import action_text, check_state_reply, describe
from ..running.runner import shows_views
from ..suite.cases import SCORING_KEYS
from ..wire.engine import Engine, EngineError, NewGame, Verdict
from .fuzzchoose import CHOICES, allowed, drain_choice, ordered, pick_legal
from .fuzzchoose import as_sent as as_sent  # also where the tests take it from
from .fuzzreach import Reach

JSON = dict[str, Any]
STYLES = ("mixed", "mixed", "aimed", "drain")  # one game in four drains the stock
STOCK_ENDINGS = frozenset({"stock", "replay", "abandoned"})


class Disagreement(AssertionError):
    """The engine and the reference disagree.  ``rule`` is what the finding is counted
    by: the action type and the reference's reason (or the state fields that differ)."""

    def __init__(self, rule: str, lines: list[str], action: JSON | None = None,
                 want: Verdict | None = None, got: Verdict | None = None) -> None:
        super().__init__("\n".join(lines))
        self.rule = rule
        self.lines = lines
        self.action = action
        self.want = want
        self.got = got


class GameOver(Exception):
    """Nothing more to compare in this game (the pile was reshuffled, or the game went
    where the engine does not claim to follow)."""


@dataclass
class Aim:
    """How near the game came to each rule boundary (for ``target``)."""

    knock_gap: int = 99  # least |deadwood - knock limit| after a draw
    wilds: int = 0  # most wilds in one meld tried
    claimants: int = 0  # most seats a claim window was open to
    stock_left: int = 999  # least stock cards before a draw
    codes: set[str] = field(default_factory=set)  # refusals seen
    reach: Reach = field(default_factory=Reach)  # the situations met

    def report(self) -> None:
        target(-float(self.knock_gap), label="knock limit gap")
        target(float(self.wilds), label="wilds in one meld")
        target(float(self.claimants), label="claimants of one upcard")
        target(-float(self.stock_left), label="stock left")
        target(float(len(self.codes)), label="refusals seen")
        target(float(len(self.reach.seen)), label="situations reached")


def seatless(where: str) -> str:
    """A field's name without its index (``hands[2]`` -> ``hands``): a rule broken for
    one seat is the rule broken for every seat."""
    return re.sub(r"\[\d+\]", "", where)


def rule_of_verdicts(action: JSON, want: Verdict, got: Verdict, ignore_codes: bool) -> str:
    kind = action.get("type")
    ref = "legal" if want.accepted else want.reason
    eng = "accepts" if got.accepted else ("refuses" if ignore_codes else
                                          f"refuses ({got.reason})")
    return f"{kind}: {ref}, the engine {eng}"


class Match:
    """One example: the reference and the engine side by side, every step judged by the
    differential step (verdicts, the engine's whole state against the reference's, and
    the laws on the engine's own state)."""

    def __init__(self, engine: Engine, game: NewGame, features: frozenset[str],
                 ignore_codes: bool, shows: frozenset[str] | None = None) -> None:
        self.engine = engine
        self.features = features
        self.ignore_codes = ignore_codes
        self.new_game = game
        self.ref = ReferenceEngine()
        self.ref.new(game)
        self.actions: list[JSON] = []
        self.trail: list[str] = []
        self.accepted: list[bool] = []
        self.aim = Aim()
        self.scene: str | None = None  # the scene the deal was built as (fuzzscenes)
        self.waiting: list[Begun] = []  # refused near misses not yet sent to the engine
        # steps the reference has played whose engine half is not yet judged:
        # (step number, the step begun, "step" / "near miss" / "verdict only")
        self.queue: list[tuple[int, Begun, str]] = []
        engine.new(game)
        shown = frozenset(FIELDS) if shows is None else shows
        if "scoring" not in features:
            shown = frozenset(k for k in shown if k not in SCORING_KEYS)
        # an engine that answers ``view``: every seat's view is compared after each step
        # (asked with the step's act and state), and the no-leak law judged on the deal
        self.views = "views" in features and shows_views(engine.hello())
        self.pair = Differential(self.ref, engine,
                                 codes="accepted" if ignore_codes else "exact", shows=shown,
                                 views=self.views)

    @property
    def game(self) -> Game:
        assert self.ref.game is not None
        return self.ref.game

    def state_before_last(self) -> JSON:
        """The reference's state before the last action (replayed: asked for rarely)."""
        again = ReferenceEngine()
        again.new(self.new_game)
        for act in self.actions[:-1]:
            again.act(act)
        return again.state()

    def compare_states(self, after: str, kind: str) -> None:
        """The states right after the deal (every later step is judged by ``send``)."""
        self._judged(after, kind, self.pair.start())
        if self.views:
            leak = leak_at_deal(self.engine, self.new_game, random.Random(0))
            if leak is not None:
                seat, diffs = leak
                raise Disagreement("law no-leak after the deal", [
                    f"after the deal seat {seat}'s view changes when the cards hidden from "
                    "it (the other hands, the stock) are dealt again:"] + [
                    f"  {k}: {short(w)} / {short(g)}" for k, w, g in diffs[:3]])

    def _judged(self, after: str, kind: str, findings: list[DiffFinding]) -> None:
        found = [f for f in findings if f.law != "verdict"]
        if not found:
            return
        if self.pair.last is not None:
            check_state_reply(self.pair.last, self.pair.shows)  # malformed: an error
        states = [f for f in found if f.law == "state"]
        if states:
            lines = [f"after {after} the states differ (reference vs engine):"]
            for f in states:
                lines += describe(f.field, f.expected, f.got)
            lines += [f"  and law '{f.law}' is broken: {f.message}" for f in found
                      if f.law != "state"][:3]
            fields = dict.fromkeys(seatless(f.field) for f in states)
            rule = f"state after {kind}: {', '.join(fields)}"
        else:
            lines = [f"after {after} law '{f.law}' is broken: {f.message}" for f in found]
            rule = f"law {found[0].law} after {kind}"
        raise Disagreement(rule, lines)

    def play(self, action: Move, defer: bool = False) -> bool:
        """Play ``action`` on both; True when the reference accepted it."""
        return self.send(self.ref.to_protocol(self.game.action_json(action)), defer)

    def send(self, aj: JSON, defer: bool = False) -> bool:
        """Play an action in the protocol's form on both; True when the reference
        accepted it.  ``defer``: an action the reference refuses (so nothing changed)
        waits, and goes to the engine together with the next one not deferred (one
        exchange for the near misses of a turn and the action that follows them).

        The reference's half of each step is played and noted at once (the game goes on
        from the reference's state alone); the engine's half waits in ``queue`` until
        ``engine.steps_at_once`` steps are due, the game ends or leaves what the engine
        follows, or :meth:`flush` is called, and is then sent at once and judged in
        order: a disagreement is raised for the first step that shows one, the game
        cut back to that step."""
        g = self.game
        before = g.state.hand.exhaustions
        self.aim.reach.before(g, aj)
        begun = self.pair.begin(aj, index=len(self.actions) + len(self.waiting))
        if defer and not begun.reference.accepted:
            self.waiting.append(begun)
            return False
        batch, self.waiting = [*self.waiting, begun], []
        for one in batch[:-1]:  # refused near misses: judged as such
            self.queue.append((self._note(one), one, "near miss"))
        step = self._note(begun)
        ended = "stock-exhaustion" not in self.features and (
            g.state.hand.exhaustions > before or any(
                r.ending in STOCK_ENDINGS for r in g.state.game.results))
        shuffled = not ended and reshuffled(g, before)
        # past the stock's end (where the engine does not claim to follow) only the
        # verdict is judged; after a reshuffle each engine's stock is its own: stop there
        self.queue.append((step, begun, "verdict only" if ended else "step"))
        if ended or shuffled or len(self.queue) >= self.engine.steps_at_once:
            self.flush()
        if ended or shuffled:
            raise GameOver
        return begun.reference.accepted

    def _note(self, begun: Begun) -> int:
        """The reference's half of a step, noted (its number returned)."""
        g = self.game
        aj = begun.action
        want = begun.reference
        self.actions.append(aj)
        step = len(self.actions) - 1
        self.aim.reach.after(g, aj, want.accepted, want.reason,
                             self.ref.state() if want.accepted and aj.get("type") ==
                             "lay_off" else None)
        self.trail.append(f"step {step}: {action_text(aj)} -> {want.text}")
        self.accepted.append(want.accepted)
        if not want.accepted and want.reason:
            self.aim.codes.add(want.reason)
        return step

    def flush(self) -> None:
        """Send the steps waiting for the engine and judge its answers in order; the
        first disagreement is raised with the game cut back to its step (the steps after
        it never happened, as far as the finding goes).  An engine that fails part way
        has the steps it answered judged first: a disagreement before the failure is
        the finding, not the failure."""
        queue, self.queue = self.queue, []
        if not queue:
            return
        failed: EngineError | None = None
        try:
            results = self.pair.finish([b for _, b, _ in queue])
        except EngineError as err:
            failed = err
            results = self.pair.finish([b for _, b, _ in queue][:len(err.answered)],
                                       err.answered)
        for (step, _, how), done in zip(queue, results, strict=False):  # (fewer results: a failure)
            try:
                self._judge_step(step, done, how)
            except Disagreement:
                del self.actions[step + 1:], self.trail[step + 1:], self.accepted[step + 1:]
                raise
        if failed is not None and failed.kind == "error" and len(results) < len(queue):
            # an error reply to an action: a finding of its own, the game cut back to it
            step, begun, _ = queue[len(results)]
            del self.actions[step + 1:], self.trail[step + 1:], self.accepted[step + 1:]
            raise Disagreement(f"{begun.action.get('type')}: the engine answers error",
                               [f"step {step}: {action_text(begun.action)}: reference "
                                f"{begun.reference.text}, engine error: {failed.message}"],
                               begun.action, begun.reference, None)
        if failed is not None:
            raise failed

    def _judge_step(self, step: int, done: StepResult, how: str) -> None:
        """Judge one step on the engine: its verdict, then (but past the stock's end)
        its state and the laws."""
        aj = done.action
        want, got = done.reference, done.engine
        assert got is not None
        text = f"step {step}: {action_text(aj)}"
        if any(f.law == "verdict" for f in done.findings):
            raise Disagreement(rule_of_verdicts(aj, want, got, self.ignore_codes),
                               [f"{text}: reference {want.text}, engine {got.text}"
                                + (f" [{got.message}]" if got.message else "")],
                               aj, want, got)
        if how != "verdict only":
            self._judged(f"step {step}", str(aj.get("type")), done.findings)

    def watch(self) -> None:
        """Note how near the state is to the boundaries the aim reports."""
        g = self.game
        s = g.state
        rules = g.rules
        if s.hand.phase == "claim" and s.hand.claim is not None:
            self.aim.claimants = max(self.aim.claimants, len(s.hand.claim.pending))
            self.aim.reach.watch(s)
        if s.hand.phase == "draw":
            self.aim.stock_left = min(self.aim.stock_left, len(s.hand.stock))
        k = rules.variant.knock
        if k is not None and s.hand.phase == "play":
            hand = list(s.hand.seats[s.hand.turn].hand)
            limit = knock_limit(rules, s)
            cards, _ = knock_candidates(rules, hand, limit)
            for c in cards[:6]:
                rest = list(hand)
                rest.remove(c)
                gap = abs(rules.arrange(rest).rest_points - limit)
                self.aim.knock_gap = min(self.aim.knock_gap, gap)

    def note_melds(self, action: Move) -> None:
        wild = self.game.rules.wild
        for meld in action.melds or ():
            self.aim.wilds = max(self.aim.wilds, sum(1 for c in meld if c in wild))




def play_game(data: st.DataObject, match: Match, style: str, steps: int) -> None:
    """Up to ``steps`` turns of play: each step first tries up to three near misses (a
    refused one changes nothing), then takes a legal action; then the steps still
    waiting for the engine are judged."""
    _play(data, match, style, steps)
    match.flush()


def _play(data: st.DataObject, match: Match, style: str, steps: int) -> None:
    ok = allowed(match.features, match.game.rules)
    most_tries = 5 if style in ("aimed", "claims", "eager") else 3
    for _ in range(steps):
        g = match.game
        s = g.state
        if s.game.results or s.over or reshuffle_next(g):
            return
        if not s.hand.stock and "stock-exhaustion" not in match.features:
            return
        match.watch()
        listed = ordered(g, ok)
        if not listed:
            return
        if style == "drain":
            match.play(drain_choice(listed))
            continue
        tries = data.draw(st.integers(0, most_tries), label="probes")
        groups = ranked_probes(g.rules, s, listed) if tries else []
        groups = [kept for kept in ([a for a in grp if ok(a)] for grp in groups) if kept]
        changed = False
        for _ in range(tries):
            if not groups:
                break
            group = groups[data.draw(st.integers(0, len(groups) - 1), label="reason")]
            probe = as_sent(g.rules, group[data.draw(st.integers(0, len(group) - 1),
                                                     label="probe")])
            match.note_melds(probe)
            if match.play(probe, defer=True):
                changed = True  # a legal action the enumerator did not list
                break
        if changed:
            continue
        choose = CHOICES.get(style, pick_legal)
        action = choose(data, listed)
        match.note_melds(action)
        match.play(action)
