"""The rules language: text -> parse -> settings -> checked :class:`Variant`."""

from .errors import CATALOGUE, Diagnostic, SpecError
from .library import Library, LookupFailure, builtin_library, check_file, library_for, load
from .model import Variant

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
