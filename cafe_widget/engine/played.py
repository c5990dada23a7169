"""What the two games share: a game being played is a thin, mutable handle on immutable state
values (a :class:`~.game.GameState` for the card game, a :class:`~.board_game.BoardGameState`
for the board game) and the turn in progress, if any.

:class:`PlayedGame` holds the verbs that are the same in both: reading the state (players,
hands, the player to move, the end), taking back the last card or tile of a turn, copies,
equality, the picture, the printout's frame, the notation's frame (its fields, the turn in
progress of its status) and the JSON save (what it writes, what it checks, the replay). Each
game says, through a few hooks, what differs: its notation, its rules' refusals, what its save
replays. :class:`Ranked` is what both final scores share (R13, B14); the functions below, the
small helpers of both notations and saves. Standard library only, like the whole engine.
"""

from __future__ import annotations

import json
import random
from typing import Generic, TypeVar

from ..i18n import N_, NP_, say
from .errors import IllegalMove, NotationError, Refusal, json_problem, kind_of, need_text, shorten
from .notation import is_number, parse_items  # noqa: F401  (importable from here, as before)
from .views import from_view, view_of

StateT = TypeVar("StateT")
TurnT = TypeVar("TurnT")
StandingT = TypeVar("StandingT")


class Ranked(Generic[StandingT]):
    """What both games' final scores (R13, B14) share: the standings (each with its ``player``,
    ``score``, ``penalty``, ``final`` and ``rank``), best first, the winners, the table."""

    __slots__ = ()
    standings: tuple[StandingT, ...]

    @property
    def ranking(self) -> tuple[StandingT, ...]:
        """Standings best first (ties in player order)."""
        return tuple(sorted(self.standings, key=lambda s: (s.rank, s.player)))

    @property
    def winners(self) -> tuple[int, ...]:
        """The player numbers (from 0) who share rank 1."""
        return tuple(s.player for s in self.standings if s.rank == 1)

    def __str__(self) -> str:
        lines = [say("place  player  score  penalty  final")]
        for s in self.ranking:
            lines.append(f"{s.rank:>5}  {s.player + 1:>6}  {s.score:>5}  {-s.penalty:>7}  {s.final:>5}"
                         + self._remark(s))
        return "\n".join(lines)

    def _remark(self, standing: StandingT) -> str:
        """What the table adds at the end of a standing's line (nothing here)."""
        return ""


class Reviewed:
    """What a review entry of either game has (``Game.review``, ``BoardGame.review``): the best
    move the hand had then (``best``: a Turn or a BoardTurn, None when there was none), in
    points and in notation."""

    __slots__ = ()

    @property
    def best_points(self) -> int | None:
        """The best move's points, or None when there was none."""
        return self.best.points if self.best is not None else None

    @property
    def best_text(self) -> str | None:
        """The best move in notation, or None."""
        return self.best.text if self.best is not None else None


