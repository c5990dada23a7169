"""A guided first game: a seeded game against the computer in which each of the student's first
turns says what to try and why, and checks it before the turn is played.

Pure Python (the engine only). The widget asks, on the student's turn, for the step's
instruction, and before ending a turn or drawing, whether the step is met; a turn that is not
good enough is refused with the reason and nothing changes, like any refusal.

    guide = Guide()
    guide.instruction(game)          # "Step 1 of 4 · …"
    guide.check_end(game)            # None, or why this turn does not meet the step
    guide.check_draw(game)           # None, or why drawing does not meet the step
    guide.done(game, turn)           # after the turn: what it taught; the next step begins

Each step asks for the best turn the hand can make (``best_turn``: exact), with a hint drawn
from that turn (a clearing, a doubled table, an inner seat …) that never gives its seats away;
when no card may be placed, it asks for a draw (R10). After the last step the game goes on.
"""

from __future__ import annotations

from ..engine import Game, Turn
from ..engine.layout import TOUCHES
from ..i18n import N_, Localized, current, gettext

#: The seed of the guided game: a deal whose first turns, played well, meet a pair in an
#: empty café (R7), a clearing (R9), an inner seat (R8) and a hand that must draw (R10).
GUIDE_SEED = 590
STEPS = 4
PERSON = 0

WORDS = Localized({
    "step": N_("Step {k} of {n} · "),
    "first": N_("The café is empty. Click a card of your hand: the seats it may take light "
                "up with their points (R5, R6). A guest may not stay alone (R7), so seat "
                "two or three at one table. The best turn here scores {best}: find it, "
                "then End turn."),
    "find": N_("Find the turn that scores {best} points. {why} Then End turn: the widget "
               "checks it."),
    "draw": N_("None of your cards may sit anywhere (R5–R7): click Draw to take a card (R10)."),
    "why_clear": N_("It fills a table, which is cleared, guests and all, and a new table "
                    "comes in (R9)."),
    "why_double": N_("Look for a table whose guests would all be of its own nation: its "
                     "points double (R8)."),
    "why_inner": N_("Look at the inner seats c2, b3, d3 and c4: a guest there scores at "
                    "three tables (R8)."),
    "why_three": N_("It places three cards, the most a turn may (R4)."),
    "why_plain": N_("Each guest scores one point for every guest at each table it touches (R8)."),
    "short": N_("Not yet: these cards make {points}, and the best turn makes {best}. Undo "
                "takes a card back; Hint shows the best turn."),
    "no_draw": N_("Not in this step: a turn of {best} points is possible. Drawing is "
                  "allowed by the rules (R10), and can be wise later; here, find the turn."),
    "well_done": N_("Step {k} done: {points} points."),
    "drew": N_("Step {k} done: you drew a card."),
    "over": N_("The guided part is over: play on by yourself (Hint is there if you need it)."),
})


def _say(key: str, lang: str | None = None, **facts) -> str:
    """The sentence ``key`` in ``lang`` (None: the current language), its facts filled."""
    return gettext(WORDS.table[key], current(lang)).format(**facts)


def _hint_key(turn: Turn) -> str:
    """What the best turn teaches, without its seats: a clearing, a doubled table, an inner
    seat, three cards, or plain counting."""
    if turn.cleared:
        return "why_clear"
    if any(t.doubled for c in turn.cards for t in c.tables):
        return "why_double"
    if any(len(TOUCHES[c.seat]) == 3 for c in turn.cards):
        return "why_inner"
    if len(turn.cards) == 3:
        return "why_three"
    return "why_plain"


class Steps:
    """What the guided first games of both games share (this module's ``Guide``, the board's
    ``board_guide.BoardGuide``): numbered steps for the person playing ``player`` (from 0), each
    with the best move of its turn, memoised by step."""

    def __init__(self, steps: int, player: int):
        self.steps = steps
        self.player = player
        self.step = 1          # the step under way (counting from 1); steps + 1 when over
        self._best: dict = {}

    @property
    def over(self) -> bool:
        return self.step > self.steps

    def active(self, game) -> bool:
        """True when a step is under way on the person's turn."""
        return not self.over and not game.is_over and game.to_move == self.player

    def _next_step(self, done: str, over: str) -> str:
        """This step is ``done`` (what it was, said); the next begins, or the guided part is
        ``over`` (said after it)."""
        self.step += 1
        return done + (" " + over if self.over else "")


class Guide(Steps):
    """The steps of a guided game for the person playing ``player`` (from 0)."""

    def __init__(self, steps: int = STEPS, player: int = PERSON):
        super().__init__(steps, player)

    def best(self, game: Game) -> Turn | None:
        """The best turn of the person's hand at the start of this step's turn (memoised, so
        cards already placed in the turn do not change the goal)."""
        if self.step not in self._best:
            state = game.state
            self._best[self.step] = state.cafe.best_turn(state.hands[self.player], game.variant, blind=True)
        return self._best[self.step]

    def instruction(self, game: Game, lang: str | None = None) -> str:
        """What this step asks, with why ("" when no step is under way)."""
        if not self.active(game):
            return ""
        head = _say("step", lang, k=self.step, n=self.steps)
        best = self.best(game)
        if best is None:
            return head + _say("draw", lang)
        if not any(game.state.cafe.seats):
            return head + _say("first", lang, best=best.points)
        return head + _say("find", lang, best=best.points, why=_say(_hint_key(best), lang))

    def check_end(self, game: Game, lang: str | None = None) -> str | None:
        """Before the person's End turn: None when the turn placed makes the best points;
        otherwise why not (the turn is not played). Once a card of the turn has turned up a
        table (R9), the cards up to it cannot be taken back: the goal is then the best way to
        finish the turn from there, so the step is never stuck."""
        if not self.active(game) or game.turn is None:
            return None
        best = self.best(game)
        points = sum(card.points for card in game.turn.cards)
        if best is not None and points < best.points:
            if any(card.cleared for card in game.turn.cards):
                best = game.best_turn()
                if best is None or points >= best.points:
                    return None
            return _say("short", lang, points=points, best=best.points)
        return None

    def check_draw(self, game: Game, lang: str | None = None) -> str | None:
        """Before the person draws: None when no turn is possible; otherwise why not now."""
        if not self.active(game):
            return None
        best = self.best(game)
        return None if best is None else _say("no_draw", lang, best=best.points)

    def done(self, points: int | None, lang: str | None = None) -> str:
        """After the person's turn (``points``, or None for a draw): what it was; the next
        step begins (or the guided part ends)."""
        if self.over:
            return ""
        text = (_say("drew", lang, k=self.step) if points is None
                else _say("well_done", lang, k=self.step, points=points))
        return self._next_step(text, _say("over", lang))


def guided_game(seed: int = GUIDE_SEED) -> Game:
    """The guided game's deal: two players, the person first."""
    return Game.new(players=2, seed=seed)
