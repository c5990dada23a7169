"""The café widget: the scene drawn on ipycanvas, played by clicking.

It owns a :class:`Game` (or, in a sandbox, a café and a turn in progress; in a puzzle, a café,
a hand and a turn; in a seat task, a café and one guest) and the state of the screen: the
selected card, the lit seats, the status line, the position of the game shown (live, or one
looked back at from the scoresheet). A click goes through ``hit_test`` on the scene and becomes
an engine action; the engine decides every rule, and a refusal is shown in the status line with
its rule and sentence. No exception ever reaches the notebook.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter

import ipywidgets as widgets

from ..engine import Cafe, Game, IllegalMove, NotationError
from ..engine.cafe import parse_placement
from ..engine.board_game import SAVE_FORMAT as BOARD_SAVE
from ..engine.cards import GUEST_COPIES, GUEST_KINDS, TABLE_ADJECTIVES, full_table_deck, parse_guest
from ..engine.errors import need_text, shorten
from ..engine.layout import SEATS, TOUCHES
from ..guide import GUIDE_SEED, Guide, guided_game
from ..players import make_player
from ..practice import Puzzle, check_seats, puzzles as level_puzzles
from ..render.frames import refused_mark
from ..render.scene import HEIGHT, LAYERS, ZONES, PlayerLine, View, build_scene, hit_test
from ..render.style import WIDTH
from ..i18n import N_, NP_, translate, typed_words
from ..render.words import (WORDS, card_points, game_lines, over_text, player_name, result_lines, say,
                            sex_word, turn_lines)
from .shell import Shell
from .card_saves import (GAME, HUMAN, PUZZLE, SANDBOX, SCREEN_STATE, SEATS_TASK, load_game, load_screen,
                         save_data)
from .safety import WIDGET_SAVE, Refused, read_json

COMPUTER = "computer"             # a computer player of the default kind
DEFAULT_COMPUTER = "steady"      # places a turn whenever it can: a student sees it play

#: Everything an event may change: copied before each click, typed line or load, and put back
#: when it is refused, so that a refusal changes nothing and a typed line is all or nothing.
STATE_KEYS = SCREEN_STATE + ("_guide", "_box_pile", "_task_guest", "_task_marks", "_answer_shown",
                             "_puzzles", "_pi", "_puzzle", "_grade", "_solved", "_shown_best", "_stash",
                             "_refused", "_round")
#: The scoresheet's and the history's buttons: they work whatever the game is waiting for.
HISTORY_BUTTONS = ("back", "forward", "review", "rows_up", "rows_down", "try", "live", "best", "new")
#: Words the command box takes for the buttons (besides placements in notation): each action's
#: words, "|" between them, the first one shown in the box's hint.
# Translators: words a student types in the command box, "|" between them; keep them short.
WORDS_TYPED = {
    "draw": NP_("typed", "draw"), "end": NP_("typed", "end|keep"), "undo": NP_("typed", "undo"),
    "declare": NP_("typed", "declare"), "hint": NP_("typed", "hint"), "check": NP_("typed", "check"),
    "show_best": NP_("typed", "best|show best"), "next": NP_("typed", "next"),
    "answer": NP_("typed", "answer"), "clear": NP_("typed", "clear"),
    "new": NP_("typed", "new|new game"), "review": NP_("typed", "review"),
    "back": NP_("typed", "back"), "forward": NP_("typed", "forward"), "live": NP_("typed", "live"),
    "try": NP_("typed", "try"), "down": NP_("typed", "down"),
}
#: Every language's words at once (a French student may type "piocher" in an English widget).
COMMANDS = typed_words(WORDS_TYPED)


class CafeWidget(Shell):
    """Café International in a notebook: click a card, then a seat.

    ``CafeWidget(game=Game.new(players=3, seed=1), players=["human", "strong", "greedy"])``
    plays a game; each computer seat names its player (``"random"``, ``"greedy"``, ``"steady"``,
    ``"strong"``; ``"computer"`` is ``"steady"``, which places a turn whenever it can). *Hint* lights the best turn for the person to move; the
    scoresheet in the panel lists every turn, ◀ ▶ step back through the game's positions, and
    *Review* shows the best turn each of the person's turns could have made.
    ``CafeWidget.from_notation("RU GB FR ES IT | b1:RUf")`` opens a café as a sandbox with a
    palette of all 24 guests; ``CafeWidget.puzzle(puzzles(1))`` walks a level of puzzles;
    ``CafeWidget.seat_task(cafe, "ITm")`` asks where a guest may sit. The widget speaks
    the package's language (``cafe_widget.language("fr")``, and redraws when it changes), or
    ``lang=`` for its own; ``teaching=True`` shows every hand.
    """

    def __init__(self, game: Game | None = None, players=None, lang: str | None = None,
                 teaching: bool = False, *, cafe: Cafe | None = None, variant: bool = False,
                 seed: int | None = None, pace: float = 0.9):
        self.teaching = teaching
        #: Seconds between the computers' turns after a person's mouse, touch or typed action,
        #: so that each turn is seen in its turn (0: all at once). ``w.click`` and ``w.command``
        #: from code never wait: notebooks and tests get every turn at once.
        self.pace = pace
        self._round = None          # the computers' turns being shown one after another
        self._pace_token = 0
        # Under the command box: the notation of what is shown, and Load for a pasted one.
        self._text = widgets.Text(description="", layout=widgets.Layout(width=f"{WIDTH - 130}px"))
        self._load_button = widgets.Button(layout=widgets.Layout(width="110px"))
        self._shown_notation = None
        self._init_shell(lang, WIDTH, HEIGHT, [widgets.HBox([self._text, self._load_button])])
        self._label_boxes()
        self._load_button.on_click(lambda _: self._guarded(self._load_clicked))
        self._setup(game, players, cafe, variant, seed)
        self.redraw()

    def _label_boxes(self) -> None:
        self._text.placeholder = say(self.lang, "load_placeholder")
        self._load_button.description = say(self.lang, "load_button")
        self._command.placeholder = say(self.lang, "command_placeholder")
        self._command_button.description = say(self.lang, "command_button")

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
        """Puzzle mode: "find the best turn". ``puzzle`` is a :class:`~cafe_widget.practice.Puzzle`,
        a list of them (a level: *Next puzzle* walks it, counting the solved), or a level number
        (1, 2, 3: the committed puzzles). The student plays a turn card by card; *Check* grades
        it (``Puzzle.grade``); *Show best* lights the best turn."""
        if isinstance(puzzle, int) and not isinstance(puzzle, bool):
            puzzle = level_puzzles(puzzle)
        items = list(puzzle) if isinstance(puzzle, (list, tuple)) else [puzzle]
        if not items or not all(isinstance(p, Puzzle) for p in items):
            raise TypeError("give a Puzzle, a list of Puzzles or a level number (1, 2, 3)")
        w = cls(cafe=items[0].cafe, lang=lang)
        w._start_puzzles(items)
        w.redraw()
        return w

    @classmethod
    def guided(cls, lang: str | None = None, seed: int = GUIDE_SEED) -> "CafeWidget":
        """A guided first game against the computer: each of the student's first turns says
        what to try and why, and is checked before it is played (:mod:`cafe_widget.guide`)."""
        w = cls(game=guided_game(seed), players=[HUMAN, COMPUTER], lang=lang)
        w._guide = Guide()
        w._set_status(w.status + " " + w._guide.instruction(w._game, lang), "ok")
        w.redraw()
        return w

    @classmethod
    def seat_task(cls, cafe, guest: str, variant: bool = False, lang: str | None = None) -> "CafeWidget":
        """A seat task: "click every seat where ``guest`` may sit, then Check", graded by
        :func:`~cafe_widget.practice.check_seats`; *Show answer* lights the seats."""
        cafe = Cafe.parse(cafe) if isinstance(cafe, str) else cafe
        guest = parse_guest(guest)
        w = cls(cafe=cafe, variant=variant, lang=lang)
        w._cafe, w._turn, w._box_pile = cafe, cafe.begin_turn(variant), False   # the café asked about
        w._mode, w._task_guest, w._task_marks, w._answer_shown = SEATS_TASK, guest, (), False
        w._say("seats_welcome", guest=guest)
        w.redraw()
        return w

    def _reset_screen(self) -> None:
        self._selected: int | None = None
        self._hint: tuple = ()
        self._badges: tuple = ()
        self._info: tuple = ()
        self._status, self._kind = "", ""
        self._revealed = True
        self._waiting: int | None = None   # a person who just emptied their hand (R12c)
        self._viewing: int | None = None   # the position looked back at (0 … len(log)), or None
        self._view_best = False            # show the best turn on the position before it
        self._reviewing = False
        self._sheet_start: int | None = None
        self._marks_at: tuple | None = None   # (log length) when the last-turn marks were made
        self._marks: tuple = ()
        self._refused: tuple | None = None   # the refused guest drawn faded, until the next click
        self._stash = None                 # the game a sandbox was tried from (Try from here)

    def _setup(self, game, players, cafe, variant, seed, fill_pile: bool = True, waiting: int | None = None) -> None:
        self._reset_screen()
        self._guide = None
        self._box_pile = False
        self._mode = GAME
        if cafe is not None:
            self._mode = SANDBOX
            self._game, self._kinds, self._bots = None, (), {}
            self._box_pile = fill_pile and not cafe.pile
            if self._box_pile:   # a café written without a pile: the rest of the box (R9)
                cafe = Cafe(cafe.tables, cafe.seats, box_pile(cafe))
            self._cafe, self._variant = cafe, variant
            self._turn = cafe.begin_turn(variant)
            self._say("sandbox_welcome")
            return
        if game is None:
            game = Game.new(players=len(players) if players else 2, seed=seed, variant=variant)
        kinds = tuple(players) if players else (HUMAN,) + (COMPUTER,) * (game.players - 1)
        if len(kinds) != game.players:
            raise ValueError(f"players must name {game.players} players, not {len(kinds)}")
        kinds = tuple(DEFAULT_COMPUTER if k == COMPUTER else k for k in kinds)
        self._bots = {p: make_player(k) for p, k in enumerate(kinds) if k != HUMAN}
        self._game, self._kinds = game, kinds
        self._cafe = self._turn = None
        self._variant = game.variant
        welcome = say(self.lang, "welcome", name=self._name(game.to_move))
        if waiting is not None:   # a save made while a person had the R12c choice to make
            self._waiting = waiting
            self._mark_last_turns()
            self._set_status(say(self.lang, "may_declare", name=self._name(waiting)), "ok")
            return
        texts = [welcome] + self._computers_play()
        self._mark_last_turns()
        if game.is_over:   # computers only: they played to the end
            self._finish_text(" ".join(texts[-3:]))
        else:
            self._set_status(" ".join(texts), "")

    def load(self, text: str) -> None:
        """Open a save (``w.save()``, ``Game.to_json()``), a game notation or a café notation in
        this widget (as ``from_notation`` would). A text that is refused changes nothing: the
        status line says why, and the game shown stays."""
        self._guarded(self._load, text)

    def _load(self, text) -> None:
        data = read_json(text)
        text = text.strip()
        if data is not None and data.get("format") == WIDGET_SAVE:
            load_screen(self, data)
            return
        if data is not None:
            if data.get("format") == BOARD_SAVE:
                raise Refused(say(self.lang, "save_other_game"))
            load_game(self, Game.from_json(text), data.get("widget"))
        elif len(text.split("|")) == 8:
            game = Game.parse(text)
            self._setup(game, self._kinds if len(self._kinds) == game.players else None, None, False, None)
        else:
            self._setup(None, None, Cafe.parse(text), self._variant if self._game is None else False, None)
        by_hand = self._game is not None and self._game.seed is None
        self._say("loaded_by_hand" if by_hand else "loaded", what=self.notation)

    def _in_progress(self) -> bool:
        """A game is going on that a new game or a load would throw away."""
        game = self._game if self._stash is None else self._stash["_game"]
        return game is not None and not game.is_over and bool(game.log or game.turn)

    def _load_clicked(self) -> None:
        """Load: over a game in progress, ask first (a second click replaces it)."""
        if self._in_progress() and self._asked != "load":
            self._confirm = "load"
            self._say("load_confirm")
            return
        self._load(self._text.value)

    def _button_new(self) -> None:
        """A new game with the same players and options, the next seed (asked first while a
        game is going on)."""
        if self._in_progress() and self._asked != "new":
            self._confirm = "new"
            self._say("new_confirm")
            return
        stash = self._stash
        game, kinds = (self._game, self._kinds) if stash is None else (stash["_game"], stash["_kinds"])
        seed = game.seed + 1 if isinstance(game.seed, int) else random.SystemRandom().randrange(2**32)
        self._setup(Game.new(players=game.players, seed=seed, variant=game.variant), kinds, None, False, None)
        self._status = say(self.lang, "new_started", seed=seed) + " " + self._status

    # -- without a mouse -----------------------------------------------------------------------

    def command(self, text: str) -> None:
        """Do what the command box says: a placement or a whole turn in notation (``"RUf@c2"``,
        ``"RUf@c2, ITf@c4"``: the turn goes on until ``end``), or an action: ``draw``, ``end``,
        ``undo``, ``down ITm``, ``declare``, ``hint`` (in a puzzle ``check``, ``best``,
        ``next``; ``new``, ``review``, ``back``, ``forward``, ``live``, ``try``). Several,
        separated by commas or semicolons, one after another. The same code path and refusals
        as the clicks; a line whose placement is refused places none of its cards."""
        self._guarded(self._command_line, text)

    def _submit(self) -> None:
        text = self._command.value
        if not text.strip():
            return
        self._from_front_end(self.command, text)
        self._command.value = ""

    def _command_line(self, text) -> None:
        text = need_text(text, "command", "a move such as RUf@c2, or a word such as draw, end or hint")
        steps = []
        for step in (t.strip() for t in text.replace(";", ",").split(",")):
            # a turn as the scoresheet writes it, "RUf@c2 ITf@c4", is its placements one by one
            steps += step.split() if "@" in step else [step] if step else []
        for i, step in enumerate(steps):
            if i:   # the screen as the step before left it: its buttons, its café
                self._scene = build_scene(self.view())
            self._command_step(step)

    def _command_step(self, step: str) -> None:
        """One step of a typed line; a refusal raises, and the whole line is taken back."""
        lang = self.lang
        game = self._game
        if "@" in step:
            if self._viewing is not None:
                raise Refused(say(lang, "history_live_first", text=shorten(step)))
            self._need_hand(game)
            self._command_place(step)
            return
        key, arg = _read_word(step)
        shown = [r.name for r in self._scene.regions if r.kind == "button"]
        if key is None:
            raise Refused(say(lang, "command_unknown", text=shorten(step),
                              actions=", ".join(_command_words(shown, lang))))
        if key == "show_best" and "best" in shown:   # the history's own Show best
            key = "best"
        if self._viewing is not None and key not in HISTORY_BUTTONS:
            raise Refused(say(lang, "history_live_first", text=shorten(step)))
        if key == "declare" and arg:
            self._command_declare(step, arg)
            return
        if key == "down" and arg:
            self._need_hand(game)
            self._command_select(arg)
        if key not in shown:
            raise Refused(say(lang, "command_not_now", text=shorten(step), action=shorten(step, 30),
                              actions=", ".join(_command_words(shown, lang))))
        self._click(*self._scene.locate(key))

    def _need_hand(self, game) -> None:
        """A typed move plays from the hand shown: never behind the hand-over screen."""
        if game is not None and not game.is_over and not self._revealed:
            raise Refused(say(self.lang, "handover", name=self._name(game.to_move)))

    def _command_declare(self, step: str, arg: str) -> None:
        """``declare:N`` (the log's spelling): player N, a person, declares the end (R12c)."""
        self._need_game()
        game = self._game
        if not (arg.isascii() and arg.isdigit() and len(arg) == 1 and 1 <= int(arg) <= game.players):
            raise NotationError("action", shorten(step), N_("is not declare:N with N a player from 1 to {players}"),
                                players=game.players)
        player = int(arg) - 1
        if self._kinds[player] != HUMAN:
            raise Refused(say(self.lang, "declare_computer", text=shorten(step), n=player + 1))
        refusal = game.explain_declare_end(player)
        if refusal is not None:
            raise refusal
        game.declare_end(player)
        self._waiting = None
        self._finish_text(say(self.lang, "declared", name=self._name(player)))

    def _command_select(self, guest_text: str) -> None:
        """Select a card of the hand (or palette) by its code, as a click on it would."""
        guest = parse_guest(guest_text.strip(), "placement")
        hand = self._hand()
        if guest not in hand:
            if self._game is not None:
                raise IllegalMove.because("R4", "not_in_hand", self.cafe, move=guest_text, guest=guest)
            raise NotationError("placement", guest_text, N_("is not a card you may place here"))
        self._selected = hand.index(guest)

    def _command_place(self, placement: str) -> None:
        guest, seat = parse_placement(placement.strip())
        if self._mode == SEATS_TASK:   # a seat task is answered with seats
            raise NotationError("placement", placement, N_("is not asked here: click the seats, or type them"))
        self._command_select(guest)
        self._click(*self._scene.locate(seat))   # a refusal raises here, as a click's would

    # -- what the tests and tutorials read ------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game (None in a sandbox, a puzzle or a seat task)."""
        return self._game

    @property
    def mode(self) -> str:
        """The screen shown: ``"play"`` (a game), ``"history"`` (a game looked back at, read-only:
        ◀ ▶, *Back to game*, *Try from here*), ``"sandbox"``, ``"puzzle"`` or ``"seats"`` (a seat
        task)."""
        if self._mode == GAME:
            return "play" if self._viewing is None else "history"
        return self._mode

    @property
    def viewing(self) -> int | None:
        """The game position looked back at (0 is the start, ``n`` the position after the
        ``n``-th turn of the scoresheet), or None when the live game is shown."""
        return self._viewing

    @property
    def cafe(self) -> Cafe:
        """The café as drawn: the turn in progress included, or the position looked back at."""
        if self._game is not None:
            if self._viewing is not None:
                return self._position(self._viewing - 1 if self._view_best else self._viewing).cafe
            return self._game.cafe
        return self._turn.cafe

    @property
    def notation(self) -> str:
        """The notation of what is shown: the café's; the whole game's (hands and piles
        included) only in teaching mode, so a shared screen gives no hidden card away (not
        even the order of the face-down table pile)."""
        if self._game is None and self._box_pile:   # the pile the sandbox made, not written
            return Cafe(self.cafe.tables, self.cafe.seats).format()
        if self._game is None and (self._stash is None or self.teaching):
            return self.cafe.format()
        if self._game is not None and self.teaching and self._viewing is None:
            return self._game.format()
        return Cafe(self.cafe.tables, self.cafe.seats).format()

    @property
    def puzzle_state(self) -> dict:
        """In puzzle mode: the puzzle shown (counting from 1), how many there are, which were
        solved (counting from 1), and the last grade (or None)."""
        if self._mode != PUZZLE:
            return {}
        return {"index": self._pi + 1, "total": len(self._puzzles),
                "solved": sorted(i + 1 for i in self._solved), "grade": self._grade}

    @property
    def scoresheet(self) -> tuple[str, ...]:
        """The scoresheet's rows as plain text, one a turn, newest last (with the review on,
        the best turn's points after each of the person's placing turns)."""
        if self._game is None:
            return ()
        return tuple(row.lstrip("*") for row in self._sheet_rows())

    @property
    def reviewing(self) -> bool:
        """True when the scoresheet shows the review (the *Review* button; on by itself at the
        end of a game). Settable: ``w.reviewing = True``."""
        return self._reviewing

    @reviewing.setter
    def reviewing(self, on: bool) -> None:
        self._reviewing = bool(on)
        self.redraw()

    @property
    def marked(self) -> tuple[str, ...]:
        """In a seat task: the seats the student has marked, in reading order."""
        return tuple(self._task_marks) if self._mode == SEATS_TASK else ()

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
        what = {SANDBOX: "sandbox", PUZZLE: "puzzle", SEATS_TASK: "seat task"}.get(self._mode)
        if what is None:
            what = f"{self._game.players} players"
        return f"<CafeWidget {what}: {self.cafe.format()}>"

    # -- events ---------------------------------------------------------------------------

    STATE_KEYS = STATE_KEYS

    def _unexpected(self) -> str:
        return say(self.lang, "error", error="{error}")

    def _refusal_marks(self, kept: bool) -> dict:
        return {"_refused": self._refused if kept else None}   # the refused guest, on its café

    def _shown_state(self) -> tuple:
        """What a refusal must leave as it was: the screen, the game and the turn in progress."""
        game = self._game
        turn = self._turn
        return (self._mode, self._viewing, self._stash is None,
                None if game is None else (game.format(), len(game.log)),
                None if turn is None else turn.cafe.format())

    def _click(self, x: float, y: float) -> None:
        self._refused = None   # a refused guest stays drawn until the next click
        region = hit_test(self._scene, x, y)
        if region is None:
            return
        self._hint = ()   # a hint lasts until the next click
        if region.kind == "row":
            self._show_position(region.index + 1)
            return
        if region.kind == "button" and region.name in HISTORY_BUTTONS and self._mode == GAME:
            getattr(self, f"_button_{region.name}")()
            return
        game = self._game
        if (game is not None and not game.is_over and game.to_move in self._bots
                and self._waiting is None and self._viewing is None):
            self._fast_forward()   # never act for a computer: the computers' turns come first
            return
        if self._viewing is not None:
            self._view_best = False
            if self._viewing:
                self._say("history_read_only", n=self._viewing, total=len(self._game.log))
            else:
                self._say("history_read_start")
            return
        if self._waiting is not None and not (region.kind == "button" and region.name in ("end", "declare")):
            self._say("may_declare", name=self._name(self._waiting))
            return
        if region.kind == "handover":
            self._revealed = True
            self._set_status("", "")
            return
        if self._mode == SEATS_TASK:
            self._task_click(region)
            return
        if region.kind in ("card", "palette"):
            self._select(region.index)
        elif region.kind == "seat":
            self._seat(region.name)
        elif region.kind == "table":
            self._table_info(region.name)
        elif region.kind == "button":
            getattr(self, f"_button_{region.name}")()

    # -- playing --------------------------------------------------------------------------

    def _hand(self) -> tuple[str, ...]:
        if self._mode == PUZZLE:
            hand = list(self._puzzle.hand)
            for card in self._turn.cards:
                hand.remove(card.guest)
            return tuple(hand)
        if self._mode == SEATS_TASK:
            return (self._task_guest,)
        if self._game is None:
            return GUEST_KINDS
        return self._game.hand(self._shown_player())

    def _shown_player(self) -> int:
        return self._game.to_move if self._waiting is None else self._waiting

    def _seat_scores(self, guest: str) -> dict:
        if self._game is None:
            return self._turn.seat_scores(guest)
        return self._game.seat_scores(guest)

    def _select(self, index: int) -> None:
        if self._selected == index:
            self._selected = None
            self._set_status("", "")
            return
        self._selected = index
        guest = self._hand()[index]
        scores = self._seat_scores(guest)
        if scores:
            if self._mode == PUZZLE:   # the points would give the puzzle away: only where
                seats = ", ".join(scores)
            else:
                seats = ", ".join(f"{s} (+{c.points})" for s, c in scores.items())
            self._say("may_sit", guest=guest, seats=seats)
        else:
            self._say("nowhere", guest=guest)
        if self._game is not None and len(self._game.hand()) == 12 and not self._game.turn:
            self._status += " " + say(self.lang, "selected_down", guest=guest)

    def _selected_guest(self) -> str | None:
        hand = self._hand()
        if self._selected is not None and self._selected < len(hand):
            return hand[self._selected]
        return None

    def _seat(self, seat: str) -> None:
        guest = self._selected_guest()
        if guest is None:
            tables = ", ".join(t for t in TOUCHES[seat])
            self._set_status(say(self.lang, "seat_info", seat=seat, tables=tables) + " "
                             + say(self.lang, "pick_card"), "")
            return
        try:
            if self._game is None:
                self._turn = self._turn.place(guest, seat)
                card = self._turn.cards[-1]
                if self._mode == PUZZLE:
                    self._grade = None
            else:
                card = self._game.place(f"{guest}@{seat}")
        except IllegalMove as refusal:   # drawn on the seat, faded, with its rule (R5–R14)
            self._refused = refused_mark(refusal, seat, guest)
            raise
        self._selected = None
        # points per table, where the table still stands (a cleared one is said in words)
        self._badges = tuple((place, points) for place, points in card.by_table.items()
                             if place not in card.cleared)
        text = say(self.lang, "scored", move=card.text, tables=card_points(card, self.lang), points=card.points)
        if card.cleared:
            text += say(self.lang, "clears", places=" ".join(card.cleared))
        turn = self._turn if self._game is None else self._game.turn
        if turn is not None and turn.pending:
            text += WORDS[self.lang]["alone"][sex_word(card.guest)]
        ended = self._turn.ended if self._game is None else self._game.is_over
        if ended:
            text += say(self.lang, "ends")
        self._set_status(text, "ok")
        if self._game is not None and self._game.is_over:
            self._finish_text()

    def _table_info(self, place: str) -> None:
        nation = self.cafe.table(place)
        if nation is None:
            self._say("missing_table", place=place)
            return
        count = len(self.cafe.guests_at(place))
        self._say("table_info", adj=TABLE_ADJECTIVES[self.lang][nation], place=place, count=count)

    def _button_undo(self) -> None:
        chosen = self._selected_guest()   # the card taken back comes into the hand: keep the choice
        if self._game is None:
            last = self._turn.cards[-1].text if self._turn.cards else ""
            self._turn = self._turn.undo()   # raises (R4) when there is nothing to take back
            if self._mode == PUZZLE:
                self._grade = None
        else:
            last = self._game.undo()
        hand = self._hand()
        self._selected = hand.index(chosen) if chosen in hand else None
        self._badges = ()
        self._say("undone", move=last)

    def _button_end(self) -> None:
        if self._game is None:
            turn = self._turn.finish()
            self._cafe = turn.cafe
            self._turn = self._cafe.begin_turn(self._variant)
            self._selected = None
            self._info = self._turn_lines(turn, say(self.lang, "sandbox"))
            self._say("kept", points=turn.points)
            return
        if self._waiting is not None:   # the person did not declare: play goes on
            player, self._waiting = self._waiting, None
            self._go_on(player, [])
            return
        player = self._game.to_move
        guided = self._guide is not None and self._guide.active(self._game)
        if guided and self._game.explain_end_turn() is None:
            why = self._guide.check_end(self._game, self.lang)
            if why:   # the step asks for more: nothing is played
                self._set_status(why, "error")
                return
        turn = self._game.end_turn()
        text = say(self.lang, "turn_done", name=self._name(player), points=turn.points)
        if guided:
            text += " " + self._guide.done(turn.points, self.lang)
        self._after_action(player, text, turn)

    def _button_hint(self) -> None:
        """Light the best turn (``best_turn``) for the person to move, without playing it."""
        lang = self.lang
        if self._game is None:
            turn = self._turn.best_turn(list(GUEST_KINDS) * GUEST_COPIES)
            if turn is None:
                self._hint_none(self._turn.explain_end() if self._turn.cards else None)
                return
            self._show_hint(turn, len(self._turn.cards), say(lang, "hint_palette", turn=turn.text,
                                                               points=turn.points))
            return
        game = self._game
        if game.is_over:
            raise IllegalMove.because("R12", "over", game.cafe)
        if not self._revealed or self._kinds[game.to_move] != HUMAN:
            self._say("handover", name=self._name(game.to_move))
            return
        turn = game.best_turn()
        placed = len(game.turn.cards) if game.turn else 0
        if turn is None:
            if game.turn:
                self._hint_none(game.explain_end_turn())
            else:
                self._say("hint_none_draw" if game.explain_draw() is None
                          else "hint_none_down" if len(game.hand()) == 12 else "hint_none")
            return
        if not placed:
            text = say(lang, "hint_turn", turn=turn.text, points=turn.points)
        else:
            text = (say(lang, "hint_end", points=turn.points) if len(turn.cards) == placed else
                    say(lang, "hint_mid", turn=", ".join(c.text for c in turn.cards[placed:]),
                        points=turn.points))
            fresh = game.state.cafe.best_turn(game.state.hands[game.to_move], game.variant)
            if fresh is not None and fresh.points > turn.points:
                text += say(lang, "hint_undo", points=fresh.points)
        self._show_hint(turn, placed, text)

    def _hint_none(self, refusal) -> None:
        """No turn to hint: mid-turn, the cards placed cannot be finished (say why); undo."""
        if refusal is None:
            self._say("hint_none")
        else:
            self._say("hint_undo_all", reason=refusal.sentence(self.lang))

    def _show_hint(self, turn, placed: int, text: str) -> None:
        cards = turn.cards[placed:]
        self._selected = None
        self._hint = _hint_labels(cards, placed)
        self._info = (say(self.lang, "hint_head", points=turn.points),) + turn_lines(cards, self.lang)
        self._set_status(text, "ok")

    def _button_draw(self) -> None:
        self._need_game()
        player = self._game.to_move
        guided = self._guide is not None and self._guide.active(self._game)
        if guided and self._game.explain_draw() is None:
            why = self._guide.check_draw(self._game, self.lang)
            if why:   # the step asks for a turn: nothing is drawn
                self._set_status(why, "error")
                return
        card = self._game.draw()
        key = "drew_hidden" if self._humans() > 1 and not self.teaching else "drew"
        text = say(self.lang, key, name=self._name(player), card=card)
        if guided:
            text += " " + self._guide.done(None, self.lang)
        self._after_action(player, text)

    def _button_down(self) -> None:
        self._need_game()
        guest = self._selected_guest()
        if guest is None:
            # Is the action itself allowed now (12 cards, no card placed)? Ask the engine with
            # a card of the hand; if it is, the student only has to pick the card.
            hand = self._game.hand()
            refusal = self._game.explain_face_down(hand[0]) if hand else self._game.explain_face_down("RUf")
            if refusal is not None:
                raise refusal
            self._say("choose_down")
            return
        player = self._game.to_move
        self._game.lay_face_down(guest)
        self._after_action(player, say(self.lang, "laid_down", name=self._name(player)))

    def _button_declare(self) -> None:
        self._need_game()
        who = [p for p in self._game.who_may_declare() if self._kinds[p] == HUMAN]
        if not who:   # only a person may declare from this screen, never for a computer (R12c)
            person = self._shown_player() if self._kinds[self._shown_player()] == HUMAN else (
                self._kinds.index(HUMAN) if HUMAN in self._kinds else self._game.to_move)
            raise self._game.explain_declare_end(person) or IllegalMove.because(
                "R12", "cannot_declare", self._game.cafe, player=person + 1)
        self._game.declare_end(who[0])
        self._waiting = None
        self._finish_text(say(self.lang, "declared", name=self._name(self._game.log[-1].player)))

    def _need_game(self) -> None:
        if self._game is None:
            raise IllegalMove.because("R4", "empty_turn", self.cafe)

    def _after_action(self, player: int, text: str, turn=None) -> None:
        """After a human's action: the computers play, then maybe a hand-over screen."""
        self._selected = None
        self._badges = ()
        if turn is not None:
            self._info = self._turn_lines(turn, self._name(player))
        game = self._game
        if not game.is_over and game.state.may_declare == player and game.to_move in self._bots:
            # R12c: right after the turn that emptied the hand, the person may declare the end;
            # the computers wait for the answer (Declare end, or End turn to go on).
            self._waiting = player
            self._mark_last_turns()
            self._set_status(text + " " + say(self.lang, "may_declare", name=self._name(player)), "ok")
            return
        self._go_on(player, [text])

    def _go_on(self, player: int, texts: list[str]) -> None:
        """The computers play, then maybe a hand-over screen; the status tells what happened.
        After a student's own event, one computer turn every ``pace`` seconds."""
        self._pace_token += 1
        if self._pacing() and not self._game.is_over and self._game.to_move in self._bots:
            self._round = {"player": player, "texts": list(texts), "lines": []}
            self._mark_last_turns()
            self._set_status(" ".join(texts), "ok")
            self._schedule()
            return
        self._round = None
        self._after_computers(player, texts + self._computers_play())

    def _pacing(self) -> bool:
        return bool(self.pace) and self._in_live_event()

    def _schedule(self) -> None:
        token = self._pace_token
        asyncio.get_event_loop().call_later(self.pace, self._paced_step, token)

    def _paced_step(self, token: int) -> None:
        """One computer's turn, shown; the next one ``pace`` seconds later."""
        if token != self._pace_token or self._round is None:
            return   # the student moved on meanwhile (the turns were all played at once)
        try:
            round_ = self._round
            texts = self._computers_play(limit=1, lines=round_["lines"])
            round_["texts"] += texts
            game = self._game
            if not game.is_over and game.to_move in self._bots:
                self._mark_last_turns()
                self._set_status(" ".join(texts), "ok")
                self._schedule()
            else:
                self._round = None
                self._after_computers(round_["player"], texts)
        except Exception as err:  # noqa: BLE001 - never a traceback, here either
            self._round = None
            self._set_status(say(self.lang, "error", error=f"{type(err).__name__}: {err}"), "error")
        self.redraw()

    def _fast_forward(self) -> None:
        """Play at once the computers' turns still to be shown."""
        self._pace_token += 1
        round_, self._round = self._round, None
        player = round_["player"] if round_ else self._game.to_move
        lines = round_["lines"] if round_ else []
        self._after_computers(player, self._computers_play(lines=lines))

    def _after_computers(self, player: int, texts: list[str]) -> None:
        self._mark_last_turns()
        if self._game.is_over:
            self._finish_text(" ".join(texts))
            return
        nxt = self._game.to_move
        if self._humans() > 1 and not self.teaching and nxt != player:
            self._revealed = False
        if self._guide is not None and self._guide.active(self._game):
            texts = texts + [self._guide.instruction(self._game, self.lang)]
        self._set_status(" ".join(texts), "ok")

    def _computers_play(self, limit: int | None = None, lines: list | None = None) -> list[str]:
        """The computers to move play (``limit`` of them at most); their turns go to the panel
        (after ``lines``, the turns already shown this round). Returns what they did, in words."""
        texts, lines = [], lines if lines is not None else []
        game = self._game
        played = 0
        while not game.is_over and game.to_move in self._bots and (limit is None or played < limit):
            played += 1
            player = game.to_move
            actions = self._bots[player].actions(game)
            done = len(game.log)
            for action in actions:
                game.act(action)
            for entry in game.log[done:]:   # a turn, then perhaps the end declared (R12c)
                texts.append(self._computer_text(player, entry))
                lines += self._computer_lines(player, entry)
        if lines:   # the panel: every computer turn since the person acted, table by table
            self._info, self._badges = tuple(lines), ()
        if game.is_over and texts:
            self._finish_text(" ".join(texts))
        return texts

    def _computer_text(self, player: int, entry) -> str:
        """What a computer player just did, in words."""
        name = self._name(player)
        if entry.turn is not None:
            return say(self.lang, "computer_turn", name=name, turn=entry.turn.text,
                       points=entry.turn.points)
        if entry.action == "draw":
            return say(self.lang, "computer_drew", name=name)
        if entry.action.startswith("down:"):
            return say(self.lang, "computer_down", name=name)
        return say(self.lang, "declared", name=name)

    def _computer_lines(self, player: int, entry) -> list[str]:
        """A computer's action for the panel: its turn card by card, table by table."""
        if entry.turn is not None:
            return [say(self.lang, "computer_head", name=self._name(player), points=entry.turn.points)] + list(
                turn_lines(entry.turn.cards, self.lang))
        return ["*" + self._entry_words(entry)]

    def _finish_text(self, before: str = "") -> None:
        self._info = result_lines(self._game, self.lang, self._kinds)
        self._reviewing = True   # the end of a game: the scoresheet becomes the review
        self._set_status((before + " " if before else "") + over_text(self._game, self.lang, self._kinds), "ok")

    # -- the last turn, marked on the board ------------------------------------------------

    def _mark_last_turns(self) -> None:
        """Mark the seats filled by the turns the computers played since a person last acted;
        when none of them placed a card, by that person's own last turn. A card is marked while
        it still sits where it was placed (a clearing takes it away, R9). The marks last until
        the game moves on (the next card placed, a draw …)."""
        log = self._game.log
        trailing, person = [], None
        for entry in reversed(log):
            if self._kinds[entry.player] == HUMAN:
                person = entry
                break
            trailing.append(entry)
        placing = [e for e in reversed(trailing) if e.turn is not None]
        if not placing and person is not None and person.turn is not None:
            placing = [person]
        cafe = self._game.cafe
        marks = {}
        for entry in placing:
            for card in entry.turn.cards:
                if cafe.guest(card.seat) == card.guest:
                    marks[card.seat] = f"{self._short(entry.player)} +{card.points}"
        self._marks = tuple(marks.items())
        self._marks_at = len(log)

    def _short(self, p: int) -> str:
        key = "short_player" if self._kinds[p] == HUMAN else "short_computer"
        return say(self.lang, key, n=p + 1)

    # -- the scoresheet and the game's history ---------------------------------------------

    def _position(self, n: int):
        """The game state after the first ``n`` actions of the log (0: the start)."""
        log = self._game.log
        return log[n].before if n < len(log) else self._game.state

    def _show_position(self, n: int) -> None:
        """Look back at the position after the ``n``-th action (read-only)."""
        if self._game is None:
            return
        total = len(self._game.log)
        n = max(0, min(n, total))
        self._selected, self._hint, self._badges, self._view_best = None, (), (), False
        if n == total and self._viewing is not None and self._viewing == total:
            self._button_live()
            return
        self._viewing = n
        if n == 0:
            self._say("history_shown_start")
            return
        entry = self._game.log[n - 1]
        self._set_status(say(self.lang, "history_shown", n=n, total=total,
                             what=self._entry_words(entry)), "")

    def _entry_words(self, entry) -> str:
        name = self._name(entry.player)
        if entry.turn is not None:
            return say(self.lang, "what_turn", name=name, turn=entry.turn.text, points=entry.turn.points)
        return say(self.lang, f"what_{entry.kind}", name=name)

    def _button_back(self) -> None:
        total = len(self._game.log)
        here = total if self._viewing is None else self._viewing
        if self._viewing is None and total:
            self._show_position(total - 1 if self._game.turn is None else total)
            return
        self._show_position(max(0, here - 1))

    def _button_forward(self) -> None:
        if self._viewing is None:
            self._say("back_live")
            return
        total = len(self._game.log)
        if self._viewing >= total:
            self._button_live()
            return
        self._show_position(self._viewing + 1)

    def _button_live(self) -> None:
        """Back to the live game (from the history, or from a sandbox tried from it)."""
        if self._stash is not None:
            for key, value in self._stash.items():
                setattr(self, key, value)
            self._stash = None
        self._viewing, self._view_best = None, False
        self._badges, self._hint = (), ()
        if self._waiting is not None:   # still the person's R12c choice to make
            self._say("may_declare", name=self._name(self._waiting))
        else:
            self._say("back_live")

    def _button_review(self) -> None:
        self._reviewing = not self._reviewing
        self._say("review_on" if self._reviewing else "review_off")

    def _button_rows_up(self) -> None:
        start, fit = self._scene.sheet_window
        self._sheet_start = max(0, start - max(1, fit - 1))

    def _button_rows_down(self) -> None:
        start, fit = self._scene.sheet_window
        n = len(self._game.log)
        self._sheet_start = None if start + 2 * fit - 1 >= n else start + max(1, fit - 1)

    def _button_try(self) -> None:
        """Open the position shown as a sandbox, with its table pile (Back to game returns)."""
        if self._viewing is None:
            return
        n = self._viewing
        stash = {key: getattr(self, key) for key in SCREEN_STATE}
        if self._view_best:   # the best turn is shown: try that turn again, with that hand
            entry = self._game.log[n - 1]
            before = entry.before
            puzzle = Puzzle(before.cafe, before.hands[entry.player], before.variant)
            self._start_puzzles([puzzle])
            self._stash = stash
            self._say("tried_turn", n=n)
            return
        self._setup(None, None, self._position(n).cafe, self._game.variant, None, fill_pile=False)
        self._stash = stash
        self._say("tried" if n else "tried_start", n=n)

    def _button_best(self) -> None:
        """In the history: light the best turn the person could have made before the turn
        shown, on the café before it."""
        n = self._viewing
        if not n:
            return
        entry = self._game.log[n - 1]
        review = self._game.review_entry(n - 1)
        if self._kinds[entry.player] != HUMAN:
            self._say("history_best_none", why=say(self.lang, "history_best_private"))
            return
        if not self._may_review(entry.player):
            self._say("history_best_none", why=say(self.lang, "history_best_hidden"))
            return
        if review.best is None:
            self._say("history_best_none", why=say(self.lang, "history_best_no_turn"))
            return
        self._view_best = True
        self._hint = _hint_labels(review.best.cards, 0)
        played = (f"{entry.turn.text} = {entry.turn.points}" if entry.turn is not None
                  else self._entry_words(entry))
        self._set_status(say(self.lang, "history_best", turn=review.best.text,
                             points=review.best.points, played=played), "ok")

    def _sheet_rows(self) -> tuple[str, ...]:
        """One row a turn, newest last; in review, the person's placing turns get the best
        turn's points (a leading ``*`` when the turn was the best)."""
        game, lang = self._game, self.lang
        rows = []
        for i, entry in enumerate(game.log):
            name = say(lang, "player" if self._kinds[entry.player] == HUMAN else "computer", n=entry.player + 1)
            if entry.turn is not None:
                row = say(lang, "row_turn", n=i + 1, name=name, turn=entry.turn.text.replace(",", ""),
                          points=entry.turn.points)
            else:
                row = say(lang, f"row_{entry.kind}", n=i + 1, name=name)
            if self._reviewing and entry.turn is not None and self._may_review(entry.player):
                best = game.review_entry(i).best
                if best is not None and best.points <= entry.turn.points:
                    row = "*" + row + say(lang, "row_best_same")
                elif best is not None:
                    row += say(lang, "row_best", points=best.points)
            rows.append(row)
        return tuple(rows)

    def _may_review(self, player: int) -> bool:
        """The best turn of a past turn is shown for a person's turns (with several people on
        one screen, only in teaching mode or once the game is over: it tells of their hands)."""
        if self._kinds[player] != HUMAN:
            return False
        return self._humans() == 1 or self.teaching or self._game.is_over

    # -- puzzles ---------------------------------------------------------------------------

    def _start_puzzles(self, items) -> None:
        self._reset_screen()
        self._mode, self._game, self._kinds, self._bots = PUZZLE, None, (), {}
        self._puzzles, self._pi, self._solved, self._shown_best = list(items), 0, set(), set()
        self._open_puzzle(0)
        self._say("puzzle_welcome")

    def _open_puzzle(self, index: int) -> None:
        p = self._puzzles[index]
        self._pi, self._puzzle, self._grade = index, p, None
        self._cafe, self._variant, self._box_pile = p.cafe, p.variant, False
        self._turn = p.cafe.begin_turn(p.variant)
        self._selected, self._hint, self._badges, self._info = None, (), (), ()

    def _button_check(self) -> None:
        if self._mode == SEATS_TASK:
            feedback = check_seats(self.cafe, self._task_guest, list(self._task_marks), self._variant, self.lang)
            self._set_status(feedback.message if feedback.right or self._answer_shown else feedback.nudge,
                             "ok" if feedback.right else "error")
            return
        grade = self._puzzle.grade(self._turn_text(), self.lang)
        self._grade = grade
        if grade.solved and self._pi not in self._shown_best:
            self._solved.add(self._pi)
        late = say(self.lang, "not_counted") if grade.solved and self._pi in self._shown_best else ""
        self._set_status(grade.message + late, "ok" if grade.solved else "error")

    def _turn_text(self) -> str:
        return ", ".join(c.text for c in self._turn.cards)

    def _button_show_best(self) -> None:
        p = self._puzzle
        self._shown_best.add(self._pi)
        self._turn = p.cafe.begin_turn(p.variant)
        self._selected, self._badges = None, ()
        self._hint = _hint_labels(p.best.cards, 0)
        self._info = (say(self.lang, "hint_head", points=p.best.points),) + turn_lines(p.best.cards, self.lang)
        self._set_status(p.solution(self.lang), "ok")

    def _button_next(self) -> None:
        nxt = self._pi + 1
        if nxt >= len(self._puzzles):
            done = len(self._solved)
            self._open_puzzle(0)
            self._say("puzzle_solved_all", solved=done, total=len(self._puzzles))
            return
        self._open_puzzle(nxt)
        self._say("puzzle_welcome")

    # -- seat tasks ------------------------------------------------------------------------

    def _task_click(self, region) -> None:
        if region.kind == "seat":
            marks = list(self._task_marks)
            if region.name in marks:
                marks.remove(region.name)
            else:
                marks.append(region.name)
            self._task_marks = tuple(sorted(marks, key=SEATS.index))
            self._say("seats_marked", seats=" ".join(self._task_marks) or "—")
        elif region.kind == "card":
            self._say("seats_card")
        elif region.kind == "table":
            self._table_info(region.name)
        elif region.kind == "button":
            getattr(self, f"_button_{region.name}")()

    def _button_answer(self) -> None:
        self._answer_shown = True
        feedback = check_seats(self.cafe, self._task_guest, list(self._task_marks), self._variant, self.lang)
        self._set_status(feedback.solution, "ok")

    def _button_clear(self) -> None:
        self._task_marks, self._answer_shown = (), False
        self._say("seats_cleared")

    # -- the view -------------------------------------------------------------------------

    def _humans(self) -> int:
        return sum(1 for k in self._kinds if k == HUMAN)

    def _name(self, p: int) -> str:
        return player_name(self._game, p, self.lang, self._kinds)

    def _turn_lines(self, turn, who: str) -> tuple[str, ...]:
        return (say(self.lang, "last_turn", name=who),) + turn_lines(turn.cards, self.lang)

    def _say(self, key: str, **facts) -> None:
        self._set_status(say(self.lang, key, **facts), "")

    def view(self) -> View:
        """The view of the screen right now."""
        if self._mode == PUZZLE:
            return self._puzzle_view()
        if self._mode == SEATS_TASK:
            return self._task_view()
        if self._game is None:
            return self._sandbox_view()
        if self._viewing is not None:
            return self._history_view()
        return self._game_view()

    def _sandbox_view(self) -> View:
        lang, turn = self.lang, self._turn
        info = self._info
        if turn.cards:
            info = (say(lang, "this_turn"),) + turn_lines(turn.cards, lang) + self._info
        guest = self._selected_guest()
        lit = tuple((s, c.points) for s, c in self._seat_scores(guest).items()) if guest else ()
        buttons = (("undo", say(lang, "undo"), bool(turn.cards)),
                   ("end", say(lang, "keep"), turn.can_end()),
                   ("hint", say(lang, "hint"), True))
        if self._stash is not None:
            buttons += (("live", say(lang, "live"), True),)
        return View(self.cafe, lang, hand=GUEST_KINDS, hand_title=say(lang, "palette"), palette=True,
                    selected=self._selected, lit=lit, badges=self._badges, refused=self._refused,
                    placed=tuple(c.seat for c in turn.cards), title=say(lang, "sandbox"), info=info,
                    piles=say(lang, "table_pile", tables=len(self.cafe.pile)),
                    hint=self._hint, buttons=buttons, status=self._status, status_kind=self._kind)

    def _puzzle_view(self) -> View:
        lang, turn, p = self.lang, self._turn, self._puzzle
        hand = self._hand()
        guest = self._selected_guest()
        # the seats light up without their points: those would give the puzzle away
        lit = tuple((s, None) for s in self._seat_scores(guest)) if guest else ()
        total = len(self._puzzles)
        if p.level is not None:
            title = (say(lang, "puzzle_title", n=self._pi + 1, total=total, level=p.level)
                     if p.number in (None, self._pi + 1) else
                     say(lang, "puzzle_numbered", number=p.number, level=p.level, n=self._pi + 1, total=total))
        else:
            title = say(lang, "puzzle_of", n=self._pi + 1, total=total) if total > 1 else say(lang, "puzzle_one")
        info = (say(lang, "puzzle_task"), say(lang, "puzzle_how"))
        if p.variant:
            info += (say(lang, "puzzle_variant"),)
        if total > 1:
            info += (say(lang, "puzzle_count", solved=len(self._solved), total=total),)
        if turn.cards:
            info += (say(lang, "this_turn"),) + turn_lines(turn.cards, lang)
        elif self._info:
            info += self._info
        buttons = (("undo", say(lang, "undo"), bool(turn.cards)),
                   ("check", say(lang, "check"), bool(turn.cards)),
                   ("show_best", say(lang, "show_best"), True))
        if total > 1:
            buttons += (("next", say(lang, "next"), True),)
        if self._stash is not None:
            buttons += (("live", say(lang, "live"), True),)
        return View(turn.cafe, lang, hand=hand, hand_title=say(lang, "puzzle_hand", count=len(hand)),
                    selected=self._selected, lit=lit, badges=self._badges, refused=self._refused,
                    placed=tuple(c.seat for c in turn.cards), title=title, info=info,
                    piles=say(lang, "table_pile", tables=len(turn.cafe.pile)), hint=self._hint,
                    buttons=buttons, status=self._status, status_kind=self._kind)

    def _task_view(self) -> View:
        lang, guest = self.lang, self._task_guest
        lit = ()
        if self._answer_shown:
            lit = tuple((s, c.points) for s, c in self._turn.seat_scores(guest).items())
        info = (say(lang, "seats_how", guest=guest), say(lang, "seats_how2"))
        if self._task_marks:
            info += (say(lang, "seats_marked", seats=" ".join(self._task_marks)),)
        buttons = (("check", say(lang, "check"), True), ("answer", say(lang, "show_answer"), True),
                   ("clear", say(lang, "clear_marks"), bool(self._task_marks)))
        return View(self.cafe, lang, hand=(guest,), hand_title=say(lang, "seats_guest", guest=guest),
                    selected=0, lit=lit, task_marks=self._task_marks,
                    title=say(lang, "seats_title", guest=guest), info=info,
                    buttons=buttons, status=self._status, status_kind=self._kind)

    def _sheet_fields(self) -> dict:
        lang = self.lang
        live = self._viewing is None
        back_ok = bool(self._game.log) and (live or self._viewing > 0)
        return dict(sheet_title=say(lang, "review_title" if self._reviewing else "scoresheet"),
                    sheet=self._sheet_rows(),
                    sheet_selected=None if live or not self._viewing else self._viewing - 1,
                    sheet_start=self._sheet_start,
                    sheet_buttons=(("review", say(lang, "scoresheet" if self._reviewing else "review"), True), ("back", "◀", back_ok),
                                   ("forward", "▶", not live)))

    def _game_view(self) -> View:
        lang = self.lang
        game = self._game
        p = self._shown_player()
        hand = game.hand(p)
        guest = self._selected_guest()
        lit = tuple((s, c.points) for s, c in game.seat_scores(guest).items()) if guest else ()
        turn = game.turn
        info = self._info
        if turn and turn.cards:
            info = (say(lang, "this_turn"),) + turn_lines(turn.cards, lang)
        if self.teaching and not game.is_over:
            info = info + tuple(say(lang, "hand_of", name=self._name(q), hand=" ".join(game.hands[q]) or "—")
                                for q in range(game.players) if q != p)
        handover = "" if self._revealed or game.is_over else say(lang, "handover", name=self._name(p))
        title_key = "all_hands" if self.teaching else "your_hand"
        declare_ok = any(self._kinds[q] == HUMAN for q in game.who_may_declare())
        waiting = self._waiting is not None
        buttons = (("undo", say(lang, "undo"), bool(turn)),
                   ("end", say(lang, "end"), bool(turn) or waiting),
                   ("draw", say(lang, "draw"), game.explain_draw() is None and not waiting),
                   ("down", say(lang, "down"), not turn and len(hand) == 12 and not game.is_over),
                   ("declare", say(lang, "declare"), declare_ok),
                   ("hint", say(lang, "hint"), not game.is_over and self._revealed
                    and self._kinds[p] == HUMAN and not waiting))
        marks = self._marks if self._marks_at == len(game.log) and turn is None else ()
        return View(game.cafe, lang, hand=hand if self._revealed or game.is_over else (),
                    hand_title=say(lang, title_key, name=self._name(p), count=len(hand)),
                    handover=handover, selected=self._selected, lit=lit, hint=self._hint,
                    badges=self._badges, marks=marks, refused=self._refused,
                    placed=tuple(c.seat for c in turn.cards) if turn else (),
                    title="Café International", players=game_lines(game, lang, self._kinds),
                    title_button=("new", say(lang, "new_game"), True),
                    piles=say(lang, "piles", guests=len(game.guest_pile), tables=len(game.table_pile)),
                    info=info, buttons=buttons, status=self._status, status_kind=self._kind,
                    **self._sheet_fields())

    def _history_view(self) -> View:
        """A past position, read-only: the café after the turn, its cards marked with their
        points and the turn's points table by table; with *Show best*, the café before it and
        the best turn lit."""
        lang, game, n = self.lang, self._game, self._viewing
        total = len(game.log)
        entry = game.log[n - 1] if n else None
        state = self._position(n - 1 if self._view_best else n)
        players = tuple(PlayerLine(self._name(q), state.scores[q], len(state.hands[q]), len(state.face_down[q]),
                                   q == state.to_move and state.over is None,
                                   say(lang, "counts", hand=len(state.hands[q]), down=len(state.face_down[q])))
                        for q in range(game.players))
        title = say(lang, "history_title", n=n, total=total) if n else say(lang, "history_start")
        info: tuple = ()
        marks, badges = (), ()
        if entry is not None:
            info = (f"*{self._entry_words(entry)}",)
            if entry.turn is not None:
                info += turn_lines(entry.turn.cards, lang)
                if not self._view_best:
                    # the turn's points summed per table, on the tables still standing (a
                    # cleared table's points are in the panel: "clears b4")
                    sums: dict = {}
                    for card in entry.turn.cards:
                        for t in card.tables:
                            if state.cafe.table(t.place) == t.nation and t.place not in card.cleared:
                                sums[t.place] = sums.get(t.place, 0) + t.points
                            elif t.place in card.cleared:
                                sums.pop(t.place, None)
                    badges = tuple((place, points) for place, points in sums.items() if points)
                    marks = tuple((c.seat, f"{self._short(entry.player)} +{c.points}")
                                  for c in entry.turn.cards if state.cafe.guest(c.seat) == c.guest)
            if self._reviewing and entry.turn is not None and self._may_review(entry.player):
                best = game.review_entry(n - 1).best
                if best is not None and best.points <= entry.turn.points:
                    info += (say(lang, "entry_best_same"),)
                elif best is not None:
                    info += (say(lang, "entry_best", points=best.points), "    " + best.text)
        buttons = (("try", say(lang, "try"), True), ("live", say(lang, "live"), True),
                   ("best", say(lang, "show_best"), entry is not None and self._may_review(entry.player)))
        return View(state.cafe, lang, hand=(), hand_title=say(lang, "history_hand"),
                    hint=self._hint if self._view_best else (), badges=badges, marks=marks,
                    title=title, players=players,
                    piles=say(lang, "piles", guests=len(state.guest_pile), tables=len(state.cafe.pile)),
                    info=info, buttons=buttons, status=self._status, status_kind=self._kind,
                    **self._sheet_fields())

    LAYERS, ZONES = LAYERS, ZONES

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
            hint = say(self.lang, "command_hint", words=" · ".join(_command_words(shown, self.lang)[1:]))
            if self._command.placeholder != hint:
                self._command.placeholder = hint


def _command_words(buttons, lang: str | None = None) -> list[str]:
    """What the command box takes now, for the buttons shown, in the widget's language (the first
    word of each)."""
    out = ["RUf@c2"]
    for key in buttons:
        if key not in WORDS_TYPED:
            continue
        word = translate(WORDS_TYPED[key], lang).split("|")[0] + (" ITm" if key == "down" else "")
        if word not in out:
            out.append(word)
    return out


def _read_word(step: str) -> tuple[str | None, str]:
    """A typed word (``"draw"``, ``"fin du tour"``) → (its action, ""); the log's spellings with
    an argument, ``"down:RUf"``, ``"down RUf"``, ``"cachée RUf"``, ``"declare:2"`` → (action,
    argument); (None, "") for anything else."""
    word = " ".join(step.lower().split())
    if word in COMMANDS:
        return COMMANDS[word], ""
    head, _, arg = word.replace(":", " ", 1).partition(" ")
    key = COMMANDS.get(head)
    if key in ("down", "declare", "draw") and arg.strip():
        if key == "draw":
            return None, ""
        return key, step.strip()[len(head) + 1:].strip()
    return None, ""


def box_pile(cafe: Cafe) -> tuple[str, ...]:
    """The table cards not on ``cafe``: the rest of the box (24 tables, R1), in a fixed shuffled
    order, so that a sandbox written without a pile still brings in new tables when a full
    table is cleared (R9), the same on every computer."""
    rest = Counter(full_table_deck()) - Counter(t for t in cafe.tables if t)
    pile = sorted(rest.elements())
    random.Random(0).shuffle(pile)
    return tuple(pile)


def _hint_labels(cards, placed: int) -> tuple[tuple[str, str], ...]:
    """(seat, "1 RUf +6"): the cards of a turn numbered in order, for the lights layer."""
    return tuple((c.seat, f"{i} {c.guest} +{c.points}") for i, c in enumerate(cards, start=placed + 1))
