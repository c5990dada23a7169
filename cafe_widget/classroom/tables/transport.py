"""A seat's transport to the class's game service, in the student's own kernel: what
``cafe_widget.join("3B")`` (:mod:`.seat`) talks through.

The game service (:mod:`cafe_widget.service`) holds the real game. This kernel receives only
its seat's view (:mod:`cafe_widget.engine.views`: its hand, the café, the sizes, the log) and
makes from it a *stand-in* game: the café and the hand are the table's, the other hands and
the piles' order are dealt at random from the unseen cards, never the real ones.
:class:`SeatLink` is the seat widget's :class:`~cafe_widget.widget.link.TableLink`:

- a move (:meth:`SeatLink.submit`) is first checked here by the engine on a copy of the
  stand-in (the café and the hand are real, so a refusal is the same one, at once); then it
  goes to the service, which decides it on the real game; its answer (the seat's new view, or
  its refusal) becomes the stand-in before anything is drawn, so a table turned up by a
  clearing is the real one (R9);
- the other seats' moves and the computers' turns arrive by a WebSocket, in a thread, which
  draws them at once (under the widget's lock, so never in the middle of a student's own
  click); after the service restarts, the thread reconnects by itself; after a kernel restart,
  ``join`` again finds the same seat;
- once the service says the table is closed (its socket closed with 1000 "closed") or gone (a
  reconnection answered 404), the thread ends and the widget says so: no kernel knocks forever.

The teacher's calls to the service are :mod:`.teacher`'s.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter

from ...engine import BoardGame, Game
from ...engine.views import ViewError
from ...i18n import N_, current, translate
from ...service import protocol
from ...widget.safety import Refused
from .local import _at_the_game

WORDS = {
    "no_hub": N_("No class service here: join and screen work in a JupyterHub that runs the cafe game "
                 "service (the teacher's guide, chapter on JupyterHub). Alone or in pairs, play with "
                 "CafeWidget; one computer for the class, with Table."),
    "no_answer": N_("The game service does not answer ({reason}): nothing was changed. Try again in a moment."),
    "refused": N_("The game service refused: {reason}"),
    "bad_view": N_("The game service sent what this seat cannot show ({reason}): run the cell again."),
    "no_new": N_("At a class table the teacher starts a new game (open_table): nothing was changed."),
    "no_load": N_("At a class table the game is the table's: a seat or screen opens no other one. Nothing was changed."),
    "joined": N_("You sit at seat {seat} of table {table}."),
    "screen": N_("The screen of table {table}."),
    "paused": N_("Your teacher has paused the table."),
    # the service's own refusal (service/rooms.py), said here before a move is sent
    "paused_move": N_("Your teacher has paused table {table}: nothing changed. Wait until it goes on."),
    "resumed": N_("Your teacher lets the table go on."),
    "closed": N_("Table {table} is closed (or no longer in the class): this seat no longer follows it. "
                 "Ask your teacher where to play now."),
}

SERVICE_URL = "CAFE_SERVICE_URL"


class ServiceError(Refused):
    """The service refused, or did not answer: ``sentence`` says it in the student's language
    (a widget shows it in its status line, like its own refusals)."""

    def __init__(self, sentence: str, status: int | None = None, rule: str | None = None):
        super().__init__(sentence)
        self.status, self.rule = status, rule


def _say(key: str, lang: str | None, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


class Connection:
    """The service's address and this person's hub token (a kernel on the hub has both)."""

    def __init__(self, url: str | None = None, token: str | None = None, lang: str | None = None):
        url = url or os.environ.get(SERVICE_URL)
        token = token or os.environ.get("JUPYTERHUB_API_TOKEN")
        self.lang = lang
        if not url or not token:
            raise ServiceError(_say("no_hub", lang))
        self.url, self.token = url.rstrip("/") + "/", token

    def request(self, method: str, path: str, body: dict | None = None, timeout: float = 15):
        query = "&" if "?" in path else "?"
        url = self.url + path + f"{query}lang={current(self.lang)}"
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"token {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            try:
                said = json.loads(err.read().decode("utf-8"))
            except (ValueError, OSError):
                said = {}
            raise ServiceError(said.get("refused") or _say("refused", self.lang, reason=f"HTTP {err.code}"),
                               err.code, said.get("rule")) from None
        except (urllib.error.URLError, OSError, ValueError) as err:
            reason = getattr(err, "reason", None) or type(err).__name__
            raise ServiceError(_say("no_answer", self.lang, reason=reason)) from None

    def ws_url(self, path: str) -> str:
        parts = urllib.parse.urlsplit(self.url + path)
        return urllib.parse.urlunsplit(parts._replace(scheme="wss" if parts.scheme == "https" else "ws"))

    def websocket(self, path: str):
        """A WebSocket to the service's ``path`` (with ``?lang=``, as :meth:`request`), this
        person's token in its handshake: tornado's client, to await."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        query = "&" if "?" in path else "?"
        url = self.ws_url(f"{path}{query}lang={current(self.lang)}")
        return websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {self.token}"},
                                             connect_timeout=5, request_timeout=5), ping_interval=5, ping_timeout=5)


