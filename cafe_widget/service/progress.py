"""The class's progress as it happens, as the game service keeps it: every student's outcomes
on the course's exercises, sent by their kernels on the class's hub.

Pure Python, standard library only (no tornado, no hub): :mod:`.live` puts it on the network.

- **One row a student**, under the hub name the service identified (never a name the body
  says): each exercise's state (``tried``, ``solved``, ``answer``), its tries, and when it
  happened (the student's kernel's clock, never later than the service's).
- **Merged, never written back**: an outcome only moves an exercise forward, as the student's own
  progress file does (:mod:`cafe_widget.teach.progress_file`): tries only grow, a solved or shown
  exercise stays so. Sending the same outcomes twice changes nothing, so a kernel sends again
  whatever it is not sure arrived.
- **Kept with the tables**: one small JSON file a student in ``progress/`` beside the tables'
  files, written whole to a new file and renamed over the old one (:func:`~..engine.files.write_atomically`)
  before the service answers: what it acknowledged survives its being killed.
- **What a cell of the teacher's view says** (:func:`cell`): solved at the first try, after the
  nudge, after the hint; the answer shown; stuck (two wrong tries or more, not solved); trying
  (one wrong try); not started.

Who may see what is decided by :mod:`.live` (a teacher the class, a student their own row).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..engine.files import write_atomically

FORMAT = "cafe_widget class progress"
VERSION = 1
EXERCISE_FILE = Path(__file__).resolve().parent.parent / "data" / "exercises.txt"
#: The exercise states a kernel sends (as its progress file writes them).
TRIED, SOLVED, ANSWER = "tried", "solved", "answer"
STATES = (TRIED, SOLVED, ANSWER)
#: What one request may carry, and one number of tries.
MOST_OUTCOMES, MOST_TRIES = 500, 10_000
EXERCISE = re.compile(r"[0-9]{1,2}\.[0-9]{1,2}", re.ASCII)     #: an exercise's number, as written
#: The columns of the teacher's export: the progress CSV a student hands in, with the student's
#: name and the time of their last outcome on the exercise (``summary`` reads it, several students).
EXPORT_COLUMNS = ("student", "notebook", "exercise", "state", "tries", "at")

#: What a cell of the class's table says, from most to least done.
FIRST, NUDGE, HINT, SHOWN, STUCK, TRYING, NOT_STARTED = ("first", "nudge", "hint", "shown", "stuck", "trying",
                                                        "not started")
CELLS = (FIRST, NUDGE, HINT, SHOWN, STUCK, TRYING, NOT_STARTED)


@lru_cache(maxsize=1)
def _course() -> tuple[tuple[str, tuple[str, ...]], ...]:
    out: dict[str, tuple[str, ...]] = {}
    for line in EXERCISE_FILE.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].split()
        if line:
            out[line[0]] = tuple(line[1:])
    return tuple(out.items())


def course() -> dict[str, tuple[str, ...]]:
    """The course's numbered exercises, notebook by notebook: ``{"01": ("1.1", …), …}`` (read once)."""
    return dict(_course())


@lru_cache(maxsize=1)
def exercises() -> frozenset[str]:
    """Every exercise of the course: the only ones a row keeps (46, so a row stays small)."""
    return frozenset(ex for _, exs in _course() for ex in exs)


def notebook_of(exercise: str) -> str:
    """``"4.2"`` → ``"04"``: the notebook an exercise belongs to (its number before the dot)."""
    head = exercise.split(".", 1)[0]
    return head.zfill(2) if head.isdigit() else head


