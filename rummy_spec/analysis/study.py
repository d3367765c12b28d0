"""The balance study: what each common house rule changes in the contract family.

Three base games (Continental, Liverpool, Contract Rummy) at four players and the house
rules of :data:`RULES`, each a built-in option or a variant of ``docs/balance/house.rummy``
that ``extends`` its base, with the published source it comes from.  Every configuration
is played as the same seeded games of planner bots (:func:`measure`), wherever the games
run (local processes, or a Ray cluster: :mod:`.runner`); its games are kept in a cache
file named by a hash of the spec texts it was played from (its own and its ancestors'),
its options, the players, bots, seeds and :data:`FORMAT` (:func:`config_key`), so a
rebuild replays only what changed.  The cache keeps of each game what the metrics read.

Each configuration is also played as the skill share's games (:mod:`.skill`): the
planner against the greedy bot, each seed twice with the seats swapped
(:func:`measure_skill`), cached the same way in a folder of their own.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import DEFAULT_BOT
from ..engine.records.rules import DEAL_CAP, TURN_CAP
from ..lang import model as m
from ..lang.library import Library, builtin_library, library_for
from ..simulate import GameRecord, RoundRecord
from .ladder import swapped_games
from .runner import Batch, run
from .skill import PAIR

FORMAT = 1  # the cache files' layout: bump it when what a game keeps changes
PLAYERS = 4
HOUSE = Path("docs/balance/house.rummy")  # relative to the checkout


@dataclass(frozen=True)
class Rule:
    """One house rule: a base game, the variant with the rule (a built-in option or a
    house variant), what it changes in words, and where it is published."""

    key: str
    base: str  # the built-in base variant
    label: str  # the rule, as a family would say it
    source: str
    options: tuple[str, ...] = ()  # built-in options of the base switched on
    house: str | None = None  # or a variant of the house file


RULES: tuple[Rule, ...] = (
    Rule("continental-eleven", "continental", "deal 11 cards instead of 12",
         "LQS (liquisearch copy of an older Wikipedia text): 11 cards", ("eleven_cards",)),
    Rule("continental-one-joker", "continental", "one joker per deck instead of two",
         "Bicycle Cards, 'Continental Rummy' (bicyclecards.ca)",
         house="continental_one_joker"),
    Rule("continental-jokers-only", "continental", "only jokers wild (red aces natural)",
         "Bicycle Cards, 'Continental Rummy' (bicyclecards.ca)",
         house="continental_jokers_only"),
    Rule("continental-deuces", "continental", "deuces wild as well",
         "Bicycle Cards, 'Continental Rummy' (bicyclecards.ca)", house="continental_deuces"),
    Rule("liverpool-eleven", "liverpool", "deal 11 cards every hand (not 10, then 12)",
         "WAM (weekendamerica.publicradio.org Liverpool rule sheet)", ("eleven_cards",)),
    Rule("liverpool-eet", "liverpool", "twos wild too and aces high only",
         "EET (everything.explained.today, 'Liverpool Rummy')", ("eet",)),
    Rule("contract-more-jokers", "contract", "two jokers per deck",
         "Contract Rummy optional rules (rummyrulebook-style text, pagat-derived)",
         ("more_jokers",)),
    Rule("contract-deuces", "contract", "deuces wild (and worth 25)",
         "Contract Rummy optional rules (rummyrulebook-style text, pagat-derived)",
         ("deuces_wild",)),
    Rule("contract-flat-scores", "contract", "flat scores: 2-10 count 5, jokers 15",
         "Contract Rummy optional rules (rummyrulebook-style text, pagat-derived)",
         ("flat_scores",)),
    Rule("contract-no-buying", "contract", "no buying",
         "Contract Rummy optional rules (rummyrulebook-style text, pagat-derived)",
         ("no_buying",)),
    Rule("contract-multiple-buys", "contract", "multiple buys (a chain of buyers)",
         "Contract Rummy optional rules (rummyrulebook-style text, pagat-derived)",
         ("multiple_buys",)),
    Rule("contract-ten-twelve", "contract", "10 cards in rounds 1-3, 12 in rounds 4-7",
         "DOC / PAS copies of a pagat-derived text", ("doc_schedule",)),
)
BASES = tuple(dict.fromkeys(r.base for r in RULES))


@dataclass(frozen=True)
class Config:
    """One thing the study plays: a base game (rule None) or a base with one rule."""

    base: str
    rule: Rule | None

    @property
    def key(self) -> str:
        return self.rule.key if self.rule is not None else self.base


def configs(rules: tuple[Rule, ...] = RULES) -> list[Config]:
    bases = dict.fromkeys(r.base for r in rules)
    return [Config(b, None) for b in bases] + [Config(r.base, r) for r in rules]


def resolve(config: Config, root: Path) -> tuple[Library, str, m.Variant]:
    """The library the configuration's variant comes from, its name, and the variant."""
    rule = config.rule
    if rule is not None and rule.house is not None:
        lib, _ = library_for(str(root / HOUSE))
        name = rule.house
    else:
        lib, name = builtin_library(), config.base
    options = list(rule.options) if rule is not None else []
    variant, problems = lib.resolve(name, options)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ValueError(f"{config.key}: {errors[0].message}")
    return lib, name, variant


