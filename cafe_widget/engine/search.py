"""The best turn, found exactly: every legal turn of 1–3 cards (4 in a turn that forms a
ladies' or men's table, R14) is considered, clearings and the tables they draw included (R9).

The search walks the turns card by card on a small mutable copy of the café — plain lists,
seated and unseated in place — and mirrors the one legality check,
:meth:`TurnState._seat <cafe_widget.engine.cafe.TurnState._seat>`, rule for rule (R1, R4–R9,
R12a, R14). It only *chooses* the placements: the turn it returns is then played through the
engine itself, so what a caller gets is checked and scored by the same code as every other
move. The tests compare the search with a plain enumeration through ``_seat`` on many positions.

Ties (RULES.md has no say; decided here, and documented in the README):

1. most points;
2. then most cards — each card left in hand costs 2 points at the end (R13);
3. then the first in reading order: the first card's seat earliest in reading order
   (``b1 d1 a2 c2 e2 b3 d3 a4 c4 e4 b5 d5``), then its guest first in the box order
   (nations alphabetically, ``f`` before ``m``), then the same for the second card, and so on.

Speed comes from three things: guests are only tried on seats whose tables share their nation
(R5); the last card of a turn is scored without building a state; and a position reached in
two orders (``A@x, B@y`` and ``B@y, A@x``) is searched once.
"""

from __future__ import annotations

from .cards import GUEST_COPIES, guest_sort_key, parse_guest
from .layout import SEAT_TABLES, SEATS, TABLE_SEATS

_NO_SEAT = object()


def parse_hand(hand) -> list[str]:
    """A hand as a list of guest codes, from a list or a string ``"RUf ITf ITm DEm"``."""
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    return [parse_guest(g, "hand") for g in hand]


