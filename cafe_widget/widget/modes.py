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

from typing import Any, Protocol

from ..render.words import phrase


class ModeHost(Protocol):
    """What a mode may ask of its widget, in either game: every name a mode reads or calls on
    ``w``, public, declared here (``tests/widget/test_mode_host.py`` reads the modes and checks
    that they use nothing else, and that both widgets have all of it). A mode reaches no private
    name of its widget; the widget's buttons are pressed through :func:`press`."""

    #: The screen's state (``state.py``): the game, the turn, what is chosen, the status.
    state: Any
    #: The language the widget speaks now (``"en"``, ``"fr"``, ``"de"``).
    lang: str
    #: The status line's text.
    status: str
    #: At a table: the player this widget is fixed on, ``SCREEN`` for the screen; None elsewhere.
    at_table: Any
    #: At a table: its :class:`~.link.TableLink`; None elsewhere.
    table_link: Any
    MODES: dict

    def set_status(self, text: str, kind: str) -> None:
        """The status line shows ``text`` (``kind``: ``"ok"``, ``"error"`` or ``""``)."""

    def current_mode(self) -> "Mode":
        """The mode of the screen shown now."""

    def setup(self, *args, **options) -> None:
        """A new game or position on the screen (each widget's own arguments)."""

    def game_save(self) -> dict:
        """What a save of the game being played holds (JSON data)."""

    def where(self):
        """At a table: the seat this widget is (``SCREEN`` for the screen); None elsewhere."""

    def not_yours(self) -> str | None:
        """Why this widget may not act now (at a table, another player's turn), or None."""

    def mover(self) -> int:
        """The player who acts now."""

    def player_name(self, p: int) -> str:
        """Player ``p``'s name as the widget says it."""

    def fast_forward(self) -> None:
        """The computers' turns due are played at once."""

    def select(self, *where: int) -> None:
        """A card or tile of a hand chosen (or unchosen)."""

    def history_view(self):
        """The view of the position looked back at."""

    def read_only(self) -> None:
        """A click on the board or a card while looking back: said so, nothing changed."""

    def nav(self) -> tuple:
        """The ◀ ▶ buttons and whether each works now."""

    def redraw(self) -> None:
        """The canvas drawn again from the view."""


class CardHost(ModeHost, Protocol):
    """What the card game's modes (``play.py``, ``puzzle.py``, ``sandbox.py``, ``seats.py``,
    ``card_saves.py``) ask of a :class:`~cafe_widget.CafeWidget` besides :class:`ModeHost`."""

    cafe: Any
    notation: str
    player: int | None
    teaching: bool

    def tell(self, key: str, **facts) -> None:
        """The status line says the sentence ``key`` of the card game's words, in the widget's
        language."""

    def hand(self) -> tuple:
        """The cards the student plays from on this screen."""

    def shown_player(self) -> int:
        """The player whose hand the screen shows."""

    def selected_guest(self) -> str | None:
        """The guest card chosen in the hand, if any."""

    def seat_scores(self, guest: str) -> dict:
        """Where ``guest`` may sit in the turn now, with what each seat would score."""

    def cafe_click(self, region) -> None:
        """A click on the café (a seat, a table, a card of the hand) while placing."""

    def table_info(self, place: str) -> None:
        """The status line says who sits at the table at ``place``."""

    def sheet_fields(self) -> dict:
        """The scoresheet's fields of the view (its rows, the row looked at)."""

    def start_puzzles(self, items) -> None:
        """A set of puzzles, the first open."""

    def open_puzzle(self, index: int) -> None:
        """Puzzle ``index`` of the set open."""

    def turn_text(self) -> str:
        """The turn being made, in notation (a puzzle's answer)."""


class BoardHost(ModeHost, Protocol):
    """What the board game's modes (``board_widget.py``, ``board_puzzle.py``,
    ``board_sandbox.py``) ask of a :class:`~cafe_widget.BoardWidget` besides :class:`ModeHost`."""

    def selected_tile(self) -> str | None:
        """The tile chosen in the hand, if any."""

    def lit(self, tile: str) -> tuple:
        """Where ``tile`` may go: the chairs with their points, the bar, the swaps."""

    def joker_choices(self) -> dict:
        """A joker seated at a chair of two tables: the nations it may take (B7)."""

    def answered_first(self, key: str | None) -> bool:
        """A question waiting for its answer took this click (True), or there was none."""

    def declare(self, nation: str) -> None:
        """The joker asked about takes ``nation``."""

    def choose_chair(self, chair: str) -> None:
        """A click on a chair: the tile chosen goes there, or the chair is described."""

    def choose_table(self, table: str) -> None:
        """A click on a table: a joker's nation, or who sits there."""


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

    def view(self, w: ModeHost):
        """The view of the screen now (a ``View`` or a ``BoardView``)."""
        raise NotImplementedError

    def click(self, w: ModeHost, region) -> None:
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


def press(w: ModeHost, key: str) -> None:
    """A button of the screen, by its key: the widget's ``_button_<key>``. The one way a mode
    presses a button (the widget's buttons are its own, not part of :class:`ModeHost`)."""
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
            self.set_status(phrase("history_shown_start", self.lang), "")
            return
        what = self._entry_words(self.state.game.log[n - 1])
        self.set_status(phrase("history_shown", self.lang, n=n, total=total, what=what), "")

    def _button_back(self) -> None:
        total = len(self.state.game.log)
        if self.state.viewing is None:
            self._show_position(max(0, total - 1) if self.state.game.turn is None else total)
            return
        self._show_position(max(0, self.state.viewing - 1))

    def _button_forward(self) -> None:
        if self.state.viewing is None:
            self.set_status(phrase("back_live", self.lang), "")
            return
        if self.state.viewing >= len(self.state.game.log):
            self._button_live()
            return
        self._show_position(self.state.viewing + 1)

    def _button_live(self) -> None:
        self.state.viewing = None
        self.set_status(phrase("back_live", self.lang), "")

    def read_only(self) -> None:
        """A click on the board or a card while looking back: it says so, and changes nothing."""
        if self.state.viewing:
            self.set_status(phrase("history_read_only", self.lang, n=self.state.viewing,
                                   total=len(self.state.game.log)), "")
        else:
            self.set_status(phrase("history_read_start", self.lang), "")

    def nav(self) -> tuple:
        """The ◀ ▶ buttons: back while there is a position before; forward while looking back."""
        back = bool(self.state.game.log) or self.state.game.turn is not None
        if self.state.viewing is not None:
            back = self.state.viewing > 0
        return (("back", "◀", back), ("forward", "▶", self.state.viewing is not None))


class History(Mode):
    """Looking back (``w.mode == "history"``), in either game: its buttons work, anything else
    is read-only; the view is each widget's ``history_view``."""

    name = "history"
    takes_placements = False

    def __init__(self, free_buttons: tuple):
        self.free_buttons = free_buttons

    def view(self, w):
        return w.history_view()

    def click(self, w, region) -> None:
        if region.kind == "button" and region.name in self.free_buttons:
            press(w, region.name)
            return
        w.read_only()

    def save(self, w) -> dict:
        return w.game_save()   # a save made while looking back is the game's: it reloads live
