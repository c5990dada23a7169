"""The course as a tutor: the try-again ladder of every check (nudge → hint → answer),
and the progress kept between sessions (``teach.progress``, ``cafe_widget.teach.progress_file``)."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from cafe_widget.teach import progress_file as prog
from cafe_widget.teach.ladder import TRIES
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.practice import check_points, check_seats
from cafe_widget.teach import predict, progress

CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"
E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"
ROOT = Path(__file__).resolve().parents[2]


# -- the ladder ---------------------------------------------------------------------------------

def test_a_puzzle_shows_how_far_then_a_hint_then_the_best_turn():
    p = Puzzle(E12, "RUf ITf ITm DEm")
    assert p.grade(...).stage == "" and p.grade("XX").stage == ""          # no try counted
    first = p.grade("RUf@c2")
    assert (first.stage, first.tries) == ("nudge", 1) and first.message == (
        "8 points (Russian table b2 +6, French table c3 +2); the best turn scores 23.")
    second = p.grade("RUf@c2, ITf@c4")
    assert (second.stage, second.message) == (
        "hint", "Hint: the best turn places 3 cards, the first of them RUf: in which order, on which seats?")
    third = p.grade("DEm@d1")
    assert third.stage == "answer" and third.message.endswith(
        "The best turn: RUf@c2, ITm@d3, ITf@c4 = 23 points (Russian table b2 +6, English table d2 +2, "
        "French table c3 +9, Italian table d4 +4, Spanish table b4 +2; c3 full and cleared, R9).")
    assert "RUf@c2, ITm@d3" not in first.message + second.message          # never before the third
    solved = p.grade("RUf@c2, ITm@d3, ITf@c4")
    assert solved.solved and solved.stage == "right" and "not counted as solved" in solved.message


def test_a_right_answer_at_the_first_try_says_so_with_why():
    f = check_points(CAFE, "RUf@c2", 8)
    assert (f.right, f.stage, f.tries) == (True, "right", 1)
    assert f.message == ("Right: RUf@c2 scores 8: +6 at the Russian table b2 (3 guests, all of the "
                         "table's nation: doubled); +0 at the English table d2 (1 guest: alone, no points); +2 at "
                         "the French table c3 (2 guests).")


def test_predict_nudges_then_hints_then_answers_and_explains_only_then(capsys):
    for given in (3, 9, 3, 8):
        predict(given, 8, explain="the turn, table by table", hint="count the Russian table twice.")
    assert capsys.readouterr().out.splitlines() == [
        "Not quite: that is too few.",
        "Hint: count the Russian table twice.",
        "Not quite: you said 3; the answer is 8.",
        "the turn, table by table",
        "Right: 8. (You had seen the answer: this one is not counted as solved.)",
        "the turn, table by table"]
    verdict = predict(12, 23)
    assert verdict.stage == "nudge" and not verdict.right and verdict.message == "Not quite: that is too few."
    assert predict(13, 23).message == "Hint: read the rule in the cells above once more, then answer again."   # no range
    assert predict(True, 23).message == "The answer: 23."              # answer=True asks for it
    assert predict(True, False).message == "Not quite: look again at the rule in the cells above."
    assert predict(..., False, show=True).message == "The answer: no."


def test_the_ladder_speaks_french_and_german():
    assert check_points(CAFE, "RUf@c2", 6, lang="fr").message.startswith("Pas tout à fait : c'est trop peu.")
    assert check_points(CAFE, "RUf@c2", 6, lang="fr").message.startswith("Indice : ")
    assert check_seats(CAFE, "ITm", "e4", lang="de").message.startswith("Nicht ganz")
    assert check_seats(CAFE, "ITm", "e4", lang="de").message.startswith("Tipp: ")


def test_tries_are_counted_per_question_and_forgotten_with_the_kernel():
    check_points(CAFE, "RUf@c2", 6)
    assert check_points(CAFE, "RUf@c2", 6, variant=True).stage == "nudge"   # another question
    assert check_points(CAFE, "RUf@c2", 6).stage == "hint"
    TRIES.forget()
    assert check_points(CAFE, "RUf@c2", 6).stage == "nudge"


# -- progress -----------------------------------------------------------------------------------

def test_progress_survives_a_restart_and_shows_every_exercise(tmp_path, monkeypatch):
    monkeypatch.setenv("CAFE_WIDGET_PROGRESS", str(tmp_path / "sub" / "progress.json"))
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")                           # 1st try
    check_points(CAFE, "ITf@c4", 9, exercise="4.2")
    check_points(CAFE, "ITf@c4", 4, exercise="4.2")                           # 2nd try
    for given in (1, 1, 1):
        check_seats(CAFE, "ITm", "c4", exercise="2.3")                        # the answer shown
    check_seats(CAFE, "RUf", "a2", exercise="2.4")                            # tried
    TRIES.forget()                                                            # a new kernel
    check_points(CAFE, "RUf@c2", 6, exercise="4.1")                           # solved stays solved
    states = prog.states()
    assert states["04"]["4.1"] == {"state": "solved", "tries": 1}
    assert states["04"]["4.2"] == {"state": "solved", "tries": 2}
    assert states["02"]["2.3"] == {"state": "answer", "tries": 3}
    assert states["02"]["2.4"] == {"state": "tried", "tries": 1}
    assert states["01"]["1.1"] == {"state": "not tried", "tries": 0}
    total = sum(len(exercises) for exercises in prog.course().values())
    view = progress()
    assert str(view).splitlines()[0] == f"Your progress: 2 of {total} exercises solved, 1 with the answer shown."
    assert "04  4.2    solved at the 2nd try" in str(view) and "02  2.3    answer shown" in str(view)
    svg = view.svg()
    assert svg.count("<rect") == total + 6 and 'fill="#0b7a35"' in svg and 'fill="#4fae6e"' in svg
    assert "<svg" in view._repr_html_() and "<table>" in view._repr_html_()
    french = progress(lang="fr")
    assert str(french).startswith(f"Votre progression : 2 exercices résolus sur {total}")


def test_progress_exports_for_the_teacher_and_reset_asks_first(tmp_path, capsys):
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    progress(export=tmp_path / "progress.csv")
    assert capsys.readouterr().out == f"Written: {tmp_path / 'progress.csv'} (for your teacher).\n"
    rows = list(csv.reader((tmp_path / "progress.csv").open()))
    assert rows[0] == ["notebook", "exercise", "state", "tries"] and ["04", "4.1", "solved", "1"] in rows
    assert len(rows) == 1 + sum(len(exercises) for exercises in prog.course().values())
    progress(export=str(tmp_path / "handed-in.json"))
    data = json.loads((tmp_path / "handed-in.json").read_text())
    assert data["exercises"]["4.1"] == {"notebook": "04", "state": "solved", "tries": 1}
    progress(export=tmp_path / "progress.txt")                       # said, not raised
    assert "a .csv or a .json file" in capsys.readouterr().out and not (tmp_path / "progress.txt").exists()
    progress(reset=True)
    assert prog.states()["04"]["4.1"]["state"] == "solved"               # asked first: nothing lost
    progress(reset=True)
    assert prog.states()["04"]["4.1"]["state"] == "not tried"
    assert capsys.readouterr().out.splitlines() == [
        "This forgets what you did in 1 exercise: run progress(reset=True) again to forget it.",
        "Your progress is forgotten: every exercise starts afresh."]


@pytest.mark.parametrize("text", ["{not json", '{"format": "something else", "version": 1}',
                                  '{"format": "cafe_widget progress", "version": 1, "exercises": 3}'])
def test_a_broken_or_foreign_file_is_set_aside_with_a_sentence_never_lost(tmp_path, monkeypatch, capsys, text):
    where = tmp_path / "progress.json"
    monkeypatch.setenv("CAFE_WIDGET_PROGRESS", str(where))
    where.write_text(text)
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    kept = tmp_path / "progress.json.broken-1"
    assert kept.read_text() == text                                       # set aside, as it was
    assert capsys.readouterr().out == (f"Your progress file {where} could not be read: it is kept as "
                                       f"{kept}, and a new one is started.\n")
    assert prog.states()["04"]["4.1"]["state"] == "solved"                # the new record
    assert not list(tmp_path.glob(".progress-*"))                         # no temporary file left


def test_the_progress_file_lives_in_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("CAFE_WIDGET_PROGRESS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert prog.path() == tmp_path / "cafe_widget" / "progress.json"


def test_the_course_lists_each_exercise_heading_of_both_languages():
    """``cafe_widget/data/exercises.txt`` (``tools/exercises.py``) is the notebooks' "Exercise
    N.M" headings, English and French alike."""
    course = {nb: list(exs) for nb, exs in prog.course().items()}
    for folder, word in ((ROOT / "notebooks", "Exercise"), (ROOT / "notebooks" / "fr", "Exercice")):
        found = {}
        for nb in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            text = "\n".join("".join(c["source"]) for c in json.loads(nb.read_text())["cells"]
                           if c["cell_type"] == "markdown")
            found[nb.name[:2]] = list(dict.fromkeys(re.findall(rf"^#+\s*{word}\s+(\d+\.\d+)", text, re.M)))
        assert found == course, folder


