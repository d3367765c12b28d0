"""``simulate --json/--csv/--workers``, ``compare`` and ``analyze`` from the outside."""

from __future__ import annotations

import csv
import io
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jsonschema
import pytest

from rummy_spec.analysis import plots
from rummy_spec.analysis.export import schema_path

from .helpers import Cli, one_clear_line

GIN = ("simulate", "gin", "--games", "3", "--seed", "2", "--bot", "planner,greedy")


def test_json_validates_against_the_shipped_schema(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "games.json"
    code, text, err = cli(*GIN, "--json", str(out))
    assert (code, err) == (0, ""), err
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, json.loads(schema_path().read_text()))
    assert doc["seeds"] == [2, 3, 4] and doc["bots"] == ["planner", "greedy"]
    assert sum(len(g["rounds"]) for g in doc["games"]) == sum(
        r["played"] for r in doc["round_table"])
    assert "by round:" in text


def test_schema_rejects_what_is_not_a_simulation() -> None:
    schema = json.loads(schema_path().read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"format": "rummy-spec/simulate", "version": 1}, schema)


def test_csv_has_one_row_per_round(cli: Cli) -> None:
    code, text, _ = cli(*GIN, "--csv", "-")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows and {r["seed"] for r in rows} == {"2", "3", "4"}
    assert all(r["kind"] in ("out", "knock", "stock", "abandoned", "turn cap") for r in rows)


def test_results_do_not_depend_on_the_workers(cli: Cli) -> None:
    args = ("simulate", "rummy", "--players", "3", "--games", "4", "--bot", "planner",
            "--json", "-")
    one = cli(*args, "--workers", "1")
    two = cli(*args, "--workers", "2")
    assert one[0] == 0 and one == two


def test_abandoned_rounds_are_named(cli: Cli) -> None:
    code, text, err = cli("simulate", "contract", "--players", "2", "--games", "1",
                          "--seed", "0", "--bot", "greedy")
    assert code == 0
    warned = err.splitlines()
    assert warned and all(w.startswith("warning: seed 0, round ") for w in warned)
    assert "stopped at the turn cap after 400 turns" in warned[0]
    assert "turn cap 4)" in text  # the summary says so too, in the table's words


@pytest.mark.parametrize(("args", "message"), [
    (("--bot", "clever"), "--bot clever: unknown bot 'clever'"),
    (("--bot", "planner,greedy,random"), "3 bots named for 2 players"),
    (("--workers", "0"), "--workers 0: give a number from 1 to"),
    (("--ray", "127.0.0.1:1"), "--ray 127.0.0.1:1: "),
    (("--ray", "127.0.0.1:99999999999999999999"), "is not HOST:PORT"),
    (("--ray", "x" * 70 + ":6379"), f"'{'x' * 70}' is not a host name"),
])
def test_bad_arguments_are_one_line_and_write_nothing(cli: Cli, tmp_path: Path,
                                                      args: tuple[str, ...],
                                                      message: str) -> None:
    if args[0] == "--ray":
        pytest.importorskip("ray", reason="the cluster extra is not installed")
    out = tmp_path / "games.json"
    code, text, err = cli("simulate", "gin", "--games", "2", *args, "--json", str(out))
    assert (code, text) == (2, "")
    assert message in one_clear_line(err)
    assert list(tmp_path.iterdir()) == []


def test_a_web_server_given_for_ray_is_one_line_at_once(cli: Cli) -> None:
    """A web server where the cluster was said to be (``python -m http.server``): Ray itself
    would retry for minutes, printing its own warnings."""
    pytest.importorskip("ray", reason="the cluster extra is not installed")

    class Quiet(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"127.0.0.1:{server.server_address[1]}"
    try:
        start = time.monotonic()
        code, text, err = cli("simulate", "rummy", "--ray", address, "--games", "1")
        assert time.monotonic() - start < 15  # a guard against hangs, not a benchmark
    finally:
        server.shutdown()
        server.server_close()
    assert (code, text) == (2, "")
    assert one_clear_line(err) == (
        f"rummy-spec: --ray {address}: cannot reach a Ray cluster at '{address}': something "
        "answers there, but not a Ray cluster (it does not speak gRPC)")


def test_compare_an_option_names_what_differs_and_draws(cli: Cli, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the analysis extra is not installed")
    code, text, err = cli("compare", "gin", "--option", "classic", "--games", "6",
                          "--plots", str(tmp_path / "plots"))
    assert (code, err) == (0, ""), err
    assert "A = gin (2 players), B = gin +classic (2 players)" in text
    assert "Welch's t-test" in text and "two-proportion z-test" in text
    assert ("figures that differ significantly" in text
            or "no figure differs significantly" in text)
    names = sorted(p.name for p in (tmp_path / "plots").iterdir())
    assert names == sorted(f"{n}.{e}" for n in plots.PLOTS for e in ("png", "svg"))


def test_analyze_tests_the_seats(cli: Cli) -> None:
    code, text, err = cli("analyze", "gin", "--games", "4")
    assert (code, err) == (0, "")
    assert "chi-square goodness of fit against 1/n" in text
    assert "seat 1 wins" in text and "seat 0 wins" not in text and "turns per game" in text


def test_plots_without_matplotlib_say_so(cli: Cli, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise plots.PlotsUnavailable("--plots needs matplotlib: pip install "
                                     "'rummy-spec[analysis]'")

    monkeypatch.setattr(plots, "_pyplot", missing)
    code, text, err = cli("analyze", "gin", "--games", "1", "--plots", str(tmp_path / "p"))
    assert (code, text) == (2, "")
    assert "pip install 'rummy-spec[analysis]'" in one_clear_line(err)


def test_compare_needs_a_second_variant_or_an_option(cli: Cli) -> None:
    code, _, err = cli("compare", "gin")
    assert code == 2 and "compare A B, or compare A --option NAME" in one_clear_line(err)
