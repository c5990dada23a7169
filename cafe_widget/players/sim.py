"""A compact simulation core for search, beside the engine and checked against it: the card game's
placements as small integers, for playouts thousands of times a second.

The engine (:mod:`cafe_widget.engine`) is built to teach: immutable positions, every refusal a
sentence with its rule. A search plays the same rules out many times and needs only *whether* a
card may sit and what it scores. This module says exactly that, on lists of integers:

- a nation is its index in :data:`~cafe_widget.engine.cards.NATIONS`; a guest is ``nation * 2 +
  sex`` (0 a woman, 1 a man); an empty seat or a missing table is ``-1``;
- :class:`SimTurn` is a turn in progress: the five tables, the twelve seats, the table pile, the
  cards placed, the tables a lone card waits at (R7), the turn's points, whether the café could
  not be completed (R12a);
- :meth:`SimTurn.score` says what a card would score (-1: refused) without placing it;
  :meth:`SimTurn.place` seats one card by R1, R4–R9 (refused: False, nothing changed), scoring
  it (R8) and clearing full tables (R9) as the engine does; :meth:`SimTurn.legal` lists a
  hand's cards that may sit, with their points; :meth:`SimTurn.can_end` is R4/R7's end.

It covers the basic game's placements; the variant (R14), the hands, drawing and the ends of a
game are the engine's until they join it here. ``tests/players/test_sim.py`` plays it against the
engine card by card on many random positions: the same seats allowed, the same points, the same
café after each clearing. Pure Python, no import beyond the engine's tables.
"""

from __future__ import annotations

from ..engine.cafe import Cafe
from ..engine.cards import GUEST_COPIES, NATIONS
from ..engine.layout import SEAT_TABLES, SEATS, TABLE_SEATS

NATION_INDEX = {code: i for i, code in enumerate(NATIONS)}
EMPTY = -1
MOST_CARDS = 3           #: R4 (the basic game)
#: For each table, its doubled and plain points by the number of guests (R8: 1 → 0).
POINTS = ((0, 0, 2, 3, 4), (0, 0, 4, 6, 8))


def guest_code(guest: str) -> int:
    """``"DEf"`` → ``2 * 3 + 0``: a guest as the simulation writes it."""
    return NATION_INDEX[guest[:2]] * 2 + (guest[2] == "m")


def guest_text(code: int) -> str:
    """A simulated guest as the engine writes it: ``7`` → ``"DEm"``."""
    return NATIONS[code >> 1] + "fm"[code & 1]


class SimTurn:
    """A turn in progress (the basic game), on integers: mutated in place by :meth:`place`."""

    __slots__ = ("tables", "seats", "pile", "cards", "pending", "points", "ended")

    def __init__(self, tables: list[int], seats: list[int], pile: list[int]):
        self.tables, self.seats, self.pile = tables, seats, pile
        self.cards = 0
        self.pending: tuple[int, ...] = ()
        self.points = 0
        self.ended = False

    @classmethod
    def of(cls, cafe: Cafe) -> "SimTurn":
        """The turn that begins on the engine's ``cafe`` (its tables, seats and table pile)."""
        return cls([EMPTY if t is None else NATION_INDEX[t] for t in cafe.tables],
                   [EMPTY if g is None else guest_code(g) for g in cafe.seats],
                   [NATION_INDEX[t] for t in cafe.pile])

    def copy(self) -> "SimTurn":
        other = SimTurn(self.tables[:], self.seats[:], self.pile[:])
        other.cards, other.pending, other.points, other.ended = self.cards, self.pending, self.points, self.ended
        return other

    def cafe(self) -> Cafe:
        """The café as the engine writes it (to compare, or to show)."""
        return Cafe(tuple(None if t == EMPTY else NATIONS[t] for t in self.tables),
                    tuple(None if g == EMPTY else guest_text(g) for g in self.seats),
                    tuple(NATIONS[t] for t in self.pile))

    def score(self, guest: int, seat: int) -> int:
        """What ``guest`` on ``seat`` (an index of :data:`~cafe_widget.engine.layout.SEATS`) would
        score as the next card of the turn (R8), or -1 when the rules refuse it. Nothing changes."""
        checked = self._check(guest, seat)
        return -1 if checked is None else checked[0]

    def _check(self, guest: int, seat: int):
        """(points, full tables, touched tables) of the card, or None when it may not sit."""
        tables, seats = self.tables, self.seats
        if self.ended or self.cards >= MOST_CARDS or seats[seat] != EMPTY:      # R12, R4, R5
            return None
        around = SEAT_TABLES[seat]
        nation = guest >> 1
        touched = [t for t in around if tables[t] != EMPTY]
        if not touched or nation not in [tables[t] for t in touched]:           # R5
            return None
        if self.pending and not set(around) & set(self.pending):                # R7: join the lone card
            return None
        if seats.count(guest) >= GUEST_COPIES:                                  # R1
            return None
        points = 0
        full = []
        for t in touched:
            women = men = 0
            own = True
            table_nation = tables[t]
            for i in TABLE_SEATS[t]:
                g = guest if i == seat else seats[i]
                if g != EMPTY:
                    if g & 1:
                        men += 1
                    else:
                        women += 1
                    own = own and (g >> 1) == table_nation
            if women - men > 1 or men - women > 1:                              # R6
                return None
            k = women + men
            points += POINTS[own][k]
            if k == 4:
                full.append(t)
        if points == 0 and self.cards + 1 >= MOST_CARDS:                       # R7: no card may follow
            return None
        return points, full, touched

    def place(self, guest: int, seat: int) -> bool:
        """Seat ``guest`` on ``seat`` as the next card of the turn: True, the turn moved on (the
        card scored, full tables cleared and replaced from the pile); False when the rules refuse
        it, nothing changed."""
        checked = self._check(guest, seat)
        if checked is None:
            return False
        points, full, touched = checked
        seats, tables = self.seats, self.tables
        seats[seat] = guest                                                     # R8: scored
        self.cards += 1
        self.points += points
        self.pending = tuple(touched) if points == 0 else ()
        if full:                                                                # R9, R12a
            for t in full:
                for i in TABLE_SEATS[t]:
                    seats[i] = EMPTY
            if len(self.pile) < len(full):
                self.ended = True
                for t in full:
                    tables[t] = EMPTY
            else:
                for t in full:
                    tables[t] = self.pile.pop(0)
        return True

    def can_end(self) -> bool:
        """Whether the turn may end now: a card placed and none waiting alone (R4, R7), or the
        game over (R12a)."""
        return self.ended or (self.cards > 0 and not self.pending)

    def legal(self, guests) -> list[tuple[int, int, int]]:
        """Every (guest, seat, points) of ``guests`` (codes) that may be the next card, in seat
        order: nothing is placed."""
        out = []
        for seat in range(len(SEATS)):
            if self.seats[seat] != EMPTY:
                continue
            for guest in guests:
                points = self.score(guest, seat)
                if points >= 0:
                    out.append((guest, seat, points))
        return out
