"""The board game's scene (docs/BOARD_RULES.md B2): the 13 × 13 board drawn from its data, the bar,
every hand face up, the scores and the controls, as the card game's primitives.

``build_board_scene(view)`` turns a :class:`BoardView` into a :class:`~.scene.Scene` (layers
``BOARD_LAYERS``: the floor with its tables and empty chairs; the tiles, the bar and the lights;
the panel with the hands, the buttons and the status) with a clickable region for every chair,
table, bar place, hand tile and button. ``to_svg`` draws it; the widget replays it on ipycanvas.

Nothing here knows the ring's shape: every cell's place comes from the chair and table names of
``board.json``. A column or a row holding a table is drawn wider (``TABLE_CELL``) than the
others (``CHAIR_CELL``), so a table has room for its flag and code::

      a   b   c   d  …          ┌ panel: every player (score, hand size, the hand face up),
    1 .   o   .   o             │ the bag, the next bar value, the last action,
    2 o [CF] =o= [IT] …         │ End turn · Undo · Bar / Swap · Hint · New game,
    3 .   8   .   8             │ "which nation?" for a joker between two nations,
      …   the bar's 20 places   │ and the status (up to seven lines)
                                └

The widget is 900 × 556: a 1366 × 768 laptop shows it whole in JupyterLab. A nation's name
does not fit a 50-px table at 12 px (the smallest text drawn anywhere), so the board shows
flags and codes, as the tiles do; a picture (``svg_of``) adds the legend of the names.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..i18n import current
from ..engine.board import BAR_PLACES, BAR_VALUES, BOARD, CHAIR_TABLES, CHAIRS, TABLE_NATION, Board
from ..engine.board_game import BoardGame
from ..engine.cards import NATION_NAMES
from .board_words import board_player_name, board_say, result_words
from .scene import Rect, Region, Scene, Text, _flag, wrap
from .style import COLORS, SEX_MARK

# -- geometry (logical pixels; the widget shows 1 CSS px each and draws at 2×) -----------------
#
# The whole scene fits a 1366 × 768 school laptop in JupyterLab: at most 900 × 556, and no text
# under 12 px in any state (``MIN_TEXT``). A table shows its flag and nation code; a chair, its name.

TABLE_CELL, CHAIR_CELL = 50, 33          # a row or column holding a table, and any other
GRID_X, GRID_Y = 22, 18                  # top-left of cell a1 (rulers above and at the left)
GAP = 8                                  # between the board and the panel
PANEL_W = 333
TILE_W, TILE_H, TILE_GAP = 42, 36, 6     # a tile of a hand
BUTTON_H, BUTTON_GAP = 28, 5
NAV_W, NAV_H = 30, 22                    # ◀ ▶ in the panel's head
PLAYER_HEAD = 17                         # a player's line (name, hand size, score) above the hand
LINE = 15                                # an info line
#: The status's sizes, the largest that holds the whole sentence first: (font size, line step).
STATUS_SIZES = ((14, 16), (13, 15), (12, 13.4))
STATUS_H = 102                           # five lines of 14 px, six of 13, seven of 12
LEGEND_W = 170                           # a board alone: its nations' names at the right
MIN_TEXT = 12                            # no text is smaller, in any state

#: The layers of a board scene, bottom first: the floor changes only with the language; the
#: board (tiles, bar, lights) and the panel change with a click.
BOARD_LAYERS = ("floor", "board", "panel")

JOKER_BODY = "#f3e3a1"
BAR_PLUS, BAR_MINUS = "#0b7a35", "#b3261e"
TABLE_LIT = "#0b7a35"

def _cell(name: str) -> tuple[int, int]:
    """(column, row) from 0 of a cell name (``"c2"`` → (2, 1))."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def _tracks(has_table) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Start and size of each column or row: wider where a table stands."""
    starts, sizes, at = [], [], 0.0
    for wide in has_table:
        size = TABLE_CELL if wide else CHAIR_CELL
        starts.append(at)
        sizes.append(size)
        at += size
    return tuple(starts), tuple(sizes)


