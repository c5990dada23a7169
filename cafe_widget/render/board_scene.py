"""The board game's scene (BOARD_RULES.md B2): the 13 × 13 board drawn from its data, the bar,
every hand face up, the scores and the controls, as the card game's primitives.

``build_board_scene(view)`` turns a :class:`BoardView` into a :class:`~.scene.Scene` (layers
``BOARD_LAYERS``: the floor with its tables and empty chairs; the tiles, the bar and the lights;
the panel with the hands, the buttons and the status) with a clickable region for every chair,
table, bar place, hand tile and button. ``to_svg`` draws it; the widget replays it on ipycanvas.

Nothing here knows the ring's shape: every cell's place comes from the chair and table names of
``board.json``. A column or a row holding a table is drawn wider (``TABLE_CELL``) than the
others (``CHAIR_CELL``), so a table has room for its flag, code and name::

      a   b   c   d  …          ┌ panel: every player (score, hand size, the hand face up),
    1 .   o   .   o             │ the bag, the next bar value, the last action,
    2 o [CF] =o= [IT] …         │ End turn · Undo · Bar · Swap · Hint,
    3 .   8   .   8             │ "which nation?" for a joker between two nations,
      …   the bar's 20 places   │ and the status
                                └
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from ..i18n import current
from ..engine.board import BAR_PLACES, BAR_VALUES, BOARD, CHAIR_TABLES, CHAIRS, TABLE_NATION, Board
from ..engine.cards import NATION_NAMES
from .board_words import board_player_name, board_say
from .scene import Rect, Region, Scene, Text, _flag, wrap
from .style import COLORS, SEX_MARK

# -- geometry (logical pixels; the widget draws at 2×) ----------------------------------------

TABLE_CELL, CHAIR_CELL = 64, 42          # a row or column holding a table, and any other
GRID_X, GRID_Y = 22, 22                  # top-left of cell a1 (rulers above and at the left)
GAP = 10                                 # between the board and the panel
PANEL_W = 282
TILE_W, TILE_H, TILE_GAP = 40, 42, 5     # a tile of a hand
BUTTON_H = 30
STATUS_SIZE, STATUS_STEP = 14, 17

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
WIDTH = int(PANEL_X + PANEL_W + 8)
HEIGHT = int(GRID_Y + BOARD_H + 8)
PICTURE_WIDTH = int(GRID_X + BOARD_W + 8)   # a board alone, without the panel


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
    top = y + 26
    pw, ph = (w - 8) / cols, (h - 30) / rows
    return tuple((x + 4 + (i % cols) * pw + 2, top + (i // cols) * ph + 2, pw - 4, ph - 4)
                 for i in range(BAR_PLACES))


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

@lru_cache(maxsize=2048)
def tile_primitives(tile: str, x: float, y: float, w: float, h: float,
                    edge: str = COLORS["card_edge"], edge_width: float = 1.5) -> tuple:
    """A tile: its nation's flag as a band, the nation code (``IT*`` for a seated joker, ``*``
    for a joker in hand), the sex symbol and letter; a joker's body is gold."""
    out: list = []
    joker = "*" in tile
    body = JOKER_BODY if joker else (COLORS["woman"] if tile[-1 if tile[0] == "*" else 2] == "f" else COLORS["man"])
    sex = tile[1] if tile[0] == "*" else tile[2]
    out.append(Rect(x, y, w, h, body, edge, edge_width))
    band = max(6, round(h * 0.18))
    if tile[0] != "*":
        _flag(out, tile[:2], x + 1, y + 1, w - 2, band)
        code = tile[:2] + ("*" if joker else "")
    else:
        out.append(Rect(x + 1, y + 1, w - 2, band, "#c9a227"))
        code = "*"
    big = 15 if h >= 40 else 13
    out.append(Text(x + w / 2, y + band + (h - band) * 0.36, code, big if len(code) < 3 else big - 2,
                    COLORS["ink"], True, "center", w - 4))
    out.append(Text(x + w / 2, y + band + (h - band) * 0.77, SEX_MARK[sex], 10 if h < 40 else 11,
                    COLORS["ink"], False, "center", w - 4))
    return tuple(out)


