"""The rules language: text -> parse -> settings -> checked :class:`Variant`.

The names below are imported from their modules on first use, so that importing one part
of the language (``rummy_spec.lang.data``, ``rummy_spec.lang.errors``) does not load the
parser, the builder and the checker with it.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .errors import CATALOGUE, Diagnostic, SpecError
    from .library import Library, LookupFailure, builtin_library, check_file, library_for, load
    from .model import Variant

# each name -> the module of the language that defines it
_HOME = {"CATALOGUE": "errors", "Diagnostic": "errors", "SpecError": "errors",
         "Library": "library", "LookupFailure": "library", "builtin_library": "library",
         "check_file": "library", "library_for": "library", "load": "library",
         "Variant": "model"}

__all__ = [
    "CATALOGUE",
    "Diagnostic",
    "Library",
    "LookupFailure",
    "SpecError",
    "Variant",
    "builtin_library",
    "check_file",
    "library_for",
    "load",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found once; later lookups are plain attribute reads
    return value
