"""What a player may know (engine/views.py): a view holds no hidden card, and a game made from it
agrees with it. The class table (the game service) sends seats nothing else."""

import json

import pytest

from cafe_widget.engine import BoardGame, Game
from cafe_widget.engine.views import ViewError
from cafe_widget.players import make_board_player, make_player


def _played(cls, make, players, seed, actions):
    game = cls.new(players=players, seed=seed)
    bots = [make("greedy") for _ in range(players)]
    for _ in range(actions):
        if game.is_over:
            break
        for action in bots[game.to_move].actions(game):
            game.act(action)
    return game


def _fields(position):
    return position["notation"].split(" | ")


def test_a_seat_sees_its_hand_the_sizes_and_no_other_card():
    game = Game.new(players=3, seed=5)
    view = game.view(1)
    fields = _fields(view["now"])
    assert fields[2] == "-" and fields[3] == "-"             # neither pile's order (R3)
    assert fields[4].split(" / ") == ["-", " ".join(game.hand(1)), "-"]
    assert view["now"]["sizes"] == {"table pile": 19, "guest pile": len(game.guest_pile), "hands": [7, 7, 7], "face-down": [0, 0, 0]}
    screen = game.view(None)
    assert _fields(screen["now"])[4] == "- / - / -"
    json.dumps(view)   # plain JSON


def test_the_cards_of_a_turn_in_progress_are_known_the_rest_of_that_hand_is_not():
    game = Game.parse("RU GB FR ES IT | - | US CN DE IN CU CF | DEf ITm | RUf RUm ITf / GBf GBm | - / - | 0 0 | to:1")
    game.place("RUf@a2" if game.explain_place("RUf@a2") is None else game.legal_placements()[0])
    placed = game.turn.cards[0].guest
    fields = _fields(game.view(1)["now"])
    assert fields[4].split(" / ") == [placed, "GBf GBm"]


def test_a_view_is_the_same_whatever_the_hidden_cards():
    a = Game.parse("RU GB FR ES IT | - | US CN | DEf ITm CNf | RUf RUm / GBf GBm | - / - | 0 0 | to:1")
    b = Game.parse("RU GB FR ES IT | - | CN US | RUm ITm CNf | RUf DEf / GBf GBm | - / - | 0 0 | to:1")
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert a.view(0) != b.view(0)           # player 1's own hand differs


@pytest.mark.parametrize("cls,make,players,seed", [(Game, make_player, 3, 11), (Game, make_player, 2, 3),
                                                    (BoardGame, make_board_player, 3, 4)])
def test_a_game_from_a_view_agrees_with_it_at_every_step(cls, make, players, seed):
    game = cls.new(players=players, seed=seed)
    bots = [make("greedy") for _ in range(players)]
    cache, step = {}, 0
    while not game.is_over and step < 60:
        for action in bots[game.to_move].actions(game):
            game.act(action)
        step += 1
        if step % 7 and not game.is_over:
            continue
        for who in (*range(players), None):
            view = game.view(who)
            stand_in = cls.from_view(view, seed=step, cache=cache)
            assert stand_in.view(who) == view
            if cls is Game:
                assert (stand_in.cafe.tables, stand_in.cafe.seats) == (game.cafe.tables, game.cafe.seats)
            else:
                assert stand_in.board == game.board
            assert stand_in.scores == game.scores and stand_in.to_move == game.to_move
            assert [e.action for e in stand_in.log] == [v["action"] for v in view["log"]]
            if who is not None:
                assert stand_in.hand(who) == game.hand(who)


def test_the_board_games_hands_are_public_only_the_bags_order_is_hidden():
    game = _played(BoardGame, make_board_player, 3, 2, 4)
    view = game.view(0)
    fields = _fields(view["now"])
    assert fields[3] == " / ".join(" ".join(h) or "-" for h in game.hands)   # B3: face up
    assert fields[2] == "-" and view["now"]["sizes"]["bag"] == len(game.bag)


def test_a_card_laid_face_down_stays_face_down_in_the_others_log():
    game = Game.parse("RU GB FR ES IT | - | US CN | DEf ITm CNf | "
                      "RUf RUm ITf ITf GBf GBm CNf CNm USf USm DEf DEm / GBf | - / - | 0 0 | to:1")
    game.lay_face_down("RUf")
    assert game.view(0)["log"][0]["action"] == "down:RUf"
    assert game.view(1)["log"][0]["action"] == "down"
    assert _fields(game.view(1)["now"])[5] == "- / -" and game.view(1)["now"]["sizes"]["face-down"] == [1, 0]
    assert Game.from_view(game.view(1), 3).view(1) == game.view(1)


def test_a_damaged_view_is_refused():
    view = Game.new(players=2, seed=1).view(0)
    for bad in ({}, {**view, "game": "chess"}, {**view, "now": {**view["now"], "sizes": {}}},
                {**view, "now": {**view["now"], "sizes": {**view["now"]["sizes"], "guest pile": 200}}}):
        with pytest.raises(ViewError):
            Game.from_view(bad)
    with pytest.raises(ViewError):
        BoardGame.from_view(view)
