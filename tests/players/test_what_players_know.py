"""Computers and hints play on what a player may know: the café, their own hand and
face-down cards, the sizes and the public facts — never another hand, the guest pile's order or
the table pile's order. The test deals the hidden cards anew, consistently with what the player
to move sees (``Game.from_view``), and asserts that each computer player's turn and the hint are
the same up to the first card that turns up a table (what comes after that card is chosen once
the new table is seen, R9). A player that reads the hidden pile is caught by the same test."""

from __future__ import annotations

import pytest

from cafe_widget.engine import Game
from cafe_widget.engine.search import every_plan
from cafe_widget.players import PLAYERS, make_player
from cafe_widget.players.card import GreedyPlayer, _turn_actions

#: Re-deals of the hidden cards at each position.
REDEALS = 2


def _positions(count: int):
    """Positions at the start of a turn, from seeded games of 2–4 players played by the
    computers (different kinds, so the positions vary)."""
    found = []
    seed = 0
    while len(found) < count:
        players = 2 + seed % 3
        game = Game.new(players, seed=38_000 + seed, variant=seed % 4 == 3)
        bots = [make_player(k) for k in ("steady", "greedy", "strong", "greedy")[:players]]
        step = 0
        while not game.is_over and len(found) < count:
            if step % 3 == seed % 3 and game.turn is None:
                found.append(game.copy())
            for action in bots[game.to_move].actions(game):
                game.act(action)
            step += 1
        seed += 1
    return found


def _until_seen(game: Game, actions: list[str]) -> tuple[str, ...]:
    """``actions`` up to the first card that turns up a table (the rest depends on that table)."""
    trial = game.copy()
    taken = []
    for action in actions:
        turned_up = trial.cafe.pile
        trial.act(action)
        taken.append(action)
        if "@" in action and trial.cafe.pile != turned_up:
            break
    return tuple(taken)


def _redealt(game: Game) -> list[Game]:
    """The game as its player to move sees it, with the hidden cards dealt anew."""
    view = game.view(game.to_move)
    return [Game.from_view(view, seed=k) for k in range(1, REDEALS + 1)]


def _hint(game: Game):
    turn = game.best_turn()
    return None if turn is None else (turn.text, turn.points, turn.goes_on)


POSITIONS = _positions(60)


def test_the_redeal_is_what_the_player_sees_and_deals_the_hidden_cards_anew():
    differs = 0
    for game in POSITIONS:
        for other in _redealt(game):
            assert other.view(game.to_move)["now"] == game.view(game.to_move)["now"]
            assert other.hand() == game.hand() and other.cafe.seats == game.cafe.seats
            differs += other.cafe.pile != game.cafe.pile or other.state.hands != game.state.hands
    assert differs >= len(POSITIONS) * REDEALS * 0.8      # the test deals anew, it does not copy


@pytest.mark.parametrize("kind", ["greedy", "steady", "strong", "random"])
def test_a_computer_plays_the_same_whatever_the_hidden_cards(kind):
    for game in POSITIONS:
        player = PLAYERS[kind]() if kind != "random" else PLAYERS[kind](seed=3)
        chosen = _until_seen(game, player.actions(game))
        for other in _redealt(game):
            player = PLAYERS[kind]() if kind != "random" else PLAYERS[kind](seed=3)
            assert _until_seen(other, player.actions(other)) == chosen, game.format()


def test_the_expert_plays_the_same_whatever_the_hidden_cards():
    """Its deals are made from what the player can count and seeded by what they see: the hidden
    cards dealt anew change neither its turn nor its estimates (on the positions where it has
    more than one turn to weigh: it plays each out on 16 deals, so it is slower)."""
    weighed = 0
    for game in [g for g in POSITIONS if len(make_player("expert").estimates(g)) > 1]:
        chosen = _until_seen(game, make_player("expert").actions(game))
        estimates = make_player("expert").estimates(game)
        weighed += len(estimates) > 1
        for other in _redealt(game):
            assert _until_seen(other, make_player("expert").actions(other)) == chosen, game.format()
            assert make_player("expert").estimates(other) == estimates
    assert weighed >= 5


