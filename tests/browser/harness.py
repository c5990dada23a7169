"""Real-browser harness: JupyterLab + headless Debian Chromium + Python Playwright.

One module, no test framework inside, so that tests and benchmarks share it::

    from tests.browser.harness import Lab, new_notebook

    with Lab(notebooks={"t.ipynb": new_notebook(["from cafe_widget import CafeWidget", ...])}) as lab:
        nb = lab.open("t.ipynb")          # waits until the notebook and its kernel are ready
        nb.run_all()                      # clears outputs, runs every cell, waits until done
        canvas = nb.canvas(size=(W, H))   # the first ipycanvas output (all its layers)
        canvas.wait_drawn()
        canvas.click(x, y)                # logical canvas pixels -> CSS pixels -> mouse
        nb.kernel_eval("w.status")        # Python state, through a second kernel client
        nb.save(); nb.reload(); nb.run_all()

        lab.add_notebook("notebooks/play.ipynb", path)  # Voilà, the server extension of the same server:
        view = lab.open_voila("notebooks/play.ipynb")   # /voila/render/notebooks/play.ipynb
        view.canvas(size=(W, H)).wait_drawn()           # CanvasView, as above

What it does, following shared/JUPYTER.md: JupyterLab runs on a free port of 127.0.0.1 with
token auth, in a temporary root holding *copies* of the notebooks, with every Jupyter/IPython
directory in a temporary folder; Chromium is Debian's (its headless shell,
``/usr/bin/chromium-headless-shell``, when installed, else ``/usr/bin/chromium``; never
``playwright install``), headless, and the page may only reach 127.0.0.1. Pixels are read from
the page (all canvas layers composited, as a person sees them) and polled with
``wait_for_function`` (every ``POLL_MS``) or ``requestAnimationFrame``: there is no fixed sleep anywhere.

Screenshots go to ``test-artifacts/`` at the repository root (git-ignored).
"""

from __future__ import annotations

import ast
import http.client
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Sequence

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"
#: Debian's Chromium: its headless shell (package chromium-headless-shell: the same Blink, V8 and
#: Skia as chromium, without the browser's own window; what Playwright drives headless by default)
#: when installed, else chromium itself. A JupyterLab page costs about a quarter less CPU in the
#: shell (7 s instead of 10 on this machine), and the suite loads some twenty. CAFE_TEST_CHROMIUM
#: overrides it (e.g. to look with chromium itself, or to check the skip/fail paths).
HEADLESS_SHELL, FULL_CHROMIUM = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
CHROMIUM = os.environ.get("CAFE_TEST_CHROMIUM") or (
    HEADLESS_SHELL if os.access(HEADLESS_SHELL, os.X_OK) else FULL_CHROMIUM)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How often a wait in the page tries its condition again (ms): Playwright's default tries it at
#: every animation frame, which keeps the page drawing 60 frames a second while a test waits (a
#: tenth of a core, 0.1 to 0.17 s of Chromium's CPU a second of waiting).
POLL_MS = 50
#: The selector of ipycanvas <canvas> elements in notebook outputs.
CANVAS_SELECTOR = ".jp-OutputArea-output canvas"


#: The process's Playwright driver and Chromium, and how many users hold them (see :func:`chromium`).
_PLAYWRIGHT = _CHROMIUM = None
_USERS = 0


def chromium():
    """The process's one headless Chromium, for a user that gives it back with
    :func:`release_chromium` (a :class:`Lab` holds it from start to stop, a hub test's class of
    browsers while it is open): launched for the first, closed with Playwright's driver when the
    last gives it back. Each user opens browser contexts of its own in it.

    Playwright's sync API runs one driver a thread: a second ``sync_playwright()`` while one runs
    fails ("using Playwright Sync API inside the asyncio loop"), and while one runs the thread has
    an event loop running, in which a later test's ``asyncio.run()`` fails. So one driver, shared,
    and none left running once nobody uses it. Launching costs about 1 s of CPU.

    Every request for another host than 127.0.0.1 goes to a proxy that refuses it
    (:func:`is_local` says which ones; :func:`watch_requests` lists them): the pages may reach
    127.0.0.1 only, and nothing leaves the machine."""
    global _PLAYWRIGHT, _CHROMIUM, _USERS
    if _CHROMIUM is None or not _CHROMIUM.is_connected():
        from playwright.sync_api import sync_playwright

        if _PLAYWRIGHT is None:
            _PLAYWRIGHT = sync_playwright().start()
        _CHROMIUM = _PLAYWRIGHT.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                                                proxy={"server": _dead_end(), "bypass": "127.0.0.1"})
    _USERS += 1
    return _CHROMIUM


def release_chromium() -> None:
    """A user of :func:`chromium` is done with it; the last one closes it and the driver."""
    global _PLAYWRIGHT, _CHROMIUM, _USERS
    _USERS = max(0, _USERS - 1)
    if _USERS == 0:
        if _CHROMIUM is not None:
            _quietly(_CHROMIUM.close)
        if _PLAYWRIGHT is not None:
            _quietly(_PLAYWRIGHT.stop)
        _PLAYWRIGHT = _CHROMIUM = None


