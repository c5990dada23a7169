"""A class's JupyterHub on this machine, for `make hub` and the hub's tests (tests/hub).

    python tools/hub_env.py env                       # the hub's environment, the proxy
    python tools/hub_env.py users alice bob carol     # system users, homes 700, no password
    python tools/hub_env.py exchange                  # nbgrader's exchange, /srv/nbgrader/exchange
    python tools/hub_env.py clean alice bob carol     # undo it all: what this tool made, nothing else
    python tools/hub_env.py config DIR --teachers teacher --students alice bob …

Needs root (students are system users; each server runs as its student) and Debian's Python
(``/usr/bin/python3``: the environment must be readable by every user, so never a Python under
``/root``). The environment is ``/opt/cafe-hub/venv`` with the hub, JupyterLab, nbgrader and this package
(a copy, not an editable link: students cannot read this checkout); configurable-http-proxy
comes from npm into ``/opt/cafe-hub/node``. A second run only refreshes the package (seconds).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PREFIX = Path(os.environ.get("CAFE_HUB_PREFIX", "/opt/cafe-hub"))
VENV = PREFIX / "venv"
PROXY = PREFIX / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
SYSTEM_PYTHON = "/usr/bin/python3"


def run(*cmd, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def _uv() -> str | None:
    """uv, beside this Python, on PATH, or in the project's .venv (make test installs it there)."""
    for here in (Path(sys.executable).parent / "uv", ROOT / ".venv" / "bin" / "uv"):
        if here.exists():
            return str(here)
    return shutil.which("uv")


def _installed(python: Path, name: str) -> bool:
    """Whether the distribution ``name`` is installed in ``python``'s environment."""
    return subprocess.run([str(python), "-c", f"import importlib.metadata as m; m.distribution({name!r})"],
                          capture_output=True).returncode == 0


def _pip(python: Path) -> list[str]:
    """``python -m pip``, with pip put in first where the environment has none (one made by uv)."""
    if subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True).returncode != 0:
        run(python, "-m", "ensurepip", "--upgrade")
    return [str(python), "-m", "pip"]


def _source_stamp() -> str:
    """A digest of what the hub's copy of the package is made from."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "cafe_widget").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    digest.update((ROOT / "pyproject.toml").read_bytes())
    return digest.hexdigest()


#: What a class's hub needs, and nothing else: the hub, JupyterLab, and nbgrader (the classroom extra).
EXTRAS = "hub,classroom"
#: Taken out of the environment after each install: jsonschema's optional check of the "iri"
#: format (rfc3987-syntax, brought by jupyter-events' jsonschema[format-nongpl]), which no schema
#: of the stack uses, builds a grammar each time it is imported: 1.2 s of CPU at the start of the
#: hub and of every student's server, 36 s for a class of 30 logging in together on 2 cores.
SLOW_IMPORTS = ("rfc3987-syntax",)


def ensure_env(extra: str = EXTRAS, quiet: bool = True) -> Path:
    """The hub's environment: made once, the package refreshed when its source changed."""
    if os.geteuid() != 0:
        sys.exit("The class's hub needs root: it starts each student's server as that student.")
    if not Path(SYSTEM_PYTHON).exists():
        sys.exit(f"{SYSTEM_PYTHON} is missing: the hub's environment is made from the system's Python.")
    PREFIX.mkdir(parents=True, exist_ok=True)
    PREFIX.chmod(0o755)
    uv = _uv()
    python = VENV / "bin" / "python"
    if not python.exists():
        if uv:
            run(uv, "venv", "--quiet", "--python", SYSTEM_PYTHON, VENV)
        else:
            run(SYSTEM_PYTHON, "-m", "venv", VENV)
    stamp = VENV / f".cafe-{extra}"
    want = _source_stamp()
    if not stamp.exists() or stamp.read_text() != want:
        target = f"{ROOT}[{extra}]"
        if uv:
            run(uv, "pip", "install", *(["--quiet"] if quiet else []), "--python", python,
                "--reinstall-package", "cafe_widget", target)
        else:
            run(*_pip(python), "install", *(["--quiet"] if quiet else []), "--disable-pip-version-check",
                "--force-reinstall", "--no-deps", str(ROOT))
            run(*_pip(python), "install", *(["--quiet"] if quiet else []), "--disable-pip-version-check", target)
        stamp.write_text(want)
    slow = [name for name in SLOW_IMPORTS if _installed(python, name)]
    if slow:
        if uv:
            run(uv, "pip", "uninstall", *(["--quiet"] if quiet else []), "--python", python, *slow)
        else:
            run(*_pip(python), "uninstall", *(["--quiet"] if quiet else []), "--yes", *slow)
    # A class's JupyterLab asks no student about news and checks for no update (both would reach
    # the internet, and the question covers the corner of the page): the environment's overrides.
    overrides = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    overrides.parent.mkdir(parents=True, exist_ok=True)
    overrides.write_text(json.dumps({"@jupyterlab/apputils-extension:notification":
                                     {"fetchNews": "false", "checkForUpdates": False}}, indent=1) + "\n")
    overrides.chmod(0o644)
    if not PROXY.exists():
        (PREFIX / "node").mkdir(exist_ok=True)
        run("npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", PREFIX / "node",
            "configurable-http-proxy@5")
    return VENV


