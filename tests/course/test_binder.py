"""The Binder configuration (``binder/``) works: proved without Docker and without mybinder.org.

mybinder.org builds the repository with repo2docker: a ``binder/`` folder makes it ignore
``pyproject.toml``, put Python from ``binder/runtime.txt`` in its base environment (which
already holds JupyterLab 4 and Notebook 7), ``pip install -r binder/requirements.txt`` from the
repository root (the line ``.`` installs this package), then run ``binder/postBuild``.
binder/requirements.txt is a lock: every package at one exact version, written by
``make binder-lock`` (tools/binder_lock.py) from the ranges of binder/requirements.in, resolved
together with the base image's ``jupyterlab==4.*`` and ``notebook==7.*`` (which it leaves out).
These tests check that it is a lock and still satisfies those ranges (no network), then do what
Binder does by hand, in a fresh virtual environment built from a copy of the files a commit would
hold (Binder sees nothing else), and check in it that:

- the environment holds exactly the locked versions (the launch a class makes is the one tested),
  and pip finds no broken requirement among them and the base image's packages;
- ``jupyter labextension list`` shows ipycanvas and the widget manager enabled, and
  ``jupyter server extension list`` Voilà's;
- every notebook passes nbval, run with that environment's Python;
- JupyterLab started from that environment shows a café in headless Chromium, a card is played
  with the mouse, and the kernel (that environment's) has it; postBuild's setting is in force:
  no news prompt;
- ``repo2docker --no-build --debug`` (no Docker daemon needed) prints a Dockerfile with
  Python 3.11, the requirements install and postBuild, and nothing from ``pyproject.toml``; and
  the lock resolves together with the JupyterLab and Notebook of repo2docker's base-image lock.

The environment is built once for the module, with uv (a test extra: the same requirement files,
the same index as Binder's pip, in seconds; with pip when uv is missing, about a minute), while
repo2docker installs into a venv of its own in the background. Without
what is needed (Python 3.11 with venv, the package index, Chromium for the browser test) the
tests are skipped, except under CI (the ``CI`` environment variable set), where they fail.
Run only these with ``pytest -m binder``.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None

REPO_ROOT = Path(__file__).resolve().parents[2]
BINDER = REPO_ROOT / "binder"
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
import harness  # noqa: E402  (tests/browser/harness.py: JupyterLab + Chromium + Playwright)

from packaging.utils import canonicalize_name  # noqa: E402
from packaging.version import Version  # noqa: E402

_spec = importlib.util.spec_from_file_location("binder_lock", REPO_ROOT / "tools" / "binder_lock.py")
binder_lock = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(binder_lock)   # tools/binder_lock.py: writes and checks the lock

pytestmark = pytest.mark.binder

#: What Binder's base image already has and binder/requirements.txt therefore leaves out
#: (repo2docker's conda environment for Python 3.11: JupyterLab 4, Notebook 7; checked against
#: its lock file in test_repo2docker_dockerfile). Installed first, as in the image; the lock is
#: resolved with the same (tools/binder_lock.py, BASE_IMAGE: said once, there).
BASE_IMAGE = list(binder_lock.BASE_IMAGE)
#: Test tooling only, never part of the Binder image: what runs the checks in that environment
#: (pinned as in pyproject.toml's `test` extra). Playwright is not among them: it drives
#: Chromium from this test process, only the JupyterLab server runs in the Binder environment.
TEST_TOOLING = ("pytest", "nbval")
#: The JupyterLab extensions the widget needs, as `jupyter labextension list` names them.
LAB_EXTENSIONS = ("ipycanvas", "@jupyter-widgets/jupyterlab-manager")
#: Lite tooling stays out of the Binder image (its kernel does not run in a server-hosted Lab).
LITE = re.compile(r"jupyterlite|pyodide", re.I)
#: pip's words for "the package index could not be reached" (a missing requirement, not a bug).
NETWORK_TROUBLE = re.compile(
    r"NewConnectionError|Failed to establish a new connection|Temporary failure in name "
    r"resolution|Network is unreachable|ConnectTimeout|ProxyError", re.I)
NEWS_PROMPT = "official Jupyter news"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

TIMINGS: dict[str, float] = {}


# -- helpers ----------------------------------------------------------------------------------

def require(ok: bool, message: str) -> None:
    """Skip when something this machine lacks is missing; under CI, fail instead."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"binder tests need: {message} (CI is set, so this is a failure, not a skip)")
    pytest.skip(f"binder tests need: {message}")


