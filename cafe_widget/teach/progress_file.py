"""What a student has solved, kept between sessions: each numbered exercise of the course, not
tried, tried, solved at the 1st, 2nd or 3rd try (or later), or its answer shown.

A check that names its exercise (``check_points(…, exercise="4.2")``) records its outcome here.
The record is a small JSON file that survives kernel restarts: ``$CAFE_WIDGET_PROGRESS`` if set,
else ``progress.json`` in the user's data directory (``$XDG_DATA_HOME/cafe_widget``,
``~/.local/share/cafe_widget``; ``%APPDATA%\\cafe_widget`` on Windows). It is written whole to a
temporary file and renamed over the old one (atomic: a crash never leaves half a file).

A student's progress is never lost nor written over, and never a traceback: a file whose text is
not ours (not JSON, not a record) is set aside beside it (``….broken-N``) and a new one started; a
file the system will not let us read (no permission, a folder, …) is left as it is and nothing
is recorded while it cannot be read — not elsewhere either: a second file would split the
record; an entry that cannot be read is left in the file as it is, the others are used. Each of
these, and a record that cannot be written, is said once in the kernel, in the student's language.
A kernel nbgrader runs (autograde, validate: ``$NBGRADER_EXECUTION`` set) neither reads nor
records: the teacher's own file is not the class's.

Each outcome is kept with when it happened (``"at"``, seconds since 1970); on the class's
JupyterHub it is also sent to the teacher's live view (:mod:`.live`), never elsewhere.

``teach.progress()`` shows it; :func:`export` writes a copy a student can hand in (CSV or JSON,
with the student's name when given), which ``python -m cafe_widget.classroom summary`` reads.
Standard library only.
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import sys
import time
from pathlib import Path

from ..engine.files import write_atomically
from ..i18n import NN_, N_, current, translate
from ..service.progress import course, notebook_of
from . import live

FORMAT = "cafe_widget progress"

#: An exercise's state, from least to most done (a later state never goes back to an earlier
#: one, except that a solve after the answer was shown stays "answer").
NOT_TRIED, TRIED, SOLVED, ANSWER = "not tried", "tried", "solved", "answer"


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


def _ours(data) -> bool:
    """Whether ``data`` is a record (its entries may still be bad, :func:`_good`)."""
    return (isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == 1
            and isinstance(data.get("exercises"), dict))


def _good(entry) -> bool:
    """Whether one exercise's entry can be read: ``{"state": …, "tries": n ≥ 0}``."""
    return (isinstance(entry, dict) and entry.get("state") in (TRIED, SOLVED, ANSWER)
            and isinstance(entry.get("tries"), int) and not isinstance(entry.get("tries"), bool)
            and entry["tries"] >= 0)


#: What is said about the file itself, in the student's language (once in a kernel).
NOTICES = {
    "set_aside": N_("Your progress file {path} could not be read: it is kept as {kept}, "
                    "and a new one is started."),
    "unreadable": N_("Your progress file {path} could not be read ({reason}): it is left as it is, "
                     "and nothing is recorded while it cannot be read."),
    "unwritable": N_("Your progress could not be saved in {path} ({reason}): what you do now is not "
                     "recorded."),
    "bad_entries": NN_("Your progress file {path} has an entry that could not be read, left as it is: "
                       "{names}.",
                       "Your progress file {path} has entries that could not be read, left as they are: "
                       "{names}."),
}
#: Why a file could not be read or written, by the system's error number (else ``other``).
REASONS = {errno.ENOENT: N_("the folder does not exist"), errno.ENOTDIR: N_("the folder does not exist"),
           errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
           errno.EROFS: N_("permission denied"), errno.EISDIR: N_("it is a folder"),
           errno.ENOSPC: N_("the disk is full"), getattr(errno, "EDQUOT", errno.ENOSPC): N_("the disk is full"),
           "other": N_("the system refused it")}

_said: set = set()      # the notices said in this kernel: (key, path)


def reason(err: OSError, lang: str | None = None) -> str:
    """Why ``err`` happened, in the student's words and language (never the system's English)."""
    return translate(REASONS.get(err.errno, REASONS["other"]), current(lang))


