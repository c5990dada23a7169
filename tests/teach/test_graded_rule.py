"""A graded assignment's rule in the student's kernel: once on it stays on, a folder
holding ``cafe_assignment.txt`` turns it on at the import, no call hands out an answer (a
puzzle's ``best`` or ``solution()``, a verdict's fields), the puzzles' example turn is never an
allowed one, and a kernel nbgrader runs records no progress."""

from __future__ import annotations

import dataclasses
import json
import time
import os
import subprocess
import sys
import textwrap

import pytest

from cafe_widget.teach import (BoardPuzzle, Puzzle, board_puzzles, check_board_points, check_chairs, check_points,
                               check_seats, predict, puzzles)
from cafe_widget.teach import progress_file as prog
from cafe_widget.teach.ladder import ASSIGNMENT_FILE, TRIES, GradedRule, assignment_mode

CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"
E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"
BOARD = "b1:CFf | -"
NOT_SHOWN = "In a graded assignment the answer is not shown: your teacher goes over it afterwards."
STAYS_ON = "A graded assignment's rule stays on in this kernel: it cannot be turned off."
NO_ANSWER = " (In a graded assignment the answer is not shown: your teacher goes over it afterwards.)"


def fields(verdict) -> dict:
    return {f.name: getattr(verdict, f.name) for f in dataclasses.fields(verdict)}


def texts(verdict) -> str:
    """Every text a verdict holds, and its turn's notation: where an answer could leak."""
    out = [v for v in fields(verdict).values() if isinstance(v, str)]
    turn = getattr(verdict, "turn", None)
    return "\n".join(out + ([turn.text] if turn is not None else []))


# -- 1. once on, the rule stays on ----------------------------------------------------------

def test_the_rule_cannot_be_turned_off_once_on(capsys):
    from cafe_widget.classroom import assignment

    assignment_mode(False)                                # off and asked off: nothing to say
    assert capsys.readouterr().out == "" and TRIES.graded is False
    assignment()
    assignment(False)
    assignment_mode(False, lang="fr")
    assignment_mode(False, lang="de")
    assert capsys.readouterr().out.splitlines() == [
        STAYS_ON,
        "La règle d'un devoir noté reste active dans ce noyau : elle ne peut pas être désactivée.",
        "Die Regel einer benoteten Aufgabe bleibt in diesem Kernel aktiv: Du kannst sie nicht ausschalten.",
    ]
    assert TRIES.graded is True
    assert check_points(CAFE, "RUf@c2", answer=True).stage == "hint"


def test_the_rule_cannot_be_set_off_by_hand_either():
    TRIES.graded = False                                  # off already: nothing happens
    assert TRIES.graded is False
    TRIES.graded = True
    with pytest.raises(GradedRule) as refused:
        TRIES.graded = False
    assert str(refused.value) == STAYS_ON
    assert refused.value._render_traceback_() == [STAYS_ON]   # IPython shows the sentence, no traceback
    TRIES.graded = True
    TRIES.forget()                                        # the tries start afresh, the rule stays
    assert TRIES.graded is True
    TRIES._reset_for_tests()                              # only the tests' fresh kernel is off
    assert TRIES.graded is False


