"""What a file handed in holds (``python -m cafe_widget.classroom summary``): a
student's progress (JSON or CSV, as ``teach.progress(export=…)`` writes it, or the record
``progress.json`` itself) or nbgrader's ``grades.csv``, read into a :class:`Record`, a
:class:`Grades` or a :class:`Note` saying in one line why it is skipped — never a traceback —,
and the sentences the summary says (:data:`WORDS`, :func:`tell`; numbers as each language writes
them; the grades laid out as a table with its notes, :func:`grade_sheet`). :mod:`.summary`
gathers and tallies them into the class's table and heat map. Standard library only.

A row of ``grades.csv`` is a :class:`Grade`: its status, and the score only when graded.

- The course's export (:class:`~cafe_widget.classroom.grading.GradesExport`) adds the columns
  ``status`` — ``graded``, ``not submitted`` or ``not graded`` — and ``why`` (a sentence from the
  grading side, shown as it is, when not graded). The status is taken as written: a graded 0 is a
  0, a notebook that could not be graded is "not graded: why", never a 0, and scores in a row that
  is not graded are not read.
- nbgrader's own export has no ``status``. A row with a timestamp, or with a score above 0, was
  submitted and graded. A row with no timestamp and a 0 is :data:`UNKNOWN`: nbgrader writes it so
  both for a student who handed nothing in and for a submission without a timestamp file (placed
  by hand, ``zip_collect``) that scored 0, so the summary says it cannot tell rather than guess.
"""

from __future__ import annotations

import csv
import io
import json
import math
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ...teach import progress_file as progress
from ...i18n import NN_, N_, current, translate
from ...service.progress import EXPORT_COLUMNS
from ...teach.progress_file import ANSWER, NOT_TRIED, SOLVED, TRIED

STATES = (NOT_TRIED, TRIED, SOLVED, ANSWER)
PROGRESS_COLUMNS = ("notebook", "exercise", "state", "tries")
#: The class's live progress, as the game service exports it (several students, with the time).
CLASS_COLUMNS = EXPORT_COLUMNS
GRADES_COLUMNS = ("assignment", "student_id", "score", "max_score")
#: A grade's status: the three the course's export writes, and the one nbgrader's own export leaves.
GRADED, NOT_SUBMITTED, NOT_GRADED, UNKNOWN = "graded", "not submitted", "not graded", "unknown"
GRADE_STATES = (GRADED, NOT_SUBMITTED, NOT_GRADED)      # the values of the ``status`` column
LARGEST = 10_000_000          # bytes: a bigger file is no student's progress
MOST_FAILED = 5               # exercises listed under "most often failed"
MOST_TRIES = 1_000_000        # more tries than this on one exercise: no student's progress
WHY_CHARS = 300               # why a notebook was not graded: at most this many characters shown

