"""Class tables, one game several people play.

- :mod:`.local`: ``Table``, one game in one kernel (the projector, a hot seat): its link is
  the Local transport (the engine plays each move here).
- :mod:`.transport`: ``SeatLink``, a seat's transport to the class's game service (a POST a
  move, a WebSocket of the others' moves).
- :mod:`.seat`: the seat widgets (``CardSeat``, ``BoardSeat``) and their front door,
  ``cafe_widget.join("3B")`` and ``cafe_widget.screen("3B")``.
- :mod:`.teacher`: the teacher's calls (open, list, pause, give a seat, save, close), and
  :mod:`.cli` the same from a terminal; :mod:`.listing` shows the list of tables.
"""

from __future__ import annotations

import sys
import types


class _Package(types.ModuleType):
    """This package, callable as the teacher's ``cafe_widget.classroom.tables()``. That call
    is found lazily (``cafe_widget.classroom.__getattr__``), but once this package has been
    imported (by ``open_table``, a seat or a screen) the name ``tables`` of
    ``cafe_widget.classroom`` is this package: calling it still lists the class's tables."""

    def __call__(self, *args, **kwargs):
        from .teacher import tables

        return tables(*args, **kwargs)


sys.modules[__name__].__class__ = _Package
