"""The teacher's side: the course as an nbgrader course, built by
``python -m cafe_widget.classroom make-course``, then generated, autograded and exported by
nbgrader itself on made-up submissions, with the exact scores in its CSV."""

from __future__ import annotations

import errno
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cafe_widget.teach import progress_file as progress
from cafe_widget.classroom.course import cli as course_cli, notebooks as course, writing as course_writing
from cafe_widget.classroom.__main__ import main
from nbgrader_helpers import nbgrader

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
            assert text.startswith("from cafe_widget.classroom import assignment\n") and "\nassignment()" in text
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


def _notebook(folder: Path, name: str, *sources: str, markdown=()) -> Path:
    """A tiny notebook in ``folder``: a title, a markdown cell a text of ``markdown``, then a
    code cell a source."""
    folder.mkdir(parents=True, exist_ok=True)
    cells = [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": f"# {name}"}]
    cells += [{"cell_type": "markdown", "id": f"text{n}", "metadata": {}, "source": t} for n, t in enumerate(markdown)]
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


# -- the course in the wheel ------------------------------------------------------------

def _course_files() -> set[str]:
    """The files the wheel must carry, relative to notebooks/: every notebook of the course in
    both languages and every file they link that make-course copies beside an assignment."""
    folder = ROOT / "notebooks"
    files = set()
    for lang in ("en", "fr"):
        for path in course.notebooks(lang):
            files.add(path.relative_to(folder).as_posix())
            files.update(f.relative_to(folder).as_posix() for f in course.linked_files(path, lang).values())
    return files


def test_the_build_hook_takes_the_course_and_nothing_else_and_builds_without_it():
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")       # setup() is not called
    assert set(setup["course_files"](ROOT)) == _course_files()
    assert len(_course_files()) == 2 * 14 + 2                                 # + rules_card.md, rules_card_fr.md
    assert setup["course_files"](ROOT / "cafe_widget") == []                   # no notebooks/: no course (lite)


def _uv_build(src: Path, out: Path) -> None:
    """The wheel of ``src`` (from its sdist, as ``uv build`` makes it), offline if uv's cache
    has the build backend; skipped when the package index cannot be reached either."""
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if uv is None:
        pytest.skip("uv is in the test extras (pip install -e '.[test]')")
    for flags in (["--offline"], []):
        run = subprocess.run([uv, "build", "--quiet", *flags, "--out-dir", str(out), str(src)],
                             capture_output=True, text=True, timeout=180)
        if run.returncode == 0:
            return
    if re.search(r"(?i)network|connect|dns|resolve|timed? ?out|offline", run.stderr):
        pytest.skip(f"no build backend in uv's cache and no package index: {run.stderr.strip()[-300:]}")
    raise AssertionError(run.stderr[-3000:])


def test_the_wheel_carries_the_course_and_make_course_finds_it_there(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "setup.py", "MANIFEST.in", "cafe_widget", "notebooks"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        else:
            shutil.copy2(ROOT / name, src / name)
    _uv_build(src, tmp_path / "dist")
    (wheel,) = (tmp_path / "dist").glob("cafe_widget-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(tmp_path / "site")
    assert {n.removeprefix("cafe_widget/course/") for n in names if n.startswith("cafe_widget/course/")} == _course_files()
    # installed (the wheel's files on the path), from another folder: the course is the package's
    script = ("import json\nfrom cafe_widget.classroom.course import notebooks as c\n"
              "(fr14,) = c.notebooks('fr', wanted=['14'])\n"
              "c.make_course('made', 'fr', ['14'], answers={fr14: {e.number: '0' for e in c.exercises(fr14, 'fr')}})\n"
              "print(json.dumps([str(c.course_folder()), len(c.notebooks('en')), len(c.notebooks('fr'))]))")
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PYTHONPATH=str(tmp_path / "site")))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.splitlines()[-1]) == [str((tmp_path / "site" / "cafe_widget" / "course").resolve()), 14, 14]
    assert sorted(p.name for p in (tmp_path / "made" / "source" / "14_plateau_partie").iterdir()) == [
        "14_plateau_partie.ipynb", "cafe_assignment.txt", "rules_card_fr.md"]


def test_in_the_repository_the_course_is_read_from_notebooks():
    from cafe_widget.classroom.course.exercises import PACKAGED

    assert not PACKAGED.exists()
    assert course.course_folder() == ROOT / "notebooks"
    assert course.notebooks("fr")[0] == ROOT / "notebooks" / "fr" / "01_le_cafe.ipynb"


