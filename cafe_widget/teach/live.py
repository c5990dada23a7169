"""A student's outcomes, sent to the class's game service as they happen — on the class's
JupyterHub only (the teacher's guide says what is sent and where it is
kept).

Each outcome the progress file records (:func:`~.progress_file.record`: the exercise, its state,
its tries, when) is also handed to a thread of this kernel, which sends it to the service under
the student's hub name (``POST api/progress`` with the kernel's hub token). The progress file
stays the record: what the service has not acknowledged is kept here and sent again — every
second at first, then less often, up to every :data:`MOST_WAIT` seconds —, and a new kernel sends
the whole file once, so that a student offline for a while (the service restarting, the network
gone) catches up when it answers again. The service only moves an exercise forward, so sending
twice changes nothing.

Nothing is sent unless all of these hold: ``$CAFE_LIVE_PROGRESS`` is ``1`` (``hub-config`` sets
it for the class's servers), the service's address (``$CAFE_SERVICE_URL``) and the kernel's hub
token (``$JUPYTERHUB_API_TOKEN``) are there, and nbgrader is not running the kernel. On Binder,
in JupyterLite and on a laptop, none of it is there: nothing leaves the kernel. Nothing here ever
raises into a check or prints: a check's answer is never slowed nor spoiled by the network.
Standard library only.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.request

from ..service.progress import MOST_OUTCOMES, BadOutcome, read_outcomes
from ..service.protocol import PROGRESS

ON, URL, TOKEN = "CAFE_LIVE_PROGRESS", "CAFE_SERVICE_URL", "JUPYTERHUB_API_TOKEN"
FIRST_WAIT, MOST_WAIT = 1.0, 30.0      #: seconds between two tries while the service does not answer
TIMEOUT = 5.0                          #: seconds a try waits for the service's answer


def enabled(environ=os.environ) -> bool:
    """Whether this kernel sends its outcomes: on the class's hub, its course saying so, not by nbgrader."""
    return (environ.get(ON) == "1" and bool(environ.get(URL)) and bool(environ.get(TOKEN))
            and not environ.get("NBGRADER_EXECUTION"))


class Sender:
    """The outcomes not yet acknowledged, and the thread that sends them (started on the first)."""

    def __init__(self, url: str, token: str, wait: float = FIRST_WAIT):
        self.url = url.rstrip("/") + "/" + PROGRESS
        self.token = token
        self.first_wait = wait
        self.pending: dict[str, dict] = {}     # exercise → its latest outcome, not acknowledged yet
        self.sent = 0                          # outcomes the service acknowledged
        self.failures = 0                      # tries the service did not answer (or refused)
        self.refused: str | None = None        # the service's last refusal, for whoever asks
        self._wake = threading.Condition()
        self._away = threading.Event()         # never set: the pause between two tries
        self._thread: threading.Thread | None = None

    def add(self, exercise: str, entry: dict) -> None:
        """``exercise``'s outcome, to be sent (a later one of the same exercise replaces it). One
        the service would not keep (not an exercise of the course, a count of tries it cannot
        read) is not sent: the progress file keeps it."""
        outcome = {"exercise": str(exercise), "state": entry.get("state"), "tries": entry.get("tries"),
                   "at": entry.get("at")}
        try:
            kept, _ = read_outcomes({"outcomes": [outcome]}, time.time())
        except BadOutcome:
            return
        if not kept:
            return                             # another course's exercise: the live view has no column for it
        with self._wake:
            self.pending[outcome["exercise"]] = outcome
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cafe-progress", daemon=True)
                self._thread.start()
            self._wake.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything is acknowledged (or ``timeout``): whether it was (the tests)."""
        with self._wake:
            return self._wake.wait_for(lambda: not self.pending, timeout)

    def _post(self, outcomes: list[dict]) -> bool:
        """Whether the service took ``outcomes`` (its answer says what it stored), or refused
        them for good (a 4xx that trying again would not change: they are dropped, the file
        keeps them); False when it should be tried again (no answer, 403, 429, 5xx, a redirect)."""
        request = urllib.request.Request(self.url, data=json.dumps({"outcomes": outcomes}).encode("utf-8"),
                                         method="POST", headers={"Authorization": f"token {self.token}",
                                                                 "Content-Type": "application/json"})
        try:
            with _OPENER.open(request, timeout=TIMEOUT) as answer:
                return "stored" in json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            try:
                self.refused = json.loads(err.read().decode("utf-8")).get("refused")
            except (ValueError, OSError, AttributeError):
                self.refused = f"HTTP {err.code}"
            return 400 <= err.code < 500 and err.code not in (401, 403, 404, 408, 429)
        except (urllib.error.URLError, OSError, ValueError, AttributeError, TypeError):
            return False

    def _run(self) -> None:
        wait = self.first_wait
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self.pending)
                batch = dict(list(self.pending.items())[:MOST_OUTCOMES])
            if self._post(list(batch.values())):
                with self._wake:
                    for exercise, outcome in batch.items():
                        if self.pending.get(exercise) is outcome:     # not replaced meanwhile
                            del self.pending[exercise]
                    self.sent += len(batch)
                    self._wake.notify_all()
                wait = self.first_wait
            else:
                self.failures += 1
                self._away.wait(wait)      # a new outcome does not hurry a try: the service is away
                wait = min(MOST_WAIT, wait * 2)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is no answer of the service (a login page, another host): never followed, with
    the token, and never taken for an acknowledgement."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)
_sender: Sender | None = None
_lock = threading.Lock()


def sender(environ=os.environ) -> Sender | None:
    """This kernel's sender (made on the first call), or None where nothing is sent."""
    global _sender
    if not enabled(environ):
        return None
    with _lock:
        if _sender is None:
            _sender = Sender(environ[URL], environ[TOKEN])
        return _sender


def recorded(exercise: str, entry: dict) -> None:
    """The progress file recorded ``entry`` for ``exercise``: sent too, on the class's hub."""
    try:
        chosen = sender()
        if chosen is not None:
            chosen.add(exercise, entry)
    except Exception:  # noqa: BLE001 - the network never spoils a check
        pass


def recorded_before(entries) -> None:
    """A new kernel: the whole progress file (``entries``: exercise → entry, those it can read)
    sent once, on the class's hub (nothing elsewhere): what an earlier kernel could not send."""
    try:
        chosen = sender()
        if chosen is not None:
            for exercise, entry in entries().items():
                chosen.add(exercise, entry)
    except Exception:  # noqa: BLE001 - the network never spoils an import
        pass


def forget() -> None:
    """A new kernel's sender (the tests)."""
    global _sender
    with _lock:
        _sender = None
