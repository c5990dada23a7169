"""``python -m cafe_widget.service``: the class's game service, as the hub starts it.

The hub gives it ``JUPYTERHUB_SERVICE_URL`` (where to listen), ``JUPYTERHUB_SERVICE_PREFIX``,
``JUPYTERHUB_API_TOKEN`` and ``JUPYTERHUB_API_URL``; ``hub-config`` writes the rest::

    --data DIR            where the tables are kept (one JSON file a table)
    --teachers a,b        who teaches (besides the hub's admins and --teacher-group)
    --teacher-group NAME  the hub group of the class's teachers (default: teachers)
    --pace SECONDS        between the computers' turns (default 0.8)
    --listen HOST:PORT    where to listen, when not the host and port of JUPYTERHUB_SERVICE_URL
                          (on Kubernetes the service's url names the hub's Service, not an
                          address of its pod: --listen 0.0.0.0:10101)
    --user NAME           once listening, run as this account (the hub starts its services as
                          root): the tables' folder becomes that account's (mode 700)

On a class's server the service listens on a port below 1024, which only root may bind: while it
restarts, no student can listen there in its place and collect the tokens every kernel sends it
(issue 45). It binds as root, then gives root up for ``--user``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from urllib.parse import urlsplit


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cafe_widget.service",
                                     description="The game service of a class on JupyterHub.")
    parser.add_argument("--data", default=os.environ.get("CAFE_TABLES", "tables"),
                        help="the folder of the class's tables (default: $CAFE_TABLES or ./tables)")
    parser.add_argument("--teachers", default=os.environ.get("CAFE_TEACHERS", ""),
                        help="comma-separated hub users who teach")
    parser.add_argument("--teacher-group", default=os.environ.get("CAFE_TEACHER_GROUP", "teachers"))
    parser.add_argument("--pace", type=float, default=float(os.environ.get("CAFE_PACE", "0.8")),
                        help="seconds between the computers' turns")
    parser.add_argument("--listen", default=None, metavar="HOST:PORT",
                        help="where to listen (default: the host and port of $JUPYTERHUB_SERVICE_URL)")
    parser.add_argument("--user", default=None, metavar="NAME",
                        help="the account to run as once listening (the tables' folder becomes its own)")
    args = parser.parse_args(argv)
    if args.pace < 0:
        parser.error("--pace: a number of seconds, 0 or more")
    url = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    if args.listen:
        url = urlsplit("http://" + args.listen)
        try:
            url.port
        except ValueError:
            parser.error("--listen: HOST:PORT, such as 0.0.0.0:10101")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/cafe/")
    logging.basicConfig(level=logging.INFO, format="[cafe %(asctime)s] %(message)s")

    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    from .app import MAX_BODY, Service, hub_identity, make_app
    from .rooms import Tables

    log = logging.getLogger("cafe_widget.service")
    sockets = bind_sockets(url.port or 80, url.hostname or "127.0.0.1")
    data = Path(args.data).absolute()
    data.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chdir(data)        # the tables are read and written from here on: no folder above is needed
    if args.user:
        try:
            _become(args.user, data)
        except (KeyError, PermissionError) as err:
            log.error("cannot run as %s (%s): the service does not start as root", args.user, err)
            return 1
    tables = Tables(".")
    teachers = {t.strip() for t in args.teachers.split(",") if t.strip()}
    service = Service(tables, hub_identity(teachers, args.teacher_group or None), pace=args.pace)

    async def serve() -> None:
        server = HTTPServer(make_app(service, prefix), max_body_size=MAX_BODY)
        server.add_sockets(sockets)
        service.start_clock()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):   # a hub in the background hands SIGINT ignored
            loop.add_signal_handler(sig, stop.set)
        log.info("%d tables from %s; listening on %s%s as uid %d", len(tables.tables), data, url.netloc, prefix,
                 os.geteuid())
        for name in list(tables.tables):   # computers due when the service stopped play on
            service.changed(name)
        await stop.wait()

    asyncio.run(serve())
    return 0


def _become(user: str, data: Path) -> None:
    """Give root up for ``user`` (a KeyError if there is no such account): the tables' folder and
    its files become that account's, the folder mode 700."""
    import pwd

    account = pwd.getpwnam(user)
    if os.geteuid() == 0:
        for path in [data, *data.iterdir()]:
            os.chown(path, account.pw_uid, account.pw_gid)
        data.chmod(0o700)
        os.setgroups([])
        os.setgid(account.pw_gid)
        os.setuid(account.pw_uid)
    elif os.geteuid() != account.pw_uid:
        raise PermissionError(f"only root may become {user}")
    os.environ["HOME"] = str(data)


if __name__ == "__main__":
    sys.exit(main())
