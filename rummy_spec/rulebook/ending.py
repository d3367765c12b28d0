"""Rulebook sections about ends: going out, an exhausted stock, scoring, the game's end."""

from __future__ import annotations

from ..lang import model as m
from ..lang.check_stakes import counts_unread
from ..lang.expr import evaluate_int
from . import knocklimit, sheet, stakes
from .doc import Block, Items, Para, Section
from .words import Scope, game_hands, join, plural
from .worked import worked_example


def going_out(scope: Scope) -> Section:
    v = scope.variant
    blocks: list[Block] = []
    if v.knock is not None:
        blocks.append(Para("You go out by knocking. The hand ends at once."))
        blocks.append(Items(tuple(_knock(v.knock, v.score.method))))
        return Section("Going out", "going-out", tuple(blocks))
    g = v.going_out
    text = {
        "either": "You go out when your last card leaves your hand, by a discard, a meld "
                  "or a lay-off.",
        "discard": "You go out only by discarding your last card.",
        "meld": "You go out only by melding or laying off your last cards: a discard "
                "never empties your hand.",
    }[g.by]
    if g.empty_plays_on:
        text = ("You go out only by melding or laying off the last card you hold; a "
                "discard never goes out.")
    blocks.append(Para(text + " The hand ends at once; nobody plays again."))
    if g.empty_plays_on:
        blocks.append(Para("If you discard your last card you are still in, with an empty "
                           "hand: you play on, and go out when you meld or lay off a card "
                           "you take."))
    if g.floating:
        blocks.append(Para("If you empty your hand without discarding you are still in "
                           "(floating): you draw from the stock only, and must go out by "
                           "discarding."))
    if g.needs_meld is not None:
        side = "your team has" if v.game.partners != "none" else "you have"
        blocks.append(Para(f"You may go out only when {side} a meld of at least "
                           f"{g.needs_meld} cards on the table (the meld you lay as you go "
                           "out counts). Until then you must keep a card after discarding: "
                           "you may not discard your last card, nor meld or lay off so "
                           "that fewer than two cards are left in your hand."))
    pats = [str(r.number) for r in v.contracts.rounds if r.pat]
    if pats:
        blocks.append(Para(f"In round{'s' * (len(pats) > 1)} {join(pats)} you go out only "
                           "by melding your whole hand at once, with no discard."))
    if v.score.rummy_doubles:
        blocks.append(Para("Going out in one turn, with no earlier meld or lay-off "
                           "(“rummy”), doubles the payments."))
    return Section("Going out", "going-out", tuple(blocks))


def _knock(k: m.Knock, method: str) -> list[str]:
    flat = method == "minus-deadwood"  # knocks score flat points: no bonus, no undercut
    out = [
        *knocklimit.limit_items(k),
        "Knocking with no deadwood at all is gin (see Scoring)." if flat else
        f"Knocking with no deadwood at all is gin: {k.gin_bonus} points bonus. Gin is never "
        "undercut.",
    ]
    if k.knock_bonus and not flat:
        out.append(f"A knock that is not gin and not undercut earns {k.knock_bonus} points "
                   "bonus.")
    if k.big_gin_bonus is not None:
        out.append(f"Melding all eleven cards after the draw, without a discard, is big gin: "
                   f"{k.big_gin_bonus} points bonus.")
    out.append("The knocker chooses which melds to show: any arrangement whose deadwood is "
               "within the limit.")
    if k.layoffs_by_game:
        out.append("The other player (the defender) then shows their melds; each card of "
                   "their deadwood that fits one of the knocker's melds is laid off onto it "
                   "by the game, one card at a time, not by the defender (whose melds are "
                   "taken as those leaving the least deadwood after these lay-offs); the "
                   "knocker never lays off.")
    else:
        out.append("The other player (the defender) then shows their melds"
                   + (" and may lay off cards onto the knocker's melds"
                      if k.defender_lays_off else "") + "; the knocker never lays off.")
    if k.defender_lays_off and k.no_layoff_on_gin:
        out.append("Against gin the defender may not lay off.")
    if knocklimit.gin_only(k):
        return out  # every knock is gin: never undercut
    if flat:
        out.append("Nobody undercuts: the knock scores as described under Scoring, whatever "
                   "the defender holds.")
        return out
    undercut = "as little or less" if k.undercut_on_equal else "less"
    out.append(f"If the defender's deadwood counts {undercut} than the knocker's, the "
               f"defender undercuts, scoring the difference plus {k.undercut_bonus} points "
               "bonus.")
    return out


