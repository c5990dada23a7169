"""The teacher's calls to the class's game service, from a notebook on the hub (also
``cafe_widget.classroom.open_table(…)``) or from a terminal (``python -m cafe_widget.classroom
open-table …``, :mod:`.cli`): open a table, list the tables, pause one, give a seat, save it,
close it. Each says why not, in a sentence, when it cannot (and returns None)."""

from __future__ import annotations

import json

from ...service import protocol
from .listing import TableList
from .transport import Connection, ServiceError


# -- the calls ----------------------------------------------------------------------------------------


def _call(method: str, path: str, body=None, *, lang=None, url=None, token=None, quiet=False):
    try:
        return Connection(url, token, lang).request(method, path, body)
    except ServiceError as err:
        if quiet:
            raise
        print(err.sentence)
        return None


def open_table(name: str, game: str = "card", seats=("human", "computer"), *, seed: int | None = None,
               lang: str | None = None, url: str | None = None, token: str | None = None):
    """A teacher opens the class table ``name``: ``game`` ``"card"`` or ``"board"``, ``seats``
    each a hub user's name, ``"free"`` (any student may take it) or a computer (``"computer"``,
    ``"greedy"``, ``"steady"``, ``"strong"``, ``"expert"``); ``"user:NAME"`` seats a student whose name is one of
    these words. Returns the table's facts, or None (and says why)."""
    seats = ["free" if s == "human" else s for s in seats]
    answer = _call("POST", protocol.TABLES, {"name": name, "game": game, "seats": list(seats), "seed": seed},
                   lang=lang, url=url, token=token)
    return None if answer is None else answer["table"]


def tables(*, lang=None, url=None, token=None, quiet=False):
    """The class's tables you may see (a teacher: all): a list of their facts (one dict a table,
    ``"to_move"``: whose turn, from 0, None when the game is over) that a notebook shows as a
    small table (name, game, who sits where, whose turn, state, moves), in ``lang``."""
    try:
        found = Connection(url, token, lang).request("GET", protocol.TABLES)["tables"]
    except ServiceError as err:
        if quiet:
            raise
        print(err.sentence)
        return None
    return TableList(found, lang)


def save_table(name: str, *, lang=None, url=None, token=None) -> str | None:
    """The whole table as JSON text (every hand: for the teacher only)."""
    answer = _call("GET", protocol.action(name, "save"), lang=lang, url=url, token=token)
    return None if answer is None else json.dumps(answer, indent=1)


def pause_table(name: str, paused: bool = True, *, lang=None, url=None, token=None):
    """A teacher pauses the table (no move is taken) or lets it go on (``paused=False``)."""
    answer = _call("POST", protocol.action(name, "pause" if paused else "resume"), {}, lang=lang, url=url, token=token)
    return None if answer is None else answer["table"]


def close_table(name: str, *, lang=None, url=None, token=None) -> str | None:
    """A teacher closes the table: it leaves the class (the service keeps its file). Returns its save."""
    answer = _call("POST", protocol.action(name, "close"), {}, lang=lang, url=url, token=token)
    return None if answer is None else json.dumps(answer["save"], indent=1)


def give_seat(name: str, seat: int, user: str, *, lang=None, url=None, token=None):
    """A teacher gives ``seat`` (from 0) of ``name`` to ``user`` (``"free"``: to anyone;
    ``"user:free"``: to the student called free)."""
    answer = _call("POST", protocol.action(name, "seats"), {"seat": seat, "user": user}, lang=lang, url=url, token=token)
    return None if answer is None else answer["table"]
