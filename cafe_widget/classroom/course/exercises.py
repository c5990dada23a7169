"""The course's exercises, read from its notebooks for ``make-course`` (:mod:`.notebooks`): which cells
are numbered exercises (``answer = ...`` then a check that names its ``exercise=``), what each
checks and with what, and the notebooks of each language as assignments. Also the sentences
``make-course`` says (:data:`WORDS`). A notebook that cannot be used is a :class:`CourseError`
with one sentence, never a traceback.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from ...i18n import NN_, N_, available, translate

ROOT = Path(__file__).resolve().parents[3]
#: The course as an installed wheel carries it: ``cafe_widget/course/``, the repository's
#: ``notebooks/`` in the same layout (setup.py's build hook copies it there; an editable install
#: has none and reads the repository's).
PACKAGED = Path(__file__).resolve().parents[2] / "course"
#: The course's notebooks by language, in the course's folder (:func:`course_folder`).
FOLDERS = {"en": ".", "fr": "fr"}
#: nbgrader's course id by the course's language (``--course-id`` chooses another).
COURSE_IDS = {"en": "cafe_international", "fr": "cafe_international_fr"}
#: The English course's id (the class hub's default too, :mod:`.hub`).
COURSE_ID = COURSE_IDS["en"]
#: What nbgrader's course ids are made of.
COURSE_ID_CHARS = re.compile(r"[A-Za-z0-9_-]+")
#: Points of an autograder cell, by its check: a puzzle's 2 are 1 for an allowed turn, 2 for the best.
POINTS = {"feedback": 1, "predict": 1, "puzzle": 2}
#: The checks whose verdict is a :class:`~cafe_widget.teach.practice.Feedback`.
FEEDBACK_CHECKS = ("check_points", "check_seats", "check_chairs", "check_board_points")
MARK = "CAFE-SOLUTION "
#: A folded answer of a "Try it yourself" section (the summary's words, in either language).
FOLDED = re.compile(r"\n*<details>\s*<summary>\s*(?:Answers?|Réponses?)\s*</summary>.*?</details>\n*", re.S)
#: A passage for the course's own readers only (``<!-- course-only -->`` … ``<!-- /course-only -->``,
#: "the third try shows the answer"): an assignment leaves it out.
COURSE_ONLY = re.compile(r"[ \t]*<!--\s*course-only\s*-->.*?<!--\s*/course-only\s*-->[ \t]*(\n?)", re.S)

WORDS = {
    "rules": N_("**A graded assignment.** Here a wrong answer gets a nudge, then a hint, and never the answer — "
                "also where this notebook says that the third try, `answer=True`, *Show best* or a puzzle's "
                "`solution()` shows it. Write each answer itself in its answer cell (a number, a text in quotes, "
                "numbers separated by commas): only that is graded, not code that works it out. Cells you add are "
                "not run when your notebook is graded."),
    "start": N_("# A graded assignment: a wrong answer gets a nudge, then a hint, never the answer."),
    "then": N_("# write the answer itself (a number, a text in quotes, numbers with commas: an answer worked out\n"
               "# by code is not graded), then run the cell under this one: it checks your answer"),
    "points": N_("# this cell's points: 2 for the best turn, 1 for an allowed turn that scores less"),
    "not_yet": N_("Not right yet: read the line above, change your answer, then run both cells again."),
    "no_course": N_("No notebooks of the course in {folder}: give the course's folder with --from."),
    "no_lang": N_("The course's notebooks are in {langs}: there are none in {lang}."),
    "unknown": N_("No notebook of the course starts with {wanted}: choose among {numbers}."),
    "not_empty": N_("{path} already holds an assignment's source ({names}): choose an empty folder, "
                    "or add --force to write over it."),
    "has_config": N_("{path} already holds a course's nbgrader_config.py: choose an empty folder, "
                     "or add --force to write over it."),
    "has_course": N_("{path} already holds a course's nbgrader_config.py and an assignment's source "
                     "({names}): choose an empty folder, or add --force to write over it."),
    "not_folder": N_("{path} is a file, not a folder: choose a folder for the course (a new one, "
                     "or an empty one)."),
    "not_writable": N_("Cannot write in {path}: choose a folder where you may write."),
    "write_failed": N_("Could not write {path} ({reason}): nothing was changed in {target}."),
    "unreadable": N_("The notebook {path} could not be read: {reason}."),
    "bad_json": N_("{path} is not a notebook: not valid JSON (line {line}, column {column})."),
    "not_notebook": N_("{path} is not a Jupyter notebook (a JSON table with a list of cells)."),
    "not_python": N_("An exercise cell is not Python (line {line}: {error}), so nbgrader could not grade it: "
                     "take the IPython commands (%, %%, !) out of it.\n{source}"),
    "same_number": N_("{name} has two exercise cells numbered {number}: number each exercise once."),
    "same_number_2": N_("Exercise {number} is in both {first} and {second}: number each exercise once."),
    "no_kernel": N_("make-course runs each notebook once in a Jupyter kernel to compute the right answers: "
                    "install nbgrader first (pip install 'cafe_widget[classroom]')."),
    "running": NN_("Running {n} notebook once to compute the right answers…",
                   "Running {n} notebooks once to compute the right answers…"),
    "failed": N_("The notebook {name} stopped with an error, nothing was written: {error}"),
    "written": N_("Written: {path}, {assignments}, {cells}, {points}."),
    "assignments_n": NN_("{n} assignment", "{n} assignments"),
    "cells_n": NN_("{n} graded cell", "{n} graded cells"),
    "exercises": NN_("{n} exercise", "{n} exercises"),
    "points_n": NN_("{n} point", "{n} points"),
    "next": N_("Next, in {path}: nbgrader generate_assignment {first}"),
    "backup": N_("{config} was not the one make-course writes: it is kept as {backup}, and {config} is "
                 "make-course's again (your own settings go in nbgrader_config_local.py, which make-course "
                 "never writes)."),
    "assignment_file": N_("This folder holds a graded assignment of the Café International course: its checks "
                          "give a nudge, then a hint, never the answer."),
    # the command line, read before anything is run
    "bad_timeout": N_("--timeout {value}: the cell timeout is a whole number of seconds, 1 or more "
                      "(for example --timeout 120)."),
    "bad_jobs": N_("--jobs {value}: the number of notebooks run at a time is a whole number, 1 or more "
                   "(for example --jobs 2)."),
    "bad_course_id": N_("--course-id {value}: an nbgrader course id is made of letters, digits, _ and - only "
                        "(for example cafe_international)."),
    "unknown_option": N_("{option} is not an option of make-course: see "
                         "python -m cafe_widget.classroom make-course --help."),
    "no_dir": N_("make-course needs the course's folder (DIR): see python -m cafe_widget.classroom make-course --help."),
    "extra_argument": N_("make-course writes one course in one folder ({path}), so {extra} is one argument too many: "
                         "see python -m cafe_widget.classroom make-course --help."),
    "bad_arguments": N_("make-course could not read its arguments ({error}): see "
                        "python -m cafe_widget.classroom make-course --help."),
}


def _say(key: str, speaking: str, **facts) -> str:
    return translate(WORDS[key], speaking).format(**facts)


# -- reading the course's exercises --------------------------------------------------------------

@dataclass(frozen=True)
class Exercise:
    """A numbered exercise cell of a notebook: its number (``"4.1"``), the check's kind
    (``"feedback"``, ``"predict"``, ``"puzzle"``), the comment of its ``answer = ...`` line, the
    statements before the check (``setup``, as written) and the check call (as written)."""

    number: str
    kind: str
    comment: str
    setup: str
    call: str
    tree: ast.Call

    @property
    def grade_id(self) -> str:
        return "ex" + self.number.replace(".", "_")

    @property
    def points(self) -> int:
        return POINTS[self.kind]


class CourseError(ValueError):
    """The course cannot be made as asked: a sentence saying why (the command prints it)."""


def _exercise_number(call: ast.Call) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == "exercise" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return None


def _kind(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name) and func.id in FEEDBACK_CHECKS:
        return "feedback"
    if isinstance(func, ast.Name) and func.id == "predict":
        return "predict"
    if isinstance(func, ast.Attribute) and func.attr == "grade":
        return "puzzle"
    return None


def _names_exercise(call) -> bool:
    return isinstance(call, ast.Call) and any(k.arg == "exercise" for k in call.keywords)


def _is_answer(statement) -> bool:
    return (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == "answer"
            and isinstance(statement.value, ast.Constant) and statement.value.value is ...)


def _check_call(tree: ast.Module) -> tuple[bool, ast.Call | None]:
    """Whether a cell is an exercise (its last statement a call naming ``exercise=``, or an
    ``answer = ...`` line and such a call anywhere), and that last call."""
    last = tree.body[-1] if tree.body else None
    call = last.value if isinstance(last, ast.Expr) and _names_exercise(last.value) else None
    return call is not None or (any(_is_answer(s) for s in tree.body)
                                and any(_names_exercise(n) for n in ast.walk(tree))), call


def _looks_like_exercise(source: str) -> bool:
    """Whether a cell that is not Python is an exercise: without its IPython lines (``%``,
    ``%%``, ``!``), one; or, still not Python, a cell passing ``exercise=`` outside its
    comments and strings."""
    python = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
    try:
        return _check_call(ast.parse(python))[0]
    except (SyntaxError, ValueError):
        pass
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(python).readline)
                  if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)]
    except (tokenize.TokenError, SyntaxError):
        return re.search(r"\bexercise\s*=(?!=)", python) is not None
    return any(a.type == tokenize.NAME and a.string == "exercise" and b.type == tokenize.OP and b.string == "="
               for a, b in zip(tokens, tokens[1:]))


def exercise_of(source: str, lang: str = "en", name: str | None = None) -> Exercise | None:
    """The exercise a code cell is (``answer = ...`` first, a check naming ``exercise=`` last),
    or None for any other cell (one that only mentions ``exercise=`` in a comment or a string).
    A cell that names an exercise in another shape, or is not Python, is a :class:`CourseError`
    naming it (and its notebook ``name``): the course's exercises must stay gradable."""
    if "exercise" not in source:
        return None
    where = f"{name}: " if name else ""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as err:        # ValueError: a null byte (before Python 3.12)
        if not _looks_like_exercise(source):
            return None
        raise CourseError(where + _say("not_python", lang, line=getattr(err, "lineno", None) or 1,
                                       error=getattr(err, "msg", None) or err, source=source)) from None
    is_exercise, call = _check_call(tree)
    if not is_exercise:                             # exercise= in a comment, a string, …
        return None
    body, last = tree.body, tree.body[-1]
    number = _exercise_number(call) if call is not None else None
    answers = [s for s in body[:-1] if _is_answer(s)]
    kind = _kind(call) if call is not None else None
    if not (number and len(answers) == 1 and kind):
        raise CourseError(f"{where}an exercise cell that make-course cannot grade (an answer = ... line, a check "
                          f"naming exercise= last):\n{source}")
    lines = source.splitlines()
    line = lines[answers[0].lineno - 1]
    comment = line.split("#", 1)[1].strip() if "#" in line else ""
    keep = [text for n, text in enumerate(lines[:last.lineno - 1], 1)
            if not answers[0].lineno <= n <= answers[0].end_lineno]
    setup = "\n".join(keep).strip("\n")
    call_text = "\n".join(lines[last.lineno - 1:last.end_lineno])
    return Exercise(number, kind, comment, setup, call_text, call)


