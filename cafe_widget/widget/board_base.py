"""What the board widget's parts share: its players (the kinds, the computers), the words its
command box takes (in every language), the state an event may change, a game from a position."""

from __future__ import annotations

import random


from ..engine import Board, BoardGame
from ..engine.board import full_bag, sort_tiles
from ..engine.board_game import HAND_SIZE, BoardGameState, end_reason
from ..i18n import NP_, typed_words
from .card_base import COMMANDS as CARD_COMMANDS

HUMAN = "human"
KINDS = ("human", "random", "greedy", "steady", "strong", "computer")
#: Words the command box takes, in every language (the card widget's: the same actions).
COMMANDS = {word: "best" if action == "show_best" else action for word, action in CARD_COMMANDS.items()
            if action in ("end", "undo", "hint", "new", "back", "forward", "live", "try", "show_best", "next")}
# Translators: the word a student types before a tile to send it to the bar / to exchange a joker
# ("bar RUm", "swap ITf@c2"), "|" between several; the notation's own words always work too.
ACTION_TYPED = {"bar": NP_("typed", "bar"), "swap": NP_("typed", "swap")}
ACTION_WORDS = typed_words(ACTION_TYPED)
#: Everything an event may change: copied first, put back when the event is refused.


class _BestActionPlayer:
    """A stand-in computer player when ``cafe_widget.players.board`` is missing: the best action."""

    def actions(self, game: BoardGame) -> list[str]:
        best = game.best_action()
        if best is None:
            return []
        if game.turn is None:
            return [best.text]
        rest = best.cards[len(game.turn.cards):]
        return [", ".join(c.text for c in rest)] if rest else ["end"]


def make_computer(kind: str, seed: int = 0):
    """A computer player of ``kind`` (``"random"``, ``"greedy"``, ``"steady"``, ``"strong"``,
    ``"computer"``): the card game's names."""
    try:
        from ..players.board import make_board_player
    except ImportError:
        return _BestActionPlayer()
    return make_board_player(kind, seed)


def game_from_position(board: Board, players: int = 2, seed: int = 0, hand=None) -> BoardGame:
    """A game that starts from ``board``: the tiles not on it shuffled by ``seed`` into the bag,
    5 each dealt from its top (B3), scores 0; ``hand`` (a puzzle's): player 1 holds it, and the
    others are dealt from the rest."""
    bag = list(full_bag())
    for tile in board.tiles() + tuple(hand or ()):
        bag.remove(tile)
    random.Random(seed).shuffle(bag)
    dealt = players - (hand is not None)
    hands = ((sort_tiles(hand),) if hand is not None else ()) + tuple(
        sort_tiles(bag[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(dealt))
    rest, out = tuple(bag[dealt * HAND_SIZE:]), (False,) * players
    state = BoardGameState(board, rest, hands, (HAND_SIZE,) * players, (0,) * players, out, 0,
                           end_reason(board, rest, hands, out))   # a position may end the game (B13)
    game = BoardGame(state, None)
    return BoardGame.parse(game.format())   # only a position the rules can reach (B4, B13)