def _notice(key: str, n: int | None = None, **facts) -> None:
    """Say ``NOTICES[key]``, once in the kernel for a file."""
    if (key, facts.get("path")) in _said:
        return
    _said.add((key, facts.get("path")))
    print(translate(NOTICES[key], current(None), n).format(**facts))


def _forget_notices() -> None:
    """A new kernel's (the tests'): every notice may be said again."""
    _said.clear()


def _say(message, lang: str | None, n: int | None = None, **facts) -> str:
    """``message`` (a marked sentence, or a plural) in ``lang``, its facts filled in."""
    return translate(message, current(lang), n).format(**facts)


def _open() -> tuple[dict, bool]:
    """(the record, whether it may be written back). A file whose text is not a record is set
    aside (``….broken-N``) and a fresh record may be written; a file that cannot be read, or set
    aside, is left as it is and may not be written over; entries that cannot be read are named
    and stay in the record as they are. Each said once."""
    where = path()
    try:
        raw = where.read_bytes()
    except FileNotFoundError:
        return _empty(), True
    except OSError as err:
        _notice("unreadable", path=str(where), reason=reason(err))
        return _empty(), False
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError:          # not UTF-8 (UnicodeDecodeError), not JSON
        data = None
    if _ours(data):
        bad = [name for name, entry in data["exercises"].items() if not _good(entry)]
        if bad:
            _notice("bad_entries", len(bad), path=str(where), names=", ".join(sorted(bad)))
        return data, True
    n = 1
    while where.with_name(f"{where.name}.broken-{n}").exists():
        n += 1
    kept = where.with_name(f"{where.name}.broken-{n}")
    try:
        where.replace(kept)
    except OSError as err:      # cannot be set aside: not written over either
        _notice("unreadable", path=str(where), reason=reason(err))
        return _empty(), False
    _notice("set_aside", path=str(where), kept=str(kept))
    return _empty(), True


def load() -> dict:
    """The record, read from its file (a fresh one when there is none or it cannot be read; what
    happened said once, :func:`_open`)."""
    return _open()[0]


def save(data: dict) -> None:
    """Write the record atomically: a new file beside it, renamed over it."""
    where = path()
    where.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(where, json.dumps(data, indent=1, sort_keys=True) + "\n")


def by_a_grader() -> bool:
    """Whether nbgrader runs this kernel (it sets ``NBGRADER_EXECUTION``, to ``autograde`` or
    ``validate``): then every student's answers run under the teacher's account."""
    return bool(os.environ.get("NBGRADER_EXECUTION"))


def earlier(exercise: str) -> tuple[int, bool] | None:
    """What the file holds of ``exercise`` for the ladder of a new kernel: (its wrong tries, whether
    its answer was shown); None when nothing is recorded, or in a kernel nbgrader runs."""
    if by_a_grader():
        return None
    entry = load()["exercises"].get(str(exercise))
    if not _good(entry):
        return None
    if entry["state"] == SOLVED:
        return max(0, entry["tries"] - 1), False
    return entry["tries"], entry["state"] == ANSWER


def record(exercise: str, stage: str, tries: int, shown: bool) -> None:
    """A check's outcome for ``exercise`` (``"4.2"``): ``stage`` is the ladder's (``"right"``,
    ``"nudge"``, ``"hint"``, ``"answer"``), ``tries`` this answer's try, ``shown`` whether its
    answer was shown. The tries only grow (this answer is at least one more than the file's).
    Never raises: a record that cannot be written is said once, not a traceback. Nothing is
    written in a kernel nbgrader runs (:func:`by_a_grader`), nor over a file that cannot be read."""
    if by_a_grader():
        return
    data, writable = _open()
    if not writable:
        return
    entry = data["exercises"].get(str(exercise))
    if not _good(entry):        # none yet (or one that cannot be read: this answer starts it afresh)
        entry = {"state": TRIED, "tries": 0}
    if entry["state"] in (SOLVED, ANSWER):
        return   # done already: a later try changes nothing
    tries = max(tries, entry["tries"] + 1)
    if stage == "answer" or (stage == "right" and shown):
        state = ANSWER
    elif stage == "right":
        state = SOLVED
    else:
        state = TRIED
    entry = {"state": state, "tries": tries, "at": round(time.time(), 3)}
    data["exercises"][str(exercise)] = entry
    try:
        save(data)
    except OSError as err:
        _notice("unwritable", path=str(path()), reason=reason(err))
        return
    live.recorded(str(exercise), entry)      # on the class's hub only: to the teacher's live view


