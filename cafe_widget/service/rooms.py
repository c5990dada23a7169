"""The class's tables, as the game service holds them: who sits where, the real games, every move
decided by the engine, every seat told only its own view, every accepted move on disk at once.

Pure Python on the engine and the computer players (no tornado, no hub): :mod:`.app` puts it on
the network, behind the hub's identity. A person here is a hub user name; a teacher is one the
service was told of (a hub admin, or a member of the teachers' group).

A table is saved as one JSON file, written to a new file and renamed over the old one (atomic on
POSIX), after every accepted move: the service stopped at any moment loses nothing.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import BoardGame, Game, IllegalMove, NotationError
from ..i18n import N_, say
from ..players import BOARD_PLAYERS, PLAYERS, make_board_player, make_player
from ..players.board import DEFAULT as BOARD_DEFAULT
from ..players.card import DEFAULT as CARD_DEFAULT

TABLE_FORMAT = "cafe_widget class table"
FREE = "free"
COMPUTER = "computer"
GAMES = {"card": Game, "board": BoardGame}
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")
OPEN, PAUSED = "open", "paused"
#: The game's verbs a seat may send, for each game (the engine's own methods, one action each):
#: the seat's kernel calls the same method on its stand-in game first.
VERBS = {"card": ("place", "undo", "end_turn", "play", "draw", "lay_face_down", "declare_end", "act"),
         "board": ("place", "undo", "end_turn", "play", "bar", "swap", "act")}
GO_ON = "go_on"      # R12c: the player who emptied their hand lets the computers play on

WORDS = {
    "no_table": N_("There is no table {table} open in this class."),
    "not_teacher": N_("Only a teacher of the class may do this (open, pause, save or close a table)."),
    "bad_name": N_("A table's name is 1 to 32 letters, digits, - or _ (such as 3B), not {name}."),
    "exists": N_("A table {table} is already open: close it first, or choose another name."),
    "bad_game": N_("A table plays the card game or the board game (game=\"card\" or \"board\"), not {game}."),
    "bad_seats": N_("The card game seats 2 to 5 players and the board game 2 to 4: {n} seats were given."),
    "bad_seat_kind": N_("A seat is a hub user's name, \"free\", or a computer ({kinds}), not {seat}."),
    "twice": N_("{user} is given two seats at one table."),
    "no_seat_for_you": N_("Table {table} has no seat for you: ask your teacher to give you one."),
    "not_your_seat": N_("Seat {seat} is not yours at table {table}: you play only for your own seat."),
    "not_your_turn": N_("It is {name}'s turn, not yours: nothing changed."),
    "paused": N_("Your teacher has paused table {table}: nothing changed. Wait until it goes on."),
    "stale": N_("This move was meant for move {seq} of the table, which is now at move {now} "
                "(another move came first): nothing changed."),
    "bad_move": N_("This is not a move of this game: {verb}. Nothing changed."),
    "waiting": N_("The computers wait for {name}: declare the end, or go on (R12c)."),
    "no_go_on": N_("There is nothing to go on from: nothing changed."),
    "over": N_("The game at table {table} is over: nothing changed."),
    "no_token": N_("The game service needs your hub token with access to it: run this in a notebook of the "
                   "class's JupyterHub (ask your teacher if it still says so)."),
    "not_json": N_("The game service understands only a JSON object here: nothing changed."),
    "no_action": N_("The game service has no such action: nothing changed."),
    "bad_seed": N_("A table's seed is a whole number (or none), not {seed}."),
    "player": N_("Player {n}"),
    "computer": N_("Computer {n}"),
}


class Refused(Exception):
    """A request the service refuses: nothing changed. ``status``: the HTTP status to answer
    with; ``rule``: the rule id when the engine refused a move."""

    def __init__(self, sentence: str, status: int = 409, rule: str | None = None):
        super().__init__(sentence)
        self.sentence, self.status, self.rule = sentence, status, rule


def refused(key: str, lang: str | None, status: int = 409, **facts) -> Refused:
    """A refusal with one of this module's sentences, in ``lang``."""
    return Refused(say(WORDS[key], lang, **facts), status)


@dataclass
class Person:
    """Who asks: a hub user name, and whether they teach this class."""

    name: str
    teacher: bool = False


