"""The board game's best action, found exactly (docs/BOARD_RULES.md B4–B10).

Every legal action of the player to move is considered: every one- and two-tile seating (B5–B8,
a joker in every legal declaration), the bar (B9: the next place's value; a joker only when no
legal seating uses it) and every joker exchange (B10: 0 points). The search chooses; the action
it chose is then played through the engine (``BoardTurnState._seat`` / ``_bar`` / ``_swap``), so
what a caller gets is checked and scored like any other action. The tests compare it with a
plain enumeration of every legal action through the engine.

Ties (docs/BOARD_RULES.md has no say; decided here):

1. most points (a bar action counts its place's value, B9, even when negative and even when the
   player could not pay it all: a debt is never a gain);
2. then a seating before the bar before an exchange;
3. then fewer tiles: one tile before two for the same points (a tile kept in hand for the
   same score, and the bag lasts longer);
4. then reading order: the first tile's chair earliest in reading order (``b1 d1 f1 … a2 c2 …``,
   :data:`~cafe_widget.engine.board.CHAIRS`), then its tile in palette order (guests by nation,
   woman before man, then the jokers ``*f`` ``*m``; a joker's declarations in the order of its
   chair's tables), then the same for the second tile. Bar actions in palette order of the tile;
   exchanges by the joker's chair in reading order, then the tile in palette order.

How it is fast (every legal action is still counted; only the arithmetic is shared):

- a tile's points depend only on its chair and on its nation and sex as seated (a guest
  ``ITf`` and a joker declared ``ITf*`` score alike, B5), so each chair is scored once per
  *class* (nation of one of its tables × sex) that the hand can make, from each table's counts
  of guests, women and guests of its nation — the arithmetic of :func:`board.seat_points`;
- a second tile whose chair shares no table with the first scores what it would score alone, so
  two-tile seatings far apart are found from per-tile lists sorted by points (the best partner
  of each first tile is the first compatible entry);
- only the ≤ 6 chairs sharing a table with the first tile are scored again with it seated — the
  only pairs where order, balance (B6) or company (B7: a lone first tile must be joined there)
  change anything;
- the tiles of the hand are counted, so two identical tiles may both sit, and one may not sit
  twice.

Mid-turn (one tile already seated) the way to finish is a plain enumeration through the engine.
"""

from __future__ import annotations

from collections import Counter

from .board import Board, BoardTurn, BoardTurnState, _declarations
from .board_layout import (_CN, _CT, _TC, _TILE_ORDER, _TN, BAR_PLACES, BAR_VALUES, CHAIR_INDEX, CHAIRS,
                           check_tile_copies, parse_hand)
from .cards import table_points
from .errors import Refusal
from .played import PlayedGame

__all__ = ["action_key", "best_action", "best_seating", "scored_actions"]

_N_CHAIRS = len(CHAIRS)
#: points of a table with n guests, doubled or not: _TP[2 * n + doubled] (B8)
_TP = tuple(table_points(n, bool(d)) for n in range(6) for d in (0, 1))
#: chair → the chairs that share a table with it, each with, for each of its own tables, the
#: position of that table among the first chair's tables (-1 when not shared)
_NEAR = tuple(
    tuple((c2, tuple((t, _CT[c1].index(t) if t in _CT[c1] else -1) for t in _CT[c2]))
          for c2 in range(_N_CHAIRS)
          if c2 != c1 and any(t in _CT[c1] for t in _CT[c2]))
    for c1 in range(_N_CHAIRS))
#: chair → itself and the chairs sharing a table with it (a second tile there is not "far")
_CLOSE = tuple(frozenset((c1,) + tuple(c2 for c2, _ in _NEAR[c1])) for c1 in range(_N_CHAIRS))
#: chair → for each nation of its tables: per table of the chair, 1 if that table is of the nation
_OWN = tuple({n: tuple(int(_TN[t] == n) for t in _CT[c]) for n in _CN[c]} for c in range(_N_CHAIRS))

_KIND_RANK = {"seat": 0, "bar": 1, "swap": 2}


# -- the tie-break -------------------------------------------------------------------------

def _tile_key(tile: str, c: int) -> tuple[int, int]:
    """Palette order of a seated tile on chair index ``c``; a joker's declarations in the order
    of the chair's tables."""
    if len(tile) == 4:
        return _TILE_ORDER["*" + tile[2]], _CN[c].index(tile[:2])
    return _TILE_ORDER[tile], 0


def action_key(turn: BoardTurn) -> tuple:
    """The tie-break as a sort key, smallest best (see the module docstring)."""
    if turn.kind == "seat":
        order = tuple((CHAIR_INDEX[c.chair],) + _tile_key(c.tile, CHAIR_INDEX[c.chair]) for c in turn.cards)
        return (-turn.points, _KIND_RANK["seat"], len(turn.cards), order)
    if turn.kind == "bar":
        return (-turn.points, _KIND_RANK["bar"], 1, ((_TILE_ORDER[turn.tile],),))
    return (-turn.points, _KIND_RANK["swap"], 1, ((CHAIR_INDEX[turn.chair], _TILE_ORDER[turn.tile]),))


