"""The rules engine of Café International: the card game (docs/RULES.md R1–R14) and the board
game (docs/BOARD_RULES.md B1–B15).

Pure Python, standard library only: nothing here imports drawing or widget code.
"""

from .board import Board, BoardTurn, BoardTurnState, TileScore
from .board_game import BoardGame, BoardLogEntry, BoardResult, BoardReviewEntry, BoardStanding
from .cafe import Cafe, CardScore, TableScore, Turn, TurnState, parse_placement, parse_turn
from .cards import GUEST_KINDS, NATION_NAMES, NATIONS, TABLE_ADJECTIVES
from .errors import IllegalMove, NotationError
from .game import Game, GameState, LogEntry, Result, ReviewEntry, Standing
from .layout import SEATS, TABLE_PLACES, TOUCHES

__all__ = [
    "Board", "BoardGame", "BoardLogEntry", "BoardResult", "BoardReviewEntry", "BoardStanding", "BoardTurn", "BoardTurnState", "Cafe", "CardScore", "Game", "GameState", "GUEST_KINDS", "IllegalMove", "LogEntry",
    "NATION_NAMES", "NATIONS", "NotationError", "Result", "ReviewEntry", "SEATS", "Standing", "TABLE_ADJECTIVES",
    "TABLE_PLACES", "TableScore", "TileScore", "TOUCHES", "Turn", "TurnState", "parse_placement", "parse_turn",
]
