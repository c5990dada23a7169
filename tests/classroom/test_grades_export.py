"""grades.csv holds the assignments the students were given: one never released is
left out, not reported "not submitted" for every student."""

import csv
import importlib.util
import os
import sys
from pathlib import Path

import pytest

# nbgrader is imported by the tests, not here: importing it costs 1.4 s of CPU, which every worker
# of make test would pay to collect this file, where one runs it.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("nbgrader") is None,
                                reason="nbgrader is in the test extras (pip install -e '.[test]')")


@pytest.fixture(autouse=True)
def _alembic_on_path(monkeypatch):
    """nbgrader's gradebook runs alembic from PATH: this environment's."""
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))


def _export(tmp_path, exchange: bool) -> dict[tuple[str, str], str]:
    from nbgrader.api import Gradebook
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config, Configurable

    from cafe_widget.classroom.autograde import GradesExport

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gradebook:
        for name in ("01_given", "02_never", "03_given_nobody_yet"):
            gradebook.add_assignment(name)
        gradebook.add_student("alice")
        gradebook.add_student("bob")
        gradebook.add_submission("01_given", "alice")
        config = Config()
        config.Exchange.root = str(tmp_path / "exchange")
        config.CourseDirectory.course_id = "cafe"
        if exchange:     # nbgrader release_assignment puts each given assignment here
            for name in ("01_given", "03_given_nobody_yet"):
                (tmp_path / "exchange" / "cafe" / "outbound" / name).mkdir(parents=True)
        app = Configurable(config=config)
        app.coursedir = CourseDirectory(config=config, root=str(tmp_path))
        GradesExport(parent=app, to=str(tmp_path / "grades.csv")).export(gradebook)
    with open(tmp_path / "grades.csv", encoding="utf-8") as rows:
        return {(r["assignment"], r["student_id"]): r["status"] for r in csv.DictReader(rows)}


def test_an_assignment_never_released_is_left_out_of_grades_csv(tmp_path):
    assert _export(tmp_path, exchange=True) == {
        ("01_given", "alice"): "not graded", ("01_given", "bob"): "not submitted",
        ("03_given_nobody_yet", "alice"): "not submitted", ("03_given_nobody_yet", "bob"): "not submitted"}


def test_without_the_course_in_an_exchange_every_assignment_is_counted(tmp_path):
    """zip_collect, or another exchange: nothing says what was given, so nothing is left out."""
    statuses = _export(tmp_path, exchange=False)
    assert {a for a, _ in statuses} == {"01_given", "02_never", "03_given_nobody_yet"}
    assert statuses[("02_never", "bob")] == "not submitted"