class _Search:
    """One search: the café of a turn in progress as mutable lists, and the hand as counts."""

    def __init__(self, state, hand, judge=None):
        self.judge = judge
        cafe = state.cafe
        self.variant = state.variant
        self.seats = list(cafe.seats)
        self.tables = list(cafe.tables)
        self.pile = cafe.pile
        self.pile_used = 0
        self.placed = [SEATS.index(c.seat) for c in state.cards]
        self.n_start = len(state.cards)
        kinds = sorted(set(hand), key=guest_sort_key)
        self.kinds = kinds
        self.rank = {g: i for i, g in enumerate(kinds)}
        self.count = [hand.count(g) for g in kinds]
        # guests of each nation in the hand, as indices into ``kinds``
        self.by_nation: dict[str, list[int]] = {}
        for i, g in enumerate(kinds):
            self.by_nation.setdefault(g[:2], []).append(i)
        self.memo: dict = {}

    def pile_left(self) -> tuple:
        """The table pile as the turn leaves it."""
        return self.pile[self.pile_used:]

    def hand_left(self) -> list[str]:
        """The cards still in hand, in box order."""
        return [g for g, n in zip(self.kinds, self.count) for _ in range(n)]

    # -- one card -------------------------------------------------------------------------

    def seat(self, k: int, s: int, n_cards: int, pending, single_sex):
        """Try guest ``kinds[k]`` on seat ``s`` as card number ``n_cards + 1``.

        None if refused; else ``(points, pending, single_sex, undo)`` with the card seated
        (and any full table cleared); ``undo`` is None or what :meth:`unclear` needs.
        Mirrors ``TurnState._seat``: same rules, same order.
        """
        guest = self.kinds[k]
        seats, tables = self.seats, self.tables
        nation, sex = guest[:2], guest[2]
        touched = [t for t in SEAT_TABLES[s] if tables[t] is not None]
        if seats.count(guest) >= GUEST_COPIES:  # R1
            return None
        if pending and not (set(SEAT_TABLES[s]) & set(pending)):  # R7
            return None
        seats[s] = guest
        points = 0
        forming_here = False
        scored_any = False
        for t in touched:
            women = men = own = 0
            for i in TABLE_SEATS[t]:
                g = seats[i]
                if g is not None:
                    if g[2] == "f":
                        women += 1
                    else:
                        men += 1
                    if g[0] == tables[t][0] and g[1] == tables[t][1]:
                        own += 1
            n = women + men
            forming = single_sex is not None and single_sex[0] == t and single_sex[1] == "forming"
            if forming:
                if sex != single_sex[2]:  # R14: mixing spoils the table being formed
                    seats[s] = None
                    return None
            elif women - men > 1 or men - women > 1:  # R6
                if self.variant and (women == 0 or men == 0) and single_sex is None \
                        and self._before(t, s) <= 1:
                    single_sex, forming = (t, "forming", sex), True
                else:
                    seats[s] = None
                    return None
            doubled = n > 1 and own == n
            if forming:
                forming_here = True
                if n == 4:
                    points += 40 if doubled else 20
                    scored_any = True
            elif n > 1:
                points += 2 * n if doubled else n
                scored_any = True
        new_pending = ()
        if not forming_here and not scored_any:  # R7: alone everywhere it sits
            new_pending = tuple(touched)
            if not (n_cards + 1 < 3 or (n_cards + 1 == 3 and single_sex is not None)):
                seats[s] = None
                return None
        full = [t for t in touched if all(seats[i] is not None for i in TABLE_SEATS[t])]
        undo = None
        if full:  # R9, R12a
            undo = self.clear(full)
            if single_sex is not None and single_sex[0] in full:
                single_sex = (single_sex[0], "formed", single_sex[2])
        if single_sex is not None and single_sex[1] == "forming":  # R14: still completable?
            t = single_sex[0]
            here = sum(1 for i in TABLE_SEATS[t] if seats[i] is not None)
            if 4 - here > 4 - (n_cards + 1):
                self.unseat(s, undo)
                return None
        return points, new_pending, single_sex, undo

    def _before(self, t: int, s: int) -> int:
        """Guests at table ``t`` not placed this turn (R14 allows at most one)."""
        placed = self.placed
        return sum(1 for i in TABLE_SEATS[t]
                   if self.seats[i] is not None and i != s and i not in placed)

    def clear(self, full):
        """Clear the full tables ``full`` and draw new ones (R9); what :meth:`unseat` needs."""
        seats, tables = self.seats, self.tables
        saved = (list(seats), list(tables), self.pile_used)
        for t in full:
            for i in TABLE_SEATS[t]:
                seats[i] = None
        left = len(self.pile) - self.pile_used
        if left < len(full):  # R12a: the café cannot be completed; the game ends
            for t in full:
                tables[t] = None
            return saved + (True,)
        for t in full:
            tables[t] = self.pile[self.pile_used]
            self.pile_used += 1
        return saved + (False,)

    def unseat(self, s: int, undo) -> None:
        """Take back the card on ``s`` and the clearing it caused, if any."""
        if undo is None:
            self.seats[s] = None
        else:
            self.seats[:], self.tables[:], self.pile_used = undo[0], undo[1], undo[2]
            self.seats[s] = None

    # -- the walk -------------------------------------------------------------------------

    def moves(self, n_cards: int, single_sex):
        """Candidate (guest index, seat) pairs for the next card, in tie-break order; R4, R5."""
        if n_cards >= 3 and (not self.variant or n_cards >= 4 or single_sex is None):
            return
        seats, tables, count, by_nation = self.seats, self.tables, self.count, self.by_nation
        where, sex = range(12), None
        if single_sex is not None and single_sex[1] == "forming":
            # R14: the table being formed needs ``need`` more guests of its sex; when the
            # cards left after this one are too few, this one must be one of them.
            t, _, sex = single_sex
            need = sum(1 for i in TABLE_SEATS[t] if seats[i] is None)
            if need > 4 - (n_cards + 1):
                where = TABLE_SEATS[t]
            else:
                sex = None
        for s in where:
            if seats[s] is not None:
                continue
            ks = set()
            for t in SEAT_TABLES[s]:
                nat = tables[t]
                if nat is not None and nat in by_nation:
                    ks.update(by_nation[nat])
            for k in sorted(ks):
                if count[k] and (sex is None or self.kinds[k][2] == sex):
                    yield k, s

    def best(self, n_cards: int, pending, single_sex):
        """The best way to go on from here: ``(points, cards, moves)`` with ``moves`` the
        placements still to come as ``(seat, guest index)`` pairs, or None if none may end.

        ``cards`` counts them; comparing ``(points, cards, [-seat, -guest] …)`` would order the
        tie-breaks, but moves are compared explicitly below to keep the order readable.
        """
        if n_cards >= 2 and (single_sex is None or single_sex[1] == "formed") and not self.judge:
            return self.last(n_cards, pending, single_sex)
        key = (tuple(self.seats), tuple(self.tables), self.pile_used, pending, single_sex,
               n_cards, tuple(self.count), tuple(self.placed) if self.variant else None)
        if key in self.memo:
            return self.memo[key]
        found = self.general(list(self.moves(n_cards, single_sex)), n_cards, pending, single_sex)
        self.memo[key] = found
        return found

    def general(self, moves, n_cards: int, pending, single_sex):
        """The best continuation starting with one of ``moves``, each tried in full."""
        found = None
        for k, s in moves:
            tried = self.seat(k, s, n_cards, pending, single_sex)
            if tried is None:
                continue
            points, new_pending, new_single, undo = tried
            ended = undo is not None and undo[3]
            candidates = []
            self.count[k] -= 1
            self.placed.append(s)
            if ended or (not new_pending and not (new_single and new_single[1] == "forming")):
                # the turn may end here
                value = points if self.judge is None else points + self.judge(self, ended)
                candidates.append((value, 1, ((s, k),)))
            more = not ended and (n_cards + 1 < 3 or (self.variant and n_cards + 1 < 4
                                                      and new_single is not None))
            if more:
                rest = self.best(n_cards + 1, new_pending, new_single)
                if rest is not None:
                    candidates.append((points + rest[0], 1 + rest[1], ((s, k),) + rest[2]))
            self.placed.pop()
            self.count[k] += 1
            self.unseat(s, undo)
            for cand in candidates:
                if found is None or _better(cand, found):
                    found = cand
        return found

    def every(self, n_cards: int, pending, single_sex, points: int = 0, moves: tuple = ()):
        """Every way to finish the turn from here, one by one: ``(points, moves, ended)``
        with the café (``self.seats``, ``self.tables``, ``self.pile_left()``) and the hand
        (``self.hand_left()``) as that turn leaves them, while the caller looks."""
        for k, s in list(self.moves(n_cards, single_sex)):
            tried = self.seat(k, s, n_cards, pending, single_sex)
            if tried is None:
                continue
            gained, new_pending, new_single, undo = tried
            ended = undo is not None and undo[3]
            self.count[k] -= 1
            self.placed.append(s)
            here = moves + ((s, k),)
            if ended or (not new_pending and not (new_single and new_single[1] == "forming")):
                yield points + gained, here, ended
            if not ended and (n_cards + 1 < 3 or (self.variant and n_cards + 1 < 4
                                                   and new_single is not None)):
                yield from self.every(n_cards + 1, new_pending, new_single, points + gained, here)
            self.placed.pop()
            self.count[k] += 1
            self.unseat(s, undo)

    def last(self, n_cards: int, pending, single_sex):
        """Like :meth:`best` for a card that, as a rule, must be the turn's last (the third, or
        the fourth after a ladies' or men's table was formed): scored from table counts,
        without seating it. A card that would start forming a table (R14) is tried in full."""
        seats, tables, kinds, count = self.seats, self.tables, self.kinds, self.count
        by_nation = self.by_nation
        may_form = self.variant and single_sex is None
        stats = []
        for t in range(5):
            nat = tables[t]
            women = men = own = 0
            if nat is not None:
                for i in TABLE_SEATS[t]:
                    g = seats[i]
                    if g is not None:
                        if g[2] == "f":
                            women += 1
                        else:
                            men += 1
                        if g[0] == nat[0] and g[1] == nat[1]:
                            own += 1
            stats.append((nat, women, men, own))
        best_points, best_move = -1, None
        slow = []
        for s in range(12):
            if seats[s] is not None:
                continue
            if pending and not set(pending).intersection(SEAT_TABLES[s]):  # R7
                continue
            here = [stats[t] for t in SEAT_TABLES[s] if stats[t][0] is not None]
            ks = set()
            for nat, _, _, _ in here:
                if nat in by_nation:
                    ks.update(by_nation[nat])
            for k in sorted(ks):
                if not count[k]:
                    continue
                guest = kinds[k]
                woman = guest[2] == "f"
                nation = guest[:2]
                points = 0
                scored = False
                for nat, women, men, own in here:
                    if woman:
                        women += 1
                    else:
                        men += 1
                    n = women + men
                    if women - men > 1 or men - women > 1:  # R6, unless R14 starts a table
                        if may_form and (women == 0 or men == 0):
                            slow.append((k, s))
                        scored = False
                        break
                    if n > 1:
                        points += 2 * n if own + (nation == nat) == n else n
                        scored = True
                # a card alone everywhere could not end the turn (R7)
                if scored and points > best_points and seats.count(guest) < GUEST_COPIES:  # R1
                    best_points, best_move = points, (s, k)
        found = None if best_move is None else (best_points, 1, (best_move,))
        if slow:
            other = self.general([(k, s) for s, k in sorted((s, k) for k, s in slow)],
                                 n_cards, pending, single_sex)
            if other is not None and (found is None or _better(other, found)):
                found = other
        return found


