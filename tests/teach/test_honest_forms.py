"""Honest answers read as the student meant them: a closing full stop or « non ! », seats joined
with "and" (et, und) or semicolons, "refused (R6)", a combining accent or a full-width digit,
numbers beside seat names, numbers in any order, a turn typed loosely, a whole float. Each is
right on the exercises' own questions, the right answers worked out by the engine; a wrong or
unreadable answer in the same forms stays wrong or unread (no try)."""

import contextlib
import io
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cafe_widget.engine import Board, Cafe
from cafe_widget.teach.board_practice import board_puzzles, check_board_points, check_chairs
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.lessons import predict
from cafe_widget.teach.practice import check_points, check_seats

SEATS_CAFE = "GB DE IT DE CF"                             # DEf: where may she sit?
REFUSED_CAFE = "DE GB IT CN CF | b1:DEf a2:DEm c4:ITm"    # DEm@b3: refused
E41 = "DE GB IT CN CF | d1:GBf c2:GBm d3:GBf | FR"       # exercise 4.1: GBm@e2
BOARD = "b1:CFf | -"

DEF_SEATS = list(Cafe.parse(SEATS_CAFE).begin_turn().seat_scores("DEf"))
E41_POINTS = Cafe.parse(E41).begin_turn().place("GBm", "e2").cards[-1].points
ITM_CHAIRS = Board.parse(BOARD).legal_chairs("ITm")
BOARD_POINTS = Board.parse(BOARD).play("CFm@a2, ITf@c2").points
CARD_PUZZLE = Puzzle("DE GB IT CN CF", "DEf ITm")


def test_the_questions_are_what_the_tests_say():
    """The engine's answers the forms below are checked against."""
    assert DEF_SEATS == ["d1", "c2", "e2", "b3", "d3", "a4", "c4", "b5"]
    assert Cafe.parse(REFUSED_CAFE).explain("DEm@b3").rule == "R6"
    assert Board.parse(BOARD).explain("ITm@a2").rule == "B5"
    assert (E41_POINTS, BOARD_POINTS) == (8, 7)
    assert ITM_CHAIRS == ["d1", "f1", "c2", "e2", "g2", "d3", "f3"]
    assert CARD_PUZZLE.best.text == "DEf@c2, ITm@b3"


# -- 1, 2: closing punctuation; seats joined with words or semicolons ------------------------

@pytest.mark.parametrize("seats", [
    "d1 c2 e2 b3 d3 a4 c4 b5.",
    "d1 c2 e2 b3 d3 a4 c4 b5 .",
    "d1, c2, e2, b3, d3, a4, c4 and b5",
    "d1, c2, e2, b3, d3, a4, c4, and b5!",
    "d1, c2, e2, b3, d3, a4, c4 et b5",
    "d1, c2, e2, b3, d3, a4, c4 et b5 !",
    "d1, c2, e2, b3, d3, a4, c4 und b5.",
    "d1; c2; e2; b3; d3; a4; c4; b5",
    "D1 C2 E2 B3 D3 A4 C4 & B5…",
])
def test_an_honest_list_of_seats_is_right(seats):
    assert check_seats(SEATS_CAFE, "DEf", seats).right


@pytest.mark.parametrize("chairs", ["d1, f1, c2, e2, g2, d3 and f3.", "d1; f1; c2; e2; g2; d3 und f3 !",
                                    "d1 f1 c2 e2 g2 d3 et f3"])
def test_an_honest_list_of_chairs_is_right(chairs):
    assert check_chairs(BOARD, "ITm", chairs).right


@pytest.mark.parametrize("nowhere", ["nowhere.", "none !", "aucune.", "nulle part !", "keine.", "nirgendwo."])
def test_nowhere_with_a_full_stop_is_nowhere(nowhere):
    assert check_seats(SEATS_CAFE, "RUf", nowhere).right          # no Russian table: nowhere (R5)
    assert check_chairs(BOARD, "ITm", nowhere).stage == "nudge"     # read as nowhere, and wrong