def exhausted_stock(scope: Scope) -> Section:
    v = scope.variant
    steps = {
        "reshuffle": "the discards, except the top card, are shuffled into a new stock",
        "turn-over": "the discard pile, except the top card, is turned face down, unshuffled, "
                     "as the new stock",
        "turn-over-whole": "the whole discard pile, the top card too, is turned face down, "
                           "unshuffled, as the new stock (there is no upcard until the next "
                           "discard)",
        "end-round": ("the hand ends, and the lowest count wins (see Scoring)"
                      if v.score.method == "stakes" else
                      "the hand ends, and everyone scores the cards they hold"),
        "replay-extra-deck": "the hand is played again, with one more deck in the pack",
        "reshuffle-all": "the whole discard pile, the top card too, is shuffled into a new "
                         "stock, and the next discard starts a new pile",
        "new-pack": "a fresh pack, shuffled, becomes the stock; the discard pile stays",
        "hand-dead": "the hand is drawn: nobody scores, and the next hand is dealt",
    }
    order = ["the first time", "the second time", "the third time", "the fourth time"]
    ladder = v.stock.empty
    blocks: list[Block] = []
    if v.stock.dead_at is not None and v.claim is None:
        ladder = ()  # with no claims, the hand dies before the stock runs out
    if len(ladder) == 1:
        blocks.append(Para(f"When the stock runs out, {steps[ladder[0]]}."))
    elif ladder:
        items = [f"{order[i] if i < len(order) else f'time {i + 1}'}: {steps[s]}"
                 + (", and so every later time" if i == len(ladder) - 1 else "")
                 for i, s in enumerate(ladder)]
        blocks.append(Para("When the stock runs out:"))
        blocks.append(Items(tuple(items)))
    if v.stock.refill_at_once and ladder:
        blocks.append(Para("This is done the moment the last card of the stock is drawn, "
                           "not when the next player wants to draw."))
    if v.stock.usable_taken:
        blocks.append(Para("Until then play goes on without a stock: a player who can use "
                           "the upcard (as the rules for taking it say) must take it, and the "
                           "hand ends only when the player to draw cannot."))
    dead = v.stock.dead_at
    scores = ("everyone scores minus their deadwood" if v.score.method == "minus-deadwood"
              else "nobody scores")
    if dead is not None and v.stock.dead_how == "discard":
        blocks.append(Para(f"When only {plural(dead, 'card')} remain in the stock "
                           f"and nobody has gone out, the hand is dead: {scores}."))
    elif dead is not None and v.stock.dead_how == "wall":
        blocks.append(Para(f"When a discard leaves {plural(dead, 'card')} in the stock, the "
                           "next player is at the wall: they may not draw from the stock. They "
                           "may take the upcard only to knock with it, or pass; a pass ends "
                           f"the hand, which is dead: {scores}."))
    elif dead is not None:
        blocks.append(Para(f"When {plural(dead, 'card')} or fewer remain in the stock, the "
                           "player to draw may not draw from it: they take the upcard and "
                           "plays on, or declares the hand dead, which ends it: "
                           f"{scores}."))
    return Section("An exhausted stock", "stock", tuple(blocks))


