"""The practice screens of :class:`~cafe_widget.CafeWidget`: a puzzle ("find the best turn",
``w.mode == "puzzle"``), a seat task ("click every seat where this guest may sit",
``w.mode == "seats"``) and the sandbox (a café and the 24 guests, ``w.mode == "sandbox"``)."""

from __future__ import annotations



from ..engine import NotationError
from ..engine.cafe import parse_placement
from ..engine.cards import GUEST_KINDS, parse_guest
from ..engine.layout import SEATS
from ..i18n import N_
from ..practice import check_seats
from ..render.scene import View
from ..render.words import say, turn_lines
from .card_saves import PUZZLE, SANDBOX, SEATS_TASK, puzzles_of, screen_save
from .card_base import _hint_labels
from .modes import Mode
from .safety import field


class Sandbox(Mode):
    """A café and the 24 guests (``w.mode == "sandbox"``): place any guest where the rules let
    her or him sit, see the points table by table, keep the turn or take it back."""

    name = SANDBOX

    def view(self, w) -> View:
        lang, turn = w.lang, w._turn
        info = w._info
        if turn.cards:
            info = (say(lang, "this_turn"),) + turn_lines(turn.cards, lang) + w._info
        guest = w._selected_guest()
        lit = tuple((s, c.points) for s, c in w._seat_scores(guest).items()) if guest else ()
        buttons = (("undo", say(lang, "undo"), bool(turn.cards)),
                   ("end", say(lang, "keep"), turn.can_end()),
                   ("hint", say(lang, "hint"), True))
        if w._stash is not None:
            buttons += (("live", say(lang, "live"), True),)
        return View(w.cafe, lang, hand=GUEST_KINDS, hand_title=say(lang, "palette"), palette=True,
                    selected=w._selected, lit=lit, badges=w._badges, refused=w._refused,
                    placed=tuple(c.seat for c in turn.cards), title=say(lang, "sandbox"), info=info,
                    piles=say(lang, "table_pile", tables=len(w.cafe.pile)),
                    hint=w._hint, buttons=buttons, status=w._status, status_kind=w._kind)

    def click(self, w, region) -> None:
        w._board_click(region)

    def hand(self, w) -> tuple:
        return GUEST_KINDS

    def save(self, w) -> dict:
        return dict(screen_save(w, w._cafe), box_pile=bool(w._box_pile))

    def load(self, w, data: dict, cafe, variant: bool) -> None:
        w._setup(None, None, cafe, variant, None, fill_pile=False)
        w._box_pile = bool(data.get("box_pile"))


class PuzzleMode(Mode):
    """"Find the best turn" (``w.mode == "puzzle"``): a café and a hand, a turn played card by
    card, *Check* grades it; the seats light up without their points."""

    name = PUZZLE
    shows_points = False

    def view(self, w) -> View:
        lang, turn, p = w.lang, w._turn, w._puzzle
        hand = w._hand()
        guest = w._selected_guest()
        # the seats light up without their points: those would give the puzzle away
        lit = tuple((s, None) for s in w._seat_scores(guest)) if guest else ()
        total = len(w._puzzles)
        if p.level is not None:
            title = (say(lang, "puzzle_title", n=w._pi + 1, total=total, level=p.level)
                     if p.number in (None, w._pi + 1) else
                     say(lang, "puzzle_numbered", number=p.number, level=p.level, n=w._pi + 1, total=total))
        else:
            title = say(lang, "puzzle_of", n=w._pi + 1, total=total) if total > 1 else say(lang, "puzzle_one")
        info = (say(lang, "puzzle_task"), say(lang, "puzzle_how"))
        if p.variant:
            info += (say(lang, "puzzle_variant"),)
        if total > 1:
            info += (say(lang, "puzzle_count", solved=len(w._solved), total=total),)
        if turn.cards:
            info += (say(lang, "this_turn"),) + turn_lines(turn.cards, lang)
        elif w._info:
            info += w._info
        buttons = (("undo", say(lang, "undo"), bool(turn.cards)),
                   ("check", say(lang, "check"), bool(turn.cards)),
                   ("show_best", say(lang, "show_best"), True))
        if total > 1:
            buttons += (("next", say(lang, "next"), True),)
        if w._stash is not None:
            buttons += (("live", say(lang, "live"), True),)
        return View(turn.cafe, lang, hand=hand, hand_title=say(lang, "puzzle_hand", count=len(hand)),
                    selected=w._selected, lit=lit, badges=w._badges, refused=w._refused,
                    placed=tuple(c.seat for c in turn.cards), title=title, info=info,
                    piles=say(lang, "table_pile", tables=len(turn.cafe.pile)), hint=w._hint,
                    buttons=buttons, status=w._status, status_kind=w._kind)

    def click(self, w, region) -> None:
        w._board_click(region)

    def hand(self, w) -> tuple:
        hand = list(w._puzzle.hand)
        for card in w._turn.cards:
            hand.remove(card.guest)
        return tuple(hand)

    def turn_changed(self, w) -> None:
        w._grade = None   # the grade was of another turn

    def check(self, w) -> None:
        grade = w._puzzle.grade(w._turn_text(), w.lang)
        w._grade = grade
        if grade.solved and w._pi not in w._shown_best:
            w._solved.add(w._pi)
        late = say(w.lang, "not_counted") if grade.solved and w._pi in w._shown_best else ""
        w._set_status(grade.message + late, "ok" if grade.solved else "error")

    def save(self, w) -> dict:
        return dict(screen_save(w, w._puzzle.cafe),
                    puzzles=[{"cafe": p.cafe.format(), "hand": " ".join(p.hand), "variant": p.variant,
                              "level": p.level, "number": p.number} for p in w._puzzles],
                    index=w._pi, solved=sorted(w._solved), shown_best=sorted(w._shown_best))

    def load(self, w, data: dict, cafe, variant: bool) -> None:
        w._start_puzzles(puzzles_of(field(data, "puzzles", list, N_("must list the puzzles"))))
        index = field(data, "index", int, N_("must be the puzzle shown (from 0)"))
        if not 0 <= index < len(w._puzzles) or w._puzzles[index].cafe != cafe:
            raise NotationError("json", "index", N_("is not the puzzle whose café is saved"))
        w._open_puzzle(index)
        for name in ("solved", "shown_best"):
            marks = field(data, name, list, N_("must list puzzles by their index"))
            if not all(isinstance(i, int) and 0 <= i < len(w._puzzles) for i in marks):
                raise NotationError("json", name, N_("must list puzzles by their index"))
            setattr(w, f"_{name}", set(marks))


