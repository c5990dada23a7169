"""Computer players of the board game, behind the interface of
:mod:`cafe_widget.players.card`: ``player.actions(game)`` returns the actions of one whole turn, in
notation, which ``game.act`` carries out — a seating as one action (``["CFf@a2, CFm@b1"]``:
``act`` seats the tiles and ends the turn), ``["bar RUm"]``, ``["swap ITf@c2"]``; mid-turn (a
tile already seated, say by a person asking for a hint) the rest of the turn: ``["ITm@c2"]`` or
``["end"]``. Players only read the game; the rules engine checks everything they do. Pure Python
on top of the engine (``cafe_widget.engine.board*``); docs/BOARD_RULES.md B-ids in the comments.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..engine.board import (BAR_PLACES, CHAIR_TABLES, CHAIRS, TABLE_CHAIRS,
                           TABLE_NATION, Board, BoardTurn, BoardTurnState)
from ..engine.board_game import END_BAG, TILE_PENALTY, BoardGame, penalty_of
from ..engine.board_search import bars_of, best_action, best_seating, swaps_of
from ..engine.errors import Refusal
from .lookahead import advance, bag_orders, final_standing, greedy_turn

__all__ = ["BOARD_PLAYERS", "BoardPlayer", "GreedyBoardPlayer", "RandomBoardPlayer",
           "StrongBoardPlayer", "make_board_player"]

_N = len(CHAIRS)
#: chair index → the nations of its tables, in table order (B5)
_NATIONS = tuple(tuple(dict.fromkeys(TABLE_NATION[t] for t in CHAIR_TABLES[c])) for c in CHAIRS)
_INDEX = {c: i for i, c in enumerate(CHAIRS)}
#: chair index → the other chairs sharing a table with it (where a second tile interacts)
_NEAR = tuple(tuple(sorted({_INDEX[o] for t in CHAIR_TABLES[c] for o in TABLE_CHAIRS[t]} - {_INDEX[c]}))
              for c in CHAIRS)


class BoardPlayer:
    """The interface: the actions of one turn for the player to move."""

    name = "player"

    def actions(self, game: BoardGame) -> list[str]:
        raise NotImplementedError


def _rest_of(game: BoardGame, turn: BoardTurn) -> list[str]:
    """A found action as the actions still to do: the whole action at the start of a turn;
    mid-turn, the tiles not yet seated (one action) or ``end``."""
    if game.turn is None:
        return [turn.text]
    rest = turn.cards[len(game.turn.cards):]
    return [", ".join(c.text for c in rest)] if rest else ["end"]


class RandomBoardPlayer(BoardPlayer):
    """A random legal action (seeded at construction): any first tile, bar or exchange of
    ``game.legal_actions()``; after a first tile, a second one half the time (always when the
    first sits alone and needs company, B7)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def actions(self, game: BoardGame) -> list[str]:
        rng = self.rng
        trial = game.copy()
        done: list[str] = []
        if trial.turn is None:
            first = rng.choice(trial.legal_actions())
            if first.startswith(("bar ", "swap ")):
                return [first]
            trial.place(first)
            done.append(first)
        if len(trial.turn.cards) < 2:
            seconds = trial.legal_placements()
            if seconds and (trial.explain_end_turn() is not None or rng.random() < 0.5):
                done.append(rng.choice(seconds))
        return [", ".join(done)] if done else ["end"]


class GreedyBoardPlayer(BoardPlayer):
    """The best action now: the most points, found exactly (``BoardGame.best_action``, with its
    documented tie-break). Deterministic."""

    name = "greedy"

    def actions(self, game: BoardGame) -> list[str]:
        return _rest_of(game, game.best_action())


class SteadyBoardPlayer(BoardPlayer):
    """Seats tiles whenever it can: the best seating, found exactly (``board_search.best_seating``);
    the bar or a joker exchange only when no tile may sit (B9, B10). The card game's ``steady``
    player on the board: a student sees it play. Deterministic."""

    name = "steady"

    def actions(self, game: BoardGame) -> list[str]:
        seating = best_seating(game)
        return _rest_of(game, seating if seating is not None else game.best_action())


#: An action that ends the game (B13) and wins or loses it: above or below every other.
DECISIVE = 1000