def course_folder() -> Path:
    """Where the course's notebooks are: in the installed package (a wheel), else in the
    repository (``notebooks/``, an editable install)."""
    return PACKAGED if PACKAGED.is_dir() else ROOT / "notebooks"


def notebooks(lang: str, folder: Path | None = None, wanted=None) -> list[Path]:
    """The course's teaching notebooks in ``lang`` (``NN_*.ipynb``), or those ``wanted``
    (numbers ``"04"``, ``"4"`` or names)."""
    if lang not in FOLDERS:
        raise CourseError(_say("no_lang", lang if lang in available() else "en",
                               langs=", ".join(FOLDERS), lang=lang))
    folder = Path(folder) if folder else course_folder() / FOLDERS[lang]
    found = sorted(folder.glob("[0-9][0-9]_*.ipynb"))
    if not found:
        raise CourseError(_say("no_course", lang, folder=folder))
    if not wanted:
        return found
    chosen = []
    for want in wanted:
        key = want.removesuffix(".ipynb")
        match = [p for p in found if p.stem == key or (key.isdigit() and p.stem[:2] == key.zfill(2))]
        if not match:
            raise CourseError(_say("unknown", lang, wanted=want, numbers=" ".join(p.stem[:2] for p in found)))
        chosen += [p for p in match if p not in chosen]
    return chosen


