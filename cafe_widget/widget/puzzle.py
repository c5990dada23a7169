"""The puzzle screen of :class:`~cafe_widget.CafeWidget` (``w.mode == "puzzle"``): "find the best
turn" with a café and a hand, played card by card, *Check* grades it on the try-again ladder
(``Puzzle.grade``), *Show best* lights the best turn, *Next puzzle* walks a level."""

from __future__ import annotations

from ..engine import NotationError
from ..i18n import N_
from ..render.scene import View
from ..render.words import phrase, turn_lines
from .card_base import _hint_labels
from .card_saves import puzzles_of, screen_save
from .modes import Mode
from .safety import field
from .state import PUZZLE


class PuzzleMode(Mode):
    """"Find the best turn" (``w.mode == "puzzle"``): a café and a hand, a turn played card by
    card, *Check* grades it; the seats light up without their points."""

    name = PUZZLE
    shows_points = False

    def view(self, w) -> View:
        lang, turn, p = w.lang, w.state.turn, w.state.puzzle
        hand = w.hand()
        guest = w.selected_guest()
        # the seats light up without their points: those would give the puzzle away
        lit = tuple((s, None) for s in w.seat_scores(guest)) if guest else ()
        total = len(w.state.puzzles)
        if p.level is not None:
            title = (phrase("puzzle_title", lang, n=w.state.pi + 1, total=total, level=p.level)
                     if p.number in (None, w.state.pi + 1) else
                     phrase("puzzle_numbered", lang, number=p.number, level=p.level, n=w.state.pi + 1, total=total))
        else:
            title = phrase("puzzle_of", lang, n=w.state.pi + 1, total=total) if total > 1 else phrase("puzzle_one", lang)
        info = (phrase("puzzle_task", lang), phrase("puzzle_how", lang))
        if p.variant:
            info += (phrase("puzzle_variant", lang),)
        if turn.cafe.pile:    # part of the question: a table a clearing turns up (R9) is known here
            info += (phrase("puzzle_pile", lang, top=" ".join(turn.cafe.pile[:3])),)
        if total > 1:
            info += (phrase("puzzle_count", lang, solved=len(w.state.solved), total=total),)
        if turn.cards:
            info += (phrase("this_turn", lang),) + turn_lines(turn.cards, lang)
        elif w.state.info:
            info += w.state.info
        buttons = (("undo", phrase("undo", lang), bool(turn.cards)),
                   ("check", phrase("check", lang), bool(turn.cards)),
                   ("show_best", phrase("show_best", lang), True))
        if total > 1:
            buttons += (("next", phrase("next", lang), True),)
        if w.state.stash is not None:
            buttons += (("live", phrase("live", lang), True),)
        return View(turn.cafe, lang, hand=hand, hand_title=phrase("puzzle_hand", lang, count=len(hand)),
                    selected=w.state.selected, lit=lit, badges=w.state.badges, refused=w.state.refused,
                    placed=tuple(c.seat for c in turn.cards), title=title, info=info,
                    piles=phrase("table_pile", lang, tables=len(turn.cafe.pile)), hint=w.state.hint,
                    buttons=buttons, status=w.state.status, status_kind=w.state.kind)

    def click(self, w, region) -> None:
        w.cafe_click(region)

    def hand(self, w) -> tuple:
        hand = list(w.state.puzzle.hand)
        for card in w.state.turn.cards:
            hand.remove(card.guest)
        return tuple(hand)

    def turn_changed(self, w) -> None:
        w.state.grade = None   # the grade was of another turn

    def check(self, w) -> None:
        grade = w.state.puzzle.grade(w.turn_text(), w.lang)
        w.state.grade = grade
        if grade.solved and w.state.pi not in w.state.shown_best:
            w.state.solved.add(w.state.pi)
        late = phrase("not_counted", w.lang) if grade.solved and w.state.pi in w.state.shown_best else ""
        w.set_status(grade.message + late, "ok" if grade.solved else "error")

    def save(self, w) -> dict:
        return dict(screen_save(w, w.state.puzzle.cafe),
                    puzzles=[{"cafe": p.cafe.format(), "hand": " ".join(p.hand), "variant": p.variant,
                              "level": p.level, "number": p.number} for p in w.state.puzzles],
                    index=w.state.pi, solved=sorted(w.state.solved), shown_best=sorted(w.state.shown_best))

    def load(self, w, data: dict, cafe, variant: bool) -> None:
        w.start_puzzles(puzzles_of(field(data, "puzzles", list, N_("must list the puzzles"))))
        index = field(data, "index", int, N_("must be the puzzle shown (from 0)"))
        if not 0 <= index < len(w.state.puzzles) or w.state.puzzles[index].cafe != cafe:
            raise NotationError("json", "index", N_("is not the puzzle whose café is saved"))
        w.open_puzzle(index)
        for name in ("solved", "shown_best"):
            marks = field(data, name, list, N_("must list puzzles by their index"))
            if not all(isinstance(i, int) and 0 <= i < len(w.state.puzzles) for i in marks):
                raise NotationError("json", name, N_("must list puzzles by their index"))
            setattr(w.state, name, set(marks))


class PuzzleButtons:
    """The puzzle's buttons, mixed into CafeWidget (*Check* is the seat task's too: each mode
    checks its own way)."""

    def start_puzzles(self, items) -> None:
        self._reset_screen()
        self.state.mode, self.state.game, self.state.kinds, self.state.bots = PUZZLE, None, (), {}
        self.state.puzzles, self.state.pi, self.state.solved, self.state.shown_best = list(items), 0, set(), set()
        self.open_puzzle(0)
        self.tell("puzzle_welcome")

    def open_puzzle(self, index: int) -> None:
        p = self.state.puzzles[index]
        self.state.pi, self.state.puzzle, self.state.grade = index, p, None
        self.state.cafe, self.state.variant, self.state.box_pile = p.cafe, p.variant, False
        self.state.turn = p.cafe.begin_turn(p.variant)
        self.state.selected, self.state.hint, self.state.badges, self.state.info = None, (), (), ()

    def _button_check(self) -> None:
        self.current_mode().check(self)

    def turn_text(self) -> str:
        return ", ".join(c.text for c in self.state.turn.cards)

    def _puzzle_hint(self) -> None:
        """Typed ``hint``: the puzzle's hint on the ladder (``Puzzle.hint``), never the best turn;
        nothing is lit, no try is counted, and a graded assignment allows it."""
        self.set_status(self.state.puzzle.hint(self.lang), "")

    def _button_show_best(self) -> None:
        self._no_answers()
        p = self.state.puzzle
        self.state.shown_best.add(self.state.pi)
        self.state.turn = p.cafe.begin_turn(p.variant)
        self.state.selected, self.state.badges = None, ()
        self.state.hint = _hint_labels(p.best.cards, 0)
        self.state.info = (phrase("hint_head", self.lang, points=p.best.points),) + turn_lines(p.best.cards, self.lang)
        self.set_status(p.grade(lang=self.lang, show=True).message, "ok")   # the ladder remembers it

    def _button_next(self) -> None:
        nxt = self.state.pi + 1
        if nxt >= len(self.state.puzzles):
            done = len(self.state.solved)
            self.open_puzzle(0)
            self.tell("puzzle_solved_all", solved=done, total=len(self.state.puzzles))
            return
        self.open_puzzle(nxt)
        self.tell("puzzle_welcome")
