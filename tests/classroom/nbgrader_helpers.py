"""nbgrader's own command line, as the classroom tests run it (tests/classroom/test_grading.py
and test_classroom.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def nbgrader_env(course_dir: Path) -> dict[str, str]:
    """The environment nbgrader runs in: its venv's bin first on PATH (nbgrader runs alembic from
    there), a progress file of the teacher's own that autograde must leave alone, and its temporary
    folders beside the course, so that an autograde the test kills leaves none in /tmp."""
    bin_dir = str(Path(sys.executable).parent)
    scratch = Path(course_dir).parent / f"{Path(course_dir).name}-tmp"
    scratch.mkdir(exist_ok=True)
    return dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), TMPDIR=str(scratch),
                CAFE_WIDGET_PROGRESS=str(Path(course_dir) / "teachers-progress.json"))


def nbgrader(course_dir: Path, *args: str, ok: bool = True) -> str:
    """``nbgrader ARGS`` in the course's folder (:func:`nbgrader_env`); its output. ``ok``: it
    must succeed."""
    bin_dir = str(Path(sys.executable).parent)
    env = nbgrader_env(course_dir)
    run = subprocess.run([os.path.join(bin_dir, "nbgrader"), *args], cwd=course_dir, env=env,
                         capture_output=True, text=True, timeout=600)
    if ok:
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return run.stdout + run.stderr
