"""The game service on the network: tornado handlers over :class:`~.rooms.Tables`.

Every request says who it is with its hub token only (``Authorization: token …``, as a student's
kernel has it in ``JUPYTERHUB_API_TOKEN``): the hub names the user, and the service checks itself
that the token carries ``access:services!service=<name>`` (the hub's ``user_for_token`` alone
accepts any valid token). Whether a person teaches is asked of the hub too (an admin, or a
member of the teachers' group), or read from the list the service was started with.

Routes (under the service's prefix, ``/services/cafe/``)::

    GET  api/tables                          the tables the caller may see
    POST api/tables                          a teacher opens one {name, game, seats, seed}
    GET  api/tables/NAME?seat=N              the caller's view (no seat: the screen's)
    POST api/tables/NAME/join                the caller's seat {seat?}
    POST api/tables/NAME/moves               {seat, verb, args, seq}: one action
    POST api/tables/NAME/pause | resume      a teacher
    POST api/tables/NAME/seats               a teacher gives a seat {seat, user}
    GET  api/tables/NAME/save                a teacher: the whole table, every hand
    POST api/tables/NAME/close               a teacher: the table leaves the class
    WS   api/tables/NAME/updates?seat=N      the caller's view after every change

A refusal answers ``{"refused": sentence, "rule": id}`` with 4xx; nothing changed.

What one person may cost the service is bounded: a body is refused by its announced
length before a byte of it is read (413), and read at most :data:`MAX_BODY` bytes and
:data:`MAX_DEPTH` brackets deep; one person holds at most :data:`SOCKETS_PER_PERSON` WebSockets
(:data:`SOCKETS_PER_SEAT` on one seat or screen), more are refused at the handshake (429); a
change computes one view per seat listening, the same text for each of its sockets; and a socket
receives a view only while its person still holds its seat (or may see the screen): a seat given
away or freed closes its old owner's sockets (:data:`LOST`). Serve the app with
``HTTPServer(make_app(...), max_body_size=MAX_BODY)`` (or ``app.listen(..., max_body_size=MAX_BODY)``),
as ``python -m cafe_widget.service`` does: the server itself then reads no body beyond it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Awaitable, Callable

from tornado import web, websocket

from ..i18n import N_, say
from .protocol import ROUTES
from .requests import Base, _answer, _lang, _refused_by_length
from .rooms import Person, Refused, Tables, refused

log = logging.getLogger("cafe_widget.service")

Identify = Callable[[web.RequestHandler], Awaitable["Person | None"]]

SOCKETS_PER_PERSON = 8        #: WebSockets one student holds open, in all
SOCKETS_PER_TEACHER = 64      #: …and a teacher (a screen for every table of the class)
SOCKETS_PER_SEAT = 4          #: WebSockets one person holds open to one seat (or screen) of a table
LOST = 4403                   #: a WebSocket's close code when its person's right to it ended

WORDS = {
    "too_many": N_("The game service keeps at most {n} connections open for one person: close a seat or a "
                   "screen you no longer use (or restart its kernel), then try again."),
    "too_many_here": N_("The game service keeps at most {n} connections open for one person to one seat or "
                        "screen: close one you no longer use (or restart its kernel), then try again."),
    "seat_lost": N_("You no longer hold seat {seat} at table {table}: this connection is closed."),
    "screen_lost": N_("You may no longer see table {table}: this connection is closed."),
    "not_started": N_("The game service of this hub did not start: {why}. Nothing can be played until its "
                      "configuration is corrected and the hub restarted; the hub's log says the same."),
}


def _refused(key: str, lang: str | None, status: int, **facts) -> Refused:
    """A refusal with one of this module's sentences, in ``lang``."""
    return Refused(say(WORDS[key], lang, **facts), status)


def _close_reason(text: str) -> str:
    """``text`` within a WebSocket close frame's 123 bytes."""
    return text.encode("utf-8")[:123].decode("utf-8", "ignore")


