"""The course: what the notebooks teach with, and how they check a student's answers.

``from cafe_widget.teach import play, check, where, pictures, predict, check_points, Puzzle`` —
this front door is all a notebook imports. The room holds:

- :mod:`.lessons` — the printing helpers a lesson's cells call (``play``, ``check``, ``where``,
  ``review``, ``pictures``, ``predict``…): plain text a student can check by hand;
- :mod:`.practice` — the exercises' checks (``check_points``, ``check_seats``) and a puzzle's
  grade; :mod:`.card_puzzles` and :mod:`.board_practice` — the puzzles of either game and the
  board's checks; :mod:`.answers` — what every check does first: a typed answer, read as meant;
- :mod:`.ladder` — the try-again ladder every check climbs (a nudge, the hint, then the answer),
  and a graded assignment's rule; :mod:`.progress_file` — what a student has solved, kept
  between sessions;
- :mod:`.guide`, :mod:`.board_guide` — the guided first games, step by step.

Pure Python over the engine and the drawing (``cafe_widget.render``); never ipycanvas or
ipywidgets: the same checks as widgets (``ask_points``…) are the widget's.
"""

from .board_practice import BoardPuzzle, board_puzzles, check_board_points, check_chairs
from .card_puzzles import LEVELS, Puzzle, puzzles
from .lessons import (Prediction, check, expert, frames, language, last_turns, pictures, play, predict, progress, read,
                      refused, report, result, review, seats, show, where)
from .practice import Feedback, Grade, check_points, check_seats

__all__ = [
    "BoardPuzzle", "Feedback", "Grade", "LEVELS", "Prediction", "Puzzle", "board_puzzles", "check",
    "check_board_points", "check_chairs", "check_points", "check_seats", "expert", "frames", "language", "last_turns",
    "pictures", "play", "predict", "progress", "puzzles", "read", "refused", "report", "result", "review",
    "seats", "show", "where",
]
