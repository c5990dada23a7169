"""The try-again ladder every check of the course climbs: a wrong answer first gets a **nudge**
(what kind of wrong, never the answer), the second a **hint** (the rule that decides, where to
look), the third the **answer** with its whole explanation. A right answer at any try says so.

Tries are counted per question (the café or position, the move, what is asked) within the
kernel: asking the same question again, by re-running the cell, is the next try; a check naming
its ``exercise=`` goes on in a new kernel from the progress file (its wrong tries, whether its
answer was shown). An answer that cannot be read (``"4 points"`` is read as 4; ``"four"`` is
not) is explained and costs no try.
``answer=True`` on a check shows the answer at once, and is remembered as such (and in the
student's progress, :mod:`cafe_widget.teach.progress_file`).

A graded assignment's rule (:func:`assignment_mode`) stops the ladder at the hint, and stays on
in the kernel once on. It is on from this module's import when the kernel's working directory
holds :data:`ASSIGNMENT_FILE` (``make-course`` writes it beside each released notebook): a kernel
that skips the assignment's first cell shows no answer either.

    stage = TRIES.climb(key, right=False)     # "nudge", then "hint", then "answer"
"""

from __future__ import annotations

import os

from ..i18n import N_, Localized
from . import live, progress_file
from .progress_file import record

WORDS = Localized({
    "hint_head": N_("Hint: "),
    "after_answer": N_(" (You had seen the answer: this one is not counted as solved.)"),
    "graded_widget": N_("In a graded assignment the answer is not shown: your teacher goes over it afterwards. "
                        "Nothing was changed."),
    "no_answer": N_(" (In a graded assignment the answer is not shown: your teacher goes over it "
                    "afterwards.)"),
    "not_shown": N_("In a graded assignment the answer is not shown: your teacher goes over it afterwards."),
    "stays_on": N_("A graded assignment's rule stays on in this kernel: it cannot be turned off."),
})

#: The file that makes a folder a graded assignment's: a kernel started there has the rule on
#: from the import (``make-course`` writes it beside each released notebook).
ASSIGNMENT_FILE = "cafe_assignment.txt"

#: What a check shows, by the number of wrong answers before this one.
STAGES = ("nudge", "hint", "answer")


class GradedRule(Exception):
    """What a graded assignment's rule refuses — a puzzle's ``best`` asked for, the rule turned
    off —, with its sentence in the student's language. IPython shows the sentence alone, no
    traceback (``_render_traceback_``)."""

    def _render_traceback_(self) -> list[str]:
        return [str(self)]


class Tries:
    """The wrong answers given to each question so far, and the questions whose answer was shown.
    A question of a numbered exercise goes on from the student's progress file in a new kernel
    (its wrong tries, whether its answer was shown: ``climb(…, exercise=)``), never back.
    ``graded``: a graded assignment's rule (:func:`assignment_mode`), the ladder stops at the
    hint: no answer is shown, whatever the try or ``answer=True``. Once on, it stays on: setting
    it to False raises :class:`GradedRule` (only the tests start afresh, ``_reset_for_tests``)."""

    def __init__(self) -> None:
        self._wrong: dict = {}
        self._shown: set = set()
        self._graded = False

    @property
    def graded(self) -> bool:
        return self._graded

    @graded.setter
    def graded(self, on) -> None:
        if on:
            self._graded = True
        elif self._graded:
            raise GradedRule(WORDS.text("stays_on"))

    def climb(self, key, right: bool, show: bool = False, exercise=None) -> tuple[str, int]:
        """One more answer to the question ``key``: (the stage to show — ``"right"``, ``"nudge"``,
        ``"hint"`` or ``"answer"`` — and this answer's try, from 1). With ``exercise`` (``"4.1"``),
        the ladder goes on from what the progress file holds of it, tries of other kernels too."""
        if exercise is not None:
            self._recall(key, exercise)
        wrong = self._wrong.get(key, 0)
        if self.graded:
            if right:
                return "right", wrong + 1
            if not show:
                self._wrong[key] = wrong + 1
            return ("nudge" if wrong == 0 and not show else "hint"), wrong + 1
        if show:
            self._shown.add(key)
            return "answer", wrong + 1
        if right:
            return "right", wrong + 1
        self._wrong[key] = wrong + 1
        stage = "answer" if key in self._shown else STAGES[min(wrong, len(STAGES) - 1)]
        if stage == "answer":
            self._shown.add(key)
        return stage, wrong + 1

    def _recall(self, key, exercise) -> None:
        """``key``'s wrong tries and shown answer, at least what the progress file holds of
        ``exercise`` (another kernel's): the counts only grow."""
        earlier = progress_file.earlier(exercise)
        if earlier is None:
            return
        wrong, shown = earlier
        if wrong > self._wrong.get(key, 0):
            self._wrong[key] = wrong
        if shown:
            self._shown.add(key)

    def shown(self, key) -> bool:
        """Whether the answer to ``key`` was shown (asked for, or after the third wrong try)."""
        return key in self._shown

    def wrong(self, key) -> int:
        """How many wrong answers ``key`` has had."""
        return self._wrong.get(key, 0)

    def forget(self) -> None:
        """Every question starts afresh (the tests do this; a student restarts the kernel). A
        graded assignment's rule stays on."""
        self._wrong.clear()
        self._shown.clear()

    def _reset_for_tests(self) -> None:
        """The tests' fresh kernel: every question afresh and the graded rule off. Not for a
        course or an assignment: a kernel turns the rule off only by restarting outside an
        assignment's folder."""
        self.forget()
        self._graded = False
        progress_file._forget_notices()


