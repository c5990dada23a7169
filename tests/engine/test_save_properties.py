"""The saves' promises as properties over seeded random games of both games: every state a game
reaches round-trips through its notation and its JSON save (the log and the seed included), and
every edit of a save — another seed, the history erased, an action dropped — is refused with a
NotationError naming what disagrees."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cafe_widget.engine import BoardGame, Game, NotationError

SAVES = settings(derandomize=True, deadline=None, max_examples=30, database=None,
                 suppress_health_check=[HealthCheck.too_slow])


def card_game(seed: int, players: int, actions: int) -> Game:
    """A dealt game, then ``actions`` random legal actions (every kind, the turn in progress too)."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed, variant=rng.random() < 0.3)
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_placements()
        if game.who_may_declare() and rng.random() < 0.2:
            game.declare_end()
        elif game.turn and game.can_end_turn() and (not legal or rng.random() < 0.4):
            game.end_turn()
        elif game.turn and (not legal or rng.random() < 0.1) and game.can_undo():
            game.undo()   # never back past a table turned up (R9)
        elif legal and (game.turn or rng.random() < 0.7):
            game.place(rng.choice(legal))
        elif len(game.hand()) < 12:
            game.draw()
        else:
            game.lay_face_down(rng.choice(game.hand()))
    return game


def board_game(seed: int, players: int, actions: int) -> BoardGame:
    rng = random.Random(seed)
    game = BoardGame.new(players, seed=seed)
    for _ in range(actions):
        if game.is_over:
            break
        if game.turn:
            game.end_turn() if game.explain_end_turn() is None else game.undo()
            continue
        best = game.best_action() if rng.random() < 0.5 else None
        choices = game.legal_bars() + game.legal_swaps()
        game.play(best.text if best is not None else rng.choice(choices or [game.best_action().text]))
    return game


def edits(save: str, rng: random.Random) -> dict[str, str]:
    """Edited copies of ``save``: another seed, the history erased, one action dropped."""
    data = json.loads(save)
    out = {"seed": json.dumps(data | {"seed": data["seed"] + 1 + rng.randrange(1000)})}
    if data["actions"] and data["notation"] != data["start"]:
        # (actions that undo each other back to the deal, "USf@d5, undo": erasing them changes
        # no position, so the save stays the same game, rightly accepted)
        out["erased"] = json.dumps(data | {"start": data["notation"], "actions": [], "turn": []})
        i = rng.randrange(len(data["actions"]))
        out["dropped"] = json.dumps(data | {"actions": data["actions"][:i] + data["actions"][i + 1:]})
    return out


@SAVES
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), actions=st.integers(0, 250))
def test_card_saves_round_trip_and_refuse_every_edit(seed, players, actions):
    game = card_game(seed, players, actions)
    assert Game.parse(game.format()) == game
    back = Game.from_json(game.to_json())
    assert back.format() == game.format() and back.seed == seed
    assert [e.action for e in back.log] == [e.action for e in game.log]
    for how, text in edits(game.to_json(), random.Random(seed)).items():
        with pytest.raises(NotationError) as err:
            Game.from_json(text)
        assert err.value.field == "json", (how, str(err.value))


@SAVES
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), actions=st.integers(0, 60))
def test_board_saves_round_trip_and_refuse_every_edit(seed, players, actions):
    game = board_game(seed, players, actions)
    assert BoardGame.parse(game.format()) == game
    back = BoardGame.from_json(game.to_json())
    assert back.format() == game.format() and back.seed == seed
    assert [e.action for e in back.log] == [e.action for e in game.log]
    for how, text in edits(game.to_json(), random.Random(seed)).items():
        with pytest.raises(NotationError) as err:
            BoardGame.from_json(text)
        assert err.value.field == "json", (how, str(err.value))
