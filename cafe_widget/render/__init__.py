"""Drawing, without widgets: a café or game as a scene of shapes and text, the hit test, an
SVG writer, and the frames of a turn or of a refused placement. Pure Python: imports the
engine, never ipycanvas or ipywidgets."""

from .board_scene import BoardView, board_picture_view, build_board_scene
from .board_words import BOARD_WORDS
from .frames import Frame, Frames, refused_picture, turn_frames
from .scene import PlayerLine, Rect, Region, Scene, Text, View, build_scene, hit_test
from .svg import to_svg
from .words import WORDS, card_points, phrase, picture_view


def svg_of(thing, lang: str | None = None) -> str:
    """A café, a game, a board or a board game as an SVG picture (in ``lang``; by default the
    current language, ``cafe_widget.language()``)."""
    from ..engine import Board, BoardGame
    if isinstance(thing, (Board, BoardGame)):
        return to_svg(build_board_scene(board_picture_view(thing, lang)))
    return to_svg(build_scene(picture_view(thing, lang)))


__all__ = ["BOARD_WORDS", "BoardView", "board_picture_view", "build_board_scene", "Frame", "Frames", "PlayerLine", "Rect", "Region", "Scene", "Text", "View", "WORDS",
           "build_scene", "card_points", "hit_test", "picture_view", "refused_picture", "phrase",
           "svg_of", "to_svg", "turn_frames"]
