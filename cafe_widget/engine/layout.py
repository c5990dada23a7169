"""The café's layout (R2): five tables in an X on a 5 × 5 grid, and their twelve seats.

::

            a      b      c      d      e
      1     .     b1      .     d1      .
      2    a2    [b2]    c2    [d2]    e2
      3     .     b3    [c3]    d3      .
      4    a4    [b4]    c4    [d4]    e4
      5     .     b5      .     d5      .

Tables stand on ``b2 d2 c3 b4 d4`` (their reading order). A seat touches every table it
shares a side with: the inner seats ``c2 b3 d3 c4`` touch three tables (two corners and the
centre), the eight outer seats touch one.

Everything here is an index into two tuples, built once: ``TABLE_PLACES`` (5) and
``SEATS`` (12), both in reading order.
"""

from __future__ import annotations

COLUMNS = "abcde"
ROWS = "12345"

#: Where the five tables stand, in reading order (R2).
TABLE_PLACES = ("b2", "d2", "c3", "b4", "d4")

#: The twelve seats, in reading order (R2).
SEATS = ("b1", "d1", "a2", "c2", "e2", "b3", "d3", "a4", "c4", "e4", "b5", "d5")

TABLE_INDEX = {p: i for i, p in enumerate(TABLE_PLACES)}
SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}


def cell_xy(name: str) -> tuple[int, int]:
    """Column and row (0-based) of a cell name: ``"b3"`` → ``(1, 2)``."""
    return COLUMNS.index(name[0]), ROWS.index(name[1])


def _touches(seat: str, place: str) -> bool:
    (sx, sy), (tx, ty) = cell_xy(seat), cell_xy(place)
    return abs(sx - tx) + abs(sy - ty) == 1


#: For each seat index, the indices of the tables it touches (in reading order).
SEAT_TABLES: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t, place in enumerate(TABLE_PLACES) if _touches(seat, place)) for seat in SEATS
)

#: For each table index, the indices of its four seats (in reading order).
TABLE_SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s, seat in enumerate(SEATS) if _touches(seat, place)) for place in TABLE_PLACES
)

#: Seat name → table places it touches: ``TOUCHES["c2"] == ("b2", "d2", "c3")``.
TOUCHES = {SEATS[s]: tuple(TABLE_PLACES[t] for t in ts) for s, ts in enumerate(SEAT_TABLES)}

assert all(len(seats) == 4 for seats in TABLE_SEATS)
assert sorted(len(ts) for ts in SEAT_TABLES) == [1] * 8 + [3] * 4