#: A port of 127.0.0.1 held by this process and never listened on: every connection to it is refused.
_DEAD_END = None


def _dead_end() -> str:
    """The proxy Chromium sends every request not for 127.0.0.1 to: a port of 127.0.0.1 this
    process holds without listening, so each is refused at once (net::ERR_PROXY_CONNECTION_FAILED)
    and no other process can take the port. Not a route (``context.route``): Playwright then
    turns the browser's cache off and hands every request, each script of JupyterLab's page and
    each API call, to this process and back; that cost about 1 s of CPU a JupyterLab page load
    (4.9 s instead of 4.0, Chromium, its driver and the server together, 2026-11-30)."""
    global _DEAD_END
    if _DEAD_END is None:
        _DEAD_END = socket.socket()
        _DEAD_END.bind(("127.0.0.1", 0))
    return f"http://127.0.0.1:{_DEAD_END.getsockname()[1]}"


def is_local(url: str) -> bool:
    """Whether a page's request stays on this machine: 127.0.0.1 (any port), or data and blobs."""
    if url.startswith(("data:", "blob:")):
        return True
    if not url.startswith(("http://", "https://", "ws://", "wss://")):
        return False
    return url.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[0] == "127.0.0.1"


def watch_requests(context, blocked: list[str]) -> None:
    """Add to ``blocked`` every request a page of ``context`` makes for another host than
    127.0.0.1 (the proxy of :func:`chromium` refuses it)."""
    context.on("request", lambda request: None if is_local(request.url) else blocked.append(request.url))


class HarnessError(RuntimeError):
    """Something in the browser, the server or the kernel did not go as expected."""


class KernelError(HarnessError):
    """Code sent to the kernel raised; the message carries the traceback."""


# -- what is needed, and whether it is there ------------------------------------------------

def missing_requirements(extra_modules: Sequence[str] = ()) -> list[str]:
    """What the browser tests need and this machine lacks (empty when all is there);
    ``extra_modules`` names more Python packages a test needs (e.g. ``("voila",)``)."""
    missing = []
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"{CHROMIUM} (Debian package {Path(CHROMIUM).name})")
    for module in ("playwright", "jupyterlab", "jupyter_client", "ipycanvas", *extra_modules):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"Python package {module}")
    return missing


def require_browser(extra_modules: Sequence[str] = ()) -> None:
    """Skip the calling test when Chromium or Playwright (or one of ``extra_modules``) is
    missing; under CI, fail instead."""
    import pytest

    missing = missing_requirements(extra_modules)
    if missing:
        message = "browser tests need: " + ", ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message + " (CI is set, so this is a failure, not a skip)")
        pytest.skip(message)


# -- notebooks --------------------------------------------------------------------------------

def new_notebook(cells: Sequence[str]) -> dict:
    """An nbformat-4 notebook (as a dict) with one code cell per source string."""
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": [
            {
                "cell_type": "code",
                "id": f"cell-{i}",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(cells)
        ],
    }


# -- small helpers ----------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hex_to_rgb(color: str) -> tuple[int, int, int]:
    c = color.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def rgb_to_hex(rgb: Iterable[int]) -> str:
    r, g, b = list(rgb)[:3]
    return f"#{r:02x}{g:02x}{b:02x}"


