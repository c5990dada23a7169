"""The shell both widgets share: what every screen of either game has.

The canvas (two canvases: the floor, and the zones above it), the one batched redraw of what
changed, the status line and its copy for screen readers (aria-live), the command box and its
button, the language of the boxes, the front end's events (mouse, touch, a new front end), and
the entry points ``click``, ``command``, ``load``. A widget says which scene it builds, in which
layers and zones, and what a click or a typed line means on its screens.

    event → shell (guarded: a refusal changes nothing) → the widget's screen → engine
          → ``view()`` → scene → the layers that changed, in one message
"""

from __future__ import annotations

import asyncio

import ipywidgets as widgets

from ..i18n import N_, translate
from ..render import to_svg
from ..render.describe import twin_of
from ..teach.ladder import graded_refusal
from .draw import SCALE, aria_status, twin_html, draw_layer, draw_patches, make_canvas, one_message
from .link import TableLink
from .safety import Guarded, Refused, error_sentence



#: The name of the region that says the screen in words.
SCREEN_IN_WORDS = N_("The screen in words")
#: The seat of the table's screen (the projector's view: no hand, no moves).
SCREEN = "screen"
TABLE_WORDS = {
    "not_your_turn": N_("It is {name}'s turn: wait for yours. Nothing was changed."),
    "screen": N_("This is the table's screen: play from your seat. Nothing was changed."),
    "at_seat": N_("{name} is to move, at their seat."),
    "your_turn": N_("Your turn, {name}."),
    "no_load": N_("A seat at a table opens no other game: the teacher loads one on the table's screen. "
                  "Nothing was changed."),
}


def table_say(key: str, lang: str | None, **facts) -> str:
    """A table's sentence ``key`` in ``lang``, its facts filled in."""
    return translate(TABLE_WORDS[key], lang).format(**facts)


