"""The practice screens of :class:`~cafe_widget.CafeWidget`: a puzzle ("find the best turn",
``w.mode == "puzzle"``), a seat task ("click every seat where this guest may sit",
``w.mode == "seats"``) and the sandbox (a café and the 24 guests, ``w.mode == "sandbox"``)."""

from __future__ import annotations



from ..engine.cards import GUEST_KINDS
from ..engine.layout import SEATS
from ..practice import check_seats
from ..render.scene import View
from ..render.words import say, turn_lines
from .card_saves import PUZZLE, SEATS_TASK
from .card_base import _hint_labels


class PracticeScreens:
    """The puzzle, seat-task and sandbox screens, mixed into CafeWidget."""

    def _start_puzzles(self, items) -> None:
        self._reset_screen()
        self._mode, self._game, self._kinds, self._bots = PUZZLE, None, (), {}
        self._puzzles, self._pi, self._solved, self._shown_best = list(items), 0, set(), set()
        self._open_puzzle(0)
        self._say("puzzle_welcome")

    def _open_puzzle(self, index: int) -> None:
        p = self._puzzles[index]
        self._pi, self._puzzle, self._grade = index, p, None
        self._cafe, self._variant, self._box_pile = p.cafe, p.variant, False
        self._turn = p.cafe.begin_turn(p.variant)
        self._selected, self._hint, self._badges, self._info = None, (), (), ()

    def _button_check(self) -> None:
        if self._mode == SEATS_TASK:
            feedback = check_seats(self.cafe, self._task_guest, list(self._task_marks), self._variant, self.lang)
            self._set_status(feedback.message if feedback.right or self._answer_shown else feedback.nudge, "ok" if feedback.right else "error")
            return
        grade = self._puzzle.grade(self._turn_text(), self.lang)
        self._grade = grade
        if grade.solved and self._pi not in self._shown_best:
            self._solved.add(self._pi)
        late = say(self.lang, "not_counted") if grade.solved and self._pi in self._shown_best else ""
        self._set_status(grade.message + late, "ok" if grade.solved else "error")

    def _turn_text(self) -> str:
        return ", ".join(c.text for c in self._turn.cards)

    def _button_show_best(self) -> None:
        p = self._puzzle
        self._shown_best.add(self._pi)
        self._turn = p.cafe.begin_turn(p.variant)
        self._selected, self._badges = None, ()
        self._hint = _hint_labels(p.best.cards, 0)
        self._info = (say(self.lang, "hint_head", points=p.best.points),) + turn_lines(p.best.cards, self.lang)
        self._set_status(p.solution(self.lang), "ok")

    def _button_next(self) -> None:
        nxt = self._pi + 1
        if nxt >= len(self._puzzles):
            done = len(self._solved)
            self._open_puzzle(0)
            self._say("puzzle_solved_all", solved=done, total=len(self._puzzles))
            return
        self._open_puzzle(nxt)
        self._say("puzzle_welcome")

    def _task_click(self, region) -> None:
        if region.kind == "seat":
            marks = list(self._task_marks)
            if region.name in marks:
                marks.remove(region.name)
            else:
                marks.append(region.name)
            self._task_marks = tuple(sorted(marks, key=SEATS.index))
            self._say("seats_marked", seats=" ".join(self._task_marks) or "—")
        elif region.kind == "card":
            self._say("seats_card")
        elif region.kind == "table":
            self._table_info(region.name)
        elif region.kind == "button":
            getattr(self, f"_button_{region.name}")()

    def _button_answer(self) -> None:
        self._answer_shown = True
        feedback = check_seats(self.cafe, self._task_guest, list(self._task_marks), self._variant, self.lang)
        self._set_status(feedback.solution, "ok")

    def _button_clear(self) -> None:
        self._task_marks, self._answer_shown = (), False
        self._say("seats_cleared")

    def _puzzle_view(self) -> View:
        lang, turn, p = self.lang, self._turn, self._puzzle
        hand = self._hand()
        guest = self._selected_guest()
        # the seats light up without their points: those would give the puzzle away
        lit = tuple((s, None) for s in self._seat_scores(guest)) if guest else ()
        total = len(self._puzzles)
        if p.level is not None:
            title = (say(lang, "puzzle_title", n=self._pi + 1, total=total, level=p.level)
                     if p.number in (None, self._pi + 1) else
                     say(lang, "puzzle_numbered", number=p.number, level=p.level, n=self._pi + 1, total=total))
        else:
            title = say(lang, "puzzle_of", n=self._pi + 1, total=total) if total > 1 else say(lang, "puzzle_one")
        info = (say(lang, "puzzle_task"), say(lang, "puzzle_how"))
        if p.variant:
            info += (say(lang, "puzzle_variant"),)
        if total > 1:
            info += (say(lang, "puzzle_count", solved=len(self._solved), total=total),)
        if turn.cards:
            info += (say(lang, "this_turn"),) + turn_lines(turn.cards, lang)
        elif self._info:
            info += self._info
        buttons = (("undo", say(lang, "undo"), bool(turn.cards)),
                   ("check", say(lang, "check"), bool(turn.cards)),
                   ("show_best", say(lang, "show_best"), True))
        if total > 1:
            buttons += (("next", say(lang, "next"), True),)
        if self._stash is not None:
            buttons += (("live", say(lang, "live"), True),)
        return View(turn.cafe, lang, hand=hand, hand_title=say(lang, "puzzle_hand", count=len(hand)),
                    selected=self._selected, lit=lit, badges=self._badges, refused=self._refused,
                    placed=tuple(c.seat for c in turn.cards), title=title, info=info,
                    piles=say(lang, "table_pile", tables=len(turn.cafe.pile)), hint=self._hint,
                    buttons=buttons, status=self._status, status_kind=self._kind)

    def _task_view(self) -> View:
        lang, guest = self.lang, self._task_guest
        lit = ()
        if self._answer_shown:
            lit = tuple((s, c.points) for s, c in self._turn.seat_scores(guest).items())
        info = (say(lang, "seats_how", guest=guest), say(lang, "seats_how2"))
        if self._task_marks:
            info += (say(lang, "seats_marked", seats=" ".join(self._task_marks)),)
        buttons = (("check", say(lang, "check"), True), ("answer", say(lang, "show_answer"), True),
                   ("clear", say(lang, "clear_marks"), bool(self._task_marks)))
        return View(self.cafe, lang, hand=(guest,), hand_title=say(lang, "seats_guest", guest=guest),
                    selected=0, lit=lit, task_marks=self._task_marks,
                    title=say(lang, "seats_title", guest=guest), info=info,
                    buttons=buttons, status=self._status, status_kind=self._kind)

    def _sandbox_view(self) -> View:
        lang, turn = self.lang, self._turn
        info = self._info
        if turn.cards:
            info = (say(lang, "this_turn"),) + turn_lines(turn.cards, lang) + self._info
        guest = self._selected_guest()
        lit = tuple((s, c.points) for s, c in self._seat_scores(guest).items()) if guest else ()
        buttons = (("undo", say(lang, "undo"), bool(turn.cards)),
                   ("end", say(lang, "keep"), turn.can_end()),
                   ("hint", say(lang, "hint"), True))
        if self._stash is not None:
            buttons += (("live", say(lang, "live"), True),)
        return View(self.cafe, lang, hand=GUEST_KINDS, hand_title=say(lang, "palette"), palette=True,
                    selected=self._selected, lit=lit, badges=self._badges, refused=self._refused,
                    placed=tuple(c.seat for c in turn.cards), title=say(lang, "sandbox"), info=info,
                    piles=say(lang, "table_pile", tables=len(self.cafe.pile)),
                    hint=self._hint, buttons=buttons, status=self._status, status_kind=self._kind)
