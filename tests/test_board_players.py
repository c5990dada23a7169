"""The board game's computer players (issue 15, item 3): random, greedy, strong and "computer".

The engine checks every action they return (``game.act`` raises on an illegal one), so a whole
seeded game played to its end proves the actions legal. The strong player's weighings are shown
on hand-made positions whose expected actions were worked out by hand (in each test's comments)
from the rules and the weights of ``StrongBoardPlayer``'s docstring, not by running it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cafe_widget.board_players import (BOARD_PLAYERS, GreedyBoardPlayer, RandomBoardPlayer,
                                       StrongBoardPlayer, make_board_player)
from cafe_widget.engine.board import Board, full_bag
from cafe_widget.engine.board_game import BoardGame


def play_out(game: BoardGame, players) -> list[list[str]]:
    """Play to the end; every player's actions of every turn, in order."""
    turns = []
    while not game.is_over:
        mover, before = game.to_move, len(game.log)
        actions = players[mover].actions(game)
        assert actions, "a player must always do something (B4)"
        for action in actions:
            game.act(action)
        assert len(game.log) == before + 1 and game.log[-1].player == mover   # one whole action
        turns.append(actions)
    return turns


def position(chairs: str, hands: str, bag: int | None = None, sizes: str = "5 5") -> BoardGame:
    """A two-player game, player 1 to move, bar empty: ``chairs`` (``"c2:ITm d1:ITf"``), hands
    ``"*f / ITm"``; the bag holds every other tile (or its first ``bag`` tiles: the end near)."""
    board = Board.parse(chairs)
    used = Counter(board.tiles()) + Counter(t for t in hands.split() if t != "/")
    rest = list((Counter(full_bag()) - used).elements())[:bag]
    return BoardGame.parse(f"{chairs} | - | {' '.join(rest)} | {hands} | {sizes} | 0 0 | - | to:1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_kind_plays_whole_seeded_games_legally(players):
    kinds = ["strong", "greedy", "random", "steady"][:players]
    for rotation in range(players):   # every kind in every seat
        seated = kinds[rotation:] + kinds[:rotation]
        game = BoardGame.new(players, seed=40 + players + rotation)
        turns = play_out(game, [make_board_player(k, seed=i) for i, k in enumerate(seated)])
        assert game.is_over and len(turns) > 5
        assert game.result().winners


@pytest.mark.parametrize("kind", sorted(BOARD_PLAYERS))
def test_one_kind_against_itself_to_the_end(kind):
    game = BoardGame.new(3, seed=7)
    play_out(game, [make_board_player(kind, seed=i) for i in range(3)])
    assert game.is_over


def test_the_same_seed_replays_exactly():
    for kind in ["random", "greedy", "strong"]:
        first = play_out(BoardGame.new(3, seed=12), [make_board_player(kind, seed=i) for i in range(3)])
        again = play_out(BoardGame.new(3, seed=12), [make_board_player(kind, seed=i) for i in range(3)])
        assert first == again, kind
    other = play_out(BoardGame.new(3, seed=12), [RandomBoardPlayer(seed=i + 100) for i in range(3)])
    assert other != play_out(BoardGame.new(3, seed=12), [RandomBoardPlayer(seed=i) for i in range(3)])


def test_the_greedy_player_always_scores_what_the_best_action_scores():
    for seed, players in [(1, 2), (2, 3), (3, 4)]:
        game = BoardGame.new(players, seed=seed)
        while not game.is_over:
            best = game.best_action()
            actions = GreedyBoardPlayer().actions(game)
            assert actions == [best.text]
            turn = game.act(actions[0])
            assert turn.points == best.points


def test_players_finish_a_turn_already_begun():
    """Mid-turn (a person seated a first tile, then asked for help): the rest of the turn."""
    game = BoardGame.new(2, seed=3)
    first = game.best_action()
    while len(first.cards) != 2:
        game.act(first.text)
        first = game.best_action()
    game.place(first.cards[0].text)
    assert GreedyBoardPlayer().actions(game) == [first.cards[1].text]
    for kind in BOARD_PLAYERS:
        trial = game.copy()
        for action in make_board_player(kind).actions(trial):
            trial.act(action)
        assert trial.turn is None and len(trial.log) == len(game.log) + 1, kind


def test_make_board_player_names():
    assert make_board_player("computer").name == "strong"
    assert make_board_player().name == "strong"
    assert {make_board_player(k).name for k in BOARD_PLAYERS} == set(BOARD_PLAYERS)
    with pytest.raises(ValueError, match="no board-game player called 'clever'"):
        make_board_player("clever")


def test_steady_seats_where_greedy_goes_to_the_bar():
    """The greedy player sends CNf to the bar for its place's points; the steady one seats the
    best tile it can (B5–B8), as the card game's steady player places rather than draws."""
    game = BoardGame.new(2, seed=3)
    greedy, steady = make_board_player("greedy"), make_board_player("steady")
    for _ in range(18):                      # the greedy player against itself, to turn 18
        for action in greedy.actions(game):
            game.play(action)
    assert greedy.actions(game) == ["bar CNf"]
    assert steady.actions(game) == ["RUm@l7"] and game.copy().play("RUm@l7").points == 2
    assert steady.name == "steady" and make_board_player("steady").actions(game) == ["RUm@l7"]


# -- the strong player's weighings, on hand-made positions ------------------------------------

def test_strong_does_not_leave_the_next_player_an_8_point_table():
    """What it leaves the next player (whose hand is face up, B3).

    Player 1 holds only a lady joker; player 2 holds ITm. The Italian table d2 holds ITf (d1)
    and ITm (c2); the Russian table l6 holds RUf (k6) and RUm (m6). The joker's best seats all
    score 6 (B8: 3 guests of the table's nation, doubled): ITf* on e2 or d3 (d2), RUf* on l5 or
    l7 (l6); everything else scores less (declared ES on l5 or GB on d3: 3; CF at b2 beside
    ITm: 2) or sits alone with nothing to join it (B7). Greedy takes the first 6 in reading
    order: e2. That leaves d2 with ITf ITm ITf*, which player 2's ITm fills: 8 points and a
    smaller hand (B12). The strong player weighs each seat minus the next player's best reply:
    IT seats 6 − 8 = −2; RU seats 6 − 6 = 0 (ITm still scores 6 at d2); ES 3 − 6; GB on d3
    3 − 4 (d2 becomes mixed: ITm makes 4); CF 2 − 6. It keeps no tile (no ``keep`` term), the
    end is far (``near`` = 0). Of the two RU seats (0 each) the first in reading order: l5.
    """
    game = position("k6:RUf m6:RUm d1:ITf c2:ITm", "*f / ITm")
    assert GreedyBoardPlayer().actions(game) == ["ITf*@e2"]
    assert StrongBoardPlayer().actions(game) == ["RUf*@l5"]
    after = game.copy()
    after.act("ITf*@e2")
    assert after.best_action().text == "ITm@d3" and after.best_action().points == 8


def test_strong_fills_an_8_point_table_as_the_end_nears():
    """The smaller hand (B12) is worth ``fill`` × ``near`` points: nothing early, nearly 8 when
    the bag is nearly empty (B13c) — each tile left in hand costs 5 at the end (B14).

    Player 1 holds only a gentleman joker; player 2 holds USf, which has no seat (both US
    tables and their neighbours are empty, B7), so its best reply is the bar, +1, whatever
    player 1 does. The joker may fill the CF table b2 (CFf a2, CFm b1, CFf c2) at
    b3: 8 points and one table filled; or sit on i2 between the Chinese tables h2 (CNf, ITm:
    mixed, 3 points) and j2 (CNf, CNm: declared CN, 6 points): 9. Greedy takes 9.
    Early (a full bag, hand sizes 5, an empty bar: ``near`` = 0) the strong player too:
    9 − 1 > 8 − 1. With 10 tiles in the bag (``near`` = 1 − 6/60 = 0.9; drawing 5 leaves 5, so
    the game goes on) the fill is worth 8 + 8 × 0.9 − 1 = 14.2 against 9 − 1 = 8: it fills b2.
    """
    chairs = "a2:CFf b1:CFm c2:CFf h1:CNf g2:ITm j1:CNf j3:CNm"
    early = position(chairs, "*m / USf")
    assert GreedyBoardPlayer().actions(early) == ["CNm*@i2"]
    assert StrongBoardPlayer().actions(early) == ["CNm*@i2"]
    late = position(chairs, "*m / USf", bag=10)
    assert GreedyBoardPlayer().actions(late) == ["CNm*@i2"]
    assert StrongBoardPlayer().actions(late) == ["CFm*@b3"]


def test_strong_takes_a_joker_early_and_the_bar_late():
    """The jokers' value (B10, B14) against the bar's first place (B9: +1).

    A gentleman joker declared CF sits on c2 (between the tables b2 and d2). Player 1 holds
    only ITm, which cannot sit: beside the joker at d2 it would make two men (B6), and on the
    other Italian table f2 it would sit alone with nothing to join it (B7). Its actions: the bar
    (+1) or ``swap ITm@c2`` (0 points, the joker comes into the hand). Player 2 holds RUf RUm,
    whose best reply is a pair at l6 (4) after either; greedy takes the bar (1 > 0).
    Early (``near`` = 0): the bar is 1 − 4 = −3; the exchange 0 − 4 + ``keep`` 0.6 × 6 = −0.4,
    the joker kept scoring 6 next turn beside player 2's pair (RUf l5, RUm k6: RUm* on m6).
    Late (10 tiles in the bag, ``near`` = 0.9): the joker kept costs 5 × 0.9 more (B14: 10
    points in hand, not 5): −4.9 < −3, and it takes the bar.
    """
    early = position("c2:CFm*", "ITm / RUf RUm")
    assert sorted(early.legal_actions()) == ["bar ITm", "swap ITm@c2"]
    assert GreedyBoardPlayer().actions(early) == ["bar ITm"]
    assert StrongBoardPlayer().actions(early) == ["swap ITm@c2"]
    late = position("c2:CFm*", "ITm / RUf RUm", bag=10)
    assert StrongBoardPlayer().actions(late) == ["bar ITm"]


def test_strong_avoids_a_bar_place_it_cannot_pay():
    """B9: a player who must pay more than they have is out. With 3 points and the bar's 7th
    place (−4) next, the strong player exchanges the joker instead (0 points)."""
    bar = "RUf RUm USf USm TRf TRm"
    chairs = "c2:CFm*"
    used = Counter(Board.parse(f"{chairs} | {bar}").tiles()) + Counter(["ITm", "GBf", "GBm"])
    rest = " ".join((Counter(full_bag()) - used).elements())
    game = BoardGame.parse(f"{chairs} | {bar} | {rest} | ITm / GBf GBm | 5 5 | 3 0 | - | to:1")
    assert StrongBoardPlayer().actions(game) == ["swap ITm@c2"]