class Shell(Guarded, widgets.VBox):
    """The machinery of a widget; :class:`~cafe_widget.CafeWidget` and
    :class:`~cafe_widget.BoardWidget` are shells with their screens."""

    #: The scene's layers (the first on the lower canvas) and each upper layer's zone: set by
    #: each widget, with ``_build_scene(view)``.
    LAYERS: tuple = ()
    ZONES: dict = {}
    #: The widget's screens, each a mode (``modes.py``) by its name: set by each widget.
    MODES: dict = {}

    def _init_shell(self, lang: str | None, width: int, height: int, boxes=()) -> None:
        """The canvas, the status for screen readers, the command box, then ``boxes`` (more
        rows of widgets under it); ``lang``: the widget's own language, or None to follow
        ``cafe_widget.language()``."""
        self._init_language(lang)
        #: At a table (:class:`cafe_widget.Table`): the table, and this widget's seat there —
        #: a player's index, or ``SCREEN`` for the projector's view. None: a widget of its own.
        self.table_link: TableLink | None = None
        self.at_table = None
        self.size = (width, height)
        self._canvas = make_canvas(width, height)
        self._live = widgets.HTML("")   # the status again, for screen readers (aria-live)
        self._twin = widgets.HTML("")   # the screen in words, for screen readers (render.describe)
        # Without a mouse: a move typed in notation, the same refusals as a click.
        self._command = widgets.Text(continuous_update=False, layout=widgets.Layout(width=f"{width - 130}px"))
        self._command_button = widgets.Button(layout=widgets.Layout(width="110px"))
        self._live_event = False    # handling an event from the front end (mouse, touch, box)
        self._init_guard()
        super().__init__([self._canvas, self._live, self._twin, widgets.HBox([self._command, self._command_button]),
                          *boxes])
        self._drawn = [None] * len(self.LAYERS)
        self._patches = [None] * len(self.LAYERS)
        self._scene = None
        self._view = self._twin_of = None   # the view last drawn, and the one last said in words
        self._canvas.on_mouse_down(self._on_mouse_down)
        self._canvas.on_touch_start(self._on_touch_start)
        self._canvas.on_client_ready(self._on_client_ready)
        self._command_button.on_click(lambda _: self._submit())
        self._command.observe(lambda change: self._submit() if change["new"].strip() else None, "value")

    # -- what tests and notebooks read -------------------------------------------------------

    @property
    def status(self) -> str:
        """The status line: what the last action did, or why it was refused."""
        return self.state.status

    @property
    def player(self) -> int | None:
        """At a table, the player whose seat this is (the index ``game.to_move`` uses); None for
        the table's screen and for a widget of its own."""
        seat = self.at_table
        if isinstance(seat, int) and self.state.game is not None and seat < self.state.game.players:
            return seat
        return None

    def where(self):
        """At a table: this widget's player, or ``SCREEN`` (the screen, or a seat the game loaded
        there has no player for); None for a widget of its own."""
        if self.at_table is None:
            return None
        return SCREEN if self.player is None else self.player

    @property
    def mode(self) -> str:
        """The name of the screen shown (``"play"``, ``"history"``…: see each widget)."""
        return self.current_mode().name

    def current_mode(self):
        """The mode shown, one of ``MODES``: see each widget."""
        raise NotImplementedError

    def view(self):
        """The view of the screen right now: the current mode's."""
        return self.current_mode().view(self)

    @property
    def scene(self):
        """The scene as last drawn."""
        return self._scene

    def locate(self, name: str) -> tuple[float, float]:
        """Canvas-pixel centre of what is called ``name`` on the screen (a seat or chair, a
        card or tile, a button): see each widget."""
        return self._scene.locate(name)

    def command(self, text: str) -> None:
        """Do what a typed line says (see each widget); a refused line changes nothing."""
        self._guarded(self._command_line, text)

    def load(self, text: str) -> None:
        """Open a save or a notation in this widget (see each widget). A text that is refused
        changes nothing: the status line says why, and the game shown stays."""
        self._guarded(self._load, text)

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, and beside it a picture of what its canvas shows now (``image/svg+xml``)
        and its ``repr``: where no kernel runs the widget (the course's website, nbviewer, GitHub,
        a notebook reopened without its kernel) the picture is shown in its place."""
        data = super()._repr_mimebundle_(**kwargs)
        bundle = data[0] if isinstance(data, tuple) else data
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
            if self._scene is not None:
                bundle["image/svg+xml"] = to_svg(self._scene)
        return data

    # -- the front end's events ----------------------------------------------------------------

    def _on_mouse_down(self, x: float, y: float) -> None:
        self._from_front_end(self.click, x / SCALE, y / SCALE)

    def _on_touch_start(self, touches) -> None:
        if touches:
            self._from_front_end(self.click, touches[0][0] / SCALE, touches[0][1] / SCALE)

    def _submit(self) -> None:
        text = self._command.value
        if not text.strip():
            return
        self._from_front_end(self.command, text)
        self._command.value = ""

    def _from_front_end(self, action, *args) -> None:
        """A student's own event (what follows it may be paced: the computers' turns)."""
        self._live_event = True
        try:
            action(*args)
        finally:
            self._live_event = False

    def _schedule(self) -> None:
        """The next computer's turn ``pace`` seconds from now (``_paced_step``)."""
        token = self._pace_token
        asyncio.get_event_loop().call_later(self.pace, self._paced_step, token)

    def _paced_step(self, token: int) -> None:
        """One computer's turn, shown (the widget's ``_pace_one``); never a traceback. A step
        whose ``token`` is old finds nothing to do: the student moved on meanwhile (the turns
        were all played at once)."""
        if token != self._pace_token or self.state.round is None:
            return
        if self.table_link is not None and not self.table_link.holds(self):
            # at a table, this seat left the game meanwhile (a game tried from a past position):
            # the table plays the computers' turns still due
            self.state.round, self._pace_token = None, self._pace_token + 1
            self.table_link.computers_due()
            return
        try:
            self._pace_one()
        except Exception as err:  # noqa: BLE001 - never a traceback, here either
            self.state.round = None
            self.set_status(error_sentence(err, self.lang, self._unexpected()), "error")
        self.redraw()
        self.tell_table()

    def tell_table(self) -> None:
        """At a table: every other seat and screen shows the game as this widget left it, at
        once (measured once, with a benchmark since retired: deferring the others, even by no
        time at all, delays the other laptops and does not speed up the one that clicked)."""
        if self.table_link is not None:
            self.table_link.changed(self)

    # -- at a table ------------------------------------------------------------------------------

    #: What a widget at a table takes from the one that acted, besides the game: what the last
    #: turns were, the marks of their seats (set by each widget).
    SHARED_KEYS: tuple = ()
    #: What a widget at a table resets when the table's game is another one (new, loaded): the
    #: position looked back at, the card or tile chosen (set by each widget).
    FRESH: dict = {}

    def _move(self, verb, *args):
        """A person's move: the engine's ``verb`` (``Game.place``, ``BoardGame.bar`` …) on the
        game shown, with ``args``; returns what the verb returns. A widget of its own plays it
        here; at a table its link does (:meth:`TableLink.submit`: at the class's game service
        the service decides it, and the game shown becomes the service's answer). A refusal
        raises and changes nothing (the event's guard puts the widget back)."""
        if self.table_link is None or not self.table_link.holds(self):
            return verb(self.state.game, *args)
        self.state.game, result = self.table_link.submit(self.state.game, verb, args)
        return result

    def not_yours(self) -> str | None:
        """At a table, why this seat may not act now (another player's turn; the screen, which
        only shows), or None when it may. Each widget says who is to act (``mover``: the card
        game may wait on another player's R12c choice) and what a seat keeps (``seated``)."""
        if self.at_table is None or self.state.game is None or self.current_mode().name != "play":
            return None
        if self.where() == SCREEN:
            return table_say("screen", self.lang)
        game = self.state.game
        if game.is_over:
            return None
        mover = self.mover()
        if mover != self.player:
            return table_say("not_your_turn", self.lang, name=self.player_name(mover))
        return None

    def _no_answers(self) -> None:
        """In a graded assignment (``cafe_widget.classroom.assignment()``), Hint, Show best and
        Show answer are refused: they would show an exercise's answer."""
        why = graded_refusal(self.lang)
        if why:
            raise Refused(why)

    def _seat_may_not_load(self) -> None:
        """At a table, a seat opens no other game: the teacher loads one on the screen or with
        ``table.load(…)`` (a load replaces every seat's game)."""
        if self.at_table is not None and self.where() != SCREEN:
            raise Refused(table_say("no_load", self.lang))

    def adopt(self, source, draw: bool = True) -> None:
        """At a table, after ``source`` acted: its game (the same object), its computers, what
        it says the last turns were; the status too, unless it is ``source``'s own refusal or
        in another language. This widget's own pacing stops once the computers are done."""
        if self.state.game is not source.state.game:   # another game (new, loaded): this screen's own state starts afresh
            for name, value in self.FRESH.items():
                setattr(self.state, name, value)
            self._confirm = None
        self.state.game, self.state.bots, self.state.kinds = source.state.game, source.state.bots, source.state.kinds
        for name in self.SHARED_KEYS:
            setattr(self.state, name, getattr(source.state, name))
        game = self.state.game
        if source.state.kind != "error" and source.lang == self.lang:
            self.set_status(source.state.status, source.state.kind)
            if self.player is not None and not game.is_over and self.mover() == self.player:
                self.set_status((self.state.status + " " if self.state.status else "")
                                + table_say("your_turn", self.lang, name=self.player_name(self.player)), "ok")
        if self.state.round is not None and (game.is_over or game.to_move not in self.state.bots):
            self.state.round, self._pace_token = None, self._pace_token + 1
        self.seated()
        if draw:   # a table's own hidden widget keeps the game without drawing it: nobody sees it
            self.redraw()

    def _pacing(self) -> bool:
        """The computers' turns are shown one every ``pace`` seconds: after a student's own
        event in a live front end (from code, they are played at once)."""
        return bool(self.pace) and self._in_live_event()

    def _in_live_event(self) -> bool:
        """Handling a student's own event in a live front end (an event loop running)."""
        if not self._live_event:
            return False
        try:
            return asyncio.get_event_loop().is_running()
        except RuntimeError:
            return False

    def _on_client_ready(self) -> None:
        self._drawn = [None] * len(self.LAYERS)   # a new front end starts blank
        self._guarded(self.redraw, event=False)

    # -- the screen ----------------------------------------------------------------------------

    def set_status(self, text: str, kind: str) -> None:
        self.state.status, self.state.kind = text, kind

    def _shown_buttons(self, kinds=("button",)) -> list[str]:
        """The keys of the buttons (or other regions of ``kinds``) on the screen as last drawn."""
        return [r.name for r in self._scene.regions if r.kind in kinds] if self._scene else []

    def _build_scene(self, view):
        raise NotImplementedError

    def describe(self) -> str:
        """The screen in words, as a screen reader reads it beside the canvas: the tables and
        who sits where, the hand, the players, the last turn, the buttons."""
        return twin_of(self.view()).text()

    def redraw(self) -> None:
        """Draw what changed since the last redraw, in one message."""
        view = self.view()
        scene = self._build_scene(view)
        self._scene, self._view = scene, view
        patches = tuple(getattr(scene, "patches", ())) or (None,) * len(self.LAYERS)
        changed = [i for i in range(len(self.LAYERS)) if self._drawn[i] != scene.layers[i]]
        if changed:
            # the floor on its canvas; the zones on the one above, each cleared and redrawn
            # alone when it changed (the hand card by card), all at once on a new front end
            with one_message():
                if 0 in changed:
                    draw_layer(self._canvas[0], scene.layers[0])
                if self._drawn[1] is None:   # a new front end: the whole upper canvas
                    draw_layer(self._canvas[1], tuple(p for layer in scene.layers[1:] for p in layer))
                else:   # every zone or patch that changed, in one saved context
                    redrawn = []
                    for i in (i for i in changed if i):
                        old, new = self._patches[i], patches[i]
                        if old and new and [r for r, _ in old] == [r for r, _ in new]:
                            redrawn += [(rect, now) for (rect, before), (_, now) in zip(old, new)
                                        if before != now]   # only what changed
                        else:
                            redrawn.append((self.ZONES[self.LAYERS[i]], scene.layers[i]))
                    draw_patches(self._canvas[1], redrawn)
            for i in changed:
                self._drawn[i] = scene.layers[i]
        self._patches = list(patches)
        # the boxes after the drawing: the pixels a student waits for go first, and after a
        # student's own click the boxes follow a moment later, once the page has drawn them
        if self._in_live_event():
            asyncio.get_event_loop().call_later(0.05, self._sync_boxes)
        else:
            self._sync_boxes()

    def _sync_boxes(self) -> None:
        """The screen readers' copy of the status (and each widget's own boxes), as now."""
        live = aria_status(self.state.status)
        if self._live.value != live:
            self._live.value = live
        if self._view is not None and self._view != self._twin_of:   # said again only when it changed
            self._twin_of = self._view
            html = twin_html(twin_of(self._view), translate(SCREEN_IN_WORDS, self.lang))
            if self._twin.value != html:
                self._twin.value = html
