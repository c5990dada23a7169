"""The class's progress as the teacher sees it, live: a student a row, an exercise a column, each
cell a symbol on a shade (readable without colour: the symbol says it, and its title in words),
the exercise most of the class is stuck on, and each student's last activity.

One drawing for both places it is shown: the service's page for the projector (:mod:`.live`)
and ``cafe_widget.classroom.dashboard()`` in the teacher's kernel. HTML (a table with headers
a screen reader walks) and the same as text (:meth:`ClassView.text`). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..i18n import N_, NN_, current, translate
from .progress import CELLS, FIRST, HINT, NOT_STARTED, NUDGE, SHOWN, STUCK, TRYING, cell, course, notebook_of

WORDS = {
    "title": N_("The class, live"),
    "student": N_("Student"),
    "last": N_("Last activity"),
    "all": N_("All notebooks"),
    "notebook": N_("Notebook {nb}"),
    FIRST: N_("solved at the first try"),
    NUDGE: N_("solved after the nudge"),
    HINT: N_("solved after the hint"),
    SHOWN: N_("answer shown"),
    STUCK: N_("stuck: wrong tries, not solved"),
    TRYING: N_("one wrong try"),
    NOT_STARTED: N_("not started"),
    "cell": N_("{student}, {exercise}: {state}"),
    "cell_tries": NN_("{student}, {exercise}: {state} ({n} try)", "{student}, {exercise}: {state} ({n} tries)"),
    "students": NN_("{n} student", "{n} students"),
    "most_stuck": NN_("Most stuck: exercise {exercise} ({n} student)", "Most stuck: exercise {exercise} ({n} students)"),
    "none_stuck": N_("No one is stuck."),
    "no_students": N_("No student has sent an outcome yet: they appear here with their first exercise."),
    "never": N_("nothing yet"),
    "seconds": N_("{exercise}, {n} s ago"),
    "minutes": N_("{exercise}, {n} min ago"),
    "hours": N_("{exercise}, {n} h ago"),
    "legend": N_("Legend"),
    "choose": N_("Exercises of"),
}

#: Each cell's symbol (the same in every language) and shade, with the ink that reads on it (≥ 4.5:1).
SYMBOLS = {FIRST: "1✓", NUDGE: "2✓", HINT: "3✓", SHOWN: "◌", STUCK: "!", TRYING: "…", NOT_STARTED: "·"}
SHADES = {FIRST: ("#0b7a35", "#ffffff"), NUDGE: ("#8fd19e", "#1a1a1a"), HINT: ("#cdeed5", "#1a1a1a"),
          SHOWN: ("#c9ced6", "#1a1a1a"), STUCK: ("#b3261e", "#ffffff"), TRYING: ("#f6dfae", "#1a1a1a"),
          NOT_STARTED: ("#ffffff", "#555555")}
INK, FRAME = "#222222", "#6b5a43"


def _say(key: str, lang: str, n: int | None = None, **facts) -> str:
    """``WORDS[key]`` in ``lang`` (the form for ``n`` when it has one), its facts filled in."""
    return translate(WORDS[key], lang, n).format(n=n, **facts)


def ago(exercise: str, at: float, now: float, lang: str) -> str:
    """``"4.2, 12 s ago"``: an exercise and how long ago, in whole seconds, minutes or hours."""
    seconds = max(0, int(now - at))
    if seconds < 120:
        return _say("seconds", lang, exercise=exercise, n=seconds)
    if seconds < 2 * 3600:
        return _say("minutes", lang, exercise=exercise, n=seconds // 60)
    return _say("hours", lang, exercise=exercise, n=seconds // 3600)


@dataclass(frozen=True)
class Line:
    """One student's row: their name, each exercise's cell key and entry, their last activity."""

    student: str
    cells: tuple[tuple[str, str, dict | None], ...]     # (exercise, cell key, entry)
    last: str
    stuck: tuple[str, ...]


class ClassView:
    """The class's table from a snapshot (:meth:`.progress.ClassProgress.snapshot`), for the
    exercises of ``notebook`` (None: all), in ``lang``, as of ``now`` (the snapshot's time)."""

    def __init__(self, snapshot: dict, notebook: str | None = None, lang: str | None = None,
                 now: float | None = None, exercises: dict[str, tuple[str, ...]] | None = None):
        self.lang = current(lang)
        self.notebook = notebook
        self.now = snapshot.get("now", 0.0) if now is None else now
        full = course() if exercises is None else exercises
        self.course = {nb: exs for nb, exs in full.items() if notebook in (None, nb)}
        self.columns = [ex for exs in self.course.values() for ex in exs]
        self.lines = []
        for name, row in sorted(snapshot.get("students", {}).items(), key=lambda kv: kv[0].casefold()):
            entries = row.get("exercises", {})
            cells = tuple((ex, cell(entries.get(ex)), entries.get(ex)) for ex in self.columns)
            latest = max(((e["at"], ex) for ex, e in entries.items() if notebook in (None, notebook_of(ex))),
                         default=None)
            last = ago(latest[1], latest[0], self.now, self.lang) if latest else _say("never", self.lang)
            self.lines.append(Line(name, cells, last, tuple(ex for ex, key, _ in cells if key == STUCK)))

    def word(self, key: str, n: int | None = None, **facts) -> str:
        return _say(key, self.lang, n, **facts)

    def most_stuck(self) -> tuple[str, int] | None:
        """The exercise the most students are stuck on now, and how many (the earlier in the
        course on a tie); None when no one is stuck."""
        counts = {ex: sum(ex in line.stuck for line in self.lines) for ex in self.columns}
        best = max(self.columns, key=lambda ex: counts[ex], default=None)
        return (best, counts[best]) if best is not None and counts[best] else None

    def headline(self) -> str:
        stuck = self.most_stuck()
        said = self.word("most_stuck", stuck[1], exercise=stuck[0]) if stuck else self.word("none_stuck")
        return f"{self.word('students', len(self.lines))} · {said}"

    def tip(self, line: Line, exercise: str, key: str, entry: dict | None) -> str:
        state = self.word(key)
        if entry and entry["tries"]:
            return self.word("cell_tries", entry["tries"], student=line.student, exercise=exercise, state=state)
        return self.word("cell", student=line.student, exercise=exercise, state=state)

    @staticmethod
    def symbol(key: str, entry: dict | None) -> str:
        return f"!{entry['tries']}" if key == STUCK else SYMBOLS[key]

    # -- as text (the twin a screen reader reads; str() in a kernel) --------------------------------

    def text(self) -> str:
        scope = self.word("notebook", nb=self.notebook) if self.notebook else self.word("all")
        out = [f"{self.word('title')} — {scope}", self.headline()]
        if not self.lines:
            out.append(self.word("no_students"))
        for line in self.lines:
            done = {}
            for ex, key, _ in line.cells:
                done.setdefault(key, []).append(ex)
            parts = [f"{self.word(key)}: {', '.join(done[key])}" for key in CELLS if key in done and key != NOT_STARTED]
            out.append(f"{line.student} ({self.word('last')}: {line.last}) — " + ("; ".join(parts) or self.word(NOT_STARTED)))
        return "\n".join(out)

    __str__ = text

    # -- as HTML ----------------------------------------------------------------------------------

    def html(self) -> str:
        """The table (a caption, a header row of exercises grouped by notebook, a row a student),
        the headline, and the legend: every symbol with its words."""
        e = escape
        head = ['<th scope="col" class="cw-name">' + e(self.word("student")) + "</th>"]
        for nb, exercises in self.course.items():
            for i, ex in enumerate(exercises):
                head.append(f'<th scope="col" class="cw-ex{" cw-first" if i == 0 else ""}" '
                            f'title="{e(self.word("notebook", nb=nb))}">{e(ex)}</th>')
        head.append('<th scope="col" class="cw-last">' + e(self.word("last")) + "</th>")
        firsts = {exs[0] for exs in self.course.values() if exs}
        rows = []
        for line in self.lines:
            cells = [f'<th scope="row" class="cw-name" title="{e(line.student)}">{e(line.student)}</th>']
            for ex, key, entry in line.cells:
                back, ink = SHADES[key]
                tip = e(self.tip(line, ex, key, entry))
                cells.append(f'<td class="cw-cell cw-{key.replace(" ", "-")}{" cw-first" if ex in firsts else ""}" '
                             f'data-student="{e(line.student)}" data-exercise="{e(ex)}" data-state="{e(key)}" '
                             f'style="background:{back};color:{ink}" title="{tip}" aria-label="{tip}">'
                             f'{e(self.symbol(key, entry))}</td>')
            cells.append(f'<td class="cw-last">{e(line.last)}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        if not rows:
            rows.append(f'<tr><td colspan="{len(self.columns) + 2}">{e(self.word("no_students"))}</td></tr>')
        legend = "".join(f'<li><span class="cw-key" style="background:{SHADES[key][0]};color:{SHADES[key][1]}">'
                         f'{e(SYMBOLS[key] if key != STUCK else "!n")}</span> {e(self.word(key))}</li>'
                         for key in CELLS)
        size = " cw-big" if len(self.columns) <= BIG else ""
        return (f'<div class="cw-live{size}"><style>{STYLE}</style>'
                f'<p class="cw-headline" role="status">{e(self.headline())}</p>'
                f'<table class="cw-table"><caption>{e(self.word("title"))} — '
                f'{e(self.word("notebook", nb=self.notebook) if self.notebook else self.word("all"))}</caption>'
                f'<thead><tr>{"".join(head)}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
                f'<h3 class="cw-legend-title">{e(self.word("legend"))}</h3><ul class="cw-legend">{legend}</ul></div>')


#: A notebook's few exercises are drawn larger (read from the back of the room).
BIG = 12
#: The table's look: 46 exercises, a name and the last activity within 1366 px.
STYLE = f"""
.cw-live {{ font-family: DejaVu Sans, Verdana, sans-serif; color: {INK}; }}
.cw-headline {{ font-size: 16px; font-weight: bold; margin: 2px 0 4px; }}
.cw-table {{ border-collapse: collapse; font-size: 11px; }}
.cw-table caption {{ text-align: left; font-size: 13px; padding-bottom: 2px; }}
.cw-table th, .cw-table td {{ border: 1px solid #cfc6b8; padding: 0; text-align: center; }}
.cw-table th.cw-ex {{ width: 22px; min-width: 22px; max-width: 22px; font-weight: normal; font-size: 10px;
  color: {FRAME}; }}
.cw-table .cw-name {{ text-align: right; padding: 0 4px; max-width: 104px; overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; }}
.cw-table td.cw-cell {{ height: 18px; font-weight: bold; letter-spacing: -0.5px; }}
.cw-table .cw-first {{ border-left: 3px solid {FRAME}; }}
.cw-table .cw-last {{ text-align: left; padding: 0 4px; white-space: nowrap; }}
.cw-legend-title {{ font-size: 12px; margin: 6px 0 2px; }}
.cw-legend {{ list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 12px; }}
.cw-big .cw-table {{ font-size: 18px; }}
.cw-big .cw-table th.cw-ex {{ width: 44px; min-width: 44px; max-width: 44px; font-size: 15px; }}
.cw-big .cw-table td.cw-cell {{ height: 30px; letter-spacing: 0; }}
.cw-big .cw-table .cw-name {{ max-width: 200px; padding: 0 8px; }}
.cw-big .cw-table .cw-last {{ font-size: 16px; padding: 0 8px; }}
.cw-big .cw-headline {{ font-size: 20px; }}
.cw-key {{ display: inline-block; min-width: 22px; text-align: center; font-weight: bold; border: 1px solid #cfc6b8; }}
"""
