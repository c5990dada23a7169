"""The teacher's live view of the class in JupyterLab: ``dashboard()`` in a notebook,
against the game service in a thread of the test (a token ``t-NAME`` is NAME; the real hub and
its page for the projector: tests/hub/test_hub.py). A student's outcome appears in the page's
table within a second; the table fits a 1366 × 768 laptop, says each cell in words, and axe
finds nothing to fault in it."""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from harness import new_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from service_helpers import RunningService  # noqa: E402
from test_accessibility_browser import axe_violations  # noqa: E402

STUDENTS = {"ana": [("4.1", "solved", 1), ("4.2", "solved", 2)], "bruno": [("4.1", "tried", 2)],
            "chloé": [("4.1", "answer", 3), ("4.2", "tried", 1)]}


@pytest.fixture
def lab(shared_lab):
    return shared_lab.get()


def _send(s, student, outcomes):
    body = {"outcomes": [{"exercise": e, "state": st, "tries": t, "at": time.time()} for e, st, t in outcomes]}
    request = urllib.request.Request(s.url + "api/progress", json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"token t-{student}"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200


def test_the_teachers_dashboard_follows_a_student_within_a_second(lab, tmp_path):
    s = RunningService(tmp_path / "tables").start()
    try:
        for student, outcomes in STUDENTS.items():
            _send(s, student, outcomes)
        lab.add_notebook("live.ipynb", new_notebook([
            "from cafe_widget.classroom import dashboard\n"
            f"d = dashboard(notebook='04', url={s.url!r}, token='t-teacher')\nd"]))
        nb = lab.open("live.ipynb")
        nb.run_all()
        page = nb.page
        output = page.locator(".jp-OutputArea-output").first
        output.locator('td[data-student="bruno"][data-exercise="4.1"][data-state="stuck"]').wait_for(timeout=15_000)
        assert nb.wait_kernel("d.connected")
        sent = time.monotonic()
        _send(s, "bruno", [("4.1", "solved", 3)])           # bruno gets it, after the hint
        output.locator('td[data-student="bruno"][data-exercise="4.1"][data-state="hint"]').wait_for(timeout=5_000)
        delay = time.monotonic() - sent
        assert delay < 1.0, delay
        headline = output.locator(".cw-headline").inner_text()
        assert headline == "3 students · No one is stuck.", headline
        cell = output.locator('td[data-student="chloé"][data-exercise="4.1"]')
        assert cell.inner_text() == "◌" and cell.get_attribute("aria-label") == "chloé, 4.1: answer shown (3 tries)"
        box = output.locator("table.cw-table").bounding_box()
        assert box["x"] + box["width"] <= 1366, box
        nb.screenshot("class-live-dashboard.png")
        pytest.importorskip("axe_playwright_python", reason="axe-core comes with the test extra")
        assert axe_violations(page, ".jp-OutputArea-output") == []
        nb.kernel_eval("d.stop()")
    finally:
        s.stop()
