"""The class's game service, its protocol written once: the service answers it (``app.py``,
``rooms.py``) and a seat asks it (``classroom/tables/transport.py``, ``classroom/tables/teacher.py``, ``classroom/tables/cli.py``); both
import this module, which imports nothing of either.

Under the service's prefix (``/services/cafe/`` on a hub), with the hub's token of the person:

====== ================================== ===============================================================
GET    ``api/tables``                      the tables the person may see (a teacher: all): ``{"tables"}``
POST   ``api/tables``                      a teacher opens one: ``{"name", "game", "seats", "seed"}``
GET    ``api/tables/NAME[?seat=N]``        a seat's view, or the screen's: ``{"table", "view"}``
WS     ``api/tables/NAME/updates``         ``?seat=N&lang=L``: the view again at every change
POST   ``api/tables/NAME/join``            ``{"seat"}`` (or none: the person's own seat)
POST   ``api/tables/NAME/moves``           ``{"seat", "verb", "args", "seq"}``: one of :data:`VERBS`
POST   ``api/tables/NAME/pause|resume``    a teacher stops the table, or lets it go on
POST   ``api/tables/NAME/seats``           a teacher gives a seat: ``{"seat", "user"}``
POST   ``api/tables/NAME/close``           a teacher closes it: ``{"save"}``
GET    ``api/tables/NAME/save``            the whole table, every hand (a teacher only)
POST   ``api/progress``                    a kernel's outcomes: ``{"outcomes": [{"exercise", "state", "tries", "at"}]}``
GET    ``api/progress``                    the class's progress (a teacher only)
GET    ``api/progress/students/NAME``      NAME's own progress (NAME, or a teacher)
GET    ``api/progress/export``             the class's progress as CSV (a teacher only)
POST   ``api/progress/erase``              ``{"student"}`` or ``{}``: forgotten (a teacher only)
WS     ``api/progress/updates``            the class, then every row that changes (a teacher only)
GET    ``progress/``                       the class, live, for the projector (a teacher, logged in)
====== ================================== ===============================================================

A refusal answers ``{"refused": sentence}`` (with ``"rule"`` when the engine refused a move),
in the person's ``?lang=``; nothing changed.
"""

from __future__ import annotations

from urllib.parse import quote

#: A table's name: 1 to 32 letters, digits, - or _, not starting with - or _.
TABLE_NAME = r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}"
#: The game's verbs a seat may send, for each game (the engine's own methods, one action each):
#: the seat's kernel calls the same method on its stand-in game first.
VERBS = {"card": ("place", "undo", "end_turn", "play", "draw", "lay_face_down", "declare_end", "act"),
         "board": ("place", "undo", "end_turn", "play", "bar", "swap", "act")}
#: R12c: the player who emptied their hand lets the computers play on.
GO_ON = "go_on"
#: What may follow a table's name in a request's path.
ACTIONS = ("join", "moves", "pause", "resume", "seats", "close", "save")
TABLES = "api/tables"
#: The paths as the service's app routes them, each a regular expression under its prefix.
ROUTES = {
    "tables": TABLES,
    "table": rf"{TABLES}/({TABLE_NAME})",
    "updates": rf"{TABLES}/({TABLE_NAME})/updates",
    "action": rf"{TABLES}/({TABLE_NAME})/({'|'.join(ACTIONS)})",
}


PROGRESS = "api/progress"
#: The class's progress (:mod:`.live`), each a regular expression under the service's prefix.
PROGRESS_ROUTES = {
    "class": PROGRESS,
    "student": rf"{PROGRESS}/students/([^/]{{1,400}})",
    "export": f"{PROGRESS}/export",
    "erase": f"{PROGRESS}/erase",
    "updates": f"{PROGRESS}/updates",
    "page": "progress/?",
    "page_table": "progress/table",
}


def student_progress(name: str) -> str:
    """The path of ``name``'s own progress."""
    return f"{PROGRESS}/students/{quote(str(name), safe='')}"


def table(name: str) -> str:
    """The path of table ``name``."""
    return f"{TABLES}/{quote(str(name), safe='')}"


def action(name: str, what: str) -> str:
    """The path of one of :data:`ACTIONS` on table ``name``."""
    if what not in ACTIONS:
        raise ValueError(f"not an action of the service: {what!r}")
    return f"{table(name)}/{what}"


def updates(name: str) -> str:
    """The WebSocket path of table ``name``'s changes."""
    return f"{table(name)}/updates"