def _better(a, b) -> bool:
    """True if continuation ``a`` beats ``b``: more points, then more cards, then earlier in
    reading order (seat, then guest in box order)."""
    if a[0] != b[0]:
        return a[0] > b[0]
    if a[1] != b[1]:
        return a[1] > b[1]
    return a[2] < b[2]


def search_turn(state, hand, judge=None) -> tuple[list[tuple[str, str]], float] | None:
    """The best way to finish the turn ``state`` with cards from ``hand`` (after the cards
    already placed): ``([(guest, seat), …], value)``, or None if there is none.

    The value is the points of the cards still to place; ``judge(search, ended)``, if given,
    adds its own value to every finished turn, read from the café as the turn leaves it
    (``search.seats``, ``search.tables``, ``search.pile_left()``, ``search.hand_left()``) —
    the computer players use it to weigh what a turn keeps and leaves.
    """
    if state.ended:
        return None
    search = _Search(state, list(hand), judge)
    found = search.best(len(state.cards), state.pending, state.single_sex)
    if found is None:
        return None
    return [(search.kinds[k], SEATS[s]) for s, k in found[2]], found[0]


def best_placements(state, hand) -> list[tuple[str, str]] | None:
    """The placements of the turn with the most points (ties as above), or None."""
    found = search_turn(state, hand)
    return None if found is None else found[0]


def every_turn(state, hand):
    """Every legal way to finish the turn ``state`` with cards from ``hand``, in reading order:
    ``(points, [(guest, seat), …], café after, cards left in hand)``; each café after is a
    :class:`~cafe_widget.engine.cafe.Cafe`. For players that weigh more than points."""
    from .cafe import Cafe

    if state.ended:
        return
    search = _Search(state, list(hand))
    for points, moves, _ in search.every(len(state.cards), state.pending, state.single_sex):
        yield (points, [(search.kinds[k], SEATS[s]) for s, k in moves],
               Cafe(tuple(search.tables), tuple(search.seats), search.pile_left()),
               search.hand_left())
