"""``python -m cafe_widget.classroom summary FILES… [--heatmap PICTURE.svg] [--lang en|fr|de]``:
the class's progress, read from the files students hand in (issue 25 §3).

Each argument is a file or a folder (its ``*.json`` and ``*.csv`` files, not its sub-folders):

- a student's progress, as ``teach.progress(export=…)`` writes it (JSON, or CSV with the header
  ``notebook,exercise,state,tries[,student]``), or the record ``progress.json`` itself;
- nbgrader's ``grades.csv`` (``nbgrader export``), known by its header: a separate table.

A student is named by the file's ``student`` field (or column), else by the file's stem. Files
that cannot be used are said in one line each and skipped, never a traceback: broken ones, ones
from another version of the course, and several different records under one name. It reads
only what it is given and writes only the picture it is told to (``--heatmap``).

The steps are pure functions — :func:`read` (a file → a :class:`Record`, :class:`Grades` or
:class:`Note`), :func:`gather`, :func:`tally`, :func:`report`, :func:`heatmap` — and
:func:`main` only wires them to the command line. Standard library only.
"""

from __future__ import annotations

import csv
import io
import json
import math
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from .. import progress
from ..i18n import NN_, N_, available, current, translate
from ..progress import ANSWER, NOT_TRIED, SOLVED, TRIED

STATES = (NOT_TRIED, TRIED, SOLVED, ANSWER)
PROGRESS_COLUMNS = ("notebook", "exercise", "state", "tries")
GRADES_COLUMNS = ("assignment", "student_id", "score", "max_score")
LARGEST = 10_000_000          # bytes: a bigger file is no student's progress
MOST_FAILED = 5               # exercises listed under "most often failed"
MOST_TRIES = 1_000_000        # more tries than this on one exercise: no student's progress

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
    "no_heatmap": N_("No student's progress was read: no heat map drawn."),
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
    "grade_twice": N_("{path}: two grades of {student} for {assignment}; skipped."),
    "grade_conflict": N_("{path}: its grade of {student} for {assignment} is not the one in "
                         "{other}; skipped."),
    "same_record": N_("{paths}: the same record of {student}, counted once."),
    "different_records": N_("{paths}: different records under the same name, {student}; all "
                            "skipped (name each file after its student, or export with name=…)."),
    "files_line": N_("Files: {read} read, {skipped} skipped."),
    # -- the summary
    # Translators: the first line of the class's summary.
    "title": NN_("Class summary: {n} student, {exercises} exercises in the course.",
                 "Class summary: {n} students, {exercises} exercises in the course."),
    "who": N_("Who did what (of the {exercises} exercises)"),
    "by_exercise": N_("Exercise by exercise (success rate: solved by how many of the class)"),
    "most_failed": N_("Most often failed (tried without solving, or the answer shown)"),
    "none_failed": N_("None: every exercise tried was solved, no answer shown."),
    "grades": N_("nbgrader grades (score / max score)"),
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
    # -- the heat map
    "map_title": NN_("Class progress: {n} student", "Class progress: {n} students"),
    "cell": N_("{student}, exercise {exercise}: {state}"),
    "cell_tries": NN_("{student}, exercise {exercise}: {state} ({n} try)",
                      "{student}, exercise {exercise}: {state} ({n} tries)"),
}

#: How the heat map is laid out (pixels): readable when projected, 46 exercises within 1366.
CELL, GAP, GROUP_GAP, NAME_CHARS, MARGIN = 21, 2, 6, 18, 16
FONT = "DejaVu Sans, Verdana, sans-serif"
INK, FRAME, STRIPE = "#222222", "#6b5a43", "#f6f1e7"


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
class Grades:
    """nbgrader's grades: ``scores[(student, assignment)]`` is (score, max score), or None when
    nothing was submitted."""

    scores: dict[tuple[str, str], tuple[float, float] | None]
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


