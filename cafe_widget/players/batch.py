"""Many games of the basic card game played out at once, on numpy arrays: the simulation core's
playouts for a search that wants hundreds of them a turn.

:mod:`.sim` plays one game at a time on lists of integers; each card it tries is a few Python
steps. Here each step of the playout is taken in every game of a batch at once: what every
guest would score on every seat (R1, R5, R6, R8) is a handful of array operations on the whole
batch, and so are a placement with its clearing (R9), a draw (R10), a card laid face down (R11)
and the three ends (R12). The batch's games share their number of players; each has its own
café, piles, hands and scores, as :class:`~.sim.SimGame` writes them (``Batch(games)``).

The policy is the one a batch can take in a few operations: **greedy, card by card**
(:data:`POLICY`). At the start of a turn, a player with an empty hand who would win if the game
ended now declares the end (R12c). Else the card that scores most is placed (the first seat in
reading order, then the first guest in code order, on a tie); when no card scores alone, a card
alone (0 points, R8) and the card that scores most joining it (R7) — a table is opened so.
Then the next card that scores most, up to three (R4); the turn ends when none scores. With no
such turn (or, with ``patience``, a first card or pair scoring fewer points while a card may be
drawn and the guest pile is not nearly out), the player draws (R10); with 12 cards and none to
place, they lay one face down (R11): the last in code order whose nation has no table, else the
last. The engine's own version of it (:func:`greedy_turn`, on :class:`~cafe_widget.engine.Game`)
makes the same decisions: ``tests/players/test_batch.py`` plays both and compares the café, the
piles, the hands and the scores after every turn, and every end. ``benchmarks/sim.py`` times
both on the same positions.

numpy only (Pyodide has it: Lite and Binder run it); the engine never imports it.
"""

from __future__ import annotations

import numpy as np

from ..engine.cards import GUEST_COPIES
from ..engine.layout import SEAT_TABLES, SEATS, TABLE_SEATS
from .sim import EMPTY, GUEST_CODE, GUEST_TEXT, HAND_LIMIT, MOST_CARDS, PENALTY, POINTS, SimGame

POLICY = "greedy, card by card"

_KINDS = 24
_NATION = np.arange(_KINDS) >> 1        # each guest code's nation
_NO_TABLE = 5                            # a sixth table, never there: seats touching one table pad with it
#: For each seat, the three tables it touches (padded with the missing table).
_SEAT_TABLES = np.array([list(ts) + [_NO_TABLE] * (3 - len(ts)) for ts in SEAT_TABLES])
#: For each table, its four seats; the missing sixth table's are the thirteenth seat, never taken.
_TABLE_SEATS = np.array(TABLE_SEATS + ((len(SEATS),) * 4,))
_TABLE_HAS_SEAT = np.array([[seat in around for seat in range(len(SEATS))] for around in TABLE_SEATS])   # 5 × 12
#: The slots (_slots): each seat, each table it touches, each sex — 8 × 2 + 4 × 3 × 2.
_SLOTS = [(seat, t, sex) for seat, ts in enumerate(SEAT_TABLES) for t in ts for sex in (0, 1)]
_SLOT_SEAT, _SLOT_TABLE, _SLOT_SEX = (np.array(column) for column in zip(*_SLOTS))
_SLOT_AROUND = _SEAT_TABLES[_SLOT_SEAT]
_SLOT_AT = _SLOT_AROUND * 2 + _SLOT_SEX[:, None]         # each touched table's column, for its sex
_SLOT_FROM = _SLOT_TABLE * 2 + _SLOT_SEX                 # its own table's column, for its sex
#: For two slots, the tables both their seats touch (two at most; padded with the missing
#: table, and none for the same seat), and whether their guests are of the other sex.
_SHARED = np.array([[((sorted(set(SEAT_TABLES[a]) & set(SEAT_TABLES[b])) if a != b else []) + [_NO_TABLE] * 2)[:2]
                     for b, _, _ in _SLOTS] for a, _, _ in _SLOTS])
