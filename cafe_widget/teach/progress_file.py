"""What a student has solved, kept between sessions: each numbered exercise of the course, not
tried, tried, solved at the 1st, 2nd or 3rd try (or later), or its answer shown.

A check that names its exercise (``check_points(…, exercise="4.2")``) records its outcome here.
The record is a small JSON file that survives kernel restarts: ``$CAFE_WIDGET_PROGRESS`` if set,
else ``progress.json`` in the user's data directory (``$XDG_DATA_HOME/cafe_widget``,
``~/.local/share/cafe_widget``; ``%APPDATA%\\cafe_widget`` on Windows). It is written whole to a
temporary file and renamed over the old one (atomic: a crash never leaves half a file), and a
file that cannot be read, or is not ours, is set aside beside it (``….broken-N``) with a
sentence saying so — never a traceback, never lost silently. A kernel nbgrader runs (autograde,
validate: ``$NBGRADER_EXECUTION`` set) records nothing: the teacher's own file is not the class's.

``teach.progress()`` shows it; :func:`export` writes a copy a student can hand in (CSV or JSON,
with the student's name when given), which ``python -m cafe_widget.classroom summary`` reads.
Standard library only.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import tempfile
from pathlib import Path

from ..i18n import NN_, N_, current, translate

FORMAT = "cafe_widget progress"
EXERCISE_FILE = Path(__file__).resolve().parent.parent / "data" / "exercises.txt"

#: An exercise's state, from least to most done (a later state never goes back to an earlier
#: one, except that a solve after the answer was shown stays "answer").
NOT_TRIED, TRIED, SOLVED, ANSWER = "not tried", "tried", "solved", "answer"


def course() -> dict[str, tuple[str, ...]]:
    """The course's numbered exercises, notebook by notebook: ``{"01": ("1.1", …), …}``."""
    out: dict[str, tuple[str, ...]] = {}
    for line in EXERCISE_FILE.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].split()
        if line:
            out[line[0]] = tuple(line[1:])
    return out


def notebook_of(exercise: str) -> str:
    """``"4.2"`` → ``"04"``: the notebook an exercise belongs to (its number before the dot)."""
    head = exercise.split(".", 1)[0]
    return head.zfill(2) if head.isdigit() else head


def path() -> Path:
    """Where the record is kept."""
    chosen = os.environ.get("CAFE_WIDGET_PROGRESS")
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform.startswith("win") and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "cafe_widget" / "progress.json"


def _empty() -> dict:
    return {"format": FORMAT, "version": 1, "exercises": {}}


def _valid(data) -> bool:
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        return False
    exercises = data.get("exercises")
    if not isinstance(exercises, dict):
        return False
    for name, entry in exercises.items():
        if not (isinstance(name, str) and isinstance(entry, dict)
                and entry.get("state") in (TRIED, SOLVED, ANSWER)
                and isinstance(entry.get("tries"), int) and not isinstance(entry.get("tries"), bool)
                and entry["tries"] >= 0):
            return False
    return True


#: What is said about the file itself, in the student's language.
NOTICES = {"set_aside": N_("Your progress file {path} could not be read: it is kept as {kept}, "
                           "and a new one is started.")}


def _notice(key: str, **facts) -> None:
    print(translate(NOTICES[key], current(None)).format(**facts))


def _say(message, lang: str | None, n: int | None = None, **facts) -> str:
    """``message`` (a marked sentence, or a plural) in ``lang``, its facts filled in."""
    return translate(message, current(lang), n).format(**facts)


def load() -> dict:
    """The record, read from its file (a fresh one when there is none); a broken or foreign
    file is set aside with a sentence saying where it went."""
    where = path()
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _empty()
    except OSError:
        return _empty()
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if _valid(data):
        return data
    n = 1
    while where.with_name(f"{where.name}.broken-{n}").exists():
        n += 1
    kept = where.with_name(f"{where.name}.broken-{n}")
    try:
        where.replace(kept)
    except OSError:
        kept = where
    _notice("set_aside", path=str(where), kept=str(kept))
    return _empty()


def save(data: dict) -> None:
    """Write the record atomically: a temporary file beside it, renamed over it."""
    where = path()
    where.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".progress-", suffix=".json", dir=where.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.write("\n")
        os.replace(tmp, where)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def by_a_grader() -> bool:
    """Whether nbgrader runs this kernel (it sets ``NBGRADER_EXECUTION``, to ``autograde`` or
    ``validate``): then every student's answers run under the teacher's account."""
    return bool(os.environ.get("NBGRADER_EXECUTION"))


