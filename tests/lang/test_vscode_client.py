"""The VS Code extension's client logic against the real language server: Node runs
editors/vscode/test/client.test.js, which starts ``rummy-spec lsp`` with the options the
extension gives its language client (editors/vscode/client.js) and checks the round trips
of diagnostics, hover, completion after ``extends`` and formatting over stdio."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "editors" / "vscode"
SCRIPTS = Path(sys.executable).parent  # where this environment's rummy-spec is


@pytest.mark.skipif(shutil.which("node") is None,
                    reason="node is not installed (.ci/run installs Debian's nodejs)")
def test_the_extensions_client_talks_to_the_server() -> None:
    if not (SCRIPTS / "rummy-spec").exists():
        pytest.skip(f"no rummy-spec console script beside {sys.executable}")
    env = dict(os.environ, PATH=f"{SCRIPTS}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run(["node", "--test", "test/"], cwd=EXTENSION, env=env, text=True,
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# pass 1" in done.stdout and "# fail 0" in done.stdout, done.stdout


def test_the_extension_starts_the_language_server() -> None:
    """package.json wires the client in (main, activation, the client library), and the
    server it starts by default is the one this package installs."""
    import json

    manifest = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    assert manifest["main"] == "./extension.js"
    assert "onLanguage:rummy" in manifest["activationEvents"]
    assert "vscode-languageclient" in manifest["dependencies"]
    settings = manifest["contributes"]["configuration"]["properties"]
    assert settings["rummySpec.server.command"]["default"] == "rummy-spec"
    assert settings["rummySpec.server.args"]["default"] == ["lsp"]
    source = (EXTENSION / "extension.js").read_text(encoding="utf-8")
    assert 'require("vscode-languageclient/node")' in source and "serverOptions(" in source
