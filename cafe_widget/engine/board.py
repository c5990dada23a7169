"""The board game's board and a turn on it (docs/BOARD_RULES.md B3–B12): seating (B5–B7), scoring
(B8), the bar (B9), the joker exchange (B10) and the smaller hand (B12), on the board read from
data (:mod:`.board_layout`: the chairs, tables and tiles, and their notation, B15).

A :class:`Board` is immutable: ``board.play("CFf@a2, CFm@b1")`` checks and scores a whole
action and returns a :class:`BoardTurn`; the board itself never changes. A turn seated tile by
tile is a :class:`BoardTurnState`. Legality of a seat is decided in one place,
:meth:`BoardTurnState._seat`, which returns the new state or a :class:`Refusal` (no exception
on that path: the search calls it very often); ``place``, ``explain``, ``legal_chairs`` and the
game all ask it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, say
from .cafe import ScoredAtTables, TableScore
from .cards import table_points
from .errors import IllegalMove, NotationError, Refusal, refuse

from .board_layout import (  # the board as data, the tiles and their notation
    BAR_PLACES, BAR_VALUES, BOARD, CHAIRS, CHAIR_INDEX, CHAIR_TABLES, TABLES, TABLE_INDEX, _CN, _CT,
    _EMPTY, _SEAT_CORE, _TC, _TN, _cell, check_position, copies_of, format_chairs, held_form,
    parse_action, parse_bar, parse_chair, parse_chairs, parse_hand, parse_placement, parse_seated,
    parse_tile, sort_tiles)
# The layout's names as the package, the notebooks and users' code import them (from .board):
from .board_layout import TABLE_CHAIRS, TABLE_NATION, TILE_KINDS, board_from_data, check_tile_copies, full_bag, load_board  # noqa: F401


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