# Every sentence said, by key. ``{path}`` is a file as given on the command line.
WORDS = {
    # -- the command line
    "usage": N_("usage: python -m cafe_widget.classroom summary FILES… [--heatmap PICTURE.svg] "
                "[--lang {languages}]"),
    "no_files": N_("Name at least one progress file or folder to read."),
    "unknown_option": N_("Unknown option {option}."),
    "needs_value": N_("The option {option} needs a value."),
    "unknown_language": N_("{language} is not a language of the course: choose one of {languages}."),
    "not_svg": N_("The heat map is an SVG picture: give it a name ending in .svg, not {path}."),
    "no_folder": N_("Cannot write the heat map to {path}: the folder {folder} does not exist. "
                    "Nothing was read or written."),
    "is_folder": N_("Cannot write the heat map to {path}: it is a folder. Nothing was read or written."),
    "heatmap_written": N_("Heat map written: {path}"),
    "heatmap_failed": N_("Could not write the heat map to {path}: {reason}."),
    "no_heatmap": N_("No student's progress and no grade was read: no heat map drawn."),
    "nothing_read": N_("No file could be read: nothing to summarise."),
    # -- what is said about the files (one line each)
    "missing": N_("{path}: no such file or folder; skipped."),
    "empty_folder": N_("{path}: a folder without .json or .csv files; skipped."),
    "unreadable": N_("{path}: could not be read ({reason}); skipped."),
    "too_large": N_("{path}: too large to be a progress file; skipped."),
    "not_utf8": N_("{path}: not UTF-8 text; skipped."),
    "empty": N_("{path}: the file is empty; skipped."),
    "bad_json": N_("{path}: not valid JSON (line {line}, column {column}); skipped."),
    "bad_csv": N_("{path}: not valid CSV (line {line}); skipped."),
    "not_ours": N_("{path}: neither a progress file of the course nor nbgrader's grades.csv; skipped."),
    "bad_version": N_("{path}: a progress file of version {version}, which this course cannot "
                      "read; skipped."),
    "bad_exercises": N_("{path}: its \"exercises\" is not a table of exercises; skipped."),
    "bad_entry": N_("{path}: exercise {exercise} has no state and tries; skipped."),
    "bad_state": N_("{path}: exercise {exercise} has the state '{state}', which is none of "
                    "not tried, tried, solved, answer; skipped."),
    "bad_tries": N_("{path}: exercise {exercise} has '{tries}' tries, not a whole number; skipped."),
    "repeated": N_("{path}: exercise {exercise} is listed twice; skipped."),
    "repeated_key": N_("{path}: \"{key}\" is written twice in the same place; skipped."),
    "bad_student": N_("{path}: the student's name is not a text; skipped."),
    "two_students": N_("{path}: holds several students ({names}), not one; skipped."),
    "bad_row": N_("{path}, line {line}: {found} values where the header has {expected}; skipped."),
    "unknown_exercise": N_("{path}: from another version of the course (this course has no "
                           "exercise {exercise}); skipped."),
    "moved_exercise": N_("{path}: from another version of the course (exercise {exercise} is in "
                         "notebook {found} there, in notebook {expected} here); skipped."),
    "bad_score": N_("{path}, line {line}: the {column} '{value}' is not a number; skipped."),
    "bad_status": N_("{path}, line {line}: the status '{value}' is none of graded, not submitted, "
                     "not graded; skipped."),
    "grade_twice": N_("{path}: two grades of {student} for {assignment}; skipped."),
    "grade_conflict": N_("{path}: its grade of {student} for {assignment} is not the one in "
                         "{other}; skipped."),
    "same_record": N_("{paths}: the same record of {student}, counted once."),
    "different_records": N_("{paths}: different records under the same name, {student}; all "
                            "skipped (name each file after its student, or export with name=…)."),
    "files_line": N_("Files: {read} read, {skipped} skipped."),
    # -- the summary
    # Translators: the first line of the class's summary: {students} is "3 students", {exercises}
    # is "46 exercises in the course".
    "title": N_("Class summary: {students}, {exercises}."),
    "students": NN_("{n} student", "{n} students"),
    "exercises_in_course": NN_("{n} exercise in the course", "{n} exercises in the course"),
    "assignments": NN_("{n} assignment", "{n} assignments"),
    "who": NN_("Who did what (of the {n} exercise)", "Who did what (of the {n} exercises)"),
    "by_exercise": N_("Exercise by exercise (success rate: solved by how many of the class)"),
    "most_failed": N_("Most often failed (tried without solving, or the answer shown)"),
    "none_failed": N_("None: every exercise tried was solved, no answer shown."),
    # Translators: {students} is "3 students", {assignments} is "2 assignments".
    "grades": N_("nbgrader grades: {students}, {assignments} (score / max score)"),
    "student": N_("Student"),
    "exercise": N_("Exercise"),
    "solved": N_("Solved"),
    "answers": N_("Answer shown"),
    "tried_only": N_("Tried, not solved"),
    "not_tried": N_("Not tried"),
    "tried": N_("Tried"),
    "rate": N_("Success rate"),
    "mean_tries": N_("Mean tries"),
    "failed": N_("Failed"),
    # Translators: a percentage; French and German put a space before %.
    "percent": N_("{percent}%"),
    # Translators: a decimal number, {whole} before the decimal separator, {tenth} after it.
    "decimal": N_("{whole}.{tenth}"),
    # Translators: a cell of the grades table: a score out of the most it could be.
    "score": N_("{score} / {max_score}"),
    # Translators: a cell of the grades table: nothing was handed in.
    "not_submitted": N_("not submitted"),
    # Translators: a cell of the grades table; {number} refers to the note below the table that
    # says why.
    "not_graded_cell": N_("not graded [{number}]"),
    # Translators: a note below the grades table; {why} is a sentence in the course's language,
    # written by the grading side.
    "not_graded_note": N_("[{number}] not graded: {why}"),
    "not_graded": N_("not graded: {why}"),
    "no_reason": N_("no reason given"),
    # Translators: a cell of the grades table: nbgrader's own export cannot tell (note below).
    "unknown_cell": N_("unknown [{number}]"),
    "unknown_note": N_("[{number}] unknown: nbgrader's own export writes no timestamp and a 0 both for "
                       "nothing handed in and for a submission without a timestamp that scored 0; the "
                       "course's export (its status column) tells which."),
    "unknown": N_("unknown: not submitted, or submitted and scored 0"),
    # -- the heat map
    "map_title": NN_("Class progress: {n} student", "Class progress: {n} students"),
    "cell": N_("{student}, exercise {exercise}: {state}"),
    "cell_tries": NN_("{student}, exercise {exercise}: {state} ({n} try)",
                      "{student}, exercise {exercise}: {state} ({n} tries)"),
    # Translators: the title of the grades' heat map: {students} is "3 students", {assignments}
    # is "2 assignments".
    "grades_title": N_("nbgrader grades: {students}, {assignments}"),
    "grade_cell": N_("{student}, {assignment}: {grade}"),
    # Translators: a cell of the grades' heat map when the files have no row for it.
    "no_grade": N_("no grade in the files read"),
    # Translators: the head of an assignment's column in the grades' heat map.
    "out_of": N_("{assignment} (out of {max_score})"),
    # Translators: the heat map's legend, before the shades of 0%, 50% and 100% of the max score.
    "share_legend": N_("score / max score:"),
    # Translators: the heat map's legend; a cell not graded shows the number of its note.
    "legend_not_graded": N_("not graded (why: the note of its number, below)"),
    "legend_unknown": N_("unknown (the note of its number, below)"),
}