def in_a_loop(listen, keep) -> None:
    """``listen()`` to its end on an event loop of this thread's own (``keep(loop)`` is told of
    it, to stop it from another thread), closed after: a listener's thread."""
    loop = asyncio.new_event_loop()
    keep(loop)
    try:
        loop.run_until_complete(listen())
    finally:
        loop.close()


# -- the link between a widget and the service ----------------------------------------------------


class SeatLink:
    """A seat's transport to the game service (boardgame.io's SocketIO transport is the model;
    ``Table`` is the Local one): what the seat knows (the last view, as a stand-in game), how it
    moves (:meth:`submit`, a POST), what it hears (a WebSocket in a thread). The widget talks to
    it as to any :class:`~cafe_widget.widget.link.TableLink`."""

    def __init__(self, conn: Connection, name: str, seat: int | None, data: dict):
        self.conn, self.name, self.seat = conn, name, seat
        self.stale = False               # this seat may show other than the service holds
        self.closed = False              # the service said the table is closed or gone
        self.why_closed: str | None = None      # the service's sentence, when it said more
        self.cache: dict = {}
        self.meta = data["table"]
        self.kind = Game if self.meta["game"] == "card" else BoardGame
        self.seq = -1
        self.widget_ref = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = self._thread_loop = self._socket = None
        self.received: list[str] = []     # every message of the WebSocket, as it came (for the tests)
        self.game = self._stand_in(data)

    # -- what the widget at a table calls --------------------------------------------------------

    def changed(self, source) -> None:
        """After an event in the widget: its moves were sent as they were made (``send``)."""

    def holds(self, w) -> bool:
        return _at_the_game(w)

    def rejoin(self, w) -> None:
        self._show(w, self.game)

    def computers_due(self) -> None:
        """The computers play in the service."""

    # -- moves ------------------------------------------------------------------------------------

    def submit(self, game, verb, args: tuple) -> tuple:
        """One move of this seat: the engine checks it first on a copy of the stand-in (its café
        and hand are the table's, so a refusal is the same one, at once); then the service
        decides it on the real game, and its answer is the new stand-in. Returns it, with what
        the verb returned as the table holds it (:func:`_as_dealt`). A refusal, or no answer
        (ServiceError): ``game`` is as it was."""
        name = verb.__name__
        if name not in protocol.VERBS[self.meta["game"]]:
            raise ValueError(f"not a move a seat sends: {name}")
        trial = game.copy()
        result = verb(trial, *args)
        try:
            fresh = self.send(name, [a for a in args if isinstance(a, str)])
        except BaseException:
            # the widget puts back its whole event, though the service may hold part of it (an
            # earlier card of a typed line, or this one if the answer was lost): look again
            self.stale = True
            raise
        return fresh, _as_dealt(name, result, game, fresh)

    def send(self, verb: str, args: list):
        """The move ``verb`` (one of the service's :data:`~cafe_widget.service.protocol.VERBS`)
        to the service as it is, unchecked here; its answer as the new stand-in game.
        ServiceError (refused, no answer): nothing changed."""
        if self.seat is None:
            raise ServiceError(_say("no_load", self.conn.lang))
        data = self.conn.request("POST", protocol.action(self.name, "moves"),
                                 {"seat": self.seat, "verb": verb, "args": list(args), "seq": self.seq})
        with self._lock:
            game = self.game = self._stand_in(data)
        return game

    def go_on(self) -> None:
        """R12c: this seat's player does not declare; the computers play on."""
        data = self.conn.request("POST", protocol.action(self.name, "moves"),
                                 {"seat": self.seat, "verb": protocol.GO_ON, "args": [], "seq": self.seq})
        with self._lock:
            self.game = self._stand_in(data)

    def refresh(self) -> None:
        """Ask the service for this seat's view now (after a reconnection, or from code)."""
        seat = "" if self.seat is None else f"?seat={self.seat}"
        self._arrived(self.conn.request("GET", f"{protocol.table(self.name)}{seat}"), shown=True)

    def _stand_in(self, data: dict):
        try:
            game = self.kind.from_view(data["view"], seed=int(data["table"]["seq"]), cache=self.cache)
        except (ViewError, KeyError, TypeError, ValueError) as err:
            raise ServiceError(_say("bad_view", self.conn.lang, reason=str(err)[:80])) from None
        if len(self.cache) > 4000:
            self.cache.clear()
        self.meta, self.seq = data["table"], data["table"]["seq"]
        return game

    # -- what comes from the service -------------------------------------------------------------

    def _arrived(self, data: dict, shown: bool = False) -> None:
        """A view from the service: newer than the one known, it is drawn (by the kernel's loop,
        when it comes from the thread). ``shown``: asked for here, drawn here and now, even when
        the thread had it first (the loop, busy with a cell, has not drawn it yet)."""
        with self._lock:
            if data["table"]["seq"] <= self.seq and data["table"] == self.meta and not shown and not self.stale:
                return
            try:
                game = self._stand_in(data)
            except ServiceError:
                return
            self.game = game
            self.stale = False
        w = self.widget_ref() if self.widget_ref else None
        if w is not None:
            self._show(w, game)

    def _show(self, w, game) -> None:
        """Draw ``game`` in ``w`` now, from whichever thread it came: the kernel sends a widget's
        messages from any thread (measured: a callback handed to the kernel's own event loop
        waited for the next message to the kernel, a second or more, while the notebook was
        idle). The widget's lock keeps a student's own event and a drawing apart."""
        with w.event_lock:
            if game is not self.game or not self.holds(w):
                return      # an older one (a newer came meanwhile), or the seat looks elsewhere
            w.remote_arrived(game, self.meta)

    def listen(self) -> None:
        """The WebSocket, in a daemon thread: reconnects by itself (every 0.2 s, then up to 2 s)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name=f"cafe-table-{self.name}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """No more listening: the WebSocket closed, the thread ends."""
        self._stop.set()
        loop, socket = self._thread_loop, self._socket
        if loop is not None and socket is not None:
            loop.call_soon_threadsafe(socket.close)

    def _closed(self, why: str | None = None) -> None:
        """The service closed the table (or it is gone), or this seat is no longer this person's
        (``why``: the service's sentence): no more listening, and the widget says so."""
        self.closed, self.why_closed = True, why
        self._stop.set()
        w = self.widget_ref() if self.widget_ref else None
        if w is None:
            return
        with w.event_lock:
            w.set_status(why or _say("closed", w.lang, table=self.name), "error")
            w.redraw()

    def _run(self) -> None:
        in_a_loop(self._listen, lambda loop: setattr(self, "_thread_loop", loop))

    async def _listen(self) -> None:
        path = protocol.updates(self.name) + ("" if self.seat is None else f"?seat={self.seat}")
        wait = 0.2
        while not self._stop.is_set():
            try:
                socket = await self.conn.websocket(path)
            except Exception as err:  # noqa: BLE001 - the service is away: try again
                if _no_such_table(err):     # the service itself answers: no such table (closed, or gone)
                    self._closed()
                    return
                refusal = _refusal(err)
                if refusal:                 # the service itself refuses this seat (not yours, too many)
                    self._closed(refusal)
                    return
                await asyncio.sleep(wait)
                wait = min(2.0, wait * 2)
                continue
            wait = 0.2
            self._socket = socket
            while not self._stop.is_set():
                message = await socket.read_message()     # (a timeout here delayed messages by its length)
                if message is None:
                    if (socket.close_code, socket.close_reason) == (1000, "closed"):
                        self._closed()           # the teacher closed the table
                        return
                    if socket.close_code == 4403:
                        self._closed(socket.close_reason)    # the seat is someone else's now
                        return
                    break     # closed otherwise (the service restarts, the network): reconnect
                if isinstance(message, bytes):
                    continue
                self.received.append(message)
                try:
                    self._arrived(json.loads(message))
                except Exception:  # noqa: BLE001 - one bad message: the next view replaces it
                    pass
            socket.close()


def _as_dealt(verb: str, result, before, after):
    """What ``verb`` returned, as the table holds it. The stand-in dealt the cards this seat
    cannot see at random, so where a result shows one, it is read from the service's answer
    (``after``): the card drawn (R10) is the one new in the hand; a finished turn, the log's
    (its café after a clearing shows the table really turned up, R9); a card placed, the turn in
    progress's. Anything else the engine computed from the café and the hand, which are real."""
    if verb == "draw":
        new = Counter(after.hand(before.to_move)) - Counter(before.hand(before.to_move))
        return next(iter(new.elements()), result)
    if verb in ("end_turn", "bar", "swap", "play") and len(after.log) > len(before.log) \
            and after.log[-1].turn is not None:
        return after.log[-1].turn
    if verb == "place" and after.turn is not None and after.turn.cards:
        return after.turn.cards[-1]
    return result


def _no_such_table(err: Exception) -> bool:
    """Whether a refused connection is the service's own 404 (its JSON refusal): not a proxy's or
    the hub's answer while the service restarts, after which the seat listens again."""
    response = getattr(err, "response", None)
    if getattr(err, "code", None) != 404 or response is None:
        return False
    try:
        return "refused" in json.loads(response.body or b"{}")
    except (ValueError, TypeError):
        return False


def _refusal(err: Exception) -> str | None:
    """The service's own sentence when it refuses the handshake itself (403: not this person's
    seat; 429: too many sockets), else None (the service away: listen again)."""
    response = getattr(err, "response", None)
    if getattr(err, "code", None) not in (403, 429) or response is None:
        return None
    try:
        said = json.loads(response.body or b"{}").get("refused")
    except (ValueError, TypeError, AttributeError):
        return None
    return said if isinstance(said, str) else None


def wait_for(link: SeatLink, seq: int, timeout: float = 10.0) -> bool:
    """Until ``link`` has heard of move ``seq`` (for tests and the benchmark)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if link.seq >= seq:
            return True
        time.sleep(0.002)
    return False