def spreadsheet_safe(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text: one that would start a formula
    (``=``, ``+``, ``-``, ``@``, a tab, a return) gets a ``'`` first (``summary`` takes it off)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def cell(entry: dict | None) -> str:
    """What the teacher's view says of one student's ``entry`` on one exercise (one of :data:`CELLS`)."""
    if not entry:
        return NOT_STARTED
    if entry["state"] == SOLVED:
        return (FIRST, NUDGE, HINT)[min(3, max(1, entry["tries"])) - 1]
    if entry["state"] == ANSWER:
        return SHOWN
    return STUCK if entry["tries"] >= 2 else TRYING


class BadOutcome(ValueError):
    """What cannot be stored, said by a key of :mod:`.live`'s sentences."""

    def __init__(self, key: str, **facts):
        super().__init__(key)
        self.key, self.facts = key, facts


def read_outcomes(data, now: float) -> tuple[list[tuple[str, dict]], list[str]]:
    """The outcomes of a kernel's body ``{"outcomes": [{"exercise", "state", "tries", "at"}, …]}``,
    checked: ((exercise, entry) each, the exercises left out because the course has no such
    exercise). :class:`BadOutcome` for a body that is not so (nothing of it is kept). An ``at``
    later than ``now``, or none, is None: the time the service keeps then is its own, or the
    time it already had (a kernel sending an old entry again is no new activity)."""
    outcomes = data.get("outcomes") if isinstance(data, dict) else None
    if not isinstance(outcomes, list) or len(outcomes) > MOST_OUTCOMES:
        raise BadOutcome("bad_outcomes", n=MOST_OUTCOMES)
    out, unknown = [], []
    for item in outcomes:
        if not isinstance(item, dict):
            raise BadOutcome("bad_outcomes", n=MOST_OUTCOMES)
        exercise, state, tries, at = item.get("exercise"), item.get("state"), item.get("tries"), item.get("at")
        if not isinstance(exercise, str) or not EXERCISE.fullmatch(exercise):
            raise BadOutcome("bad_exercise", exercise=str(exercise)[:20])
        if state not in STATES:
            raise BadOutcome("bad_state", state=str(state)[:20])
        if not isinstance(tries, int) or isinstance(tries, bool) or not 0 <= tries <= MOST_TRIES:
            raise BadOutcome("bad_tries", tries=str(tries)[:20])
        if not isinstance(at, (int, float)) or isinstance(at, bool) or not math.isfinite(at) or not 0 <= at <= now:
            at = None
        if exercise not in exercises():
            unknown.append(exercise)          # another course's (a teacher's own exercise): not kept
            continue
        out.append((exercise, {"state": state, "tries": tries, "at": None if at is None else round(float(at), 3)}))
    return out, unknown


def merged(old: dict | None, new: dict, now: float) -> dict | None:
    """``old`` moved forward by ``new`` (None when nothing changes): a solved or shown exercise
    stays so, tries only grow, the time is the latest (``new``'s time None: ``old``'s, else ``now``)."""
    at = new["at"] if new["at"] is not None else old["at"] if old is not None else now
    if old is None:
        return {**new, "at": at}
    if old["state"] in (SOLVED, ANSWER):
        return None                           # done already: a later outcome changes nothing
    entry = {"state": new["state"], "tries": max(old["tries"], new["tries"]), "at": max(old["at"], at)}
    return None if entry == old else entry


@dataclass
class Row:
    """One student's outcomes: ``{exercise: {"state", "tries", "at"}}``."""

    student: str
    exercises: dict[str, dict] = field(default_factory=dict)

    @property
    def last(self) -> tuple[str, float] | None:
        """The exercise of this student's latest outcome, and when (None before any)."""
        if not self.exercises:
            return None
        exercise = max(self.exercises, key=lambda ex: (self.exercises[ex]["at"], ex))
        return exercise, self.exercises[exercise]["at"]

    def to_data(self) -> dict:
        last = self.last
        return {"student": self.student, "exercises": self.exercises,
                "last": None if last is None else {"exercise": last[0], "at": last[1]}}


def _file_name(student: str) -> str:
    """A student's file: the SHA-256 of their hub name (any name, any length: never a path, never
    too long, never two names in one file); the name itself is inside."""
    return hashlib.sha256(student.encode("utf-8")).hexdigest() + ".json"


class ClassProgress:
    """Every student's row, on disk in ``folder`` (one file each, written atomically), and a
    version that grows at each change (what a teacher's view waits on; it starts from the
    service's start time in milliseconds, so that it still grows across a restart)."""

    def __init__(self, folder, clock=time.time):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.clock = clock
        self.rows: dict[str, Row] = {}
        self.version = int(time.time() * 1000)
        for path in sorted(self.folder.glob("*.json")):
            row = self._read(path)
            if row is not None:
                self.rows[row.student] = row

    def _read(self, path: Path) -> Row | None:
        """A row as :meth:`_write` wrote it, each entry checked on its own (one that cannot be
        read is left out). A file that is not a row is set aside (``….broken-N``), never written
        over; one the service cannot read is left as it is."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError:
            return None
        except ValueError:
            data = None
        student = data.get("student") if isinstance(data, dict) else None
        if (not isinstance(student, str) or data.get("format") != FORMAT or data.get("version") != VERSION
                or path.name != _file_name(student) or not isinstance(data.get("exercises"), dict)):
            n = 1
            while path.with_name(f"{path.name}.broken-{n}").exists():
                n += 1
            try:
                path.replace(path.with_name(f"{path.name}.broken-{n}"))
            except OSError:
                pass
            return None
        row = Row(student)
        for exercise, entry in data["exercises"].items():
            try:
                (found,), _ = read_outcomes({"outcomes": [{"exercise": exercise, **entry}]}, self.clock())
            except (BadOutcome, TypeError, ValueError):
                continue
            if found[1]["at"] is not None:
                row.exercises[exercise] = found[1]
        return row

    def record(self, student: str, outcomes: list[tuple[str, dict]]) -> dict[str, dict]:
        """``outcomes`` (from :func:`read_outcomes`) merged into ``student``'s row and on disk
        before this returns (nothing changes when it cannot be written: the error goes up); what
        changed: ``{exercise: entry}`` (empty when nothing did)."""
        old = self.rows.get(student) or Row(student)
        row = Row(student, dict(old.exercises))
        changed = {}
        now = round(self.clock(), 3)
        for exercise, entry in outcomes:
            new = merged(row.exercises.get(exercise), entry, now)
            if new is not None:
                row.exercises[exercise] = changed[exercise] = new
        if changed:
            self._write(row)                  # on disk first: only then is it the service's
            self.rows[student] = row
            self._changed(student)
        return changed

    def row(self, student: str) -> Row:
        return self.rows.get(student) or Row(student)

    def snapshot(self) -> dict:
        """The whole class, as a teacher's view receives it first."""
        return {"version": self.version, "now": self.clock(),
                "students": {name: row.to_data() for name, row in sorted(self.rows.items())}}

    def erase(self, student: str | None = None) -> int:
        """Forget ``student``'s row (None: every row): their files removed. How many rows went."""
        names = list(self.rows) if student is None else [student] if student in self.rows else []
        for name in names:
            (self.folder / _file_name(name)).unlink(missing_ok=True)
            del self.rows[name]
            self._changed(name)
        return len(names)

    def export_csv(self) -> str:
        """The class as a CSV ``summary`` reads beside nbgrader's grades: a line a student and an
        exercise of the course they did (state, tries, the time in UTC, ISO 8601)."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(EXPORT_COLUMNS)
        listed = [ex for exercises in course().values() for ex in exercises]
        for name, row in sorted(self.rows.items()):
            order = listed + sorted(ex for ex in row.exercises if ex not in listed)
            for ex in order:
                entry = row.exercises.get(ex)
                if entry is not None:
                    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(entry["at"]))
                    writer.writerow((spreadsheet_safe(name), notebook_of(ex), ex, entry["state"], entry["tries"], at))
        return buffer.getvalue()

    def _write(self, row: Row) -> None:
        write_atomically(self.folder / _file_name(row.student),
                         json.dumps({"format": FORMAT, "version": VERSION, "student": row.student,
                                     "exercises": row.exercises}, indent=1, sort_keys=True))

    def _changed(self, student: str) -> None:
        self.version += 1