class Service:
    """The tables, who listens to each, and the pacing of the computers' turns."""

    def __init__(self, tables: Tables, identify: Identify, *, pace: float = 0.8,
                 page_identify: Identify | None = None):
        self.tables, self.identify, self.pace = tables, identify, pace
        #: who is at the service's page, from the hub's login (None: no page login, the page says 403)
        self.page_identify = page_identify if page_identify is not None else getattr(identify, "page", None)
        self.listeners: dict[str, set] = {}    # table → its open WebSockets
        self.timing: list[float] = []           # seconds from a move received to every view sent
        from .live import Progress

        self.progress = Progress(self)          # the class's progress, live (:mod:`.live`)
        self._rechecked = time.monotonic()

    def tick(self) -> None:
        """A table that waited on a player (R12c) long enough goes on (:meth:`Tables.expire_waits`),
        and every :data:`.live.RECHECK` seconds each teacher's socket on the class's progress is
        asked again whether it is still a teacher's: called every second by :meth:`start_clock`."""
        for name in self.tables.expire_waits():
            self.changed(name)
        from .live import RECHECK

        if self.progress.watchers and time.monotonic() - self._rechecked >= RECHECK:
            self._rechecked = time.monotonic()
            asyncio.ensure_future(self.progress.recheck())

    def start_clock(self):
        """The service's clock (the bounded waits), on the running loop."""
        from tornado.ioloop import PeriodicCallback

        clock = PeriodicCallback(self.tick, 1000)
        clock.start()
        return clock

    def may_see(self, person: Person, name: str, seat) -> bool:
        """Whether ``person`` may receive ``seat``'s view of table ``name`` now (None: the screen's),
        as :meth:`Tables.seen_by` decides."""
        try:
            table = self.tables.get(person, name)
        except Refused:
            return False
        return seat is None or table.seat_of(person.name) == seat

    def admit(self, person: Person, name: str, seat, lang: str | None) -> None:
        """Refused (429) when ``person`` holds as many WebSockets as one may, in all or on ``seat``."""
        mine = [w for sockets in self.listeners.values() for w in sockets if w.person.name == person.name]
        if sum(1 for w in mine if (w.name, w.seat) == (name, seat)) >= SOCKETS_PER_SEAT:
            raise _refused("too_many_here", lang, 429, n=SOCKETS_PER_SEAT)
        most = SOCKETS_PER_TEACHER if person.teacher else SOCKETS_PER_PERSON
        if len(mine) >= most:
            raise _refused("too_many", lang, 429, n=most)

    def changed(self, name: str, started: float | None = None) -> None:
        """Every listener of ``name`` that may still see it gets its seat's view now (computed
        once per seat), every other is closed; the computers' turns follow, paced."""
        table = self.tables.tables.get(name)
        rights: dict[tuple, bool] = {}
        texts: dict = {}
        for socket in list(self.listeners.get(name, ())):
            key = (socket.person.name, socket.person.teacher, socket.seat)
            if key not in rights:
                rights[key] = table is not None and self.may_see(socket.person, name, socket.seat)
            if not rights[key]:
                socket.lost()
                continue
            if socket.seat not in texts:
                texts[socket.seat] = json.dumps(table.view(socket.seat))
            socket.send(texts[socket.seat])
        if started is not None:
            self.timing.append(time.perf_counter() - started)
        if table is not None and self.tables.computers_due(table):
            asyncio.get_event_loop().call_later(self.pace, self._computer, name, table.seq)

    def _computer(self, name: str, seq: int) -> None:
        table = self.tables.tables.get(name)
        if table is None or table.seq != seq:
            return          # something else moved meanwhile: that move scheduled what follows
        try:
            if self.tables.computer_turn(table):
                self.changed(name)
        except Exception:  # noqa: BLE001 - a computer's refused move: said in the log, the table waits
            log.exception("a computer's turn at %s was refused", name)


def _seat(value):
    if value in (None, "", "screen"):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return value


class TablesHandler(Base):
    def get(self) -> None:
        self.answer({"user": self.person.name, "teacher": self.person.teacher,
                     "tables": [t.meta() | {"mine": t.seat_of(self.person.name)}
                                for t in self.service.tables.visible(self.person)]})

    def post(self) -> None:
        try:
            data = self.body()
            table = self.service.tables.open(self.person, data.get("name"), data.get("game", "card"),
                                             data.get("seats") or (), seed=data.get("seed"), lang=self.lang())
        except Refused as err:
            return self.refused(err)
        self.answer({"table": table.meta()}, 201)
        self.service.changed(table.name)


class TableHandler(Base):
    def get(self, name: str) -> None:
        try:
            self.answer(self.service.tables.seen_by(self.person, name, _seat(self.get_argument("seat", None)),
                                                    self.lang()))
        except Refused as err:
            self.refused(err)


