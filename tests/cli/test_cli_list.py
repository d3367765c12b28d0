"""``rummy-spec list``: one line per built-in variant."""

from __future__ import annotations

from rummy_spec.lang import builtin_library
from rummy_spec.lang.data import builtin_specs

from .helpers import Cli, one_clear_line


def test_lists_every_built_in_variant_one_line_each(cli: Cli) -> None:
    code, out, err = cli("list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    names = [line.split()[0] for line in lines]
    assert sorted(names) == sorted(builtin_library().decls)
    assert set(builtin_specs()) <= set(names)  # every spec file declares its namesake


def test_a_line_holds_name_title_players_and_rounds(cli: Cli) -> None:
    _, out, _ = cli("list")
    line = next(x for x in out.splitlines() if x.startswith("continental "))
    assert "Continental Rummy" in line
    assert "4..8 players" in line
    assert "7 rounds" in line


def test_list_takes_no_arguments(cli: Cli) -> None:
    code, out, err = cli("list", "continental")
    assert code == 2 and out == ""
    assert "unrecognized arguments: continental" in one_clear_line(err)
