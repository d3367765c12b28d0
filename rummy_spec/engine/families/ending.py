"""The end of a round and of the game: scoring by the spec's table, progression, winner.

Rounds are dealt on at once: the round's result is kept in ``state.game.results``.
"""

from __future__ import annotations

from ..records.rules import Rules
from ..records.state import Ending, RoundResult, Seat, SeatRecord, State
from ..records.teams import team, team_totals
from ..solving.solver import solve
from . import sheet
from .meldpoints import laid_points, long_meld_bonus
from .schedule import current_contracts
from .setup import deal
from .stakes import dealt_winners, drawn_before, paid_by_each, stake_round


def hand_scores(rules: Rules, state: State) -> list[int]:
    """What each hand counts against its holder: its cards' points; with ``score { losers
    lay out their hands }`` a hand not yet down counts only the cards outside its best
    arrangement that makes the player's contract, all of them where none does."""
    if not rules.variant.score.losers_meld:
        return [rules.hand_points(s.hand) for s in state.hand.seats]
    return [shown_points(rules, state, i) for i in range(rules.players)]


def shown_points(rules: Rules, state: State, player: int) -> int:
    """The points of a hand laid out at the end (``losers lay out their hands``)."""
    seat = state.hand.seats[player]
    full = rules.hand_points(seat.hand)
    if seat.down or not seat.hand:
        return full
    c = rules.variant.contracts
    best = [s.rest_points for contract in current_contracts(rules, state, player)
            if (s := solve(rules.melds, seat.hand, contract, count=c.count,
                           size="minimum" if contract.pat else c.size,
                           same_suit_runs=c.same_suit_runs, run_gap=c.run_gap,
                           distinct_set_ranks=c.distinct_set_ranks,
                           points=rules.points)) is not None]
    return min(best, default=full)


def end_round(rules: Rules, state: State, winner: int | None, ending: Ending,
              scores: list[int] | None = None, **details: object) -> None:
    """Score the round, advance contracts, then end the game or deal the next round."""
    v = rules.variant
    held = hand_scores(rules, state)
    if scores is None and v.score.method == "stakes":
        winner, scores = stake_round(rules, winner, ending, held, details)
    if scores is None:
        scores = _scores(rules, state, winner, ending, held)
    times = upcard_times(rules, state)
    if v.score.drawn_add_stake and winner is not None:  # the pool of the drawn hands
        times *= 1 + drawn_before(state.game.results)
    if times != 1:  # ``score { upcard spades doubles }``: the whole hand's score
        scores = [s * times for s in scores]
    if v.score.zero_sum:  # each player's points are won from the others
        total = sum(scores)
        scores = [2 * s - total for s in scores]
    if v.game.games_at_once > 1:  # the hand goes onto the sheet of games scored at once
        details = {**details, "games": [g + 1 for g in sheet.enter(rules, state, winner,
                                                                   scores)]}
    else:
        for record, pts in zip(state.game.seats, scores, strict=True):
            record.total += pts
    if winner is not None:
        state.game.seats[winner].hands_won += 1
    state.game.results.append(RoundResult(state.game.round, scores, winner, ending,
                                          {"held": held, **details}))
    replay = ending == "replay"
    if rules.has_contracts and not replay:
        for seat, record in zip(state.hand.seats, state.game.seats, strict=True):
            if seat.made:
                number = _contract_number(rules, state, seat, record)
                if number not in record.completed:
                    record.completed.append(number)
                record.contract += 1
    if _game_over(rules, state, ending):
        return
    if state.game.deal_no >= state.game.deal_cap:
        state.game.abandoned = True
        state.hand.phase = "game-over"
        return
    # a tie-break hand of contracts played together replays the last round's contract
    # (``ties replay last contract``): the round stays the last one, whose contract, deal
    # and buy limit it plays again
    tie_break = bool(state.game.contenders) and not rules.individual
    if not replay and ending not in ("dead",) and not tie_break:
        state.game.round += 1
    if v.deal.rotation == "winner":
        if winner is not None:
            state.game.dealer = winner
    elif v.deal.pass_after_scored and winner is None:
        pass  # a hand nobody scored (a dead hand) keeps its dealer
    else:
        state.game.dealer = (state.game.dealer + 1) % rules.players
    if ending == "replay":
        state.game.extra_decks += 1
    deal(rules, state)
    settle_dealt_win(rules, state)


