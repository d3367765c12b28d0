"""The turn: the upcard offer, the draw, claims out of turn, rummy calls, the discard.

Each handler checks an action and, when ``do`` is true, carries it out on a state the
caller has already cloned.  Checking and doing share one code path, so ``legal`` and
``apply`` can never disagree.
"""

from __future__ import annotations

from .. import decks
from .ending import end_round
from .melds import fits
from .reasons import OK, Verdict, no
from .rules import Rules
from .setup import rng
from .state import Action, Claim, State

# ----- the stock ------------------------------------------------------------------------


def refill_stock(rules: Rules, state: State) -> bool:
    """Handle an empty stock by the spec's ladder; False when the round has ended."""
    steps = rules.variant.stock.empty
    step = steps[min(state.exhaustions, len(steps) - 1)]
    state.exhaustions += 1
    if step == "end-round":
        end_round(rules, state, None, "stock")
        return False
    if step == "replay-extra-deck":
        end_round(rules, state, None, "replay")
        return False
    if step == "new-pack":  # the discard pile stays; a fresh pack is the stock
        pack = decks.full_deck(rules.variant, rules.players, state.extra_decks)
        rng(state.seed, "new-pack", state.deal_no, state.exhaustions).shuffle(pack)
        state.stock = pack
        return True
    below, top = state.discard[:-1], state.discard[-1:]
    owners = state.pile_owner[-1:]
    if step == "turn-over-whole":  # the top card goes too: no upcard until a discard
        below, top, owners = state.discard[:], [], []
    if step == "reshuffle-all":  # the upcard goes into the new stock too
        below, top, owners = list(state.discard), [], []
    if step in ("reshuffle", "reshuffle-all"):
        rng(state.seed, "reshuffle", state.deal_no, state.exhaustions).shuffle(below)
        state.stock = below
    else:  # turned over: the pile face down, its first card now on top
        state.stock = list(reversed(below))
    state.discard = top
    state.pile_owner = owners
    if not state.stock:
        end_round(rules, state, None, "abandoned", reason="no cards left to draw")
        return False
    return True


def draw_stock(rules: Rules, state: State, seat: int, count: int = 1) -> bool:
    for _ in range(count):
        if not state.stock and not refill_stock(rules, state):
            return False
        state.seats[seat].hand.append(state.stock.pop())
    if not state.stock and rules.variant.stock.refill_at_once and can_draw_stock(rules, state):
        refill_stock(rules, state)  # ``stock { refilled at once }``
    return True


def can_draw_stock(rules: Rules, state: State) -> bool:
    """A card to draw: in the stock, or in what the next refill makes one of (the pile
    below the upcard, the whole pile, or a fresh pack)."""
    if state.stock:
        return True
    steps = rules.variant.stock.empty
    step = steps[min(state.exhaustions, len(steps) - 1)]
    if step == "new-pack":
        return True
    whole = step in ("turn-over-whole", "reshuffle-all")
    return len(state.discard) > (0 if whole else 1)


# ----- the upcard ---------------------------------------------------------------------


def upcard_verdict(rules: Rules, state: State, player: int) -> Verdict:
    if not state.discard:
        return no("no-upcard")
    if not state.upcard_open:
        return no("upcard-closed")
    special = rules.special_of(state.discard[-1])
    if special is not None and special.never_taken:
        return no("never-taken")
    if rules.variant.turn.no_upcard_when_down and state.seats[player].down:
        return no("down-no-upcard")
    return OK


def eligible_claimants(rules: Rules, state: State, refuser: int,
                       exclude: int | None = None) -> list[int]:
    claim = rules.variant.claim
    if claim is None or not state.discard or not state.upcard_open:
        return []
    special = rules.special_of(state.discard[-1])
    if special is not None and special.never_taken:
        return []
    if len(state.stock) < claim.penalty:  # A54
        return []
    owner = state.pile_owner[-1] if state.pile_owner else -1
    allowance = rules.buy_limit_one(state.round)
    out = []
    for step in range(1, rules.players):
        p = (refuser + step) % rules.players
        seat = state.seats[p]
        if p == exclude or (p == owner and not claim.own_discard):
            continue
        if seat.down and (not claim.when_down or rules.variant.turn.no_upcard_when_down):
            continue
        if allowance is not None and seat.buys >= allowance + seat.buy_credit:
            continue  # the same test as buys_spent, the allowance looked up once
        out.append(p)
    return out