_TABLE_CELLS = [_cell(p) for p, _ in BOARD.tables]
COL_START, COL_SIZE = _tracks([any(c == i for c, _ in _TABLE_CELLS) for i in range(len(BOARD.columns))])
ROW_START, ROW_SIZE = _tracks([any(r == i for _, r in _TABLE_CELLS) for i in range(len(BOARD.rows))])
BOARD_W = COL_START[-1] + COL_SIZE[-1]
BOARD_H = ROW_START[-1] + ROW_SIZE[-1]
PANEL_X = GRID_X + BOARD_W + GAP
WIDTH = int(PANEL_X + PANEL_W + 6)
HEIGHT = int(GRID_Y + BOARD_H + 7)
PICTURE_WIDTH = int(PANEL_X + LEGEND_W + 6)   # a board alone: the board and its legend
PANEL_TOP, PANEL_BOTTOM = GRID_Y - 3, GRID_Y + BOARD_H + 3   # the panel is as tall as the floor


def cell_rect(name: str) -> tuple[float, float, float, float]:
    """(x, y, width, height) of a cell of the board (``"c2"``)."""
    c, r = _cell(name)
    return GRID_X + COL_START[c], GRID_Y + ROW_START[r], COL_SIZE[c], ROW_SIZE[r]


@lru_cache(maxsize=1)
def bar_rect() -> tuple[float, float, float, float]:
    """The bar's rectangle: the largest rectangle of empty cells around the board's middle."""
    taken = {_cell(p) for p, _ in BOARD.tables} | {_cell(c) for c, _ in BOARD.chairs}
    ncol, nrow = len(BOARD.columns), len(BOARD.rows)
    mc, mr = ncol // 2, nrow // 2
    best, best_key = None, None
    for c0 in range(mc + 1):
        for c1 in range(mc, ncol):
            for r0 in range(mr + 1):
                for r1 in range(mr, nrow):
                    if any((c, r) in taken for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)):
                        continue
                    w, h = c1 - c0 + 1, r1 - r0 + 1
                    key = (min(w, h), w * h)
                    if best_key is None or key > best_key:
                        best, best_key = (c0, r0, c1, r1), key
    c0, r0, c1, r1 = best
    x0, y0 = GRID_X + COL_START[c0], GRID_Y + ROW_START[r0]
    return (x0 + 4, y0 + 4, GRID_X + COL_START[c1] + COL_SIZE[c1] - x0 - 8,
            GRID_Y + ROW_START[r1] + ROW_SIZE[r1] - y0 - 8)