#: What this tool made (users, the exchange), one a line, so that ``clean`` removes only that.
MADE = Path(os.environ.get("CAFE_HUB_MADE", "/var/lib/cafe-hub/made"))
EXCHANGE = Path("/srv/nbgrader/exchange")
SERVICE_USER = "cafe-service"


def _made(what: str) -> None:
    MADE.parent.mkdir(parents=True, exist_ok=True)
    with open(MADE, "a", encoding="utf-8") as record:
        record.write(what + "\n")


def _was_made() -> set[str]:
    return set(MADE.read_text(encoding="utf-8").split()) if MADE.exists() else set()


def ensure_users(names: list[str]) -> None:
    """System users with homes only they can read (Debian's useradd makes them 755), and the game
    service's own account; each one made here is recorded for ``clean``."""
    try:
        pwd.getpwnam(SERVICE_USER)
    except KeyError:
        run("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER)
        _made(f"user:{SERVICE_USER}")
    for name in names:
        try:
            pwd.getpwnam(name)
        except KeyError:
            run("useradd", "--create-home", "--shell", "/bin/bash", name)
            _made(f"user:{name}")
        home = Path(pwd.getpwnam(name).pw_dir)
        home.mkdir(exist_ok=True)
        os.chown(home, pwd.getpwnam(name).pw_uid, pwd.getpwnam(name).pw_gid)
        home.chmod(0o700)


def ensure_exchange() -> None:
    """nbgrader's exchange, writable by everyone and sticky (recorded for ``clean`` if made here)."""
    if not EXCHANGE.exists():
        top = EXCHANGE        # the first folder that was not there (/srv/nbgrader): clean removes it whole
        while not top.parent.exists():
            top = top.parent
        EXCHANGE.mkdir(parents=True)
        _made(f"dir:{top}")
    EXCHANGE.chmod(0o1777)


def clean(names: list[str]) -> list[str]:
    """Undo a try-out: the users among ``names`` this tool made (their processes, homes), the
    service's account if made here, the exchange if made here, and the hub's environment."""
    made, gone = _was_made(), []
    for name in [*names, SERVICE_USER]:
        if f"user:{name}" in made:
            subprocess.run(["pkill", "-KILL", "-u", name], check=False)
            subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)
            gone.append(name)
    folders = [line[4:] for line in made if line.startswith("dir:")]
    for folder in folders:
        if Path(folder).exists():
            shutil.rmtree(folder)
            gone.append(folder)
    if PREFIX.exists():
        shutil.rmtree(PREFIX)
        gone.append(str(PREFIX))
    left = [line for line in (MADE.read_text(encoding="utf-8").split() if MADE.exists() else [])
            if line not in {f"user:{n}" for n in gone} and not line.startswith("dir:")]
    if left:
        MADE.write_text("\n".join(left) + "\n", encoding="utf-8")
    elif MADE.exists():
        MADE.unlink()
    if MADE.parent.exists() and not any(MADE.parent.iterdir()):
        MADE.parent.rmdir()
    return gone


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("env")
    users = sub.add_parser("users")
    users.add_argument("names", nargs="+")
    sub.add_parser("exchange")
    cleaning = sub.add_parser("clean")
    cleaning.add_argument("names", nargs="*")
    args = parser.parse_args(argv)
    if args.what == "env":
        ensure_env()
        print(VENV)
    elif args.what == "users":
        ensure_users(args.names)
    elif args.what == "exchange":
        ensure_exchange()
    elif args.what == "clean":
        gone = clean(args.names)
        print("removed: " + (", ".join(gone) if gone else "nothing (this tool made nothing here)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