def buys_spent(rules: Rules, state: State, player: int) -> bool:
    """Has the player used every buy allowed him this round (credit carried in counted)?"""
    allowance = rules.buy_limit_one(state.round)
    seat = state.seats[player]
    return allowance is not None and seat.buys >= allowance + seat.buy_credit


def offer(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """The first upcard offered to the non-dealer, then the dealer (take or pass)."""
    if not state.offer or state.offer[0] != a.player:
        return no("no-offer")
    if a.type == "draw" and a.source != "discard":
        return no("no-offer", "the first upcard is offered: take it or pass")
    if not do:
        return OK
    if a.type == "pass":
        state.offer.pop(0)
        if not state.offer:
            state.phase = "draw"
            state.refused = True
        return OK
    state.offer = []
    state.turn = a.player
    _take_upcard(state, a.player)
    state.phase = "play"
    return OK


def _take_upcard(state: State, player: int) -> None:
    card = state.discard.pop()
    state.pile_owner.pop()
    state.seats[player].hand.append(card)
    state.taken = card


def low_stock(rules: Rules, state: State) -> str | None:
    """At the draw, with the stock down to the spec's count: "wall" or "declared" (the
    rules that change the draw); None otherwise."""
    st = rules.variant.stock
    if st.dead_at is None or st.dead_how == "discard" or len(state.stock) > st.dead_at:
        return None
    return st.dead_how


def late_turn(rules: Rules, state: State) -> bool:
    """From the spec's turn on, the player to draw may only declare the hand dead (RLCard:
    judge.py, max_move_count 200 moves, the deal and every draw and discard counted)."""
    limit = rules.variant.limits.dead_hand_turn
    return limit is not None and state.turn_no + 1 >= limit


def _without(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest


def may_knock_with(rules: Rules, hand: list[int], card: int, taken: int | None) -> bool:
    """May this card be the knock's discard, as far as the card taken goes?"""
    t = rules.variant.turn
    return not (t.keep_taken_card and not t.knock_taken_card and card == taken
                and hand.count(card) == 1)


def knock_candidates(rules: Rules, hand: list[int]) -> tuple[list[int], int]:
    """The distinct cards a knock might discard (dropping a card lowers the deadwood by at
    most its points, so hopeless ones are pruned) and the hand's own least deadwood (-1
    when every card is pruned without looking)."""
    k = rules.variant.knock
    if k is None or not hand or rules.deadwood_floor(hand) - rules.max_points > k.deadwood:
        return [], -1
    floor = rules.arrange(hand).rest_points
    points = rules.points
    return [c for c in sorted(set(hand)) if floor - points[c] <= k.deadwood], floor


def knock_possible(rules: Rules, hand: list[int], taken: int | None) -> bool:
    """Can this hand (after a draw, ``taken`` the card taken) knock with some card?"""
    k = rules.variant.knock
    return k is not None and any(
        may_knock_with(rules, hand, c, taken)
        and rules.arrange(_without(hand, c)).rest_points <= k.deadwood
        for c in knock_candidates(rules, hand)[0])


def draw(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    if a.player != state.turn:
        return no("not-your-turn")
    if late_turn(rules, state):
        return no("dead-hand-only")
    low = low_stock(rules, state)
    if a.source == "stock" and low is not None:
        return no("wall") if low == "wall" else no("low-stock")
    if a.source == "discard" and low == "wall" and state.discard and not knock_possible(
            rules, [*state.seats[a.player].hand, state.discard[-1]], state.discard[-1]):
        return no("wall-knock-only")
    if a.source == "discard":
        seat = state.seats[a.player]
        if state.refused:
            return no("upcard-refused")
        if seat.down and not seat.hand and rules.variant.going_out.floating:
            return no("floating-stock-only")  # TS: a floater draws from the stock only
        v = upcard_verdict(rules, state, a.player)
        if not v.ok:
            return v
        if do:
            limit = rules.variant.limits.upcard_draws
            if limit is not None:
                state.upcard_draws += 1
                if state.upcard_draws >= limit:  # OpenSpiel: kMaxNumDrawUpcardActions
                    end_round(rules, state, None, "dead", upcard_draws=limit)
                    return OK
            _take_upcard(state, a.player)
            state.call_on = None
            state.phase = "play"
        return OK
    if a.source != "stock":
        return no("bad-action", "draw from 'stock' or 'discard'")
    if not can_draw_stock(rules, state):
        return no("stock-empty")
    if not do:
        return OK
    state.call_on = None
    if not state.refused and upcard_verdict(rules, state, a.player).ok:
        pending = eligible_claimants(rules, state, a.player)
        if pending:
            state.refused = True
            state.claim = Claim(a.player, pending)
            state.phase = "claim"
            return OK
    state.refused = True
    if draw_stock(rules, state, a.player):
        state.phase = "play"
    return OK


def claim(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """``buy`` or ``pass`` in an open claim window."""
    window = state.claim
    if window is None:
        return no("claim-not-open")
    if a.player not in window.pending:
        if a.type == "buy" and buys_spent(rules, state, a.player):
            return no("buy-limit")
        return no("not-eligible")
    cl = rules.variant.claim
    assert cl is not None
    if cl.priority == "nearest" and window.pending[0] != a.player:
        return no("not-your-priority")
    if a.type == "buy" and len(state.stock) < cl.penalty:
        return no("stock-cannot-pay")
    if not do:
        return OK
    if a.type == "pass":
        window.pending.remove(a.player)
        if not window.pending:
            _close_claims(rules, state)
        return OK
    seat = state.seats[a.player]
    card = state.discard.pop()
    state.pile_owner.pop()
    seat.hand.append(card)
    for _ in range(cl.penalty):
        seat.hand.append(state.stock.pop())
    seat.buys += 1
    if cl.chain and state.discard:
        state.upcard_open = True
        pending = eligible_claimants(rules, state, window.refuser, exclude=a.player)
        if pending:
            state.claim = Claim(window.refuser, pending, a.player)
            return OK
    state.upcard_open = False
    _close_claims(rules, state)
    return OK


def _close_claims(rules: Rules, state: State) -> None:
    refuser = state.claim.refuser if state.claim is not None else state.turn
    state.claim = None
    if draw_stock(rules, state, refuser):
        state.phase = "play"


def call(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """A rummy call on the last discard, which could have been played on the table."""
    rc = rules.variant.rummy_call
    if rc is None or state.call_on is None or state.phase != "draw":
        return no("call-not-open")
    if a.player == state.call_on:
        return no("bad-player", "a player cannot call rummy on his own discard")
    seat = state.seats[a.player]
    if rc.penalty == "caller-discards" and (a.card is None or a.card not in seat.hand):
        return no("not-in-hand", "the caller throws one card of his own onto the pile")
    if not do:
        return OK
    offender = state.call_on
    state.call_on = None
    if rc.penalty == "caller-discards":
        assert a.card is not None
        seat.hand.remove(a.card)
        state.discard.append(a.card)
        state.pile_owner.append(a.player)
        if not seat.hand:
            end_round(rules, state, a.player, "out", by="rummy-call")
    elif rc.penalty == "gifts":
        state.seats[offender].gifts_from = [
            (offender + i) % rules.players for i in range(1, rules.players)]
    else:  # take-back: the offender takes the card back, plus penalty cards
        state.seats[offender].hand.append(state.discard.pop())
        state.pile_owner.pop()
        draw_stock(rules, state, offender, rc.take_back_extra)
    return OK


def give(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """A gift after a rummy call: ``give`` one card, or ``pass``."""
    if state.phase != "gifts" or not state.giver or state.giver[0] != a.player:
        return no("no-gift-due")
    if a.type == "give" and (a.card is None or a.card not in state.seats[a.player].hand):
        return no("not-in-hand")
    if not do:
        return OK
    state.giver.pop(0)
    if a.type == "give":
        assert a.card is not None
        state.seats[a.player].hand.remove(a.card)
        state.seats[state.turn].hand.append(a.card)
    if not state.giver:
        state.phase = "draw"
    return OK


# ----- the discard ----------------------------------------------------------------------


def _discard_turn(state: State, player: int) -> Verdict:
    if player != state.turn:
        return no("not-your-turn")
    if state.phase != "play":  # the turn starts with a draw
        return no("must-draw-first")
    return OK


def _discard_hand(rules: Rules, state: State, player: int) -> Verdict:
    """The checks of any discard by ``player`` in turn, after the draw, made before the
    card is looked at."""
    seat = state.seats[player]
    if state.must_go_down and not seat.down:
        return no("must-go-down")
    return OK


def _discard_cards(rules: Rules, state: State, player: int,
                   picks: list[tuple[int, int | None]]) -> list[Verdict]:
    """The remaining checks of discards of held cards, in order: one verdict per (card,
    Skip target) pick; what they ask of the state and the hand is looked up once."""
    seat = state.seats[player]
    hand = seat.hand
    v = rules.variant
    turn = v.turn
    keep = state.taken if turn.keep_taken_card and len(hand) > 1 else None
    wall = at_wall(rules, state)
    gin: bool | None = None if v.knock is not None and v.limits.gin_forced else False
    last_by_meld = len(hand) == 1 and v.going_out.by == "meld"
    specials = rules.special_faces
    stuck_rule = turn.no_playable_discard and bool(state.table)
    out: list[Verdict] = []
    for card, target in picks:
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
                if special.no_repeat_skips and (state.seats[target].skipped
                                                or state.seats[target].was_skipped):
                    out.append(no("bad-target",
                                  "that player was skipped and has not played since"))
                    continue
        if stuck_rule and _playable(rules, state, card) and not all(
                _playable(rules, state, c) for c in hand):  # A17: only if stuck
            out.append(no("playable-discard"))
            continue
        out.append(OK)
    return out


def legal_discards(rules: Rules, state: State, player: int,
                   candidates: list[Action]) -> list[Action]:
    """The legal ones among discard ``candidates`` of cards ``player`` holds: the checks of
    ``discard``, with those that do not depend on the card made once."""
    if not (_discard_turn(state, player).ok and _discard_hand(rules, state, player).ok):
        return []
    verdicts = _discard_cards(rules, state, player,
                              [(a.card, a.target) for a in candidates if a.card is not None])
    return [a for a, v in zip(candidates, verdicts, strict=True) if v.ok]


def discard(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    verdict = _discard_turn(state, a.player)
    if not verdict.ok:
        return verdict
    seat = state.seats[a.player]
    card = a.card
    if card is None or card not in seat.hand:
        return no("not-in-hand")
    verdict = _discard_hand(rules, state, a.player)
    if verdict.ok:
        verdict = _discard_cards(rules, state, a.player, [(card, a.target)])[0]
    if not verdict.ok:
        return verdict
    if not do:
        return OK
    v = rules.variant
    special = rules.special_of(card)
    seat.hand.remove(card)
    state.discard.append(card)
    state.pile_owner.append(a.player)
    state.upcard_open = True
    if special is not None and special.skip is not None:
        t = a.target if special.skip == "chosen" else (a.player + 1) % rules.players
        assert t is not None
        hit = state.seats[t]
        if not (special.no_repeat_skips and (hit.skipped or hit.was_skipped)):
            hit.skipped = True
    if not seat.hand:  # "rummy" if nothing was laid on an earlier turn (played_before)
        end_round(rules, state, a.player, "out", by="discard")
        return OK
    if state.played_this_turn:
        seat.played_before = True
    rc = v.rummy_call
    if rc is not None and state.table and (seat.down or not rc.only_down_offenders) \
            and _playable(rules, state, card):
        state.call_on = a.player
    throwbacks = v.limits.throwbacks
    if throwbacks is not None:  # OpenSpiel: repeated_move_ in ApplyDiscardAction
        state.throwbacks = state.throwbacks + 1 if card == state.taken else 0
        if state.throwbacks >= throwbacks:
            end_round(rules, state, None, "dead", thrown_back=throwbacks)
            return OK
    stock_rule = v.stock.dead_at
    if stock_rule is not None and v.stock.dead_how == "discard" \
            and len(state.stock) <= stock_rule:
        end_round(rules, state, None, "dead")
        return OK
    next_turn(rules, state)
    return OK


def at_wall(rules: Rules, state: State) -> bool:
    """Took the upcard at the wall: the only way on is to knock (OpenSpiel's wall).  The
    stock does not change after the draw, so a card taken with the stock at the wall
    count means the upcard was taken there."""
    st = rules.variant.stock
    return (st.dead_how == "wall" and st.dead_at is not None and state.taken is not None
            and len(state.stock) <= st.dead_at)


def gin_cards(rules: Rules, state: State, hand: list[int]) -> list[int]:
    """The cards whose knock leaves no deadwood (gin), among those the player may knock
    with; memoised on the hand."""
    if not hand or rules.deadwood_floor(hand) > rules.max_points:
        return []  # two cards fit no meld at all
    key = ("gin-cards", tuple(sorted(hand)))
    hit = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = [c for c in sorted(set(hand))
                                  if not rules.arrange(_without(hand, c)).rest]
    return [c for c in hit if may_knock_with(rules, hand, c, state.taken)]


def gin_possible(rules: Rules, state: State, hand: list[int]) -> bool:
    return bool(gin_cards(rules, state, hand))


def wall_pass(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """At the wall, ``pass``: the hand ends dead."""
    if a.player != state.turn:
        return no("not-your-turn")
    if low_stock(rules, state) != "wall":
        return no("claim-not-open")
    if do:
        end_round(rules, state, None, "dead")
    return OK


def dead_hand(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """``dead_hand``: instead of drawing with the stock low (or from the spec's late turn
    on), declare the hand dead."""
    if state.phase != "draw" or (low_stock(rules, state) != "declared"
                                 and not late_turn(rules, state)):
        return no("no-dead-hand")
    if a.player != state.turn:
        return no("not-your-turn")
    if do:
        end_round(rules, state, None, "dead", declared_by=a.player)
    return OK


def _playable(rules: Rules, state: State, card: int) -> bool:
    return any(fits(rules.melds, t.meld, card) for t in state.table)


def next_turn(rules: Rules, state: State) -> None:
    """Pass the turn to the left, over players a Skip has hit."""
    n = rules.players
    state.turn_no += 1
    if state.turn_no >= state.turn_cap:
        end_round(rules, state, None, "abandoned", reason=f"turn cap {state.turn_cap} reached")
        return
    p = (state.turn + 1) % n
    for _ in range(n):
        seat = state.seats[p]
        if not seat.skipped:
            break
        seat.skipped = False
        seat.was_skipped = True  # no repeat skips until he has played again (A44)
        p = (p + 1) % n
    state.turn = p
    state.seats[p].was_skipped = False
    state.taken = None
    state.melds_this_turn = 0
    state.refused = False
    state.played_this_turn = False
    state.must_go_down = False
    state.phase = "draw"
    seat = state.seats[p]
    if seat.gifts_from:
        state.giver = [g for g in seat.gifts_from if state.seats[g].hand]
        seat.gifts_from = []
        if state.giver:
            state.phase = "gifts"
