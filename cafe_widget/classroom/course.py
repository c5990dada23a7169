"""``python -m cafe_widget.classroom make-course DIR``: the course as an nbgrader course.

One assignment a teaching notebook (``01_the_cafe`` … ``14_board_game_play``, or the French
ones), generated from the course's notebooks each time, never a copy kept by hand:

- each numbered exercise cell (``answer = ...`` then a check that names its ``exercise=``)
  becomes two cells: a **solution cell** (``ex4_1_answer``: the student's answer; the right one,
  computed by the engine, between ``### BEGIN SOLUTION`` and ``### END SOLUTION``) and a locked
  **autograder test cell** (``ex4_1_check``) that runs the course's own check and asserts on its
  verdict (``Feedback.right``, ``Prediction.right``, a puzzle's ``Grade.legal``/``.solved``:
  a puzzle gives 1 of its 2 points for an allowed turn that is not the best);
- every other cell is locked (read-only), its output cleared; folded answers
  (``<details><summary>Answer</summary>``) are left out;
- a first cell turns the assignment's rule on (:func:`cafe_widget.classroom.assignment`): the
  checks give a nudge, then the hint, never the answer.

The right answers are the engine's: the notebook is run once in a kernel (``nbclient``), each
exercise cell asking its check for the answer instead of grading one. ``DIR/nbgrader_config.py``
names the course, its root (the folder itself, wherever it is moved), a cell timeout and the
``answer = ...`` stub nbgrader puts in place of a solution.
"""

from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..i18n import available, translate

from .exercises import (COURSE_ID, FOLDED, MARK, WORDS, _ANSI, Assignment, CourseError, Exercise, _each_number_once, _say,
                        assignment_of, assignments, exercise_of, exercises, notebooks, read_notebook)  # noqa: F401 (the command's names)


# -- the right answers, computed by the engine -----------------------------------------------------

def solution_marker(number: str, kind: str, value, lang: str | None = None) -> None:
    """In the kernel that computes the right answers: print ``number``'s answer as the source of
    a Python value (``8``, ``"a2 c4"``, ``2, 3``, ``"yes"``)."""
    from ..i18n import current
    from ..teach.practice import WORDS as PRACTICE_WORDS
    from ..teach.lessons import WORDS as TEACH_WORDS

    lang = current(lang)
    if kind == "feedback":            # the check's verdict asked with show=True: its expected answer
        text = value.expected
        if re.fullmatch(r"-?\d+", text):
            literal = text
        elif text == "refused":
            literal = json.dumps(PRACTICE_WORDS.text("refused_answer", lang), ensure_ascii=False)
        else:
            literal = json.dumps(text)
    elif kind == "puzzle":            # the puzzle itself: its best turn (or action)
        literal = json.dumps(value.best.text)
    elif isinstance(value, bool):     # predict's truth
        literal = json.dumps(TEACH_WORDS.text("yes" if value else "no", lang), ensure_ascii=False)
    elif isinstance(value, int):
        literal = str(value)
    elif isinstance(value, (tuple, list)) and all(isinstance(v, int) for v in value):
        literal = ", ".join(str(v) for v in value)
    else:
        literal = json.dumps(str(value), ensure_ascii=False)
    print(MARK + json.dumps({"exercise": number, "answer": literal}, ensure_ascii=False))


def _capture(exercise: Exercise) -> str:
    """The exercise cell, run to print its right answer instead of grading one."""
    call = copy.deepcopy(exercise.tree)
    call.keywords = [k for k in call.keywords if k.arg != "exercise"]
    if exercise.kind == "feedback":
        call.keywords.append(ast.keyword("show", ast.Constant(True)))
        value = call
    elif exercise.kind == "predict":
        value = call.args[1] if len(call.args) > 1 else next(k.value for k in call.keywords if k.arg == "truth")
    else:
        value = call.func.value
    lines = ["answer = ...", exercise.setup,
             "from cafe_widget.classroom.course import solution_marker as _solution_marker",
             f"_solution_marker({exercise.number!r}, {exercise.kind!r}, {ast.unparse(value)})"]
    return "\n".join(line for line in lines if line)


