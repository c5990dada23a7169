"""The board game's worked examples BE1–BE7 (docs/BOARD_RULES.md §4), each as a position in board
notation, its action, and the points table by table.

Every number here is worked out by hand from the rules text (B5–B9, B12), never read off the
engine. The tables the examples use: the Central African table b2 (chairs b1, a2, c2, b3),
the Italian table d2 (d1, c2, e2, d3) and the Central African table b4 (b3, a4, c4, b5); c2 sits
between b2 and d2, b3 between b2 and b4.
"""

import pytest

from cafe_widget import Board, BoardGame, IllegalMove


def by_table(turn):
    return [tile.by_table for tile in turn.cards]


def play(position, action):
    """``action`` played on ``position``; the position itself must be unchanged."""
    board = Board.parse(position)
    before = board.format()
    turn = board.play(action)
    assert board.format() == before
    return turn


def test_be1_a_pair_on_the_empty_board():
    """a2 alone first scores 0 (B7); b1 joins it: two Central Africans at b2, doubled: 4."""
    turn = play("- | -", "CFf@a2, CFm@b1")
    assert by_table(turn) == [{"b2": 0}, {"b2": 4}]
    assert [tile.points for tile in turn.cards] == [0, 4]
    assert turn.points == 4
    assert turn.filled_own_nation == ()
    assert turn.board.format() == "b1:CFm a2:CFf | -"


def test_be1_the_empty_board_is_board():
    assert Board.parse("- | -") == Board()


def test_be2_a_chair_between_two_tables():
    """c2 touches b2 (CF) and d2 (IT): b2 three guests, mixed → 3; d2 alone → 0."""
    turn = play("a2:CFf b1:CFm | -", "ITm@c2")
    assert by_table(turn) == [{"b2": 3, "d2": 0}]
    assert turn.points == 3
    b2, d2 = turn.cards[0].tables
    assert (b2.place, b2.nation, b2.guests, b2.doubled, b2.points) == ("b2", "CF", 3, False, 3)
    assert (d2.place, d2.nation, d2.guests, d2.doubled, d2.points) == ("d2", "IT", 1, False, 0)


def test_be3_a_full_mixed_table():
    """b3 touches b2 and b4: b2 two women and two men, one Italian among them → 4; b4 → 0."""
    turn = play("a2:CFf b1:CFm c2:ITm | -", "CFf@b3")
    assert by_table(turn) == [{"b2": 4, "b4": 0}]
    assert turn.points == 4
    assert turn.filled_own_nation == ()  # full, but not all of its nation: no smaller hand (B12)


def test_be4_three_men_and_one_woman_is_refused():
    board = Board.parse("a2:CFf b1:CFm c2:CFm | -")
    with pytest.raises(IllegalMove) as err:
        board.play("CFm@b3")
    assert err.value.rule == "B6"
    assert board.explain("CFm@b3").rule == "B6"
    assert board == Board.parse("a2:CFf b1:CFm c2:CFm | -")
    assert "b3" not in board.legal_chairs("CFm")


def test_be5_the_8_point_table():
    """b2 full and all Central African → 8; d2 alone → 0; the table lowers the hand size."""
    turn = play("a2:CFf b1:CFm b3:CFm | -", "CFf@c2")
    assert by_table(turn) == [{"b2": 8, "d2": 0}]
    assert turn.points == 8
    assert turn.filled_own_nation == ("b2",)
    (b2, _) = turn.cards[0].tables
    assert (b2.guests, b2.doubled, b2.points) == (4, True, 8)
    assert len(turn.board.guests_at("b2")) == 4  # tables are never cleared (B8)


BE5_GAME = ("b1:CFm a2:CFf b3:CFm | - | ESf ESm USf USm INf INm | CFf ITm GBf RUm USf / DEf DEm TRf TRm FRf"
            " | 5 5 | 0 0 | - | to:1")


def test_be5_in_a_game_the_hand_size_drops_from_5_to_4():
    """B12: the player's hand size is 4 from now on, so the refill (B11) draws nothing."""
    game = BoardGame.parse(BE5_GAME)
    bag = game.bag
    turn = game.play("CFf@c2")
    assert turn.points == 8
    assert game.hand_sizes == (4, 5)
    assert sorted(game.hands[0]) == sorted(["ITm", "GBf", "RUm", "USf"])
    assert game.bag == bag
    assert game.scores == (8, 0)
    assert game.to_move == 1


def test_be6_a_joker_declared_italian():
    """The lady joker declared IT at c2: b2 three guests, mixed → 3; d2 alone → 0."""
    turn = play("a2:CFf b1:CFm | -", "ITf*@c2")
    assert by_table(turn) == [{"b2": 3, "d2": 0}]
    assert turn.points == 3
    assert turn.board.tile("c2") == "ITf*"


def test_be6_the_same_joker_declared_central_african():
    """Declared CF instead: b2 three guests all Central African → 6."""
    turn = play("a2:CFf b1:CFm | -", "CFf*@c2")
    assert by_table(turn) == [{"b2": 6, "d2": 0}]
    assert turn.points == 6
    assert turn.board.tile("c2") == "CFf*"


@pytest.mark.parametrize("position", ["- | -", "a2:CFf b1:CFm | -", "a2:CFf b1:CFm b3:CFm c2:ITf | -"])
def test_be7_the_first_bar_place_gains_1(position):
    turn = play(position, "bar RUm")
    assert (turn.kind, turn.points, turn.bar_place) == ("bar", 1, 1)
    assert turn.board.bar == ("RUm",)


def test_be7_the_sixth_tile_at_the_bar_pays_2():
    turn = play("a2:CFf b1:CFm | ITf GBm CNf CNm ESf", "bar RUm")
    assert (turn.points, turn.bar_place) == (-2, 6)
    assert turn.board.bar == ("ITf", "GBm", "CNf", "CNm", "ESf", "RUm")


def test_be7_five_tiles_in_a_row_then_the_sixth():
    board = Board()
    points = []
    for tile in ("RUm", "RUf", "ITm", "ITf", "CNm", "CNf"):
        turn = board.play(f"bar {tile}")
        points.append(turn.points)
        board = turn.board
    assert points == [1, 2, 3, 4, 5, -2]
