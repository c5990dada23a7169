"""The whole board game (docs/BOARD_RULES.md B3–B15): set-up (B3), the three actions (B4: seat one or
two tiles, the bar, the joker exchange), the refill (B11), the smaller hand (B12), players out
(B9), the end (B13) and the final score (B14), with a game notation and a JSON save.

A :class:`BoardGame` is a thin, mutable handle on immutable :class:`BoardGameState` values:
every action computes a new state and only then replaces the old one, so a refused action
(IllegalMove) changes nothing. The rules never call a random generator: chance happens once, in
:meth:`BoardGame.new`, from a seed (the bag's order), and every game replays exactly.

Game notation: the position (B15) followed by six more ``|`` fields::

    <chairs> | <bar> | <bag> | <hands> | <hand sizes> | <scores> | <out> | <status>
    b1:CFm a2:CFf | - | ITf GBm … | CNf ITm RUm USf *f / DEf … | 5 5 | 4 0 | - | to:2

The bag is top first; hands list each player's tiles (sorted: guests by nation, woman before
man, then jokers), players separated by ``/``, ``-`` for none; hand sizes and scores one number
per player; ``out`` the players out (B9), counting from 1, ``-`` for none; ``status`` holds
``to:N`` (the player to move, from 1), then as needed ``over:B13a`` … ``over:B13e`` (the game is
over, and why) and ``turn:CFf@a2,CFm@b1`` (tiles of the turn in progress; the other fields then
describe the position before that turn). Tiles missing from the 100 left the game with a player
out (:attr:`BoardGame.gone`).

Decided where docs/BOARD_RULES.md is silent (and documented in docs/manual/board-game.md):

- ``BoardGame.new(start=0)``: the first player moves first unless told; ``start=None`` lets the
  seed choose. Players draw their 5 tiles in turn order from the top of the shuffled bag.
- B9: a player at a negative bar place pays ``min(score, |value|)``; one who has exactly
  ``|value|`` pays it and stays in at 0; one who has less pays all and is out: their hand
  leaves the game and they draw nothing. Their score is then 0.
- B9: a joker "has a legal chair" when some legal seating action of the player's hand uses it.
- B7: with the hand known, a tile that would sit alone is refused at once when no tile left in
  the hand could join it (so a turn in progress can always be finished).
- ``act(text)`` with tiles seats them (all or nothing) and ends the turn as soon as it may end;
  ``place`` seats one tile and never ends the turn (``end_turn`` does).
- B14: players out rank below every player still in; having 0 points and no tiles, they share
  their place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..i18n import N_, say
from .board import (BAR_PLACES, BAR_VALUES, CHAIRS, Board, BoardTurn, BoardTurnState, TileScore, check_position,
                    format_chairs, full_bag, parse_action, parse_bar, parse_chair, parse_chairs,
                    parse_placement, parse_tile, sort_tiles)
from .errors import IllegalMove, NotationError, Refusal, kind_of, move_text, refuse
from .board_layout import _parse_numbers, _parse_out, _parse_status, _parse_swap, _parse_tiles
from . import board_search  # the best action and the review: the search is given this game
from .played import PlayedGame, Ranked, Reviewed, seeded, set_up_error, without as _without

HAND_SIZE = 5          # B3
MIN_PLAYERS, MAX_PLAYERS = 2, 4
END_BAG = 4            # B13c: the game ends when the bag holds this many tiles or fewer
TILE_PENALTY = 5       # B14
JOKER_PENALTY = 10     # B14
SAVE_FORMAT = "cafe-widget board game"
BOARD_FIELDS = ("chairs", "bar", "bag", "hands", "hand sizes", "scores", "out", "status")


@dataclass(frozen=True, slots=True)
class BoardGameState:
    """Everything at the start of a turn. Player numbers here count from 0."""

    board: Board
    bag: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    out: tuple[bool, ...]
    to_move: int = 0
    over: str | None = None
    gone: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardLogEntry:
    """One finished action: who, what (in notation), the change of score (a bar debt is capped
    at what the player had, B9), its kind (``"seat"``, ``"bar"``, ``"swap"``), the action as
    the board scored it, the state before it, and whether it put the player out."""

    player: int
    action: str
    points: int
    kind: str
    turn: BoardTurn
    before: BoardGameState
    went_out: bool = False


@dataclass(frozen=True, slots=True)
class BoardReviewEntry(Reviewed):
    """One finished action, as :meth:`BoardGame.review` states it: who did what and what it
    scored, the board (with its bar) and the player's hand before it, and the best action that
    hand had then (``board_search.best_action``, exact), with the points missed. A fact sheet,
    like the card game's review: the bar or a joker kept for later can be the right choice."""

    number: int                 # counting from 1
    player: int                 # counting from 0
    kind: str                   # "seat", "bar" or "swap"
    action: str                 # in notation: "CFf@a2, CFm@b1", "bar RUm", "swap ITf@c2"
    points: int                 # what the action scored as the board counts it (B8, B9)
    board: str                  # board notation before the action
    hand: str                   # the player's hand before it
    turn: BoardTurn
    best: BoardTurn | None

    @property
    def missed(self) -> int:
        """How many points the best action would have scored more (0 when this was as good)."""
        return max(0, self.best.points - self.turn.points) if self.best is not None else 0


