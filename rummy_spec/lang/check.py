"""Semantic checks on a built variant: contradictions, impossible deals and contracts.

Every check runs and every fault is collected; formulas are evaluated at every allowed
player count (2..12 when the upper bound is open) and every round.
"""

from __future__ import annotations

from . import decks, families
from . import model as m
from .check_declare import check_declare
from .check_err import Err as _Err
from .check_rounds import check_schedule, formula_rounds
from .check_rules import check_rules
from .check_stakes import counts_unread
from .counts import buy_allowance, cards_out, dealt_text, minimum_cards, player_counts
from .errors import Diagnostic
from .expr import REFERABLE, EvalError, Expr, evaluate_int, refs_in, uses_players, uses_round
from .limits import check_variant_limits
from .span import Span


def check_variant(v: m.Variant, broken: frozenset[str] = frozenset()) -> list[Diagnostic]:
    """Every fault of the variant's meaning.

    ``broken`` names sections that had errors while being built (an unknown card, a deck
    without colours): checks that would only repeat those errors in other words skip them,
    and every other check runs.
    """
    out: list[Diagnostic] = []

    seen: set[tuple[str, Span]] = set()
    unsure = {getattr(getattr(v, name, None), "span", None) for name in broken}

    def err(code: str, msg: str, span: Span, hint: str = "", /) -> None:
        if span in unsure and span.line:  # about a section already reported as faulty
            return
        if span.line == 0:  # a default applies: point at the variant's name
            span = v.span
        if (code, span) not in seen:  # one report per fault, not per player count
            seen.add((code, span))
            out.append(Diagnostic(code, msg, span, hint))

    too_big = check_variant_limits(v)  # before anything builds a pack or evaluates
    if too_big:
        return too_big
    players_ok = _check_players(v, err)
    refs_ok = _check_refs(v, err)
    formulas_ok = (players_ok and refs_ok and "deck" not in broken
                   and _check_formulas(v, err))
    _check_melds(v, err, "wilds" in broken)
    _check_contracts(v, err, formulas_ok)
    if formulas_ok and "score" not in broken:
        _check_scores(v, err)
    check_rules(v, err)
    check_declare(v, err)
    families.check_clauses(v, err)
    check_schedule(v, err)
    return out


def _check_refs(v: m.Variant, err: _Err) -> bool:
    """A setting a formula names must not name itself (``deal { cards cards dealt }``):
    the builder leaves such a name unbound, and nothing that needs its value is tried."""
    ok = True
    for word, (section, name) in REFERABLE.items():
        for ref in refs_in(getattr(getattr(v, section), name)):
            if ref.value is None:
                err("E036", f"the {word} cannot be worked out from the {ref.name} itself",
                    ref.span)
                ok = False
    return ok


def _check_players(v: m.Variant, err: _Err) -> bool:
    p = v.players
    if p.min < 1:
        err("E021", "a game needs at least one player", p.span)
        return False
    # a range backwards was reported (E031) while reading it
    return p.max is None or p.min <= p.max


def _value(expr: Expr, players: int, rnd: int, what: str, err: _Err,
           positive: bool, allow_unlimited: bool = False) -> int | None:
    try:
        value = evaluate_int(expr, players, rnd)
    except EvalError as e:
        code = "E028" if "whole number" in str(e) else "E030"
        err(code, f"{what}: {e} (for {players} players"
            + (f" in round {rnd})" if rnd > 1 else ")"), expr.span)
        return None
    if value is None:
        if not allow_unlimited:
            err("E030", f"{what} cannot be 'unlimited'", expr.span)
        return None
    if positive and value <= 0:
        err("E029", f"{what} is {value} for {players} players, but must be at least 1",
            expr.span)
        return None
    if not positive and value < 0:
        err("E029", f"{what} is {value} for {players} players, which is negative", expr.span)
        return None
    return value


