"""The board game's board and a turn on it (BOARD_RULES.md B1–B12, B15): the board read from
data, the tiles, seating (B5–B7), scoring (B8), the bar (B9), the joker exchange (B10), the
smaller hand (B12) and the position notation (B15).

The board is data: ``cafe_widget/data/board.json`` (tables with their place and nation, chairs
with the one or two tables they touch, the bar's values) is read once by :func:`load_board`,
checked, and turned into the constants below. Nothing in the rules code knows the ring's shape;
another board is another file. The board of the box (B2)::

             a    b    c    d    e    f    g    h    i    j    k    l    m
       1     .    o    .    o    .    o    .    o    .    o    .    o    .
       2     o  [CF]  =o= [IT]  =o= [IT]  =o= [CN]  =o= [CN]  =o= [ES]   o
       3     .    8    .    8    .    o    .    o    .    8    .    8    .
       4     o  [CF]  =o= [GB]   o    .    .    .    o  [GB]  =o= [ES]   o
      …                      (the bar in the middle)
      12     o  [TR]  =o= [DE]  =o= [DE]  =o= [US]  =o= [US]  =o= [IN]   o
      13     .    o    .    o    .    o    .    o    .    o    .    o    .

Tiles are plain strings: a guest ``"ITf"``, a joker in a hand or at the bar ``"*f"`` / ``"*m"``,
a seated joker ``"ITf*"`` (the guest it is declared as, B5). A :class:`Board` is immutable:
``board.play("CFf@a2, CFm@b1")`` checks and scores a whole action and returns a
:class:`BoardTurn`; the board itself never changes. A turn seated tile by tile is a
:class:`BoardTurnState`. Legality of a seat is decided in one place,
:meth:`BoardTurnState._seat`, which returns the new state or a :class:`Refusal` (no exception
on that path: the search calls it very often); ``place``, ``explain``, ``legal_chairs`` and the
game all ask it.

Position notation (B15): ``<chair>:<tile> …`` in reading order, ``|``, the bar's tiles in
order: ``"b1:CFm a2:CFf c2:ITf* | RUm *f"``; ``-`` for no chair taken or an empty bar.
Actions: ``ITf@c2``, ``ITf*@c2`` (a joker declared IT), two tiles ``CFf@a2, CFm@b1``,
``bar RUm``, ``bar *f``, ``swap ITf@c2``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..i18n import N_, say
from .cafe import ScoredAtTables, TableScore
from .cards import GUEST_COPIES, GUEST_KINDS, NATIONS, is_guest, table_points
from .errors import IllegalMove, NotationError, Refusal, move_text, refuse

BOARD_FILE = Path(__file__).resolve().parent.parent / "data" / "board.json"

#: The jokers (B1): two ladies and two gentlemen.
JOKERS = ("*f", "*m")
JOKER_COPIES = 2
#: Every kind of tile: the 24 guests (4 of each) and the two jokers (2 of each): 100 tiles.
TILE_KINDS = GUEST_KINDS + JOKERS
TILE_COUNT = len(GUEST_KINDS) * GUEST_COPIES + len(JOKERS) * JOKER_COPIES

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


# -- the board as data ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BoardData:
    """A board read from its file: tables and chairs in reading order, and the bar's values."""

    tables: tuple[tuple[str, str], ...]             # (place, nation)
    chairs: tuple[tuple[str, tuple[str, ...]], ...]  # (chair, the tables it touches)
    bar: tuple[int, ...]                             # the value of bar places 1, 2, …
    columns: str                                     # "abc…m": the grid's columns
    rows: tuple[int, ...]                            # 1 … 13: the grid's rows


def _cell(name, what: str) -> tuple[int, int]:
    """(row, column) of a cell name such as ``"c2"``; ValueError naming ``what`` otherwise."""
    m = _CELL.fullmatch(name) if isinstance(name, str) else None
    if not m:
        raise ValueError(f"{what}: {name!r} is not a cell name such as 'c2'")
    return int(m[2]), ord(m[1]) - ord("a")