def upcard_times(rules: Rules, state: State) -> int:
    """How many times over this hand scores: the factor stated for the suit of its first
    upcard (Oklahoma Gin: a spade doubles the hand), else 1."""
    up = state.hand.first_upcard
    if up is None or not rules.variant.score.upcard_times:
        return 1
    return dict(rules.variant.score.upcard_times).get(rules.table.faces[up].suit or "", 1)


def _contract_number(rules: Rules, state: State, seat: Seat, record: SeatRecord) -> int:
    if not rules.individual:
        return state.game.round
    return seat.down_contract if seat.down_contract else record.contract + 1


def _scores(rules: Rules, state: State, winner: int | None, ending: Ending,
            held: list[int]) -> list[int]:
    method = rules.variant.score.method
    n = rules.players
    cap = rules.variant.score.cap
    if cap is not None:  # ``hand counts at most N``: no hand costs its holder more
        held = [min(h, cap) for h in held]
    if ending == "dead" and method == "minus-deadwood":  # every player loses his deadwood
        return [-rules.arrange(s.hand).rest_points for s in state.hand.seats]
    if ending in ("dead", "abandoned", "replay"):
        return [0] * n
    if method == "collect":
        out = [0] * n
        if winner is not None:  # partners pay each other nothing
            mates = team(rules.variant.game.partners, n, winner)
            total = sum(p for i, p in enumerate(held) if i not in mates)
            if rules.variant.score.rummy_doubles and not state.hand.seats[winner].played_before:
                total *= 2
            out[winner] = total
    elif method == "melds":  # each player's cards on the table for him, his hand against
        laid = table_points(rules, state)
        out = [laid[i] - held[i] for i in range(n)]
    else:
        out = [0 if i == winner else held[i] for i in range(n)]
    if winner is not None:  # ``score { winner bonus N }``, or going out concealed
        out[winner] += concealed_bonus(rules, state, winner) if ending == "out" and \
            concealed(rules, state, winner) else rules.variant.score.winner_bonus
    return out


def concealed_bonus(rules: Rules, state: State, winner: int) -> int:
    bonus = rules.variant.score.concealed_bonus
    return rules.variant.score.winner_bonus if bonus is None else bonus


def concealed(rules: Rules, state: State, winner: int) -> bool:
    """Did ``winner`` go out concealed (``score { concealed out bonus N }``; Britannica,
    "Canasta: Going out": "without having previously made any melds or layoffs", the hand
    "entirely of melds, of which at least one must be a canasta"; Parlett: no lay-off on
    the partner's melds): nothing laid before this turn, no card of his on another's meld,
    and a meld of his own as long as going out needs?"""
    if rules.variant.score.concealed_bonus is None or state.hand.seats[winner].played_before:
        return False
    if any(seat == winner for t in state.hand.table for seat, _ in t.credits):
        return False
    long = rules.variant.going_out.needs_meld or 0
    return any(t.owner == winner and len(t.meld.cards) >= long for t in state.hand.table)


def table_points(rules: Rules, state: State) -> list[int]:
    """The points of the cards each player put on the table this hand: his melds' cards,
    less those another laid on them, and the cards he laid on anyone's melds; and the
    bonus of each of his melds long enough to score one (a canasta)."""
    out = [0] * rules.players
    for t in state.hand.table:
        points = laid_points(rules, t.meld)
        total = sum(points)
        taken: set[int] = set()
        for seat, c in t.credits:  # the credited card's place: its first one not yet read
            i = next(i for i, x in enumerate(t.meld.cards) if x == c and i not in taken)
            taken.add(i)
            out[seat] += points[i]
            total -= points[i]
        out[t.owner] += total + long_meld_bonus(rules, t.meld.cards)
    return out