# -- the search on the light copy ----------------------------------------------------------

def _best_seating(chairs: tuple, hand: tuple):
    """The best legal seating of one or two tiles from ``hand`` on ``chairs`` at the start of a
    turn: ``(points, ((tile, chair index), …))`` with tiles as seated, or None."""
    # each table's guests, women and guests of its nation (B6, B8)
    n0, w0, o0 = [], [], []
    for t, nation in enumerate(_TN):
        n = w = o = 0
        for g in (chairs[i] for i in _TC[t]):
            if g is not None:
                n += 1
                if g[2] == "f":
                    w += 1
                if g[0] == nation[0] and g[1] == nation[1]:
                    o += 1
        n0.append(n)
        w0.append(w)
        o0.append(o)

    count = Counter(hand)
    jf, jm = "*f" in count, "*m" in count
    # classes the hand can make: (nation, woman) → the kinds that make it, best first
    guests = {(k[:2], k[2] == "f") for k in count if k[0] != "*"}

    def makers(nation: str, woman: bool) -> tuple:
        ks = []
        if (nation, woman) in guests:
            ks.append(nation + ("f" if woman else "m"))
        if woman and jf:
            ks.append("*f")
        elif not woman and jm:
            ks.append("*m")
        return tuple(ks)

    maker_cache: dict = {}
    tp = _TP
    free = [c for c in range(_N_CHAIRS) if chairs[c] is None]

    # every class on every free chair, scored alone: firsts[c] = [(points, alone, nation, woman, makers)]
    firsts = [None] * _N_CHAIRS
    classes = [None] * _N_CHAIRS
    far_entries = []   # (points, chair, nation, woman, kind): singles not alone, one per kind
    for c in free:
        tables = _CT[c]
        own_of = _OWN[c]
        cls_here, legal_here = [], []
        for nation in _CN[c]:
            own = own_of[nation]
            for woman in (True, False):
                key = (nation, woman)
                ks = maker_cache.get(key)
                if ks is None:
                    ks = maker_cache[key] = makers(nation, woman)
                if not ks:
                    continue
                cls_here.append((nation, woman, own, ks))
                pts, alone = 0, True
                for j, t in enumerate(tables):
                    n = n0[t] + 1
                    d = 2 * (w0[t] + woman) - n
                    if d > 1 or d < -1:  # B6
                        break
                    if n > 1:
                        alone = False
                        o = o0[t] + own[j]
                        pts += tp[2 * n + (o == n)]
                else:
                    legal_here.append((pts, alone, nation, woman, own, ks))
                    if not alone:
                        for k in ks:
                            far_entries.append((pts, c, nation, woman, k))
        classes[c] = cls_here
        firsts[c] = legal_here

    best = None        # (points, n tiles, key)
    best_tiles = None

    def better(points, n_tiles, key):
        if best is None:
            return True
        if points != best[0]:
            return points > best[0]
        return (n_tiles, key) < (best[1], best[2])

    def seated(kind: str, nation: str) -> str:
        return kind if kind[0] != "*" else nation + kind[1] + "*"

    def pkey(c: int, kind: str, nation: str) -> tuple:
        return (c, _TILE_ORDER[kind], _CN[c].index(nation) if kind[0] == "*" else 0)

    # one tile (B7: not alone)
    for c in free:
        for pts, alone, nation, woman, own, ks in firsts[c]:
            if alone:
                continue
            if best is None or pts >= best[0]:
                key = (pkey(c, ks[0], nation),)
                if better(pts, 1, key):
                    best = (pts, 1, key)
                    best_tiles = ((seated(ks[0], nation), c),)

    # two tiles far apart: each scores as alone; the best partner of each first tile is the
    # first compatible entry of its kind's list, sorted best first
    if far_entries:
        by_kind: dict = {}
        for e in far_entries:
            by_kind.setdefault(e[4], []).append(e)
        lists = {}
        for k, es in by_kind.items():
            es.sort(key=lambda e: (-e[0], e[1], _CN[e[1]].index(e[2]) if k[0] == "*" else 0))
            lists[k] = es
        top = max(e[0] for e in far_entries)
        far_entries.sort(key=lambda e: -e[0])
        for p1, c1, nation1, woman1, k1 in far_entries:
            if best is not None and p1 + top < best[0]:
                break
            close = _CLOSE[c1]
            for k2, es in lists.items():
                if k2 == k1 and count[k1] < 2:
                    continue
                for p2, c2, nation2, woman2, _ in es:
                    if c2 not in close:
                        total = p1 + p2
                        if best is None or total > best[0] or (total == best[0] and best[1] == 2):
                            key = (pkey(c1, k1, nation1), pkey(c2, k2, nation2))
                            if better(total, 2, key):
                                best = (total, 2, key)
                                best_tiles = ((seated(k1, nation1), c1), (seated(k2, nation2), c2))
                        break
    # two tiles sharing a table: the second scored again with the first seated (B6, B7, B8)
    for c1 in free:
        f1 = firsts[c1]
        if not f1:
            continue
        near = [(c2, spec) for c2, spec in _NEAR[c1] if chairs[c2] is None]
        if not near:
            continue
        # at most what a second tile here could score: 2n at each of its tables (B8)
        ub = max(sum(2 * (n0[t] + (2 if j1 >= 0 else 1)) for t, j1 in spec
                     if n0[t] + (2 if j1 >= 0 else 1) > 1) for _, spec in near)
        for p1, alone1, nation1, woman1, own1, ks1 in f1:
            if best is not None and (p1 + ub < best[0] or p1 + ub == best[0] and (
                    best[1] == 1 or best[2][0][0] < c1)):
                continue
            for c2, spec in near:
                for nation2, woman2, own2, ks2 in classes[c2]:
                    p2 = 0
                    for j2, (t, j1) in enumerate(spec):
                        if j1 >= 0:
                            n = n0[t] + 2
                            d = 2 * (w0[t] + woman1 + woman2) - n
                            if d > 1 or d < -1:
                                break
                            o = o0[t] + own1[j1] + own2[j2]
                        else:
                            n = n0[t] + 1
                            d = 2 * (w0[t] + woman2) - n
                            if d > 1 or d < -1:
                                break
                            o = o0[t] + own2[j2]
                        if n > 1:
                            p2 += tp[2 * n + (o == n)]
                    else:
                        total = p1 + p2
                        if best is not None and (total < best[0] or total == best[0] and (
                                best[1] == 1 or best[2][0][0] < c1)):
                            continue  # chairs come in reading order: a tie here loses
                        pair = _realize(ks1, ks2, count)
                        if pair is None:
                            continue
                        k1, k2 = pair
                        key = (pkey(c1, k1, nation1), pkey(c2, k2, nation2))
                        if better(total, 2, key):
                            best = (total, 2, key)
                            best_tiles = ((seated(k1, nation1), c1), (seated(k2, nation2), c2))

    if best is None:
        return None
    return best[0], best_tiles