def test_ipython_shows_the_refusal_as_one_sentence():
    code = textwrap.dedent("""
        from IPython.core.interactiveshell import InteractiveShell
        shell = InteractiveShell.instance()
        for cell in ("from cafe_widget.teach import puzzles; from cafe_widget.teach.ladder import TRIES, assignment_mode",
                     "assignment_mode(); p = puzzles(1)[0]", "p.best", "TRIES.graded = False", "print(TRIES.graded)"):
            shell.run_cell(cell)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (done.stdout, done.stderr) == (f"{NOT_SHOWN}\n{STAYS_ON}\nTrue\n", "")


# -- 2. an assignment's folder turns the rule on at the import ------------------------------

def _kernel(cwd, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


FRESH_KERNEL = f"""
    from cafe_widget.teach import check_points, puzzles
    from cafe_widget.teach.ladder import TRIES
    f = check_points({CAFE!r}, "RUf@c2", answer=True)
    print(TRIES.graded, f.stage, repr(f.expected), repr(f.solution))
    print(f.message)
    print(puzzles(1)[0].solution())
"""


def test_a_folder_holding_the_assignment_file_turns_the_rule_on_at_the_import(tmp_path):
    assert ASSIGNMENT_FILE == "cafe_assignment.txt"
    (tmp_path / ASSIGNMENT_FILE).write_text("", encoding="utf-8")
    assert _kernel(tmp_path, FRESH_KERNEL).splitlines() == [
        "True hint '' ''",
        "Hint: a table scores a point for each guest at it, two for each when all are of its nation, and nothing "
        "for a guest alone (R8). Once RUf@c2 is down, look at b2, d2, c3: how many guests sit there, and of which "
        "nations?" + NO_ANSWER,
        NOT_SHOWN,
    ]


def test_a_folder_without_it_is_the_course(tmp_path):
    (tmp_path / "other.txt").write_text("", encoding="utf-8")
    lines = _kernel(tmp_path, FRESH_KERNEL).splitlines()
    assert lines[0].startswith("False answer '8' \"RUf@c2 scores 8:")
    assert lines[-1].startswith("The best turn: ")


def test_a_working_directory_that_is_gone_is_no_assignment_and_no_error(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    (gone / ASSIGNMENT_FILE).write_text("", encoding="utf-8")
    code = f"""
        import os
        os.chdir({str(gone)!r})
        os.remove({ASSIGNMENT_FILE!r})
        os.rmdir({str(gone)!r})
        from cafe_widget.teach.ladder import TRIES
        print(TRIES.graded)
    """
    assert _kernel(tmp_path, code) == "False\n"


# -- 3. no answer-giving call works in an assignment ----------------------------------------

def test_a_puzzle_gives_neither_its_best_turn_nor_its_solution():
    p, b = Puzzle(E12, "RUf ITf ITm DEm"), board_puzzles(1)[0]
    assert p.best.text == "RUf@c2, ITm@d3, ITf@c4" and b.best.text == "FRf@e10"       # the course
    assert p.solution().startswith("The best turn: RUf@c2, ITm@d3, ITf@c4 = 23 points")
    assert b.solution().startswith("The best action: FRf@e10 = 6 points")
    assignment_mode()
    for puzzle in (p, b):
        with pytest.raises(GradedRule) as refused:
            puzzle.best
        assert str(refused.value) == NOT_SHOWN and refused.value._render_traceback_() == [NOT_SHOWN]
        assert puzzle.solution() == NOT_SHOWN
        assert puzzle.solution(lang="fr") == ("Dans un devoir noté, la réponse n'est pas montrée : votre enseignant "
                                              "la reprendra ensuite.")
        assert puzzle.solution(lang="de") == ("In einer benoteten Aufgabe wird die Lösung nicht gezeigt: deine "
                                              "Lehrkraft bespricht sie danach.")
    assert (p.best_points, b.best_points) == (23, 6)       # what the question itself says
    assert p.grade("RUf@c2, ITm@d3, ITf@c4").solved and b.grade("FRf@e10").solved      # the puzzles still grade


def test_a_puzzle_verdict_never_holds_the_best_turn():
    assignment_mode()
    p = Puzzle(E12, "RUf ITf ITm DEm")
    verdicts = [p.grade(answer) for answer in ("RUf@c2", "RUf@c2, ITf@c4", "DEm@d1", "ITm@a2", "DEm@d1")]
    verdicts += [p.grade(show=True), p.grade("RUf@c2", show=True)]
    assert [v.stage for v in verdicts] == ["nudge", "hint", "hint", "hint", "hint", "hint", "hint"]
    for v in verdicts:
        assert "RUf@c2, ITm@d3" not in texts(v) and "ITm@d3, ITf@c4" not in texts(v), v
    assert fields(verdicts[5]) == {
        "answer": "...", "legal": False, "rule": None, "points": None, "best_points": 23, "solved": False,
        "message": "Hint: the best turn places 3 cards, the first of them RUf: in which order, on which seats?"
                   + NO_ANSWER,
        "token": None, "turn": None, "stage": "hint", "tries": 6,
        "hint": "Hint: the best turn places 3 cards, the first of them RUf: in which order, on which seats?",
        "nudge": 'Your turn: write your turn in place of ... and run the cell again. A turn is written like "DEm@d1" '
                 "(that one only shows how to write it: it is not allowed here). The best turn scores 23."}
    b = board_puzzles(1)[0]
    for v in (b.grade("FRf@d9"), b.grade("CNf@b1"), b.grade(show=True)):
        assert "FRf@e10" not in texts(v) and v.stage in ("nudge", "hint"), v
    right = p.grade("RUf@c2, ITm@d3, ITf@c4")
    assert right.stage == "right" and right.message.startswith("Solved: RUf@c2, ITm@d3, ITf@c4 makes 23 points")


BLANK = {"expected": "", "solution": "", "answer": ""}


def test_a_wrong_points_answer_holds_no_answer_and_a_right_one_still_says_right():
    assignment_mode()
    wrong = check_points(CAFE, "RUf@c2", 7)
    assert fields(wrong) == {
        "right": False, "stage": "nudge", "tries": 1, "rule": None, **BLANK,
        "message": wrong.nudge, "nudge": "Not quite: that is too few. Count again each table seat c2 touches (b2, "
        "d2, c3): how many guests sit there once the card is down, and are they all of the table's nation (R8)?",
        "hint": "Hint: a table scores a point for each guest at it, two for each when all are of its nation, and "
                "nothing for a guest alone (R8). Once RUf@c2 is down, look at b2, d2, c3: how many guests sit there, "
                "and of which nations?"}
    for v in [check_points(CAFE, "RUf@c2", n) for n in (9, 3, 4)] + [check_points(CAFE, "RUf@c2", answer=True)]:
        assert v.stage == "hint" and {k: fields(v)[k] for k in BLANK} == BLANK and "+6" not in texts(v), v
    turn = check_points(CAFE, "RUf@c2, ITf@c4", answer=True)
    assert (turn.stage, turn.expected, turn.solution, turn.answer) == ("hint", "", "", "")
    assert "13" not in texts(turn)
    right = check_points(CAFE, "RUf@c2", "8 points")
    assert (right.right, right.stage, right.expected) == (True, "right", "8")
    assert right.message.startswith("Right: RUf@c2 scores 8: +6 at the Russian table b2")


def test_a_refused_move_keeps_its_rule_to_itself():
    assignment_mode()
    for v in (check_points(CAFE, "ITm@a2", 3), check_points(CAFE, "ITm@a2", answer=True),
              check_board_points(BOARD, "ITf@a2", 2), check_board_points(BOARD, "ITf@a2", show=True)):
        assert (v.right, v.expected, v.rule, v.solution, v.answer) == (False, "", None, "", ""), v
        assert "refused" not in texts(v) and "may not be" not in texts(v), v
    right = check_points(CAFE, "ITm@a2", "refused")
    assert (right.right, right.expected, right.rule) == (True, "refused", "R5")
    right = check_board_points(BOARD, "ITf@a2", "refused")
    assert (right.right, right.expected, right.rule) == (True, "refused", "B5")


def test_the_seats_and_chairs_checks_hold_no_answer():
    assignment_mode()
    seats = check_seats(CAFE, "ITm", "a2")
    assert fields(seats) == {
        "right": False, "stage": "nudge", "tries": 1, **BLANK,
        "rule": "R5",                                       # the student's own a2, which the nudge names
        "message": seats.nudge, "nudge": "Not quite: you marked 1 seat; right: 0; 2 allowed seats missing; "
                                         "refused: a2 (R5).",
        "hint": "Hint: ITm sits only on a seat beside a table of that nation (R5): here the Italian table d4. At "
                "each seat beside it, would a table the seat touches get two more of one sex than of the other (R6)?"}
    unread = check_seats(CAFE, "ITm", "zz")                   # no try, and no answer either
    assert (unread.stage, unread.expected) == ("", "")
    for v in (check_seats(CAFE, "ITm", "e4"), check_seats(CAFE, "ITm", answer=True)):
        assert v.stage == "hint" and "d5" not in texts(v), v
    chairs = check_chairs(BOARD, "ITm", "c2")
    assert (chairs.stage, chairs.expected, chairs.solution, chairs.answer, chairs.rule) == ("nudge", "", "", "", None)
    assert "d1" not in texts(chairs)
    assert check_chairs(BOARD, "ITm", show=True).expected == ""
    right = check_chairs(BOARD, "ITm", "d1 f1 c2 e2 g2 d3 f3")
    assert (right.right, right.expected) == (True, "d1 f1 c2 e2 g2 d3 f3")
    assert check_seats(CAFE, "ITm", "e4 d5").expected == "e4 d5"


def test_the_course_still_gives_the_answers_the_assignment_hides():
    """The same questions outside an assignment: the fields the assignment blanks hold the answer
    (so the tests above can fail)."""
    assert check_points(CAFE, "ITm@a2", 3).rule == "R5"
    assert check_points(CAFE, "RUf@c2", 7).expected == "8"
    assert check_seats(CAFE, "ITm", "zz").expected == "e4 d5"
    assert check_chairs(BOARD, "ITm", "c2").expected == "d1 f1 c2 e2 g2 d3 f3"


def test_a_prediction_holds_no_answer(capsys):
    assignment_mode()
    verdicts = [predict(n, (2, 4), exercise="1.1") for n in ((3, 4), (2, 5))] + [predict(..., (2, 4), show=True)]
    for v in verdicts:
        assert (v.right, v.expected, v.solution, v.answer) == (False, "", "", ""), v
    assert [v.stage for v in verdicts] == ["nudge", "hint", "hint"]
    yes_no = predict("yes", False, explain="refused by R5")
    assert (yes_no.expected, yes_no.solution, yes_no.answer) == ("", "", "")
    assert "refused by R5" not in capsys.readouterr().out          # the explanation waits for a right answer
    right = predict("2 and 4", (2, 4), exercise="1.1")
    assert (right.right, right.stage, right.expected) == (True, "right", "2 and 4")


# -- 4. the example turn is never an allowed one --------------------------------------------

@pytest.mark.parametrize("graded", [False, True])
def test_every_shipped_puzzles_example_is_refused(graded):
    assignment_mode(graded)
    for p in [*puzzles(), *board_puzzles()]:
        example = p._example()
        grade = p.grade(example)
        rule = "B5" if isinstance(p, BoardPuzzle) else "R5"
        assert (grade.legal, grade.points, grade.rule, grade.solved) == (False, None, rule, False), (p, example)
        assert example.split("@")[0] in p.hand
        assert f'is written like "{example}" (that one only shows how to write it: it is not allowed here)' in \
            p.grade(...).message
    assert Puzzle("DE GB IT CN CF", "DEf ITm")._example() == "ITm@b1"
    assert board_puzzles(2)[9]._example() == "INm@b1"


def test_the_example_in_french_and_german():
    p = Puzzle("DE GB IT CN CF", "DEf ITm")
    assert p.grade(lang="fr").message == (
        "À vous : écrivez votre tour à la place de ... et relancez la cellule. Un tour s'écrit comme « ITm@b1 » "
        "(celui-ci montre seulement la forme : il n'est pas permis ici). Le meilleur tour fait 4.")
    assert p.grade(lang="de").message == (
        "Du bist dran: Schreibe deinen Zug anstelle von ... und führe die Zelle noch einmal aus. Ein Zug wird so "
        "geschrieben: „ITm@b1“ (das zeigt nur die Schreibweise, dieser Zug ist hier nicht erlaubt). Der beste Zug "
        "bringt 4.")


# -- 5. a grader's kernel records nothing ---------------------------------------------------

@pytest.mark.parametrize("execution", ["autograde", "validate"])
def test_a_kernel_nbgrader_runs_records_no_progress(monkeypatch, execution):
    monkeypatch.setenv("NBGRADER_EXECUTION", execution)
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    Puzzle(E12, "RUf ITf ITm DEm").grade("RUf@c2", exercise="12.1")
    assert not prog.path().exists()
    monkeypatch.delenv("NBGRADER_EXECUTION")
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    recorded = json.loads(prog.path().read_text(encoding="utf-8"))["exercises"]
    assert {ex: (e["state"], e["tries"]) for ex, e in recorded.items()} == {"4.1": ("solved", 1)}
    assert abs(recorded["4.1"]["at"] - time.time()) < 60      # when it happened: the live view's time
    assert os.environ.get("NBGRADER_EXECUTION") is None
