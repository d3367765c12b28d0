"""Checks of rules against rules: two that cannot both hold (E032), one that needs a rule
the variant does not state (E033), counts that must be at least 1 (E021), and contracts
that only buying could make at a player count where nobody may buy (W104)."""

from __future__ import annotations

from . import model as m
from .check_draws import check_draws
from .check_err import Err
from .check_sheet import check_sheet
from .check_stakes import check_stakes
from .check_upcard import check_upcard_rules
from .counts import minimum_cards, player_counts
from .expr import EvalError, evaluate_int


def check_rules(v: m.Variant, err: Err) -> None:
    """Rules that cannot hold together, or that need a rule the variant lacks."""
    g = v.game
    if v.knock is not None and v.contracts.rounds:
        err("E032", "knocking (Gin) and contracts cannot be combined", v.knock.span)
    if v.knock is not None and (v.players.max is None or v.players.max > 2):
        err("E032", "knocking is scored between two players: state 'players 2..2'",
            v.knock.span)
    if g.ends == "last-contract" and not v.contracts.rounds:
        err("E033", "the game ends at the last contract, but there are no contracts", g.span)
    if g.ends == "rounds" and not v.contracts.rounds:
        err("E033", "the game ends after all rounds, but there is no round schedule: state "
            "'contracts { 1: ... }' or 'game { ends at N points }'", g.span)
    if g.ends == "target" and g.target is not None and g.target <= 0:
        err("E021", f"a target of {g.target} points", g.span)
    if g.ends == "hands" and g.hands is not None and g.hands <= 0:
        err("E021", f"a game of {g.hands} hands", g.span)
    if g.ends == "hands" and g.hands_each and (v.deal.rotation != "left"
                                                or v.deal.pass_after_scored):
        err("E032", "'ends after N deals by each player' counts the deals as the deal passes "
            "to the left after every hand; 'winner deals' and 'passes only after a scored "
            "hand' keep it with one player", g.span)
    if not v.deal.upcard and v.deal.upcard_offered:
        err("E032", "there is no upcard to offer: 'no upcard' and 'first upcard offered' "
            "cannot both hold", v.deal.span)
    if v.deal.pass_after_scored and v.deal.rotation == "winner":
        err("E032", "'passes only after a scored hand' moves the deal to the left, but "
            "'winner deals' gives it to the winner (who keeps it after a dead hand)",
            v.deal.span)
    if v.knock is not None and v.knock.layoffs_by_game and not v.knock.defender_lays_off:
        err("E033", "'lay offs made by the game' needs 'defender lays off'", v.knock.span)
    if v.score.method in ("deadwood", "minus-deadwood") and v.knock is None:
        err("E033", f"'method {v.score.method.replace('-', ' ')}' scores a knock: add a "
            "'knock' section", v.score.span)
    _check_limits(v, err)
    check_upcard_rules(v, err)
    check_sheet(v, err)
    _check_buyers(v, err)
    _check_partners(v, err)
    _check_needs_meld(v, err)
    if v.turn.no_take and v.rummy_call is not None:
        err("E032", "'no taking CARDS from the pile' is not played with rummy calls (a call "
            "takes the discard)", v.turn.span)
    _check_meld_bonus(v, err)
    if v.stock.usable_taken and v.stock.empty[0] != "end-round":
        err("E032", "'usable upcard taken when empty' plays on when the stock has run out: "
            "it needs 'empty end round'", v.stock.span)
    if v.set is not None and v.set.going_out_only and v.contracts.rounds:
        err("E032", "'going out with CARDS' is not played with contracts: a go-down "
            "lays a contract, not the hand's last cards", v.set.span)
    if v.score.concealed_bonus is not None and (v.score.method != "melds"
                                                 or v.going_out.needs_meld is None):
        err("E032", "'concealed out bonus N' needs 'method melds' and 'going out { needs a "
            "meld of N }' (the meld of his own a concealed hand must hold)", v.score.span)
    if v.turn.opening_wilds_own and v.turn.opening_points is None \
            and not v.turn.opening_by_total:
        err("E032", "'first melds count wilds at their own points' needs an opening "
            "minimum ('first melds at least N points' or 'first melds by total')",
            v.turn.span)
    if v.turn.opening_by_total and v.turn.opening_points is not None:
        err("E032", "'first melds at least N points' and 'first melds by total' both set "
            "the opening: state one", v.turn.span)
    for _, points in v.turn.opening_by_total:
        if points < 1:
            err("E021", f"an opening of {points} points: it must be at least 1", v.turn.span)
    _check_pile_takes(v, err)
    check_draws(v, err)
    if v.score.low_ace is not None and not (
            v.score.method == "melds" or v.turn.opening_points is not None):
        err("E033", "'ace in a low run' values a card on the table: it needs 'method melds' "
            "or an opening by points ('first melds at least N points')", v.score.span)
    elif v.score.low_ace is not None and (v.run is None or v.deck.custom):
        err("E033", "'ace in a low run' needs runs of a standard pack", v.score.span)
    check_stakes(v, err)
    if v.stock.refill_at_once and any(s in ("end-round", "replay-extra-deck")
                                      for s in v.stock.empty):
        err("E032", "'refilled at once' refills the stock, but a step of 'empty' ends the "
            "hand: it would end while a player is in the middle of his turn", v.stock.span)
    if v.stock.dead_how == "wall" and v.knock is None:
        err("E033", "at the wall a player may only knock: add a 'knock' section", v.stock.span)
    if v.turn.knock_taken_card and not v.turn.keep_taken_card:
        err("E032", "'may knock with the card taken' relaxes 'no discarding the card taken', "
            "which is not stated", v.turn.span)
    if v.contracts.progression != "together" and g.ends == "rounds":
        err("E032", "players advance individually, so the game must end at the last contract "
            "('game { ends at last contract }')", v.contracts.span)
    if v.going_out.floating and v.going_out.by == "meld":
        err("E032", "floating players go out by discarding, but going out is by meld only",
            v.going_out.span)
    if v.score.winner_bonus and v.knock is not None:
        err("E032", "'winner bonus' scores going out, but a knock game scores the knock "
            "(use 'knock bonus' or 'gin bonus')", v.score.span)
    for count, what, span in ((v.turn.opening_points, "an opening of", v.turn.span),
                              (v.contracts.run_gap, "a gap between runs of", v.contracts.span)):
        if count is not None and count < 1:
            err("E021", f"{what} {count}: it must be at least 1", span)
    if v.set is not None and v.set.different_suits and not v.wilds.cards:
        suits = len(v.deck.colours) if v.deck.custom else 4
        if v.set.min > suits:
            err("E034", f"sets of different suits need {v.set.min} cards, but there are "
                f"only {suits} suits and no wild cards", v.set.span)
    if v.deal.first_turn_discard and v.deal.upcard_offered:
        err("E032", "the first player starts by discarding, so no upcard can be offered "
            "before his turn: 'first turn discard only' and 'first upcard offered' cannot "
            "both hold", v.deal.span)
    if v.turn.melds_per_turn is not None and v.turn.melds_per_turn < 1:
        err("E021", "melds per turn must be at least 1", v.turn.span)
    if v.turn.no_meld_turns is not None and v.turn.no_meld_turns < 1:
        err("E021", "'no melding in the first N turns each' needs N of at least 1",
            v.turn.span)
    elif v.turn.no_meld_turns is not None and v.knock is not None:
        err("E032", "'no melding in the first N turns each' holds back table play, and a "
            "knock game has none: state it without 'knock'", v.turn.span)
    for sp in v.deck.specials:
        if sp.per_deck < 1:
            err("E021", f"special card {sp.code}: {sp.per_deck} per deck", sp.span)
        if sp.acts_turned_up and sp.skip is None:
            err("E033", f"special card {sp.code}: 'acts when turned up' needs an effect on a "
                "player ('skips next player' or 'skips chosen player')", sp.span)
        elif sp.acts_turned_up and (not v.deal.upcard or v.deal.first_turn_discard):
            err("E032", f"special card {sp.code}: 'acts when turned up' needs the upcard "
                "turned before a first player who draws; 'no upcard' and 'first turn "
                "discard only' leave none to act", sp.span)