def artifact_path(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


# JavaScript installed in every page (survives reloads): composite all layers of one
# ipycanvas output and read pixels from it, in logical or backing-store coordinates.
_PAGE_HELPERS = r"""
window.__cwTest = {
  // A promise that rejects after ms (page-side awaits have no Playwright timeout).
  within(promise, ms, what) {
    return Promise.race([promise, new Promise((_, reject) =>
      setTimeout(() => reject(new Error(what + ': no answer in ' + ms + ' ms')), ms))]);
  },
  // The canvases of the index-th notebook output that holds a canvas, in DOM (= z) order.
  layers(index) {
    const outputs = Array.from(document.querySelectorAll('.jp-OutputArea-output'))
      .filter(o => o.querySelector('canvas'));
    const out = outputs[index];
    return out ? Array.from(out.querySelectorAll('canvas')) : [];
  },
  // {sx, sy}: backing-store pixels per logical pixel (logical size given, or the CSS size).
  scale(layers, size) {
    const top = layers[layers.length - 1];
    const w = size ? size[0] : top.clientWidth, h = size ? size[1] : top.clientHeight;
    return {sx: top.width / w, sy: top.height / h};
  },
  // RGBA bytes of the composite of all layers, in a square of radius r (logical px) at (x, y).
  region(index, size, x, y, r) {
    const layers = this.layers(index);
    if (!layers.length || !layers[0].width) return null;
    const {sx, sy} = this.scale(layers, size);
    const x0 = Math.max(0, Math.round((x - r) * sx)), y0 = Math.max(0, Math.round((y - r) * sy));
    const w = Math.max(1, Math.round(2 * r * sx) + 1), h = Math.max(1, Math.round(2 * r * sy) + 1);
    const c = this._scratch || (this._scratch = document.createElement('canvas'));
    c.width = w; c.height = h;
    const ctx = c.getContext('2d', {willReadFrequently: true});
    ctx.clearRect(0, 0, w, h);
    for (const layer of layers) ctx.drawImage(layer, x0, y0, w, h, 0, 0, w, h);
    return {w, h, data: Array.from(ctx.getImageData(0, 0, w, h).data)};
  },
  // Fraction of non-transparent pixels of the whole composite, sampled on a 32x32 grid.
  inkFraction(index) {
    const layers = this.layers(index);
    if (!layers.length || !layers[0].width) return 0;
    const c = document.createElement('canvas');
    c.width = 32; c.height = 32;
    const ctx = c.getContext('2d', {willReadFrequently: true});
    for (const layer of layers) ctx.drawImage(layer, 0, 0, 32, 32);
    const d = ctx.getImageData(0, 0, 32, 32).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n / 1024;
  },
  // Whether a colour (within tol per channel, opaque) occurs in the region (null: no canvas).
  hasColor(index, size, x, y, r, rgb, tol) {
    const reg = this.region(index, size, x, y, r);
    if (!reg) return null;   // no canvas yet: neither present nor absent
    const d = reg.data;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 250 && Math.abs(d[i] - rgb[0]) <= tol && Math.abs(d[i + 1] - rgb[1]) <= tol
          && Math.abs(d[i + 2] - rgb[2]) <= tol) return true;
    }
    return false;
  },
  // Start watching a region: resolves with {down, changed} (performance.now() times) at the
  // first animation frame where its pixels differ from now; `down` is the next mousedown on
  // the top layer. Kept in window.__cwTest.pending; await it with a second evaluate.
  watch(index, size, x, y, r, timeoutMs) {
    const layers = this.layers(index);
    const top = layers[layers.length - 1];
    const before = JSON.stringify(this.region(index, size, x, y, r).data);
    let down = null;
    const onDown = ev => { if (down === null) down = ev.timeStamp; };
    top.addEventListener('mousedown', onDown, {capture: true});
    const start = performance.now();
    this.pending = new Promise((resolve, reject) => {
      const tick = () => {
        const now = performance.now();
        if (down !== null && JSON.stringify(this.region(index, size, x, y, r).data) !== before) {
          top.removeEventListener('mousedown', onDown, {capture: true});
          resolve({down, changed: now});
        } else if (now - start > timeoutMs) {
          top.removeEventListener('mousedown', onDown, {capture: true});
          reject(new Error(down === null ? 'no mousedown reached the canvas'
                                         : 'the pixels did not change'));
        } else {
          requestAnimationFrame(tick);
        }
      };
      requestAnimationFrame(tick);
    });
    return true;
  },
};
"""

# Finding the notebook panel of a path (synchronous: usable in wait_for_function).
_FIND_PANEL = """
(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.sessionContext) return w;
  }
  return null;
}
"""


# -- the server -------------------------------------------------------------------------------


def _quietly(action) -> None:
    """Run a clean-up step; a failure there must not hide the test's own result."""
    try:
        action()
    except Exception:
        pass

class Lab:
    """A JupyterLab server and a headless Chromium, both private to this object.

    ``notebooks`` maps file names to notebook dicts (see :func:`new_notebook`) or to paths of
    notebooks to copy; more can be added with :meth:`add_notebook` while running.

    ``python`` is the interpreter that runs ``-m jupyterlab`` (another venv's, e.g. the Binder
    check's); the kernel is that environment's too. ``env`` adds or replaces environment
    variables of the server (e.g. ``PATH`` with that venv's ``bin`` first). ``news_settings``
    writes user settings that turn JupyterLab's news and update check off; with ``False`` the
    server's own settings (defaults, an ``overrides.json``) are what the page gets.
    """

    def __init__(
        self,
        notebooks: dict[str, dict | str | os.PathLike] | None = None,
        *,
        python: str = sys.executable,
        viewport: tuple[int, int] = (1600, 1100),
        startup_timeout: float = 60.0,
        env: dict[str, str] | None = None,
        news_settings: bool = True,
    ) -> None:
        self.python = python
        self.extra_env = dict(env or {})
        self.news_settings = news_settings
        self.viewport = viewport
        self.startup_timeout = startup_timeout
        self._initial = dict(notebooks or {})
        self.tmp: Path | None = None
        self.proc: subprocess.Popen | None = None
        self.token = secrets.token_hex(16)
        self.port = 0
        self.browser = None                   # the process's Chromium (chromium()), held until stop()
        self._contexts: list = []             # the browser contexts this Lab opened, closed by stop()
        self.context = None
        self._pages: dict = {}                # the pages open() shows notebooks in, by window size
        self.blocked: list[str] = []          # URLs the page tried to reach outside 127.0.0.1
        self.console_errors: list[str] = []   # console errors and page errors, for reports

    # ---- lifecycle

    def __enter__(self) -> "Lab":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def root(self) -> Path:
        assert self.tmp is not None, "Lab not started"
        return self.tmp / "root"

    @property
    def runtime_dir(self) -> Path:
        assert self.tmp is not None, "Lab not started"
        return self.tmp / "runtime"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    #: Python packages the server needs beyond the harness's own (see missing_requirements).
    requires: tuple[str, ...] = ()

    def start(self) -> None:
        missing = missing_requirements(self.requires)
        if missing:
            raise HarnessError("missing: " + ", ".join(missing))
        self.tmp = Path(tempfile.mkdtemp(prefix="cafe-lab-"))
        for sub in ("root", "config", "data", "runtime", "ipython"):
            (self.tmp / sub).mkdir()
        if self.news_settings:
            self._write_lab_settings()
        for name, nb in self._initial.items():
            self.add_notebook(name, nb)
        try:
            self._start_server()
            self._start_browser()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Close the browser, shut the server down (POST /api/shutdown), remove the temp dir."""
        for context in self._contexts:
            _quietly(context.close)
        if self.browser is not None:
            release_chromium()
        self._contexts, self.context, self.browser, self._pages = [], None, None, {}
        if self.proc is not None:
            if self.proc.poll() is None:
                try:
                    self.api("POST", "/api/shutdown", timeout=10)
                except Exception:
                    pass
                try:
                    self.proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.proc.terminate()
                    try:
                        self.proc.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        self.proc.kill()
                        self.proc.wait()
            self._log.close()
            self.proc = None
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    def add_notebook(self, name: str, nb: dict | str | os.PathLike) -> Path:
        """Write (a dict) or copy (a path) a notebook into the server's root; never the original."""
        dest = self.root / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(nb, dict):
            dest.write_text(json.dumps(nb, indent=1), encoding="utf-8")
        else:
            shutil.copyfile(nb, dest)
        return dest

    def read_notebook(self, name: str) -> dict:
        return json.loads((self.root / name).read_text(encoding="utf-8"))

    def _write_lab_settings(self) -> None:
        # No news or update checks (they would try to reach the internet and pop up toasts).
        settings = self.tmp / "config" / "lab" / "user-settings" / "@jupyterlab"
        notif = settings / "apputils-extension" / "notification.jupyterlab-settings"
        notif.parent.mkdir(parents=True, exist_ok=True)
        notif.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        # Render every cell: with windowing, a widget scrolled out of view is taken out of the
        # page and drawn anew, and a test reading its canvas may read the one taken out.
        tracker = settings / "notebook-extension" / "tracker.jupyterlab-settings"
        tracker.parent.mkdir(parents=True, exist_ok=True)
        tracker.write_text(json.dumps({"windowingMode": "none"}))
        # The test extras install nbgrader, which enables its Lab extension (an
        # Assignments panel, a Nbgrader menu) and its server extensions: a student's Lab on
        # Binder has neither, so the Lab under test has neither either.
        config = self.tmp / "config"
        (config / "labconfig").mkdir(parents=True, exist_ok=True)
        # No check whether JupyterLab should be rebuilt: each page load asked the server, which
        # ran node (yarn config) to answer; nothing here builds JupyterLab.
        (config / "labconfig" / "page_config.json").write_text(json.dumps(
            {"disabledExtensions": {"@jupyter/nbgrader": True}, "buildCheck": False, "buildAvailable": False}))
        (config / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {"jpserver_extensions": {
            f"nbgrader.server_extensions.{name}": False
            for name in ("formgrader", "validate_assignment", "assignment_list", "course_list")}},
            # Voilà's pages (open_voila): a failing cell shows its traceback in the page (and in
            # the test's error message)
            "VoilaConfiguration": {"show_tracebacks": True}}))

    def _start_server(self) -> None:
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(self.tmp / "config"),
            JUPYTER_DATA_DIR=str(self.tmp / "data"),
            JUPYTER_RUNTIME_DIR=str(self.runtime_dir),
            IPYTHONDIR=str(self.tmp / "ipython"),
            JUPYTER_PLATFORM_DIRS="1",
            PYTHONUNBUFFERED="1",
        )
        env.update(self.extra_env)
        env.pop("JUPYTER_TOKEN", None)
        self._log_path = self.tmp / "server.log"
        self._log = open(self._log_path, "wb")
        for attempt in range(3):  # a port taken between free_port() and bind: try another
            self.port = free_port()
            cmd = self._server_command()
            self.proc = subprocess.Popen(
                cmd, cwd=self.root, env=env, stdin=subprocess.DEVNULL,
                stdout=self._log, stderr=subprocess.STDOUT,
            )
            if self._wait_server():
                return
            self.proc.wait()
        raise HarnessError("JupyterLab did not start:\n" + self.server_log()[-3000:])

    def _server_command(self) -> list[str]:
        return [
            self.python, "-m", "jupyterlab",
            "--no-browser", "--allow-root",
            f"--port={self.port}", "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=",
        ]

    def _wait_server(self) -> bool:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                self.api("GET", "/api/status", timeout=2)
                return True
            except (urllib.error.URLError, ConnectionError, OSError, http.client.HTTPException):
                # Not listening yet, or another process answers on the port (a kernel of another
                # test took it between free_port() and the server's bind: seen on 2026-11-29, a
                # ZeroMQ greeting; the server then exits and start() tries another port). Wait on
                # the process itself, a short while.
                try:
                    self.proc.wait(timeout=0.2)
                except subprocess.TimeoutExpired:
                    pass
        raise HarnessError("JupyterLab did not answer /api/status in time:\n"
                           + self.server_log()[-3000:])

    def server_log(self) -> str:
        try:
            return self._log_path.read_text(encoding="utf-8", errors="replace")
        except (OSError, AttributeError):
            return ""

    def api(self, method: str, path: str, body: Any = None, timeout: float = 10) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.url + path, data=data, method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            text = resp.read()
        return json.loads(text) if text else None

    # ---- the browser

    def _start_browser(self) -> None:
        self.browser = chromium()
        self.context = self._new_context(self.viewport, 1)

    def _new_context(self, viewport: tuple[int, int], scale: float, blocked: list[str] | None = None):
        """A browser context of this Lab's (closed by :meth:`stop`): a window of ``viewport`` CSS
        pixels at ``scale`` device pixels each, which may reach 127.0.0.1 only (what else its
        pages try to reach goes to ``blocked``, by default :attr:`blocked`)."""
        context = self.browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           device_scale_factor=scale)
        self._contexts.append(context)
        watch_requests(context, self.blocked if blocked is None else blocked)
        context.add_init_script(_PAGE_HELPERS)
        return context

    def _new_page(self, viewport: tuple[int, int] | None = None, scale: float = 1, blocked: list[str] | None = None):
        """A new page whose console errors and page errors are collected; with ``viewport`` (and
        ``scale``, the device pixel ratio: 2 for a HiDPI screen) in a browser context of its own."""
        context = self.context if viewport is None else self._new_context(viewport, scale, blocked)
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        return page

    def open(self, path: str, timeout: float = 60.0, viewport: tuple[int, int] | None = None,
             scale: float = 1) -> "Notebook":
        """The notebook at ``path`` in a page, once its kernel is ready (in a window of
        ``viewport`` CSS pixels at ``scale`` device pixels each, when given: a page of its own).

        The page of that window size (and scale) is used again when it is open: the notebooks it
        showed before are taken out of it, and this one is opened in it as a student opens a
        second notebook. Loading JupyterLab anew costs about 4 s and 7 s of CPU; this costs 1."""
        key = (viewport, scale if viewport is not None else 1)
        page = self._pages.get(key)
        if page is not None and not page.is_closed():
            nb = Notebook(self, page, path)
            nb.open_in_place(timeout=timeout)
            return nb
        page = self._pages[key] = self._new_page(viewport, scale)
        nb = Notebook(self, page, path)
        nb.goto(timeout=timeout)
        return nb

    def open_voila(self, path: str, timeout: float = 60.0) -> "VoilaPage":
        """``/voila/render/<path>`` in a new page, of a browser context of its own (once the page
        has loaded; the widgets may still be on their way: wait on the canvas): the route of a
        Binder link ``?urlpath=voila/render/<path>``, Voilà's server extension (enabled by
        installing voila) in this Lab's server, as on Binder. Voilà runs the notebook in a new
        kernel per page and shows only its Markdown and outputs; what the page tries to reach
        outside 127.0.0.1 is the page's ``blocked``, not the Lab's."""
        blocked: list[str] = []
        page = self._new_page(self.viewport, 1, blocked=blocked)
        view = VoilaPage(self, page, path, blocked)
        view.goto(timeout=timeout)
        return view