def board_from_data(data) -> BoardData:
    """Check the data of a board (the shape of ``board.json``) and put it in reading order.

    ValueError naming what is wrong: 2 tables per nation, 4 chairs per table, every chair
    beside the 1 or 2 tables it touches, every cell named once, the bar a list of numbers.
    """
    if not isinstance(data, dict) or not all(isinstance(data.get(k), list) for k in ("tables", "chairs", "bar")):
        raise ValueError("a board is an object with the lists 'tables', 'chairs' and 'bar'")
    tables, nation_of, cells = [], {}, set()
    for entry in data["tables"]:
        if not isinstance(entry, dict):
            raise ValueError(f"table {entry!r} is not an object with 'place' and 'nation'")
        place, nation = entry.get("place"), entry.get("nation")
        cell = _cell(place, "table")
        if nation not in NATIONS:
            raise ValueError(f"table {place}: {nation!r} is not a nation code ({' '.join(NATIONS)})")
        if place in cells:
            raise ValueError(f"table {place} is named twice")
        cells.add(place)
        nation_of[place] = nation
        tables.append((cell, place, nation))
    for nation in NATIONS:
        count = sum(1 for n in nation_of.values() if n == nation)
        if count != 2:
            raise ValueError(f"nation {nation} has {count} table{'s' if count != 1 else ''}; "
                             f"a board has 2 per nation (B2)")
    chairs, seats_of = [], {place: [] for place in nation_of}
    for entry in data["chairs"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("tables"), list):
            raise ValueError(f"chair {entry!r} is not an object with 'chair' and 'tables'")
        name, touched = entry.get("chair"), entry["tables"]
        row, col = _cell(name, "chair")
        if name in cells:
            raise ValueError(f"chair {name}: the cell is named twice")
        cells.add(name)
        if not 1 <= len(touched) <= 2 or len(set(touched)) != len(touched):
            raise ValueError(f"chair {name} touches {len(touched)} tables; a chair touches 1 or 2 (B2)")
        for place in touched:
            if place not in nation_of:
                raise ValueError(f"chair {name}: {place!r} is not a table of the board")
            trow, tcol = _cell(place, "table")
            if abs(trow - row) + abs(tcol - col) != 1:
                raise ValueError(f"chair {name} does not stand beside table {place}")
            seats_of[place].append(name)
        chairs.append(((row, col), name, tuple(sorted(touched, key=lambda p: _cell(p, "table")))))
    for place, seats in seats_of.items():
        if len(seats) != 4:
            raise ValueError(f"table {place} has {len(seats)} chairs; every table has 4 (B2)")
    bar = data["bar"]
    if not bar or not all(isinstance(v, int) and not isinstance(v, bool) for v in bar):
        raise ValueError("bar: the values of the bar places must be a non-empty list of whole numbers (B9)")
    tables.sort()
    chairs.sort()
    every = [_cell(c, "cell") for c in cells]
    return BoardData(
        tables=tuple((place, nation) for _, place, nation in tables),
        chairs=tuple((name, touched) for _, name, touched in chairs),
        bar=tuple(bar),
        columns="".join(chr(ord("a") + i) for i in range(max(c for _, c in every) + 1)),
        rows=tuple(range(1, max(r for r, _ in every) + 1)),
    )


