"""Writing cases: explicit deals, steps in a short text form, expected values from the
reference, and the canonical YAML layout of a case file.

A step is written ``"<player> <type> [arguments] [-> reason-code]"``::

    0 draw stock            0 draw upcard           2 buy          1 pass
    0 draw pile 3 (the three top cards of the spread discard pile: a deep take)
    0 discard QC            0 discard SK at 2       0 knock 9C     0 knock
    0 go_down 5H 5S 5D | 9C 9D 9S                   0 meld 3H 4H 5H
    0 lay_off 6H on 1       0 lay_off JK on 1 low   0 swap 5H on 0 to 1
    0 shift 5H on 0         1 call 7C               2 give 3C
    0 knock 2C melds 8C 8D 8S | 8H 9H 10H           1 pass melds 5C 5D 5H

``-> code`` states that the action must be refused with that reason code; without it
the action must be accepted.  ``?`` (optionally followed by field names) is a checkpoint
whose expected values are read from the reference.  The author's stated outcomes are
checked against the reference: a disagreement stops the build (it is a bug in the case
or in the engine, and must be looked at).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from ... import decks
from ...engine.game import Game
from .. import SUITE_VERSION
from ..oracle.observe import AFTER_ROUND, ROUND_END
from ..oracle.reference import ReferenceEngine
from ..suite.cases import variant
from ..wire.engine import NewGame

JSON = dict[str, Any]
LIVE = ("phase", "turn", "hands", "table", "discard_top", "stock_size", "down")


class AuthorError(ValueError):
    pass


# ----- steps -------------------------------------------------------------------------------

def parse_step(text: str) -> tuple[JSON, str | None]:
    """An action and its expected reason code (None: accepted) from the short form."""
    body, _, code = text.partition("->")
    words = body.split()
    if len(words) < 2:
        raise AuthorError(f"step {text!r}: '<player> <type> ...' is needed")
    act: JSON = {"type": words[1], "player": int(words[0])}
    args = words[2:]
    kind = words[1]
    if kind in ("knock", "pass") and "melds" in args:  # the melds shown (protocol 2)
        at = args.index("melds")
        act["melds"] = [m.split() for m in " ".join(args[at + 1:]).split("|")]
        args = args[:at]
    if kind == "draw" and args[0] == "pile" and len(args) == 2:  # a deep take: its depth
        act["source"], act["depth"] = "discard", int(args[1])
    elif kind == "draw":
        act["source"] = "discard" if args[0] in ("upcard", "discard") else args[0]
    elif kind == "go_down" or kind == "meld":
        act["melds"] = [m.split() for m in " ".join(args).split("|")]
    elif kind in ("lay_off", "swap", "shift"):
        act["card"] = args[0]
        rest = args[1:]
        while rest:
            key = rest.pop(0)
            if key == "on":
                act["meld"] = int(rest.pop(0))
            elif key == "to":
                act["wild_to"] = int(rest.pop(0))
            elif key in ("low", "high"):
                act["end"] = key
            else:
                raise AuthorError(f"step {text!r}: unexpected {key!r}")
    elif kind in ("discard", "knock", "call", "give"):
        if args:
            act["card"] = args[0]
        if len(args) >= 3 and args[1] == "at":
            act["target"] = int(args[2])
    elif args:
        raise AuthorError(f"step {text!r}: {kind} takes no arguments")
    return act, (code.strip() or None)


# ----- deals -------------------------------------------------------------------------------

def complete_setup(name: str, options: Sequence[str], players: int, hands: Sequence[str],
                   discard: str, stock_top: str = "", dealer: int | None = None,
                   round_: int = 1, totals: Sequence[int] | None = None,
                   contracts: Sequence[int] | None = None, check_sizes: bool = True,
                   stock_bottom: str = "") -> JSON:
    """A whole-pack deal: the hands and the discard pile as written, the stock starting
    with ``stock_top``, going on with the rest of the pack in the deck's face order and
    ending with ``stock_bottom`` (its last card the stock's bottom: with ``cut joker``,
    the card turned under the stock)."""
    v = variant(name, tuple(options))
    table = decks.card_table(v.deck)
    pack = Counter(decks.full_deck(v, players))

    def take(text: str, where: str) -> list[str]:
        out = []
        for t in text.split():
            c = table.parse(t)
            if pack[c] <= 0:
                raise AuthorError(f"{where}: no {t} left in the pack")
            pack[c] -= 1
            out.append(table.text(c))
        return out

    if len(hands) != players:
        raise AuthorError(f"{len(hands)} hands for {players} players")
    dealt = [take(h, f"hands[{i}]") for i, h in enumerate(hands)]
    if check_sizes:
        from ...engine.records.rules import compile_variant

        size = compile_variant(v, players).cards_dealt(round_)
        first = ((players - 1 if dealer is None else dealer) + 1) % players
        for i, h in enumerate(dealt):
            # with no upcard the first player is dealt one card more
            if len(h) != size + (i == first and v.deal.first_turn_discard):
                raise AuthorError(f"hands[{i}] holds {len(h)} cards; round {round_} deals "
                                  f"{size}")
    pile = take(discard, "discard")
    top = take(stock_top, "stock")
    bottom = take(stock_bottom, "stock")
    rest = [table.text(c) for c in sorted(pack.elements())]
    setup: JSON = {"dealer": players - 1 if dealer is None else dealer}
    if round_ != 1:
        setup["round"] = round_
    if totals is not None:
        setup["totals"] = list(totals)
    if contracts is not None:
        setup["contracts"] = list(contracts)
    setup.update({"hands": dealt, "stock": top + rest + bottom, "discard": pile})
    return setup


# ----- recording ---------------------------------------------------------------------------

@dataclass
class Recorder:
    """Plays steps on the reference (behind the protocol's meld numbering) and writes
    down the case's steps."""

    name: str
    options: tuple[str, ...]
    players: int
    setup: JSON
    engine: ReferenceEngine = field(init=False)
    steps: list[JSON] = field(default_factory=list)
    features: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.engine = ReferenceEngine()
        self.engine.new(NewGame(self.name, self.options, self.players, self.setup))
        self._watch()

    @property
    def game(self) -> Game:
        assert self.engine.game is not None
        return self.engine.game

    @property
    def round_over(self) -> bool:
        return bool(self.game.state.game.results)

    def _watch(self) -> None:
        s = self.game.state
        if s.hand.phase == "claim":
            self.features.add("claims")
        if s.hand.phase == "layoff":
            self.features.add("knock")
        if s.hand.phase == "claimant":
            self.features.update(("claims", "claimant-turn"))
        if s.hand.exhaustions and not s.game.results:
            self.features.add("stock-exhaustion")
        if any(r.ending in ("stock", "replay") for r in s.game.results):
            self.features.add("stock-exhaustion")
        if "hand-dead" in self.game.variant.stock.empty and any(
                r.ending == "dead" for r in s.game.results):  # drawn when the stock ran out
            self.features.add("stock-exhaustion")
        if any(seat.skipped for seat in s.hand.seats):
            self.features.add("skip")
        if self.game.variant.game.partners != "none":
            self.features.add("partners")
        if self.game.variant.wilds.cut_joker:
            self.features.add("cut-joker")

    def act(self, act: JSON, expect: str | bool | None = True, note: str = "") -> str | None:
        """Play ``act``.  ``expect``: a reason code, None (must be accepted) or True
        (take the reference's answer).  Returns the reference's reason (None: accepted)."""
        if self.round_over:
            raise AuthorError(f"{act}: the round has already ended")
        verdict = self.engine.act(act)
        got = verdict.reason
        if expect is not True and got != expect:
            want = "accepted" if expect is None else f"rejected ({expect})"
            have = verdict.text + (f": {verdict.message}" if verdict.message else "")
            raise AuthorError(f"step {len(self.steps)} {json.dumps(act)}: the author expects "
                              f"{want}, the reference says {have}")
        if act.get("type") in ("knock", "pass") and "melds" in act:
            self.features.add("knock-melds")
        if act.get("type") == "draw" and act.get("depth") not in (None, 1):
            self.features.add("deep-take")
        if act.get("type") == "meld" and len(act.get("melds") or ()) > 1:
            self.features.add("opening-melds")
        step: JSON = {"act": act, "expect": "accepted" if got is None else {"rejected": got}}
        if note:
            step["note"] = note
        self.steps.append(step)
        self._watch()
        return got

    def check(self, keys: Sequence[str] = (), note: str = "") -> None:
        state = self.engine.state()
        if self.round_over:
            keys = [k for k in (keys or AFTER_ROUND) if k in ROUND_END]
        else:
            keys = list(keys or LIVE)
        step: JSON = {"state": {k: state[k] for k in keys}}
        if note:
            step["note"] = note
        self.steps.append(step)

    def finish(self) -> None:
        """End with a checkpoint of everything that is defined, unless the last step is one."""
        if not self.steps or "state" not in self.steps[-1]:
            self.check(AFTER_ROUND if self.round_over else LIVE)


def case_data(rule: str, name: str, options: Sequence[str], players: int, setup: JSON,
              steps: list[JSON], features: set[str], axes: Sequence[str] = (),
              generated: str | None = None) -> JSON:
    data: JSON = {"suite": SUITE_VERSION, "rule": rule}
    if axes:
        data["axes"] = list(axes)
    if generated:
        data["generated"] = generated
    data["variant"] = name
    data.update(house_spec(name))
    data.update({"options": list(options), "players": players})
    if features:
        data["features"] = sorted(features)
    data.update({"setup": setup, "steps": steps})
    return data


def house_spec(name: str) -> JSON:
    """``{"spec": {file, sha256}}`` for a house variant (its file's absolute path, which
    ``variants.with_spec`` makes relative to where the case is written), else nothing."""
    from ..suite.variants import spec_of

    spec = spec_of(name)
    return {} if spec is None else {"spec": {"file": spec.path.as_posix(),
                                             "sha256": spec.sha256}}


def record(rule: str, name: str, players: int, setup: JSON, script: Sequence[str],
           options: Sequence[str] = (), axes: Sequence[str] = ()) -> JSON:
    """A case from steps in the short form (``?`` checkpoints filled from the reference)."""
    rec = Recorder(name, tuple(options), players, setup)
    for line in script:
        text = line.strip()
        if text.startswith("?"):
            rec.check(text[1:].split())
            continue
        act, code = parse_step(text)
        rec.act(act, code)
    rec.finish()
    return case_data(rule, name, options, players, setup, rec.steps, rec.features, axes)


# ----- YAML layout -------------------------------------------------------------------------

class _Dumper(yaml.SafeDumper):
    pass


def _flow(value: Any) -> bool:
    """Short containers, and lists of plain values (cards) however long, in flow style."""
    if isinstance(value, list) and all(not isinstance(v, list | dict) for v in value):
        return True
    return len(json.dumps(value, separators=(", ", ": "))) <= 96


def _list(dumper: _Dumper, data: list[Any]) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=_flow(data))


