"""The expert: the strong player's best few turns, each played on in many possible games.

The strong player (:class:`~cafe_widget.players.card.StrongPlayer`) weighs a turn by what it
scores now and by rules of thumb for what it keeps and leaves. The expert asks the game
instead. It takes the strong player's ``top`` turns (and drawing, when it may, R10; with 12
cards, laying one face down, R11). Then it deals the cards it cannot see anew ``samples`` times
(:meth:`SimGame.dealt <cafe_widget.players.sim.SimGame.dealt>`: the other hands and both
piles' order, from what it can count). On each deal it plays every turn out in the simulation core: its turn, then each other
player's, then its own next turn, all by the playout policy
(:meth:`SimGame.play_turn <cafe_widget.players.sim.SimGame.play_turn>`). Near the end (few guest
cards left) it plays the deal out to the end of the game. A turn's **estimate** is its mean, over
the deals, of

    its score − the others' mean score  (+ ``hand`` a card in hand, each player, while the guest
    pile lasts: cards kept make turns later; −2 a card once it is nearly out, R13)

at the end of that look-ahead, from where the turn began. At the end of the game it is the final
margin (R13) over the best of the others, plus ``win`` for a win. Every turn is played on the
same deals (common random numbers: they are compared on the same luck). It plays the turn with
the best estimate when that beats the strong player's own choice by more than ``margin``; else
the strong player's choice.

With 12 cards and nothing to place it lays a card face down (R11) as the strong player does (a
nation whose table is in the café is kept first, then one with tables still to come, then a
card with its partner of the other sex), except that a second copy of a guest it holds goes
first: ``copies`` (5) off that card's hope for each other copy, where a table in the café is
worth 100, a table to come 10 and a partner 1. Two players often sit stuck for many turns, both
hands full and no seat for any card (the strong players lay 11 cards face down each in a game of
2); the café changes only when one of them places, and a hand of many nations is more likely to
hold a card for the table that comes. With 12 cards it also weighs that card laid down against
the turns it could place (R4: placing is never compulsory), but near the end. Against strong, 2
players, on the tuning seeds 100–299 (400 games): 54 % before either, 60 % with that card, 62 %
weighing it too (``benchmarks/expert_facedown.py``).

It decides only on what the player to move may know: the deals are made from the cards it
cannot see as it can count them (:func:`~cafe_widget.players.sim.unseen`), seeded by what it sees
(:meth:`SimGame.public_seed <cafe_widget.players.sim.SimGame.public_seed>`), never by the hidden
cards. So a game replays exactly, and a position gets the same turn whatever the hidden cards
(``tests/players/test_what_players_know.py``). In the variant (R14), and for the rest of a turn
after a card turned up a table (R9), it plays as the strong player: the core plays the basic
game from the start of a turn.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..engine import Game
from ..engine.layout import SEATS
from .card import PLAYERS, StrongPlayer, _declare_if_ahead, _go_on, _least_hopeful, _wins_if_over
from .sim import GUEST_CODE, HAND_LIMIT, PENALTY, SimGame, unseen

_SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS)}


class Estimate(NamedTuple):
    """What the expert expects of one turn (:meth:`ExpertPlayer.estimates`)."""

    actions: list[str]     # the turn, in notation
    points: int            # what it scores now, exactly (0 for a draw)
    value: float           # its estimate: the mean margin gained over the others, look-ahead
    next_points: float     # what the next player then scores on their turn, on average
    deals: int             # how many deals it was played on
    to_end: bool           # played on to the end of the game (else to the player's next turn)


class ExpertPlayer(StrongPlayer):
    """The strong player's ``top`` turns and drawing, each played on over ``samples`` deals of
    the hidden cards in the simulation core (module docstring). It plays the turn with the best
    estimate, unless that beats the strong player's own choice by ``margin`` or less: then the
    strong player's (a small lead on 16 deals is mostly luck). Deterministic: the deals are
    seeded by what the player sees. The settings were chosen by ``benchmarks/tournament.py`` on
    seeds below 1 000 (``--expert`` reports on deals kept aside)."""

    name = "expert"

    def __init__(self, samples: int = 16, top: int = 5, hand: float = 3.5, win: float = 20.0,
                 margin: float = 1.5, rollout_patience: float = 11, rounds: int = 1, window: int = 4,
                 copies: float = 5, **weights):
        super().__init__(**weights)
        self.copies = copies
        self.window = int(window)
        self.samples, self.top, self.hand_value, self.win = int(samples), int(top), hand, win
        self.margin, self.rollout_patience, self.rounds = margin, rollout_patience, int(rounds)

    def actions(self, game: Game) -> list[str]:
        if game.variant or game.turn is not None:
            return super().actions(game)
        if _declare_if_ahead(game):
            return [f"declare:{game.to_move + 1}"]
        if len(game.guest_pile) == 1 and game.explain_draw() is None and _wins_if_over(game, 0, 1):
            return ["draw"]   # drawing the last guest ends the game (R12b), and it is ahead
        strong = super().actions(game)
        found = self.estimates(game)
        if len(found) < 2:
            return strong
        actions = found[0].actions
        theirs = [e for e in found if e.actions[:1] == strong[:1]]
        if actions[:1] == strong[:1] or (theirs and found[0].value - theirs[0].value <= self.margin):
            return strong
        if "@" in actions[-1]:   # a plan up to a table turned up (or the game's end, R12a)
            return _go_on(self, game, actions)
        return actions

    def card_to_lay_down(self, game: Game) -> str:
        """As the strong player's (R11), but a second copy of a guest goes first: each other
        copy in hand takes ``copies`` off its hope (module docstring)."""
        return _least_hopeful(game, self.copies)

    def candidates(self, game: Game) -> list[list[str]]:
        """The turns it weighs: the strong player's ``top``, and drawing when it may (R10); with
        12 cards, a card laid face down (R11: placing is never compulsory, R4) unless the guest
        pile is nearly out, where a card kept costs as much as one laid down (R13)."""
        turns = [actions for _, actions in self.ranked_turns(game)[:self.top]]
        if game.explain_draw() is None:
            turns.append(["draw"])
        elif turns and len(game.hand()) == HAND_LIMIT and not self._near_end(game):
            turns.append([f"down:{self.card_to_lay_down(game)}"])
        return turns

    def estimates(self, game: Game) -> list[Estimate]:
        """Each turn it weighs with its estimate, best first (module docstring); at the start
        of a turn of the basic game, else empty."""
        if game.variant or game.turn is not None or game.is_over:
            return []
        turns = self.candidates(game)
        if not turns:
            return []
        start = SimGame.of(game)
        points = []
        for actions in turns:      # what each scores now: blind plans need no hidden card
            sim = start.copy()
            _play(sim, actions)
            points.append(sim.scores[game.to_move] - start.scores[game.to_move])
        hidden = unseen(game)
        rng = random.Random(start.public_seed())
        me = game.to_move
        players = game.players
        to_end = len(game.guest_pile) <= self.window * players
        totals = [0.0] * len(turns)
        replies = [0.0] * len(turns)
        nxt = (me + 1) % players
        before = self._margin(start, me, not to_end)
        n = self.samples
        for _ in range(n):
            deal = self._deal(game, start, rng, hidden)
            for i, actions in enumerate(turns):
                sim = deal.copy()
                _play(sim, actions)
                played = 0
                while sim.over is None and (to_end or played < self.rounds * players):
                    was = sim.scores[nxt]
                    self._rollout(sim)
                    if not played:
                        replies[i] += sim.scores[nxt] - was
                    played += 1
                totals[i] += self._margin(sim, me, not to_end) - before
        found = [Estimate(actions, p, total / n, reply / n, n, to_end)
                 for actions, p, total, reply in zip(turns, points, totals, replies)]
        found.sort(key=lambda e: -e.value)    # stable: the strong player's order among ties
        return found

    def _rollout(self, sim: SimGame) -> None:
        """One turn of the playout policy, for the player to move of ``sim``."""
        sim.play_turn(self.rollout_patience, self.endgame)

    def _deal(self, game: Game, start: SimGame, rng: random.Random, hidden) -> SimGame:
        """One deal of the hidden cards (:meth:`SimGame.dealt`). ``benchmarks/expert_ceiling.py``
        measures what it costs the expert not to see them, by players that see some."""
        return start.dealt(rng, hidden)

    def _margin(self, sim: SimGame, me: int, hands_count: bool) -> float:
        """How far ``me`` is ahead: at the end, the final margin over the best other (R13) and
        ``win`` for a win; before, the score less the others' mean, hands valued (docstring)."""
        if sim.over is not None:
            finals = sim.final()
            best_other = max(f for q, f in enumerate(finals) if q != me)
            margin = finals[me] - best_other
            return margin + (self.win if margin > 0 else self.win / 2 if margin == 0 else 0)
        per_card = self.hand_value if hands_count else -PENALTY
        worth = [s + per_card * (sum(h) + (0 if hands_count else d))
                 for s, h, d in zip(sim.scores, sim.hands, sim.down)]
        others = [w for q, w in enumerate(worth) if q != me]
        return worth[me] - sum(others) / len(others)


def _play(sim: SimGame, actions: list[str]) -> None:
    """The turn ``actions`` on the core's game (a plan that stops at a table turned up ends
    there: the rest would be chosen once it is seen)."""
    for action in actions:
        if "@" in action:
            guest, seat = action.split("@")
            if not sim.place(GUEST_CODE[guest], _SEAT_INDEX[seat]):
                raise ValueError(f"the core refused {action}")
        elif action == "end":
            sim.end_turn()
        elif action == "draw":
            sim.draw()
        elif action.startswith("down:"):
            if not sim.lay_face_down(GUEST_CODE[action[5:]]):
                raise ValueError(f"the core refused {action}")
        elif action.startswith("declare:"):           # who declares: the player who just emptied their hand
            if not sim.declare_end(int(action[8:]) - 1):
                raise ValueError(f"the core refused {action}")
    if sim.turn is not None and sim.over is None:
        sim.end_turn()


PLAYERS["expert"] = ExpertPlayer
