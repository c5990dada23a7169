"""Computer players mid-turn after a table turned up (R9): the cards up to it stay, so
a card alone that nothing can join is taken back down to it, and the turn ends there."""

from __future__ import annotations

import pytest

from cafe_widget.engine import Game
from cafe_widget.players import PLAYERS, make_player


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_a_turn_past_a_turned_up_table_is_taken_back_only_down_to_it(kind):
    game = Game.parse("DE GB IT CN CF | b1:DEf c2:GBm b3:ITf | FR US | CNm ITf | DEm FRf CNf / GBf | - / - "
                      "| 0 0 | to:1")
    game.place("DEm@a2")      # fills b2: the French table is turned up
    game.place("FRf@b1")      # alone at it, and CNf cannot join her (R7)
    assert not game.can_end_turn() and not game.legal_placements()
    actions = make_player(kind).actions(game)
    assert actions == ["undo", "end"]
    for action in actions:
        game.act(action)
    assert game.log[-1].action == "DEm@a2" and game.scores == (4, 0) and game.to_move == 1
