"""Build the server-less JupyterLite site: the course in the browser, no Jupyter server.

    python tools/build_lite.py [--output-dir _site]

Needs the ``lite`` tools in this Python (``pip install -e '.[lite]'``): jupyterlite-core and
jupyterlite-pyodide-kernel 0.8 (JupyterLab 4.6). Reaches PyPI only through pip, the first time,
for the wheels of ipycanvas and the pure-Python dependencies that Pyodide does not ship (kept in
``_build/lite-wheels/`` for the next builds), and for the package's build backend when this
Python's setuptools is older than 70.1; the JupyterLite build itself runs offline (it never
fetches Pyodide).

What goes into the site (a folder of static files; serve it anywhere, e.g. GitHub Pages):

- ``pypi/``: piplite wheels: cafe_widget (built here from this checkout), ipycanvas 0.14,
  ipywidgets 8 and jupyterlab_widgets (pure-Python wheels from PyPI), indexed in
  ``pypi/all.json``. numpy, pillow, ipython, traitlets and comm come with Pyodide; the Pyodide
  kernel brings its own ipykernel and widgetsnbextension stand-ins.
- ``extensions/``: the front-end parts: the ipycanvas and ``@jupyter-widgets/jupyterlab-manager``
  lab extensions (taken from those wheels) and the Pyodide kernel. Nothing else from this
  environment's ``share/jupyter/labextensions`` is copied, so the site is the same whichever
  venv builds it.
- ``files/``: copies of ``notebooks/**/*.ipynb`` (the French course in ``fr/``) and the rules cards, with the Pyodide kernel as their kernelspec and one
  cell added before their first code cell, which installs cafe_widget from the site's own wheels
  in the browser (``%pip install`` under ``sys.platform == "emscripten"``; it does nothing in
  ordinary Jupyter). The notebooks in ``notebooks/`` are not changed.

At run time the browser loads the Pyodide runtime (and numpy, pillow, ...) from the jsDelivr CDN:
the site needs internet access in the browser, not at build time.

Work files go to ``.lite-build/`` (git-ignored), rebuilt from scratch each run; the output folder
is emptied first (only if it is empty or holds an earlier JupyterLite site).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE_CONFIG_DIR = ROOT / "lite"
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUTPUT = ROOT / "_site"
DEFAULT_WORK = ROOT / ".lite-build"
#: The pure-Python wheels downloaded once (ipycanvas, ipywidgets, jupyterlab_widgets), reused by
#: the next builds so that they fetch nothing (git-ignored, under _build/).
WHEEL_CACHE = ROOT / "_build" / "lite-wheels"

#: Files of this checkout that building the package's wheel needs (the rest are left out, so
#: no stale ``build/`` or ``*.egg-info`` of the checkout can slip into the wheel).
PACKAGE_SOURCES = ["pyproject.toml", "README.md", "cafe_widget", "LICENSE", "setup.py",
                   "setup.cfg", "MANIFEST.in"]

#: Distributions the browser already has: in Pyodide's own distribution (loaded from its
#: lockfile by micropip) or shipped by the Pyodide kernel (its ``static/pypi`` index).
PROVIDED_IN_BROWSER = {
    "comm", "ipython", "traitlets", "numpy", "pillow",   # Pyodide's distribution
    "ipykernel", "widgetsnbextension", "pyodide-kernel", "piplite",  # the Pyodide kernel
}

PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SETUP_CELL_ID = "lite-install-cafe-widget"
SETUP_CELL_SOURCE = """\
# JupyterLite (Python in the browser) only: install cafe_widget, with ipycanvas and ipywidgets,
# from this site's own wheels. Elsewhere this cell does nothing.
import sys
if sys.platform == "emscripten":
    %pip install -q cafe_widget