@pytest.mark.parametrize("seats,stage", [
    ("d1, c2, e2, b3, d3, a4 and c4.", "nudge"),        # b5 missing: wrong, a try
    ("d1 c2 e2 b3 d3 a4 c4 b5 b1.", "nudge"),           # b1 refused: wrong, a try
    ("d1 c2 e2 b3 d3 a4 c4 b5 z9.", ""),                # no seat z9: not read, no try
    ("d1 c2 e2 b3 d3 a4 c4 b5 and", ""),                # "and" joins nothing: not read
    ("and d1 c2 e2 b3 d3 a4 c4 b5", ""),
    ("d1 c2 e2 b3 d3 a4 c4 and and b5", ""),
    ("d1 c2 e2 b3 d3 a4 c4 b5 nowhere", ""),            # two answers mixed
    (".", ""),
    ("c2 b3 and", ""),
])
def test_a_wrong_or_unreadable_list_in_an_honest_form_stays_so(seats, stage):
    verdict = check_seats(SEATS_CAFE, "DEf", seats)
    assert not verdict.right and verdict.stage == stage


def test_a_dangling_and_is_named_as_the_answer_that_cannot_be_read():
    verdict = check_seats(SEATS_CAFE, "DEf", "c2 b3 and")
    assert "'and'" in verdict.message and verdict.tries == 0
    assert check_chairs(BOARD, "ITm", "c2 d1 und").stage == ""


# -- 1, 3, 4, 8: points ----------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "refused", "refused.", "Refused!", "refusé", "refusé !", "refuse\u0301", "REFUSE\u0301.", "non.", "non !",
    "nein.", "abgelehnt", "not allowed.", "x", "refused (R6)", "refused(R6)", "refused: R6", "refused, R6",
    "refused R6", "refusé (R6)", "refusé : R6", "Refused (r6).", "abgelehnt (R6)", "refused (R12c)",
])
def test_an_honest_refusal_is_right(said):
    verdict = check_points(REFUSED_CAFE, "DEm@b3", said)
    assert verdict.right and verdict.stage == "right"


@pytest.mark.parametrize("said", ["8", "8.", "8 !", "8 points.", "8 Punkte", "+8", "8.0", "8.0 points", 8.0, "８",
                                  " 8 …"])
def test_an_honest_number_of_points_is_right(said):
    assert check_points(E41, "GBm@e2", said).right


@pytest.mark.parametrize("said,stage", [
    ("refused (R6)", "nudge"),      # GBm@e2 is allowed: "refused" is wrong, whatever the rule
    ("9.", "nudge"),
    ("7 points !", "nudge"),
    ("8.5", ""),                    # not a whole number: not read
    ("8 (R6)", ""),                 # two answers mixed
    ("refused 8", ""),
    ("8 refused", ""),
    ("R6", ""),                     # a rule alone is not a number of points
    ("refused (R6) 8", ""),
    ("!", ""),
])
def test_a_wrong_or_mixed_number_stays_wrong_or_unread(said, stage):
    verdict = check_points(E41, "GBm@e2", said)
    assert not verdict.right and verdict.stage == stage


def test_a_number_is_wrong_for_a_refused_card_and_its_rule_id_is_no_number():
    assert check_points(REFUSED_CAFE, "DEm@b3", "6.").stage == "nudge"
    assert not check_points(REFUSED_CAFE, "DEm@b3", "6").right


@pytest.mark.parametrize("said", ["7.", "7 points !", "+7", "7.0"])
def test_the_board_reads_points_the_same_way(said):
    assert check_board_points(BOARD, "CFm@a2, ITf@c2", said).right


@pytest.mark.parametrize("said", ["refused (B5)", "refusé : B5", "refused.", "abgelehnt !"])
def test_a_board_refusal_with_its_rule_is_right(said):
    assert check_board_points(BOARD, "ITm@a2", said).right


