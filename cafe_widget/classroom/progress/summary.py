"""``python -m cafe_widget.classroom summary FILES… [--heatmap PICTURE.svg] [--lang en|fr|de]``:
the class's progress, read from the files students hand in.

Each argument is a file or a folder (its ``*.json`` and ``*.csv`` files, not its sub-folders):

- a student's progress, as ``teach.progress(export=…)`` writes it (JSON, or CSV with the header
  ``notebook,exercise,state,tries[,student]``), or the record ``progress.json`` itself;
- the class's live progress, as the teacher exports it from the game service
  (``cafe_widget.classroom.export_progress``: CSV with the header
  ``student,notebook,exercise,state,tries,at``): a record a student in it;
- nbgrader's ``grades.csv`` (``nbgrader export``), known by its header: a separate table, and a
  heat map of its own (a row a student, a column an assignment, shaded by score / max score).
  A graded 0 is a 0; "not submitted" and "not graded" (the course's export says which, and why a
  notebook was not graded, in a note under the table) are shades of their own, never a 0; with
  nbgrader's own export, a 0 without a timestamp is "unknown" (:mod:`.grades` says why).

A student is named by the file's ``student`` field (or column), else by the file's stem. Files
that cannot be used are said in one line each and skipped, never a traceback: broken ones, ones
from another version of the course, and several different records under one name. It reads
only what it is given and writes only the picture it is told to (``--heatmap``).

The steps are pure functions — :func:`read` (:mod:`.grades`: a file → a
:class:`Record`, :class:`Grades` or :class:`Note`), :func:`gather`, :func:`tally`, :func:`report`, :func:`heatmap` — and
:func:`main` only wires them to the command line. Standard library only.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from ...i18n import available, current, translate
from ...teach import progress_file as progress
from ...teach.progress_file import ANSWER, NOT_TRIED, SOLVED, TRIED
from .grades import (GRADED, MOST_FAILED, NOT_GRADED, NOT_SUBMITTED, UNKNOWN, Grade, Grades, GradeSheet,
                             Note, Record, decimal, files, grade_sheet, grade_text, grade_word, name_key,
                             note_number, note_text, percent, read, score_text, tell,
                             written_number)

#: How the heat map is laid out (pixels): readable when projected, 46 exercises within 1366.
CELL, GAP, GROUP_GAP, NAME_CHARS, MARGIN = 21, 2, 6, 18, 16
INK, FRAME, STRIPE = "#222222", "#6b5a43", "#f6f1e7"
FONT = "DejaVu Sans, Verdana, sans-serif"
#: The grades' map: a cell's height and least width, the widest picture, and the shades. A score is
#: a shade from red (0) through yellow to green (the max score), its value written in the cell;
#: "not submitted" is white with a dashed frame, "not graded" hatched violet, "unknown" grey.
GRADE_HEIGHT, GRADE_WIDTH, WIDEST = 26, 56, 1366
SCORE_STOPS = ((0.0, (0xd7, 0x30, 0x27)), (0.5, (0xfe, 0xe0, 0x8b)), (1.0, (0x1a, 0x98, 0x50)))
NOT_SUBMITTED_FILL, UNKNOWN_FILL, HATCH, HATCH_BACK = "#ffffff", "#cfd4dc", "#8e7cc3", "#ece8f4"


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


def gather(paths, course: dict[str, tuple[str, ...]] | None = None) -> Class:
    """Read every file (arguments as :func:`files` takes them): duplicates under one name kept
    once when identical, all skipped when not; grades files merged (a file contradicting an
    earlier one is skipped)."""
    course = progress.course() if course is None else course
    found, notes = files(paths)
    by_name: dict[str, list[Record]] = {}
    scores: dict = {}            # (student, assignment) → (score, the file it came from)
    grade_files: list[str] = []
    class_files: set[str] = set()     # the class's exports: one file, a record a student (counted once)
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
            if isinstance(got, tuple):       # the class's export: a record a student
                class_files.add(str(path))
            for record in got if isinstance(got, tuple) else (got,):
                by_name.setdefault(record.student.casefold(), []).append(record)
    records = []
    for same in by_name.values():
        sources = tuple(s for r in same for s in r.sources)
        if all(r.exercises == same[0].exercises for r in same):
            records.append(Record(same[0].student, same[0].exercises, sources))
            used += sum(r.sources[0] not in class_files for r in same)
            if len(same) > 1:
                notes.append(Note.of("same_record", paths=", ".join(sources), student=same[0].student))
        else:
            notes.append(Note.of("different_records", paths=", ".join(sources), student=same[0].student))
            skipped += sum(r.sources[0] not in class_files for r in same)
    used += len(class_files & {s for r in records for s in r.sources})
    skipped += len(class_files - {s for r in records for s in r.sources})
    grades = Grades({k: v for k, (v, _) in scores.items()}, tuple(grade_files)) if grade_files else None
    records.sort(key=lambda r: name_key(r.student))
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
        lines += [tell("title", lang, students=tell("students", lang, n),
                       exercises=tell("exercises_in_course", lang, total)), "", tell("who", lang, total)]
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
        sheet = grade_sheet(klass.grades)
        rows = [[student] + [grade_text(sheet, (student, a), lang) for a in sheet.assignments]
                for student in sheet.students]
        if records:
            lines.append("")
        lines.append(tell("grades", lang, students=tell("students", lang, len(sheet.students)),
                          assignments=tell("assignments", lang, len(sheet.assignments))))
        lines += table((w("student"), *sheet.assignments), rows, right=set(range(1, len(sheet.assignments) + 1)))
        lines += [note_text(number, grade, lang) for number, grade in sheet.notes]
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


def _row_head(row: int, y: float, height: float, student: str, left: float, grid_right: float) -> list[str]:
    """A map's row head: a faint stripe every other row, and the student's name (whole in its
    tooltip)."""
    out = []
    if row % 2:
        out.append(f'<rect x="{MARGIN / 2}" y="{y - GAP / 2}" width="{grid_right - MARGIN / 2 + 4}" '
                   f'height="{height + GAP}" fill="{STRIPE}"/>')
    out.append(f'<text x="{left - 10}" y="{y + height / 2}" font-size="14" text-anchor="end" '
               f'dominant-baseline="central" fill="{INK}"><title>{_xml(student)}</title>'
               f'{_xml(_short(student))}</text>')
    return out


def _progress_map(records, lang: str | None, course: dict[str, tuple[str, ...]], y0: float):
    """The progress part of the heat map, from ``y0`` down: (its title, its elements, its width,
    its bottom)."""
    records = sorted(records, key=lambda r: name_key(r.student))
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
    top = y0 + 92                  # the grid's top: under the title, notebooks and exercise numbers
    out = [f'<text x="{MARGIN}" y="{y0 + 28}" font-size="18" font-weight="bold" fill="{INK}">{_xml(title)}</text>']
    # the heads: the notebook over its group, each exercise's number over its square
    for nb, exercises in course.items():
        xs = [cx for n, _, cx in columns if n == nb]
        middle = (xs[0] + xs[-1] + CELL) / 2
        out.append(f'<text x="{middle}" y="{top - 34}" font-size="14" font-weight="bold" '
                   f'text-anchor="middle" fill="{FRAME}">{_xml(nb)}</text>')
        out.append(f'<line x1="{xs[0]}" y1="{top - 28}" x2="{xs[-1] + CELL}" y2="{top - 28}" '
                   f'stroke="{FRAME}" stroke-width="1.5"/>')
    for nb, ex, cx in columns:
        out.append(f'<text x="{cx + CELL / 2}" y="{top - 10}" font-size="12" text-anchor="middle" '
                   f'fill="{INK}">{_xml(ex.split(".", 1)[-1])}</text>')
    # the rows: a faint stripe every other row, the name, a square an exercise
    for row, r in enumerate(records):
        y = top + row * (CELL + GAP)
        out += _row_head(row, y, CELL, r.student, left, grid_right)
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
    # the legend: two rows of three, the course's words for each shade
    order = ("solved_1", "solved_2", "solved_3", ANSWER, TRIED, NOT_TRIED)
    column_width = max(_width(state_word(k), 14) for k in order) + 18 + 8 + 28
    legend_top = top + len(records) * (CELL + GAP) + 18
    for i, key in enumerate(order):
        lx, ly = left + (i % 3) * column_width, legend_top + (i // 3) * 26
        out.append(f'<rect x="{lx}" y="{ly}" width="18" height="18" rx="3" fill="{progress.SHADES[key]}" '
                   f'stroke="{FRAME}"/>')
        out.append(f'<text x="{lx + 26}" y="{ly + 9}" font-size="14" dominant-baseline="central" '
                   f'fill="{INK}">{_xml(state_word(key))}</text>')
    width = max(grid_right + MARGIN, left + 3 * column_width, MARGIN + _width(title, 18) + MARGIN)
    return title, out, width, legend_top + 2 * 26 + 8


def score_shade(share: float) -> str:
    """The shade of a score that is ``share`` of the max score (0 to 1): red, yellow, green."""
    for (a, low), (b, high) in zip(SCORE_STOPS, SCORE_STOPS[1:]):
        if share <= b:
            t = (share - a) / (b - a)
            return "#" + "".join(f"{round(lo + (hi - lo) * t):02x}" for lo, hi in zip(low, high))
    return "#" + "".join(f"{c:02x}" for c in SCORE_STOPS[-1][1])


def _ink(fill: str) -> str:
    """Dark text on a light shade, white on a dark one."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return "#ffffff" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 else INK


