"""Looking back at a board game (``w.mode == "history"``): ◀ ▶ step through the position after
each action of the game, read-only, with who played what and its points; *Back to game* (or
``live``) returns; *Try from here* plays on from the position shown, a copy with the same
players, while the game waits (*Back to game* returns to it). The card game's history screen,
on the board: the same mode and the same ◀ ▶ (``modes.LookingBack``), the same words and keys
(``back``, ``forward``, ``live``, ``try``, typed in any language)."""

from __future__ import annotations

from ..engine import BoardGame
from ..render.board_scene import BoardView, player_lines
from ..render.board_words import board_say
from ..render.words import phrase
from .modes import History, LookingBack

#: The buttons that work while looking back (the rest of the screen is read-only).
HISTORY_KEYS = ("back", "forward", "live", "try", "new")
HISTORY = History(HISTORY_KEYS)


class BoardHistory(LookingBack):
    """The board game's history screen, mixed into BoardWidget."""

    def _clear_choice(self) -> None:
        self.state.selected, self.state.asking, self.state.swap_mode, self.state.hint = None, None, False, ()

    def _entry_words(self, entry) -> str:
        """Who played what, and the review's facts: the best action then, and the points missed."""
        words = phrase("what_turn", self.lang, name=self.player_name(entry.player), turn=entry.action, points=entry.points,
                       count=entry.points)
        index = next(i for i, e in enumerate(self.state.game.log) if e is entry)
        fact = self.state.game.review()[index]
        best = (board_say("review_best", self.lang, turn=fact.best_text, points=fact.best_points, missed=fact.missed)
                if fact.missed else board_say("review_was_best", self.lang))
        return f"{words} ({best})"

    def _button_live(self) -> None:
        """Back to the game: from looking back, or from a game tried from a past position."""
        if self.state.stash is not None:
            self.state.put_back(self.state.stash)
            self.state.stash = None
            if self.table_link is not None:   # at a table: the game as it is now, not as it was left
                self.table_link.rejoin(self)
        self._clear_choice()
        super()._button_live()

    def _button_try(self) -> None:
        """Play on from the position shown: a copy of the game as it was then (the same hands,
        bag and scores, the same players), the game itself kept aside until *Back to game*."""
        n = self.state.viewing
        if n is None:
            self.set_status(board_say("try_first", self.lang), "")
            return
        stash = self.state.screen()
        self.setup(BoardGame(self._position(n), None), list(self.state.kinds), None)
        self.state.stash = stash
        self.state.status = board_say("tried" if n else "tried_start", self.lang, n=n) + " " + self.state.status

    def history_view(self) -> BoardView:
        lang, n = self.lang, self.state.viewing
        state = self._position(n)
        then = BoardGame(state, None)
        title = (phrase("history_title", lang, n=n, total=len(self.state.game.log)) if n
                 else phrase("history_start", lang))
        buttons = (("live", phrase("live", lang), True), ("try", phrase("try", lang), not then.is_over))
        return BoardView(state.board, lang, players=player_lines(then, lang, self.state.kinds), bag=len(state.bag),
                         info=("*" + title,), buttons=buttons, nav=self.nav(),
                         status=self.state.status, status_kind=self.state.kind)