def timed(name: str):
    class _T:
        def __enter__(self):
            self.t0 = time.monotonic()

        def __exit__(self, *exc):
            TIMINGS[name] = time.monotonic() - self.t0
            print(f"[binder] {name}: {TIMINGS[name]:.1f} s")
    return _T()


def run(cmd, *, cwd, env=None, timeout=600, what=None, input=None) -> subprocess.CompletedProcess:
    """Run a command; on failure show its output (a network failure is a missing requirement)."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                          **({"input": input} if input is not None else {"stdin": subprocess.DEVNULL}))
    if proc.returncode != 0:
        output = (proc.stdout + "\n" + proc.stderr)[-6000:]
        require(not NETWORK_TROUBLE.search(output), f"the package index ({what or cmd[0]}):\n{output}")
        pytest.fail(f"{what or ' '.join(map(str, cmd))} exited {proc.returncode}:\n{output}")
    return proc


def runtime_version() -> str:
    text = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    m = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert m, f"binder/runtime.txt should read python-X.Y, not {text!r}"
    return m.group(1)


def find_python(version: str) -> str | None:
    """An interpreter of the runtime's version with a working venv module (not this venv's)."""
    for name in (f"python{version}", "python3"):
        exe = shutil.which(name)
        if not exe:
            continue
        try:
            out = subprocess.run(
                [exe, "-c", "import sys, venv, ensurepip; print('%d.%d' % sys.version_info[:2])"],
                capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and out.stdout.strip() == version:
            return exe
    return None


def requirement_lines(name: str = "requirements.txt") -> list[str]:
    """The requirements of binder/<name> (the lock, or requirements.in: the ranges)."""
    text = (BINDER / name).read_text(encoding="utf-8")
    return [line for _, line in binder_lock.requirement_lines(text)]


def locked() -> dict[str, Version]:
    """The lock's pins, by canonical name."""
    found, problems = binder_lock.pins((BINDER / "requirements.txt").read_text(encoding="utf-8"))
    assert problems == []
    return found


def pyproject() -> dict:
    text = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is None:
        pytest.skip("reading pyproject.toml needs Python 3.11+ (tomllib)")
    return tomllib.loads(text)


def tooling_pins() -> list[str]:
    """nbval and pytest as pinned in pyproject.toml's `test` extra."""
    extra = pyproject()["project"]["optional-dependencies"]["test"]
    pins = [r for r in extra if re.split(r"[=<>!~\[ ]", r, maxsplit=1)[0].lower() in TEST_TOOLING]
    assert len(pins) == len(TEST_TOOLING), extra
    return pins



def copy_committable(dest: Path) -> None:
    """Copy what a commit of the work tree would hold (tracked and new, not ignored files):
    Binder sees the repository, never a developer's .venv, build/ or test-artifacts/."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO_ROOT, capture_output=True, check=True, timeout=60).stdout
        names = [n for n in out.decode().split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = None
    if not names:  # not a git checkout: everything but the usual local debris
        shutil.copytree(REPO_ROOT, dest, dirs_exist_ok=True, symlinks=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
            ".hypothesis", "test-artifacts", ".ipynb_checkpoints"))
        return
    for name in names:
        src = REPO_ROOT / name
        if not src.exists() and not src.is_symlink():
            continue  # deleted in the work tree
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target, follow_symlinks=False)


def venv_env(venv: Path, home: Path) -> dict[str, str]:
    """The environment of a shell with ``venv`` activated, Jupyter's folders private."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "IPYTHON", "PYTHON", "VIRTUAL_ENV", "CONDA"))}
    for sub in ("config", "data", "runtime", "ipython"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        PYTHONNOUSERSITE="1",
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
        NO_COLOR="1",
    )
    return env


