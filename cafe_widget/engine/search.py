"""The best turn, found exactly: every legal turn of 1–3 cards (4 in a turn that forms a
ladies' or men's table, R14) is considered, clearings and the tables they draw included (R9).

The search walks the turns card by card on a small mutable copy of the café — plain lists,
seated and unseated in place — and mirrors the one legality check,
:meth:`TurnState._seat <cafe_widget.engine.cafe.TurnState._seat>`, rule for rule (R1, R4–R9,
R12a, R14; no table turned up while a ladies' or men's table is unfinished, see :mod:`.cafe`).
It only *chooses* the placements: the turn it returns is then played through the engine
itself, so what a caller gets is checked and scored by the same code as every other move. It is
given the turn in progress (and through it the café) and never imports their module:
:mod:`.cafe` imports this one.
The tests compare the search with a plain enumeration through ``_seat`` on many positions.

Ties (docs/RULES.md has no say; decided here, and documented in docs/manual/engine.md):

1. most points;
2. then most cards — each card left in hand costs 2 points at the end (R13);
3. then the first in reading order: the first card's seat earliest in reading order
   (``b1 d1 a2 c2 e2 b3 d3 a4 c4 e4 b5 d5``), then its guest first in the box order
   (nations alphabetically, ``f`` before ``m``), then the same for the second card, and so on.

Speed comes from these, none of which leaves a legal turn out:

- guests are only tried on seats whose tables share their nation (R5), from a list per seat
  made once for each set of tables;
- each table's women, men and guests of its nation are counted as cards sit and leave, so
  balance (R6) and points (R8) are read from counts instead of from the four seats;
- the last card of a turn is scored from those counts without seating it; of the cards that
  would start a ladies' or men's table there (R14), only those whose table could still be
  completed within the turn are tried in full;
- a position reached in two orders (``A@x, B@y`` and ``B@y, A@x``) is searched once.

**Blind** (``blind=True``): what the player to move may know. The table pile is face down: which
table a clearing turns up (R9) is seen only once the card that clears is placed, and what the
player does then is chosen then. So a blind search never looks past a card that clears a table
while more cards could follow: such a turn is a *plan* that stops there (its points so far; the
rest is chosen once the new table is seen), weighed against the whole turns that need no new
table. The pile's size is public (it says when a clearing ends the game, R12a), its order never
read. The hint, the computer players and the review play blind; a puzzle whose table pile is
part of its question is searched exactly (the default).
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_
from .cards import GUEST_COPIES, check_copies, guest_sort_key, parse_guest
from .errors import NotationError
from .layout import SEAT_TABLES, SEATS, TABLE_SEATS

#: For each seat, the tables it touches as a set (R7: does a card join one of them?).
_SEAT_TABLE_SETS = tuple(frozenset(ts) for ts in SEAT_TABLES)

_UNKNOWN = object()  # not in the memo yet


def parse_hand(hand) -> list[str]:
    """A hand as a list of guest codes, from a list or a string ``"RUf ITf ITm DEm"``;
    NotationError naming the token for anything else, or for more copies than the box has."""
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    elif not isinstance(hand, (list, tuple)):
        raise NotationError("hand", repr(hand), N_('is not a hand: give guest codes, as a list or '
                            'as text, for example "RUf ITf ITm"'))
    for g in hand:
        if not isinstance(g, str):
            raise NotationError("hand", repr(g), N_("is not a guest: write a nation code and f or m, "
                                "for example RUf or ITm"))
    guests = [parse_guest(g, "hand") for g in hand]
    check_copies(guests, [], "hand")
    return guests


class _Search:
    """One search: the café of a turn in progress as mutable lists, and the hand as counts.

    ``seats``, ``tables`` and ``pile_left()`` are the café; ``women``, ``men`` and ``own`` count,
    for each table, its women, its men and its guests of the table's nation (0s for a missing
    table). ``kinds`` are the hand's guests in box order, ``count`` how many of each are left;
    ``cands[s]`` the kinds whose nation is that of a table seat ``s`` touches (R5).
    """

    def __init__(self, state, hand, blind: bool = False):
        cafe = state.cafe
        self.blind = blind
        self.drawn: list = []        # places whose table this turn turned up, in order
        self.variant = state.variant
        self.seats = list(cafe.seats)
        self.tables = list(cafe.tables)
        self.pile = cafe.pile
        self.pile_used = 0
        self.placed = [SEATS.index(c.seat) for c in state.cards]
        kinds = sorted(set(hand), key=guest_sort_key)
        self.kinds = kinds
        self.count = [hand.count(g) for g in kinds]
        self.nation = [g[:2] for g in kinds]
        self.woman = [g[2] == "f" for g in kinds]
        self.women, self.men, self.own = [0] * 5, [0] * 5, [0] * 5
        self._cands_by_tables: dict = {}
        self.cands: tuple = ()
        self.recount()
        self.memo: dict = {}

    def pile_left(self) -> tuple:
        """The table pile as the turn leaves it."""
        return self.pile[self.pile_used:]

    def hand_left(self) -> list[str]:
        """The cards still in hand, in box order."""
        return [g for g, n in zip(self.kinds, self.count) for _ in range(n)]

    def recount(self) -> None:
        """Count every table's women, men and guests of its nation afresh (after a clearing
        has emptied seats and drawn tables, R9), and list each seat's candidates (R5)."""
        seats, tables = self.seats, self.tables
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
                        if g[:2] == nat:
                            own += 1
            self.women[t], self.men[t], self.own[t] = women, men, own
        key = tuple(tables)
        cands = self._cands_by_tables.get(key)
        if cands is None:
            nation = self.nation
            cands = tuple(
                tuple(k for k in range(len(nation))
                      if any(tables[t] == nation[k] for t in SEAT_TABLES[s]))
                for s in range(12))
            self._cands_by_tables[key] = cands
        self.cands = cands

    # -- one card -------------------------------------------------------------------------

    def seat(self, k: int, s: int, n_cards: int, pending, single_sex):
        """Try guest ``kinds[k]`` on seat ``s`` as card number ``n_cards + 1``.

        None if refused; else ``(points, pending, single_sex, undo)`` with the card seated
        (and any full table cleared); ``undo`` is what :meth:`unseat` needs.
        Mirrors ``TurnState._seat``: same rules, same outcome (the card is refused before
        it sits where that is cheaper). Balance and points are read from the table counts.
        The caller has checked R4 (how many cards) and R5 (an empty seat at a table of the
        guest's nation): :meth:`moves` lists only such cards.
        """
        guest = self.kinds[k]
        seats = self.seats
        if seats.count(guest) >= GUEST_COPIES:  # R1
            return None
        if pending and _SEAT_TABLE_SETS[s].isdisjoint(pending):  # R7: must join the last card
            return None
        tables, women, men, own = self.tables, self.women, self.men, self.own
        woman, nation = self.woman[k], self.nation[k]
        forming_at = single_sex[0] if single_sex is not None and single_sex[1] == "forming" else -1
        points = 0
        forming_here = scored_any = fills = False
        for t in SEAT_TABLES[s]:
            nat = tables[t]
            if nat is None:
                continue
            w = women[t] + woman
            m = men[t] + (not woman)
            n = w + m
            forming = t == forming_at
            if forming:
                if guest[2] != single_sex[2]:  # R14: mixing spoils the table being formed
                    return None
            elif w - m > 1 or m - w > 1:  # R6
                if self.variant and (w == 0 or m == 0) and single_sex is None \
                        and self._before(t, s) <= 1:
                    single_sex, forming, forming_at = (t, "forming", guest[2]), True, t
                else:
                    return None
            doubled = own[t] + (nation == nat) == n  # R8: all of the table's nation
            if forming:
                forming_here = True
                if n == 4:  # R14: 20, or 40 all of the table's nation, instead of R8
                    points += 40 if doubled else 20
                    scored_any = True
            elif n > 1:
                points += 2 * n if doubled else n
                scored_any = True
            if n == 4:
                fills = True
        new_pending = ()
        if not forming_here and not scored_any:  # R7: alone everywhere it sits
            new_pending = tuple(t for t in SEAT_TABLES[s] if tables[t] is not None)
            if not (n_cards + 1 < 3 or (n_cards + 1 == 3 and single_sex is not None)):
                return None
        seats[s] = guest
        self._count(s, guest, 1)
        undo = None
        if fills:  # R9, R12a
            full = [t for t in SEAT_TABLES[s]
                    if tables[t] is not None and women[t] + men[t] == 4]
            undo = self.clear(full)
            if single_sex is not None and single_sex[0] in full:
                single_sex = (single_sex[0], "formed", single_sex[2])
        if single_sex is not None and single_sex[1] == "forming":
            # R14: still completable? 4 - here guests to come, at most 4 - (n_cards + 1) cards;
            # and no table turned up before it is complete (R9: the turn may end after one)
            t = single_sex[0]
            if women[t] + men[t] < n_cards + 1 or (undo is not None and not undo[1]):
                self.unseat(s, undo)
                return None
        return points, new_pending, single_sex, undo

    def _count(self, s: int, guest: str, step: int) -> None:
        """Add ``guest`` on seat ``s`` to the counts of the tables it touches (``step`` 1), or
        take it away (``step`` -1)."""
        tables = self.tables
        sexes = self.women if guest[2] == "f" else self.men
        for t in SEAT_TABLES[s]:
            nat = tables[t]
            if nat is not None:
                sexes[t] += step
                if guest[0] == nat[0] and guest[1] == nat[1]:
                    self.own[t] += step

    def _before(self, t: int, s: int) -> int:
        """Guests at table ``t`` not placed this turn (R14 allows at most one)."""
        placed = self.placed
        return sum(1 for i in TABLE_SEATS[t]
                   if self.seats[i] is not None and i != s and i not in placed)

    def clear(self, full):
        """Clear the full tables ``full`` and draw new ones (R9); what :meth:`unseat` needs:
        ``(saved café and counts, ended)``, ``ended`` when the pile ran short (R12a)."""
        seats, tables = self.seats, self.tables
        saved = (list(seats), list(tables), self.pile_used,
                 list(self.women), list(self.men), list(self.own), self.cands, len(self.drawn))
        for t in full:
            for i in TABLE_SEATS[t]:
                seats[i] = None
        ended = len(self.pile) - self.pile_used < len(full)
        if ended:  # R12a: the café cannot be completed; the game ends
            for t in full:
                tables[t] = None
        else:
            for t in full:
                tables[t] = self.pile[self.pile_used]
                self.pile_used += 1
                self.drawn.append(t)
        self.recount()
        return saved, ended

    def unseat(self, s: int, undo) -> None:
        """Take back the card on ``s`` and the clearing it caused, if any."""
        if undo is not None:
            seats, tables, self.pile_used, women, men, own, self.cands, drawn = undo[0]
            del self.drawn[drawn:]
            self.seats[:], self.tables[:] = seats, tables
            self.women[:], self.men[:], self.own[:] = women, men, own
        self._count(s, self.seats[s], -1)
        self.seats[s] = None

    # -- the walk -------------------------------------------------------------------------

    def may_place(self, n_cards: int, single_sex) -> bool:
        """R4, R14: another card may follow ``n_cards`` cards."""
        return n_cards < 3 or (self.variant and n_cards < 4 and single_sex is not None)

    def moves(self, n_cards: int, pending, single_sex) -> list:
        """Candidate (guest index, seat) pairs for the next card, in tie-break order; R4, R5,
        and R7: after a card alone, only seats at one of its tables."""
        if not self.may_place(n_cards, single_sex):
            return []
        seats, count, cands = self.seats, self.count, self.cands
        where, sex = range(12), None
        if pending:
            where = [s for s in where if not _SEAT_TABLE_SETS[s].isdisjoint(pending)]
        if single_sex is not None and single_sex[1] == "forming":
            # R14: the table being formed needs ``need`` more guests of its sex; when the
            # cards left after this one are too few, this one must be one of them.
            t = single_sex[0]
            need = 4 - self.women[t] - self.men[t]
            if need > 4 - (n_cards + 1):
                where, sex = [s for s in TABLE_SEATS[t] if s in where], single_sex[2] == "f"
        woman = self.woman
        return [(k, s) for s in where if seats[s] is None
                for k in cands[s] if count[k] and (sex is None or woman[k] == sex)]

    def best(self, n_cards: int, pending, single_sex):
        """The best way to go on from here: ``(points, cards, moves)`` with ``moves`` the
        placements still to come as ``(seat, guest index)`` pairs, or None if none may end.

        ``cards`` counts them; comparing ``(points, cards, [-seat, -guest] …)`` would order the
        tie-breaks, but moves are compared explicitly below to keep the order readable.
        """
        if not self.may_place(n_cards, single_sex):  # R4
            return None
        # Which cards of the turn are on which seats matters only to start a ladies' or men's
        # table (R14, see _before), and then only as a set.
        placed = tuple(sorted(self.placed)) if self.variant and single_sex is None else None
        key = (tuple(self.seats), tuple(self.tables), self.pile_used, pending, single_sex,
               n_cards, tuple(self.count), placed)
        found = self.memo.get(key, _UNKNOWN)
        if found is not _UNKNOWN:
            return found
        if n_cards >= 2 and (single_sex is None or single_sex[1] == "formed"):
            found = self.last(n_cards, pending, single_sex)
        else:
            found = self.general(self.moves(n_cards, pending, single_sex), n_cards, pending,
                                 single_sex)
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
            ended = undo is not None and undo[1]
            unseen = self.blind and undo is not None and not ended   # a table turned up: seen only then
            candidates = []
            self.count[k] -= 1
            self.placed.append(s)
            if ended or (not new_pending and not (new_single and new_single[1] == "forming")):
                candidates.append((points, 1, ((s, k),)))  # the turn may end here (or, blind, the plan)
            if not ended and not unseen and self.may_place(n_cards + 1, new_single):
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
        """Every way to finish the turn from here, one by one: ``(points, moves, goes_on)``
        with the café (``self.seats``, ``self.tables``, ``self.pile_left()``) and the hand
        (``self.hand_left()``) as that turn leaves them, while the caller looks. Blind, a plan
        that stops at a clearing has ``goes_on`` (more cards may follow, chosen once the new
        table is seen); ``self.drawn`` holds the places whose table the turn turned up.

        The step (seat, may it end, may a card follow, take it back) is :meth:`general`'s,
        written out again: a shared generator made the search half as slow again."""
        for k, s in self.moves(n_cards, pending, single_sex):
            tried = self.seat(k, s, n_cards, pending, single_sex)
            if tried is None:
                continue
            gained, new_pending, new_single, undo = tried
            ended = undo is not None and undo[1]
            unseen = self.blind and undo is not None and not ended
            self.count[k] -= 1
            self.placed.append(s)
            here = moves + ((s, k),)
            if ended or (not new_pending and not (new_single and new_single[1] == "forming")):
                yield points + gained, here, unseen and self.may_place(n_cards + 1, new_single) and any(self.count)
            if not ended and not unseen and self.may_place(n_cards + 1, new_single):
                yield from self.every(n_cards + 1, new_pending, new_single, points + gained, here)
            self.placed.pop()
            self.count[k] += 1
            self.unseat(s, undo)

    def last(self, n_cards: int, pending, single_sex):
        """Like :meth:`best` for a card that, as a rule, must be the turn's last (the third, or
        the fourth after a ladies' or men's table was formed — never sooner: at most one of
        its guests was there before the turn, R14): scored from the table counts, without
        seating it. It must score (R7: a card alone could not end the turn, nor be joined).
        Scoring comes before any clearing (R8, R9), so a card that fills a table scores the
        same here.

        A card that would start a ladies' or men's table (R14) is tried in full — but only
        where that table then holds at least ``n_cards + 1`` guests: with fewer, the cards
        left could not complete it, and :meth:`seat` would refuse it (a clearing can only
        take guests away).
        """
        seats, tables, kinds, count = self.seats, self.tables, self.kinds, self.count
        women, men, own, nation, woman = self.women, self.men, self.own, self.nation, self.woman
        cands = self.cands
        may_form = self.variant and single_sex is None
        best_points, best_move = 0, None
        slow = []
        for s in range(12):
            if seats[s] is not None:
                continue
            if pending and _SEAT_TABLE_SETS[s].isdisjoint(pending):  # R7
                continue
            for k in cands[s]:
                if not count[k]:
                    continue
                wo, nat_k = woman[k], nation[k]
                points = 0
                for t in SEAT_TABLES[s]:
                    nat = tables[t]
                    if nat is None:
                        continue
                    w = women[t] + wo
                    m = men[t] + (not wo)
                    n = w + m
                    if w - m > 1 or m - w > 1:  # R6, unless R14 starts a table
                        if may_form and (w == 0 or m == 0) and n >= n_cards + 1:
                            slow.append((k, s))
                        points = 0
                        break
                    if n > 1:  # R8
                        points += 2 * n if own[t] + (nat_k == nat) == n else n
                if points > best_points and seats.count(kinds[k]) < GUEST_COPIES:  # R1
                    best_points, best_move = points, (s, k)
        found = None if best_move is None else (best_points, 1, (best_move,))
        if slow:  # already in reading order
            other = self.general(slow, n_cards, pending, single_sex)
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


