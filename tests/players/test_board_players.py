"""The board game's computer players: random, greedy, strong and "computer".

The engine checks every action they return (``game.act`` raises on an illegal one), so a whole
seeded game played to its end proves the actions legal. The strong player's weighings are shown
on hand-made positions whose expected actions were worked out by hand (in each test's comments)
from the rules and the weights of ``StrongBoardPlayer``'s docstring, not by running it.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cafe_widget.players.board import (BOARD_PLAYERS, GreedyBoardPlayer, RandomBoardPlayer,
                                       StrongBoardPlayer, make_board_player)
from cafe_widget.engine.board import Board, full_bag
from cafe_widget.engine.board_game import BoardGame


def play_out(game: BoardGame, players, turns_at_most: int | None = None) -> list[list[str]]:
    """Play to the end (or ``turns_at_most`` turns); every player's actions of every turn, in order."""
    turns = []
    while not game.is_over and (turns_at_most is None or len(turns) < turns_at_most):
        mover, before = game.to_move, len(game.log)
        actions = players[mover].actions(game)
        assert actions, "a player must always do something (B4)"
        for action in actions:
            game.act(action)
        assert len(game.log) == before + 1 and game.log[-1].player == mover   # one whole action
        turns.append(actions)
    return turns


def position(chairs: str, hands: str, bag: int | None = None, sizes: str = "5 5") -> BoardGame:
    """A game of two players (or one per hand and size), player 1 to move, scores 0, bar empty:
    ``chairs`` (``"c2:ITm d1:ITf"``), hands ``"*f / ITm"``; the bag holds every other tile (or
    its first ``bag`` tiles: the end near)."""
    board = Board.parse(chairs)
    used = Counter(board.tiles()) + Counter(t for t in hands.split() if t != "/")
    rest = list((Counter(full_bag()) - used).elements())[:bag]
    scores = " ".join("0" for _ in sizes.split())
    return BoardGame.parse(f"{chairs} | - | {' '.join(rest)} | {hands} | {sizes} | {scores} | - | to:1")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_kind_plays_whole_seeded_games_legally(players):
    kinds = ["strong", "greedy", "random", "steady"][:players]
    for rotation in range(players):   # every kind in every seat
        seated = kinds[rotation:] + kinds[:rotation]
        game = BoardGame.new(players, seed=40 + players + rotation)
        # the strong player's weighing alone here (look=0): its look-ahead plays whole games in
        # test_strong_players_in_every_seat_play_legally_to_the_end and against itself below
        turns = play_out(game, [StrongBoardPlayer(look=0) if k == "strong" else make_board_player(k, seed=i)
                                for i, k in enumerate(seated)])
        assert game.is_over and len(turns) > 5
        assert game.result().winners


@pytest.mark.parametrize("kind", sorted(BOARD_PLAYERS))
def test_one_kind_against_itself_to_the_end(kind):
    game = BoardGame.new(3, seed=7)
    play_out(game, [make_board_player(kind, seed=i) for i in range(3)])
    assert game.is_over


