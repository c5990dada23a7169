"""Computer players behind one small interface: ``player.actions(game)`` returns the actions of
one whole turn, in notation (``["RUf@c2", "ITf@c4", "end"]``, ``["draw"]``, ``["down:ITm"]`` or
``["declare"]``), which ``game.act`` carries out. Players only read the game; the rules engine
checks everything they do. Pure Python on top of the engine.

They decide on what the player to move may know: the café, their own hand and
face-down cards, the sizes of the other hands and piles, the box, the scores — never the other
hands, the guest pile's order or the table pile's order. Their searches are blind
(:mod:`cafe_widget.engine.search`): a turn that turns up a table (R9) while more cards could
follow is a plan up to that card; the card is played on a copy of the game, the new table is
seen as it would be at the table, and the rest of the turn is chosen then (:func:`_go_on`).
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import Game, IllegalMove
from ..engine.search import every_plan
from ..engine.cards import full_guest_deck
from ..engine.layout import SEAT_TABLES, TABLE_SEATS


class Player:
    """The interface: the actions of one turn for the player to move."""

    name = "player"

    def actions(self, game: Game) -> list[str]:
        raise NotImplementedError


def _fallback(game: Game, card_to_drop) -> list[str]:
    """When no card is to be placed: end a turn already begun if it may end; else take its
    cards back (R7: a card alone that nothing can join) — back to a card that turned up a table
    (R9: what was seen stays seen), after which the turn may always end —; then draw (R10), or
    with 12 cards lay one face down (R11). ``card_to_drop(game)`` picks that card."""
    if game.turn is not None:
        if game.can_end_turn():
            return ["end"]
        trial = game.copy()
        undo = []
        while trial.turn is not None and trial.can_undo():
            trial.undo()
            undo.append("undo")
        if not undo:   # cannot happen (see cafe_widget.engine.cafe): say why rather than loop
            raise trial.explain_end_turn()
        return undo + _fallback(trial, card_to_drop)
    if game.explain_draw() is None:
        return ["draw"]
    return [f"down:{card_to_drop(game)}"]


class RandomPlayer(Player):
    """Plays random legal cards (seeded), ends the turn at random when it may; else draws."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def actions(self, game: Game) -> list[str]:
        if game.to_move in game.who_may_declare():
            return [f"declare:{game.to_move + 1}"]
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
        while done and not trial.is_over and not trial.can_end_turn():
            trial.undo()
            done.pop()
        if done:
            return done + ([] if trial.is_over else ["end"])
        return _fallback(game, lambda g: self.rng.choice(g.hand()))


def _turn_actions(turn) -> list[str]:
    """A finished turn as actions: its placements, then ``end`` unless the game ended (R12a) or
    the turn goes on once a new table is seen (``goes_on``)."""
    return [c.text for c in turn.cards] + ([] if turn.ends_game or turn.goes_on else ["end"])


def _go_on(player: "Player", game: Game, actions: list[str]) -> list[str]:
    """A turn planned up to a card that turns up a table (R9): those actions, played on a copy
    of the game — the new table is seen then, as at the table —, then what ``player`` chooses
    for the rest of the turn."""
    trial = game.copy()
    for action in actions:
        trial.act(action)
    if trial.is_over or trial.turn is None or trial.to_move != game.to_move:
        return actions
    return actions + player.actions(trial)


def _declare_if_ahead(game: Game) -> bool:
    """With an empty hand, declare the end (R12c) only if that wins: ahead after penalties."""
    if game.to_move not in game.who_may_declare():
        return False
    standings = game.result().standings
    mine = standings[game.to_move]
    return all(mine.final > s.final for i, s in enumerate(standings) if i != game.to_move)


def _least_useful(game: Game) -> str:
    """The card to lay face down (R11): one whose nation has no table, else the last."""
    nations = {t for t in game.cafe.tables if t}
    hand = game.hand()
    return next((g for g in reversed(hand) if g[:2] not in nations), hand[-1])


class GreedyPlayer(Player):
    """Plays the best turn now — the most points, found exactly (``Game.best_turn``); draws
    when no card may be placed. Deterministic."""

    name = "greedy"

    def actions(self, game: Game) -> list[str]:
        if _declare_if_ahead(game):
            return [f"declare:{game.to_move + 1}"]
        turn = game.best_turn()          # blind: on what the player may know
        if turn is None:
            return _fallback(game, _least_useful)
        actions = _turn_actions(turn)[len(game.turn.cards) if game.turn else 0:]
        return _go_on(self, game, actions) if turn.goes_on else actions


#: The value of a turn that ends the game (R12a) and loses it: below every other.
LOSING = -1000


