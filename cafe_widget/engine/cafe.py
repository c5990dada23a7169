"""The café and a turn of placements: seating (R5–R7), scoring (R8), clearing (R9), the
variant (R14), and the café notation (docs/RULES.md §6).

A :class:`Cafe` is immutable. ``cafe.play("RUf@c2, ITf@c4")`` checks and scores a whole turn
and returns a :class:`Turn`; the café itself is never changed. A turn in progress is a
:class:`TurnState`: ``cafe.begin_turn().place("RUf", "c2")`` returns a new one. Legality is
decided in one place, :meth:`TurnState._seat`, which both ``place`` and ``explain`` ask.

What was seen stays seen (decided here, docs/RULES.md being silent; also in docs/manual/decisions.md): a table
turned up from the table pile (R9) cannot be put back, so in a game nothing placed up to it can
be taken back (:meth:`Game.undo <cafe_widget.engine.game.Game.undo>`). The rulebook lets the
player stop right after a clearing (« Ce n'est que s'il ne veut ou ne peut pas jouer d'autre
carte que le tour passe au joueur suivant »), and the engine makes sure they always may: the
card that clears scores at the full table, so it never leaves a card alone (R7), and a card
that would turn up a table while a ladies' or men's table of the turn is still unfinished is
refused (R14: that table is completed first; else the turn could be left with no legal end
and no way back). So a turn is never stuck: after a turned-up table it may always end, and the
cards placed since can still be taken back. When a clearing finds the pile short (R12a)
nothing is turned up and the game ends at once, as before.
:meth:`TurnState.undo` itself (a café's turn, with no hidden pile: the sandbox, a puzzle)
still takes back any card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..i18n import N_, say
from .cards import GUEST_COPIES, check_copies, parse_guest, parse_nation, table_points
from .errors import move_text, IllegalMove, NotationError, Refusal, refuse
from .layout import (COLUMNS, ROWS, SEAT_INDEX, SEAT_TABLES, SEATS, TABLE_INDEX, TABLE_PLACES,
                     TABLE_SEATS)
from .search import best_placements, parse_hand

_EMPTY_SEATS = (None,) * 12


@dataclass(frozen=True, slots=True)
class TableScore:
    """What one card scored at one table it touches (R8), right after it sat.

    ``variant`` is ``""`` for ordinary scoring, ``"forming"`` for a card joining a ladies' or
    men's table still being formed (R14: it scores there only when the table is complete),
    and ``"ladies"`` or ``"men"`` for the card completing one (flat 20, or 40 when doubled).
    """

    place: str
    nation: str
    guests: int
    doubled: bool
    points: int
    variant: str = ""


class ScoredAtTables:
    """What a placed card (R8) or a seated tile (B8) has in common: its points are the sum of
    what it scored at each table it touches (``tables``, one :class:`TableScore` each)."""

    __slots__ = ()

    @property
    def points(self) -> int:
        """The points: the sum over its tables."""
        return sum(t.points for t in self.tables)

    @property
    def by_table(self) -> dict[str, int]:
        """Points at every table it touches, 0s included: ``{"b2": 6, "d2": 0, "c3": 2}``."""
        return {t.place: t.points for t in self.tables}


@dataclass(frozen=True, slots=True)
class CardScore(ScoredAtTables):
    """One placed card: where it sat, its points table by table, what it cleared (R8, R9)."""

    guest: str
    seat: str
    tables: tuple[TableScore, ...]
    cleared: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The placement in notation: ``"RUf@c2"``."""
        return f"{self.guest}@{self.seat}"


@dataclass(frozen=True, slots=True)
class Turn:
    """A finished turn of placements: cards scored in order, tables cleared, the café after."""

    cafe_before: "Cafe"
    cards: tuple[CardScore, ...]
    cafe: "Cafe"
    ends_game: bool = False
    variant: bool = False
    removed: tuple[str, ...] = ()
    #: A blind best turn (``best_turn(…, blind=True)``) that stops at a card that turned up a
    #: table while more cards could follow: the rest is chosen once the new table is seen (R9).
    goes_on: bool = False

    @property
    def points(self) -> int:
        """The turn's points: the sum over its cards (R8)."""
        return sum(c.points for c in self.cards)

    @property
    def cleared(self) -> tuple[str, ...]:
        """Places of the tables cleared during the turn, in order (R9)."""
        return tuple(p for c in self.cards for p in c.cleared)

    @property
    def text(self) -> str:
        """The turn in notation: ``"RUf@c2, ITf@c4, ITm@d3"``."""
        return ", ".join(c.text for c in self.cards)

    def __repr__(self) -> str:
        return f"<Turn {self.text}: {self.points} points>"