def _button(out: list, regions: list, key: str, label: str, enabled: bool,
            x: float, y: float, w: float, h: float = BUTTON_H, size: int = 13) -> None:
    out.append(Rect(x, y, w, h, COLORS["button"] if enabled else COLORS["button_off"], COLORS["card_edge"], 1))
    size = size if len(label) <= 11 else size - 2
    out.append(Text(x + w / 2, y + h / 2, label, size,
                    COLORS["button_text"] if enabled else COLORS["button_off_text"], True, "center", w - 8))
    regions.append(Region("button", key, x, y, w, h))


@lru_cache(maxsize=4)
def _floor(lang: str, width: int, height: int) -> tuple:
    """The floor: the rulers, the 24 tables (flag, code, name) and the 68 empty chairs, each
    with a strip of its tables' colours on the sides facing them (a shared chair: two strips)."""
    out: list = [Rect(0, 0, width, height, COLORS["background"]),
                 Rect(GRID_X - 3, GRID_Y - 3, BOARD_W + 6, BOARD_H + 6, COLORS["floor"], COLORS["panel_edge"])]
    for i, col in enumerate(BOARD.columns):
        out.append(Text(GRID_X + COL_START[i] + COL_SIZE[i] / 2, GRID_Y - 11, col, 12, COLORS["ruler"], True, "center"))
    for j, row in enumerate(BOARD.rows):
        out.append(Text(GRID_X - 11, GRID_Y + ROW_START[j] + ROW_SIZE[j] / 2, str(row), 11, COLORS["ruler"],
                        True, "center"))
    names = NATION_NAMES[lang]
    for place, nation in BOARD.tables:
        x, y, w, h = cell_rect(place)
        _flag(out, nation, x + 2, y + 2, w - 4, h - 4)
        out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, COLORS["card_edge"], 1.5))
        out.append(Rect(x + 6, y + 14, w - 12, h - 28, COLORS["label"], COLORS["card_edge"], 1))
        out.append(Text(x + w / 2, y + h / 2 - 6, nation, 15, COLORS["ink"], True, "center"))
        out.append(Text(x + w / 2, y + h / 2 + 8, names[nation], 9, COLORS["ink"], False, "center", w - 14))
        out.append(Text(x + w - 5, y + h - 7, place, 8, COLORS["ink"], False, "right"))
    bx, by, bw, bh = bar_rect()
    out.append(Rect(bx, by, bw, bh, "#e8d6b0", COLORS["ruler"], 2))
    out.append(Text(bx + bw / 2, by + 14, board_say(lang, "bar"), 15, COLORS["ruler"], True, "center"))
    for i, (x, y, w, h) in enumerate(bar_places()):
        value = BAR_VALUES[i]
        out.append(Rect(x, y, w, h, COLORS["panel"], COLORS["seat_edge"], 1))
        out.append(Text(x + 3, y + 8, str(i + 1), 8, COLORS["muted"]))
        out.append(Text(x + w - 3, y + 9, f"{value:+d}".replace("-", "−"), 10,
                        BAR_PLUS if value > 0 else BAR_MINUS, True, "right"))
    for chair in CHAIRS:
        x, y, w, h = cell_rect(chair)
        out.append(Rect(x + 4, y + 4, w - 8, h - 8, COLORS["seat"], COLORS["seat_edge"], 1))
        out.append(Text(x + 7, y + 11, chair, 8, COLORS["seat_name"]))
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
        if len(CHAIR_TABLES[chair]) == 2:   # a shared chair: a small ◆ in its corner
            out.append(Text(x + w - 9, y + 11, "◆", 8, COLORS["ruler"], False, "center"))
    return tuple(out)


def _lit_label(out: list, x: float, y: float, w: float, h: float, text: str, colour: str) -> None:
    out.append(Rect(x + 2, y + 2, w - 4, h - 4, None, colour, 3))
    lw = min(w - 8, max(30, 8 * len(text)))
    out.append(Rect(x + (w - lw) / 2, y + h / 2 - 9, lw, 18, colour))
    out.append(Text(x + w / 2, y + h / 2, text, 12, COLORS["label"], True, "center", lw - 2))