def solve(path: Path, timeout: int = 120, lang: str = "en") -> dict[str, str]:
    """The right answer of each exercise of the notebook at ``path``, as Python source: the
    notebook is run once in a fresh kernel (its folder the working directory), each exercise
    cell printing its check's answer. A cell that fails is a :class:`CourseError`."""
    try:
        import nbformat
        from nbclient import NotebookClient
        from nbclient.exceptions import CellExecutionError
    except ImportError:
        raise CourseError(_say("no_kernel", lang)) from None

    read_notebook(path, lang)
    try:
        nb = nbformat.read(str(path), as_version=4)
    except Exception:  # noqa: BLE001 - whatever nbformat finds wrong, the teacher reads one sentence
        raise CourseError(_say("not_notebook", lang, path=path)) from None
    capturing = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            exercise = exercise_of(cell.source, lang, Path(path).name)
            if exercise:
                cell.source = _capture(exercise)
                capturing.append(cell)
    try:
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                                resources={"metadata": {"path": str(Path(path).parent)}})
        with tempfile.TemporaryDirectory(prefix="cafe-kernel-") as runtime:
            if os.name == "posix":   # the kernel's sockets as files of its own: no TCP port to share
                from jupyter_client.manager import KernelManager

                client.km = KernelManager(kernel_name="python3", transport="ipc",
                                          connection_file=os.path.join(runtime, "kernel.json"))
            client.execute(stderr=subprocess.DEVNULL)   # the kernel's own warnings are not the teacher's
    except Exception as err:  # noqa: BLE001 - a timeout, a dead kernel, no kernel: one sentence each
        if isinstance(err, CellExecutionError):     # the error's last line: "NameError: name 'x' …"
            lines = [f"{err.ename}: {err.evalue}"] if err.ename else str(err).strip().splitlines()[-1:]
        else:                                       # its first: "A cell timed out … after 2 seconds."
            lines = str(err).strip().splitlines()[:1]
        error = _ANSI.sub("", lines[0]).strip() if lines else ""
        raise CourseError(_say("failed", lang, name=Path(path).name, error=error or type(err).__name__)) from None
    answers = {}
    for cell in capturing:
        for output in cell.outputs:
            for line in output.get("text", "").splitlines():
                if line.startswith(MARK):
                    found = json.loads(line[len(MARK):])
                    answers[found["exercise"]] = found["answer"]
    return answers


def solve_all(paths: list[Path], jobs: int | None = None, lang: str = "en",
              timeout: int = 120) -> dict[Path, dict[str, str]]:
    """:func:`solve` for each notebook, ``jobs`` kernels at a time (a core each by default)."""
    jobs = jobs or max(1, min(len(paths), os.cpu_count() or 1))
    progress = os.environ.get("CAFE_WIDGET_PROGRESS")
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["CAFE_WIDGET_PROGRESS"] = str(Path(scratch) / "progress.json")   # never the teacher's
        try:
            with ThreadPoolExecutor(jobs) as pool:
                return dict(zip(paths, pool.map(lambda path: solve(path, timeout=timeout, lang=lang), paths)))
        finally:
            if progress is None:
                os.environ.pop("CAFE_WIDGET_PROGRESS", None)
            else:
                os.environ["CAFE_WIDGET_PROGRESS"] = progress


# -- writing the assignments -----------------------------------------------------------------------

