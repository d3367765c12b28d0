"""Ray gives the records the local process pool gives, for the same seeds.

Starts a local Ray instance with two CPUs (the ``cluster`` extra; skipped without it).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_spec.analysis.runner import Batch, run
from rummy_spec.lang import load

ray = pytest.importorskip("ray", reason="Ray is not installed (extra 'cluster')")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield
    ray.shutdown()


def test_ray_matches_the_process_pool(local_ray: None) -> None:
    batch = Batch(load("rummy"), 3, ("planner", "greedy", "random"), 5, 6)
    pool = run(batch, workers=2)
    cluster = run(batch, ray_address="local")  # already connected: the running instance
    assert [g.seed for g in cluster] == list(range(5, 11))
    assert cluster == pool == run(batch, workers=1)
