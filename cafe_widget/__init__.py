"""cafe_widget: learn and play Café International (the card game) in Jupyter.

``from cafe_widget import Cafe, Game, IllegalMove, NotationError`` (the rules, standard library
only), ``from cafe_widget import Board, BoardGame`` (the board game of 1989) and
``from cafe_widget import CafeWidget, BoardWidget`` (the café and the board on ipycanvas);
``from cafe_widget import Table``: one game on one computer (:mod:`cafe_widget.classroom.tables.local`);
``cafe_widget.join("3B")`` and ``cafe_widget.screen("3B")``: a seat and the screen of a class table
on JupyterHub (:mod:`cafe_widget.classroom.tables.seat`, the game service :mod:`cafe_widget.service`).
``cafe_widget.language("fr")`` makes everything the package says French (``"de"``: German).
"""

from .engine import Board, BoardGame, Cafe, Game, IllegalMove, NotationError
from .i18n import language

__all__ = ["Board", "BoardGame", "BoardWidget", "Cafe", "CafeWidget", "Game", "IllegalMove", "NotationError",
           "Table", "join", "language", "screen"]


def __getattr__(name):
    # The widget needs ipycanvas and ipywidgets: load it only when asked for, so that the
    # rules engine stays importable (and quick) without them.
    if name == "CafeWidget":
        from .widget import CafeWidget

        return CafeWidget
    if name == "BoardWidget":
        from .widget import BoardWidget

        return BoardWidget
    if name == "Table":
        from .classroom.tables.local import Table

        return Table
    if name == "classroom":   # cafe_widget.classroom.open_table(…) without importing it first
        import importlib

        return importlib.import_module(".classroom", __name__)
    if name in ("join", "screen"):
        from .classroom.tables import seat

        return getattr(seat, name)
    raise AttributeError(f"module 'cafe_widget' has no attribute {name!r}")
__version__ = "0.1.0"