_OTHER_SEX = _SLOT_SEX[:, None] != _SLOT_SEX[None, :]
_SEX16 = _SLOT_SEX.astype(np.int16)
#: A card's points at a table are 0, 2, 3, 4 by the guests there after it, doubled when all are
#: of its nation (R8); this says so for the arithmetic in _slots.
assert POINTS == ((0, 0, 2, 3, 4), (0, 0, 4, 6, 8))
_REFUSED = -4096                         # a table that refuses the card (R6): any sum stays negative
#: A card's points at a table with ``guests`` and ``men`` (row ``guests * 5 + men``), for a woman
#: and for a man: 0 alone, 2, 3, 4 with the others (R8), or refused (R6: one sex two ahead);
#: the last row, a table not there: 0.
_NO_GUESTS = 25
_BASE = np.array([[(g + 1 if g >= 1 else 0) if abs(g - 2 * m + sign) <= 1 else _REFUSED for sign in (1, -1)]
                  for g in range(5) for m in range(5)] + [[0, 0]], dtype=np.int16)


def _count(flags: np.ndarray) -> np.ndarray:
    """How many of each group of four booleans (the last axis) are true: n × 6 (small integers)."""
    return np.bitwise_count(np.ascontiguousarray(flags).view(np.uint32)[..., 0])


#: Why a game ended, as the engine says it (``over``: 0 while it goes on).
ENDS = (None, "R12a", "R12b", "R12c")


