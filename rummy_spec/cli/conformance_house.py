"""What the kit's commands share about house variants, deviations and comparison modes:
``--variant`` taking a spec file, ``--deviations``, ``--compare``, and the words for a
run in which nothing was compared."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..conformance.running.runner import CaseResult
from ..conformance.suite.deviations import Deviations
from ..conformance.wire.engine import Engine, EngineError, Hello, SkipGame
from ..lang import LookupFailure
from .base import UsageError


class BadContent(Exception):
    """A file given on the command line that is there but cannot be used (exit 1)."""


def variant_names(targets: Sequence[str], flag: str = "--variant",
                  any_name: bool = False) -> list[str]:
    """Each ``--variant`` as a variant name: built-in names as they are, spec files
    loaded and registered (a usage error for a name or path that names nothing, bad
    content for a file that takes a built-in's name; a spec with errors raises
    SpecError, shown with its diagnostics).  With ``any_name`` a name that is no file
    passes as it is (cases of a house variant name their spec file themselves)."""
    from ..conformance.suite.variants import VariantClash, looks_like_spec, resolve_target

    out = []
    for target in targets:
        if any_name and not looks_like_spec(target) and not Path(target).is_file():
            out.append(target)
            continue
        try:
            out.append(resolve_target(target))
        except LookupFailure as err:
            raise UsageError(f"{flag} {err}") from None
        except VariantClash as err:
            raise BadContent(str(err)) from None
    return list(dict.fromkeys(out))


def read_deviations(path: Path | None) -> Deviations:
    """The ``--deviations`` file: a usage error when missing, bad content otherwise."""
    from ..conformance.suite import deviations as d

    if path is None:
        return d.NONE
    try:
        return d.load_deviations(path)
    except d.DeviationsMissing as err:
        raise UsageError(f"--deviations {err}") from None
    except d.DeviationsError as err:
        raise BadContent(f"bad deviations file: {err}") from None


def add_compare(p: argparse.ArgumentParser) -> None:
    from ..conformance.oracle.comparison import MODES, VERDICTS

    p.add_argument("--compare", choices=MODES, default=None,
                   help="codes: reason codes must be the reference's; verdicts: only "
                        "accepted or refused (default: what the engine's hello declares)")
    p.add_argument("--ignore-codes", dest="compare", action="store_const", const=VERDICTS,
                   help="the same as --compare verdicts")


ALL_DECLINED = "nothing was compared: the engine declined every game"


def fuzz_refused(engine: Engine, hello: Hello, args: argparse.Namespace,
                 options: tuple[str, ...], players: int) -> str | None:
    """Before fuzzing: why there is nothing to fuzz (the engine claims not the variant,
    or declines its game), the engine then closed; else None, with ``args.ignore_codes``
    set from the comparison mode (``--compare``, or what ``hello`` declares)."""
    from ..conformance.oracle.comparison import VERDICTS, mode_for

    why = unclaimed(hello, [args.variant]) or declined(engine, args.variant, options,
                                                         players)
    if why is not None:
        engine.close()
        return why
    args.ignore_codes = mode_for(hello, args.compare) == VERDICTS
    return None


def claims_note(hello: Hello) -> list[str]:
    """A line for each house variant ``hello`` claims that this run was not given."""
    from ..conformance.suite.variants import unknown_claims

    missing = unknown_claims(hello.variants or ())
    if not missing:
        return []
    return [f"note: the engine claims {', '.join(missing[:4])}, which this run was not "
            "given; pass the spec file with --variant FILE to test it"]


def unclaimed(hello: Hello, names: Sequence[str]) -> str | None:
    """Why an engine cannot play any of ``names`` (None when it claims one)."""
    from ..conformance.suite.variants import spec_of

    if any(hello.supports(n) for n in names):
        return None
    listed = ", ".join(sorted(hello.variants or ())[:8])
    parts = []
    for n in names:
        spec = spec_of(n)
        parts.append(f"'{n}'" if spec is None else
                     f"'{n}' (a house variant: hello may list {n}, {spec.path.name} or "
                     f"sha256:{spec.sha256[:12]})")
    return (f"the engine does not claim {' or '.join(parts)}; its hello lists: "
            f"{listed or 'nothing'}")


def declined(engine: Engine, name: str, options: tuple[str, ...], players: int) -> str | None:
    """Why the engine declines a plain seeded deal of the variant (None if it plays it):
    asked once before fuzzing, so that a run the engine would decline game after game
    stops at once with the engine's own reason."""
    from ..conformance.suite.cases import variant
    from ..conformance.wire.engine import NewGame
    from ..engine.game import Game

    game = Game(variant(name, options), players, 1)
    s, table = game.state, game.rules.table
    setup = {"dealer": s.game.dealer, "hands": [table.texts(seat.hand) for seat in s.hand.seats],
             "stock": table.texts(list(reversed(s.hand.stock))),
             "discard": table.texts(s.hand.discard)}
    if any(seat.total for seat in s.game.seats):
        setup["totals"] = [seat.total for seat in s.game.seats]
    try:
        engine.new(NewGame(name, options, players, setup))
    except SkipGame as why:
        return str(why) or "no reason given"
    except EngineError:
        engine.restart()  # the fuzz reports the engine's faults itself
    return None


def no_cases(root: Path, names: list[str]) -> str:
    """Why no case matched: for a house variant, how to make its cases."""
    from ..conformance.suite.variants import spec_of

    house = [n for n in names if spec_of(n) is not None]
    if house:
        spec = spec_of(house[0])
        assert spec is not None
        return (f"no case of house variant '{house[0]}' in {root}: make them with "
                f"'rummy-spec conformance generate --variant {spec.path} --out DIR' and run "
                "with --cases DIR/cases")
    return "no case matches --variant/--case"


def nothing_ran_why(results: list[CaseResult], hello: Hello) -> str:
    """The commonest reason the cases were skipped, and what the engine claims."""
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.message] = reasons.get(r.message, 0) + 1
    top = max(reasons, key=lambda k: reasons[k]) if reasons else "no cases"
    claimed = ", ".join(sorted(hello.variants)[:6]) if hello.variants is not None else "*"
    return f"{reasons.get(top, 0)} because {top}; the engine claims {claimed}"
