"""Reading YAML from outside (case files, perft files) with every path bounded.

``yaml.safe_load`` builds no objects, but it is still not safe for outside input:

* an alias repeats a node by reference, so ten aliases of ten aliases of ... ("billion
  laughs") make a document whose walk (the schema check, JSON export) never ends;
* a key written twice silently keeps the last value;
* ``rule: 2024-01-01`` becomes a ``datetime.date`` that JSON cannot hold;
* an integer of thousands of digits raises ``ValueError`` from ``int``;
* brackets nested thousands deep overflow the constructor's recursion.

:func:`load_yaml` refuses anchors and aliases, duplicate keys, integers above 18 digits,
nesting deeper than 64 and texts above 4 MB, and reads dates as the text written; every
fault is a :class:`YamlError` with the line and column.
"""

from __future__ import annotations

from typing import Any

import yaml

MOST_BYTES = 4 * 1024 * 1024
MOST_DEPTH = 64
MOST_DIGITS = 18

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.BlockSequenceStartToken, yaml.BlockMappingStartToken,
         yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)
_CLOSE = (yaml.BlockEndToken, yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)


class YamlError(ValueError):
    """YAML that is refused; the message starts with ``:LINE:COL:`` when a place is known."""


def _at(mark: Any) -> str:
    return f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""


class _Loader(_Base):  # type: ignore[misc]
    """The safe loader, stricter: no duplicate keys, no huge integers, dates as text."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:  # an unhashable key: the base loader reports it
                break
            if duplicate:
                raise YamlError(f"{_at(key_node.start_mark)}: the key '{str(key)[:40]}' is "
                                "written twice")
            seen.add(key)
        return super().construct_mapping(node, deep)


def _text(loader: Any, node: Any) -> str:
    return str(loader.construct_scalar(node))


def _int(loader: Any, node: Any) -> int:
    text = str(loader.construct_scalar(node)).replace("_", "")
    if len(text.lstrip("+-")) > MOST_DIGITS:
        raise YamlError(f"{_at(node.start_mark)}: an integer of {len(text)} digits (at most "
                        f"{MOST_DIGITS})")
    value: int = yaml.SafeLoader.construct_yaml_int(loader, node)
    return value


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _text)
_Loader.add_constructor("tag:yaml.org,2002:int", _int)


def _scan(text: str) -> None:
    depth = 0
    for token in yaml.scan(text, Loader=_Base):
        if isinstance(token, (yaml.AliasToken, yaml.AnchorToken)):
            raise YamlError(f"{_at(token.start_mark)}: anchors and aliases (& and *) are "
                            "not allowed here")
        if isinstance(token, _OPEN):
            depth += 1
            if depth > MOST_DEPTH:
                raise YamlError(f"{_at(token.start_mark)}: nested more than {MOST_DEPTH} "
                                "levels deep")
        elif isinstance(token, _CLOSE):
            depth -= 1


def load_yaml(text: str) -> Any:
    """The document in ``text``; raises :class:`YamlError` (refused) or ``yaml.YAMLError``
    (not YAML)."""
    if len(text) > MOST_BYTES:
        raise YamlError(f": too large ({len(text):,} characters; at most {MOST_BYTES:,})")
    _scan(text)
    return yaml.load(text, Loader=_Loader)


__all__ = ["MOST_BYTES", "MOST_DEPTH", "MOST_DIGITS", "YamlError", "load_yaml"]
