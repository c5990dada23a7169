"""The café widget: the scene drawn on ipycanvas, played by clicking.

It owns a :class:`Game` (or, in a sandbox, a café and a turn in progress; in a puzzle, a café,
a hand and a turn; in a seat task, a café and one guest) and the state of the screen: the
selected card, the lit seats, the status line, the position of the game shown (live, or one
looked back at from the scoresheet). A click goes through ``hit_test`` on the scene and becomes
an engine action; the engine decides every rule, and a refusal is shown in the status line with
its rule and sentence. No exception ever reaches the notebook.

The widget is the shell both games share (``shell.py``: canvas, redraw, status, command box,
events, the guard) with the card game's screens, each a mode (``modes.py``) in a file of its own,
by name in ``CafeWidget.MODES``: ``play.py`` (the live game), ``history.py`` (looking back, the
scoresheet, the review; its ◀ ▶ are the board game's too), ``sandbox.py``, ``puzzle.py``,
``seats.py`` (the seat task); ``computers.py`` plays and paces the computers' turns, ``typed.py`` reads the command box,
``card_saves.py`` saves and loads. This module puts them together: set-up, loading, what tests read.
"""

from __future__ import annotations

import json

import ipywidgets as widgets

from ..engine import Cafe, Game
from ..engine.board_game import SAVE_FORMAT as BOARD_SAVE
from ..engine.cards import parse_guest
from ..engine.errors import need_text
from ..teach.guide import GUIDE_SEED, Guide, guided_game
from ..players.card import make_player
from ..teach.card_puzzles import Puzzle, puzzles as level_puzzles
from ..render.scene import HEIGHT, LAYERS, ZONES, build_scene, hit_test
from ..render.style import WIDTH
from ..render.words import player_name, phrase, turn_lines
# the names tests and the fuzzer read here (COMMANDS, box_pile…), as before the split
from .card_base import (COMMANDS, COMPUTER, DEFAULT_COMPUTER, HISTORY_BUTTONS,  # noqa: F401
                        WORDS_TYPED, _command_words, _hint_labels, _read_word, box_pile)
from .card_saves import HUMAN, game_save, load_game, load_screen, save_data
from .computers import ComputerTurns
from .history import HISTORY, HistoryScreen
from .modes import modes
from .play import PlayMode, PlayScreen
from .reading import CardReading
from .puzzle import PuzzleButtons, PuzzleMode
from .sandbox import Sandbox
from .seats import SeatButtons, Seats
from .safety import WIDGET_SAVE, Refused, read_json
from .shell import Shell
from .typed import TypedCommands
from .state import GAME, PUZZLE, SANDBOX, SEATS_TASK, CardState


