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
