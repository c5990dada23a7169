"""The board game's sandbox (``w.mode == "sandbox"``): a board position and a
palette of every tile — place any tile where the rules let it sit (B5–B7), see its points
table by table, take it back (*Undo*), or keep the tiles (*Keep turn*: the board goes on from
there); *Hint* lights the best action any tiles could make. No turns, no players, no bag. ``BoardWidget.from_notation`` of a bare position opens it.
The card game's sandbox, on the board."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..engine import Board, BoardGame
from ..engine.board import TILE_KINDS, copies_of, full_bag, held_form
from ..engine.board_game import BoardGameState, end_reason
from ..render.board_scene import BoardPlayer
from ..render.board_words import board_say
from ..render.words import phrase
from .modes import Mode

SANDBOX = "sandbox"


def sandbox_game(board: Board) -> BoardGame | None:
    """A game that holds ``board`` with the palette in the first hand: one tile of every kind
    the box still has (B1), the rest in the bag and one in a second hand that never plays.
    None when no game can go on from the position (B13: a full board, a full bar)."""
    seated = Counter(held_form(t) for t in board.tiles())
    palette = tuple(t for t in TILE_KINDS if copies_of(t) - seated[t] > 0)
    rest = list(full_bag())
    for tile in board.tiles() + palette:
        rest.remove(held_form(tile))
    hands = (palette, tuple(rest[:1]))
    bag, out = tuple(rest[1:]), (False, False)
    if end_reason(board, bag, hands, out) is not None:
        return None
    return BoardGame(BoardGameState(board, bag, hands, (len(palette), 1), (0, 0), out, 0, None), None)


class BoardSandboxMode(Mode):
    """A board and every tile (``w.mode == "sandbox"``): place, see the points, keep or undo."""

    name = SANDBOX

    def view(self, w):
        view = w.MODES["play"].view(w)
        lang, game = w.lang, w.state.game
        turn = game.turn
        palette = BoardPlayer(board_say("palette", lang), 0, game.hand(0), 0, False, True)
        buttons = (("undo", board_say("undo", lang), bool(turn)),
                   ("end", phrase("keep", lang), bool(turn) and turn.can_end()),
                   ("hint", board_say("hint", lang), True),      # the best any tiles could make here
                   ("new", board_say("new", lang), True))
        return replace(view, players=(palette,), bag=None, buttons=buttons, nav=(), title=board_say("sandbox", lang))

    def click(self, w, region) -> None:
        if region.kind == "button" and region.name in ("bar", "swap"):
            return
        w.MODES["play"].click(w, region)

    def save(self, w) -> dict:
        return w.game_save()


class BoardSandboxScreen:
    """The sandbox's events, mixed into BoardWidget."""

    def _start_sandbox(self, board: Board) -> None:
        game = sandbox_game(board)
        if game is None:
            raise ValueError("no tile may be placed on this board any more (B13)")
        self.state.sandbox = True
        self.state.game, self.state.kinds, self.state.bots = game, ("human", "human"), {}
        self.state.selected, self.state.asking, self.state.swap_mode, self.state.hint, self.state.marks, self.state.info = None, None, False, (), (), ()
        self.set_status(board_say("sandbox_welcome", self.lang), "")

    def _sandbox_kept(self, turn) -> None:
        """*Keep turn*: the tiles stay, the board goes on from there with the whole palette."""
        marks = self._marks_of(turn)
        self._start_sandbox(turn.board)
        self.state.marks = marks
        self.set_status(board_say("kept", self.lang, action=turn.text, points=turn.points), "ok")
