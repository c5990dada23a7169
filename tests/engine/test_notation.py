"""The café notation (docs/RULES.md §6), the game notation and the JSON save, and the two errors."""

import json
import subprocess
import sys

import pytest

from cafe_widget import Cafe, Game, IllegalMove, NotationError
from cafe_widget.engine import parse_placement, parse_turn

E12 = "RU GB FR ES IT | b1:RUf b3:RUm"


# -- café notation -----------------------------------------------------------------------------

def test_parse_and_format_round_trip():
    cafe = Cafe.parse(E12)
    assert cafe.format() == E12 and Cafe.parse(cafe.format()) == cafe
    assert cafe.table("c3") == "FR" and cafe.guest("b3") == "RUm" and cafe.guest("c2") is None
    assert cafe.guests_at("b2") == ("RUf", "RUm") and cafe.pile == ()


def test_format_is_canonical():
    messy = "ru gb fr es it |  b3:ruM   B1:RUF | us cn"
    assert Cafe.parse(messy).format() == "RU GB FR ES IT | b1:RUf b3:RUm | US CN"
    assert Cafe.parse("RU GB FR ES IT").format() == "RU GB FR ES IT | -"
    assert Cafe.parse("RU - FR ES IT | - | -").format() == "RU - FR ES IT | -"


def test_repr_pastes_back_as_code():
    cafe = Cafe.parse(E12 + " | US")
    assert repr(cafe) == "Cafe.parse('RU GB FR ES IT | b1:RUf b3:RUm | US')"


@pytest.mark.parametrize("text, field, token", [
    ("RU GB FR ES | b1:RUf", "tables", "RU GB FR ES"),
    ("RU GB XX ES IT | b1:RUf", "tables", "XX"),
    ("RU GB FR ES IT | b1-RUf", "seats", "b1-RUf"),
    ("RU GB FR ES IT | c3:RUf", "seats", "c3"),
    ("RU GB FR ES IT | z9:RUf", "seats", "z9"),
    ("RU GB FR ES IT | b1:RUx", "seats", "RUx"),
    ("RU GB FR ES IT | b1:RUf b1:RUm", "seats", "b1:RUm"),
    ("RU GB FR ES IT | b1:RUf | US XX", "table pile", "XX"),
    ("RU RU FR ES IT | b1:RUf | RU", "café", "RU"),
    ("RU GB FR ES IT | - | US | CN", "café", "RU GB FR ES IT | - | US | CN"),
    ("DE GB IT CN CF | b1:DEf a2:DEm c2:GBf b3:ITm", "seats", "b2"),
])
def test_notation_errors_name_the_field_and_token(text, field, token):
    with pytest.raises(NotationError) as err:
        Cafe.parse(text)
    assert (err.value.field, err.value.token) == (field, token)
    assert str(err.value).startswith(f"{field}: {token!r} ")


def test_a_seat_that_is_a_table_place_is_explained():
    with pytest.raises(NotationError) as err:
        parse_placement("ITm@c3")
    assert str(err.value) == "placement: 'c3' is where a table stands, not a seat"


def test_turn_notation_commas_or_spaces():
    assert parse_turn("RUf@c2, ITf@c4 ITm@d3") == [("RUf", "c2"), ("ITf", "c4"), ("ITm", "d3")]
    with pytest.raises(NotationError) as err:
        parse_turn("RUf@c2, ITf-c4")
    assert (err.value.field, err.value.token) == ("placement", "ITf-c4")


def test_errors_are_value_errors():
    assert issubclass(NotationError, ValueError) and issubclass(IllegalMove, ValueError)


def test_illegal_move_carries_rule_sentence_and_position():
    cafe = Cafe.parse(E12)
    err = cafe.explain("RUm@c2")
    assert (err.rule, err.move, err.cafe) == ("R6", "RUm@c2", cafe)
    assert err.sentence("fr") == "RUm@c2 : la table française c3 aurait deux hommes et aucune femme (R6)."
    assert err.report().endswith(E12)
    assert cafe.explain("RUf@c2") is None


def test_legal_seats_in_reading_order():
    assert Cafe.parse(E12).legal_seats("ITm") == ["e4", "d5"]
    assert Cafe.parse(E12).legal_seats("RUf") == ["a2", "c2"]


# -- game notation and saves -------------------------------------------------------------------

