"""The board game's puzzle screen (``w.mode == "puzzle"``): "find the best action" with
a board and a hand, played as in a game — seat tiles then *Check* (End turn), or *Bar*, or
*Swap* — and graded on the try-again ladder (``BoardPuzzle.grade``): what it scores against the
best, then a hint, then the best action. *Show best* lights it (the puzzle then no longer counts),
*Next puzzle* walks a level. ``BoardWidget.puzzle(level)`` opens it. The card game's puzzle
screen, on the board: the same words and buttons."""

from __future__ import annotations

from dataclasses import replace

from ..engine import BoardGame
from ..render.board_words import board_say
from ..render.words import phrase
from .board_base import game_from_position
from .modes import Mode

PUZZLE = "puzzle"


def puzzle_game(puzzle) -> BoardGame:
    """A two-player game at the puzzle's position, player 1 (to move) holding its hand; the other
    tiles in the bag and the second hand in a fixed order (seed 0): nobody else plays."""
    return game_from_position(puzzle.board, 2, 0, hand=puzzle.hand)


class BoardPuzzleMode(Mode):
    """"Find the best action" (``w.mode == "puzzle"``): the chairs light up without their points."""

    name = PUZZLE
    shows_points = False

    def view(self, w):
        view = w.MODES["play"].view(w)
        lang, p, total = w.lang, w.state.puzzles[w.state.pi], len(w.state.puzzles)
        game, turn = w.state.game, w.state.game.turn
        title = phrase("puzzle_title", lang, n=w.state.pi + 1, total=total, level=p.level) if p.level else phrase("puzzle_one", lang)
        info = ("*" + title, board_say("puzzle_task", lang), board_say("puzzle_how", lang),
                phrase("puzzle_count", lang, solved=len(w.state.solved), total=total))
        if turn is not None and turn.cards:
            info += (board_say("this_turn", lang),) + tuple(c.text for c in turn.cards)
        tile = w.selected_tile()
        buttons = (("end", phrase("check", lang), bool(turn) and turn.can_end()),
                   ("undo", board_say("undo", lang), bool(turn)),
                   ("bar", board_say("bar_button", lang), tile is not None and turn is None),
                   ("swap", board_say("swap", lang), tile is not None and turn is None),
                   ("best", phrase("show_best", lang), True),
                   ("next", phrase("next", lang), total > 1))
        return replace(view, players=view.players[:1], info=info, buttons=buttons, nav=(),
                       lit=tuple((chair, None) for chair, _ in view.lit), marks=w.state.marks if not game.turn else ())

    def click(self, w, region) -> None:
        w.MODES["play"].click(w, region)

    def save(self, w) -> dict:
        return w.game_save()


class BoardPuzzleScreen:
    """The puzzle screen's events, mixed into BoardWidget."""

    def _start_puzzle(self, index: int) -> None:
        self.state.pi = index % len(self.state.puzzles)
        self.state.game = puzzle_game(self.state.puzzles[self.state.pi])
        self.state.kinds, self.state.bots = ("human", "human"), {}
        self.state.selected, self.state.asking, self.state.swap_mode, self.state.hint, self.state.marks = None, None, False, (), ()
        self.state.info, self.state.shown = (), False
        p = self.state.puzzles[self.state.pi]
        self.set_status(board_say("puzzle_welcome", self.lang, best=p.best_points), "")

    def _puzzle_done(self, turn) -> None:
        """A finished action on a puzzle: graded on the ladder, then the puzzle's position again
        (the action's chairs marked) for another try or the next puzzle."""
        p = self.state.puzzles[self.state.pi]
        grade = p.grade(turn.text, self.lang)
        if grade.solved and not self.state.shown and self.state.pi not in self.state.solved:
            self.state.solved = tuple(sorted(self.state.solved + (self.state.pi,)))
        self.state.game = puzzle_game(p)
        self.state.selected, self.state.asking, self.state.swap_mode, self.state.hint = None, None, False, ()
        self.state.marks = self._marks_of(turn)
        self.set_status(grade.message + (phrase("not_counted", self.lang) if grade.solved and self.state.shown else ""),
                        "ok" if grade.solved else "error")

    def _puzzle_hint(self) -> None:
        """Typed ``hint``: the puzzle's hint on the ladder (``BoardPuzzle.hint``), never the best
        action; nothing is lit, no try is counted, and a graded assignment allows it."""
        self.set_status(self.state.puzzles[self.state.pi].hint(self.lang), "")

    def _button_best(self) -> None:
        """Light the best action; the puzzle solved after that does not count."""
        self._no_answers()
        p = self.state.puzzles[self.state.pi]
        if self.state.game.turn is not None:
            self.state.game = puzzle_game(p)
        self.state.shown = True
        self._light_best()
        self.set_status(p.grade(show=True, lang=self.lang).message, "ok")

    def _button_next(self) -> None:
        if len(self.state.solved) == len(self.state.puzzles):
            self._start_puzzle(0)
            self.state.status = phrase("puzzle_solved_all", self.lang, solved=len(self.state.solved),
                                       total=len(self.state.puzzles)) + " " + self.state.status
            return
        self._start_puzzle(self.state.pi + 1)
