"""Build the browser playground into the built docs site (``make playground``).

Run after Sphinx has written ``docs/_build/html``.  It puts beside the playground page, in
``playground/_app/``: the bundled editor (CodeMirror and ``src/app.js``, by esbuild),
Pyodide's runtime from its npm package, and the wheels the page installs into Pyodide: the
project's own, built now from this checkout, and lark's (pure Python).  Nothing is fetched
from elsewhere when the page runs, so the built site works offline.

Usage: python playground/build.py [SITE]   (SITE: default docs/_build/html)
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# Pyodide's runtime: the files loadPyodide reads (the packages it can fetch are not used)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# the project's dependencies the playground needs, as pure-Python wheels (PyYAML is left
# out: no module the playground imports uses it, and it has no pure-Python wheel)
WHEELS = ("lark",)


def run(*args: str, cwd: Path = ROOT) -> None:
    subprocess.run(args, cwd=cwd, check=True)


def node_modules() -> Path:
    """``npm ci`` when the lock file is newer than the installed modules."""
    modules = HERE / "node_modules"
    stamp = modules / ".package-lock.json"
    lock = HERE / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        run("npm", "ci", "--no-audit", "--no-fund", "--silent", cwd=HERE)
    return modules


def wheels(out: Path) -> list[str]:
    """The project's wheel and its pure-Python dependencies' wheels, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
            "--no-build-isolation", "--wheel-dir", temp, str(ROOT))
        for name in WHEELS:
            version = metadata.version(name)
            run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--only-binary=:all:", "--dest", temp, f"{name}=={version}")
        found = sorted(Path(temp).glob("*.whl"))
        for wheel in found:
            if not wheel.name.endswith("-none-any.whl"):
                raise SystemExit(f"{wheel.name}: not a pure-Python wheel; Pyodide cannot "
                                 "install it from here")
            shutil.copy2(wheel, out / wheel.name)
    names = [w.name for w in found]
    (out / "wheels.json").write_text(json.dumps(names), encoding="utf-8")
    return names


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else ROOT / "docs" / "_build" / "html"
    page = site / "playground" / "index.html"
    if not page.is_file():
        print(f"playground: {page} is missing: build the docs first (make docs)",
              file=sys.stderr)
        return 1
    app = site / "playground" / "_app"
    if app.exists():
        shutil.rmtree(app)
    app.mkdir(parents=True)
    modules = node_modules()
    run(str(modules / ".bin" / "esbuild"), str(HERE / "src" / "app.js"), "--bundle",
        "--format=esm", "--minify", "--log-level=warning", f"--outfile={app / 'app.js'}")
    shutil.copy2(HERE / "src" / "app.css", app / "app.css")
    (app / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(modules / "pyodide" / name, app / "pyodide" / name)
    names = wheels(app / "wheels")
    size = sum(f.stat().st_size for f in app.rglob("*") if f.is_file())
    print(f"playground: {app} ({size // 1_000_000} MB; wheels: {', '.join(names)})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