class ActionHandler(Base):
    async def post(self, name: str, action: str) -> None:
        tables, lang = self.service.tables, self.lang()
        started = time.perf_counter()
        try:
            data = self.body()
            if action == "join":
                seat = tables.join(self.person, name, data.get("seat"), lang)
                self.answer(tables.seen_by(self.person, name, seat, lang))
            elif action == "moves":
                seat = data.get("seat")
                tables.move(self.person, name, seat, data.get("verb"), data.get("args", []), data.get("seq"), lang)
                self.answer(tables.seen_by(self.person, name, seat, lang))
                self.service.changed(name, started)
                return
            elif action in ("pause", "resume"):
                tables.pause(self.person, name, action == "pause", lang)
                self.answer({"table": tables.tables[name].meta()})
            elif action == "seats":
                tables.assign(self.person, name, data.get("seat"), data.get("user"), lang)
                self.answer({"table": tables.tables[name].meta()})
            elif action == "close":
                text = tables.close(self.person, name, lang)
                self.answer({"closed": name, "save": json.loads(text)})
                for socket in list(self.service.listeners.pop(name, ())):
                    socket.close(1000, "closed")
                return
            else:
                raise refused("no_action", lang, 404)
        except Refused as err:
            return self.refused(err)
        self.service.changed(name)

    def get(self, name: str, action: str) -> None:
        if action != "save":
            return self.answer({"refused": refused("no_action", self.lang(), 404).sentence}, 404)
        try:
            self.answer(json.loads(self.service.tables.save_text(self.person, name, self.lang())))
        except Refused as err:
            self.refused(err)


@web.stream_request_body
class Updates(websocket.WebSocketHandler):
    """A seat's (or the screen's) view after every change of its table, as JSON text, while the
    person identified at the handshake still holds that seat (or may see the screen)."""

    def initialize(self, service: Service) -> None:
        self.service = service
        self.name = self.seat = self.person = self.lang = None
        self._first: str | None = None

    def check_origin(self, origin: str) -> bool:
        return True      # kernels, with a token: no browser page, no cookie

    def prepare(self) -> None:
        _refused_by_length(self)

    def data_received(self, chunk: bytes) -> None:
        pass             # a handshake's body means nothing (and is bounded)

    async def get(self, name: str, *args, **kwargs):
        lang = _lang(self)
        person = await self.service.identify(self)
        if person is None:      # no sentence: a kernel listens again (the hub may be restarting)
            self.set_status(403)
            return self.finish()
        seat = _seat(self.get_argument("seat", None))
        try:
            self.service.admit(person, name, seat, lang)
            self._first = json.dumps(self.service.tables.seen_by(person, name, seat))
        except Refused as err:
            return _answer(self, {"refused": err.sentence}, err.status)
        # from here to open(), nothing waits: no other handshake of this person comes between
        self.name, self.seat, self.person, self.lang = name, seat, person, lang
        return await super().get(name, *args, **kwargs)

    def open(self, name: str) -> None:
        self.service.listeners.setdefault(name, set()).add(self)
        first, self._first = self._first, None
        self.send(first)

    def on_message(self, message) -> None:
        pass             # moves come by POST: one answer each, refusals included

    def on_close(self) -> None:
        self._forget()

    def _forget(self) -> None:
        sockets = self.service.listeners.get(self.name)
        if sockets is not None:
            sockets.discard(self)
            if not sockets:
                del self.service.listeners[self.name]

    def send(self, text: str) -> None:
        """``text`` (a view this socket's person may see: the caller checked) sent."""
        try:
            self.write_message(text)
        except websocket.WebSocketClosedError:
            self._forget()

    def lost(self) -> None:
        """Its person's right to this view ended (a seat given away or freed, a table no longer
        theirs to see): nothing more is sent, the socket is closed with :data:`LOST` and why."""
        self._forget()
        if self.seat is None:
            why = say(WORDS["screen_lost"], self.lang, table=self.name)
        else:
            why = say(WORDS["seat_lost"], self.lang, table=self.name,
                      seat=self.seat + 1 if isinstance(self.seat, int) else self.seat)
        self.close(LOST, _close_reason(why))