class CafeWidget(Shell, PlayScreen, HistoryScreen, PuzzleButtons, SeatButtons, ComputerTurns, TypedCommands,
                 CardReading):
    """Café International in a notebook: click a card, then a seat.

    ``CafeWidget(game=Game.new(players=3, seed=1), players=["human", "strong", "greedy"])``
    plays a game; each computer seat names its player (``"random"``, ``"greedy"``, ``"steady"``,
    ``"strong"``, ``"expert"``: it plays each turn it weighs on over deals of the cards it cannot
    see; ``"computer"`` is ``"steady"``, which places a turn whenever it can). *Hint* lights the
    best turn for the person to move, with the expert's guess for its best turns below the exact
    points; the scoresheet in the panel lists every turn, ◀ ▶ step back through the game's positions, and
    *Review* shows the best turn each of the person's turns could have made.
    ``CafeWidget.from_notation("RU GB FR ES IT | b1:RUf")`` opens a café as a sandbox with a
    palette of all 24 guests; ``CafeWidget.puzzle(puzzles(1))`` walks a level of puzzles;
    ``CafeWidget.seat_task(cafe, "ITm")`` asks where a guest may sit. The widget speaks
    the package's language (``cafe_widget.language("fr")``, and redraws when it changes), or
    ``lang=`` for its own; ``teaching=True`` shows every hand.
    """

    #: The screens, each a mode in a module of its own (``w.mode`` names the one shown).
    MODES = modes(PlayMode(), HISTORY, Sandbox(), PuzzleMode(), Seats())

    def __init__(self, game: Game | None = None, players=None, lang: str | None = None,
                 teaching: bool = False, *, cafe: Cafe | None = None, variant: bool = False,
                 seed: int | None = None, pace: float = 0.9):
        #: Everything an event may change, named (:class:`~cafe_widget.widget.state.CardState`).
        self.state = CardState()
        self.teaching = teaching
        #: Seconds between the computers' turns after a person's mouse, touch or typed action,
        #: so that each turn is seen in its turn (0: all at once). ``w.click`` and ``w.command``
        #: from code never wait: notebooks and tests get every turn at once.
        self.pace = pace
        self.state.round = None          # the computers' turns being shown one after another
        self._pace_token = 0
        # Under the command box: the notation of what is shown, and Load for a pasted one.
        self._text = widgets.Text(description="", layout=widgets.Layout(width=f"{WIDTH - 130}px"))
        self._load_button = widgets.Button(layout=widgets.Layout(width="110px"))
        self._shown_notation = None
        self._guess = None               # the history's last expert guess: (entry, lang, lines)
        self._init_shell(lang, WIDTH, HEIGHT, [widgets.HBox([self._text, self._load_button])])
        self._label_boxes()
        self._load_button.on_click(lambda _: self._guarded(self._load_clicked))
        self.setup(game, players, cafe, variant, seed)
        self.redraw()

    def _label_boxes(self) -> None:
        self._text.placeholder = phrase("load_placeholder", self.lang)
        self._load_button.description = phrase("load_button", self.lang)
        self._command.placeholder = phrase("command_placeholder", self.lang)
        self._command_button.description = phrase("command_button", self.lang)

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def from_notation(cls, text: str, **options) -> "CafeWidget":
        """A game notation opens that game; a café notation opens a sandbox; a save
        (``w.save()``, ``Game.to_json()``) opens what was saved."""
        text = need_text(text, "notation", "a game or café notation, or a save")
        if read_json(text) is not None:
            w = cls(cafe=Cafe.parse("- - - - - | -"), **options)   # no deal (no randomness) before the load
            w._load(text)
            w.redraw()
            return w
        if len(text.split("|")) == 8:
            return cls(game=Game.parse(text), **options)
        return cls(cafe=Cafe.parse(text), **options)

    @classmethod
    def puzzle(cls, puzzle, lang: str | None = None) -> "CafeWidget":
        """Puzzle mode: "find the best turn". ``puzzle`` is a :class:`~cafe_widget.teach.card_puzzles.Puzzle`,
        a list of them (a level: *Next puzzle* walks it, counting the solved), or a level number
        (1, 2, 3: the committed puzzles). The student plays a turn card by card; *Check* grades
        it (``Puzzle.grade``); *Show best* lights the best turn."""
        if isinstance(puzzle, int) and not isinstance(puzzle, bool):
            puzzle = level_puzzles(puzzle)
        items = list(puzzle) if isinstance(puzzle, (list, tuple)) else [puzzle]
        if not items or not all(isinstance(p, Puzzle) for p in items):
            raise TypeError("give a Puzzle, a list of Puzzles or a level number (1, 2, 3)")
        w = cls(cafe=items[0].cafe, lang=lang)
        w.start_puzzles(items)
        w.redraw()
        return w

    @classmethod
    def guided(cls, lang: str | None = None, seed: int = GUIDE_SEED) -> "CafeWidget":
        """A guided first game against the computer: each of the student's first turns says
        what to try and why, and is checked before it is played (:mod:`cafe_widget.teach.guide`)."""
        w = cls(game=guided_game(seed), players=[HUMAN, COMPUTER], lang=lang)
        w.state.guide = Guide()
        w.set_status(w.status + " " + w.state.guide.instruction(w.state.game, lang), "ok")
        w.redraw()
        return w

    @classmethod
    def seat_task(cls, cafe, guest: str, variant: bool = False, lang: str | None = None) -> "CafeWidget":
        """A seat task: "click every seat where ``guest`` may sit, then Check", graded by
        :func:`~cafe_widget.teach.practice.check_seats`; *Show answer* lights the seats."""
        cafe = Cafe.parse(cafe) if isinstance(cafe, str) else cafe
        guest = parse_guest(guest)
        w = cls(cafe=cafe, variant=variant, lang=lang)
        w.state.cafe, w.state.turn, w.state.box_pile = cafe, cafe.begin_turn(variant), False   # the café asked about
        w.state.mode, w.state.task_guest, w.state.task_marks, w.state.answer_shown = SEATS_TASK, guest, (), False
        w.tell("seats_welcome", guest=guest)
        w.redraw()
        return w

    def _reset_screen(self) -> None:
        self.state.selected = None
        self.state.hint = ()
        self.state.badges = ()
        self.state.info = ()
        self.state.status, self.state.kind = "", ""
        self.state.revealed = True
        self.state.waiting = None   # a person who just emptied their hand (R12c)
        self.state.viewing = None   # the position looked back at (0 … len(log)), or None
        self.state.view_best = False            # show the best turn on the position before it
        self.state.reviewing = False
        self.state.sheet_start = None
        self.state.marks_at = None   # (log length) when the last-turn marks were made
        self.state.marks = ()
        self.state.refused = None   # the refused guest drawn faded, until the next click
        self.state.stash = None                 # the game a sandbox was tried from (Try from here)

    def setup(self, game, players, cafe, variant, seed, fill_pile: bool = True, waiting: int | None = None) -> None:
        self._reset_screen()
        self.state.guide = None
        self.state.box_pile = False
        self.state.mode = GAME
        if cafe is not None:
            self.state.mode = SANDBOX
            self.state.game, self.state.kinds, self.state.bots = None, (), {}
            self.state.box_pile = fill_pile and not cafe.pile
            if self.state.box_pile:   # a café written without a pile: the rest of the box (R9)
                cafe = Cafe(cafe.tables, cafe.seats, box_pile(cafe))
            self.state.cafe, self.state.variant = cafe, variant
            self.state.turn = cafe.begin_turn(variant)
            self.tell("sandbox_welcome")
            return
        if game is None:
            game = Game.new(players=len(players) if players else 2, seed=seed, variant=variant)
        kinds = tuple(players) if players else (HUMAN,) + (COMPUTER,) * (game.players - 1)
        if len(kinds) != game.players:
            raise ValueError(f"players must name {game.players} players, not {len(kinds)}")
        kinds = tuple(DEFAULT_COMPUTER if k == COMPUTER else k for k in kinds)
        self.state.bots = {p: make_player(k) for p, k in enumerate(kinds) if k != HUMAN}
        self.state.game, self.state.kinds = game, kinds
        self.state.cafe = self.state.turn = None
        self.state.variant = game.variant
        welcome = phrase("welcome", self.lang, name=self.player_name(game.to_move))
        if waiting is not None:   # a save made while a person had the R12c choice to make
            self.state.waiting = waiting
            self._mark_last_turns()
            self.set_status(phrase("may_declare", self.lang, name=self.player_name(waiting)), "ok")
            return
        texts = [welcome] + self._computers_play()
        self._mark_last_turns()
        if game.is_over:   # computers only: they played to the end
            self._finish_text(" ".join(texts[-3:]))
        else:
            self.set_status(" ".join(texts), "")

    def load(self, text: str) -> None:
        """Open a save (``w.save()``, ``Game.to_json()``), a game notation or a café notation in
        this widget (as ``from_notation`` would). A text that is refused changes nothing: the
        status line says why, and the game shown stays."""
        self._guarded(self._load, text)

    def _load(self, text) -> None:
        self._seat_may_not_load()
        data = read_json(text)
        text = text.strip()
        if data is not None and data.get("format") == WIDGET_SAVE:
            load_screen(self, data)
            return
        if data is not None:
            if data.get("format") == BOARD_SAVE:
                raise Refused(phrase("save_other_game", self.lang))
            load_game(self, Game.from_json(text), data.get("widget"))
        elif len(text.split("|")) == 8:
            game = Game.parse(text)
            self.setup(game, self.state.kinds if len(self.state.kinds) == game.players else None, None, False, None)
        else:
            self.setup(None, None, Cafe.parse(text), self.state.variant if self.state.game is None else False, None)
        by_hand = self.state.game is not None and self.state.game.seed is None
        self.tell("loaded_by_hand" if by_hand else "loaded", what=self.notation)

    # -- without a mouse -----------------------------------------------------------------------

    def command(self, text: str) -> None:
        """Do what the command box says: a placement or a whole turn in notation (``"RUf@c2"``,
        ``"RUf@c2, ITf@c4"``: the turn goes on until ``end``), or an action: ``draw``, ``end``,
        ``undo``, ``down ITm``, ``declare``, ``hint`` (in a puzzle ``check``, ``best``,
        ``next``; ``new``, ``review``, ``back``, ``forward``, ``live``, ``try``). Several,
        separated by commas or semicolons, one after another. The same code path and refusals
        as the clicks; a line whose placement is refused places none of its cards."""
        self._guarded(self._command_line, text)

    # -- what the tests and tutorials read ------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game (None in a sandbox, a puzzle or a seat task)."""
        return self.state.game

    @property
    def mode(self) -> str:
        """The screen shown: ``"play"`` (a game), ``"history"`` (a game looked back at, read-only:
        ◀ ▶, *Back to game*, *Try from here*), ``"sandbox"``, ``"puzzle"`` or ``"seats"`` (a seat
        task). Each is a mode of ``CafeWidget.MODES``."""
        return self.current_mode().name

    def current_mode(self):
        """The mode shown: the screen's, or the history while a position is looked back at."""
        return HISTORY if self.state.viewing is not None else self.MODES[self.state.mode]

    def game_save(self) -> dict:
        return game_save(self.state.game, self.state.kinds, self.state.waiting, self.state.guide)

    @property
    def viewing(self) -> int | None:
        """The game position looked back at (0 is the start, ``n`` the position after the
        ``n``-th turn of the scoresheet), or None when the live game is shown."""
        return self.state.viewing

    @property
    def cafe(self) -> Cafe:
        """The café as drawn: the turn in progress included, or the position looked back at."""
        if self.state.game is not None:
            if self.state.viewing is not None:
                return self._position(self.state.viewing - 1 if self.state.view_best else self.state.viewing).cafe
            return self.state.game.cafe
        return self.state.turn.cafe

    @property
    def notation(self) -> str:
        """The notation of what is shown: the café's; the whole game's (hands and piles
        included) only in teaching mode, so a shared screen gives no hidden card away (not
        even the order of the face-down table pile)."""
        if self.state.game is None and self.state.box_pile:   # the pile the sandbox made, not written
            return Cafe(self.cafe.tables, self.cafe.seats).format()
        if self.state.game is None and (self.state.stash is None or self.teaching):
            return self.cafe.format()
        if self.state.game is not None and self.teaching and self.state.viewing is None:
            return self.state.game.format()
        return Cafe(self.cafe.tables, self.cafe.seats).format()

    @property
    def puzzle_state(self) -> dict:
        """In puzzle mode: the puzzle shown (counting from 1), how many there are, which were
        solved (counting from 1), and the last grade (or None)."""
        if self.mode != PUZZLE:
            return {}
        return {"index": self.state.pi + 1, "total": len(self.state.puzzles),
                "solved": sorted(i + 1 for i in self.state.solved), "grade": self.state.grade}

    @property
    def scoresheet(self) -> tuple[str, ...]:
        """The scoresheet's rows as plain text, one a turn, newest last (with the review on,
        the best turn's points after each of the person's placing turns)."""
        if self.state.game is None:
            return ()
        return tuple(row.lstrip("*") for row in self._sheet_rows())

    @property
    def reviewing(self) -> bool:
        """True when the scoresheet shows the review (the *Review* button; on by itself at the
        end of a game). Settable: ``w.reviewing = True``."""
        return self.state.reviewing

    @reviewing.setter
    def reviewing(self, on: bool) -> None:
        self.state.reviewing = bool(on)
        self.redraw()

    @property
    def marked(self) -> tuple[str, ...]:
        """In a seat task: the seats the student has marked, in reading order."""
        return tuple(self.state.task_marks) if self.mode == SEATS_TASK else ()

    def locate(self, name: str) -> tuple[float, float]:
        """Canvas-pixel centre of a seat or table (``"b3"``), a hand or palette card
        (``"RUf"``), a button (``"undo"``, ``"end"``, ``"draw"``, ``"down"``, ``"declare"``,
        ``"hint"``; in a puzzle ``"check"``, ``"show_best"``, ``"next"``; in a seat task
        ``"check"``, ``"answer"``, ``"clear"``; the scoresheet's ``"review"``, ``"back"`` (◀),
        ``"forward"`` (▶), ``"rows_up"``, ``"rows_down"``; looking back ``"try"``, ``"live"``,
        ``"best"``) or a scoresheet row (``"row3"``, counting from 1)."""
        return self._scene.locate(name)

    def save(self) -> str:
        """What this widget shows, as JSON text to keep and :meth:`load` again: a game's save
        (``Game.to_json``: the start, every action, the seed) with its players; a sandbox, a
        puzzle or a seat task with its turn in progress, and the game it was tried from."""
        return json.dumps(save_data(self), indent=1)

    def __repr__(self) -> str:
        what = f"{self.state.game.players} players" if self.state.game is not None else (
            "seat task" if self.mode == SEATS_TASK else self.mode)
        return f"<CafeWidget {what}: {self.cafe.format()}>"

    # -- events ---------------------------------------------------------------------------

    def _unexpected(self) -> str:
        return phrase("error", self.lang, error="{error}")

    def _refusal_marks(self, kept: bool) -> dict:
        return {"refused": self.state.refused if kept else None}   # the refused guest, on its café

    def _shown_state(self) -> tuple:
        """What a refusal must leave as it was: the screen, the game and the turn in progress."""
        game = self.state.game
        turn = self.state.turn
        return (self.state.mode, self.state.viewing, self.state.stash is None,
                None if game is None else (game.format(), len(game.log)),
                None if turn is None else turn.cafe.format())

    def _click(self, x: float, y: float) -> None:
        self.state.refused = None   # a refused guest stays drawn until the next click
        region = hit_test(self._scene, x, y)
        if region is None:
            return
        self.state.hint = ()   # a hint lasts until the next click
        if region.kind == "row":   # the scoresheet, on every screen that shows it
            self._show_position(region.index + 1)
            return
        self.current_mode().click(self, region)

    # -- the view -------------------------------------------------------------------------

    def _humans(self) -> int:
        return sum(1 for k in self.state.kinds if k == HUMAN)

    def player_name(self, p: int) -> str:
        return player_name(self.state.game, p, self.lang, self.state.kinds)

    def _turn_lines(self, turn, who: str) -> tuple[str, ...]:
        return (phrase("last_turn", self.lang, name=who),) + turn_lines(turn.cards, self.lang)

    def tell(self, key: str, **facts) -> None:
        self.set_status(phrase(key, self.lang, **facts), "")

    LAYERS, ZONES = LAYERS, ZONES
    #: At a table, what every seat shows as the one that acted left it (the game aside).
    SHARED_KEYS = ("info", "badges", "marks", "marks_at", "waiting")
    FRESH = {"viewing": None, "view_best": False, "reviewing": False, "sheet_start": None, "selected": None,
             "hint": (), "refused": None}

    def _build_scene(self, view):
        return build_scene(view)

    def _sync_boxes(self) -> None:
        """The notation box and the screen readers' copy of the status, as the screen is now."""
        notation = self.notation
        if notation != self._shown_notation:   # leave what a student pasted until it changes
            self._text.value = self._shown_notation = notation
        super()._sync_boxes()
        if self._scene is not None:   # the words the box takes now, for the buttons shown
            shown = [r.name for r in self._scene.regions if r.kind == "button" and r.name not in HISTORY_BUTTONS]
            hint = phrase(getattr(self.current_mode(), "command_hint", "command_hint"), self.lang,
                          words=" · ".join(_command_words(shown, self.lang)[1:]))
            if self._command.placeholder != hint:
                self._command.placeholder = hint