def _check_formulas(v: m.Variant, err: _Err) -> bool:
    ok = True
    for expr, what in ((v.deck.decks, "the number of decks"), (v.deck.jokers, "the jokers")):
        if uses_round(expr):
            err("E036", f"{what} cannot depend on the round: the pack is made once", expr.span)
            ok = False
    if not ok:
        return False
    table = decks.card_table(v.deck)

    def rounds(expr: Expr, what: str) -> range:
        # every round the game can reach (see check_rounds); a formula that does not name
        # the round has one value in every round, and every fault it has is reported once
        # (at its first round): try that round alone
        nonlocal ok
        found = formula_rounds(v, expr, what, err)
        if found is None:
            ok = False
        return found or range(0)

    # A formula that does not name the players has one value at every player count, and
    # each fault it has is reported once (at the first count that gets to it): its value
    # is worked out there and kept, and a value that is only checked is checked there.
    deal_rounds = rounds(v.deal.cards, "the cards dealt")
    limit_rounds = rounds(v.claim.limit, "the buy limit") if (
        v.claim is not None and v.claim.limit is not None) else range(0)
    target_rounds = rounds(v.cut.target, "the cut target") if v.cut is not None else range(0)
    dealt_kept: dict[int, int | None] | None = None if uses_players(v.deal.cards) else {}
    limit = v.claim.limit if v.claim is not None else None
    limit_each = limit is not None and uses_players(limit)
    target_each = v.cut is not None and uses_players(v.cut.target)
    limit_done = target_done = False
    for n in player_counts(v):
        d = _value(v.deck.decks, n, 1, "the number of decks", err, positive=True)
        j = _value(v.deck.jokers, n, 1, "the number of jokers", err, positive=False)
        if d is None or j is None:
            ok = False
            continue
        size = decks.deck_size(v, n)
        if j > 0 and table.joker is None:
            err("E032", "this custom deck has no jokers", v.deck.jokers.span)
        for rnd in deal_rounds:
            if dealt_kept is not None and rnd in dealt_kept:
                dealt = dealt_kept[rnd]
            else:
                dealt = _value(v.deal.cards, n, rnd, "the cards dealt", err, positive=True)
                if dealt_kept is not None:
                    dealt_kept[rnd] = dealt
            if dealt is None:
                ok = False
                continue
            need = cards_out(v, n, dealt)
            if need > size:
                where = v.deal.cards.span if v.deal.cards.span.line else v.players.span
                extra = (" + 1 upcard" if v.deal.upcard else "") + (
                    " + 1 for the first player" if v.deal.first_turn_discard else "")
                err("E026", f"{n} players x {dealt} cards{extra} = {need} cards, but the "
                    f"pack has {size}" + (f" (round {rnd})" if v.rounds > 1 else ""),
                    where)
        if limit is not None and (limit_each or not limit_done):
            limit_done = True
            for rnd in limit_rounds:
                _value(limit, n, rnd, "the buy limit", err, positive=False,
                       allow_unlimited=True)
        if v.cut is not None and _cut_bonus(v.cut, n, err) != 0 and (
                target_each or not target_done):
            target_done = True
            for rnd in target_rounds:
                _value(v.cut.target, n, rnd, "the cut target", err, positive=True)
    return ok


def _cut_bonus(cut: m.Cut, players: int, err: _Err) -> int:
    try:
        return evaluate_int(cut.bonus, players) or 0
    except EvalError as e:
        err("E030", f"the cut bonus {e} for {players} players", cut.bonus.span)
        return 0


