"""The screens of both widgets as modes: boardgame.io's phases and stages, on ipycanvas.

A widget is the shell (``shell.py``: the canvas, the one redraw, the status, the command box,
the events, the guard) and a set of modes, one a screen, each in a module of its own; ``w.mode``
names the one shown. The shell asks the current mode what the screen shows (``view``), what a
click on one of its regions means (``click``), which hand it plays from (``hand``), whether a
typed placement is taken there (``takes_placements``), what a save of it holds (``save``)::

    CafeWidget.MODES:  play (play.py) · history (history.py) · sandbox (sandbox.py)
                       · puzzle (puzzle.py) · seats (seats.py)
    BoardWidget.MODES: play (board_widget.py, board_play.py) · history (board_history.py)
                       · puzzle (board_puzzle.py) · sandbox (board_sandbox.py)

A mode holds no state of its own: what a screen shows lives in the widget's state, ``w.state``
(``state.py``: its game, its turn, the card chosen…), so that a refused event puts everything
back at once (``safety.Guarded`` copies it) and a save holds all of it. Adding a screen is adding a file: a
:class:`Mode` with its view and its click, and its name in the widget's ``MODES``.

Both games look back the same way, through the engines' common verbs (``game.log``, each
entry's ``before`` state and ``player``, ``game.state``, ``game.turn``): :class:`LookingBack`
is that part, shared by the card game's and the board game's history screens.
"""

from __future__ import annotations

from ..render.words import phrase


class Mode:
    """A screen of a widget. Subclasses set ``name`` and give ``view`` and ``click``."""

    #: The screen's name in ``w.mode``.
    name = ""
    #: The buttons that work on this screen whatever the game is waiting for.
    free_buttons: tuple = ()
    #: A chosen card's seats are lit with their points (not in a puzzle: they would give it away).
    shows_points = True
    #: The command box takes placements in notation (``RUf@c2``) here.
    takes_placements = True

    def view(self, w):
        """The view of the screen now (a ``View`` or a ``BoardView``)."""
        raise NotImplementedError

    def click(self, w, region) -> None:
        """What a click on ``region`` (a seat, a card, a button…) does on this screen."""
        raise NotImplementedError

    def hand(self, w) -> tuple:
        """The cards the student plays from on this screen."""
        return ()

    def save(self, w) -> dict:
        """What a save of this screen holds (JSON data)."""
        raise NotImplementedError

    def turn_changed(self, w) -> None:
        """A card was placed or taken back on this screen."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} mode {self.name!r}>"


def press(w, key: str) -> None:
    """A button of the screen, by its key: the widget's ``_button_<key>``."""
    getattr(w, f"_button_{key}")()


def modes(*items: Mode) -> dict[str, Mode]:
    """A widget's ``MODES``: each mode by its name."""
    return {m.name: m for m in items}


class LookingBack:
    """Looking back at a game, read-only, the same in both games: ◀ ▶ step through the position
    after each action of the log, *Back to game* returns. Mixed into both widgets; each gives
    ``_entry_words(entry)`` (who did what) and ``_clear_choice()`` (the card or tile chosen, the
    hint: nothing is chosen on a past position), and may add to ``_button_live``."""

    def _position(self, n: int):
        """The game state after the first ``n`` actions of the log (0: the start)."""
        log = self.state.game.log
        return log[n].before if n < len(log) else self.state.game.state

    def _show_position(self, n: int) -> None:
        """Look back at the position after the ``n``-th action (read-only)."""
        if self.state.game is None:
            return
        total = len(self.state.game.log)
        n = max(0, min(n, total))
        self._clear_choice()
        if n == total and self.state.viewing is not None and self.state.viewing == total:
            self._button_live()
            return
        self.state.viewing = n
        if n == 0:
            self._set_status(phrase("history_shown_start", self.lang), "")
            return
        what = self._entry_words(self.state.game.log[n - 1])
        self._set_status(phrase("history_shown", self.lang, n=n, total=total, what=what), "")

    def _button_back(self) -> None:
        total = len(self.state.game.log)
        if self.state.viewing is None:
            self._show_position(max(0, total - 1) if self.state.game.turn is None else total)
            return
        self._show_position(max(0, self.state.viewing - 1))

    def _button_forward(self) -> None:
        if self.state.viewing is None:
            self._set_status(phrase("back_live", self.lang), "")
            return
        if self.state.viewing >= len(self.state.game.log):
            self._button_live()
            return
        self._show_position(self.state.viewing + 1)

    def _button_live(self) -> None:
        self.state.viewing = None
        self._set_status(phrase("back_live", self.lang), "")

    def _read_only(self) -> None:
        """A click on the board or a card while looking back: it says so, and changes nothing."""
        if self.state.viewing:
            self._set_status(phrase("history_read_only", self.lang, n=self.state.viewing,
                                 total=len(self.state.game.log)), "")
        else:
            self._set_status(phrase("history_read_start", self.lang), "")

    def _nav(self) -> tuple:
        """The ◀ ▶ buttons: back while there is a position before; forward while looking back."""
        back = bool(self.state.game.log) or self.state.game.turn is not None
        if self.state.viewing is not None:
            back = self.state.viewing > 0
        return (("back", "◀", back), ("forward", "▶", self.state.viewing is not None))


class History(Mode):
    """Looking back (``w.mode == "history"``), in either game: its buttons work, anything else
    is read-only; the view is each widget's ``_history_view``."""

    name = "history"
    takes_placements = False

    def __init__(self, free_buttons: tuple):
        self.free_buttons = free_buttons

    def view(self, w):
        return w._history_view()

    def click(self, w, region) -> None:
        if region.kind == "button" and region.name in self.free_buttons:
            press(w, region.name)
            return
        w._read_only()

    def save(self, w) -> dict:
        return w._game_save()   # a save made while looking back is the game's: it reloads live
