"""Golden playthroughs: a few seeded games, action by action, with the points table by table.

Any change to the rules engine that changes a game shows up as a readable diff of a file in
``tests/engine/golden/``. After a deliberate change, rewrite them with
``CAFE_UPDATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py`` and read the diff.
"""

import os
import random
from pathlib import Path

import pytest

from cafe_widget import Game

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 1, False), (3, 21, True), (4, 3, False), (5, 1, True)]  # both variant games form a table


def playthrough(players: int, seed: int, variant: bool) -> str:
    """A seeded game played by a simple random player, written out as text."""
    game = Game.new(players=players, seed=seed, variant=variant)
    rng = random.Random(seed)
    lines = [f"# {players} players, seed {seed}, variant {'on' if variant else 'off'}",
             game.format(), ""]
    while not game.is_over:
        player = game.to_move + 1
        if game.who_may_declare() and rng.random() < 0.5:
            game.declare_end()
            lines.append(f"player {game.log[-1].player + 1}: declares the end")
            break
        if game.legal_placements() and rng.random() < 0.8:
            while not game.is_over and len(game.turn.cards if game.turn else ()) < 3:
                legal = game.legal_placements()
                if not legal:
                    break
                game.place(rng.choice(legal))
                if game.can_end_turn() and rng.random() < 0.5:
                    break
            while game.turn and not game.can_end_turn():
                game.undo()
            if game.turn:
                turn = game.end_turn()
            elif game.is_over:
                turn = game.log[-1].turn
            else:
                turn = None
            if turn:
                lines.append(f"player {player}: {turn.text} = {turn.points}")
                for card in turn.cards:
                    tables = ", ".join(f"{t.place} {t.points}" + (f" ({t.variant})" if t.variant else "")
                                       for t in card.tables)
                    cleared = f"; clears {' '.join(card.cleared)}" if card.cleared else ""
                    lines.append(f"    {card.text}: {tables}{cleared}")
                continue
        if game.explain_draw() is None:
            lines.append(f"player {player}: draws {game.draw()}")
        else:
            card = rng.choice(game.hand())
            game.lay_face_down(card)
            lines.append(f"player {player}: lays {card} face down")
    lines += ["", f"over: {game.over_reason}", game.format(), str(game.result())]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players, seed, variant", GAMES)
def test_golden_playthrough(players, seed, variant):
    path = GOLDEN / f"game-{players}p-seed{seed}{'-variant' if variant else ''}.txt"
    text = playthrough(players, seed, variant)
    if os.environ.get("CAFE_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
