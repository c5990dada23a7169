"""The guided game after a table turned up (R9): the cards up to it cannot be taken
back, so the step then asks for the best way to finish the turn from there, and is never stuck."""

from __future__ import annotations

from cafe_widget import Game
from cafe_widget.teach.guide import Guide

# From the start the hand makes 9 at best (TRf@c2, CUf@e4); CUf@e4 fills the Cuban table d4 and
# turns up the French one, after which the best finish makes 8.
START = ("TR IT IN DE CU | d3:CUm c4:DEf d5:CUm | FR CN GB | ITf | CFf CUf ESm FRm RUf RUm TRf "
         "/ CNm FRf RUf TRf | - / - | 0 7 | to:1")


def test_after_a_turned_up_table_the_step_asks_for_the_best_finish():
    game, guide = Game.parse(START), Guide()
    assert guide.best(game).points == 9
    game.place("CUf@e4")
    assert not game.can_undo() and game.best_turn().points == 8
    points = game.turn.points
    assert guide.check_end(game) == (f"Not yet: these cards make {points}, and the best turn makes 8. "
                                     "Undo takes a card back; Hint shows the best turn.")
    for placement in game.best_turn().cards[1:]:
        game.place(placement.text)
    assert game.turn.points == 8 and guide.check_end(game) is None   # the step can be met


def test_before_any_table_is_turned_up_the_goal_stays_the_best_turn():
    game, guide = Game.parse(START), Guide()
    game.place("TRf@c2")
    assert game.can_undo()
    assert "the best turn makes 9" in guide.check_end(game)
