"""``rummy-spec lsp``: run the language server on standard input and output.

Editors start it themselves (see editors/README.md); it needs the ``lsp`` extra
(``pip install 'rummy-spec[lsp]'``).
"""

from __future__ import annotations

import argparse

from .base import OK, Command, Outcome, UsageError


def _run(args: argparse.Namespace) -> Outcome:
    try:
        from ..lsp import main
    except ImportError as err:
        raise UsageError(f"the language server needs pygls: pip install 'rummy-spec[lsp]' "
                         f"({err})") from None
    main()
    return Outcome(OK)


def _configure(parser: argparse.ArgumentParser) -> None:
    del parser  # no options: the editor speaks the protocol on stdin and stdout


COMMAND = Command(
    name="lsp",
    help="run the language server for editors (diagnostics, hover, completion, formatting)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
