"""One game, many laptops: a table that several seats share, in one kernel.

    table = Table(Game.new(players=3, seed=5), players=["human", "human", "computer"])
    table.screen()          # the projector: the café, the scores, the last turns, whose turn
    table.seat(0)           # player 1's laptop: that hand only, and moves only in that turn

A seat is a widget of the game (:class:`~cafe_widget.CafeWidget` for a :class:`Game`,
:class:`~cafe_widget.BoardWidget` for a :class:`BoardGame`) fixed on one player: no hand-over
screen, and a click or a typed line out of its turn is refused with whose turn it is, changing
nothing. Every seat and screen holds the same game object; after any event in one of them (a
move, a computer's turn, undo, a new game, a load) the table tells the others, which redraw.
The engine knows nothing of it. The computers' turns are played by the widget whose move
started them, paced as in a widget of its own, once.

One kernel holds every hand: a table is for **one computer** (the projector, a hot seat), never
for a class of laptops. A class plays on its JupyterHub, each student in their own kernel, one
table through the game service (:mod:`cafe_widget.service`, ``cafe_widget.join``).
"""

from __future__ import annotations

import json
import weakref

from ...engine import BoardGame, Game
from ...engine.board_game import SAVE_FORMAT as BOARD_SAVE
from ...i18n import N_, translate
from ...widget.board_widget import BoardWidget
from ...widget.shell import SCREEN
from ...widget.widget import CafeWidget

TABLE_FORMAT = "cafe_widget table"
HUMAN = "human"

WORDS = {
    "not_a_seat": N_("There is no seat {seat} at this table: its players are numbered 0 to {last}."),
    "computer_seat": N_("Player {n} is a computer: a seat is for a person (the humans are {humans})."),
    "not_a_table": N_("This is not a saved table: {problem}."),
    "no_share": N_("A table in one kernel is for one computer (the projector, a hot seat): every seat of it can "
                   "read every hand. For a class of laptops, play on the class's JupyterHub, each student in "
                   "their own kernel: the teacher opens the table with cafe_widget.classroom.open_table(\"3B\", "
                   "seats=[\"alice\", \"bob\", \"computer\"]), each student runs cafe_widget.join(\"3B\") "
                   "(the teacher's guide, chapter 9)."),
}


def _same(a, b) -> bool:
    """Two games in the same state (a refusal puts back a copy of the game as it was)."""
    try:
        return b is not None and type(a) is type(b) and a.to_json() == b.to_json()
    except Exception:  # noqa: BLE001 - a game that cannot be written is not the same
        return False