def _board_layer(out: list, regions: list, view: BoardView) -> None:
    board = view.board
    lit = dict(view.lit)
    hints: dict[str, list[str]] = {}
    for where, label in view.hint:
        hints.setdefault(where, []).append(label)
    for chair, tile in zip(CHAIRS, board.chairs):
        x, y, w, h = cell_rect(chair)
        tw, th = min(w, h) - 6, min(w, h) - 6
        if tile:
            placed = chair in view.placed
            out += tile_primitives(tile, x + (w - tw) / 2, y + (h - th) / 2, tw, th,
                                   COLORS["placed"] if placed else COLORS["card_edge"], 3 if placed else 1.2)
        if chair in view.marks:
            out.append(Rect(x + 1, y + 1, w - 2, h - 2, None, COLORS["mark"], 3))
        if chair in lit:
            _lit_label(out, x, y, w, h, "" if lit[chair] is None else f"+{lit[chair]}", COLORS["lit"])
        if chair in view.swaps:
            out.append(Rect(x + 1, y + 1, w - 2, h - 2, None, COLORS["lit"], 4))
        if chair == view.asking:
            out.append(Rect(x, y, w, h, None, COLORS["selected"], 4))
        for i, label in enumerate(hints.get(chair, ())):
            out.append(Rect(x + 1, y + 1, w - 2, h - 2, None, COLORS["hint"], 3))
            out.append(Rect(x + 2, y + h - 16 - 15 * i, w - 4, 15, COLORS["hint"]))
            out.append(Text(x + w / 2, y + h - 8.5 - 15 * i, label, 10, COLORS["label"], True, "center", w - 6))
        regions.append(Region("chair", chair, x + 2, y + 2, w - 4, h - 4))
    for place, nation in BOARD.tables:
        x, y, w, h = cell_rect(place)
        regions.append(Region("table", place, x + 2, y + 2, w - 4, h - 4))
    for place, points in view.lit_tables:
        x, y, w, h = cell_rect(place)
        out.append(Rect(x, y, w, h, None, TABLE_LIT, 4))
        out.append(Rect(x + w / 2 - 16, y + 1, 32, 14, TABLE_LIT))
        out.append(Text(x + w / 2, y + 8, f"+{points}", 11, COLORS["label"], True, "center"))
    places = bar_places()
    n = len(board.bar)
    for i, (x, y, w, h) in enumerate(places):
        name = f"bar{i + 1}"
        if i < n:
            tw, th = min(w - 8, 34), min(h - 18, 30)
            out += tile_primitives(board.bar[i], x + (w - tw) / 2, y + 16, tw, th)
        elif i == n:
            out.append(Rect(x, y, w, h, None, COLORS["selected"], 2))
            out.append(Text(x + w / 2, y + h / 2 + 6, board_say(view.lang, "bar_next"), 10,
                            COLORS["selected"], True, "center", w - 4))
        if name in view.marks:
            out.append(Rect(x - 1, y - 1, w + 2, h + 2, None, COLORS["mark"], 3))
        if name in lit:
            _lit_label(out, x, y + 8, w, h - 8, f"{lit[name]:+d}".replace("-", "−"), COLORS["lit"])
        for label in hints.get(name, ()):
            out.append(Rect(x - 1, y - 1, w + 2, h + 2, None, COLORS["hint"], 3))
            out.append(Rect(x, y + h - 15, w, 15, COLORS["hint"]))
            out.append(Text(x + w / 2, y + h - 7.5, label, 10, COLORS["label"], True, "center", w - 4))
        regions.append(Region("bar", name, x, y, w, h, i))


