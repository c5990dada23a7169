"""The course's classes for nbgrader: loaded by nbgrader itself, from the course's
``nbgrader_config.py`` (``make-course`` writes it). The rule they enforce is :mod:`.grading`'s:
only the answers cross the wall.

- :class:`PlainAnswers` (nbgrader's sanitising step): the graded notebook is rebuilt from the
  course's ``source/`` notebook; each answer cell contributes only its plain value; a reason that
  costs one exercise is written into its check cell; cells a student added are shown as text.
- :class:`IsolatedExecute` (the autograding step): each notebook runs in a fresh kernel started
  with ``python -I`` in a fresh empty folder, never in the folder that holds what was handed in.
  SIGHUP and SIGTERM stop autograde as Ctrl-C does, so nbgrader takes away the unfinished grading
  and the next ``nbgrader autograde`` grades that submission again.
- :class:`GradesExport` (``nbgrader export``): ``graded`` only where the gradebook holds a score
  for every graded cell; otherwise ``not graded`` and why, with the command that grades it again.
- :class:`ArchiveExtractor` and :class:`ArchiveCollector` (``nbgrader zip_collect``): the student
  is the archive's own name; a file inside that names someone else is refused with a sentence; an
  archive that cannot be opened is skipped, and the class's other files are still collected.

Importing this module imports nbgrader (seconds): a student's kernel never does.
"""

from __future__ import annotations

import copy
import csv
import json
import os
import shutil
import secrets
import signal
import stat
import sys
import tarfile
import tempfile
import threading
import zipfile
from pathlib import PurePosixPath

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbgrader.api import MissingEntry
from nbgrader.plugins import ExportPlugin
from nbgrader.plugins.zipcollect import ExtractorPlugin, FileNameCollectorPlugin
from nbgrader.preprocessors import Execute, NbGraderPreprocessor
from traitlets import Unicode

from ..i18n import N_, translate
from .grading import _encodable, _say as _say_grading, read_answer

WORDS = {
    "unreadable": N_("the submitted notebook {name} could not be read as a notebook"),
    "missing": N_("the submission has no notebook {name}"),
    "stopped": N_("autograde did not finish grading it (stopped or interrupted): run nbgrader autograde "
                  "{assignment} --student {student} --force"),
    "no_source": N_("The course's notebook {path} is missing: autograde rebuilds each graded notebook from it "
                    "(run make-course and nbgrader generate_assignment again)."),
    "more_cells": N_("*{n} more cells you added are not shown.*"),
    "cut": N_("… (cut: {n} characters more)"),
    "bad_archive": N_("{archive} could not be opened as an archive ({reason}): it was skipped, and the class's "
                      "other files are collected."),
    "too_big": N_("{archive}: {name} is larger than {limit} MB and was not extracted."),
    "other_student": N_("{archive} is {student}'s, but it holds {name}, named for {other}: that file was not "
                        "collected (a student hands in only their own work)."),
    "no_student": N_("{name} does not say whose it is (STUDENT--NOTEBOOK.ipynb, or inside STUDENT--….zip): "
                     "it was not collected."),
    "bad_student": N_("{name}: {student} cannot be a student's id: it was not collected."),
    "twice": N_("{name} is a second copy of {student}'s {notebook}: only the first ({first}) was collected."),
}

#: How much of a student's own text a graded notebook shows: characters a cell, cells in all.
SHOWN_CHARACTERS = 5_000
SHOWN_CELLS = 50
#: The most an archive may unpack: one file, and all of its files (MB).
ARCHIVE_FILE_MB = 50
ARCHIVE_TOTAL_MB = 200


