"""The teacher's side of the course (issue 25).

- ``python -m cafe_widget.classroom make-course DIR`` writes the course as an nbgrader course
  (:mod:`cafe_widget.classroom.course`): one assignment a teaching notebook, each numbered
  exercise a solution cell and a locked autograder test cell.
- ``python -m cafe_widget.classroom summary FILES…`` reads the progress files students hand in
  (and nbgrader's ``grades.csv``) and prints the class's table, with a heat map picture
  (:mod:`cafe_widget.classroom.summary`).
- :func:`assignment` is what a graded assignment runs first: from then on the course's checks
  stop at the hint (a nudge, then the hint again), and never show the answer.

Nothing here is imported by the rest of the package: it is the top floor.
"""

from __future__ import annotations

from ..teach.ladder import assignment_mode


def assignment(on: bool = True) -> None:
    """Turn a graded assignment's rule on (or off): the checks give a nudge, then the hint, and
    never the answer, whatever the try or ``answer=True``."""
    assignment_mode(on)
