"""``play`` numbers the table's melds 1, 2, 3 down the board, grouped by owner, and
every command, hint, story line and refusal speaks of those numbers; two melds typed as
one are refused with a hint to separate them."""

from __future__ import annotations

from rummy_spec.bots import greedy_bot
from rummy_spec.cards import CardTable
from rummy_spec.cli.games import seat_names, start_game
from rummy_spec.cli.meld_numbers import index_of, number_of, shown_order
from rummy_spec.cli.play import HUMAN, Session, parse_command
from rummy_spec.cli.play_split import split
from rummy_spec.cli.play_story import Story
from rummy_spec.cli.play_style import PLAIN
from rummy_spec.cli.play_text import command_text, table_lines
from rummy_spec.cli.play_words import Words
from rummy_spec.engine.game import Game
from rummy_spec.lang import load


def cards(table: CardTable, text: str) -> list[int]:
    return [table.parse(t) for t in text.split(" ")]


def mixed_table() -> Game:
    """A game of Rummy whose melds were laid out of seat order (so grouping reorders)."""
    for seed in range(1, 60):
        game = start_game(load("rummy"), 3, seed)
        bot = greedy_bot(seed)
        while not game.over:
            owners = [t.owner for t in game.state.hand.table]
            if owners != sorted(owners) and len(set(owners)) > 1:
                return game
            game.apply(bot(game.rules, game.state, game.legal_actions()))
    raise AssertionError("no seed laid melds out of seat order")


def test_the_board_numbers_melds_in_order_grouped_by_owner() -> None:
    game = mixed_table()
    state = game.state
    words = Words(seat_names(game.players, HUMAN), HUMAN)
    lines = table_lines(Story(game.rules, words, PLAIN), words, game.view_json(HUMAN))[1:]
    numbers = [int(line.split(".")[0].split()[-1]) for line in lines]
    assert numbers == list(range(1, len(state.hand.table) + 1))
    order = shown_order(state)
    assert [state.hand.table[i].owner for i in order] == sorted(
        t.owner for t in state.hand.table)
    assert order != list(range(len(order)))  # the engine's order differs: the map matters
    for n, index in enumerate(order, 1):
        assert index_of(state, n) == index and number_of(state, index) == n
        shown = lines[n - 1]
        assert " ".join(game.rules.table.text(c) for c in state.hand.table[index].meld.cards) \
            in shown


def test_a_command_names_the_meld_by_its_number_on_the_board() -> None:
    game = mixed_table()
    state = game.state
    table = state.hand.table
    for index in range(len(table)):
        card = table[index].meld.cards[0]
        typed = f"layoff {game.rules.table.text(card)} {number_of(state, index)}".split()
        assert parse_command(game, typed).meld == index
    past = len(table) + 1
    assert index_of(state, past) == past - 1  # a number past the board: the engine refuses


def test_moves_read_back_through_the_numbers() -> None:
    game = mixed_table()
    bot = greedy_bot(3)
    checked = 0
    for _ in range(300):
        if game.over:
            break
        actions = game.legal_actions()
        for a in actions:
            if a.player == HUMAN and a.meld is not None:
                assert parse_command(game, command_text(game.rules, a, game.state).split()) == a
                checked += 1
        game.apply(bot(game.rules, game.state, actions))
    assert checked > 0


def test_two_melds_typed_as_one_get_a_hint_to_separate_them() -> None:
    game = start_game(load("continental"), 4, 1)  # round 1: two sets; jokers are wild
    table = game.rules.table
    seat = game.state.hand.seats[HUMAN]
    typed = cards(table, "2C 2C 2D 6C 6S JK")
    seat.hand[:6] = typed
    session = Session(game)
    session.advance()
    while "buy" in {a.type for a in game.legal_actions() if a.player == HUMAN}:
        session.command("pass")  # the upcard the player before passed by
    session.command("draw")
    session.lines.clear()
    session.command("meld 2C 2C 2D 6C 6S JK")
    refusal = next(line for line in session.lines if line.startswith("you cannot meld"))
    assert refusal.endswith("; separate melds with ' / ': meld 2C 2C 2D / 6C 6S JK"), refusal
    session.lines.clear()
    session.command("meld 2C 2C 2D / 6C 6S JK")  # as the hint says: laid
    assert [len(t.meld.cards) for t in game.state.hand.table] == [3, 3], session.lines


def test_no_hint_where_no_split_makes_melds() -> None:
    game = start_game(load("continental"), 4, 1)
    rules = game.rules
    assert split(rules.melds, tuple(cards(rules.table, "2C 5D 9H KS")), True) is None
    three = tuple(cards(rules.table, "2C 2D 2H 7S 7D 7H 9C 9D 9S"))
    assert split(rules.melds, three, True) == [three[:3], three[3:6], three[6:]]