def record(exercise: str, stage: str, tries: int, shown: bool) -> None:
    """A check's outcome for ``exercise`` (``"4.2"``): ``stage`` is the ladder's (``"right"``,
    ``"nudge"``, ``"hint"``, ``"answer"``), ``tries`` this answer's try, ``shown`` whether its
    answer was shown. Never raises: a record that cannot be written is not worth a traceback.
    Nothing is written in a kernel nbgrader runs (:func:`by_a_grader`)."""
    if by_a_grader():
        return
    try:
        data = load()
        entry = data["exercises"].get(str(exercise), {"state": TRIED, "tries": 0})
        if entry["state"] in (SOLVED, ANSWER):
            return   # done already: a later try changes nothing
        if stage == "answer" or (stage == "right" and shown):
            entry = {"state": ANSWER, "tries": tries}
        elif stage == "right":
            entry = {"state": SOLVED, "tries": tries}
        else:
            entry = {"state": TRIED, "tries": tries}
        data["exercises"][str(exercise)] = entry
        save(data)
    except OSError:
        pass


def states() -> dict[str, dict]:
    """Every exercise of the course with its state and tries, notebook by notebook (exercises
    recorded that the course does not list, e.g. of an older course, come last)."""
    recorded = load()["exercises"]
    out: dict[str, dict] = {}
    listed = set()
    for notebook, exercises in course().items():
        out[notebook] = {}
        for exercise in exercises:
            listed.add(exercise)
            out[notebook][exercise] = recorded.get(exercise, {"state": NOT_TRIED, "tries": 0})
    for exercise, entry in sorted(recorded.items()):
        if exercise not in listed:
            out.setdefault(notebook_of(exercise), {})[exercise] = entry
    return out


def export(target, name: str | None = None) -> Path:
    """Write the record for handing in: ``.csv`` (notebook, exercise, state, tries, and a
    ``student`` column when ``name`` is given) or ``.json`` (with a top-level ``"student"``)."""
    target = Path(target)
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise ValueError(f"name= is the student's name, a non-empty text, not {name!r}")
    name = None if name is None else " ".join(name.split())
    rows = [(nb, ex, e["state"], e["tries"]) for nb, exs in states().items() for ex, e in exs.items()]
    if target.suffix.lower() == ".json":
        data = {"format": FORMAT, "version": 1}
        if name is not None:
            data["student"] = name
        data["exercises"] = {ex: {"notebook": nb, "state": st, "tries": tr} for nb, ex, st, tr in rows}
        text = json.dumps(data, indent=1)
    elif target.suffix.lower() == ".csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        if name is None:
            writer.writerow(("notebook", "exercise", "state", "tries"))
            writer.writerows(rows)
        else:
            writer.writerow(("notebook", "exercise", "state", "tries", "student"))
            writer.writerows(row + (name,) for row in rows)
        text = buffer.getvalue()
    else:
        raise ValueError(f"export to a .csv or a .json file, not {target.name!r}")
    target.write_text(text, encoding="utf-8")
    return target


def reset() -> None:
    """Forget everything (the file is replaced by an empty record)."""
    save(_empty())


# -- what the student sees: teach.progress() ----------------------------------------------------

WORDS = {
    "title": N_("Your progress"),
    "line": N_("{title}: {summary}"),
    "notebook": N_("Notebook"),
    "exercise": N_("Exercise"),
    "state": N_("State"),
    NOT_TRIED: N_("not tried"),
    TRIED: N_("tried, not solved yet"),
    ANSWER: N_("answer shown"),
    "solved_1": N_("solved at the 1st try"),
    "solved_2": N_("solved at the 2nd try"),
    "solved_3": N_("solved at the 3rd try or later"),
    "summary": NN_("{solved} of {total} exercises solved, {shown} with the answer shown.",
                   "{solved} of {total} exercises solved, {shown} with the answer shown."),
    "reset_ask": NN_("This forgets what you did in {done} exercise: run progress(reset=True) "
                     "again to forget it.",
                     "This forgets what you did in {done} exercises: run progress(reset=True) "
                     "again to forget it."),
    "reset_done": N_("Your progress is forgotten: every exercise starts afresh."),
    "exported": N_("Written: {path} (for your teacher)."),
    "not_written": N_("Could not write {path}: {reason}. Nothing else changed."),
}
#: An exercise's square in the picture, by its state: colour and how it is named.
SHADES = {NOT_TRIED: "#ffffff", TRIED: "#f3d9a4", "solved_1": "#0b7a35", "solved_2": "#4fae6e",
          "solved_3": "#a8dbb5", ANSWER: "#b9bfc9"}


def shade(entry: dict) -> str:
    """The key of ``entry``'s shade: ``not tried``, ``tried``, ``solved_1``…``solved_3``, ``answer``."""
    if entry["state"] == SOLVED:
        return f"solved_{min(3, max(1, entry['tries']))}"
    return entry["state"]


