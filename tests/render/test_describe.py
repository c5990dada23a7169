"""The text twin of a screen (render/describe.py): every table with its nation, guests and free
seats; the hand; the players; the last turn; the buttons; and a picture's <title>/<desc>. The
texts are asserted whole for a café of the rulebook's example (E12), in English and French."""

from __future__ import annotations

import re

import pytest

from cafe_widget import Board, BoardGame, Cafe, Game
from cafe_widget.engine.board_layout import TABLES
from cafe_widget.engine.layout import TABLE_PLACES
from cafe_widget.render import svg_of
from cafe_widget.render.board_scene import board_picture_view
from cafe_widget.render.describe import answer, describe, describe_board, picture_words
from cafe_widget.render.words import picture_view

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"


def test_the_cafe_said_table_by_table():
    twin = describe(picture_view(Cafe.parse(E12), "en"))
    assert twin.name == "Café International. 2 guests seated."
    assert twin.sections[0] == ("The café", (
        "b2, Russian table: RUf (a Russian woman) at b1, RUm (a Russian man) at b3; free seats: a2 c2.",
        "d2, English table: nobody yet; free seats: d1 c2 e2 d3.",
        "c3, French table: RUm (a Russian man) at b3; free seats: c2 d3 c4.",
        "b4, Spanish table: RUm (a Russian man) at b3; free seats: a4 c4 b5.",
        "d4, Italian table: nobody yet; free seats: d3 c4 e4 d5."))


def test_the_cafe_said_in_french():
    twin = describe(picture_view(Cafe.parse(E12), "fr"))
    assert twin.sections[0][0] == "Le café"
    assert twin.sections[0][1][0] == ("b2, table russe : RUf (une Russe) en b1, RUm (un Russe) en b3 ; "
                                      "places libres : a2 c2.")


def test_a_missing_table_is_said():
    cafe = Cafe.parse("RU - FR ES IT | b1:RUf")
    assert describe(picture_view(cafe, "en")).sections[0][1][1] == "d2: no table."


def test_a_game_said_with_its_players_and_whose_turn():
    game = Game.new(2, seed=1)
    twin = describe(picture_view(game, "en"))
    mover = game.to_move + 1
    assert twin.name.startswith(f"Café International. Player {mover} to play. Scores: Player 1 0, Player 2 0.")
    players = dict(twin.sections)["Players"]
    assert players[mover - 1] == f"Player {mover}: 0 points, hand 7 · face down 0 (to play)."
    assert players[2 - mover] == f"Player {3 - mover}: 0 points, hand 7 · face down 0."


def test_reading_on_demand_names_a_table_a_seat_the_scores():
    view = picture_view(Cafe.parse(E12), "en")
    assert answer(view, "table", "c3") == "c3, French table: RUm (a Russian man) at b3; free seats: c2 d3 c4."
    assert answer(view, "seat", "c2") == "Seat c2: free; it touches b2 (Russian), d2 (English), c3 (French)."
    assert answer(view, "seat", "b1") == "Seat b1: RUf (a Russian woman); it touches b2 (Russian)."
    assert answer(view, "hand") == "No hand is shown here."
    assert answer(view, "tables").startswith("b2, Russian table")
    with pytest.raises(KeyError):
        answer(view, "nothing")


def test_the_board_said_table_by_table_with_the_bar():
    board = Board.parse("a2:CFf b1:CFm | RUm")
    twin = describe_board(board_picture_view(board, "en"))
    lines = dict(twin.sections)["The board"]
    assert len(lines) == len(TABLES) + 1
    assert lines[0] == "b2, African table: CFm (an African man) on b1, CFf (an African woman) on a2; free chairs: c2 b3."
    assert lines[-1] == "The bar (1 of 20): RUm (a Russian man); the next tile there scores +2."
    assert answer(board_picture_view(board, "en"), "seat", "c2") == \
        "Chair c2: free; it touches b2 (African), d2 (Italian)."


def test_a_board_game_said_with_every_hand():
    game = BoardGame.new(2, seed=3)
    twin = describe_board(board_picture_view(game, "en"))
    players = dict(twin.sections)["Players"]
    for p, line in enumerate(players[:2]):
        for tile in game.hands[p]:
            assert tile in line
    assert players[2] == f"The bag holds {len(game.bag)} tiles."


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_picture_says_what_it_shows(lang):
    """A café's and a board's SVG: role img, a <title> and a <desc> naming every table and every
    guest seated, in the picture's language."""
    cafe = Cafe.parse(E12)
    svg = svg_of(cafe, lang)
    assert 'role="img"' in svg.split(">", 1)[0]
    title, desc = re.search(r"<title>(.*?)</title>\s*<desc>(.*?)</desc>", svg, re.S).groups()
    assert (title, desc) == picture_words(picture_view(cafe, lang))
    for place in TABLE_PLACES:
        assert place in desc
    for guest, seat in (("RUf", "b1"), ("RUm", "b3")):
        assert guest in desc and seat in desc
    board = Board.parse("a2:CFf b1:CFm | RUm")
    svg = svg_of(board, lang)
    desc = re.search(r"<desc>(.*?)</desc>", svg, re.S).group(1)
    assert all(t in desc for t in TABLES) and "CFf" in desc and "a2" in desc and "RUm" in desc