def _table_save(text) -> dict | None:
    """A saved table's content (:meth:`Table.save`), or None for any other text."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("format") == TABLE_FORMAT else None


def _state(game) -> str:
    """The game as text, to tell whether an event changed it."""
    try:
        return game.to_json()
    except Exception:  # noqa: BLE001 - a game that cannot be written: always a change
        return repr(id(game))


def _at_the_game(w) -> bool:
    """Whether ``w`` shows the table's game (live, or looked back at), not a sandbox, a puzzle
    or a game tried from a past position (*Try from here*: the live game waits in ``w.state.stash``)."""
    return (w.state.game is not None and w.mode in ("play", "history")
            and w.state.stash is None)


def _say(key: str, lang: str | None, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


class Table:
    """A game that several widgets share: :meth:`seat` for each person, :meth:`screen` for the
    projector. ``players`` as in the widgets (``"human"``, ``"computer"``, ``"strong"`` …; by
    default everyone is a person); ``pace``: seconds between the computers' turns after a
    person's own click; ``lang``: the table's language (None: the package's)."""

    def __init__(self, game, players=None, *, pace: float = 0.9, lang: str | None = None):
        if not isinstance(game, (Game, BoardGame)):
            raise TypeError(f"a Table plays a Game or a BoardGame, not {type(game).__name__}")
        self._cls = BoardWidget if isinstance(game, BoardGame) else CafeWidget
        self.players = tuple(players) if players is not None else (HUMAN,) * game.players
        self.pace, self.lang = pace, lang
        self._widgets: list = []          # weak references: a seat cell run again leaves the old one
        # The first widget: it holds the game, plays the computers due first, and is the screen's
        # model until one is asked for.
        self._host = self._widget(game, SCREEN)
        self.game = self._host.state.game
        self._state = _state(self.game)

    # -- the widgets -------------------------------------------------------------------------------

    def _widget(self, game, seat):
        w = self._cls(game=game, players=list(self.players), lang=self.lang, pace=self.pace)
        w.at_table, w.table_link = seat, self
        w.seated()
        self._widgets.append(weakref.ref(w))
        return w

    def _live(self) -> list:
        out = [ref() for ref in self._widgets]
        self._widgets = [weakref.ref(w) for w in out if w is not None]
        return [w for w in out if w is not None]

    @property
    def humans(self) -> tuple[int, ...]:
        """The players who are people: the seats there are."""
        return tuple(i for i, kind in enumerate(self.players) if kind == HUMAN)

    def seat(self, i: int):
        """A widget fixed on player ``i`` (0 is player 1, as ``game.to_move`` counts): that
        player's hand, moves only in that player's turn. Run the cell again after a reload: the
        new widget joins the same game."""
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.players):
            raise ValueError(_say("not_a_seat", self.lang, seat=repr(i), last=len(self.players) - 1))
        if self.players[i] != HUMAN:
            raise ValueError(_say("computer_seat", self.lang, n=i + 1,
                                  humans=", ".join(str(h) for h in self.humans) or "—"))
        return self._adopted(self._widget(self.game, i))

    def screen(self):
        """The projector's view: the café or board, the scores, the last turns, whose turn; no
        hand, no moves (the scoresheet's buttons and a new game only)."""
        return self._adopted(self._widget(self.game, SCREEN))

    def _adopted(self, w):
        """A new widget shows what the others show (their last turns, their status)."""
        w.adopt(self._host)
        return w

    @property
    def widgets(self) -> list:
        """Every seat and screen of the table still shown (or kept) somewhere."""
        return [w for w in self._live() if w is not self._host]

    # -- what the widgets tell the table ---------------------------------------------------------

    def submit(self, game, verb, args: tuple) -> tuple:
        """A person's move: in one kernel, the engine plays it on the table's game itself (the
        other widgets see it once the event ends, :meth:`changed`)."""
        return game, verb(game, *args)

    def changed(self, source) -> None:
        """``source`` handled an event (or a computer's turn). When the game changed, every other
        widget takes the game and what ``source`` says of it, and redraws; an event that changed
        no game (a card chosen, a hint, a look back, a refusal) stays in its own seat: what it
        says may be of a hand (a hint, the seats a card may take). A widget that left the game
        for another screen (a café loaded as a sandbox, a puzzle, a game tried from a past
        position) neither gives nor takes: it is on its own until it is back."""
        if not _at_the_game(source):
            return
        if source.state.game is not self.game and _same(source.state.game, self.game):
            source.state.game = self.game   # a refusal put back a copy of the very same game
        revealed = getattr(source.state, "revealed", None)
        source.seated()          # a game loaded with fewer players: a seat it has no player for is a screen
        if getattr(source.state, "revealed", None) != revealed:
            source.redraw()
        state = _state(source.state.game)
        if source.state.game is self.game and state == self._state:
            return                # the game did not change: nothing for the other seats
        self.game, self._state = source.state.game, state
        self.players = tuple(source.state.kinds)
        for w in self._live():
            if w is not source and _at_the_game(w):
                w.adopt(source, draw=w is not self._host)
        self.computers_due()

    def holds(self, w) -> bool:
        """Whether ``w`` shows the table's game (not a sandbox, a puzzle, a game tried)."""
        return _at_the_game(w)

    def rejoin(self, w) -> None:
        """``w`` comes back to the live game (from a game tried from a past position): the
        table's game as it is now, not as it was when ``w`` left."""
        w.adopt(self._host, draw=False)

    def computers_due(self) -> None:
        """A computer to move and no widget showing its turns (the one pacing them left for
        another screen, say): they play at once, from the table's own widget."""
        game = self.game
        host = self._host
        if game is None or game.is_over or game.to_move not in host.state.bots:
            return
        if getattr(host.state, "waiting", None) is not None:
            return                # R12c: the computers wait for a person's answer (declare, or go on)
        if any(w.state.round is not None and _at_the_game(w) for w in self._live()):
            return
        host.fast_forward()
        host.tell_table()

    # -- joining from other laptops -----------------------------------------------------------------

    def share(self, *args, **kwargs) -> None:
        """Gone: seats bound to this kernel let every student read every hand and act as the
        teacher. Says where a class of laptops plays instead: the class's JupyterHub,
        each student in their own kernel (``cafe_widget.join``). Returns None."""
        print(_say("no_share", self.lang))
        return None

    # -- save and load -----------------------------------------------------------------------------

    def save(self) -> str:
        """The table as text: its game (with the players) as a widget saves it."""
        return json.dumps({"format": TABLE_FORMAT, "version": 1, "game": json.loads(self._host.save())})

    def load(self, text: str) -> None:
        """Every seat and screen goes on from a saved table (:meth:`save`) or a saved game. A
        text that is refused changes nothing: ValueError saying why."""
        data = _table_save(text)
        if data is not None:
            if data.get("version") != 1 or not isinstance(data.get("game"), dict):
                raise ValueError(_say("not_a_table", self.lang, problem="version or game"))
            text = json.dumps(data["game"])
        host = self._host
        host.load(text)
        if host.refused:
            raise ValueError(host.status)
        self.players = tuple(host.state.kinds)

    @classmethod
    def from_save(cls, text: str, **options) -> "Table":
        """A table from :meth:`save`'s text (the same game, the same players). A text that is
        not a saved table: ValueError saying why."""
        data = _table_save(text)
        if data is None or not isinstance(data.get("game"), dict):
            raise ValueError(_say("not_a_table", options.get("lang"), problem=str(text)[:40]))
        reader = BoardWidget if data["game"].get("format") == BOARD_SAVE else CafeWidget
        try:
            w = reader.from_notation(json.dumps(data["game"]))
        except Exception as err:  # noqa: BLE001 - a damaged save: said, not a traceback of ours
            raise ValueError(_say("not_a_table", options.get("lang"), problem=str(err))) from None
        return cls(w.state.game, players=w.state.kinds, **options)

    def __repr__(self) -> str:
        return (f"<Table {type(self.game).__name__} {len(self.players)} players "
                f"({', '.join(self.players)}), {len(self.widgets)} widgets>")
