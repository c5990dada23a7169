"""After ``language("fr")`` or ``language("de")`` nothing the package says is left in
English — set-up refusals, the kind of a wrong argument, an unknown language — and the board
widget names a computer of the default kind as the card widget does."""

from __future__ import annotations

import pytest

import cafe_widget
from cafe_widget import BoardGame, Game, i18n
from cafe_widget.engine.errors import kind_of


@pytest.fixture(params=["fr", "de"])
def lang(request):
    yield cafe_widget.language(request.param)
    cafe_widget.language("en")


def _english_words(text: str) -> set[str]:
    for code in ("start_player", "players="):   # the argument's name is code, in every language
        text = text.replace(code, "")
    return {w for w in ("players", "player", " not ", "must be", " is for ", "a str", "a Board",
                        "is not a language", "choose one of") if w in text}


@pytest.mark.parametrize("make, wrong", [
    (lambda: Game.new(players=9), "9"),
    (lambda: BoardGame.new(players=9), "9"),
    (lambda: Game.new(players=3, start_player=7), "7"),
    (lambda: BoardGame.new(players=3, start=7), "7"),
])
def test_a_game_refused_at_set_up_says_why_in_the_current_language(lang, make, wrong):
    with pytest.raises(ValueError) as err:
        make()
    text = str(err.value)
    assert wrong in text and _english_words(text) == set(), text


def test_a_game_refused_at_set_up_still_says_it_in_english():
    with pytest.raises(ValueError, match=r"Café International is for 2 to 5 players, not 9 \(R3\)\."):
        Game.new(players=9)
    with pytest.raises(ValueError, match=r"the board game\) is for 2 to 4 players, not 9 \(B3\)\."):
        BoardGame.new(players=9)


def test_an_unknown_language_is_refused_in_the_current_language(lang):
    with pytest.raises(ValueError) as err:
        cafe_widget.language("xx")
    text = str(err.value)
    assert "'xx'" in text and ", ".join(i18n.available()) in text
    assert _english_words(text) == set(), text
    assert cafe_widget.language() == lang


@pytest.mark.parametrize("value", ["x", 3, None, [1], object()])
def test_the_kind_of_a_wrong_argument_is_named_in_the_students_language(lang, value, capsys):
    from cafe_widget import teach

    teach.result(value)
    said = capsys.readouterr().out
    assert _english_words(said) == set() and "'" + kind_of(value) not in said, said
    assert kind_of(value).sentence(lang) in said and kind_of(value).sentence(lang) != kind_of(value)


def test_a_board_shown_as_a_cafe_is_named_in_the_students_language(capsys):
    from cafe_widget import teach
    from cafe_widget.engine.board import Board

    try:
        cafe_widget.language("fr")
        teach.show(Board())
        said = capsys.readouterr().out
    finally:
        cafe_widget.language("en")
    assert "Board" not in said and "'un" not in said, said
    assert "café : un plateau du jeu de plateau n'est pas un café" in said, said


def test_the_kind_of_a_wrong_argument_in_english(capsys):
    from cafe_widget import teach

    teach.result("x")
    assert capsys.readouterr().out.startswith("game: text is not a game: give a Game")
    assert isinstance(kind_of(2), str) and kind_of(2) == "a number"


@pytest.mark.parametrize("lang_code, alone, kind", [("en", "Computer 2", "Computer 2 (greedy)"),
                                                    ("fr", "Ordinateur 2", "Ordinateur 2 (glouton)"),
                                                    ("de", "Computer 2", None)])
def test_the_board_widget_names_a_default_computer_as_the_card_widget_does(lang_code, alone, kind):
    from cafe_widget.render.board_words import board_player_name
    from cafe_widget.render.words import player_name

    assert board_player_name(1, lang_code, ["human", "computer"]) == alone
    assert player_name(None, 1, lang_code, ["human", "computer"]) == alone
    if kind:
        assert board_player_name(1, lang_code, ["human", "greedy"]) == kind


def test_the_board_widget_shows_computer_2_alone():
    from cafe_widget import BoardWidget

    w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"], lang="fr")
    assert w.player_name(1) == "Ordinateur 2"
    assert "(ordinateur)" not in repr(w.__dict__.get("status", "")) and "(ordinateur)" not in w.status