def tell(key: str, lang: str | None = None, n: int | None = None, /, **facts) -> str:
    """The sentence ``key`` of :data:`WORDS` in ``lang``, its facts filled in."""
    return translate(WORDS[key], current(lang), n).format(n=n, **facts)


# -- what a file holds ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Note:
    """Something said about the files: a :data:`WORDS` key and its facts; :meth:`text` says it."""

    key: str
    facts: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, key: str, /, **facts) -> Note:
        """The note ``key``; its facts as text on one line (invisible characters replaced)."""
        return cls(key, tuple((k, "".join(c if c.isprintable() else "\ufffd" for c in str(v)))
                              for k, v in facts.items()))

    def text(self, lang: str | None = None) -> str:
        return tell(self.key, lang, **dict(self.facts))


@dataclass(frozen=True)
class Record:
    """One student's progress: ``exercises`` maps each exercise done (not "not tried") to its
    (state, tries); ``sources`` are the files it was read from."""

    student: str
    exercises: dict[str, tuple[str, int]]
    sources: tuple[str, ...]

    def entry(self, exercise: str) -> dict:
        """``{"state": …, "tries": …}`` as the progress record keeps it (not tried if absent)."""
        state, tries = self.exercises.get(exercise, (NOT_TRIED, 0))
        return {"state": state, "tries": tries}