class PlayedGame(Generic[StateT, TurnT]):
    """A game of one of the two kinds. Player numbers count from 0 in Python, from 1 in text.

    Each game writes :meth:`new`, :meth:`parse`, :meth:`format`, :meth:`place`, the hooks
    below (``_hand_in_turn``, ``_undo_refusal``, ``_heading``, ``_player_line``,
    ``_saved_actions``, ``_deal_of``; ``_not_a_number`` if its words differ) and sets
    ``_SAVE_FORMAT``, ``_FIELDS`` (the notation's fields, in order), ``_SAVE_LISTS`` (what
    a save replays) and ``_VIEW_KIND`` (which game its views say it is, :mod:`.views`)."""

    _SAVE_FORMAT: str
    _VIEW_KIND: str
    _FIELDS: tuple[str, ...]
    #: The lists of actions a save holds, in order: (key, the method that replays each action,
    #: whether a save may leave the list out, meaning an empty one).
    _SAVE_LISTS: tuple[tuple[str, str, bool], ...]

    def __init__(self, state: StateT, seed: int | None = None):
        self._state = state
        self._turn: TurnT | None = None
        self.seed = seed
        self._start = self.format()
        self.log: list = []

    # -- reading the game -----------------------------------------------------------------

    @property
    def state(self) -> StateT:
        """The state at the start of the turn in progress."""
        return self._state

    @property
    def players(self) -> int:
        return len(self._state.hands)

    @property
    def to_move(self) -> int:
        """The player to move (from 0)."""
        return self._state.to_move

    @property
    def turn(self) -> TurnT | None:
        """The turn in progress (cards placed or tiles seated, the turn not ended), or None."""
        return self._turn

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        """Every hand as it stands (the cards or tiles of the turn in progress left out)."""
        hands = self._state.hands
        if not self._turn:
            return hands
        p = self.to_move
        return hands[:p] + (self._hand_in_turn(),) + hands[p + 1:]

    def hand(self, player: int | None = None) -> tuple[str, ...]:
        """One hand (the player to move's by default)."""
        return self.hands[self.to_move if player is None else self._player(player)]

    def _player(self, player) -> int:
        """``player`` (from 0) checked: NotationError naming what was given otherwise."""
        if isinstance(player, bool) or not isinstance(player, int):
            raise self._not_a_number(player)
        if not 0 <= player < self.players:
            raise NotationError("player", str(player), N_("is not a player of this game: give a number from 0 "
                                                          "to {last} (0 is the first player)"),
                                last=self.players - 1)
        return player

    def _not_a_number(self, player) -> NotationError:
        """The error for a ``player`` that is no whole number (a yes/no value is none either)."""
        return NotationError("player", kind_of(player), N_("is not a player: give a number from 0 to "
                                                           "{last} (0 is the first player)"),
                             last=self.players - 1)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points scored so far (penalties come off at the end: R13, B14)."""
        return self._state.scores

    @property
    def is_over(self) -> bool:
        return self._state.over is not None

    @property
    def over_reason(self) -> str | None:
        """Why the game ended, or None: in the card game ``"R12a"`` (table pile short),
        ``"R12b"`` (last guest drawn), ``"R12c"`` (declared); in the board game ``"B13a"`` …
        ``"B13e"``."""
        return self._state.over

    def _hand_in_turn(self) -> tuple[str, ...]:
        """The hand of the player to move, the cards or tiles of the turn in progress left out."""
        raise NotImplementedError

    # -- actions --------------------------------------------------------------------------

    def undo(self) -> str:
        """Take back the last card or tile of the turn in progress; returns it in notation."""
        refusal = self._undo_refusal()
        if refusal:
            raise refusal.error()
        last = self._turn.cards[-1]
        turn = self._turn.undo()
        self._turn = turn if turn.cards else None
        return last.text

    def explain_undo(self) -> IllegalMove | None:
        """Why :meth:`undo` would be refused now, or None if it may take a card or tile back."""
        refusal = self._undo_refusal()
        return refusal.error() if refusal else None

    def can_undo(self) -> bool:
        """True when :meth:`undo` may take a card or tile back now."""
        return self._undo_refusal() is None

    def _undo_refusal(self) -> Refusal | None:
        """Why nothing may be taken back now (the game is over, no turn in progress, in the
        card game a table turned up by the last card), or None."""
        raise NotImplementedError

    # -- notation and saves ---------------------------------------------------------------

    def format(self) -> str:
        """The game notation (see the game's module docstring)."""
        raise NotImplementedError

    def _status(self, *own: str) -> str:
        """The notation's status field: ``to:N``, the game's ``own`` words, then ``over:…`` and
        ``turn:…`` (the cards or tiles of the turn in progress) as needed."""
        st = self._state
        status = [f"to:{st.to_move + 1}", *own]
        if st.over:
            status.append(f"over:{st.over}")
        if self._turn:
            status.append("turn:" + ",".join(c.text for c in self._turn.cards))
        return " ".join(status)

    @classmethod
    def _split(cls, text: str, miscount: str) -> list[str]:
        """A game notation's fields; NotationError if it is no text, or ``miscount`` (``{n}``
        fields) if it has not as many as ``_FIELDS``."""
        if not isinstance(text, str):
            raise NotationError("game", repr(text), N_("is not text"))
        fields = text.split("|")
        if len(fields) != len(cls._FIELDS):
            raise NotationError("game", text.strip()[:60], miscount, n=len(fields))
        return fields

    def _place_turn(self, turn: str, problem: str) -> None:
        """The status's turn in progress (``turn:RUf@c2,ITf@c4``, here without ``turn:``) placed
        one by one; NotationError (``problem``, with the ``{reason}``) naming the first refused."""
        if self.is_over:
            raise NotationError("status", "turn:" + turn, N_("cannot follow over: the game is over"))
        for token in turn.split(","):
            try:
                self.place(token)
            except IllegalMove as err:
                raise NotationError("status", token, problem, reason=err) from None

    def to_json(self) -> str:
        """A save as JSON: the seed, the starting notation, every action since (in the board
        game every finished action, then the tiles of the turn in progress), and the notation now."""
        return json.dumps({"format": self._SAVE_FORMAT, "version": 1, "seed": self.seed, "start": self._start,
                           **self._saved_actions(), "notation": self.format()}, indent=1)

    def _saved_actions(self) -> dict[str, list[str]]:
        """The save's lists of actions, under the keys of ``_SAVE_LISTS``."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, text: str):
        """Load a save by replaying its actions; NotationError if it is damaged or edited.

        A dealt game (a seed) must start from the deal of its seed (R3, B3), so a changed seed or
        an erased history is refused; each action is replayed in order and the first one that
        cannot be is named. A save without a seed is a game set up by hand: its start is taken
        as written (it must still be a position the rules allow) and its actions are replayed.
        """
        text = need_text(text, "json", "a save made by to_json()")
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as err:
            problem, facts = json_problem(err)
            raise NotationError("json", text[:40], problem, **facts) from None
        if not isinstance(data, dict) or data.get("format") != cls._SAVE_FORMAT:
            raise NotationError("json", "format", N_("is not {format}"), format=repr(cls._SAVE_FORMAT))
        if data.get("version") != 1:
            raise NotationError("json", "version", N_("must be 1"))
        start, seed = data.get("start"), data.get("seed")
        lists = [data.get(name, [] if optional else None) for name, _, optional in cls._SAVE_LISTS]
        for (name, _, _), actions in zip(cls._SAVE_LISTS, lists):
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise NotationError("json", name, N_("must be a list of actions in notation"))
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise NotationError("json", "seed", N_("must be a whole number or null"))
        if not isinstance(start, str):
            raise NotationError("json", "start", N_("must be the game notation the save starts from"))
        game = cls.parse(start)
        if seed is not None:
            check_deal(game.format(), game._deal_of(seed), seed, cls._FIELDS)
            game.seed = seed
        game._replaying = True      # a save's own history: an undo the engine allowed when it was played
        try:
            for (_, verb, _), actions in zip(cls._SAVE_LISTS, lists):
                replay(game, actions, getattr(game, verb))
        finally:
            del game._replaying
        if data.get("notation") != game.format():
            raise NotationError("json", "notation", N_("does not match the game its actions replay"))
        return game

    def _deal_of(self, seed: int) -> str:
        """The notation of the game ``seed`` deals with this game's set-up (players, start), to
        hold a save's start against; NotationError if this start cannot be a deal at all."""
        raise NotImplementedError

    def view(self, player: int | None = None, cache: dict | None = None) -> dict:
        """What ``player`` (from 0; None: the table's screen) may know of the game, as JSON-ready
        data: no hidden card in it (:mod:`.views`; ``cache``: a dict kept beside the game)."""
        return view_of(self, player, cache)

    @classmethod
    def from_view(cls, view: dict, seed: int = 0, cache: dict | None = None):
        """A game that agrees with a :meth:`view`, the unseen cards dealt by ``seed`` into the
        hidden places: a possible game, not the real one (:mod:`.views`); ViewError for a view
        of the other game."""
        return from_view(view, seed, cache, game_class=cls)

    def copy(self):
        """An independent copy (states are immutable, so this is cheap)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.log = list(self.log)
        return other

    def __eq__(self, other) -> bool:
        return isinstance(other, type(self)) and self.format() == other.format()

    __hash__ = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.format()!r})"

    def _repr_svg_(self) -> str:
        """The game as a picture (``cafe_widget.render``): the card game's café, scores and piles
        (hands stay hidden); the board game's board, every hand, the scores, the bag."""
        from ..render import svg_of  # lazy: the engine itself never loads the drawing code

        return svg_of(self)

    def __str__(self) -> str:
        lines = self._heading()
        for p in range(self.players):
            mark = "→" if p == self.to_move and not self.is_over else " "
            lines.append(self._player_line(p, mark))
        if self.is_over:
            lines.append(say("  game over ({reason})", reason=self.over_reason))
        return "\n".join(lines)

    def _heading(self) -> list[str]:
        """The printout's first lines: the café or board, then the pile or bag."""
        raise NotImplementedError

    def _player_line(self, p: int, mark: str) -> str:
        """The printout's line of player ``p`` (``mark``: an arrow for the player to move)."""
        raise NotImplementedError


def set_up_error(message: str, **facts) -> ValueError:
    """A game refused at set-up (``Game.new(players=9)``), said in the current language: ``message``
    marked for the catalogs (``N_``), each fact quoted as written (at most a line of it)."""
    return ValueError(say(message, **{key: shorten(repr(value)) for key, value in facts.items()}))


def seeded(seed: int | None) -> tuple[int, random.Random]:
    """``seed`` (a fresh one when None) and the generator it seeds: a game's one chance (R3, B3)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return seed, random.Random(seed)


def without(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    """``hand`` less ``cards`` (one copy each)."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def check_deal(start: str, dealt: str, seed: int, fields: tuple[str, ...]) -> None:
    """A save's start against the deal of its seed: NotationError naming the first field that
    differs (the seed or the start was edited, or the history erased)."""
    if start == dealt:
        return
    for name, mine, theirs in zip(fields, start.split(" | "), dealt.split(" | ")):
        if mine != theirs:
            raise NotationError("json", "seed", N_("is {seed}, whose deal differs from the save's start in its "
                                "{part}: the save was edited (a dealt game replays from its seed)"),
                                seed=seed, part=NP_("field", name))
    raise NotationError("json", "seed", N_("is {seed}, whose deal differs from the save's start: the save was "
                        "edited"), seed=seed)


def replay(game, actions, act) -> None:
    """Replay a save's ``actions`` with ``act``; NotationError naming the first that fails."""
    for number, action in enumerate(actions, start=1):
        try:
            act(action)
        except ValueError as err:  # IllegalMove or NotationError
            raise NotationError("json", action, N_("(action {number}) cannot be replayed: {reason}"),
                                number=number, reason=err) from None
