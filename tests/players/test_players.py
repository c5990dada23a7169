"""Computer players: one interface, ``player.actions(game)``; random, greedy, strong.

The engine checks every action they return (``game.act`` raises on an illegal one), so a whole
seeded game played to its end proves the actions legal; the tests below add what each player
is meant to do.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cafe_widget.engine import Game
from cafe_widget.players import make_player, PLAYERS, RandomPlayer
from cafe_widget.players.card import GreedyPlayer, StrongPlayer

# Player 1 to move with DEm DEf ITf CNm; the German table b2 has a German woman (see test_widget).
DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"


def play_out(game: Game, players) -> list[list[str]]:
    """Play to the end; every player's actions of every turn, in order."""
    turns = []
    while not game.is_over:
        actions = players[game.to_move].actions(game)
        assert actions, "a player must always do something (R4)"
        for action in actions:
            game.act(action)
        turns.append(actions)
    return turns


@pytest.mark.parametrize("players, variant", [(2, False), (3, True), (4, False), (5, True)])
def test_every_kind_plays_whole_games_legally(players, variant):
    kinds = ["random", "greedy", "strong", "greedy", "strong"][:players]
    game = Game.new(players, seed=31 + players, variant=variant)
    turns = play_out(game, [make_player(k) for k in kinds])
    assert game.is_over and len(turns) > 10
    assert game.result().winners


def test_the_greedy_player_plays_the_best_turn():
    game = Game.parse(DUEL)
    assert GreedyPlayer().actions(game) == ["DEm@c2", "DEf@b3", "ITf@d3", "end"]
    assert game.best_turn().points == 17


def test_the_greedy_player_finishes_a_turn_already_begun():
    game = Game.parse(DUEL)
    game.place("DEm@a2")
    assert GreedyPlayer().actions(game) == ["DEf@c2", "CNm@b3", "end"]


def test_a_player_with_nothing_to_place_draws():
    game = Game.parse("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | USm USf / GBf | - / - "
                      "| 0 0 | to:1")
    for kind in PLAYERS:
        assert make_player(kind).actions(game) == ["draw"]


def test_players_are_deterministic():
    """Same game, same actions: the random player is seeded, the others have no chance in them."""
    for kind, make in [("random", lambda: RandomPlayer(seed=5)), ("greedy", GreedyPlayer),
                       ("strong", StrongPlayer)]:
        first = play_out(Game.new(3, seed=12), [make(), make(), make()])
        again = play_out(Game.new(3, seed=12), [make(), make(), make()])
        assert first == again, kind


def test_the_strong_player_draws_the_last_guest_card_when_that_wins():
    """R12b: drawing the last guest card ends the game. Ahead by more than the 2 points the
    drawn card costs (R13), the strong player draws it instead of placing; behind, it places."""
    ahead = ("DE GB IT CN CF | b1:DEf | FR US | CNm | DEm DEf ITf / GBf GBm ITm | - / - | 30 0 | to:1")
    assert StrongPlayer().actions(Game.parse(ahead)) == ["draw"]
    behind = ahead.replace("| 30 0 |", "| 0 30 |")
    assert StrongPlayer().actions(Game.parse(behind))[-1] == "end"


def test_the_strong_player_weighs_what_it_leaves_the_next_player():
    """Two turns make 17 (R8); greedy takes the first in reading order (ITf@d3), which leaves
    seat c4 between three tables for the next player. The strong player gives up a point: its
    turn makes 16 and leaves so little that the next player's real hand then makes 11, not 17."""
    game = Game.parse(DUEL)
    greedy, strong = GreedyPlayer().actions(game), StrongPlayer().actions(game)
    assert greedy == ["DEm@c2", "DEf@b3", "ITf@d3", "end"]
    assert strong == ["DEm@a2", "DEf@c2", "CNm@b3", "end"]
    by_greedy, by_strong = game.cafe.play(", ".join(greedy[:-1])), game.cafe.play(", ".join(strong[:-1]))
    assert (by_greedy.points, by_strong.points) == (17, 16)
    next_hand = game.hand(1)
    assert by_greedy.cafe.best_turn(next_hand).points == 17
    assert by_strong.cafe.best_turn(next_hand).points == 11


#: The only turn worth anything is DEm beside DEf at the German table: 4 points (R8).
SMALL = "DE GB IT CN CF | b1:DEf | FR US | {pile} | {hand} / GBf GBm ITm | - / - | {scores} | to:1"
PILE = "CNm ITf GBm TRf USm USf ESm ESf"


