"""The course's helpers: every teaching helper in English and French, one-line refusals and
notation errors instead of tracebacks, notation errors said in French, exercise placeholders."""

from __future__ import annotations

import pytest

from cafe_widget import Cafe, Game, NotationError
from cafe_widget.engine.search import parse_hand
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.practice import check_points, check_seats
from cafe_widget.teach import check, last_turns, play, read, review, seats, where

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN"

BAD_CAFES = [
    "RU GB FR ES XX", "RU GB FR ES", "RU GB FR ES IT | b1:RUf | | x", "RU GB FR ES IT | b1RUf",
    "RU GB FR ES IT | b1:RUx", "RU GB FR ES IT | z9:RUf", "RU GB FR ES IT | b2:RUf",
    "RU GB FR ES IT | b1:RUf b1:RUm", "RU GB FR ES IT | b1:DEf a2:DEm c2:DEf b3:DEm",
    "RU GB FR ES IT | b1:RUf a2:RUf c2:RUf b3:RUf d1:RUf", "RU RU RU ES IT", 42,
]
BAD_GAMES = [
    "RU GB FR ES IT | - | - | - | - / - | - / - | 0 0",
    "RU GB FR ES IT | - | - | - | - | - | 0 | to:1",
    "RU GB FR ES IT | - | - | - | - / - | - | 0 0 | to:1",
    "RU GB FR ES IT | - | - | - | - / - | - / - | 0 x | to:1",
    "RU GB FR ES IT | - | - | - | - / - | - / - | 0 0 0 | to:1",
    "RU GB FR ES IT | - | - | - | - / - | - / - | 0 0 | to:9",
    "RU GB FR ES IT | - | - | - | - / - | - / - | 0 0 | moo",
    "RU GB FR ES IT | - | - | - | - / - | - / - | 0 0 | ",
    "RU GB FR ES IT | - | - | - | DEf DEm CNf CNm CUf CUm ESf ESm FRf FRm GBf GBm ITf / - | - / - | 0 0 | to:1",
]


def _errors():
    for text in BAD_CAFES:
        with pytest.raises(NotationError) as err:
            Cafe.parse(text)
        yield err.value
    for text in BAD_GAMES:
        with pytest.raises(NotationError) as err:
            Game.parse(text)
        yield err.value
    for text in ("not json", '{"format": "x"}'):
        with pytest.raises(NotationError) as err:
            Game.from_json(text)
        yield err.value
    for hand in ("RUf XXm", 42):
        with pytest.raises(NotationError) as err:
            parse_hand(hand)
        yield err.value
    for turn in ("RUf", "RUf@", "RUf@z9"):
        with pytest.raises(NotationError) as err:
            Cafe.parse(E12).play(turn)
        yield err.value


def test_every_notation_error_is_said_in_french():
    errors = list(_errors())
    assert len(errors) >= 25
    for err in errors:
        assert err.problem_in("fr") != err.problem != err.problem_in("de"), err.problem
        fr = err.sentence("fr")
        assert repr(err.token) in fr and " : " in fr
        assert err.sentence("en") == str(err)


def test_a_notation_error_in_french_names_the_field_and_token():
    with pytest.raises(NotationError) as err:
        Cafe.parse("RU GB FR ES XX | b1:RUf")
    assert err.value.sentence("fr") == ("tables : 'XX' n'est pas un code de nation "
                                        "(CF CN CU DE ES FR GB IN IT RU TR US)")


def test_helpers_print_one_line_instead_of_raising(capsys):
    assert read("RU GB FR ES XX | b1:RUf") is None
    play("RU GB FR ES XX", "RUf@c2")
    check(E12, "ITx@c2")
    where(E12, "XXf")
    check(E12, "RUf@c2", lang="fr")
    play(E12, "RUm@c2", lang="fr")
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "Cannot read this notation: tables: 'XX' is not a nation code (CF CN CU DE ES FR GB IN IT RU TR US)",
        "Cannot read this notation: tables: 'XX' is not a nation code (CF CN CU DE ES FR GB IN IT RU TR US)",
        "Cannot read this notation: placement: 'ITx' is not a guest: write a nation code and f or m, "
        "for example RUf or ITm",
        "Cannot read this notation: guest: 'XXf' is not a guest: write a nation code and f or m, "
        "for example RUf or ITm",
        "RUf@c2 : permis, 8 points (b2 +6, d2 +0, c3 +2)",
        "refusé par R6 : RUm@c2 : la table française c3 aurait deux hommes et aucune femme (R6).",
    ]
    assert isinstance(read(E12), Cafe)


def test_check_given_a_whole_turn_says_it_takes_one_card(capsys):
    check(E12, "RUf@c2, ITf@c4")
    assert capsys.readouterr().out == (
        'check takes one card, for example RUf@c2; to try the whole turn RUf@c2, ITf@c4, use '
        'play(cafe, "RUf@c2, ITf@c4")\n')


def test_french_agrees_with_the_guest_who_sits_alone(capsys):
    check(E12, "ITm@e4", lang="fr")
    check(E12, "ITf@e4", lang="fr")
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(" ; seul à sa table, la carte suivante doit le rejoindre (R7)")
    assert out[1].endswith(" ; seule à sa table, la carte suivante doit la rejoindre (R7)")
    assert "seul(e)" not in check_points(E12, "ITf@e4", 0, lang="fr").message
    assert "Elle est seule à sa table : une seconde carte du tour doit la rejoindre (R7)" in \
        check_points(E12, "ITf@e4", 0, lang="fr").message


def test_report_in_french_table_by_table(capsys):
    play(E12, "RUf@c2, ITf@c4, ITm@d3", lang="fr")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "RUf@c2 : 8 points"
    assert out[1].split() == ["Table", "russe", "b2", ":", "6", "(3", "clients,", "tous", "de", "la",
                              "nation", "de", "la", "table", ":", "doublé)"]
    assert "    pleine, débarrassée : c3 (R9)" in out
    assert out[-1] == "tour : 23 points"