# -- one notebook in one page ---------------------------------------------------------------

class _Page:
    """What a notebook page and a Voilà page share: their canvases and screenshots."""

    page = None

    def canvas(self, index: int = 0, size: tuple[float, float] | None = None) -> "CanvasView":
        """The ``index``-th canvas output (all its layers); ``size`` is its logical size."""
        return CanvasView(self, index, size)

    def screenshot(self, name: str, *, full_page: bool = True) -> Path:
        path = artifact_path(name)
        self.page.screenshot(path=str(path), full_page=full_page)
        return path


class Notebook(_Page):
    """A notebook open in a page, with its kernel reachable from Python."""

    def __init__(self, lab: Lab, page, path: str) -> None:
        self.lab = lab
        self.page = page
        self.path = path
        self._kc = None
        self._kernel_id: str | None = None

    # ---- page lifecycle

    def goto(self, timeout: float = 60.0) -> None:
        # ?reset: a fresh workspace, so JupyterLab reopens no earlier tab (and starts no kernel for it)
        self.page.goto(f"{self.lab.url}/lab/tree/{self.path}?reset&token={self.lab.token}")
        self._wait_ready(timeout)

    def open_in_place(self, timeout: float = 60.0) -> None:
        """Show this notebook in a page where JupyterLab already runs: every notebook shown there
        before is taken out (the page then holds this one alone, as a fresh page would), then
        this one is opened with the file browser's command."""
        self.page.evaluate(
            """async (path) => {
                const app = window.jupyterapp;
                for (const w of Array.from(app.shell.widgets('main')))
                    if (w.context && w.sessionContext) w.dispose();
                await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
            }""",
            self.path,
        )
        self._wait_ready(timeout)

    def reload(self, timeout: float = 60.0) -> None:
        """Reload the page showing this notebook (the kernel and its session survive, as in a
        real browser)."""
        self.goto(timeout)

    def _wait_ready(self, timeout: float) -> None:
        ms = timeout * 1000
        self.page.wait_for_function(
            f"(path) => !!({_FIND_PANEL})(path)", arg=self.path, timeout=ms, polling=POLL_MS,
        )
        # Waiting on promises inside the page: evaluate() awaits what the function returns.
        self.page.evaluate(
            f"""async ([path, ms]) => {{
                const panel = ({_FIND_PANEL})(path);
                const t = window.__cwTest;
                await t.within(panel.context.ready, ms, 'context.ready');
                await t.within(panel.sessionContext.ready, ms, 'sessionContext.ready');
                await t.within(panel.revealed, ms, 'panel.revealed');
                window.jupyterapp.shell.activateById(panel.id);
            }}""",
            [self.path, ms],
        )
        self.page.wait_for_function(
            f"""(path) => {{
                const panel = ({_FIND_PANEL})(path);
                const kernel = panel && panel.sessionContext.session
                               && panel.sessionContext.session.kernel;
                return !!kernel && kernel.connectionStatus === 'connected'
                       && kernel.status === 'idle'
                       && window.jupyterapp.shell.currentWidget === panel;
            }}""",
            arg=self.path, timeout=ms, polling=POLL_MS,
        )

    def close(self, shutdown_kernel: bool = True) -> None:
        """Close the page; also stop the notebook's kernel (frees a core for the next test)."""
        if self._kc is not None:
            self._kc.stop_channels()
            self._kc = None
        if self.page in self.lab._pages.values() and not self.page.is_closed():
            # the Lab's page stays for the next notebook of its size: this one is taken out of it
            self.page.evaluate(f"(path) => {{ const p = ({_FIND_PANEL})(path); if (p) p.dispose(); }}",
                               self.path)
        else:
            self.page.close()
        if shutdown_kernel:
            for s in self.lab.api("GET", "/api/sessions"):
                if s.get("path") == self.path:
                    self.lab.api("DELETE", f"/api/sessions/{s['id']}")

    # ---- cells

    def _cell_states(self) -> dict:
        return self.page.evaluate(
            f"""(path) => {{
                const panel = ({_FIND_PANEL})(path);
                const cells = panel.content.widgets.filter(c => c.model.type === 'code');
                const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
                const errors = [];
                for (const c of cells) {{
                    for (let i = 0; i < c.model.outputs.length; i++) {{
                        const o = c.model.outputs.get(i).toJSON();
                        if (o.output_type === 'error')
                            errors.push(o.ename + ': ' + o.evalue + '\\n'
                                        + (o.traceback || []).join('\\n'));
                    }}
                }}
                return {{counts: cells.map(c => c.model.executionCount),
                         status: kernel ? kernel.status : null, errors}};
            }}""",
            self.path,
        )

    def run_all(self, timeout: float = 60.0) -> None:
        """Clear every output, run all cells, and wait until each code cell has run.

        Raises :class:`KernelError` with the traceback if a cell fails.
        """
        # Run-all's promise settles only when every cell has run: start it, don't await it,
        # and wait below with a timeout (a cell that hangs must not hang the test).
        self.page.evaluate(
            f"""async ([path, ms]) => {{
                const panel = ({_FIND_PANEL})(path);
                const app = window.jupyterapp;
                app.shell.activateById(panel.id);
                await window.__cwTest.within(
                    app.commands.execute('notebook:clear-all-cell-outputs'), ms, 'clear outputs');
                app.commands.execute('notebook:run-all-cells').catch(e => console.error(e));
            }}""",
            [self.path, timeout * 1000],
        )
        done_js = f"""(path) => {{
            const panel = ({_FIND_PANEL})(path);
            const cells = panel.content.widgets.filter(c => c.model.type === 'code');
            const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
            const failed = cells.some(c => {{
                for (let i = 0; i < c.model.outputs.length; i++)
                    if (c.model.outputs.get(i).type === 'error') return true;
                return false;
            }});
            const done = cells.every(c => c.model.executionCount !== null);
            return failed || (done && kernel && kernel.status === 'idle');
        }}"""
        self.page.wait_for_function(done_js, arg=self.path, timeout=timeout * 1000, polling=POLL_MS)
        state = self._cell_states()
        if state["errors"]:
            raise KernelError("a cell failed:\n" + "\n\n".join(state["errors"]))

    def save(self, timeout: float = 30.0) -> None:
        self.page.evaluate(
            f"""async ([path, ms]) => {{
                await window.__cwTest.within(({_FIND_PANEL})(path).context.save(), ms, 'save');
            }}""",
            [self.path, timeout * 1000],
        )
        self.page.wait_for_function(
            f"(path) => !({_FIND_PANEL})(path).context.model.dirty",
            arg=self.path, timeout=timeout * 1000, polling=POLL_MS,
        )

    # ---- the kernel, from Python

    def kernel_id(self) -> str:
        for s in self.lab.api("GET", "/api/sessions"):
            if s.get("path") == self.path or s.get("notebook", {}).get("path") == self.path:
                return s["kernel"]["id"]
        raise HarnessError(f"no session for {self.path}")

    def kernel_client(self):
        """A ``jupyter_client.BlockingKernelClient`` attached to the notebook's kernel."""
        kid = self.kernel_id()
        if self._kc is not None and self._kernel_id == kid:
            return self._kc
        if self._kc is not None:
            self._kc.stop_channels()
        from jupyter_client import BlockingKernelClient

        kc = BlockingKernelClient()
        kc.load_connection_file(str(self.lab.runtime_dir / f"kernel-{kid}.json"))
        kc.start_channels()
        kc.wait_for_ready(timeout=30)
        self._kc, self._kernel_id = kc, kid
        return kc

    def kernel_eval(self, expr: str = "None", code: str = "", timeout: float = 30.0) -> Any:
        """Run ``code`` silently in the notebook's kernel, then return the value of ``expr``.

        The value comes back through its repr: Python literals (str, int, bool, tuples, lists,
        dicts of those) are returned as such, anything else as the repr string.
        """
        kc = self.kernel_client()
        msg_id = kc.execute(code, silent=True, store_history=False,
                            user_expressions={"r": expr}, allow_stdin=False)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise HarnessError(f"kernel did not answer {expr!r} in {timeout} s")
            reply = kc.get_shell_msg(timeout=left)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        content = reply["content"]
        if content["status"] != "ok":
            raise KernelError(f"{content.get('ename')}: {content.get('evalue')}\n"
                              + "\n".join(content.get("traceback", [])))
        result = content["user_expressions"]["r"]
        if result["status"] != "ok":
            raise KernelError(f"{expr}: {result.get('ename')}: {result.get('evalue')}")
        text = result["data"]["text/plain"]
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text

    def wait_kernel(self, expr: str, timeout: float = 15.0) -> Any:
        """Poll ``expr`` in the kernel until it is truthy; return its value.

        A click reaches the kernel as a comm message some milliseconds after Playwright returns,
        so state is read this way (each poll is one kernel round trip, no sleep).
        """
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = self.kernel_eval(expr)
            if value:
                return value
            self.page.wait_for_timeout(20)  # let the page's comm messages through
        raise HarnessError(f"kernel: {expr} still {value!r} after {timeout} s")