class ProgressView:
    """What ``teach.progress()`` shows: a picture (a row a notebook, a square an exercise,
    coloured by how it was done) and the same as a table; ``str()`` is the table as text."""

    def __init__(self, table: dict[str, dict], lang: str | None = None):
        self.table = table
        self.lang = lang

    def _word(self, key: str, **facts) -> str:
        return _say(WORDS[key], self.lang, **facts)

    def rows(self) -> list[tuple[str, str, str]]:
        """(notebook, exercise, state in words), every exercise of the course in order."""
        return [(nb, ex, self._word(shade(e))) for nb, exercises in self.table.items()
                for ex, e in exercises.items()]

    def summary(self) -> str:
        entries = [e for exercises in self.table.values() for e in exercises.values()]
        solved = sum(e["state"] == SOLVED for e in entries)
        return _say(WORDS["summary"], self.lang, solved, solved=solved, total=len(entries),
                    shown=sum(e["state"] == ANSWER for e in entries))

    def svg(self) -> str:
        """The picture: a row a notebook, a square an exercise (its number in it), the legend."""
        from xml.sax.saxutils import escape

        size, gap, left, top = 38, 6, 44, 8
        most = max([len(e) for e in self.table.values()] + [1])
        width = left + most * (size + gap) + 8
        legend_top = top + len(self.table) * (size + gap) + 6
        height = legend_top + 3 * 22 + 4
        width = max(width, 2 * 260)
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'font-family="DejaVu Sans, Verdana, sans-serif" role="img">',
               f"<title>{escape(self._word('title'))}</title>"]
        for row, (nb, exercises) in enumerate(self.table.items()):
            y = top + row * (size + gap)
            out.append(f'<text x="{left - 8}" y="{y + size / 2}" font-size="14" text-anchor="end" '
                       f'dominant-baseline="central" fill="#6b5a43" font-weight="bold">{escape(nb)}</text>')
            for col, (ex, entry) in enumerate(exercises.items()):
                x, key = left + col * (size + gap), shade(entry)
                ink = "#ffffff" if key in ("solved_1", "solved_2") else "#222222"
                out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="{SHADES[key]}" '
                           f'stroke="#6b5a43"><title>{escape(ex)}: {escape(self._word(key))}</title></rect>')
                out.append(f'<text x="{x + size / 2}" y="{y + size / 2}" font-size="12" text-anchor="middle" '
                           f'dominant-baseline="central" fill="{ink}">{escape(ex)}</text>')
        for i, key in enumerate(SHADES):
            x, y = 8 + (i // 3) * 260, legend_top + (i % 3) * 22   # two columns of three
            out.append(f'<rect x="{x}" y="{y}" width="16" height="16" rx="3" fill="{SHADES[key]}" stroke="#6b5a43"/>')
            out.append(f'<text x="{x + 22}" y="{y + 8}" font-size="12" dominant-baseline="central" '
                       f'fill="#222222">{escape(self._word(key))}</text>')
        out.append("</svg>")
        return "".join(out)

    def _repr_html_(self) -> str:
        from html import escape

        head = "".join(f"<th style='text-align:left'>{escape(self._word(k))}</th>"
                       for k in ("notebook", "exercise", "state"))
        rows = "".join(f"<tr><td>{escape(nb)}</td><td>{escape(ex)}</td><td>{escape(st)}</td></tr>"
                       for nb, ex, st in self.rows())
        return (f"<div><p>{escape(self._word('line', title=self._word('title'), summary=self.summary()))}</p>{self.svg()}"
                f"<details><summary>{escape(self._word('exercise'))} · {escape(self._word('state'))}</summary>"
                f"<table>{head and '<tr>' + head + '</tr>'}{rows}</table></details></div>")

    def __str__(self) -> str:
        lines = [self._word("line", title=self._word("title"), summary=self.summary())]
        lines += [f"{nb}  {ex:<6} {st}" for nb, ex, st in self.rows()]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))


_asked_reset = False


def show(export_to=None, reset_all: bool = False, lang: str | None = None, name: str | None = None):
    """``teach.progress``: the view; or, with ``export_to``, the file written (with the
    student's ``name`` in it when given); with ``reset_all``, asked first, then done."""
    global _asked_reset
    if reset_all:
        done = sum(e["state"] != NOT_TRIED for exs in states().values() for e in exs.values())
        if not _asked_reset and done:
            _asked_reset = True
            print(_say(WORDS["reset_ask"], lang, done, done=done))
            return None
        _asked_reset = False
        reset()
        print(_say(WORDS["reset_done"], lang))
        return None
    _asked_reset = False
    if export_to is not None:
        try:
            written = export(export_to, name)
        except OSError as err:   # a folder that does not exist, no permission: said, not raised
            print(_say(WORDS["not_written"], lang, path=str(export_to), reason=err.strerror or type(err).__name__))
            return None
        print(_say(WORDS["exported"], lang, path=str(written)))
        return None
    return ProgressView(states(), lang)
