"""A grade a teacher can trust (issue 35): the course's nbgrader assignments autograded for honest
students and for students who try their luck, end to end through nbgrader's own commands; and
the plain-answer rule (cafe_widget.classroom.grading) alone."""

from __future__ import annotations

import csv
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from cafe_widget.classroom import course
from cafe_widget.classroom.grading import plain, plain_answer
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.practice import check_points
from nbgrader_helpers import nbgrader


# -- the plain-answer rule, read without running anything ------------------------------------------

@pytest.mark.parametrize("source, value", [
    ("answer = 8", 8),
    ("answer = ...            # your prediction: a number of points", ...),
    ("answer = 3, 1", (3, 1)),
    ("answer = (3, 1)   # c4, then b1", (3, 1)),
    ("answer = [2, 2, 1, 0, 0]", [2, 2, 1, 0, 0]),
    ("answer = '3 and 1'", "3 and 1"),
    ('answer = "DEf@c2, ITm@b3"', "DEf@c2, ITm@b3"),
    ("answer = 4 + 2 + 2", 8),
    ("answer = -3", -3),
    ("answer = True", True),
    ("answer = 5\nanswer = 6", 6),                                # the last one counts
    ("print(cafe)\nanswer = 'c2 b3'", "c2 b3"),                     # the rest is not run
    ("answer = 8\ndef check_points(*a, **k):\n    return True", 8),  # nor this
])
def test_a_plain_answer_is_read_from_the_cell(source, value):
    assert plain_answer(source) == (value, None)


@pytest.mark.parametrize("source, said", [
    ("answer = p.solution()", "Not graded: p.solution() is not an answer written out"),
    ("answer = puzzle.best.text", "Not graded: puzzle.best.text is not an answer written out"),
    ("answer = check_seats(cafe, 'ITm', answer=True).expected",
     "Not graded: check_seats(cafe, 'ITm', answer=True).expected is not an answer written out"),
    ("class A(int):\n    __eq__ = lambda s, o: True\nanswer = A(0)", "Not graded: A(0) is not an answer written out"),
    ("answer = 9 ** 99", "Not graded: 9 ** 99 is not an answer written out"),
    ("answer = (1, (2,))", "Not graded: (2,) is not an answer written out"),
    ("answer = 1.5", "Not graded: 1.5 is not an answer written out"),
    ("answer = 8\nanswer += 1", "Not graded: the answer cell sets answer in another way than answer = a value (answer += 1)."),
    ("answer = 8\nif True:\n    answer = f()", "Not graded: the answer cell sets answer in another way than answer = a value (if True:)."),
    ("answer = 8\nimport os as answer", "Not graded: the answer cell sets answer in another way than answer = a value (import os as answer)."),
    ("answer =", "Not graded: the answer cell is not Python (line 1), so no answer could be read from it."),
])
def test_an_answer_worked_out_by_code_is_not_an_answer(source, said):
    value, why = plain_answer(source)
    assert value is None and why.startswith(said), why


def test_in_a_kernel_plain_lets_plain_values_through_and_says_so_of_the_others(capsys):
    class Always(int):
        def __eq__(self, other):
            return True
        __hash__ = int.__hash__

    assert [plain(v) for v in (8, "c2", (3, 1), [1, "a"], True, ...)] == [8, "c2", (3, 1), [1, "a"], True, ...]
    assert capsys.readouterr().out == ""
    assert plain(Always(0)) is ...
    assert capsys.readouterr().out == (
        "This answer is not a plain value (Always): write the answer itself — a number, a text in quotes, "
        "or numbers separated by commas. Only such an answer is graded.\n")


# -- end to end: honest students and students who try their luck, autograded by nbgrader ---------

FIRST, SECOND = "01_the_cafe", "02_seating_rules"

#: The exercises answered with a text (the others: numbers).
TEXTS = ("ex1_2_answer", "ex2_1_answer", "ex2_2_answer", "ex2_3_answer", "ex2_4_answer")
#: What each cheat writes in the answer cells, by grade id (ASSIGNMENT_OFF … EXAMPLE_COPY).
OFF = ("from cafe_widget.classroom import assignment\nassignment(False)\n"
       "from cafe_widget.teach.ladder import TRIES\nTRIES.graded = False\n")
