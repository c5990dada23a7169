"""Every object the engine hands out as a move is accepted back wherever a move is expected, as
its text is: ``game.play(game.best_turn())``, ``board_game.act(board_game.best_action())``,
a placed card or a seated tile, in the engine, the checks and the widgets' command boxes. Anything
else is still refused with a NotationError that names what was given, and changes nothing."""

import pytest

from cafe_widget import Board, BoardGame, BoardWidget, Cafe, CafeWidget, Game, NotationError
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.practice import check_points

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US"


def test_a_card_games_best_turn_is_played_back_as_its_text_is():
    by_text, by_object = Game.new(players=2, seed=3), Game.new(players=2, seed=3)
    best = by_object.best_turn()
    assert by_object.play(best).points == by_text.play(best.text).points
    assert by_object.to_json() == by_text.to_json()
    again = Game.new(players=2, seed=3)
    assert again.act(again.best_turn()).text == best.text


def test_a_cafes_turn_and_its_cards_are_moves():
    cafe = Cafe.parse(E12)
    best = cafe.best_turn("RUf ITf ITm")
    assert cafe.play(best).points == 23
    assert cafe.explain(best.cards[0]) is None                 # a CardScore, as "RUf@c2"
    assert check_points(E12, best, 23).right
    assert Puzzle(E12, "RUf ITf ITm").grade(best).solved


def test_a_board_games_best_action_is_played_back_as_its_text_is():
    by_text, by_object = BoardGame.new(players=3, seed=5), BoardGame.new(players=3, seed=5)
    best = by_object.best_action()
    assert by_object.play(best).points == by_text.play(best.text).points
    assert by_object.format() == by_text.format()
    board = Board.parse("b1:CFf | -")
    turn = board.play("CFm@a2, ITf@c2")
    assert board.play(turn).points == 7 and board.explain(turn) is None
    assert board.explain(turn.cards[0]) is None                # a TileScore, as "CFm@a2"


def test_the_widgets_command_boxes_take_the_engines_moves():
    w = CafeWidget(seed=3)
    text = w.game.best_turn().text
    w.command(w.game.best_turn())
    assert text.split(", ")[-1].split("@")[0] in w.status and "not text" not in w.status
    b = BoardWidget(seed=3)
    action = b.game.best_action()
    b.command(action)
    assert [b.game.board.tile(c.chair) for c in action.cards] == [c.tile for c in action.cards]


@pytest.mark.parametrize("bad", [42, None, object(), ["RUf@c2"]])
def test_anything_else_is_refused_by_name_and_changes_nothing(bad):
    game, board_game = Game.new(players=2, seed=3), BoardGame.new(players=2, seed=3)
    before = (game.to_json(), board_game.format())
    for call in (game.play, game.act, board_game.play, board_game.act):
        with pytest.raises(NotationError, match="is not text"):
            call(bad)
    assert (game.to_json(), board_game.format()) == before
