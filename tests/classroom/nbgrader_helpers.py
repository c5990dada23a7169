"""nbgrader's own command line, as the classroom tests run it (tests/classroom/test_grading.py
and test_classroom.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def nbgrader(course_dir: Path, *args: str, ok: bool = True) -> str:
    """``nbgrader ARGS`` in the course's folder, its venv's bin first on PATH (nbgrader runs
    alembic from there), with a progress file of the teacher's own that autograde must leave
    alone; its output. ``ok``: it must succeed."""
    bin_dir = str(Path(sys.executable).parent)
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""),
               CAFE_WIDGET_PROGRESS=str(Path(course_dir) / "teachers-progress.json"))
    run = subprocess.run([os.path.join(bin_dir, "nbgrader"), *args], cwd=course_dir, env=env,
                         capture_output=True, text=True, timeout=600)
    if ok:
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout + run.stderr
