"""The teacher's side of the course, the package's top floor (nothing else imports it), by
concern:

- :mod:`.course` — the course as an nbgrader course: ``python -m cafe_widget.classroom
  make-course DIR`` writes one assignment a teaching notebook, each numbered exercise a solution
  cell and a locked autograder test cell. Beside it, by the names courses already hold:
  :mod:`.grading` (what a graded notebook imports: :func:`assignment`, ``plain``) and
  :mod:`.autograde` (the nbgrader plugins a course's ``nbgrader_config.py`` names).
- :mod:`.progress` — ``python -m cafe_widget.classroom summary FILES…`` reads the progress files
  students hand in (and nbgrader's ``grades.csv``) and prints the class's table, with a heat map.
- :mod:`.tables` — one game, several people: ``Table`` (``from cafe_widget import Table``) in
  one kernel, for one computer; a class on JupyterHub through the game service
  (:mod:`cafe_widget.service`): :func:`open_table`, :func:`tables`, :func:`save_table`,
  :func:`pause_table`, :func:`give_seat`, :func:`close_table` for the teacher;
  ``cafe_widget.join("3B")`` (a student's seat) and ``cafe_widget.screen("3B")``.
- :mod:`.progress.live` — the class, live, on the hub: :func:`dashboard` (every student's
  outcomes as they happen), :func:`class_progress`, :func:`export_progress` (a CSV ``summary``
  reads), :func:`erase_progress`.
- :mod:`.hub` — ``python -m cafe_widget.classroom hub-config DIR`` writes the hub's configuration.

:func:`assignment` is what a graded assignment runs first: from then on the course's checks
stop at the hint (a nudge, then the hint again), and never show the answer.
"""

from __future__ import annotations

from ..teach.ladder import assignment_mode

#: The teacher's calls to the class's game service (:mod:`.tables.teacher`), loaded when first asked for.
SERVICE_CALLS = ("close_table", "give_seat", "open_table", "pause_table", "save_table", "tables")
#: The teacher's live view of the class (:mod:`.progress.live`), loaded when first asked for.
LIVE_CALLS = ("class_progress", "dashboard", "erase_progress", "export_progress")
__all__ = ["assignment", *SERVICE_CALLS, *LIVE_CALLS]


def __getattr__(name):
    if name in SERVICE_CALLS:
        from .tables import teacher

        return getattr(teacher, name)
    if name in LIVE_CALLS:
        from .progress import live

        return getattr(live, name)
    raise AttributeError(f"module 'cafe_widget.classroom' has no attribute {name!r}")


def assignment(on: bool = True) -> None:
    """Turn a graded assignment's rule on: the checks give a nudge, then the hint, and never the
    answer, whatever the try or ``answer=True``. Once on, it stays on in the kernel
    (``assignment(False)`` says so and changes nothing)."""
    assignment_mode(on)
