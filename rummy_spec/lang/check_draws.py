"""Checks of the rules of a pack without some ranks and of Conquian's way of play: the card
drawn from the stock melded at once or discarded (``turn { card drawn from the stock
melded at once or discarded }``), the empty hand that plays on (``going out { empty hand
plays on }``) and the hand that is dead when the stock runs out (``stock { empty hand
dead }``).  Each clause the engine plays only with some rules refuses the others."""

from __future__ import annotations

from . import model as m
from .check_err import Err


def check_draws(v: m.Variant, err: Err) -> None:
    _check_short_pack(v, err)
    t = v.turn
    if t.stock_card_melded:
        what = "'card drawn from the stock melded at once or discarded'"
        if v.knock is not None:
            err("E032", f"{what} needs the card melded, but a knock game lays no melds in "
                "play", t.span)
        if v.contracts.rounds:
            err("E032", f"{what} is not played with contracts: going down lays a whole "
                "contract, not the card drawn", t.span)
        if v.claim is not None:
            err("E032", f"{what} is not played with claims out of turn: a claim takes a "
                "card into the hand", t.span)
        if v.deal.first_turn_discard:
            err("E032", f"{what}: the first player starts by discarding, with a card dealt "
                "him instead of one drawn ('no upcard' deals it; 'no upcard turned' does "
                "not)", v.deal.span)
    out = v.going_out
    if out.empty_plays_on:
        if out.by != "meld":
            err("E033", "'empty hand plays on' keeps a player in after he discards his last "
                "card: it needs 'by meld' (a discard never goes out)", out.span)
        if out.floating:
            err("E032", "'empty hand plays on' and 'floating' cannot both hold: one goes out "
                "only by a meld, the other only by a discard", out.span)
        if v.knock is not None or v.contracts.rounds:
            err("E032", "'empty hand plays on' is played with free melding only (no knock, "
                "no contracts)", out.span)
    if v.layoff.own_only and v.knock is not None:
        err("E032", "'on own melds only' is a rule of lay-offs in play, but a knock game's "
            "only lay-offs are the defender's, on the knocker's melds", v.layoff.span)
    if "hand-dead" in v.stock.empty and v.stock.refill_at_once:
        err("E032", "'refilled at once' refills the stock, but 'empty hand dead' ends the "
            "hand when it runs out", v.stock.span)


def _check_short_pack(v: m.Variant, err: Err) -> None:
    """A pack without some ranks numbers the ranks kept one after another (so 7 and J
    follow one another); the engine's ace-high runs count the ace above a 13th rank, and
    a rank's knock limit names a French rank, so both are refused with it."""
    if not v.deck.without:
        return
    run = v.run
    if run is not None and (run.ace != "low" or run.wrap or run.ace_both_ends):
        err("E032", "runs with the ace high or around the corner are not played with ranks "
            "left out of the pack ('without'): state 'ace low'", run.span)
    if v.knock is not None and v.knock.upcard_deadwood:
        err("E032", "'upcard RANK deadwood N' is not played with ranks left out of the pack "
            "('without')", v.knock.span)
