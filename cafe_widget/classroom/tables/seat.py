"""The widget of a seat (or the screen) at a class table: :class:`CardSeat` (a CafeWidget) or
:class:`BoardSeat` (a BoardWidget), fixed on one player, its game a stand-in kept by its
transport, a :class:`~.transport.SeatLink`.

What differs from a widget of its own: the computers play in the service (no computer here), a
move is decided by the service (``SeatLink.submit``, :mod:`.transport`), what the
others do arrives and is drawn (the status, and the last turn taken at the table in the panel),
no other game may be opened here (a new game, a load: no Load box), and while the teacher has
paused the table, or once it is closed, the seat's buttons are drawn off and every click or typed
move is refused with that reason (the service would refuse it too)."""

from __future__ import annotations

import dataclasses
import threading
import weakref

from ...engine import BoardGame
from ...render.board_words import board_say
from ...render.words import Person, phrase
from ...service import protocol
from ...widget.board_widget import BoardWidget
from ...widget.card_saves import HUMAN
from ...widget.safety import Refused
from ...widget.shell import SCREEN, table_say
from ...widget.widget import CafeWidget
from .transport import Connection, SeatLink, ServiceError, _say

#: A seat's canvas on the page, in CSS pixels (560 elsewhere): with the two lines that join it
#: and JupyterLab around it, the typed-move box stays in a 1366 × 768 window.
SHOWN_HEIGHT = 540


def _kinds_of(meta: dict) -> tuple:
    """The widget's players: each person by their hub name, each computer by its kind."""
    return tuple((Person(s["user"]) if s["user"] else "human") if s["kind"] == "human"
                 else s["computer"] for s in meta["seats"])


