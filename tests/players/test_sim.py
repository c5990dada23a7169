"""The simulation core (cafe_widget/players/sim.py) against the engine, card by card: on the cafés
of seeded games between computer players, every guest of the game on every seat, as the first,
second and third card of a turn, the engine and the core agree on whether the card may sit (R1,
R4–R7), on what it scores (R8), and on the café, the table pile and the end after it (R9, R12a)."""

from __future__ import annotations

import os
import random

import pytest

from cafe_widget.engine import Game, IllegalMove
from cafe_widget.engine.cards import NATIONS
from cafe_widget.engine.layout import SEATS
from cafe_widget.players import make_player
from cafe_widget.players.sim import SimGame, SimTurn, guest_code, guest_text

GUESTS = [n + s for n in NATIONS for s in "fm"]


def positions(seed: int, players: int, kinds=("greedy", "random")):
    """The café at the start of every turn of a seeded game between computer players."""
    game = Game.new(players, seed=seed)
    chosen = [make_player(kinds[i % len(kinds)]) for i in range(players)]
    for _ in range(400):
        if game.is_over:
            return
        if game.turn is None:
            yield game.cafe
        for action in chosen[game.to_move].actions(game.copy()):
            if game.is_over:
                break
            game.act(action)


def agree(engine_turn, sim: SimTurn, rng: random.Random, depth: int) -> int:
    """Every guest on every seat, the engine's turn against the core's; then one legal card
    chosen at random, and again (up to the third card). How many cards were compared."""
    compared = 0
    allowed = []
    for seat_index, seat in enumerate(SEATS):
        for guest in GUESTS:
            try:
                after = engine_turn.place(guest, seat)
            except IllegalMove:
                after = None
            trial = sim.copy()
            score = sim.score(guest_code(guest), seat_index)
            placed = trial.place(guest_code(guest), seat_index)
            compared += 1
            assert placed == (after is not None) == (score >= 0), (engine_turn.cafe.format(), engine_turn.cards,
                                                                   guest, seat)
            if after is None:
                continue
            assert score == after.points - engine_turn.points
            allowed.append((guest, seat, after, trial))
            assert trial.points == after.points, (engine_turn.cafe.format(), guest, seat)
            assert trial.cafe() == after.cafe, (engine_turn.cafe.format(), guest, seat, trial.cafe().format())
            assert trial.cafe().pile == after.cafe.pile and trial.ended == after.ended
            assert trial.pending == after.pending and trial.can_end() == after.can_end()
    legal = {(guest_text(g), SEATS[s], points) for g, s, points in sim.legal(range(24))}
    assert legal == {(g, s, after.points - engine_turn.points) for g, s, after, _ in allowed}
    if allowed and depth < 3:
        guest, seat, after, trial = rng.choice(allowed)
        compared += agree(after, trial, rng, depth + 1)
    return compared


#: How many seeded games each differential test plays: a few under ``make test``, many under
#: ``make differential`` (``CAFE_SIM_GAMES=200``).
GAMES = int(os.environ.get("CAFE_SIM_GAMES", "3"))


@pytest.mark.parametrize("seed", range(1, GAMES + 1))
def test_the_core_places_scores_and_clears_as_the_engine_does(seed):
    players = 2 + seed % 4
    rng = random.Random(seed)
    compared = turns = 0
    for cafe in positions(seed, players):
        turns += 1
        compared += agree(cafe.begin_turn(), SimTurn.of(cafe), rng, 1)
    assert turns > 5 and compared > 5_000          # a whole game, however short (R12c may end it early)


def test_guests_are_small_integers_both_ways():
    assert [guest_text(guest_code(g)) for g in GUESTS] == GUESTS
    assert sorted(guest_code(g) for g in GUESTS) == list(range(24))


def test_a_card_alone_must_be_joined_and_a_refusal_changes_nothing():
    """R7 on the core: the first card in an empty café sits alone, the next one must join it,
    and no lone card may be the third."""
    from cafe_widget.engine import Cafe

    turn = SimTurn.of(Cafe.parse("DE GB IT CN CF | -"))
    assert turn.place(guest_code("DEf"), SEATS.index("b1")) and turn.pending == (0,) and not turn.can_end()
    before = (turn.seats[:], turn.cards, turn.points, turn.pending)
    assert not turn.place(guest_code("GBm"), SEATS.index("d1"))        # elsewhere: refused (R7)
    assert not turn.place(guest_code("DEf"), SEATS.index("a2"))        # two women alone (R6)
    assert (turn.seats, turn.cards, turn.points, turn.pending) == before
    assert turn.place(guest_code("DEm"), SEATS.index("a2")) and turn.points == 4 and turn.can_end()


def same(game: Game, sim: SimGame) -> None:
    """The engine's game and the core's, field by field."""
    assert sim.turn is None and game.turn is None
    cafe = SimTurn(sim.tables, sim.seats, sim.table_pile).cafe()
    assert (cafe.tables, cafe.seats, cafe.pile) == (game.cafe.tables, game.cafe.seats, game.cafe.pile)
    assert [guest_text(g) for g in sim.guest_pile] == list(game.guest_pile)
    assert [sorted(guest_text(g) for g in range(24) for _ in range(h[g])) for h in sim.hands] == \
        [sorted(h) for h in game.hands]
    assert sim.down == [len(d) for d in game.face_down] and sim.scores == list(game.scores)
    assert (sim.to_move, sim.over) == (game.to_move, game.result().reason)
    assert sim.who_may_declare() == game.who_may_declare()
    assert sim.final() == [s.final for s in sorted(game.result().standings, key=lambda s: s.player)]


KINDS = (("greedy", "random"), ("steady", "random"), ("random",), ("greedy",), ("greedy", "steady"))


@pytest.mark.parametrize("seed", range(1000, 1000 + 2 * GAMES))
def test_whole_games_go_the_same_in_the_core_and_the_engine(seed):
    players, kinds = 2 + seed % 4, KINDS[seed % len(KINDS)]
    """Seeded games between computer players, every action done in both: after each turn, draw,
    card laid face down and declared end, the same café, piles, hands, scores, turn and end."""
    game = Game.new(players, seed=seed)
    sim = SimGame.of(game)
    chosen = [make_player(kinds[i % len(kinds)]) for i in range(players)]
    actions = 0
    while not game.is_over:
        for action in chosen[game.to_move].actions(game.copy()):
            if game.is_over:
                break
            game.act(action)
            actions += 1
            if action == "end":
                assert sim.end_turn()
            elif action == "draw":
                assert sim.draw()
            elif action.startswith("down:"):
                assert sim.lay_face_down(guest_code(action[5:]))
            elif action.startswith("declare"):
                assert sim.declare_end(int(action[8:]) - 1 if action[8:] else sim.who_may_declare()[0])
            else:
                guest, seat = action.split("@")
                assert sim.place(guest_code(guest), SEATS.index(seat)), action
            if game.turn is None:
                same(game, sim)
    assert sim.over == game.result().reason and actions > 10