def _fill(grade: Grade | None) -> str:
    if grade is None:                           # no row for it in the files: nothing known
        return UNKNOWN_FILL
    if grade.status == NOT_SUBMITTED:
        return NOT_SUBMITTED_FILL
    if grade.status == NOT_GRADED:
        return "url(#not-graded)"
    if grade.status == UNKNOWN or grade.share is None:
        return UNKNOWN_FILL
    return score_shade(grade.share)


def _wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` cut into lines of at most about ``width`` px at ``size`` px, between words."""
    lines, line = [], ""
    for word in text.split():
        if line and _width(f"{line} {word}", size) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def _column_max(sheet: GradeSheet, assignment: str) -> float | None:
    """The max score of an assignment, when all its grades agree on it (as nbgrader's do)."""
    maxes = {g.max_score for s in sheet.students if (g := sheet.cells.get((s, assignment))) is not None}
    return maxes.pop() if len(maxes) == 1 and None not in maxes else None


def _map_label(sheet: GradeSheet, key: tuple[str, str], lang: str | None, short: bool) -> str:
    """What a cell of the grades' map says: its score (``short``: the max score is in the column's
    head), ``–`` (not submitted), ``[1]`` (the number of the note that says why), nothing (no row)."""
    grade = sheet.cells.get(key)
    if grade is None:
        return ""
    if grade.status == NOT_SUBMITTED:
        return "–"
    if grade.status == GRADED:
        return written_number(grade.score, lang) if short else score_text(grade, lang)
    return f"[{note_number(sheet, grade)}]"


def _grades_map(grades: Grades, lang: str | None, y0: float):
    """The grades part of the heat map, from ``y0`` down: (its title, its elements, its width, its
    bottom). A row a student, a column an assignment; a cell's shade is its score / max score and
    its score is written in it; not submitted, not graded and unknown have shades of their own."""
    sheet = grade_sheet(grades)
    students, assignments = sheet.students, sheet.assignments
    title = tell("grades_title", lang, students=tell("students", lang, len(students)),
                 assignments=tell("assignments", lang, len(assignments)))
    maxes = {a: _column_max(sheet, a) for a in assignments}
    heads = {a: a if maxes[a] is None else tell("out_of", lang, assignment=a, max_score=written_number(maxes[a], lang))
             for a in assignments}
    labels = {(s, a): _map_label(sheet, (s, a), lang, maxes[a] is not None) for s in students for a in assignments}
    left = MARGIN + math.ceil(max([_width(_short(s), 14) for s in students] + [40])) + 10
    column = max(GRADE_WIDTH, math.ceil(max(_width(t, 13) for t in labels.values())) + 12)
    flat = all(_width(h, 13) + 6 <= column + GAP for h in heads.values())
    lean = 0 if flat else _width(heads[assignments[-1]], 13) * 0.71      # the last head past the grid
    room = WIDEST - MARGIN - left - lean
    if len(assignments) * (column + GAP) > room:           # many assignments: narrower, no scores written
        column = max(CELL, int(room // len(assignments)) - GAP)
    written = all(_width(t, 13) + 6 <= column for t in labels.values())
    xs = [left + i * (column + GAP) for i in range(len(assignments))]
    grid_right = xs[-1] + column
    head = 26 if flat else math.ceil(max(_width(h, 13) for h in heads.values()) * 0.71) + 16
    top = y0 + 44 + head
    out = [f'<text x="{MARGIN}" y="{y0 + 28}" font-size="18" font-weight="bold" fill="{INK}">{_xml(title)}</text>']
    right = grid_right
    for a, x in zip(assignments, xs):
        if flat:
            out.append(f'<text class="head" x="{x + column / 2}" y="{top - 10}" font-size="13" font-weight="bold" '
                       f'text-anchor="middle" fill="{FRAME}">{_xml(heads[a])}</text>')
        else:                   # rotated: a long name leans over its column
            cx, cy = x + column / 2 - 4, top - 8
            out.append(f'<text class="head" x="0" y="0" transform="translate({cx} {cy}) rotate(-45)" font-size="13" '
                       f'font-weight="bold" fill="{FRAME}">{_xml(heads[a])}</text>')
            right = max(right, cx + _width(heads[a], 13) * 0.71 + 4)
    for row, student in enumerate(students):
        y = top + row * (GRADE_HEIGHT + GAP)
        out += _row_head(row, y, GRADE_HEIGHT, student, left, grid_right)
        for a, x in zip(assignments, xs):
            grade = sheet.cells.get((student, a))
            fill = _fill(grade)
            status = "none" if grade is None else grade.status
            dashed = ' stroke-dasharray="3 2"' if status == NOT_SUBMITTED else ""
            word = tell("no_grade", lang) if grade is None else grade_word(grade, lang)
            tip = tell("grade_cell", lang, student=student, assignment=a, grade=word)
            out.append(f'<rect class="grade" data-student="{_xml(student)}" data-assignment="{_xml(a)}" '
                       f'data-status="{status}" x="{x}" y="{y}" width="{column}" height="{GRADE_HEIGHT}" rx="3" '
                       f'fill="{fill}" stroke="{FRAME}" stroke-width="0.8"{dashed}><title>{_xml(tip)}</title></rect>')
            if written:
                ink = _ink(fill) if fill.startswith("#") else INK
                out.append(f'<text class="grade-label" x="{x + column / 2}" y="{y + GRADE_HEIGHT / 2}" font-size="13" '
                           f'text-anchor="middle" dominant-baseline="central" fill="{ink}" pointer-events="none">'
                           f'{_xml(labels[student, a])}</text>')
    # the legend: the shades of a score, then what is not a score; the notes under it
    ly = top + len(students) * (GRADE_HEIGHT + GAP) + 18
    out.append(f'<text x="{left}" y="{ly + 9}" font-size="14" dominant-baseline="central" fill="{INK}">'
               f'{_xml(tell("share_legend", lang))}</text>')
    lx = left + _width(tell("share_legend", lang), 14) + 12
    for share in (0, 50, 100):
        fill = score_shade(share / 100)
        out.append(f'<rect x="{lx}" y="{ly}" width="18" height="18" rx="3" fill="{fill}" stroke="{FRAME}"/>')
        out.append(f'<text x="{lx + 26}" y="{ly + 9}" font-size="14" dominant-baseline="central" fill="{INK}">'
                   f'{_xml(percent(share, 100, lang))}</text>')
        lx += 26 + _width(percent(share, 100, lang), 14) + 18
    others = [(NOT_SUBMITTED_FILL, "– " + tell("not_submitted", lang), True),
              ("url(#not-graded)", tell("legend_not_graded", lang), False)]
    if any(g.status == UNKNOWN for _, g in sheet.notes):
        others.append((UNKNOWN_FILL, tell("legend_unknown", lang), False))
    ly2, lx = ly + 28, left
    for fill, word, dashed in others:
        dash = ' stroke-dasharray="3 2"' if dashed else ""
        out.append(f'<rect x="{lx}" y="{ly2}" width="18" height="18" rx="3" fill="{fill}" stroke="{FRAME}"{dash}/>')
        out.append(f'<text x="{lx + 26}" y="{ly2 + 9}" font-size="14" dominant-baseline="central" fill="{INK}">'
                   f'{_xml(word)}</text>')
        lx += 26 + _width(word, 14) + 28
    notes = [note_text(number, grade, lang) for number, grade in sheet.notes]
    widest_note = min(WIDEST, left + max([_width(n, 14) for n in notes] + [0]) + MARGIN)
    width = max(right + MARGIN, lx, MARGIN + _width(title, 18) + MARGIN, widest_note)
    y = ly2 + 18 + 22
    for note in notes:
        for i, line in enumerate(_wrap(note, 14, width - left - MARGIN)):
            out.append(f'<text class="note" x="{left + (24 if i else 0)}" y="{y}" font-size="14" fill="{INK}">'
                       f'{_xml(line)}</text>')
            y += 20
    return title, out, width, y


def heatmap(records=(), lang: str | None = None, course: dict[str, tuple[str, ...]] | None = None,
            grades: Grades | None = None) -> str:
    """The class as an SVG picture. The progress (when there are ``records``): a row a student
    (sorted by name), a square an exercise of the course (grouped by notebook, its label above),
    coloured as ``teach.progress`` colours it, each with a tooltip; the legend below; the number
    of students in the title. Then nbgrader's ``grades`` (when given): a row a student, a column
    an assignment, each cell shaded by score / max score with its score written in it, "not
    submitted", "not graded" and "unknown" in shades of their own, the notes saying why below."""
    course = progress.course() if course is None else course
    parts, y, width = [], 0, 0
    if records:
        title, out, w, y = _progress_map(records, lang, course, y)
        parts.append((title, out))
        width = max(width, w)
    if grades is not None and grades.scores:
        title, out, w, y = _grades_map(grades, lang, y + (12 if parts else 0))
        parts.append((title, out))
        width = max(width, w)
    width, height = math.ceil(width), math.ceil(y)
    hatch = (f'<defs><pattern id="not-graded" width="6" height="6" patternUnits="userSpaceOnUse" '
             f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{HATCH_BACK}"/>'
             f'<line x1="0" y1="0" x2="0" y2="6" stroke="{HATCH}" stroke-width="2.5"/></pattern></defs>')
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">',
        f"<title>{_xml(' — '.join(title for title, _ in parts))}</title>",
        *([hatch] if grades is not None else []),
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        *(line for _, out in parts for line in out), "</svg>", ""])


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
    none (or the picture asked for has nothing to draw or could not be written), 2 for a usage
    error (said on stderr)."""
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
        if not klass.records and not (klass.grades and klass.grades.scores):
            print(tell("no_heatmap", lang))
            return 1
        try:
            target.write_text(heatmap(klass.records, lang, course, klass.grades), encoding="utf-8")
        except OSError as err:
            print(tell("heatmap_failed", lang, path=str(target), reason=err.strerror or type(err).__name__))
            return 1
        print(tell("heatmap_written", lang, path=str(target)))
    return 0
