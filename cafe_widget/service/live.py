"""The class, live, on the network: each student's kernel sends its outcomes, the teacher watches
the class. The store is :mod:`.progress`, the drawing :mod:`.progress_view`.

Routes, under the service's prefix (the paths are :mod:`.protocol`'s)::

    POST api/progress                    a kernel's outcomes, stored under its person's hub name
    GET  api/progress                    a teacher: the whole class (a student: refused, 403)
    GET  api/progress/students/NAME      NAME's row: NAME themself, or a teacher (else 403)
    GET  api/progress/export             a teacher: the class as CSV (summary reads it)
    POST api/progress/erase              a teacher: {"student": NAME} or {} for everyone
    WS   api/progress/updates            a teacher: the class, then every row that changed
    GET  progress/                       the page for the projector (a teacher, logged in to the hub)
    GET  progress/table?since=V          the page's table once the class is past version V (long poll)

Who asks is the hub's answer, as for the tables: a kernel by its token, the page by the hub's
login (OAuth, its cookie). What a student sends is stored only under their own name, whatever
the body says; what they may read is only their own row.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import deque

from tornado import web, websocket

from ..i18n import N_, say
from .requests import Base, _answer, _lang, _refused_by_length
from .progress import BadOutcome, ClassProgress, read_outcomes
from .progress_view import ClassView
from .protocol import PROGRESS_ROUTES
from .rooms import Person, Refused

#: How long the page's request waits for a change before it answers anyway (the times move on).
LONG_POLL = 20.0
#: Seconds between two checks that each teacher's socket is still a teacher's (the hub may have
#: changed its mind: an admin no more, out of the teachers' group); a closed one may come back.
RECHECK = 30.0
LOST = 4403          #: the close code of a socket whose person no longer may see the class
#: The WebSockets on the class's progress one teacher holds, at most.
WATCHERS = 8
#: A person's requests with outcomes: at most this many at once, that many again every
#: RATE_SECONDS (a student records one every few seconds; a new kernel sends its file in one).
RATE, RATE_SECONDS = 30, 10.0

WORDS = {
    "teachers_only": N_("Only a teacher of the class sees the class's progress: you see your own with "
                        "teach.progress()."),
    "not_yours": N_("Only a teacher sees another student's progress: you see your own with teach.progress()."),
    "bad_outcomes": N_("The game service stores a list of at most {n} outcomes here: nothing was stored."),
    "bad_exercise": N_("{exercise} is not an exercise of the course (such as 4.2): nothing was stored."),
    "bad_state": N_("{state} is not an exercise's state (tried, solved or answer): nothing was stored."),
    "bad_tries": N_("{tries} is not a number of tries: nothing was stored."),
    "bad_student": N_("A student is named by their hub name, as a text: nothing was erased."),
    "page_teachers_only": N_("This page shows the class's progress to its teachers only."),
    "too_many": N_("The game service keeps at most {n} connections to the class's progress open for one "
                   "teacher: close one you no longer use, then try again."),
    "too_fast": N_("Too many outcomes at once: the game service takes the next ones in a few seconds."),
}


def _refused(key: str, lang: str | None, status: int, **facts) -> Refused:
    return Refused(say(WORDS[key], lang, **facts), status)


class Progress:
    """The class's progress in the service: the store, the teachers' sockets, the page's waits."""

    def __init__(self, service, store: ClassProgress | None = None):
        self.service = service
        self.store = store if store is not None else ClassProgress(service.tables.folder / "progress")
        self.watchers: set = set()
        self.waiting: set[asyncio.Future] = set()
        self.buckets: dict[str, tuple[float, float]] = {}     # a person's requests left, and when
        self.timing: deque[float] = deque(maxlen=10_000)       # seconds from outcomes received to every watcher sent

    def record(self, person: Person, data: dict, lang: str | None) -> dict:
        """A kernel's outcomes stored under its person's name: what the kernel is told (how many
        changed a row, and which exercises were left out: not the course's). A teacher's are not
        kept (trying the exercises adds no row to the class); more requests than
        :data:`RATE` allows are refused (429: the kernel tries again later)."""
        started = time.perf_counter()
        if not self.allowed(person.name):
            raise _refused("too_fast", lang, 429)
        try:
            outcomes, unknown = read_outcomes(data, self.store.clock())
        except BadOutcome as bad:
            raise _refused(bad.key, lang, 400, **bad.facts) from None
        if person.teacher:
            return {"stored": 0, "student": person.name, "teacher": True}
        changed = self.store.record(person.name, outcomes)
        if changed:
            self.changed(person.name)
            self.timing.append(time.perf_counter() - started)
        return {"stored": len(changed), "student": person.name, **({"not_in_course": unknown} if unknown else {})}

    def allowed(self, name: str) -> bool:
        """One more request of ``name`` within :data:`RATE` (a bucket of that many, refilled
        over :data:`RATE_SECONDS`)."""
        now = time.monotonic()
        tokens, then = self.buckets.get(name, (RATE, now))
        tokens = min(RATE, tokens + (now - then) * RATE / RATE_SECONDS)
        if tokens < 1:
            self.buckets[name] = (tokens, now)
            return False
        self.buckets[name] = (tokens - 1, now)
        return True

    def erase(self, person: Person, student, lang: str | None) -> int:
        self.teacher(person, lang)
        if student is not None and not isinstance(student, str):
            raise _refused("bad_student", lang, 400)
        gone = self.store.erase(student)
        if gone:
            for socket in list(self.watchers):
                socket.send(json.dumps({"class": self.store.snapshot()}))
            self._wake()
        return gone

    def changed(self, student: str) -> None:
        """Every teacher's socket gets ``student``'s new row; every page waiting answers."""
        text = json.dumps({"row": self.store.row(student).to_data(), "version": self.store.version,
                           "now": self.store.clock()})
        for socket in list(self.watchers):
            socket.send(text)
        self._wake()

    def _wake(self) -> None:
        for future in list(self.waiting):
            if not future.done():
                future.set_result(True)
        self.waiting.clear()

    async def changes_after(self, version: int, wait: float = LONG_POLL) -> None:
        """Return once the class is past ``version``, or after ``wait`` seconds."""
        if self.store.version > version:
            return
        future = asyncio.get_running_loop().create_future()
        self.waiting.add(future)
        try:
            await asyncio.wait_for(asyncio.shield(future), wait)
        except asyncio.TimeoutError:
            pass
        finally:
            self.waiting.discard(future)

    async def recheck(self) -> int:
        """Every teacher's socket asks the hub again who its person is (the token of its
        handshake): one who no longer teaches (no longer an admin, out of the teachers' group,
        the token gone) is closed (:data:`~.app.LOST`). How many were closed."""
        closed = 0
        for socket in list(self.watchers):
            try:
                person = await self.service.identify(socket)
            except Exception:  # noqa: BLE001 - the hub does not answer now: asked again next time
                continue
            if person is None or not person.teacher:
                self.watchers.discard(socket)
                socket.close(LOST, say(WORDS["page_teachers_only"], None))
                closed += 1
        return closed

    @staticmethod
    def teacher(person: Person, lang: str | None) -> None:
        if not person.teacher:
            raise _refused("teachers_only", lang, 403)


