"""Variant -> rulebook :class:`Page`: every section, generated from the checked model.

``build_page(library, name, options, players)`` resolves the variant (and, for the option
and parent tables, the variant with each option toggled and its parent), then writes each
section from the model alone.  Nothing here knows any variant by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from ..lang import Library, SpecError
from ..lang import model as m
from . import ambiguities, cards, claims, compare, ending, limits, melds, play, sheet
from .doc import Block, Items, Listing, Note, Page, Para, Section, code
from .holds import FAMILIES, holds
from .objective import object_of_game
from .words import Scope, join, players_text, plural


def rules_sections(scope: Scope) -> list[Section]:
    """The sections that state rules: the part of a page the comparisons read.  A rule
    family the variant does not have (wild cards, contracts, buying) gets no section: the
    page does not explain what never happens at the table."""
    v = scope.variant
    has = {"wild-cards": FAMILIES["wilds"](v), "contracts": FAMILIES["contracts"](v),
           "claiming": FAMILIES["buying"](v) or FAMILIES["rummy-call"](v)}
    sections = [
        cards.players_and_decks(scope),
        cards.card_values(scope),
        cards.wild_cards(scope) if has["wild-cards"] else None,
        melds.melds(scope),
        play.deal(scope),
        play.contracts(scope) if has["contracts"] else None,
        play.turn(scope),
        claims.claiming(scope) if has["claiming"] else None,
        claims.laying_off(scope),
        ending.going_out(scope),
        ending.exhausted_stock(scope),
        ending.scoring(scope),
        ending.end_of_game(scope),
        limits.engine_limits(scope),
    ]
    return [s for s in sections if s is not None]


def resolve(lib: Library, name: str, options: Sequence[str] = ()) -> m.Variant:
    variant, problems = lib.resolve(name, tuple(options))
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors, lib.sources)
    return variant


def build_page(lib: Library, name: str, options: Sequence[str] = (),
               players: int | None = None) -> Page:
    """The rulebook page of variant ``name`` with ``options`` on, for every player count
    (or for ``players`` only).  Raises :class:`SpecError` if the variant has errors."""
    variant = resolve(lib, name, options)
    scope = Scope.of(variant, players)
    body = rules_sections(scope)
    sections = [_overview(lib, scope)]
    parent = _parent_section(lib, scope, body)
    if parent is not None:
        sections.append(parent)
    sections += body
    sections.append(_options(lib, scope, body))
    notes = _notes(lib, variant)
    if notes is not None:
        sections.append(notes)
    sections.append(_listing(lib, variant))
    return Page(variant.title, variant.name, tuple(sections))


def _rules_page(variant: m.Variant, players: int | None) -> Page:
    counts = players if players is not None and _allows(variant, players) else None
    return Page(variant.title, variant.name, tuple(rules_sections(Scope.of(variant, counts))))


def _allows(variant: m.Variant, players: int) -> bool:
    p = variant.players
    return p.min <= players and (p.max is None or players <= p.max)


# ----- overview ---------------------------------------------------------------------------

def _overview(lib: Library, scope: Scope) -> Section:
    v = scope.variant
    file = PurePath(v.path).name
    text = (f"This page tells you how to play {v.title} (the variant {code(v.name)} of the "
            f"spec file {code(file)})")
    if v.parent is not None:
        text += f". It is written as changes to {{variant:{v.parent}}}: what differs comes first"
    blocks: list[Block] = [Para(object_of_game(v)), Para(text + ".")]
    shape = f"A game for {players_text(v)}"
    if v.contracts.rounds:
        shape += f", played over {plural(v.rounds, 'contract')}"
    if v.game.ends == "target":
        shape += (f", played as {sheet.target_words(v.game)}" if sheet.at_once(v.game)
                  else f", played to {v.game.target} points")
    if v.game.ends == "hands":
        shape += f", played over {plural(v.game.hands or 0, 'hand')}"
    blocks.append(Para(shape + "."))
    if scope.one_count:
        blocks.append(Para(f"This page is written for {plural(scope.players[0], 'player')}."))
    if v.enabled:
        titles = [f"{code(o.name)} ({o.title})" for o in v.options if o.name in v.enabled]
        blocks.append(Para(f"With the option{'s' * (len(titles) > 1)} {join(titles)} "
                           "switched on."))
    if v.sources:
        blocks.append(Para("The rule texts it follows:"))
        blocks.append(Items(tuple(dict.fromkeys(v.sources))))
    if v.unstated:
        blocks.append(Para("Rules of those texts this page does not state, and the game "
                           "here does not play (the rules language cannot say them yet):"))
        blocks.append(Items(tuple(dict.fromkeys(v.unstated))))
    return Section("Overview", "overview", tuple(blocks), compared=False)


# ----- the parent and the options ---------------------------------------------------------

def _parent_section(lib: Library, scope: Scope, body: list[Section]) -> Section | None:
    v = scope.variant
    if v.parent is None or v.parent not in lib.decls:
        return None
    parent = resolve(lib, v.parent)
    players = scope.players[0] if scope.one_count else None
    before = _rules_page(parent, players)
    after = Page(v.title, v.name, tuple(body))
    found = compare.table(before, after, parent.title, v.title)
    blocks: list[Block] = [Para(f"If you know {{variant:{v.parent}}}, these are the rules "
                                "that change; everything else on this page is the same:")]
    blocks.append(found if found is not None else Para("The rules come out the same."))
    return Section(f"How this differs from {parent.title}", "parent", tuple(blocks),
                   compared=False)


def _options(lib: Library, scope: Scope, body: list[Section]) -> Section:
    v = scope.variant
    if not v.options:
        return Section("Options", "options", (Para("This variant has no options."),),
                       compared=False)
    players = scope.players[0] if scope.one_count else None
    here = Page(v.title, v.name, tuple(body))
    blocks: list[Block] = [Para("Each option is a rule a player group may switch on. What "
                                "each one changes:")]
    for option in v.options:
        on = option.name in v.enabled
        toggled = [o for o in v.enabled if o != option.name] if on else [*v.enabled,
                                                                          option.name]
        state = "on in this page" if on else "off in this page"
        blocks.append(Para(f"{code(option.name)}: {option.title} ({state})."))
        try:
            other = resolve(lib, v.name, toggled)
        except SpecError:
            blocks.append(Para("It cannot be combined with the options switched on here."))
            continue
        page = _rules_page(other, players)
        before, after = (page, here) if on else (here, page)
        found = compare.table(before, after, "Without the option", "With the option")
        blocks.append(found if found is not None else Para("It changes nothing written "
                                                           "on this page."))
    return Section("Options", "options", tuple(blocks), compared=False)


# ----- ambiguity notes and the listing ----------------------------------------------------

def _notes(lib: Library, variant: m.Variant) -> Section | None:
    """The register entries the variant's spec and its ancestors' rely on, each only where
    it still holds for the variant as resolved (see :mod:`.holds`).  A default is judged
    against the furthest ancestor that relies on it: the variant it was chosen for."""
    chain: list[str] = []
    name: str | None = variant.name
    while name is not None and name in lib.decls and name not in chain:
        chain.append(name)
        name = lib.decls[name].parent
    relied = {n: ambiguities.relied_on(lib.sources.get(lib.decls[n].path, "")) for n in chain}
    origin: dict[str, str] = {}
    for declarer in chain:  # nearest first: a further ancestor overwrites
        for number in relied[declarer]:
            origin[number] = declarer
    found: list[Note] = []
    plain_rules: dict[str, m.Variant] = {}
    for number in _in_order(chain, relied):
        declarer = origin[number]
        if declarer not in plain_rules:
            plain_rules[declarer] = resolve(lib, declarer)
        if holds(number, variant, plain_rules[declarer]):
            own = number in relied[variant.name]
            found.append(_note(number, "" if own else declarer))
    if not found:
        return None
    blocks: list[Block] = [Para(
        "Where the rule texts disagree or say nothing, the spec follows a default from the "
        "ambiguity register. The defaults that hold for this variant as written here:"),
        *found]
    return Section("Ambiguity defaults", "ambiguities", tuple(blocks), compared=False)


def _in_order(chain: list[str], relied: dict[str, list[str]]) -> list[str]:
    """Every entry once: the variant's own first, then each ancestor's new ones."""
    return list(dict.fromkeys(n for declarer in chain for n in relied[declarer]))


def _note(number: str, inherited_from: str) -> Note:
    a = ambiguities.REGISTER.get(number)
    via = f" (taken over from {{variant:{inherited_from}}})" if inherited_from else ""
    if a is None:
        return Note(number, f"named by the spec{via}, but not in the register.")
    return Note(f"{number}, {a.games}", f"{a.question} Default: {a.default}{via}")


def _listing(lib: Library, variant: m.Variant) -> Section:
    text = lib.sources.get(variant.path, "")
    file = PurePath(variant.path).name
    blocks: list[Block] = [Para(f"The spec file {code(file)}, from which this page is made:"),
                           Listing(text.rstrip("\n") + "\n")]
    return Section("The rules as written", "listing", tuple(blocks), compared=False)