class AtTheService:
    """What a seat (or the screen) of a class table does otherwise than a widget of its own: mixed
    into :class:`CardSeat` and :class:`BoardSeat`, before the widget."""

    _link = None

    @classmethod
    def at_service(cls, link, lang: str | None):
        meta = link.meta
        w = cls(game=link.game, players=["human"] * link.game.players, lang=lang, pace=0)
        w._link = link
        w.event_lock = threading.RLock()
        w.state.kinds = _kinds_of(meta)
        w.state.bots = {}
        w.table_link, w.at_table = link, (SCREEN if link.seat is None else link.seat)
        w.seated()
        words = ("joined", {"seat": link.seat + 1, "table": link.name}) if link.seat is not None else (
            "screen", {"table": link.name})
        status = _say(words[0], w.lang, **words[1])
        if link.seat is not None and not link.game.is_over and w.mover() == link.seat:
            status += " " + table_say("your_turn", w.lang, name=w.player_name(link.seat))
        if link.meta.get("state") == "paused":
            status += " " + _say("paused", w.lang)
        w._table_state = link.meta.get("state")
        if link.game.log and not link.game.is_over:      # joined mid-game: the last turn at the table
            w._last_turns(link.game.log)
        w.set_status(status, "ok")
        w._fit_laptop()
        w.redraw()
        return w

    def _fit_laptop(self) -> None:
        """The seat fits a 1366 × 768 laptop with the cell that joined it above it:
        its canvas shown :data:`SHOWN_HEIGHT` CSS pixels tall (drawn as ever: a click's place
        is read in the canvas's own pixels), and no Load row (a seat opens no other game)."""
        width, height = self.size
        shown = width * SHOWN_HEIGHT // height   # whole pixels, the height following at most 540
        self._canvas.layout.width = f"{shown}px"   # its height follows (draw.make_canvas)
        self._command.layout.width = f"{shown - 130}px"
        load = getattr(self, "_load_button", None)
        if load is not None:
            self.children = tuple(c for c in self.children
                                  if not (hasattr(c, "children") and load in c.children))

    def _table_stopped(self) -> str | None:
        """Why no seat acts now: the table is closed (or no longer this person's), or the
        teacher has paused it; None while it goes on."""
        link = self._link
        if link is None:
            return None
        if link.closed:
            return link.why_closed or _say("closed", self.lang, table=link.name)
        if link.meta.get("state") == "paused":
            return _say("paused_move", self.lang, table=link.name)
        return None

    def _at_live_game(self) -> bool:
        return self._link is not None and self._link.holds(self) and self.current_mode().name == "play"

    def not_yours(self) -> str | None:
        why = self._table_stopped() if self._at_live_game() else None
        return why or super().not_yours()

    def view(self):
        """The screen's view; paused or closed, every button of a move drawn off. New game is
        always drawn off at a class table: its game is the teacher's (a click says so)."""
        view = super().view()
        off = {}
        if self._at_live_game() and self._table_stopped():
            off = {field: tuple((k, label, False) for k, label, _ in getattr(view, field))
                   for field in ("buttons", "choices") if hasattr(view, field)}
        if self._link is not None and self._link.holds(self):
            buttons = off.get("buttons", getattr(view, "buttons", ()))
            off["buttons"] = tuple((k, label, on and k != "new") for k, label, on in buttons)
            title = getattr(view, "title_button", None)
            if title is not None and title[0] == "new":
                off["title_button"] = (title[0], title[1], False)
        return dataclasses.replace(view, **off) if off else view

    def redraw(self) -> None:
        """Drawn once it knows its seat (:meth:`at_service`): while the widget is being built it
        is no seat yet, and would draw the stand-in hand of whoever is to move (another
        player's, of made-up cards), canvas and words, for the page to receive."""
        if self.at_table is not None:
            super().redraw()

    event_lock = threading.RLock()

    def _guarded(self, action, *args, event: bool = True) -> None:
        with self.event_lock:      # a message from the service waits for this event to end
            super()._guarded(action, *args, event=event)
            link = self._link
            if link is not None and link.stale:   # a move lost on its way: the table as it is
                status = (self.state.status, self.state.kind)
                try:
                    link.refresh()
                except Exception:  # noqa: BLE001 - the service away: its next message shows it
                    pass
                self.set_status(*status)
                self.redraw()

    @property
    def table(self) -> str | None:
        """The class table's name."""
        return None if self._link is None else self._link.name

    def remote_arrived(self, game, meta) -> None:
        """The service's new view (another seat's move, a computer's turn, a pause): drawn."""
        old = self.state.game
        self.state.game = game
        self.state.kinds = _kinds_of(meta)      # a free seat taken meanwhile: its person's name
        texts = []
        new = game.log[len(old.log) if old is not None and len(old.log) <= len(game.log) else len(game.log):]
        for entry in new:
            texts.append(self._entry_text(entry))
        if new and not game.is_over:
            self._last_turns(new)
        state, self._table_state = self._table_state, meta.get("state")
        if meta.get("state") == "paused":
            texts.append(_say("paused", self.lang))
        else:
            if state == "paused" and not texts:     # the status said paused: it goes on now
                texts.append(_say("resumed", self.lang))
            if self.player is not None and not game.is_over and self.mover() == self.player:
                texts.append(table_say("your_turn", self.lang, name=self.player_name(self.player)))
        if game.is_over:
            self._game_over(" ".join(texts[-2:]))
        elif texts:
            self.set_status(" ".join(texts), "ok")
        self.state.selected = None if self.state.game.to_move != self.player else self.state.selected
        self.seated()
        self.redraw()

    _table_state = None

    # -- what a class table's widget does not do -------------------------------------------------

    def _seat_may_not_load(self) -> None:
        raise Refused(_say("no_load", self.lang))

    def _button_new(self) -> None:
        raise Refused(_say("no_new", self.lang))


