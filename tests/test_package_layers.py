"""The package's layers: which part of ``rummy_spec`` may import which, and no circles.

Each part (a sub-package, or a module at the top) has a layer in :data:`LAYERS`; a part
imports only parts of lower layers (or itself), whether the import is at the top of a
module, inside a function or for type checking only.  Two parts of one layer do not
import each other.  On top of that, no module may import, even late inside a function,
a module that imports it back (directly or round a longer circle): there is no module
circle, and a new one fails.

Run ``python tests/test_package_layers.py`` to print the graph between the parts.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "rummy_spec"

# Lowest first.  A part imports only the parts of the layers before its own.
LAYERS: tuple[tuple[str, ...], ...] = (
    # standard library only: escaping of outside text, the user's cache folder, the
    # cards, a seat's view as data, reading input files by type within a bound; a signal
    # handler that cuts work short at a Python line; and the package's front door (its
    # version; the API it exports is imported on first use, see FRONT_DOOR)
    ("textsafe", "usercache", "cards", "view", "infile", "interrupt", "rummy_spec"),
    ("lang", "outfile"),  # the language: grammar, model, checks; writing files whole
    ("decks", "highlight"),  # the deck functions under their first name; colouring
    ("engine",),  # the one interpreter
    ("laws",),  # the laws of a variant, from its model only: what the judges share
    ("bots", "action", "outcome", "position"),  # players; the public API's values
    ("simulate", "api", "rl"),  # games played out by bots; the public API; a variant's
    # actions and views as arrays (the research interfaces' common part)
    ("analysis", "conformance", "rulebook", "env", "openspiel"),  # balance studies, the
    # kit, the book, the PettingZoo environment and the OpenSpiel game
    ("testing",),  # the state machine: drives the kit's engines
    ("lsp_io",),  # the language server's bounded reading loop
    ("lsp",),  # the language server
    ("cli",),  # the command line
    ("playground",),  # the browser playground: runs the command line
)
# The sub-packages of the larger parts, lowest first, as LAYERS orders the parts: a module
# of one sub-package imports only from its own or from those of lower layers.  A module
# left at a part's top (``engine.game``) is a sub-part of its own name, and the part's own
# ``__init__`` is ``__init__``.  Every module of a part named here must have a sub-part.
INNER_LAYERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "engine": (("__init__",), ("melding",), ("solving",), ("records",), ("seats", "families"),
               ("dispatch",), ("game",), ("io",)),
    "conformance": (("__init__",), ("suite",), ("wire",), ("oracle",),
                    ("running", "probes", "reference_engine"), ("broken", "authoring"),
                    ("fuzzing",), ("reporting",), ("pytest_plugin",)),
}

# ``rummy_spec/__init__.py`` exports the API lazily (``rummy_spec.Game``): the one import
# that goes up, made inside a function on first use (and named for the type checker)
FRONT_DOOR = ("rummy_spec", "rummy_spec.api")



@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (the package, for a name its __init__ holds)
    line: int
    where: str  # "top", "function" or "typing"


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for n in ast.walk(node))
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    """The rummy_spec modules ``name`` imports, relative imports resolved: ``from . import
    x`` names module ``x`` where there is one, else the package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing = _typing_only(tree)

    def resolve(target: str) -> str:
        while target not in known and "." in target:
            target = target.rpartition(".")[0]
        return target

    def walk(node: ast.AST, in_function: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            targets: list[str] = []
            line = getattr(child, "lineno", 0)
            if isinstance(child, ast.Import):
                targets = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    module = ".".join(base + ([child.module] if child.module else []))
                else:
                    module = child.module or ""
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module
                           for a in child.names]
            where = "typing" if id(child) in typing else "function" if inside else "top"
            for target in targets:
                if target.split(".")[0] == "rummy_spec":
                    yield Import(name, resolve(target), line, where)
            yield from walk(child, inside)

    yield from walk(tree, False)


def graph() -> dict[str, list[Import]]:
    known = modules()
    return {name: [i for i in imports_of(name, path, known) if i.target != name]
            for name, path in known.items()}