def test_an_unreadable_answer_still_costs_no_try():
    assert check_points(E41, "GBm@e2", "8 (R6)").tries == 0
    assert check_points(E41, "GBm@e2", "9.").stage == "nudge"
    assert check_points(E41, "GBm@e2", "refused 8").tries == 0
    assert check_points(E41, "GBm@e2", "10 !").stage == "hint"
    assert check_points(E41, "GBm@e2", "8.").stage == "right"


# -- 5, 6, 8: predict ------------------------------------------------------------------------

@pytest.mark.parametrize("answer,truth", [
    ("c4: 3, b1: 1", (3, 1)),
    ("3 and 1", (3, 1)), ("3, 1", (3, 1)), ("3 et 1.", (3, 1)), ("3; 1", (3, 1)),
    ("8 points", 8), ("8 points.", 8), ("-1", -1), ("−1", -1), ("８", 8),
    (8.0, 8), ("8.0", 8), ("8.", 8),
    ("5, 1", {1, 5}), ("1, 5", {1, 5}), ((5, 1), {1, 5}), ({5, 1}, {1, 5}), ("5 and 1.", frozenset({1, 5})),
    ("no.", False), ("Yes!", True), ("non !", False), ("oui.", True), ("nein.", False), ("ja !", True),
])
def test_an_honest_prediction_is_right(answer, truth, capsys):
    assert predict(answer, truth).right


@pytest.mark.parametrize("lang,right", [("en", "Right: 1 and 5."), ("fr", "Juste : 1 et 5.")])
def test_numbers_in_any_order_are_said_sorted(lang, right, capsys):
    assert predict("5, 1", {1, 5}, lang=lang).message == right
    assert predict(..., {5, 1}, show=True, lang=lang).expected == right.split(": ", 1)[1].rstrip(".")


def test_a_french_no_with_its_space_before_the_exclamation_mark(capsys):
    assert predict("non !", False, lang="fr").message == "Juste : non."


@pytest.mark.parametrize("answer,truth", [
    ("c4: 2, b1: 1", (3, 1)), ("1, 3", (3, 1)),           # in order, when order matters
    ("5, 2", {1, 5}), ("1, 5, 2", {1, 5}), ("5", {1, 5}),
    (8.5, 8), ("8.5", 8), ("oui !", False), ("-1", 1),
])
def test_a_wrong_prediction_in_an_honest_form_is_wrong(answer, truth, capsys):
    verdict = predict(answer, truth)
    assert verdict is not None and not verdict.right and verdict.stage == "nudge"


def test_a_prediction_of_numbers_in_any_order_is_nudged_without_a_place(capsys):
    nudge = predict("5, 2", {1, 5}).message
    assert "number 1" not in nudge and "number 2" not in nudge


@pytest.mark.parametrize("answer", ["R6", "c4 b1", "maybe."])
def test_a_prediction_with_no_number_is_not_read(answer, capsys):
    assert predict(answer, (3, 1)) is None


# -- 7: a turn typed loosely -----------------------------------------------------------------

@pytest.mark.parametrize("turn", [
    "DEf@c2; ITm @ b3.", "DEf@c2, ITm@b3.", "DEf@c2 and ITm@b3", "DEf@c2 et ITm@b3 !", "DEf@c2 und ITm@b3",
    "DEf@c2;ITm@b3", "DEf @ c2 ; ITm @b3 .",
    "DEf＠c2，ITm＠b3", "DEf@C2, and ITm@B3.",
])
def test_an_honest_turn_solves_the_card_puzzle(turn):
    grade = CARD_PUZZLE.grade(turn)
    assert grade.solved and grade.points == grade.best_points and grade.stage == "right"


@pytest.mark.parametrize("turn,token", [("DEf@c2 and", "and"), ("and DEf@c2", "and"),
                                        ("DEf@c2; ITm @ z9.", "z9"), ("DEf@c2 ITm", "ITm")])
def test_a_turn_that_is_not_notation_is_still_not_read(turn, token):
    grade = CARD_PUZZLE.grade(turn)
    assert grade.token == token and grade.stage == "" and grade.tries == 0