@dataclass(frozen=True)
class Grade:
    """One student's grade for one assignment: ``status`` (:data:`GRADED`, :data:`NOT_SUBMITTED`,
    :data:`NOT_GRADED` or :data:`UNKNOWN`), the score when graded, the max score when known, and
    why it was not graded ("" otherwise, or when the grading side said nothing)."""

    status: str
    score: float | None = None
    max_score: float | None = None
    why: str = ""

    @property
    def share(self) -> float | None:
        """The score as a share of the max score (0 to 1), when graded out of more than 0."""
        if self.status != GRADED or not self.max_score or self.max_score <= 0:
            return None
        return min(1.0, max(0.0, self.score / self.max_score))


@dataclass(frozen=True)
class Grades:
    """nbgrader's grades: ``scores[(student, assignment)]`` is a :class:`Grade`."""

    scores: dict[tuple[str, str], Grade]
    sources: tuple[str, ...]


class _Skip(Exception):
    """A file cannot be used: the note that says why."""

    def __init__(self, key: str, /, **facts):
        super().__init__(key)
        self.note = Note.of(key, **facts)


def clean_name(text: str) -> str:
    """A name fit to print and draw: spaces collapsed, other invisible characters replaced."""
    return " ".join("".join(c if c.isprintable() else "\ufffd" for c in part) for part in text.split())


