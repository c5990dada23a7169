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
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
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

    from .app import Service, hub_identity, make_app
    from .rooms import Tables

    tables = Tables(args.data)
    teachers = {t.strip() for t in args.teachers.split(",") if t.strip()}
    service = Service(tables, hub_identity(teachers, args.teacher_group or None), pace=args.pace)

    async def serve() -> None:
        app = make_app(service, prefix)
        app.listen(url.port or 80, url.hostname or "127.0.0.1")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):   # a hub in the background hands SIGINT ignored
            loop.add_signal_handler(sig, stop.set)
        logging.getLogger("cafe_widget.service").info("%d tables from %s; listening on %s%s",
                                                      len(tables.tables), args.data, url.netloc, prefix)
        for name in list(tables.tables):   # computers due when the service stopped play on
            service.changed(name)
        await stop.wait()

    asyncio.run(serve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
