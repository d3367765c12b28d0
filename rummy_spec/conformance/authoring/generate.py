"""Generated parts of the suite, made reproducibly by ``rummy-spec conformance generate``.

* Golden traces: a seeded deal of every built-in variant played by the greedy bot, every
  step with the reference's outcome and the whole observable state every few steps.  The
  deal is written out explicitly, so an engine needs no shuffle of ours to replay it.
* perft files: fixed positions per variant family with their counts (``perft``).

Same command, same files, byte for byte.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import __version__
from ...bots import greedy_bot
from ...engine.game import Game
from ...outfile import write_text as write_atomic
from .. import SUITE_VERSION
from ..running.perft import PERFT_CONVENTIONS, Position, reference_counts
from ..suite.cases import variant
from ..suite.variants import spec_of, with_spec
from .author import (
    AFTER_RESHUFFLE,
    LIVE,
    Recorder,
    case_data,
    complete_setup,
    dump_case,
    parse_step,
    reshuffle_next,
    reshuffled,
)

JSON = dict[str, Any]
# Players per variant in the golden traces (the hand-written cases use the same).
PLAYERS = {"rummy": 2, "gin": 2, "continental": 4}
GOLDEN_SEEDS = (1, 2)
GOLDEN_STEPS = 240
CHECK_EVERY = 20


def seeded_setup(name: str, players: int, seed: int) -> JSON:
    """The first deal of a seeded game, written out as an explicit setup."""
    game = Game(variant(name), players, seed)
    s = game.state
    table = game.rules.table
    setup: JSON = {"dealer": s.game.dealer}
    if any(seat.total for seat in s.game.seats):  # an exact cut's bonus
        setup["totals"] = [seat.total for seat in s.game.seats]
    setup.update({"hands": [table.texts(seat.hand) for seat in s.hand.seats],
                  "stock": table.texts(list(reversed(s.hand.stock))),
                  "discard": table.texts(s.hand.discard)})
    return setup


def golden_players(name: str) -> int:
    v = variant(name)
    return PLAYERS.get(name, min(max(3, v.players.min), v.players.max or 3))


def golden_case(name: str, seed: int, steps: int = GOLDEN_STEPS,
                root: Path | None = None) -> tuple[str, str]:
    """(case id, YAML) of one golden trace; a house variant's case written under the
    suite directory ``root`` names its spec file."""
    players = golden_players(name)
    setup = seeded_setup(name, players, seed)
    rec = Recorder(name, (), players, setup)
    bot = greedy_bot(seed)
    for i in range(steps):
        game = rec.game
        if game.state.game.results or game.over or reshuffle_next(game):
            break
        action = bot(game.rules, game.state, game.legal_actions())
        before = game.state.hand.exhaustions
        rec.act(rec.engine.to_protocol(game.action_json(action)), True)
        if reshuffled(rec.game, before):  # the new stock's order is each engine's own
            rec.check(AFTER_RESHUFFLE)
            break
        if (i + 1) % CHECK_EVERY == 0 and not rec.round_over:
            rec.check(LIVE)
    rec.finish()
    cid = f"{name}/golden/seed-{seed}"
    data = case_data(f"a seeded game played by the greedy bot (seed {seed}), every step as "
                     "the reference answers it", name, (), players, setup, rec.steps,
                     rec.features, generated=f"rummy-spec conformance generate "
                     f"(rummy-spec {__version__})")
    if root is not None:
        data = with_spec(data, root / "cases" / f"{cid}.yaml")
    return cid, dump_case(data, cid)


# ----- perft positions ----------------------------------------------------------------

@dataclass(frozen=True)
class Spot:
    """A perft position as written here: a deal in card text and moves in short form."""

    name: str
    variant: str
    players: int
    hands: tuple[str, ...]
    discard: str
    depth: int
    moves: tuple[str, ...] = ()
    stock: str = ""
    options: tuple[str, ...] = ()
    round: int = 1
    note: str = ""


CONT = ("5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D",
        "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 10D", "AS 2S 3H 4H 10H JH QH KH JD QD 9H 6D")
THREE = ("5H 5S 5D 9C 9D 9S KS 2C 3C 4C", "6H 7H 8H 9H 10S JS QS KD KC 2D",
         "6C 7C 8C 10C JC QC 3S 4S 6S 7S")
SH = ("5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D", "6H 7H 8H 9H 10S JS QS KD KC 3D 4D",
      "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S")
GIN = ("2C 3C 4C 5H 5S 5D 9S 10S JS KH", "AD 2D 3D 5C 7H 8H 9H QC QD KD")
RUM = ("3H 4H 5H 6H 7C 7D 7S 9S 10S JS", "2C 3C 4C 5D 6D 8C 9D QH KH 7H")
P10 = ("3R 3B 3G 7R 7B 7Y 9G 10G 11G SK", "1R 2B 4G 5Y 6R 8B 10R 11B 12Y 5G",
       "1B 2R 4Y 5R 6B 8G 10B 11R 12R 6G")

PERFT: dict[str, tuple[Spot, ...]] = {
    "contract_family": (
        Spot("continental-opening", "continental", 4, CONT, "8C", 4,
             note="the first turn: draws, the May I? window, discards"),
        Spot("liverpool-claim-window", "liverpool", 3, THREE, "8D", 4, ("0 draw stock",),
             note="the upcard refused: the nearest claimant answers first"),
        Spot("contract-wikipedia-first-caller", "contract_wikipedia", 3, THREE, "8D", 4,
             ("0 draw stock",), note="first caller: every claimant may answer"),
        Spot("shanghai-down-and-laying-off", "shanghai", 3, SH, "10D", 3,
             ("0 draw stock", "1 pass", "2 pass", "0 go_down 5H 5S 5D 5C | 9C 9D 9S"),
             stock="9H", note="after going down: lay-offs and discards"),
        Spot("ten-step-rummy-call", "ten_step", 3, SH, "10D", 3,
             ("0 draw stock", "1 pass", "2 pass", "0 go_down 5H 5S 5D | 9C 9D 9S",
              "0 discard 5C"), note="a playable discard by a down player: calls"),
    ),
    "phase10": (
        Spot("phase10-opening", "phase10", 3, P10, "9R", 4, note="no claims; a Skip in hand"),
        Spot("phase10-skip-chooser", "phase10", 3, P10, "9R", 3, ("0 draw stock",),
             options=("skip_chooser",), note="a Skip's target is chosen"),
    ),
    "rummy": (
        Spot("rummy-opening", "rummy", 2, RUM, "AS", 5, note="draws and discards"),
        Spot("rummy-lay-offs", "rummy", 2, RUM, "AS", 3,
             ("0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S"), stock="8H",
             note="two melds on the table: lay-offs by both players"),
    ),
    "gin": (
        Spot("gin-first-upcard", "gin", 2, GIN, "6C", 5, note="the first upcard's offer"),
        Spot("gin-knock-or-discard", "gin", 2, GIN, "6C", 3, ("0 pass", "1 pass",
                                                             "0 draw stock"),
             stock="8D", note="knocks and discards"),
        Spot("gin-defender-lays-off", "gin", 2, (GIN[0], "AD 2D 3D 5C 7H 8H 9H QC QD KD"),
             "6C", 2, ("0 pass", "1 pass", "0 draw stock", "0 knock KH"), stock="8D",
             note="after a knock: the defender's lay-offs"),
    ),
}


def spot_position(spot: Spot) -> Position:
    setup = complete_setup(spot.variant, spot.options, spot.players, spot.hands,
                           spot.discard, spot.stock, round_=spot.round)
    moves = tuple(parse_step(m)[0] for m in spot.moves)
    pos = Position(spot.name, spot.variant, spot.options, spot.players, setup, moves, ())
    counts = tuple(reference_counts(pos, spot.depth))
    return Position(spot.name, spot.variant, spot.options, spot.players, setup, moves,
                    counts)


def perft_text(family: str, where: Path | None = None) -> str:
    """The perft file of a family of built-in variants (``PERFT``) or of a house variant
    (``house_positions``), written at ``where`` (a house variant's names its spec)."""
    spots = PERFT.get(family)
    made = [(spot_position(s), s.note) for s in spots] if spots else house_positions(family)
    positions = []
    for pos, note in made:
        entry: JSON = {"name": pos.name}
        if note:
            entry["note"] = note
        entry.update({"variant": pos.variant, "options": list(pos.options),
                      "players": pos.players, "setup": copy.deepcopy(pos.setup),
                      "moves": copy.deepcopy(list(pos.moves)), "counts": list(pos.counts)})
        positions.append(entry)
    data: JSON = {"suite": SUITE_VERSION, "family": family,
                  "generated": f"rummy-spec conformance generate (rummy-spec {__version__})",
                  "conventions": PERFT_CONVENTIONS, "positions": positions}
    spec = spec_of(family)
    if spec is not None and where is not None:
        data = {"suite": SUITE_VERSION, "family": family, "spec": spec.entry(where),
                **{k: v for k, v in data.items() if k not in ("suite", "family")}}
    header = "".join(f"# {line}\n".replace("# \n", "#\n")
                     for line in PERFT_CONVENTIONS.splitlines())
    body = dump_case(data, f"perft/{family}").split("\n", 1)[1]
    return (f"# rummy-spec perft file: {family} (suite {SUITE_VERSION})\n#\n{header}#\n"
            + body)


HOUSE_MOVES = 40  # greedy moves at most from the seeded deal to a house variant's second


def house_positions(name: str) -> list[tuple[Position, str]]:
    """A house variant's perft positions, made from its own rules: the seeded deal of
    its first golden trace, and the position once the greedy bot has laid its first meld
    (lay-offs count there), or after its first moves if it lays none."""
    players = golden_players(name)
    setup = seeded_setup(name, players, GOLDEN_SEEDS[0])
    rec = Recorder(name, (), players, setup)
    bot = greedy_bot(GOLDEN_SEEDS[0])
    moves: list[JSON] = []
    for _ in range(HOUSE_MOVES):
        game = rec.game
        if game.state.game.results or game.over or reshuffle_next(game):
            break
        action = bot(game.rules, game.state, game.legal_actions())
        moves.append(rec.engine.to_protocol(game.action_json(action)))
        rec.act(moves[-1], True)
        if rec.game.state.hand.table and not rec.round_over:
            break  # a meld is down: lay-offs are counted from here
        if rec.round_over:
            moves.pop()  # the round's last action leaves nothing to count
            break
    out = []
    for label, made, depth, note in (
            ("opening", (), 4, "the seeded deal's first turns"),
            (f"after-{len(moves)}-moves", tuple(moves), 3,
             f"after the greedy bot's first {len(moves)} moves")):
        # (a position's name is lower case, digits and hyphens: a variant's underscores
        # become hyphens there)
        pos = Position(f"{re.sub('[^a-z0-9-]', '-', name.lower())}-{label}", name, (),
                       players, setup, made, ())
        counts = tuple(reference_counts(pos, depth))
        out.append((Position(pos.name, name, (), players, setup, made, counts), note))
    return out


# ----- writing -------------------------------------------------------------------------

def generate(root: Path, variants: Sequence[str], what: Sequence[str] = ("golden", "perft"),
             progress: Callable[[str], None] | None = None) -> list[Path]:
    """Write golden traces under ``root/cases`` and perft files under ``root/perft``."""
    written: list[Path] = []
    if "golden" in what:
        for name in variants:
            for seed in GOLDEN_SEEDS:
                cid, text = golden_case(name, seed, root=root)
                written.append(_write(root / "cases" / f"{cid}.yaml", text))
                if progress is not None:
                    progress(cid)
    if "perft" in what:
        families = [f for f in PERFT if not variants or any(
            s.variant in variants for s in PERFT[f])]
        families += [name for name in variants if spec_of(name) is not None]
        for family in families:
            path = root / "perft" / f"{family}.yaml"
            written.append(_write(path, perft_text(family, path)))
            if progress is not None:
                progress(f"perft/{family}")
    return written


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.is_symlink() or path.read_text(encoding="utf-8") != text:
        write_atomic(path, text, "--out")
    return path