def bar_places() -> tuple[tuple[float, float, float, float], ...]:
    """The rectangle of each bar place, 1 … 20, in rows of five under the bar's title."""
    x, y, w, h = bar_rect()
    cols = 5
    rows = -(-BAR_PLACES // cols)
    top = y + BAR_TITLE_H
    pw, ph = (w - 4) / cols, (h - BAR_TITLE_H - 2) / rows
    return tuple((x + 2 + (i % cols) * pw + 1, top + (i // cols) * ph + 1, pw - 2, ph - 2)
                 for i in range(BAR_PLACES))


BAR_TITLE_H = 20


# -- the view -----------------------------------------------------------------------------------

class BoardPlayer(NamedTuple):
    """One player's line in the panel."""

    name: str
    score: int
    hand: tuple[str, ...]
    hand_size: int
    out: bool = False
    to_move: bool = False


@dataclass(frozen=True)
class BoardView:
    """What the screen shows: built by the widget (or by ``board_picture_view``)."""

    board: Board
    lang: str | None = None
    players: tuple[BoardPlayer, ...] = ()
    bag: int | None = None
    selected: tuple[int, int] | None = None              # (player, index in the hand)
    lit: tuple[tuple[str, int | None], ...] = ()           # chairs (and bar places) with points
    lit_tables: tuple[tuple[str, int], ...] = ()           # a joker's two nations: table, points
    swaps: tuple[str, ...] = ()                            # seated jokers the selected tile may take
    hint: tuple[tuple[str, str], ...] = ()                 # (chair or barN, "1 CFf +4")
    placed: tuple[str, ...] = ()                           # chairs seated this turn
    marks: tuple[str, ...] = ()                            # chairs (or barN) of the last action
    asking: str = ""                                       # a chair whose joker awaits its nation
    title: str = ""
    info: tuple[str, ...] = ()
    buttons: tuple[tuple[str, str, bool], ...] = ()
    nav: tuple[tuple[str, str, bool], ...] = ()            # ◀ ▶ in the panel's head (the history)
    choices: tuple[tuple[str, str, bool], ...] = ()        # "which nation?" buttons
    status: str = ""
    status_kind: str = ""
    picture: bool = False

    def __post_init__(self):
        # The language is fixed when the view is built: None is the current language then.
        object.__setattr__(self, "lang", current(self.lang))


def player_lines(game, lang: str | None = None, kinds=None) -> tuple[BoardPlayer, ...]:
    """Every player of a :class:`BoardGame`: name, score, hand (face up, B3), hand size."""
    return tuple(BoardPlayer(board_player_name(p, lang, kinds), game.scores[p], game.hands[p],
                             game.hand_sizes[p], game.out[p], p == game.to_move and not game.is_over)
                 for p in range(game.players))


# -- drawing ------------------------------------------------------------------------------------

def text_width(text: str, size: float, bold: bool = False) -> float:
    """A text's width estimated from its length (DejaVu Sans; bold is wider): ipycanvas cannot
    measure text from Python, so what must fit is laid out with this, a little generously."""
    return len(text) * size * (0.64 if bold else 0.58)


@lru_cache(maxsize=2048)
def tile_primitives(tile: str, x: float, y: float, w: float, h: float,
                    edge: str = COLORS["card_edge"], edge_width: float = 1.5) -> tuple:
    """A tile: its nation's flag as a band, the nation code (``IT*`` for a seated joker, ``*``
    for a joker in hand), the sex symbol and letter; a joker's body is gold. The smallest tile
    (on a chair, 29 px) still writes both at 12 px."""
    out: list = []
    joker = "*" in tile
    body = JOKER_BODY if joker else (COLORS["woman"] if tile[-1 if tile[0] == "*" else 2] == "f" else COLORS["man"])
    sex = tile[1] if tile[0] == "*" else tile[2]
    out.append(Rect(x, y, w, h, body, edge, edge_width))
    band = max(5, round(h * 0.17))
    if tile[0] != "*":
        _flag(out, tile[:2], x + 1, y + 1, w - 2, band)
        code = tile[:2] + ("*" if joker else "")
    else:
        out.append(Rect(x + 1, y + 1, w - 2, band, "#c9a227"))
        code = "*"
    big = 15 if h >= 40 else 14 if h >= 34 else MIN_TEXT
    rest = h - band
    out.append(Text(x + w / 2, y + band + rest * 0.34, code, big if len(code) < 3 else max(MIN_TEXT, big - 2),
                    COLORS["ink"], True, "center", w - 4))
    out.append(Text(x + w / 2, y + band + rest * 0.75, SEX_MARK[sex], 13 if h >= 40 else MIN_TEXT,
                    COLORS["ink"], False, "center", w - 4))
    return tuple(out)


def _button(out: list, regions: list, key: str, label: str, enabled: bool,
            x: float, y: float, w: float, h: float = BUTTON_H, size: int = 13) -> None:
    out.append(Rect(x, y, w, h, COLORS["button"] if enabled else COLORS["button_off"], COLORS["card_edge"], 1))
    if text_width(label, size, True) > w - 8:
        size = MIN_TEXT
    out.append(Text(x + w / 2, y + h / 2, label, size,
                    COLORS["button_text"] if enabled else COLORS["button_off_text"], True, "center", w - 8))
    regions.append(Region("button", key, x, y, w, h))


def _row_widths(labels, total: float, slots: int = 3, gap: float = BUTTON_GAP) -> list[float]:
    """The widths of a row of buttons in ``total`` pixels: ``slots`` equal slots while every
    label fits in one; else each as wide as its label and what is left shared out (a long
    word, in French or German, takes the room a short one does not need)."""
    slot = (total - (slots - 1) * gap) / slots
    need = [text_width(label, 13, True) + 14 for label in labels]
    if all(n <= slot for n in need):
        return [slot] * len(labels)
    room = total - (len(labels) - 1) * gap   # a full row; a shorter one no wider than it needs
    if len(labels) < slots:
        room = min(room, max(sum(need), slot * len(labels)))
    spare = max(0.0, room - sum(need)) / len(labels)
    if sum(need) > room:   # squeezed evenly (the label then shrinks to 12 px and fits its button)
        return [n * room / sum(need) for n in need]
    return [n + spare for n in need]


@lru_cache(maxsize=4)
def _floor(lang: str, width: int, height: int) -> tuple:
    """The floor: the rulers, the 24 tables (flag and code) and the 68 empty chairs (name), each
    chair with a strip of its tables' colours on the sides facing them (a shared chair: two
    strips), and the bar's 20 places with their number and value."""
    out: list = [Rect(0, 0, width, height, COLORS["background"]),
                 Rect(GRID_X - 3, GRID_Y - 3, BOARD_W + 6, BOARD_H + 6, COLORS["floor"], COLORS["panel_edge"])]
    for i, col in enumerate(BOARD.columns):
        out.append(Text(GRID_X + COL_START[i] + COL_SIZE[i] / 2, GRID_Y - 10, col, 12, COLORS["ruler"], True, "center"))
    for j, row in enumerate(BOARD.rows):
        out.append(Text(GRID_X - 11, GRID_Y + ROW_START[j] + ROW_SIZE[j] / 2, str(row), 12, COLORS["ruler"],
                        True, "center"))
    for place, nation in BOARD.tables:
        # the flag and the code: a name does not fit a 50-px table at 12 px (the legend of a
        # picture gives the names; the code is what the tiles show)
        x, y, w, h = cell_rect(place)
        _flag(out, nation, x + 2, y + 2, w - 4, h - 4)
        out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, COLORS["card_edge"], 1.5))
        out.append(Rect(x + 9, y + 14, w - 18, h - 28, COLORS["label"], COLORS["card_edge"], 1))
        out.append(Text(x + w / 2, y + h / 2, nation, 15, COLORS["ink"], True, "center", w - 20))
    bx, by, bw, bh = bar_rect()
    out.append(Rect(bx, by, bw, bh, "#e8d6b0", COLORS["ruler"], 2))
    out.append(Text(bx + bw / 2, by + BAR_TITLE_H / 2 + 1, board_say("bar", lang), 14, COLORS["ruler"], True,
                    "center", bw - 8))
    for i, (x, y, w, h) in enumerate(bar_places()):
        value = BAR_VALUES[i]
        out.append(Rect(x, y, w, h, COLORS["panel"], COLORS["seat_edge"], 1))
        out.append(Text(x + 3, y + 8, str(i + 1), MIN_TEXT, COLORS["muted"]))
        out.append(Text(x + w - 3, y + h - 9, f"{value:+d}".replace("-", "−"), 13,
                        BAR_PLUS if value > 0 else BAR_MINUS, True, "right"))
    for chair in CHAIRS:
        x, y, w, h = cell_rect(chair)
        out.append(Rect(x + 3, y + 3, w - 6, h - 6, COLORS["seat"], COLORS["seat_edge"], 1))
        # in the middle, where a tile covers it
        out.append(Text(x + w / 2, y + h / 2, chair, MIN_TEXT, COLORS["seat_name"], False, "center", min(w, h) - 8))
        for place in CHAIR_TABLES[chair]:
            tx, ty, tw, th = cell_rect(place)
            # the strip on the side facing that table, in its flag's colours
            if tx + tw <= x:
                _flag(out, TABLE_NATION[place], x + 1, y + 6, 4, h - 12)
            elif tx >= x + w:
                _flag(out, TABLE_NATION[place], x + w - 5, y + 6, 4, h - 12)
            elif ty + th <= y:
                _flag(out, TABLE_NATION[place], x + 6, y + 1, w - 12, 4)
            else:
                _flag(out, TABLE_NATION[place], x + 6, y + h - 5, w - 12, 4)
    return tuple(out)


def _lit_label(out: list, x: float, y: float, w: float, h: float, text: str, colour: str) -> None:
    out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, colour, 3))
    if not text:
        return
    lw = min(w - 4, max(30, text_width(text, MIN_TEXT, True) + 6))
    out.append(Rect(x + (w - lw) / 2, y + h / 2 - 9, lw, 18, colour))
    out.append(Text(x + w / 2, y + h / 2, text, MIN_TEXT, COLORS["label"], True, "center", lw - 2))