# -- the command line, checked before anything is run ------------------------------------

def test_help_lists_every_option_of_make_course_and_of_every_command(capsys):
    assert main(["make-course", "--help"]) == 0
    text = capsys.readouterr().out
    options = {o for a in course_cli.parser()._actions for o in a.option_strings if o.startswith("--")}
    assert options == {"--help", "--lang", "--notebooks", "--from", "--force", "--timeout", "--jobs", "--course-id"}
    assert all(o in text for o in options) and "DIR" in text
    assert main(["--help"]) == 0
    usage = capsys.readouterr().out
    for command in ("make-course", "summary", "hub-config", "open-table", "tables", "save-table", "pause-table",
                    "give-seat", "close-table"):
        try:
            main([command, "--help"])
        except SystemExit:
            pass
        said = capsys.readouterr()
        found = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", said.out + said.err))
        assert found, command
        assert [o for o in sorted(found) if not re.search(re.escape(o) + r"(?![a-z-])", usage)] == [], command


SEE = "see python -m cafe_widget.classroom make-course --help."


@pytest.mark.parametrize("args, said", [
    (["--timeout", "0"], "--timeout 0: the cell timeout is a whole number of seconds, 1 or more (for example --timeout 120)."),
    (["--timeout", "-5"], "--timeout -5: the cell timeout is a whole number of seconds, 1 or more (for example --timeout 120)."),
    (["--timeout", "abc"], "--timeout abc: the cell timeout is a whole number of seconds, 1 or more (for example --timeout 120)."),
    (["--timeout=2.5"], "--timeout 2.5: the cell timeout is a whole number of seconds, 1 or more (for example --timeout 120)."),
    (["--jobs", "0"], "--jobs 0: the number of notebooks run at a time is a whole number, 1 or more (for example --jobs 2)."),
    (["--course-id", "café"], "--course-id café: an nbgrader course id is made of letters, digits, _ and - only "
                              "(for example cafe_international)."),
    (["--bogus", "1"], f"--bogus is not an option of make-course: {SEE}"),
    (["--timeout"], f"make-course could not read its arguments (argument --timeout: expected one argument): {SEE}"),
    (["more"], f"make-course writes one course in one folder ({{dir}}), so more is one argument too many: {SEE}"),
    (["--lang", "fr", "--timeout", "0"], "--timeout 0 : le délai d'une cellule est un nombre entier de secondes, 1 ou "
                                         "plus (par exemple --timeout 120)."),
    (["--lang", "de", "--jobs", "x"], "--jobs x: Die Zahl der Notebooks, die gleichzeitig laufen, ist eine ganze Zahl, "
                                      "1 oder mehr (zum Beispiel --jobs 2)."),
])
def test_a_wrong_argument_is_one_sentence_said_before_anything_is_run(tmp_path, capsys, no_kernel, args, said):
    target = tmp_path / "DIR"
    assert _make(capsys, target, *args) == (2, said.format(dir=target) + "\n")
    assert list(tmp_path.iterdir()) == []


