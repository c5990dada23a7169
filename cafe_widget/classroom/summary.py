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

The steps are pure functions — :func:`read` (:mod:`.progress_files`: a file → a
:class:`Record`, :class:`Grades` or :class:`Note`), :func:`gather`, :func:`tally`, :func:`report`, :func:`heatmap` — and
:func:`main` only wires them to the command line. Standard library only.
"""

from __future__ import annotations

import math
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from ..i18n import available, current, translate
from ..teach import progress_file as progress
from ..teach.progress_file import ANSWER, NOT_TRIED, SOLVED, TRIED
from .progress_files import MOST_FAILED, Grades, Note, Record, files, read, tell

#: How the heat map is laid out (pixels): readable when projected, 46 exercises within 1366.
CELL, GAP, GROUP_GAP, NAME_CHARS, MARGIN = 21, 2, 6, 18, 16
INK, FRAME, STRIPE = "#222222", "#6b5a43", "#f6f1e7"
FONT = "DejaVu Sans, Verdana, sans-serif"


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
