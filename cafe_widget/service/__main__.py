"""``python -m cafe_widget.service``: the class's game service, as the hub starts it.

The hub gives it ``JUPYTERHUB_SERVICE_URL`` (where to listen), ``JUPYTERHUB_SERVICE_PREFIX``,
``JUPYTERHUB_API_TOKEN`` and ``JUPYTERHUB_API_URL``; ``hub-config`` writes the rest::

    --data DIR            where the tables are kept (one JSON file a table)
    --teachers a,b        who teaches (besides the hub's admins and --teacher-group); also
                          --teachers a b, or --teachers a --teachers b
    --teacher-group NAME  the hub group of the class's teachers (default: teachers)
    --pace SECONDS        between the computers' turns (default 0.8)
    --listen HOST:PORT    where to listen, when not the host and port of JUPYTERHUB_SERVICE_URL
                          (on Kubernetes: --listen 0.0.0.0:10101, every address of the hub's pod)
    --user NAME           once listening, run as this account (the hub starts its services as
                          root): the tables' folder becomes that account's (mode 700)

On a class's server the service listens on a port below 1024, which only root may bind: while it
restarts, no student can listen there in its place and collect the tokens every kernel sends it. It binds as root, then gives root up for ``--user``.

**It never stops the hub**. JupyterHub 5 and 6 exit when a managed service is not up
after its first polls (``JupyterHub.start_service``: the service exited, or nothing answered below
500 at its url): one wrong argument in a Helm chart's values and the hub's pod crash-loops. So a
start-up that fails (a wrong argument, a tables' folder it cannot write, an account that is not
there, JupyterHub's package missing) does not exit: the service listens all the same, says why in
the hub's log, answers 200 with why at its prefix (the page the hub polls: the hub stays up) and
503 with why to everything else, as root no longer (``nobody``). Only a port it cannot bind keeps
it from answering: it tries again every :data:`RETRY` seconds, and the hub, polling in vain, exits.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import re
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..i18n import N_, say

log = logging.getLogger("cafe_widget.service")

RETRY = 2.0          #: seconds between two tries to bind the service's port
NOBODY = 65534       #: the uid and gid a service that could not start runs as, when started as root

#: Why the service did not start, each said in the hub's log and by every answer it gives.
WHY = {
    "arguments": N_("its command line is wrong ({error})"),
    "folder": N_("the tables' folder {folder} cannot be used ({error})"),
    "no_account": N_("the account {user} does not exist (make it: useradd --system --no-create-home "
                     "--shell /usr/sbin/nologin {user})"),
    "account": N_("it cannot run as {user} ({error})"),
    "tables": N_("the tables in {folder} cannot be read ({error})"),
    "hub": N_("it cannot ask JupyterHub who its callers are ({error})"),
}
WORDS = {
    "no_port": N_("The game service cannot listen on {address} ({error}): it tries again in {seconds} seconds."),
}


class _Wrong(Exception):
    """A wrong argument: the service says why instead of exiting."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):          # argparse would exit (status 2): the hub would follow
        raise _Wrong(message)


def parser(environ=os.environ) -> argparse.ArgumentParser:
    p = _Parser(prog="python -m cafe_widget.service", description="The game service of a class on JupyterHub.")
    p.add_argument("--data", default=environ.get("CAFE_TABLES", "tables"),
                   help="the folder of the class's tables (default: $CAFE_TABLES or ./tables)")
    p.add_argument("--teachers", nargs="*", action="extend", default=None, metavar="NAME",
                   help="hub users who teach: a,b or a b, or --teachers given again (default: $CAFE_TEACHERS)")
    p.add_argument("--teacher-group", default=environ.get("CAFE_TEACHER_GROUP", "teachers"))
    p.add_argument("--pace", default=environ.get("CAFE_PACE", "0.8"), help="seconds between the computers' turns")
    p.add_argument("--listen", default=None, metavar="HOST:PORT",
                   help="where to listen (default: the host and port of $JUPYTERHUB_SERVICE_URL)")
    p.add_argument("--user", default=None, metavar="NAME",
                   help="the account to run as once listening (the tables' folder becomes its own)")
    return p


def teachers_of(values, environ=os.environ) -> set[str]:
    """The teachers' names from ``--teachers`` (each value may hold several, split by commas or
    spaces), else from ``$CAFE_TEACHERS``."""
    raw = values if values is not None else [environ.get("CAFE_TEACHERS", "")]
    return {name for value in raw for name in re.split(r"[,\s]+", value) if name}


@dataclass
class Start:
    """What the command line and the hub's environment say: where to listen, and the arguments
    (None, with ``why``, when they are wrong)."""

    host: str
    port: int
    prefix: str
    args: argparse.Namespace | None = None
    why: tuple[str, dict] | None = None