class Batch:
    """``B`` games of the basic card game, each at the start of a turn, with the same number of
    players, played out together by :meth:`play_out`. Arrays (one row a game): ``tables``
    (B × 6: the five tables' nations, -1 for none; a sixth, always -1), ``seats`` (B × 12),
    both piles as rows with how far each has been drawn, ``hands`` (B × players × 24 counts),
    ``down``, ``scores`` (B × players), ``to_move``, ``over`` (an index of :data:`ENDS`)."""

    def __init__(self, games: list[SimGame]):
        if not games:
            raise ValueError("a batch needs at least one game")
        players = len(games[0].hands)
        if any(len(g.hands) != players for g in games):
            raise ValueError("a batch's games have the same number of players")
        if any(g.turn is not None for g in games):
            raise ValueError("a batch starts each game at the start of a turn")
        n = len(games)
        self.players = players
        self.tables = np.full((n, 6), EMPTY, dtype=np.int16)
        self.tables[:, :5] = [g.tables for g in games]
        # The twelve seats, and a thirteenth never taken: the four "seats" of the missing table.
        self._seats = np.full((n, len(SEATS) + 1), EMPTY, dtype=np.int16)
        self._seats[:, :len(SEATS)] = [g.seats for g in games]
        self.seats = self._seats[:, :len(SEATS)]
        self.table_pile, self.table_next, self.table_size = _rows([g.table_pile for g in games])
        self.guest_pile, self.guest_next, self.guest_size = _rows([g.guest_pile for g in games])
        self.hands = np.array([g.hands for g in games], dtype=np.int16)
        self.down = np.array([g.down for g in games], dtype=np.int32)
        self.scores = np.array([g.scores for g in games], dtype=np.int32)
        self.to_move = np.array([g.to_move for g in games], dtype=np.int64)
        self.over = np.array([ENDS.index(g.over) for g in games], dtype=np.int8)
        self.cards = np.zeros(n, dtype=np.int8)     # cards placed in the turn in progress
        self.log: list[list[str]] | None = None

    def __len__(self) -> int:
        return len(self.over)

    # -- what each guest would score on each seat ------------------------------------------------

    def _slots_of(self, rows: np.ndarray):
        """:func:`_slots` for the games ``rows``, the hand being the player to move's."""
        return _slots(self._seats[rows], self.tables[rows], self.hands[rows, self.to_move[rows]], self.cards[rows])

    def best_pairs(self, rows: np.ndarray, slots):
        """For the games ``rows``, at the start of a turn: the best card alone (it scores 0,
        R8) with the card that then joins it (R7) — the pair whose second card scores most (the
        first card, then the second, first in seat and guest order on a tie). Returns the
        first's seat and guest, the second's, and its points (-1 where there is no such pair).
        ``slots``: the games' slots (:func:`_slots`), as the step worked them out.

        No game is copied: a card alone sits where every table it touches is empty, so the card
        that joins it (R7) must be of the other sex (R6: two women, or two men, at a table are
        one sex two ahead); it is then never the same guest (R1 and the hand are as before),
        and it scores what it would have scored before, plus 2 at each table it shares with
        the first card (R8: two guests), 4 when both guests are of that table's nation."""
        tables = self.tables[rows]
        guest, points, may = slots
        n = len(rows)
        r, k = np.nonzero(may & (points == 0))          # each card alone, in row then slot order
        if not len(r):
            return [np.zeros(n, dtype=np.int64)] * 4 + [np.full(n, -1, dtype=np.int64)]
        v = np.arange(len(r))[:, None]
        around = tables[r]
        one, two = around[v, _SHARED[k, :, 0]], around[v, _SHARED[k, :, 1]]   # the tables each second
        nation1 = (guest[r, k] >> 1)[:, None]                                  # slot shares with it
        guests2 = guest[r]
        shared = (one >= 0).view(np.int8) + (two >= 0).view(np.int8)
        doubled = ((one == nation1).view(np.int8) + (two == nation1).view(np.int8)) * (guests2 >> 1 == nation1)
        bonus = 2 * (shared + doubled)
        may2 = may[r] & _OTHER_SEX[k] & (shared > 0)
        seat2, guest2, best2 = _first_best(guests2, points[r] + bonus, may2)
        seat1, guest1 = _SLOT_SEAT[k], guest[r, k]
        key = np.full((n, len(_SLOTS)), -1, dtype=np.int64)     # each game's candidates by slot
        key[r, k] = np.where(best2 > 0, (best2.astype(np.int64) << 20) - ((seat1 * _KINDS + guest1) << 9) - (seat2 * _KINDS + guest2), -1)
        at = np.arange(n)
        pick = key.argmax(1)
        which = np.full((n, len(_SLOTS)), 0, dtype=np.int64)
        which[r, k] = np.arange(len(r))
        chosen = which[at, pick]
        found = key[at, pick] >= 0
        return [np.where(found, values[chosen], -1 if i == 4 else 0)
                for i, values in enumerate((seat1, guest1, seat2, guest2, best2))]

    def scores_now(self, rows: np.ndarray) -> np.ndarray:
        """For the games ``rows``: what each guest would score on each seat as the next card of
        the turn (R1, R4, R5, R6, R8), -1 where it may not sit or is not in the hand of the
        player to move; a ``len(rows) × 12 × 24`` array (seat, then guest code)."""
        guest, points, may = self._slots_of(rows)
        out = np.full((len(rows), len(SEATS), _KINDS), -1, dtype=np.int32)
        r, k = np.nonzero(may)
        out[r, _SLOT_SEAT[k], guest[r, k]] = points[r, k]
        return out

    # -- the playout -------------------------------------------------------------------------------

    def play_out(self, patience: int = 0, endgame: int = 3, log: bool = False) -> None:
        """Every game played to its end by the greedy policy (module docstring). ``patience``:
        at the start of a turn, draw rather than place a first card scoring fewer points, while
        a card may be drawn and more than ``endgame`` guest cards a player are left. ``log``:
        keep each game's actions in notation in :attr:`log` (for the tests)."""
        if log:
            self.log = [[] for _ in range(len(self))]
        rows = np.flatnonzero(self.over == 0)
        while len(rows):
            self.step(rows, patience, endgame)
            rows = rows[self.over[rows] == 0]

    def step(self, rows: np.ndarray, patience: int = 0, endgame: int = 3) -> None:
        """One step of the policy in each of the games ``rows`` (none of them over): a card
        placed (or a card alone and the card that joins it), the turn ended, a draw, a card
        laid face down or the end declared."""
        p = self.to_move[rows]
        hand_size = self.hands[rows, p].sum(1)
        slots = self._slots_of(rows)
        seat, guest, best = _first_best(*slots)
        start = self.cards[rows] == 0
        may_draw = (self.guest_next[rows] < self.guest_size[rows]) & (hand_size < HAND_LIMIT)
        late = self.guest_size[rows] - self.guest_next[rows] <= endgame * self.players
        declare = start & (hand_size == 0)
        if declare.any():
            declare[declare] = self._ahead(rows[declare], p[declare])
        waits = may_draw & ~late                        # patience: a card may be drawn instead
        place = ~declare & (best > 0) & (~start | ~waits | (best >= patience))
        pair = np.zeros(len(rows), dtype=bool)
        alone = start & ~declare & (best <= 0) & (hand_size > 0)
        if alone.any():                                 # no card scores alone: a pair (R7)?
            found = self.best_pairs(rows[alone], [column[alone] for column in slots])
            pair[alone] = (found[4] > 0) & (~waits[alone] | (found[4] >= patience))
            pairs = [column[pair[alone]] for column in found]
        end = ~start & ~place
        draw = start & ~declare & ~place & ~pair & may_draw
        down = start & ~declare & ~place & ~pair & ~may_draw
        if self.log is not None:
            self._note(rows, declare, place, seat, guest, end, draw, pair, pairs if pair.any() else None)
        self.over[rows[declare]] = 3                                                   # R12c
        if place.any():
            self._place(rows[place], seat[place], guest[place], best[place])
        if pair.any():
            self._place(rows[pair], pairs[0], pairs[1], 0)
            self._place(rows[pair], pairs[2], pairs[3], pairs[4])
        placed = rows[place | pair]                     # no card can follow: the turn ends now
        done = placed[(self.over[placed] == 0) & ((self.cards[placed] >= MOST_CARDS)
                                                  | ~self.hands[placed, self.to_move[placed]].any(1))]
        if len(done):
            self._end(done)
            if self.log is not None:
                for row in done.tolist():
                    self.log[row].append("end")
        if end.any():
            self._end(rows[end])
        if draw.any():
            self._draw(rows[draw])
        if down.any():
            self._down(rows[down])

    def _ahead(self, rows: np.ndarray, p: np.ndarray) -> np.ndarray:
        """Whether the player to move would win outright if the game ended now (R13)."""
        finals = self.scores[rows] - PENALTY * (self.hands[rows].sum(2) + self.down[rows])
        at = np.arange(len(rows))
        mine = finals[at, p]
        finals[at, p] = np.iinfo(finals.dtype).min
        return mine > finals.max(1)

    def _place(self, rows, seat, guest, points) -> None:
        """A card placed in each game of ``rows``: scored (R8), full tables cleared and turned
        up from the table pile, or the game over when it runs short (R9, R12a)."""
        p = self.to_move[rows]
        self.seats[rows, seat] = guest
        self.hands[rows, p, guest] -= 1
        self.scores[rows, p] += points                                                # R8
        self.cards[rows] += 1
        full = _count(self._seats[rows][:, _TABLE_SEATS[:5]] >= 0) == 4             # R9
        cleared = full.any(1)
        if not cleared.any():
            return
        rows, full = rows[cleared], full[cleared]
        self.seats[rows] = np.where((full[:, :, None] & _TABLE_HAS_SEAT).any(1), EMPTY, self.seats[rows])
        wanted = full.sum(1)
        left = self.table_size[rows] - self.table_next[rows]
        short = left < wanted                                                        # R12a: the turn
        top = np.minimum(self.table_next[rows][:, None] + np.cumsum(full, 1) - 1,   # scored, over
                         self.table_pile.shape[1] - 1)                               # (the pile's top first)
        drawn = np.take_along_axis(self.table_pile[rows], top, 1)
        self.tables[rows, :5] = np.where(full, np.where(short[:, None], EMPTY, drawn), self.tables[rows, :5])
        self.table_next[rows] += np.where(short, 0, wanted)
        if short.any():
            self.over[rows[short]] = 1
            self._end(rows[short])

    def _end(self, rows) -> None:
        self.cards[rows] = 0
        self.to_move[rows] = (self.to_move[rows] + 1) % self.players

    def _draw(self, rows) -> None:
        guest = self.guest_pile[rows, self.guest_next[rows]]
        self.hands[rows, self.to_move[rows], guest] += 1                             # R10
        self.guest_next[rows] += 1
        self.over[rows[self.guest_next[rows] == self.guest_size[rows]]] = 2          # R12b
        self._end(rows)

    def _down(self, rows) -> None:
        p = self.to_move[rows]
        held = self.hands[rows, p] > 0
        present = np.zeros((len(rows), 13), dtype=bool)
        present[np.arange(len(rows))[:, None], self.tables[rows, :5] + 1] = True
        alone = held & ~present[:, _NATION + 1]
        pick = np.where(alone.any(1)[:, None], alone, held)
        guest = _KINDS - 1 - pick[:, ::-1].argmax(1)                                  # the last one
        self.hands[rows, p, guest] -= 1                                              # R11
        self.down[rows, p] += 1
        self._end(rows)

    def _note(self, rows, declare, place, seat, guest, end, draw, pair, pairs) -> None:
        paired = iter(zip(*pairs) if pairs is not None else ())
        for i, row in enumerate(rows.tolist()):
            if declare[i]:
                actions = [f"declare:{int(self.to_move[row]) + 1}"]
            elif place[i]:
                actions = [f"{GUEST_TEXT[guest[i]]}@{SEATS[seat[i]]}"]
            elif pair[i]:
                s1, g1, s2, g2, _ = next(paired)
                actions = [f"{GUEST_TEXT[g1]}@{SEATS[s1]}", f"{GUEST_TEXT[g2]}@{SEATS[s2]}"]
            else:
                actions = ["end" if end[i] else "draw" if draw[i] else "down"]
            self.log[row] += actions

    # -- the outcome -------------------------------------------------------------------------------

    def final(self) -> np.ndarray:
        """Each game's final scores (R13): B × players, the score less 2 a card in hand or face
        down."""
        return self.scores - PENALTY * (self.hands.sum(2) + self.down)

    def ends(self) -> list[str | None]:
        """Why each game ended (``"R12a"``, ``"R12b"``, ``"R12c"``; None while it goes on)."""
        return [ENDS[o] for o in self.over.tolist()]


