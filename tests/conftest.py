"""Every test starts with no try counted and a progress file of its own, never the user's: the
kernels nbval and the browser tests start inherit ``CAFE_WIDGET_PROGRESS`` from here."""

from __future__ import annotations

import os
import tempfile

import pytest

os.environ["CAFE_WIDGET_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="cafe-progress-"), "progress.json")


@pytest.fixture(autouse=True)
def _fresh_tries(tmp_path, monkeypatch):
    from cafe_widget.teach.ladder import TRIES

    TRIES.forget()
    TRIES.graded = False
    monkeypatch.setenv("CAFE_WIDGET_PROGRESS", str(tmp_path / "progress.json"))
    yield
    TRIES.forget()
    TRIES.graded = False


#: The files that keep one worker busiest, with the seconds each took there (``--durations`` on
#: two cores, 2026-11-27). ``make test`` hands files to its workers in the order they are
#: collected (``--no-loadscope-reorder``): these go first, the longest first, so that the
#: workers finish together instead of one running the Binder check alone at the end. A file not
#: named here keeps its place after them; a new slow file belongs in this table.
SLOW_FILES = {
    "test_binder.py": 100, "test_widget_browser.py": 72, "test_properties.py": 45,
    "test_notebooks_twice.py": 45, "test_notebooks_browser.py": 30, "test_classroom.py": 26,
    "test_course_browser.py": 25, "test_table_browser.py": 25, "test_board_browser.py": 20,
    "test_widget_fuzz.py": 18, "test_lite.py": 10, "test_board_search.py": 10,
    "test_board_fuzz.py": 9, "test_voila_browser.py": 8, "test_fuzz.py": 7,
}


def pytest_collection_modifyitems(config, items):
    """The slowest files first (see SLOW_FILES); the order within a file is kept."""
    items.sort(key=lambda item: -SLOW_FILES.get(item.path.name, 0))