def load_board(path=BOARD_FILE) -> BoardData:
    """Read and check a board file of the shape of ``board.json`` (ValueError if it is wrong)."""
    with open(path, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except ValueError as err:
            raise ValueError(f"{path}: not JSON ({err})") from None
    return board_from_data(data)


#: The board of the box, read once from ``cafe_widget/data/board.json``.
BOARD = load_board()
#: Table places in reading order (rows top to bottom, then columns).
TABLES: tuple[str, ...] = tuple(place for place, _ in BOARD.tables)
#: ``{"b2": "CF", …}``
TABLE_NATION: dict[str, str] = dict(BOARD.tables)
#: Chair names in reading order.
CHAIRS: tuple[str, ...] = tuple(name for name, _ in BOARD.chairs)
#: ``{"c2": ("b2", "d2"), "a2": ("b2",), …}``: the tables each chair touches, in reading order.
CHAIR_TABLES: dict[str, tuple[str, ...]] = dict(BOARD.chairs)
#: ``{"b2": ("b1", "a2", "c2", "b3"), …}``: each table's four chairs, in reading order.
TABLE_CHAIRS: dict[str, tuple[str, ...]] = {
    place: tuple(c for c in CHAIRS if place in CHAIR_TABLES[c]) for place in TABLES}
#: The value of bar places 1, 2, … 20 (B9).
BAR_VALUES: tuple[int, ...] = BOARD.bar
BAR_PLACES = len(BAR_VALUES)

CHAIR_INDEX = {c: i for i, c in enumerate(CHAIRS)}
TABLE_INDEX = {p: i for i, p in enumerate(TABLES)}
# The same, as indices (the hot path works on these).
_TN = tuple(TABLE_NATION[p] for p in TABLES)                                   # table → nation
_CT = tuple(tuple(TABLE_INDEX[p] for p in CHAIR_TABLES[c]) for c in CHAIRS)    # chair → tables
_TC = tuple(tuple(CHAIR_INDEX[c] for c in TABLE_CHAIRS[p]) for p in TABLES)    # table → chairs
_CN = tuple(tuple(dict.fromkeys(_TN[t] for t in ts)) for ts in _CT)            # chair → nations
_EMPTY = (None,) * len(CHAIRS)
# chair → ((table, its nation, the table's other chairs), …): what seat_points reads
_SEAT_CORE = tuple(tuple((t, _TN[t], tuple(i for i in _TC[t] if i != c)) for t in _CT[c])
                   for c in range(len(CHAIRS)))


# -- tiles ---------------------------------------------------------------------------------

_TILE_ORDER = {t: i for i, t in enumerate(TILE_KINDS)}


def is_joker(tile: str) -> bool:
    """True for a joker in hand (``"*f"``) or seated (``"ITf*"``)."""
    return tile[0] == "*" or tile[-1] == "*"


def held_form(tile: str) -> str:
    """The tile as it is held in a hand: ``"ITf*"`` → ``"*f"``, ``"ITf"`` → ``"ITf"``."""
    return "*" + tile[2] if len(tile) == 4 else tile


def sort_tiles(tiles) -> tuple[str, ...]:
    """A hand in palette order: guests by nation, woman before man, then the jokers."""
    return tuple(sorted(tiles, key=_TILE_ORDER.__getitem__))


def full_bag() -> tuple[str, ...]:
    """All 100 tiles, sorted (B1)."""
    return tuple(t for t in TILE_KINDS for _ in range(JOKER_COPIES if t in JOKERS else GUEST_COPIES))


def copies_of(tile: str) -> int:
    """How many tiles of this kind the game has (B1): 4 of a guest, 2 of a joker."""
    return JOKER_COPIES if tile in JOKERS else GUEST_COPIES


def parse_tile(token: str, field: str = "tile") -> str:
    """A tile as held: a guest (``itF`` → ``ITf``) or a joker ``*f``/``*m``; NotationError otherwise."""
    if len(token) == 2 and token[0] == "*" and token[1].lower() in "fm":
        return "*" + token[1].lower()
    if len(token) == 3:
        code = token[:2].upper() + token[2].lower()
        if is_guest(code):
            return code
    raise NotationError(field, token, N_("is not a tile: write a nation code and f or m (ITf), or a joker *f or *m"))


def parse_seated(token: str, field: str = "chairs") -> str:
    """A seated tile: a guest ``ITf`` or a joker with its declared nation ``ITf*``."""
    if len(token) in (3, 4) and (len(token) == 3 or token[3] == "*"):
        code = token[:2].upper() + token[2].lower()
        if is_guest(code):
            return code + token[3:]
    raise NotationError(field, token, N_("is not a seated tile: write a guest (ITf) or a joker with the "
                                         "nation it is declared as (ITf*)"))


def parse_hand(hand, field: str = "hand") -> tuple[str, ...]:
    """``"ITf *m"`` or ``["ITf", "*m"]`` → the tiles, sorted."""
    if isinstance(hand, str):
        tokens = hand.split()
        tokens = [] if tokens == ["-"] else tokens
    elif isinstance(hand, (list, tuple)) and all(isinstance(t, str) for t in hand):
        tokens = list(hand)
    else:
        raise NotationError(field, repr(hand), N_("is not a hand: give tiles, as a list or as text such as 'ITf *m'"))
    return sort_tiles(parse_tile(t, field) for t in tokens)


def parse_chair(token: str, field: str = "chair") -> str:
    """A chair name (``"c2"``), forgiving case; NotationError otherwise."""
    name = token.lower()
    if name in CHAIR_INDEX:
        return name
    if name in TABLE_INDEX:
        raise NotationError(field, token, N_("is where a table stands, not a chair"))
    raise NotationError(field, token, N_("is not a chair of the board: write its cell, for example c2 or b3"))


def parse_placement(token: str, field: str = "placement") -> tuple[str, str]:
    """``"ITf*@c2"`` → ``("ITf*", "c2")``; also ``"*f@a2"`` (a joker whose chair names its nation)."""
    tile, at, chair = move_text(token, field, "ITf@c2").partition("@")
    if not at:
        raise NotationError(field, token, N_("is not a placement: write tile@chair, for example ITf@c2 or ITf*@c2"))
    if not chair:
        raise NotationError(field, token, N_("names no chair after @: write tile@chair, for example ITf@c2"))
    if len(tile) == 2 and tile[:1] == "*":
        return parse_tile(tile, field), parse_chair(chair, field)
    return parse_seated(tile, field), parse_chair(chair, field)


def parse_action(text: str) -> tuple:
    """An action in notation: ``("seat", ((tile, chair), …))``, ``("bar", tile)`` or
    ``("swap", tile, chair)``; NotationError naming the token otherwise."""
    text = move_text(text, "action", "CFf@a2, CFm@b1")
    words = text.strip().split()
    if not words:
        raise NotationError("action", text, N_("is not an action: write ITf@c2, ITf*@c2, two placements "
                                               "(CFf@a2, CFm@b1), bar ITf or swap ITf@c2"))
    head = words[0].lower()
    if head in ("bar", "swap"):
        if len(words) != 2:
            if head == "bar":
                raise NotationError("action", text.strip(), N_("is not one bar action: write bar ITf or bar *f"))
            raise NotationError("action", text.strip(), N_("is not one swap action: write swap ITf@c2"))
        if head == "bar":
            return ("bar", parse_tile(words[1], "bar"))
        tile, chair = parse_placement(words[1], "swap")
        if len(tile) != 3:
            raise NotationError("swap", words[1], N_("names a joker: write the tile from your hand that takes "
                                                     "the joker's chair, for example swap ITf@c2"))
        return ("swap", tile, chair)
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise NotationError("action", text.strip(), N_("is not an action: write ITf@c2, ITf*@c2, two placements "
                                                       "(CFf@a2, CFm@b1), bar ITf or swap ITf@c2"))
    return ("seat", tuple(parse_placement(t) for t in tokens))


def check_tile_copies(tiles, field: str) -> None:
    """NotationError when more tiles of a kind are named than the game has (B1)."""
    for code, n in Counter(held_form(t) for t in tiles).items():
        if n > copies_of(code):
            raise NotationError(field, code, N_("appears {n} times; the game has only {copies} (B1)"),
                                n=n, copies=copies_of(code))


# -- scoring events --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TileScore(ScoredAtTables):
    """One seated tile: where it sat, its points table by table (B8), and the tables it filled
    with four guests of their nation (B12). ``tables`` holds the card game's TableScore."""

    tile: str
    chair: str
    tables: tuple[TableScore, ...]
    filled: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The placement in notation: ``"ITf@c2"``, ``"ITf*@c2"``."""
        return f"{self.tile}@{self.chair}"

    @property
    def is_joker(self) -> bool:
        return len(self.tile) == 4

    @property
    def held(self) -> str:
        """The tile as it was in the hand (``"*f"`` for a joker)."""
        return held_form(self.tile)


@dataclass(frozen=True, slots=True)
class BoardTurn:
    """A finished action (B4): ``kind`` is ``"seat"``, ``"bar"`` or ``"swap"``.

    ``cards``: the seated tiles, scored in order (seat); ``bar_place``: 1–20 (bar), whose value
    is ``points`` (before any capping by the player's score, see the game); ``tile``: the tile
    from the hand sent to the bar or seated by a swap; ``taken``: the joker a swap takes into
    the hand; ``before`` / ``board``: the board before and after.
    """

    kind: str
    before: "Board"
    board: "Board"
    points: int = 0
    cards: tuple[TileScore, ...] = ()
    bar_place: int | None = None
    tile: str | None = None
    chair: str | None = None
    taken: str | None = None

    @property
    def text(self) -> str:
        """The action in notation: ``"CFf@a2, CFm@b1"``, ``"bar RUm"``, ``"swap ITf@c2"``."""
        if self.kind == "bar":
            return f"bar {self.tile}"
        if self.kind == "swap":
            return f"swap {self.tile}@{self.chair}"
        return ", ".join(c.text for c in self.cards)

    @property
    def filled_own_nation(self) -> tuple[str, ...]:
        """Tables this action filled with 4 guests of their nation (B12), in order."""
        return tuple(p for c in self.cards for p in c.filled)

    @property
    def tiles(self) -> tuple[str, ...]:
        """The tiles that left the hand, as held (``"*f"`` for a joker)."""
        if self.kind == "seat":
            return tuple(c.held for c in self.cards)
        return (self.tile,)

    def __repr__(self) -> str:
        return f"<BoardTurn {self.text}: {self.points} points>"


# -- the board -----------------------------------------------------------------------------

def _chair_mark(chair: str) -> str:
    """How an empty chair is drawn (B2): ``o``, ``=o=`` between tables left and right, ``8``
    between tables above and below."""
    touched = CHAIR_TABLES[chair]
    if len(touched) == 1:
        return "o"
    return "=o=" if _cell(touched[0], "table")[0] == _cell(touched[1], "table")[0] else "8"


_CHAIR_MARKS = tuple(_chair_mark(c) for c in CHAIRS)


@dataclass(frozen=True, slots=True)
class Board:
    """The board's position: the tile on each chair (or None) and the tiles at the bar.

    ``chairs``: one entry per chair of :data:`CHAIRS` (reading order); ``bar``: the tiles on bar
    places 1, 2, … in order. ``Board()`` is the empty board; build others with :meth:`parse`.
    """

    chairs: tuple = _EMPTY
    bar: tuple = ()

    # -- notation -------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> "Board":
        """Read a position ``"a2:CFf b1:CFm c2:ITf* | RUm *f"`` (B15); chairs in any order."""
        if not isinstance(text, str):
            raise NotationError("board", repr(text), N_("is not text"))
        fields = text.split("|")
        if len(fields) > 2:
            raise NotationError("board", text.strip(), N_("has more than 2 fields (chairs | bar)"))
        chairs = parse_chairs(fields[0])
        bar = parse_bar(fields[1] if len(fields) > 1 else "")
        check_position(chairs, bar, (), "board")
        return cls(chairs, bar)

    def format(self) -> str:
        """Canonical notation: ``Board.parse(board.format()) == board``."""
        return format_chairs(self.chairs) + " | " + (" ".join(self.bar) or "-")

    def __repr__(self) -> str:
        return f"Board.parse({self.format()!r})"

    def __str__(self) -> str:
        """The board drawn in ASCII as in B2, tiles in their cells, then the bar."""
        grid = {place: f"[{nation}]" for place, nation in BOARD.tables}
        for c, name in enumerate(CHAIRS):
            grid[name] = self.chairs[c] or _CHAIR_MARKS[c]
        lines = [("      " + "".join(col.center(5) for col in BOARD.columns)).rstrip()]
        for r in BOARD.rows:
            cells = "".join(grid.get(f"{col}{r}", ".").center(5) for col in BOARD.columns)
            lines.append(f"  {r:>2}  {cells}".rstrip())
        n = len(self.bar)
        bar = " ".join(self.bar) if self.bar else say("empty")
        if n < BAR_PLACES:
            lines.append(say("  bar ({n} of {places}): {tiles}; next place {next}: {value:+d}", n=n,
                             places=BAR_PLACES, tiles=bar, next=n + 1, value=BAR_VALUES[n]))
        else:
            lines.append(say("  bar ({n} of {places}): {tiles}; full", n=n, places=BAR_PLACES, tiles=bar))
        return "\n".join(lines)

    # -- reading the board ----------------------------------------------------------------

    def _repr_svg_(self) -> str:
        """The board as a picture in any notebook viewer (drawn by ``cafe_widget.render``)."""
        from ..render import svg_of  # lazy: the engine itself never loads the drawing code

        return svg_of(self)

    def tile(self, chair: str) -> str | None:
        """The tile on ``chair``: ``"ITf"``, ``"ITf*"`` (a joker declared IT) or None."""
        return self.chairs[CHAIR_INDEX[parse_chair(chair)]]

    def guests_at(self, table: str) -> tuple[str, ...]:
        """The tiles at the table on ``table`` (``"b2"``), chairs in reading order."""
        chairs = self.chairs
        return tuple(chairs[i] for i in _TC[TABLE_INDEX[table]] if chairs[i])

    def free_chairs(self) -> tuple[str, ...]:
        """The empty chairs, in reading order."""
        return tuple(name for name, tile in zip(CHAIRS, self.chairs) if tile is None)

    def is_full(self) -> bool:
        """True when every chair is taken (B13b)."""
        return None not in self.chairs

    def tiles(self) -> tuple[str, ...]:
        """Every tile on the board and at the bar, as held (jokers ``"*f"``)."""
        return tuple(held_form(t) for t in self.chairs if t) + self.bar

    @property
    def next_bar_value(self) -> int | None:
        """What the next tile at the bar gains or pays (B9), None when the bar is full."""
        return BAR_VALUES[len(self.bar)] if len(self.bar) < BAR_PLACES else None

    # -- playing --------------------------------------------------------------------------

    def begin_turn(self, hand=None) -> "BoardTurnState":
        """A turn with no tile seated yet. With ``hand`` (tiles or ``"ITf *m"``) the tiles
        must come from it, and a tile left alone needs a tile of the hand able to join it (B7)."""
        return BoardTurnState(self, self, None if hand is None else parse_hand(hand))

    def play(self, action: str, hand=None) -> BoardTurn:
        """Check and score one action (B4): ``"CFf@a2, CFm@b1"``, ``"bar RUm"``, ``"swap ITf@c2"``.
        The board is unchanged; IllegalMove (with its B-rule) on a refusal."""
        result = self._act(action, hand)
        if isinstance(result, Refusal):
            raise result.error()
        return result

    def explain(self, action: str, hand=None) -> IllegalMove | None:
        """Why :meth:`play` would refuse ``action`` here, or None if it would not."""
        result = self._act(action, hand)
        return result.error() if isinstance(result, Refusal) else None

    def _act(self, action: str, hand) -> "BoardTurn | Refusal":
        parsed = parse_action(action)
        state = self.begin_turn(hand)
        if parsed[0] == "bar":
            return state._bar(parsed[1])
        if parsed[0] == "swap":
            return state._swap(parsed[1], parsed[2])
        for tile, chair in parsed[1]:
            result = state._place(tile, chair)
            if isinstance(result, Refusal):
                return result
            state = result
        return state._finish()

    def legal_chairs(self, tile: str, hand=None) -> list[str]:
        """Chairs, in reading order, where ``tile`` may be the first tile of a turn. For a
        joker in hand (``"*f"``): chairs where some declaration is legal."""
        return self.begin_turn(hand).legal_chairs(tile)


# -- position notation helpers, shared with the game notation --------------------------------

def parse_chairs(text: str, field: str = "chairs") -> tuple:
    chairs = [None] * len(CHAIRS)
    tokens = text.split()
    if tokens == ["-"]:
        tokens = []
    for tok in tokens:
        chair, colon, tile = tok.partition(":")
        if not colon:
            raise NotationError(field, tok, N_("is not chair:tile, for example c2:ITf or c2:ITf*"))
        name = parse_chair(chair, field)
        code = parse_seated(tile, field)
        i = CHAIR_INDEX[name]
        if chairs[i] is not None:
            raise NotationError(field, tok, N_("names chair {chair} a second time"), chair=name)
        chairs[i] = code
    return tuple(chairs)


def format_chairs(chairs) -> str:
    words = [f"{c}:{t}" for c, t in zip(CHAIRS, chairs) if t]
    return " ".join(words) if words else "-"


def parse_bar(text: str, field: str = "bar") -> tuple:
    tokens = text.split()
    if tokens == ["-"]:
        tokens = []
    if len(tokens) > BAR_PLACES:
        raise NotationError(field, text.strip(), N_("holds {n} tiles; the bar has only {places} places (B9)"),
                            n=len(tokens), places=BAR_PLACES)
    return tuple(parse_tile(t, field) for t in tokens)


def check_position(chairs, bar, others, field: str) -> None:
    """NotationError for a position the rules cannot reach: too many copies of a tile (B1), a
    guest at no table of its nation (B5), a table whose sexes do not balance (B6)."""
    check_tile_copies([t for t in chairs if t] + list(bar) + list(others), field)
    for c, tile in enumerate(chairs):
        if tile and tile[:2] not in _CN[c]:
            names = " ".join(f"{TABLES[t]} {_TN[t]}" for t in _CT[c])
            raise NotationError("chairs", f"{CHAIRS[c]}:{tile}",
                                N_("sits at no table of its nation: chair {chair} touches {tables} (B5)"),
                                chair=CHAIRS[c], tables=names)
    for t, place in enumerate(TABLES):
        tiles = [chairs[i] for i in _TC[t] if chairs[i]]
        women = sum(1 for g in tiles if g[2] == "f")
        if abs(2 * women - len(tiles)) > 1:
            raise NotationError("chairs", place, N_("holds {women} women and {men} men; "
                                                    "the sexes at a table must balance (B6)"),
                                women=women, men=len(tiles) - women)


# -- a turn in progress ----------------------------------------------------------------------

def _pairs(table_indices) -> list[tuple[str, str]]:
    return [(TABLES[t], _TN[t]) for t in table_indices]


def _declarations(held: str, c: int) -> tuple[str, ...]:
    """The seated forms ``held`` may take on chair index ``c`` (B5): a guest whose nation is at
    one of the chair's tables as itself, a joker as each nation of the chair's tables."""
    if held[0] == "*":
        return tuple(n + held[1] + "*" for n in _CN[c])
    return (held,) if held[:2] in _CN[c] else ()


def _without(hand: tuple, tile: str) -> tuple:
    i = hand.index(tile)
    return hand[:i] + hand[i + 1:]


def seat_points(chairs: tuple, tile: str, c: int):
    """The core of seating, for the search's hot path: ``tile`` (``"ITf"``, ``"ITf*"``) on
    chair index ``c`` of ``chairs`` (a :attr:`Board.chairs` tuple), alone, with no turn around
    it. None when refused — the chair taken or of no table of the tile's nation (B5), a table's
    sexes unbalanced (B6) — else ``(points, alone, filled, tables)``: the points (B8); True when
    every table it touches was empty (B7: it scores 0 and needs company); how many tables it
    fills with four of their nation (B12); and per table ``(table index, guests, doubled,
    points)``. No exception, no message: :meth:`BoardTurnState._seat` adds the turn's rules
    (B4, B7) and the words."""
    if chairs[c] is not None:
        return None
    nat = tile[:2]
    if nat not in _CN[c]:
        return None
    woman = tile[2] == "f"
    points, alone, filled, tables = 0, True, 0, []
    for t, nation, others in _SEAT_CORE[c]:
        n, women, own = 1, woman, nat == nation
        for i in others:
            g = chairs[i]
            if g is not None:
                n += 1
                if g[2] == "f":
                    women += 1
                if g.startswith(nation):
                    own += 1
        if not -1 <= 2 * women - n <= 1:  # B6
            return None
        if n > 1:
            alone = False
            doubled = own == n
            pts = table_points(n, doubled)  # B8
            if n == 4 and doubled:  # B12
                filled += 1
            points += pts
            tables.append((t, n, doubled, pts))
        else:
            tables.append((t, 1, False, 0))
    return points, alone, filled, tuple(tables)


@dataclass(frozen=True, slots=True)
class BoardTurnState:
    """A turn in progress: the board so far and the tiles seated, each scored at once (B5–B8).

    ``hand``: the tiles still in the hand (None: not known, any tile may be seated);
    ``pending``: table indices where the last tile sits alone, scoring nothing: the next tile
    must join one of them (B7).
    """

    start: Board
    board: Board
    hand: tuple | None = None
    cards: tuple[TileScore, ...] = ()
    pending: tuple[int, ...] = ()

    # -- the tile-by-tile API -------------------------------------------------------------

    def place(self, tile: str, chair: str | None = None) -> "BoardTurnState":
        """The turn with one more tile (``"ITf*@c2"``, or ``"ITf*", "c2"``); IllegalMove (and
        nothing changed) if refused. A joker ``"*f"`` on a chair of one nation is declared so."""
        if chair is None:
            tile, chair = parse_placement(tile)
        else:
            tile = parse_tile(tile, "placement") if tile[:1] == "*" else parse_seated(tile, "placement")
            chair = parse_chair(chair, "placement")
        result = self._place(tile, chair)
        if isinstance(result, Refusal):
            raise result.error()
        return result

    def explain(self, placement: str) -> IllegalMove | None:
        """Why ``placement`` (``"ITf@c2"``) may not be the next tile, or None if it may."""
        result = self._place(*parse_placement(placement))
        return result.error() if isinstance(result, Refusal) else None

    def legal_chairs(self, tile: str) -> list[str]:
        """Chairs, in reading order, where ``tile`` may be the next tile (a joker ``"*f"``:
        where some declaration may)."""
        tile = parse_tile(tile) if tile[:1] == "*" else parse_seated(tile, "tile")
        chairs, seat = self.board.chairs, self._seat
        found = []
        for c, name in enumerate(CHAIRS):
            if chairs[c] is None:
                forms = ((tile,) if tile[:2] in _CN[c] else ()) if len(tile) == 4 else _declarations(tile, c)
                if any(not isinstance(seat(t, name), Refusal) for t in forms):
                    found.append(name)
        return found

    def legal_placements(self) -> list[str]:
        """Every placement that may be the next tile, from the hand: hand order, then chairs in
        reading order, then the joker's declarations in table order (``"ITf*@c2"``)."""
        if self.hand is None:
            raise ValueError("legal_placements needs the hand: begin the turn with begin_turn(hand)")
        chairs, seat = self.board.chairs, self._seat
        found = []
        for held in dict.fromkeys(self.hand):
            for c, name in enumerate(CHAIRS):
                if chairs[c] is None:
                    for t in _declarations(held, c):
                        if not isinstance(seat(t, name), Refusal):
                            found.append(f"{t}@{name}")
        return found

    def undo(self) -> "BoardTurnState":
        """The turn without its last tile; IllegalMove if no tile was seated."""
        if not self.cards:
            raise IllegalMove.because("B4", "board_nothing_to_undo", self.board)
        hand = None if self.hand is None else sort_tiles(self.hand + tuple(c.held for c in self.cards))
        state = BoardTurnState(self.start, self.start, hand)
        for card in self.cards[:-1]:
            state = state._seat(card.tile, card.chair)
        return state

    def explain_end(self) -> IllegalMove | None:
        """Why the turn may not end now (B4, B7), or None if it may."""
        refusal = self._end_refusal()
        return refusal.error() if refusal else None

    def can_end(self) -> bool:
        return self._end_refusal() is None

    def finish(self) -> BoardTurn:
        """The finished action; IllegalMove if the turn may not end now."""
        result = self._finish()
        if isinstance(result, Refusal):
            raise result.error()
        return result

    def bar(self, tile: str) -> BoardTurn:
        """Send ``tile`` to the bar as the turn's action (B9); IllegalMove if refused."""
        result = self._bar(parse_tile(tile, "bar"))
        if isinstance(result, Refusal):
            raise result.error()
        return result

    def swap(self, tile: str, chair: str | None = None) -> BoardTurn:
        """Exchange a seated joker for ``tile`` (B10): ``"ITf@c2"`` or ``"ITf", "c2"``."""
        if chair is None:
            tile, chair = parse_placement(tile, "swap")
        else:
            tile, chair = parse_tile(tile, "swap"), parse_chair(chair, "swap")
        if len(tile) != 3:
            raise NotationError("swap", tile, N_("names a joker: write the tile from your hand that takes "
                                                 "the joker's chair, for example swap ITf@c2"))
        result = self._swap(tile, chair)
        if isinstance(result, Refusal):
            raise result.error()
        return result

    @property
    def points(self) -> int:
        """Points scored so far this turn."""
        return sum(c.points for c in self.cards)

    # -- the checks (each returns a Refusal instead of raising) ---------------------------

    def _place(self, tile: str, chair: str) -> "BoardTurnState | Refusal":
        """:meth:`_seat`, after declaring a joker written ``*f`` when its chair has one nation."""
        if tile[0] == "*":
            nations = _CN[CHAIR_INDEX[chair]]
            if len(nations) > 1:
                return refuse("B5", "board_joker_undeclared", self.board, move=f"{tile}@{chair}",
                              chair=chair, tables=_pairs(_CT[CHAIR_INDEX[chair]]))
            tile = nations[0] + tile[1] + "*"
        return self._seat(tile, chair)

    def _seat(self, tile: str, chair: str) -> "BoardTurnState | Refusal":
        """Seat ``tile`` (``"ITf"`` or ``"ITf*"``) on ``chair``: the new state, or the refusal.
        The one legality check of a seat (B1, B4–B8, B12), on top of :func:`seat_points`;
        never raises for valid names."""
        board = self.board
        chairs = board.chairs
        n_cards = len(self.cards)
        if n_cards >= 2:
            return refuse("B4", "board_too_many", board, move=f"{tile}@{chair}")
        held = "*" + tile[2] if len(tile) == 4 else tile
        hand = self.hand
        if hand is not None and held not in hand:
            return refuse("B4", "board_not_in_hand", board, move=f"{tile}@{chair}", tile=held)
        c = CHAIR_INDEX[chair]
        seated = seat_points(chairs, tile, c)
        if seated is None or hand is None or self.pending:
            refusal = self._refusal(tile, chair, c, held, seated is None)
            if refusal is not None:
                return refusal
        points, alone, filled, tables = seated
        touched = _CT[c]
        if alone and n_cards:  # B7: a second tile alone; nothing could join it
            return refuse("B7", "board_alone_last", board, move=f"{tile}@{chair}", tile=tile,
                          tables=_pairs(touched))
        card = TileScore(tile, chair, tuple(
            TableScore(TABLES[t], _TN[t], n, doubled, pts) for t, n, doubled, pts in tables),
            tuple(TABLES[t] for t, n, doubled, _ in tables if n == 4 and doubled))
        state = BoardTurnState(self.start, Board(chairs[:c] + (tile,) + chairs[c + 1:], board.bar),
                               None if hand is None else _without(hand, held),
                               self.cards + (card,), touched if alone else ())
        if alone and hand is not None and not state._can_be_joined():
            return refuse("B7", "board_no_company", board, move=f"{tile}@{chair}", tile=tile,
                          tables=_pairs(touched))
        return state

    def _refusal(self, tile: str, chair: str, c: int, held: str, refused: bool) -> Refusal | None:
        """Why the seat is refused, in the order B5 (chair taken, nation), B1 (copies, when
        the hand is not known), B7 (must join the lonely tile), B6 (balance); None if it is not."""
        board = self.board
        chairs, move, touched = board.chairs, f"{tile}@{chair}", _CT[c]
        if chairs[c] is not None:
            return refuse("B5", "board_chair_taken", board, move=move, chair=chair, other=chairs[c])
        if tile[:2] not in _CN[c]:
            return refuse("B5", "board_joker_nation" if len(tile) == 4 else "board_nation", board,
                          move=move, tile=tile, chair=chair, tables=_pairs(touched))
        if self.hand is None:
            have = sum(1 for t in chairs if t and held_form(t) == held) + board.bar.count(held)
            if have >= copies_of(held):
                return refuse("B1", "board_copies", board, move=move, tile=held, count=copies_of(held))
        pending = self.pending
        if pending and not any(t in pending for t in touched):
            last = self.cards[-1]
            return refuse("B7", "board_must_join", board, move=move, previous=last.tile,
                          previous_chair=last.chair, tables=_pairs(pending))
        if refused:  # B6, the only refusal of seat_points left
            for t in touched:
                guests = [chairs[i] for i in _TC[t] if chairs[i]] + [tile]
                women = sum(1 for g in guests if g[2] == "f")
                if abs(2 * women - len(guests)) > 1:
                    return refuse("B6", "board_balance", board, move=move, place=TABLES[t],
                                  nation=_TN[t], women=women, men=len(guests) - women)
        return None

    def _can_be_joined(self) -> bool:
        """True when a tile left in the hand may join the lonely last tile (B7)."""
        chairs = self.board.chairs
        for held in dict.fromkeys(self.hand):
            for t in self.pending:
                for i in _TC[t]:
                    if chairs[i] is None:
                        for tile in _declarations(held, i):
                            if not isinstance(self._seat(tile, CHAIRS[i]), Refusal):
                                return True
        return False

    def _end_refusal(self) -> Refusal | None:
        if not self.cards:
            return refuse("B4", "board_empty_turn", self.board)
        if self.pending:
            last = self.cards[-1]
            return refuse("B7", "board_unjoined", self.board, previous=last.tile,
                          previous_chair=last.chair, tables=_pairs(self.pending))
        return None

    def _finish(self) -> "BoardTurn | Refusal":
        refusal = self._end_refusal()
        if refusal:
            return refusal
        return BoardTurn("seat", self.start, self.board, self.points, self.cards)

    def _joker_seating(self, joker: str) -> str | None:
        """A legal seating action using ``joker`` (``"*f"``) from this turn's start, in
        notation, or None: what decides whether the joker may go to the bar (B9)."""
        chairs = self.board.chairs
        for c, name in enumerate(CHAIRS):
            if chairs[c] is None:
                for tile in _declarations(joker, c):
                    first = self._seat(tile, name)
                    if not isinstance(first, Refusal):
                        if self.hand is None or not first.pending:
                            return f"{tile}@{name}"
                        return f"{tile}@{name}, …"  # a tile of the hand can join it
        if self.hand is None:
            return None
        # Rarely needed: the joker may only sit once another tile of the hand has sat (B6).
        others = _without(self.hand, joker)
        for held in dict.fromkeys(others):
            for c, name in enumerate(CHAIRS):
                if chairs[c] is None:
                    for tile in _declarations(held, c):
                        first = self._seat(tile, name)
                        if isinstance(first, Refusal):
                            continue
                        after = first.board.chairs
                        for c2, name2 in enumerate(CHAIRS):
                            if after[c2] is None:
                                for tile2 in _declarations(joker, c2):
                                    if not isinstance(first._seat(tile2, name2), Refusal):
                                        return f"{tile}@{name}, {tile2}@{name2}"
        return None

    def _bar(self, tile: str) -> "BoardTurn | Refusal":
        """Send ``tile`` (as held) to the lowest free bar place (B9): the action, or the refusal."""
        board, move = self.board, f"bar {tile}"
        if self.cards:
            return refuse("B4", "board_placed_already", board, move=move, count=len(self.cards))
        if self.hand is not None and tile not in self.hand:
            return refuse("B4", "board_not_in_hand", board, move=move, tile=tile)
        n = len(board.bar)
        if n >= BAR_PLACES:
            return refuse("B9", "board_bar_full", board, move=move, places=BAR_PLACES)
        if self.hand is None and sum(1 for t in board.tiles() if t == tile) >= copies_of(tile):
            return refuse("B1", "board_copies", board, move=move, tile=tile, count=copies_of(tile))
        if tile[0] == "*":
            seating = self._joker_seating(tile)
            if seating:
                return refuse("B9", "board_bar_joker", board, move=move, tile=tile, seating=seating)
        return BoardTurn("bar", board, Board(board.chairs, board.bar + (tile,)), BAR_VALUES[n],
                         bar_place=n + 1, tile=tile)

    def _swap(self, tile: str, chair: str) -> "BoardTurn | Refusal":
        """Exchange the joker on ``chair`` for ``tile`` from the hand (B10)."""
        board, move = self.board, f"swap {tile}@{chair}"
        if self.cards:
            return refuse("B4", "board_placed_already", board, move=move, count=len(self.cards))
        if self.hand is not None and tile not in self.hand:
            return refuse("B4", "board_not_in_hand", board, move=move, tile=tile)
        c = CHAIR_INDEX[chair]
        old = board.chairs[c]
        if old is None:
            return refuse("B10", "board_swap_empty", board, move=move, chair=chair)
        if len(old) != 4:
            return refuse("B10", "board_swap_not_joker", board, move=move, chair=chair, other=old)
        if tile[2] != old[2]:
            return refuse("B10", "board_swap_sex", board, move=move, tile=tile, chair=chair, other=old)
        if tile[:2] not in _CN[c]:
            return refuse("B10", "board_swap_nation", board, move=move, tile=tile, chair=chair,
                          tables=_pairs(_CT[c]))
        if self.hand is None and sum(1 for t in board.tiles() if t == tile) >= copies_of(tile):
            return refuse("B1", "board_copies", board, move=move, tile=tile, count=copies_of(tile))
        chairs = board.chairs[:c] + (tile,) + board.chairs[c + 1:]
        return BoardTurn("swap", board, Board(chairs, board.bar), 0, tile=tile, chair=chair,
                         taken="*" + old[2])