_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def read_notebook(path: Path, lang: str = "en") -> dict:
    """The notebook at ``path`` as JSON: a table with a list of cells, each with its type and
    source; anything else is a :class:`CourseError` naming the file."""
    path = Path(path)
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise CourseError(_say("bad_json", lang, path=path, line=err.lineno, column=err.colno)) from None
    except (UnicodeDecodeError, RecursionError, ValueError):
        raise CourseError(_say("not_notebook", lang, path=path)) from None
    except OSError as err:
        raise CourseError(_say("unreadable", lang, path=path, reason=err.strerror or type(err).__name__)) from None
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not (isinstance(cells, list) and isinstance(nb.get("metadata", {}), dict) and all(
            isinstance(c, dict) and isinstance(c.get("cell_type"), str)
            and (isinstance(c.get("source"), str) or (isinstance(c.get("source"), list)
                                                      and all(isinstance(line, str) for line in c["source"])))
            for c in cells)):
        raise CourseError(_say("not_notebook", lang, path=path))
    return nb


def exercises(path: Path, lang: str = "en") -> list[Exercise]:
    """The numbered exercises of a notebook, in order (each number once)."""
    cells = read_notebook(path, lang)["cells"]
    found: list[Exercise] = []
    for cell in cells:
        exercise = exercise_of("".join(cell["source"]), lang, Path(path).name) if cell["cell_type"] == "code" else None
        if exercise is None:
            continue
        if any(e.grade_id == exercise.grade_id for e in found):
            raise CourseError(_say("same_number", lang, name=Path(path).name, number=exercise.number))
        found.append(exercise)
    return found


