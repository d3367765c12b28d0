"""Merged settings -> the :class:`Variant` model, collecting every error on the way.

``extends`` and options are resolved before this step (see ``library``): what arrives here
is one dictionary from rule key to the setting that won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import families, meldkinds
from . import model as m
from .build_reader import SECTION_MODELS, Reader, source_order
from .errors import Diagnostic
from .expr import REFERABLE, Expr, bind
from .span import BUILTIN, Span
from .syntax import RANK_WORDS, Key, RawCard, Setting

_RANK_WORDS = RANK_WORDS


def resolve_card(raw: RawCard, deck: m.Deck, r: Reader) -> m.CardClass | None:
    word = raw.word.lower()
    text = f"{raw.colour} {raw.word}" if raw.colour else raw.word
    if word in ("joker", "jokers"):
        return m.CardClass(joker=True, text="jokers", span=raw.span)
    for sp in deck.specials:
        if raw.word == sp.code:
            return m.CardClass(special=sp.code, text=sp.code, span=raw.span)
    if deck.custom:
        low, high = deck.numbers or (1, 1)
        if word.isdigit() and low <= int(word) <= high:
            return m.CardClass(rank=int(word), colour=raw.colour, text=text, span=raw.span)
        choices = f"numbers {low}..{high}" + "".join(f", {s.code}" for s in deck.specials)
        r.error("E016", f"the deck holds no card '{raw.word}' (it has {choices})", raw.span)
        return None
    rank = _RANK_WORDS.get(word)
    if rank is None:
        r.error("E016", f"no card or rank named '{raw.word}'",
                raw.span, "ranks are A 2 3 4 5 6 7 8 9 10 J Q K, or words such as 'aces', "
                "'twos', 'kings'; 'jokers'")
        return None
    kept = pack_rank(deck, rank)
    if kept is None:
        r.error("E016", f"the pack holds no card '{raw.word}': the deck leaves that rank out",
                raw.span)
        return None
    return m.CardClass(rank=kept, colour=raw.colour, text=text, span=raw.span)


def pack_rank(deck: m.Deck, rank: int) -> int | None:
    """The rank number of a French rank (ace 1 .. king 13) in the deck's pack: itself, or,
    where ranks are left out (``deck { without ... }``), its place among the ranks kept
    (None: left out)."""
    if not deck.without:
        return rank
    if rank in deck.without:
        return None
    return rank - sum(1 for gone in deck.without if gone < rank)


def _rank_of(word: str, deck: m.Deck) -> int | None:
    if deck.custom:
        return int(word) if word.isdigit() else None
    rank = _RANK_WORDS.get(word.lower())
    return None if rank is None else pack_rank(deck, rank)


def build_variant(
    name: str, title: str, parent: str | None, settings: Mapping[Key, Setting],
    options: tuple[m.OptionInfo, ...], enabled: tuple[str, ...], path: str, span: Span,
    lineage: Sequence[str] = (),
) -> tuple[m.Variant, list[Diagnostic], frozenset[str]]:
    """The model, the errors found building it, and the sections those errors left unsure.

    A section with a build error is still built from what could be read, so the meaning
    checks of every other section run too; ``check_variant`` skips the unsure ones.
    ``lineage`` names the files of the variant and its ancestors, nearest first: sources
    are listed in that order (the variant's own before its parents'), never by file name.
    """
    r = Reader(_bound(settings))
    rank = {p: i for i, p in reversed(list(enumerate((path, *lineage))))}
    sources, unstated = (tuple(s.value for _, s in sorted(
        ((k, s) for k, s in settings.items() if k[0] == kind),
        key=lambda item: (rank.get(item[1].span.path, len(rank)), *source_order(item))))
        for kind in ("source", "unstated"))
    low, high = r.get(("players",), (2, None))
    players = m.Players(low if low is not None else 2, high, r.span("players"))

    deck = _deck(r)
    wilds = _wilds(r, deck)
    kind_rules = {k.name: _kind(r, deck, k) for k in meldkinds.entries()
                  if r.get((k.name,), False)}
    deal = _deal(r, deck)
    cut = m.Cut(**r.fields("cut", m.Cut)) if r.get(("cut",), False) else None
    kinds = set(kind_rules)
    contracts = _contracts(r, kinds)
    claim = _family_rule(r, families.CLAIM) if r.get(("claim",), False) else None
    if claim is not None and not claim.claimant_waits and claim.chain:
        r.error("E038", "'claimant takes at once' with 'chain' is not played yet: the "
                "claimant's turn out of order ends with his discard, which leaves no card "
                "below the one bought open to further claims",
                r.settings[("claim", "claimant_waits")].span,
                "leave out 'chain', or let the claimant wait for his turn ('claimant waits')")
    call = (m.RummyCall(**r.fields("rummy_call", m.RummyCall))
            if r.get(("rummy_call",), False) else None)
    knock = _knock(r, rank) if r.get(("knock",), False) else None
    score = _score(r, deck)
    variant = m.Variant(
        name=name, title=title, parent=parent, sources=sources, players=players, deck=deck,
        wilds=wilds, set=kind_rules.get("set"), run=kind_rules.get("run"),
        group=kind_rules.get("group"), deal=deal, cut=cut,
        contracts=contracts, turn=_turn(r, deck),
        layoff=m.Layoff(**r.fields("layoff", m.Layoff)), swap=_swap(r, deck),
        claim=claim, rummy_call=call, going_out=m.GoingOut(**r.fields("going_out", m.GoingOut)),
        knock=knock, stock=m.Stock(**r.fields("stock", m.Stock)), score=score,
        game=m.GameEnd(**r.fields("game", m.GameEnd)),
        limits=m.EngineLimits(**r.fields("limits", m.EngineLimits)), options=options,
        enabled=enabled, path=path, span=span,
        more_kinds=tuple((k, rule) for k, rule in kind_rules.items()
                         if k not in ("set", "run", "group")),
        unstated=unstated,
    )
    r.section = ""
    r.report_unplaced()
    return variant, r.problems, frozenset(r.broken)


def _bound(settings: Mapping[Key, Setting]) -> dict[Key, Setting]:
    """The settings with every setting a formula names (``cards dealt``) bound to that
    setting's formula in this variant as resolved: a child's new deal is what its
    inherited cut target follows.  A setting that names itself stays unbound (the
    checker reports it, E036)."""
    values: dict[str, Expr] = {}
    for word, (section, name) in REFERABLE.items():
        s = settings.get((section, name))
        values[word] = s.value if s is not None else getattr(SECTION_MODELS[section](), name)
    own: dict[Key, str] = {key: word for word, key in REFERABLE.items()}
    out: dict[Key, Setting] = {}
    for key, s in settings.items():
        value = _bind_value(s.value, {w: v for w, v in values.items() if own.get(key) != w})
        out[key] = s if value is s.value else Setting(s.key, value, s.span, s.reset)
    return out


def _bind_value(value: Any, values: dict[str, Expr]) -> Any:
    if isinstance(value, (tuple, list)):
        items = [_bind_value(v, values) for v in value]
        same = all(a is b for a, b in zip(items, value, strict=True))
        return value if same else type(value)(items)
    if isinstance(value, dict):
        found = {k: _bind_value(v, values) for k, v in value.items()}
        return value if all(found[k] is value[k] for k in value) else found
    if isinstance(value, Expr):
        return bind(value, values)
    return value


def _deck(r: Reader) -> m.Deck:
    r.section = "deck"
    jokers: tuple[Expr, bool] | None = r.get(("deck", "jokers"), None)
    specials = []
    for key, s in r.take(("special",)):
        if len(key) == 2:
            specials.append(m.SpecialCard(code=str(key[1]), span=s.span, **s.value))
    fields = r.fields("deck", m.Deck)
    fields.pop("jokers", None)
    if jokers is not None:
        fields["jokers"], fields["jokers_per_deck"] = jokers
    fields["specials"] = tuple(specials)
    deck = m.Deck(**fields)
    if deck.numbers is None and (deck.colours or specials or r.has("deck", "copies")):
        where = r.span("deck", "colours") if deck.colours else (
            specials[0].span if specials else r.span("deck", "copies"))
        r.error("E035", "colours, copies and special cards belong to a custom deck, "
                "which needs 'numbers LOW..HIGH'", where)
    if deck.without and deck.numbers is not None:
        r.error("E035", "'without' leaves French ranks out of the pack; a custom deck "
                "states its numbers instead ('numbers LOW..HIGH')", r.span("deck", "without"))
    elif len(deck.without) >= 13:
        r.error("E021", "'without' leaves every rank out: the pack would hold no card",
                r.span("deck", "without"))
    if deck.numbers is not None and not deck.colours:
        r.error("E033", "a custom deck needs its colours ('colours R red and B blue ...')",
                r.span("deck", "numbers"))
    return deck


def _wilds(r: Reader, deck: m.Deck) -> m.WildRules:
    r.section = "wilds"
    if r.has("wilds", "max_per_group"):
        r.error("E032", "wild limits per group are not part of the language; limit sets or "
                "runs", r.settings[("wilds", "max_per_group")].span)
    r.used.add(("wilds", "max_per_group"))
    fields = r.fields("wilds", m.WildRules)
    raw: tuple[RawCard, ...] = fields.get("cards", ())
    cards = [resolve_card(c, deck, r) for c in raw]
    fields["cards"] = tuple(c for c in cards if c is not None)
    return m.WildRules(**fields)


def _kind(r: Reader, deck: m.Deck, kind: meldkinds.MeldKindEntry) -> Any:
    """A meld kind's rule: its settings as they are, or as its entry's builder reads them."""
    if kind.build is None:
        return kind.model(**r.fields(kind.name, kind.model))
    return kind.model(**meldkinds.resolve(kind.build)(r, deck))


def _family_rule(r: Reader, family: families.Family) -> Any:
    """A family's rule: its model's fields, and in ``more`` the values of the clauses
    declared beyond them."""
    fields = r.fields(family.name, family.model)
    own = family.own_fields()
    more = [(f, r.get((family.name, f), None)) for c in family.extra() for f in c.fields
            if f not in own and r.has(family.name, f)]
    if more:
        fields["more"] = tuple(more)
    return family.model(**fields)


def run_fields(r: Reader, deck: m.Deck) -> dict[str, Any]:
    """A run's fields: the ranks it leaves out are read as cards of the deck."""
    r.section = "run"
    fields = r.fields("run", m.RunRule)
    fields["without"] = _ranks_left_out(r, deck, fields, "runs")
    return fields


