"""The class's tables, as the game service holds them: who sits where, the real games, every move
decided by the engine, every seat told only its own view, every accepted move on disk at once.

Pure Python on the engine and the computer players (no tornado, no hub): :mod:`.app` puts it on
the network, behind the hub's identity. A person here is a hub user name; a teacher is one the
service was told of (a hub admin, or a member of the teachers' group).

A seat is a :class:`Seat`: a person's (a hub name), a free one, or a computer's; never a bare
word, so that no hub name (a student called ``steady`` or ``free``) is taken for a computer or a
free seat. A table opened without a seed is dealt from a secret of 128 bits (no hand and café
single out its deal); the seed stays in the teacher's save, in no view.

A table is saved as one JSON file, written to a new file and renamed over the old one (atomic on
POSIX), after every accepted move: the service stopped at any moment loses nothing.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import BoardGame, Game, IllegalMove, NotationError
from ..engine.errors import Refused
from ..engine.files import write_atomically
from ..i18n import N_, say
from ..players import BOARD_PLAYERS, PLAYERS, make_board_player, make_player
from ..players.board import DEFAULT as BOARD_DEFAULT
from ..players.card import DEFAULT as CARD_DEFAULT
from .protocol import GO_ON, TABLE_NAME, VERBS

TABLE_FORMAT = "cafe_widget class table"
TABLE_VERSION = 2      # 2: seats as records ({"user": …}, {"computer": …}, {"free": true}); 1: bare words
FREE = "free"
COMPUTER = "computer"
USER = "user:"         # a seat asked for as "user:NAME" is NAME's, whatever NAME is (steady, free…)
SEED_BITS = 128        # a table's secret deal
MAX_ARG = 200          # one word of a move, in characters
WAIT = 60.0            # seconds the computers wait for a person who may declare the end (R12c)
GAMES = {"card": Game, "board": BoardGame}
NAME = re.compile(rf"^{TABLE_NAME}$")
OPEN, PAUSED = "open", "paused"

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
    "long_move": N_("A move is written in at most {n} characters a word: nothing changed."),
    "no_declare": N_("Only the card game has an end to declare (R12c): at the board game, play on. "
                     "Nothing changed."),
    "player": N_("Player {n}"),
    "computer": N_("Computer {n}"),
}


def refused(key: str, lang: str | None, status: int = 409, **facts) -> Refused:
    """A refusal with one of this module's sentences, in ``lang``."""
    return Refused(say(WORDS[key], lang, **facts), status)


@dataclass
class Person:
    """Who asks: a hub user name, and whether they teach this class."""

    name: str
    teacher: bool = False


@dataclass(frozen=True)
class Seat:
    """One seat: a person's (``user``, their hub name), a computer's (``computer``, its kind),
    or free (neither: any student of the class may take it)."""

    user: str | None = None
    computer: str | None = None

    @property
    def is_free(self) -> bool:
        return self.user is None and self.computer is None

    def is_held_by(self, user) -> bool:
        """Whether this is ``user``'s own seat: a person's seat, held by that very name."""
        return self.user is not None and isinstance(user, str) and self.user == user

    def to_data(self) -> dict:
        if self.user is not None:
            return {"user": self.user}
        return {"computer": self.computer} if self.computer is not None else {"free": True}

    @classmethod
    def from_data(cls, data, kinds: tuple[str, ...]) -> "Seat":
        """A seat as version 2 writes it (ValueError for anything else)."""
        if data == {"free": True}:
            return cls()
        if isinstance(data, dict) and len(data) == 1:
            user, computer = data.get("user"), data.get("computer")
            if isinstance(user, str) and _user_name(user):
                return cls(user=user)
            if computer in kinds:
                return cls(computer=computer)
        raise ValueError(f"not a seat: {data!r}"[:80])

    @classmethod
    def from_word(cls, word, kinds: tuple[str, ...]) -> "Seat | None":
        """A seat as a teacher (and a version 1 save) writes it: ``"free"``, a computer's kind,
        ``"user:NAME"`` or a hub name. None when it is none of them."""
        if not isinstance(word, str):
            return None
        if word.startswith(USER):
            return cls(user=word[len(USER):]) if _user_name(word[len(USER):]) else None
        if word == FREE:
            return cls()
        if word in kinds:
            return cls(computer=word)
        return cls(user=word) if _user_name(word) else None