def test_the_example_turn_a_puzzle_suggests_only_shows_how_to_write_one():
    """"A turn is written like …": the example is a card of the hand on a seat beside no table of
    its nation, refused (R5): a student who copies it scores nothing, neither the best turn nor
    an allowed one worth 1 of 2 points in a graded assignment (an earlier example was a legal
    turn)."""
    from cafe_widget.teach.card_puzzles import puzzles

    for p in [Puzzle("DE GB IT CN CF", "DEf ITm"), *puzzles(1), *puzzles(2), *puzzles(3)]:
        example = p._example()
        grade = p.grade(example)
        assert (grade.legal, grade.rule, grade.points, grade.stage) == (False, "R5", None, "nudge"), (p.format(), example)
        assert example.split("@")[0] in p.hand
        assert (f'A turn is written like "{example}" (that one only shows how to write it: it is not allowed '
                "here).") in p.grade(...).message
    assert Puzzle("DE GB IT CN CF", "DEf ITm")._example() == "ITm@b1"


def test_a_prediction_that_cannot_be_read_is_explained_and_costs_no_try(capsys):
    assert predict("eight", 8) is None and predict("maybe", False) is None
    assert capsys.readouterr().out.splitlines() == [
        "Could not read 'eight' as numbers: write them with digits, like 3, 8 (this costs no try).",
        "Could not read 'maybe': answer yes or no (this costs no try)."]
    assert predict("7 points", 8).tries == 1                     # read as 7: the first try
    assert predict("non", False, lang="fr").message == "Juste : non."


