"""The seat task of :class:`~cafe_widget.CafeWidget` (``w.mode == "seats"``): "click every seat where
this guest may sit, then Check", graded on the try-again ladder by ``check_seats``; *Show answer*
lights the seats; answered with seats, never with a placement."""

from __future__ import annotations

from ..engine import NotationError
from ..engine.cafe import parse_placement, parse_seat
from ..engine.cards import parse_guest
from ..engine.layout import SEATS
from ..i18n import N_
from ..teach.practice import check_seats
from ..render.scene import View
from ..render.words import phrase
from .card_saves import screen_save
from .modes import Mode, press
from .safety import field
from .state import SEATS_TASK


class Seats(Mode):
    """A seat task (``w.mode == "seats"``): "click every seat where this guest may sit", then
    *Check*; answered with seats, never with a placement."""

    name = SEATS_TASK
    takes_placements = False

    def view(self, w) -> View:
        lang, guest = w.lang, w.state.task_guest
        lit = ()
        if w.state.answer_shown:
            lit = tuple((s, c.points) for s, c in w.state.turn.seat_scores(guest).items())
        info = (phrase("seats_how", lang, guest=guest), phrase("seats_how2", lang))
        if w.state.task_marks:
            info += (phrase("seats_marked", lang, seats=" ".join(w.state.task_marks)),)
        buttons = (("check", phrase("check", lang), True), ("answer", phrase("show_answer", lang), True),
                   ("clear", phrase("clear_marks", lang), bool(w.state.task_marks)))
        return View(w.cafe, lang, hand=(guest,), hand_title=phrase("seats_guest", lang, guest=guest),
                    selected=0, lit=lit, task_marks=w.state.task_marks,
                    title=phrase("seats_title", lang, guest=guest), info=info,
                    buttons=buttons, status=w.state.status, status_kind=w.state.kind)

    def click(self, w, region) -> None:
        if region.kind == "seat":
            self.mark(w, region.name)
        elif region.kind == "card":
            w.tell("seats_card")
        elif region.kind == "table":
            w.table_info(region.name)
        elif region.kind == "button":
            press(w, region.name)

    @staticmethod
    def mark(w, seat: str) -> None:
        """A seat marked, or unmarked when it was: by a click on it or typed."""
        marks = list(w.state.task_marks)
        if seat in marks:
            marks.remove(seat)
        else:
            marks.append(seat)
        w.state.task_marks = tuple(sorted(marks, key=SEATS.index))
        w.tell("seats_marked", seats=" ".join(w.state.task_marks) or "—")

    def hand(self, w) -> tuple:
        return (w.state.task_guest,)

    #: What the command box's hint and refusals show first: a seat, not a placement; the
    #: refusal of a word that is none of them, and the box's hint.
    example, unknown, command_hint = "e4", "seats_unknown", "seats_command_hint"

    def typed(self, w, step: str) -> bool:
        """A typed seat (``e4``, or ``ITm@e4`` with the guest asked about) marks or unmarks it,
        as a click on it would; False for anything else (a word such as ``check``)."""
        word = step.strip()
        if "@" in word:
            guest, seat = parse_placement(word)
            if guest != w.state.task_guest:
                raise NotationError("placement", word, N_("is not asked here: type the seats where {guest} may "
                                                          "sit, such as e4"), guest=w.state.task_guest)
        elif len(word) == 2 and word[0].lower() in "abcde" and word[1] in "12345":
            seat = parse_seat(word)   # a table's place (b2) is refused, naming it
        else:
            return False
        self.mark(w, seat)
        return True

    def check(self, w) -> None:
        """On the ladder: a nudge, a hint, then the answer (``check_seats``)."""
        feedback = check_seats(w.cafe, w.state.task_guest, list(w.state.task_marks), w.state.variant, w.lang)
        w.set_status(feedback.message, "ok" if feedback.right else "error")

    def save(self, w) -> dict:
        data = screen_save(w, w.state.turn.cafe)
        del data["turn"]
        return dict(data, guest=w.state.task_guest, marks=list(w.state.task_marks), answer_shown=bool(w.state.answer_shown))

    def load(self, w, data: dict, cafe, variant: bool) -> None:
        guest = parse_guest(field(data, "guest", str, N_("must be the guest to seat")), "guest")
        marks = field(data, "marks", list, N_("must list seats"))
        w.setup(None, None, cafe, variant, None, fill_pile=False)
        w.state.turn = cafe.begin_turn(variant)
        w.state.mode, w.state.task_guest, w.state.answer_shown = SEATS_TASK, guest, bool(data.get("answer_shown"))
        seats = {parse_placement(f"{guest}@{m}")[1] if isinstance(m, str) else None for m in marks}
        if None in seats:
            raise NotationError("json", "marks", N_("must list seats"))
        w.state.task_marks = tuple(sorted(seats, key=SEATS.index))


class SeatButtons:
    """The seat task's buttons, mixed into CafeWidget."""

    def _button_answer(self) -> None:
        self._no_answers()
        self.state.answer_shown = True
        feedback = check_seats(self.cafe, self.state.task_guest, list(self.state.task_marks), self.state.variant, self.lang,
                               answer=True)
        self.set_status(feedback.message, "ok")

    def _button_clear(self) -> None:
        self.state.task_marks, self.state.answer_shown = (), False
        self.tell("seats_cleared")
