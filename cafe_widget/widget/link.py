"""What a widget at a table talks to: :class:`TableLink`, declared here, on the widget's side.

A widget is *at a table* when several widgets show one game: every seat and the screen of a
``Table`` in one kernel (``classroom/tables/local.py``), or a student's seat at the class's game service
(``classroom/tables/transport.py``, whose :class:`SeatLink` carries the moves to the service and back, as
boardgame.io's SocketIO transport does; ``Table`` is its Local one). The widget knows its table
only through these five calls: ``submit`` from ``Shell._move`` (every move a person makes, in
``play.py``, ``typed.py``, ``board_play.py``), the others from ``shell.py``, ``play.py``,
``history.py``, ``board_widget.py`` and ``board_history.py``. Each of the two links implements
them (``tests/classroom/test_table.py`` checks both are a ``TableLink``)."""

from __future__ import annotations

from typing import Callable, Protocol, runtime_checkable


@runtime_checkable
class TableLink(Protocol):
    """The link between one game and the widgets that show it."""

    def submit(self, game, verb: Callable, args: tuple) -> tuple:
        """A person's move at the table: the engine's ``verb`` (``Game.place``, ``BoardGame.bar``
        …) on ``game`` with ``args``. Returns the game as it is after the move and what the verb
        returned. In one kernel: the same game, moved. At the service: the service decides the
        move, and the game is a new stand-in made from its answer. A refusal (the engine's, or
        the service's) raises, and ``game`` is as it was."""

    def changed(self, source) -> None:
        """``source`` handled an event (a click, a typed line, a computer's turn): when the game
        changed, the other widgets show it (in one kernel); at the service, the moves were sent
        as they were made."""

    def holds(self, w) -> bool:
        """Whether ``w`` shows the table's game now (not a sandbox, a puzzle, a game tried)."""

    def rejoin(self, w) -> None:
        """``w`` comes back to the live game from a look back: the game as it is now."""

    def computers_due(self) -> None:
        """A computer is to move and no widget is pacing its turns: it plays now (at the service,
        the service plays them)."""