def parse_placement(token: str) -> tuple[str, str]:
    """``"ITm@d3"`` → ``("ITm", "d3")``; NotationError naming the token otherwise."""
    guest, at, seat = move_text(token, "placement", "guest@seat, for example ITm@d3").partition("@")
    if not at:
        raise NotationError("placement", token, N_("is not a placement: write guest@seat, for example ITm@d3"))
    if not seat:
        raise NotationError("placement", token, N_("names no seat after @: write guest@seat, for example ITm@d3"))
    return parse_guest(guest, "placement"), parse_seat(seat, "placement")


def parse_seat(token: str, field_name: str = "seat") -> str:
    """A seat name (``"b3"``), forgiving case; NotationError otherwise."""
    name = token.lower()
    if name in SEAT_INDEX:
        return name
    if name in TABLE_INDEX:
        raise NotationError(field_name, token, N_("is where a table stands, not a seat"))
    raise NotationError(field_name, token, N_("is not a seat ({seats})"), seats=" ".join(SEATS))


def parse_turn(text: str) -> list[tuple[str, str]]:
    """``"RUf@c2, ITf@c4"`` → ``[("RUf", "c2"), ("ITf", "c4")]``: commas or spaces between."""
    text = move_text(text, "turn", "RUf@c2, ITf@c4")
    return [parse_placement(tok) for tok in re.split(r"[\s,]+", text.strip()) if tok]


