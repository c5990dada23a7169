"""The ladder's words at every try — a refused answer says so at every
try, hints name the rule and where to look (never the count, never the verdict), an unreadable
answer is named as the answer, an empty answer is not answered yet, and the puzzles' titles
speak the student's language."""

import re

import pytest

from cafe_widget.i18n import language
from cafe_widget.teach.board_practice import BoardPuzzle, board_puzzles, check_board_points, check_chairs
from cafe_widget.teach.card_puzzles import Puzzle, puzzles
from cafe_widget.teach.lessons import predict
from cafe_widget.teach.practice import check_points, check_seats

E41 = "DE GB IT CN CF | d1:GBf c2:GBm d3:GBf | FR"      # exercise 4.1: GBm@e2 scores 8
CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"


@pytest.fixture
def english():
    before = language()
    language("en")
    yield
    language(before)


# -- item 3: a refused answer says so at every try --------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_refused_puzzle_answer_says_refused_and_its_rule_at_every_try(lang):
    p = puzzles(1)[1]                                   # exercise 12.1
    grades = [p.grade("USf@a2", lang) for _ in range(3)]
    assert [g.stage for g in grades] == ["nudge", "hint", "answer"]
    for g in grades:
        assert g.rule == "R5" and "(R5)" in g.message
    assert grades[1].message.startswith(grades[0].message)     # the refusal, then the hint
    assert grades[1].hint and grades[1].message.endswith(grades[1].hint)


def test_the_french_puzzle_of_lesson_5_refused_twice_says_so_twice():
    p = Puzzle("DE GB IT CN CF | b1:DEf e2:GBm | FR", "DEm GBf ITf")    # exercise 5.2, in French
    first, second = p.grade("ITf@a2", "fr"), p.grade("ITf@a2", "fr")      # no Italian table by a2 (R5)
    assert first.rule is not None and second.stage == "hint"
    assert second.message.startswith(first.message) and f"({first.rule})" in second.message
    assert second.message.endswith(second.hint) and second.hint.startswith("Indice")


def test_a_board_action_with_a_tile_not_in_hand_says_refused_at_the_hint_too():
    p = board_puzzles(2)[4]                             # exercise 14.4
    assert p.grade("bar ITf").stage == "nudge"
    second = p.grade("bar ITf")
    assert second.stage == "hint" and "(B4)" in second.message and second.message.endswith(second.hint)


def test_a_legal_answer_short_of_the_best_gets_the_hint_alone():
    p = puzzles(1)[1]
    legal = p.best.cards[0].text
    p.grade(legal)
    g = p.grade(legal)
    if not g.solved:
        assert g.stage == "hint" and g.message == g.hint


# -- item 5: hints name the rule and where to look, never the count or the verdict -----------

def test_the_points_hint_gives_no_count_of_guests():
    first = check_points(E41, "GBm@e2", 4)
    second = check_points(E41, "GBm@e2", 4)
    assert second.stage == "hint" and "(R8)" in second.hint and "d2" in second.hint
    for text in (first.message, second.message):
        assert not re.search(r"\b8\b", text) and "4 guests" not in text and "all of its nation" not in text


def test_a_refused_placement_nudge_does_not_ask_whether_the_card_may_sit_at_all():
    refused = check_points(CAFE, "ITm@c2", 4)           # the men's side: no Italian table by c2 (R5)
    assert refused.expected == "refused" and refused.stage == "nudge"
    assert "at all" not in refused.message and "may" not in refused.message
    legal = check_points(CAFE, "RUf@c2", 3)
    assert legal.stage == "nudge"
    # the refused nudge names the seating rules and the counting rule alike: no verdict
    for rule in ("R5", "R8"):
        assert rule in refused.message


def test_the_board_refused_nudge_gives_no_verdict():
    board = "b1:CFf | -"
    refused = check_board_points(board, "ITm@a2", 3)
    assert refused.expected == "refused" and refused.stage == "nudge"
    assert "at all" not in refused.message and "B8" in refused.message