def test_the_strong_player_draws_rather_than_place_a_small_turn():
    """Patience: with the guest pile far from out, a 4-point turn is not worth playing; the
    strong player draws (R10) and waits for a bigger one (R8 pays 2, 3, 4 … for cards
    together). Greedy plays it. With the pile nearly out (2 × 3 = 6 cards left, 2 players) the
    strong player plays it too: a card kept then costs 2 (R13)."""
    game = Game.parse(SMALL.format(pile=PILE, hand="DEm USf TRm", scores="0 0"))
    assert game.best_turn().text == "DEm@a2" and game.best_turn().points == 4
    assert GreedyPlayer().actions(game) == ["DEm@a2", "end"]
    assert StrongPlayer().actions(game) == ["draw"]
    assert StrongPlayer(patience=4).actions(game) == ["DEm@c2", "end"]
    near_end = Game.parse(SMALL.format(pile=" ".join(PILE.split()[:6]), hand="DEm USf TRm", scores="0 0"))
    assert StrongPlayer().actions(near_end) == ["DEm@c2", "end"]


def test_the_strong_player_declares_the_end_at_once_when_its_last_card_wins():
    """R12c: right after the turn that empties its hand, a player may declare the end. Ahead
    after its last card (4 + 0 against 10 − 2 × 3 = 4, and fewer penalty points, R13), the
    strong player declares at once, before anyone else plays; greedy waits for its next turn.
    Behind (0 + 4 against 20 − 6 = 14), it keeps its card and draws."""
    ahead = Game.parse(SMALL.format(pile=PILE, hand="DEm", scores="0 10"))
    actions = StrongPlayer().actions(ahead)
    assert actions == ["DEm@c2", "end", "declare:1"]
    assert GreedyPlayer().actions(ahead) == ["DEm@a2", "end"]
    for action in actions:
        ahead.act(action)
    assert ahead.over_reason == "R12c" and ahead.result().winners == (0,)
    assert [(s.final, s.penalty) for s in ahead.result().standings] == [(4, 0), (4, 6)]
    behind = Game.parse(SMALL.format(pile=PILE, hand="DEm", scores="0 20"))
    assert StrongPlayer().actions(behind) == ["draw"]


def test_an_unknown_player_is_refused():
    with pytest.raises(ValueError, match="choose one of"):
        make_player("clever")


def test_the_strong_player_does_not_end_the_game_to_lose_it():
    """ITm@c4 fills the Italian table with no table left to replace it: the game would end
    (R12a) with player 1 at 10 − 2 = 8 against 30 − 4 = 26 (R13). Behind, the strong player
    draws instead; greedy takes the points. Ahead, the strong player ends the game."""
    behind = "RU GB FR ES IT | e4:ITf d5:ITm d3:ITf | - | CNm CNf | ITm USf / GBf GBm | - / - | 0 30 | to:1"
    assert StrongPlayer().actions(Game.parse(behind)) == ["draw"]
    assert GreedyPlayer().actions(Game.parse(behind)) == ["ITm@c4"]
    ahead = behind.replace("| 0 30 |", "| 30 0 |")
    assert StrongPlayer().actions(Game.parse(ahead)) == ["ITm@c4"]


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_a_turn_already_begun_is_finished_or_taken_back(kind):
    """Given a game mid-turn (a saved game, say): three cards placed, the turn is ended; a card
    alone that nothing can join (R7) is taken back, and the player draws (R10)."""
    three = Game.parse(DUEL)
    for placement in ("DEm@a2", "DEf@c2", "CNm@b3"):
        three.place(placement)
    assert make_player(kind).actions(three) == ["end"]
    alone = Game.parse("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | CNm USf / GBf | - / - "
                       "| 0 0 | to:1")
    alone.place("CNm@a4")
    actions = make_player(kind).actions(alone)
    assert actions == ["undo", "draw"]
    for action in actions:
        alone.act(action)
    assert alone.to_move == 1 and alone.hand(0) == ("CNm", "CNm", "USf")   # drew CNm


def test_a_player_declares_for_itself():
    """R12c: two players may declare; the one to move declares in its own name."""
    game = Game.parse("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | - / - | - / - | 10 0 "
                      "| to:2 declare:1")
    assert game.who_may_declare() == (0, 1)
    assert RandomPlayer().actions(game) == ["declare:2"]


def test_the_strong_player_is_the_same_whatever_the_hash_seed():
    """No set or dict order that depends on PYTHONHASHSEED may steer a choice: the same games
    in two interpreters with different hash seeds give the same history."""
    script = ("from cafe_widget.engine import Game\nfrom cafe_widget.players.card import StrongPlayer\n"
              "out = []\nfor seed in range(12):\n"
              "    for n in (2, 4):\n"
              "        g = Game.new(n, seed=seed)\n        p = StrongPlayer()\n"
              "        for _ in range(40):\n"
              "            if g.is_over: break\n"
              "            for a in p.actions(g): g.act(a)\n"
              "        out.append(' '.join(g.history))\nprint('\\n'.join(out))\n")
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("0", "1", "7")]
    assert runs[0] == runs[1] == runs[2] and runs[0].count("@") > 100