class Seats(Mode):
    """A seat task (``w.mode == "seats"``): "click every seat where this guest may sit", then
    *Check*; answered with seats, never with a placement."""

    name = SEATS_TASK
    takes_placements = False

    def view(self, w) -> View:
        lang, guest = w.lang, w._task_guest
        lit = ()
        if w._answer_shown:
            lit = tuple((s, c.points) for s, c in w._turn.seat_scores(guest).items())
        info = (say(lang, "seats_how", guest=guest), say(lang, "seats_how2"))
        if w._task_marks:
            info += (say(lang, "seats_marked", seats=" ".join(w._task_marks)),)
        buttons = (("check", say(lang, "check"), True), ("answer", say(lang, "show_answer"), True),
                   ("clear", say(lang, "clear_marks"), bool(w._task_marks)))
        return View(w.cafe, lang, hand=(guest,), hand_title=say(lang, "seats_guest", guest=guest),
                    selected=0, lit=lit, task_marks=w._task_marks,
                    title=say(lang, "seats_title", guest=guest), info=info,
                    buttons=buttons, status=w._status, status_kind=w._kind)

    def click(self, w, region) -> None:
        if region.kind == "seat":
            marks = list(w._task_marks)
            if region.name in marks:
                marks.remove(region.name)
            else:
                marks.append(region.name)
            w._task_marks = tuple(sorted(marks, key=SEATS.index))
            w._say("seats_marked", seats=" ".join(w._task_marks) or "—")
        elif region.kind == "card":
            w._say("seats_card")
        elif region.kind == "table":
            w._table_info(region.name)
        elif region.kind == "button":
            getattr(w, f"_button_{region.name}")()

    def hand(self, w) -> tuple:
        return (w._task_guest,)

    def check(self, w) -> None:
        """On the ladder: a nudge, a hint, then the answer (``check_seats``)."""
        feedback = check_seats(w.cafe, w._task_guest, list(w._task_marks), w._variant, w.lang)
        w._set_status(feedback.message, "ok" if feedback.right else "error")

    def save(self, w) -> dict:
        data = screen_save(w, w._turn.cafe)
        del data["turn"]
        return dict(data, guest=w._task_guest, marks=list(w._task_marks), answer_shown=bool(w._answer_shown))

    def load(self, w, data: dict, cafe, variant: bool) -> None:
        guest = parse_guest(field(data, "guest", str, N_("must be the guest to seat")), "guest")
        marks = field(data, "marks", list, N_("must list seats"))
        w._setup(None, None, cafe, variant, None, fill_pile=False)
        w._turn = cafe.begin_turn(variant)
        w._mode, w._task_guest, w._answer_shown = SEATS_TASK, guest, bool(data.get("answer_shown"))
        seats = {parse_placement(f"{guest}@{m}")[1] if isinstance(m, str) else None for m in marks}
        if None in seats:
            raise NotationError("json", "marks", N_("must list seats"))
        w._task_marks = tuple(sorted(seats, key=SEATS.index))


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
        self._current().check(self)

    def _turn_text(self) -> str:
        return ", ".join(c.text for c in self._turn.cards)

    def _button_show_best(self) -> None:
        p = self._puzzle
        self._shown_best.add(self._pi)
        self._turn = p.cafe.begin_turn(p.variant)
        self._selected, self._badges = None, ()
        self._hint = _hint_labels(p.best.cards, 0)
        self._info = (say(self.lang, "hint_head", points=p.best.points),) + turn_lines(p.best.cards, self.lang)
        self._set_status(p.grade(lang=self.lang, show=True).message, "ok")   # the ladder remembers it

    def _button_next(self) -> None:
        nxt = self._pi + 1
        if nxt >= len(self._puzzles):
            done = len(self._solved)
            self._open_puzzle(0)
            self._say("puzzle_solved_all", solved=done, total=len(self._puzzles))
            return
        self._open_puzzle(nxt)
        self._say("puzzle_welcome")

    def _button_answer(self) -> None:
        self._answer_shown = True
        feedback = check_seats(self.cafe, self._task_guest, list(self._task_marks), self._variant, self.lang,
                               answer=True)
        self._set_status(feedback.message, "ok")

    def _button_clear(self) -> None:
        self._task_marks, self._answer_shown = (), False
        self._say("seats_cleared")
