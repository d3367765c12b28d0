"""The object of the game in one sentence, from the fields the engine plays by: what a
hand asks of a player (knock, make the contract and go out, or go out) and how the game
ends and is won (``GameEnd.ends``, ``GameEnd.winner``, ``GameEnd.finishers_only``)."""

from __future__ import annotations

from ..lang import model as m
from . import sheet
from .words import game_hands, plural


def _hand_goal(v: m.Variant) -> str:
    if v.knock is not None:
        return "knock with less deadwood (unmelded cards) than your opponent, or with none"
    if v.contracts.rounds:
        each = ("your contract" if v.contracts.progression != "together"
                else "each hand's contract")
        return f"make {each} and be the first to get rid of your cards"
    if v.score.method == "melds":
        return "meld and lay off cards of high value, and to get rid of your cards"
    if v.going_out.empty_plays_on:  # a hand emptied by a discard is not out (Conquian)
        return ("be the first to meld every card of your hand and one card more (a card "
                "taken, melded at once)")
    return "be the first to get rid of your cards by melding them"


def object_of_game(v: m.Variant) -> str:
    g = v.game
    best = f"the {g.winner} total"
    if g.finishers_only:
        order = "in any order" if v.contracts.progression == "any-order" else "in order"
        return (f"The object of the game is to be the first to complete all "
                f"{plural(v.rounds, 'contract')}, {order} and one per hand; of the players who "
                f"complete them in the same hand, {best} wins.")
    goal = _hand_goal(v)
    if g.ends == "rounds":
        return (f"The object of the game is to {goal} in each of the "
                f"{plural(v.rounds, 'hand')}, so as to end with {best}.")
    if g.ends == "target" and g.partners != "none":
        return (f"The object of the game is to {goal}, hand after hand, and for your team "
                f"(you and your partner) to have the {g.winner} team total once a team's "
                f"total reaches {g.target} points.")
    if g.ends == "target":
        if sheet.at_once(g):
            return (f"The object of the game is to {goal}, hand after hand, and to have "
                    f"{best} over {sheet.target_words(g)}, once all of them have closed.")
        return (f"The object of the game is to {goal}, hand after hand, and to have {best} "
                f"once a player's total reaches {g.target} points.")
    return (f"The object of the game is to {goal}: after "
            f"{game_hands(g)}, {best} wins.")