def set_fields(r: Reader, deck: m.Deck) -> dict[str, Any]:
    """A set's fields: the ranks no set is made of are read as cards of the deck."""
    r.section = "set"
    fields = r.fields("set", m.SetRule)
    fields["without"] = _ranks_left_out(r, deck, fields, "sets")
    last: list[tuple[int, str | None]] = []
    for raw in fields.get("going_out_only", ()):
        card = resolve_card(raw, deck, r)
        if card is None:
            continue
        if card.rank is None or card.rank not in fields["without"]:
            r.error("E016", f"'going out with {card.text}' names cards of a rank no set is "
                    "made of", raw.span, "leave the rank out first: 'without threes'")
            continue
        last.append((card.rank, card.colour))
    fields["going_out_only"] = tuple(last)
    return fields


def _ranks_left_out(r: Reader, deck: m.Deck, fields: dict[str, Any],
                    what: str) -> tuple[int, ...]:
    ranks: list[int] = []
    for raw in fields.get("without", ()):
        card = resolve_card(raw, deck, r)
        if card is None:
            continue
        if card.rank is None or card.colour is not None:
            r.error("E016", f"{what} leave out whole ranks, and '{card.text}' is not one",
                    raw.span, "name a rank: 'without twos'")
            continue
        ranks.append(card.rank)
    return tuple(sorted(set(ranks)))