def best_placements(state, hand, blind: bool = False) -> list[tuple[str, str]] | None:
    """The placements of the best way to finish the turn ``state`` with cards from ``hand``
    (after the cards already placed), ties broken as above: ``[(guest, seat), …]``, or None
    if no card can be added so that the turn may end. ``blind``: the plan stops at a card that
    turns up a table while more could follow (module docstring)."""
    if state.ended:
        return None
    search = _Search(state, list(hand), blind)
    found = search.best(len(state.cards), state.pending, state.single_sex)
    if found is None:
        return None
    return [(search.kinds[k], SEATS[s]) for s, k in found[2]]


def every_turn(state, hand):
    """Every legal way to finish the turn ``state`` with cards from ``hand``, in reading order:
    ``(points, [(guest, seat), …], café after, cards left in hand)``; each café after is a
    :class:`~cafe_widget.engine.cafe.Cafe` (of the class of ``state.cafe``: this module is
    given the café and never imports it). For players that weigh more than points."""
    Cafe = type(state.cafe)
    if state.ended:
        return
    search = _Search(state, list(hand))
    for points, moves, _ in search.every(len(state.cards), state.pending, state.single_sex):
        yield (points, [(search.kinds[k], SEATS[s]) for s, k in moves],
               Cafe(tuple(search.tables), tuple(search.seats), search.pile_left()),
               search.hand_left())


