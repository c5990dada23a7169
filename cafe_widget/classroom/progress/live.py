"""The teacher's live view of the class, in a notebook on the class's hub:
``cafe_widget.classroom.dashboard()``.

Each student's kernel sends its outcomes to the game service as they happen
(:mod:`cafe_widget.teach.live`); the service keeps them (:mod:`cafe_widget.service.progress`) and
tells every teacher's dashboard each row that changed, over a WebSocket this kernel holds in a
thread. The dashboard is the service's own drawing (:mod:`cafe_widget.service.progress_view`): a
student a row, an exercise a column, the exercise most of the class is stuck on, each student's
last activity; a menu chooses the notebook. Beside it, the class's progress as a CSV that
``summary`` reads (:func:`export_progress`), and a way to forget it (:func:`erase_progress`).
Only a teacher gets any of it: the service refuses a student (their own row is
``teach.progress()``).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from pathlib import Path

from ...i18n import NN_, N_, current, say, translate
from ...service import protocol
from ...service.progress import course
from ...service.progress_view import ClassView
from ..tables.transport import Connection, ServiceError, in_a_loop

TICK = 15.0          #: seconds between two redraws while nothing changes (the "… ago" move on)
DRAW_EVERY = 0.1     #: seconds between two redraws at least, however many rows arrive at once

WORDS = {
    "exported": N_("Written: {path} ({n} lines): python -m cafe_widget.classroom summary {path} reads it, "
                   "beside nbgrader's grades."),
    "not_written": N_("Could not write {path}: {reason}. Nothing else changed."),
    "erase_ask_one": N_("This forgets everything {student} sent to the class's live view (their own progress "
                        "file stays theirs): run erase_progress({quoted}, sure=True) to do it."),
    "erase_ask_all": N_("This forgets everything every student sent to the class's live view (their own "
                        "progress files stay theirs): run erase_progress(sure=True) to do it."),
    "erased": NN_("Forgotten: what {n} student sent to the live view.", "Forgotten: what {n} students sent to the live view."),
    "live": N_("Live: every outcome appears here as the students' kernels send it."),
    "lost": N_("The connection to the game service is lost: trying again (what the students do meanwhile "
               "is kept, and appears when it is back)."),
}


def _say(key: str, lang: str | None, **facts) -> str:
    if "n" in facts:
        return translate(WORDS[key], lang, facts["n"]).format(**facts)
    return say(WORDS[key], lang, **facts)


def class_progress(notebook: str | None = None, *, lang=None, url=None, token=None) -> ClassView | None:
    """The class's progress now, once (a teacher only): shown as the dashboard's table, ``str()``
    its words. None, said, when the service refuses or does not answer."""
    try:
        snapshot = Connection(url, token, lang).request("GET", protocol.PROGRESS)
    except ServiceError as err:
        print(err.sentence)
        return None
    return Snapshot(snapshot, notebook, lang)


class Snapshot(ClassView):
    """A :class:`ClassView` a notebook shows as its HTML (and ``str()`` as its words)."""

    def __init__(self, snapshot: dict, notebook=None, lang=None):
        super().__init__(snapshot, notebook, lang, now=time.time())

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return self.text()


def export_progress(path, *, lang=None, url=None, token=None) -> Path | None:
    """The class's progress as a CSV file (a teacher only): a line a student and exercise
    (``student,notebook,exercise,state,tries,at``), which ``summary`` reads beside nbgrader's grades."""
    conn = _connection(lang, url, token)
    if conn is None:
        return None
    try:
        text = _get_text(conn, protocol.PROGRESS + "/export")
    except ServiceError as err:
        print(err.sentence)
        return None
    target = Path(path)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        print(_say("not_written", lang, path=str(target), reason=err.strerror or type(err).__name__))
        return None
    print(_say("exported", lang, path=str(target), n=text.count("\n")))
    return target


def erase_progress(student: str | None = None, *, sure: bool = False, lang=None, url=None, token=None) -> int | None:
    """Forget what ``student`` (None: every student) sent to the class's live view, on the
    service (a teacher only; their own progress files are theirs and stay). Asks first: nothing
    is erased without ``sure=True``. How many students' rows went (None: refused, said)."""
    if not sure:
        print(_say("erase_ask_all", lang) if student is None else
              _say("erase_ask_one", lang, student=student, quoted=repr(student)))
        return None
    try:
        answer = Connection(url, token, lang).request("POST", protocol.PROGRESS + "/erase",
                                                      {} if student is None else {"student": student})
    except ServiceError as err:
        print(err.sentence)
        return None
    print(_say("erased", lang, n=answer["erased"]))
    return answer["erased"]


def _connection(lang, url, token) -> Connection | None:
    try:
        return Connection(url, token, lang)
    except ServiceError as err:
        print(err.sentence)
        return None