def _meta(grade_id: str, *, solution=False, grade=False, locked=True, points=None) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
            "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def _multiline_string(text: str) -> bool:
    try:
        return any(t.type == tokenize.STRING and t.start[0] != t.end[0]
                   for t in tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return True


def _assigned(name: str, call: str) -> str:
    """``name = call``, the call's further lines moved right as far (unless a string spans them)."""
    if "\n" not in call or _multiline_string(call):
        return f"{name} = {call}"
    first, *rest = call.split("\n")
    pad = " " * (len(name) + 3)
    return "\n".join([f"{name} = {first}", *(pad + line if line.strip() else line for line in rest)])


def test_source(exercise: Exercise, lang: str) -> str:
    """The autograder test cell of ``exercise``: the course's check, an assert on its verdict."""
    if exercise.kind == "feedback":
        check = [_assigned("feedback", exercise.call),
                 "assert feedback.right, feedback.message",
                 "print(feedback.message)"]
    elif exercise.kind == "predict":
        check = [_assigned("prediction", exercise.call),
                 f"assert prediction is not None and prediction.right, {json.dumps(_say('not_yet', lang), ensure_ascii=False)}"]
    else:
        check = [_assigned("grade", exercise.call),
                 "assert grade.legal, grade.message",
                 "print(grade.message)",
                 _say("points", lang),
                 "2 if grade.solved else 1"]
    # The assignment's rule in every check cell too: a student who restarts the kernel and skips
    # the first cell still gets no answer shown.
    rule = ["from cafe_widget.classroom import assignment", f"assignment()     {_say('start', lang)}", ""]
    return "\n".join(rule + ([exercise.setup, ""] if exercise.setup else []) + check)


def solution_source(exercise: Exercise, answer: str, lang: str) -> str:
    return "\n".join(([f"# {exercise.comment}"] if exercise.comment else []) + [_say("then", lang)]
                     + ["### BEGIN SOLUTION", f"answer = {answer}", "### END SOLUTION"])


def _code(source: str, meta: dict) -> dict:
    return {"cell_type": "code", "execution_count": None, "id": meta["nbgrader"]["grade_id"], "metadata": meta,
            "outputs": [], "source": source}


def _id(prefix: str, source: str, used: set) -> str:
    digest = hashlib.sha1(source.encode("utf-8")).hexdigest()
    n, grade_id = 8, f"{prefix}_{digest[:8]}"
    while grade_id in used:             # two cells alike (rare): a longer digest, then a count
        n += 1
        grade_id = f"{prefix}_{digest[:n]}" if n <= 40 else f"{prefix}_{digest[:8]}_{n}"
    used.add(grade_id)
    return grade_id


LINK = re.compile(r"\]\((?:\.\./)?([0-9][0-9]_[A-Za-z0-9_]+)\.ipynb\)")
FILE_LINK = re.compile(r"\]\((?:\.\./)?(rules_card(?:_fr)?\.md)\)")


def assignment_notebook(path: Path, answers: dict[str, str], lang: str) -> dict:
    """The nbgrader source notebook of the course notebook at ``path``, given its right answers."""
    nb = read_notebook(path, lang)
    cells, used, started = [], set(), False
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            source = FOLDED.sub("\n\n", source).strip("\n")
            source = LINK.sub(lambda m: f"](../{m.group(1)}/{m.group(1)}.ipynb)", source)
            source = FILE_LINK.sub(lambda m: f"]({m.group(1)})", source)
            grade_id = _id("read", source, used)
            cells.append({"cell_type": "markdown", "id": grade_id, "metadata": _meta(grade_id), "source": source})
            continue
        if cell["cell_type"] != "code":
            continue
        if not started:                 # the assignment's rule, before the first code cell
            start = f"from cafe_widget.classroom import assignment\nassignment()     {_say('start', lang)}"
            cells.append(_code(start, _meta("assignment_start")))
            used.add("assignment_start")
            started = True
        exercise = exercise_of(source, lang, Path(path).name)
        if exercise is None:
            cells.append(_code(source, _meta(_id("code", source, used))))
            continue
        if exercise.number not in answers:
            raise CourseError(f"no right answer was computed for exercise {exercise.number} of {Path(path).name}")
        cells.append(_code(solution_source(exercise, answers[exercise.number], lang),
                           _meta(f"{exercise.grade_id}_answer", solution=True, locked=False)))
        cells.append(_code(test_source(exercise, lang),
                           _meta(f"{exercise.grade_id}_check", grade=True, points=exercise.points)))
        used.update({f"{exercise.grade_id}_answer", f"{exercise.grade_id}_check"})
    metadata = {k: v for k, v in nb.get("metadata", {}).items() if k in ("kernelspec", "language_info")}
    return {"cells": cells, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


CONFIG = '''\
# nbgrader's configuration of the Café International course, written by
#   python -m cafe_widget.classroom make-course
# The course's root is this folder, wherever it is moved.
import os

c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = {course_id!r}
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
# A cell that runs longer than this (seconds) stops the notebook's grading.
c.ExecutePreprocessor.timeout = {timeout}
# What a student finds in place of a solution: the course's own "answer = ..." line.
c.ClearSolutions.code_stub = {{"python": "answer = ..."}}
# On a JupyterHub: the exchange folder students fetch from and submit to (it must exist, and
# everyone must be able to write in it: mkdir -p /srv/nbgrader/exchange; chmod ugo+rwx …).
# c.Exchange.root = "/srv/nbgrader/exchange"
# On a shared machine, no exchange: `nbgrader zip_collect ASSIGNMENT` takes the notebooks (or
# zip files of them) put in downloaded/ASSIGNMENT/archive/, each named STUDENT--NOTEBOOK.ipynb.
c.FileNameCollectorPlugin.named_regexp = r"(?:.*/)?(?P<student_id>[A-Za-z0-9_-]+?)--(?P<file_id>[^/]+\\.ipynb)$"
'''


def make_course(target, lang: str = "en", wanted=None, *, folder=None, force: bool = False,
                timeout: int = 120, jobs: int | None = None, answers=None) -> list[Assignment]:
    """Write the nbgrader course in ``target``: ``nbgrader_config.py`` and
    ``source/<assignment>/<assignment>.ipynb`` for each notebook (``wanted``: some of them).
    ``answers`` ({notebook path: {exercise: answer}}) skips running the notebooks (tests)."""
    target = Path(target)
    _check_target(target, lang)
    paths = notebooks(lang, folder, wanted)
    made = [assignment_of(p, lang) for p in paths]
    _each_number_once(made, lang)
    source, config = target / "source", target / "nbgrader_config.py"
    taken = sorted(p.name for p in source.glob("*") if p.is_dir()) if source.is_dir() else []
    if not force and (taken or config.exists()):
        key = ("has_course" if taken else "has_config") if config.exists() else "not_empty"
        raise CourseError(_say(key, lang, path=target, names=", ".join(taken)))
    if answers is None:
        print(_say("running", lang, n=len(paths)), flush=True)
        answers = solve_all(paths, jobs, lang, timeout)
    try:
        for path, assignment in zip(paths, made):
            folder_out = source / assignment.name
            folder_out.mkdir(parents=True, exist_ok=True)
            nb = assignment_notebook(path, answers[path], lang)
            (folder_out / f"{assignment.name}.ipynb").write_text(
                json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            for linked in sorted(set(FILE_LINK.findall(Path(path).read_text(encoding="utf-8")))):
                original = Path(path).parent / linked
                if not original.exists():
                    original = Path(path).parent.parent / linked
                if original.is_file():
                    shutil.copyfile(original, folder_out / linked)
        config.write_text(CONFIG.format(course_id=COURSE_ID, timeout=timeout), encoding="utf-8")
    except OSError as err:
        raise CourseError(_say("write_failed", lang, path=target, reason=err.strerror or type(err).__name__)) from None
    return made


def _check_target(target: Path, lang: str) -> None:
    """The course's folder must be a folder (or not exist yet) in a folder one may write in:
    said before anything is run."""
    try:
        for path in (target, target / "source"):
            if path.exists() and not path.is_dir():
                raise CourseError(_say("not_folder", lang, path=path))
        existing = next(p for p in (target.absolute(), *target.absolute().parents) if p.exists())
        if not existing.is_dir():
            raise CourseError(_say("not_folder", lang, path=existing))
        if not os.access(existing, os.W_OK | os.X_OK):
            raise CourseError(_say("not_writable", lang, path=existing))
    except OSError as err:
        raise CourseError(_say("write_failed", lang, path=target, reason=err.strerror or type(err).__name__)) from None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cafe_widget.classroom make-course",
                                     description="Write the course as an nbgrader course in DIR.")
    parser.add_argument("dir", help="the course's folder (nbgrader's root): created if need be")
    parser.add_argument("--lang", default="en", help="the course's language: en or fr")
    parser.add_argument("--notebooks", nargs="+", metavar="NN", help="only these notebooks (01 04 …)")
    parser.add_argument("--from", dest="folder", help="the course's notebooks (default: the repository's)")
    parser.add_argument("--force", action="store_true", help="write over the assignments already there")
    parser.add_argument("--timeout", type=int, default=120, help="nbgrader's cell timeout, in seconds")
    args = parser.parse_args(argv)
    lang = args.lang if args.lang in available() else "en"
    try:
        made = make_course(args.dir, args.lang, args.notebooks, folder=args.folder, force=args.force,
                           timeout=args.timeout)
    except CourseError as err:
        print(err, file=sys.stderr)
        return 1
    cells = sum(len(a.exercises) for a in made)
    print(_say("written", lang, path=args.dir, assignments=len(made), cells=cells,
               points=sum(a.points for a in made)))
    for a in made:
        n, points = len(a.exercises), a.points
        print(f"  {a.name:<26} {translate(WORDS['exercises'], lang, n).format(n=n):<14} "
              f"{translate(WORDS['points_n'], lang, points).format(n=points):<10} {a.title}")
    print(_say("next", lang, path=args.dir, first=made[0].name))
    return 0
