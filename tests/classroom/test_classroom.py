"""The teacher's side (issue 25): the course as an nbgrader course, built by
``python -m cafe_widget.classroom make-course``, then generated, autograded and exported by
nbgrader itself on made-up submissions, with the exact scores in its CSV."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cafe_widget.teach import progress_file as progress
from cafe_widget.classroom import course
from cafe_widget.classroom.__main__ import main
from cafe_widget.teach.practice import check_points

ROOT = Path(__file__).resolve().parents[2]
GRADE_ID = re.compile(r"^[A-Za-z0-9_-]+$")


def _cells(nb: dict) -> list[tuple[dict, dict]]:
    return [(c, c["metadata"]["nbgrader"]) for c in nb["cells"]]


# -- the course's exercises, read without running anything ----------------------------------------

@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_numbered_exercise_of_the_course_is_a_graded_cell(lang):
    made = course.assignments(lang)
    assert [a.name[:2] for a in made] == list(progress.course())
    for a in made:
        assert tuple(e.number for e in a.exercises) == progress.course()[a.name[:2]], a.name
    graded = [e for a in made for e in a.exercises]
    assert len(graded) == 46 >= 25
    assert {e.kind for e in graded} == {"feedback", "predict", "puzzle"}
    assert sum(a.points for a in made) == 56          # 13 puzzles worth 2, 33 checks worth 1


def test_an_exercise_cell_is_split_into_its_answer_its_setup_and_its_check():
    cell = ('after_one = game.cafe.begin_turn().place("CNf", "c2").cafe    # the café with CNf on c2\n'
            "answer = ...            # your prediction: a number of points\n"
            'check_points(after_one, "TRm@d3", answer, exercise="3.2")')
    e = course.exercise_of(cell)
    assert (e.number, e.kind, e.grade_id, e.points) == ("3.2", "feedback", "ex3_2", 1)
    assert e.comment == "your prediction: a number of points"
    assert e.setup == 'after_one = game.cafe.begin_turn().place("CNf", "c2").cafe    # the café with CNf on c2'
    assert e.call == 'check_points(after_one, "TRm@d3", answer, exercise="3.2")'
    assert course.exercise_of("print('no exercise here')") is None
    with pytest.raises(course.CourseError, match="cannot grade"):
        course.exercise_of('check_points("DE GB IT CN CF", "DEm@a2", 2, exercise="4.9")')   # no answer = ...


def _built(name: str, lang: str = "en") -> dict:
    path = course.notebooks(lang, wanted=[name])[0]
    answers = {e.number: f"'answer {e.number}'" for e in course.exercises(path)}
    return course.assignment_notebook(path, answers, lang)


@pytest.mark.parametrize("name, lang", [("02", "en"), ("08", "fr"), ("14", "en")])
def test_an_assignment_locks_every_cell_but_the_answers_and_hides_the_folded_ones(name, lang):
    nb = _built(name, lang)
    ids = [meta["grade_id"] for _, meta in _cells(nb)]
    assert len(ids) == len(set(ids)) and all(GRADE_ID.match(i) for i in ids)
    assert [c["id"] for c in nb["cells"]] == ids
    exercises = course.exercises(course.notebooks(lang, wanted=[name])[0])
    for cell, meta in _cells(nb):
        text = cell["source"]
        assert "<summary>Answer" not in text and "<summary>Réponse" not in text
        if meta["solution"]:
            assert not meta["locked"] and not meta["grade"] and meta["grade_id"].endswith("_answer")
            assert "### BEGIN SOLUTION\nanswer = 'answer " in text and text.endswith("### END SOLUTION")
        else:
            assert meta["locked"], text
        if meta["grade"]:
            assert cell["cell_type"] == "code" and meta["grade_id"].endswith("_check")
            assert re.search(r"^assert (feedback|prediction|grade)", text, re.M), text
            assert text.startswith("from cafe_widget.classroom import assignment\nassignment()")
    assert [m["grade_id"] for _, m in _cells(nb) if m["grade"]] == [f"{e.grade_id}_check" for e in exercises]
    assert [m.get("points") for _, m in _cells(nb) if m["grade"]] == [e.points for e in exercises]
    first_code = next(c for c in nb["cells"] if c["cell_type"] == "code")
    assert first_code["source"].startswith("from cafe_widget.classroom import assignment\nassignment()")
    assert _built(name, lang) == nb                                  # the same ids when made again


def test_a_puzzle_gives_one_of_its_two_points_for_an_allowed_turn():
    cell = next(c for c, m in _cells(_built("05")) if m["grade_id"] == "ex5_2_check")["source"]
    assert cell.splitlines()[-5:] == [
        'grade = puzzle.grade(answer, exercise="5.2")',
        "assert grade.legal, grade.message",
        "print(grade.message)",
        "# this cell's points: 2 for the best turn, 1 for an allowed turn that scores less",
        "2 if grade.solved else 1"]


def test_the_readme_and_both_guides_list_every_assignment_with_its_points():
    for doc, lang in (("README.md", "en"), ("notebooks/teachers_guide.md", "en"),
                      ("notebooks/fr/guide_enseignant.md", "fr")):
        text = (ROOT / doc).read_text(encoding="utf-8")
        for a in course.assignments(lang):
            first, last = a.exercises[0].number, a.exercises[-1].number
            row = f"| `{a.name}` | {first}–{last} | {len(a.exercises)} | {a.points} |"
            assert row in text, f"{doc}: {row}"


def test_make_course_says_what_it_cannot_do_and_writes_nothing(tmp_path, capsys):
    assert main(["make-course", str(tmp_path / "c"), "--lang", "de"]) == 1
    assert capsys.readouterr().err == "Die Notebooks des Kurses gibt es auf en, fr: auf de gibt es keine.\n"
    assert main(["make-course", str(tmp_path / "c"), "--notebooks", "99"]) == 1
    assert "No notebook of the course starts with 99" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()
    (tmp_path / "c" / "source" / "04_scoring").mkdir(parents=True)
    assert main(["make-course", str(tmp_path / "c"), "--notebooks", "04"]) == 1
    assert "already holds an assignment's source (04_scoring)" in capsys.readouterr().err
    assert [p.name for p in (tmp_path / "c").rglob("*")] == ["source", "04_scoring"]
    assert main(["bogus"]) == 2 and main([]) == 2


# -- make-course on tiny notebooks (--from): what it refuses, before running anything -------------

EXERCISE = 'answer = ...            # a number of points\ncheck_points("DE GB IT CN CF", "DEm@a2", answer, exercise="{n}")'


def _notebook(folder: Path, name: str, *sources: str) -> Path:
    """A tiny notebook in ``folder``: a title, then a code cell a source."""
    folder.mkdir(parents=True, exist_ok=True)
    cells = [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": f"# {name}"}]
    cells += [{"cell_type": "code", "execution_count": None, "id": f"code{n}", "metadata": {}, "outputs": [],
               "source": s} for n, s in enumerate(sources)]
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


@pytest.fixture
def no_kernel(monkeypatch):
    """make-course must say what is wrong before it runs any notebook."""
    def solve_all(*args, **kwargs):
        raise AssertionError("a notebook was run")
    monkeypatch.setattr(course, "solve_all", solve_all)


def _make(capsys, *argv) -> tuple[int, str]:
    status = main(["make-course", *map(str, argv)])
    return status, capsys.readouterr().err


def test_make_course_wants_a_folder_it_can_write_in(tmp_path, capsys, monkeypatch, no_kernel):
    nbs = tmp_path / "nbs"
    _notebook(nbs, "01_one", "import cafe_widget", EXERCISE.format(n="1.1"))
    (tmp_path / "file.txt").write_text("mine", encoding="utf-8")
    for target, named in ((tmp_path / "file.txt", tmp_path / "file.txt"),
                          (tmp_path / "file.txt" / "course", tmp_path / "file.txt")):
        assert _make(capsys, target, "--from", nbs) == (
            1, f"{named} is a file, not a folder: choose a folder for the course (a new one, or an empty one).\n")
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "source").write_text("", encoding="utf-8")
    assert _make(capsys, tmp_path / "c", "--from", nbs)[1].startswith(f"{tmp_path / 'c' / 'source'} is a file")
    monkeypatch.setattr(course.os, "access", lambda *args, **kwargs: False)
    assert _make(capsys, tmp_path / "new" / "course", "--from", nbs) == (
        1, f"Cannot write in {tmp_path}: choose a folder where you may write.\n")
    assert (tmp_path / "file.txt").read_text(encoding="utf-8") == "mine" and not (tmp_path / "new").exists()


def test_a_notebook_that_is_not_json_is_named(tmp_path, capsys, no_kernel):
    nbs = tmp_path / "nbs"
    _notebook(nbs, "01_one", EXERCISE.format(n="1.1"))
    (nbs / "02_two.ipynb").write_text('{"cells": [\n  {"cell_type": ', encoding="utf-8")
    assert _make(capsys, tmp_path / "c", "--from", nbs) == (
        1, f"{nbs / '02_two.ipynb'} is not a notebook: not valid JSON (line 2, column 17).\n")
    for content in (b"[1, 2]", b'{"cells": [{"cell_type": "code"}]}', b'{"cells": []}\xff'):
        (nbs / "02_two.ipynb").write_bytes(content)
        assert _make(capsys, tmp_path / "c", "--from", nbs) == (
            1, f"{nbs / '02_two.ipynb'} is not a Jupyter notebook (a JSON table with a list of cells).\n")
    assert not (tmp_path / "c").exists()


def test_an_exercise_cell_that_is_not_python_is_named_and_a_mere_mention_is_no_exercise(tmp_path, capsys, no_kernel):
    magic = "%%time\n" + EXERCISE.format(n="1.2")
    with pytest.raises(course.CourseError, match=r"^An exercise cell is not Python \(line 1: .*\n%%time\nanswer = \.\.\."):
        course.exercise_of(magic)
    with pytest.raises(course.CourseError, match="not Python"):
        course.exercise_of("answer = ...\n!echo hi\n" + EXERCISE.format(n="1.2").splitlines()[1])
    mentions = ["# exercise=1.1 is the next cell\nx = 1", 'print("check it with exercise=1.1")',
                '%matplotlib inline\n# exercise=1.1 below', "!echo exercise=1.1",
                'def f(exercise="1.1"):\n    return exercise', "answer = ...\nprint(answer)   # exercise=1.1"]
    assert [course.exercise_of(m) for m in mentions] == [None] * len(mentions)
    with pytest.raises(course.CourseError, match="cannot grade"):      # an exercise= check, not last
        course.exercise_of('answer = ...\nf = check_points("DE GB IT CN CF", "DEm@a2", answer, exercise="1.1")\nf')
    nbs = tmp_path / "nbs"
    path = _notebook(nbs, "01_one", *mentions, EXERCISE.format(n="1.1"))
    made = course.make_course(tmp_path / "c", folder=nbs, answers={path: {"1.1": "0"}})
    assert [(a.name, a.title, [e.number for e in a.exercises]) for a in made] == [("01_one", "01_one", ["1.1"])]
    _notebook(nbs, "02_two", magic)
    status, err = _make(capsys, tmp_path / "d", "--from", nbs)
    assert status == 1 and err.startswith("02_two.ipynb: An exercise cell is not Python (line 1: ")
    assert err.endswith(f"\n{magic}\n") and not (tmp_path / "d").exists()


def test_each_exercise_number_once_in_a_notebook_and_across_them(tmp_path, capsys, no_kernel):
    nbs = tmp_path / "nbs"
    _notebook(nbs, "01_one", EXERCISE.format(n="1.1"), EXERCISE.format(n="1.2"), EXERCISE.format(n="1.1"))
    assert _make(capsys, tmp_path / "c", "--from", nbs) == (
        1, "01_one.ipynb has two exercise cells numbered 1.1: number each exercise once.\n")
    _notebook(nbs, "01_one", EXERCISE.format(n="1.1"), EXERCISE.format(n="1.2"))
    _notebook(nbs, "02_two", EXERCISE.format(n="2.1"), EXERCISE.format(n="1_2"))   # the same grade id, ex1_2
    assert _make(capsys, tmp_path / "c", "--from", nbs) == (
        1, "Exercise 1_2 is in both 01_one and 02_two: number each exercise once.\n")
    assert not (tmp_path / "c").exists()
    one = nbs / "01_one.ipynb"                                           # 01 alone is a course
    made = course.make_course(tmp_path / "c", wanted=["01"], folder=nbs, answers={one: {"1.1": "0", "1.2": "1"}})
    assert [e.grade_id for e in made[0].exercises] == ["ex1_1", "ex1_2"]


def test_a_config_file_already_there_is_kept_without_force(tmp_path, capsys, no_kernel):
    nbs = tmp_path / "nbs"
    path = _notebook(nbs, "01_one", EXERCISE.format(n="1.1"))
    config = tmp_path / "c" / "nbgrader_config.py"
    config.parent.mkdir()
    config.write_text("c = get_config()  # the teacher's own\n", encoding="utf-8")
    assert _make(capsys, tmp_path / "c", "--from", nbs) == (
        1, f"{tmp_path / 'c'} already holds a course's nbgrader_config.py: choose an empty folder, "
           "or add --force to write over it.\n")
    (tmp_path / "c" / "source" / "01_one").mkdir(parents=True)
    assert _make(capsys, tmp_path / "c", "--from", nbs) == (
        1, f"{tmp_path / 'c'} already holds a course's nbgrader_config.py and an assignment's source "
           "(01_one): choose an empty folder, or add --force to write over it.\n")
    assert config.read_text(encoding="utf-8") == "c = get_config()  # the teacher's own\n"
    course.make_course(tmp_path / "c", folder=nbs, force=True, answers={path: {"1.1": "0"}})
    assert "c.ExecutePreprocessor.timeout = 120" in config.read_text(encoding="utf-8")


def test_the_timeout_is_the_kernels_too(tmp_path, monkeypatch):
    nbs = tmp_path / "nbs"
    path = _notebook(nbs, "01_one", EXERCISE.format(n="1.1"))
    asked = []

    def solve(notebook, timeout=120, lang="en"):
        asked.append((notebook, timeout, lang))
        return {"1.1": "0"}
    monkeypatch.setattr(course, "solve", solve)
    assert main(["make-course", str(tmp_path / "c"), "--from", str(nbs), "--timeout", "7"]) == 0
    assert asked == [(path, 7, "en")]
    assert "c.ExecutePreprocessor.timeout = 7\n" in (tmp_path / "c" / "nbgrader_config.py").read_text(encoding="utf-8")


def test_a_notebook_that_times_out_or_kills_its_kernel_is_one_sentence_without_colours(tmp_path, monkeypatch):
    pytest.importorskip("nbclient", reason="nbclient comes with nbgrader (pip install -e '.[test]')")
    from nbclient import NotebookClient
    from nbformat import NotebookNode
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    path = _notebook(tmp_path, "01_one", EXERCISE.format(n="1.1"))
    timeout = CellTimeoutError.error_from_timeout_and_cell("Cell execution timed out", 7, NotebookNode(source="x = 1"))
    coloured = CellExecutionError("\x1b[0;31m---------\x1b[0m\n\x1b[0;31mNameError\x1b[0m: name 'x' is not defined",
                                  "NameError", "name \x1b[1mx\x1b[0m is not defined")
    for error, said in ((timeout, "A cell timed out while it was being executed, after 7 seconds."),
                        (DeadKernelError("Kernel died"), "Kernel died"),
                        (RuntimeError(), "RuntimeError"),
                        (coloured, "NameError: name x is not defined")):
        def execute(self, *args, error=error, **kwargs):
            raise error
        monkeypatch.setattr(NotebookClient, "execute", execute)
        with pytest.raises(course.CourseError) as raised:
            course.solve(path, timeout=7)
        assert str(raised.value) == f"The notebook 01_one.ipynb stopped with an error, nothing was written: {said}"


# -- end to end: make-course, then nbgrader generate, autograde and export -----------------------

def _nbgrader(course_dir: Path, *args: str) -> str:
    """nbgrader's own command line, in the course's folder (its venv's bin first on PATH:
    nbgrader runs alembic from there)."""
    bin_dir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
    run = subprocess.run([os.path.join(bin_dir, "nbgrader"), *args], cwd=course_dir, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout + run.stderr


def _submit(course_dir: Path, student: str, name: str, answers: dict, drop=(), zipped=False) -> None:
    nb = json.loads((course_dir / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8"))
    cells = []
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in drop:
            continue
        if grade_id in answers:
            source = "".join(cell["source"])
            assert source.endswith("answer = ...")
            cell["source"] = source.replace("answer = ...", f"answer = {answers[grade_id]}")
        cells.append(cell)
    nb["cells"] = cells
    if zipped:                          # handed in on a shared machine, for zip_collect
        folder, file = course_dir / "downloaded" / name / "archive", f"{student}--{name}.ipynb"
    else:
        folder, file = course_dir / "submitted" / student / name, f"{name}.ipynb"
    folder.mkdir(parents=True)
    (folder / file).write_text(json.dumps(nb), encoding="utf-8")


@pytest.mark.kernels
def test_nbgrader_generates_autogrades_and_exports_the_course_with_the_exact_scores(tmp_path):
    pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
    if shutil.which("nbgrader", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("nbgrader's command is not beside this Python")
    made = course.make_course(tmp_path, "en", ["01", "02"])
    assert [(a.name, a.points) for a in made] == [("01_the_cafe", 4), ("02_seating_rules", 5)]
    _nbgrader(tmp_path, "generate_assignment", "*")

    right = {}
    for a in made:                                    # the solutions the engine computed, from the source
        source = json.loads((tmp_path / "source" / a.name / f"{a.name}.ipynb").read_text(encoding="utf-8"))
        released = json.loads((tmp_path / "release" / a.name / f"{a.name}.ipynb").read_text(encoding="utf-8"))
        text = json.dumps(released)
        assert "BEGIN SOLUTION" not in text and "<summary>Answer" not in text
        for cell, meta in _cells(source):
            if meta["solution"]:
                right[meta["grade_id"]] = re.search(r"^answer = (.*)$", cell["source"], re.M).group(1)
        for cell in released["cells"]:
            meta = cell["metadata"]["nbgrader"]
            if meta["solution"]:
                assert "".join(cell["source"]).endswith("answer = ...")
            assert meta["locked"] or meta["solution"]
    assert right == {"ex1_1_answer": "3, 1", "ex1_2_answer": '"d1 c2 e2 b3 d3 a4 c4 b5"', "ex1_3_answer": "2, 2, 1, 0, 0",
                     "ex1_4_answer": "1, 5", "ex2_1_answer": '"c2 b3 d3 c4"', "ex2_2_answer": '"refused"',
                     "ex2_3_answer": '"e4 d5"', "ex2_4_answer": '"DEf@c2, ITm@b3"'}

    first, second = "01_the_cafe", "02_seating_rules"
    _submit(tmp_path, "alice", first, right)
    _submit(tmp_path, "alice", second, right)
    _submit(tmp_path, "bob", first, {**right, "ex1_1_answer": "2, 2"})                        # one wrong
    _submit(tmp_path, "bob", second, {**right, "ex2_2_answer": "3", "ex2_4_answer": '"DEf@b1, ITm@c2"'})
    _submit(tmp_path, "carol", second, {})                                                 # untouched
    _submit(tmp_path, "dave", second, right, drop=("ex2_1_check",), zipped=True)           # a test cell deleted
    _nbgrader(tmp_path, "zip_collect", second)
    assert (tmp_path / "submitted" / "dave" / second / f"{second}.ipynb").exists()
    _nbgrader(tmp_path, "autograde", "*")
    _nbgrader(tmp_path, "export")

    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as f:
        scores = {(r["assignment"], r["student_id"]): (float(r["score"]), float(r["max_score"])) for r in csv.DictReader(f)}
    assert scores == {
        (first, "alice"): (4.0, 4.0), (first, "bob"): (3.0, 4.0), (first, "carol"): (0.0, 4.0), (first, "dave"): (0.0, 4.0),
        (second, "alice"): (5.0, 5.0), (second, "bob"): (3.0, 5.0),     # 2.2 wrong; 2.4 allowed, not the best: 1 of 2
        (second, "carol"): (0.0, 5.0), (second, "dave"): (4.0, 5.0)}    # 2.1's check deleted: its point lost

    graded = json.loads((tmp_path / "autograded" / "bob" / second / f"{second}.ipynb").read_text(encoding="utf-8"))
    check = next(c for c in graded["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "ex2_2_check")
    error = next(o for o in check["outputs"] if o["output_type"] == "error")
    nudge = check_points("DE GB IT CN CF | b1:DEf a2:DEm c4:ITm", "DEm@b3", 3).nudge
    assert (error["ename"], error["evalue"]) == ("AssertionError", nudge)    # the nudge, never the answer
    for student in ("alice", "bob"):                                        # no test cell wrote to stderr
        nb = json.loads((tmp_path / "autograded" / student / first / f"{first}.ipynb").read_text(encoding="utf-8"))
        assert not [o for c in nb["cells"] for o in c.get("outputs", []) if o.get("name") == "stderr"]