def _realize(ks1: tuple, ks2: tuple, count) -> tuple | None:
    """The tiles of the hand that make two classes, best first (a tile used once only)."""
    for k1 in ks1:
        for k2 in ks2:
            if k2 != k1 or count[k1] >= 2:
                return k1, k2
    return None


# -- the positions the search accepts --------------------------------------------------------

def _turn_state(position, hand) -> BoardTurnState | None:
    """A turn in progress with its hand known, from a Board (+ hand), a BoardTurnState or a
    BoardGame (the player to move; None when the game is over). A game is known by its state's
    board, not by its class: :mod:`.board_game` imports this module, never the other way."""
    if isinstance(position, PlayedGame) and isinstance(getattr(position.state, "board", None), Board):
        if position.is_over:
            return None
        state = position._begin()
        if hand is not None:
            state = BoardTurnState(state.start, state.board, parse_hand(hand), state.cards, state.pending)
        return state
    if isinstance(position, Board):
        if hand is None:
            raise ValueError("best_action needs the hand: best_action(board, 'ITf CFm *f')")
        hand = parse_hand(hand)
        check_tile_copies(list(position.tiles()) + list(hand), "hand")
        return position.begin_turn(hand)
    if isinstance(position, BoardTurnState):
        if hand is not None:
            position = BoardTurnState(position.start, position.board, parse_hand(hand),
                                      position.cards, position.pending)
        if position.hand is None:
            raise ValueError("best_action needs the hand: begin the turn with begin_turn(hand)")
        return position
    raise TypeError(f"best_action takes a Board, a BoardTurnState or a BoardGame, not {type(position).__name__}")


def _play_seating(state: BoardTurnState, tiles) -> BoardTurn:
    """Play the found tiles through the engine (so the result is checked and scored by it)."""
    for tile, c in tiles:
        state = state._seat(tile, CHAIRS[c])
        if isinstance(state, Refusal):  # pragma: no cover - the search and the engine disagree
            raise AssertionError(f"the search found {tiles}, which the engine refuses: {state.error()}")
    turn = state._finish()
    if isinstance(turn, Refusal):  # pragma: no cover
        raise AssertionError(f"the search found {tiles}, which the engine refuses: {turn.error()}")
    return turn