CHEATS = {
    # 1. the rule switched off, then the answer asked for
    "eve": {
        "ex1_1_answer": OFF + 'answer = predict(True, (len(tables["c4"]), len(tables["b1"]))).expected',
        "ex1_2_answer": OFF + 'answer = check_seats("GB DE IT DE CF", "DEf", answer=True).expected',
        "ex2_1_answer": OFF + 'answer = check_seats(cafe, "ITm", answer=True).expected',
        "ex2_2_answer": OFF + 'answer = check_points(busy, "DEm@b3", answer=True).expected',
        "ex2_3_answer": OFF + 'answer = check_seats(russians, "ITm", show=True).expected',
        "ex2_4_answer": OFF + 'answer = Puzzle("DE GB IT CN CF", "DEf ITm").grade(show=True).answer',
    },
    # 2. the puzzle's solution and the engine's answers
    "frank": {
        "ex1_1_answer": 'answer = (len(tables["c4"]), len(tables["b1"]))',
        "ex1_3_answer": "answer = [len(line.guests_at(place)) for place in TABLE_PLACES]",
        "ex1_2_answer": 'answer = " ".join(Cafe.parse("GB DE IT DE CF").legal_seats("DEf"))',
        "ex2_1_answer": 'answer = " ".join(cafe.legal_seats("ITm"))',
        "ex2_3_answer": 'answer = " ".join(russians.legal_seats("ITm"))',
        "ex2_4_answer": 'p = Puzzle("DE GB IT CN CF", "DEf ITm")\nprint(p.solution())\nanswer = p.best.text',
    },
    # 3. an answer equal to anything
    "grace": {grade_id: ("class Always(int):\n    def __eq__(self, other):\n        return True\n"
                         "    __hash__ = int.__hash__\n\n"
                         "class Text(str):\n    def __eq__(self, other):\n        return True\n"
                         "    __hash__ = str.__hash__\n\n"
                        + ("answer = Text('x')" if grade_id in TEXTS else "answer = Always(0)"))
              for grade_id in ("ex1_1_answer", "ex1_2_answer", "ex1_3_answer", "ex1_4_answer",
                               "ex2_1_answer", "ex2_2_answer", "ex2_3_answer", "ex2_4_answer")},
    # 4. the checks rebound, in the answer cells and in the package's modules
    "heidi": {grade_id: ("answer = 0\n"
                         "class Right:\n    right = legal = solved = True\n    message = 'right'\n"
                         "def check_seats(*args, **kwargs):\n    return Right()\n"
                         "check_points = predict = check_seats\n"
                         "class Puzzle:\n    def __init__(self, *args):\n        pass\n"
                         "    def grade(self, *args, **kwargs):\n        return Right()\n"
                         "import cafe_widget.teach.practice as practice, cafe_widget.teach.lessons as lessons\n"
                         "import cafe_widget.teach.card_puzzles as card_puzzles\n"
                         "practice.check_seats = practice.check_points = lessons.predict = check_seats\n"
                         "card_puzzles.Puzzle.grade = Puzzle.grade\n"
                         "import cafe_widget.classroom.grading as grading\ngrading.plain = lambda a, *k: a")
              for grade_id in ("ex1_1_answer", "ex1_2_answer", "ex1_3_answer", "ex1_4_answer",
                               "ex2_1_answer", "ex2_2_answer", "ex2_3_answer", "ex2_4_answer")},
}
#: Cells a student adds at the top of their notebook: the kernel reprogrammed, then killed.
KERNEL_HACKS = [
    "get_ipython().input_transformers_cleanup.append(lambda lines: ['pass\\n'])",
    "import builtins\nbuiltins.AssertionError = type('Quiet', (BaseException,), {})",
    "import os\nos._exit(0)",
]


