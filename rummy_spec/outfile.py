"""Writing output files: the whole text or nothing, and never over anything but a file.

Every command that writes files (``rulebook --output``, ``conformance run --report``,
``conformance export`` and ``generate``, ``simulate --trace``, fuzz findings) goes through
here, so that they all behave alike:

* the target is checked *before* any work starts (:func:`check_target`,
  :func:`check_directory`, :func:`make_directory` for a directory that may be made with
  its parents): a missing parent directory, a parent that is a file, a name
  too long for the file system, a directory, a symlink, a device or a FIFO given as the
  target is refused with an :class:`OutputError` naming the option and the fault;
* the text goes to a temporary file beside the target, which is then renamed over it
  (:func:`write_text`), so a reader never sees half a file and a failure leaves the old
  file as it was;
* the file gets the mode an ordinary ``open`` would give it: a new file 0666 less the
  umask (0644 under umask 022), not the 0600 of a temporary file; a file replaced keeps
  its own mode;
* a rename only ever replaces a regular file: ``--output /dev/null`` run as root must not
  replace the system's ``/dev/null`` with a regular file.

Typical use::

    target = check_target(Path(args.output), "--output")   # before the long work
    text = build_everything()
    write_text(target, text, "--output")

Callers turn :class:`OutputError` into their own error kind (a usage error on the
command line, exit 2).
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


class OutputError(ValueError):
    """An output target that cannot or must not be written; the message says why."""


def _shown(path: Path) -> str:
    from .textsafe import outside_text

    return outside_text(str(path), 120)


def _umask() -> int:
    # os.umask can only be read by setting it; set it back at once.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _parent(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def _check_parent(path: Path, what: str) -> None:
    where = f"{what} {_shown(path)}"
    parent = _parent(path)
    try:
        info = parent.stat()
    except FileNotFoundError:
        raise OutputError(f"{where}: no such directory '{_shown(parent)}'") from None
    except NotADirectoryError:
        raise OutputError(f"{where}: '{_shown(parent)}' is not a directory") from None
    except OSError as err:
        raise OutputError(f"{where}: cannot reach its directory ({_reason(err)})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{where}: '{_shown(parent)}' is not a directory")
    try:
        limit = os.pathconf(parent, "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    # The temporary file's name is the target's with a prefix and a suffix added.
    if len(os.fsencode(path.name)) + 24 > limit:
        raise OutputError(f"{where}: the file name is too long ({len(path.name)} "
                          f"characters; at most {limit - 24} here)")
    if len(os.fsencode(str(path.absolute()))) + 24 >= 4096:
        raise OutputError(f"{where}: the path is too long")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{where}: cannot write in '{_shown(parent)}' (permission denied)")


def _reason(err: OSError) -> str:
    return err.strerror or err.__class__.__name__


def check_target(path: Path, what: str = "--output") -> Path:
    """Refuse ``path`` as an output file unless it is absent or a regular file in a
    writable directory.  ``what`` names the option in the message.  Returns ``path``."""
    where = f"{what} {_shown(path)}"
    try:
        info = path.lstat()
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        raise OutputError(f"{where}: '{_shown(_parent(path))}' is not a directory") from None
    except OSError as err:
        if err.errno == 36:  # ENAMETOOLONG
            raise OutputError(f"{where}: the path is too long") from None
        raise OutputError(f"{where}: cannot look at it ({_reason(err)})") from None
    if info is not None:
        mode = info.st_mode
        if stat.S_ISLNK(mode):
            raise OutputError(f"{where}: is a symbolic link; name the file itself")
        if stat.S_ISDIR(mode):
            raise OutputError(f"{where}: is a directory")
        if not stat.S_ISREG(mode):
            kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a device"
                    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket"
                    if stat.S_ISSOCK(mode) else "not a regular file")
            raise OutputError(f"{where}: is {kind}; only a regular file is replaced")
    _check_parent(path, what)
    return path


def make_directory(path: Path, what: str) -> Path:
    """An output directory, made with its missing parents if absent; refused (an
    :class:`OutputError`) when it, or what should be its parent, is not a directory."""
    where = f"{what} {_shown(path)}"
    try:
        path.lstat()
    except FileNotFoundError:
        try:
            path.mkdir(parents=True)
        except OSError as err:
            if err.errno == 36:
                raise OutputError(f"{where}: the path is too long") from None
            raise OutputError(f"{where}: cannot create it ({_reason(err)})") from None
    except OSError:
        pass  # check_directory names the fault
    return check_directory(path, what)


def check_directory(path: Path, what: str, *, must_be_empty: bool = False) -> Path:
    """Refuse ``path`` as an output directory unless it is absent (its parent existing)
    or a real directory (empty, when ``must_be_empty``).  Returns ``path``."""
    where = f"{what} {_shown(path)}"
    try:
        info = path.lstat()
    except FileNotFoundError:
        _check_parent(path, what)
        return path
    except NotADirectoryError:
        raise OutputError(f"{where}: '{_shown(_parent(path))}' is not a directory") from None
    except OSError as err:
        if err.errno == 36:
            raise OutputError(f"{where}: the path is too long") from None
        raise OutputError(f"{where}: cannot look at it ({_reason(err)})") from None
    if stat.S_ISLNK(info.st_mode):
        raise OutputError(f"{where}: is a symbolic link; name the directory itself")
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{where}: not a directory")
    if must_be_empty and any(path.iterdir()):
        raise OutputError(f"{where}: exists and is not an empty directory")
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"{where}: cannot write in it (permission denied)")
    return path


def write_text(path: Path, text: str, what: str = "--output", *,
               keep_mode: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: a new file with the umask's
    mode, a file replaced with its own mode (``keep_mode`` is kept for callers; every
    replaced file keeps its mode).

    The target is checked again just before the rename, so a symlink or device put in
    its place meanwhile is refused too."""
    check_target(path, what)
    try:  # a file replaced keeps its mode, as one opened and rewritten would: a 0600
        mode = path.stat().st_mode & 0o7777  # file of secrets does not become 0644
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    where = f"{what} {_shown(path)}"
    parent = _parent(path)
    try:
        fd, temp = tempfile.mkstemp(dir=parent, prefix=f".{path.name[:60]}.", suffix=".tmp")
    except OSError as err:
        raise OutputError(f"{where}: cannot write there ({_reason(err)})") from None
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        check_target(path, what)
        os.replace(temp, path)
    except OutputError:
        Path(temp).unlink(missing_ok=True)
        raise
    except OSError as err:
        Path(temp).unlink(missing_ok=True)
        raise OutputError(f"{where}: cannot write it ({_reason(err)})") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def write_tree(dest: Path, fill: Callable[[Path], T], what: str) -> T:
    """Build a whole directory with ``fill(work)`` in a temporary directory beside
    ``dest`` and move it into place; ``dest`` must be absent or an empty directory.

    Nothing is left behind on failure.  The new directory gets the umask's mode."""
    check_directory(dest, what, must_be_empty=True)
    where = f"{what} {_shown(dest)}"
    try:
        work = Path(tempfile.mkdtemp(prefix=".partial-", dir=_parent(dest)))
    except OSError as err:
        raise OutputError(f"{where}: cannot write there ({_reason(err)})") from None
    try:
        os.chmod(work, 0o777 & ~_umask())
        result = fill(work)
        if dest.is_dir() and not dest.is_symlink():
            dest.rmdir()
        work.replace(dest)
    except OSError as err:
        shutil.rmtree(work, ignore_errors=True)
        raise OutputError(f"{where}: cannot write it ({_reason(err)})") from None
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return result


__all__ = ["OutputError", "check_directory", "check_target", "make_directory", "write_text",
           "write_tree"]
