"""The discard, which ends the turn: which cards may go (the card just taken, kept cards,
the wall, gin that must be gone, a Skip and its target, a playable card), and what it
sets off (a Skip, going out by discarding, a rummy call open, a hand ended dead)."""

from __future__ import annotations

from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import PLAYING, Move, State
from . import turnorder
from .ending import end_round
from .knocking import gin_possible
from .outrule import out_ok, table_of
from .plans import GO, Go
from .tableplay import fits_on, playable_by, stock_card_pending


def _discard_turn(state: State, player: int) -> Verdict:
    if player != state.hand.turn:
        return no("not-your-turn")
    if state.hand.phase not in PLAYING:  # the turn starts with a draw
        return no("must-draw-first")
    return OK


def _discard_hand(rules: Rules, state: State, player: int) -> Verdict:
    """The checks of any discard by ``player`` in turn, after the draw, made before the
    card is looked at."""
    seat = state.hand.seats[player]
    if state.hand.must_go_down and not seat.down:
        return no("must-go-down")
    if state.hand.must_meld is not None and not stock_card_pending(rules, state):
        return no("must-meld-taken")
    if len(seat.hand) == 1:  # a discard that goes out (``going out { needs a meld }``)
        return out_ok(rules, player, 0, table_of(state))
    return OK


def _any_card_goes(rules: Rules, state: State, hand: list[int]) -> bool:
    """None of the checks of :func:`_discard_cards` can refuse a card of this hand: no
    card taken to keep, no kept faces, no wall, no gin to go, no last card to meld, no
    special cards, no playable-discard rule (most turns of most variants)."""
    v = rules.variant
    turn = v.turn
    return not (
        (turn.keep_taken_card and state.hand.taken is not None and len(hand) > 1)
        or (rules.kept_faces and len(hand) > 1) or rules.specials
        or (v.knock is not None and v.limits.gin_forced)
        or (len(hand) == 1 and v.going_out.by == "meld" and not v.going_out.empty_plays_on)
        or state.hand.must_meld is not None
        or (turn.no_playable_discard and state.hand.table) or at_wall(rules, state))


def _discard_cards(rules: Rules, state: State, player: int,
                   picks: list[tuple[int, int | None]]) -> list[Verdict]:
    """The remaining checks of discards of held cards, in order: one verdict per (card,
    Skip target) pick; what they ask of the state and the hand is looked up once."""
    seat = state.hand.seats[player]
    hand = seat.hand
    v = rules.variant
    turn = v.turn
    keep = state.hand.taken if turn.keep_taken_card and len(hand) > 1 else None
    wall = at_wall(rules, state)
    gin: bool | None = None if v.knock is not None and v.limits.gin_forced else False
    last_by_meld = (len(hand) == 1 and v.going_out.by == "meld"
                    and not v.going_out.empty_plays_on)
    # the card drawn from the stock, not yet used: it is the only card to discard
    drawn = state.hand.must_meld if stock_card_pending(rules, state) else None
    specials = rules.special_faces
    stuck_rule = turn.no_playable_discard and bool(state.hand.table)
    playable: dict[int, bool] = {}  # per face: can it be laid off on the table?
    every: list[bool] = []  # once asked: is every held card playable?

    def can_play(c: int) -> bool:
        hit = playable.get(c)
        if hit is None:
            hit = playable[c] = _playable(rules, state, c, player)
        return hit

    out: list[Verdict] = []
    for card, target in picks:
        if drawn is not None and card != drawn:
            out.append(no("stock-card-first", f"discard {rules.table.text(drawn)}, or meld "
                          "it first"))
            continue
        if card == keep and hand.count(card) == 1:  # with no other card left, it may go
            out.append(no("keep-taken-card"))
            continue
        if card in rules.kept_faces and len(hand) > 1:
            out.append(no("card-never-discarded"))
            continue
        if wall:
            out.append(no("wall-knock-only"))
            continue
        if gin is None:
            gin = gin_possible(rules, state, hand)
        if gin:
            out.append(no("must-go-gin"))
            continue
        if last_by_meld:
            out.append(no("must-go-out-by-meld"))
            continue
        special = specials[card]
        if special is not None:
            if len(hand) == 1 and special.not_last_card:
                out.append(no("skip-last-card"))
                continue
            if special.skip == "chosen":
                if target is None or not 0 <= target < rules.players or target == player:
                    out.append(no("bad-target", "name the player the Skip hits"))
                    continue
                if special.no_repeat_skips and (state.hand.seats[target].skipped
                                                or state.hand.seats[target].was_skipped):
                    out.append(no("bad-target",
                                  "that player was skipped and has not played since"))
                    continue
        if stuck_rule and can_play(card):  # A17: only if stuck
            if not every:  # a bought-up hand of forty cards: asked once, not per discard
                every.append(all(can_play(c) for c in hand))
            if not every[0]:
                out.append(no("playable-discard"))
                continue
        out.append(OK)
    return out