"""


def log(message: str) -> None:
    print(f"[build_lite] {message}", flush=True)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def require_tools() -> dict[str, str]:
    """The versions of the lite tools, or exit with how to install them."""
    try:
        import jupyterlite_core
        import jupyterlite_pyodide_kernel
        import packaging  # noqa: F401
    except ImportError as error:
        sys.exit(f"build_lite: {error.name} is missing in {sys.executable}: "
                 "pip install -e '.[lite]'")
    return {"jupyterlite-core": jupyterlite_core.__version__,
            "jupyterlite-pyodide-kernel": jupyterlite_pyodide_kernel.__version__}


def run(cmd: list[str], **kwargs) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def pip(*args: str) -> list[str]:
    return [sys.executable, "-m", "pip", "--disable-pip-version-check", *args]


def build_package_wheel(work: Path, dest: Path) -> Path:
    """``pip wheel --no-deps`` on a clean copy of the package's sources."""
    src = work / "src"
    src.mkdir(parents=True)
    for name in PACKAGE_SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif path.exists():
            shutil.copy2(path, src / name)
    # With this Python's own setuptools when it can build the wheel (the lite extra asks for it):
    # nothing to fetch; else in pip's isolated build environment (setuptools from the index).
    own = ["--no-build-isolation"] if _setuptools_builds_wheels() else []
    run(pip("wheel", "--quiet", "--no-deps", *own, "--wheel-dir", dest, src))
    wheels = sorted(dest.glob("cafe_widget-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"build_lite: expected one cafe_widget wheel in {dest}, found {wheels}")
    return wheels[0]


def _setuptools_builds_wheels() -> bool:
    """This Python's setuptools builds wheels by itself (70.1 and later: bdist_wheel built in)."""
    try:
        from importlib.metadata import version
        from packaging.version import Version
        return Version(version("setuptools")) >= Version("70.1")
    except Exception:  # noqa: BLE001 - no setuptools, or no version: let pip isolate the build
        return False


def wheel_metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist()
                    if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(zf.read(name).decode("utf-8"))


def browser_requirements(wheel: Path, python_version: str) -> list:
    """The wheel's requirements that apply in Pyodide (no extras, markers evaluated)."""
    from packaging.requirements import Requirement

    env = {"python_version": python_version, "python_full_version": f"{python_version}.0",
           "sys_platform": "emscripten", "platform_system": "Emscripten",
           "os_name": "posix", "platform_machine": "wasm32",
           "implementation_name": "cpython", "platform_python_implementation": "CPython",
           "extra": ""}
    requirements = []
    for line in wheel_metadata(wheel).get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            requirements.append(req)
    return requirements


def download_dependencies(package_wheel: Path, dest: Path, python_version: str) -> list[Path]:
    """Download the pure-Python wheels of every dependency the browser lacks, transitively."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    have = {canonicalize_name(parse_wheel_filename(package_wheel.name)[0]): package_wheel}
    todo = browser_requirements(package_wheel, python_version)
    downloaded = []
    while todo:
        wanted = {}
        for req in todo:
            name = canonicalize_name(req.name)
            if name in PROVIDED_IN_BROWSER:
                continue
            if name in have:
                version = parse_wheel_filename(have[name].name)[1]
                if not req.specifier.contains(version, prereleases=True):
                    sys.exit(f"build_lite: {have[name].name} does not satisfy {req}")
                continue
            wanted[name] = wanted.get(name, req.specifier) & req.specifier
        if not wanted:
            break
        before = set(dest.glob("*.whl"))
        # Pure wheels only (py3-none-any), for Pyodide's Python: what piplite can install. From
        # the wheels an earlier build kept (WHEEL_CACHE) when they satisfy it: no network;
        # else from the package index, and kept for the next build.
        download = pip("download", "--quiet", "--no-deps", "--only-binary=:all:",
                       "--python-version", python_version, "--implementation", "py",
                       "--abi", "none", "--platform", "any", "--dest", str(dest),
                       *(f"{name}{spec}" for name, spec in sorted(wanted.items())))
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        offline = subprocess.run([*download, "--no-index", "--find-links", str(WHEEL_CACHE)],
                                 capture_output=True, text=True)
        if offline.returncode == 0:
            log("wheels from " + str(WHEEL_CACHE.relative_to(ROOT)) + ": " + ", ".join(sorted(wanted)))
        else:
            run(download)
        new = sorted(set(dest.glob("*.whl")) - before)
        for wheel in new:
            if not (WHEEL_CACHE / wheel.name).exists():
                shutil.copy2(wheel, WHEEL_CACHE / wheel.name)
        todo = []
        for wheel in new:
            name = canonicalize_name(parse_wheel_filename(wheel.name)[0])
            have[name] = wheel
            downloaded.append(wheel)
            todo += browser_requirements(wheel, python_version)
        missing = set(wanted) - set(have)
        if missing:
            sys.exit(f"build_lite: pip downloaded no wheel for {sorted(missing)}")
    return downloaded


def labextension_wheels(wheels: list[Path]) -> list[Path]:
    """The wheels that carry a prebuilt JupyterLab extension (``share/jupyter/labextensions``)."""
    pattern = re.compile(r"^[^/]+\.data/data/share/jupyter/labextensions/(@[^/]+/)?[^/@]+/package\.json$")
    found = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            if any(pattern.match(n) for n in zf.namelist()):
                found.append(wheel)
    return found


def pyodide_kernel_extension() -> Path:
    """The Pyodide kernel's lab extension, as installed with jupyterlite-pyodide-kernel."""
    from jupyterlite_pyodide_kernel import __version__
    from jupyterlite_pyodide_kernel.constants import PYODIDE_KERNEL_NPM_NAME

    candidates = [Path(sys.prefix) / "share/jupyter/labextensions"]
    try:
        from jupyter_core.paths import jupyter_path
        candidates += [Path(p) for p in jupyter_path("labextensions")]
    except ImportError:  # pragma: no cover - jupyter_core comes with jupyterlite-core
        pass
    for root in candidates:
        ext = root / PYODIDE_KERNEL_NPM_NAME
        pkg = ext / "package.json"
        if pkg.exists() and json.loads(pkg.read_text("utf-8")).get("version") == __version__:
            return ext
    sys.exit(f"build_lite: no {PYODIDE_KERNEL_NPM_NAME} {__version__} lab extension in "
             f"{[str(c) for c in candidates]}")


def lite_notebook(path: Path) -> dict:
    """A copy of a course notebook for the site: Pyodide kernelspec and the install cell."""
    nb = json.loads(path.read_text("utf-8"))
    nb = copy.deepcopy(nb)
    nb.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    cells = nb.get("cells", [])
    sources = ["".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code"]
    if not any("cafe_widget" in s and ("%pip install" in s or "piplite" in s) for s in sources):
        cell = {"cell_type": "code", "execution_count": None, "metadata": {"tags": ["lite"]},
                "outputs": [], "source": SETUP_CELL_SOURCE.splitlines(keepends=True)}
        if (nb.get("nbformat", 4), nb.get("nbformat_minor", 0)) >= (4, 5):
            cell["id"] = SETUP_CELL_ID
        first_code = next((i for i, c in enumerate(cells) if c.get("cell_type") == "code"),
                          len(cells))
        cells.insert(first_code, cell)
    return nb


def prepare_output(output: Path) -> None:
    """Empty the output folder, refusing anything that is not an earlier site."""
    if output.exists():
        if not output.is_dir():
            sys.exit(f"build_lite: {output} is not a folder")
        if any(output.iterdir()) and not (output / "jupyter-lite.json").exists():
            sys.exit(f"build_lite: {output} is neither empty nor a JupyterLite site; "
                     "not deleting it")
        shutil.rmtree(output)


def check_site(output: Path, notebooks: list[Path], wheels: list[Path]) -> None:
    """Fail unless the site holds the notebooks, the wheels and the lab extensions."""
    expected = [output / "index.html", output / "jupyter-lite.json", output / "pypi/all.json",
                output / "extensions/ipycanvas/package.json",
                output / "extensions/@jupyter-widgets/jupyterlab-manager/package.json",
                output / "extensions/@jupyterlite/pyodide-kernel-extension/package.json"]
    expected += [output / "files" / nb.relative_to(NOTEBOOKS) for nb in notebooks]
    expected += [output / "pypi" / whl.name for whl in wheels]
    missing = [str(p.relative_to(output)) for p in expected if not p.exists()]
    if missing:
        sys.exit(f"build_lite: the site lacks {missing}")
    config = json.loads((output / "jupyter-lite.json").read_text("utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    if not any(u.startswith("./pypi/all.json") for u in kernel.get("pipliteUrls", [])):
        sys.exit("build_lite: jupyter-lite.json does not point piplite at ./pypi/all.json")


def build(output: Path, work: Path) -> Path:
    started = time.monotonic()
    versions = require_tools()
    from jupyterlite_pyodide_kernel import constants
    python_version = getattr(constants, "PYODIDE_PYTHON_VERSION", "3.13")  # Pyodide's Python

    output, work = output.resolve(), work.resolve()
    prepare_output(output)
    marker = work / ".build_lite-scratch"
    if work.exists():
        if any(work.iterdir()) and not marker.exists():
            sys.exit(f"build_lite: {work} is not empty and not a build_lite scratch folder; "
                     "not deleting it")
        shutil.rmtree(work)
    work.mkdir(parents=True)
    marker.write_text("scratch folder of tools/build_lite.py, deleted on each run\n")
    stage = work / "lite"
    pypi = stage / "pypi"      # piplite picks up every wheel in <lite dir>/pypi
    files = stage / "files"
    pypi.mkdir(parents=True)
    files.mkdir()
    log("tools: " + ", ".join(f"{k} {v}" for k, v in versions.items()))

    package = build_package_wheel(work, pypi)
    deps = download_dependencies(package, pypi, python_version)
    wheels = [package, *deps]
    log("piplite wheels: " + ", ".join(w.name for w in wheels))

    # the English course, the French one in fr/, and the rules cards the notebooks link to
    notebooks = sorted(p for p in NOTEBOOKS.glob("**/*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    for nb in notebooks:
        target = files / nb.relative_to(NOTEBOOKS)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(lite_notebook(nb), indent=1, ensure_ascii=False) + "\n", "utf-8")
    for page in sorted(NOTEBOOKS.glob("**/*.md")):
        target = files / page.relative_to(NOTEBOOKS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(page, target)
    log(f"notebooks: {len(notebooks)}")

    config = json.loads((LITE_CONFIG_DIR / "jupyter_lite_config.json").read_text("utf-8"))
    build_config = config.setdefault("LiteBuildConfig", {})
    build_config["federated_extensions"] = [
        *(str(w) for w in labextension_wheels(wheels)), str(pyodide_kernel_extension())]
    build_config["contents"] = [str(files)]
    build_config["output_dir"] = str(output)
    (stage / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2), "utf-8")
    shutil.copy2(LITE_CONFIG_DIR / "jupyter-lite.json", stage / "jupyter-lite.json")

    env = dict(os.environ)
    env.pop("JUPYTERLITE_PYODIDE_URL", None)   # never download a Pyodide distribution
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", stage],
        cwd=stage, env=env)
    check_site(output, notebooks, wheels)
    log(f"site: {output} ({time.monotonic() - started:.1f} s)")
    return output


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output-dir", type=Path, default=DEFAULT_OUTPUT,
                        help="where the site goes (default: _site)")
    parser.add_argument("--work-dir", type=Path, default=DEFAULT_WORK,
                        help="scratch folder, deleted and rebuilt (default: .lite-build)")
    args = parser.parse_args(argv)
    build(args.output_dir, args.work_dir)


if __name__ == "__main__":
    main()