def _slots(seats: np.ndarray, tables: np.ndarray, hand: np.ndarray, cards: np.ndarray):
    """Every card that may be the next one, in ``n`` games (``seats`` n × 13, ``tables`` n × 6,
    the hand of the player to move n × 24, the cards placed in the turn n), as slots: a seat,
    a table it touches and a sex, the guest being of that table's nation and sex (R5: no other
    guest may sit there). Returns the slots' guests and points (n × 40), and whether each may
    sit (R1, R4, R6, the seat free, the guest in the hand)."""
    n = len(seats)
    around = seats[:, _TABLE_SEATS]                                      # n × 6 × 4
    # Counted four seats at a time: a table's four booleans read as one 32-bit word.
    guests = _count(around >= 0)
    men = _count((around & 1).astype(bool)) - (4 - guests)               # (-1 & 1 is 1: the empties)
    own = _count((around >> 1) == tables[:, :, None]) == guests           # all of the table's nation
    # A card's points at each table, by its sex (R8: 2, 3, 4 with the others; refused, R6; 0 at
    # a table not there), and what it adds when all there are of the table's nation and so is it.
    base = _BASE[np.where(tables >= 0, guests * 5 + men, _NO_GUESTS)].reshape(n, 12)   # n × (6 × 2)
    bonus = base * own.repeat(2, axis=1)
    nation = tables[:, _SLOT_TABLE]                                      # n × 40 (-1: no table, no slot)
    guest = 2 * nation + _SEX16
    same = tables[:, _SLOT_AROUND] == nation[:, :, None]                 # n × 40 × 3
    each = base[:, _SLOT_AT] + bonus[:, _SLOT_AT] * same                 # R8 at each table it touches
    points = each[:, :, 0] + each[:, :, 1] + each[:, :, 2]
    at = np.arange(n)[:, None]
    in_cafe = np.bincount((seats + 1 + 25 * at).ravel(), minlength=25 * n).reshape(n, 25)[:, 1:]
    guest_may = (in_cafe < GUEST_COPIES) & (hand > 0)                    # R1; in the hand
    # … read for each table's nation and each sex, then for each slot (none where no table)
    by_table = guest_may[at, (2 * tables[:, :, None] + (0, 1)).reshape(n, 12)] & (tables >= 0).repeat(2, axis=1)
    may = by_table[:, _SLOT_FROM] & (points >= 0)
    may &= (seats < 0)[:, _SLOT_SEAT] & (cards < MOST_CARDS)[:, None]    # R4
    return guest, points, may


