"""Computer players behind one small interface: ``player.actions(game)`` returns the actions of
one whole turn, in notation (``["RUf@c2", "ITf@c4", "end"]``, ``["draw"]``, ``["down:ITm"]`` or
``["declare"]``), which ``game.act`` carries out. Players only read the game; the rules engine
checks everything they do. Pure Python on top of the engine.
"""

from __future__ import annotations

import random

from .engine import Game


class Player:
    """The interface: the actions of one turn for the player to move."""

    name = "player"

    def actions(self, game: Game) -> list[str]:
        raise NotImplementedError


def _fallback(game: Game, card_to_drop) -> list[str]:
    """Draw (R10), or with 12 cards lay one face down (R11)."""
    if game.explain_draw() is None:
        return ["draw"]
    return [f"down:{card_to_drop(game.hand())}"]


class RandomPlayer(Player):
    """Plays random legal cards (seeded), ends the turn at random when it may; else draws."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def actions(self, game: Game) -> list[str]:
        if game.who_may_declare() and game.to_move in game.who_may_declare():
            return ["declare"]
        trial = game.copy()
        done: list[str] = []
        while len(done) < 3:
            legal = trial.legal_placements()
            if not legal:
                break
            move = self.rng.choice(legal)
            trial.place(move)
            done.append(move)
            if trial.is_over or (trial.can_end_turn() and self.rng.random() < 0.5):
                break
        while trial.turn and not trial.can_end_turn():
            trial.undo()
            done.pop()
        if done:
            return done + ([] if trial.is_over else ["end"])
        return _fallback(game, lambda hand: self.rng.choice(hand))


class SimplePlayer(Player):
    """A simple, scoring player: the best first card (with the card that must join it, if it
    sits alone), then further cards while each scores; else it draws. Deterministic."""

    name = "simple"

    def actions(self, game: Game) -> list[str]:
        if game.to_move in game.who_may_declare():
            return ["declare"]
        best: tuple[int, list[str]] | None = None
        for first in game.legal_placements():
            trial = game.copy()
            trial.place(first)
            options = [[first]] if trial.is_over or trial.can_end_turn() else [
                [first, second] for second in trial.legal_placements()]
            for cards in options:
                t = game.copy()
                for c in cards:
                    t.place(c)
                if not (t.is_over or t.can_end_turn()):
                    continue
                points = t.turn.points if t.turn else t.log[-1].points
                if best is None or points > best[0]:
                    best = (points, cards)
        if best is None:
            return _fallback(game, lambda hand: hand[-1])
        trial = game.copy()
        cards = list(best[1])
        for c in cards:
            trial.place(c)
        while not trial.is_over and len(cards) < trial.turn.max_cards():
            scored = []
            for move in trial.legal_placements():
                t = trial.copy()
                card = t.place(move)
                if card.points > 0 and (t.is_over or t.can_end_turn()):
                    scored.append((card.points, move))
            if not scored:
                break
            move = max(scored, key=lambda s: s[0])[1]
            trial.place(move)
            cards.append(move)
        return cards + ([] if trial.is_over else ["end"])


PLAYERS = {"random": RandomPlayer, "simple": SimplePlayer}


def make_player(kind: str) -> Player:
    """A player by name: ``"simple"`` or ``"random"``."""
    try:
        return PLAYERS[kind]()
    except KeyError:
        raise ValueError(f"no computer player called {kind!r}; choose one of {sorted(PLAYERS)}") from None
