"""The café widget on ipycanvas (imports ipycanvas and ipywidgets; the engine and render don't)."""

from .widget import CafeWidget

__all__ = ["CafeWidget"]