def _board_layer(regions: list, view: BoardView) -> tuple:
    """The board's tiles, the bar and the lights, as patches: one a chair, a table and a bar
    place, each (its rectangle, what is drawn inside it). The widget redraws only the patches
    that changed (a tile chosen lights its chairs: those chairs, not the whole ring)."""
    board = view.board
    lit = dict(view.lit)
    hints: dict[str, list[str]] = {}
    for where, label in view.hint:
        hints.setdefault(where, []).append(label)
    patches = []
    for chair, tile in zip(CHAIRS, board.chairs):
        x, y, w, h = cell_rect(chair)
        out: list = []
        tw = th = min(w, h) - 4
        if tile:
            placed = chair in view.placed
            out += tile_primitives(tile, x + (w - tw) / 2, y + (h - th) / 2, tw, th,
                                   COLORS["placed"] if placed else COLORS["card_edge"], 2.5 if placed else 1.2)
        if chair in view.marks:
            out.append(Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, COLORS["mark"], 3))
        if chair in lit:
            _lit_label(out, x, y, w, h, "" if lit[chair] is None else f"+{lit[chair]}", COLORS["lit"])
        if chair in view.swaps:
            out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, COLORS["lit"], 4))
        if chair == view.asking:
            out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, COLORS["selected"], 4))
        labels = hints.get(chair, ())
        for i, label in enumerate(labels):   # across the middle, over the chair's name
            top = y + h / 2 - 8 * len(labels) + 16 * i
            out.append(Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, COLORS["hint"], 3))
            out.append(Rect(x + 1, top, w - 2, 16, COLORS["hint"]))
            out.append(Text(x + w / 2, top + 8, label, MIN_TEXT, COLORS["label"], True, "center", w - 4))
        regions.append(Region("chair", chair, x + 2, y + 2, w - 4, h - 4))
        patches.append(((x, y, w, h), tuple(out)))
    lit_tables = dict(view.lit_tables)
    for place, nation in BOARD.tables:
        x, y, w, h = cell_rect(place)
        regions.append(Region("table", place, x + 2, y + 2, w - 4, h - 4))
        out = []
        if place in lit_tables:
            out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, TABLE_LIT, 4))
            out.append(Rect(x + w / 2 - 16, y + 1, 32, 16, TABLE_LIT))
            out.append(Text(x + w / 2, y + 9, f"+{lit_tables[place]}", MIN_TEXT, COLORS["label"], True, "center", 30))
        patches.append(((x, y, w, h), tuple(out)))
    places = bar_places()
    n = len(board.bar)
    next_word = board_say("bar_next", view.lang)
    for i, (x, y, w, h) in enumerate(places):
        name = f"bar{i + 1}"
        out = []
        if i < n:
            out += tile_primitives(board.bar[i], x + 2, y + 2, w - 4, h - 4)
        elif i == n:   # an orange frame and band over its number ("next" when the word fits)
            out.append(Rect(x, y, w, 16, COLORS["selected"]))
            out.append(Rect(x + 1.25, y + 1.25, w - 2.5, h - 2.5, None, COLORS["selected"], 2.5))
            if text_width(next_word, MIN_TEXT, True) <= w - 2:
                out.append(Text(x + w / 2, y + 8, next_word, MIN_TEXT, COLORS["label"], True, "center", w - 2))
        if name in view.marks:
            out.append(Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, COLORS["mark"], 3))
        if name in lit:   # under the "next" band, over the place's value
            out.append(Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, COLORS["lit"], 3))
            if lit[name] is not None:   # a puzzle lights the place without its value
                out.append(Rect(x + 3, y + 17, w - 6, h - 20, COLORS["lit"]))
                out.append(Text(x + w / 2, y + 17 + (h - 20) / 2, f"{lit[name]:+d}".replace("-", "−"), 13,
                                COLORS["label"], True, "center", w - 8))
        for label in hints.get(name, ()):
            out.append(Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, COLORS["hint"], 3))
            out.append(Rect(x, y + h - 16, w, 16, COLORS["hint"]))
            out.append(Text(x + w / 2, y + h - 8, label, MIN_TEXT, COLORS["label"], True, "center", w - 4))
        regions.append(Region("bar", name, x, y, w, h, i))
        patches.append(((x, y, w, h), tuple(out)))
    return tuple(patches)