@pytest.mark.parametrize("cafe, move, rule, card", [
    ("RU GB FR ES IT | b1:RUf", "RUm@a2, RUf@d1, GBm@d1, GBf@e2", "R5", "RUf@d1"),   # the 2nd card, not the last
    ("RU GB FR ES IT | b1:RUf a2:RUf c2:RUf d1:RUf", "RUf@b3", "R1", "RUf@b3"),     # a 5th RUf
    ("RU GB FR ES IT | b1:RUf", "RUm@a2, GBf@d1, GBm@e2, RUf@b3", "R4", "RUf@b3"),   # a 4th card
])
def test_a_refused_placement_is_hinted_at_by_its_own_rule_and_card(english, cafe, move, rule, card):
    nudge, hint, answer = (check_points(cafe, move, 4) for _ in range(3))
    assert (nudge.stage, hint.stage, answer.stage) == ("nudge", "hint", "answer")
    assert nudge.rule == hint.rule == answer.rule == rule and answer.expected == "refused"
    seat = card.split("@")[1]
    assert f"seat {seat} touches" in nudge.message and "(R8)" in nudge.message
    if rule == "R5":      # the seating rules, and the seat of the card they refuse
        assert "rules of seating (R5–R7)" in nudge.message and f"seat {seat} touches" in hint.message
        assert "(R5)" in hint.message and "(R6)" in hint.message
    else:                 # its own rule, with the other rules of a turn: no verdict yet
        assert rule in nudge.message and "R4–R7" in nudge.message and "seating" not in nudge.message
        assert hint.message == f"Hint: read rule {rule} again, then look at {card}."
    assert f"({rule})" in answer.message and "refused" not in nudge.message + hint.message


def test_a_refused_board_turn_is_hinted_at_by_its_own_rule_and_tile(english):
    nudge, hint, answer = (check_board_points("b1:CFf | -", "CFm@a2, CFf@c2, CFm@d1", 3) for _ in range(3))
    assert [f.rule for f in (nudge, hint, answer)] == ["B4"] * 3 and answer.expected == "refused"
    assert "rules of a turn (B4–B7)" in nudge.message and "seating" not in nudge.message
    assert hint.message == "Hint: read rule B4 again, then look at CFm@d1."
    assert "at most 2 tiles (B4)" in answer.message
    seated = [check_board_points("b1:CFf | -", "ITm@a2", 3) for _ in range(2)]   # B5: the chairs' hint
    assert seated[0].rule == "B5" and "rules of seating (B5–B7)" in seated[0].message
    assert "ITm sits only on a chair" in seated[1].message


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_hint_of_another_rule_is_translated(lang):
    for check, args, rule in ((check_points, ("RU GB FR ES IT | b1:RUf", "RUm@a2, GBf@d1, GBm@e2, RUf@b3", 4), "R4"),
                              (check_board_points, ("b1:CFf | -", "CFm@a2, CFf@c2, CFm@d1", 3), "B4")):
        nudge, hint = (check(*args, lang=lang) for _ in range(2))
        assert rule in nudge.message and rule in hint.message
        assert "Check" not in nudge.message and "read rule" not in hint.message


def test_the_seat_and_chair_hints_name_the_rules_and_not_the_seats():
    seats = [check_seats(CAFE, "ITm", "c2") for _ in range(2)][1]
    assert seats.stage == "hint" and "(R5)" in seats.message and "e4" not in seats.message
    chairs = [check_chairs("d1:ITm f1:ITf | -", "ITm", "c2") for _ in range(2)][1]
    assert chairs.stage == "hint" and "(B5)" in chairs.message and "g2" not in chairs.message


def test_the_board_points_hint_gives_no_count():
    board = "b1:CFf | -"
    check_board_points(board, "CFm@a2", 1)
    g = check_board_points(board, "CFm@a2", 1)
    assert g.stage == "hint" and "(B8)" in g.message and not re.search(r"\d+ guests?", g.message)