def scoring(scope: Scope) -> Section:
    v = scope.variant
    s = v.score
    text = {
        "penalty": "When a hand ends, unless you went out, you add the value of the cards "
                   "left in your hand to your total. The player who went out scores "
                   "nothing.",
        "collect": "When a hand ends, the player who went out collects the value of the "
                   "cards left in every other player's hand.",
        "deadwood": "When a hand ends by a knock, the knocker scores the difference between "
                    "the two players' deadwood, plus any bonus; an undercutting defender "
                    "scores instead.",
        "minus-deadwood": "When a hand ends by a knock, the knocker scores "
                          + (f"{v.knock.knock_bonus} points, or {v.knock.gin_bonus} for gin,"
                             if v.knock is not None else "nothing,")
                          + " whatever their deadwood; every other player scores minus "
                          "their deadwood, counted from their best melds. A dead hand costs "
                          "everyone their deadwood.",
        "melds": "When a hand ends, you score the value of the cards you put on the table "
                 "this hand (those of your melds, and those you laid off on anyone's melds, "
                 "which count for you and not for the meld's owner), less the value of the "
                 "cards left in your hand. A hand's score may be below zero.",
        "stakes": "Every hand is played for a stake agreed before the game.",
    }[s.method]
    unread = counts_unread(v)
    blocks: list[Block] = [Para(text + ("" if unread else " Card values are given above."))]
    items: list[str] = stakes.scoring(v) if s.method == "stakes" else []
    if s.rummy_doubles:
        items.append("Going out in one turn (rummy) doubles the payments.")
    if (times := knocklimit.times_item(s)) is not None:
        items.append(times)
    if s.long_meld_bonus is not None:
        size, natural, mixed = s.long_meld_bonus
        items.append(f"Each meld of {size} cards or more on the table scores a bonus for "
                     f"its owner: {natural} points when it holds no wild card, {mixed} "
                     "when it holds one or more.")
    if s.winner_bonus and v.knock is None:
        items.append(f"The player who goes out scores {s.winner_bonus:+d} points for it.")
    if s.concealed_bonus is not None:
        items.append(f"Going out concealed scores {s.concealed_bonus:+d} instead: you go out "
                     "having laid nothing on the table on an earlier turn and no card on "
                     "another player's melds, with a meld of your own of at least "
                     f"{v.going_out.needs_meld} cards.")
    if s.losers_meld:
        items.append("When a player goes out, every other player lays out his hand as well: "
                     "he counts only the cards left outside melds that make his contract "
                     "(with any further melds), arranged as best he can; a hand that cannot "
                     "make the contract counts every card.")
    if s.cap is not None:
        items.append(f"No hand counts more than {s.cap} points: a player whose cards are "
                     f"worth more scores {s.cap}" + (" (and pays the winner no more)."
                                                     if s.method == "collect" else "."))
    if s.zero_sum:
        items.append("Each hand is zero-sum: your score for the hand is your points less "
                     "the other players' points, so what one wins the others lose.")
    if v.cut is not None:
        bonus = evaluate_int(v.cut.bonus, scope.players[0]) or 0
        if bonus:
            items.append(f"An exact cut: {bonus:+d} points to the cutter (see The deal).")
    g = v.game
    if sheet.at_once(g):
        items += sheet.entries(g)
    end = "added to a game as it closes" if sheet.at_once(g) else "added at the end of the game"
    if g.line_bonus:
        items.append(f"Each hand won is worth a further {g.line_bonus} points (a line or "
                     f"box), {end}.")
    game, within = ("each game", " in it") if sheet.at_once(g) else ("the game", "")
    if g.game_bonus:
        items.append(f"The winner of {game} scores a further {g.game_bonus} points.")
    if g.shutout_game_bonus is not None:
        items.append(f"If the other players scored no points at all in {game} (a shutout), "
                     f"the winner's game bonus is {g.shutout_game_bonus} points instead of "
                     f"{g.game_bonus}.")
    if g.shutout_doubles:
        items.append(f"If the loser won no hand at all{within} (a shutout), the winner's hand "
                     f"scores{within} are doubled before the line bonuses.")
    if items:
        blocks.append(Items(tuple(items)))
    if not unread:
        blocks += worked_example(scope)
    return Section("Scoring", "scoring", tuple(blocks))


def end_of_game(scope: Scope) -> Section:
    v = scope.variant
    g = v.game
    ends = {
        "rounds": f"The game ends after the last of the {plural(v.rounds, 'round')}.",
        "last-contract": "The game ends when a player completes the last contract.",
        "target": sheet.ends(g) if sheet.at_once(g) else
                  f"The game ends when a player's total reaches {g.target} points.",
        "hands": f"The game ends after {game_hands(g)}, a dead hand included"
                 + (f" ({plural(g.hands or 0, 'hand')} times the number of players)."
                    if g.hands_each else "."),
    }[g.ends]
    winner = {"lowest": "the lowest total wins", "highest": "the highest total wins"}[g.winner]
    if g.finishers_only:  # the engine's candidates: those who completed every contract
        every = ("every contract" if v.contracts.progression == "any-order"
                 else "the last contract")
        ends = f"The game ends with the hand in which a player completes {every}."
        done = "them all" if v.contracts.progression == "any-order" else "it"
        winner = (f", of the players who have completed {done}, {winner}: a player who has "
                  "not cannot win, whatever their total")
    else:
        winner = f" {winner}"
    ties = {"shared": "Tied players share the win.",
            "replay": "Tied players play the last contract again to break the tie."}[g.ties]
    if g.partners != "none":
        ends = ends.replace("a player's total", "a team's total")
        winner = winner.replace("total wins", "team total wins, both partners")
        ties = "Tied teams share the win."
    blocks: tuple[Para, ...] = (Para(f"{ends} Then{winner}. {ties}"),)
    if g.partners != "none":
        blocks = (Para(partnership_text(v)), *blocks)
    return Section("The end of the game", "end", blocks)


def partnership_text(v: m.Variant) -> str:
    """The partnership rule in words (``game { partners ... }``)."""
    seats = {"across": "each player's partner sits opposite (at four players the first "
                       "and third seats play against the second and fourth)",
             "alternate": "every other seat is on the same team (the first, third, fifth "
                          "seats against the second, fourth, sixth)"}[v.game.partners]
    paying = (" Partners pay each other nothing: the player who goes out collects from the "
              "other team only." if v.score.method == "collect" else "")
    other = (", never to the other team's" if v.layoff.own_only else ", though to the other "
             "team's melds only once he has melded himself")
    melds = (" A team's melds are shared: once a player's partner has melded, he may add "
             f"cards to the team's melds{other}." if v.layoff.allowed and v.layoff.needs_down
             and not v.contracts.rounds else "")
    return (f"Players play in partnerships: {seats}. A team's scores are the sum of its "
            f"players' scores.{melds}{paying}")
