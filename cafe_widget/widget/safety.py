"""What keeps a student's game safe in both widgets: a refusal changes nothing, a typed line is
all or nothing, a click or a value that is not one is explained, and a save is the whole widget.

Every event (a click, a typed line, a load) runs under :meth:`Guarded._guarded`, shared by both
widgets: the widget's state is copied first, and when the event is refused — ``IllegalMove``,
``NotationError`` or a :class:`Refused` sentence of the widget's own — everything is put back as
it was before the event, so the game, its log, the turn in progress and the screen are exactly
as they were.
"""

from __future__ import annotations

import copy
import json

from ..engine import BoardGame, Game, IllegalMove, NotationError
from ..i18n import N_, current, listen, say
from ..engine.errors import Refused, json_problem, kind_of, need_text, shorten  # noqa: F401 - Refused: the widgets import it from here

#: A widget save: the format, and the game it is of (``"card"`` or ``"board"``).
WIDGET_SAVE = "cafe-widget screen"


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


def snapshot(widget) -> dict:
    """The widget's state (``w.state``, :mod:`.state`), each field copied."""
    state = widget.state
    return {name: copied(getattr(state, name)) for name in state.names()}


def restore(widget, kept: dict) -> None:
    """Put back a :func:`snapshot` (it may be restored more than once)."""
    for name, value in kept.items():
        setattr(widget.state, name, copied(value, revive=True))


def point(x, y) -> tuple[float, float]:
    """A click's coordinates as numbers; NotationError for anything else. NaN and infinite
    values are numbers that fall on no region (``hit_test``): the click does nothing."""
    for name, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise NotationError("click", kind_of(value), N_("is not a number: give {axis} as canvas pixels, "
                                                            "for example w.click(120, 80)"), axis=name)
    return float(x), float(y)


def read_json(text) -> dict | None:
    """A save's content (a widget's or an engine's), or None when ``text`` is not JSON at all (a
    notation). NotationError when it is broken JSON, or JSON that is not an object."""
    text = need_text(text, "load", "a save (w.save()), a game notation or a café notation")
    if not text.strip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        problem, facts = json_problem(err)
        raise NotationError("json", shorten(text.strip(), 40), problem, **facts) from None
    if not isinstance(data, dict):
        raise NotationError("json", shorten(text.strip(), 40), N_("is not a save"))
    return data


def field(data: dict, name: str, kinds, problem: str, **facts):
    """``data[name]`` if it is of ``kinds``; NotationError naming the field otherwise (``problem``
    a sentence marked with ``N_``, filled from ``facts``)."""
    value = data.get(name)
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise NotationError("json", name, problem, **facts)
    if not isinstance(value, kinds):
        raise NotationError("json", name, problem, **facts)
    return value


def error_sentence(err: Exception, lang: str, unexpected: str) -> str:
    """A refusal or a notation error in ``lang`` (with its rule id), or the widget's own
    refusal; any other error as ``unexpected`` filled with its type and message (the last
    safety net: never a traceback in a widget)."""
    if isinstance(err, (IllegalMove, NotationError)):
        return err.sentence(lang)
    if isinstance(err, Refused):
        return err.sentence
    return unexpected.format(error=f"{type(err).__name__}: {shorten(str(err))}")


class Guarded:
    """The guard of both widgets' events. A widget holds the state an event may change as
    ``w.state`` (:mod:`.state`) and gives ``_click``, ``set_status``, ``_unexpected`` (its "something went
    wrong" sentence with an ``{error}`` slot) and ``redraw``; ``_shown_state`` and
    ``_refusal_marks`` let it keep the marks of a refusal that changed nothing shown."""

    def _init_guard(self) -> None:
        self._confirm: str | None = None   # the question asked ("new", "load"): the same action next answers it
        self._asked: str | None = None     # the question pending when this event began
        self._last_refused = False

    @property
    def refused(self) -> bool:
        """Whether the last click, typed line or load was refused (it then changed nothing)."""
        return self._last_refused

    # -- the language ----------------------------------------------------------------------

    def _init_language(self, lang: str | None) -> None:
        """``lang`` fixes the widget's language; None follows ``cafe_widget.language()``."""
        self._lang = None if lang is None else current(lang)   # an unknown one: a ValueError
        listen(self)

    @property
    def lang(self) -> str:
        """The language the widget speaks: its own if given, else the package's current one."""
        return self._lang or current()

    def language_changed(self, lang: str) -> None:
        """``cafe_widget.language(...)`` was called: a widget that follows it redraws in it."""
        if self._lang is None:
            self._label_boxes()
            # The last sentence was said in the old language: say what happened instead.
            self.set_status(say("The widget speaks English now."), "")
            try:
                self.redraw()
            except Exception:  # noqa: BLE001 - a widget must not show a traceback
                pass

    def _label_boxes(self) -> None:
        """The words of the boxes and buttons beside the canvas, in the widget's language."""

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y): the same code path as the mouse."""
        self._guarded(self._click_at, x, y)

    def _click_at(self, x, y) -> None:
        self._click(*point(x, y))

    def _shown_state(self):
        """What, changed by a refused event, makes its screen marks meaningless."""
        return None

    def _refusal_marks(self, kept: bool) -> dict:
        """Screen marks of a refusal, set after the state is put back: kept when the refusal
        changed nothing shown, cleared otherwise (the refused guest was of another café)."""
        return {}

    def _guarded(self, action, *args, event: bool = True) -> None:
        """Run ``action``; show a refusal or any error in the status line, never a traceback.

        An ``event`` (a click, a typed line, a load) first dismisses the question asked before
        it (only the same action again answers it), and when refused puts everything back as it
        was: the game, its log, the turn in progress, the screen (all or nothing)."""
        if event:
            self._asked, self._confirm = self._confirm, None
            self._last_refused = False
            before, shown = snapshot(self), self._shown_state()
        try:
            action(*args)
        except Exception as err:  # noqa: BLE001 - a widget must not show a traceback
            if event:
                marks = self._refusal_marks(self._shown_state() == shown)
                restore(self, before)
                for name, value in marks.items():
                    setattr(self.state, name, value)
                self._last_refused = True
            self.set_status(error_sentence(err, self.lang, self._unexpected()), "error")
        try:
            self.redraw()
        except Exception:  # noqa: BLE001
            pass
        try:
            self.tell_table()
        except Exception:  # noqa: BLE001 - another seat's redraw: never a traceback here
            pass

    def tell_table(self) -> None:
        """After an event: a widget at a table tells the others (the shell's)."""
