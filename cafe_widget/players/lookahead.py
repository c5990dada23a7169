"""Look-ahead for the board game's strong computer player: the game played on
in the player's head, a few turns past each action it considers.

Every hand is face up (B3), so what each other player will do next is known once their model is
chosen: here they play the best-scoring action (``board_search.best_action``, the greedy
player). What is not known is the bag's order (B11): the tiles still in it are known (the 100
tiles less those on the board, at the bar, in hands or gone), not their order. Each simulation
draws from one ordering of them, shuffled by a ``random.Random`` seeded from the position
(:func:`position_seed`), so that a game replays exactly, and every action weighed at one turn
meets the same orderings (common random numbers: the actions are compared on the same luck).

A simulation works on :class:`~cafe_widget.engine.board_game.BoardGameState` values only:
:func:`advance` is the game's own commit (``board_game.after_action``: score, B9's debts and
players out, B12, the refill B11, the end B13, the next player) without the log, the notation
and the checks — the actions it is given come from the engine (``BoardTurnState`` /
``best_action``) and are legal.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter

from ..engine.board import BoardTurn, BoardTurnState, full_bag, held_form, sort_tiles
from ..engine.board_game import BoardGame, BoardGameState, after_action, penalty_of
from ..engine.board_search import best_action

__all__ = ["advance", "bag_orders", "final_standing", "greedy_turn", "position_seed", "unseen_tiles"]


def unseen_tiles(game: BoardGame) -> list[str]:
    """The tiles in the bag, as anyone at the table can count them (B1, B3: the board, the bar,
    every hand and the tiles gone with players out are seen), sorted: their order is unknown."""
    st = game.state
    seen = Counter(held_form(t) for t in st.board.chairs if t)
    seen.update(st.board.bar)
    for hand in st.hands:
        seen.update(hand)
    seen.update(st.gone)
    return list(sort_tiles((Counter(full_bag()) - seen).elements()))


def position_seed(game: BoardGame) -> int:
    """A seed fixed by what the players see of the position (its notation with the bag's tiles
    sorted: their order is unknown), the same in every process (no ``hash``)."""
    fields = game.format().split(" | ")
    fields[2] = " ".join(unseen_tiles(game)) or "-"
    return zlib.crc32(" | ".join(fields).encode())


def bag_orders(game: BoardGame, count: int) -> list[tuple[str, ...]]:
    """``count`` orderings of the bag's tiles, drawn from the position's seed."""
    tiles = unseen_tiles(game)
    rng = random.Random(position_seed(game))
    orders = []
    for _ in range(count):
        rng.shuffle(tiles)
        orders.append(tuple(tiles))
    return orders


def advance(st: BoardGameState, turn: BoardTurn) -> BoardGameState:
    """The state after the player to move does ``turn``: the engine's own commit (B8–B13,
    ``board_game.after_action``), without the log, the notation and the checks."""
    return after_action(st, turn)[0]


def greedy_turn(st: BoardGameState) -> BoardTurn | None:
    """The greedy player's action for the player to move (the exact best-scoring action)."""
    board = st.board
    return best_action(BoardTurnState(board, board, st.hands[st.to_move]))


def final_standing(st: BoardGameState, p: int) -> tuple[float, int]:
    """B14 at the end, for player ``p``: their share of the win (tied: shared; players out
    below everyone in) and their final score less the best other final score."""
    finals = [s - penalty_of(h) for s, h in zip(st.scores, st.hands)]
    pens = [penalty_of(h) for h in st.hands]
    if st.out[p]:
        return 0.0, -100
    rivals = [q for q in range(len(finals)) if q != p and not st.out[q]]
    if not rivals:
        return 1.0, 0
    best = max(finals[q] for q in rivals)
    margin = finals[p] - best
    if margin < 0:
        return 0.0, margin
    if margin > 0:
        return 1.0, margin
    tied = [q for q in rivals if finals[q] == best]
    if any(pens[q] < pens[p] for q in tied):
        return 0.0, 0
    if all(pens[q] > pens[p] for q in tied):
        return 1.0, 0
    return 1.0 / (1 + sum(1 for q in tied if pens[q] == pens[p])), 0
