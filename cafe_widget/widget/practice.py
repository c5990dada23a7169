"""The exercise checks as small widgets: a question, a way to answer (a number box, or clicks on
the café), a Check button, the feedback below, retries, and a "show the answer" button.

    from cafe_widget.widget import ask_points, ask_seats, ask_turn
    ask_points("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2")    # a number box under the café
    ask_seats("RU GB FR ES IT | b1:RUf b3:RUm", "ITm")        # click the seats, then Check
    ask_turn("RU GB FR ES IT | b1:RUf b3:RUm | US CN DE", "RUf ITf ITm DEm")   # find the best turn

Every verdict is :func:`~cafe_widget.teach.practice.check_points`'s, ``check_seats``'s or
``Puzzle.grade``'s; a wrong answer first gets a nudge that does not give the answer away.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine import Cafe
from ..teach.card_puzzles import Puzzle
from ..teach.practice import check_points
from ..i18n import N_, Localized, current, listen
from ..render import svg_of
from .widget import CafeWidget

_WORDS = Localized({
    "points_q": N_("How many points does {move} score here?"),
    "check": N_("Check"),
    "answer": N_("Show the answer"),
    "placeholder": N_("points, or refused"),
})


class PointsQuestion(widgets.VBox):
    """"How many points does ``placement`` score here?": the café drawn, a box for the answer,
    *Check* (retry as often as you like: a wrong answer gets a nudge), *Show the answer*.
    ``lang`` fixes its language; None follows ``cafe_widget.language()``."""

    def __init__(self, cafe, placement: str, variant: bool = False, lang: str | None = None):
        self._lang = None if lang is None else current(lang)   # an unknown one: a ValueError
        self.cafe = Cafe.parse(cafe) if isinstance(cafe, str) else cafe
        self.placement, self.variant = placement, variant
        self.feedback = ""
        self.right = False
        self._question = widgets.HTML()
        self._picture = widgets.HTML()
        self.answer = widgets.Text(layout=widgets.Layout(width="160px"))
        self._check = widgets.Button(button_style="primary")
        self._show = widgets.Button()
        self._words()
        # aria-live: a screen reader announces the feedback when it changes
        self._out = widgets.HTML('<div aria-live="polite"></div>')
        self._check.on_click(lambda _: self.check())
        self._show.on_click(lambda _: self.show_answer())
        super().__init__([self._question, self._picture,
                          widgets.HBox([self.answer, self._check, self._show]), self._out])
        listen(self)

    @property
    def lang(self) -> str:
        """The language the question speaks: its own if given, else the package's current one."""
        return self._lang or current()

    def _words(self) -> None:
        """The question, the picture and the buttons, in the question's language."""
        words = _WORDS[self.lang]
        self._question.value = f"<b>{escape(words['points_q'].format(move=self.placement))}</b>"
        self._picture.value = f'<div style="zoom:0.7">{svg_of(self.cafe, self.lang)}</div>'
        self.answer.placeholder = words["placeholder"]
        self._check.description = words["check"]
        self._show.description = words["answer"]

    def language_changed(self, lang: str) -> None:
        """``cafe_widget.language(...)`` was called: a question that follows it redraws in it
        (the feedback shown stays until the next Check)."""
        if self._lang is None:
            self._words()

    def check(self, answer=None):
        """Grade the box's answer (or ``answer``, put in the box first) and show the feedback:
        the whole explanation when right; when wrong, the ladder's nudge, hint, then answer."""
        if answer is not None:
            self.answer.value = str(answer)
        result = check_points(self.cafe, self.placement, self.answer.value, self.variant, self.lang)
        self.right = result.right
        self._show_text(result.message, result.right if result.stage else False)
        return result

    def show_answer(self):
        """The answer and why, table by table (or the refusing rule)."""
        result = check_points(self.cafe, self.placement, variant=self.variant, lang=self.lang, answer=True)
        self._show_text(result.message, None)
        return result

    def _show_text(self, text: str, right) -> None:
        self.feedback = text
        colour = {True: "#0b7a35", False: "#b3261e"}.get(right, "#222222")
        self._out.value = f'<div aria-live="polite" style="color:{colour}">{escape(text)}</div>'

    def __repr__(self) -> str:
        return f"<PointsQuestion {self.placement} on {self.cafe.format()}>"

    def _repr_mimebundle_(self, **kwargs):
        """The live question, and beside it the café it asks about as a picture (``image/svg+xml``):
        shown where no kernel runs it (the course's website, nbviewer, GitHub)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        bundle["image/svg+xml"] = svg_of(self.cafe, self.lang)
        return bundle


def ask_points(cafe, placement: str, variant: bool = False, lang: str | None = None) -> PointsQuestion:
    """A number box under the café: "how many points does ``placement`` score?" (one card, or a
    whole turn ``"RUf@c2, ITf@c4"``); graded by ``check_points``."""
    return PointsQuestion(cafe, placement, variant, lang)


def ask_seats(cafe, guest: str, variant: bool = False, lang: str | None = None) -> CafeWidget:
    """The café: "click every seat where ``guest`` may sit, then Check"; graded by
    ``check_seats`` (``CafeWidget.seat_task``)."""
    return CafeWidget.seat_task(cafe, guest, variant, lang)


def ask_turn(cafe, hand, variant: bool = False, lang: str | None = None) -> CafeWidget:
    """The café and the hand: "find the best turn"; played card by card, graded by
    ``Puzzle.grade`` (``CafeWidget.puzzle``)."""
    return CafeWidget.puzzle(Puzzle(cafe, hand, variant), lang=lang)
