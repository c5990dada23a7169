"""The board game's board as data, its tiles, and how both are written (docs/BOARD_RULES.md B1, B2,
B15): what :mod:`.board` plays on.

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
a seated joker ``"ITf*"`` (the guest it is declared as, B5). Position notation (B15):
``<chair>:<tile> …`` in reading order, ``|``, the bar's tiles in order:
``"b1:CFm a2:CFf c2:ITf* | RUm *f"``; ``-`` for no chair taken or an empty bar. Actions:
``ITf@c2``, ``ITf*@c2`` (a joker declared IT), two tiles ``CFf@a2, CFm@b1``, ``bar RUm``,
``bar *f``, ``swap ITf@c2``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..i18n import N_
from .cards import GUEST_COPIES, GUEST_KINDS, NATIONS, is_guest
from .errors import NotationError, move_text
from .notation import is_number as _is_number, parse_items

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


# -- the game notation's fields (B15), read for BoardGame.parse --------------------------------

#: How a game ended (B13a–e), as the status field writes it (``over:B13c``).
OVER_REASONS = ("B13a", "B13b", "B13c", "B13d", "B13e")


def _parse_swap(text: str) -> tuple[str, str]:
    words = move_text(text, "swap", "swap ITf@c2").split()
    if words and words[0].lower() == "swap":
        words = words[1:]
    if len(words) != 1:
        raise NotationError("action", text.strip(), N_("is not one swap action: write swap ITf@c2"))
    tile, chair = parse_placement(words[0], "swap")
    if len(tile) != 3:
        raise NotationError("swap", words[0], N_("names a joker: write the tile from your hand that takes "
                                                 "the joker's chair, for example swap ITf@c2"))
    return tile, chair


def _parse_tiles(text: str, field: str) -> tuple[str, ...]:
    return parse_items(text, field, parse_tile)


def _parse_numbers(text: str, field: str, players: int, digits: int, problem: str, top, miscount: str,
                   **facts) -> tuple[int, ...]:
    """``players`` numbers; ``problem`` (filled from ``facts``) for a bad one, ``miscount``
    (``{n}`` numbers, not ``{players}``) for the wrong count."""
    values = []
    for tok in text.split():
        if not _is_number(tok, digits) or (top is not None and int(tok) > top):
            raise NotationError(field, tok, problem, **facts)
        values.append(int(tok))
    if len(values) != players:
        raise NotationError(field, text.strip(), miscount, n=len(values), players=players)
    return tuple(values)


def _parse_out(text: str, players: int, hands, scores) -> tuple[bool, ...]:
    out = [False] * players
    tokens = text.split()
    if tokens == ["-"]:
        tokens = []
    for tok in tokens:
        if not _is_number(tok, 1) or not 1 <= int(tok) <= players:
            raise NotationError("out", tok, N_("is not a player from 1 to {players}"), players=players)
        p = int(tok) - 1
        if out[p]:
            raise NotationError("out", tok, N_("names player {player} twice"), player=p + 1)
        if hands[p]:
            raise NotationError("out", tok, N_("is out but still holds tiles (B9)"))
        if scores[p]:
            raise NotationError("out", tok, N_("is out but has points; a player out has paid all they had (B9)"))
        out[p] = True
    return tuple(out)


def _parse_status(text: str, players: int, out) -> dict:
    status = {"to": None, "over": None, "turn": ""}

    for tok in text.split():
        key, _, value = tok.partition(":")
        if key == "to" and status["to"] is None:
            if not _is_number(value, 1) or not 1 <= int(value) <= players:
                raise NotationError("status", tok, N_("must name a player from 1 to {players}"), players=players)
            status["to"] = int(value) - 1
        elif key == "over" and value in OVER_REASONS and status["over"] is None:
            status["over"] = value
        elif key == "turn" and value and not status["turn"]:
            status["turn"] = value
        else:
            raise NotationError("status", tok, N_("is not one of to:N, over:B13a to B13e, turn:…"))
    if status["to"] is None:
        raise NotationError("status", text.strip() or "(empty)", N_("must say whose turn it is: to:N"))
    if out[status["to"]] and status["over"] is None:
        raise NotationError("status", f"to:{status['to'] + 1}", N_("names a player who is out (B9)"))
    return status