def test_game_notation_round_trip_and_fields():
    g = Game.new(players=3, seed=4, variant=True)
    text = g.format()
    fields = [f.strip() for f in text.split("|")]
    assert len(fields) == 8
    assert fields[0] == " ".join(g.cafe.tables) and fields[1] == "-"
    assert fields[2] == " ".join(g.table_pile) and fields[3] == " ".join(g.guest_pile)
    assert fields[4] == " / ".join(" ".join(h) for h in g.hands)
    assert fields[5:] == ["- / - / -", "0 0 0", f"to:{g.to_move + 1} variant"]
    assert Game.parse(text).format() == text


def test_game_notation_keeps_a_turn_in_progress():
    g = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm | DEm DEf ITf / ITm | - / - | 0 0 | to:1")
    g.place("DEm@a2")
    text = g.format()
    assert text.endswith("| to:1 turn:DEm@a2")
    again = Game.parse(text)
    assert again.cafe == g.cafe and again.hands == g.hands and again.format() == text
    assert again.undo() == "DEm@a2" and again.turn is None


@pytest.mark.parametrize("text, field, token", [
    ("DE GB IT CN CF | - | - | - | DEf | - | 0 | to:1", "hands", "DEf"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - | 0 0 | to:1", "face-down", "-"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 x | to:1", "scores", "x"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 0 | to:3", "status", "to:3"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 0 | to:1 fast", "status", "fast"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 0 | variant", "status", "variant"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 0 | to:1 turn:DEf@a4", "status", "DEf@a4"),
    ("DE GB IT CN CF | - | - | DEf DEf DEf | DEf DEf / - | - / - | 0 0 | to:1", "game", "DEf"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 ² | to:1", "scores", "²"),
    ("DE GB IT CN CF | - | - | - | DEf / - | - / - | 0 0 | to:1 declare:1", "status", "declare:1"),
    ("DE GB IT CN CF | b1:DEf a2:DEm c2:GBf b3:ITm | - | - | - / - | - / - | 0 0 | to:1", "seats", "b2"),
])
def test_game_notation_errors(text, field, token):
    with pytest.raises(NotationError) as err:
        Game.parse(text)
    assert (err.value.field, err.value.token) == (field, token)


def test_the_box_is_what_is_missing_from_the_120():
    g = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm | DEm / ITm | - / - | 0 0 | to:1")
    assert len(g.box) == 120 - 6 - 1 - 1 - 2
    assert "DE" in g.box and g.box.count("DE") == 1


def test_a_whole_turn_in_a_save_replays():
    g = Game.parse("RU GB FR ES IT | b1:RUf | US CN | DEf ITm GBm | RUm DEf / GBf GBm ITf | - / - | 0 0 | to:1")
    g.play("RUm@b3")
    g.draw()
    assert g.history == ["RUm@b3", "end", "draw"]
    assert Game.from_json(g.to_json()).format() == g.format()


def test_json_save_round_trip_replays_every_action():
    g = Game.new(players=2, seed=3)
    g.draw()
    placement = g.legal_placements()[0]
    g.place(placement)
    saved = g.to_json()
    data = json.loads(saved)
    assert data["seed"] == 3 and data["actions"] == ["draw", placement]
    again = Game.from_json(saved)
    assert again.format() == g.format() and again.history == g.history and again.seed == 3


@pytest.mark.parametrize("mangle, token", [
    (lambda d: "not json", "not json"),
    (lambda d: json.dumps({**d, "format": "chess"}), "format"),
    (lambda d: json.dumps({**d, "version": 2}), "version"),
    (lambda d: json.dumps({**d, "actions": ["fly"]}), "fly"),
    (lambda d: json.dumps({**d, "actions": ["draw", "draw", "end"]}), "end"),
    (lambda d: json.dumps({**d, "notation": d["start"]}), "notation"),
])
def test_damaged_saves_raise_notation_errors(mangle, token):
    g = Game.new(players=2, seed=3)
    g.draw()
    with pytest.raises(NotationError) as err:
        Game.from_json(mangle(json.loads(g.to_json())))
    assert (err.value.field, err.value.token) == ("json", token)


# -- the engine is pure ------------------------------------------------------------------------

def test_the_engine_imports_no_widget_or_drawing_code():
    code = ("import sys, cafe_widget; from cafe_widget import Cafe, Game; "
            "g = Game.new(2, seed=1); g.draw(); str(Cafe.parse('RU GB FR ES IT')); "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipycanvas', 'ipywidgets', 'IPython', 'traitlets', 'numpy')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
