"""The course written in one move (:func:`~.course.make_course`): every file in a folder beside the
course's folder (or in it), then each assignment's folder and the configuration moved into place,
each in one rename, those already moved put back if one fails. A failure leaves the course as it
was and names the file in the way; a configuration the teacher changed is kept under a free name
(``nbgrader_config.py.bak``, ``.bak2``…); what the teacher added to an assignment's folder stays.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from ...teach.ladder import ASSIGNMENT_FILE      # its presence turns a kernel's graded rule on
from .exercises import CourseError, _say

CONFIG_FILE = "nbgrader_config.py"


def _free_name(path: Path) -> Path:
    """``path`` + ``.bak``, or ``.bak2``, ``.bak3``…: the first name nothing has."""
    n = 1
    while True:
        candidate = path.with_name(path.name + (".bak" if n == 1 else f".bak{n}"))
        if not (candidate.exists() or candidate.is_symlink()):
            return candidate
        n += 1


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def write_course(target: Path, lang: str, written: dict, config_text: str) -> Path | None:
    """Write the course in a folder beside ``target`` (or in it), then move it into place (each assignment's
    folder, then the configuration, each in one rename; undone if one fails). An existing
    configuration that differs is kept under a free name, which is returned. ``written``:
    ``{assignment: (its notebook, {file name: the file copied beside it})}``."""
    created = [p for p in (target.absolute(), *target.absolute().parents) if not p.exists()]   # deepest first
    staging = new = None
    try:
        # beside the course's folder, or in it when it is there (the same disk: each move is a rename)
        beside = target.absolute() if target.is_dir() else target.absolute().parent
        beside.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".cafe-course-making-", dir=beside))
        new = staging / "course"
        for name, (nb, files) in written.items():
            out = new / "source" / name
            out.mkdir(parents=True)
            (out / f"{name}.ipynb").write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            for linked, original in sorted(files.items()):
                shutil.copyfile(original, out / linked)
            (out / ASSIGNMENT_FILE).write_text(_say("assignment_file", lang) + "\n", encoding="utf-8")
            old = target / "source" / name
            if old.is_dir() and not old.is_symlink():   # what the teacher added there stays
                for entry in old.iterdir():
                    if not (out / entry.name).exists():
                        if entry.is_dir() and not entry.is_symlink():
                            shutil.copytree(entry, out / entry.name, symlinks=True)
                        else:
                            shutil.copy2(entry, out / entry.name, follow_symlinks=False)
        (new / CONFIG_FILE).write_text(config_text, encoding="utf-8")
        if not target.exists():
            os.rename(new, target)
            backup = None
        else:
            backup = _move_into_place(new, staging / "old", target, list(written), config_text)
    except OSError as err:
        if staging is not None and not getattr(err, "kept", False):
            shutil.rmtree(staging, ignore_errors=True)
        for path in created:            # the folders made for the course, if still empty
            try:
                path.rmdir()
            except OSError:
                pass
        said = Path(err.filename) if err.filename else target
        if new is not None and said.is_relative_to(new):
            said = target / said.relative_to(new)      # the file as it was to be in the course
        raise CourseError(_say("write_failed", lang, path=said, target=target,
                               reason=err.strerror or type(err).__name__)) from None
    else:
        shutil.rmtree(staging, ignore_errors=True)
        return backup


def _move_into_place(new: Path, old: Path, target: Path, names: list[str], config_text: str) -> Path | None:
    """The assignments' folders and the configuration of ``new`` moved into ``target``, each in one
    rename; what was there goes to ``old`` (a changed configuration to a free name beside it). One
    that fails: those already moved are put back, then the OSError goes on."""
    config, backup = target / CONFIG_FILE, None
    if config.is_file():
        try:
            same = config.read_text(encoding="utf-8") == config_text
        except (OSError, UnicodeDecodeError):
            same = False
        if not same:
            backup = _free_name(config)
    moves = [(Path("source") / name, old / "source" / name) for name in names]
    if backup is None and config.is_file() and not config.is_symlink():
        config_move = []                # the same configuration: left as it is
    else:
        config_move = [(Path(CONFIG_FILE), backup or old / CONFIG_FILE)]
    done, made_source = [], not (target / "source").exists()
    try:
        if made_source:
            (target / "source").mkdir()
        (old / "source").mkdir(parents=True)
        for relative, aside in moves + config_move:
            place = target / relative
            there = place.exists() or place.is_symlink()
            if there:
                os.rename(place, aside)
            done.append((place, aside if there else None))
            os.rename(new / relative, place)
    except OSError as err:
        for place, aside in reversed(done):
            try:
                if place.exists() or place.is_symlink():
                    _remove(place)
                if aside is not None:
                    os.rename(aside, place)
            except OSError:             # what was there stays where it was put aside
                err.kept = True
        if made_source:
            try:
                (target / "source").rmdir()
            except OSError:
                pass
        raise
    return backup
