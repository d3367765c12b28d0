"""Reading small input files (skip files, spec files, case files): by type, then bounded.

A FIFO given where a file is expected blocks the first ``read`` for ever, and
``/dev/zero`` never ends; a name longer than the file system allows makes ``stat``
itself fail.  So every such file is looked at first (:func:`kind_of`, a ``stat`` that
opens nothing), refused unless it is a regular file, then opened without blocking and
checked again on the open descriptor (so a FIFO put in its place meanwhile is refused
too), and read up to a stated number of bytes, never more.

:class:`InputFileError` is an ``OSError`` whose message says what is wrong in words
("is a FIFO", "too large (5,000,000 bytes; at most 4,000,000)", "the name is too
long"); callers print it after the option or path it came from.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class InputFileError(OSError):
    """An input file that cannot or must not be read; ``str()`` says why in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(errno.EINVAL, reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def kind_of(path: Path) -> str | None:
    """What ``path`` is, without opening it: ``"file"``, ``"directory"``, another kind in
    words (``"a FIFO"``, ``"a device"``...), or None when it does not exist.  A name too
    long, a loop of links or a directory that cannot be searched is an
    :class:`InputFileError`."""
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise InputFileError("the name is too long") from None
        raise InputFileError(f"cannot look at it ({err.strerror or err})") from None
    except ValueError:  # an embedded NUL
        raise InputFileError("the name holds a NUL character") from None
    return _kind(info.st_mode)


def read_bytes(path: Path, most: int) -> bytes:
    """The bytes of a regular file of at most ``most`` bytes; anything else (absent, a
    directory, a FIFO, a device, larger) is an :class:`InputFileError`."""
    kind = kind_of(path)
    if kind is None:
        raise InputFileError("cannot read it (no such file)")
    if kind != "file":
        raise InputFileError(f"is {'a directory' if kind == 'directory' else kind}; "
                             "a regular file is needed")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise InputFileError(f"cannot read it ({err.strerror or err})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # swapped for another kind since the stat
            raise InputFileError(f"is {_kind(info.st_mode)}; a regular file is needed")
        if info.st_size > most:
            raise InputFileError(f"too large ({info.st_size:,} bytes; at most {most:,})")
        chunks: list[bytes] = []
        size = 0
        while size <= most:
            chunk = os.read(fd, min(1 << 20, most + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > most:  # grew while being read
            raise InputFileError(f"too large (more than {most:,} bytes)")
        return b"".join(chunks)
    except InputFileError:
        raise
    except OSError as err:
        raise InputFileError(f"cannot read it ({err.strerror or err})") from None
    finally:
        os.close(fd)


def read_text(path: Path, most: int) -> str:
    """:func:`read_bytes` decoded as UTF-8 (bytes that are not UTF-8: an
    :class:`InputFileError` naming the first one's offset)."""
    data = read_bytes(path, most)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputFileError(f"byte 0x{data[err.start]:02x} at offset {err.start} is not "
                             "UTF-8 text") from None


def read_stream(stream: object, most: int) -> bytes | None:
    """At most ``most`` bytes of a binary stream (standard input); None when it holds
    more, read no further than ``most + 1`` bytes."""
    read = getattr(stream, "read")  # noqa: B009 - any object with read(n)
    chunks: list[bytes] = []
    size = 0
    while size <= most:
        chunk = read(min(1 << 20, most + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return None if size > most else b"".join(chunks)


__all__ = ["InputFileError", "kind_of", "read_bytes", "read_stream", "read_text"]
