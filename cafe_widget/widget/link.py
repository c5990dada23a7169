"""What a widget at a table talks to: :class:`TableLink`, declared here, on the widget's side.

A widget is *at a table* when several widgets show one game: every seat and the screen of a
``Table`` in one kernel (``classroom/table.py``), or a student's seat at the class's game service
(``classroom/remote.py``, whose moves go to the service). The widget knows its table only through
these four calls, made from ``shell.py``, ``play.py``, ``history.py``, ``board_widget.py`` and
``board_history.py``; each of the two links implements them (``tests/classroom/test_table.py``
checks both are a ``TableLink``)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class TableLink(Protocol):
    """The link between one game and the widgets that show it."""

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
