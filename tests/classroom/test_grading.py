"""A grade a teacher can trust: the course's nbgrader assignments autograded for honest
students and for students who try their luck, end to end through nbgrader's own commands; and
the plain-answer rule (cafe_widget.classroom.grading) alone."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import nbformat
import pytest

from cafe_widget.classroom.course import notebooks as course
from cafe_widget.classroom.grading import plain, plain_answer
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.practice import check_points
from nbgrader_helpers import nbgrader, nbgrader_env


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


#: Files a student hands in beside the notebook, each of which would run as the teacher if the
#: grading kernel started among them: each leaves a mark in MARKS and makes every check say right,
#: or kills nbgrader itself.
def _planted(marks: Path) -> dict[str, str]:
    def mark(name):
        return f"open({str(marks / name)!r}, 'w').write('ran')\n"

    right = ("import builtins\nbuiltins.AssertionError = type('Quiet', (BaseException,), {})\n")
    return {
        "cafe_widget/__init__.py": mark("package") + right,
        "cafe_widget/classroom/__init__.py": mark("classroom") + "def assignment(*a, **k):\n    pass\n",
        "ipykernel_launcher.py": mark("launcher") + "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n",
        "sitecustomize.py": mark("sitecustomize") + right,
        "usercustomize.py": mark("usercustomize") + right,
        "evil.pth": "import os; " + mark("pth").strip().replace("\n", "; ") + "\n",
        "ipython_config.py": mark("ipython_config") + "c = get_config()\nc.InteractiveShellApp.exec_lines = ['1/0']\n",
        "ipython_kernel_config.py": mark("kernel_config"),
        ".ipython/profile_default/startup/00-right.py": mark("startup") + right,
        "profile_default/startup/00-right.py": mark("profile") + right,
        "nbgrader_config.py": mark("nbgrader_config"),
        "cafe_assignment.txt": "",
    }


def _meta(cell) -> dict:
    return cell["metadata"].setdefault("nbgrader", {})


def _flags(nb: dict) -> None:
    """Every flag a student can set: skip-execution on each check, a check no longer graded, a check
    made a solution, a check's points raised, an answer cell locked and no longer a solution."""
    for cell in nb["cells"]:
        meta, grade_id = _meta(cell), _meta(cell).get("grade_id", "")
        if grade_id.endswith("_check"):
            cell["metadata"]["tags"] = ["skip-execution", "raises-exception"]
        if grade_id == "ex2_1_check":
            meta["grade"] = False
        if grade_id == "ex2_2_check":
            meta["solution"] = True
        if grade_id == "ex2_3_check":
            meta["points"] = 100
        if grade_id == "ex2_4_answer":
            meta.update(locked=True, solution=False)


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _notebook(course_dir: Path, name: str, answers: dict, *, drop=(), added=(), whole=None,
              split=(), copied=(), change=None) -> dict:
    """A student's notebook: each answer cell's ``answer = ...`` given a value (``answers``), or
    the whole answer cell written anew (``whole``); cells ``added`` at the top (code, or
    ``(cell_type, source)``); answer cells ``split`` in two (JupyterLab's Split Cell: both keep the
    id) or ``copied`` (a copy below, printing the answer); ``change`` edits the notebook last."""
    nb = _read(course_dir / "release" / name / f"{name}.ipynb")
    cells = []
    for n, extra in enumerate(added):
        kind, source = extra if isinstance(extra, tuple) else ("code", extra)
        cell = {"cell_type": kind, "id": f"added{n}", "metadata": {}, "source": source}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    for cell in nb["cells"]:
        grade_id = _meta(cell).get("grade_id")
        if grade_id in drop:
            continue
        source = "".join(cell["source"])
        if whole and grade_id in whole:
            cell["source"] = whole[grade_id]
        elif grade_id in answers:
            assert source.endswith("answer = ...")
            cell["source"] = source.replace("answer = ...", f"answer = {answers[grade_id]}")
        if grade_id in split:                       # the comments above, the answer below
            head, _, tail = cell["source"].rpartition("\nanswer = ")
            first = json.loads(json.dumps(cell))
            first["source"], cell["source"] = head, "answer = " + tail
            cells.append(first)
        cells.append(cell)
        if grade_id in copied:
            copy = json.loads(json.dumps(cell))
            copy["source"], copy["id"] = "print(answer)", cell["id"] + "-copy"
            cells.append(copy)
    nb["cells"] = cells
    if change:
        change(nb)
    return nb


