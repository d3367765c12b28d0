"""``rummy-spec conformance export DIR``: the suite for people who bring their own runner.

DIR receives PROTOCOL.md, the schemas, the perft files, every case as YAML and as JSON
(same content), the resolved rules each case plays under (``rules/``), and ``index.json``
listing every case with its variant, options, players, features and rule.  Everything is
written to a temporary directory first and moved into place whole.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from ... import __version__
from ...outfile import OutputError, check_directory, make_directory, write_tree
from .. import PROTOCOL_VERSION, SUITE_VERSION, suite_root
from ..suite.cases import case_files, load_case
from ..wire.engine import resolved_rules

JSON = dict[str, Any]

README = """\
rummy-spec conformance suite {suite} (protocol {protocol}), exported by rummy-spec {version}.

PROTOCOL.md    the JSON-lines protocol an engine under test speaks, and what every field means
schema/        JSON Schemas: a case file, the observable state, a perft file
cases/         one case per file, as YAML and as JSON (same content); the case id is the
               path below cases/ without the extension
rules/         the resolved rules each case is played under (as `rummy-spec show --json`)
perft/         perft positions with their counts; conventions in each file's header
index.json     every case: id, variant, options, players, features, rule, axes
"""


class ExportError(ValueError):
    pass


def rules_name(variant: str, options: tuple[str, ...], players: int) -> str:
    return "+".join([variant, *options]) + f"-{players}p.json"


def export_suite(dest: Path) -> int:
    """Write the suite to ``dest`` (absent, its parent existing, or an empty directory);
    the number of cases.  A target that cannot be written is an :class:`ExportError`
    before anything is read."""
    try:
        check_directory(dest, "export", must_be_empty=True)
        if not dest.parent.exists():
            make_directory(dest.parent, "export")
        root = suite_root()
        return write_tree(dest, lambda work: _fill(root, work), "export")
    except OutputError as err:
        raise ExportError(str(err)) from None


def _fill(root: Path, out: Path) -> int:
    shutil.copy2(root / "PROTOCOL.md", out / "PROTOCOL.md")
    shutil.copytree(root / "schema", out / "schema")
    shutil.copytree(root / "perft", out / "perft")
    cases_root = root / "cases"
    index: list[JSON] = []
    rules: dict[str, JSON] = {}
    for path in case_files(cases_root):
        case = load_case(path, cases_root)
        target = out / "cases" / f"{case.id}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        target.with_suffix(".json").write_text(
            json.dumps(case.data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        name = rules_name(case.variant, case.options, case.players)
        if name not in rules:
            rules[name] = resolved_rules(case.variant, case.options, case.players)
        index.append({"id": case.id, "variant": case.variant, "options": list(case.options),
                      "players": case.players, "features": sorted(case.features),
                      "rule": case.rule, "axes": list(case.axes), "rules": f"rules/{name}",
                      "steps": len(case.steps)})
    (out / "rules").mkdir()
    for name, data in sorted(rules.items()):
        (out / "rules" / name).write_text(json.dumps(data, indent=1, ensure_ascii=False)
                                          + "\n", encoding="utf-8")
    (out / "index.json").write_text(json.dumps({
        "format": "rummy-spec/conformance-index", "suite": SUITE_VERSION,
        "protocol": PROTOCOL_VERSION, "exported_by": f"rummy-spec {__version__}",
        "cases": index}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "README.txt").write_text(README.format(suite=SUITE_VERSION,
                                                  protocol=PROTOCOL_VERSION,
                                                  version=__version__), encoding="utf-8")
    return len(index)