def _check_pile_takes(v: m.Variant, err: Err) -> None:
    """A card taken from the pile that must be melded at once is played with free melding
    only: the engine tells whether the card can be used by a meld or lay-off of it (or an
    opening by points: that meld with the rest of the hand's best melds), which a
    contract would not show."""
    t = v.turn
    if (t.frozen_by or t.frozen_until_melded) and not (t.whole_pile or t.pile_card_melded):
        err("E032", "a frozen pile limits how the card taken from it is melded: state "
            "'take the whole discard pile' or 'card taken from the pile melded at once'",
            t.span)
    if t.whole_pile and t.deep_take:
        err("E032", "'take the whole discard pile' and 'take deep in the discard pile' "
            "both say what a draw from the pile takes: state one", t.span)
    if t.whole_pile and (v.rummy_call is not None or v.deal.upcard_offered):
        err("E032", "'take the whole discard pile' is not played with rummy calls or the "
            "first upcard's offer, which take the upcard alone", t.span)
    if not (t.deep_take or t.pile_card_melded or t.whole_pile):
        return
    what = "'take deep in the discard pile'" if t.deep_take else \
        "'take the whole discard pile'" if t.whole_pile else \
        "'card taken from the pile melded at once'"
    if v.knock is not None:
        err("E032", f"{what} needs the card melded, but a knock game lays no melds in play",
            t.span)
    if v.contracts.rounds:
        err("E032", f"{what} is not played with contracts: the card taken must be melded "
            "at once, and going down lays a whole contract", t.span)
    if v.claim is not None:
        err("E032", f"{what} is not played with claims out of turn: a claim takes the "
            "upcard alone", t.span)


