"""The scene: the café, the hand, the panel and the controls as positioned shapes and text.

``build_scene(view)`` turns a :class:`View` (a café or game and the state of the screen) into a
:class:`Scene`: layers of primitives (``LAYERS``: the floor, rulers and tables; the guests
on their seats; the hand; the panel; the buttons and status; the highlights) and the
clickable regions. The live ipycanvas widget
and the static SVG are both drawn from a scene, and ``hit_test`` answers clicks from it, so
what is drawn, what is clickable and what the tests check cannot drift apart.

::

            a      b      c      d      e         ┌ panel: players, scores, piles,
      1     .     b1      .     d1      .         │ the last turn table by table
      2    a2    [b2]    c2    [d2]    e2         │
      3     .     b3    [c3]    d3      .         │
      4    a4    [b4]    c4    [d4]    e4         │
      5     .     b5      .     d5      .         └
    hand (or the palette of all 24 guests)
    buttons
    status line
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ..i18n import NN_, NP_, current, translate
from ..engine import Cafe
from ..engine.layout import COLUMNS, ROWS, SEATS, TABLE_PLACES, cell_xy
from .card_names import NAME_SIZE, NAME_WIDTH, card_name, fits
from .style import (BUTTON_GAP, BUTTON_H, BUTTON_W, BUTTON_Y, CAFE_SIZE, CARD_GAP, CARD_H, CARD_W,
                    CELL, COLORS, FLAGS, GRID_X, GRID_Y, HAND_Y, PANEL_BOTTOM, PANEL_W, PANEL_X, PANEL_Y,
                    SEX_MARK, STATUS_H, STATUS_Y, WIDTH)

PALETTE_H, PALETTE_GAP = 46, 4        # palette cards are shorter: two rows of 12
#: The status's sizes: three lines of 15-px text, or five of 13 px, or six of 12 px for the
#: longest sentences (font size, line step, lines).
STATUS_SIZES = ((15, 19, 3), (13, 14.6, 5), (12, 12.6, 6))
BUTTON_ROW = 3                        # buttons a row, under the panel
HEIGHT = HAND_Y + 2 * PALETTE_H + PALETTE_GAP + 4
STRIP_Y = GRID_Y + 5 * CELL + 6       # the strip under the café, across the widget: the hand


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line: float = 1.0
    alpha: float = 1.0           # opacity: below 1 for a faded guest (a refused placement)


class Text(NamedTuple):
    x: float
    y: float
    text: str
    size: int = 14
    color: str = COLORS["ink"]
    bold: bool = False
    align: str = "left"          # left, center, right; the baseline is always the middle
    max_width: float | None = None
    alpha: float = 1.0


class Region(NamedTuple):
    """A clickable rectangle: ``kind`` is seat, table, card, palette, button or handover."""

    kind: str
    name: str
    x: float
    y: float
    w: float
    h: float
    index: int = 0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


#: The layers of a scene, bottom first. The floor (rulers and tables) is a canvas of its own in
#: the widget; the others are zones of one canvas above it, side by side (``ZONES``), so that a
#: click clears and redraws only the zones that changed, on one canvas (a card chosen: the hand
#: and the controls). Each zone holds its own highlights (lit seats, hints, badges, the chosen
#: card), drawn last.
LAYERS = ("floor", "seats", "hand", "panel", "controls")


#: Where each zone of the upper canvas is drawn: (x, y, width, height), apart from each other.
ZONES = {
    "seats": (GRID_X - 6, GRID_Y - 8, 5 * CELL + 12, 5 * CELL + 14),
    "hand": (0, STRIP_Y, WIDTH, HEIGHT - STRIP_Y),
    "panel": (PANEL_X - 2, 0, PANEL_W + 6, PANEL_BOTTOM + 2),
    "controls": (PANEL_X - 2, BUTTON_Y - 3, PANEL_W + 6, STATUS_Y + STATUS_H + 2 - (BUTTON_Y - 3)),
}


@dataclass(frozen=True)
class Scene:
    """Three layers of primitives, the clickable regions, and the size in logical pixels.
    ``sheet_window``: the first scoresheet row shown and how many rows fit."""

    layers: tuple[tuple, ...]
    regions: tuple[Region, ...]
    width: int
    height: int
    sheet_window: tuple[int, int] = (0, 0)
    #: For each layer, None or its patches: (rectangle, primitives) side by side, which the
    #: widget may clear and redraw one by one (the hand: its title and each card, so that
    #: choosing a card redraws two cards, not the whole palette).
    patches: tuple = ()
    #: The view the scene was drawn from: what its picture says in words (``describe``).
    view: object = field(default=None, compare=False, repr=False)

    def locate(self, name: str) -> tuple[float, float]:
        """Centre of a seat, table, card (first of that guest), button, scoresheet row
        (``"row3"``, counting from 1) or the hand-over screen."""
        for region in self.regions:
            if region.name == name:
                return region.centre
        shown = " ".join(dict.fromkeys(r.name for r in self.regions))
        raise ValueError(f"nothing called {name!r} is shown; shown now: {shown}")

    def layer(self, name: str) -> tuple:
        """The primitives of one layer, by its name in ``LAYERS``."""
        return self.layers[LAYERS.index(name)]

    def texts(self) -> list[str]:
        """Every text drawn, in drawing order (for tests and screen readers)."""
        return [p.text for layer in self.layers for p in layer if isinstance(p, Text)]


def hit_test(scene: Scene, x: float, y: float) -> Region | None:
    """The region under the point, the topmost first (the hand-over screen covers the hand)."""
    for region in scene.regions:
        if region.x <= x < region.x + region.w and region.y <= y < region.y + region.h:
            return region
    return None


class PlayerLine(NamedTuple):
    name: str
    score: int
    hand: int
    face_down: int
    to_move: bool = False
    counts: str = ""          # "hand 7 · face down 0", in the view's language


@dataclass(frozen=True)
class View:
    """What the screen shows: built by the widget (or by ``picture``) from a café or a game."""

    cafe: Cafe
    lang: str | None = None
    hand: tuple[str, ...] = ()
    hand_title: str = ""
    palette: bool = False
    handover: str = ""
    selected: int | None = None
    lit: tuple[tuple[str, int | None], ...] = ()   # (seat, points), None: lit without points
    hint: tuple[tuple[str, str], ...] = ()   # (seat, "1 RUf +6"), the best turn in order
    badges: tuple[tuple[str, int], ...] = ()
    placed: tuple[str, ...] = ()
    title: str = ""
    players: tuple[PlayerLine, ...] = ()
    piles: str = ""
    info: tuple[str, ...] = ()
    buttons: tuple[tuple[str, str, bool], ...] = ()
    status: str = ""
    status_kind: str = ""
    picture: bool = False
    marks: tuple[tuple[str, str], ...] = ()      # (seat, "P2 +8"): filled by the last turn
    task_marks: tuple[str, ...] = ()             # seats a student marked in a seat task
    sheet_title: str = ""                        # the scoresheet: "" for none
    sheet: tuple[str, ...] = ()                  # one row a turn, newest last
    sheet_selected: int | None = None            # the row whose position is shown
    sheet_start: int | None = None               # first row shown; None: follow the newest
    sheet_buttons: tuple[tuple[str, str, bool], ...] = ()   # ◀ ▶ Review, in its header
    title_button: tuple[str, str, bool] | None = None       # New game, beside the title
    refused: tuple | None = None   # (seat, guest, rule, tables): a refused placement, faded
    full: tuple[str, ...] = ()                   # full tables, the moment before they are cleared

    def __post_init__(self):
        # The language is fixed when the view is built: None is the current language then.
        object.__setattr__(self, "lang", current(self.lang))


def cell_box(name: str) -> tuple[float, float]:
    """Top-left corner of a grid cell (``"b3"``)."""
    col, row = cell_xy(name)
    return GRID_X + col * CELL, GRID_Y + row * CELL


def _flag(out: list, nation: str, x: float, y: float, w: float, h: float) -> None:
    orient, bands = FLAGS[nation]
    n = len(bands)
    for i, colour in enumerate(bands):
        if orient == "h":
            y0, y1 = round(y + h * i / n, 2), round(y + h * (i + 1) / n, 2)
            out.append(Rect(x, y0, w, y1 - y0, colour))
        else:
            x0, x1 = round(x + w * i / n, 2), round(x + w * (i + 1) / n, 2)
            out.append(Rect(x0, y, x1 - x0, h, colour))


def guest_card(out: list, guest: str, x: float, y: float, w: float, h: float,
               edge: str = COLORS["card_edge"], edge_width: float = 1.5) -> None:
    """A guest card: flag band, nation code, sex symbol and letter, body coloured by sex."""
    out += _guest_card(guest, x, y, w, h, edge, edge_width)


@lru_cache(maxsize=1024)
def _guest_card(guest: str, x: float, y: float, w: float, h: float, edge: str,
                edge_width: float) -> tuple:
    """The primitives of a guest card, made once for each card and place (the palette and the
    seats are drawn again and again: a click must stay quick in the kernel)."""
    out: list = []
    body = COLORS["woman"] if guest[2] == "f" else COLORS["man"]
    band = max(10, round(h * 0.2))
    out.append(Rect(x, y, w, h, body, edge, edge_width))
    _flag(out, guest[:2], x + 1, y + 1, w - 2, band)
    out.append(Text(x + w / 2, y + band + (h - band) * 0.36, guest[:2], 19 if h > 60 else 17,
                    COLORS["ink"], True, "center"))
    out.append(Text(x + w / 2, y + band + (h - band) * 0.76, SEX_MARK[guest[2]],
                    13, COLORS["ink"], False, "center"))
    return tuple(out)


def build_scene(view: View) -> Scene:
    """The scene of a view: its layers (``LAYERS``) and the clickable regions."""
    floor, items, hand, panel, controls, lights = [], [], [], [], [], []   # lights: on the seats
    regions: list[Region] = []
    cafe = view.cafe
    width, height = (CAFE_SIZE if view.picture and not view.players else (WIDTH, HEIGHT))
    if view.picture and view.players:
        height = CAFE_SIZE[1]

    floor.append(Rect(0, 0, width, height, COLORS["background"]))
    floor.append(Rect(GRID_X - 4, GRID_Y - 4, 5 * CELL + 8, 5 * CELL + 8, COLORS["floor"]))
    for i, col in enumerate(COLUMNS):
        floor.append(Text(GRID_X + i * CELL + CELL / 2, GRID_Y - 17, col, 16, COLORS["ruler"], True, "center"))
    for j, row in enumerate(ROWS):
        floor.append(Text(GRID_X - 20, GRID_Y + j * CELL + CELL / 2, row, 16, COLORS["ruler"], True, "center"))

    for place, nation in zip(TABLE_PLACES, cafe.tables):
        x, y = cell_box(place)
        if nation is None:
            floor.append(Rect(x + 3, y + 3, CELL - 6, CELL - 6, COLORS["missing"], COLORS["seat_edge"]))
            floor.append(Text(x + CELL / 2, y + CELL / 2, "—", 20, COLORS["muted"], False, "center"))
        else:
            _flag(floor, nation, x + 3, y + 3, CELL - 6, CELL - 6)
            floor.append(Rect(x + 3, y + 3, CELL - 6, CELL - 6, None, COLORS["card_edge"], 2))
            lines = card_name(nation, view.lang)   # one line, or two (never squeezed)
            floor.append(Rect(x + 6, y + 20, CELL - 12, 38 if len(lines) == 1 else 44, COLORS["label"],
                              COLORS["card_edge"], 1))
            floor.append(Text(x + CELL / 2, y + 31, nation, 18, COLORS["ink"], True, "center"))
            for i, text in enumerate(lines):
                floor.append(Text(x + CELL / 2, y + (48 if len(lines) == 1 else 44) + 12 * i, text, NAME_SIZE,
                                  COLORS["ink"], False, "center", NAME_WIDTH))
        low = nation is not None and len(card_name(nation, view.lang)) > 1   # under a two-line name
        label_y = y + CELL - (9 if low else 12)
        if nation:   # on a dark tab, whatever the flag under it: white on ink, 15.9:1
            floor.append(Rect(x + CELL - 26, label_y - 7, 22, 14, COLORS["ink"]))
        floor.append(Text(x + CELL - 7, label_y, place, 12,
                          COLORS["label"] if nation else COLORS["muted"], False, "right"))
        regions.append(Region("table", place, x + 3, y + 3, CELL - 6, CELL - 6))

    lit = dict(view.lit)
    for seat, guest in zip(SEATS, cafe.seats):
        x, y = cell_box(seat)
        if guest:
            placed = seat in view.placed
            guest_card(items, guest, x + 10, y + 7, CELL - 20, CELL - 14,
                       COLORS["placed"] if placed else COLORS["card_edge"], 3 if placed else 1.5)
        else:
            items.append(Rect(x + 6, y + 6, CELL - 12, CELL - 12, COLORS["seat"], COLORS["seat_edge"], 1.5))
            items.append(Text(x + 12, y + 17, seat, 12, COLORS["seat_name"]))
        if seat in lit:
            lights.append(Rect(x + 4, y + 4, CELL - 8, CELL - 8, None, COLORS["lit"], 4))
            if not guest:
                lights.append(Rect(x + 8, y + 26, CELL - 16, 32, COLORS["lit_fill"]))
                if lit[seat] is not None:   # None: lit without its points (a puzzle)
                    lights.append(Text(x + CELL / 2, y + 42, f"+{lit[seat]}", 20, COLORS["lit"], True, "center"))
        regions.append(Region("seat", seat, x + 6, y + 6, CELL - 12, CELL - 12))

    if view.refused:
        _refused(items, lights, *view.refused, cafe)

    hinted: dict[str, list[str]] = {}
    for seat, label in view.hint:   # a seat freed by a clearing may come twice
        hinted.setdefault(seat, []).append(label)
    for seat, labels in hinted.items():
        x, y = cell_box(seat)
        lights.append(Rect(x + 2, y + 2, CELL - 4, CELL - 4, None, COLORS["hint"], 4))
        for i, label in enumerate(labels):
            top = y + CELL - 30 - 24 * (len(labels) - 1 - i)
            lights.append(Rect(x + 6, top, CELL - 12, 22, COLORS["hint"]))
            lights.append(Text(x + CELL / 2, top + 11, label, 13, COLORS["label"], True, "center", CELL - 14))

    for seat, label in view.marks:   # the last turn: a frame and who scored what
        x, y = cell_box(seat)
        lights.append(Rect(x + 3, y + 3, CELL - 6, CELL - 6, None, COLORS["mark"], 3))
        if view.picture:   # a picture's label is bigger, as large as it fits unsqueezed ("3 · +10")
            size = next((n for n in (16, 15, 14, 13) if fits(label, n, CELL - 18)), 12)
            lights.append(Rect(x + 7, y + 1, CELL - 14, 24, COLORS["mark"]))
            lights.append(Text(x + CELL / 2, y + 13, label, size, COLORS["label"], True, "center", CELL - 18))
        else:
            lights.append(Rect(x + 10, y + 1, CELL - 20, 17, COLORS["mark"]))
            lights.append(Text(x + CELL / 2, y + 9.5, label, 12, COLORS["label"], True, "center", CELL - 24))

    for seat in view.task_marks:     # a seat task: the seats the student picked
        x, y = cell_box(seat)
        lights.append(Rect(x + 2, y + 2, CELL - 4, CELL - 4, None, COLORS["task"], 4))
        lights.append(Rect(x + CELL - 30, y + 8, 22, 22, COLORS["task"]))
        lights.append(Text(x + CELL - 19, y + 19, "✓", 15, COLORS["label"], True, "center"))

    for place in view.full:          # a full table, about to be cleared (R9)
        x, y = cell_box(place)
        lights.append(Rect(x + 2, y + 2, CELL - 4, CELL - 4, None, COLORS["selected"], 4))
        word = translate(FULL, view.lang)
        w = min(66, max(40, round(len(word) * 12 * 0.62 + 10)))   # clear of the place's name
        lights.append(Rect(x + 5, y + CELL - 25, w, 20, COLORS["selected"]))
        lights.append(Text(x + 5 + w / 2, y + CELL - 15, word, 12, COLORS["label"], True, "center", w - 6))

    for place, points in view.badges:
        x, y = cell_box(place)
        colour = COLORS["badge"] if points else COLORS["badge_zero"]
        if view.picture:   # bigger, as the marks
            lights.append(Rect(x + CELL - 54, y + 3, 50, 23, colour, COLORS["label"], 1.5))
            lights.append(Text(x + CELL - 29, y + 14.5, f"+{points}", 16, COLORS["label"], True, "center"))
        else:
            lights.append(Rect(x + CELL - 48, y + 5, 42, 22, colour, COLORS["label"], 1.5))
            lights.append(Text(x + CELL - 27, y + 16, f"+{points}", 14, COLORS["label"], True, "center"))

    window, hand_patches = (0, 0), None
    if not view.picture or view.players:
        window = _panel(panel, regions, view, height)
    if not view.picture:
        hand_patches = _hand(hand, regions, view)
        control_patches = _controls(controls, regions, view)
    else:
        control_patches = None
    # The hand-over screen sits on top of the hand: its region comes first for hit_test.
    regions.sort(key=lambda r: r.kind != "handover")
    seat_patches = _by_cell(items + lights)
    seats = tuple(p for _, cell in seat_patches for p in cell)
    layers = (floor, seats, hand, panel, controls)
    return Scene(tuple(tuple(layer) for layer in layers), tuple(regions), width, height, window,
                 (None, seat_patches, hand_patches, None, control_patches), view)


#: The word on a full table (R9).
FULL = NP_("table", "full")
REFUSED = "#c62828"      # the ✗ and the rule of a refused placement
FADED = 0.35             # the opacity of a refused guest's card; its code and sex stay readable


def _refused(items: list, lights: list, seat: str, guest: str, rule: str, tables: tuple,
             cafe: Cafe) -> None:
    """A refused placement: the guest faded on its seat (unless someone sits there already),
    a big red ✗ over it, the guest's code and sex still readable above the ✗, the refusing
    rule's id in a red tag at the top of the seat, and a red frame round each table the
    refusal names."""
    for place in tables:
        x, y = cell_box(place)
        lights.append(Rect(x + 2, y + 2, CELL - 4, CELL - 4, None, REFUSED, 3))
    x, y = cell_box(seat)
    card = _guest_card(guest, x + 10, y + 7, CELL - 20, CELL - 14, COLORS["card_edge"], 1.5)
    empty = cafe.guest(seat) is None
    if empty:
        items += [p._replace(alpha=FADED) for p in card if isinstance(p, Rect)]
    lights.append(Rect(x + 4, y + 4, CELL - 8, CELL - 8, None, REFUSED, 3))
    lights.append(Text(x + CELL / 2, y + CELL / 2 + 4, "✗", 72, REFUSED, False, "center", alpha=0.8))
    if empty:
        lights += [p._replace(alpha=0.9) for p in card if isinstance(p, Text)]
    lights.append(Rect(x + CELL / 2 - 24, y + 2, 48, 22, REFUSED, COLORS["label"], 1.5))
    lights.append(Text(x + CELL / 2, y + 13, rule, 15, COLORS["label"], True, "center", 44))


def _by_cell(primitives) -> tuple:
    """The café's guests and highlights as patches, one a grid cell (25), each drawn within its
    cell: what a click changes is redrawn cell by cell."""
    cells: dict = {(c, r): [] for r in range(5) for c in range(5)}
    for p in primitives:
        cx, cy = (p.x + p.w / 2, p.y + p.h / 2) if isinstance(p, Rect) else (p.x, p.y)
        cells[(int((cx - GRID_X) // CELL), int((cy - GRID_Y) // CELL))].append(p)
    return tuple(((GRID_X + c * CELL, GRID_Y + r * CELL, CELL, CELL), tuple(cell))
                 for (c, r), cell in cells.items())


INFO_SIZE, INFO_STEP = 13, 17   # the panel's info lines: font size, line step
#: The panel's last line when its info lines do not all fit.
MORE = NN_("… and {count} more line", "… and {count} more lines")
MORE_SHEET = NN_("… and {count} more line: see the scoresheet", "… and {count} more lines: see the scoresheet")
SHEET_ROW = 17          # a scoresheet row
SHEET_MIN_ROWS = 3      # rows kept for the scoresheet, whatever the info above it (4 players: 2 info lines)
SHEET_BUTTON_W = 30


def _panel(out: list, regions: list, view: View, height: float) -> tuple[int, int]:
    """The side panel: title, players, piles, info lines, and the scoresheet at the bottom.
    Returns the scoresheet's window: (first row shown, rows that fit)."""
    x, w = PANEL_X, PANEL_W
    if view.picture:   # beside the café, as tall as it
        y, bottom = GRID_Y - 4, GRID_Y + 5 * CELL + 4
    else:              # the buttons and the status under it
        y, bottom = PANEL_Y, PANEL_BOTTOM
    out.append(Rect(x, y, w, bottom - y, COLORS["panel"], COLORS["panel_edge"]))
    title_w = w - 28
    if view.title_button:   # e.g. New game, at the right of the title
        key, label, enabled = view.title_button
        bw = max(84, round(14 + 7.4 * len(label)))
        bx, by = x + w - 10 - bw, y + 6
        out.append(Rect(bx, by, bw, 24, COLORS["button"] if enabled else COLORS["button_off"],
                        COLORS["card_edge"], 1))
        out.append(Text(bx + bw / 2, by + 12, label, 12, COLORS["button_text"] if enabled
                        else COLORS["button_off_text"], True, "center", bw - 6))
        regions.append(Region("button", key, bx, by, bw, 24))
        title_w = w - 38 - bw
    out.append(Text(x + 14, y + 18, view.title or "Café International", 18, COLORS["ink"], True, "left", title_w))
    line = y + 46
    for p in view.players:
        if p.to_move:
            out.append(Text(x + 14, line, "▶", 15, COLORS["selected"], True))
        out.append(Text(x + 32, line, p.name, 15, COLORS["ink"], p.to_move, "left", 170))
        out.append(Text(x + 238, line, f"{p.score}", 15, COLORS["ink"], True, "right"))
        out.append(Text(x + 252, line, p.counts, 12, COLORS["muted"], False, "left", w - 262))
        line += 21
    if view.piles:
        out.append(Text(x + 14, line + 4, view.piles, 13, COLORS["muted"], False, "left", w - 28))
        line += 26
    info_bottom = bottom - 14
    if view.sheet_title:
        info_bottom = min(info_bottom, bottom - 8 - 28 - SHEET_MIN_ROWS * SHEET_ROW)
    info = list(view.info)
    room = int((info_bottom - line) // INFO_STEP) + 1 if line <= info_bottom else 0
    if 0 < room < len(info):   # never cut silently: the last line says how many are left out
        more = len(info) - room + 1
        info = info[:room - 1] + [translate(MORE_SHEET if view.sheet_title else MORE, view.lang, more)
                                  .format(count=more)]
    for text in info[:room]:
        bold = text.startswith("*")
        colour = COLORS["muted"] if text.startswith("…") else COLORS["ink"]
        out.append(Text(x + 14, line, text.lstrip("*"), INFO_SIZE, colour, bold, "left", w - 28))
        line += INFO_STEP
    if not view.sheet_title:
        return (0, 0)
    return _sheet(out, regions, view, line - 6, bottom)


def _sheet(out: list, regions: list, view: View, top: float, bottom: float) -> tuple[int, int]:
    """The scoresheet: a header with its buttons, then one row a turn, newest last; rows that do
    not fit scroll (▲ ▼ at the right). Clicking a row shows that position."""
    x, w = PANEL_X + 8, PANEL_W - 16
    out.append(Rect(x, top, w, 1, COLORS["panel_edge"]))
    head = top + 15
    out.append(Text(x + 6, head, view.sheet_title, 14, COLORS["ink"], True, "left", 120))
    widths = [SHEET_BUTTON_W if len(label) <= 2 else max(84, round(14 + 7.4 * len(label)))
              for _, label, _ in view.sheet_buttons]
    bx = x + w - sum(bw + 4 for bw in widths) + 4
    for (key, label, enabled), bw in zip(view.sheet_buttons, widths):
        out.append(Rect(bx, head - 11, bw, 22, COLORS["button"] if enabled else COLORS["button_off"],
                        COLORS["card_edge"], 1))
        out.append(Text(bx + bw / 2, head, label, 12, COLORS["button_text"] if enabled
                        else COLORS["button_off_text"], True, "center", bw - 6))
        regions.append(Region("button", key, bx, head - 11, bw, 22))
        bx += bw + 4
    rows_top = head + 16
    fit = max(1, int((bottom - 6 - rows_top) // SHEET_ROW))
    n = len(view.sheet)
    start = view.sheet_start if view.sheet_start is not None else n - fit
    if view.sheet_selected is not None:   # the position shown is always in view
        if view.sheet_selected < start:
            start = view.sheet_selected
        elif view.sheet_selected >= start + fit:
            start = view.sheet_selected - fit + 1
    start = max(0, min(start, n - fit))
    scroll = n > fit
    row_w = w - (26 if scroll else 0)
    for i in range(start, min(n, start + fit)):
        ry = rows_top + (i - start) * SHEET_ROW
        if i == view.sheet_selected:
            out.append(Rect(x, ry, row_w, SHEET_ROW, COLORS["row_selected"]))
        text = view.sheet[i]
        best = text.startswith("*")
        out.append(Text(x + 6, ry + SHEET_ROW / 2, text.lstrip("*"), 12,
                        COLORS["row_best"] if best else COLORS["ink"], i == view.sheet_selected,
                        "left", row_w - 10))
        regions.append(Region("row", f"row{i + 1}", x, ry, row_w, SHEET_ROW, i))
    if scroll:
        for key, label, ry, enabled in (("rows_up", "▲", rows_top, start > 0),
                                        ("rows_down", "▼", rows_top + fit * SHEET_ROW - 17, start + fit < n)):
            out.append(Rect(x + w - 22, ry, 22, 17, COLORS["button"] if enabled else COLORS["button_off"]))
            out.append(Text(x + w - 11, ry + 8.5, label, 12, COLORS["label"] if enabled else COLORS["button_off_text"],
                            True, "center"))
            regions.append(Region("button", key, x + w - 22, ry, 22, 17))
    if not n:
        out.append(Text(x + 6, rows_top + SHEET_ROW / 2, "—", 12, COLORS["muted"]))
    return (start, fit)


def _hand(out: list, regions: list, view: View) -> tuple | None:
    """The hand (or the palette) and the hand-over screen; returns the hand's patches (its
    title, then a rectangle a card, the chosen one's frame included), or None under a hand-over
    screen."""
    top = STRIP_Y
    title = [Text(GRID_X, HAND_Y - 12, view.hand_title, 14, COLORS["ink"], True, "left", 800)]
    patches = [((0, top, WIDTH, HAND_Y - 3 - top), tuple(title))]
    out += title
    card_h = PALETTE_H if view.palette else CARD_H
    for i, guest in enumerate(view.hand):
        row, col = divmod(i, 12)
        x = GRID_X + col * (CARD_W + CARD_GAP)
        y = HAND_Y + row * (card_h + PALETTE_GAP)
        card: list = []
        guest_card(card, guest, x, y, CARD_W, card_h)
        if view.selected == i:   # the chosen card's frame, within its patch
            card.append(Rect(x + 1, y + 1, CARD_W - 2, card_h - 2, None, COLORS["selected"], 4))
            card.append(Rect(x - 2, y - 2, CARD_W + 4, card_h + 4, None, COLORS["selected"], 2))
        out += card
        patches.append(((x - 3, y - 3, CARD_W + 6, card_h + 6), tuple(card)))
        regions.append(Region("palette" if view.palette else "card", guest, x, y, CARD_W, card_h, i))
    if view.handover:
        x, y, w, h = GRID_X - 6, top + 2, 12 * (CARD_W + CARD_GAP) + 6, HEIGHT - top - 6
        out.append(Rect(x, y, w, h, COLORS["handover"]))
        out.append(Text(x + w / 2, y + h / 2, view.handover, 17, COLORS["label"], True, "center", w - 20))
        regions.append(Region("handover", "handover", x, y, w, h))
        return None
    return tuple(patches)


def _controls(out: list, regions: list, view: View) -> tuple:
    """The buttons and the status; returns them as patches (a button each, then the status)."""
    patches = []
    for i, (key, label, enabled) in enumerate(view.buttons):
        row, col = divmod(i, BUTTON_ROW)
        x, y = PANEL_X + col * (BUTTON_W + BUTTON_GAP), BUTTON_Y + row * (BUTTON_H + 6)
        button = (Rect(x, y, BUTTON_W, BUTTON_H,
                       COLORS["button"] if enabled else COLORS["button_off"], COLORS["card_edge"], 1),
                  Text(x + BUTTON_W / 2, y + BUTTON_H / 2, label, 14,
                       COLORS["button_text"] if enabled else COLORS["button_off_text"], True, "center",
                       BUTTON_W - 10))
        out += button
        patches.append(((x - 1, y - 1, BUTTON_W + 2, BUTTON_H + 2), button))
        regions.append(Region("button", key, x, y, BUTTON_W, BUTTON_H))
    first = len(out)
    fill = {"error": COLORS["status_error"], "ok": COLORS["status_ok"]}.get(view.status_kind, COLORS["status"])
    out.append(Rect(PANEL_X, STATUS_Y, PANEL_W, STATUS_H, fill, COLORS["panel_edge"]))
    width = PANEL_W - 20
    for size, step, most in STATUS_SIZES:   # a long message: more, smaller lines, never under 12 px
        lines = wrap(view.status, width, size, 99)
        if len(lines) <= most:
            break
    lines = wrap(view.status, width, size, most)
    top = STATUS_Y + STATUS_H / 2 - (len(lines) - 1) * step / 2
    for i, text in enumerate(lines):
        out.append(Text(PANEL_X + 10, top + step * i, text, size, COLORS["ink"], False, "left", width))
    patches.append(((PANEL_X - 1, STATUS_Y - 1, PANEL_W + 2, STATUS_H + 2), tuple(out[first:])))
    return tuple(patches)


#: A text's width estimated per character, as a share of the font size (DejaVu Sans is wide;
#: ipycanvas cannot measure text from Python, and ``max_width`` squeezes whatever overflows).
CHAR_WIDTH = 0.56


def wrap(text: str, width: float, size: int, max_lines: int) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` pixels (estimated), at most
    ``max_lines`` of them; the last line takes whatever is left (and is squeezed to fit)."""
    per_line = max(10, int(width / (size * CHAR_WIDTH)))
    words, lines, current = text.split(" "), [], ""
    for i, word in enumerate(words):
        if len(lines) == max_lines - 1:
            rest = " ".join(words[i:])
            lines.append((current + " " + rest).strip() if current else rest)
            return lines
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= per_line or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current or not lines:
        lines.append(current)
    return lines
