"""Golden playthroughs of the board game: a few seeded games played by a deterministic rule,
written action by action with the points table by table and the game notation after each.

Any change to the rules engine that changes a game shows up as a readable diff of a file
``tests/engine/golden/board_*.txt``. After a deliberate change, rewrite them with
``CAFE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_board_golden.py`` and READ the diff
(check a few steps by hand against docs/BOARD_RULES.md) before committing it.

The players:

- ``first``: the first legal action (``legal_actions()`` order) that makes a whole action —
  a placement that may end the turn, or a lone one followed by the first tile that may join it
  (B7), or a bar or exchange action;
- ``random``: a seeded ``random.Random(seed)`` choosing among the legal actions, a second tile
  half the time when one may follow;
- ``barfly``: the same, but half its turns begin at the bar (so players pay, and go out, B9).
"""

import os
import random
from pathlib import Path

import pytest

from cafe_widget import BoardGame

GOLDEN = Path(__file__).parent / "golden"
GAMES = [("first", 2, 1), ("random", 3, 2), ("barfly", 4, 3)]
REGENERATE = "CAFE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_board_golden.py"


def _whole_actions(g: BoardGame):
    """Every whole action from here, in ``legal_actions()`` order: bar and swap actions as
    they are, a placement alone if the turn may end after it, then with each second tile."""
    for action in g.legal_actions():
        if action.startswith(("bar ", "swap ")):
            yield action
            continue
        trial = g.copy()
        trial.place(action)
        if trial.explain_end_turn() is None:
            yield action
        for second in trial.legal_placements():
            again = trial.copy()
            again.place(second)
            if again.explain_end_turn() is None:
                yield f"{action}, {second}"


def choose(g: BoardGame, player: str, rng: random.Random) -> str:
    if player == "first":
        return next(_whole_actions(g))
    actions = g.legal_actions()
    bars = [a for a in actions if a.startswith("bar ")]
    if player == "barfly" and bars and rng.random() < 0.5:
        return rng.choice(bars)
    action = rng.choice(actions)
    if action.startswith(("bar ", "swap ")):
        return action
    trial = g.copy()
    trial.place(action)
    seconds = [s for s in trial.legal_placements() if _ends(trial, s)]
    if seconds and (trial.explain_end_turn() is not None or rng.random() < 0.5):
        return f"{action}, {rng.choice(seconds)}"
    if trial.explain_end_turn() is None:
        return action
    return next(_whole_actions(g))   # a lone tile nothing may join: the first whole action


def _ends(g: BoardGame, placement: str) -> bool:
    trial = g.copy()
    trial.place(placement)
    return trial.explain_end_turn() is None


def playthrough(player: str, players: int, seed: int) -> str:
    """The game, written out as text."""
    g = BoardGame.new(players=players, seed=seed)
    rng = random.Random(seed)
    lines = [f"# Board game golden playthrough: {players} players, seed {seed}, player rule '{player}'.",
             f"# Regenerate: {REGENERATE}",
             "# Each action: player, action = points (score after); per tile, points table by table;",
             "# then the game notation after the action.",
             g.format(), ""]
    number = 0
    while not g.is_over:
        number += 1
        p = g.to_move
        sizes, before = g.hand_sizes, g.scores[p]
        action = choose(g, player, rng)
        turn = g.play(action)
        entry = g.log[-1]
        head = f"{number}. player {p + 1}: {entry.action} = {entry.points:+d} (score {before} → {g.scores[p]})"
        if turn.kind == "bar":
            head += f"; bar place {turn.bar_place}, worth {turn.points:+d}"
        if g.out[p]:
            head += "; out (B9)"
        lines.append(head)
        for tile in getattr(turn, "cards", ()) or ():
            tables = ", ".join(f"{t.place} {t.points}" + (" doubled" if t.doubled else "") for t in tile.tables)
            lines.append(f"    {tile.tile}@{tile.chair}: {tables}")
        if g.hand_sizes != sizes:
            lines.append(f"    hand size {sizes[p]} → {g.hand_sizes[p]} (B12: {' '.join(turn.filled_own_nation)})")
        lines.append("    " + g.format())
    lines += ["", f"over: {g.over_reason}"]
    result = g.result()
    for s in sorted(getattr(result, "standings", result), key=lambda s: (s.rank, s.player)):
        lines.append(f"rank {s.rank}: player {s.player + 1}, score {s.score}, penalty {s.penalty}, "
                     f"final {s.final}" + (", out" if s.out else ""))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("player, players, seed", GAMES)
def test_board_golden_playthrough(player, players, seed):
    path = GOLDEN / f"board_{players}p_seed{seed}_{player}.txt"
    text = playthrough(player, players, seed)
    if os.environ.get("CAFE_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