def _quoted(value) -> str:
    """A value read from a file, as a note quotes it: at most 40 characters."""
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _where_in_course(course: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {ex: nb for nb, exercises in course.items() for ex in exercises}


def _notebook(name) -> str:
    """A notebook's number as the course writes it: ``4`` (a spreadsheet dropped the 0) → ``"04"``."""
    name = str(name).strip()
    return name.zfill(2) if name.isascii() and name.isdecimal() else name


def _entry(path: str, exercise: str, notebook, state, tries, where: dict[str, str]):
    """One exercise's (state, tries), checked; raises :class:`_Skip` saying what is wrong."""
    if state not in STATES:
        raise _Skip("bad_state", path=path, exercise=_quoted(exercise), state=_quoted(state))
    if isinstance(tries, str):       # a whole number of at most 7 digits (a longer one is too many)
        digits = tries.lstrip("0") or "0"
        tries = int(digits) if digits.isascii() and digits.isdecimal() and len(digits) <= 7 else tries
    if not isinstance(tries, int) or isinstance(tries, bool) or not 0 <= tries <= MOST_TRIES:
        raise _Skip("bad_tries", path=path, exercise=_quoted(exercise), tries=_quoted(tries))
    if exercise not in where:
        raise _Skip("unknown_exercise", path=path, exercise=_quoted(exercise))
    if notebook is not None and _notebook(notebook) != where[exercise]:
        raise _Skip("moved_exercise", path=path, exercise=exercise, found=_quoted(notebook), expected=where[exercise])
    return state, tries


def _json(path: str, text: str, stem: str, where: dict[str, str]) -> Record:
    def pairs(items):
        seen = {}
        for key, value in items:
            if key in seen:
                raise _Skip("repeated_key", path=path, key=_quoted(key))
            seen[key] = value
        return seen

    try:
        # a whole number of a thousand digits or more is kept as its digits (Python refuses to
        # read one over 4300 digits): it is then no number of tries, no version
        data = json.loads(text, object_pairs_hook=pairs, parse_int=lambda d: int(d) if len(d) < 1000 else d)
    except ValueError as err:
        raise _Skip("bad_json", path=path, line=getattr(err, "lineno", 1), column=getattr(err, "colno", 1))
    except RecursionError:
        raise _Skip("bad_json", path=path, line=1, column=1)
    if not isinstance(data, dict) or data.get("format") != progress.FORMAT:
        raise _Skip("not_ours", path=path)
    if data.get("version") != 1:
        raise _Skip("bad_version", path=path, version=_quoted(data.get("version")))
    exercises = data.get("exercises")
    if not isinstance(exercises, dict):
        raise _Skip("bad_exercises", path=path)
    student = data.get("student", stem)
    if not isinstance(student, str) or not clean_name(student):
        raise _Skip("bad_student", path=path)
    done = {}
    for exercise, entry in exercises.items():
        if not isinstance(entry, dict) or "state" not in entry or "tries" not in entry:
            raise _Skip("bad_entry", path=path, exercise=_quoted(exercise))
        state, tries = _entry(path, exercise, entry.get("notebook"), entry["state"], entry["tries"], where)
        if state != NOT_TRIED:
            done[exercise] = (state, tries)
    return Record(clean_name(student), done, (path,))


def _csv(path: str, text: str, stem: str, where: dict[str, str]) -> Record | tuple[Record, ...] | Grades:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        rows = [(reader.line_num, row) for row in reader if any(cell.strip() for cell in row)]
    except csv.Error:
        raise _Skip("bad_csv", path=path, line=reader.line_num) from None
    if not rows:
        raise _Skip("empty", path=path)
    header = [cell.strip() for cell in rows[0][1]]
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise _Skip("bad_row", path=path, line=line, found=len(row), expected=len(header))
    table = [(line, dict(zip(header, (cell.strip() for cell in row)))) for line, row in rows[1:]]
    if set(CLASS_COLUMNS) <= set(header):
        return _class_csv(path, table, where)
    if set(PROGRESS_COLUMNS) <= set(header):
        return _progress_csv(path, table, stem, "student" in header, where)
    if set(GRADES_COLUMNS) <= set(header):
        return _grades_csv(path, table, header)
    raise _Skip("not_ours", path=path)


def _progress_csv(path: str, table, stem: str, named: bool, where: dict[str, str]) -> Record:
    names = sorted({clean_name(row["student"]) for _, row in table if named} - {""})
    if len(names) > 1:
        raise _Skip("two_students", path=path, names=_quoted(", ".join(names)))
    done, seen = {}, set()
    for _, row in table:
        exercise = row["exercise"]
        if exercise in seen:
            raise _Skip("repeated", path=path, exercise=_quoted(exercise))
        seen.add(exercise)
        state, tries = _entry(path, exercise, row["notebook"], row["state"], row["tries"], where)
        if state != NOT_TRIED:
            done[exercise] = (state, tries)
    return Record(names[0] if names else clean_name(stem), done, (path,))


def _class_csv(path: str, table, where: dict[str, str]) -> tuple[Record, ...]:
    """The class's live progress as the teacher exported it from the game service
    (``export_progress``): a record a student named in it."""
    done: dict[str, dict] = {}
    for _, row in table:
        student = clean_name(row["student"])
        if not student:
            raise _Skip("bad_student", path=path)
        mine = done.setdefault(student, {})
        exercise = row["exercise"]
        if exercise in mine:
            raise _Skip("repeated", path=path, exercise=_quoted(exercise))
        state, tries = _entry(path, exercise, row["notebook"], row["state"], row["tries"], where)
        if state != NOT_TRIED:
            mine[exercise] = (state, tries)
    return tuple(Record(student, exercises, (path,)) for student, exercises in done.items())


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _grades_csv(path: str, table, header) -> Grades:
    """nbgrader's ``grades.csv``: the course's export (``status``, ``why``) or nbgrader's own
    (module docstring)."""
    has_status, has_timestamp = "status" in header, "timestamp" in header
    scores: dict = {}
    for line, row in table:
        key = (clean_name(row["student_id"]), clean_name(row["assignment"]))
        if key in scores:
            raise _Skip("grade_twice", path=path, student=key[0], assignment=key[1])
        status = row["status"].casefold() if has_status else None
        if has_status and status not in GRADE_STATES:
            raise _Skip("bad_status", path=path, line=line, value=_quoted(row["status"]))
        graded_columns = ("score", "max_score") if status in (None, GRADED) else ("max_score",) if row["max_score"] else ()
        for column in graded_columns:
            if _number(row[column]) is None:
                raise _Skip("bad_score", path=path, line=line, column=column, value=_quoted(row[column]))
        score, max_score = _number(row["score"]), _number(row["max_score"])
        if status is None:
            # nbgrader's own export: a timestamp, or a score above 0, says it was handed in
            submitted = (has_timestamp and row["timestamp"] not in ("", "None")) or score > 0 or (
                _number(row.get("raw_score", "")) or 0) > 0
            status = GRADED if submitted else UNKNOWN
        if status == GRADED:
            scores[key] = Grade(GRADED, score, max_score)
        elif status == NOT_GRADED:
            why = clean_name(row.get("why", ""))
            scores[key] = Grade(NOT_GRADED, None, max_score, why if len(why) <= WHY_CHARS else why[:WHY_CHARS - 1] + "…")
        else:
            scores[key] = Grade(status, None, max_score)
    return Grades(scores, (path,))


# -- grades as a table, numbers as the language writes them ----------------------------------

def name_key(name: str) -> tuple[str, str]:
    """Names in alphabetical order, accents aside (Émile after David, not after Zoé)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return (plain.casefold(), name)


def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def percent(part: int, whole: int, lang: str | None = None) -> str:
    """``part`` of ``whole`` as a whole percentage, rounded half up: ``67%``."""
    return tell("percent", lang, percent=_half_up(100 * part, whole) if whole else 0)


def decimal(value: float, lang: str | None = None) -> str:
    """``value`` with one decimal (rounded half up), the language's separator: ``1.5``, ``1,5``."""
    whole, tenth = divmod(math.floor(value * 10 + 0.5 + 1e-9), 10)
    return tell("decimal", lang, whole=whole, tenth=tenth)


def written_number(value: float, lang: str | None = None) -> str:
    """A score as the language writes it: ``4``, ``6.5`` (``6,5`` in French)."""
    return str(int(value)) if value == int(value) else decimal(value, lang)


@dataclass(frozen=True)
class GradeSheet:
    """nbgrader's grades laid out: students (by name) and assignments (sorted), each cell's
    :class:`Grade` (None: no row for it), and the notes under the table — a number for each
    different reason a notebook was not graded, and one for "unknown" — in order of first use."""

    students: tuple[str, ...]
    assignments: tuple[str, ...]
    cells: dict
    notes: tuple[tuple[int, Grade], ...]
    numbers: dict     # (status, why) → the note's number


def grade_sheet(grades: Grades) -> GradeSheet:
    """The grades as a table: a row a student, a column an assignment, the notes numbered."""
    students = tuple(sorted({s for s, _ in grades.scores}, key=name_key))
    assignments = tuple(sorted({a for _, a in grades.scores}))
    numbers: dict = {}
    notes = []
    for student in students:
        for assignment in assignments:
            grade = grades.scores.get((student, assignment))
            if grade is not None and grade.status in (NOT_GRADED, UNKNOWN):
                reason = (grade.status, grade.why if grade.status == NOT_GRADED else "")
                if reason not in numbers:
                    numbers[reason] = len(numbers) + 1
                    notes.append((numbers[reason], grade))
    return GradeSheet(students, assignments, dict(grades.scores), tuple(notes), numbers)


def note_number(sheet: GradeSheet, grade: Grade) -> int:
    """The number of the note under the table that says why ``grade`` has no score."""
    return sheet.numbers[(grade.status, grade.why if grade.status == NOT_GRADED else "")]


def _why(grade: Grade, lang: str | None) -> str:
    return grade.why or tell("no_reason", lang)


def grade_text(sheet: GradeSheet, key: tuple[str, str], lang: str | None = None) -> str:
    """A cell of the grades table: ``4 / 5``, ``0 / 5``, ``not submitted``, ``not graded [1]``,
    ``unknown [2]`` (the number is the note's under the table), ``–`` when there is no row."""
    grade = sheet.cells.get(key)
    if grade is None:
        return "–"
    if grade.status == GRADED:
        return score_text(grade, lang)
    if grade.status == NOT_SUBMITTED:
        return tell("not_submitted", lang)
    cell = "not_graded_cell" if grade.status == NOT_GRADED else "unknown_cell"
    return tell(cell, lang, number=note_number(sheet, grade))


def note_text(number: int, grade: Grade, lang: str | None = None) -> str:
    """A note under the grades table: ``[1] not graded: why`` or ``[2] unknown: …``."""
    if grade.status == NOT_GRADED:
        return tell("not_graded_note", lang, number=number, why=_why(grade, lang))
    return tell("unknown_note", lang, number=number)


def grade_word(grade: Grade, lang: str | None = None) -> str:
    """A grade in words, whole (a tooltip): ``4 / 5``, ``not submitted``, ``not graded: why``…"""
    if grade.status == GRADED:
        return score_text(grade, lang)
    if grade.status == NOT_SUBMITTED:
        return tell("not_submitted", lang)
    if grade.status == NOT_GRADED:
        return tell("not_graded", lang, why=_why(grade, lang))
    return tell("unknown", lang)


def score_text(grade: Grade, lang: str | None = None) -> str:
    """A graded score out of its max score: ``4 / 5``."""
    return tell("score", lang, score=written_number(grade.score, lang), max_score=written_number(grade.max_score, lang))


def read(path, course: dict[str, tuple[str, ...]] | None = None) -> Record | tuple[Record, ...] | Grades | Note:
    """One file: a student's :class:`Record` (the class's live progress exported: one a student),
    nbgrader's :class:`Grades`, or the :class:`Note` saying why it is skipped (never an
    exception for what a file holds)."""
    course = progress.course() if course is None else course
    path = Path(path)
    shown = str(path)
    try:
        if path.stat().st_size > LARGEST:
            return Note.of("too_large", path=shown)
        raw = path.read_bytes()
    except FileNotFoundError:
        return Note.of("missing", path=shown)
    except (OSError, ValueError) as err:        # ValueError: a path no file can have
        return Note.of("unreadable", path=shown, reason=getattr(err, "strerror", None) or type(err).__name__)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return Note.of("not_utf8", path=shown)
    if not text.strip():
        return Note.of("empty", path=shown)
    where = _where_in_course(course)
    as_json = path.suffix.lower() == ".json" or (path.suffix.lower() != ".csv" and text.lstrip().startswith("{"))
    try:
        return _json(shown, text, path.stem, where) if as_json else _csv(shown, text, path.stem, where)
    except _Skip as skip:
        return skip.note


def files(arguments) -> tuple[list[Path], list[Note]]:
    """The files the arguments name: each file as given, each folder's ``*.json`` and ``*.csv``
    (sorted, not its sub-folders); the same file once; a note for each argument that names none."""
    found: list[Path] = []
    notes: list[Note] = []
    seen = set()
    for argument in arguments:
        path, inside = Path(argument), []
        if path.is_dir():
            try:
                inside = sorted(p for p in path.iterdir() if p.suffix.lower() in (".json", ".csv") and p.is_file())
            except OSError as err:
                notes.append(Note.of("unreadable", path=str(path), reason=err.strerror or type(err).__name__))
                continue
            if not inside:
                notes.append(Note.of("empty_folder", path=str(path)))
        elif path.exists():
            inside = [path]
        else:
            notes.append(Note.of("missing", path=str(path)))
        for p in inside:
            try:
                key = p.resolve()
            except (OSError, RuntimeError):          # a loop of links: the path as given
                key = p.absolute()
            if key not in seen:
                seen.add(key)
                found.append(p)
    return found, notes
