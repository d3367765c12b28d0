"""The one parser of the language, built on first use (from the on-disk cache when it
holds it) and built again when the meld kinds change.

Below both the syntax (:mod:`.syntax`, which parses with it) and the syntax errors'
wording (:mod:`.grammar_errors`, which asks it what it would accept).
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark

from . import meldkinds, parser_cache
from .grammar_source import grammar_text
from .words import WholeWords


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The one parser, built on first use (from the on-disk cache when it holds it)."""
    return parser_cache.build(grammar_text(), WholeWords())


meldkinds.on_change(parser.cache_clear)