@dataclass
class Table:
    """One table: its game (the real one, with every hand), its seats, and how far it has gone."""

    name: str
    kind: str
    seats: list[Seat]
    game: object
    seq: int = 0                      # moves accepted since the table opened
    state: str = OPEN
    waiting: int | None = None        # R12c: the computers wait for this player's answer
    last: dict = field(default_factory=dict)
    views: dict = field(default_factory=dict, repr=False)   # the views' cache (engine/views.py)
    waiting_since: float | None = field(default=None, repr=False)   # on the service's clock, not saved

    def is_computer(self, seat: int) -> bool:
        return self.seats[seat].computer is not None

    def seat_of(self, user: str) -> int | None:
        """``user``'s own seat (a person's seat held by that name), or None."""
        return next((i for i, s in enumerate(self.seats) if s.is_held_by(user)), None)

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_free]

    def player_name(self, seat: int, lang: str | None) -> str:
        if self.is_computer(seat):
            return say(WORDS["computer"], lang, n=seat + 1)
        who = self.seats[seat].user
        return who if who is not None else say(WORDS["player"], lang, n=seat + 1)

    # -- what leaves the service ---------------------------------------------------------------

    def meta(self) -> dict:
        """The table as every one at it may know it."""
        return {"name": self.name, "game": self.kind, "seq": self.seq, "state": self.state,
                "seats": [{"kind": COMPUTER if s.computer is not None else "human",
                           "computer": None if s.computer is None else _resolved(self.kind, s.computer),
                           "user": s.user} for s in self.seats],
                "waiting": self.waiting, "last": self.last, "over": self.game.is_over,
                # whose turn, as every seat sees it: the player the table waits on (R12c) first
                "to_move": None if self.game.is_over else self.waiting if self.waiting is not None
                else self.game.to_move}

    def view(self, seat: int | None) -> dict:
        """What ``seat`` (None: the screen) receives: its view of the game, the table's facts."""
        return {"table": self.meta(), "seat": seat, "view": self.game.view(seat, cache=self.views)}

    # -- on disk ---------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole table (every hand, the seed): the service's file and the teacher's save."""
        return json.dumps({"format": TABLE_FORMAT, "version": TABLE_VERSION, "name": self.name, "game": self.kind,
                           "seats": [s.to_data() for s in self.seats], "seq": self.seq, "state": self.state,
                           "waiting": self.waiting, "last": self.last, "save": json.loads(self.game.to_json())},
                          indent=1)

    @classmethod
    def from_json(cls, text: str) -> "Table":
        """A table as :meth:`to_json` wrote it, or as version 1 did (seats as bare words, read
        as the service then read them: "free", a computer's kind, else a hub name)."""
        data = json.loads(text)
        version, kind = data.get("version"), data.get("game")
        if data.get("format") != TABLE_FORMAT or version not in (1, TABLE_VERSION) or kind not in GAMES:
            raise ValueError("not a saved class table")
        kinds = _computer_kinds(kind)
        if version == 1:
            seats = [Seat.from_word(word, kinds) for word in data["seats"]]
            if None in seats or any(word.startswith(USER) for word in data["seats"]):
                raise ValueError("not a seat of a version 1 table")
        else:
            seats = [Seat.from_data(seat, kinds) for seat in data["seats"]]
        game = GAMES[kind].from_json(json.dumps(data["save"]))
        last = data.get("last") or {}
        if not isinstance(last, dict) or not isinstance(last.get("move", ""), str):
            last = {}
        elif "move" in last:       # a move kept before moves were bounded: its words collapsed, cut short
            last = {**last, "move": " ".join(last["move"][:4 * MAX_ARG].split())[:2 * MAX_ARG]}
        return cls(data["name"], kind, seats, game, int(data["seq"]), data["state"], data.get("waiting"), last)


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