def _say(key: str, lang: str, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


def _source(cell) -> str:
    source = cell.get("source", "") if isinstance(cell, dict) else ""
    if isinstance(source, list):
        source = "".join(part for part in source if isinstance(part, str))
    return source if isinstance(source, str) else ""


def _grade_id(cell) -> str | None:
    """A cell's nbgrader id, whatever a student made of its metadata (None unless it is a text)."""
    meta = cell.get("metadata") if isinstance(cell, dict) else None
    nbgrader = meta.get("nbgrader") if isinstance(meta, dict) else None
    grade_id = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
    return grade_id if isinstance(grade_id, str) else None


def _text(text: str, lang: str) -> str:
    """A student's text as it may be shown: writable characters only, cut at SHOWN_CHARACTERS."""
    text = text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")
    if len(text) > SHOWN_CHARACTERS:
        text = text[:SHOWN_CHARACTERS] + "\n" + _say("cut", lang, n=len(text) - SHOWN_CHARACTERS)
    return text


def _commented(source: str) -> list[str]:
    return ["# " + line if line.strip() else "#" for line in source.rstrip("\n").splitlines()]


def _as_text(cell, lang: str):
    """A cell a student added, as text: a markdown cell holding a fenced block (code, markdown,
    raw, HTML alike), so nothing of it runs or renders."""
    kind = cell.get("cell_type") if isinstance(cell, dict) else None
    text = _text(_source(cell).rstrip("\n"), lang)
    fence = "```"
    while fence in text:
        fence += "`"
    language = "python" if kind == "code" else "text"
    return nbformat.v4.new_markdown_cell(
        f"{_say_grading('your_cell', lang)}\n\n{fence}{language}\n{text}\n{fence}")


def _coursedir(configurable):
    """The course's folders (nbgrader's CourseDirectory) of the converter running a plugin."""
    parent = configurable
    while parent is not None:
        if getattr(parent, "coursedir", None) is not None:
            return parent.coursedir
        parent = getattr(parent, "parent", None)
    from nbgrader.coursedir import CourseDirectory

    return CourseDirectory(config=configurable.config)


_STOPPING = {"installed": False}


def _stop_as_ctrl_c() -> None:
    """SIGHUP (a closed terminal) and SIGTERM stop autograde as Ctrl-C does: nbgrader then takes
    away the submission it was grading, and the next run grades it again."""
    if _STOPPING["installed"] or threading.current_thread() is not threading.main_thread() \
            or "nbgrader" not in (sys.argv[0] if sys.argv else ""):
        return                          # not nbgrader's own command (the formgrader's server keeps its own)

    def stop(signum, frame):
        raise KeyboardInterrupt(signal.Signals(signum).name)

    for name in ("SIGHUP", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    _STOPPING["installed"] = True


class PlainAnswers(NbGraderPreprocessor):
    """nbgrader's sanitising step for the course: the graded notebook rebuilt from the course's
    ``source/`` notebook, each answer cell its plain value (module docstring)."""

    lang = Unicode("en", help="The course's language, for the sentences written into the notebook.").tag(config=True)

    def preprocess(self, nb, resources):
        _stop_as_ctrl_c()
        info = resources["nbgrader"]
        course = self._course_notebook(info["assignment"], info["notebook"])
        self._only_the_course_files(info["student"], info["assignment"])
        answer_ids = [_grade_id(c) for c in course.cells
                      if _grade_id(c) and c.get("metadata", {}).get("nbgrader", {}).get("solution")]
        known = {_grade_id(c) for c in course.cells if _grade_id(c)}
        parts: dict[str, list[str]] = {grade_id: [] for grade_id in answer_ids}
        not_code, seen = set(), set()
        added: dict[str | None, list] = {}
        last = None
        for cell in nb.cells:
            grade_id = _grade_id(cell)
            if grade_id in parts and cell.get("cell_type") == "code":
                parts[grade_id].append(_source(cell))          # a split or copied answer cell: read as one
                last = grade_id
            elif grade_id in known and grade_id not in seen and grade_id not in parts:
                seen.add(grade_id)                             # the course's own cell: taken from source/
                last = grade_id
            else:
                if grade_id in parts:
                    not_code.add(grade_id)
                added.setdefault(last, []).append(cell)
        cells = []
        shown = 0

        def show(extra):
            nonlocal shown
            for cell in extra:
                shown += 1
                if shown <= SHOWN_CELLS:
                    cells.append(_as_text(cell, self.lang))

        show(added.get(None, []))
        for original in course.cells:
            cell = copy.deepcopy(original)
            grade_id = _grade_id(cell)
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
            if grade_id in parts:
                cell.source = self._answer(parts[grade_id], grade_id in not_code)
            cells.append(cell)
            show(added.get(grade_id, []))
        if shown > SHOWN_CELLS:
            cells.append(nbformat.v4.new_markdown_cell(_say("more_cells", self.lang, n=shown - SHOWN_CELLS)))
        nb.cells = cells
        nb.metadata = copy.deepcopy(course.metadata)
        return nb, resources

    def _only_the_course_files(self, student: str, assignment: str) -> None:
        coursedir = _coursedir(self)
        only_the_course_files(coursedir.format_path(coursedir.autograded_directory, student, assignment),
                              coursedir.format_path(coursedir.source_directory, ".", assignment))

    def _course_notebook(self, assignment: str, notebook: str):
        coursedir = _coursedir(self)
        path = os.path.join(coursedir.format_path(coursedir.source_directory, ".", assignment), f"{notebook}.ipynb")
        try:
            return nbformat.read(path, as_version=4)
        except OSError:
            raise RuntimeError(_say("no_source", self.lang, path=path)) from None

    def _answer(self, parts: list[str], not_code: bool) -> str:
        """An answer cell as graded, from the student's cells of that id (read as one, in order):
        ``answer = <plain value>`` (``...`` when there is none), what the student wrote kept
        below as comments; where no answer could be read, ``answer = NotGraded(<why>)``, which the
        exercise's check cell raises."""
        source = "\n".join(parts)
        if parts:
            _, value, reason = read_answer(source, self.lang)
        else:
            value, reason = None, _say_grading("not_code" if not_code else "no_answer_cell", self.lang)
        if reason:
            first = ("from cafe_widget.classroom.grading import NotGraded\n"
                     f"answer = NotGraded({json.dumps(reason, ensure_ascii=False)})")
        elif isinstance(value, tuple) and value:
            first = "answer = " + ", ".join(repr(v) for v in value) + ("," if len(value) == 1 else "")
        else:
            first = f"answer = {value!r}"
        kept = _text(source.strip("\n"), self.lang)
        if not kept or kept == first:
            return first
        return "\n".join([first, "", _say_grading("kept", self.lang), *_commented(kept)])


class IsolatedKernelManager(AsyncKernelManager):
    """A kernel started with ``python -I``: no current folder on ``sys.path``, no user site, no
    ``PYTHON*`` variables (so no ``sitecustomize``, ``.pth`` or module of the folder is read)."""

    def format_kernel_cmd(self, extra_arguments=None):
        cmd = super().format_kernel_cmd(extra_arguments)
        if len(cmd) > 2 and cmd[1] == "-m" and "python" in os.path.basename(cmd[0]):
            cmd.insert(1, "-I")
        return cmd


class IsolatedExecute(Execute):
    """nbgrader's execution of a graded notebook, in a fresh kernel (:class:`IsolatedKernelManager`)
    started in a fresh empty folder: what was handed in beside the notebook is never on its way."""

    def __init__(self, *args, **kwargs):
        kwargs["kernel_manager_class"] = IsolatedKernelManager
        super().__init__(*args, **kwargs)

    def preprocess(self, nb, resources=None, km=None):
        _stop_as_ctrl_c()
        with tempfile.TemporaryDirectory(prefix="cafe-grading-") as empty:
            self._empty = empty
            return super().preprocess(nb, resources, km)

    async def async_start_new_kernel(self, **kwargs):
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update(PYTHONNOUSERSITE="1", PYTHONSAFEPATH="1", PYTHONDONTWRITEBYTECODE="1")
        kwargs.update(cwd=self._empty, env=env)
        return await super().async_start_new_kernel(**kwargs)


#: nbgrader's own files in a submission: when it was handed in, and the secret its feedback is
#: released under (``nbgrader submit`` writes it; ``release_feedback`` reads it, and stops for the
#: whole class when one is missing).
TIMESTAMP, SECRET = "timestamp.txt", "submission_secret.txt"


def only_the_course_files(graded: str, source: str) -> None:
    """The files handed in beside the notebook leave the graded folder ``graded`` (nbgrader copied
    them there): they stay in ``submitted/`` for the teacher to read, and never travel on to the
    feedback a student fetches (a link handed in could have copied any file the teacher may read,
    the gradebook too). The course's own files (those of ``source``) and nbgrader's
    ``timestamp.txt`` stay, and the submission's secret when it is one (a short line of hex
    digits); anything else in its place becomes a new secret of nobody's: that submission's
    feedback is released, and no one can fetch it."""
    if not os.path.isdir(graded):
        return
    for root, dirs, files in os.walk(graded, topdown=False):
        for name in files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, graded)
            ours = rel in (TIMESTAMP, SECRET) or name.endswith(".ipynb") or (
                os.path.isfile(os.path.join(source, rel)) and not os.path.islink(os.path.join(source, rel)))
            if not ours or os.path.islink(path):
                os.remove(path)
        for name in dirs:
            path = os.path.join(root, name)
            if os.path.islink(path):
                os.remove(path)
            elif not os.listdir(path):
                os.rmdir(path)
    secret = os.path.join(graded, SECRET)
    if not _a_secret(secret):
        if os.path.lexists(secret):
            os.remove(secret)
        with open(secret, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(64))


def _a_secret(path: str) -> bool:
    try:
        if os.path.islink(path) or not os.path.isfile(path) or os.path.getsize(path) > 1024:
            return False
        with open(path, encoding="ascii") as text:
            return all(c in "0123456789abcdef" for c in text.read().strip()) and os.path.getsize(path) > 0
    except (OSError, UnicodeDecodeError):
        return False


class GradesExport(ExportPlugin):
    """``nbgrader export`` for the course: ``grades.csv`` with nbgrader's columns, then ``status``
    (``graded``, ``not submitted``, ``not graded``) and ``why``. Scores are empty unless graded."""

    lang = Unicode("en", help="The course's language, for the why column.").tag(config=True)

    KEYS = ["assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
            "raw_score", "late_submission_penalty", "score", "max_score", "status", "why"]

    def export(self, gradebook) -> None:
        dest = self.to or "grades.csv"
        students = [str(s) for s in self.student]
        wanted = [str(a) for a in self.assignment]
        self.log.info("Exporting grades to %s", dest)
        rows, never = [], []
        for assignment in gradebook.assignments:
            if wanted and assignment.name not in wanted:
                continue
            if not self._released(gradebook, assignment):
                never.append(assignment.name)
                continue
            for student in gradebook.students:
                if students and student.id not in students:
                    continue
                row = {"assignment": assignment.name, "duedate": assignment.duedate, "student_id": student.id,
                       "last_name": student.last_name, "first_name": student.first_name,
                       "email": student.email, "max_score": assignment.max_score, "why": ""}
                try:
                    submission = gradebook.find_submission(assignment.name, student.id)
                except MissingEntry:
                    row.update(status="not submitted", timestamp="")
                else:
                    row["timestamp"] = submission.timestamp
                    reason = self._not_graded(submission, assignment.name, student.id)
                    if reason:
                        row.update(status="not graded", why=reason)
                    else:
                        penalty = submission.late_submission_penalty or 0.0
                        row.update(status="graded", raw_score=submission.score,
                                   late_submission_penalty=penalty, score=max(0.0, submission.score - penalty))
                rows.append({k: "" if row.get(k) is None else str(row.get(k, "")) for k in self.KEYS})
        if never:
            self.log.info("Left out, never released to the students: %s", ", ".join(never))
        with open(dest, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=self.KEYS)
            writer.writeheader()
            writer.writerows(rows)

    def _released(self, gradebook, assignment) -> bool:
        """Whether the students were given ``assignment``: someone submitted it, or it is in the
        exchange. Only an exchange that holds the course, without it, says "never released" (with
        another exchange, or none, as with zip_collect, every assignment is counted)."""
        if any(True for _ in assignment.submissions):
            return True
        coursedir = getattr(self.parent, "coursedir", None)
        course_id = getattr(coursedir, "course_id", "") if coursedir is not None else ""
        try:
            from nbgrader.exchange.default.exchange import Exchange

            root = Exchange(config=self.config).root
        except Exception:  # noqa: BLE001 - another exchange (ngshare…): nothing to say
            return True
        course = os.path.join(root, course_id) if course_id else ""
        return not (course and os.path.isdir(os.path.join(course, "outbound"))
                    and not os.path.isdir(os.path.join(course, "outbound", assignment.name)))

    def _not_graded(self, submission, assignment: str, student: str) -> str:
        """Why a submission is not graded ("" when it is): graded means the gradebook holds a score
        for every graded cell of every notebook. Why not: the notebook is missing or unreadable,
        or autograde did not finish it (with the command that grades it again)."""
        grades = [g for nb in submission.notebooks for g in nb.grades]
        scored = bool(grades) and all(g.auto_score is not None or g.manual_score is not None for g in grades)
        coursedir = getattr(self.parent, "coursedir", None)
        if coursedir is not None:
            for nb in submission.notebooks:
                name = f"{nb.name}.ipynb"
                path = os.path.join(coursedir.format_path(coursedir.submitted_directory, student, assignment), name)
                if not os.path.exists(path):
                    return _say("missing", self.lang, name=name)
                if not scored:
                    try:
                        nbformat.validate(nbformat.read(path, as_version=4))
                    except Exception:  # noqa: BLE001 - whatever makes it unreadable, the teacher reads one sentence
                        return _say("unreadable", self.lang, name=name)
        return "" if scored else _say("stopped", self.lang, assignment=assignment, student=student)


# -- zip_collect: the student is the archive's own name ---------------------------------------------

class ArchiveExtractor(ExtractorPlugin):
    """``zip_collect``'s extraction: each archive (zip, tar) into a folder named as the archive,
    its files only (no links, no path out of that folder, ARCHIVE_FILE_MB a file and
    ARCHIVE_TOTAL_MB an archive at most); any other file copied. An archive that cannot be opened
    is said in one sentence and skipped: the class's other files are still collected."""

    lang = Unicode("en", help="The course's language, for what the log says.").tag(config=True)

    def extract(self, archive_path: str, extracted_path: str) -> None:
        for root, dirs, files in os.walk(archive_path):
            dirs.sort()
            into = os.path.normpath(os.path.join(extracted_path, os.path.relpath(root, archive_path)))
            os.makedirs(into, exist_ok=True)
            for name in sorted(files):
                path = os.path.join(root, name)
                stem = _archive_stem(name)
                if stem is None:
                    shutil.copy(path, os.path.join(into, name))
                    continue
                target = os.path.join(into, stem)
                try:
                    self._unpack(path, target, name)
                except (OSError, zipfile.BadZipFile, tarfile.TarError, EOFError, ValueError, RuntimeError) as err:
                    shutil.rmtree(target, ignore_errors=True)
                    self.log.warning(_say("bad_archive", self.lang, archive=name, reason=type(err).__name__))

    def _unpack(self, path: str, target: str, archive: str) -> None:
        total = 0
        os.makedirs(target, exist_ok=True)
        for name, size, opened in _members(path):
            parts = [p for p in PurePosixPath(name.replace("\\", "/")).parts if p not in ("", ".", "..", "/")]
            if not parts:
                continue
            if size > ARCHIVE_FILE_MB * 2 ** 20 or total + size > ARCHIVE_TOTAL_MB * 2 ** 20:
                self.log.warning(_say("too_big", self.lang, archive=archive, name=name, limit=ARCHIVE_FILE_MB))
                continue
            dest = os.path.join(target, *parts)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            written = 0
            with opened() as source, open(dest, "wb") as out:
                while chunk := source.read(2 ** 20):
                    written += len(chunk)
                    if written > size:                  # more than the archive said: not extracted
                        raise ValueError("size")
                    out.write(chunk)
            total += written


def _archive_stem(name: str) -> str | None:
    """An archive's name without its extension (``alice--02.tar.gz`` → ``alice--02``), or None."""
    for ext in (".tar.gz", ".tgz", ".tar", ".zip", ".gz"):
        if name.lower().endswith(ext) and len(name) > len(ext):
            return name[:-len(ext)]
    return None


def _members(path: str):
    """The regular files of a zip or tar archive: ``(name, size, open)`` each."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                mode = info.external_attr >> 16
                if info.is_dir() or stat.S_ISLNK(mode):
                    continue
                yield info.filename, info.file_size, lambda info=info: archive.open(info)
        return
    if path.lower().endswith(".zip"):
        raise zipfile.BadZipFile(path)
    with tarfile.open(path) as archive:
        for member in archive.getmembers():
            if member.isfile():
                yield member.name, member.size, lambda member=member: archive.extractfile(member)


class ArchiveCollector(FileNameCollectorPlugin):
    """``zip_collect``'s reading of names: a notebook inside an archive is the archive's student's
    (``alice--02.zip`` or ``alice.zip`` → alice); inside it, a file named for another student is
    refused; a notebook on its own is ``STUDENT--NOTEBOOK.ipynb``. A second copy of the same
    notebook for the same student is refused (the first, in name order, is collected): one bad
    file never stops the class's collect."""

    lang = Unicode("en", help="The course's language, for what the log says.").tag(config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._collected: dict[tuple[str, str], str] = {}

    def collect(self, submitted_file: str):
        if os.path.splitext(submitted_file)[1] not in self.valid_ext:
            return None
        app = self.parent
        root = app._format_collect_path(app.extracted_directory)
        rel = os.path.relpath(submitted_file, root)
        student, notebook, refused = whose(rel.split(os.sep))
        if refused:
            self.log.warning(_say(refused[0], self.lang, **refused[1]))
            return None
        first = self._collected.get((student, notebook))
        if first is not None:
            self.log.warning(_say("twice", self.lang, name=rel, student=student, notebook=notebook, first=first))
            return None
        self._collected[(student, notebook)] = rel
        return {"student_id": student, "file_id": notebook}


def whose(parts: list[str]):
    """Whose a collected file is, from its path in zip_collect's extracted folder (``parts``):
    ``(student, notebook, None)``, or ``(None, None, (key, facts))`` when it is refused — a file in
    someone's archive named for someone else, a file that names nobody, a name that cannot be a
    student's id."""
    name = parts[-1]
    named, notebook = name.split("--", 1) if "--" in name else (None, name)
    if len(parts) > 1:
        archive = parts[0]
        student = archive.split("--", 1)[0]
        if named is not None and named != student:
            return None, None, ("other_student", dict(archive=archive, student=student, name=name, other=named))
    elif named is None:
        return None, None, ("no_student", dict(name=name))
    else:
        student = named
    if not _student_id(student):
        return None, None, ("bad_student", dict(name=name, student=repr(student)))
    return student, notebook, None


def _student_id(student: str) -> bool:
    """Whether a name read from a file can be a student's folder: not empty, no path, no dot first."""
    return bool(student) and not student.startswith(".") and "/" not in student and "\\" not in student \
        and _encodable(student) and all(ch.isprintable() for ch in student)