def test_predict_hints_give_no_number_of_the_answer_and_no_verdict(capsys):
    predict(3, 8)
    h = predict(3, 8)
    assert h.stage == "hint" and "8" not in h.message and "5" not in h.message and "10" not in h.message
    predict((1, 2), (7, 9))
    h = predict((1, 2), (7, 9))
    assert "7" not in h.message and "9" not in h.message
    from cafe_widget import Cafe
    refusal = Cafe.parse(CAFE).begin_turn().explain("ITm@c2")
    predict(True, False, explain=refusal)
    no = predict(True, False, explain=refusal)
    predict(False, True)
    yes = predict(False, True)
    assert no.message == yes.message                   # the hint does not tell which


# -- item 6: an unreadable answer is the answer's fault, not the question's -------------------

@pytest.mark.parametrize("chairs", ["zz", "c2 zz", ["c2", 3]])
def test_check_chairs_names_the_answer_when_it_cannot_read_it(chairs):
    g = check_chairs("d1:ITm f1:ITf | -", "ITm", chairs)
    assert g.message.startswith("Could not read your answer") and g.stage == ""
    assert "question" not in g.message
    assert check_chairs("d1:ITm f1:ITf | -", "ITm", "g2 f3").right     # no try was counted


def test_check_chairs_still_blames_a_question_it_cannot_read():
    assert check_chairs("zz | -", "ITm", "c2").message.startswith("Could not read the question")


# -- item 7: an empty answer is not answered yet ----------------------------------------------

@pytest.mark.parametrize("empty", ["", "   ", "\n"])
def test_an_empty_answer_costs_no_try_in_the_seat_and_chair_checks(empty):
    for _ in range(3):
        chairs = check_chairs("d1:ITm f1:ITf | -", "ITm", empty, exercise=None)
        seats = check_seats(CAFE, "ITm", empty)
        assert chairs.stage == seats.stage == "" and chairs.tries == seats.tries == 0
        assert chairs.message.startswith("Your turn") and seats.message.startswith("Your turn")
    assert check_chairs("d1:ITm f1:ITf | -", "ITm", "g2").stage == "nudge"
    assert check_seats(CAFE, "ITm", "e4").stage == "nudge"


def test_nowhere_is_still_an_answer():
    assert check_seats(CAFE, "CNm", "-").right
    assert check_chairs("d1:ITm f1:ITf | -", "CNm", "-").stage in ("right", "nudge")


# -- item 8: the puzzles' titles in the student's language ------------------------------------

def test_puzzle_titles_speak_the_language(english):
    p, b = puzzles(1)[0], board_puzzles(1)[0]
    assert p.title == "level 1, puzzle 1" and b.title == "level 1, puzzle 1"
    assert Puzzle(CAFE + " | US", "RUf ITm").title == "puzzle"
    language("fr")
    assert p.title != "level 1, puzzle 1" and "1" in p.title and b.title == p.title
    assert p.title_in("de") != p.title and "1" in p.title_in("de")
    assert BoardPuzzle("b1:CFf | -", "CFm ITf").title_in("fr") != "puzzle"


# -- item 4: a puzzle's typed hint is the ladder's, never the whole best action ---------------

def test_the_board_puzzle_typed_hint_is_the_ladders_hint_not_the_best_action():
    from cafe_widget.widget import BoardWidget
    w = BoardWidget.puzzle(1)
    p = board_puzzles(1)[0]
    w.command("hint")
    assert w.status == p.hint() and p.best.text not in w.status and w.view().hint == ()
    assert p.grade("zz").stage == ""          # no try was counted by the hint


def test_the_card_puzzle_typed_hint_is_the_ladders_hint_too():
    from cafe_widget.widget import CafeWidget
    w = CafeWidget.puzzle(1)
    p = puzzles(1)[0]
    w.command("hint")
    assert w.status == p.hint() and p.best.text not in w.status


def test_a_puzzle_hint_holds_no_best_action_and_no_points():
    for p in puzzles(1)[:3] + board_puzzles(2)[:3]:
        h = p.hint("fr")
        assert p.best.text not in h and not re.search(rf"\b{p.best_points}\b", h)


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_points_answer_is_not_answered_yet_either(empty):
    assert check_points(CAFE, "RUf@c2", empty).message.startswith("Your turn")
    assert check_board_points("b1:CFf | -", "CFm@a2", empty).message.startswith("Your turn")
    assert check_points(CAFE, "RUf@c2", 3).tries == 1