#: The kernel's tries, for every check of the package.
TRIES = Tries()


def in_assignment_folder() -> bool:
    """Whether the working directory holds :data:`ASSIGNMENT_FILE` (False when it cannot be
    read, or no longer exists)."""
    try:
        return os.path.exists(ASSIGNMENT_FILE)
    except (OSError, ValueError):
        return False


if in_assignment_folder():      # a released assignment's folder: the rule from the start
    TRIES.graded = True

# On the class's hub, a new kernel sends what the progress file holds that an earlier kernel
# could not (teach/live.py): in the background, and nowhere else.
live.recorded_before(progress_file.recorded)


def not_shown(lang: str | None = None) -> GradedRule:
    """The refusal of an answer asked for in a graded assignment (a puzzle's ``best``), to raise."""
    return GradedRule(WORDS.text("not_shown", lang))


class Withheld:
    """What both games' puzzles share: ``best`` and ``solution()`` give the answer, except in a
    graded assignment, where ``best`` raises :class:`GradedRule` and ``solution()`` says that
    the answer is not shown. A puzzle keeps its answer in ``_best`` and words it in
    ``_solution(lang)``."""

    _best = None

    @property
    def best(self):
        """The best turn (or action); in a graded assignment, :class:`GradedRule`."""
        if TRIES.graded:
            raise not_shown()
        return self._best

    @property
    def best_points(self) -> int:
        """What the best turn (or action) scores: the question tells it, graded or not."""
        return self._best.points

    def solution(self, lang: str | None = None) -> str:
        """The answer in one sentence, table by table; in a graded assignment, the sentence that
        the answer is not shown."""
        return WORDS.text("not_shown", lang) if TRIES.graded else self._solution(lang)


def graded_refusal(lang: str | None) -> str | None:
    """In a graded assignment, the sentence refusing a widget's Hint, Show best or Show answer
    (they would show an answer); None otherwise."""
    return WORDS.text("graded_widget", lang) if TRIES.graded else None


def assignment_mode(on: bool = True, lang: str | None = None) -> None:
    """A graded assignment's rule, for every check of the kernel (``cafe_widget.classroom.assignment``
    turns it on): a wrong answer gets a nudge, then the hint, then the hint again with a word that
    the answer is not shown here; ``answer=True`` gets the hint. Once on, it stays on:
    ``assignment_mode(False)`` then changes nothing and says so."""
    if on:
        TRIES.graded = True
    elif TRIES.graded:
        print(WORDS.text("stays_on", lang))


def step(key, lang: str | None, *, right: bool, show: bool, exercise, message: str, nudge: str,
         hint: str, answer: str, solution: str) -> tuple[str, int, str, str]:
    """One answer to the question ``key`` on the ladder, for every check: (its stage, its try,
    what the student sees — ``message`` when right, else the ``nudge``, the ``hint``, or the
    answer: ``solution`` alone when asked for with ``show``, ``answer`` (what was said, and the
    answer) after three wrong tries —, and the hint as shown). Recorded in the progress file
    when the check names its ``exercise``."""
    stage, tries = TRIES.climb(key, right, show, exercise)
    hint = WORDS.text("hint_head", lang) + hint if hint else ""
    if stage == "right":
        seen = message + (WORDS.text("after_answer", lang) if TRIES.shown(key) else "")
    elif stage == "nudge":
        seen = nudge
    elif stage == "hint":
        seen = hint + (WORDS.text("no_answer", lang) if TRIES.graded and (show or TRIES.wrong(key) > 2) else "")
    else:
        seen = solution if show else (answer or solution)
    if exercise is not None:
        record(exercise, stage, tries, TRIES.shown(key))
    return stage, tries, seen, hint