@dataclass
class Table:
    """One table: its game (the real one, with every hand), its seats, and how far it has gone."""

    name: str
    kind: str
    seats: list[str]                  # a user's name, "free", or a computer's kind
    game: object
    seq: int = 0                      # moves accepted since the table opened
    state: str = OPEN
    waiting: int | None = None        # R12c: the computers wait for this player's answer
    last: dict = field(default_factory=dict)
    views: dict = field(default_factory=dict, repr=False)   # the views' cache (engine/views.py)

    def is_computer(self, seat: int) -> bool:
        return self.seats[seat] in _computer_kinds(self.kind)

    def seat_of(self, user: str) -> int | None:
        return next((i for i, who in enumerate(self.seats) if who == user), None)

    def player_name(self, seat: int, lang: str | None) -> str:
        if self.is_computer(seat):
            return say(WORDS["computer"], lang, n=seat + 1)
        who = self.seats[seat]
        return who if who != FREE else say(WORDS["player"], lang, n=seat + 1)

    # -- what leaves the service ---------------------------------------------------------------

    def meta(self) -> dict:
        """The table as every one at it may know it."""
        return {"name": self.name, "game": self.kind, "seq": self.seq, "state": self.state,
                "seats": [{"kind": COMPUTER if self.is_computer(i) else "human",
                           "computer": _resolved(self.kind, who) if self.is_computer(i) else None,
                           "user": None if self.is_computer(i) or who == FREE else who}
                          for i, who in enumerate(self.seats)],
                "waiting": self.waiting, "last": self.last, "over": self.game.is_over}

    def view(self, seat: int | None) -> dict:
        """What ``seat`` (None: the screen) receives: its view of the game, the table's facts."""
        return {"table": self.meta(), "seat": seat, "view": self.game.view(seat, cache=self.views)}

    # -- on disk ---------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({"format": TABLE_FORMAT, "version": 1, "name": self.name, "game": self.kind,
                           "seats": self.seats, "seq": self.seq, "state": self.state, "waiting": self.waiting,
                           "last": self.last, "save": json.loads(self.game.to_json())}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "Table":
        data = json.loads(text)
        if data.get("format") != TABLE_FORMAT or data.get("version") != 1 or data.get("game") not in GAMES:
            raise ValueError("not a saved class table")
        game = GAMES[data["game"]].from_json(json.dumps(data["save"]))
        return cls(data["name"], data["game"], list(data["seats"]), game, int(data["seq"]), data["state"],
                   data.get("waiting"), data.get("last") or {})


def _computer_kinds(kind: str) -> tuple[str, ...]:
    return (COMPUTER, *sorted(PLAYERS if kind == "card" else BOARD_PLAYERS))


def _resolved(kind: str, seat_kind: str) -> str:
    """The computer player a seat's kind names ("computer": the game's default one)."""
    if seat_kind != COMPUTER:
        return seat_kind
    return CARD_DEFAULT if kind == "card" else BOARD_DEFAULT


def _computer(kind: str, seat_kind: str, seat: int):
    if kind == "card":
        return make_player(_resolved(kind, seat_kind))
    return make_board_player(_resolved(kind, seat_kind), seed=seat)