def test_seats_review_and_last_turns_in_french(capsys):
    seats(lang="fr")
    game = Game.new(players=2, seed=12)
    last_turns(game, lang="fr")
    review(game, lang="fr")
    game.play("CFm@c2, ESf@b3, ITf@d3")
    review(game, lang="fr")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "b1 : touche b2"
    assert out[12:14] == ["personne n'a encore joué", "rien à revoir pour l'instant"]
    assert out[14].startswith("  1. joueur 1 : a posé CFm@c2, ESf@b3, ITf@d3 = 9   (le meilleur alors : ")


def test_an_exercise_not_answered_yet_says_so():
    assert check_points(E12, "RUf@c2", ...).message == (
        "Your turn: write your answer in place of ... and run the cell again.")
    assert check_seats(E12, "ITm", ..., lang="fr").message == (
        "À vous : écrivez votre réponse à la place de ... et relancez la cellule.")
    grade = Puzzle(E12, "RUf ITf ITm DEm").grade(...)
    assert not grade.solved and grade.best_points == 23 and grade.message.startswith("Your turn")


def test_show_and_result_in_french(capsys):
    from cafe_widget.teach import result, show

    game = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / CNf ITm | - / - | 0 0 | to:1")
    game.play("DEm@a2")
    game.declare_end()
    show(game, lang="fr")
    result(game, lang="fr")
    show("RU GB FR ES XX")
    out = capsys.readouterr().out.splitlines()
    assert out[6:] == [
        "  pioche des tables : FR",
        "  pioche des clients : 3 cartes",
        "  joueur 1 :   4 points, main  0, face cachée 0",
        "  joueur 2 :   0 points, main  2, face cachée 0",
        "  partie finie (R12c)",
        "place  joueur  score    malus  final",
        "    1       1      4        0      4",
        "    2       2      0       -4     -4",
        "Cannot read this notation: tables: 'XX' is not a nation code (CF CN CU DE ES FR GB IN IT RU TR US)",
    ]


def test_the_french_widget_answers_in_french():
    from cafe_widget import CafeWidget

    w = CafeWidget(game=Game.new(players=2, seed=3), players=["human", "computer"], lang="fr")
    w.command("RUx@c2")
    assert w.status == ("placement : 'RUx' n'est pas un client : écrivez un code de nation et f "
                        "ou m, par exemple RUf ou ITm")
    w.command("blah")
    assert w.status.endswith("ou l'un de : RUf@c2, nouvelle, bilan, arrière, avancer, annuler, "
                             "fin, piocher, cachée ITm, déclarer, conseil.")
    before = w.game.format()
    w._text.value = "RU GB FR ES XX"
    w._guarded(w._load_clicked)       # over a game going on: asked first
    w._guarded(w._load_clicked)
    assert w.status == "tables : 'XX' n'est pas un code de nation (CF CN CU DE ES FR GB IN IT RU TR US)"
    assert w.game.format() == before


def test_predict_checks_an_answer_only_once_given(capsys):
    from cafe_widget.teach import predict

    game = Game.parse("DE GB IT CN CF | - | FR | GBm | DEf / ITm | - / - | 0 0 | to:1")
    game.draw()                                     # the last guest card: over (R12b)
    finals = [s.final for s in game.result().standings]
    predict(..., finals, explain=game)
    predict("-4, -2", finals, explain=game)
    predict((-4, -1), finals)
    predict("non", False, explain=game.explain_draw(), lang="fr")
    predict("player 1", "player 1")
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "Your turn: write your answer in place of ... and run the cell again.",
        "Right: -4 and -2.",
        "place  player  score  penalty  final",
        "    1       2      0       -2     -2",
        "    2       1      0       -4     -4",
        "Not quite: number 2 of your 2 is too high.",
        "Juste : non.",
        "La partie est finie (R12).",
        "Right: player 1.",
    ]


def test_read_of_an_exercise_not_answered_yet(capsys):
    assert read("") is None and read(..., lang="fr") is None
    assert capsys.readouterr().out.splitlines() == [
        "Your turn: write your answer in place of ... and run the cell again.",
        "À vous : écrivez votre réponse à la place de ... et relancez la cellule."]


def test_a_turn_refused_at_its_end_is_pictured_with_the_lonely_card(capsys):
    from cafe_widget.teach import refused

    alone = refused("DE GB IT CN CF", "DEf@b1", turn=True)
    assert alone.captions == ["A German woman on b1 sits alone at the German table b2 and scores "
                              "nothing: another guest must join her before the turn ends (R7)."]
    assert alone.cafes[0].format() == "DE GB IT CN CF | -"            # drawn faded, not seated
    assert "R7" in alone.scenes[0].texts()
    second = refused("DE GB IT CN CF | d1:GBf", "DEf@b1, GBm@e2")
    assert second.captions[0].startswith("GBm@e2: a German woman on b1 sits alone")
    assert second.cafes[0].guest("b1") == "DEf" and second.cafes[0].guest("e2") is None
    fine = refused("DE GB IT CN CF", "DEf@b1, DEm@a2", lang="fr")
    assert fine.captions == ["DEf@b1, DEm@a2 : permis, 4 points (b2 +4)"]


def test_a_puzzle_example_uses_its_own_hand():
    puzzle = Puzzle("DE GB IT CN CF | b1:DEf e2:GBm", "DEm GBf ITf")
    assert 'written like "DEm@d1"' in puzzle.grade(...).message     # a card of the hand, refused (R5)
    assert puzzle.grade("DEm@d1").rule == "R5"