def _panel(out: list, regions: list, view: BoardView) -> None:
    lang = view.lang
    x, w = PANEL_X, PANEL_W
    top, bottom = GRID_Y - 3, GRID_Y + BOARD_H + 3
    out.append(Rect(x, top, w, bottom - top, COLORS["panel"], COLORS["panel_edge"]))
    nav_w = 30
    out.append(Text(x + 12, top + 16, view.title or board_say(lang, "title"), 14, COLORS["ink"], True, "left",
                    w - 24 - len(view.nav) * (nav_w + 4)))
    for i, (key, label, enabled) in enumerate(view.nav):
        _button(out, regions, key, label, enabled, x + w - 8 - (len(view.nav) - i) * (nav_w + 4), top + 4, nav_w, 24)
    y = top + 32
    for p, player in enumerate(view.players):
        block = 20 + TILE_H + 8
        if player.to_move:
            out.append(Rect(x + 4, y, w - 8, block, COLORS["row_selected"]))
            out.append(Text(x + 12, y + 10, "▶", 13, COLORS["selected"], True))
        colour = COLORS["muted"] if player.out else COLORS["ink"]
        out.append(Text(x + 26, y + 10, player.name, 13, colour, player.to_move, "left", 150))
        out.append(Text(x + 200, y + 10, str(player.score), 14, colour, True, "right"))
        extra = board_say(lang, "out") if player.out else board_say(lang, "hand", n=len(player.hand),
                                                                     size=player.hand_size)
        out.append(Text(x + 208, y + 10, extra, 11, COLORS["muted"], False, "left", w - 214))
        for i, tile in enumerate(player.hand):
            tx = x + 12 + i * (TILE_W + TILE_GAP)
            if tx + TILE_W > x + w - 4:
                break
            ty = y + 20
            chosen = view.selected == (p, i)
            out += tile_primitives(tile, tx, ty, TILE_W, TILE_H)
            if chosen:
                out.append(Rect(tx - 2, ty - 2, TILE_W + 4, TILE_H + 4, None, COLORS["selected"], 3))
            name = tile if player.to_move or len(view.players) == 1 else f"{p + 1}:{tile}"
            regions.append(Region("tile", name, tx, ty, TILE_W, TILE_H, p * 100 + i))
        y += block + 4
    if view.bag is not None:
        n = len(view.board.bar)
        text = (board_say(lang, "bag", n=view.bag, place=n + 1, value=BAR_VALUES[n]) if n < BAR_PLACES
                else board_say(lang, "bag_full", n=view.bag))
        # no max_width: the line fits, and the SVG would stretch a line it guesses too long
        out.append(Text(x + 12, y + 8, text.replace("-", "−") if n < BAR_PLACES else text, 12, COLORS["muted"],
                        False, "left"))
        y += 22
    controls_top = bottom - 8 - (STATUS_STEP * 7 + 10) - 2 * (BUTTON_H + 6) - (BUTTON_H + 8 if view.choices else 0)
    if view.picture:
        controls_top = bottom - 8
    for text in view.info:
        if y + 16 > controls_top - 4:
            break
        bold = text.startswith("*")
        out.append(Text(x + 12, y + 8, text.lstrip("*"), 12, COLORS["ink"], bold, "left", w - 24))
        y += 17
    if view.picture:
        return
    by = controls_top
    bw = (w - 24 - 2 * 6) / 3
    for i, (key, label, enabled) in enumerate(view.buttons):
        row, col = divmod(i, 3)
        _button(out, regions, key, label, enabled, x + 12 + col * (bw + 6), by + row * (BUTTON_H + 6), bw)
    by += 2 * (BUTTON_H + 6)
    if view.choices:
        out.append(Text(x + 12, by + BUTTON_H / 2, board_say(lang, "which"), 12, COLORS["ink"], True, "left", 100))
        cw = (w - 24 - 104 - 6) / 2
        for i, (key, label, enabled) in enumerate(view.choices):
            _button(out, regions, key, label, enabled, x + 12 + 104 + i * (cw + 6), by, cw)
        by += BUTTON_H + 8
    fill = {"error": COLORS["status_error"], "ok": COLORS["status_ok"]}.get(view.status_kind, COLORS["status"])
    sh = bottom - 8 - by
    out.append(Rect(x + 8, by, w - 16, sh, fill, COLORS["panel_edge"]))
    # wrapped short of the box: a line the SVG thinks too long would be squeezed (or stretched)
    lines = wrap(view.status, (w - 32) * 0.9, STATUS_SIZE, max(1, int((sh - 8) // STATUS_STEP)))
    for i, text in enumerate(lines):
        out.append(Text(x + 16, by + 6 + STATUS_STEP / 2 + i * STATUS_STEP, text, STATUS_SIZE, COLORS["ink"],
                        False, "left", w - 32))


def build_board_scene(view: BoardView) -> Scene:
    """The scene of a board view: layers (``BOARD_LAYERS``) and the clickable regions."""
    alone = view.picture and not view.players
    width, height = (PICTURE_WIDTH if alone else WIDTH), HEIGHT
    regions: list[Region] = []
    floor = _floor(view.lang, width, height)
    board: list = []
    _board_layer(board, regions, view)
    panel: list = []
    if not alone:
        _panel(panel, regions, view)
    return Scene((floor, tuple(board), tuple(panel)), tuple(regions), width, height)


#: Where the widget's upper canvas is cleared for each changed layer: (x, y, width, height).
BOARD_ZONES = {
    "board": (GRID_X - 6, GRID_Y - 6, BOARD_W + 12, BOARD_H + 12),
    "panel": (PANEL_X - 2, 0, PANEL_W + 10, HEIGHT),
}