def _get_text(conn: Connection, path: str) -> str:
    """A GET whose answer is text (the export), refusals as :class:`ServiceError`."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(conn.url + path + f"?lang={current(conn.lang)}",
                                     headers={"Authorization": f"token {conn.token}"})
    try:
        with urllib.request.urlopen(request, timeout=15) as answer:
            return answer.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        try:
            said = json.loads(err.read().decode("utf-8")).get("refused")
        except (ValueError, OSError):
            said = None
        raise ServiceError(said or f"HTTP {err.code}", err.code) from None
    except (urllib.error.URLError, OSError) as err:
        raise ServiceError(str(getattr(err, "reason", err))) from None


class Dashboard:
    """The class, live, in the teacher's notebook: a menu (all notebooks, or one) over the table,
    redrawn at each row the service sends (and every :data:`TICK` seconds)."""

    def __init__(self, conn: Connection, snapshot: dict, notebook: str | None = None, lang: str | None = None):
        import ipywidgets as widgets

        self.conn, self.lang = conn, lang
        self.snapshot = snapshot
        self.arrived: deque = deque(maxlen=10_000)    # (time.time() when a row was drawn, its student)
        self._drawn_at = 0.0
        self._due: str | None = None                   # a row arrived within DRAW_EVERY: drawn soon
        self.connected = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._loop = self._socket = None
        lang = current(lang)
        words = ClassView({}, None, lang, exercises={})
        choices = [(words.word("all"), "")] + [(words.word("notebook", nb=nb), nb) for nb in course()]
        self.menu = widgets.Dropdown(options=choices, value=notebook or "", description=words.word("choose"),
                                     style={"description_width": "initial"}, layout=widgets.Layout(width="320px"))
        self.table = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.status = widgets.HTML()
        self.menu.observe(lambda change: self.draw(), names="value")
        self.box = widgets.VBox([self.menu, self.table, self.status], layout=widgets.Layout(max_width="1340px"))
        self.draw()
        self._thread = threading.Thread(target=self._run, name="cafe-class-live", daemon=True)
        self._thread.start()

    @property
    def notebook(self) -> str | None:
        return self.menu.value or None

    def view(self) -> ClassView:
        with self._lock:
            snapshot = {"students": dict(self.snapshot.get("students", {}))}
        return ClassView(snapshot, self.notebook, self.lang, now=time.time())

    def draw(self) -> None:
        self.table.value = self.view().html()

    def __str__(self) -> str:
        return self.view().text()

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)

    def stop(self) -> None:
        """No more listening: the WebSocket closed, the thread ends."""
        self._stop.set()
        if self._loop is not None and self._socket is not None:
            self._loop.call_soon_threadsafe(self._socket.close)

    # -- the thread ------------------------------------------------------------------------------

    def _arrived(self, data: dict) -> None:
        with self._lock:
            if "class" in data:
                self.snapshot = data["class"]
                who = "*"
            else:
                row = data["row"]
                students = dict(self.snapshot.get("students", {}))
                students[row["student"]] = row
                self.snapshot = {**self.snapshot, "students": students, "version": data.get("version")}
                who = row["student"]
        since = time.monotonic() - self._drawn_at
        if since >= DRAW_EVERY:
            self._draw_now(who)
        elif self._due is None:         # a burst: drawn once, DRAW_EVERY after the last drawing
            self._due = who
            self._loop.call_later(DRAW_EVERY - since, self._draw_due)
        else:
            self._due = who

    def _draw_due(self) -> None:
        who, self._due = self._due, None
        if who is not None:
            self._draw_now(who)

    def _draw_now(self, who: str) -> None:
        self._drawn_at = time.monotonic()
        self.draw()
        self.arrived.append((time.time(), who))

    def _run(self) -> None:
        in_a_loop(self._listen, lambda loop: setattr(self, "_loop", loop))

    async def _listen(self) -> None:
        wait = 0.2
        while not self._stop.is_set():
            try:
                socket = await self.conn.websocket(f"{protocol.PROGRESS}/updates")
            except Exception:  # noqa: BLE001 - the service is away (or refuses): said, tried again
                self._say("lost")
                await asyncio.sleep(wait)
                wait = min(5.0, wait * 2)
                continue
            wait, self._socket = 0.2, socket
            self._say("live")
            while not self._stop.is_set():
                try:
                    message = await asyncio.wait_for(socket.read_message(), TICK)
                except asyncio.TimeoutError:
                    self.draw()            # nothing changed: the "… ago" move on
                    continue
                if message is None:
                    self._say("lost")
                    break
                try:
                    self._arrived(json.loads(message))
                except Exception:  # noqa: BLE001 - one bad message: the next replaces it
                    pass
            socket.close()

    def _say(self, key: str) -> None:
        self.connected = key == "live"
        self.status.value = f'<span role="status">{_say(key, self.lang)}</span>'


def dashboard(notebook: str | None = None, *, lang=None, url=None, token=None) -> Dashboard | None:
    """The class, live (a teacher only, on the class's hub): shown by the notebook, it follows
    every student's outcomes as they happen. ``notebook`` (``"04"``) chooses the exercises shown
    first. None, said, when the service refuses (a student) or does not answer."""
    conn = _connection(lang, url, token)
    if conn is None:
        return None
    try:
        snapshot = conn.request("GET", protocol.PROGRESS)
    except ServiceError as err:
        print(err.sentence)
        return None
    return Dashboard(conn, snapshot, notebook, lang)