class CardSeat(AtTheService, CafeWidget):
    """A seat (or the screen) of a class table of the card game: a CafeWidget fed by the game
    service (``cafe_widget.join("3B")``)."""

    def _game_over(self, said: str) -> None:
        self._finish_text(said)

    def redraw(self) -> None:
        link = self._link
        if link is not None and self.state.game is not None and link.holds(self):
            self.state.waiting = link.meta.get("waiting")     # R12c: the service waits for this answer
        super().redraw()

    def _button_declare(self) -> None:
        why = self._table_stopped()
        if why:      # R12c's right to declare holds out of turn, never at a paused table
            raise Refused(why)
        super()._button_declare()

    def _button_end(self) -> None:
        if self.state.waiting is not None and self._link is not None:
            self._link.go_on()          # R12c: the person did not declare; the computers play on
            self.state.game = self._link.game
            self.state.waiting = None
            self.set_status(table_say("at_seat", self.lang, name=self.player_name(self.state.game.to_move)), "ok")
            return
        super()._button_end()

    def _last_turns(self, entries) -> None:
        """The panel and the marks show the last turn taken at the table, whoever took it,
        as in a local game: the computers' turns since a person's, else that person's."""
        trailing = []
        for entry in reversed(entries):
            if self.state.kinds[entry.player] == HUMAN:
                break
            trailing.insert(0, entry)
        last = entries[-1]
        if trailing:
            self.state.info = tuple(line for e in trailing for line in self._computer_lines(e.player, e))
        elif last.turn is not None:
            self.state.info = self._turn_lines(last.turn, self.player_name(last.player))
        else:
            self.state.info = ("*" + self._entry_words(last),)
        self.state.badges = ()
        self._mark_last_turns()

    def _entry_text(self, entry) -> str:
        if entry.turn is not None:
            return phrase("computer_turn", self.lang, name=self.player_name(entry.player), turn=entry.turn.text,
                          points=entry.turn.points)
        return self._computer_text(entry.player, entry)


class BoardSeat(AtTheService, BoardWidget):
    """A seat (or the screen) of a class table of the board game: a BoardWidget fed by the game
    service."""

    def _game_over(self, said: str) -> None:
        self._finish(said)

    def _last_turns(self, entries) -> None:
        """The panel and the marks show the last turn taken at the table, whoever took it."""
        last = entries[-1]
        self.state.marks, self.state.info = self._marks_of(last.turn), self._turn_info(last.player, last.turn)

    def _entry_text(self, entry) -> str:
        return board_say("computer_did", self.lang, name=self.player_name(entry.player), action=entry.action,
                         points=entry.points)


# -- the front door -----------------------------------------------------------------------------------


#: The seat or screen each table has in this kernel: a cell run again replaces it (the old widget
#: closed, its WebSocket stopped), so re-run cells never pile up live widgets that all redraw.
_SHOWN: dict = {}


def _open(name: str, seat, lang, url, token, join: bool):
    conn = Connection(url, token, lang)
    if join:
        data = conn.request("POST", protocol.action(name, "join"),
                            {} if seat is None else {"seat": seat})
    else:
        data = conn.request("GET", protocol.table(name))
    link = SeatLink(conn, str(name), data["seat"], data)
    cls = BoardSeat if link.kind is BoardGame else CardSeat
    w = cls.at_service(link, lang)
    link.widget_ref = weakref.ref(w)
    key = (conn.url, str(name), link.seat)
    old = _SHOWN.pop(key, None)
    if old is not None:
        old_link, old_widget = old[0], old[1]()
        old_link.stop()
        if old_widget is not None:
            old_widget.close()
    _SHOWN[key] = (link, weakref.ref(w))
    link.listen()
    return w


def join(name: str, seat: int | None = None, *, lang: str | None = None, url: str | None = None,
         token: str | None = None):
    """Your seat at the class table ``name`` (from your own kernel on the class's JupyterHub):
    the seat the teacher gave you, or a free one (``seat``: which, from 0). Run it again after a
    kernel restart: the same seat. Says why not, in a sentence, when it cannot."""
    try:
        return _open(name, seat, lang, url, token, join=True)
    except ServiceError as err:
        print(err.sentence)
        return None


def screen(name: str, *, lang: str | None = None, url: str | None = None, token: str | None = None):
    """The screen of the class table ``name``, for the projector: the café or the board, the
    scores, the last turns, whose turn; no hand."""
    try:
        return _open(name, None, lang, url, token, join=False)
    except ServiceError as err:
        print(err.sentence)
        return None


__all__ = ["BoardSeat", "CardSeat", "join", "screen"]