class CanvasView:
    """One ipycanvas output in the page: layers composited, logical <-> CSS coordinates.

    Logical pixels are the widget's own coordinates (``w.locate`` and ``w.size``); the backing
    store may be larger (2x for sharp text); CSS pixels are what the mouse uses.
    """

    def __init__(self, nb: Notebook, index: int, size: tuple[float, float] | None) -> None:
        self.nb = nb
        self.page = nb.page
        self.index = index
        self.size = list(size) if size else None

    @property
    def top(self):
        """The top layer's <canvas> (the one that receives mouse events)."""
        outputs = self.page.locator(".jp-OutputArea-output").filter(
            has=self.page.locator("canvas"))
        return outputs.nth(self.index).locator("canvas").last

    def wait_drawn(self, min_ink: float = 0.05, timeout: float = 30.0) -> None:
        """Wait until the canvas exists and at least ``min_ink`` of it is painted."""
        self.page.wait_for_function(
            "([i, m]) => window.__cwTest.inkFraction(i) >= m",
            arg=[self.index, min_ink], timeout=timeout * 1000, polling=POLL_MS,
        )

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        """Page (viewport) CSS coordinates of logical canvas point (x, y)."""
        top = self.top
        top.scroll_into_view_if_needed()
        box = top.bounding_box()
        if box is None:
            raise HarnessError("the canvas is not visible")
        if self.size:
            w, h = self.size
        else:
            w, h = box["width"], box["height"]
        return box["x"] + x * box["width"] / w, box["y"] + y * box["height"] / h

    def click(self, x: float, y: float) -> None:
        cx, cy = self.to_css(x, y)
        height = self.page.viewport_size["height"]
        if not 0 <= cy < height:
            # scroll_into_view_if_needed is satisfied by the canvas's top edge alone; a point
            # below the fold (the hand, the buttons) would get a click that reaches nothing.
            self.top.evaluate("el => el.scrollIntoView({block: 'center'})")
            cx, cy = self.to_css(x, y)
        self.page.mouse.click(cx, cy)

    def region(self, x: float, y: float, r: float = 0) -> list[tuple[int, int, int, int]]:
        reg = self.page.evaluate(
            "([i, s, x, y, r]) => window.__cwTest.region(i, s, x, y, r)",
            [self.index, self.size, x, y, r],
        )
        if reg is None:
            raise HarnessError("no canvas to read")
        d = reg["data"]
        return [tuple(d[i:i + 4]) for i in range(0, len(d), 4)]

    def pixel(self, x: float, y: float) -> tuple[int, int, int, int]:
        return self.region(x, y, 0)[0]

    def colors(self, x: float, y: float, r: float = 6) -> Counter:
        """How many backing-store pixels of each opaque colour (hex) lie around (x, y)."""
        return Counter(rgb_to_hex(p) for p in self.region(x, y, r) if p[3] > 250)

    def has_color(self, x: float, y: float, color: str, r: float = 6, tol: int = 2) -> bool:
        return self.page.evaluate(
            "([i, s, x, y, r, c, t]) => window.__cwTest.hasColor(i, s, x, y, r, c, t)",
            [self.index, self.size, x, y, r, list(hex_to_rgb(color)), tol],
        )

    def wait_color(self, x: float, y: float, color: str, r: float = 6, tol: int = 2,
                   timeout: float = 15.0, present: bool = True) -> None:
        """Wait until ``color`` appears within ``r`` logical px of (x, y) (or, with
        ``present=False``, until it is gone from there)."""
        try:
            self.page.wait_for_function(
                "([i, s, x, y, r, c, t, p]) => window.__cwTest.hasColor(i, s, x, y, r, c, t) === p",
                arg=[self.index, self.size, x, y, r, list(hex_to_rgb(color)), tol, present],
                timeout=timeout * 1000, polling=POLL_MS,
            )
        except Exception as e:
            seen = self.colors(x, y, r).most_common(6)
            what = "never appeared" if present else "never went"
            raise HarnessError(f"{color} {what} near ({x}, {y}); seen {seen}") from e

    def click_and_time(self, x: float, y: float, r: float = 4, timeout: float = 10.0) -> float:
        """Click at (x, y) and return the ms from the mousedown (page clock) to the first
        animation frame in which the pixels around (x, y) differ from before the click."""
        self.page.evaluate(
            "([i, s, x, y, r, t]) => window.__cwTest.watch(i, s, x, y, r, t)",
            [self.index, self.size, x, y, r, timeout * 1000],
        )
        self.click(x, y)
        times = self.page.evaluate("window.__cwTest.pending")
        return times["changed"] - times["down"]

    def screenshot(self, name: str) -> Path:
        """A screenshot of the widget's whole output (canvas and whatever is below it)."""
        path = artifact_path(name)
        out = self.page.locator(".jp-OutputArea-output").filter(
            has=self.page.locator("canvas")).nth(self.index)
        out.screenshot(path=str(path))
        return path


