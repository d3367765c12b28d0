"""``--help`` in plain text: the commands' descriptions are their module docstrings,
written in reStructuredText for the API docs; a terminal shows them without the markup.
"""

from __future__ import annotations

import argparse
import re

_ROLE = re.compile(r":[a-z]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`")
_LITERAL = re.compile(r"``([^`]+)``")
_EMPHASIS = re.compile(r"(?<![\w*])\*{1,2}([^*\n]+?)\*{1,2}(?![\w*])")


def plain(text: str) -> str:
    """reST inline markup removed: ``x`` -> x, :class:`~a.B` -> B, *x* -> x, and a
    literal block's ``::`` -> ``:``."""
    text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text)
    text = _LITERAL.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return re.sub(r"::(\s)", r":\1", text)


def plain_parser(parser: argparse.ArgumentParser) -> None:
    """The parser's description and every argument's help in plain text, and so for
    every subcommand's parser below it."""
    if parser.description:
        parser.description = plain(parser.description)
    for action in parser._actions:
        if isinstance(action.help, str):
            action.help = plain(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if isinstance(choice.help, str):
                    choice.help = plain(choice.help)
            for sub in dict.fromkeys(action.choices.values()):
                plain_parser(sub)
