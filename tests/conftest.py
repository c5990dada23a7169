"""Every test starts with no try counted and a progress file of its own, never the user's: the
kernels nbval and the browser tests start inherit ``CAFE_WIDGET_PROGRESS`` from here.

Under nbval (``make test``) every code cell of every notebook runs twice in a row: the second
run must show what the first showed, and the example turns a cell's comment suggests must be
legal where they are suggested (:class:`EveryCellTwice`). The slowest files go to the workers
first (:data:`SLOW_FILES`)."""

from __future__ import annotations

import atexit
import copy
import fnmatch
import itertools
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ["CAFE_WIDGET_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="cafe-progress-"), "progress.json")


@pytest.fixture(autouse=True)
def _fresh_state(tmp_path, monkeypatch):
    """Each test starts with no try counted, a progress file of its own, and leaves no widget
    following the language behind it."""
    from cafe_widget import i18n
    from cafe_widget.teach.ladder import TRIES

    TRIES._reset_for_tests()             # the graded rule too: only the tests may turn it off
    monkeypatch.setenv("CAFE_WIDGET_PROGRESS", str(tmp_path / "progress.json"))
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)    # a grader's kernel records nothing
    listening = set(i18n._listeners)
    yield
    TRIES._reset_for_tests()
    # The widgets a test made stop following the language: ipywidgets keeps every widget alive
    # until it is closed, and a worker's thousandth language switch redrew the hundreds made by
    # the tests before it (1 s a switch; tests/test_languages_everywhere.py took 13 s, not 0.5).
    for obj in list(i18n._listeners):
        if obj not in listening:
            i18n._listeners.discard(obj)


#: The browser test files that share one JupyterLab and one Chromium (tests/browser/conftest.py):
#: under ``--dist loadfile`` they are one unit of work, sent to one worker, which starts them once.
SHARED_LAB = ("test_widget_browser.py", "test_course_browser.py", "test_notebooks_browser.py",
              "test_board_browser.py", "test_accessibility_browser.py", "test_class_live_browser.py",
              "test_voila_browser.py")


#: The files that keep one worker busiest, with the seconds each took there (``--durations`` under
#: ``make test``: two cores, four workers; the seven largest 2026-11-30, the others 2026-11-29).
#: ``make test`` hands files to its workers in the order they are collected
#: (``--no-loadscope-reorder``): these go first, the longest first, so that the workers finish
#: together instead of one running the Binder check alone at the end. The files that share one
#: JupyterLab (:data:`SHARED_LAB`) go as one, with their sum (181 s, Voilà's view among them). A
#: file not named here keeps its place after them; a new slow file belongs in this table.
SLOW_FILES = {
    "test_grading.py": 193, "test_binder.py": 163, "test_hub.py": 146,
    **{name: 181 for name in SHARED_LAB},
    "test_site_browser.py": 42, "test_widget_fuzz.py": 40, "test_properties.py": 29,
    "test_what_players_know.py": 31, "test_fuzz.py": 20, "test_board_search.py": 18, "test_classroom.py": 14,
    "test_lite.py": 13, "test_service.py": 12, "test_board_fuzz.py": 9,
    "test_board_players.py": 13, "test_search.py": 12,
}


def pytest_collection_modifyitems(config, items):
    """The slowest files first (see SLOW_FILES); the order within a file is kept."""
    items.sort(key=lambda item: -SLOW_FILES.get(item.path.name, 0))