def test_the_hint_is_the_same_whatever_the_hidden_cards_and_never_names_a_table_still_face_down():
    went_on = 0
    for game in POSITIONS:
        hint = _hint(game)
        assert all(_hint(other) == hint for other in _redealt(game)), game.format()
        turn = game.best_turn()
        if turn is not None:
            # no card after one that turned up a table: the hint never plays at a table not yet seen
            assert all(not c.cleared for c in turn.cards[:-1])
            went_on += turn.goes_on
    assert went_on >= 1          # some hints stop at a table turned up


class PeekingPlayer(GreedyPlayer):
    """Plays the best turn with the table pile's order read: what the hint did before."""

    def actions(self, game: Game) -> list[str]:
        turn = game.best_turn(seen=True)
        if turn is None:
            return super().actions(game)
        return _turn_actions(turn)


#: Positions where the table pile's order changes the first card a pile-reading player places
#: (found among 400 positions of ``_positions``: 2 of them; the hint that reads the pile is
#: caught on far more, since its text goes on past the table turned up).
PEEKED = [
    "DE CU RU GB CU | b1:DEf d1:CUm c2:DEf b3:DEm a4:GBf c4:RUm | IT TR RU ES FR IN GB US US CN CF DE | CFf INf "
    "ITm ITf RUm ITm RUf ESm CUf GBf ESf TRm USf DEm CFf DEm RUm GBm GBm CFf INm FRf CUf INm CNm CUm CUm USf USf "
    "TRf TRm RUf ITf USm ESm CNm FRm ESm TRf TRf CNm | CNf GBf INm RUm USm / CFm CNf DEf / CFm CUm ESf ESf ESm ITf "
    "RUf RUf / DEf INf USf USm USm | - / - / - / - | 61 45 47 57 | to:3",
    "TR US CF CF RU | b1:TRf d1:USf c2:CFm b3:CFf d3:CFf | ES CN ES FR | RUm INf FRf CNm GBm CNf ESm ESm RUf GBm "
    "| CFf DEf ESf ESm FRf / CFm CNm DEm DEm ESf / CNf CNm ESm FRf FRm FRm ITf RUf / CFm CNm ESf ESf FRm ITf RUm "
    "| - / - / - / - | 92 81 114 94 | to:4",
]


def test_the_redeal_catches_a_player_and_a_hint_that_read_the_hidden_pile():
    for notation in PEEKED:
        game = Game.parse(notation)
        chosen = _until_seen(game, PeekingPlayer().actions(game))
        assert any(_until_seen(other, PeekingPlayer().actions(other)) != chosen for other in _redealt(game))
        for kind in ("greedy", "steady", "strong"):         # the course's own, on the same positions
            mine = _until_seen(game, make_player(kind).actions(game))
            assert all(_until_seen(other, make_player(kind).actions(other)) == mine for other in _redealt(game))
    peeked = 0
    for game in POSITIONS:
        exact = game.best_turn(seen=True)
        peeked += any((o.best_turn(seen=True) or exact).text != (exact.text if exact else None)
                      for o in _redealt(game)) if exact else 0
    assert peeked >= 1


def test_a_blind_plan_stops_at_the_card_that_turns_up_a_table():
    # CFf@c2 and CFm@b3 fill the Central-African table b2: the table the pile turns up there is
    # seen only then (R9), so the blind hint stops at that card, whatever the pile holds.
    hints = []
    for pile in ("CF RU", "RU CF"):
        game = Game.parse(f"CF GB CN DE RU | a2:CFf b1:CFm | {pile} | ITf ITm USf | CFf CFm CFm / GBf GBm | - / - "
                          "| 0 0 | to:1")
        hint = game.best_turn()
        assert (hint.text, hint.points, hint.goes_on) == ("CFf@c2, CFm@b3", 16, True)
        assert hint.cards[-1].cleared == ("b2",)
        plans = list(every_plan(game.cafe.begin_turn(), game.hand()))
        stops = [p for p in plans if p.goes_on]
        assert stops and all(p.after.tables[0] is None for p in stops)     # the table turned up: not known
        hints.append(hint.text)
    assert hints[0] == hints[1]