def config_key(config: Config, root: Path, games: int, seed: int,
               pair: tuple[str, str] | None = None) -> str:
    """The hash naming a configuration's cache file: the spec texts it is played from,
    its options and the run's settings (with ``pair``: the skill games of that strong
    bot against that weak one)."""
    lib, name, _ = resolve(config, root)
    digest = hashlib.sha256()
    chain: str | None = name
    while chain is not None and chain in lib.decls:
        digest.update(lib.sources.get(lib.decls[chain].path, "").encode())
        chain = lib.decls[chain].parent
    options = config.rule.options if config.rule is not None else ()
    bots = DEFAULT_BOT if pair is None else f"{pair[0]},{pair[1]} swapped"
    digest.update(json.dumps([name, list(options), PLAYERS, bots, games, seed, TURN_CAP,
                              DEAL_CAP, FORMAT]).encode())
    return digest.hexdigest()[:16]


def compact(g: GameRecord) -> dict[str, Any]:
    """What the study keeps of a game: what its metrics and figures read."""
    return {"seed": g.seed, "totals": list(g.totals), "winners": list(g.winners),
            "first": g.first, "lowest": g.lowest_wins, "leads": g.lead_changes,
            "finished": g.finished, "rounds": [[r.turns, r.kind, *r.totals] for r in g.rounds]}


def expand(data: dict[str, Any], players: int) -> GameRecord:
    """A game record back from :func:`compact` (the fields it did not keep are empty)."""
    rounds = tuple(RoundRecord(i + 1, i + 1, str(kind), str(kind), None, int(turns), 0, None,
                               0, 0, (), None, tuple(int(t) for t in totals))
                   for i, (turns, kind, *totals) in enumerate(data["rounds"]))
    return GameRecord(int(data["seed"]), players, (DEFAULT_BOT,) * players, rounds, 0,
                      tuple(data["totals"]), tuple(data["winners"]), bool(data["finished"]),
                      int(data["leads"]), int(data["first"]), bool(data["lowest"]))


def cached_files(data: Path, config: Config) -> list[Path]:
    """The configuration's cache files in ``data``, whatever their hash (another
    configuration's name may begin with this one's: only KEY-HASH.json matches)."""
    pattern = re.compile(re.escape(config.key) + r"-[0-9a-f]{16}\.json")
    return sorted(p for p in data.glob(f"{config.key}-*.json") if pattern.fullmatch(p.name))


@dataclass(frozen=True)
class Measured:
    config: Config
    games: list[GameRecord]
    seconds: float  # the wall time its games took when they were played
    workers: str  # where they were played ("2 local processes", "Ray at ...")


