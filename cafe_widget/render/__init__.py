"""Drawing, without widgets: a café or game as a scene of shapes and text, the hit test, and an
SVG writer. Pure Python: imports the engine, never ipycanvas or ipywidgets."""

from .scene import PlayerLine, Rect, Region, Scene, Text, View, build_scene, hit_test
from .svg import to_svg
from .words import WORDS, card_points, picture_view, say


def svg_of(thing, lang: str = "en") -> str:
    """A café or a game as an SVG picture."""
    return to_svg(build_scene(picture_view(thing, lang)))


__all__ = ["PlayerLine", "Rect", "Region", "Scene", "Text", "View", "WORDS", "build_scene",
           "card_points", "hit_test", "picture_view", "say", "svg_of", "to_svg"]