class StrongBoardPlayer(BoardPlayer):
    """Looks ahead: each action it considers is played on, in its head, for two whole rounds.

    First a quick weighing ranks every candidate action (every one-tile seating, every pair of
    tiles sharing a table, the far pairs of the ``pairs`` best single tiles, every bar tile and
    every exchange, B10) at

        points                                (B8; the bar's value, B9)
      + ``fill``  × near × tables filled      (B12: a smaller hand holds fewer tiles at the end,
                                               5 points each, B14, and ends the game sooner)
      − ``joker`` × near × jokers kept        (B14: a joker left in hand costs 10, not 5)
      + ``dead``  for a tile sent to the bar that has no chair in the game now (B9)
      − ``reply`` × the best the next player could then do, with their hand (face up, B3):
                    their points, their bar place and their own B12 bonus
      + ``keep``  × the best this player could do after that with the tiles it keeps

    where ``near`` grows from 0 to 1 as the end comes (the smallest hand size falls, B13d; the
    bag empties, B13c; the bar fills, B13a); the ``width`` best by their own value get the
    reply and keep terms. An action that ends the game (B13) is weighed as won or lost; a bar
    place the player cannot pay (B9: out) is avoided. (``look=0`` plays this weighing alone.)

    Then the look-ahead (:mod:`cafe_widget.players.lookahead`): the ``look`` best actions are
    each played on for ``rounds`` rounds — every other player answering with the best-scoring
    action for their hand (face up, B3), this player too on its later turns — over ``samples``
    orderings of the tiles still in the bag (their order is unknown; a ``random.Random`` seeded
    by the position draws them, and every action meets the same orderings). Where it stops
    (at this player's turn, or the end of the game) the position is worth

        own score − the others' scores                     (B14 penalties × ``hold`` × near off
                                                            each; the others' mean, or with
                                                            ``lead`` > 0 partly their best)
      + ``mine`` × the points of this player's best action then

    or, when the game has ended (B13, B14), ``win`` × the share of the win won + the final
    score less the best other. After half the orderings, the better half of the actions meets
    the rest (``halve``). The action worth most on average is played; actions within ``margin``
    points of it are taken in the order of the quick weighing. Deterministic: the same position
    always gives the same action, whatever the bag's hidden order.
    """

    name = "strong"

    def __init__(self, fill: float = 8.0, joker: float = 5.0, dead: float = 1.0,
                 reply: float = 1.0, keep: float = 0.6, width: int = 24, pairs: int = 10,
                 look: int = 12, samples: int = 6, rounds: int = 2, lead: float = 0.0,
                 win: float = 40.0, hold: float = 1.0, mine: float = 0.6, margin: float = 0.5,
                 halve: int = 0):
        self.fill, self.joker, self.dead, self.reply, self.keep = fill, joker, dead, reply, keep
        self.width, self.pairs = int(width), int(pairs)
        self.look, self.samples, self.rounds = int(look), int(samples), int(rounds)
        self.lead, self.win, self.hold, self.mine = lead, win, hold, mine
        self.margin, self.halve = margin, int(halve)

    def actions(self, game: BoardGame) -> list[str]:
        ranked = self.ranked_actions(game)
        if self.look > 1 and len(ranked) > 1:
            return _rest_of(game, self._look_ahead(game, ranked))
        return _rest_of(game, ranked[0][1])

    # -- the look-ahead -------------------------------------------------------------------

    def _look_ahead(self, game: BoardGame, ranked) -> BoardTurn:
        """The best of the ``look`` first distinct actions of ``ranked`` by the look-ahead."""
        p = game.to_move
        root = game.state
        seen, top = set(), []
        for value, turn in ranked:
            if turn.board not in seen:   # two tiles seated in either order: one action
                seen.add(turn.board)
                top.append(turn)
                if len(top) >= self.look:
                    break
        orders = bag_orders(game, self.samples)
        rounds = self.rounds
        memo: dict = {}   # (board, hand) → the best-scoring action: the first round's replies
        #                   are the same whatever the bag's order (every hand is face up, B3)
        totals = [0.0] * len(top)

        def weigh(indices, part):
            for i in indices:
                for order in part:
                    st = advance(replace(root, bag=order), top[i])
                    totals[i] += self._rollout(st, p, rounds, memo)

        n = len(orders)
        first = (n + 1) // 2 if self.halve and len(top) > 4 else n
        alive = list(range(len(top)))
        weigh(alive, orders[:first])
        if first < n:   # successive halving: the better half meets the other orderings too
            alive = sorted(sorted(alive, key=lambda i: -totals[i])[:max(4, (len(alive) + 1) // 2)])
            weigh(alive, orders[first:])
        best = max(totals[i] for i in alive)
        # among actions the look-ahead cannot tell apart, the weighing's order
        return top[min(i for i in alive if totals[i] >= best - self.margin * len(orders))]

    def _rollout(self, st, p: int, rounds: int, memo: dict) -> float:
        """Play on from ``st`` (just after player ``p``'s action), every player taking the
        best-scoring action, until ``p``'s ``rounds``-th turn or the end; that position's worth."""
        turns = 0
        nxt = 0.0
        while st.over is None and not st.out[p]:
            q = st.to_move
            key = (st.board, st.hands[q])
            turn = memo.get(key, False)
            if turn is False:
                turn = memo[key] = greedy_turn(st)
            if q == p:
                turns += 1
                if turns >= rounds:
                    if turn is not None:
                        nxt = turn.points + self.fill * _near_state(st) * len(turn.filled_own_nation)
                    break
            if turn is None:
                break
            st = advance(st, turn)
        return self._evaluate(st, p, nxt)

    def _evaluate(self, st, p: int, nxt: float) -> float:
        """What the position ``st`` is worth to ``p``, whose best action there scores ``nxt``."""
        if st.over is not None or st.out[p]:
            share, margin = final_standing(st, p)
            return self.win * share + margin
        near = _near_state(st)
        est = [s - self.hold * near * penalty_of(h) for s, h in zip(st.scores, st.hands)]
        est[p] += self.mine * nxt
        others = [est[q] for q in range(len(est)) if q != p and not st.out[q]]
        if not others:
            return est[p]
        return est[p] - self.lead * max(others) - (1 - self.lead) * sum(others) / len(others)

    def ranked_actions(self, game: BoardGame) -> list[tuple[float, BoardTurn]]:
        """The candidate actions weighed, best first: ``(value, action)``."""
        state = game.turn if game.turn is not None else game.board.begin_turn(game.hand())
        candidates = _candidates(state, self.pairs)
        near = _nearness(game)
        p = game.to_move
        score = game.scores[p]
        dead = _dead_tiles(game.board, game.hand()) if self.dead else set()
        weighed = []
        for turn in candidates:
            value = float(turn.points)
            if turn.kind == "bar":
                if turn.points < 0 and -turn.points > score:
                    value -= DECISIVE   # B9: cannot pay, out of the game
                elif turn.tile in dead:
                    value += self.dead
            filled = len(turn.filled_own_nation)
            value += self.fill * near * filled
            kept = _kept_hand(game.hand() if game.turn is None else game.state.hands[p], turn)
            value -= self.joker * near * sum(1 for t in kept if t[0] == "*")
            weighed.append([value, turn, filled, kept])
        weighed.sort(key=lambda w: -w[0])
        ranked = []
        for value, turn, filled, kept in weighed[:self.width]:
            end = _ends_game(game, turn, filled, kept)
            if end is not None:
                value += DECISIVE if end else -DECISIVE
            elif self.reply or self.keep:
                value += self._after(game, turn.board, kept, near)
            ranked.append((value, turn))
        ranked.sort(key=lambda r: -r[0])   # stable: among equal values, the cheap order
        return ranked

    def _after(self, game: BoardGame, board: Board, kept: list[str], near: float) -> float:
        """− ``reply`` × the best the next player still in could do on ``board`` with their
        hand (face up, B3), + ``keep`` × the best this player could do after that with the
        tiles it keeps (its refill is unknown)."""
        nxt = _next_player(game)
        hand = game.hand(nxt) if nxt is not None else ()
        found = best_action(board.begin_turn(hand)) if hand else None
        value = 0.0
        if found is not None:
            value -= self.reply * (found.points + self.fill * near * len(found.filled_own_nation))
            board = found.board
        if self.keep and kept:
            mine = best_action(board.begin_turn(kept))
            if mine is not None:
                value += self.keep * (mine.points + self.fill * near * len(mine.filled_own_nation))
        return value


def _next_player(game: BoardGame) -> int | None:
    n = game.players
    for k in range(1, n):
        q = (game.to_move + k) % n
        if not game.out[q]:
            return q
    return None


def _near_state(st) -> float:
    """0 at the start, 1 when the game may end with the next action: the smallest hand size of
    a player still in (B13d: 0 ends it), the bag (B13c) and the bar (B13a), whichever is nearest."""
    sizes = [s for s, o in zip(st.hand_sizes, st.out) if not o]
    by_hand = 1 - (min(sizes) - 1) / 4 if sizes else 1.0
    by_bag = 1 - (len(st.bag) - END_BAG) / 60
    by_bar = 1 - (BAR_PLACES - len(st.board.bar)) / BAR_PLACES
    return max(0.0, min(1.0, max(by_hand, by_bag, by_bar)))


def _nearness(game: BoardGame) -> float:
    """:func:`_near_state` of the game (a turn in progress changes none of it)."""
    return _near_state(game.state)


def _kept_hand(hand: tuple, turn: BoardTurn) -> list[str]:
    """The hand after the action, before the refill (B11)."""
    kept = list(hand)
    for t in turn.tiles:
        kept.remove(t)
    if turn.kind == "swap":
        kept.append(turn.taken)
    return kept


def _ends_game(game: BoardGame, turn: BoardTurn, filled: int, kept: list[str]) -> bool | None:
    """None when the action does not end the game (B13); else True if the player to move then
    wins outright (B14; the tiles it would draw counted as 5 each), False if not."""
    st, p = game.state, game.to_move
    size = max(0, st.hand_sizes[p] - filled)
    draw = max(0, min(size - len(kept), len(st.bag)))
    bag_left = len(st.bag) - draw
    board = turn.board
    if not (len(board.bar) >= BAR_PLACES or board.is_full() or bag_left <= END_BAG
            or (size == 0 and not kept)):
        return None
    points = turn.points
    if turn.kind == "bar" and points < 0:
        points = -min(st.scores[p], -points)
    mine = st.scores[p] + points - penalty_of(kept) - TILE_PENALTY * draw
    others = [st.scores[q] - penalty_of(game.hand(q)) for q in range(game.players)
              if q != p and not st.out[q]]
    return all(mine > o for o in others)


def _dead_tiles(board: Board, hand) -> set[str]:
    """Guests of the hand with no legal chair on the board now: nothing lost sending them to
    the bar (B9)."""
    chairs, blank = board.chairs, BoardTurnState(board, board, None)   # no hand: B7 aside
    dead = set()
    for held in dict.fromkeys(hand):
        if held[0] == "*":
            continue
        if not any(chairs[c] is None and held[:2] in _NATIONS[c]
                   and not isinstance(blank._seat(held, CHAIRS[c]), Refusal)
                   for c in range(_N)):
            dead.add(held)
    return dead


def _forms(held: str, c: int) -> tuple[str, ...]:
    """What ``held`` may sit as on chair index ``c`` (B5): a guest of one of its tables'
    nations as itself, a joker declared as each of them."""
    if held[0] == "*":
        return tuple(n + held[1] + "*" for n in _NATIONS[c])
    return (held,) if held[:2] in _NATIONS[c] else ()


def _candidates(state: BoardTurnState, pairs: int) -> list[BoardTurn]:
    """The actions worth weighing from ``state`` (a turn's start, or mid-turn): every one-tile
    seating, every two-tile seating whose tiles share a table (B6, B7 and B8 make those depend
    on each other), far pairs among the ``pairs`` best single tiles, every bar tile (B9) and
    every exchange (B10). Each checked and scored by the engine."""
    found: list[BoardTurn] = []
    if state.cards:   # mid-turn: end now, or one more tile
        if state.can_end():
            found.append(state._finish())
        if len(state.cards) < 2:
            _seconds(state, range(_N), found)
        return found
    chairs = state.board.chairs
    singles = []
    for held in dict.fromkeys(state.hand):
        for c in range(_N):
            if chairs[c] is None:
                for tile in _forms(held, c):
                    s1 = state._seat(tile, CHAIRS[c])
                    if isinstance(s1, Refusal):
                        continue
                    if not s1.pending:
                        one = s1._finish()
                        found.append(one)
                        singles.append((one.points, c, s1))
                    _seconds(s1, _NEAR[c], found)
    singles.sort(key=lambda s: -s[0])
    top = singles[:pairs]
    for i, (_, c1, s1) in enumerate(top):
        for _, c2, s2 in top[i + 1:]:
            if c2 in _NEAR[c1] or c2 == c1:
                continue
            second = s2.cards[0]
            after = s1._seat(second.tile, second.chair)
            if not isinstance(after, Refusal):
                found.append(after._finish())
    return found + bars_of(state) + swaps_of(state)


def _seconds(s1: BoardTurnState, chairs_to_try, found: list) -> None:
    """Every legal second tile after ``s1`` on the given chairs, as finished actions."""
    chairs = s1.board.chairs
    for held in dict.fromkeys(s1.hand):
        for c in chairs_to_try:
            if chairs[c] is None:
                for tile in _forms(held, c):
                    s2 = s1._seat(tile, CHAIRS[c])
                    if not isinstance(s2, Refusal) and not s2.pending:
                        found.append(s2._finish())


BOARD_PLAYERS = {"random": RandomBoardPlayer, "greedy": GreedyBoardPlayer, "steady": SteadyBoardPlayer,
                 "strong": StrongBoardPlayer}
#: The computer a class plays against by default.
DEFAULT = "strong"


def make_board_player(kind: str = "computer", seed: int = 0) -> BoardPlayer:
    """A board-game player by name: ``"random"`` (seeded by ``seed``), ``"greedy"``, ``"steady"``,
    ``"strong"``, or ``"computer"`` (the default opponent: the strong player)."""
    name = DEFAULT if kind == "computer" else kind
    try:
        cls = BOARD_PLAYERS[name]
    except (KeyError, TypeError):
        raise ValueError(f"no board-game player called {kind!r}; choose one of "
                         f"{sorted(BOARD_PLAYERS) + ['computer']}") from None
    return cls(seed) if cls is RandomBoardPlayer else cls()
