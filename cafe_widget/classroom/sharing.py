"""``Table.share()``: seat notebooks bound to the running kernel, so that other laptops join.

Each person's seat gets a notebook beside the teacher's (``seat-1.ipynb`` …) whose one cell is
``table.seat(i)``; the Jupyter server that runs this kernel is asked (its REST API, on this
machine: ``/api/sessions``) to attach each of those notebooks to this very kernel. A student who
opens the notebook in JupyterLab finds its session there, runs the cell in the teacher's kernel,
and plays at the table. Nothing here leaves the Jupyter server: no other network.

Every browser attached to the kernel receives every canvas's drawing: hands are private on the
screen only (see the teacher's guide).
"""

from __future__ import annotations

import json
import os
import socket
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from ..i18n import N_, translate

WORDS = {
    "no_kernel": N_("The table can be shared only from a notebook running on a Jupyter server (JupyterLab, "
                    "a JupyterHub, Binder): this Python is not such a kernel. Nothing was written."),
    "no_server": N_("No Jupyter server of this machine runs this kernel: the seats cannot be bound to it. "
                    "Nothing was written."),
    "no_name": N_("Name the table first, in this notebook (table = Table(...)), or give its name: "
                  "share(name='table'). Nothing was written."),
    "outside": N_("The folder {folder} is outside the Jupyter server's folder {root}: the students could not "
                  "open the seats. Nothing was written."),
    "refused": N_("The Jupyter server refused to bind {path} to this kernel ({reason}): is this your own "
                  "server? The seats written so far stay, unbound."),
    "not_written": N_("Could not write {path}: {reason}. Nothing else was done."),
    "title": N_("Seat {n} · {player}"),
    "intro": N_("You are {player} at the table of your class. Run the cell below (Shift+Enter): your hand "
                "appears, and you play in your turn. The table's screen shows whose turn it is. After a "
                "reload of the page, run the cell again."),
    "shared": N_("The table is shared: each student opens their seat's link, then runs its cell."),
    "local": N_("This server listens on this computer only: the other laptops cannot open these links. Start it "
                "for the room (make lab LAB_OPTIONS=\"--ServerApp.ip=0.0.0.0\", see the teacher's guide) or share a "
                "JupyterHub or Binder server."),
    "token": N_("On a server with a token or a password, the students need it too (the room's JupyterLab: "
                "see the teacher's guide)."),
}


def _say(key: str, lang: str | None, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


def kernel_id() -> str | None:
    """This kernel's id (from its connection file), or None outside a Jupyter kernel."""
    try:
        from ipykernel import get_connection_file

        connection = get_connection_file()
    except Exception:  # noqa: BLE001 - not in a kernel (RuntimeError, ImportError …)
        return None
    stem = Path(connection).stem
    return stem[len("kernel-"):] if stem.startswith("kernel-") else None


def _request(server: dict, method: str, path: str, body=None):
    """A call to the server's REST API (on this machine), its JSON answer."""
    url = server["url"].rstrip("/") + "/" + path.lstrip("/")
    token = server.get("token") or os.environ.get("JUPYTERHUB_API_TOKEN") or ""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"token {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode("utf-8")
    return json.loads(text) if text else None


def server_of(kernel: str) -> dict | None:
    """The running Jupyter server of this machine that runs ``kernel``."""
    try:
        from jupyter_server.serverapp import list_running_servers
    except ImportError:
        return None
    for server in list_running_servers():
        try:
            _request(server, "GET", f"api/kernels/{urllib.parse.quote(kernel)}")
        except (urllib.error.URLError, OSError, ValueError):
            continue
        return server
    return None


def _name_of(table) -> str | None:
    import __main__

    for key, value in vars(__main__).items():
        if value is table and not key.startswith("_"):
            return key
    return None


def seat_notebook(var: str, seat: int, player: str, n: int, lang: str | None) -> dict:
    """The notebook of one seat: a title with the player, what to do, ``var.seat(seat)``."""
    def cell(kind: str, source: str) -> dict:
        out = {"cell_type": kind, "id": f"seat-{n}-{kind}", "metadata": {}, "source": source}
        if kind == "code":
            out.update(execution_count=None, outputs=[])
        return out

    return {"cells": [cell("markdown", f"# {_say('title', lang, n=n, player=player)}\n\n"
                                       f"{_say('intro', lang, player=player)}"),
                      cell("code", f"{var}.seat({seat})")],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _bind(server: dict, path: str, kernel: str) -> None:
    """The session of ``path`` on this kernel: created, or moved onto it."""
    sessions = _request(server, "GET", "api/sessions") or []
    found = next((s for s in sessions if s.get("path") == path), None)
    if found is None:
        _request(server, "POST", "api/sessions",
                 {"path": path, "type": "notebook", "name": Path(path).name, "kernel": {"id": kernel}})
    elif (found.get("kernel") or {}).get("id") != kernel:
        _request(server, "PATCH", f"api/sessions/{found['id']}", {"kernel": {"id": kernel}})


def share(table, folder=None, name: str | None = None) -> list[str] | None:
    lang = table.lang
    kernel = kernel_id()
    if kernel is None:
        print(_say("no_kernel", lang))
        return None
    server = server_of(kernel)
    if server is None:
        print(_say("no_server", lang))
        return None
    var = name or _name_of(table)
    if var is None or not var.isidentifier():
        print(_say("no_name", lang))
        return None
    folder = Path(folder) if folder is not None else Path.cwd()
    root = Path(server.get("root_dir") or server.get("notebook_dir") or "/").resolve()
    try:
        relative = folder.resolve().relative_to(root)
    except ValueError:
        print(_say("outside", lang, folder=folder, root=root))
        return None
    links = []
    for n, seat in enumerate(table.humans, start=1):
        file = folder / f"{'' if var == 'table' else var + '-'}seat-{n}.ipynb"   # two tables, two sets of seats
        player = table._host._name(seat)
        try:
            file.write_text(json.dumps(seat_notebook(var, seat, player, n, lang), indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        except OSError as err:
            print(_say("not_written", lang, path=file, reason=err.strerror or type(err).__name__))
            return None
        path = (relative / file.name).as_posix()
        try:
            _bind(server, path, kernel)
        except (urllib.error.URLError, OSError, ValueError, KeyError) as err:
            reason = f"HTTP {err.code}" if isinstance(err, urllib.error.HTTPError) else type(err).__name__
            print(_say("refused", lang, path=path, reason=reason))
            return None
        links.append(_reachable(server["url"]).rstrip("/") + "/lab/tree/" + urllib.parse.quote(path))
        print(f"{player}: {links[-1]}")
    print(_say("shared", lang))
    if urllib.parse.urlsplit(links[0] if links else server["url"]).hostname in ("localhost", "127.0.0.1", "::1"):
        print(_say("local", lang))
    if server.get("token"):
        print(_say("token", lang))
    return links


def _reachable(url: str) -> str:
    """The server's address as other computers write it: a server listening on every interface
    (``0.0.0.0``) is reached by this computer's name."""
    parts = urllib.parse.urlsplit(url)
    if parts.hostname in ("0.0.0.0", "::", ""):
        netloc = socket.gethostname() + (f":{parts.port}" if parts.port else "")
        return urllib.parse.urlunsplit(parts._replace(netloc=netloc))
    return url