def _finish_turn(state: BoardTurnState) -> BoardTurn | None:
    """Mid-turn (a tile already seated): the best way to finish, by plain enumeration."""
    options = []
    if state.can_end():
        options.append(state._finish())
    if len(state.cards) < 2:
        chairs = state.board.chairs
        for held in dict.fromkeys(state.hand):
            for c in range(_N_CHAIRS):
                if chairs[c] is None:
                    for tile in _declarations(held, c):
                        after = state._seat(tile, CHAIRS[c])
                        if not isinstance(after, Refusal) and after.can_end():
                            options.append(after._finish())
    return min(options, key=action_key) if options else None


def bars_of(state: BoardTurnState, first_only: bool = False) -> list[BoardTurn]:
    """Every legal bar action of a turn state (``board.begin_turn(hand)``), in palette order (B9; a joker only without a legal seating);
    ``first_only``: the first (they all score the same; a guest before the jokers, whose check
    may cost a search of the engine's)."""
    if len(state.board.bar) >= BAR_PLACES:
        return []
    found = []
    for tile in dict.fromkeys(state.hand):
        turn = state._bar(tile)
        if not isinstance(turn, Refusal):
            found.append(turn)
            if first_only:
                break
    return found


def _bars_without_seating(state: BoardTurnState) -> list[BoardTurn]:
    """The first legal bar action when the search found no legal seating at all: then no joker
    has a legal chair either (B9), so the engine's own search for one (which may try every pair
    of tiles) is skipped for a hand of jokers only; a guest's is asked of the engine as usual."""
    board = state.board
    n = len(board.bar)
    if n >= BAR_PLACES or not state.hand:
        return []
    tile = state.hand[0]  # palette order: a guest, if any, before the jokers
    if tile[0] != "*":
        return bars_of(state, first_only=True)
    return [BoardTurn("bar", board, Board(board.chairs, board.bar + (tile,)), BAR_VALUES[n],
                      bar_place=n + 1, tile=tile)]


def swaps_of(state: BoardTurnState) -> list[BoardTurn]:
    """Every legal exchange of a seated joker (B10) of a turn state, by chair then palette order."""
    found = []
    chairs = state.board.chairs
    for c in range(_N_CHAIRS):
        tile = chairs[c]
        if tile is not None and len(tile) == 4:
            for held in dict.fromkeys(state.hand):
                if held[0] != "*":
                    turn = state._swap(held, CHAIRS[c])
                    if not isinstance(turn, Refusal):
                        found.append(turn)
    return found


# -- the API ---------------------------------------------------------------------------------

def best_seating(position, hand=None) -> BoardTurn | None:
    """The best legal seating of one or two tiles (no bar, no exchange), or None."""
    state = _turn_state(position, hand)
    if state is None or state.cards:   # nothing to search, or the best way to finish the turn
        return None if state is None else _finish_turn(state)
    found = _best_seating(state.board.chairs, state.hand)
    return None if found is None else _play_seating(state, found[1])


def best_action(position, hand=None) -> BoardTurn | None:
    """The exact best-scoring action (see the module docstring for the tie-break).

    ``position``: a :class:`Board` with ``hand`` (tiles or ``"ITf *m"``), a turn in progress
    (``board.begin_turn(hand)``, maybe with a tile seated: the best way to finish it), or a
    :class:`BoardGame` (the player to move). Returns the action played through the engine (a
    :class:`BoardTurn` with ``.text``, ``.points``, ``.kind``), or None when no action exists
    (the game is over, or an empty hand)."""
    state = _turn_state(position, hand)
    if state is None:
        return None
    if state.cards:
        return _finish_turn(state)
    found = _best_seating(state.board.chairs, state.hand)
    if found is not None:
        n = len(state.board.bar)
        if n >= BAR_PLACES or BAR_VALUES[n] <= found[0]:  # a seating wins ties (rule 2)
            return _play_seating(state, found[1])
        bars = bars_of(state, first_only=True)
        return bars[0] if bars else _play_seating(state, found[1])
    bars = _bars_without_seating(state)
    if bars and bars[0].points >= 0:
        return bars[0]
    swaps = swaps_of(state)
    if swaps:
        return swaps[0]
    return bars[0] if bars else None


def scored_actions(position, hand=None) -> list[BoardTurn]:
    """For a hint or a review: the best seating (if any), every legal bar action and every
    legal joker exchange, each played through the engine, best first by the tie-break (so the
    first is :func:`best_action`). Mid-turn: the best way to finish the turn only."""
    state = _turn_state(position, hand)
    if state is None:
        return []
    if state.cards:
        turn = _finish_turn(state)
        return [turn] if turn else []
    seating = best_seating(state)
    actions = ([seating] if seating else []) + bars_of(state) + swaps_of(state)
    return sorted(actions, key=action_key)
