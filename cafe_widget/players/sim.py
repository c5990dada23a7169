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

- :class:`SimGame` is a whole game: both piles, each hand as 24 counts, the face-down cards, the
  scores, whose turn, who may declare the end; its turns, draws (R10), cards laid face down
  (R11), the three ends (R12) and the final score (R13).

- For the expert (:mod:`.expert`): :func:`unseen` counts what the player to move cannot see;
  :meth:`SimGame.dealt` deals it anew into the hidden places (a game they cannot tell from the
  real one), seeded by :meth:`SimGame.public_seed`; :meth:`SimGame.play_turn` is the playout
  policy, whose best turn (:meth:`SimGame.best_turn`) is the engine's own exact search
  (:func:`~cafe_widget.engine.search.best_from`, on the core's lists written as the engine
  writes them).

It plays the basic game; the variant (R14) is the engine's until it joins it here.
``tests/players/test_sim.py`` plays it against the engine card by card on random positions (the
same seats allowed, the same points, the same café after each clearing) and action by action on
whole games between computer players (the same piles, hands, scores, turn and end);
``tests/players/test_expert.py`` plays the playout policy to the end in both, turn by turn.
``make differential`` does so on 200 games of each. ``benchmarks/sim.py`` times both. Pure
Python, no import beyond the engine.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter

from ..engine.cafe import Cafe
from ..engine.cards import GUEST_COPIES, NATIONS, full_guest_deck, full_table_deck
from ..engine.layout import SEAT_TABLES, SEATS, TABLE_SEATS
from ..engine.search import best_from

NATION_INDEX = {code: i for i, code in enumerate(NATIONS)}
EMPTY = -1
MOST_CARDS = 3           #: R4 (the basic game)
#: A table's points by its number of guests (R8: one alone scores 0): plain, then all of its nation.
POINTS = ((0, 0, 2, 3, 4), (0, 0, 4, 6, 8))


def guest_code(guest: str) -> int:
    """``"DEf"`` → ``2 * 3 + 0``: a guest as the simulation writes it."""
    return NATION_INDEX[guest[:2]] * 2 + (guest[2] == "m")


def guest_text(code: int) -> str:
    """A simulated guest as the engine writes it: ``7`` → ``"DEm"``."""
    return NATIONS[code >> 1] + "fm"[code & 1]


GUEST_TEXT = tuple(guest_text(g) for g in range(2 * len(NATIONS)))
#: A nation's code, as the engine writes it (and ``-1``, a missing table, as None): index + 1.
NATION_TEXT = (None,) + NATIONS
GUEST_CODE = {text: g for g, text in enumerate(GUEST_TEXT)}


