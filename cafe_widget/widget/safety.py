"""What keeps a student's game safe in both widgets: a refusal changes nothing, a typed line is
all or nothing, a click or a value that is not one is explained, and a save is the whole widget.

Every event (a click, a typed line, a load) runs under :func:`guard`: the widget's state is
copied first, and when the event is refused — ``IllegalMove``, ``NotationError`` or a
:class:`Refused` sentence of the widget's own — everything is put back as it was before the
event, so the game, its log, the turn in progress and the screen are exactly as they were.
"""

from __future__ import annotations

import copy
import json
import math

from ..engine import BoardGame, Game, IllegalMove, NotationError
from ..engine.errors import json_problem, kind_of, need_text, shorten

#: A widget save: the format, and the game it is of (``"card"`` or ``"board"``).
WIDGET_SAVE = "cafe-widget screen"


class Refused(Exception):
    """A widget's own refusal (an unknown word, a word not available now): its sentence, in the
    widget's language, goes to the status line; like IllegalMove, it changes nothing."""

    def __init__(self, sentence: str):
        self.sentence = sentence
        super().__init__(sentence)


class _Kept:
    """A game as it was: the object itself (a notebook may hold it: ``g = w.game``) and a copy
    of its state, put back into the same object on restore."""

    __slots__ = ("original", "state")

    def __init__(self, game):
        self.original, self.state = game, game.copy()


def copied(value, revive: bool = False):
    """A copy of a piece of widget state deep enough that the event cannot change it: games
    are kept (the object, and a copy of its state: states are immutable, so this is cheap),
    containers are copied, computer players (their random generator) and guides (their step)
    are copied whole; anything else is immutable. ``revive`` turns such a copy back into
    state, each game the same object as before with its state put back."""
    if isinstance(value, _Kept):
        value.original.__dict__.update(value.state.copy().__dict__)
        return value.original
    if isinstance(value, (Game, BoardGame)):
        return _Kept(value)
    if isinstance(value, dict):
        return {k: copied(v, revive) for k, v in value.items()}
    if isinstance(value, list):
        return [copied(v, revive) for v in value]
    if isinstance(value, set):
        return set(value)
    if hasattr(value, "__dict__") and hasattr(value, "actions"):
        return copy.deepcopy(value)   # a computer player: its random generator goes on
    if hasattr(value, "__dict__") and hasattr(value, "step"):
        other = copy.copy(value)      # a guide: its step, and its memo of best turns
        other.__dict__.update({k: dict(v) for k, v in vars(value).items() if isinstance(v, dict)})
        return other
    return value


_MISSING = object()


def snapshot(widget, keys) -> dict:
    """The widget's state under ``keys``, copied."""
    return {key: copied(getattr(widget, key, _MISSING)) for key in keys}


def restore(widget, state: dict) -> None:
    """Put back a :func:`snapshot` (it may be restored more than once)."""
    for key, value in state.items():
        if value is _MISSING:
            if key in widget.__dict__:
                delattr(widget, key)
        else:
            setattr(widget, key, copied(value, revive=True))


def point(x, y) -> tuple[float, float]:
    """A click's coordinates as numbers; NotationError for anything else. NaN and infinite
    values are numbers that fall on no region: the click does nothing."""
    for name, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise NotationError("click", kind_of(value), f"is not a number: give {name} as canvas pixels, "
                                "for example w.click(120, 80)")
    return float(x), float(y)


def on_canvas(x: float, y: float) -> bool:
    """Whether a point is a real point (NaN and infinity fall on nothing)."""
    return math.isfinite(x) and math.isfinite(y)


def read_save(text) -> dict | None:
    """A widget save's content, or None when ``text`` is not one (a notation, an engine save).
    NotationError when it is JSON but not a save this package wrote."""
    text = need_text(text, "load", "a save (w.save()), a game notation or a café notation")
    if not text.strip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise NotationError("json", shorten(text.strip(), 40), json_problem(err)) from None
    if not isinstance(data, dict):
        raise NotationError("json", shorten(text.strip(), 40), "is not a save")
    return data if data.get("format") == WIDGET_SAVE else None


def field(data: dict, name: str, kinds, problem: str):
    """``data[name]`` if it is of ``kinds``; NotationError naming the field otherwise."""
    value = data.get(name)
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise NotationError("json", name, problem)
    if not isinstance(value, kinds):
        raise NotationError("json", name, problem)
    return value


def is_refusal(err: BaseException) -> bool:
    """A refusal the student can act on (as opposed to a defect of ours)."""
    return isinstance(err, (IllegalMove, NotationError, Refused))