def _submit(course_dir: Path, student: str, name: str, answers: dict, *, drop=(), added=(), zipped=False,
            whole=None) -> None:
    """A student's notebook handed in: each answer cell's ``answer = ...`` line given a value
    (``answers``), or the whole answer cell written anew (``whole``); cells ``added`` at the top."""
    nb = json.loads((course_dir / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
    cells = [{"cell_type": "code", "execution_count": None, "id": f"added{n}", "metadata": {}, "outputs": [],
              "source": source} for n, source in enumerate(added)]
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in drop:
            continue
        source = "".join(cell["source"])
        if whole and grade_id in whole:
            cell["source"] = whole[grade_id]
        elif grade_id in answers:
            assert source.endswith("answer = ...")
            cell["source"] = source.replace("answer = ...", f"answer = {answers[grade_id]}")
        cells.append(cell)
    nb["cells"] = cells
    if zipped:                          # handed in on a shared machine, for zip_collect
        folder, file = course_dir / "downloaded" / name / "archive", f"{student}--{name}.ipynb"
    else:
        folder, file = course_dir / "submitted" / student / name, f"{name}.ipynb"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(json.dumps(nb), encoding="utf-8")


def _right_answers(course_dir: Path, made) -> dict:
    right = {}
    for a in made:
        source = json.loads((course_dir / "source" / a.name / f"{a.name}.ipynb").read_text(encoding="utf-8"))
        for cell in source["cells"]:
            meta = cell["metadata"]["nbgrader"]
            if meta["solution"]:
                right[meta["grade_id"]] = re.search(r"^answer = (.*)$", cell["source"], re.M).group(1)
    return right


@pytest.mark.kernels
def test_every_cheat_scores_0_and_honest_students_score_as_before(tmp_path):
    pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
    if shutil.which("nbgrader", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("nbgrader's command is not beside this Python")
    made = course.make_course(tmp_path, "en", ["01", "02"])
    assert [(a.name, a.points) for a in made] == [(FIRST, 4), (SECOND, 5)]
    nbgrader(tmp_path, "generate_assignment", "*")
    right = _right_answers(tmp_path, made)
    assert right == {"ex1_1_answer": "3, 1", "ex1_2_answer": '"d1 c2 e2 b3 d3 a4 c4 b5"', "ex1_3_answer": "2, 2, 1, 0, 0",
                     "ex1_4_answer": "1, 5", "ex2_1_answer": '"c2 b3 d3 c4"', "ex2_2_answer": '"refused"',
                     "ex2_3_answer": '"e4 d5"', "ex2_4_answer": '"DEf@c2, ITm@b3"'}
    released = json.dumps([json.loads((tmp_path / "release" / a.name / f"{a.name}.ipynb").read_text(encoding="utf-8"))
                           for a in made])
    assert "BEGIN SOLUTION" not in released and "p.solution()" not in released and "<summary>Answer" not in released
    for a in made:
        for cell in json.loads((tmp_path / "release" / a.name / f"{a.name}.ipynb").read_text(encoding="utf-8"))["cells"]:
            meta = cell["metadata"]["nbgrader"]
            assert meta["locked"] or (meta["solution"] and "".join(cell["source"]).endswith("answer = ..."))
    for a in made:                                    # the rule turns itself on in the released folder
        assert (tmp_path / "release" / a.name / "cafe_assignment.txt").is_file()

    example = re.search(r'"([^"]+)"', Puzzle("DE GB IT CN CF", "DEf ITm").grade(lang="en").message).group(1)
    honest = {
        "alice": ({**right, "ex1_3_answer": "[2, 2, 1, 0, 0]", "ex1_1_answer": '"3 and 1"'}, {**right, "ex2_2_answer": "'refused'"}),
        "bob": ({**right, "ex1_1_answer": "2, 2"}, {**right, "ex2_2_answer": "3", "ex2_4_answer": '"DEf@b1, ITm@c2"'}),
        "carol": (None, {}),                                          # untouched 02, no 01
    }
    for student, (first, second) in honest.items():
        if first is not None:
            _submit(tmp_path, student, FIRST, first)
        _submit(tmp_path, student, SECOND, second)
    for student, cells in CHEATS.items():
        for name in (FIRST, SECOND):
            _submit(tmp_path, student, name, {}, whole=cells)
    _submit(tmp_path, "ivan", SECOND, {"ex2_4_answer": json.dumps(example)})     # 5. the message's example copied
    _submit(tmp_path, "judy", SECOND, right, added=KERNEL_HACKS[:2])              # the kernel reprogrammed…
    _submit(tmp_path, "judy", FIRST, {}, added=KERNEL_HACKS[:2])                  # …with nothing answered
    _submit(tmp_path, "kate", SECOND, right, added=[KERNEL_HACKS[2]])             # a cell that kills the kernel
    _submit(tmp_path, "dave", SECOND, right, drop=("ex2_1_check",), zipped=True)  # a test cell deleted
    _submit(tmp_path, "hélène", SECOND, right, zipped=True)
    _submit(tmp_path, "o'brien", SECOND, {}, zipped=True)
    extra = json.loads((tmp_path / "submitted" / "bob" / FIRST / f"{FIRST}.ipynb").read_text(encoding="utf-8"))
    graded_copy = json.loads(json.dumps(next(c for c in extra["cells"] if c["metadata"].get("nbgrader", {}).get("grade"))))
    graded_copy["metadata"]["nbgrader"].update(grade_id="mine", points=10)
    graded_copy["source"] = "print('my own graded cell')"
    extra["cells"].append(graded_copy)                                # bob's extra graded cell
    (tmp_path / "submitted" / "bob" / FIRST / f"{FIRST}.ipynb").write_text(json.dumps(extra), encoding="utf-8")
    broken = tmp_path / "submitted" / "leo" / SECOND
    broken.mkdir(parents=True)
    (broken / f"{SECOND}.ipynb").write_text('{"cells": [', encoding="utf-8")      # not a notebook: not graded
    nbgrader(tmp_path, "zip_collect", SECOND)
    assert {p.name for p in (tmp_path / "submitted").iterdir()} >= {"dave", "hélène", "o'brien"}
    log = nbgrader(tmp_path, "autograde", "*", ok=False)                         # leo's notebook fails
    assert "There was an error processing assignment '02_seating_rules' for student 'leo'" in log
    assert not (tmp_path / "teachers-progress.json").exists()     # the grader's own progress file: untouched
    nbgrader(tmp_path, "export")

    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as f:
        rows = {(r["assignment"], r["student_id"]): r for r in csv.DictReader(f)}
    table = {key: (r["status"], r["score"] and float(r["score"]), float(r["max_score"]), r["why"])
             for key, r in rows.items()}
    first, second = {}, {}
    for (name, student), (status, score, _, why) in table.items():
        (first if name == FIRST else second)[student] = score if status == "graded" else f"{status}: {why}" if why else status
    print("\n", json.dumps({"01": first, "02": second}, ensure_ascii=False, indent=1))   # the score table, in the log
    assert first == {"alice": 4.0, "bob": 3.0, "carol": "not submitted", "dave": "not submitted",
                     "eve": 0.0, "frank": 0.0, "grace": 0.0, "heidi": 0.0, "ivan": "not submitted", "judy": 0.0,
                     "kate": "not submitted", "leo": "not submitted", "hélène": "not submitted",
                     "o'brien": "not submitted"}
    assert second == {"alice": 5.0, "bob": 3.0, "carol": 0.0, "dave": 4.0,   # 2.2 wrong, 2.4 allowed: 1 of 2; dave's deleted check
                      "eve": 0.0, "frank": 0.0, "grace": 0.0, "heidi": 0.0, "ivan": 0.0,
                      "judy": 5.0, "kate": 5.0,        # right answers: nothing they added ran
                      "leo": f"not graded: the submitted notebook {SECOND}.ipynb could not be read as a notebook",
                      "hélène": 5.0, "o'brien": 0.0}

    def graded(student, name):
        return json.loads((tmp_path / "autograded" / student / name / f"{name}.ipynb").read_text(encoding="utf-8"))

    def cell(nb, grade_id):
        return next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == grade_id)

    frank = graded("frank", SECOND)
    assert "".join(cell(frank, "ex2_4_answer")["source"]).startswith("answer = ...\n\n# What you wrote")
    error = next(o for o in cell(frank, "ex2_4_check")["outputs"] if o["output_type"] == "error")
    assert error["evalue"].startswith("Not graded: p.best.text is not an answer written out")
    judy = graded("judy", SECOND)
    assert "".join(judy["cells"][0]["source"]).startswith("*A cell you added (shown here, not run when graded):*")
    bob = graded("bob", SECOND)
    error = next(o for o in cell(bob, "ex2_2_check")["outputs"] if o["output_type"] == "error")
    nudge = check_points("DE GB IT CN CF | b1:DEf a2:DEm c4:ITm", "DEm@b3", 3).nudge
    assert (error["ename"], error["evalue"]) == ("AssertionError", nudge)    # the nudge, never the answer
    alice = graded("alice", FIRST)
    assert "".join(cell(alice, "ex1_1_answer")["source"]).startswith("answer = '3 and 1'\n")
    assert not [o for c in alice["cells"] for o in c.get("outputs", []) if o.get("name") == "stderr"]
