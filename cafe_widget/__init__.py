"""cafe_widget: learn and play Café International (the card game) in Jupyter.

``from cafe_widget import Cafe, Game, IllegalMove, NotationError``
"""

from .engine import Cafe, Game, IllegalMove, NotationError

__all__ = ["Cafe", "Game", "IllegalMove", "NotationError"]
__version__ = "0.1.0"