class SharedLabScheduler:
    """``--dist loadfile``, with the files of :data:`SHARED_LAB` as one file (a plugin registered
    only where pytest-xdist is: its hook is unknown to pytest without it)."""

    @staticmethod
    def pytest_xdist_make_scheduler(config, log):
        if config.getvalue("dist") != "loadfile":
            return None
        from xdist.scheduler import LoadFileScheduling

        class SharedLabScheduling(LoadFileScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = super()._split_scope(nodeid)
                return "tests/browser (one JupyterLab)" if path.rsplit("/", 1)[-1] in SHARED_LAB else path

        return SharedLabScheduling(config, log)


# -- every notebook cell twice --------------------------------------------------------------

#: The play pages deal a fresh game each time they are opened, and show the seed that replays it.
PLAY_PAGES = ("play.ipynb", "jouer.ipynb")
EXAMPLE = re.compile(r'#.*?(?:for example|par exemple|zum Beispiel)\s*"([^"]+)"')
GRADED = re.compile(r"([A-Za-z_][\w.]*(?:\([^()]*\))?(?:\[\d+\])?)\.grade\(")


def seen(outputs) -> list:
    """What a student sees of a cell, in plain text: streams, text/plain, errors (widget ids
    aside)."""
    out = []
    for o in outputs:
        kind = o.get("output_type")
        if kind == "stream":
            if out and out[-1][0] == o["name"]:      # a print may arrive in pieces
                out[-1] = (o["name"], out[-1][1] + o["text"])
            else:
                out.append((o["name"], o["text"]))
        elif kind in ("execute_result", "display_data"):
            out.append(("data", o["data"].get("text/plain", "")))
        elif kind == "error":
            out.append(("error", o["ename"], o["evalue"]))
    return out


class EveryCellTwice:
    """A student runs a cell again — to look once more, or by a second Shift+Enter — and must
    see the same thing, not a refusal because the game moved on. nbval runs each code cell in the
    notebook's kernel (and compares the checked ones with the notebook); then this runs it again
    in the same kernel, and the two results must agree: printed text, the plain-text form of
    what the cell shows, and any error. Then each example turn the cell's comments suggest for
    the puzzle it grades (``# for example "DEm@a2"``) is played on that puzzle without grading
    (no try counted): a student who copies one must get a legal turn.

    One kernel start a notebook serves nbval and this check. It reads nbval's cell item
    (``runtest``, ``test_outputs``, ``cell``): nbval is pinned to 0.11 for it (pyproject.toml)."""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        result = yield
        if type(item).__name__ != "IPyNbCell" or item.path.name in PLAY_PAGES:
            return result
        first = seen(item.test_outputs or [])
        item.runtest()
        second = seen(item.test_outputs or [])
        assert first == second, f"this cell changes when run again:\n  first:  {first!r:.300}\n  second: {second!r:.300}"
        illegal = []
        target = GRADED.search(item.cell.source)
        for example in EXAMPLE.findall(item.cell.source):
            if target is None or "@" not in example:       # an answer's form elsewhere ("b1 a2", "8")
                continue
            probe = self._run(item, f"print({target.group(1)}._grade({example!r}, None).legal)")
            if probe != [("stdout", "True\n")]:
                illegal.append(f"{example!r} on {target.group(1)}: {probe!r:.200}")
        assert not illegal, "example turns that are not legal where they are suggested:\n" + "\n".join(illegal)
        return result

    @staticmethod
    def _run(item, source: str) -> list:
        """Run ``source`` in the notebook's kernel as nbval runs a cell (nothing compared)."""
        cell = item.cell
        item.cell = copy.copy(cell)
        item.cell.source, item.cell.outputs, item.cell.execution_count = source, [], None
        try:
            item.runtest()
            return seen(item.test_outputs or [])
        finally:
            item.cell = cell


def pytest_configure(config):
    # registered, not a conftest hook: the notebooks' cells are collected outside tests/ (it
    # looks only at nbval's cells, so it does nothing where nbval is off)
    config.pluginmanager.register(EveryCellTwice(), "every-cell-twice")
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(SharedLabScheduler(), "shared-lab-scheduler")
        _rewrite_ahead(config)
    _kernels_on_unix_sockets()


# -- the test files' asserts rewritten once, before the workers start ---------------------------

def _rewrite_ahead(config) -> None:
    """Under xdist (``make test``), the controller writes pytest's cache of every test file's
    rewritten asserts (``__pycache__/*-pytest-*.pyc``) before it starts the workers.

    Every worker collects every file, so on a fresh clone each of them rewrote and compiled all
    of them, all at once (3.5 s of CPU each: collecting tests and notebooks with four workers took
    32 s of CPU instead of 16, 2026-11-30). Written as pytest writes them (its own functions, keyed
    by each file's hash): the workers find them. Nothing is done where pytest may not write
    bytecode, in a worker, or if pytest's internals moved (the workers then rewrite as before)."""
    if sys.dont_write_bytecode or hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
        for path in sorted(Path(__file__).parent.rglob("*.py")):
            if path.name != "conftest.py" and not fnmatch.fnmatch(path.name, "test_*.py"):
                continue
            cache = rewrite.get_cache_dir(path)
            pyc = cache / (path.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(path, pyc) is None:
                cache.mkdir(exist_ok=True)
                source_hash, code = rewrite._rewrite_test(path, config)
                rewrite._write_pyc(state, code, source_hash, pyc)
    except Exception:  # noqa: BLE001 - an optimisation only: the workers rewrite what is missing
        return


# -- nbval's kernels on Unix sockets -----------------------------------------------------------

def _kernels_on_unix_sockets() -> None:
    """nbval's kernels talk over Unix sockets in a folder of this process's own, not TCP ports.

    jupyter_client picks five free TCP ports, writes them down, and the kernel binds them a moment
    later: in between, a kernel or server another test starts can take one, and the kernel dies
    unseen (nbval sends its stderr to /dev/null). Seen on 2026-11-29 under ``make test``: a
    notebook whose kernel "didn't respond in 60 seconds", every cell of it in error, a minute lost.
    A socket file in a private folder cannot be taken."""
    try:
        import nbval.kernel
    except ImportError:
        return
    if os.name != "posix" or getattr(nbval.kernel.KernelManager, "_cafe_ipc", False):
        return
    folder = tempfile.mkdtemp(prefix="cafe-kernels-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    count = itertools.count(1)

    class IpcKernelManager(nbval.kernel.KernelManager):
        _cafe_ipc = True

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.transport = "ipc"
            self.ip = os.path.join(folder, f"k{next(count)}")

    nbval.kernel.KernelManager = IpcKernelManager