def _check_melds(v: m.Variant, err: _Err, wilds_broken: bool) -> None:
    for name in v.meld_kinds():
        rule = v.kind_rule(name)
        if rule.min < 1:
            err("E021", f"a {name} needs at least one card", rule.span)
        if rule.max is not None and rule.min > rule.max:
            err("E020", f"{name}: min {rule.min} is above max {rule.max}", rule.span)
    if v.run is not None and (v.run.max is None or v.run.min <= v.run.max):
        longest = _longest_run(v)
        if v.run.min > longest:
            err("E034", f"runs need {v.run.min} cards but the ranks allow at most {longest}",
                v.run.span)
    if v.run is not None and v.run.without and len(
            [n for n in _run_stretches(v)[0] if n > 1]) > 1:
        err("E032", "leaving out these ranks would split runs into two stretches of ranks; "
            "runs may leave out only ranks at an end of their order (twos, with the ace "
            "high)", v.run.span)
    if not v.meld_kinds():
        err("E033", "the variant defines no meld kind (set, run or group)", v.span)
    w = v.wilds
    if wilds_broken:  # a wild card class that did not resolve: "no card is wild" is unsure
        return
    if w.naturals < 1:
        err("E021", f"a meld needing {w.naturals} natural cards: say 'no limits' instead",
            w.span)
    has_limits = (w.never_outnumber or w.minority or w.need_natural or w.not_adjacent_in_runs
                  or w.max_per_set is not None or w.max_per_run is not None or w.all_wild_sets
                  or w.all_wild_runs or w.all_wild_groups)
    if has_limits and not w.cards:
        err("W102", "wild-card limits are stated, but no card is wild", w.span)
    if v.swap.allowed and not w.cards:
        err("W102", "wilds may be swapped, but no card is wild", v.swap.span)


def _longest_run(v: m.Variant) -> int:
    """The most cards a run can hold: its ranks in order, cut where a rank is left out."""
    stretches, cap = _run_stretches(v)
    span = min(max(stretches, default=0), cap)
    assert v.run is not None
    if v.run.max is not None:
        span = min(span, v.run.max)
    return span


def _run_stretches(v: m.Variant) -> tuple[list[int], int]:
    """The lengths of the stretches of ranks runs may lie in, and the cap on a run's
    length (13 ranks, 14 with an ace at both ends)."""
    table = decks.card_table(v.deck)
    run = v.run
    assert run is not None
    ranks = list(range(table.low_rank, table.high_rank + 1))
    cap = len(ranks)
    if not table.custom and not run.wrap:
        if run.ace == "high":
            ranks = [*range(2, 14), 1]
        elif run.ace == "either":  # an ace at one end, or both with both_ends
            ranks = [1, *range(2, 14), 1]
            cap = 14 if run.ace_both_ends else 13
    if run.wrap and run.without:  # a ring cut open at a left-out rank
        first = ranks.index(min(run.without))
        ranks = ranks[first:] + ranks[:first]
    elif run.wrap:
        return [len(ranks)], cap
    stretches = [0]
    for rank in ranks:
        if rank in run.without:
            stretches.append(0)
        else:
            stretches[-1] += 1
    return [n for n in stretches if n], cap


def _check_contracts(v: m.Variant, err: _Err, formulas_ok: bool) -> None:
    c = v.contracts
    faulty: set[int] = set()  # rounds whose melds are themselves wrong
    longest_run = _longest_run(v) if v.run is not None and c.rounds else 0
    for contract in c.rounds:
        for e in contract.elements:
            rule = v.kind_rule(e.kind)
            if rule is None or e.count < 1 or (e.size is not None and (
                    e.size < rule.min or (rule.max is not None and e.size > rule.max)
                    or (e.kind == "run" and e.size > longest_run))):
                faulty.add(contract.number)
            if rule is None:
                continue  # reported as E012 while building
            if e.count < 1:
                err("E021", f"round {contract.number}: a count of {e.count} {e.kind}s", e.span)
            if e.size is not None and e.size < rule.min:
                err("E023", f"round {contract.number}: a {e.kind} of {e.size} is shorter than "
                    f"the {rule.min} a {e.kind} needs", e.span)
            if e.size is not None and rule.max is not None and e.size > rule.max:
                err("E024", f"round {contract.number}: a {e.kind} of {e.size} is longer than "
                    f"the {rule.max} a {e.kind} may hold", e.span)
            if (e.kind == "run" and v.run is not None and e.size is not None
                    and e.size > longest_run):
                err("E034", f"round {contract.number}: a run of {e.size} is impossible "
                    f"(at most {longest_run} ranks)", e.span)
    if formulas_ok:
        _check_reachable(v, err)
        _check_small_deals(v, err, faulty)
    if c.rounds and c.count != "any":  # (``more melds of any kind`` uses every kind)
        used = {e.kind for contract in c.rounds for e in contract.elements}
        for kind in v.meld_kinds():
            if kind not in used:
                rule = v.kind_rule(kind)
                assert rule is not None
                err("W101", f"the {kind} kind is defined but no contract asks for one "
                    "(it can still take lay-offs and extra melds)", rule.span)