class _ProgressBase(Base):
    def initialize(self, service, progress: Progress) -> None:
        super().initialize(service)
        self.progress = progress

    def a_teacher(self) -> bool:
        """Whether the caller teaches the class; if not, the refusal is answered (403)."""
        try:
            self.progress.teacher(self.person, self.lang())
        except Refused as err:
            self.refused(err)
            return False
        return True


class ClassHandler(_ProgressBase):
    """``api/progress``: a kernel's outcomes (POST); the class, to a teacher (GET)."""

    def get(self) -> None:
        if self.a_teacher():
            self.answer(self.progress.store.snapshot())

    def post(self) -> None:
        try:
            self.answer(self.progress.record(self.person, self.body(), self.lang()))
        except Refused as err:
            self.refused(err)


class StudentHandler(_ProgressBase):
    """``api/progress/students/NAME``: NAME's own row, to NAME or a teacher."""

    def get(self, name: str) -> None:
        if name != self.person.name and not self.person.teacher:
            return self.refused(_refused("not_yours", self.lang(), 403))
        self.answer(self.progress.store.row(name).to_data())


class ExportHandler(_ProgressBase):
    """``api/progress/export``: the class as CSV, to a teacher."""

    def get(self) -> None:
        if not self.a_teacher():
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(self.progress.store.export_csv())


