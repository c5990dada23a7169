"""The computer players of both games, behind one small interface: ``player.actions(game)``
returns the actions of one whole turn, in notation, which ``game.act`` carries out. Players only
read the game; the rules engine checks everything they do.

- :mod:`.card` — the card game's players (``random``, ``greedy``, ``steady``, ``strong``), and
  :mod:`.expert` (``expert``) with :mod:`.sim`, the simulation core it plays on;
- :mod:`.board` — the board game's, and :mod:`.lookahead`, the strong board player's look at
  the turns ahead.

Pure Python on top of the engine: never drawing, widgets or the course.
"""

from .board import BOARD_PLAYERS, BoardPlayer, make_board_player
from .card import PLAYERS, Player, RandomPlayer, make_player
from .expert import ExpertPlayer

__all__ = ["BOARD_PLAYERS", "BoardPlayer", "ExpertPlayer", "PLAYERS", "Player", "RandomPlayer", "make_board_player", "make_player"]
