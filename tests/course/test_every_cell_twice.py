"""The check nbval's run makes of every notebook cell (``EveryCellTwice`` in tests/conftest.py)
can fail: a cell that shows something else when run again, or a suggested example turn that is
refused, is caught; a cell that shows the same thing passes."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest


class IPyNbCell:
    """A stand-in for nbval's cell item: each run shows the next of ``shows``."""

    def __init__(self, source: str, *shows, name: str = "04_scoring.ipynb"):
        self.path = Path(name)
        self.cell = SimpleNamespace(source=source, outputs=[], execution_count=1)
        self.shows, self.runs = list(shows), 0
        self.test_outputs = None

    def runtest(self):
        self.test_outputs = self.shows[min(self.runs, len(self.shows) - 1)]
        self.runs += 1


def printed(text: str) -> list:
    return [{"output_type": "stream", "name": "stdout", "text": text}]


@pytest.fixture
def plugin(request):
    """The check as tests/conftest.py registers it for the whole run."""
    return request.config.pluginmanager.get_plugin("every-cell-twice")


def check(plugin, item) -> None:
    """What the hook does around nbval's run of ``item``."""
    hook = plugin.pytest_runtest_call(item)
    next(hook)
    item.runtest()                 # nbval's own run
    with pytest.raises(StopIteration):
        hook.send(None)


def test_a_cell_that_shows_the_same_twice_passes(plugin):
    item = IPyNbCell("play(cafe, 'RUf@c2')", printed("RUf@c2: 8 points\n"))
    check(plugin, item)
    assert item.runs == 2


def test_a_cell_that_changes_when_run_again_is_caught(plugin):
    item = IPyNbCell("game.act('draw')", printed("drew a card\n"), printed("refused: not your turn (R4)\n"))
    with pytest.raises(AssertionError, match="changes when run again"):
        check(plugin, item)


def test_a_suggested_example_that_is_refused_is_caught(plugin):
    source = 'p.grade(answer)   # your turn, for example "DEm@a2"'
    item = IPyNbCell(source, printed("2 points\n"), printed("2 points\n"), printed("False\n"))
    with pytest.raises(AssertionError, match="'DEm@a2' on p"):
        check(plugin, item)


def test_the_play_pages_deal_anew_and_are_left_alone(plugin):
    item = IPyNbCell("Game.new(seed=None)", printed("seed 1\n"), printed("seed 2\n"), name="play.ipynb")
    check(plugin, item)
    assert item.runs == 1
