"""A fuzz finding as a case file: the steps of the shrunk game as the reference answers
them, then the reference's state, so that ``rummy-spec conformance run`` replays it and
fails where the engine disagreed."""

from __future__ import annotations

import hashlib
import json
import shlex
from pathlib import Path

from ...outfile import write_text as write_atomic
from ..authoring.author import LIVE, Recorder, case_data, dump_case
from ..oracle.observe import AFTER_ROUND, FIELDS, OPTIONAL, ROUND_END
from ..suite.cases import SCORING_KEYS
from .fuzzrun import Finding, FuzzOptions


def finding_case(opts: FuzzOptions, players: int, finding: Finding,
                 features: frozenset[str] | None = None) -> tuple[str, str]:
    """(case id, YAML) replaying a finding: every step as the reference answers it, then
    the reference's state, the fields that differed included (the run fails where the
    engine disagreed)."""
    rec = Recorder(opts.variant, opts.options, players, finding.setup)
    for act in finding.actions:
        rec.act(act, True)
    differed = [ln.strip().split(":")[0].split("[")[0].split(".")[0]
                for ln in finding.lines[1:] if ": expected" in ln]
    # (a view's or a law's line names no field of the state: the steps replay it)
    keys = list(dict.fromkeys([*(k for k in differed if k in FIELDS + OPTIONAL), *LIVE]))
    if rec.round_over:
        keys = [k for k in keys if k in ROUND_END] or list(AFTER_ROUND)
    if features is not None and "scoring" not in features:
        keys = [k for k in keys if k not in SCORING_KEYS] or ["phase"]
    rec.check(keys)
    data = case_data(f"fuzz find: {finding.rule}", opts.variant, opts.options, players,
                     finding.setup, rec.steps, rec.features,
                     generated=generated_line(opts, players))
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:10]
    cid = f"{opts.variant}/fuzz/{digest}"
    return cid, dump_case(data, cid)


def generated_line(opts: FuzzOptions, players: int) -> str:
    """The fuzz command line that generates the run again (as a shell reads it)."""
    parts = ["rummy-spec", "conformance", "fuzz", "--engine", opts.command, "--variant",
             opts.variant_arg or opts.variant]
    for name in opts.options:
        parts += ["--option", name]
    parts += ["--players", str(players), "--seed", str(opts.seed), "--examples",
              str(opts.examples), "--steps", str(opts.steps)]
    if opts.ignore_codes:
        parts.append("--ignore-codes")
    return shlex.join(parts)


def write_finding(root: Path, opts: FuzzOptions, players: int, finding: Finding,
                  features: frozenset[str] | None = None) -> Path:
    cid, text = finding_case(opts, players, finding, features)
    path = root / f"{cid}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text, "--out")
    return path