# -- Voilà: the notebook as an app, without code ----------------------------------------------

class VoilaPage(_Page):
    """A notebook rendered by Voilà in one page. :class:`CanvasView` works on it as on a
    :class:`Notebook` (outputs carry the same ``jp-OutputArea-output`` class); its kernel is
    Voilà's own, so Python state is not reachable from here."""

    def __init__(self, lab: Lab, page, path: str, blocked: list[str]) -> None:
        self.lab = lab
        self.page = page
        self.path = path
        self.blocked = blocked          # what this page tried to reach outside 127.0.0.1

    @property
    def url(self) -> str:
        return f"{self.lab.url}/voila/render/{self.path}"

    def goto(self, timeout: float = 60.0) -> None:
        response = self.page.goto(f"{self.url}?token={self.lab.token}", timeout=timeout * 1000)
        if response is None or not response.ok:
            status = response.status if response is not None else "no response"
            raise HarnessError(f"{self.url}: {status} (is voila's server extension enabled?)\n"
                               + self.lab.server_log()[-2000:])

    def reload(self, timeout: float = 60.0) -> None:
        """Reload the page: Voilà runs the notebook again, in a new kernel."""
        self.page.reload(timeout=timeout * 1000)

    def errors(self) -> list[str]:
        """The text of every error output in the page (tracebacks, stderr)."""
        return self.page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
        ).all_inner_texts()

    def close(self) -> None:
        self.page.close()
