"""The batch (cafe_widget/players/batch.py) against the engine: the greedy policy played in the
batch and, turn by turn, on the engine's ``Game`` (``greedy_turn``). After every turn both
hold the same café, piles, hands, face-down cards, scores and player to move, and every game
ends the same way (R12a, R12b, R12c) with the same final scores (R13). Then many games in one
batch: each ends as it does alone (the rows never touch)."""

from __future__ import annotations

import numpy as np
import pytest

from cafe_widget.engine import Game
from cafe_widget.players.batch import ENDS, Batch, greedy_turn
from cafe_widget.players.sim import SimGame

from test_expert import GAMES, middle


def same(batch: Batch, game: Game) -> None:
    """The batch's one game and the engine's, at the start of a turn: every part of the state."""
    sim = SimGame.of(game)
    row = 0
    assert batch.tables[row, :5].tolist() == sim.tables
    assert batch.seats[row].tolist() == sim.seats
    assert batch.table_pile[row, batch.table_next[row]:batch.table_size[row]].tolist() == sim.table_pile
    assert batch.guest_pile[row, batch.guest_next[row]:batch.guest_size[row]].tolist() == sim.guest_pile
    assert batch.hands[row].tolist() == sim.hands
    assert batch.down[row].tolist() == sim.down
    assert batch.scores[row].tolist() == sim.scores
    assert int(batch.to_move[row]) == sim.to_move
    assert batch.ends()[row] == sim.over


def played_alongside(game: Game, patience: int = 0) -> list[str]:
    """The game played out by the policy in the engine and in a batch of one, a turn at a time,
    compared after each turn; the actions, as both wrote them."""
    batch = Batch([SimGame.of(game)])
    batch.log = [[]]
    actions = []
    same(batch, game)
    while not game.is_over:
        turn = greedy_turn(game, patience)
        actions += turn
        while len(batch.log[0]) < len(actions):     # a step: one action, or a pair of cards
            assert batch.over[0] == 0
            batch.step(np.array([0]), patience)
        assert batch.log[0] == actions
        if not game.is_over:
            assert batch.cards[0] == 0                 # the batch, too, is at the start of a turn
        same(batch, game)
    assert batch.over[0] != 0
    assert batch.final()[0].tolist() == [s.final for s in sorted(game.result().standings, key=lambda s: s.player)]
    return actions


@pytest.mark.parametrize("seed", range(1, GAMES + 1))
def test_whole_games_go_the_same_in_the_batch_and_the_engine(seed):
    for players in (2, 3, 4, 5):
        played_alongside(Game.new(players, seed=seed * 10 + players))


@pytest.mark.parametrize("seed", range(100, 100 + GAMES))
def test_from_mid_game_with_patience_the_same(seed):
    players = 2 + seed % 3
    played_alongside(middle(seed, players, 25), patience=4)


#: Deals (seed, players) whose greedy playout ends with a clearing the table pile cannot
#: complete (R12a), and with an empty hand declared (R12c); most end on the last guest card (R12b).
ENDING = {"R12a": [(3, 3), (38, 3)], "R12c": [(12, 3)], "R12b": [(1, 2)]}


def test_every_end_and_a_card_laid_face_down_are_reached_alike():
    """R12a, R12b and R12c each end some of these games, and players lay cards face down (R11):
    the rare paths are compared too, not only the common ones."""
    downs = 0
    for reason, deals in ENDING.items():
        for seed, players in deals:
            game = Game.new(players, seed=seed)
            downs += played_alongside(game).count("down")
            assert game.result().reason == reason
    assert downs > 0


def test_many_games_in_one_batch_end_as_each_does_alone():
    games = [SimGame.of(middle(seed, 3, seed % 30)) for seed in range(40)]
    together = Batch(games)
    together.play_out(patience=3)
    for i, sim in enumerate(games):
        alone = Batch([sim])
        alone.play_out(patience=3)
        assert together.final()[i].tolist() == alone.final()[0].tolist()
        assert together.ends()[i] == alone.ends()[0] is not None


def test_a_game_already_over_stays_as_it_is():
    game = Game.new(2, seed=3)
    while not game.is_over:
        greedy_turn(game)
    batch = Batch([SimGame.of(game)])
    before = batch.final().tolist()
    batch.play_out()
    assert batch.final().tolist() == before and batch.ends() == [game.result().reason]
    assert ENDS[int(batch.over[0])] == game.result().reason


def test_what_a_batch_refuses():
    two, three = SimGame.of(Game.new(2, seed=1)), SimGame.of(Game.new(3, seed=1))
    with pytest.raises(ValueError, match="at least one game"):
        Batch([])
    with pytest.raises(ValueError, match="same number of players"):
        Batch([two, three])
    mid = two.copy()
    hand = [g for g in range(24) if mid.hands[0][g]]
    placed = any(mid.place(g, s) for g in hand for s in range(12))
    assert placed
    with pytest.raises(ValueError, match="start of a turn"):
        Batch([mid])


def test_the_scores_of_every_guest_on_every_seat_are_the_cores():
    """``Batch.scores_now`` against ``SimTurn.score`` (itself checked against the engine in
    test_sim.py): every guest of the hand on every seat, at the start of every turn."""
    from cafe_widget.players.sim import SimTurn
    compared = 0
    for seed in range(1, 4):
        game = Game.new(3, seed=seed)
        while not game.is_over:
            sim = SimGame.of(game)
            batch = Batch([sim])
            table = batch.scores_now(np.array([0]))[0]
            turn = SimTurn(sim.tables[:], sim.seats[:], sim.table_pile[:])
            hand = sim.hands[sim.to_move]
            for seat in range(12):
                for guest in range(24):
                    expected = turn.score(guest, seat) if hand[guest] else -1
                    assert table[seat, guest] == expected, (game.cafe.format(), seat, guest)
                    compared += 1
            greedy_turn(game)
    assert compared > 10_000