def _csv(path: str, text: str, stem: str, where: dict[str, str]) -> Record | Grades:
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
    if set(PROGRESS_COLUMNS) <= set(header):
        return _progress_csv(path, table, stem, "student" in header, where)
    if set(GRADES_COLUMNS) <= set(header):
        return _grades_csv(path, table, "timestamp" in header)
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


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _grades_csv(path: str, table, has_timestamp: bool) -> Grades:
    scores: dict = {}
    for line, row in table:
        key = (clean_name(row["student_id"]), clean_name(row["assignment"]))
        if key in scores:
            raise _Skip("grade_twice", path=path, student=key[0], assignment=key[1])
        for column in ("score", "max_score"):
            if _number(row[column]) is None:
                raise _Skip("bad_score", path=path, line=line, column=column, value=_quoted(row[column]))
        # nbgrader writes a row for every student and assignment; one with no submission has no
        # timestamp and a score of 0. A submission placed by hand (or zip_collect) may have no
        # timestamp either, so a score above 0 always counts.
        submitted = (not has_timestamp or row["timestamp"] not in ("", "None")
                     or (_number(row["raw_score"] if "raw_score" in row else row["score"]) or 0) > 0)
        scores[key] = (_number(row["score"]), _number(row["max_score"])) if submitted else None
    return Grades(scores, (path,))


def read(path, course: dict[str, tuple[str, ...]] | None = None) -> Record | Grades | Note:
    """One file: a student's :class:`Record`, nbgrader's :class:`Grades`, or the :class:`Note`
    saying why it is skipped (never an exception for what a file holds)."""
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


# -- the class ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Class:
    """What was read: each student's record (sorted by name), nbgrader's grades (or None), what
    is said about the files, and how many files were read and skipped."""

    records: tuple[Record, ...]
    grades: Grades | None
    notes: tuple[Note, ...]
    read: int
    skipped: int


def _name_key(name: str) -> tuple[str, str]:
    """Names in alphabetical order, accents aside (Émile after David, not after Zoé)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return (plain.casefold(), name)


def gather(paths, course: dict[str, tuple[str, ...]] | None = None) -> Class:
    """Read every file (arguments as :func:`files` takes them): duplicates under one name kept
    once when identical, all skipped when not; grades files merged (a file contradicting an
    earlier one is skipped)."""
    course = progress.course() if course is None else course
    found, notes = files(paths)
    by_name: dict[str, list[Record]] = {}
    scores: dict = {}            # (student, assignment) → (score, the file it came from)
    grade_files: list[str] = []
    used = skipped = 0
    for path in found:
        got = read(path, course)
        if isinstance(got, Note):
            notes.append(got)
            skipped += 1
        elif isinstance(got, Grades):
            clash = next((key for key, value in got.scores.items() if key in scores and scores[key][0] != value), None)
            if clash:
                notes.append(Note.of("grade_conflict", path=str(path), student=clash[0], assignment=clash[1],
                                     other=scores[clash][1]))
                skipped += 1
                continue
            for key, value in got.scores.items():
                scores.setdefault(key, (value, str(path)))
            grade_files.append(str(path))
            used += 1
        else:
            by_name.setdefault(got.student.casefold(), []).append(got)
    records = []
    for same in by_name.values():
        sources = tuple(s for r in same for s in r.sources)
        if all(r.exercises == same[0].exercises for r in same):
            records.append(Record(same[0].student, same[0].exercises, sources))
            used += len(same)
            if len(same) > 1:
                notes.append(Note.of("same_record", paths=", ".join(sources), student=same[0].student))
        else:
            notes.append(Note.of("different_records", paths=", ".join(sources), student=same[0].student))
            skipped += len(same)
    grades = Grades({k: v for k, (v, _) in scores.items()}, tuple(grade_files)) if grade_files else None
    records.sort(key=lambda r: _name_key(r.student))
    return Class(tuple(records), grades, tuple(notes), used, skipped)


@dataclass(frozen=True)
class ExerciseTally:
    """One exercise across the class."""

    exercise: str
    notebook: str
    tried: int        # students who did anything (tried, solved or saw the answer)
    solved: int
    answers: int      # students who saw the answer
    still: int        # students who tried and have not solved it yet
    tries_solved: tuple[int, ...] = ()   # the tries of those who solved it

    @property
    def failed(self) -> int:
        """Students who tried without solving it, or saw the answer."""
        return self.still + self.answers

    @property
    def mean_tries(self) -> float | None:
        return sum(self.tries_solved) / len(self.tries_solved) if self.tries_solved else None


@dataclass(frozen=True)
class StudentTally:
    """One student across the course."""

    student: str
    solved: int
    answers: int
    still: int
    not_tried: int
    total: int


@dataclass(frozen=True)
class Tally:
    """The class in numbers: a :class:`StudentTally` a student, an :class:`ExerciseTally` an exercise."""

    students: tuple[StudentTally, ...]
    exercises: tuple[ExerciseTally, ...]

    def most_failed(self, most: int = MOST_FAILED) -> tuple[ExerciseTally, ...]:
        """The exercises failed by the most students (ties in course order), none failed by nobody."""
        failed = [e for e in self.exercises if e.failed]
        return tuple(sorted(failed, key=lambda e: -e.failed)[:most])   # sorted() is stable


def tally(records, course: dict[str, tuple[str, ...]] | None = None) -> Tally:
    """The counts of the summary: per student, per exercise in course order."""
    course = progress.course() if course is None else course
    order = [(nb, ex) for nb, exercises in course.items() for ex in exercises]
    students = []
    for r in records:
        states = [r.entry(ex)["state"] for _, ex in order]
        students.append(StudentTally(r.student, states.count(SOLVED), states.count(ANSWER),
                                     states.count(TRIED), states.count(NOT_TRIED), len(order)))
    exercises = []
    for nb, ex in order:
        entries = [r.entry(ex) for r in records]
        exercises.append(ExerciseTally(
            ex, nb, sum(e["state"] != NOT_TRIED for e in entries), sum(e["state"] == SOLVED for e in entries),
            sum(e["state"] == ANSWER for e in entries), sum(e["state"] == TRIED for e in entries),
            tuple(e["tries"] for e in entries if e["state"] == SOLVED)))
    return Tally(tuple(students), tuple(exercises))


# -- the printed summary ------------------------------------------------------------------------

def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def percent(part: int, whole: int, lang: str | None = None) -> str:
    """``part`` of ``whole`` as a whole percentage, rounded half up: ``67%``."""
    return tell("percent", lang, percent=_half_up(100 * part, whole) if whole else 0)


def decimal(value: float, lang: str | None = None) -> str:
    """``value`` with one decimal (rounded half up), the language's separator: ``1.5``, ``1,5``."""
    whole, tenth = divmod(math.floor(value * 10 + 0.5 + 1e-9), 10)
    return tell("decimal", lang, whole=whole, tenth=tenth)


