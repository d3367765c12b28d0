"""A slice of the balance study on a real multi-node Ray cluster on this machine: a head
node and a worker node, each started by ``ray start`` as its own process, give the
records the local run gives.  Skipped where Ray (the ``cluster`` extra) is not installed.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_spec.analysis.study import compact, configs, measure

ray = pytest.importorskip("ray", reason="Ray is not installed (extra 'cluster')")
RAY = Path(sys.executable).with_name("ray")
ROOT = Path(__file__).resolve().parents[2]
GAMES = 3


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], temp: str) -> subprocess.Popen[bytes]:
    """One node, in the foreground (--block) and in a session of its own, so that it and
    every process it starts can be stopped by its process group."""
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_AUTH_MODE"] = "disabled"  # a throwaway cluster on localhost: no token
    return subprocess.Popen([str(RAY), "start", "--block", "--num-cpus", "1",
                             "--temp-dir", temp, "--disable-usage-stats", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            start_new_session=True)


def _stop(node: subprocess.Popen[bytes]) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(node.pid, sig)
        except ProcessLookupError:
            return
        try:
            node.wait(timeout=10)
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    if not RAY.exists():
        pytest.skip(f"no ray command beside {sys.executable}")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_AUTH_MODE", "disabled")  # the driver, as the nodes
        patch.delenv("RAY_ADDRESS", raising=False)
        yield from _cluster()


def _cluster() -> Iterator[str]:
    temp = tempfile.mkdtemp(prefix="rs-ray-", dir="/tmp")  # short: Ray's socket paths
    port = _free_port()
    address = f"127.0.0.1:{port}"
    nodes = [_start(["--head", "--port", str(port), "--include-dashboard", "false",
                     "--node-ip-address", "127.0.0.1"], temp)]
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        nodes.append(_start(["--address", address, "--node-ip-address", "127.0.0.1"],
                            temp))
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
        deadline = time.monotonic() + 60
        while len([n for n in ray.nodes() if n["Alive"]]) < 2:
            if time.monotonic() > deadline:
                pytest.fail("the worker node did not join the cluster within 60 s")
            time.sleep(0.5)
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        for node in reversed(nodes):
            _stop(node)
        shutil.rmtree(temp, ignore_errors=True)


# The driver runs in a process of its own: a Ray driver started earlier in the same
# process (test_ray.py's local instance, shut down) leaves state behind, in the process
# and in its environment, with which the objects this driver puts are lost to the new
# cluster's workers (OwnerDiedError).
CHILD = "RUMMY_SPEC_RAY_CLUSTER_CHILD"


def test_a_slice_of_the_study_on_two_nodes_matches_the_local_run() -> None:
    if not RAY.exists():
        pytest.skip(f"no ray command beside {sys.executable}")
    test = f"{__file__}::test_the_slice_in_a_fresh_driver"
    # (nor the variables a driver of this process sets for its own workers)
    clean = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o",
                           "addopts=", "-q",
                           test], env={**clean, CHILD: "1"}, capture_output=True,
                          text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout + done.stderr


@pytest.mark.skipif(not os.environ.get(CHILD), reason="run by the test above, in a process "
                    "of its own")
def test_the_slice_in_a_fresh_driver(cluster: str, tmp_path: Path) -> None:
    alive = [n for n in ray.nodes() if n["Alive"]]
    assert len(alive) == 2  # a head and a worker: two raylets, two processes
    slice_ = [configs()[0], next(c for c in configs() if c.rule is not None)]
    for config in slice_:
        there = measure(config, ROOT, tmp_path / "ray", GAMES, 1, 1, cluster)
        here = measure(config, ROOT, tmp_path / "local", GAMES, 1, 1, None)
        assert there.workers == f"Ray at {cluster}" and here.workers == "1 local process"
        assert [compact(g) for g in there.games] == [compact(g) for g in here.games]
        assert len(there.games) == GAMES