def part(module: str) -> str:
    """``rummy_spec.engine.dispatch.core`` is part ``engine``; ``rummy_spec`` itself is its own."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "rummy_spec"


def layer_of(name: str, layers: tuple[tuple[str, ...], ...] = LAYERS) -> int:
    for i, layer in enumerate(layers):
        if name in layer:
            return i
    raise KeyError(name)


def sub_part(module: str) -> str:
    """``rummy_spec.engine.solving.search`` is sub-part ``solving`` of ``engine``;
    ``rummy_spec.engine`` itself is ``__init__``."""
    pieces = module.split(".")
    return pieces[2] if len(pieces) > 2 else "__init__"


def inner_graph(g: dict[str, list[Import]], whole: str) -> dict[tuple[str, str], list[Import]]:
    """The imports between the sub-parts of one part."""
    out: dict[tuple[str, str], list[Import]] = {}
    for found in g.values():
        for i in found:
            if part(i.source) == whole == part(i.target):
                a, b = sub_part(i.source), sub_part(i.target)
                if a != b:
                    out.setdefault((a, b), []).append(i)
    return out


def part_graph(g: dict[str, list[Import]]) -> dict[tuple[str, str], list[Import]]:
    out: dict[tuple[str, str], list[Import]] = {}
    for found in g.values():
        for i in found:
            a, b = part(i.source), part(i.target)
            if a != b:
                out.setdefault((a, b), []).append(i)
    return out


def circles(g: dict[str, list[Import]]) -> list[frozenset[str]]:
    """The strongly connected sets of modules with more than one member (Tarjan)."""
    edges = {n: sorted({i.target for i in found}) for n, found in g.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.add(w)
                if w == v:
                    break
            if len(members) > 1:
                out.append(frozenset(members))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(edges)))
    try:
        for v in sorted(edges):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return out


def report(g: dict[str, list[Import]]) -> str:
    """The graph between the parts, layer by layer: each part and what it imports."""
    parts = part_graph(g)
    lines = []
    for i, layer in enumerate(LAYERS):
        for name in layer:
            below = sorted(b for a, b in parts if a == name)
            lines.append(f"{i:2} {name:<12} -> {', '.join(below) or '(nothing)'}")
            if name in INNER_LAYERS:
                inner = inner_graph(g, name)
                for j, sub in enumerate(INNER_LAYERS[name]):
                    for s in sub:
                        under = sorted(b for a, b in inner if a == s)
                        shown = ", ".join(under) or "(nothing)"
                        lines.append(f"   {j:2} {name}.{s:<16} -> {shown}")
                named = {s for sub in INNER_LAYERS[name] for s in sub}
                for s in sorted({sub_part(m) for m in g if part(m) == name} - named):
                    lines.append(f"   ?? {name}.{s:<16} (no sub-package: not placed)")
    found = circles(g)
    lines.append("module circles: " + ("; ".join(" <-> ".join(sorted(c)) for c in found)
                                       if found else "none"))
    return "\n".join(lines)


def test_every_part_of_the_package_has_a_layer() -> None:
    g = graph()
    named = [n for layer in LAYERS for n in layer]
    assert len(named) == len(set(named))
    parts = {part(m) for m in g}
    assert parts - set(named) == set(), "give each new part a layer in LAYERS"
    assert set(named) - parts == set(), "a part in LAYERS that the package no longer has"


def test_every_import_goes_down_the_layers() -> None:
    g = graph()
    print(report(g))  # shown with -s, and on failure
    upward = [f"{i.source}:{i.line} imports {i.target} ({i.where})"
              for (a, b), found in part_graph(g).items() if layer_of(b) >= layer_of(a)
              for i in found if (i.source, i.target) != FRONT_DOOR]
    assert upward == [], "imports up or across the layers:\n" + "\n".join(upward)


def test_every_module_of_a_split_part_has_a_sub_part() -> None:
    g = graph()
    for whole, layers in INNER_LAYERS.items():
        named = [n for layer in layers for n in layer]
        assert len(named) == len(set(named))
        subs = {sub_part(m) for m in g if part(m) == whole}
        assert subs - set(named) == set(), f"give each new module of {whole} a sub-package"
        assert set(named) - subs == set(), f"a sub-part of {whole} that is no longer there"


def test_every_import_goes_down_the_inner_layers() -> None:
    g = graph()
    def placed(sub: str, layers: tuple[tuple[str, ...], ...]) -> bool:
        return any(sub in layer for layer in layers)  # (the test above names the rest)

    wrong = [f"{i.source}:{i.line} imports {i.target} ({i.where})"
             for whole, layers in INNER_LAYERS.items()
             for (a, b), found in inner_graph(g, whole).items()
             if placed(a, layers) and placed(b, layers)
             and layer_of(b, layers) >= layer_of(a, layers) for i in found]
    assert wrong == [], "imports up or across the inner layers:\n" + "\n".join(wrong)


def test_the_front_door_is_the_one_import_that_goes_up() -> None:
    """The exemption is used, and only as stated: inside a function (and for the type
    checker), never at the top, where importing the package would load the engine."""
    door = [i for i in graph()["rummy_spec"] if (i.source, i.target) == FRONT_DOOR]
    assert {i.where for i in door} == {"function", "typing"}


def test_no_module_circle() -> None:
    g = graph()
    found = circles(g)
    lines = [f"{a} -> {i.target} ({i.where}, line {i.line})"
             for c in found for a in sorted(c) for i in g[a] if i.target in c]
    assert not found, "an import circle:\n" + "\n".join(lines)


def test_the_reader_finds_what_it_must() -> None:
    """The graph's reader is itself right: a relative import, a late one, a type-only
    one, and ``from . import x`` naming a module, each read as such."""
    g = graph()

    def has(source: str, target: str, where: str) -> bool:
        return any(i.target == target and i.where == where for i in g[source])

    assert has("rummy_spec.conformance.oracle.laws", "rummy_spec.laws.turn", "top")
    assert has("rummy_spec.lang.syntax", "rummy_spec.lang.parsed_cache", "function")
    assert has("rummy_spec", "rummy_spec.api", "typing")
    assert has("rummy_spec.engine.dispatch.core", "rummy_spec.engine.families.calls", "top")
    assert circles({"a": [Import("a", "b", 1, "top")], "b": [Import("b", "a", 1, "function")],
                    "c": [Import("c", "a", 1, "top")]}) == [frozenset({"a", "b"})]


if __name__ == "__main__":
    print(report(graph()))