def write_atomically(path: Path, text: str, mode: int = 0o600) -> None:
    """``text`` in ``path``, all or nothing: a new file beside it, flushed, renamed over it;
    readable by its owner only unless ``mode`` says otherwise."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class Tables:
    """Every table of the class, kept in ``folder`` (one file a table)."""

    def __init__(self, folder, *, lang: str | None = None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.lang = lang
        self.tables: dict[str, Table] = {}
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.from_json(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, KeyError, TypeError, NotationError):
                continue      # not a table of ours (or damaged): left where it is, never written over
            self.tables[table.name] = table

    # -- the teacher ---------------------------------------------------------------------------

    def open(self, who: Person, name: str, game: str = "card", seats=(), *, seed: int | None = None,
             lang: str | None = None) -> Table:
        """A new table ``name`` playing ``game`` with ``seats`` (users, ``"free"``, computers)."""
        self._teacher(who, lang)
        if not isinstance(name, str) or not NAME.match(name):
            raise refused("bad_name", lang, 400, name=repr(name))
        if name in self.tables:
            raise refused("exists", lang, table=name)
        if game not in GAMES:
            raise refused("bad_game", lang, 400, game=repr(game))
        seats = [str(s).strip() if isinstance(s, str) else s for s in seats]
        low, high = (2, 5) if game == "card" else (2, 4)
        if not low <= len(seats) <= high:
            raise refused("bad_seats", lang, 400, n=len(seats))
        kinds = _computer_kinds(game)
        for s in seats:
            if not isinstance(s, str) or not (s in kinds or s == FREE or NAME.match(s) or _user_name(s)):
                raise refused("bad_seat_kind", lang, 400, kinds=", ".join(kinds), seat=repr(s))
        people = [s for s in seats if s != FREE and s not in kinds]
        for s in people:
            if people.count(s) > 1:
                raise refused("twice", lang, 400, user=s)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise refused("bad_seed", lang, 400, seed=repr(seed)[:20])
        cls = GAMES[game]
        instance = cls.new(players=len(seats), seed=seed) if game == "card" else cls.new(len(seats), seed)
        table = Table(name, game, seats, instance)
        self._save(table)
        self.tables[name] = table
        return table

    def pause(self, who: Person, name: str, paused: bool = True, lang: str | None = None) -> Table:
        self._teacher(who, lang)
        table = self.get(who, name, lang)
        table.state = PAUSED if paused else OPEN
        self._save(table)
        return table

    def assign(self, who: Person, name: str, seat: int, user: str, lang: str | None = None) -> Table:
        """The teacher gives ``seat`` to ``user`` (or frees it)."""
        self._teacher(who, lang)
        table = self.get(who, name, lang)
        seat = self._seat_number(table, seat, lang)
        if not isinstance(user, str) or not (user == FREE or _user_name(user)) or table.is_computer(seat):
            raise refused("bad_seat_kind", lang, 400, kinds=", ".join(_computer_kinds(table.kind)), seat=repr(user))
        if user != FREE and table.seat_of(user) not in (None, seat):
            raise refused("twice", lang, 400, user=user)
        table.seats[seat] = user
        self._save(table)
        return table

    def save_text(self, who: Person, name: str, lang: str | None = None) -> str:
        """The whole table, every hand included: for the teacher only."""
        self._teacher(who, lang)
        return self.get(who, name, lang).to_json()

    def close(self, who: Person, name: str, lang: str | None = None) -> str:
        """The table leaves the class; its file is kept, renamed ``<name>.closed-<n>.json``."""
        self._teacher(who, lang)
        table = self.get(who, name, lang)
        path = self._path(table.name)
        n = 1
        while (self.folder / f"{table.name}.closed-{n}.saved").exists():
            n += 1
        os.replace(path, self.folder / f"{table.name}.closed-{n}.saved")
        del self.tables[table.name]
        return table.to_json()

    # -- everyone ------------------------------------------------------------------------------

    def visible(self, who: Person) -> list[Table]:
        """The tables ``who`` may see: a teacher all; a student those with their seat or a free one."""
        return [t for t in self.tables.values()
                if who.teacher or t.seat_of(who.name) is not None or FREE in t.seats]

    def get(self, who: Person, name: str, lang: str | None = None) -> Table:
        table = self.tables.get(name) if isinstance(name, str) else None
        if table is None or table not in self.visible(who):
            raise refused("no_table", lang, 404, table=name)
        return table

    def join(self, who: Person, name: str, seat: int | None = None, lang: str | None = None) -> int:
        """``who``'s seat at ``name``: theirs already, else the one asked for or the first free one."""
        table = self.get(who, name, lang)
        mine = table.seat_of(who.name)
        if mine is not None:
            if seat is not None and seat != mine:
                raise refused("not_your_seat", lang, 403, seat=seat + 1 if isinstance(seat, int) else seat, table=name)
            return mine
        free = [i for i, s in enumerate(table.seats) if s == FREE]
        if seat is not None:
            seat = self._seat_number(table, seat, lang)
            if seat not in free:
                raise refused("not_your_seat", lang, 403, seat=seat + 1, table=name)
        elif not free:
            raise refused("no_seat_for_you", lang, 403, table=name)
        else:
            seat = free[0]
        table.seats[seat] = who.name
        self._save(table)
        return seat

    def seen_by(self, who: Person, name: str, seat: int | None, lang: str | None = None) -> dict:
        """What ``who`` receives of ``name``: a seat's view for its own player, else the screen's."""
        table = self.get(who, name, lang)
        if seat is not None and table.seat_of(who.name) != seat:
            raise refused("not_your_seat", lang, 403, seat=seat + 1 if isinstance(seat, int) else seat, table=name)
        return table.view(seat)

    def move(self, who: Person, name: str, seat, verb: str, args, seq, lang: str | None = None) -> Table:
        """One action of ``seat`` (the engine's method ``verb`` with ``args``), made at move ``seq``
        of the table. Refused with a sentence, changing nothing, unless ``who`` sits at ``seat``,
        it is that seat's turn (or its R12c right), the move is of this game and the table is at
        ``seq``. Then the computers play what is theirs."""
        table = self.get(who, name, lang)
        if not isinstance(seat, int) or isinstance(seat, bool) or table.seat_of(who.name) != seat:
            raise refused("not_your_seat", lang, 403, seat=seat + 1 if isinstance(seat, int) else repr(seat), table=name)
        if table.state == PAUSED:
            raise refused("paused", lang, table=name)
        if not isinstance(seq, int) or isinstance(seq, bool) or seq != table.seq:
            raise refused("stale", lang, seq=seq, now=table.seq)
        if not isinstance(args, list) or len(args) > 2 or not all(isinstance(a, str) for a in args):
            raise refused("bad_move", lang, 400, verb=repr(verb)[:40])
        game = table.game
        if game.is_over:
            raise refused("over", lang, table=name)
        if verb == GO_ON and table.kind == "card":
            if table.waiting != seat:
                raise refused("no_go_on", lang)
            table.waiting = None
            self._after(table, seat, GO_ON)
            return table
        if verb not in VERBS[table.kind]:
            raise refused("bad_move", lang, 400, verb=repr(verb)[:40])
        declaring = verb == "declare_end" or (verb == "act" and args and args[0].strip().startswith("declare"))
        if declaring:
            args = [] if verb == "declare_end" else ["declare"]
            if seat not in game.who_may_declare():
                raise Refused(game.explain_declare_end(seat).sentence(lang), 409, "R12")
            call = (lambda: game.declare_end(seat))
        else:
            if game.to_move != seat:
                raise refused("not_your_turn", lang, name=table.player_name(game.to_move, lang))
            if table.waiting is not None:
                raise refused("waiting", lang, name=table.player_name(table.waiting, lang))
            if verb == "act" and args and args[0].strip().startswith("declare"):
                raise refused("bad_move", lang, 400, verb=repr(args[0])[:40])
            method = getattr(game, verb)
            call = (lambda: method(*args))
        before = game.copy()
        try:
            call()
        except (IllegalMove, NotationError) as err:
            table.game = before
            raise Refused(err.sentence(lang), 409, getattr(err, "rule", None)) from None
        except (TypeError, ValueError) as err:   # a wrong number of arguments, a bad player number
            table.game = before
            raise refused("bad_move", lang, 400, verb=repr(verb)[:40]) from err
        if table.kind == "card" and not game.is_over and game.state.may_declare is not None \
                and game.turn is None and table.is_computer(game.to_move) \
                and not table.is_computer(game.state.may_declare):
            table.waiting = game.state.may_declare   # R12c: the person may declare; the computers wait
        self._after(table, seat, verb + (" " + " ".join(args) if args else ""))
        return table

    # -- inside ----------------------------------------------------------------------------------

    def _after(self, table: Table, seat: int, what: str) -> None:
        table.seq += 1
        # every seat reads the last move: a card laid face down stays face down (R11)
        what = re.sub(r"(lay_face_down|down)[: ]+[A-Za-z]{2,3}", r"\1", what)
        table.last = {"seat": seat, "move": what}
        if table.game.is_over:
            table.waiting = None
        self._save(table)

    def computers_due(self, table: Table) -> bool:
        game = table.game
        return (table.state == OPEN and not game.is_over and game.turn is None and table.waiting is None
                and table.is_computer(game.to_move))

    def computer_turn(self, table: Table) -> bool:
        """The computer to move plays one whole turn (saved). False when no computer is due."""
        if not self.computers_due(table):
            return False
        game = table.game
        seat = game.to_move
        player = _computer(table.kind, table.seats[seat], seat)
        actions = player.actions(game)
        before = game.copy()
        try:
            for action in actions:
                game.act(action)
        except (IllegalMove, NotationError):       # a computer's mistake: the engine refused it
            table.game = before
            raise
        self._after(table, seat, ", ".join(actions))
        return True

    def play_computers(self, table: Table) -> int:
        """Every computer's turn due, at once (the service paces them: :mod:`.app`)."""
        n = 0
        while self.computer_turn(table):
            n += 1
        return n

    def _teacher(self, who: Person, lang) -> None:
        if not who.teacher:
            raise refused("not_teacher", lang, 403)

    def _seat_number(self, table: Table, seat, lang) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            raise refused("not_your_seat", lang, 403, seat=repr(seat), table=table.name)
        return seat

    def _path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def _save(self, table: Table) -> None:
        write_atomically(self._path(table.name), table.to_json())


def _user_name(text: str) -> bool:
    """A hub user's name as the service accepts it (letters, digits, . _ - @, at most 64)."""
    return bool(re.match(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$", text))
