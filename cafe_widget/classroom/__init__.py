"""The teacher's side of the course, the package's top floor (nothing else imports it).

- ``python -m cafe_widget.classroom make-course DIR`` writes the course as an nbgrader course
  (:mod:`.course`, reading the course's exercises with :mod:`.exercises`): one assignment a
  teaching notebook, each numbered exercise a solution cell and a locked autograder test cell.
- ``python -m cafe_widget.classroom summary FILES…`` reads the progress files students hand in
  (and nbgrader's ``grades.csv``, :mod:`.progress_files`) and prints the class's table, with a
  heat map picture (:mod:`.summary`).
- :class:`~.table.Table` (``from cafe_widget import Table``): one game, a seat a laptop, and
  :mod:`.sharing`, the seat notebooks ``Table.share()`` writes.
- :func:`assignment` is what a graded assignment runs first: from then on the course's checks
  stop at the hint (a nudge, then the hint again), and never show the answer.
"""

from __future__ import annotations

from ..teach.ladder import assignment_mode


def assignment(on: bool = True) -> None:
    """Turn a graded assignment's rule on (or off): the checks give a nudge, then the hint, and
    never the answer, whatever the try or ``answer=True``."""
    assignment_mode(on)