class EraseHandler(_ProgressBase):
    """``api/progress/erase``: a teacher forgets one student's row, or everyone's."""

    def post(self) -> None:
        try:
            data = self.body()
            gone = self.progress.erase(self.person, data.get("student"), self.lang())
        except Refused as err:
            return self.refused(err)
        self.answer({"erased": gone})


@web.stream_request_body
class Watch(websocket.WebSocketHandler):
    """``api/progress/updates``: a teacher's kernel hears the class, then every row that changed."""

    def initialize(self, service, progress: Progress) -> None:
        self.service, self.progress = service, progress
        self.person: str | None = None

    def check_origin(self, origin: str) -> bool:
        return True      # kernels, with a token: no browser page, no cookie

    def prepare(self) -> None:
        _refused_by_length(self)

    def data_received(self, chunk: bytes) -> None:
        pass

    async def get(self, *args, **kwargs):
        lang = _lang(self)
        person = await self.service.identify(self)
        if person is None:
            self.set_status(403)
            return self.finish()
        if not person.teacher:
            return _answer(self, {"refused": say(WORDS["teachers_only"], lang)}, 403)
        if sum(w.person == person.name for w in self.progress.watchers) >= WATCHERS:
            return _answer(self, {"refused": say(WORDS["too_many"], lang, n=WATCHERS)}, 429)
        self.person = person.name     # counted from here: no await between the count and open()
        return await super().get(*args, **kwargs)

    def open(self) -> None:
        self.progress.watchers.add(self)
        self.send(json.dumps({"class": self.progress.store.snapshot()}))

    def on_message(self, message) -> None:
        pass

    def on_close(self) -> None:
        self.progress.watchers.discard(self)

    def send(self, text: str) -> None:
        try:
            self.write_message(text)
        except websocket.WebSocketClosedError:
            self.progress.watchers.discard(self)


