"""Replaying a scene onto ipycanvas: one batched message per redraw, only the layers that
changed, every style set anew (a new front end starts with default styles)."""

from __future__ import annotations

from contextlib import contextmanager

import ipycanvas.canvas as _ipycanvas

from ..render.scene import Rect, Text
from ..render.style import FONT

SCALE = 2   # the backing store is drawn at 2× so text is sharp on high-DPI screens
_SET = _ipycanvas.COMMANDS["set"]


def _set(canvas, name: str, value) -> None:
    """``canvas.<name> = value`` as the front end sees it (the same "set" command), without
    the traitlets validation and notification that cost most of a redraw's time in the kernel.
    Nothing reads these traits back in Python. (ipycanvas is pinned to 0.14.*.)"""
    canvas._canvas_manager.send_command(canvas, [_SET, [canvas.ATTRS[name], value]])


@contextmanager
def one_message():
    """Hold every drawing command and send them as one message at the end.

    Like ``ipycanvas.hold_canvas()``, plus two fixes: the manager forgets which canvas the
    front end has current (ipycanvas #322: after a page reload the browser has none, and the
    batch must start with a switch), and an exception in the body drops the half-built batch
    and restores the manager, instead of silently holding back all later drawing.
    """
    manager = _ipycanvas._CANVAS_MANAGER
    manager._current_canvas = None
    caching = manager._caching
    manager._caching = True
    try:
        yield
        manager.flush()
    except BaseException:
        manager._commands_cache, manager._buffers_cache = [], []
        raise
    finally:
        manager._caching = caching
        manager._current_canvas = None


def draw_layer(canvas, primitives, zone=None) -> None:
    """Clear ``canvas`` (or only its rectangle ``zone``, in logical pixels) and draw
    ``primitives`` on it at ``SCALE``; each style is sent only when it changes (the opacity
    starts at 1 on a saved context, so an opaque scene sends none)."""
    draw_patches(canvas, [(zone, primitives)])


def draw_patches(canvas, patches) -> None:
    """Clear and redraw each patch — ``(rectangle or None for the whole canvas, primitives)`` —
    in one saved, scaled context: the styles are sent once for them all, only when they change
    (a click that changed ten chairs sends one ``save``, one ``scale`` and their drawing)."""
    current: dict = {"global_alpha": 1.0}

    def style(name: str, value) -> None:
        if current.get(name) != value:
            _set(canvas, name, value)
            current[name] = value

    canvas.save()
    canvas.scale(SCALE)
    style("text_baseline", "middle")
    for zone, primitives in patches:
        if zone is None:
            canvas.clear_rect(0, 0, canvas.width / SCALE, canvas.height / SCALE)
        else:
            canvas.clear_rect(*zone)
        for p in primitives:
            style("global_alpha", p.alpha)
            if isinstance(p, Rect):
                if p.fill:
                    style("fill_style", p.fill)
                    canvas.fill_rect(p.x, p.y, p.w, p.h)
                if p.stroke:
                    style("stroke_style", p.stroke)
                    style("line_width", p.line)
                    canvas.stroke_rect(p.x, p.y, p.w, p.h)
            elif isinstance(p, Text):
                style("font", f"{'bold ' if p.bold else ''}{p.size}px {FONT}")
                style("fill_style", p.color)
                style("text_align", p.align)
                canvas.fill_text(p.text, p.x, p.y, p.max_width)
    canvas.restore()


# -- shared by the widgets (the board game's BoardWidget; CafeWidget has its own copies) --------

#: Visually hidden, read by screen readers: the status line as text (the canvas is a picture).
SR_ONLY = ("position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
           "white-space:nowrap")


def make_canvas(width: int, height: int, layers: int = 2):
    """A ``MultiCanvas`` of ``layers`` drawn at ``SCALE`` and shown at ``width`` × ``height``
    CSS pixels, or narrower, its shape kept, where the page is narrower (a canvas in a box is
    stretched unless its layout says its size)."""
    import ipywidgets as widgets
    from ipycanvas import MultiCanvas

    # No wider than the page: zoomed in (200 % on a 1366 × 768 laptop leaves 570 CSS pixels), the
    # café shrinks whole, its height following (a click is read in the canvas's own pixels).
    return MultiCanvas(layers, width=width * SCALE, height=height * SCALE,
                       layout=widgets.Layout(width=f"{width}px", max_width="100%", height="auto"))


def twin_html(twin, label: str) -> str:
    """The screen in words (a ``Twin``) as HTML a screen reader walks, out of sight on the page."""
    return f'<div style="{SR_ONLY}">{twin.html(label)}</div>'


def aria_status(text: str) -> str:
    """The status again as HTML for screen readers (aria-live)."""
    from html import escape

    return f'<div aria-live="polite" role="status" style="{SR_ONLY}">{escape(text)}</div>'