def _deal(r: Reader, deck: m.Deck) -> m.Deal:
    fields = r.fields("deal", m.Deal)
    raw: tuple[RawCard, ...] = fields.get("upcard_covered", ())
    cards = [resolve_card(c, deck, r) for c in raw]
    fields["upcard_covered"] = tuple(c for c in cards if c is not None)
    return m.Deal(**fields)


def _knock(r: Reader, rank: Mapping[str, int]) -> m.Knock:
    """The knock section; ``deadwood by upcard`` is the ``deadwood`` setting's other value
    (so either replaces the other from a parent), and the rank limits are collected.  A
    fixed limit stated nearer than an ancestor's rank limits replaces them with the
    ancestor's limit by upcard (they refined it); the checker refuses them otherwise."""
    fields = r.fields("knock", m.Knock)
    if fields.get("deadwood") == "upcard":
        del fields["deadwood"]
        fields["deadwood_by_upcard"] = True
    limit = r.settings.get(("knock", "deadwood"))
    near = rank.get(limit.span.path, len(rank)) if limit is not None else len(rank)
    fields["upcard_deadwood"] = tuple(sorted(
        s.value for _, s in r.take(("knock", "upcard_deadwood"))
        if fields.get("deadwood_by_upcard") or rank.get(s.span.path, len(rank)) <= near))
    return m.Knock(**fields)


