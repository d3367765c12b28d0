"""The machinery of the walk over every rule (``test_every_rule_played``): what a model
field's entry in the table may say, and the game that shows a rule played.

An entry is one of:

* :class:`Played`: the engine reads the field.  A variant with the field changed
  (``change``) plays differently from the variant as it is: seeded games, both played in
  lock step by one policy, reach a step where the legal actions or the state differ.
* :class:`Refused`: the checker refuses the value the engine does not play, with an error
  naming it (``code``), shown by a spec text.
* :class:`Described`: no rule of play: a name, a title, a source, a position in the text,
  or a statement the rulebook or the checker reads (``why`` says which, honestly).
* :class:`Walked`: a part made of smaller parts, each with its own entry.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rummy_spec.bots import greedy_bot
from rummy_spec.engine.dispatch.moves import legal_actions
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Move
from rummy_spec.lang import kindrules, load, scoremodel
from rummy_spec.lang import model as m

Change = Callable[[m.Variant], m.Variant]


@dataclass(frozen=True)
class Played:
    base: str  # a built-in variant
    change: Change
    players: int = 3
    options: tuple[str, ...] = ()
    prepare: Change | None = None  # made to both variants first (a later round as round 1)
    seeds: int = 12
    steps: int = 600
    # an explicit first deal for a rule that seeded deals seldom reach: the keywords of
    # ``scenario`` (tests/engine): hands by seat, stock from the top, pile from the bottom,
    # and the position (round_, totals...)
    deal: dict[str, Any] | None = None


@dataclass(frozen=True)
class Refused:
    code: str
    spec: str  # a spec text whose first error is ``code``


@dataclass(frozen=True)
class Described:
    why: str


@dataclass(frozen=True)
class Walked:
    why: str = "a part whose own fields have entries"


Entry = Played | Refused | Described | Walked


def setting(section: str, **values: Any) -> Change:
    """The variant with fields of one section set (a section the variant lacks made from
    its defaults first)."""
    def change(v: m.Variant) -> m.Variant:
        part = getattr(v, section)
        if part is None:
            raise AssertionError(f"{v.name} has no {section} section to change")
        return dataclasses.replace(v, **{section: dataclasses.replace(part, **values)})

    return change


def variant(name: str, options: tuple[str, ...] = ()) -> m.Variant:
    return load(name, options)


def pair(entry: Played) -> tuple[m.Variant, m.Variant]:
    """The variant as it is, and with the entry's field changed."""
    base = variant(entry.base, entry.options)
    if entry.prepare is not None:
        base = entry.prepare(base)
    return base, entry.change(base)


# the model's modules: its classes, the kinds' rules and the score sections it names
_MODEL_MODULES = (m.__name__, kindrules.__name__, scoremodel.__name__)


def model_fields() -> list[str]:
    """``Class.field`` for every field of every part of the model a variant is made of,
    found from ``Variant`` down through its fields' types."""
    seen: dict[str, type] = {}
    todo: list[type] = [m.Variant]
    names = {**vars(m), **{k: getattr(typing, k) for k in ("Literal", "Any")}}
    while todo:
        cls = todo.pop()
        if cls.__name__ in seen:
            continue
        seen[cls.__name__] = cls
        for f in dataclasses.fields(cls):
            hint = eval(f.type, names) if isinstance(f.type, str) else f.type
            for part in _parts(hint):
                if isinstance(part, type) and dataclasses.is_dataclass(part) and any(
                        c.__module__ in _MODEL_MODULES for c in part.__mro__):
                    todo.append(part)
    return sorted(f"{name}.{f.name}" for name, cls in seen.items()
                  for f in dataclasses.fields(cls))


def _parts(hint: Any) -> list[Any]:
    args = typing.get_args(hint)
    if not args:
        return [hint]
    return [p for a in args for p in _parts(a)]


# Which actions a policy prefers: laying cards first, so that hands end and score.
_ORDER = {"go_down": 0, "meld": 0, "knock": 0, "lay_off": 1, "swap": 1, "shift": 1,
          "call": 2, "give": 2, "buy": 3, "draw": 4, "discard": 5, "pass": 6,
          "dead_hand": 7}


def _pick(actions: list[Move], rng: random.Random) -> Move:
    """Mostly the most useful kind of action (laying cards, then the rest), at random among
    its kind; now and then any action at all."""
    if rng.random() < 0.25:
        return rng.choice(actions)
    best = min(_ORDER.get(a.type, 8) for a in actions)
    return rng.choice([a for a in actions if _ORDER.get(a.type, 8) == best])


def _start(v: m.Variant, players: int, seed: int, deal: dict[str, Any] | None) -> Game:
    if deal is None:
        return Game(v, players, seed)
    import importlib

    make = importlib.import_module("scenario").scenario  # tests/engine, on the path
    g = make(v, players, **deal)
    assert isinstance(g, Game)
    g.seed = seed
    return g


def first_difference(a: m.Variant, b: m.Variant, players: int, seeds: int, steps: int,
                     deal: dict[str, Any] | None = None) -> str | None:
    """Where seeded games of ``a`` and ``b`` first part (the seed, the step, what), or None
    when every one of them plays alike."""
    for seed in range(seeds):
        ga, gb = _start(a, players, seed, deal), _start(b, players, seed, deal)
        rng = random.Random(seed)
        bot = greedy_bot(seed)
        for step in range(steps):
            sa, sb = ga.state_json(), gb.state_json()
            if sa != sb:
                keys = sorted(k for k in sa if sa[k] != sb.get(k))
                return f"seed {seed}, step {step}: the states differ in {', '.join(keys)}"
            la = sorted(legal_actions(ga.rules, ga.state), key=repr)
            lb = sorted(legal_actions(gb.rules, gb.state), key=repr)
            if la != lb:
                return f"seed {seed}, step {step}: the legal actions differ"
            if not la or ga.over:
                break
            # odd seeds: the greedy bot, which goes down, knocks and goes out as soon as it
            # can (hands end, and score); even seeds: the chosen kind at random
            action = bot(ga.rules, ga.state, la) if seed % 2 else _pick(la, rng)
            ga.apply_trusted(action)
            gb.apply_trusted(action)
    return None
