"""The widgets' state, named: :class:`CardState` for :class:`~cafe_widget.CafeWidget`,
:class:`BoardState` for :class:`~cafe_widget.BoardWidget`, each held as ``w.state``.

A state holds everything an event (a click, a typed line, a load) may change: the event's guard
(``safety.Guarded``) copies it before the event and puts the copy back when the event is
refused, so a refusal changes nothing and a typed line is all or nothing. What is not in it is
the widget's machinery (its canvas and boxes, its table link, the pacing of the computers'
turns), which no event puts back. A mode (``modes.py``) holds no state of its own: what its
screen shows is read here. *Try from here* keeps the screen's part aside (:meth:`screen`) and
*Back to game* gives it back (:meth:`put_back`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

#: The card widget's screens: a game, and the modes of sandbox.py, puzzle.py, seats.py.
GAME, SANDBOX, PUZZLE, SEATS_TASK = "play", "sandbox", "puzzle", "seats"


class _State:
    """What both states do: copy themselves, keep their screen aside, put it back."""

    #: The fields *Try from here* keeps aside (all but what belongs to the screen tried).
    SCREEN: tuple[str, ...] = ()

    def screen(self) -> dict:
        """The screen's part, kept aside while a position is tried (*Try from here*)."""
        return {name: getattr(self, name) for name in self.SCREEN}

    def put_back(self, kept: dict) -> None:
        """*Back to game*: the screen kept aside by :meth:`screen`."""
        for name, value in kept.items():
            setattr(self, name, value)

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(self))


@dataclass(eq=False)
class CardState(_State):
    """Everything an event of :class:`~cafe_widget.CafeWidget` may change (``w.state``): copied
    before a click, a typed line or a load, and put back whole when it is refused. The fields
    from ``mode`` to ``marks`` are the screen (the game or the café shown, the card chosen, the
    hint, the panel, the status, the position looked back at), which *Try from here* keeps
    aside; the others are what the screen is for (a guide, a seat task, a puzzle level, the
    computers' turns being shown)."""

    # -- the screen: kept aside by Try from here ---------------------------------------------------
    mode: str = GAME                  # the mode shown: play, sandbox, puzzle, seats (history: ``viewing``)
    game: object = None               # the Game played (None: a café without a game)
    kinds: tuple = ()                 # each player's kind: "human", or a computer's
    bots: dict = field(default_factory=dict)   # the computer players, by player
    cafe: object = None               # a sandbox's, puzzle's or seat task's café (no game)
    turn: object = None               # its turn in progress (a TurnState)
    variant: bool = False             # R14's variant in that café
    selected: int | None = None       # the card of the hand chosen, by its index
    hint: tuple = ()                  # the seats the hint lights
    badges: tuple = ()                # the points drawn on the seats
    info: tuple = ()                  # the panel's lines
    status: str = ""                  # the status line
    kind: str = ""                    # its kind: "ok", "error" or ""
    revealed: bool = True             # the hand shown (a hot seat hides it between players)
    waiting: int | None = None        # a person who just emptied their hand may declare (R12c)
    viewing: int | None = None        # the position looked back at (0 … len(log)), or None
    view_best: bool = False           # the best turn shown on the position before it
    reviewing: bool = False           # the review's column shown in the scoresheet
    sheet_start: int | None = None    # the scoresheet's first row shown (None: the last rows)
    marks_at: tuple | None = None     # the log's length when the last turns' marks were made
    marks: tuple = ()                 # the last turns' seats, marked
    # -- the rest: what the screen is for ----------------------------------------------------------
    guide: object = None              # a guided game's guide
    box_pile: bool = False            # the café's pile is the rest of the box (R9)
    task_guest: str | None = None     # a seat task's guest
    task_marks: tuple = ()            # the seats clicked in a seat task
    answer_shown: bool = False        # a seat task's answer shown
    puzzles: list = field(default_factory=list)   # a puzzle level's puzzles
    pi: int = 0                       # the puzzle shown, by its index
    puzzle: object = None             # that puzzle
    grade: object = None              # its last grade
    solved: set = field(default_factory=set)   # the puzzles solved, by index
    shown_best: set = field(default_factory=set)   # the puzzles whose best turn was shown, by index
    stash: dict | None = None         # the game's screen, kept aside while a position is tried
    refused: tuple | None = None      # the refused guest, drawn faded until the next click
    round: object = None              # the computers' turns being shown one after another

    SCREEN = ("mode", "game", "kinds", "bots", "cafe", "turn", "variant", "selected", "hint", "badges", "info",
              "status", "kind", "revealed", "waiting", "viewing", "view_best", "reviewing", "sheet_start",
              "marks_at", "marks")


@dataclass(eq=False)
class BoardState(_State):
    """Everything an event of :class:`~cafe_widget.BoardWidget` may change (``w.state``): the
    game, the players, the tile chosen, a joker waiting for its nation, a swap begun, the hint,
    the marks and the panel, the status, the position looked back at, a puzzle level, a
    sandbox; all but ``stash`` are what *Try from here* keeps aside."""

    game: object = None               # the BoardGame played
    kinds: tuple = ()                 # each player's kind
    bots: dict = field(default_factory=dict)   # the computer players, by player
    selected: tuple | None = None     # the tile chosen: (player, index in the hand)
    asking: tuple | None = None       # a joker waiting for its nation: (tile, chair)
    swap_mode: bool = False           # the next chair clicked is a swap's (B10)
    hint: tuple = ()                  # the chairs and tiles the hint lights
    marks: tuple = ()                 # the last action's chairs, marked
    info: tuple = ()                  # the panel's lines
    status: str = ""                  # the status line
    kind: str = ""                    # its kind: "ok", "error" or ""
    viewing: int | None = None        # the position looked back at, or None
    stash: dict | None = None         # the game's screen, kept aside while a position is tried
    puzzles: tuple | None = None      # a puzzle level's puzzles
    pi: int = 0                       # the puzzle shown, by its index
    solved: tuple = ()                # the puzzles solved, by index
    shown: bool = False               # the puzzle's best action shown
    round: object = None              # the computers' actions being shown one after another
    guide: object = None              # a guided game's guide
    sandbox: object = None            # a board laid out freely (no game)

    SCREEN = ("game", "kinds", "bots", "selected", "asking", "swap_mode", "hint", "marks", "info", "status",
              "kind", "viewing", "puzzles", "pi", "solved", "shown", "round", "guide", "sandbox")