class SimTurn:
    """A turn in progress (the basic game), on integers: mutated in place by :meth:`place`."""

    __slots__ = ("tables", "seats", "pile", "cards", "pending", "points", "ended", "_masks", "_at")

    def __init__(self, tables: list[int], seats: list[int], pile: list[int]):
        self.tables, self.seats, self.pile = tables, seats, pile
        self.cards = 0
        self.pending: tuple[int, ...] = ()
        self.points = 0
        self.ended = False
        self._masks: list[int] | None = None
        self._at: list[tuple[int, int, bool]] | None = None     # each table: women, men, all of its nation

    def _tables_now(self) -> list[tuple[int, int, bool]]:
        """Each table's women, men, and whether all its guests are of its nation (once a position)."""
        if self._at is None:
            tables, seats, at = self.tables, self.seats, []
            for t, around in enumerate(TABLE_SEATS):
                women = men = 0
                own = True
                for i in around:
                    g = seats[i]
                    if g != EMPTY:
                        if g & 1:
                            men += 1
                        else:
                            women += 1
                        own = own and (g >> 1) == tables[t]
                at.append((women, men, own))
            self._at = at
        return self._at

    def masks(self) -> list[int]:
        """For each seat, the nations that may sit there by R5 (bit ``n`` for nation ``n``): 0
        for a seat taken, or touching no table. Worked out once a position (most cards a search
        tries are refused here, in one step)."""
        if self._masks is None:
            tables, seats = self.tables, self.seats
            masks = []
            for seat, around in enumerate(SEAT_TABLES):
                mask = 0
                if seats[seat] == EMPTY:
                    for t in around:
                        if tables[t] != EMPTY:
                            mask |= 1 << tables[t]
                masks.append(mask)
            self._masks = masks
        return self._masks

    @classmethod
    def of(cls, cafe: Cafe) -> "SimTurn":
        """The turn that begins on the engine's ``cafe`` (its tables, seats and table pile)."""
        return cls([EMPTY if t is None else NATION_INDEX[t] for t in cafe.tables],
                   [EMPTY if g is None else guest_code(g) for g in cafe.seats],
                   [NATION_INDEX[t] for t in cafe.pile])

    def copy(self) -> "SimTurn":
        other = SimTurn(self.tables[:], self.seats[:], self.pile[:])
        other.cards, other.pending, other.points, other.ended = self.cards, self.pending, self.points, self.ended
        other._masks, other._at = self._masks, self._at     # never changed in place: a placement makes new ones
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
        if not (self.masks()[seat] >> (guest >> 1)) & 1:                      # R5: taken, or no such table
            return None
        if self.ended or self.cards >= MOST_CARDS:                              # R12, R4
            return None
        tables, seats = self.tables, self.seats
        around = SEAT_TABLES[seat]
        touched = [t for t in around if tables[t] != EMPTY]
        if self.pending and not set(around) & set(self.pending):                # R7: join the lone card
            return None
        if seats.count(guest) >= GUEST_COPIES:                                  # R1
            return None
        points = 0
        full = []
        at = self._tables_now()
        man = guest & 1
        nation = guest >> 1
        for t in touched:
            women, men, own = at[t]
            if man:
                men += 1
            else:
                women += 1
            if women - men > 1 or men - women > 1:                              # R6
                return None
            k = women + men
            points += POINTS[own and nation == tables[t]][k]
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
        self._masks = self._at = None
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
        for seat, mask in enumerate(self.masks()):
            if mask:
                for guest in guests:
                    if (mask >> (guest >> 1)) & 1:
                        checked = self._check(guest, seat)
                        if checked is not None:
                            out.append((guest, seat, checked[0]))
        return out


HAND_LIMIT = 12          #: R10
PENALTY = 2              #: R13, a card in hand or face down