class Status(web.RequestHandler):
    """The prefix itself: whether the service runs, and if not why (``why(lang)``). JupyterHub polls
    it when it starts the service and takes any answer below 500 for "up": it is never a 5xx, so
    that a service which could not start leaves the hub running (JupyterHub 5 and 6 exit when a
    managed service is not up within its first polls)."""

    def initialize(self, why: Callable[[str | None], str] | None = None) -> None:
        self.why = why

    def get(self) -> None:
        if self.why is None:
            _answer(self, {"service": "cafe", "running": True}, 200)
        else:
            _answer(self, {"service": "cafe", "running": False, "why": self.why(_lang(self))}, 200)


class NotStarted(web.RequestHandler):
    """Every other request while the service could not start: 503, and why."""

    def initialize(self, why: Callable[[str | None], str]) -> None:
        self.why = why

    def prepare(self) -> None:
        _answer(self, {"refused": self.why(_lang(self))}, 503)


def not_started(why: Callable[[str | None], str], prefix: str = "/") -> web.Application:
    """The app of a service that could not start: its prefix answers 200 with ``why`` (the hub
    stays up), everything else 503 with ``why``, in the caller's ``?lang=``."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    args = {"why": why}
    return web.Application([(prefix + "?", Status, args), (r"/.*", NotStarted, args)])


def make_app(service: Service, prefix: str = "/") -> web.Application:
    """The service's routes: the tables (this module) and the class's progress (:mod:`.live`)."""
    from . import live

    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    args = {"service": service}
    return web.Application([
        (prefix + "?", Status),
        (prefix + ROUTES["tables"], TablesHandler, args),
        (prefix + ROUTES["table"], TableHandler, args),
        (prefix + ROUTES["updates"], Updates, args),
        (prefix + ROUTES["action"], ActionHandler, args),
        *live.routes(prefix, service, service.progress, getattr(service.identify, "oauth", None)),
    ], websocket_ping_interval=20, websocket_max_message_size=4096,
        # the page's login cookie (the hub's OAuth): a new secret at each start, a new login after
        cookie_secret=secrets.token_bytes(32))


def hub_identity(teachers: set[str], teacher_group: str | None) -> Identify:
    """Who a request is, from its hub token alone; None without a token that carries this
    service's access scope. A teacher: named in ``teachers``, a hub admin, or in ``teacher_group``.
    Its ``page`` says who a browser at the service's page is, from the hub's login (its ``oauth``,
    when the hub gave this service an OAuth client; else None, and the page refuses everyone)."""
    import os

    from jupyterhub.services.auth import HubAuth, HubOAuth

    oauth = HubOAuth(cache_max_age=60) if os.environ.get("JUPYTERHUB_CLIENT_ID") else None
    auth = oauth or HubAuth(cache_max_age=60)
    known: dict[str, tuple[float, bool]] = {}

    async def is_teacher(name: str) -> bool:
        if name in teachers:
            return True
        hit = known.get(name)
        if hit and time.monotonic() - hit[0] < 60:
            return hit[1]
        teacher = False
        try:     # the service's own token reads users (its role: read:users, read:groups)
            from urllib.parse import quote

            from tornado.httpclient import AsyncHTTPClient

            answer = await AsyncHTTPClient().fetch(f"{auth.api_url}/users/{quote(name)}",
                                                   headers={"Authorization": f"token {auth.api_token}"})
            model = json.loads(answer.body)
            teacher = bool(model.get("admin")) or (teacher_group in (model.get("groups") or []))
        except Exception:  # noqa: BLE001 - the hub would not say: not a teacher
            teacher = False
        known[name] = (time.monotonic(), teacher)
        return teacher

    async def identify(handler) -> Person | None:
        token = auth.get_token(handler, in_cookie=False)
        if not token:
            return None
        model = await auth.user_for_token(token, sync=False)
        if not model or model.get("kind", "user") != "user" or not auth.check_scopes(auth.access_scopes, model):
            return None
        return Person(model["name"], await is_teacher(model["name"]))

    async def page(handler) -> Person | None:
        """The person logged in to the hub at a page of the service (its login cookie), or None."""
        model = await auth.get_user(handler, sync=False)
        if not model or model.get("kind", "user") != "user" or not auth.check_scopes(auth.access_scopes, model):
            return None
        return Person(model["name"], await is_teacher(model["name"]))

    identify.page = page if oauth is not None else None
    identify.oauth = oauth
    return identify