def measure(config: Config, root: Path, data: Path, games: int, seed: int, workers: int,
            ray: str | None, say: Callable[[str], None] = lambda _: None) -> Measured:
    """The configuration's games: from its cache file, or played now and cached."""
    path = data / f"{config.key}-{config_key(config, root, games, seed)}.json"
    if path.exists():
        saved = json.loads(path.read_text(encoding="utf-8"))
        return Measured(config, [expand(g, PLAYERS) for g in saved["games"]],
                        float(saved["seconds"]), str(saved["workers"]))
    _, _, variant = resolve(config, root)
    where = f"Ray at {ray}" if ray else f"{workers} local process{'es' * (workers != 1)}"
    say(f"{config.key}: {games} game{'s' * (games != 1)} on {where}")
    start = time.perf_counter()
    records = run(Batch(variant, PLAYERS, (DEFAULT_BOT,) * PLAYERS, seed, games), workers,
                  ray)
    seconds = time.perf_counter() - start
    _save(data, config, path, {"config": config.key, "games": [compact(g) for g in records],
                               "seconds": round(seconds, 1), "workers": where})
    return Measured(config, [expand(compact(g), PLAYERS) for g in records], seconds, where)


def compact_skill(g: GameRecord) -> dict[str, Any]:
    """What the study keeps of a skill game: its seats' bots, its winners and how each
    round ended."""
    return {"seed": g.seed, "bots": list(g.bots), "winners": list(g.winners),
            "finished": g.finished, "rounds": [[r.turns, r.kind] for r in g.rounds]}


def expand_skill(data: dict[str, Any]) -> GameRecord:
    """A skill game's record back from :func:`compact_skill` (the rest left empty)."""
    bots = tuple(str(b) for b in data["bots"])
    rounds = tuple(RoundRecord(i + 1, i + 1, str(kind), str(kind), None, int(turns), 0, None,
                               0, 0, ()) for i, (turns, kind) in enumerate(data["rounds"]))
    return GameRecord(int(data["seed"]), len(bots), bots, rounds, 0, (0,) * len(bots),
                      tuple(int(w) for w in data["winners"]), bool(data["finished"]), 0)


def measure_skill(config: Config, root: Path, data: Path, games: int, seed: int,
                  workers: int, ray: str | None,
                  say: Callable[[str], None] = lambda _: None) -> Measured:
    """The configuration's skill games (:data:`PAIR`, each seed played twice with the
    seats swapped): from their cache file in ``data/skill``, or played now and cached."""
    folder = data / "skill"
    path = folder / f"{config.key}-{config_key(config, root, games, seed, PAIR)}.json"
    if path.exists():
        saved = json.loads(path.read_text(encoding="utf-8"))
        return Measured(config, [expand_skill(g) for g in saved["games"]],
                        float(saved["seconds"]), str(saved["workers"]))
    _, _, variant = resolve(config, root)
    where = f"Ray at {ray}" if ray else f"{workers} local process{'es' * (workers != 1)}"
    say(f"{config.key}: {2 * games} games of {PAIR[0]} against {PAIR[1]} on {where}")
    start = time.perf_counter()
    records = swapped_games(variant, PLAYERS, PAIR[0], PAIR[1], seed, games,
                            lambda batch: run(batch, workers, ray))
    seconds = time.perf_counter() - start
    kept = [compact_skill(g) for g in records]
    _save(folder, config, path, {"config": config.key, "pair": list(PAIR), "games": kept,
                                 "seconds": round(seconds, 1), "workers": where})
    return Measured(config, [expand_skill(g) for g in kept], seconds, where)


def _save(folder: Path, config: Config, path: Path, content: dict[str, Any]) -> None:
    """Write a cache file whole (through a temporary file), its stale versions gone."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in cached_files(folder, config):
        stale.unlink()
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(content, separators=(",", ":")) + "\n", encoding="utf-8")
    temp.replace(path)