def _score(value: float, lang: str | None) -> str:
    return str(int(value)) if value == int(value) else decimal(value, lang)


def table(headings, rows, right=()) -> list[str]:
    """Plain text columns: the headings, then the rows; columns in ``right`` aligned right."""
    cells = [list(map(str, headings))] + [list(map(str, row)) for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headings))]
    return ["  ".join(cell.rjust(w) if i in right else cell.ljust(w)
                      for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in cells]


def report(klass: Class, lang: str | None = None, course: dict[str, tuple[str, ...]] | None = None) -> str:
    """The text printed: what is said about the files, then who did what, each exercise, the most
    often failed, nbgrader's grades, and how many files were read and skipped."""
    course = progress.course() if course is None else course

    def w(key: str) -> str:
        return tell(key, lang)

    lines = [note.text(lang) for note in klass.notes]
    if lines:
        lines.append("")
    records = klass.records
    total = sum(len(exercises) for exercises in course.values())
    if records:
        counts = tally(records, course)
        n = len(records)
        lines += [tell("title", lang, n, exercises=total), "", tell("who", lang, exercises=total)]
        lines += table((w("student"), w("solved"), w("answers"), w("tried_only"), w("not_tried")),
                       [(s.student, s.solved, s.answers, s.still, s.not_tried) for s in counts.students],
                       right={1, 2, 3, 4})
        lines += ["", w("by_exercise")]
        lines += table((w("exercise"), w("tried"), w("solved"), w("rate"), w("mean_tries"), w("answers")),
                       [(e.exercise, e.tried, e.solved, percent(e.solved, n, lang),
                         "–" if e.mean_tries is None else decimal(e.mean_tries, lang), e.answers)
                        for e in counts.exercises], right={1, 2, 3, 4, 5})
        lines += ["", w("most_failed")]
        worst = counts.most_failed()
        if worst:
            lines += table((w("exercise"), w("failed"), w("tried_only"), w("answers")),
                           [(e.exercise, e.failed, e.still, e.answers) for e in worst], right={1, 2, 3})
        else:
            lines.append(w("none_failed"))
    if klass.grades is not None:
        scores = klass.grades.scores
        students = sorted({s for s, _ in scores}, key=_name_key)
        assignments = sorted({a for _, a in scores})
        rows = []
        for student in students:
            row = [student]
            for assignment in assignments:
                got = scores.get((student, assignment))
                row.append("–" if got is None else tell("score", lang, score=_score(got[0], lang),
                                                        max_score=_score(got[1], lang)))
            rows.append(row)
        if records:
            lines.append("")
        lines += [w("grades")] + table((w("student"), *assignments), rows, right=set(range(1, len(assignments) + 1)))
    if records or klass.grades is not None:
        lines.append("")
    lines.append(tell("files_line", lang, read=klass.read, skipped=klass.skipped))
    return "\n".join(lines)


# -- the heat map -------------------------------------------------------------------------------

def _xml(text: str) -> str:
    """Text fit for XML content and attributes: escaped, characters XML cannot hold replaced."""
    text = "".join(c if c in "\t\n\r" or (" " <= c and c not in "\ufffe\uffff") else "\ufffd" for c in str(text))
    return escape(text, {'"': "&quot;"})


def _width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at ``size`` px (DejaVu Sans is wide: 0.62 em a character)."""
    return len(text) * size * 0.62


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1] + "…"


def heatmap(records, lang: str | None = None, course: dict[str, tuple[str, ...]] | None = None) -> str:
    """The class as an SVG picture: a row a student (sorted by name), a square an exercise of
    the course (grouped by notebook, its label above), coloured as ``teach.progress`` colours
    it, each with a tooltip; the legend below; the number of students in the title."""
    course = progress.course() if course is None else course
    records = sorted(records, key=lambda r: _name_key(r.student))
    words = progress.WORDS

    def state_word(key: str) -> str:
        return translate(words[key], current(lang))

    left = MARGIN + math.ceil(max([_width(_short(r.student), 14) for r in records] + [40])) + 10
    columns, x = [], left          # (notebook, exercise, x) of each square
    for nb, exercises in course.items():
        for ex in exercises:
            columns.append((nb, ex, x))
            x += CELL + GAP
        x += GROUP_GAP
    grid_right = x - GROUP_GAP - GAP
    title = tell("map_title", lang, len(records))
    top = 92                       # the grid's top: under the title, notebooks and exercise numbers
    out = []
    # the rows: a faint stripe every other row, the name, a square an exercise
    for row, r in enumerate(records):
        y = top + row * (CELL + GAP)
        if row % 2:
            out.append(f'<rect x="{MARGIN / 2}" y="{y - GAP / 2}" width="{grid_right - MARGIN / 2 + 4}" '
                       f'height="{CELL + GAP}" fill="{STRIPE}"/>')
        out.append(f'<text x="{left - 10}" y="{y + CELL / 2}" font-size="14" text-anchor="end" '
                   f'dominant-baseline="central" fill="{INK}"><title>{_xml(r.student)}</title>'
                   f'{_xml(_short(r.student))}</text>')
        for nb, ex, cx in columns:
            entry = r.entry(ex)
            key = progress.shade(entry)
            if entry["tries"]:
                tip = tell("cell_tries", lang, entry["tries"], student=r.student, exercise=ex, state=state_word(key))
            else:
                tip = tell("cell", lang, student=r.student, exercise=ex, state=state_word(key))
            out.append(f'<rect class="cell" data-student="{_xml(r.student)}" data-exercise="{ex}" '
                       f'x="{cx}" y="{y}" width="{CELL}" height="{CELL}" rx="3" fill="{progress.SHADES[key]}" '
                       f'stroke="{FRAME}" stroke-width="0.8"><title>{_xml(tip)}</title></rect>')
    # the heads: the notebook over its group, each exercise's number over its square
    heads = []
    for nb, exercises in course.items():
        xs = [cx for n, _, cx in columns if n == nb]
        middle = (xs[0] + xs[-1] + CELL) / 2
        heads.append(f'<text x="{middle}" y="{top - 34}" font-size="14" font-weight="bold" '
                     f'text-anchor="middle" fill="{FRAME}">{_xml(nb)}</text>')
        heads.append(f'<line x1="{xs[0]}" y1="{top - 28}" x2="{xs[-1] + CELL}" y2="{top - 28}" '
                     f'stroke="{FRAME}" stroke-width="1.5"/>')
    for nb, ex, cx in columns:
        heads.append(f'<text x="{cx + CELL / 2}" y="{top - 10}" font-size="12" text-anchor="middle" '
                     f'fill="{INK}">{_xml(ex.split(".", 1)[-1])}</text>')
    # the legend: two rows of three, the course's words for each shade
    order = ("solved_1", "solved_2", "solved_3", ANSWER, TRIED, NOT_TRIED)
    column_width = max(_width(state_word(k), 14) for k in order) + 18 + 8 + 28
    legend_top = top + len(records) * (CELL + GAP) + 18
    legend = []
    for i, key in enumerate(order):
        lx, ly = left + (i % 3) * column_width, legend_top + (i // 3) * 26
        legend.append(f'<rect x="{lx}" y="{ly}" width="18" height="18" rx="3" fill="{progress.SHADES[key]}" '
                      f'stroke="{FRAME}"/>')
        legend.append(f'<text x="{lx + 26}" y="{ly + 9}" font-size="14" dominant-baseline="central" '
                      f'fill="{INK}">{_xml(state_word(key))}</text>')
    width = math.ceil(max(grid_right + MARGIN, left + 3 * column_width, MARGIN + _width(title, 18) + MARGIN))
    height = legend_top + 2 * 26 + 8
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">',
        f"<title>{_xml(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{MARGIN}" y="28" font-size="18" font-weight="bold" fill="{INK}">{_xml(title)}</text>',
        *heads, *out, *legend, "</svg>", ""])


# -- the command line ---------------------------------------------------------------------------

class _Usage(Exception):
    pass


@dataclass(frozen=True)
class Options:
    paths: tuple[str, ...]
    heatmap: str | None = None
    lang: str | None = None
    help: bool = False


def parse(argv, lang: str | None = None) -> Options:
    """The arguments of ``summary``: files and folders, ``--heatmap FILE.svg``, ``--lang L``
    (``--option=value`` too; ``--`` ends the options). A usage error is a ``_Usage``."""
    paths, values, rest = [], {"heatmap": None, "lang": None}, list(argv)
    while rest:
        word = rest.pop(0)
        if word == "--":
            paths += rest
            break
        if word in ("-h", "--help"):
            return Options((), help=True)
        if word.startswith("-") and word != "-":
            option, has_value, value = word.partition("=")
            if option not in ("--heatmap", "--lang"):
                raise _Usage(tell("unknown_option", lang, option=option))
            if not has_value:
                if not rest:
                    raise _Usage(tell("needs_value", lang, option=option))
                value = rest.pop(0)
            values[option[2:]] = value
        else:
            paths.append(word)
    if values["lang"] is not None and values["lang"] not in available():
        raise _Usage(tell("unknown_language", lang, language=values["lang"], languages=", ".join(available())))
    lang = values["lang"] or lang
    if not paths:
        raise _Usage(tell("no_files", lang))
    if values["heatmap"] is not None and Path(values["heatmap"]).suffix.lower() != ".svg":
        raise _Usage(tell("not_svg", lang, path=values["heatmap"]))
    return Options(tuple(paths), values["heatmap"], values["lang"])


def _usage(lang: str | None) -> str:
    return tell("usage", lang, languages="|".join(available()))


def main(argv: list[str]) -> int:
    """``summary FILES… [--heatmap PICTURE.svg] [--lang L]``: 0 when a file was read, 1 when
    none (or the picture could not be written), 2 for a usage error (said on stderr)."""
    try:
        options = parse(argv)
    except _Usage as err:
        print(f"{err}\n{_usage(None)}", file=sys.stderr)
        return 2
    lang = current(options.lang)
    if options.help:
        print(_usage(lang))
        return 0
    target = Path(options.heatmap) if options.heatmap else None
    if target is not None:
        if target.is_dir():
            print(tell("is_folder", lang, path=str(target)))
            return 1
        if not target.absolute().parent.is_dir():
            print(tell("no_folder", lang, path=str(target), folder=str(target.parent)))
            return 1
    course = progress.course()
    klass = gather(options.paths, course)
    print(report(klass, lang, course))
    if not klass.read:
        print(tell("nothing_read", lang))
        return 1
    if target is not None:
        if not klass.records:
            print(tell("no_heatmap", lang))
            return 0
        try:
            target.write_text(heatmap(klass.records, lang, course), encoding="utf-8")
        except OSError as err:
            print(tell("heatmap_failed", lang, path=str(target), reason=err.strerror or type(err).__name__))
            return 1
        print(tell("heatmap_written", lang, path=str(target)))
    return 0