def recorded() -> dict[str, dict]:
    """Every entry of the record that can be read: ``{exercise: {"state", "tries"[, "at"]}}``."""
    return {name: entry for name, entry in load()["exercises"].items() if _good(entry)}


def states() -> dict[str, dict]:
    """Every exercise of the course with its state and tries, notebook by notebook (exercises
    recorded that the course does not list, e.g. of an older course, come last)."""
    recorded = {name: {"state": entry["state"], "tries": entry["tries"]}
                for name, entry in load()["exercises"].items() if _good(entry)}
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


class NotExported(ValueError):
    """What makes an export impossible before anything is written (a file that is not ``.csv``
    or ``.json``, an empty name), as a sentence in the student's language."""


def export(target, name: str | None = None, lang: str | None = None) -> Path:
    """Write the record for handing in: ``.csv`` (notebook, exercise, state, tries, and a
    ``student`` column when ``name`` is given) or ``.json`` (with a top-level ``"student"``).
    The states stay the record's own words (``not tried``, ``solved``…) in any language: they
    are data the teacher's ``summary`` reads. :class:`NotExported` (its sentence in ``lang``)
    when it cannot be, OSError when the file cannot be written."""
    target = Path(target)
    if target.suffix.lower() not in (".csv", ".json"):
        raise NotExported(_say(WORDS["bad_suffix"], lang, name=target.name))
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise NotExported(_say(WORDS["bad_name"], lang))
    name = None if name is None else " ".join(name.split())
    rows = [(nb, ex, e["state"], e["tries"]) for nb, exs in states().items() for ex, e in exs.items()]
    if target.suffix.lower() == ".json":
        data = {"format": FORMAT, "version": 1}
        if name is not None:
            data["student"] = name
        data["exercises"] = {ex: {"notebook": nb, "state": st, "tries": tr} for nb, ex, st, tr in rows}
        text = json.dumps(data, indent=1)
    else:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        if name is None:
            writer.writerow(("notebook", "exercise", "state", "tries"))
            writer.writerows(rows)
        else:
            writer.writerow(("notebook", "exercise", "state", "tries", "student"))
            writer.writerows(row + (name,) for row in rows)
        text = buffer.getvalue()
    target.write_text(text, encoding="utf-8")
    return target


def reset() -> bool:
    """Forget everything (the file is replaced by an empty record); False, said, when it cannot
    be: a file that cannot be read is not written over, nor one that cannot be written."""
    if not _open()[1]:
        return False
    try:
        save(_empty())
    except OSError as err:
        _notice("unwritable", path=str(path()), reason=reason(err))
        return False
    return True


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
    "bad_suffix": N_("Your progress is written to a .csv or a .json file, not {name}: nothing was written."),
    "bad_name": N_('name= is your name, for your teacher: write it between quotes, like name="Ana". '
                   "Nothing was written."),
    "not_reset": N_("Your progress could not be forgotten: nothing changed."),
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
        print(_say(WORDS["reset_done" if reset() else "not_reset"], lang))
        return None
    _asked_reset = False
    if export_to is not None:
        try:
            written = export(export_to, name, lang)
        except NotExported as err:   # not a .csv or .json, an empty name: said, not raised
            print(err)
            return None
        except OSError as err:   # a folder that does not exist, no permission: said, not raised
            print(_say(WORDS["not_written"], lang, path=str(export_to), reason=reason(err, lang)))
            return None
        print(_say(WORDS["exported"], lang, path=str(written)))
        return None
    return ProgressView(states(), lang)