def _dict(dumper: _Dumper, data: dict[str, Any]) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(),
                                    flow_style=_flow(data))


def _str(dumper: _Dumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _list)
_Dumper.add_representer(dict, _dict)
_Dumper.add_representer(str, _str)


def reshuffled(game: Game, exhaustions_before: int) -> bool:
    """Did the last action reshuffle the pile into a new stock?"""
    s = game.state
    steps = game.rules.variant.stock.empty
    return s.hand.exhaustions > exhaustions_before and not s.game.results and steps[
        min(exhaustions_before, len(steps) - 1)] == "reshuffle"


AFTER_RESHUFFLE = ("phase", "turn", "stock_size", "discard_top", "discard_size")


def reshuffle_next(game: Game) -> bool:
    """Would the next stock draw reshuffle the pile?  (The order of a reshuffled stock is
    each engine's own, so neither cases nor the fuzzer play past one.)"""
    s = game.state
    steps = game.rules.variant.stock.empty
    return not s.hand.stock and steps[min(s.hand.exhaustions, len(steps) - 1)] == "reshuffle"


def dump_case(data: JSON, case_id: str) -> str:
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, width=100, allow_unicode=True)
    return f"# rummy-spec conformance case {case_id} (suite {data['suite']})\n" + body


# ----- hand-written drafts -----------------------------------------------------------------