class Page(web.RequestHandler):
    """``progress/``: the class, live, for the projector, to a teacher logged in to the hub; its
    table is fetched again each time the class changes (``progress/table``, a long poll)."""

    def initialize(self, service, progress: Progress, auth=None) -> None:
        self.service, self.progress = service, progress
        if auth is not None:
            self.hub_auth = auth

    async def who(self) -> Person | None:
        """The teacher at this page, or None (answered: to the hub's login, or 403)."""
        person = await self.service.page_identify(self) if self.service.page_identify else None
        if person is None:
            login = getattr(self, "get_login_url", None)
            if login is not None and self.service.page_identify is not None:
                self.redirect(login())
            else:
                self._refuse()
            return None
        if not person.teacher:
            self._refuse()
            return None
        return person

    def _refuse(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(say(WORDS["page_teachers_only"], _lang(self)))

    def view(self) -> ClassView:
        notebook = self.get_query_argument("notebook", None) or None
        return ClassView(self.progress.store.snapshot(), notebook, _lang(self))

    async def get(self) -> None:
        if await self.who() is None:
            return
        view = self.view()
        self.set_header("Cache-Control", "no-store")
        xsrf = self.xsrf_token      # the hub's login asks it of the page's own requests (not navigations)
        nonce = secrets.token_urlsafe(16)
        self.set_header("Content-Security-Policy", f"default-src 'self'; style-src 'unsafe-inline'; "
                        f"script-src 'nonce-{nonce}'; frame-ancestors 'self'")
        self.finish(page_html(view, self.progress.store.version, _lang(self) or "en",
                              xsrf.decode() if isinstance(xsrf, bytes) else str(xsrf), nonce))


class PageTable(Page):
    """``progress/table?since=V``: the table's HTML once the class is past version ``V`` (or after
    :data:`LONG_POLL` seconds), with the version in ``X-Cafe-Version``."""

    async def get(self) -> None:
        if await self.who() is None:
            return
        try:
            since = int(self.get_query_argument("since", "-1"))
        except ValueError:
            since = -1
        await self.progress.changes_after(since)
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Cafe-Version", str(self.progress.store.version))
        self.finish(self.view().html())


def page_html(view: ClassView, version: int, lang: str, xsrf: str = "", nonce: str = "") -> str:
    """The projector's page: the table, then a few lines that fetch it again at each change."""
    from html import escape

    options = "".join(f'<option value="{nb}"{" selected" if nb == view.notebook else ""}>'
                      f'{escape(view.word("notebook", nb=nb))}</option>' for nb in _notebooks())
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{escape(view.word("title"))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:8px 12px">
<main><form style="display:flex;align-items:baseline;gap:18px;margin:0 0 2px">
<h1 style="font:bold 20px DejaVu Sans, Verdana, sans-serif;margin:0">{escape(view.word("title"))}</h1>
<label style="font:14px DejaVu Sans, Verdana, sans-serif">{escape(view.word("choose"))}
<select name="notebook" onchange="this.form.submit()"><option value="">{escape(view.word("all"))}</option>{options}</select>
</label><input type="hidden" name="lang" value="{lang}"></form>
<div id="live" aria-live="off">{view.html()}</div></main>
<script nonce="{nonce}">
(function () {{
  var version = {version};
  var query = window.location.search ? window.location.search.slice(1) + "&" : "";
  function next() {{
    fetch("table?" + query + "since=" + version,
          {{credentials: "same-origin", cache: "no-store", headers: {{"X-XSRFToken": {json.dumps(xsrf)}}}}})
      .then(function (answer) {{
        if (!answer.ok) {{ throw new Error(answer.status); }}
        version = parseInt(answer.headers.get("X-Cafe-Version"), 10);
        return answer.text();
      }})
      .then(function (html) {{ document.getElementById("live").innerHTML = html; next(); }})
      .catch(function () {{ setTimeout(next, 2000); }});
  }}
  next();
}})();
</script></body></html>"""


def _notebooks() -> list[str]:
    from .progress import course

    return list(course())


def routes(prefix: str, service, progress: Progress, auth=None) -> list:
    """The routes of the class's progress, for :func:`.app.make_app`."""
    args = {"service": service, "progress": progress}
    page = {**args, "auth": auth}
    page_class, table_class = Page, PageTable
    if auth is not None:       # the hub's login (OAuth) for the page: its mixin, and its callback route
        from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated

        page_class = type("HubPage", (HubOAuthenticated, Page), {})
        table_class = type("HubPageTable", (HubOAuthenticated, PageTable), {})

        class Callback(HubOAuthCallbackHandler):
            def initialize(self) -> None:
                self.hub_auth = auth

        extra = [(prefix + "oauth_callback", Callback)]
    else:
        extra = []
    return [
        (prefix + PROGRESS_ROUTES["class"], ClassHandler, args),
        (prefix + PROGRESS_ROUTES["student"], StudentHandler, args),
        (prefix + PROGRESS_ROUTES["export"], ExportHandler, args),
        (prefix + PROGRESS_ROUTES["erase"], EraseHandler, args),
        (prefix + PROGRESS_ROUTES["updates"], Watch, args),
        (prefix + PROGRESS_ROUTES["page"], page_class, page),
        (prefix + PROGRESS_ROUTES["page_table"], table_class, page),
        *extra,
    ]