def _swap(r: Reader, deck: m.Deck) -> m.Swap:
    r.section = "swap"
    fields = r.fields("swap", m.Swap)
    raw: tuple[RawCard, ...] = fields.get("wilds", ())
    cards = [resolve_card(c, deck, r) for c in raw]
    fields["wilds"] = tuple(c for c in cards if c is not None)
    return m.Swap(**fields)


def _turn(r: Reader, deck: m.Deck) -> m.Turn:
    r.section = "turn"
    fields = r.fields("turn", m.Turn)
    raw: tuple[RawCard, ...] = fields.get("no_discard", ())
    cards = [resolve_card(c, deck, r) for c in raw]
    fields["no_discard"] = tuple(c for c in cards if c is not None)
    taken: tuple[RawCard, ...] = fields.get("no_take", ())
    never = [resolve_card(c, deck, r) for c in taken]
    fields["no_take"] = tuple(c for c in never if c is not None)
    freezing: tuple[RawCard, ...] = fields.get("frozen_by", ())
    frozen = [resolve_card(c, deck, r) for c in freezing]
    fields["frozen_by"] = tuple(c for c in frozen if c is not None)
    return m.Turn(**fields)


def _contracts(r: Reader, kinds: set[str]) -> m.Contracts:
    r.section = "contracts"
    fields = r.fields("contracts", m.Contracts)
    rounds: list[m.Contract] = []
    for key, s in sorted(r.take(("contracts", "round")), key=lambda kv: str(kv[0])):
        number = int(key[2])
        if s.value is None:  # ``no round N``: a child plays fewer rounds than its parent
            continue
        raw_elements, pat = s.value
        elements = []
        for count, kind, size, espan, pure in raw_elements:
            if kind not in kinds:
                r.error("E012", f"round {number} asks for a {kind}, but the variant defines "
                        f"no '{kind}' meld", espan,
                        f"add a '{kind} {{ min N }}' section, or use "
                        + " or ".join(sorted(kinds) or ["a defined kind"]))
            elements.append(m.Element(count, kind, size, espan, pure))
        rounds.append(m.Contract(number, tuple(elements), pat, s.span))
    rounds.sort(key=lambda c: c.number)
    for i, c in enumerate(rounds, start=1):
        if c.number < 1:
            r.error("E022", f"contract rounds are numbered from 1, not {c.number}", c.span)
            break
        if c.number != i:
            r.error("E022", f"contract rounds must be numbered 1, 2, 3, ...: round {i} is "
                    f"missing before round {c.number}", c.span)
            break
    fields["rounds"] = tuple(rounds)
    return m.Contracts(**fields)


def _score(r: Reader, deck: m.Deck) -> m.Score:
    r.section = "score"
    fields = r.fields("score", m.Score)
    entries: list[m.ScoreEntry] = []
    for _key, s in r.take(("score", "entry")):
        (label, pattern), points = s.value
        if label == "wild":
            entries.append(m.ScoreEntry("wild", points=points, text="wild", span=s.span))
        elif isinstance(pattern, RawCard):
            card = resolve_card(pattern, deck, r)
            if card is None:
                continue
            if card.joker:
                entries.append(m.ScoreEntry("joker", points=points, text="joker", span=s.span))
            elif card.special is not None:
                entries.append(m.ScoreEntry("special", special=card.special, points=points,
                                            text=card.special, span=s.span))
            else:
                entries.append(m.ScoreEntry("rank", low=card.rank, high=card.rank,
                                            colour=card.colour, points=points, text=card.text,
                                            span=s.span))
        else:
            lo_word, hi_word, rspan = pattern
            lo, hi = _rank_of(lo_word, deck), _rank_of(hi_word, deck)
            if lo is None or hi is None:
                bad = lo_word if lo is None else hi_word
                gone = not deck.custom and _RANK_WORDS.get(bad.lower()) in deck.without
                r.error("E016", f"the pack holds no '{bad}' (the deck leaves that rank out): "
                        f"score range {label}" if gone else
                        f"no rank named '{bad}' in score range {label}", rspan)
                continue
            if lo > hi:
                r.error("E031", f"score range {label} runs backwards", rspan)
                continue
            entries.append(m.ScoreEntry("range", low=lo, high=hi, points=points,
                                        text=f"{lo_word}..{hi_word}", span=s.span))
    fields["entries"] = tuple(entries)
    fields["upcard_times"] = tuple(sorted(s.value for _, s in r.take(("score", "upcard_times"))))
    block = r.settings.get(("score", "__block__"))
    fields["block"] = block.span if block is not None else BUILTIN
    return m.Score(**fields)
