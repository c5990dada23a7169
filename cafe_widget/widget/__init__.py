"""The café widget on ipycanvas (imports ipycanvas and ipywidgets; the engine and render don't):
``CafeWidget`` and ``BoardWidget``, and the exercises' checks as small widgets (``ask_points``,
``ask_seats``, ``ask_turn``)."""

from .board_widget import BoardWidget
from .practice import ask_points, ask_seats, ask_turn
from .widget import CafeWidget

__all__ = ["BoardWidget", "CafeWidget", "ask_points", "ask_seats", "ask_turn"]