def legal_discards(rules: Rules, state: State, player: int,
                   candidates: list[Move]) -> list[Move]:
    """The legal ones among discard ``candidates`` of cards ``player`` holds: the checks of
    ``discard``, with those that do not depend on the card made once."""
    if not (_discard_turn(state, player).ok and _discard_hand(rules, state, player).ok):
        return []
    if _any_card_goes(rules, state, state.hand.seats[player].hand):
        return candidates
    verdicts = _discard_cards(rules, state, player,
                              [(a.card, a.target) for a in candidates if a.card is not None])
    return [a for a, v in zip(candidates, verdicts, strict=True) if v.ok]


def check_discard(rules: Rules, state: State, a: Move) -> Verdict | Go:
    verdict = _discard_turn(state, a.player)
    if not verdict.ok:
        return verdict
    seat = state.hand.seats[a.player]
    card = a.card
    if card is None or card not in seat.hand:
        return no("not-in-hand")
    verdict = _discard_hand(rules, state, a.player)
    if verdict.ok:
        verdict = _discard_cards(rules, state, a.player, [(card, a.target)])[0]
    return verdict if not verdict.ok else GO


def discard(rules: Rules, state: State, a: Move, plan: Go) -> None:
    """The card goes onto the pile; a Skip hits, the hand ends or the turn passes."""
    v, seat, card = rules.variant, state.hand.seats[a.player], a.card
    assert card is not None
    special = rules.special_of(card)
    seat.hand.remove(card)
    state.hand.discard.append(card)
    state.hand.pile_owner.append(a.player)
    state.hand.upcard_open = True
    state.hand.claimed = False
    if special is not None and special.skip is not None:
        t = a.target if special.skip == "chosen" else (a.player + 1) % rules.players
        assert t is not None
        hit = state.hand.seats[t]
        if not (special.no_repeat_skips and (hit.skipped or hit.was_skipped)):
            hit.skipped = True
    if state.hand.must_meld == card:  # the card drawn from the stock, passed
        state.hand.must_meld = None
    if not seat.hand and v.going_out.empty_plays_on:  # stays in, to go out by a meld
        seat.played_before = seat.played_before or state.hand.played_this_turn
        turnorder.next_turn(rules, state)
        return
    if not seat.hand:  # "rummy" if nothing was laid on an earlier turn (played_before)
        end_round(rules, state, a.player, "out", by="discard")
        return
    if state.hand.played_this_turn:
        seat.played_before = True
    rc = v.rummy_call
    if rc is not None and state.hand.table and (
            not rc.only_down_offenders or rules.is_down(state, a.player)) \
            and _playable(rules, state, card):
        state.hand.call_on = a.player
    throwbacks = v.limits.throwbacks
    # the engine limit on throwbacks (OpenSpiel's gin): turns in a row ended by throwing
    # back the upcard just taken; the hand is dead at the limit
    if throwbacks is not None:
        state.hand.throwbacks = state.hand.throwbacks + 1 if card == state.hand.taken else 0
        if state.hand.throwbacks >= throwbacks:
            end_round(rules, state, None, "dead", thrown_back=throwbacks)
            return
    stock_rule = v.stock.dead_at
    if stock_rule is not None and v.stock.dead_how == "discard" \
            and len(state.hand.stock) <= stock_rule:
        end_round(rules, state, None, "dead")
        return
    turnorder.next_turn(rules, state)


def at_wall(rules: Rules, state: State) -> bool:
    """Took the upcard at the wall: the only way on is to knock (OpenSpiel's wall).  The
    stock does not change after the draw, so a card taken with the stock at the wall
    count means the upcard was taken there."""
    st = rules.variant.stock
    return (st.dead_how == "wall" and st.dead_at is not None and state.hand.taken is not None
            and len(state.hand.stock) <= st.dead_at)


def _playable(rules: Rules, state: State, card: int, player: int | None = None) -> bool:
    """Does ``card`` fit a meld on the table (with ``player`` named: a meld he may lay
    off on, his own under ``lay off { on own melds only }``)?"""
    if player is None:
        return any(fits_on(rules, t.meld, card) for t in state.hand.table)
    return playable_by(rules, player, card, table_of(state))