@dataclass(frozen=True)
class Draft:
    """A hand-written case before its expected states are filled in.

    ``name`` is ``<topic>/<rule-name>``; ``hands`` by seat and ``discard`` (bottom to top)
    in card text; ``stock`` the stock's top cards (the rest of the pack follows)."""

    name: str
    rule: str
    axes: tuple[str, ...]
    hands: tuple[str, ...]
    script: tuple[str, ...]
    discard: str
    stock: str = ""
    options: tuple[str, ...] = ()
    dealer: int | None = None
    round: int = 1
    totals: tuple[int, ...] | None = None
    contracts: tuple[int, ...] | None = None
    players: int | None = None  # default: the module's
    stock_bottom: str = ""  # the stock's last cards, its bottom last (a cut joker's card)


def build_draft(name: str, players: int, d: Draft) -> tuple[str, str]:
    """(case id, YAML text) for one draft of variant ``name``; AuthorError names it."""
    cid = f"{name}/{d.name}"
    players = d.players or players
    try:
        setup = complete_setup(name, d.options, players, d.hands, d.discard, d.stock,
                               d.dealer, d.round, d.totals, d.contracts,
                               stock_bottom=d.stock_bottom)
        data = record(d.rule, name, players, setup, d.script, d.options, d.axes)
    except (AuthorError, ValueError) as err:
        raise AuthorError(f"{cid}: {err}") from None
    return cid, dump_case(data, cid)


def drain_script(name: str, players: int, setup: JSON, turns: int,
                 options: Sequence[str] = (), refill: bool = False) -> list[str]:
    """Steps of ``turns`` turns in which the player in turn draws from the stock, every
    claimant passes, and the card drawn is discarded (stops early if the round ends).
    ``refill``: then check the pile, let the player in turn draw from the empty stock
    and check the pile and stock again (cards are not compared: a reshuffle's order is
    the engine's own)."""
    engine = ReferenceEngine()
    engine.new(NewGame(name, tuple(options), players, setup))
    game = engine.game
    assert game is not None
    lines: list[str] = []

    def do(text: str) -> None:
        act, _ = parse_step(text)
        if not engine.act(act).accepted:
            raise AuthorError(f"drain: {text} refused")
        lines.append(text)

    for _ in range(turns):
        if game.state.game.results:
            break
        p = game.state.hand.turn
        before = list(game.state.hand.seats[p].hand)
        do(f"{p} draw stock")
        while game.state.hand.phase == "claim":
            assert game.state.hand.claim is not None
            do(f"{game.state.hand.claim.pending[0]} pass")
        if game.state.game.results:
            break
        drawn = (Counter(game.state.hand.seats[p].hand) - Counter(before))
        card = game.rules.table.text(next(iter(drawn)))
        do(f"{p} discard {card}")
    if refill:
        keys = "stock_size discard_top discard_size"
        lines += [f"? {keys}", f"{game.state.hand.turn} draw stock", f"? {keys} phase"]
    return lines