def _check_meld_bonus(v: m.Variant, err: Err) -> None:
    """``score { meld of N bonus X or Y with wilds }`` scores melds on the table: with
    ``method melds`` only, and N a meld's length (2 or more)."""
    bonus = v.score.long_meld_bonus
    if bonus is None:
        return
    if v.score.method != "melds":
        err("E032", "'meld of N bonus' scores the melds on the table: it needs 'method "
            "melds'", v.score.span)
    if bonus[0] < 2:
        err("E021", f"'meld of {bonus[0]} bonus': a meld holds at least 2 cards",
            v.score.span)


def _check_limits(v: m.Variant, err: Err) -> None:
    lim = v.limits
    for count, what in ((lim.throwbacks, "upcards thrown back"),
                        (lim.upcard_draws, "upcard draws"),
                        (lim.dead_hand_turn, "a dead hand from turn")):
        if count is not None and count < 1:
            err("E021", f"{what} {count}: the count must be at least 1", lim.span)
    if lim.run_layoff_limit is not None:
        if lim.run_layoff_limit < 1:
            err("E021", "a lay-off limit below 1 card per run end", lim.span)
        elif v.knock is None or not v.knock.defender_lays_off:
            err("E032", "a limit on lay-offs at the knock, but the defender never lays off",
                lim.span)
    if lim.gin_forced and v.knock is None:
        err("E033", "'gin forced' forces a knock: add a 'knock' section", lim.span)


def buyers(v: m.Variant, players: int) -> int:
    """How many players may buy a discard: neither the player in turn (he takes the upcard
    as his draw) nor, unless 'own discard' is stated, the player who threw it."""
    if v.claim is None:
        return 0
    return max(0, players - 1 - (0 if v.claim.own_discard else 1))


def _check_buyers(v: m.Variant, err: Err) -> None:
    """W104: a contract needs more cards than the deal lets a player meld, buying is how
    the variant means him to get them, but at some player count there is nobody who may
    buy (two players, the discarder barred from his own discard): that round can never be
    laid at that count, and the hand goes on until the stock or the turn cap ends it."""
    if v.claim is None:
        return
    empties = v.going_out.by != "discard" or v.going_out.floating
    for n in player_counts(v):
        if buyers(v, n) > 0:
            continue
        for contract in v.contracts.rounds:
            try:
                dealt = evaluate_int(v.deal.cards, n, contract.number) or 0
            except EvalError:
                return  # reported with the formulas
            meldable = dealt + 1 if (empties or contract.pat) else dealt
            need = minimum_cards(v, contract)
            if need > meldable:
                err("W104", f"round {contract.number}'s contract needs {need} cards, but at "
                    f"{n} players a player is dealt {dealt}, can meld at most {meldable}, "
                    "and nobody may buy: the player in turn takes the upcard as his draw "
                    "and its discarder may not buy it back", contract.span,
                    "raise the least player count ('players ...'), deal more cards at this "
                    "count, or let a player buy his own discard ('buy { own discard }')")
                return


def _check_partners(v: m.Variant, err: Err) -> None:
    """Partnerships need an even count of at least four players, and rules that are
    played with teams: a game won on team totals, never a seat's own progress."""
    g = v.game
    if g.partners == "none":
        return
    p = v.players
    if p.max is None or p.min < 4 or p.min % 2 or p.max % 2 or p.min != p.max:
        err("E032", f"partners {g.partners} needs one even player count of at least four "
            "(for example 'players 4')", g.span)
    if v.knock is not None:
        err("E032", "partnerships are not played with knocking", g.span)
    if g.ends == "last-contract" or v.contracts.progression != "together":
        err("E032", "partnerships are won on team totals, but players who advance "
            "through the contracts on their own are ranked seat by seat", g.span)
    if g.ties == "replay":
        err("E032", "partnerships share a tied win: 'ties replay last contract' is a "
            "seat's tie-break", g.span)
    if g.end_bonuses:
        err("E032", "the game, line and shutout bonuses are a seat's, not a team's: "
            "they are not played with partners", g.span)
    if g.games_at_once > 1:
        err("E032", "games scored at once are entered seat by seat on one sheet: they "
            "are not played with partners", g.span)


def _check_needs_meld(v: m.Variant, err: Err) -> None:
    """``going out { needs a meld of N }``: N at least 1, a meld kind that can be that
    long, and no contracts or knocking (whose going out the clause is not played with)."""
    need, o = v.going_out.needs_meld, v.going_out
    if need is None:
        return
    if need < 1:
        err("E021", f"a meld of {need} cards: it must be at least 1", o.span)
        return
    longest = [k.max for k in (v.set, v.run) if k is not None]
    if longest and all(x is not None and x < need for x in longest) and not v.more_kinds:
        err("E032", f"going out needs a meld of {need} cards, but no meld may be that long",
            o.span)
    if v.contracts.rounds or v.knock is not None:
        err("E032", "'needs a meld of N' is played in games without contracts or knocking",
            o.span)
