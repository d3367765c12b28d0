"""Where the terminal game's commands come from.

At a terminal, with the ``play`` extra installed, prompt_toolkit reads the line: history,
editing, and Tab completing the commands the position allows and the cards in your hand.
Anywhere else (a pipe, a file, ``TERM=dumb``, ``--plain``, no prompt_toolkit) lines are read
plainly, the standard library's ``readline`` giving editing where it can.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TextIO


class Asker(Protocol):
    """What the reader asks of the game: the words worth completing now."""

    def completions(self) -> list[str]: ...


class Input(Protocol):
    """Where lines come from: stdin, or anything that reads lines like it."""

    def readline(self) -> str: ...

    def isatty(self) -> bool: ...


class LineReader(Protocol):
    echoes: bool  # the terminal shows what was typed; otherwise the game echoes it

    def read(self, prompt: str, asker: Asker) -> str | None: ...


class PlainReader:
    """Lines from any input; at a terminal the prompt is written first."""

    def __init__(self, inp: Input, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.tty = _isatty(inp) and _isatty(out)
        self.echoes = self.tty
        if self.tty and inp is _stdin():
            with contextlib.suppress(ImportError):  # platforms without readline
                import readline  # noqa: F401  (line editing for input())

    def read(self, prompt: str, asker: Asker) -> str | None:
        if self.tty and self.inp is _stdin():
            try:
                return input(prompt)
            except (EOFError, KeyboardInterrupt):
                self.out.write("\n")
                return None
        if self.tty:
            self.out.write(prompt)
            self.out.flush()
        try:
            line = self.inp.readline()
        except KeyboardInterrupt:
            return None
        return line if line else None


class ToolkitReader:
    """prompt_toolkit's prompt, completing from what the game offers at each question."""

    echoes = True

    def __init__(self, session: Any, make_completer: Callable[[Asker], Any]) -> None:
        self.session = session
        self.make_completer = make_completer

    def read(self, prompt: str, asker: Asker) -> str | None:
        try:
            text: str = self.session.prompt(prompt, completer=self.make_completer(asker),
                                            complete_while_typing=False)
        except (EOFError, KeyboardInterrupt):
            return None
        return text


def _stdin() -> object:
    import sys

    return sys.stdin


def _isatty(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except ValueError:  # a closed stream
        return False


def reader_for(inp: Input, out: TextIO, plain: bool) -> LineReader:
    """prompt_toolkit at a real terminal when it is installed; plain lines otherwise."""
    fallback = PlainReader(inp, out)
    if plain or not fallback.tty or inp is not _stdin() or os.environ.get("TERM") == "dumb":
        return fallback
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.document import Document
    except ImportError:
        return fallback

    class GameCompleter(Completer):
        def __init__(self, asker: Asker) -> None:
            self.asker = asker

        def get_completions(self, document: Document,
                            complete_event: object) -> Iterable[Completion]:
            word = document.get_word_before_cursor(WORD=True)
            for choice in self.asker.completions():
                if choice.lower().startswith(word.lower()):
                    yield Completion(choice, start_position=-len(word))

    return ToolkitReader(PromptSession(), GameCompleter)