@dataclass(frozen=True, slots=True)
class BoardStanding:
    """One player's line of the final score (B14)."""

    player: int
    score: int
    penalty: int
    final: int
    rank: int
    out: bool


@dataclass(frozen=True, slots=True)
class BoardResult(Ranked[BoardStanding]):
    """B14: score less penalties, ranked; tied, fewer penalty points first; still tied, shared;
    players out below every player still in (marked ``out`` in the table, see :class:`~.played.Ranked`)."""

    standings: tuple[BoardStanding, ...]
    over: bool
    reason: str | None

    def __iter__(self):
        return iter(self.standings)

    def _remark(self, standing: BoardStanding) -> str:
        return say("  out") if standing.out else ""


def _next_in(p: int, out: tuple[bool, ...]) -> int:
    """The next player after ``p`` still in (``p`` itself if nobody else is)."""
    n = len(out)
    for k in range(1, n + 1):
        q = (p + k) % n
        if not out[q]:
            return q
    return p


def end_reason(board: Board, bag, hands, out) -> str | None:
    """B13, checked after an action and its refill, in the order (a)–(e)."""
    if len(board.bar) >= BAR_PLACES:
        return "B13a"
    if board.is_full():
        return "B13b"
    if len(bag) <= END_BAG:
        return "B13c"
    if any(not hand and not o for hand, o in zip(hands, out)):
        return "B13d"
    if sum(1 for o in out if not o) < 2:
        return "B13e"
    return None


def after_action(st: BoardGameState, turn: BoardTurn) -> tuple[BoardGameState, int, bool]:
    """The state after the player to move does ``turn`` (a finished, legal action from the start
    of their turn): the score (B8, B9: a bar debt capped at what the player has, and out when
    they cannot pay), B12's smaller hand, the refill (B11), the end (B13) and the next player.
    Returns (the new state, the points counted, whether the player went out). The game's own
    commit, and the look-ahead's (``board_lookahead``): one place for these rules."""
    p = st.to_move
    hand = _without(st.hands[p], turn.tiles)
    if turn.kind == "swap":
        hand = sort_tiles(hand + (turn.taken,))
    points, went_out = turn.points, False
    if turn.kind == "bar" and points < 0:
        paid = min(st.scores[p], -points)
        went_out = -points > st.scores[p]
        points = -paid
    size = max(0, st.hand_sizes[p] - len(turn.filled_own_nation))
    bag, gone = st.bag, st.gone
    if went_out:
        gone = sort_tiles(gone + hand)
        hand = ()
    else:
        draw = max(0, size - len(hand))
        hand, bag = sort_tiles(hand + bag[:draw]), bag[draw:]
    out = st.out[:p] + (st.out[p] or went_out,) + st.out[p + 1:]
    hands = st.hands[:p] + (hand,) + st.hands[p + 1:]
    state = BoardGameState(
        turn.board, bag, hands, st.hand_sizes[:p] + (size,) + st.hand_sizes[p + 1:],
        st.scores[:p] + (st.scores[p] + points,) + st.scores[p + 1:], out,
        _next_in(p, out), end_reason(turn.board, bag, hands, out), gone)
    return state, points, went_out


def penalty_of(hand) -> int:
    """B14: 5 points per tile left in the hand, 10 per joker."""
    return sum(JOKER_PENALTY if t[0] == "*" else TILE_PENALTY for t in hand)


