"""The SVG writer: a scene as a static picture, for any notebook viewer (GitHub, nbviewer, a
notebook reopened without running it)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .describe import picture_words
from .scene import Rect, Scene, Text
from .style import FONT

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def to_svg(scene: Scene) -> str:
    """The whole scene as one SVG document (all layers, bottom first). A picture says what it
    shows: ``role="img"``, a ``<title>`` (whose turn, the scores) and a ``<desc>`` (every table
    with its guests, the hand), in the view's language (``describe.picture_words``)."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" height="{scene.height}" '
           f'viewBox="0 0 {scene.width} {scene.height}" font-family={quoteattr(FONT)} role="img">']
    if scene.view is not None:
        title, desc = picture_words(scene.view)
        out.append(f"<title>{escape(title)}</title>")
        out.append(f"<desc>{escape(desc)}</desc>")
    for layer in scene.layers:
        for p in layer:
            if isinstance(p, Rect):
                attrs = f'x="{_num(p.x)}" y="{_num(p.y)}" width="{_num(p.w)}" height="{_num(p.h)}"'
                attrs += f' fill="{p.fill}"' if p.fill else ' fill="none"'
                if p.stroke:
                    attrs += f' stroke="{p.stroke}" stroke-width="{_num(p.line)}"'
                if p.alpha != 1:
                    attrs += f' opacity="{_num(p.alpha)}"'
                out.append(f"<rect {attrs}/>")
            elif isinstance(p, Text):
                weight = ' font-weight="bold"' if p.bold else ""
                if p.max_width and len(p.text) * p.size * 0.6 > p.max_width:
                    # the canvas squeezes text into max_width; so does the picture
                    weight += f' textLength="{_num(p.max_width)}" lengthAdjust="spacingAndGlyphs"'
                if p.alpha != 1:
                    weight += f' opacity="{_num(p.alpha)}"'
                out.append(f'<text x="{_num(p.x)}" y="{_num(p.y)}" font-size="{p.size}" fill="{p.color}"'
                           f'{weight} text-anchor="{_ANCHOR[p.align]}" dominant-baseline="central">'
                           f"{escape(p.text)}</text>")
    out.append("</svg>")
    return "\n".join(out)
