"""``rummy-spec conformance generate | export | perft``: the suite's generated files remade,
the suite written out for other runners, and an engine's perft counts checked."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..conformance import suite_root
from ..conformance.suite.cases import CaseError
from .base import FAILED, Outcome, UsageError, lines, whole_number
from .conformance_engine import Bar, output_target, positive, start_engine
from .conformance_house import claims_note, variant_names


def configure_generate(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="the suite directory to write into (default: the suite's own)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="only this variant (repeatable): a built-in name, or a spec file "
                        "(a house variant; needs --out)")
    p.add_argument("--only", choices=("golden", "perft"), help="only golden traces or perft")


def generate(args: argparse.Namespace) -> Outcome:
    from ..conformance.authoring.generate import generate
    from ..conformance.suite.variants import spec_of
    from ..lang.library import builtin_library

    known = sorted(builtin_library().decls)
    names = variant_names(args.variant)
    house = [n for n in names if spec_of(n) is not None]
    if house and args.out is None:
        raise UsageError(f"--variant {args.variant[names.index(house[0])]}: a house variant's "
                         "traces and perft file need --out DIR (the suite's own directory "
                         "holds the built-in variants')")
    if args.out is not None:
        output_target(args.out, "--out", directory=True)
    root = args.out or suite_root()
    what = (args.only,) if args.only else ("golden", "perft")
    bar = Bar("files")
    total = len(names or known) * 2 + 4
    done: list[str] = []

    def step(name: str) -> None:
        done.append(name)
        bar.show(len(done), total, name)

    try:
        written = generate(root, names or known, what, step)
    finally:
        bar.close()
    return Outcome(out=lines(*(str(p) for p in written), f"{len(written)} files"))


def configure_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", type=Path, metavar="DIR", help="a new (or empty) directory")


def export(args: argparse.Namespace) -> Outcome:
    from ..conformance.authoring.export import ExportError, export_suite

    try:
        n = export_suite(args.dir)
    except ExportError as err:
        raise UsageError(str(err)) from None
    except CaseError as err:
        return Outcome(FAILED, err=f"rummy-spec: bad case file: {err}\n")
    return Outcome(out=lines(f"exported {n} cases to {args.dir}"))


def configure_perft(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", required=True, metavar="CMD",
                   help="the engine's command line, or 'reference'")
    p.add_argument("--file", action="append", default=[], metavar="GLOB",
                   help="only perft files whose name matches (e.g. 'gin')")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="only positions of this variant (repeatable): a built-in name or a "
                        "spec file")
    p.add_argument("--perft", type=Path, metavar="DIR",
                   help="a directory of perft files other than the suite's (e.g. DIR/perft "
                        "that 'generate --out DIR' wrote)")
    p.add_argument("--depth", type=whole_number, metavar="N", help="check depths 1..N only")
    p.add_argument("--timeout", type=positive, default=30.0, metavar="S",
                   help="seconds to wait for each reply (default 30)")


def perft(args: argparse.Namespace) -> Outcome:
    from ..conformance.running.perft import PerftError, check_files, perft_files

    if args.depth is not None and args.depth < 1:
        raise UsageError(f"--depth {args.depth}: depths start at 1 (depth 0 checks nothing)")
    names = variant_names(args.variant)
    root = args.perft or suite_root() / "perft"
    if not root.is_dir():
        raise UsageError(f"--perft {root}: no such directory")
    files = perft_files(root, tuple(args.file))
    if not files:
        raise UsageError(f"no perft file in {root}" + (" matches --file" if args.file else ""))
    engine, hello = start_engine(args)
    try:
        results = check_files(engine, files, args.depth, names)
    except PerftError as err:
        return Outcome(FAILED, err=f"rummy-spec: bad perft file: {err}\n")
    finally:
        engine.close()
    if not results:
        return Outcome(FAILED, err=f"rummy-spec: nothing to check: no perft position of "
                       f"{', '.join(names)} in {root}; make them with 'rummy-spec conformance "
                       "generate --variant V --out DIR' and pass --perft DIR/perft\n")
    text: list[str] = []
    for r in results:
        text.append(f"{r.status:8} {r.file}: {r.position}")
        text += ["    " + ln for ln in r.lines]
    bad = [r for r in results if r.status in ("failed", "errored")]
    passed = sum(r.status == "passed" for r in results)
    text.append(f"{passed} of {len(results)} positions passed, "
                f"{len(results) - len(bad) - passed} skipped, {len(bad)} failed or errored")
    text += claims_note(hello)
    if not passed and not bad:
        return Outcome(FAILED, out=lines(*text), err=(
            f"rummy-spec: no position was checked: all {len(results)} were skipped "
            f"({results[0].lines[0] if results[0].lines else 'no reason given'})\n"))
    return Outcome(FAILED if bad else 0, out=lines(*text))