@dataclass(frozen=True)
class Assignment:
    """An assignment of the course: its name (the notebook's), title, exercises and points."""

    name: str
    title: str
    exercises: tuple[Exercise, ...]

    @property
    def points(self) -> int:
        return sum(e.points for e in self.exercises)


def assignment_of(path: Path, lang: str = "en") -> Assignment:
    cells = read_notebook(path, lang)["cells"]
    lines = "".join(cells[0]["source"]).strip().splitlines() if cells else []
    title = (lines[0].lstrip("# ").strip() if lines else "") or Path(path).stem
    return Assignment(Path(path).stem, title, tuple(exercises(path, lang)))


def _each_number_once(made: list[Assignment], lang: str) -> None:
    """Two notebooks with an exercise of the same number: a :class:`CourseError` naming both."""
    first: dict[str, str] = {}
    for a in made:
        for e in a.exercises:
            if e.grade_id in first:
                raise CourseError(_say("same_number_2", lang, number=e.number, first=first[e.grade_id],
                                       second=a.name))
            first[e.grade_id] = a.name


def assignments(lang: str = "en", folder: Path | None = None, wanted=None) -> list[Assignment]:
    """The course's assignments in ``lang``, with their exercises and points (nothing is run)."""
    made = [assignment_of(p, lang) for p in notebooks(lang, folder, wanted)]
    _each_number_once(made, lang)
    return made
