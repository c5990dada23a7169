"""A guided first board game: a seeded game against the computer in which each of
the student's first actions says what to look for and why, and is checked before it counts —
the card game's guided game (``guide.py``), on the board.

Pure Python (the engine only). The widget asks, on the student's turn, for the step's
instruction; after an action it asks whether the step is met, and a weaker action is refused
with the reason and nothing changes, like any refusal (the widget puts the game back).

    guide = BoardGuide()
    guide.instruction(game)            # "Step 1 of 4 · …"
    guide.check(before, hand, turn)    # None, or why this action does not meet the step
    guide.done(points)                 # after the action: what it was; the next step begins

Each step asks for the best action the hand can make (``board_search.best_action``: exact), with
a hint drawn from that action — a pair on an empty board (B7), a chair shared by two tables
(B8), a table all of its nation (B8), a joker (B5), the bar (B9), a table filled with four of its
nation (B12) — that never gives its chairs away. After the last step the game goes on.
"""

from __future__ import annotations

from ..engine import BoardGame, BoardTurn
from ..engine.board_search import best_action
from .guide import Steps
from ..i18n import N_, Localized, current, gettext

#: The seed of the guided board game: a deal whose first actions, played well against the greedy
#: computer (the best action now), meet a pair on an empty board (B7), the bar (B9), a chair
#: shared by two tables scoring at both (B8) and a joker (B5).
GUIDE_SEED = 1095
STEPS = 4
PERSON = 0
OPPONENT = "greedy"

WORDS = Localized({
    "step": N_("Step {k} of {n} · "),
    "first": N_("The board is empty. Click a tile of your hand: the chairs it may take light up "
                "with their points (B5, B6). A tile may not stay alone (B7), so seat two at one "
                "table. The best action here scores {best}: find it, then End turn."),
    "find": N_("Find the best action: it scores {best}. {why} Then End turn (or Bar, or Swap): "
               "the board checks it."),
    "why_bar": N_("No seating beats the next place of the bar now: a tile sent there scores its "
                  "value (B9)."),
    "why_fill": N_("It fills a table with four guests of its nation: 8 points, and your hand "
                   "holds one tile fewer from then on (B12)."),
    "why_joker": N_("Your joker may stand for the nation of either table of its chair (B5): "
                    "which one scores more?"),
    "why_shared": N_("A chair between two tables scores at both of them (B8): look for one."),
    "why_double": N_("Look for a table whose guests would all be of its own nation: its points "
                     "double (B8)."),
    "why_plain": N_("Each tile scores one point for every guest at each table its chair touches "
                    "(B8)."),
    "short": N_("Not yet: this action makes {points}, and the best makes {best}. Undo takes a "
                "tile back; Hint shows the best action."),
    "well_done": N_("Step {k} done: +{points}."),
    "over": N_("The guided part is over: play on by yourself (Hint is there if you need it)."),
})


def _say(key: str, lang: str | None = None, **facts) -> str:
    return gettext(WORDS.table[key], current(lang)).format(**facts)


def hint_key(action: BoardTurn) -> str:
    """What the best action teaches, without its chairs."""
    if action.kind == "bar":
        return "why_bar"
    if action.filled_own_nation:
        return "why_fill"
    if any(tile.is_joker for tile in action.cards):
        return "why_joker"
    if any(sum(t.points > 0 for t in tile.tables) == 2 for tile in action.cards):
        return "why_shared"
    if any(t.doubled for tile in action.cards for t in tile.tables):
        return "why_double"
    return "why_plain"


class BoardGuide(Steps):
    """The steps of a guided board game for the person playing ``player`` (from 0)."""

    def __init__(self, steps: int = STEPS, player: int = PERSON):
        super().__init__(steps, player)

    def best(self, board, hand) -> BoardTurn | None:
        """The best action of the person's hand at the start of this step's turn (memoised, so
        tiles seated in the turn do not change the goal)."""
        if self.step not in self._best:
            self._best[self.step] = best_action(board, hand)
        return self._best[self.step]

    def instruction(self, game: BoardGame, lang: str | None = None) -> str:
        """What this step asks, with why ("" when no step is under way)."""
        if not self.active(game):
            return ""
        state = game.state
        best = self.best(state.board, state.hands[self.player])
        head = _say("step", lang, k=self.step, n=self.steps)
        if best is None:
            return ""
        if not any(state.board.chairs):
            return head + _say("first", lang, best=best.points)
        return head + _say("find", lang, best=best.points, why=_say(hint_key(best), lang))

    def check(self, board, hand, action: BoardTurn, lang: str | None = None) -> str | None:
        """After the person's action (``board`` and ``hand`` as they were before it): None when
        it makes the best points; otherwise why not (the widget then takes it back)."""
        if self.over:
            return None
        best = self.best(board, hand)
        if best is not None and action.points < best.points:
            return _say("short", lang, points=action.points, best=best.points)
        return None

    def done(self, points: int, lang: str | None = None) -> str:
        """After the person's action: what it was; the next step begins (or the guided part
        ends)."""
        if self.over:
            return ""
        return self._next_step(_say("well_done", lang, k=self.step, points=points), _say("over", lang))


def guided_board_game(seed: int = GUIDE_SEED) -> BoardGame:
    """The guided board game's deal: two players, the person first."""
    return BoardGame.new(players=2, seed=seed)