def read(argv=None, environ=os.environ) -> Start:
    """The start-up's arguments, never an exit: wrong ones are a ``why`` (the service then listens
    where the hub said, ``$JUPYTERHUB_SERVICE_URL``)."""
    url = urlsplit(environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    start = Start(url.hostname or "127.0.0.1", url.port or 80, environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/cafe/"))
    try:
        args = parser(environ).parse_args(argv)
        try:
            args.pace = float(args.pace)
        except ValueError:
            args.pace = -1.0
        if not args.pace >= 0:
            raise _Wrong("--pace: a number of seconds, 0 or more")
        if args.listen:
            listen = urlsplit("http://" + args.listen)
            try:
                port = listen.port
            except ValueError:
                port = None
            if not port:
                raise _Wrong("--listen: HOST:PORT, such as 0.0.0.0:10101")
            start.host, start.port = listen.hostname or "0.0.0.0", port
        args.teachers = teachers_of(args.teachers, environ)
        start.args = args
    except _Wrong as err:
        start.why = ("arguments", {"error": str(err)})
    return start


def why_text(why: tuple[str, dict]):
    """``why`` as a sentence in a caller's language: ``text(lang)``."""
    from .app import WORDS as APP_WORDS

    key, facts = why
    return lambda lang=None: say(APP_WORDS["not_started"], lang, why=say(WHY[key], lang, **facts))


def bind(host: str, port: int, *, pause: float = RETRY, tries: int | None = None):
    """The listening sockets, tried again every ``pause`` seconds while the port cannot be bound
    (``tries``: at most that many times, then None)."""
    from tornado.netutil import bind_sockets

    while True:
        try:
            return bind_sockets(port, host)
        except OSError as err:
            log.error(say(WORDS["no_port"], address=f"{host}:{port}", error=err.strerror or err, seconds=pause))
            if tries is not None:
                tries -= 1
                if tries <= 0:
                    return None
            time.sleep(pause)


def set_up(start: Start):
    """The service over the tables, or None with ``start.why`` set: the tables' folder made and
    entered, root given up for ``--user``, the tables read, the hub's identity ready."""
    from .app import Service, hub_identity
    from .rooms import Tables

    args = start.args
    data = Path(args.data).absolute()
    try:
        data.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chdir(data)    # the tables are read and written from here on: no folder above is needed
    except OSError as err:
        start.why = ("folder", {"folder": data, "error": err.strerror or err})
        return None
    if args.user:
        try:
            _become(args.user, data)
        except KeyError:
            start.why = ("no_account", {"user": args.user})
            return None
        except OSError as err:
            start.why = ("account", {"user": args.user, "error": err.strerror or err})
            return None
    if not os.access(".", os.W_OK | os.X_OK):
        start.why = ("folder", {"folder": data, "error": os.strerror(13)})
        return None
    try:
        tables = Tables(".")
    except Exception as err:  # noqa: BLE001 - said, and the hub stays up
        start.why = ("tables", {"folder": data, "error": err})
        return None
    try:
        identify = hub_identity(args.teachers, args.teacher_group or None)
    except Exception as err:  # noqa: BLE001 - no jupyterhub in this environment, no token…
        start.why = ("hub", {"error": f"{type(err).__name__}: {err}"})
        return None
    try:
        return Service(tables, identify, pace=args.pace)      # and the class's progress, beside the tables
    except Exception as err:  # noqa: BLE001 - said, and the hub stays up
        start.why = ("tables", {"folder": data, "error": err})
        return None


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO, format="[cafe %(asctime)s] %(message)s")
    from tornado.httpserver import HTTPServer

    from .app import make_app, not_started
    from .bodies import MAX_BODY

    start = read(argv)
    sockets = bind(start.host, start.port)
    service = set_up(start) if start.why is None else None
    if service is None:
        _give_root_up()
        text = why_text(start.why)
        log.error(text())
        app = not_started(text, start.prefix)
    else:
        app = make_app(service, start.prefix)

    async def serve() -> None:
        server = HTTPServer(app, max_body_size=MAX_BODY)
        server.add_sockets(sockets)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):   # a hub in the background hands SIGINT ignored
            loop.add_signal_handler(sig, stop.set)
        if service is not None:
            service.start_clock()
            log.info("%d tables from %s; listening on %s:%d%s as uid %d", len(service.tables.tables), os.getcwd(),
                     start.host, start.port, start.prefix, os.geteuid())
            for name in list(service.tables.tables):   # computers due when the service stopped play on
                service.changed(name)
        await stop.wait()

    asyncio.run(serve())
    return 0


def _give_root_up() -> None:
    """A service that could not start answers as ``nobody``, never as root."""
    if os.geteuid() == 0:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)


def _become(user: str, data: Path) -> None:
    """Give root up for ``user`` (a KeyError if there is no such account): the tables' folder and
    its files become that account's, the folder mode 700."""
    import pwd

    account = pwd.getpwnam(user)
    if os.geteuid() == 0:
        for path in [data, *data.rglob("*")]:       # the tables, and the class's progress in progress/
            os.chown(path, account.pw_uid, account.pw_gid, follow_symlinks=False)
        data.chmod(0o700)
        os.setgroups([])
        os.setgid(account.pw_gid)
        os.setuid(account.pw_uid)
    elif os.geteuid() != account.pw_uid:
        raise PermissionError(f"only root may become {user}")
    os.environ["HOME"] = str(data)


if __name__ == "__main__":
    sys.exit(main())