class Tables:
    """Every table of the class, kept in ``folder`` (one file a table).

    ``wait_limit``: the seconds the computers wait for a person who may declare the end (R12c)
    before they go on as if that person said so; ``clock``: the seconds that measures them
    (:func:`time.monotonic`; a test passes its own). Nothing here runs by itself: the service
    calls :meth:`expire_waits` every second or so."""

    def __init__(self, folder, *, lang: str | None = None, wait_limit: float = WAIT, clock=time.monotonic):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.lang, self.wait_limit, self.clock = lang, wait_limit, clock
        self.tables: dict[str, Table] = {}
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.from_json(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, KeyError, TypeError, AttributeError, NotationError):
                continue      # not a table of ours (or damaged): left where it is, never written over
            if table.waiting is not None:
                table.waiting_since = clock()      # a wait read from disk starts now
            self.tables[table.name] = table

    # -- the teacher ---------------------------------------------------------------------------

    def open(self, who: Person, name: str, game: str = "card", seats=(), *, seed: int | None = None,
             lang: str | None = None) -> Table:
        """A new table ``name`` playing ``game`` with ``seats``: hub names, ``"free"``, computers'
        kinds, or ``"user:NAME"`` (NAME's seat, even when NAME is ``steady`` or ``free``). Without
        a ``seed``, one of 128 secret bits (it stays in :meth:`save_text`)."""
        self._teacher(who, lang)
        if not isinstance(name, str) or not NAME.match(name):
            raise refused("bad_name", lang, 400, name=repr(name))
        if name in self.tables:
            raise refused("exists", lang, table=name)
        if game not in GAMES:
            raise refused("bad_game", lang, 400, game=repr(game))
        if not isinstance(seats, (list, tuple)):
            raise refused("bad_seats", lang, 400, n=0)
        low, high = (2, 5) if game == "card" else (2, 4)
        if not low <= len(seats) <= high:
            raise refused("bad_seats", lang, 400, n=len(seats))
        kinds = _computer_kinds(game)
        words, seats = seats, []
        for word in words:
            seat = Seat.from_word(word.strip() if isinstance(word, str) else word, kinds)
            if seat is None:
                raise refused("bad_seat_kind", lang, 400, kinds=", ".join(kinds), seat=repr(word)[:40])
            if seat.user is not None and any(s.is_held_by(seat.user) for s in seats):
                raise refused("twice", lang, 400, user=seat.user)
            seats.append(seat)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise refused("bad_seed", lang, 400, seed=repr(seed)[:20])
        if seed is None:
            seed = secrets.randbits(SEED_BITS)     # 2**32 seeds are searched from one hand and the café
        cls = GAMES[game]
        instance = cls.new(players=len(seats), seed=seed) if game == "card" else cls.new(len(seats), seed)
        table = Table(name, game, seats, instance)
        self._save(table)
        self.tables[name] = table
        return table

    def pause(self, who: Person, name: str, paused: bool = True, lang: str | None = None) -> Table:
        self._teacher(who, lang)
        table = self.get(who, name, lang)
        if not paused and table.state == PAUSED and table.waiting is not None:
            table.waiting_since = self.clock()     # the wait starts anew with the table
        table.state = PAUSED if paused else OPEN
        self._save(table)
        return table

    def assign(self, who: Person, name: str, seat: int, user: str, lang: str | None = None) -> Table:
        """The teacher gives ``seat`` to ``user`` (a hub name, or ``"user:NAME"`` for any name),
        or frees it (``"free"``). A computer's seat stays the computer's."""
        self._teacher(who, lang)
        table = self.get(who, name, lang)
        seat = self._seat_number(table, seat, lang)
        given = Seat.from_word(user, ()) if isinstance(user, str) else None     # no computer here
        if given is None or table.is_computer(seat):
            raise refused("bad_seat_kind", lang, 400, kinds=", ".join(_computer_kinds(table.kind)),
                          seat=repr(user)[:40])
        if given.user is not None and table.seat_of(given.user) not in (None, seat):
            raise refused("twice", lang, 400, user=given.user)
        table.seats[seat] = given
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
        return [t for t in self.tables.values() if _sees(who, t)]

    def get(self, who: Person, name: str, lang: str | None = None) -> Table:
        table = self.tables.get(name) if isinstance(name, str) else None
        if table is None or not _sees(who, table):
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
        free = table.free_seats()
        if seat is not None:
            seat = self._seat_number(table, seat, lang)
            if seat not in free:
                raise refused("not_your_seat", lang, 403, seat=seat + 1, table=name)
        elif not free:
            raise refused("no_seat_for_you", lang, 403, table=name)
        else:
            seat = free[0]
        table.seats[seat] = Seat(user=who.name)
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
        args = _move_words(args, verb, lang)
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
        declaring = verb == "declare_end" or (verb == "act" and args and args[0].startswith("declare"))
        if declaring and table.kind != "card":
            raise refused("no_declare", lang)
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
            table.waiting_since = self.clock()        # …so long (expire_waits)
        self._after(table, seat, verb + (" " + " ".join(args) if args else ""))
        return table

    def expire_waits(self, now: float | None = None) -> list[str]:
        """Every open table whose computers have waited ``wait_limit`` seconds (by ``clock``, or
        at ``now``) for a person who may declare the end goes on as if that person said "go on"
        (R12c). The names of the tables that changed: their listeners are due their new view,
        and their computers their turns (the service calls this every second or so)."""
        now = self.clock() if now is None else now
        changed = []
        for table in list(self.tables.values()):
            if table.waiting is None or table.state != OPEN or table.game.is_over:
                continue
            if table.waiting_since is None:
                table.waiting_since = now
            elif now - table.waiting_since >= self.wait_limit:
                seat, table.waiting = table.waiting, None
                self._after(table, seat, GO_ON)
                changed.append(table.name)
        return changed

    # -- inside ----------------------------------------------------------------------------------

    def _after(self, table: Table, seat: int, what: str) -> None:
        table.seq += 1
        table.waiting_since = None if table.waiting is None else table.waiting_since
        # every seat reads the last move: a card laid face down stays face down (R11)
        what = re.sub(r"(lay_face_down|down)[: ]+[A-Za-z*]{2,3}", r"\1", what, flags=re.IGNORECASE)
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
        player = _computer(table.kind, table.seats[seat].computer, seat)
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


def _move_words(args, verb, lang) -> list[str]:
    """A move's words as the table keeps them: at most two, each text of at most ``MAX_ARG``
    characters, its spaces collapsed, nothing unprintable (Refused otherwise)."""
    if not isinstance(args, list) or len(args) > 2 or not all(isinstance(a, str) for a in args):
        raise refused("bad_move", lang, 400, verb=repr(verb)[:40])
    if any(len(a) > MAX_ARG for a in args):
        raise refused("long_move", lang, 400, n=MAX_ARG)
    words = [" ".join(a.split()) for a in args]
    if not all(w.isprintable() for w in words):
        raise refused("bad_move", lang, 400, verb=repr(verb)[:40])
    return words


def _sees(who: Person, table: Table) -> bool:
    """Whether ``who`` may see ``table``: a teacher any; a student one with their seat or a free one."""
    return who.teacher or table.seat_of(who.name) is not None or bool(table.free_seats())


def _user_name(text: str) -> bool:
    """A hub user's name as the service accepts it (letters, digits, . _ - @, at most 64)."""
    return bool(re.match(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$", text))