def test_the_same_seed_replays_exactly():
    for kind in ["random", "greedy", "strong"]:
        most = 15 if kind == "strong" else None     # the strong player looks ahead: 15 turns say it
        first = play_out(BoardGame.new(3, seed=12), [make_board_player(kind, seed=i) for i in range(3)], most)
        again = play_out(BoardGame.new(3, seed=12), [make_board_player(kind, seed=i) for i in range(3)], most)
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
    That is the quick weighing alone (``look=0``). Looking two rounds ahead, the strong player
    too seats the joker at the RU table, but on l7: between the two RU tables l6 and l8, where
    the RU tiles it may draw score more (as much or more on each ordering of the bag it tries).
    """
    game = position("k6:RUf m6:RUm d1:ITf c2:ITm", "*f / ITm")
    assert GreedyBoardPlayer().actions(game) == ["ITf*@e2"]
    assert StrongBoardPlayer(look=0).actions(game) == ["RUf*@l5"]
    assert StrongBoardPlayer().actions(game) == ["RUf*@l7"]
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


# -- the strong player's look-ahead ----------------------------------------------

def test_the_look_ahead_plays_the_rules_as_the_engine_does():
    """``advance`` (the game's commit without its log, used thousands of times a turn) gives
    the very state the engine reaches, action after action of whole seeded games: scores, the
    bar (B9), B12's smaller hands, the refill (B11), the end (B13) and the next player."""
    from cafe_widget.players.lookahead import advance, unseen_tiles
    for seed, players in [(5, 2), (6, 3), (8, 4)]:
        game = BoardGame.new(players, seed=seed)
        while not game.is_over:
            assert sorted(unseen_tiles(game)) == sorted(game.bag)   # counted, not peeked at
            before = game.state
            turn = game.act(game.best_action().text)
            assert advance(before, turn) == game.state


def test_strong_looks_past_the_next_player():
    """Three players. Player 1 holds a lady joker; player 2 USf (no chair: both US tables are
    empty, B7, so the bar); player 3 ITm. The CF table b2 holds CFf CFm CFf, the IT table d2
    ITm alone, the RU table l6 RUm alone. The joker scores 4 beside ITm (ITf* on e2 or d3: two
    guests of d2's nation, doubled, B8) or beside RUm (RUf* on l5, k6 or l7): greedy takes e2,
    first in reading order. Then player 3's ITm, which could sit nowhere (beside ITm alone at d2
    it would make two men, B6), sits on c2 between b2 and d2: 4 (b2 full, mixed) + 6 (d2: three
    guests of its nation) = 10. Player 2's reply is the same either way, so the old weighing
    (the next player's reply only, ``look=0``) takes e2 too; looking a whole round ahead, the
    strong player seats the joker at the RU table instead, where nobody can follow it.
    """
    game = position("a2:CFf b1:CFm b3:CFf d1:ITm m6:RUm", "*f / USf / ITm", sizes="5 5 5")
    assert GreedyBoardPlayer().actions(game) == ["ITf*@e2"]
    assert StrongBoardPlayer(look=0).actions(game) == ["ITf*@e2"]
    assert StrongBoardPlayer().actions(game) == ["RUf*@l5"]
    after = game.copy()
    after.act("ITf*@e2")
    after.act(after.best_action().text)
    assert after.to_move == 2 and after.best_action().text == "ITm@c2" and after.best_action().points == 10


def _midgame(players: int, seed: int, turns: int) -> BoardGame:
    game = BoardGame.new(players, seed=seed)
    for _ in range(turns):
        game.act(game.best_action().text)
    return game


def test_strong_players_in_every_seat_play_legally_to_the_end():
    """Strong players in every seat, 2 to 4 players, from the middle of seeded games (greedy
    play before, to keep the test quick) to the end: the engine accepts every action."""
    for players, seed in [(2, 21), (3, 22), (4, 23)]:
        game = _midgame(players, seed, 12 * players)
        turns = play_out(game, [StrongBoardPlayer() for _ in range(players)])
        assert game.is_over and turns and game.result().winners


def test_strong_is_deterministic_and_does_not_peek_at_the_bag():
    """The same position gives the same action: from a copy, from the game's notation, from a
    fresh player; the game itself is left as it was. The bag's order is unknown to players
    (B11): shuffled otherwise, the same tiles in the bag give the same action."""
    import random
    game = _midgame(3, 31, 15)
    text = game.format()
    chosen = StrongBoardPlayer().actions(game)
    assert game.format() == text
    assert StrongBoardPlayer().actions(game.copy()) == chosen
    assert StrongBoardPlayer().actions(BoardGame.parse(text)) == chosen
    fields = text.split(" | ")
    for k in range(3):
        bag = fields[2].split()
        random.Random(k).shuffle(bag)
        other = BoardGame.parse(" | ".join(fields[:2] + [" ".join(bag)] + fields[3:]))
        assert other.bag != game.bag and StrongBoardPlayer().actions(other) == chosen
