"""Play many seeded games here, in local worker processes, or on a Ray cluster.

Each game is independent and fixed by its seed, so the games are cut into chunks of
consecutive seeds, played wherever there is a free core, and put back in seed order: the
records are the same for one worker, two, or a cluster.  Ray is optional (the
``cluster`` extra) and imported only when asked for.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.io.trace import write_trace
from ..engine.records.rules import DEAL_CAP, TURN_CAP
from ..interrupt import deferred_interrupts
from ..lang import model as m
from ..simulate import GameRecord, play_out
from .rayprobe import ProbeError, TokenWanted, probe

REACH_SECONDS = 3.0  # how long an address may take to show a Ray cluster answers there
Progress = Callable[[int], None]  # told how many games are done so far


class ClusterError(RuntimeError):
    """Ray is missing or its cluster cannot be reached."""


@dataclass(frozen=True)
class Batch:
    """Games to play: one variant at one player count, seats and caps fixed, seeds
    ``first`` to ``first + games - 1``."""

    variant: m.Variant
    players: int
    bots: tuple[str, ...]
    first: int
    games: int
    turn_cap: int = TURN_CAP
    deal_cap: int = DEAL_CAP
    traces: str | None = None  # a folder to write each game's trace to (local runs only)
    mirror: bool = False  # each seed's deals played once from every seat (rotated hands)

    @property
    def per_seed(self) -> int:
        """Games played per seed: one, or one per seat rotation when mirrored."""
        return self.players if self.mirror else 1

    def seeds(self) -> range:
        return range(self.first, self.first + self.games)


def play_chunk(batch: Batch, seeds: list[int]) -> list[GameRecord]:
    """The records of the games of ``seeds`` (what a worker runs); their traces too when
    the batch names a folder (each file written whole or not at all)."""
    out: list[GameRecord] = []
    for s, rotation in ((s, k) for s in seeds for k in range(batch.per_seed)):
        with deferred_interrupts():  # Ctrl-C stops the game at a Python line
            o = play_out(batch.variant, batch.players, s, batch.bots,
                         turn_cap=batch.turn_cap, deal_cap=batch.deal_cap, rotation=rotation)
        assert o.record is not None
        if batch.traces is not None:
            path = Path(batch.traces) / f"game-{s}.jsonl"
            try:
                write_trace(o.game, path)
            except BaseException:
                path.with_name(path.name + ".part").unlink(missing_ok=True)
                raise
        out.append(o.record)
    return out


def _chunks(batch: Batch, workers: int) -> list[list[int]]:
    seeds = list(batch.seeds())
    size = max(1, min(25, len(seeds) // (4 * workers) or 1))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def run(batch: Batch, workers: int = 1, ray_address: str | None = None,
        progress: Progress | None = None) -> list[GameRecord]:
    """Every game of ``batch``, in seed order (and rotation order, when mirrored).
    ``workers`` local processes (1: in this process), or Ray at ``ray_address`` ("local"
    starts a Ray instance here)."""
    if ray_address is not None:
        return _by_ray(batch, ray_address, progress)
    if workers <= 1:
        out: list[GameRecord] = []
        for s in batch.seeds():
            out += play_chunk(batch, [s])
            if progress is not None:
                progress(len(out) // batch.per_seed)
        return out
    return _by_pool(batch, workers, progress)


def _by_pool(batch: Batch, workers: int, progress: Progress | None) -> list[GameRecord]:
    done: dict[int, list[GameRecord]] = {}
    count = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_chunk, batch, chunk): chunk[0]
                   for chunk in _chunks(batch, workers)}
        for f in as_completed(futures):
            done[futures[f]] = f.result()
            count += len(done[futures[f]]) // batch.per_seed
            if progress is not None:
                progress(count)
    return [r for first in sorted(done) for r in done[first]]


def ray_module() -> Any:
    """The ``ray`` package, or a :class:`ClusterError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ClusterError("Ray is not installed: pip install 'rummy-spec[cluster]'") from None
    return ray


def connect(address: str) -> Any:
    """Connect to the Ray cluster at ``address`` ("local": start one on this machine,
    "auto": the cluster this machine belongs to), once per process."""
    ray = ray_module()
    if ray.is_initialized():
        return ray
    if address not in ("local", "auto"):
        _reachable(address, ray)
    try:
        if address == "local":
            ray.init(num_cpus=os.cpu_count() or 1, include_dashboard=False,
                     log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
    except Exception as err:  # Ray raises ConnectionError, RuntimeError, ValueError...
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ClusterError(f"cannot reach a Ray cluster at '{address}': {first}") from None
    return ray


def _reachable(address: str, ray: Any) -> None:
    """Fail within seconds unless a Ray cluster answers at ``address`` (``ray.init``
    retries for minutes, printing Ray's warnings, wherever anything else listens)."""
    text = address.removeprefix("ray://")
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536 or not host:
        raise ClusterError(f"'{address}' is not HOST:PORT, ray://HOST:PORT, 'local' or 'auto'")
    client = text != address  # Ray Client: no GCS call, so no token goes with it
    headers = [] if client else _auth_headers(ray)
    try:
        probe(host, int(port), REACH_SECONDS, client=client, headers=headers)
    except ProbeError as err:
        # Token mode asked for, but no token header could be made here (a Ray whose
        # loader this code does not know): Ray itself sends the token, so let it try.
        if (isinstance(err, TokenWanted) and not headers
                and os.environ.get("RAY_AUTH_MODE", "").lower() == "token"):
            return
        raise ClusterError(f"cannot reach a Ray cluster at '{address}': {err}") from None


def _auth_headers(ray: Any) -> list[tuple[str, str]]:
    """The header Ray itself sends its GCS when the cluster asks for a token
    (``RAY_AUTH_MODE=token``), none otherwise or where this Ray has no such thing."""
    try:
        loader = ray._raylet.AuthenticationTokenLoader.instance()
        if not loader.has_token():
            return []
        return [(str(k), str(v)) for k, v in loader.get_token_for_http_header().items()]
    except Exception:  # an older or newer Ray without this private API: send no token
        return []


def _by_ray(batch: Batch, address: str, progress: Progress | None) -> list[GameRecord]:
    ray = connect(address)
    remote = ray.remote(play_chunk)
    shared = ray.put(batch)
    pending = {remote.remote(shared, chunk): chunk[0] for chunk in _chunks(batch, 8)}
    done: dict[int, list[GameRecord]] = {}
    count = 0
    waiting = list(pending)
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for ref in ready:
            done[pending[ref]] = ray.get(ref)
            count += len(done[pending[ref]]) // batch.per_seed
        if progress is not None:
            progress(count)
    return [r for first in sorted(done) for r in done[first]]