class StrongPlayer(Player):
    """Weighs what a turn keeps and leaves, not only its points, and is patient. Of every legal
    turn (``every_plan``: blind, a turn that turns up a table is a plan up to it and the rest
    is chosen once the table is seen), the ``width`` with the most points are valued at

        points + ``fit``   × each card kept that still has a seat in the café left (R5–R7)
               + ``score`` × each card kept that could score there on its own (R8)
               − ``open``  × what the next player may expect from one card there: each
                             guest's best seat, times the chance they hold that guest, reckoned
                             from the cards this player cannot see
               − 2 × each card kept, once the guest pile is nearly out (R12b, R13).

    Patience: while it may draw (R10) and the guest pile is not nearly out, it draws instead of
    placing a turn worth fewer than ``patience`` points. Cards placed together at one table
    score more each (R8: 2, then 3, then 4 …), so a bigger hand makes bigger turns later.

    The end: a turn that ends the game (R12a), or drawing the last guest card (R12b), is taken
    when it leaves this player ahead (R13), and avoided when it does not. A turn that empties
    the hand while ahead is declared the end of the game at once (R12c), before anyone else
    plays. With nothing to place it draws, or lays face down the card least likely ever to find
    a seat (R11). The weights were chosen by ``benchmarks/tournament.py``. Deterministic.
    """

    name = "strong"

    def __init__(self, fit: float = 1.0, score: float = 1.0, open_weight: float = 0.5,
                 endgame: int = 3, width: int = 40, patience: float = 11):
        self.fit, self.score, self.open = fit, score, open_weight
        self.endgame, self.width, self.patience = endgame, int(width), patience

    def actions(self, game: Game) -> list[str]:
        if _declare_if_ahead(game):
            return [f"declare:{game.to_move + 1}"]
        if len(game.guest_pile) == 1 and game.explain_draw() is None and _wins_if_over(game, 0, 1):
            return ["draw"]   # drawing the last guest ends the game (R12b), and it is ahead
        best_points, ranked = self._weigh(game)
        if not ranked:
            return _fallback(game, self.card_to_lay_down)
        value, actions = ranked[0]
        if (game.turn is None and value < -LOSING / 2 and not self._near_end(game)
                and game.explain_draw() is None
                and best_points < self.patience):
            return ["draw"]   # wait for a bigger turn (R10); R8 pays more for cards together
        if value < LOSING / 2:   # only turns that end the game and lose it (R12a): not those
            fallback = _fallback(game, self.card_to_lay_down)
            trial = game.copy()
            try:
                for action in fallback:
                    trial.act(action)
            except IllegalMove:
                return actions
            return fallback
        if "@" in actions[-1]:   # no "end": a plan up to a table turned up (or the game's end, R12a)
            return _go_on(self, game, actions)
        return actions

    def card_to_lay_down(self, game: Game) -> str:
        """The card it lays face down with 12 cards and nothing to place (R11)."""
        return _least_hopeful(game)

    def _near_end(self, game: Game) -> bool:
        """Few guest cards are left: the game may end before cards kept find a seat (R12b)."""
        return len(game.guest_pile) <= self.endgame * game.players

    def ranked_turns(self, game: Game) -> list[tuple[float, list[str]]]:
        """The turns weighed, best first: ``(value, actions)``; empty if none is legal."""
        return self._weigh(game)[1]

    def _weigh(self, game: Game) -> tuple[int, list[tuple[float, list[str]]]]:
        """The most points any turn scores, and the turns weighed, best first."""
        state = game.turn or game.cafe.begin_turn(game.variant)
        turns = list(every_plan(state, game.hand()))
        if state.cards and state.can_end():   # mid-turn, ending at once is a way too
            turns.append((0, [], state.cafe, list(game.hand()), False, False))
        turns.sort(key=lambda t: (-t[0], -len(t[1])))  # stable: reading order among ties
        chances = _holding_chances(game) if self.open else {}
        near_end = self._near_end(game)
        ranked, seen = [], set()
        for points, placements, after, kept, goes_on, ended in turns:
            if (after, tuple(kept)) in seen:
                continue
            seen.add((after, tuple(kept)))
            value = points - (2 * len(kept) if near_end else 0)
            if ended:
                # this turn ends the game (R12a): take it to win, never to lose
                value += -LOSING if _wins_if_over(game, points, len(kept) - len(game.hand())) else LOSING
            else:
                values = _single_card_values(after.seats, after.tables)
                fits = {g for g in set(kept) if after.legal_seats(g, game.variant)}
                value += self.fit * sum(1 for g in kept if g in fits)
                value += self.score * sum(1 for g in kept if values.get(g, 0) > 0)
                value -= self.open * _expected_best(values, chances)
            moves = [f"{g}@{s}" for g, s in placements]
            tail = [] if ended or goes_on else ["end"]
            if (not ended and not kept and game.turn is None
                    and _wins_if_over(game, points, -len(game.hand()))):
                value += -LOSING   # the hand is empty and it is ahead: declare at once (R12c)
                tail.append(f"declare:{game.to_move + 1}")
            ranked.append((value, moves + tail))
            if len(seen) >= self.width:
                break
        ranked.sort(key=lambda r: -r[0])   # stable: the order above among equal values
        return (turns[0][0] if turns else 0), ranked