def test_a_wrong_turn_in_an_honest_form_is_still_wrong():
    refused = CARD_PUZZLE.grade("DEf@c2; DEf @ b3.")                 # one DEf in the hand (R4)
    assert refused.rule == "R4" and refused.stage == "nudge"
    short = CARD_PUZZLE.grade("DEf@c2 and ITm@c4.")                   # 2 points of 4: the second try
    assert not short.solved and short.points == 2 and short.stage == "hint"


def _two_tile_board_puzzle():
    return next(p for p in board_puzzles() if p.best.kind == "seat" and len(p.best.cards) == 2)


@pytest.mark.parametrize("sep,at,end", [("; ", " @ ", "."), (" and ", "@", " !"), (" und ", " @", ""),
                                        (", ", "@ ", "…")])
def test_an_honest_action_solves_the_board_puzzle(sep, at, end):
    p = _two_tile_board_puzzle()
    action = sep.join(t.text.replace("@", at) for t in p.best.cards) + end
    assert p.grade(action).solved


def test_a_board_action_to_the_bar_or_a_swap_reads_with_a_full_stop():
    p = next(p for p in board_puzzles() if p.best.kind in ("bar", "swap"))
    assert p.grade(p.best.text.replace("@", " @ ") + ".").solved


# -- properties: any decoration of a right answer is right -----------------------------------

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JOINS = st.sampled_from([" ", ", ", ",", "; ", ";", " and ", " et ", " und ", " & ", ", and "])
ENDS = st.sampled_from(["", ".", " .", "!", " !", "?", "…", " …", "!!"])
FORM = st.sampled_from(["NFC", "NFD"])


def _cased(word: str, upper: bool) -> str:
    return word.upper() if upper else word


@PROPERTY
@given(order=st.permutations(DEF_SEATS), join=JOINS, end=ENDS, upper=st.lists(st.booleans(), min_size=8, max_size=8),
       pad=st.sampled_from(["", " ", "  "]))
def test_any_honest_list_of_the_right_seats_is_right(order, join, end, upper, pad):
    seats = pad + join.join(_cased(s, u) for s, u in zip(order, upper)) + end + pad
    assert check_seats(SEATS_CAFE, "DEf", seats).right, seats


@PROPERTY
@given(word=st.sampled_from(["refused", "refusé", "Refusée", "REFUSÉ", "interdit", "abgelehnt", "verboten",
                             "non", "nein", "no", "not allowed", "nicht erlaubt", "x"]),
       rule=st.sampled_from(["", " (R6)", "(R6)", ": R6", " : R6", ", R6", " R6", " (r6)", " – R6"]),
       end=ENDS, form=FORM)
def test_any_honest_refusal_is_right(word, rule, end, form):
    said = unicodedata.normalize(form, word + rule + end)
    assert check_points(REFUSED_CAFE, "DEm@b3", said).right, said


@PROPERTY
@given(order=st.permutations([1, 5]), join=JOINS, end=ENDS,
       labels=st.booleans())
def test_any_honest_prediction_of_numbers_in_any_order_is_right(order, join, end, labels):
    parts = [f"c{n}: {n}" if labels else str(n) for n in order]    # "c5: 5": the seat's 5 is no number
    answer = join.join(parts) + end
    with contextlib.redirect_stdout(io.StringIO()):        # predict prints its verdict
        assert predict(answer, {1, 5}).right, answer


@PROPERTY
@given(join=st.sampled_from([", ", ",", "; ", ";", " ", " and ", " et ", " und ", ", and "]), end=ENDS,
       spaces=st.sampled_from(["@", " @ ", "@ ", " @", "＠"]), upper=st.booleans())
def test_any_honest_turn_solves_the_puzzle(join, end, spaces, upper):
    turn = join.join(g + spaces + _cased(s, upper) for g, s in (("DEf", "c2"), ("ITm", "b3"))) + end
    assert CARD_PUZZLE.grade(turn).solved, turn

