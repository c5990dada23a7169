"""Looking back at a board game (``w.mode == "history"``): ◀ ▶ step through the position before
each action of the game, read-only, with who played what and its points; *Back to game* (or
``live``) returns. The card game's history screen, on the board: the same words, the same keys
(``back``, ``forward``, ``live``, typed in any language)."""

from __future__ import annotations

from ..engine import BoardGame
from ..render.board_scene import BoardView, player_lines
from ..render.words import say

#: The buttons that work while looking back (the rest of the screen is read-only).
HISTORY_KEYS = ("back", "forward", "live", "new")


class BoardHistory:
    """The board game's history screen, mixed into BoardWidget."""

    def _state_at(self, n: int):
        """The game state after the first ``n`` actions of the log (0: the start)."""
        log = self._game.log
        return log[n].before if n < len(log) else self._game.state

    def _show_position(self, n: int) -> None:
        """Look back at the position after the ``n``-th action (read-only)."""
        total = len(self._game.log)
        n = max(0, min(n, total))
        self._selected, self._asking, self._swap_mode, self._hint = None, None, False, ()
        if n == total and self._viewing == total:
            self._button_live()
            return
        self._viewing = n
        if n == 0:
            self._set_status(say(self.lang, "history_shown_start"), "")
            return
        entry = self._game.log[n - 1]
        what = say(self.lang, "what_turn", name=self._name(entry.player), turn=entry.action, points=entry.points)
        self._set_status(say(self.lang, "history_shown", n=n, total=total, what=what), "")

    def _button_back(self) -> None:
        total = len(self._game.log)
        if self._viewing is None:
            self._show_position(max(0, total - 1) if self._game.turn is None else total)
            return
        self._show_position(max(0, self._viewing - 1))

    def _button_forward(self) -> None:
        if self._viewing is None:
            self._set_status(say(self.lang, "back_live"), "")
            return
        if self._viewing >= len(self._game.log):
            self._button_live()
            return
        self._show_position(self._viewing + 1)

    def _button_live(self) -> None:
        self._viewing = None
        self._set_status(say(self.lang, "back_live"), "")

    def _history_click(self, region) -> None:
        """Read-only: the history's buttons (and New game) work, anything else says so."""
        if region.kind == "button" and region.name in HISTORY_KEYS:
            getattr(self, f"_button_{region.name}")()
        elif self._viewing:
            self._set_status(say(self.lang, "history_read_only", n=self._viewing,
                                 total=len(self._game.log)), "")
        else:
            self._set_status(say(self.lang, "history_read_start"), "")

    def _nav(self) -> tuple:
        """The ◀ ▶ buttons of the panel's head: back while there is a position before; forward
        while looking back."""
        back = bool(self._game.log) or self._game.turn is not None
        if self._viewing is not None:
            back = self._viewing > 0
        return (("back", "◀", back), ("forward", "▶", self._viewing is not None))

    def _history_view(self) -> BoardView:
        lang, n = self.lang, self._viewing
        state = self._state_at(n)
        then = BoardGame(state, None)
        title = (say(lang, "history_title", n=n, total=len(self._game.log)) if n
                 else say(lang, "history_start"))
        return BoardView(state.board, lang, players=player_lines(then, lang, self._kinds), bag=len(state.bag),
                         info=("*" + title,), buttons=(("live", say(lang, "live"), True),), nav=self._nav(),
                         status=self._status, status_kind=self._kind)