def _check_reachable(v: m.Variant, err: _Err) -> None:
    for contract in v.contracts.rounds:
        need = minimum_cards(v, contract)
        for n in player_counts(v):
            try:
                dealt = evaluate_int(v.deal.cards, n, contract.number) or 0
            except EvalError:
                return
            holds = dealt + 1  # after the draw
            if need <= holds:
                continue
            if v.claim is None:
                err("E025", f"round {contract.number} needs {need} cards, but a player holds "
                    f"at most {holds} after drawing and the variant has no buying", contract.span)
                break
            per_buy = 1 + v.claim.penalty
            limit = None
            if v.claim.limit is not None:
                try:
                    limit = buy_allowance(v, n, contract.number)
                except EvalError:
                    return
            if limit is not None and holds + limit * per_buy < need:
                err("E025", f"round {contract.number} needs {need} cards; a player holds "
                    f"{holds} after drawing and at most {holds + limit * per_buy} with "
                    f"{limit} buy(s)", contract.span)
                break


def _check_small_deals(v: m.Variant, err: _Err, faulty: set[int]) -> None:
    """W103: rounds whose contract needs more cards than a player can meld without buying.

    After the draw a player holds one card more than dealt; when going out needs a discard
    (and the round is not pat) one of them must stay in hand.  A round needing more than
    that waits on buys; without buying at all it is E025 instead.
    """
    if v.claim is None:
        return
    needed = False
    needs = {contract.number: minimum_cards(v, contract) for contract in v.contracts.rounds
             if contract.number not in faulty}
    for n in player_counts(v):
        short: list[str] = []
        for contract in v.contracts.rounds:
            if contract.number in faulty:
                continue
            try:
                dealt = evaluate_int(v.deal.cards, n, contract.number) or 0
            except EvalError:
                return
            empties = contract.pat or v.going_out.by != "discard" or v.going_out.floating
            meldable = dealt + 1 if empties else dealt
            need = needs[contract.number]
            if need > meldable:
                short.append(f"round {contract.number} needs {need}" if not short
                             else f"round {contract.number} {need}")
        if short and v.claim.needed_for_contracts:
            needed = True
            continue
        if short:
            where = v.deal.cards.span if v.deal.cards.span.line else v.contracts.rounds[0].span
            listed = ", ".join(short[:-1]) + (" and " if len(short) > 1 else "") + short[-1]
            must_discard = v.going_out.by == "discard" and not v.going_out.floating
            most = ("can meld no more than that (the card drawn makes up for the one kept "
                    "to discard)" if must_discard else "holds one card more after drawing")
            err("W103", f"{listed} cards, but a player is dealt {dealt_text(v, n)} and "
                f"{most}", where,
                "these contracts can be made only by buying: if that is meant, say so with "
                "'buy { needed for contracts }'; else deal more cards")
            return
    if v.claim.needed_for_contracts and not needed:
        err("W103", "'needed for contracts' is stated, but every contract can be made "
            "without buying", v.claim.span)


def _check_scores(v: m.Variant, err: _Err) -> None:
    if counts_unread(v):
        return
    table = decks.card_table(v.deck)
    points = decks.face_points(v)
    held = decks.faces_in_pack(v, max(player_counts(v)))
    missing = [table.text(code) for code, p in enumerate(points) if p is None and code in held]
    if missing:
        shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
        err("E027", f"no score for {shown}", v.score.block,
            "add score entries such as '2..10: pip', 'J..K: 10', 'joker: 25'")