class BoardGame(PlayedGame[BoardGameState, BoardTurnState]):
    """A game of 2–4 players. Player numbers count from 0 in Python, from 1 in text. What both
    games do alike (reading the state, undo, copies, the printout, saves) is :class:`PlayedGame`'s."""

    _SAVE_FORMAT = SAVE_FORMAT
    _FIELDS = BOARD_FIELDS
    _SAVE_LISTS = (("actions", "play", False), ("turn", "place", True))
    _VIEW_KIND = "board"
    log: list[BoardLogEntry]

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed: int | None = None, start: int | None = 0) -> "BoardGame":
        """Shuffle the 100 tiles with ``seed``; each player draws 5 in turn from the top of the
        bag; hand sizes 5 (B3). ``start``: the first player (from 0), or None for the seed's."""
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise set_up_error(N_("Café International (the board game) is for 2 to 4 players, not {players} (B3)."),
                               players=players)
        seed, rng = seeded(seed)
        bag = list(full_bag())
        rng.shuffle(bag)
        if start is None:
            start = rng.randrange(players)
        elif not isinstance(start, int) or not 0 <= start < players:
            raise set_up_error(N_("start must be a player from 0 to {last}, not {start}."), last=players - 1,
                               start=start)
        hands = tuple(sort_tiles(bag[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
        state = BoardGameState(Board(), tuple(bag[players * HAND_SIZE:]), hands, (HAND_SIZE,) * players,
                               (0,) * players, (False,) * players, start)
        return cls(state, seed)

    # -- reading the game -----------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The board as it stands, the tiles of the turn in progress included."""
        return self._turn.board if self._turn else self._state.board

    def _hand_in_turn(self) -> tuple[str, ...]:
        return self._turn.hand

    def _not_a_number(self, player) -> NotationError:
        """Here any wrong ``player`` is no player of this game (a yes/no value named as written)."""
        return NotationError("player", str(player) if isinstance(player, int) else kind_of(player),
                             N_("is not a player of this game: give a number from 0 to {last} "
                                "(0 is the first player)"), last=self.players - 1)

    @property
    def bag(self) -> tuple[str, ...]:
        """The bag, top first."""
        return self._state.bag

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._state.hand_sizes

    @property
    def out(self) -> tuple[bool, ...]:
        """Players out (B9)."""
        return self._state.out

    @property
    def gone(self) -> tuple[str, ...]:
        """Tiles that left the game with players out (B9)."""
        return self._state.gone

    # -- checks: one per action, asked by the action itself and by explain_* ---------------

    def _begin(self) -> BoardTurnState:
        if self._turn:
            return self._turn
        st = self._state
        return BoardTurnState(st.board, st.board, st.hands[st.to_move])

    def _over(self, move: str = "") -> Refusal | None:
        if self.is_over:
            return refuse("B13", "board_over", self.board, move=move)
        return None

    def _check_place(self, tile: str, chair: str) -> BoardTurnState | Refusal:
        return self._over(f"{tile}@{chair}") or self._begin()._place(tile, chair)

    def explain_place(self, placement: str) -> IllegalMove | None:
        """Why ``placement`` (``"ITf@c2"``, ``"ITf*@c2"``) may not be the next tile, or None."""
        result = self._check_place(*parse_placement(placement))
        return result.error() if isinstance(result, Refusal) else None

    def explain_end_turn(self) -> IllegalMove | None:
        """Why the turn may not end now (B4, B7, B13), or None if it may."""
        refusal = self._over() or self._begin()._end_refusal()
        return refusal.error() if refusal else None

    def _check_bar(self, tile: str) -> BoardTurn | Refusal:
        return self._over(f"bar {tile}") or self._begin()._bar(tile)

    def explain_bar(self, tile: str) -> IllegalMove | None:
        """Why ``tile`` (``"RUm"``, ``"*f"``) may not go to the bar now (B4, B9, B13), or None."""
        result = self._check_bar(parse_tile(tile.strip(), "bar"))
        return result.error() if isinstance(result, Refusal) else None

    def _check_swap(self, tile: str, chair: str) -> BoardTurn | Refusal:
        return self._over(f"swap {tile}@{chair}") or self._begin()._swap(tile, chair)

    def explain_swap(self, text: str) -> IllegalMove | None:
        """Why the exchange ``"swap ITf@c2"`` (or ``"ITf@c2"``) may not be made now, or None."""
        tile, chair = _parse_swap(text)
        result = self._check_swap(tile, chair)
        return result.error() if isinstance(result, Refusal) else None

    def legal_placements(self) -> list[str]:
        """Every placement that may be the next tile now: hand order, then chairs in reading
        order, then a joker's declarations in table order."""
        if self.is_over:
            return []
        return self._begin().legal_placements()

    def legal_bars(self) -> list[str]:
        """Every legal ``"bar X"`` now, in hand order."""
        if self.is_over or self._turn:
            return []
        begin = self._begin()
        return [f"bar {t}" for t in dict.fromkeys(self.hand())
                if not isinstance(begin._bar(t), Refusal)]

    def legal_swaps(self) -> list[str]:
        """Every legal ``"swap X@c"`` now: chairs in reading order, then hand order."""
        if self.is_over or self._turn:
            return []
        begin, board = self._begin(), self.board
        found = []
        for chair in (c for c, t in zip(CHAIRS, board.chairs) if t and t[-1] == "*"):
            for t in dict.fromkeys(self.hand()):
                if t[0] != "*" and not isinstance(begin._swap(t, chair), Refusal):
                    found.append(f"swap {t}@{chair}")
        return found

    def legal_actions(self) -> list[str]:
        """What the player to move may do now: the next tile (:meth:`legal_placements`), and at
        the start of a turn every legal ``"bar X"`` and ``"swap X@c"``. Empty when over."""
        return self.legal_placements() + self.legal_bars() + self.legal_swaps()

    # -- actions --------------------------------------------------------------------------

    def place(self, placement: str, chair: str | None = None) -> TileScore:
        """Seat one tile of the turn in progress (``"ITf@c2"``, or ``"ITf", "c2"``), checked at
        once; the turn goes on until :meth:`end_turn`. Returns the tile's score."""
        if chair is None:
            tile, chair = parse_placement(placement)
        else:
            tile = (parse_tile(placement, "placement") if placement[:1] == "*"
                    else parse_placement(f"{placement}@{chair}")[0])
            chair = parse_chair(chair, "placement")
        result = self._check_place(tile, chair)
        if isinstance(result, Refusal):
            raise result.error()
        self._turn = result
        return result.cards[-1]

    def _undo_refusal(self) -> Refusal | None:
        return self._over("undo") or (None if self._turn else refuse("B4", "board_nothing_to_undo", self.board))

    def end_turn(self) -> BoardTurn:
        """End the turn of seated tiles (B4, B7): score it, B12, the refill (B11), B13."""
        refusal = self._over() or self._begin()._end_refusal()
        if refusal:
            raise refusal.error()
        return self._commit(self._turn._finish())

    def bar(self, tile: str) -> BoardTurn:
        """Send a tile of the hand to the lowest free bar place and gain or pay its value (B9)."""
        result = self._check_bar(parse_tile(tile.strip(), "bar"))
        if isinstance(result, Refusal):
            raise result.error()
        return self._commit(result)

    def swap(self, tile: str, chair: str | None = None) -> BoardTurn:
        """Exchange a seated joker for a tile of the hand (B10): ``"ITf@c2"`` or ``"ITf", "c2"``."""
        tile, chair = _parse_swap(tile if chair is None else f"{tile}@{chair}")
        result = self._check_swap(tile, chair)
        if isinstance(result, Refusal):
            raise result.error()
        return self._commit(result)

    def play(self, text: str) -> BoardTurn:
        """One whole action at once (``"CFf@a2, CFm@b1"``, ``"bar RUm"``, ``"swap ITf@c2"``);
        all or nothing."""
        return self._do(text, whole=True)

    def _seat_all(self, placements, whole: bool) -> BoardTurnState:
        """The turn with ``placements`` seated in order (nothing changed); IllegalMove if refused."""
        refusal = self._over(", ".join(f"{t}@{c}" for t, c in placements))
        if refusal:
            raise refusal.error()
        if whole and self._turn:
            raise IllegalMove.because("B4", "board_placed_already", self.board, count=len(self._turn.cards))
        state = self._begin()
        for tile, chair in placements:
            result = state._place(tile, chair)
            if isinstance(result, Refusal):
                raise result.error()
            state = result
        return state

    def act(self, text: str):
        """Do what ``text`` says: ``end``, ``undo``, ``bar RUm``, ``swap ITf@c2``, or tiles
        (``ITf@c2``, ``CFf@a2, CFm@b1``): seated all or nothing, and the turn ends as soon as it
        may (a tile left alone waits for the next, B7). Use :meth:`place` to seat a tile and go on."""
        text = move_text(text, "action", "CFf@a2, CFm@b1")
        word = text.strip().lower()
        if word == "end":
            return self.end_turn()
        if word == "undo":
            return self.undo()
        return self._do(text, whole=False)

    def _do(self, text: str, whole: bool):
        """The action ``text`` (a bar, a swap, tiles) done all or nothing. ``whole`` (play): the
        tiles are a whole turn that must end; else (act) they may go on a turn in progress, and
        when the last one sits alone (B7) the turn goes on and that tile's score is returned."""
        parsed = parse_action(text)
        if parsed[0] == "bar":
            return self.bar(parsed[1])
        if parsed[0] == "swap":
            return self.swap(parsed[1], parsed[2])
        state = self._seat_all(parsed[1], whole)
        result = state._finish()
        if isinstance(result, Refusal):
            if whole:
                raise result.error()
            self._turn = state  # the last tile sits alone: the turn goes on
            return state.cards[-1]
        return self._commit(result)

    def _commit(self, turn: BoardTurn) -> BoardTurn:
        """Finish an action: score (B8, B9), players out, B12, the refill (B11), B13, next player."""
        st = self._state
        self._state, points, went_out = after_action(st, turn)
        self._turn = None
        self.log.append(BoardLogEntry(st.to_move, turn.text, points, turn.kind, turn, st, went_out))
        return turn

    # -- the best action -------------------------------------------------

    def best_action(self):
        """The exact best-scoring action for the player to move (see ``board_search``)."""
        return board_search.best_action(self)

    # -- looking back ---------------------------------------------------------------------

    def review(self) -> list[BoardReviewEntry]:
        """One entry per finished action, in order: the player, the action, its points, the
        board and the hand before it, and the best action available then with the points
        missed (like ``Game.review``). The turn in progress, if any, is not in it yet."""
        memo = self.__dict__.setdefault("_reviewed", {})   # index → (state before, best): searched once
        entries = []
        for i, entry in enumerate(self.log):
            st = entry.before
            hand = st.hands[entry.player]
            best = memo.get(i)
            if best is None or best[0] is not st:
                best = (st, board_search.best_action(st.board, hand) if hand else None)
                memo[i] = best
            entries.append(BoardReviewEntry(i + 1, entry.player, entry.kind, entry.action, entry.turn.points,
                                            st.board.format(), " ".join(hand) or "-", entry.turn, best[1]))
        return entries

    # -- the end --------------------------------------------------------------------------

    def result(self) -> BoardResult:
        """B14: 5 points off per tile in hand, 10 per joker; ranked by final score, then fewer
        penalty points; still tied, shared; players out below every player still in.
        Provisional while the game goes on."""
        st = self._state
        rows = []
        for p in range(self.players):
            pen = penalty_of(self.hands[p])
            rows.append((p, st.scores[p], pen, st.scores[p] - pen, st.out[p]))
        key = {p: (-final, pen) for p, _, pen, final, _ in rows}
        still_in = sum(1 for r in rows if not r[4])
        standings = []
        for p, score, pen, final, out in rows:
            better = sum(1 for q, *_, o in rows if o == out and key[q] < key[p])
            standings.append(BoardStanding(p, score, pen, final, 1 + better + (still_in if out else 0), out))
        return BoardResult(tuple(standings), self.is_over, st.over)

    # -- notation and saves ---------------------------------------------------------------

    def format(self) -> str:
        """The game notation (see the module docstring)."""
        st = self._state
        return " | ".join([
            format_chairs(st.board.chairs), " ".join(st.board.bar) or "-", " ".join(st.bag) or "-",
            " / ".join(" ".join(h) or "-" for h in st.hands), " ".join(map(str, st.hand_sizes)),
            " ".join(map(str, st.scores)), " ".join(str(p + 1) for p, o in enumerate(st.out) if o) or "-",
            self._status()])

    @classmethod
    def parse(cls, text: str) -> "BoardGame":
        """Read a game notation; NotationError naming the field and token if it is wrong."""
        fields = cls._split(text, N_("has {n} fields; a board game has 8: "
                                     "chairs | bar | bag | hands | hand sizes | scores | out | status"))
        chairs = parse_chairs(fields[0])
        bar = parse_bar(fields[1])
        bag = _parse_tiles(fields[2], "bag")
        hands = tuple(sort_tiles(_parse_tiles(h, "hands")) for h in fields[3].split("/"))
        players = len(hands)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise NotationError("hands", fields[3].strip(), N_("has {n} hands; 2 to 4 players play (B3)"),
                                n=players)
        for hand in hands:
            if len(hand) > HAND_SIZE:
                raise NotationError("hands", " ".join(hand), N_("holds {n} tiles; a hand holds at most "
                                                                "{most} (B3)"), n=len(hand), most=HAND_SIZE)
        sizes = _parse_numbers(fields[4], "hand sizes", players, 1,
                               N_("is not a hand size (a whole number from 0 to {most}, B12)"), HAND_SIZE,
                               N_("has {n} hand sizes, not {players}"), most=HAND_SIZE)
        scores = _parse_numbers(fields[5], "scores", players, 6,
                                N_("is not a score (a whole number below a million)"), None,
                                N_("has {n} scores, not {players}"))
        out = _parse_out(fields[6], players, hands, scores)
        check_position(chairs, bar, list(bag) + [t for h in hands for t in h], "game")
        status = _parse_status(fields[7], players, out)
        present = Counter(t for t in chairs if t)
        present = Counter(("*" + t[2]) if len(t) == 4 else t for t in present.elements())
        present.update(bar)
        present.update(bag)
        for h in hands:
            present.update(h)
        gone = sort_tiles((Counter(full_bag()) - present).elements())
        state = BoardGameState(Board(chairs, bar), bag, hands, sizes, scores, out, status["to"],
                               status["over"], gone)
        game = cls(state)
        if status["turn"]:
            game._place_turn(status["turn"], N_("is not a legal tile of the turn in progress: {reason}"))
            # game._start stays the position before the turn: a save replays the turn's tiles
        _check_reachable(game, fields[5].strip())
        return game

    def _saved_actions(self) -> dict[str, list[str]]:
        return {"actions": [e.action for e in self.log],
                "turn": [c.text for c in self._turn.cards] if self._turn else []}

    def _deal_of(self, seed: int) -> str:
        if self._turn:
            raise NotationError("json", "start", N_("holds a turn in progress; a dealt game starts from its deal"))
        return type(self).new(self.players, seed, self.to_move).format()

    def _heading(self) -> list[str]:
        return [str(self.board), say("  bag: {n} tiles", n=len(self._state.bag))]

    def _player_line(self, p: int, mark: str) -> str:
        st = self._state
        hand = " ".join(self.hands[p]) or "-"
        line = say("{mark} player {n}: {score:>3} points, hand size {size}: {hand}", mark=mark, n=p + 1,
                   score=st.scores[p], size=st.hand_sizes[p], hand=hand)
        return line + (say("  out") if st.out[p] else "")


# -- notation helpers ------------------------------------------------------------------------

#: B8: the most one tile can score (two tables of four of their nation).
TILE_MOST = 16
#: The highest score the notation writes (six digits).
SCORE_LIMIT = 999_999


def _still_to_win(board: Board) -> int:
    """The most points a player can still win: a tile on each empty chair (B8; a joker taken
    back by a swap, B10, goes to another empty chair) and the bar's places still free (B9)."""
    empty = sum(1 for t in board.chairs if not t)
    return TILE_MOST * empty + sum(v for v in BAR_VALUES[len(board.bar):] if v > 0)


def _check_reachable(game: "BoardGame", scores_text: str) -> None:
    """Only states the rules can reach: no score so high that the points still to win would
    take it past what the notation writes (so every state reached round-trips, B8, B9); a game
    that should have ended has ended (B13); the player to move has an action (B4)."""
    st = game._state
    if max(st.scores) > SCORE_LIMIT - _still_to_win(st.board):
        raise NotationError("scores", scores_text, N_("holds more than a game can reach: at most "
                            "{most} before the points still to win (B8, B9)"),
                            most=SCORE_LIMIT - _still_to_win(st.board))
    if st.over is not None:
        return
    reason = end_reason(st.board, st.bag, st.hands, st.out)
    if reason is not None:
        raise NotationError("status", f"to:{st.to_move + 1}", N_("goes on, but the game is over by {reason}: "
                            "write over:{reason}"), reason=reason)
    if not (game.legal_bars() or game.legal_swaps() or game.turn) and game.best_action() is None:
        raise NotationError("status", f"to:{st.to_move + 1}", N_("names a player who has no action left: a "
                            "position the rules cannot reach (B4)"))