def _submit(course_dir: Path, student: str, name: str, answers: dict, *, zipped=False, files=None, **kwargs) -> None:
    """A student's notebook handed in (:func:`_notebook`), with ``files`` beside it."""
    nb = _notebook(course_dir, name, answers, **kwargs)
    if zipped:                          # handed in on a shared machine, for zip_collect
        folder, file = course_dir / "downloaded" / name / "archive", f"{student}--{name}.ipynb"
    else:
        folder, file = course_dir / "submitted" / student / name, f"{name}.ipynb"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(json.dumps(nb), encoding="utf-8")
    for path, text in (files or {}).items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")


def _zip(course_dir: Path, name: str, archive: str, members: dict) -> None:
    folder = course_dir / "downloaded" / name / "archive"
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(folder / archive, "w") as z:
        for member, nb in members.items():
            z.writestr(member, json.dumps(nb))


def _right_answers(course_dir: Path, made) -> dict:
    right = {}
    for a in made:
        for cell in _read(course_dir / "source" / a.name / f"{a.name}.ipynb")["cells"]:
            meta = cell["metadata"]["nbgrader"]
            if meta["solution"]:
                right[meta["grade_id"]] = re.search(r"^answer = (.*)$", cell["source"], re.M).group(1)
    return right


def _grades(course_dir: Path) -> dict:
    """grades.csv as {assignment: {student: score, or "status: why"}}."""
    nbgrader(course_dir, "export")
    table: dict = {}
    with open(course_dir / "grades.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            said = float(r["score"]) if r["status"] == "graded" else f"{r['status']}: {r['why']}" if r["why"] else r["status"]
            table.setdefault(r["assignment"], {})[r["student_id"]] = said
    return table


def _autograde_until(course_dir: Path, name: str, student: str, sig: int) -> str:
    """``nbgrader autograde NAME`` stopped by ``sig`` once it executes ``student``'s notebook: its log."""
    bin_dir = str(Path(sys.executable).parent)
    env = nbgrader_env(course_dir)
    proc = subprocess.Popen([os.path.join(bin_dir, "nbgrader"), "autograde", name], cwd=course_dir, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = []
    try:
        for line in proc.stdout:
            log.append(line)
            if "Autograding " in line and f"{os.sep}{student}{os.sep}" in line:
                time.sleep(0.5)                          # its kernel starting, or its cells running
                proc.send_signal(sig)
                break
        log += proc.stdout.readlines()
    finally:
        proc.wait(timeout=120)
    return "".join(log)


@pytest.mark.kernels
def test_only_the_answers_cross_every_cheat_scores_0_and_every_honest_form_full_marks(tmp_path):
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
    released = json.dumps([_read(tmp_path / "release" / a.name / f"{a.name}.ipynb") for a in made])
    assert "BEGIN SOLUTION" not in released and "p.solution()" not in released and "<summary>Answer" not in released
    for a in made:
        for cell in _read(tmp_path / "release" / a.name / f"{a.name}.ipynb")["cells"]:
            meta = cell["metadata"]["nbgrader"]
            assert meta["locked"] or (meta["solution"] and "".join(cell["source"]).endswith("answer = ..."))
        assert (tmp_path / "release" / a.name / "cafe_assignment.txt").is_file()   # the rule turns itself on

    example = re.search(r'"([^"]+)"', Puzzle("DE GB IT CN CF", "DEf ITm").grade(lang="en").message).group(1)
    marks = tmp_path / "marks"
    marks.mkdir()
    # Honest students, each right answer written as a person would.
    _submit(tmp_path, "alice", FIRST, {**right, "ex1_1_answer": '"c4: 3, b1: 1"', "ex1_3_answer": "[2, 2, 1, 0, 0]",
                                       "ex1_2_answer": '"d1, c2, e2, b3, d3, a4, c4 and b5."', "ex1_4_answer": '"5, 1"'})
    _submit(tmp_path, "alice", SECOND, {**right, "ex2_2_answer": "'refused.'", "ex2_1_answer": '"c2, b3, d3 and c4"',
                                        "ex2_4_answer": '"DEf@c2; ITm @ b3."'})
    _submit(tmp_path, "bob", FIRST, {**right, "ex1_1_answer": "2, 2"})                       # one wrong: 3 of 4
    _submit(tmp_path, "bob", SECOND, {**right, "ex2_2_answer": "3", "ex2_4_answer": '"DEf@b1, ITm@c2"'})
    _submit(tmp_path, "carol", SECOND, {})                                                   # untouched: 0
    _submit(tmp_path, "sam", FIRST, {**right, "ex1_1_answer": "(3, 1)\n%time x = 1", "ex1_3_answer": "2, 2, 1, 0, 0\n!echo"},
            split=("ex1_1_answer", "ex1_2_answer"), copied=("ex1_3_answer", "ex1_4_answer"))
    _submit(tmp_path, "sam", SECOND, {**right, "ex2_1_answer": '"c2" + " b3" + " d3 c4"', "ex2_2_answer": '"refused (R6)"',
                                      "ex2_3_answer": '"d5, e4"'}, split=("ex2_1_answer", "ex2_4_answer"),
            copied=("ex2_2_answer",))
    _submit(tmp_path, "judy", SECOND, right, added=KERNEL_HACKS[:2])                         # nothing added runs
    _submit(tmp_path, "kate", SECOND, right, added=[KERNEL_HACKS[2]])
    _submit(tmp_path, "oscar", SECOND, right, change=_flags)                                 # flags change nothing
    _submit(tmp_path, "peggy", SECOND, right, added=[("markdown", "<img src=x onerror=alert('peggy')>"),
                                                     ("raw", "<script>alert('peggy')</script>"),
                                                     ("markdown", "```\n<b onmouseover=alert(1)>x</b>\n```")])
    _submit(tmp_path, "rita", SECOND, {**right, "ex2_1_answer": repr(tuple(range(1_000_000)))})   # one bad cell: 4
    _submit(tmp_path, "dave", SECOND, right, drop=("ex2_1_check",), zipped=True)               # a check deleted: still 5
    _submit(tmp_path, "hélène", SECOND, right, zipped=True)
    _submit(tmp_path, "o'brien", SECOND, {}, zipped=True)
    _zip(tmp_path, SECOND, "zoe--02.zip", {f"{SECOND}.ipynb": _notebook(tmp_path, SECOND, right)})
    # Cheats.
    for student, cells in CHEATS.items():
        for name in (FIRST, SECOND):
            _submit(tmp_path, student, name, {}, whole=cells)
    _submit(tmp_path, "ivan", SECOND, {"ex2_4_answer": json.dumps(example)})                 # the message's example
    _submit(tmp_path, "judy", FIRST, {}, added=KERNEL_HACKS[:2])
    _submit(tmp_path, "mallory", SECOND, {}, files=_planted(marks))                         # files beside the notebook
    (tmp_path / "submitted" / "mallory" / SECOND / "grades.db").symlink_to(tmp_path / "gradebook.db")  # …and a link
    _submit(tmp_path, "nina", SECOND, {}, change=_flags)                                     # skip-execution and flags
    _submit(tmp_path, "quinn", SECOND, {}, whole={                                           # bounds
        "ex2_1_answer": "answer = " + "-" * 100_000 + "1", "ex2_2_answer": "answer = 1" + " + 1" * 3_000,
        "ex2_3_answer": "answer = 0x" + "f" * 20_000, "ex2_4_answer": 'answer = "\ud800"'})
    _zip(tmp_path, SECOND, "yann--02.zip", {f"hélène--{SECOND}.ipynb": _notebook(tmp_path, SECOND, {}),
                                            f"walt--{SECOND}.ipynb": _notebook(tmp_path, SECOND, right)})
    (tmp_path / "downloaded" / SECOND / "archive" / "xena--02.zip").write_bytes(b"PK\x03\x04 not a zip at all")
    extra = _read(tmp_path / "submitted" / "bob" / FIRST / f"{FIRST}.ipynb")
    graded_copy = json.loads(json.dumps(next(c for c in extra["cells"] if _meta(c).get("grade"))))
    _meta(graded_copy).update(grade_id="mine", points=10)
    graded_copy["source"] = "print('my own graded cell')"
    extra["cells"].append(graded_copy)                                                       # bob's own graded cell
    (tmp_path / "submitted" / "bob" / FIRST / f"{FIRST}.ipynb").write_text(json.dumps(extra), encoding="utf-8")
    broken = tmp_path / "submitted" / "leo" / SECOND
    broken.mkdir(parents=True)
    (broken / f"{SECOND}.ipynb").write_text('{"cells": [', encoding="utf-8")                # not a notebook

    log = nbgrader(tmp_path, "zip_collect", SECOND)
    assert f"yann--02 is yann's, but it holds hélène--{SECOND}.ipynb, named for hélène" in log
    assert f"yann--02 is yann's, but it holds walt--{SECOND}.ipynb, named for walt" in log
    assert "xena--02.zip could not be opened as an archive" in log
    submitted = {p.name for p in (tmp_path / "submitted").iterdir()}
    assert {"dave", "hélène", "o'brien", "zoe"} <= submitted and not {"yann", "walt", "xena"} & submitted

    # Autograde stopped twice: by a closed terminal (SIGHUP) during the second student, then killed.
    stopped = _autograde_until(tmp_path, SECOND, "bob", signal.SIGHUP)
    assert "Canceled" in stopped and not (tmp_path / "autograded" / "bob" / SECOND).exists()
    _autograde_until(tmp_path, SECOND, "carol", signal.SIGKILL)           # carol's grading left half done
    assert list(Path(nbgrader_env(tmp_path)["TMPDIR"]).glob("cafe-grading-*"))  # its leftover: beside the course
    log = nbgrader(tmp_path, "autograde", "*", ok=False)                  # leo's notebook cannot be read
    assert "There was an error processing assignment '02_seating_rules' for student 'leo'" in log
    assert f"Skipping existing assignment: {tmp_path / 'autograded' / 'carol' / SECOND}" in log
    assert not (tmp_path / "teachers-progress.json").exists()            # the grader's own progress file: untouched
    assert sorted(p.name for p in marks.iterdir()) == []                 # nothing handed in ran
    again = f"nbgrader autograde {SECOND} --student carol --force"
    assert _grades(tmp_path)[SECOND]["carol"] == (
        f"not graded: autograde did not finish grading it (stopped or interrupted): run {again}")
    nbgrader(tmp_path, *again.split()[1:])

    grades = _grades(tmp_path)
    print("\n", json.dumps(grades, ensure_ascii=False, indent=1))         # the score table, in the log
    absent = "not submitted"
    assert grades[FIRST] == {
        "alice": 4.0, "bob": 3.0, "sam": 4.0,
        "eve": 0.0, "frank": 0.0, "grace": 0.0, "heidi": 0.0, "judy": 0.0,
        **{s: absent for s in ("carol", "dave", "hélène", "ivan", "kate", "leo", "mallory", "nina", "o'brien",
                               "oscar", "peggy", "quinn", "rita", "zoe")}}
    assert grades[SECOND] == {
        "alice": 5.0, "bob": 3.0, "carol": 0.0, "dave": 5.0, "hélène": 5.0, "judy": 5.0, "kate": 5.0,
        "o'brien": 0.0, "oscar": 5.0, "peggy": 5.0, "rita": 4.0, "sam": 5.0, "zoe": 5.0,
        "eve": 0.0, "frank": 0.0, "grace": 0.0, "heidi": 0.0, "ivan": 0.0, "mallory": 0.0, "nina": 0.0, "quinn": 0.0,
        "leo": f"not graded: the submitted notebook {SECOND}.ipynb could not be read as a notebook"}

    def graded(student, name=SECOND):
        return _read(tmp_path / "autograded" / student / name / f"{name}.ipynb")

    def cell(nb, grade_id):
        return next(c for c in nb["cells"] if _meta(c).get("grade_id") == grade_id)

    def error(nb, grade_id):
        return next(o for o in cell(nb, grade_id)["outputs"] if o["output_type"] == "error")

    frank = graded("frank")
    assert "".join(cell(frank, "ex2_4_answer")["source"]).startswith("from cafe_widget.classroom.grading import NotGraded\nanswer = NotGraded(")
    assert error(frank, "ex2_4_check")["evalue"].startswith("Not graded: p.best.text is not an answer written out")
    assert "".join(graded("judy")["cells"][0]["source"]).startswith(
        "*A cell you added (shown here as text, not run when graded):*")
    nudge = check_points("DE GB IT CN CF | b1:DEf a2:DEm c4:ITm", "DEm@b3", 3).nudge
    assert (error(graded("bob"), "ex2_2_check")["ename"], error(graded("bob"), "ex2_2_check")["evalue"]) == (
        "AssertionError", nudge)                                          # the nudge, never the answer
    assert "".join(cell(graded("alice", FIRST), "ex1_1_answer")["source"]).startswith("answer = 'c4: 3, b1: 1'\n")
    quinn = graded("quinn")
    assert [error(quinn, f"ex2_{n}_check")["evalue"] for n in (1, 2, 3, 4)] == [
        "Not graded: the answer cell is longer than 10000 characters; write the answer alone.",
        "Not graded: the answer cell is longer than 10000 characters; write the answer alone.",
        "Not graded: the answer cell is longer than 10000 characters; write the answer alone.",
        "Not graded: the answer cell holds characters that are not text (line 1)."]
    assert error(graded("rita"), "ex2_1_check")["evalue"].startswith("Not graded: the answer cell is longer")
    nina = graded("nina")                                                 # the course's own cells, flags and all
    source = _read(tmp_path / "source" / SECOND / f"{SECOND}.ipynb")
    assert [(_meta(c).get("grade_id"), c["metadata"].get("tags")) for c in nina["cells"]] == [
        (_meta(c).get("grade_id"), c["metadata"].get("tags")) for c in source["cells"]]
    assert all(_meta(c)["grade"] == _meta(s)["grade"] and _meta(c)["solution"] == _meta(s)["solution"]
               for c, s in zip(nina["cells"], source["cells"]))
    handed = tmp_path / "submitted" / "mallory" / SECOND                  # kept for the teacher to read, never run…
    assert (handed / "ipykernel_launcher.py").is_file() and (handed / "cafe_widget" / "__init__.py").is_file()
    nbgrader(tmp_path, "generate_feedback", SECOND, "--student", "mallory")
    for folder in ("autograded", "feedback"):                          # …nor carried on to the feedback she fetches
        left = sorted(str(p.relative_to(tmp_path / folder / "mallory" / SECOND))
                      for p in (tmp_path / folder / "mallory" / SECOND).rglob("*"))
        course_files = [p.name for p in (tmp_path / "source" / SECOND).iterdir() if p.suffix != ".ipynb"]
        assert "cafe_assignment.txt" in course_files and "grades.db" not in course_files
        assert left == sorted([f"{SECOND}.{'ipynb' if folder == 'autograded' else 'html'}", *course_files,
                               "submission_secret.txt"]), (folder, left)       # a secret of nobody's
    peggy = graded("peggy")
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter().from_notebook_node(nbformat.reads(json.dumps(peggy), as_version=4))
    assert "peggy" in page and "<img src=x" not in page and "<script>alert" not in page and "<b onmouseover" not in page
    assert "&lt;img src=x onerror=alert(&#39;peggy&#39;)&gt;" in page or "&lt;img src=x onerror=alert('peggy')&gt;" in page
    assert not [o for c in graded("alice", FIRST)["cells"] for o in c.get("outputs", []) if o.get("name") == "stderr"]


# -- zip_collect: the student is the archive's own name (no nbgrader command run) ------------------

@pytest.mark.parametrize("parts, read", [
    (["alice--02.ipynb"], ("alice", "02.ipynb", None)),
    (["hélène--02_seating_rules.ipynb"], ("hélène", "02_seating_rules.ipynb", None)),
    (["alice--02", "02_seating_rules.ipynb"], ("alice", "02_seating_rules.ipynb", None)),
    (["alice", "sub", "02_seating_rules.ipynb"], ("alice", "02_seating_rules.ipynb", None)),
    (["alice--02", "alice--02_seating_rules.ipynb"], ("alice", "02_seating_rules.ipynb", None)),
    (["yann--02", "bob--02_seating_rules.ipynb"], "other_student"),
    (["02_seating_rules.ipynb"], "no_student"),
    (["..--02_seating_rules.ipynb"], "bad_student"),
    ([".hidden--02", "02_seating_rules.ipynb"], "bad_student"),
])
def test_a_collected_file_is_the_archives_student(parts, read):
    pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
    from cafe_widget.classroom.autograde import whose

    found = whose(parts)
    assert (found if isinstance(read, tuple) else found[2][0]) == read


def test_an_archive_unpacks_its_files_only_inside_its_folder_and_a_bad_one_is_skipped(tmp_path, caplog):
    pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
    from cafe_widget.classroom.autograde import ArchiveExtractor

    archive, extracted = tmp_path / "archive", tmp_path / "extracted"
    archive.mkdir()
    with zipfile.ZipFile(archive / "alice--02.zip", "w") as z:
        z.writestr("02_seating_rules.ipynb", "{}")
        z.writestr("../../escaped.ipynb", "{}")
        z.writestr("/etc/absolute.ipynb", "{}")
        link = zipfile.ZipInfo("link.ipynb")
        link.external_attr = 0o120777 << 16              # a symbolic link: not extracted
        z.writestr(link, "/etc/passwd")
    (archive / "bob--02.zip").write_bytes(b"PK\x03\x04 broken")
    (archive / "carol--02_seating_rules.ipynb").write_text("{}", encoding="utf-8")
    ArchiveExtractor().extract(str(archive), str(extracted))
    found = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert found == ["archive/alice--02.zip", "archive/bob--02.zip", "archive/carol--02_seating_rules.ipynb",
                     "extracted/alice--02/02_seating_rules.ipynb", "extracted/alice--02/escaped.ipynb",
                     "extracted/alice--02/etc/absolute.ipynb", "extracted/carol--02_seating_rules.ipynb"]
    assert "bob--02.zip could not be opened as an archive (BadZipFile)" in caplog.text


# -- nbgrader's own files of a submission ----------------

@pytest.mark.parametrize("handed", ["good", "missing", "link", "huge", "not hex"])
def test_the_graded_folder_keeps_the_submission_s_secret_or_one_of_nobody_s(tmp_path, handed):
    """nbgrader submit writes submission_secret.txt; release_feedback reads it for every student and
    stops for the whole class at the first one missing. Kept when it is a secret; anything else in
    its place (a link handed in, a file too big, not a secret) becomes a secret of nobody's."""
    from cafe_widget.classroom.autograde import only_the_course_files

    source, graded = tmp_path / "source" / "01", tmp_path / "autograded" / "alice" / "01"
    source.mkdir(parents=True)
    graded.mkdir(parents=True)
    (source / "rules_card.md").write_text("# rules\n")
    (tmp_path / "gradebook.db").write_text("every grade")
    for name in ("01.ipynb", "rules_card.md", "timestamp.txt", "notes.txt"):
        (graded / name).write_text("x")
    secret = graded / "submission_secret.txt"
    good = "0123abcd" * 16
    if handed == "good":
        secret.write_text(good)
    elif handed == "link":
        secret.symlink_to(tmp_path / "gradebook.db")
    elif handed == "huge":
        secret.write_text("a" * 5000)
    elif handed == "not hex":
        secret.write_text("../../etc/passwd")
    only_the_course_files(str(graded), str(source))
    assert sorted(p.name for p in graded.iterdir()) == [
        "01.ipynb", "rules_card.md", "submission_secret.txt", "timestamp.txt"]
    assert not secret.is_symlink()
    kept = secret.read_text()
    assert kept == good if handed == "good" else (len(kept) == 128 and kept != good and set(kept) <= set("0123456789abcdef"))
    assert (tmp_path / "gradebook.db").read_text() == "every grade"