def _first_best(guest: np.ndarray, points: np.ndarray, may: np.ndarray):
    """Each game's card that scores most among its slots (the first seat in reading order, then
    the first guest in code order, on a tie): its seat, guest and points (-1: none may sit)."""
    key = np.where(may, points.astype(np.int32) * 1024 - (_SLOT_SEAT * _KINDS + guest), -(1 << 30))
    pick = key.argmax(1)
    at = np.arange(len(guest))
    return _SLOT_SEAT[pick], guest[at, pick], np.where(may[at, pick], points[at, pick], -1)


def _rows(piles: list[list[int]]):
    """Piles of different lengths as one padded array, with where each one's top is and its size."""
    width = max(1, max(len(p) for p in piles))
    out = np.full((len(piles), width), EMPTY, dtype=np.int16)
    for i, pile in enumerate(piles):
        out[i, :len(pile)] = pile
    return out, np.zeros(len(piles), dtype=np.int64), np.array([len(p) for p in piles], dtype=np.int64)


# -- the same policy on the engine's Game (for the tests and the benchmark) -----------------------


def greedy_turn(game, patience: int = 0, endgame: int = 3) -> list[str]:
    """One turn of the batch's policy on the engine's ``game`` (the basic game, at the start of
    a turn), played; its actions in notation, as :attr:`Batch.log` writes them."""
    p = game.to_move
    if not game.hand(p) and p in game.who_may_declare():
        finals = [s - PENALTY * (len(h) + len(d)) for s, h, d in zip(game.scores, game.hands, game.face_down)]
        if all(finals[p] > f for q, f in enumerate(finals) if q != p):
            game.declare_end(p)
            return [f"declare:{p + 1}"]
    waits = game.explain_draw() is None and len(game.guest_pile) > endgame * game.players
    hand = list(game.hand(p))
    state = game.cafe.begin_turn()          # the engine's fastest way: a turn state, placed on
    done = []
    first = _best_card(state, hand)
    plan = [first] if first is not None else _best_pair(state, hand)
    if plan and (not waits or plan[-1][0] >= patience):
        while plan:
            for _, guest, seat in plan:
                state = state.place(guest, seat)
                hand.remove(guest)
                done.append(f"{guest}@{seat}")
            card = _best_card(state, hand) if len(state.cards) < MOST_CARDS and not state.ended else None
            plan = [card] if card is not None else []
    for placement in done:
        game.place(placement)
    if done:
        if not game.is_over:
            game.end_turn()
            done.append("end")
    elif game.explain_draw() is None:
        game.draw()
        done.append("draw")
    else:
        present = {t for t in game.cafe.tables if t}
        held = sorted(set(hand), key=GUEST_CODE.__getitem__)
        game.lay_face_down(next((g for g in reversed(held) if g[:2] not in present), held[-1]))
        done.append("down")
    return done


