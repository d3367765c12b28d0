"""The ``compliance-matrix`` directive: the committed result of ``make matrix``
(``_static/matrix/matrix.json``) drawn as the matrix's tables, so the docs build runs no
engine.  A missing or unreadable result file is a warning (an error under ``-W``)."""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rummy_spec.conformance.reporting.matrix_html import STYLE, matrix_body

logger = logging.getLogger(__name__)


class ComplianceMatrix(SphinxDirective):
    required_arguments = 1  # the result file, from the docs' root

    def run(self) -> list[nodes.Node]:
        path = Path(self.env.srcdir) / self.arguments[0]
        self.env.note_dependency(str(path))
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            logger.warning(f"compliance-matrix: cannot read {path}: {err}",
                           location=self.get_location())
            return []
        badges = str(Path(self.arguments[0]).parent / "badges") + "/"
        html = (f"<style>{STYLE}</style><div class=\"matrix\">"
                f"{matrix_body(data, badges, level=2)}</div>")
        return [nodes.raw("", html, format="html")]