def _wins_if_over(game: Game, points: int, more_cards: int) -> bool:
    """Would the player to move win outright (R13) if the game ended now, after scoring
    ``points`` more and holding ``more_cards`` more cards?"""
    me = game.to_move
    rows = []
    for standing in game.result().standings:
        final, penalty = standing.final, standing.penalty
        if standing.player == me:
            final += points - 2 * more_cards
            penalty += 2 * more_cards
        rows.append((-final, penalty, standing.player))
    rows.sort()
    return rows[0][2] == me and rows[0][:2] != rows[1][:2]


def _least_hopeful(game: Game, copies: float = 0, hand: tuple[str, ...] | None = None) -> str:
    """The card to lay face down (R11): the one least likely ever to find a seat. A nation
    with a table in the café is best kept; then one with table cards still to come (each
    nation has 2, R1), a card whose partner of the other sex is also in hand first. Each other
    copy of the same guest in hand takes ``copies`` points off a card's hope, where the hopes
    are 100 for a table in the café, 10 a table still to come and 1 for a partner (0: the order
    above alone). ``hand``: those cards instead of the hand of the player to move."""
    hand = game.hand() if hand is None else hand
    on_cafe = [t for t in game.cafe.tables if t]
    gone = [t for t in game.box if len(t) == 2] + on_cafe
    held = Counter(hand)

    def hope(guest):
        nation = guest[:2]
        partner = nation + ("m" if guest[2] == "f" else "f") in hand
        return (100 * (nation in on_cafe) + 10 * (2 - gone.count(nation)) + partner
                - copies * (held[guest] - 1))

    return min(reversed(hand), key=hope)


def _holding_chances(game: Game) -> dict[str, float]:
    """For each guest, the chance that the next player holds one, reckoned from the cards the
    player to move cannot see (the guest pile, the other hands, face-down cards)."""
    unseen = Counter(full_guest_deck())
    seen = [g for g in game.cafe.seats if g] + list(game.hand()) + list(game.face_down[game.to_move])
    seen += [g for g in game.box if len(g) == 3]
    unseen.subtract(seen)
    return holding_chances(unseen, len(game.hand((game.to_move + 1) % game.players)))


def holding_chances(unseen: Counter, size: int) -> dict[str, float]:
    """For each guest of ``unseen`` (the cards a player cannot see, counted), the chance that a
    hand of ``size`` cards dealt from them holds one."""
    total = sum(unseen.values())
    chances = {}
    for guest, copies in unseen.items():
        miss = 1.0
        for i in range(size):
            if total - i <= 0:
                break
            miss *= max(0, total - copies - i) / (total - i)
        chances[guest] = 1.0 - miss
    return chances


def _expected_best(values: dict[str, int], chances: dict[str, float]) -> float:
    """The expected best of ``values`` over the guests the next player turns out to hold."""
    expected, none_yet = 0.0, 1.0
    for guest, points in sorted(values.items(), key=lambda kv: -kv[1]):
        p = chances.get(guest, 0.0)
        expected += none_yet * p * points
        none_yet *= 1.0 - p
    return expected


def _single_card_values(seats, tables) -> dict[str, int]:
    """For each guest, the most it could score as one card on the café (R5, R6, R8): an
    estimate to weigh turns by, not a legality check (R1 and R14 are left out); the search's
    exact scoring is tied to a hand and a turn, and asking it for all 24 guests on each of
    40 cafés would make the strong player several times slower."""
    best: dict[str, int] = {}
    for s in range(12):
        if seats[s] is not None:
            continue
        touched = [t for t in SEAT_TABLES[s] if tables[t] is not None]
        for nation in dict.fromkeys(tables[t] for t in touched):   # in order: no set
            for sex in "fm":
                points = 0
                for t in touched:
                    gs = [seats[i] for i in TABLE_SEATS[t] if seats[i] is not None]
                    women = sum(1 for g in gs if g[2] == "f") + (sex == "f")
                    men = len(gs) + 1 - women
                    if abs(women - men) > 1:
                        points = 0
                        break
                    n = women + men
                    if n > 1:
                        doubled = nation == tables[t] and all(g[:2] == tables[t] for g in gs)
                        points += 2 * n if doubled else n
                guest = nation + sex
                if points > best.get(guest, 0):
                    best[guest] = points
    return best


class SteadyPlayer(StrongPlayer):
    """The strong player without its patience: it places a turn whenever it has one, weighing
    what the turn keeps and leaves as the strong player does. The opponent for learning: a
    student sees a turn placed, table by table, nearly every time it plays, where the strong
    player often draws to wait for a bigger turn."""

    name = "steady"

    def __init__(self, **weights):
        weights.setdefault("patience", 0)
        super().__init__(**weights)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "steady": SteadyPlayer,
           "strong": StrongPlayer}
#: The computer a player called just "computer" is: it places a turn whenever it can, so a
#: student sees it play.
DEFAULT = "steady"


def make_player(kind: str) -> Player:
    """A player by name: ``"random"``, ``"greedy"``, ``"steady"``, ``"strong"`` or ``"expert"``
    (:mod:`.expert`, which adds itself to ``PLAYERS`` when the package is imported)."""
    try:
        return PLAYERS[kind]()
    except KeyError:
        raise ValueError(f"no computer player called {kind!r}; choose one of {sorted(PLAYERS)}") from None