def _game_over(rules: Rules, state: State, ending: Ending) -> bool:
    v = rules.variant
    g = v.game
    # with partners a seat's total is its team's: the target is a team's, and every seat
    # of the best team wins
    totals = team_totals(g.partners, [s.total for s in state.game.seats])
    candidates: list[int] = []
    if state.game.contenders:
        made = [i for i in state.game.contenders if state.hand.seats[i].made]
        if not made:
            return False
        candidates = made
    elif g.ends == "rounds":
        if ending == "replay" or state.game.round < len(rules.contracts):
            return False
        candidates = list(range(rules.players))
    elif g.ends == "hands":
        # a position set up at round r has r - 1 hands behind it (a dead hand leaves the
        # round as it was, so in a game dealt from the start the deals are never fewer)
        if max(state.game.deal_no, state.game.round) < g.hands_for(rules.players):
            return False
        candidates = list(range(rules.players))
    elif g.finishers_only:  # ``ends at last contract``: the winner is among the finishers
        last = len(rules.contracts)
        done = [i for i, s in enumerate(state.game.seats) if len(set(s.completed)) >= last]
        if not done:
            return False
        candidates = done
    elif g.games_at_once > 1:  # every game of the sheet closed, its bonuses paid
        if not sheet.all_closed(rules, state):
            return False
        candidates = list(range(rules.players))
    else:
        target = g.target or 0
        if max(totals) < target:
            return False
        candidates = list(range(rules.players))
    if g.games_at_once == 1:
        _apply_game_bonuses(rules, state)
    totals = team_totals(g.partners, [s.total for s in state.game.seats])
    pick = min if g.winner == "lowest" else max
    best = pick(totals[i] for i in candidates)
    tied = [i for i in candidates if totals[i] == best]
    if len(tied) > 1 and g.ties == "replay" and not state.game.contenders and rules.has_contracts:
        state.game.contenders = tied
        for i in tied:
            state.game.seats[i].contract = len(rules.contracts) - 1
            state.game.seats[i].completed = [c for c in state.game.seats[i].completed
                                             if c != len(rules.contracts)]
        return False
    state.game.winners = tied
    state.hand.phase = "game-over"
    return True


def _apply_game_bonuses(rules: Rules, state: State) -> None:
    """Gin's end-of-game bonuses: shutout, line (box) bonuses, game bonus."""
    g = rules.variant.game
    if not g.end_bonuses:
        return
    totals = [s.total for s in state.game.seats]
    leader = max(range(rules.players), key=lambda i: totals[i])
    others_won = any(s.hands_won for i, s in enumerate(state.game.seats) if i != leader)
    # ``shutout game bonus``: the others' totals are nothing (classic Gin, after Bicycle:
    # "the winner's bonus is 200 points instead of 100")
    scoreless = not any(t for i, t in enumerate(totals) if i != leader)
    if g.shutout_doubles and not others_won:
        # "the points for each hand" are doubled: what the leader scored in the hands of
        # this game, not points he carried into it (a position set up mid-game)
        state.game.seats[leader].total += sum(r.scores[leader] for r in state.game.results)
    for s in state.game.seats:
        s.total += g.line_bonus * s.hands_won
    flat = g.shutout_game_bonus
    state.game.seats[leader].total += flat if flat is not None and scoreless else g.game_bonus


def settle_dealt_win(rules: Rules, state: State) -> None:
    """Right after a deal (``deal { hand of N..M points wins }``): one hand within the
    winning total wins at once (a double stake where the spec says so); two or more, and
    the deal is thrown in."""
    if rules.variant.deal.total_wins is None:
        return
    hands = [s.hand for s in state.hand.seats]
    won = dealt_winners(rules, hands)
    if not won:
        return
    counts = [rules.hand_points(h) for h in hands]
    if len(won) > 1:
        end_round(rules, state, None, "dead", dealt_wins=won, counts=counts)
        return
    stakes = 2 if rules.variant.score.dealt_win_doubles else 1
    end_round(rules, state, won[0], "dealt", paid_by_each(rules.players, won[0], stakes),
              counts=counts)
