"""Fixtures for the docs tests: the CLI in-process, and one Sphinx build per session."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from docs_support import DOCS, ROOT, Build, Cli, Result

from rummy_spec.cli import main


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    def run(*args: str) -> Result:
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture(scope="session")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> Build:
    out = tmp_path_factory.mktemp("docs")
    command = [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", "html",
               "-d", str(out / "doctrees"), str(DOCS), str(out / "html")]
    # few bot games for the figures: the test is of the site, not of the figures' numbers
    env = {**os.environ, "RUMMY_DOCS_PLAYS": "3,600"}
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300,
                          env=env)
    return Build(done.returncode, done.stdout + done.stderr, out / "html")