def _legend(out: list, lang: str, x: float, y: float, w: float, columns: int) -> float:
    """The twelve nations, code and name, in ``columns`` columns from ``y``; returns its bottom."""
    names = NATION_NAMES[lang]
    nations = sorted(dict.fromkeys(nation for _, nation in BOARD.tables))
    per = -(-len(nations) // columns)
    cw = (w - 16) / columns
    for i, nation in enumerate(nations):
        col, row = divmod(i, per)
        cx, cy = x + 10 + col * cw, y + 8 + row * LINE
        _flag(out, nation, cx, cy - 5, 14, 10)
        out.append(Text(cx + 19, cy, nation, MIN_TEXT, COLORS["ink"], True, "left"))
        out.append(Text(cx + 42, cy, names[nation], MIN_TEXT, COLORS["ink"], False, "left", cw - 46))
    return y + per * LINE


def _legend_height(columns: int) -> float:
    return -(-len({nation for _, nation in BOARD.tables}) // columns) * LINE


def _status(out: list, view: BoardView, x: float, y: float, w: float, h: float) -> None:
    """The status box: the sentence at the largest size that holds it whole (14 px, down to 12)."""
    fill = {"error": COLORS["status_error"], "ok": COLORS["status_ok"]}.get(view.status_kind, COLORS["status"])
    out.append(Rect(x, y, w, h, fill, COLORS["panel_edge"]))
    # wrapped short of the box: a line the SVG thinks too long would be squeezed (or stretched)
    width = (w - 16) * 0.9
    for size, step in STATUS_SIZES:
        most = int((h - 8) // step)
        lines = wrap(view.status, width, size, 99)
        if len(lines) <= most:
            break
    lines = wrap(view.status, width, size, most)
    top = y + 4 + step / 2
    for i, text in enumerate(lines):
        out.append(Text(x + 8, top + i * step, text, size, COLORS["ink"], False, "left", w - 16))


def _panel(out: list, regions: list, view: BoardView) -> tuple:
    """The panel: the title (◀ ▶ at its right), every player with the hand face up, the bag,
    the info lines, the buttons, "which nation?" and the status, from top to bottom; returns it
    as patches (the head, each player, the info, the controls, the status), drawn over the
    panel's background on the floor, so that a click redraws only the parts it changed."""
    lang = view.lang
    x, w = PANEL_X, PANEL_W
    top, bottom = PANEL_TOP, PANEL_BOTTOM
    sections: list = []     # (where in ``out`` a patch starts, its rectangle)

    def section(rect) -> None:
        sections.append((len(out), rect))

    # The buttons, three a row: the first six in two rows that stay in place whatever the screen;
    # more (Back to game, in a game tried from the past) in a row above them.
    rows = max(2, -(-len(view.buttons) // 3))
    status_top = bottom - 8 - STATUS_H
    buttons_top = status_top - rows * (BUTTON_H + BUTTON_GAP)
    controls_top = buttons_top - (BUTTON_H + BUTTON_GAP if view.choices else 0)
    if view.picture:   # no controls: the legend of the nations at the bottom
        controls_top = bottom - 8 - _legend_height(2) - 10
    section((x + 1, top + 1, w - 2, 27))
    out.append(Text(x + 12, top + 14, view.title or board_say("title", lang), 14, COLORS["ink"], True, "left",
                    w - 24 - len(view.nav) * (NAV_W + 4)))
    for i, (key, label, enabled) in enumerate(view.nav):
        _button(out, regions, key, label, enabled, x + w - 8 - (len(view.nav) - i) * (NAV_W + 4), top + 3,
                NAV_W, NAV_H)
    y = top + 28
    per_row = int((w - 20 + TILE_GAP) // (TILE_W + TILE_GAP))
    for p, player in enumerate(view.players):
        # a hand on one row; the sandbox's palette (one player, every tile) on as many as it needs
        hand_rows = -(-len(player.hand) // per_row) if len(view.players) == 1 and player.hand else 1
        block = PLAYER_HEAD + hand_rows * (TILE_H + 4)
        section((x + 1, y, w - 2, block + 2))
        head = y + PLAYER_HEAD / 2
        if player.to_move:
            out.append(Rect(x + 4, y, w - 8, block, COLORS["row_selected"]))
            out.append(Text(x + 12, head, "▶", 13, COLORS["selected"], True))
        colour = COLORS["muted"] if player.out else COLORS["ink"]
        counted = player.hand_size > 0            # the sandbox's palette: no score, no hand size
        if counted:
            out.append(Text(x + w - 12, head, str(player.score), 14, colour, True, "right"))
        extra = (board_say("out", lang) if player.out else
                 board_say("hand", lang, n=len(player.hand), size=player.hand_size) if counted else "")
        extra_w = min(120.0, text_width(extra, MIN_TEXT))
        extra_x = x + w - 50
        out.append(Text(extra_x, head, extra, MIN_TEXT, COLORS["muted"], False, "right", extra_w))
        out.append(Text(x + 27, head, player.name, 13, colour, player.to_move, "left", extra_x - extra_w - 10 - x - 27))
        for i, tile in enumerate(player.hand):
            row, col = divmod(i, per_row)
            if row >= hand_rows:
                break
            tx = x + 12 + col * (TILE_W + TILE_GAP)
            ty = y + PLAYER_HEAD + row * (TILE_H + 4)
            out += tile_primitives(tile, tx, ty, TILE_W, TILE_H)
            if view.selected == (p, i):
                out.append(Rect(tx - 2, ty - 2, TILE_W + 4, TILE_H + 4, None, COLORS["selected"], 3))
            name = tile if player.to_move or len(view.players) == 1 else f"{p + 1}:{tile}"
            regions.append(Region("tile", name, tx, ty, TILE_W, TILE_H, p * 100 + i))
        y += block + 2
    section((x + 1, y, w - 2, controls_top - 1 - y))
    if view.bag is not None:
        n = len(view.board.bar)
        text = (board_say("bag", lang, n=view.bag, place=n + 1, value=BAR_VALUES[n]) if n < BAR_PLACES
                else board_say("bag_full", lang, n=view.bag))
        # no max_width: the line fits, and the SVG would stretch a line it guesses too long
        out.append(Text(x + 12, y + 8, text.replace("-", "−") if n < BAR_PLACES else text, MIN_TEXT,
                        COLORS["muted"], False, "left"))
        y += 18
    for text in view.info:
        if y + LINE > controls_top - 2:
            break
        bold = text.startswith("*")
        out.append(Text(x + 12, y + LINE / 2, text.lstrip("*"), MIN_TEXT, COLORS["ink"], bold, "left", w - 24))
        y += LINE
    if view.picture:
        section((x + 1, controls_top - 1, w - 2, bottom - controls_top))
        _legend(out, lang, x, controls_top + 6, w, 2)
        return _patches(out, sections)
    # each control a patch of its own: a click redraws the buttons it enabled or disabled
    if view.choices:
        which = board_say("which", lang)
        label_w = min(130.0, text_width(which, MIN_TEXT, True))
        section((x + 1, controls_top - 1, label_w + 12, BUTTON_H + 2))
        out.append(Text(x + 12, controls_top + BUTTON_H / 2, which, MIN_TEXT, COLORS["ink"], True, "left", label_w))
        cx = x + 12 + label_w + 8
        cw = (x + w - 12 - cx - BUTTON_GAP * (len(view.choices) - 1)) / max(1, len(view.choices))
        for i, (key, label, enabled) in enumerate(view.choices):
            section((cx + i * (cw + BUTTON_GAP) - 1, controls_top - 1, cw + 2, BUTTON_H + 2))
            _button(out, regions, key, label, enabled, cx + i * (cw + BUTTON_GAP), controls_top, cw)
    for i in range(0, len(view.buttons), 3):
        keys = view.buttons[i:i + 3]
        row = i // 3 + rows - 2 if i < 6 else (i - 6) // 3
        bx = x + 12
        by = buttons_top + row * (BUTTON_H + BUTTON_GAP)
        for (key, label, enabled), bw in zip(keys, _row_widths([b[1] for b in keys], w - 24)):
            section((bx - 1, by - 1, bw + 2, BUTTON_H + 2))
            _button(out, regions, key, label, enabled, bx, by, bw)
            bx += bw + BUTTON_GAP
    section((x + 1, status_top - 1, w - 2, STATUS_H + 2))
    _status(out, view, x + 8, status_top, w - 16, STATUS_H)
    return _patches(out, sections)


def _patches(out: list, sections: list) -> tuple:
    """The patches of a layer drawn in ``out``: each (rectangle, what was drawn from where its
    section starts to where the next one does)."""
    ends = [start for start, _ in sections[1:]] + [len(out)]
    return tuple((rect, tuple(out[start:end])) for (start, rect), end in zip(sections, ends))


def build_board_scene(view: BoardView) -> Scene:
    """The scene of a board view: layers (``BOARD_LAYERS``) and the clickable regions."""
    alone = view.picture and not view.players
    width, height = (PICTURE_WIDTH if alone else WIDTH), HEIGHT
    regions: list[Region] = []
    floor = _floor(view.lang, width, height)
    board_patches = _board_layer(regions, view)
    board = [p for _, prims in board_patches for p in prims]
    panel: list = []
    if alone:   # a board alone: the names of its nations beside it
        top = PANEL_TOP
        panel.append(Rect(PANEL_X, top, LEGEND_W, _legend_height(1) + 12, COLORS["panel"], COLORS["panel_edge"]))
        _legend(panel, view.lang, PANEL_X, top + 6, LEGEND_W, 1)
        panel_patches = None
    else:   # the panel's background on the floor: each part of it redrawn alone over it
        floor += (Rect(PANEL_X, PANEL_TOP, PANEL_W, PANEL_BOTTOM - PANEL_TOP, COLORS["panel"], COLORS["panel_edge"]),)
        panel_patches = _panel(panel, regions, view)
    return Scene((floor, tuple(board), tuple(panel)), tuple(regions), width, height,
                 patches=(None, board_patches, panel_patches), view=view)


#: Where the widget's upper canvas is cleared for each changed layer: (x, y, width, height),
#: side by side (the board's 6 px round the floor; the panel's from there to the right edge).
BOARD_ZONES = {
    "board": (GRID_X - 6, GRID_Y - 6, BOARD_W + 12, BOARD_H + 12),
    "panel": (GRID_X + BOARD_W + 6, 0, WIDTH - (GRID_X + BOARD_W + 6), HEIGHT),
}


def board_picture_view(thing, lang: str | None = None):
    """The view of a board or a board game as a static picture (no buttons, no status)."""
    if isinstance(thing, BoardGame):
        info = result_words(thing, lang) if thing.is_over else ()
        return BoardView(thing.board, lang, players=player_lines(thing, lang), bag=len(thing.bag),
                         info=info, picture=True)
    if isinstance(thing, Board):
        return BoardView(thing, lang, picture=True)
    raise TypeError(f"a Board or a BoardGame, not {type(thing).__name__}")
