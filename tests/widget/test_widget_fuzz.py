"""The widget fuzzer (tests/widget/widget_fuzz.py) for a few hundred steps of every kind of widget,
seeds fixed; ``make fuzz`` runs 3000 steps of each. A failure names the kind, the seed, the
step and the steps before it; ``widget_fuzz.fuzz(kind, seed, step + 1)`` replays it.

Also: the fuzzer itself is deterministic (a seed gives the same steps), and its invariants
catch a widget that shows an internal error or changes the game on a refusal."""

import sys
from pathlib import Path

import pytest

# tests/ has no __init__.py, so pytest puts tests/ on sys.path already; not so with
# --import-mode=importlib, hence this line.
sys.path.insert(0, str(Path(__file__).resolve().parent))
import widget_fuzz  # noqa: E402

#: Steps per kind: each kind takes half a second to a second and a half (the board game's checks cost
#: the most); make fuzz runs 3000 of each.
STEPS = 250
SEEDS = {kind: 20240 + i for i, kind in enumerate(widget_fuzz.KINDS)}


@pytest.mark.parametrize("kind", list(widget_fuzz.KINDS))
def test_widget_fuzz(kind):
    counts = widget_fuzz.fuzz(kind, SEEDS[kind], STEPS)
    assert counts["clicks"] and counts["lines"] and counts["loads"], counts
    assert counts["refused"] and counts["accepted"], counts


def test_the_fuzzer_is_deterministic():
    """The same seed gives the same steps (failures or not), the widgets included."""
    traces = []
    for _ in range(2):
        trace: list = []
        widget_fuzz.fuzz("card-computers", 5, 80, keep_going=True, failures={}, trace=trace)
        widget_fuzz.fuzz("board-4", 5, 40, keep_going=True, failures={}, trace=trace)
        traces.append(trace)
    assert traces[0] == traces[1]
    assert len(set(traces[0])) > 60


def test_the_fuzzer_catches_an_internal_error(monkeypatch):
    """A defect that the widget's guard turns into "Something went wrong" fails the run."""
    from cafe_widget import Game

    def broken(self):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(Game, "best_turn", broken)   # Hint, and the computers, ask for it
    with pytest.raises(widget_fuzz.FuzzFailure, match="internal error") as caught:
        widget_fuzz.fuzz("card-computers", 1, 400)
    assert "step:" in str(caught.value) and "replay: fuzz('card-computers', 1," in str(caught.value)


def test_the_fuzzer_catches_a_refusal_that_changes_the_game(monkeypatch):
    """A refused step must leave the game as it was: a widget that takes a card back and
    still reports a refusal is caught."""
    from cafe_widget import CafeWidget

    real = CafeWidget.refused

    def refused(self):
        game = self.game
        if real.fget(self) and game is not None and game.turn:
            game.undo()   # changes the game behind the refusal's back
        return real.fget(self)

    monkeypatch.setattr(CafeWidget, "refused", property(refused))
    with pytest.raises(widget_fuzz.FuzzFailure, match="refused, but"):
        widget_fuzz.fuzz("card-hotseat-fr", 1, 600)