# -- the environment Binder would build -------------------------------------------------------

@functools.lru_cache(maxsize=None)
def uv() -> str | None:
    """uv (a test extra): it reads the same requirement files from the same index as pip, and
    builds the environment in seconds where pip takes half a minute or more (JupyterLab and its
    hundred dependencies) — Binder itself runs pip; what is installed is the same. None without
    it: then pip does the work."""
    try:
        from uv import find_uv_bin
        return find_uv_bin()
    except (ImportError, FileNotFoundError):
        return None


def make_venv(python: str, venv: Path, cwd: Path) -> None:
    """A fresh virtual environment of ``python`` (with pip in it, as Binder's has)."""
    if uv():
        run([uv(), "venv", "--quiet", "--seed", "--python", python, str(venv)], cwd=cwd, what="uv venv")
    else:
        run([python, "-m", "venv", str(venv)], cwd=cwd, what="python -m venv")


def pip_install(python: str) -> list[str]:
    """The command that installs into the environment of ``python`` (uv's pip, or pip's own);
    no .pyc files written at install time: they are written on first import instead."""
    if uv():
        return [uv(), "pip", "install", "--quiet", "--python", python]
    return [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile"]


class BinderEnv:
    def __init__(self, root: Path, repo: Path, venv: Path, env: dict[str, str]) -> None:
        self.root, self.repo, self.venv, self.env = root, repo, venv, env
        self.python = str(venv / "bin" / "python")

    def run(self, *args, what=None, timeout=600, cwd=None) -> subprocess.CompletedProcess:
        return run(list(args), cwd=cwd or self.repo, env=self.env, timeout=timeout, what=what)


@pytest.fixture(scope="module")
def workdir():
    root = Path(tempfile.mkdtemp(prefix="cafe-binder-"))
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def repo_copy(workdir):
    repo = workdir / "repo"
    copy_committable(repo)
    return repo


class Background:
    """A command running on its own (the other core), waited on later."""

    def __init__(self, name: str, cmd: list[str], *, cwd: Path, env: dict, log: Path) -> None:
        self.name, self.log_path = name, log
        self._log = open(log, "w")
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                     stdout=self._log, stderr=subprocess.STDOUT, text=True)
        self.t1 = None
        self._reaper = threading.Thread(target=self._reap, daemon=True)
        self._reaper.start()

    def _reap(self) -> None:
        self.proc.wait()
        self.t1 = time.monotonic()

    def wait(self, timeout: float = 600) -> None:
        t = time.monotonic()
        rc = self.proc.wait(timeout=timeout)
        self._reaper.join()
        self._log.close()
        TIMINGS[self.name] = self.t1 - self.t0
        print(f"[binder] {self.name}: {TIMINGS[self.name]:.1f} s in the background, "
              f"{time.monotonic() - t:.1f} s waited for here")
        if rc != 0:
            output = self.log_path.read_text(errors="replace")[-6000:]
            require(not NETWORK_TROUBLE.search(output), f"the package index ({self.name}):\n{output}")
            pytest.fail(f"{self.name} exited {rc}:\n{output}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._log.close()


@pytest.fixture(scope="module")
def repo2docker_venv(workdir):
    """A venv with jupyter-repo2docker, installing in the background from the moment it is
    asked for (binder_env asks first, so both installs share the two cores)."""
    python = find_python(runtime_version()) or shutil.which("python3")
    if python is None:
        yield None
        return
    venv = workdir / "r2d-venv"
    env = venv_env(venv, workdir / "r2d-home")
    # Unpinned: the check is against the repo2docker that mybinder.org runs now, the newest.
    make_venv(python, venv, workdir)
    script = " ".join(shlex.quote(a) for a in pip_install(str(venv / "bin" / "python"))) + " jupyter-repo2docker"
    job = Background("repo2docker venv", ["bash", "-c", script], cwd=workdir, env=env,
                     log=workdir / "r2d-install.log")
    try:
        yield job, venv, env
    finally:
        job.stop()


@pytest.fixture(scope="module")
def binder_env(workdir, repo_copy, repo2docker_venv):
    version = runtime_version()
    python = find_python(version)
    require(python is not None, f"Python {version} with venv (binder/runtime.txt)")
    venv = workdir / "venv"
    b = BinderEnv(workdir, repo_copy, venv, venv_env(venv, workdir / "home"))
    pip = pip_install(b.python)
    with timed("venv + installs"):
        make_venv(python, venv, workdir)
        # What the base image provides (not in binder/requirements.txt).
        b.run(*pip, *BASE_IMAGE, what="pip install (base image: JupyterLab 4, Notebook 7)")
        # What Binder itself does, from the repository root so that "." is this package.
        b.run(*pip, "-r", "binder/requirements.txt", what="pip install -r binder/requirements.txt")
        # Test tooling, never in the image.
        b.run(*pip, *tooling_pins(), what="pip install (test tooling: nbval, pytest)")
    with timed("binder/postBuild"):
        # As repo2docker runs it: from the repository root, the environment first on PATH.
        b.run("bash", str(repo_copy / "binder" / "postBuild"), what="binder/postBuild")
    return b


# -- the checks -------------------------------------------------------------------------------

def test_binder_files():
    """runtime.txt, requirements.in (the ranges), requirements.txt (their lock) and postBuild say
    what Binder needs, and nothing more."""
    assert runtime_version() == "3.11"
    ranges = requirement_lines("requirements.in")
    assert "." in ranges, "binder/requirements.in must install the package itself ('.')"
    # The package's own pins, word for word (pyproject.toml is ignored by Binder).
    for dep in pyproject()["project"]["dependencies"]:
        assert dep in ranges, f"{dep} (pyproject.toml) missing from binder/requirements.in"
    assert "voila>=0.5,<0.6" in ranges
    lines = requirement_lines()
    for name, listed in (("requirements.in", ranges), ("requirements.txt", lines)):
        assert not [l for l in listed if LITE.search(l)], f"lite tooling in binder/{name}"
        assert not [l for l in listed if re.match(r"(jupyterlab|notebook)(?![\w.-])", l)], \
            f"JupyterLab and Notebook come with the base image (binder/{name})"
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    assert post_build.read_text(encoding="utf-8").startswith("#!")


def test_requirements_txt_is_the_lock_of_requirements_in():
    """binder/requirements.txt is a lock (every line name==version, and '.'), written by
    tools/binder_lock.py, with no absolute path or file:// URL, and satisfies the ranges of
    binder/requirements.in and pyproject.toml (tools/binder_lock.py --check: no network)."""
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    assert text.startswith(binder_lock.GENERATED), "binder/requirements.txt: run make binder-lock"
    lines = requirement_lines()
    assert lines.count(".") == 1, "the lock keeps the line '.' (the package itself), once"
    not_pins = [l for l in lines if l != "." and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*==[\w.+!-]+", l)]
    assert not_pins == [], f"binder/requirements.txt is not a lock: {not_pins}"
    assert "file:" not in text and not re.search(r"(^|\s)/\w", text, re.M), "an absolute path in the lock"
    assert len(locked()) == len(lines) - 1, "a package pinned twice"
    # Every package the ranges name, and the ones they bring (the widget's own among them).
    for name in ("ipycanvas", "ipywidgets", "voila", "jupyter-server", "ipython", "widgetsnbextension"):
        assert name in locked(), f"{name} not locked"
    problems = binder_lock.check()
    assert problems == [], "binder/requirements.txt no longer satisfies binder/requirements.in " \
                           "(run make binder-lock):\n" + "\n".join(problems)
    # The command the Makefile names, as a developer runs it.
    out = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "binder_lock.py"), "--check"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_environment_holds_the_locked_versions(binder_env):
    """What Binder installs from the lock is what the environment holds: every locked package at
    its locked version (after the base image's JupyterLab and Notebook, and the test tooling, were
    installed too), and pip finds no requirement of one broken by another."""
    b = binder_env
    installed = {canonicalize_name(p["name"]): Version(p["version"]) for p in json.loads(
        b.run(b.python, "-m", "pip", "list", "--format=json", "--disable-pip-version-check").stdout)}
    differ = {name: (str(version), str(installed.get(name))) for name, version in locked().items()
              if installed.get(name) != version}
    assert differ == {}, f"locked version, installed version: {differ}"
    for name in binder_lock.base_names():
        assert name in installed and name not in locked(), name
    check = b.run(b.python, "-m", "pip", "check", "--disable-pip-version-check", what="pip check")
    print(check.stdout)


def test_installed_package_and_extensions(binder_env):
    """The package comes from the install (not the source tree); ipycanvas, the widget manager
    and Voilà are enabled; no lite tooling; the news setting is where JupyterLab reads it."""
    b = binder_env
    # From a folder outside the repository: the installed copy, not the source tree.
    where = b.run(b.python, "-c", "import cafe_widget, ipycanvas, voila; "
                  "print(cafe_widget.__file__); print(ipycanvas.__version__)",
                  cwd=b.root).stdout.split()
    assert Path(where[0]).is_relative_to(b.venv), where
    assert where[1].startswith("0.14."), where
    packages = {p["name"].lower(): p["version"] for p in json.loads(
        b.run(b.python, "-m", "pip", "list", "--format=json", "--disable-pip-version-check").stdout)}
    assert packages["voila"].startswith("0.5."), packages.get("voila")
    assert packages["jupyterlab"].startswith("4."), packages.get("jupyterlab")
    assert not [p for p in packages if LITE.search(p)], "lite tooling in the Binder environment"

    with timed("jupyter labextension list"):
        out = b.run("jupyter", "labextension", "list", what="jupyter labextension list")
    text = ANSI.sub("", out.stdout + out.stderr)
    print(text)
    for name in LAB_EXTENSIONS:
        assert re.search(rf"^\s*{re.escape(name)} v\S+ enabled OK", text, re.M), \
            f"{name} not enabled:\n{text}"
    out = b.run("jupyter", "server", "extension", "list", what="jupyter server extension list")
    text = ANSI.sub("", out.stdout + out.stderr)
    assert re.search(r"^\s*voila\.server_extension enabled", text, re.M), text

    app_dir = b.run(b.python, "-c", "from jupyterlab.commands import get_app_dir; "
                    "print(get_app_dir())").stdout.strip()
    overrides = json.loads((Path(app_dir) / "settings" / "overrides.json").read_text())
    assert overrides[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}


#: What the Binder environment runs under nbval: the main suite runs every notebook already, so
#: here the question is the environment — the engine and pictures (01), a whole game in the
#: widget (10), the board game (14), the class's table (a Table on one computer), and the
#: catalogs installed (a French one).
BINDER_NOTEBOOKS = ("notebooks/01_the_cafe.ipynb", "notebooks/10_play.ipynb", "notebooks/14_board_game_play.ipynb",
                    "notebooks/class_table.ipynb", "notebooks/fr/01_le_cafe.ipynb")


def test_notebooks_nbval(binder_env):
    """A notebook of each kind runs, and its checked outputs match, with the Binder environment's
    Python."""
    b = binder_env
    notebooks = [n for n in BINDER_NOTEBOOKS if (b.repo / n).exists()]
    assert notebooks == list(BINDER_NOTEBOOKS), "a notebook the Binder check runs is gone"
    with timed("nbval over notebooks/"):
        out = b.run(b.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax",
                    "--nbval-current-env", "--nbval-cell-timeout=120", *notebooks,
                    what="nbval in the Binder environment", timeout=900)
    print(out.stdout[-2000:])
    summary = out.stdout.strip().splitlines()[-1]
    assert re.search(r"\d+ passed", summary) and "failed" not in summary, out.stdout[-3000:]


def test_browser_plays_a_card(binder_env):
    """JupyterLab from the Binder environment: a café drawn, a palette card clicked, a lit seat
    clicked, the kernel (that environment's Python) has the guest; no news prompt."""
    harness.require_browser()
    b = binder_env
    cells = [
        "import sys, cafe_widget\nfrom cafe_widget import CafeWidget\n"
        "from cafe_widget.render.style import COLORS",
        'w = CafeWidget.from_notation("RU GB FR ES IT | b1:RUf b3:RUm")\nw',
    ]
    t0 = time.monotonic()
    # news_settings=False: the harness's own "no news" user settings would hide postBuild's.
    with harness.Lab(notebooks={"binder_check.ipynb": harness.new_notebook(cells)},
                     python=b.python, env={k: b.env[k] for k in ("PATH", "VIRTUAL_ENV",
                                                                 "PYTHONNOUSERSITE")},
                     news_settings=False) as lab:
        nb = lab.open("binder_check.ipynb")
        nb.run_all(timeout=90)
        # The kernel is the Binder environment's, and the package its installed copy.
        assert Path(nb.kernel_eval("sys.prefix")) == b.venv
        assert Path(nb.kernel_eval("cafe_widget.__file__")).is_relative_to(b.venv)

        colors = nb.kernel_eval("COLORS")
        canvas = nb.canvas(0, size=tuple(nb.kernel_eval("tuple(w.size)")))
        canvas.wait_drawn()
        seat = nb.kernel_eval("w.cafe.legal_seats('RUf')")[-1]
        points = nb.kernel_eval(f"w.cafe.play('RUf@{seat}').points")
        seat_xy = nb.kernel_eval(f"w.locate({seat!r})")
        canvas.wait_color(*seat_xy, colors["seat"])
        canvas.click(*nb.kernel_eval("w.locate('RUf')"))        # the palette card
        canvas.wait_color(*seat_xy, colors["lit_fill"])          # its seat lights up
        canvas.click(*seat_xy)
        assert nb.wait_kernel(f"w.cafe.guest({seat!r}) == 'RUf'")
        assert f"= {points}" in nb.kernel_eval("w.status"), nb.kernel_eval("w.status")
        canvas.wait_color(*seat_xy, colors["woman"])             # drawn on screen
        canvas.screenshot(f"binder-RUf-{seat}.png")

        # postBuild's overrides.json: the defaults the page gets, and no prompt on screen (the
        # prompt shows as soon as the app is restored, long before this point, when not off).
        schema = lab.api("GET", f"/lab/api/settings/{NOTIFICATION}")["schema"]["properties"]
        assert schema["fetchNews"]["default"] == "false"
        assert schema["checkForUpdates"]["default"] is False
        toasts = nb.page.locator(".Toastify__toast").all_inner_texts()
        assert not [t for t in toasts if NEWS_PROMPT in t], toasts
        assert NEWS_PROMPT not in nb.page.inner_text("body")
        assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
        nb.close()
    TIMINGS["browser"] = time.monotonic() - t0
    print(f"[binder] browser: {TIMINGS['browser']:.1f} s")


def _unescape(name: str) -> str:
    """repo2docker's escaped build-script file names (escapism, '-' + hex)."""
    return re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m.group(1), 16)), name)