def test_no_folder_is_one_sentence_and_the_library_checks_too(tmp_path, capsys, no_kernel):
    assert main(["make-course"]) == 2
    assert capsys.readouterr().err == f"make-course needs the course's folder (DIR): {SEE}\n"
    assert main(["make-course", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == ("make-course a besoin du dossier du cours (DIR) : voyez "
                                       "python -m cafe_widget.classroom make-course --help.\n")
    assert main(["bogus"]) == 2
    assert capsys.readouterr().err == ("bogus is not a command of python -m cafe_widget.classroom: "
                                       "see python -m cafe_widget.classroom --help.\n")
    for settings in ({"timeout": 0}, {"timeout": True}, {"jobs": -1}, {"course_id": "a b"}):
        with pytest.raises(course.CourseError, match=r"^--(timeout|jobs|course-id) "):
            course.make_course(tmp_path / "c", **settings)
    assert not (tmp_path / "c").exists()


# -- written in one move, what is in the way named ---------------------------------------

def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _two_notebooks(nbs: Path) -> dict:
    nbs.mkdir(parents=True)
    (nbs / "rules_card.md").write_text("# The rules\n", encoding="utf-8")
    one = _notebook(nbs, "01_one", EXERCISE.format(n="1.1"), markdown=["The [rules card](rules_card.md)."])
    two = _notebook(nbs, "02_two", EXERCISE.format(n="2.1"), markdown=["The [rules card](rules_card.md)."])
    return {one: {"1.1": "0"}, two: {"2.1": "1"}}


def test_a_failure_while_writing_leaves_the_course_as_it_was_and_names_the_file(tmp_path, monkeypatch):
    answers = _two_notebooks(tmp_path / "nbs")
    target = tmp_path / "c"
    course.make_course(target, wanted=["01"], folder=tmp_path / "nbs", answers=answers)
    (target / "gradebook.db").write_text("the teacher's grades", encoding="utf-8")
    before = _files(target)
    copy, copied = shutil.copyfile, []

    def full_disk(original, copy_to, **kwargs):
        copied.append(copy_to)
        if len(copied) == 2:                        # the second assignment's rules card
            raise OSError(errno.ENOSPC, "No space left on device", str(copy_to))
        return copy(original, copy_to, **kwargs)
    monkeypatch.setattr(course_writing.shutil, "copyfile", full_disk)
    for where in (target, tmp_path / "new" / "course"):
        copied.clear()
        with pytest.raises(course.CourseError) as raised:
            course.make_course(where, folder=tmp_path / "nbs", answers=answers, force=True)
        assert str(raised.value) == (f"Could not write {where / 'source' / '02_two' / 'rules_card.md'} "
                                     f"(No space left on device): nothing was changed in {where}.")
    assert _files(target) == before and sorted(p.name for p in tmp_path.iterdir()) == ["c", "nbs"]
    assert sorted(p.name for p in target.iterdir()) == ["gradebook.db", "nbgrader_config.py", "source"]


def test_a_failure_while_moving_into_place_puts_back_what_was_there(tmp_path, monkeypatch):
    answers = _two_notebooks(tmp_path / "nbs")
    target = tmp_path / "c"
    course.make_course(target, folder=tmp_path / "nbs", answers=answers)
    (target / "source" / "02_two" / "mine.txt").write_text("the teacher's own", encoding="utf-8")
    before = _files(target)
    rename = os.rename

    def refused(src, dst):
        if Path(dst) == target / "source" / "02_two" and Path(src).parent.parent.name == "course":   # the new one
            raise OSError(errno.EACCES, "Permission denied", str(dst))
        return rename(src, dst)
    monkeypatch.setattr(course_writing.os, "rename", refused)
    later = {path: {number: "5" for number in answer} for path, answer in answers.items()}
    with pytest.raises(course.CourseError) as raised:
        course.make_course(target, folder=tmp_path / "nbs", answers=later, force=True)
    assert str(raised.value) == f"Could not write {target / 'source' / '02_two'} (Permission denied): nothing was changed in {target}."
    assert _files(target) == before and not [p for p in target.rglob(".*")]
    monkeypatch.setattr(course_writing.os, "rename", rename)
    course.make_course(target, folder=tmp_path / "nbs", answers=later, force=True)
    assert "answer = 5" in (target / "source" / "01_one" / "01_one.ipynb").read_text(encoding="utf-8")
    assert (target / "source" / "02_two" / "mine.txt").read_text(encoding="utf-8") == "the teacher's own"


# -- the configuration: the teacher's own settings, kept ------------------------------

def _one_course(tmp_path: Path, lang: str = "en", **options) -> Path:
    path = _notebook(tmp_path / "nbs", "01_one", EXERCISE.format(n="1.1"))
    course.make_course(tmp_path / "c", lang, folder=tmp_path / "nbs", answers={path: {"1.1": "0"}}, **options)
    return tmp_path / "c"


def _config(folder: Path):
    from traitlets.config.loader import PyFileConfigLoader

    return PyFileConfigLoader("nbgrader_config.py", path=str(folder)).load_config()


def test_with_force_a_changed_configuration_is_kept_beside_it_and_said(tmp_path, capsys):
    config = tmp_path / "c" / "nbgrader_config.py"
    config.parent.mkdir()
    config.write_text("c = get_config()  # the teacher's own\n", encoding="utf-8")
    _one_course(tmp_path, force=True)
    backup = tmp_path / "c" / "nbgrader_config.py.bak"
    assert capsys.readouterr().out == (
        f"{config} was not the one make-course writes: it is kept as {backup}, and {config} is make-course's again "
        "(your own settings go in nbgrader_config_local.py, which make-course never writes).\n")
    assert backup.read_text(encoding="utf-8") == "c = get_config()  # the teacher's own\n"
    assert config.read_text(encoding="utf-8") == course.config_source("cafe_international", 120)
    _one_course(tmp_path, force=True)                                   # the same one: nothing to keep
    assert capsys.readouterr().out == "" and not (tmp_path / "c" / "nbgrader_config.py.bak2").exists()
    config.write_text(config.read_text(encoding="utf-8") + "c.Exchange.root = '/srv/x'\n", encoding="utf-8")
    _one_course(tmp_path, force=True, timeout=60)
    assert "kept as " + str(backup) + "2," in capsys.readouterr().out
    assert (tmp_path / "c" / "nbgrader_config.py.bak2").read_text(encoding="utf-8").endswith("'/srv/x'\n")
    assert "c.ExecutePreprocessor.timeout = 60\n" in config.read_text(encoding="utf-8")


def test_the_configuration_loads_the_teachers_own_settings_last(tmp_path):
    pytest.importorskip("traitlets", reason="traitlets comes with nbgrader (pip install -e '.[test]')")
    folder = _one_course(tmp_path)
    c = _config(folder)
    assert (c.CourseDirectory.course_id, c.CourseDirectory.root, c.ExecutePreprocessor.timeout) == (
        "cafe_international", str(folder), 120)
    assert c.ExportApp.plugin_class == "cafe_widget.classroom.autograde.GradesExport"
    (folder / "nbgrader_config_local.py").write_text(
        "c = get_config()\nc.ExecutePreprocessor.timeout = 300\nc.Exchange.root = '/srv/exchange'\n", encoding="utf-8")
    c = _config(folder)
    assert (c.CourseDirectory.course_id, c.ExecutePreprocessor.timeout, c.Exchange.root) == (
        "cafe_international", 300, "/srv/exchange")
    text = (folder / "nbgrader_config.py").read_text(encoding="utf-8")
    assert text.splitlines()[3:5] == [
        "# own settings in nbgrader_config_local.py beside it: make-course never writes that file, and it",
        "# is loaded last (its settings win)."]
    assert text.endswith("load_subconfig('nbgrader_config_local.py', path=c.CourseDirectory.root)"
                         "  # noqa: F821 (nbgrader defines it)\n")


@pytest.mark.kernels                    # nbgrader's own command (5 s): make test, not make check
def test_nbgrader_itself_reads_the_teachers_own_settings_and_releases_the_assignment_file(tmp_path):
    pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
    if shutil.which("nbgrader", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("nbgrader's command is not beside this Python")
    folder = _one_course(tmp_path)
    (folder / "nbgrader_config_local.py").write_text(
        "c = get_config()\nc.CourseDirectory.release_directory = 'handout'\n", encoding="utf-8")
    nbgrader(folder, "generate_assignment", "01_one")
    assert sorted(p.name for p in (folder / "handout" / "01_one").iterdir()) == ["01_one.ipynb", "cafe_assignment.txt"]


GRADING = '''c.ExecutePreprocessor.timeout = 120
# The grade a teacher can trust: at autograde only the answers cross (the teacher's guide: "What
# a grade means"). Each graded notebook is rebuilt from source/: the course's cells with their
# metadata, each answer cell its plain value (a number, a text, numbers with commas); nothing else
# a student wrote or handed in runs. Each notebook runs in a fresh kernel (python -I) in a fresh
# empty folder. The export says "graded" only with a score, else "not graded: why", never a 0.
c.Autograde.sanitize_preprocessors = [
    "cafe_widget.classroom.autograde.PlainAnswers", "nbgrader.preprocessors.OverwriteKernelspec",
    "nbgrader.preprocessors.OverwriteCells", "nbgrader.preprocessors.CheckCellMetadata"]
c.Autograde.autograde_preprocessors = [
    "cafe_widget.classroom.autograde.IsolatedExecute", "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor", "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades", "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata"]
c.ExportApp.plugin_class = "cafe_widget.classroom.autograde.GradesExport"
'''


@pytest.mark.parametrize("lang, said", [
    ("en", "This folder holds a graded assignment of the Café International course: its checks give a nudge, "
           "then a hint, never the answer.\n"),
    ("fr", "Ce dossier contient un devoir noté du cours Café International : ses vérifications donnent un "
           "coup de pouce, puis un indice, jamais la réponse.\n"),
])
def test_the_configuration_grades_plain_answers_and_each_assignment_says_it_is_graded(tmp_path, lang, said):
    folder = _one_course(tmp_path, lang)
    assert GRADING in (folder / "nbgrader_config.py").read_text(encoding="utf-8")
    assert course_writing.ASSIGNMENT_FILE == "cafe_assignment.txt"
    assert (folder / "source" / "01_one" / "cafe_assignment.txt").read_text(encoding="utf-8") == said


@pytest.mark.parametrize("name", ["hélène", "o'brien", "zoé-marie", "bob"])
def test_zip_collect_takes_any_student_name_up_to_the_first_double_dash(tmp_path, name):
    pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
    from cafe_widget.classroom.autograde import whose

    c = _config(_one_course(tmp_path))
    assert (c.ZipCollectApp.extractor_plugin, c.ZipCollectApp.collector_plugin) == (
        "cafe_widget.classroom.autograde.ArchiveExtractor", "cafe_widget.classroom.autograde.ArchiveCollector")
    assert whose([f"{name}--01_one.ipynb"]) == (name, "01_one.ipynb", None)
    assert whose([f"{name}--01", "01_one.ipynb"]) == (name, "01_one.ipynb", None)       # in the student's zip
    assert whose(["01_one.ipynb"])[2][0] == "no_student"


@pytest.mark.parametrize("lang, options, course_id", [
    ("en", {}, "cafe_international"), ("fr", {}, "cafe_international_fr"),
    ("fr", {"course_id": "cafe-3B_2025"}, "cafe-3B_2025")])
def test_each_language_has_its_course_id_and_another_may_be_chosen(tmp_path, lang, options, course_id):
    text = (_one_course(tmp_path, lang, **options) / "nbgrader_config.py").read_text(encoding="utf-8")
    assert f"c.CourseDirectory.course_id = {course_id!r}\n" in text
    from cafe_widget.classroom import hub
    assert hub.COURSE_ID == "cafe_international"                        # the class hub's default


# -- what a released notebook links to, what it leaves out --------------------------------

@pytest.mark.parametrize("lang, wanted", [("en", None), ("fr", None), ("en", ["01", "04"]), ("fr", ["13"])])
def test_no_released_link_leads_nowhere(tmp_path, lang, wanted):
    paths = course.notebooks(lang, wanted=wanted)
    course.make_course(tmp_path, lang, wanted,
                       answers={p: {e.number: "0" for e in course.exercises(p, lang)} for p in paths})
    links = []
    for notebook in sorted((tmp_path / "source").glob("*/*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for match in course.MD_LINK.finditer(cell["source"] if cell["cell_type"] == "markdown" else ""):
                target = match.group(3)
                assert re.match(r"https?:|#", target) or (notebook.parent / target.split("#")[0]).is_file(), match.group(0)
                links.append((notebook.parent.name, match.group(0)))
    assert links if wanted is None else True
    text = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "source").glob("*/*.ipynb")}
    if wanted == ["01", "04"]:                  # 04's "next" is 05, not in this course: its words stay
        assert "5 · Scoring a turn" in text["04_scoring.ipynb"] and "05_scoring" not in text["04_scoring.ipynb"]
        assert "(../04_scoring/04_scoring.ipynb)" not in text["01_the_cafe.ipynb"]     # 02 is not there either
    if wanted is None and lang == "en":         # the French notebooks are not this course's
        assert "fr/" not in text["13_board_game.ipynb"] + text["14_board_game_play.ipynb"]
        assert "en français : 13 · Le jeu de plateau" in text["13_board_game.ipynb"]
    if wanted == ["13"]:
        assert "14_plateau_partie" not in text["13_jeu_de_plateau.ipynb"]


def test_a_link_to_a_course_notebook_is_its_assignment_any_other_its_words(tmp_path):
    (tmp_path / "rules_card.md").write_text("# The rules\n", encoding="utf-8")
    (tmp_path / "guide.md").write_text("# A guide\n", encoding="utf-8")
    _notebook(tmp_path, "02_two", EXERCISE.format(n="2.1"))
    path = _notebook(tmp_path, "01_one", EXERCISE.format(n="1.1"), markdown=[
        "Next: [2 · Two](02_two.ipynb#start), [the rules](rules_card.md), [the guide](guide.md), "
        "[three](03_three.ipynb), [French](fr/01_un.ipynb), [the web](https://example.org/a.md), [here](#top)."])
    nb = course.assignment_notebook(path, {"1.1": "0"}, "en")
    assert nb["cells"][1]["source"] == (
        "Next: [2 · Two](../02_two/02_two.ipynb#start), [the rules](rules_card.md), the guide, three, French, "
        "[the web](https://example.org/a.md), [here](#top).")
    alone = course.assignment_notebook(path, {"1.1": "0"}, "en", course={path: "01_one"})
    assert alone["cells"][1]["source"].startswith("Next: 2 · Two, [the rules](rules_card.md), the guide")


def test_course_only_passages_are_left_out_of_an_assignment(tmp_path):
    path = _notebook(tmp_path, "01_one", EXERCISE.format(n="1.1"), markdown=[
        "Try it. <!-- course-only -->The third try shows the answer.<!-- /course-only --> Then go on.",
        "First line.\n<!-- course-only -->\nThe third try shows the answer.\n<!-- /course-only -->\nLast line.",
        "Para one.\n\n<!-- course-only -->Only here.<!-- /course-only -->\n\nPara two.",
        "<!-- course-only -->A cell for the course alone.<!-- /course-only -->",
        "Ends here<!-- course-only --> and not there<!-- /course-only -->.",
        "- one\n- <!-- course-only -->the answer, at the third try<!-- /course-only -->\n- three",
    ])
    nb = course.assignment_notebook(path, {"1.1": "0"}, "en")
    assert [c["source"] for c in nb["cells"] if c["cell_type"] == "markdown" and c["id"] != "assignment_rules"] == [
        "# 01_one", "Try it. Then go on.", "First line.\nLast line.", "Para one.\n\nPara two.", "Ends here.",
        "- one\n- three"]
    assert "course-only" not in json.dumps(nb)


def test_an_assignment_says_its_rule_before_its_first_code_cell_whatever_the_notebook_says():
    nb = _built("12")
    first_code = next(n for n, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
    rules = nb["cells"][first_code - 1]
    assert rules["id"] == "assignment_rules" and rules["metadata"]["nbgrader"]["locked"]
    assert rules["source"].startswith("**A graded assignment.** Here a wrong answer gets a nudge, then a hint, "
                                      "and never the answer — also where this notebook says that the third try")
    for lang, name in (("en", "12"), ("fr", "12"), ("en", "11"), ("en", "01")):   # what the course says otherwise
        text = json.dumps(_built(name, lang), ensure_ascii=False)
        assert "p.solution()` gives" not in text and "p.solution()` donne" not in text
        assert "`answer=True` shows it at any time" not in text and "the third shows the answer" not in text
    french = _built("12", "fr")
    assert any(c["source"].startswith("**Un devoir noté.**") for c in french["cells"] if c["cell_type"] == "markdown")


# -- every count in its plural -----------------------------------------------------------

@pytest.mark.parametrize("lang, n, said", [
    ("en", 1, ["Running 1 notebook once to compute the right answers…", "Written: {c}, 1 assignment, 1 graded cell, 1 point."]),
    ("en", 2, ["Running 2 notebooks once to compute the right answers…", "Written: {c}, 2 assignments, 2 graded cells, 2 points."]),
    ("fr", 1, ["1 notebook est lancé une fois pour calculer les bonnes réponses…",
               "Écrit : {c}, 1 devoir, 1 cellule notée, 1 point."]),
    ("fr", 2, ["Les 2 notebooks sont lancés une fois pour calculer les bonnes réponses…",
               "Écrit : {c}, 2 devoirs, 2 cellules notées, 2 points."]),
])
def test_every_count_make_course_says_takes_its_plural(tmp_path, capsys, monkeypatch, lang, n, said):
    for k in range(1, n + 1):
        _notebook(tmp_path / "nbs", f"0{k}_n", EXERCISE.format(n=f"{k}.1"))
    monkeypatch.setattr(course, "solve", lambda notebook, timeout=120, lang="en": {notebook.name[1] + ".1": "0"})
    assert main(["make-course", str(tmp_path / "c"), "--from", str(tmp_path / "nbs"), "--lang", lang]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [s.format(c=tmp_path / "c") for s in said]
