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

- a link to a notebook of the course leads to its assignment, one to a file copied beside the
  assignment (the rules cards) to that file; any other link (a notebook that is not an assignment
  of this course, the other language's) is left as its words. Passages for the course's own
  readers (``<!-- course-only -->`` … ``<!-- /course-only -->``) are left out;
- ``cafe_assignment.txt`` beside each assignment's notebook (released with it) says, in the
  course's language, that the folder holds a graded assignment.

The right answers are the engine's: the notebook is run once in a kernel (``nbclient``), each
exercise cell asking its check for the answer instead of grading one. ``DIR/nbgrader_config.py``
names the course (``cafe_international``, ``cafe_international_fr``, or ``--course-id``), its
root (the folder itself, wherever it is moved), a cell timeout, the grading of plain answers
(:mod:`.grading`) and the ``answer = ...`` stub nbgrader puts in place of a solution; it loads
the teacher's own ``nbgrader_config_local.py`` last, which make-course never writes.

Every argument is checked before anything is run (one sentence for a wrong one); the course is
written in a folder beside ``DIR`` and then moved into place, so a failure leaves ``DIR`` as it
was. The course's notebooks are the installed package's (``cafe_widget/course/``, which the wheel
carries: setup.py) or, in the repository, ``notebooks/``.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import io
import json
import os
import re
import subprocess
import tempfile
import tokenize
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import unquote

from ...i18n import available, translate

from .writing import CONFIG_FILE, write_course
from .exercises import (COURSE_ID, COURSE_ID_CHARS, COURSE_IDS, COURSE_ONLY, FOLDED, MARK, WORDS, _ANSI, Assignment,  # noqa: F401
                        CourseError, Exercise, _each_number_once, _say, assignment_of, assignments, course_folder,
                        exercise_of, exercises, notebooks, read_notebook)  # (the command's names)


# -- the right answers, computed by the engine -----------------------------------------------------

def solution_marker(number: str, kind: str, value, lang: str | None = None) -> None:
    """In the kernel that computes the right answers: print ``number``'s answer as the source of
    a Python value (``8``, ``"a2 c4"``, ``2, 3``, ``"yes"``)."""
    from ...i18n import current
    from ...teach.practice import WORDS as PRACTICE_WORDS
    from ...teach.lessons import WORDS as TEACH_WORDS

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
    elif isinstance(value, (tuple, list, set, frozenset)) and all(isinstance(v, int) for v in value):
        literal = ", ".join(str(v) for v in (sorted(value) if isinstance(value, (set, frozenset)) else value))
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
             "from cafe_widget.classroom.course.notebooks import solution_marker as _solution_marker",
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
    # Only a plain value is graded (cafe_widget.classroom.grading): plain() says so at once.
    rule = ["from cafe_widget.classroom import assignment", "from cafe_widget.classroom.grading import plain",
            f"assignment()     {_say('start', lang)}", ""]
    return "\n".join(rule + ([exercise.setup, ""] if exercise.setup else []) + ["answer = plain(answer)"] + check)


#: A comment's example of how to write an answer (``…, for example "b1 a2"``).
EXAMPLE = re.compile(r"[,;]?\s*\b(?:for example|par exemple|zum Beispiel|z\. ?B\.)\s+(?P<example>.*)$")


def _comment(exercise: Exercise, answer: str) -> str:
    """The comment of an exercise's answer line, in an assignment: its example of how to write
    an answer left out where copying it would score — a puzzle's example turn (an allowed turn
    earns a point), or an example that happens to be the right answer."""
    found = EXAMPLE.search(exercise.comment)
    if not found:
        return exercise.comment
    words = re.findall(r"-?\w+(?:@\w+)?", found.group("example").lower())
    right = re.findall(r"-?\w+(?:@\w+)?", answer.lower())
    if exercise.kind == "puzzle" or words == right or sorted(words) == sorted(right):
        return exercise.comment[:found.start()].rstrip()
    return exercise.comment


def solution_source(exercise: Exercise, answer: str, lang: str) -> str:
    comment = _comment(exercise, answer)
    return "\n".join(([f"# {comment}"] if comment else []) + [_say("then", lang)]
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


#: A markdown link or picture: ``[text](target)``, ``![words](picture.svg "title")``.
MD_LINK = re.compile(r'(!?)\[((?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)')
#: The files beside the course's notebooks that an assignment links and carries with it, copied
#: beside its notebook (the wheel carries them too: setup.py's COURSE).
FILE_LINK = re.compile(r"rules_card(?:_fr)?\.md")


def _linked(path: Path, target: str) -> Path | None:
    """The file a link of the notebook at ``path`` names, or None: a web address, an e-mail
    address, an anchor in the notebook itself."""
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:|#|/", target):
        return None
    target = unquote(target.split("#", 1)[0].split("?", 1)[0])
    return (Path(path).parent / target).resolve() if target else None


def _hidden_left_out(source: str) -> str:
    """A markdown cell without its folded answers and its course-only passages, tidied."""
    source = FOLDED.sub("\n\n", source)
    if COURSE_ONLY.search(source):
        def gap(match):
            text, start, end = match.string, match.start(), match.end()
            if start == 0 or text[start - 1] == "\n":     # a line's beginning: its line too, if it was all
                return ""
            if match.group(1) or end == len(text):          # a line's end
                return match.group(1)
            return "" if text[end] in ".,;:)" else " "      # between two words
        source = COURSE_ONLY.sub(gap, source)
        source = re.sub(r"(?m)^[ \t]+$", "", source)                # lines left blank
        source = re.sub(r"(?m)^[ \t]*(?:[-*+]|[0-9]+[.)])[ \t]*(?:\n|\Z)", "", source)   # list items left empty
        source = re.sub(r"\n{3,}", "\n\n", source)
    return source.strip("\n")


def linked_files(path: Path, lang: str = "en") -> dict[str, Path]:
    """The files the notebook at ``path`` links that go beside its assignment: ``{name: file}``."""
    found: dict[str, Path] = {}
    for cell in read_notebook(path, lang)["cells"]:
        if cell["cell_type"] == "markdown":
            for match in MD_LINK.finditer(_hidden_left_out("".join(cell["source"]))):
                file = _linked(path, match.group(3))
                if file is not None and FILE_LINK.fullmatch(file.name) and file.is_file():
                    found.setdefault(file.name, file)
    return found


def _relinked(source: str, path: Path, course: dict[Path, str], files: dict[str, Path]) -> str:
    """A markdown cell's links as the assignment's reader follows them: a notebook of the course to
    its assignment, a file copied beside the assignment to that file; any other (a notebook that
    is not an assignment of this course, a file left behind) becomes its words, without a link."""
    def relink(match):
        bang, text, target = match.groups()
        file = _linked(path, target)
        if file is None:
            return match.group(0)
        anchor = "#" + target.split("#", 1)[1] if "#" in target else ""
        if file in course:
            return f"{bang}[{text}](../{course[file]}/{course[file]}.ipynb{anchor})"
        if files.get(file.name) == file:
            return f"{bang}[{text}]({file.name}{anchor})"
        return text
    return MD_LINK.sub(relink, source)


def assignment_notebook(path: Path, answers: dict[str, str], lang: str, course: dict[Path, str] | None = None) -> dict:
    """The nbgrader source notebook of the course notebook at ``path``, given its right answers.
    ``course``: the course's assignments, ``{notebook: assignment}`` (by default every numbered
    notebook beside this one), the only notebooks its links may lead to."""
    nb = read_notebook(path, lang)
    if course is None:
        course = {p.resolve(): p.stem for p in Path(path).parent.glob("[0-9][0-9]_*.ipynb")}
    course = {Path(p).resolve(): name for p, name in course.items()}
    files = linked_files(path, lang)
    cells, used, started = [], set(), False
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            source = _relinked(_hidden_left_out(source), path, course, files)
            if not source.strip():          # a cell for the course's readers only
                continue
            grade_id = _id("read", source, used)
            cells.append({"cell_type": "markdown", "id": grade_id, "metadata": _meta(grade_id), "source": source})
            continue
        if cell["cell_type"] != "code":
            continue
        if not started:                 # the assignment's rule, said and turned on before the first code cell
            cells.append({"cell_type": "markdown", "id": "assignment_rules", "metadata": _meta("assignment_rules"),
                          "source": _say("rules", lang)})
            start = f"from cafe_widget.classroom import assignment\nassignment()     {_say('start', lang)}"
            cells.append(_code(start, _meta("assignment_start")))
            used.update({"assignment_rules", "assignment_start"})
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


#: The teacher's own settings, loaded last by the course's configuration; make-course never writes it.
LOCAL_CONFIG = "nbgrader_config_local.py"

#: What makes a grade one to trust (the teacher's guide: "What a grade means"): the course's
#: configuration holds it, and so does a teacher's server on the class's hub (hub-config), so that
#: grading from the formgrader is the same whatever course it opened.
GRADING = '''\
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

CONFIG = '''\
# nbgrader's configuration of the Café International course, written by
#   python -m cafe_widget.classroom make-course
# which writes it again (with --force; a changed one is kept as nbgrader_config.py.bak). Put your
# own settings in nbgrader_config_local.py beside it: make-course never writes that file, and it
# is loaded last (its settings win).
# The course's root is this folder, wherever it is moved.
import os

c = get_config()  # noqa: F821 (nbgrader defines it)
c.CourseDirectory.course_id = {course_id!r}
c.CourseDirectory.root = os.path.dirname(os.path.abspath(__file__))
# A cell that runs longer than this (seconds) stops the notebook's grading.
c.ExecutePreprocessor.timeout = {timeout}
# The grade a teacher can trust: at autograde only the answers cross (the teacher's guide: "What
# a grade means"). Each graded notebook is rebuilt from source/: the course's cells with their
# metadata, each answer cell its plain value (a number, a text, numbers with commas); nothing else
# a student wrote or handed in runs. Each notebook runs in a fresh kernel (python -I) in a fresh
# empty folder. The export says "graded" only with a score, else "not graded: why", never a 0.
{grading}# The language of what these write into graded notebooks, grades.csv and zip_collect's log.
c.PlainAnswers.lang = c.GradesExport.lang = c.ArchiveExtractor.lang = c.ArchiveCollector.lang = {lang!r}
# What a student finds in place of a solution: the course's own "answer = ..." line.
c.ClearSolutions.code_stub = {{"python": "answer = ..."}}
# On a JupyterHub: the exchange folder students fetch from and submit to. nbgrader 0.9's default
# is /usr/local/share/nbgrader/exchange; it must exist, writable by everyone and sticky
# (mkdir -p -m 1777 …). The students' own servers must know it and this course id too: put both
# in a nbgrader_config.py every server reads (hub-config writes one; the teacher's guide, ch. 7b).
# c.Exchange.root = "/srv/nbgrader/exchange"
# On a shared machine, no exchange: `nbgrader zip_collect ASSIGNMENT` takes what is put in
# downloaded/ASSIGNMENT/archive/: notebooks named STUDENT--NOTEBOOK.ipynb (STUDENT: anything up to
# the first --, hélène and o'brien too), or archives (zip, tar) named STUDENT--anything.zip or
# STUDENT.zip. The student is the archive's own name; a file inside named for someone else is not
# collected; an archive that cannot be opened is skipped, the others collected.
c.ZipCollectApp.extractor_plugin = "cafe_widget.classroom.autograde.ArchiveExtractor"
c.ZipCollectApp.collector_plugin = "cafe_widget.classroom.autograde.ArchiveCollector"

# Your own settings (make-course never writes this file; nothing happens without it).
load_subconfig({local!r}, path=c.CourseDirectory.root)  # noqa: F821 (nbgrader defines it)
'''


def config_source(course_id: str = COURSE_ID, timeout: int = 120, lang: str = "en") -> str:
    """The course's ``nbgrader_config.py``, as make-course writes it."""
    return CONFIG.format(course_id=course_id, timeout=timeout, local=LOCAL_CONFIG, lang=lang, grading=GRADING)


def _whole(value) -> int | None:
    """``value`` as a whole number of 1 or more (``"7"``, ``7``), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip()
        if not re.fullmatch(r"[0-9]+", value):
            return None
        value = int(value)
    return value if isinstance(value, int) and value >= 1 else None


def _check_settings(lang: str, timeout, jobs, course_id) -> None:
    """The settings of the course, each checked before anything is run: one sentence for the first
    that is wrong."""
    said = lang if lang in available() else "en"
    if _whole(timeout) is None:
        raise CourseError(_say("bad_timeout", said, value=timeout))
    if jobs is not None and _whole(jobs) is None:
        raise CourseError(_say("bad_jobs", said, value=jobs))
    if not (isinstance(course_id, str) and COURSE_ID_CHARS.fullmatch(course_id)):
        raise CourseError(_say("bad_course_id", said, value=course_id))


def make_course(target, lang: str = "en", wanted=None, *, folder=None, force: bool = False,
                timeout: int = 120, jobs: int | None = None, answers=None,
                course_id: str | None = None) -> list[Assignment]:
    """Write the nbgrader course in ``target``: ``nbgrader_config.py`` and
    ``source/<assignment>/<assignment>.ipynb`` for each notebook (``wanted``: some of them), with
    the files it links and ``cafe_assignment.txt``. ``answers`` ({notebook path: {exercise:
    answer}}) skips running the notebooks (tests). Everything is written in a folder beside
    ``target``, then moved into place: a failure leaves ``target`` as it was."""
    target = Path(target)
    course_id = COURSE_IDS.get(lang, COURSE_ID) if course_id is None else course_id
    _check_settings(lang, timeout, jobs, course_id)
    timeout, jobs = _whole(timeout), None if jobs is None else _whole(jobs)
    _check_target(target, lang)
    paths = notebooks(lang, folder, wanted)
    made = [assignment_of(p, lang) for p in paths]
    _each_number_once(made, lang)
    source, config = target / "source", target / CONFIG_FILE
    names = {a.name for a in made}
    taken = sorted(p.name for p in source.glob("*") if p.is_dir() or p.name in names) if source.is_dir() else []
    if not force and (taken or config.exists()):
        key = ("has_course" if taken else "has_config") if config.exists() else "not_empty"
        raise CourseError(_say(key, lang, path=target, names=", ".join(taken)))
    if answers is None:
        print(translate(WORDS["running"], lang, len(paths)).format(n=len(paths)), flush=True)
        answers = solve_all(paths, jobs, lang, timeout)
    course = {Path(p).resolve(): a.name for p, a in zip(paths, made)}
    written = {a.name: (assignment_notebook(p, answers[p], lang, course), linked_files(p, lang))
               for p, a in zip(paths, made)}
    backup = write_course(target, lang, written, config_source(course_id, timeout, lang))
    if backup is not None:
        print(_say("backup", lang, config=config, backup=backup))
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
        raise CourseError(_say("write_failed", lang, path=err.filename or target, target=target,
                               reason=err.strerror or type(err).__name__)) from None