def _best_card(state, hand):
    """The card of ``hand`` that scores most as the next of the engine's turn ``state`` (the
    first seat, then the first guest in code order, on a tie): ``(points, guest, seat)``, or
    None when none scores."""
    best = None
    for guest in sorted(set(hand), key=GUEST_CODE.__getitem__):
        for seat, score in state.seat_scores(guest).items():
            key = (score.points, -SEATS.index(seat), -GUEST_CODE[guest])
            if score.points > 0 and (best is None or key > best[0]):
                best = (key, guest, seat)
    return None if best is None else (best[0][0], best[1], best[2])


def _best_pair(state, hand):
    """A card alone (0 points) and the card that scores most joining it (R7), as
    :meth:`Batch.best_pairs` chooses them: ``[(0, guest, seat), (points, guest, seat)]`` or
    None."""
    lone = sorted((SEATS.index(seat), GUEST_CODE[guest], guest, seat) for guest in set(hand)
                  for seat, score in state.seat_scores(guest).items() if score.points == 0)
    best = None
    for _, _, guest, seat in lone:
        rest = list(hand)
        rest.remove(guest)
        second = _best_card(state.place(guest, seat), rest)
        if second is not None and (best is None or second[0] > best[1][0]):
            best = [(0, guest, seat), second]
    return best
