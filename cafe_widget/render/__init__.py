"""Drawing, without widgets: a café or game as a scene of shapes and text, the hit test, an
SVG writer, and the frames of a turn or of a refused placement. Pure Python: imports the
engine, never ipycanvas or ipywidgets."""

from .frames import Frame, Frames, refused_picture, turn_frames
from .scene import PlayerLine, Rect, Region, Scene, Text, View, build_scene, hit_test
from .svg import to_svg
from .words import WORDS, card_points, picture_view, say


#: The language of the pictures a café or a game draws of itself in a notebook (its
#: ``_repr_svg_``): ``cafe_widget.teach.language("fr")`` sets it for a French notebook.
PICTURE_LANG = {"lang": "en"}


def svg_of(thing, lang: str | None = None) -> str:
    """A café or a game as an SVG picture (in ``lang``; by default the pictures' language)."""
    return to_svg(build_scene(picture_view(thing, lang or PICTURE_LANG["lang"])))


__all__ = ["PICTURE_LANG", "Frame", "Frames", "PlayerLine", "Rect", "Region", "Scene", "Text", "View", "WORDS",
           "build_scene", "card_points", "hit_test", "picture_view", "refused_picture", "say",
           "svg_of", "to_svg", "turn_frames"]