def test_repo2docker_dockerfile(repo_copy, repo2docker_venv):
    """repo2docker --no-build --debug (no Docker daemon needed) prints the Dockerfile that
    mybinder.org would build: Python 3.11, the requirements install, postBuild."""
    require(repo2docker_venv is not None, "Python 3 with venv")
    job, venv, env = repo2docker_venv
    version = runtime_version()
    job.wait()
    with timed("repo2docker --no-build"):
        out = run([str(venv / "bin" / "repo2docker"), "--no-build", "--debug", "."],
                  cwd=repo_copy, env=env, timeout=300, what="repo2docker --no-build --debug .")
    dockerfile, log = out.stdout, out.stderr
    harness.artifact_path("binder-Dockerfile").write_text(dockerfile, encoding="utf-8")
    print(log)

    # Python 3.11: repo2docker says so, and copies in its Python 3.11 environment lock.
    assert f"python={version}" in log, log
    sources = [_unescape(m) for m in re.findall(r"^COPY \S+ build_script_files/(\S+)",
                                                dockerfile, re.M)]
    # (Compared by meaning, not by the words this repo2docker writes: any environment file of
    # Python 3.11, any pip flags, postBuild run from the repository.)
    lock = [s for s in sources if re.search(rf"environment\S*py-?{re.escape(version)}", s)]
    assert lock, sources
    # The requirements install, from binder/, into the kernel's environment, then postBuild.
    installs = [line for line in dockerfile.splitlines() if re.match(r"RUN\b.*\bpip install\b", line)]
    assert [line for line in installs if re.search(r'-r\s+"?binder/requirements\.txt"?', line)], dockerfile
    assert re.search(r"^RUN\s.*\bbinder/postBuild\b", dockerfile, re.M), dockerfile
    # Nothing from the root: no `pip install .` of pyproject.toml beside binder/.
    assert "pyproject" not in dockerfile
    assert not re.search(r"pip install[^\n]*\s\.\s*$", dockerfile, re.M), dockerfile

    # The base image holds JupyterLab 4 and Notebook 7 (what BASE_IMAGE stands in for).
    conda = Path(run([str(venv / "bin" / "python"), "-c",
                      "import repo2docker, os; print(os.path.dirname(repo2docker.__file__))"],
                     cwd=repo_copy, env=env).stdout.strip()) / "buildpacks" / "conda"
    locks = sorted(conda.glob(f"environment*py*{version}*"))
    assert locks, f"no environment file of Python {version} in {conda}"
    base = "\n".join(f.read_text(encoding="utf-8") for f in locks)
    assert re.search(r"\bjupyterlab[-=]{1,2}4\.\d", base), "no JupyterLab 4 in the base image"
    assert re.search(r"\bnotebook[-=]{1,2}7\.\d", base), "no Notebook 7 in the base image"
    for line in base.splitlines():
        if re.search(r"/(python|jupyterlab|notebook|ipywidgets)-\d", line):
            print("[binder] base image:", line.rsplit("/", 1)[-1].split("#")[0])

    # The lock fits the image Binder really builds on: resolved together with the base image's
    # own JupyterLab and Notebook (BASE_IMAGE stands in for them above), nothing conflicts.
    require(uv() is not None, "uv (a test extra) to resolve the lock with the base image")
    # The environment lock the Dockerfile copies in (its file name, then repo2docker's hash).
    used = "\n".join(f.read_text(encoding="utf-8") for f in locks
                     if any(Path(s).name.startswith(f.name) for s in lock))
    assert used, f"the Dockerfile's environment lock is not in {conda}: {lock}"
    image = sorted({f"{name}=={v}" for name in ("jupyterlab", "notebook")
                    for v in re.findall(rf"/{name}-(\d[^-/]*)-[^/-]+\.(?:conda|tar\.bz2)", used)})
    assert [p.split("==")[0] for p in image] == ["jupyterlab", "notebook"], image
    with timed("the lock with the base image's JupyterLab and Notebook"):
        out = run([uv(), "pip", "compile", "binder/requirements.txt", "-", "--python-version", version,
                   "--python-platform", binder_lock.PLATFORM, "--no-header", "--no-annotate"],
                  cwd=repo_copy, input="\n".join(image) + "\n",
                  what=f"uv pip compile binder/requirements.txt with {' '.join(image)}")
    assert re.search(r"^ipycanvas==", out.stdout, re.M), out.stdout
    print(f"[binder] the lock resolves with {' '.join(image)}")
