"""The notebooks' helpers print what the engine decided, table by table."""

from cafe_widget import Cafe
from cafe_widget import Board, Game
from cafe_widget.teach import check, last_turns, pictures, play, refused, report, seats, where

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US"


def test_play_prints_points_table_by_table(capsys):
    assert play(E12, "RUf@c2, ITf@c4, ITm@d3") is None
    out = capsys.readouterr().out.splitlines()
    assert out[:4] == [
        "RUf@c2: 8 points",
        "    Russian table b2:         6   (3 guests, all of the table's nation: doubled)",
        "    English table d2:         0   (1 guest: alone, no points)",
        "    French table c3:          2   (2 guests)",
    ]
    assert out[-2:] == ["    full, cleared: c3 (R9)", "turn: 23 points"]


def test_play_prints_a_refusal_with_its_rule(capsys):
    play("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2")
    assert capsys.readouterr().out == (
        "refused by R6: RUm@c2: the French table c3 would have two men and no woman (R6).\n")


def test_play_on_a_board_prints_tile_by_tile_table_by_table_and_the_smaller_hand(capsys):
    """BE5 (B8, B12): the board game's actions go through the same report as the card game's."""
    board = Board.parse("a2:CFf b1:CFm b3:CFm | -")
    play(board, "CFf@c2")
    assert capsys.readouterr().out.splitlines() == [
        "CFf@c2: 8 points",
        "    African table b2:         8   (4 guests, all of the table's nation: doubled)",
        "    Italian table d2:         0   (1 guest: alone, no points)",
        "    African table b2 full of its nation: the hand holds one tile fewer (B12)",
        "turn: 8 points",
    ]
    assert board.format() == "b1:CFm a2:CFf b3:CFm | -"   # unchanged
    play(board, "CFf@d2", lang="fr")
    assert capsys.readouterr().out.startswith("Notation illisible : placement : 'd2'")


def test_check_and_where(capsys):
    check("RU GB FR ES IT", "RUf@a2")
    where("RU GB FR ES IT | b1:RUf b3:RUm", "RUf")
    assert capsys.readouterr().out.splitlines() == [
        "RUf@a2: allowed, 0 points (b2 +0); it sits alone, so the next card must join it (R7)",
        "RUf@a2:  6 points   (b2 +6)",
        "RUf@c2:  8 points   (b2 +6, d2 +0, c3 +2)",
    ]


def test_check_in_the_variant(capsys):
    check("DE GB IT CN CF | b1:DEf d3:ITm", "DEf@a2", variant=True)
    assert capsys.readouterr().out == (
        "DEf@a2: allowed, 0 points (b2 +0); it starts a table of one sex at b2, scored when four "
        "sit there this turn (R14)\n")


def test_report_of_a_variant_turn():
    turn = Cafe.parse("DE GB IT CN CF | b1:DEf d3:ITm").play("DEf@a2, ITf@c2, DEf@b3", variant=True)
    text = report(turn)
    assert "German table b2:         20   (a ladies' table: a flat 20 (R14))" in text
    assert text.endswith("turn: 29 points\nthe table pile is short: the game ends (R12a)")


def test_check_says_the_placement_once(capsys):
    check("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2")
    assert capsys.readouterr().out == (
        "RUm@c2: refused by R6: the French table c3 would have two men and no woman (R6).\n")


def test_last_turns(capsys):
    game = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm ITf | DEm DEf / ITm | - / - | 0 0 | to:1")
    last_turns(game)
    game.play("DEm@a2")
    game.draw()
    last_turns(game, 2)
    assert capsys.readouterr().out.splitlines() == [
        "nobody has played yet",
        "player 1: placed cards",
        "DEm@a2: 4 points",
        "    German table b2:          4   (2 guests, all of the table's nation: doubled)",
        "turn: 4 points",
        "player 2: drew a card",
    ]


def test_seats_and_pictures(capsys):
    seats()
    assert "c2: touches b2 d2 c3" in capsys.readouterr().out
    shown = pictures(("RU GB FR ES IT", "before"), Cafe.parse("RU GB FR ES IT | b1:RUf a2:RUm"))
    html = shown._repr_html_()
    assert html.count("<svg") == 2 and "before" in html
    assert repr(shown) == "before → RU GB FR ES IT | -\n → RU GB FR ES IT | b1:RUf a2:RUm"
    # a refused placement joins the row, faded with its ✗ and rule (teach.refused)
    row = pictures(("RU GB FR ES IT | b1:RUf b3:RUm", "before"), refused("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2"))
    assert row.captions == ["before", "RUm@c2: the French table c3 would have two men and no woman (R6)."]
    assert row._repr_html_().count("<svg") == 2 and "R6" in row.scenes[1].texts()
