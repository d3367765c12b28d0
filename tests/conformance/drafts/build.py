"""Write the hand-written cases:
``python tests/conformance/drafts/build.py [--prune] [VARIANT...]``.

Each module here holds ``VARIANT``, ``PLAYERS`` and ``DRAFTS``.  Expected outcomes are
written by hand in the drafts and checked against the reference; expected states are
filled from the reference (review the diff before committing).  Files of a variant that
no draft produces are listed, and removed only with ``--prune`` (some cases are written
by hand outside the drafts; golden traces and fuzz finds are never touched).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent.parent)]

from rummy_spec.conformance import suite_root  # noqa: E402
from rummy_spec.conformance.authoring.author import AuthorError, Draft, build_draft  # noqa: E402

MODULES = ("rummy", "gin", "phase10", "continental", "contract", "contract_wikipedia",
           "contract_bicycle", "liverpool", "shanghai", "ten_step", "twelve_step",
           "seven_hand", "gin_openspiel", "gin_rlcard", "gin_eaai", "straight_gin",
           "oklahoma_gin", "gin_hollywood", "rummy500", "kalooki", "tonk", "remi51",
           "conquian", "canasta", "indian")
KEEP = ("golden", "fuzz", "held")  # held: written by held.py


def drafts(name: str) -> tuple[str, int, list[Draft]]:
    mod = importlib.import_module(f"drafts.{name}")
    return mod.VARIANT, mod.PLAYERS, list(mod.DRAFTS)


def build(name: str) -> dict[str, str]:
    """case id -> YAML text for every draft of one module."""
    variant, players, found = drafts(name)
    out: dict[str, str] = {}
    for d in found:
        cid, text = build_draft(variant, players, d)
        if cid in out:
            raise AuthorError(f"{cid}: two drafts with this name")
        out[cid] = text
    return out


def write(name: str, root: Path, prune: bool = False) -> int:
    built = build(name)
    variant = next(iter(built)).split("/")[0]
    wanted = {root / f"{cid}.yaml" for cid in built}
    for old in (root / variant).rglob("*.yaml") if (root / variant).is_dir() else []:
        rel = old.relative_to(root / variant)
        if rel.parts[0] not in KEEP and old not in wanted:
            if prune:
                old.unlink()
            else:
                print(f"  kept (no draft writes it; --prune removes it): {old}")
    for cid, text in built.items():
        path = root / f"{cid}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return len(built)


def main(argv: list[str]) -> int:
    root = suite_root() / "cases"
    prune = "--prune" in argv
    names = [a for a in argv if a != "--prune"]
    failed = False
    for name in names or MODULES:
        try:
            print(f"{name}: {write(name, root, prune)} cases")
        except AuthorError as err:
            print(f"{name}: {err}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
