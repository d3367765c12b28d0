"""Sphinx configuration for the rummy-spec docs (built by ``make docs`` with ``-W``)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

from rummy_spec import __version__  # noqa: E402

project = "rummy-spec"
author = "the rummy-spec developers"
copyright = "the rummy-spec developers"
release = __version__
version = __version__

extensions = ["myst_parser", "rummy_docs"]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# reasons.md is part of the implementer guide (included there), not a page of its own.
exclude_patterns = ["_build", "reasons.md", "Thumbs.db", ".DS_Store"]

# Every reference must resolve: a broken internal link is a warning, and -W an error.
nitpicky = True

myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

highlight_language = "none"
pygments_style = "friendly"

html_theme = "furo"
html_title = f"rummy-spec {release}"
html_static_path = ["_static"]
html_css_files = ["rummy.css"]