class SimGame:
    """A whole game of the basic card game on integers (the engine's :class:`~cafe_widget.engine.Game`
    as a search plays it out): the café and both piles, each hand as 24 counts (one a kind of
    guest), the face-down cards, the scores, whose turn, who may declare the end (R12c), and why
    it ended (``"R12a"``, ``"R12b"``, ``"R12c"``; None while it goes on). Mutated in place."""

    __slots__ = ("tables", "seats", "table_pile", "guest_pile", "hands", "down", "scores", "to_move",
                 "may_declare", "over", "turn")

    @classmethod
    def of(cls, game) -> "SimGame":
        """The engine's ``game`` (at the start of a turn, the basic game) as the core plays it."""
        if game.variant or game.turn is not None:
            raise ValueError("the core plays the basic game, from the start of a turn")
        sim = cls()
        start = SimTurn.of(game.cafe)
        sim.tables, sim.seats, sim.table_pile = start.tables, start.seats, start.pile
        sim.guest_pile = [guest_code(g) for g in game.guest_pile]
        sim.hands = [_counts(hand) for hand in game.hands]
        sim.down = [len(cards) for cards in game.face_down]
        sim.scores = list(game.scores)
        sim.to_move = game.to_move
        before = (game.to_move - 1) % game.players        # who may declare is who just played (R12c)
        sim.may_declare = before if before in game.who_may_declare() else None
        sim.over = game.result().reason
        sim.turn = None
        return sim

    def place(self, guest: int, seat: int) -> bool:
        """One card of the turn of the player to move, from their hand (R4–R9); a clearing that
        finds the table pile short ends the game at once, the turn scored (R12a)."""
        if self.over is not None or not self.hands[self.to_move][guest]:
            return False
        if self.turn is None:
            self.turn = SimTurn(self.tables[:], self.seats[:], self.table_pile[:])
        if not self.turn.place(guest, seat):
            if not self.turn.cards:
                self.turn = None
            return False
        self.hands[self.to_move][guest] -= 1
        if self.turn.ended:
            self._commit()
        return True

    def end_turn(self) -> bool:
        """The turn in progress ends and scores (R4, R7)."""
        if self.over is not None or self.turn is None or not self.turn.can_end():
            return False
        self._commit()
        return True

    def draw(self) -> bool:
        """The top guest card, with fewer than 12 in hand (R10); the last one ends the game (R12b)."""
        hand = self.hands[self.to_move]
        if self.over is not None or self.turn is not None or sum(hand) >= HAND_LIMIT or not self.guest_pile:
            return False
        hand[self.guest_pile.pop(0)] += 1
        if not self.guest_pile:
            self.over = "R12b"
        self._next()
        return True

    def lay_face_down(self, guest: int) -> bool:
        """With exactly 12 cards, one laid face down (R11)."""
        hand = self.hands[self.to_move]
        if self.over is not None or self.turn is not None or sum(hand) != HAND_LIMIT or not hand[guest]:
            return False
        hand[guest] -= 1
        self.down[self.to_move] += 1
        self._next()
        return True

    def who_may_declare(self) -> tuple[int, ...]:
        """Players who may declare the end now (R12c): who just emptied their hand, and the
        player to move with an empty hand, before their turn."""
        if self.over is not None or self.turn is not None:
            return ()
        who = [] if self.may_declare is None else [self.may_declare]
        if not any(self.hands[self.to_move]) and self.to_move not in who:
            who.append(self.to_move)
        return tuple(who)

    def declare_end(self, player: int) -> bool:
        if player not in self.who_may_declare():
            return False
        self.over, self.may_declare = "R12c", None
        return True

    def final(self) -> list[int]:
        """Each player's final score (R13): the score, less 2 a card in hand or face down."""
        return [s - PENALTY * (sum(h) + d) for s, h, d in zip(self.scores, self.hands, self.down)]

    def copy(self) -> "SimGame":
        """An independent copy (at the start of a turn, or with the turn in progress copied)."""
        other = SimGame.__new__(SimGame)
        other.tables, other.seats = self.tables[:], self.seats[:]
        other.table_pile, other.guest_pile = self.table_pile[:], self.guest_pile[:]
        other.hands = [h[:] for h in self.hands]
        other.down, other.scores = self.down[:], self.scores[:]
        other.to_move, other.may_declare, other.over = self.to_move, self.may_declare, self.over
        other.turn = None if self.turn is None else self.turn.copy()
        return other

    def dealt(self, rng: random.Random, unseen) -> "SimGame":
        """A copy with what the player to move cannot see dealt anew by ``rng`` (the other
        hands, their face-down cards, the guest pile's and the table pile's order): a game
        they cannot tell from this one. ``unseen``: what they cannot see (:func:`unseen`)."""
        guests, tables = unseen[0][:], unseen[1][:]
        rng.shuffle(guests)
        rng.shuffle(tables)
        other = self.copy()
        p = self.to_move
        at = 0
        for q, hand in enumerate(other.hands):
            if q != p:
                size = sum(hand)
                other.hands[q] = hand = [0] * 24
                for g in guests[at:at + size]:
                    hand[g] += 1
                at += size + self.down[q]       # the face-down cards of the others: out of play
        other.guest_pile = guests[at:at + len(self.guest_pile)]
        other.table_pile = tables
        return other

    def public_seed(self) -> int:
        """A seed fixed by what the player to move sees (never a hidden card), the same in every
        process: the café, the own hand, the sizes, the scores, whose turn."""
        p = self.to_move
        seen = (self.tables, self.seats, self.hands[p], self.down, self.scores, p,
                [sum(h) for h in self.hands], len(self.guest_pile), len(self.table_pile))
        return zlib.crc32(repr(seen).encode())

    def best_turn(self) -> tuple[int, list[tuple[int, int]]] | None:
        """The player to move's best turn from here (the engine's own exact search, the table
        pile read: this is for playouts on a dealt game): ``(points, [(guest, seat), …])``."""
        hand = self.hands[self.to_move]
        found = best_from([NATION_TEXT[t + 1] for t in self.tables],
                          [None if g == EMPTY else GUEST_TEXT[g] for g in self.seats],
                          tuple(NATIONS[t] for t in self.table_pile),
                          [GUEST_TEXT[g] for g in range(24) for _ in range(hand[g])])
        if found is None:
            return None
        return found[0], [(GUEST_CODE[g], s) for g, s in found[1]]

    def ahead(self, player: int) -> bool:
        """Whether ``player`` would win outright if the game ended now (R13)."""
        finals = self.final()
        return all(finals[player] > f for q, f in enumerate(finals) if q != player)

    def play_turn(self, patience: float = 0, endgame: int = 3, log: list | None = None) -> None:
        """One turn of the playout policy for the player to move: declare the end with an
        empty hand when ahead (R12c); else the best turn (the most points, the engine's
        search), unless it scores fewer than ``patience`` while a card may be drawn and the
        guest pile is not nearly out (R10: the strong player's patience); with no turn, draw,
        or lay face down a card whose nation has no table (R11). ``log``: a list the turn's
        actions are added to, in notation (``"DEf@c2"``, ``"end"``, ``"draw"``, ``"down:ITm"``,
        ``"declare:2"``), for the engine to play them again."""
        p = self.to_move
        if p in self.who_may_declare() and self.ahead(p):
            self.declare_end(p)
            _note(log, f"declare:{p + 1}")
            return
        hand = self.hands[p]
        may_draw = bool(self.guest_pile) and sum(hand) < HAND_LIMIT
        found = self.best_turn() if any(hand) else None
        if found is not None and (not may_draw or found[0] >= patience
                                  or len(self.guest_pile) <= endgame * len(self.hands)):
            self._place_all(found[1], log)
        elif may_draw:
            self.draw()
            _note(log, "draw")
        elif found is not None:
            self._place_all(found[1], log)
        else:
            present = {t for t in self.tables if t != EMPTY}
            held = [g for g in range(24) if hand[g]]
            card = next((g for g in reversed(held) if g >> 1 not in present), held[-1])
            self.lay_face_down(card)
            _note(log, "down:" + GUEST_TEXT[card])

    def _place_all(self, placements, log) -> None:
        for guest, seat in placements:
            self.place(guest, seat)
            _note(log, f"{GUEST_TEXT[guest]}@{SEATS[seat]}")
        if self.over is None:
            self.end_turn()
            _note(log, "end")

    def _commit(self) -> None:
        turn, p = self.turn, self.to_move
        self.tables, self.seats, self.table_pile = turn.tables, turn.seats, turn.pile
        self.scores[p] += turn.points
        self.turn = None
        if turn.ended:
            self.over = "R12a"
        self.to_move = (p + 1) % len(self.hands)
        self.may_declare = None if any(self.hands[p]) else p

    def _next(self) -> None:
        self.to_move = (self.to_move + 1) % len(self.hands)
        self.may_declare = None


def _note(log: list | None, action: str) -> None:
    if log is not None:
        log.append(action)


def unseen(game) -> tuple[list[int], list[int]]:
    """What the player to move of the engine's ``game`` cannot see, as they can count it: the
    guests (in the other hands, the others' face-down cards, the guest pile) and the tables (the
    table pile), as codes, sorted — their places and order are unknown. It is the full deck less
    what they see: the café, their own hand and face-down cards, and the box (the cards that
    left the game)."""
    p = game.to_move
    guests = Counter(full_guest_deck())
    guests.subtract(g for g in game.cafe.seats if g)
    guests.subtract(game.hand(p))
    guests.subtract(game.face_down[p])
    guests.subtract(c for c in game.box if len(c) == 3)
    tables = Counter(full_table_deck())
    tables.subtract(t for t in game.cafe.tables if t)
    tables.subtract(c for c in game.box if len(c) == 2)
    return (sorted(GUEST_CODE[g] for g in guests.elements()),
            sorted(NATION_INDEX[t] for t in tables.elements()))


def _counts(guests) -> list[int]:
    counts = [0] * 24
    for g in guests:
        counts[guest_code(g)] += 1
    return counts
