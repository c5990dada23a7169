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
        lang, p, total = w.lang, w._puzzles[w._pi], len(w._puzzles)
        game, turn = w._game, w._game.turn
        title = phrase("puzzle_title", lang, n=w._pi + 1, total=total, level=p.level) if p.level else phrase("puzzle_one", lang)
        info = ("*" + title, board_say("puzzle_task", lang), board_say("puzzle_how", lang),
                phrase("puzzle_count", lang, solved=len(w._solved), total=total))
        if turn is not None and turn.cards:
            info += (board_say("this_turn", lang),) + tuple(c.text for c in turn.cards)
        tile = w._selected_tile()
        buttons = (("end", phrase("check", lang), bool(turn) and turn.can_end()),
                   ("undo", board_say("undo", lang), bool(turn)),
                   ("bar", board_say("bar_button", lang), tile is not None and turn is None),
                   ("swap", board_say("swap", lang), tile is not None and turn is None),
                   ("best", phrase("show_best", lang), True),
                   ("next", phrase("next", lang), total > 1))
        return replace(view, players=view.players[:1], info=info, buttons=buttons, nav=(),
                       lit=tuple((chair, None) for chair, _ in view.lit), marks=w._marks if not game.turn else ())

    def click(self, w, region) -> None:
        w.MODES["play"].click(w, region)

    def save(self, w) -> dict:
        return w._game_save()


class BoardPuzzleScreen:
    """The puzzle screen's events, mixed into BoardWidget."""

    def _start_puzzle(self, index: int) -> None:
        self._pi = index % len(self._puzzles)
        self._game = puzzle_game(self._puzzles[self._pi])
        self._kinds, self._bots = ("human", "human"), {}
        self._selected, self._asking, self._swap_mode, self._hint, self._marks = None, None, False, (), ()
        self._info, self._shown = (), False
        p = self._puzzles[self._pi]
        self._set_status(board_say("puzzle_welcome", self.lang, best=p.best_points), "")

    def _puzzle_done(self, turn) -> None:
        """A finished action on a puzzle: graded on the ladder, then the puzzle's position again
        (the action's chairs marked) for another try or the next puzzle."""
        p = self._puzzles[self._pi]
        grade = p.grade(turn.text, self.lang)
        if grade.solved and not self._shown and self._pi not in self._solved:
            self._solved = tuple(sorted(self._solved + (self._pi,)))
        self._game = puzzle_game(p)
        self._selected, self._asking, self._swap_mode, self._hint = None, None, False, ()
        self._marks = self._marks_of(turn)
        self._set_status(grade.message + (phrase("not_counted", self.lang) if grade.solved and self._shown else ""),
                         "ok" if grade.solved else "error")

    def _puzzle_hint(self) -> None:
        """Typed ``hint``: the puzzle's hint on the ladder (``BoardPuzzle.hint``), never the best
        action; nothing is lit, no try is counted, and a graded assignment allows it."""
        self._set_status(self._puzzles[self._pi].hint(self.lang), "")

    def _button_best(self) -> None:
        """Light the best action; the puzzle solved after that does not count."""
        self._no_answers()
        p = self._puzzles[self._pi]
        if self._game.turn is not None:
            self._game = puzzle_game(p)
        self._shown = True
        self._light_best()
        self._set_status(p.grade(show=True, lang=self.lang).message, "ok")

    def _button_next(self) -> None:
        if len(self._solved) == len(self._puzzles):
            self._start_puzzle(0)
            self._status = phrase("puzzle_solved_all", self.lang, solved=len(self._solved),
                               total=len(self._puzzles)) + " " + self._status
            return
        self._start_puzzle(self._pi + 1)