def test_refused_for_points_the_engine_scores_is_a_wrong_answer_on_the_ladder(capsys):
    """Exercise 9.3 invites "refused" when the student thinks the engine refuses the turn: that
    answer is read (a try), and wrong where the turn scores; the ladder as ever, the points at
    the third try. A word that says nothing stays unread."""
    first = predict("refused", 13, exercise="9.3")
    assert (first.stage, first.tries, first.message) == ("nudge", 1, "Not quite: the answer is 1 number.")
    assert predict("Refusé !", 13, exercise="9.3", lang="fr").stage == "hint"
    third = predict("refused (R14)", 13, exercise="9.3")
    assert third.stage == "answer" and "13" in third.message
    assert predict("eight", 13) is None
    assert predict("refused", "refused").right          # where the truth is a refusal, as before


def test_an_empty_turn_is_explained_and_costs_no_try():
    p = Puzzle(E12, "RUf ITf ITm DEm")
    empty = p.grade("")
    assert (empty.stage, empty.tries, empty.rule) == ("", 0, "R4")
    assert empty.message.startswith("No card placed: the answer is a turn of 1 to 3 cards")
    assert p.grade("RUf@c2").stage == "nudge"


def test_an_export_that_cannot_be_written_says_why_and_changes_nothing(tmp_path, capsys):
    check_points(CAFE, "RUf@c2", 8, exercise="4.1")
    assert progress(export=tmp_path / "no" / "such" / "folder.csv") is None
    assert capsys.readouterr().out == (f"Could not write {tmp_path / 'no' / 'such' / 'folder.csv'}: "
                                       "the folder does not exist. Nothing else changed.\n")
    assert prog.states()["04"]["4.1"]["state"] == "solved"


# -- a graded assignment: the ladder stops at the hint -------------------------------

def test_in_an_assignment_no_check_ever_shows_the_answer():
    from cafe_widget.classroom import assignment

    assignment()
    p = Puzzle(E12, "RUf ITf ITm DEm")
    stages = [p.grade(wrong).stage for wrong in ("RUf@c2", "RUf@c2, ITf@c4", "DEm@d1", "DEm@d1")]
    assert stages == ["nudge", "hint", "hint", "hint"]
    asked = p.grade(show=True)
    assert asked.stage == "hint" and "RUf@c2, ITm@d3" not in asked.message
    assert asked.message.endswith("(In a graded assignment the answer is not shown: your teacher goes over it "
                                  "afterwards.)")
    points = [check_points(CAFE, "RUf@c2", n) for n in (3, 4, 5, 7)]
    assert [f.stage for f in points] == ["nudge", "hint", "hint", "hint"]
    assert all("+6" not in f.message for f in points)            # b2's 6 points: the answer, never said
    seats = check_seats(CAFE, "ITm", answer=True)
    assert seats.stage == "hint" and "d3" not in seats.message
    verdicts = [predict(n, 8, explain="eight, the answer", exercise="4.1") for n in (1, 2, 3)]
    assert [v.stage for v in verdicts] == ["nudge", "hint", "hint"]
    assert predict(8, 8, exercise="4.1").right                    # right is still right
    assert prog.states()["04"]["4.1"] == {"state": prog.SOLVED, "tries": 4}
    assignment(False)                                              # the rule stays on
    assert check_points(CAFE, "RUf@c2", 9).stage == "hint"


def test_in_an_assignment_the_verdicts_hold_no_answer_and_the_widgets_show_none():
    from cafe_widget import CafeWidget
    from cafe_widget.teach.board_practice import board_puzzles
    from cafe_widget.classroom import assignment

    assignment()
    seats = check_seats(CAFE, "ITm", "a2")
    assert (seats.expected, seats.solution, seats.answer) == ("", "", "")
    verdict = predict(3, (2, 4), exercise="1.1")
    assert (verdict.expected, verdict.solution, verdict.answer) == ("", "", "")
    assert check_points(CAFE, "RUf@c2", 8).expected == "8"            # right: nothing left to hide
    w = CafeWidget.puzzle(1)
    w.command("best")
    assert w.refused and w.status == ("In a graded assignment the answer is not shown: your teacher goes over it "
                                      "afterwards. Nothing was changed.")
    assert w.view().hint == ()
    task = CafeWidget.seat_task(CAFE, "ITm")
    task.command("answer")
    assert task.refused
    assert "bar" not in board_puzzles(2)[9].grade().message                # the example is never the best action
    assignment(False)                                                      # the rule stays on
    w.command("best")
    assert w.refused
