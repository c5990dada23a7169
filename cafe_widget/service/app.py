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
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Awaitable, Callable

from tornado import web, websocket

from .rooms import Person, Refused, Tables, refused

log = logging.getLogger("cafe_widget.service")

Identify = Callable[[web.RequestHandler], Awaitable["Person | None"]]


class Service:
    """The tables, who listens to each, and the pacing of the computers' turns."""

    def __init__(self, tables: Tables, identify: Identify, *, pace: float = 0.8):
        self.tables, self.identify, self.pace = tables, identify, pace
        self.listeners: dict[str, set] = {}    # table → its open WebSockets
        self.timing: list[float] = []           # seconds from a move received to every view sent

    def changed(self, name: str, started: float | None = None) -> None:
        """Every listener of ``name`` gets its own view now; the computers' turns follow, paced."""
        table = self.tables.tables.get(name)
        for socket in list(self.listeners.get(name, ())):
            socket.send_view(table)
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


class Base(web.RequestHandler):
    service: Service

    def initialize(self, service: Service) -> None:
        self.service = service

    def check_xsrf_cookie(self) -> None:
        """Token requests from kernels, never cookies: nothing for XSRF to protect."""

    async def prepare(self) -> None:
        self.person = await self.service.identify(self)
        if self.person is None:
            self.answer({"refused": refused("no_token", self.lang(), 403).sentence}, 403)

    def lang(self) -> str | None:
        lang = self.get_argument("lang", None)
        return lang if lang in ("en", "fr", "de") else None

    def body(self) -> dict:
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise refused("not_json", self.lang(), 400)
        return data

    def answer(self, data, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def refused(self, err: Refused) -> None:
        self.answer({"refused": err.sentence, "rule": err.rule}, err.status)


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


class Updates(websocket.WebSocketHandler):
    """A seat's (or the screen's) view after every change of its table, as JSON text."""

    def initialize(self, service: Service) -> None:
        self.service = service
        self.name = self.seat = None

    def check_origin(self, origin: str) -> bool:
        return True      # kernels, with a token: no browser page, no cookie

    async def get(self, name: str, *args, **kwargs):
        person = await self.service.identify(self)
        if person is None:
            self.set_status(403)
            return self.finish()
        seat = _seat(self.get_argument("seat", None))
        try:
            self.service.tables.seen_by(person, name, seat)
        except Refused as err:
            self.set_status(err.status)
            return self.finish(json.dumps({"refused": err.sentence}))
        self.name, self.seat = name, seat
        return await super().get(name, *args, **kwargs)

    def open(self, name: str) -> None:
        self.service.listeners.setdefault(name, set()).add(self)
        self.send_view(self.service.tables.tables.get(name))

    def on_message(self, message) -> None:
        pass             # moves come by POST: one answer each, refusals included

    def on_close(self) -> None:
        self.service.listeners.get(self.name, set()).discard(self)

    def send_view(self, table) -> None:
        if table is None:
            return
        try:
            self.write_message(json.dumps(table.view(self.seat)))
        except websocket.WebSocketClosedError:
            self.service.listeners.get(self.name, set()).discard(self)


def make_app(service: Service, prefix: str = "/") -> web.Application:
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    name = r"([A-Za-z0-9][A-Za-z0-9_-]{0,31})"
    args = {"service": service}
    return web.Application([
        (prefix + r"api/tables", TablesHandler, args),
        (prefix + rf"api/tables/{name}", TableHandler, args),
        (prefix + rf"api/tables/{name}/updates", Updates, args),
        (prefix + rf"api/tables/{name}/(join|moves|pause|resume|seats|close|save)", ActionHandler, args),
    ], websocket_ping_interval=20)


def hub_identity(teachers: set[str], teacher_group: str | None) -> Identify:
    """Who a request is, from its hub token alone; None without a token that carries this
    service's access scope. A teacher: named in ``teachers``, a hub admin, or in ``teacher_group``."""
    from jupyterhub.services.auth import HubAuth

    auth = HubAuth(cache_max_age=60)
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

    return identify