class _Start:
    """The start of a turn as :class:`_Search` reads it, from plain tuples (no café object)."""

    __slots__ = ("cafe", "variant", "cards", "tables", "seats", "pile")

    def __init__(self, tables, seats, pile):
        self.cafe, self.variant, self.cards = self, False, ()
        self.tables, self.seats, self.pile = tables, seats, pile


def best_from(tables, seats, pile, hand) -> tuple[int, list[tuple[str, int]]] | None:
    """The best turn of the basic game that starts on a café given as plain lists (its tables,
    its seats in :data:`~cafe_widget.engine.layout.SEATS` order, its table pile, as the engine
    writes them), every table the pile holds known: ``(points, [(guest, seat index), …])``, or
    None when no card may be placed. For the simulation core's playouts
    (:mod:`cafe_widget.players.sim`), which play a dealt guess of the hidden cards."""
    search = _Search(_Start(tables, seats, pile), list(hand))
    found = search.best(0, (), None)
    if found is None:
        return None
    return found[0], [(search.kinds[k], s) for s, k in found[2]]


class Plan(NamedTuple):
    """A turn as the player to move may weigh it (:func:`every_plan`)."""

    points: int
    placements: list
    after: object          # the café after, each table turned up this turn left out (None)
    kept: list             # the cards left in hand
    goes_on: bool          # it stops at a card that turned up a table; more may follow (R9)
    ends_game: bool        # a clearing found no table to turn up: the game ends (R12a)


def every_plan(state, hand):
    """:func:`every_turn` as the player to move may know it (blind, module docstring), each a
    :class:`Plan`. A plan that stops at a clearing with more cards to come ``goes_on``. Its
    café after leaves out every table the turn turned up (it is not known before it is seen),
    with a pile in no particular order (its size is known, its order is not)."""
    Cafe = type(state.cafe)
    if state.ended:
        return
    search = _Search(state, list(hand), blind=True)
    start = sorted(search.pile)
    for points, moves, goes_on in search.every(len(state.cards), state.pending, state.single_sex):
        tables = list(search.tables)
        ends_game = tables.count(None) > state.cafe.tables.count(None)
        for t in search.drawn:
            tables[t] = None
        yield Plan(points, [(search.kinds[k], SEATS[s]) for s, k in moves],
                   Cafe(tuple(tables), tuple(search.seats), tuple(start[:len(search.pile_left())])),
                   search.hand_left(), goes_on, ends_game)