@dataclass(frozen=True, slots=True)
class Cafe:
    """Five tables in an X, twelve seats, and the table pile (R2, R9).

    ``tables``: 5 nation codes (or None for a missing table) on ``b2 d2 c3 b4 d4``;
    ``seats``: 12 guests (or None) on ``b1 d1 a2 c2 e2 b3 d3 a4 c4 e4 b5 d5``;
    ``pile``: the table pile, top first. Build one with :meth:`parse`.
    """

    tables: tuple = (None,) * 5
    seats: tuple = _EMPTY_SEATS
    pile: tuple = ()

    # -- notation -------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> "Cafe":
        """Read café notation ``"RU GB FR ES IT | b1:RUf b3:RUm | US CN"`` (docs/RULES.md §6)."""
        if not isinstance(text, str):
            raise NotationError("café", repr(text), N_("is not text"))
        fields = text.split("|")
        if len(fields) > 3:
            raise NotationError("café", text.strip(),
                                N_("has more than 3 fields (tables | seats | table pile)"))
        tables = parse_tables(fields[0])
        seats = parse_seats(fields[1] if len(fields) > 1 else "")
        pile = parse_table_list(fields[2] if len(fields) > 2 else "", "table pile")
        check_copies([g for g in seats if g], [t for t in tables if t] + list(pile), "café")
        check_no_full_table(tables, seats)
        return cls(tables, seats, pile)

    def format(self) -> str:
        """Canonical notation: ``Cafe.parse(cafe.format()) == cafe``."""
        text = format_tables(self.tables) + " | " + format_seats(self.seats)
        if self.pile:
            text += " | " + " ".join(self.pile)
        return text

    def __repr__(self) -> str:
        return f"Cafe.parse({self.format()!r})"

    def __str__(self) -> str:
        """The café drawn in ASCII as in R2: tables in brackets, guests, empty seats by name."""
        grid = {}
        for place, nation in zip(TABLE_PLACES, self.tables):
            grid[place] = f"[{nation or '--'}]"
        for seat, guest in zip(SEATS, self.seats):
            grid[seat] = guest or seat
        lines = [("      " + "".join(c.center(7) for c in COLUMNS)).rstrip()]
        for r in ROWS:
            lines.append(f"  {r}   " + "".join(grid.get(c + r, ".").center(7) for c in COLUMNS).rstrip())
        lines.append(say("  table pile: {pile}", pile=" ".join(self.pile) if self.pile else say("empty")))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The café as a picture in any notebook viewer (drawn by ``cafe_widget.render``)."""
        from ..render import svg_of  # lazy: the engine itself never loads the drawing code

        return svg_of(self)

    # -- reading the café -----------------------------------------------------------------

    def table(self, place: str) -> str | None:
        """The nation of the table on ``place`` (``"c3"``), or None if it is missing."""
        return self.tables[TABLE_INDEX[place]]

    def guest(self, seat: str) -> str | None:
        """The guest on ``seat``, or None."""
        return self.seats[SEAT_INDEX[seat]]

    def guests_at(self, place: str) -> tuple[str, ...]:
        """The guests at the table on ``place``, seats in reading order."""
        seats = self.seats
        return tuple(seats[s] for s in TABLE_SEATS[TABLE_INDEX[place]] if seats[s])

    def is_empty(self) -> bool:
        """True when no guest sits anywhere."""
        return not any(self.seats)

    # -- playing --------------------------------------------------------------------------

    def begin_turn(self, variant: bool = False) -> "TurnState":
        """A turn with no card placed yet, to place cards one at a time."""
        return TurnState(start=self, cafe=self, variant=variant)

    def play(self, text: str, variant: bool = False) -> Turn:
        """Check and score a whole turn (``"RUf@c2, ITf@c4, ITm@d3"``); the café is unchanged."""
        state = self.begin_turn(variant)
        for guest, seat in parse_turn(text):
            state = state.place(guest, seat)
        return state.finish()

    def explain(self, placement: str, variant: bool = False) -> IllegalMove | None:
        """Why ``placement`` may not be the first card of a turn here, or None if it may."""
        return self.begin_turn(variant).explain(placement)

    def legal_seats(self, guest: str, variant: bool = False) -> list[str]:
        """Seats, in reading order, where ``guest`` may be the next card."""
        return self.begin_turn(variant).legal_seats(guest)

    def best_turn(self, hand, variant: bool = False, blind: bool = False) -> Turn | None:
        """The legal turn with the most points for ``hand`` (a list, or ``"RUf ITf ITm"``),
        found exactly; None when no card may be placed. Ties: see :mod:`.search`. ``blind``:
        without the table pile's order, as the player to move knows the café (a turn that turns
        up a table may stop there, ``Turn.goes_on``; :mod:`.search`)."""
        return self.begin_turn(variant).best_turn(hand, blind)


# -- notation helpers, shared with the game notation -------------------------------------

def parse_tables(text: str) -> tuple:
    tokens = text.split()
    if len(tokens) != 5:
        raise NotationError("tables", text.strip(),
                            N_("must name 5 tables (b2 d2 c3 b4 d4), not {n}; use - for a missing one"),
                            n=len(tokens))
    return tuple(None if tok == "-" else parse_nation(tok, "tables") for tok in tokens)


def check_no_full_table(tables, seats) -> None:
    """NotationError for a table with four guests: a full table is cleared at once (R9)."""
    for t, place in enumerate(TABLE_PLACES):
        if tables[t] and all(seats[i] for i in TABLE_SEATS[t]):
            raise NotationError("seats", place, N_("is a full table; a full table is cleared at once (R9)"))


def format_tables(tables) -> str:
    return " ".join(t or "-" for t in tables)


def parse_seats(text: str) -> tuple:
    seats = [None] * 12
    tokens = text.split()
    if tokens == ["-"]:
        tokens = []
    for tok in tokens:
        seat, colon, guest = tok.partition(":")
        if not colon:
            raise NotationError("seats", tok, N_("is not seat:guest, for example b1:RUf"))
        name = parse_seat(seat, "seats")
        code = parse_guest(guest, "seats")
        i = SEAT_INDEX[name]
        if seats[i] is not None:
            raise NotationError("seats", tok, N_("names seat {seat} a second time"), seat=name)
        seats[i] = code
    return tuple(seats)


def format_seats(seats) -> str:
    words = [f"{s}:{g}" for s, g in zip(SEATS, seats) if g]
    return " ".join(words) if words else "-"


def parse_table_list(text: str, field_name: str) -> tuple:
    tokens = text.split()
    if tokens == ["-"]:
        return ()
    return tuple(parse_nation(tok, field_name) for tok in tokens)


# -- a turn in progress -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TurnState:
    """A turn in progress: the café so far and the cards placed, each scored at once.

    ``pending``: table indices where the last card sits alone, scoring nothing; the next card
    must join one of them (R7). ``single_sex``: ``(table index, "forming" | "formed", sex)`` of
    the ladies' or men's table of this turn (R14), or None. ``ended``: a clearing found the table
    pile short and the game is over (R12a).
    """

    start: Cafe
    cafe: Cafe
    variant: bool = False
    cards: tuple[CardScore, ...] = ()
    pending: tuple[int, ...] = ()
    single_sex: tuple[int, str, str] | None = None
    ended: bool = False
    removed: tuple[str, ...] = ()

    def place(self, guest: str, seat: str) -> "TurnState":
        """The turn with one more card; IllegalMove (and nothing changed) if refused."""
        result = self._seat(parse_guest(guest, "placement"), parse_seat(seat, "placement"))
        if isinstance(result, Refusal):
            raise result.error()
        return result

    def explain(self, placement: str) -> IllegalMove | None:
        """Why ``placement`` (``"ITm@d3"``) may not be the next card, or None if it may."""
        result = self._seat(*parse_placement(placement))
        return result.error() if isinstance(result, Refusal) else None

    def legal_seats(self, guest: str) -> list[str]:
        """Seats, in reading order, where ``guest`` may be the next card."""
        guest = parse_guest(guest)
        nation, tables, seats = guest[:2], self.cafe.tables, self.cafe.seats
        # The two cheapest refusals (R5) first; every other seat gets the full check.
        return [SEATS[s] for s in range(12)
                if seats[s] is None and any(tables[t] == nation for t in SEAT_TABLES[s])
                and not isinstance(self._seat(guest, SEATS[s]), Refusal)]

    def seat_scores(self, guest: str) -> dict[str, CardScore]:
        """Seats where ``guest`` may be the next card, each with what it would score there."""
        guest = parse_guest(guest)
        scores = {}
        for seat in self.legal_seats(guest):
            scores[seat] = self._seat(guest, seat).cards[-1]
        return scores

    def best_turn(self, hand, blind: bool = False) -> Turn | None:
        """The best way to finish this turn with cards from ``hand`` (those not yet placed):
        the finished turn, cards already placed included; None if there is none (R4–R14).
        Mid-turn, ending at once is one of the ways, and the best when no card adds points.
        ``blind``: as the player knows it, without the table pile's order (:mod:`.search`): a
        turn whose last card turned up a table while more could follow has ``goes_on``."""
        hand = parse_hand(hand)
        placements = best_placements(self, hand, blind)
        if placements is None:
            return self.finish() if self.cards and self.can_end() else None
        state = self
        for guest, seat in placements:
            state = state.place(guest, seat)
        turn = state.finish()
        if blind and turn.cards[-1].cleared and not turn.ends_game and len(hand) > len(placements) \
                and len(state.cards) < state.max_cards():
            turn = replace(turn, goes_on=True)
        return turn

    def undo(self) -> "TurnState":
        """The turn without its last card (replayed from the start, so a clearing is undone
        too and the drawn tables go back on the pile); IllegalMove if no card was placed. A
        game refuses to take back a card that turned up a table (``Game.undo``, R9); a café's
        turn has no hidden pile, so this one does not."""
        if not self.cards:
            raise IllegalMove.because("R4", "nothing_to_undo", self.cafe)
        state = self.start.begin_turn(self.variant)
        for card in self.cards[:-1]:
            state = state.place(card.guest, card.seat)
        return state

    def explain_end(self) -> IllegalMove | None:
        """Why the turn may not end now (R4, R7, R14), or None if it may."""
        refusal = self._end_refusal()
        return refusal.error() if refusal else None

    def _end_refusal(self) -> Refusal | None:
        if self.ended:
            return None
        if not self.cards:
            return refuse("R4", "empty_turn", self.start)
        if self.pending:
            last = self.cards[-1]
            return refuse("R7", "unjoined", self.cafe, previous=last.guest,
                                       previous_seat=last.seat, tables=self._pairs(self.pending))
        if self.single_sex and self.single_sex[1] == "forming":
            t, _, sex = self.single_sex
            return refuse("R14", "variant_unfinished", self.cafe,
                                       place=TABLE_PLACES[t], nation=self.cafe.tables[t], sex=sex,
                                       count=len(self.cafe.guests_at(TABLE_PLACES[t])))
        return None

    def can_end(self) -> bool:
        """True when the turn may end now."""
        return self._end_refusal() is None

    def finish(self) -> Turn:
        """The finished turn; IllegalMove if it may not end now (see :meth:`explain_end`)."""
        refusal = self.explain_end()
        if refusal:
            raise refusal
        return Turn(self.start, self.cards, self.cafe, self.ended, self.variant, self.removed)

    @property
    def points(self) -> int:
        """Points scored so far this turn."""
        return sum(c.points for c in self.cards)

    def max_cards(self) -> int:
        """3, or 4 in a turn that forms a ladies' or men's table (R4, R14)."""
        return 4 if self.single_sex else 3

    def _guests_before(self, t: int, seats: tuple, new_seat: int) -> int:
        """Guests at table ``t`` who were not placed this turn (R14 allows at most one)."""
        placed = {SEAT_INDEX[c.seat] for c in self.cards} | {new_seat}
        return sum(1 for i in TABLE_SEATS[t] if seats[i] and i not in placed)

    def _pairs(self, table_indices) -> list[tuple[str, str]]:
        return [(TABLE_PLACES[t], self.cafe.tables[t]) for t in table_indices]

    def _seat(self, guest: str, seat: str) -> "TurnState | Refusal":
        """Seat ``guest`` on ``seat``: the new state, or the refusal. The one legality check."""
        cafe = self.cafe
        tables, seats = cafe.tables, cafe.seats
        move = f"{guest}@{seat}"
        n_cards = len(self.cards)
        if self.ended:
            return refuse("R12", "game_over", cafe, move=move)
        if n_cards >= 3 and (not self.variant or n_cards >= 4 or not self.single_sex):
            # R4's three cards; in the variant R14's fourth, for a ladies' or men's table only
            rule = "R14" if self.variant and n_cards >= 4 else "R4"
            return refuse(rule, "too_many_variant" if self.variant else "too_many", cafe, move=move)
        s = SEAT_INDEX[seat]
        if seats[s] is not None:
            return refuse("R5", "seat_taken", cafe, move=move, seat=seat, other=seats[s])
        touched = [t for t in SEAT_TABLES[s] if tables[t] is not None]
        if not touched:
            return refuse("R5", "no_table", cafe, move=move, seat=seat)
        nation = guest[:2]
        if all(tables[t] != nation for t in touched):
            return refuse("R5", "nation", cafe, move=move, guest=guest, seat=seat,
                                       tables=self._pairs(touched))
        if seats.count(guest) >= GUEST_COPIES:
            return refuse("R1", "copies", cafe, move=move, guest=guest)
        if self.pending and not set(SEAT_TABLES[s]) & set(self.pending):
            last = self.cards[-1]
            return refuse("R7", "must_join", cafe, move=move, previous=last.guest,
                                       previous_seat=last.seat, tables=self._pairs(self.pending))

        new_seats = seats[:s] + (guest,) + seats[s + 1:]
        single_sex = self.single_sex
        scores = []
        forming_here = False
        for t in touched:
            gs = [new_seats[i] for i in TABLE_SEATS[t] if new_seats[i] is not None]
            k = len(gs)
            women = sum(1 for g in gs if g[2] == "f")
            men = k - women
            forming = single_sex is not None and single_sex[:2] == (t, "forming")
            if forming:
                if guest[2] != single_sex[2]:  # R14: mixing spoils the ladies' or men's table
                    return refuse("R14", "variant_mixed", cafe, move=move,
                                               place=TABLE_PLACES[t], nation=tables[t],
                                               sex=single_sex[2])
            elif abs(women - men) > 1:  # R6
                code = "balance"
                if self.variant and (women == 0 or men == 0):   # R14 may waive R6 here
                    if single_sex is not None:
                        code = "balance_second"
                    elif self._guests_before(t, new_seats, s) > 1:
                        code = "balance_seated"
                    else:
                        single_sex, forming = (t, "forming", guest[2]), True
                if not forming:
                    return refuse("R6", code, cafe, move=move, place=TABLE_PLACES[t],
                                  nation=tables[t], women=women, men=men)
            doubled = k > 1 and all(g[:2] == tables[t] for g in gs)
            if forming:
                forming_here = True
                if k == 4:  # R14: the flat score of a ladies' or men's table
                    scores.append(TableScore(TABLE_PLACES[t], tables[t], k, doubled,
                                             40 if doubled else 20, "ladies" if women else "men"))
                else:
                    scores.append(TableScore(TABLE_PLACES[t], tables[t], k, doubled, 0, "forming"))
            else:  # R8
                points = table_points(k, doubled)
                scores.append(TableScore(TABLE_PLACES[t], tables[t], k, doubled, points))

        # R7: a card that scores nothing sits alone at every table it touches; the very next
        # card must join it. (A card joining a forming R14 table has company there.)
        pending: tuple[int, ...] = ()
        if not forming_here and all(sc.points == 0 for sc in scores):
            pending = tuple(touched)
            may_follow = n_cards + 1 < 3 or (n_cards + 1 == 3 and single_sex is not None)
            if not may_follow:
                return refuse("R7", "alone_last", cafe, move=move, guest=guest,
                                           tables=self._pairs(touched))

        # R9: clear every table that now has four guests, draw new tables in reading order.
        full = [t for t in touched if sum(1 for i in TABLE_SEATS[t] if new_seats[i]) == 4]
        new_tables, pile, removed, ended = tables, cafe.pile, self.removed, False
        if full:
            gone = sorted({i for t in full for i in TABLE_SEATS[t]})
            removed = removed + tuple(tables[t] for t in full) + tuple(new_seats[i] for i in gone)
            seat_list = list(new_seats)
            for i in gone:
                seat_list[i] = None
            new_seats = tuple(seat_list)
            table_list = list(tables)
            if len(pile) < len(full):  # R9 / R12a: the café cannot be completed
                ended = True
                for t in full:
                    table_list[t] = None
            else:
                for t, drawn in zip(full, pile):
                    table_list[t] = drawn
                pile = pile[len(full):]
            new_tables = tuple(table_list)
            if single_sex and single_sex[0] in full:
                single_sex = (single_sex[0], "formed", single_sex[2])
        if single_sex and single_sex[1] == "forming":
            # R14, checked at once: the table must still be completable within 4 cards.
            t, _, sex = single_sex
            here = sum(1 for i in TABLE_SEATS[t] if new_seats[i])
            if 4 - here > 4 - (n_cards + 1):
                if self.single_sex is None:  # this card started it: say it as the balance rule
                    return refuse("R6", "balance_short", cafe, move=move, place=TABLE_PLACES[t],
                                  nation=tables[t], women=here if sex == "f" else 0,
                                  men=here if sex == "m" else 0)
                return refuse("R14", "variant_short", cafe, move=move, place=TABLE_PLACES[t],
                              nation=tables[t], sex=sex, need=4 - here, left=4 - (n_cards + 1))
            if full and not ended:
                # R9 with R14: a table turned up cannot be taken back (Game.undo), and the turn
                # must be able to end right after it, so the table being formed comes first.
                return refuse("R14", "variant_reveal", cafe, move=move, place=TABLE_PLACES[t],
                              nation=tables[t], sex=sex)
        card = CardScore(guest, seat, tuple(scores), tuple(TABLE_PLACES[t] for t in full))
        return TurnState(self.start, Cafe(new_tables, new_seats, pile), self.variant,
                         self.cards + (card,), pending, single_sex, ended, removed)
