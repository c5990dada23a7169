"""The café widget on ipycanvas (imports ipycanvas and ipywidgets; the engine and render don't)."""

from .board_widget import BoardWidget
from .widget import CafeWidget

__all__ = ["BoardWidget", "CafeWidget"]
