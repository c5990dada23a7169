"""Colours, flags, fonts and the geometry of the drawing. Plain data, no drawing code.

Colours are never the only cue: every guest card also shows its nation code and a sex symbol
with a letter (♀ f, ♂ m), every table its code and name, every lit seat its points as text.
"""

from __future__ import annotations

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

COLORS = {
    "background": "#f4efe6",
    "floor": "#efe4cf",
    "ruler": "#6b5a43",
    "seat": "#e2cfa9",
    "seat_edge": "#b39a6d",
    "seat_name": "#665533",   # 4.7:1 on a seat (WCAG 1.4.3: tests/render/test_contrast.py)
    "woman": "#f9d9e6",
    "man": "#d4e4f7",
    "card_edge": "#3b3b3b",
    "ink": "#222222",
    "muted": "#636363",       # 4.7:1 or more on every background it is written on
    "label": "#ffffff",
    "lit": "#0b7a35",
    "hint": "#6a3d9a",
    "lit_fill": "#d8f3df",
    "selected": "#964b00",    # 5:1 or more on the panels; white on it 6.4:1
    "badge": "#0b7a35",
    "badge_zero": "#777777",
    "button": "#3c5a80",
    "button_text": "#ffffff",
    "button_off": "#dcdcdc",
    "button_off_text": "#555555",   # 5.4:1: a button that does nothing now is still read
    "panel": "#fbf8f2",
    "panel_edge": "#d6c9b0",
    "status": "#ffffff",
    "status_error": "#fde9e7",
    "status_ok": "#e8f6ec",
    "placed": "#d4700a",
    "handover": "#2f3e52",
    "missing": "#d7d2c8",
    "mark": "#00796b",        # the seats filled by the last turn
    "task": "#6a3d9a",        # the seats a student marked in a seat task
    "row_selected": "#f3e2c7",
    "row_best": "#0b7a35",
}

#: Simplified flags: orientation ("h" horizontal bands top to bottom, "v" vertical left to
#: right) and band colours. Drawn as the table card's background and each guest card's band.
FLAGS = {
    "CF": ("h", ("#003082", "#ffffff", "#289728", "#ffce00")),
    "CN": ("h", ("#de2910", "#de2910", "#ffde00", "#de2910")),
    "CU": ("h", ("#002a8f", "#ffffff", "#002a8f", "#ffffff", "#002a8f")),
    "DE": ("h", ("#000000", "#dd0000", "#ffce00")),
    "ES": ("h", ("#aa151b", "#f1bf00", "#f1bf00", "#aa151b")),
    "FR": ("v", ("#0055a4", "#ffffff", "#ef4135")),
    "GB": ("h", ("#012169", "#ffffff", "#c8102e", "#ffffff", "#012169")),
    "IN": ("h", ("#ff9933", "#ffffff", "#138808")),
    "IT": ("v", ("#009246", "#ffffff", "#ce2b37")),
    "RU": ("h", ("#ffffff", "#0039a6", "#d52b1e")),
    "TR": ("h", ("#e30a17", "#ffffff", "#e30a17")),
    "US": ("h", ("#b22234", "#ffffff", "#3c3b6e", "#ffffff", "#b22234")),
}

SEX_MARK = {"f": "♀ f", "m": "♂ m"}

# -- geometry (logical pixels; the live canvas is drawn at 2× for sharp text) ---------------

CELL = 80            # one grid cell of the café
GRID_X, GRID_Y = 34, 30   # top-left of cell a1
CAFE_SIZE = (GRID_X + 5 * CELL + 14, GRID_Y + 5 * CELL + 14)   # a café picture alone

# The widget fits a 1366 × 768 classroom laptop in JupyterLab, beside its file browser: 900 × 560
# CSS pixels. The café at the left; at its right the panel, the buttons and the status; the
# hand (or the palette of 24 guests) in a strip across the bottom. No text under 12 px.
WIDTH = 900
PANEL_X, PANEL_W = 452, 440
PANEL_Y, PANEL_BOTTOM = 6, 270          # the panel's top and bottom in the widget
HAND_Y = 460         # top of the hand row (its title above it)
CARD_W, CARD_H, CARD_GAP = 64, 68, 6
BUTTON_Y, BUTTON_H, BUTTON_W, BUTTON_GAP = 278, 32, 141, 8   # two rows of three under the panel
STATUS_Y, STATUS_H = 356, 78           # three lines of 15-px text, five of 13 px or six of 12 px
MIN_TEXT = 12        # the smallest text drawn, in CSS pixels
