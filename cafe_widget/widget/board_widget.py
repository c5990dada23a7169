"""The board game's widget: the board scene drawn on ipycanvas, played by clicking
(docs/BOARD_RULES.md B3–B14).

A sibling of :class:`~.widget.CafeWidget` on the same machinery: the scene comes from
``render.board_scene``, is replayed by ``draw.draw_layer`` in one message (``draw.one_message``,
which carries the ipycanvas #322 fix), a click goes through ``hit_test`` and becomes an engine
action, and every refusal is shown in the status line with its B-rule — never a traceback.
Hands are open (B3), so hot-seat play needs no hand-over screen.

The widget is the shell both games share (``shell.py``) with the board's play screen
(``board_play.py``: tiles, chairs, the joker's nation, the bar, the exchange, the buttons, the
computers, the command box); ``board_base.py`` holds its players and words.
"""

from __future__ import annotations

import json


from ..engine import Board, BoardGame, NotationError
from ..engine.errors import need_text
from ..i18n import N_
from ..engine.game import SAVE_FORMAT as GAME_SAVE
from ..render.board_scene import (BOARD_LAYERS, BOARD_ZONES, HEIGHT, WIDTH, BoardView, build_board_scene,
                                  player_lines)
from ..render.board_words import board_say
from ..render.words import phrase
from ..render.scene import hit_test
from .safety import Refused, field, read_json
from .shell import SCREEN, Shell
# the names tests and notebooks read here, as before the split
from .board_base import (ACTION_WORDS, COMMANDS, HUMAN, KINDS,  # noqa: F401
                         game_from_position, make_computer)
from .board_history import HISTORY, HISTORY_KEYS, BoardHistory
from .board_play import BoardPlay
from .board_puzzle import PUZZLE, BoardPuzzleMode, BoardPuzzleScreen
from .board_sandbox import SANDBOX, BoardSandboxMode, BoardSandboxScreen
from .modes import Mode, modes, press
from .reading import BoardReading
from .state import BoardState


class BoardPlayMode(Mode):
    """The live board game (``w.mode == "play"``): every hand open (B3), the bar, the buttons."""

    name = "play"

    def view(self, w) -> BoardView:
        game, lang = w.state.game, w.lang
        tile = w.selected_tile()
        lit: tuple = ()
        swaps: tuple = ()
        if tile is not None and w.state.asking is None:
            chairs, bar, swaps = w.lit(tile)
            lit = tuple(chairs.items()) + (((bar, game.board.next_bar_value),) if bar else ())
        choices = w.joker_choices()
        turn = game.turn
        over = game.is_over
        human = not over and w.state.kinds[game.to_move] == HUMAN and not w.not_yours()   # at a table: its own turn
        info = w.state.info
        if turn is not None and turn.cards:
            info = (board_say("this_turn", lang),) + tuple(f"{c.text} = {c.points}" for c in turn.cards) + info
        buttons = (("end", board_say("end", lang), human and bool(turn) and turn.can_end()),
                   ("undo", board_say("undo", lang), human and bool(turn)),
                   ("bar", board_say("bar_button", lang), human and tile is not None and turn is None),
                   ("swap", board_say("swap", lang), human and tile is not None and turn is None),
                   ("hint", board_say("hint", lang), human),
                   ("new", board_say("new", lang), True))
        if w.state.stash is not None:   # a game tried from a past position: the game waits
            buttons += (("live", phrase("live", lang), True),)
        return BoardView(
            game.board, lang, players=player_lines(game, lang, w.state.kinds), bag=len(game.bag),
            selected=w.state.selected if tile is not None else None, lit=lit,
            lit_tables=tuple((t, pts) for t, pts in choices.values()),
            swaps=swaps, hint=w.state.hint, placed=tuple(c.chair for c in turn.cards) if turn else (),
            marks=w.state.marks if turn is None else (), asking=w.state.asking[1] if w.state.asking else "",
            info=info, buttons=buttons, nav=w.nav(),
            choices=tuple((f"declare:{n}", f"{n} +{pts}", True) for n, (_, pts) in choices.items()),
            status=w.state.status, status_kind=w.state.kind)

    def click(self, w, region) -> None:
        """A tile, a chair, a table, the bar or a button of the live game (New game at any
        time; over a game that is over, anything else shows the result)."""
        if w.state.round is not None:   # the computers' actions come first: shown at once
            w.fast_forward()
            return
        new = region.kind == "button" and region.name == "new"
        why = w.not_yours()
        if why and not (new and w.where() == SCREEN) and not (region.kind == "button" and region.name in HISTORY_KEYS
                                                              and not new):
            game = w.state.game
            if not game.is_over and game.to_move in w.state.bots and w.where() != SCREEN:
                w.table_link.computers_due()   # a computer to move and nobody showing its turn: it plays now
                return
            raise Refused(why)   # at a table, another player's turn (the screen may start a new game)
        if w.answered_first("new" if new else None):
            return
        if region.kind == "button" and region.name.startswith("declare:"):
            w.declare(region.name.split(":", 1)[1])
        elif region.kind == "button":
            press(w, region.name)
        elif region.kind == "tile":
            w.select(*divmod(region.index, 100))
        elif region.kind == "chair":
            w.choose_chair(region.name)
        elif region.kind == "table":
            w.choose_table(region.name)
        elif region.kind == "bar":
            press(w, "bar")

    def save(self, w) -> dict:
        return w.game_save()


class BoardWidget(Shell, BoardPlay, BoardHistory, BoardPuzzleScreen, BoardSandboxScreen, BoardReading):
    """The board game in a notebook: click a tile of the hand, then a lit chair.

    ``BoardWidget(players=["human", "greedy"])`` plays a new game against the computer;
    ``BoardWidget(game=BoardGame.new(players=3, seed=1), players=["human", "human", "strong"])``
    plays a given game, 2–4 players, any mix of people (``"human"``) and computers
    (``"random"``, ``"greedy"``, ``"steady"``, ``"strong"``, ``"computer"``: the card game's
    names). It speaks the package's
    language (``cafe_widget.language``) or its own ``lang=``.
    A joker on a chair between two nations asks which nation (click a lit table or a button);
    *Bar* sends the chosen tile to the bar (B9); *Swap* exchanges it for a seated joker (B10);
    *Undo* takes back a tile of the turn; *Hint* lights the best action.
    """

    #: The screens, each a mode (``w.mode`` names the one shown).
    MODES = modes(BoardPlayMode(), HISTORY, BoardPuzzleMode(), BoardSandboxMode())

    def __init__(self, game: BoardGame | None = None, players=None, lang: str | None = None, *,
                 seed: int | None = None, pace: float = 0.9):
        #: Everything an event may change, named (:class:`~cafe_widget.widget.state.BoardState`).
        self.state = BoardState()
        #: Seconds between the computers' actions after a student's own click or typed line, so
        #: that each is seen (as in CafeWidget); 0 plays them at once. From code: always at once.
        self.pace = pace
        self._pace_token, self.state.round = 0, None
        self._init_shell(lang, WIDTH, HEIGHT)
        self._label_boxes()
        self.state.puzzles, self.state.pi, self.state.solved, self.state.shown = None, 0, (), False   # the puzzle screen's
        self.state.guide = None                 # the guided first game's steps (``guided``)
        self.state.sandbox = False              # the sandbox screen (``from_notation`` of a position)
        self.setup(game, players, seed)
        self.redraw()

    @classmethod
    def guided(cls, lang: str | None = None, seed: int | None = None) -> "BoardWidget":
        """A guided first board game against the computer: each of the first four actions says
        what to look for (a pair, the bar, a shared chair, a joker) and is checked — a weaker
        one is refused with the reason; then the game goes on (``board_guide``)."""
        from ..teach.board_guide import GUIDE_SEED, OPPONENT, BoardGuide, guided_board_game
        w = cls(game=guided_board_game(GUIDE_SEED if seed is None else seed), players=["human", OPPONENT],
                lang=lang)
        w.state.guide = BoardGuide()
        w.set_status(w.status + " " + w.state.guide.instruction(w.state.game, w.lang), "ok")
        w.redraw()
        return w

    @classmethod
    def puzzle(cls, level: int = 1, lang: str | None = None) -> "BoardWidget":
        """The puzzle screen: "find the best action" through the 12 board puzzles of ``level``
        (1, 2 or 3; ``board_practice.board_puzzles``), graded on the try-again ladder."""
        from ..teach.board_practice import board_puzzles
        puzzles = board_puzzles(level)      # ValueError for a level that is not 1, 2 or 3
        w = cls(game=BoardGame.new(players=2, seed=0), players=["human", "human"], lang=lang)
        w.state.puzzles, w.state.solved = tuple(puzzles), ()
        w._start_puzzle(0)
        w.redraw()
        return w

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def from_notation(cls, text: str, players=None, **options) -> "BoardWidget":
        """A game notation opens that game; a position (``"a2:CFf b1:CFm | -"``) opens a game
        from that position (the other tiles shuffled into the bag, seed 0); a save
        (``w.save()``, ``BoardGame.to_json()``) opens that game."""
        text = need_text(text, "notation", "a board game notation, a position, or a save")
        if read_json(text) is not None:
            n = len(players) if players else 2   # a fixed deal (no randomness) before the load
            w = cls(game=BoardGame.new(n, seed=0), players=players, **options)
            w._load(text)
            w.redraw()
            return w
        if len(text.split("|")) > 2:
            return cls(game=BoardGame.parse(text), players=players, **options)
        board = Board.parse(text)
        if players is None:   # a bare position: the sandbox, every tile to try on it
            w = cls(game=game_from_position(board, 2), players=[HUMAN, HUMAN], **options)
            w._start_sandbox(board)
            w.redraw()
            return w
        return cls(game=game_from_position(board, len(players)), players=players, **options)

    def setup(self, game, players, seed) -> None:
        if game is None:
            game = BoardGame.new(players=len(players) if players else 2, seed=seed)
        if players is None:
            players = [HUMAN] + ["computer"] * (game.players - 1)
        players = list(players)
        if len(players) != game.players:
            raise ValueError(f"players: {len(players)} kinds for a game of {game.players} players")
        for kind in players:
            if kind not in KINDS:
                raise ValueError(f"players: {kind!r} is not one of {', '.join(KINDS)}")
        self.state.game = game
        self.state.kinds = tuple(players)
        self.state.bots = {p: make_computer(k, p) for p, k in enumerate(players) if k != HUMAN}
        self._reset()
        texts = self._computers_play()
        if game.is_over:
            self._finish(" ".join(texts))
        else:
            self.set_status(" ".join(texts + [board_say("welcome", self.lang, name=self.player_name(game.to_move))]), "")

    def _reset(self) -> None:
        self.state.selected = None
        self.state.asking = None     # (joker, chair) awaiting its nation
        self.state.swap_mode = False
        self.state.hint = ()
        self.state.marks = ()
        self.state.info = ()
        self.state.status, self.state.kind = "", ""
        self.state.round = None                 # the computers' actions being shown one after another
        self.state.viewing = None   # the position looked back at (0 … len(log)), or None
        self.state.stash = None    # the game, while one tried from a past position is played

    # -- what tests and notebooks read ---------------------------------------------------------

    @property
    def game(self) -> BoardGame:
        return self.state.game

    @property
    def board(self) -> Board:
        """The board as drawn (the tiles of the turn in progress included)."""
        return self.state.game.board

    def locate(self, name: str) -> tuple[float, float]:
        """Canvas-pixel centre of a chair or table (``"c2"``), a bar place (``"bar3"``), a tile
        of the hand of the player to move (``"ITf"``, ``"*f"``) or of another (``"2:ITf"``), a
        button (``"end"``, ``"undo"``, ``"bar"``, ``"swap"``, ``"hint"``, ``"new"``,
        ``"declare:IT"``)."""
        return self._scene.locate(name)

    def command(self, text: str) -> None:
        """An action typed in notation: ``CFf@a2, CFm@b1``, ``ITf*@c2``, ``bar RUm``,
        ``swap ITf@c2``, ``end``, ``undo``, ``hint``, ``new`` (French words too)."""
        self._guarded(self._command_line, text)

    def current_mode(self) -> Mode:
        """The screen shown: ``"play"``, or ``"history"`` while looking back (◀ ▶, read-only;
        *Try from here* plays on from there)."""
        if self.state.viewing is not None:
            return self.MODES["history"]
        return self.MODES[PUZZLE if self.state.puzzles else SANDBOX if self.state.sandbox else "play"]

    @property
    def scoresheet(self) -> tuple[str, ...]:
        """The game's actions as plain text, one a row, oldest first: ``"3. Player 1 played
        CFf@a2, CFm@b1: 4 points."`` (the board game's scoresheet; ``game.review()`` adds the
        best action of each)."""
        return tuple(f"{i}. " + phrase("what_turn", self.lang, name=self.player_name(e.player), turn=e.action, points=e.points,
                                       count=e.points)
                     for i, e in enumerate(self.state.game.log, 1))

    @property
    def viewing(self) -> int | None:
        """The position looked back at (after that many actions; 0: the start), or None."""
        return self.state.viewing

    def save(self) -> str:
        """The game as JSON text to keep and :meth:`load` again: ``BoardGame.to_json`` (the seed,
        the start, every action, the turn in progress) with the players."""
        return json.dumps(self.current_mode().save(self), indent=1)

    def game_save(self) -> dict:
        data = json.loads(self.state.game.to_json())
        data["widget"] = {"players": list(self.state.kinds)}
        return data

    def _load(self, text) -> None:
        self._seat_may_not_load()
        data = read_json(text)
        text = text.strip()
        kinds = list(self.state.kinds)
        if data is not None:
            if data.get("format") == GAME_SAVE or data.get("game") == "card":
                raise Refused(board_say("save_other_game", self.lang))
            game = BoardGame.from_json(text)
            widget = data.get("widget")
            if widget is not None:
                players = field(widget, "players", list, N_("must list {players} players"),
                                players=game.players) if isinstance(widget, dict) else None
                if players is None or len(players) != game.players or not all(k in KINDS for k in players):
                    raise NotationError("json", "players", N_("must list {players} players, each one of {kinds}"),
                                        players=game.players, kinds=", ".join(KINDS))
                kinds = players
        elif len(text.split("|")) > 2:
            game = BoardGame.parse(text)
        else:
            game = game_from_position(Board.parse(text), len(kinds))
        if len(kinds) != game.players:
            kinds = [HUMAN] + ["computer"] * (game.players - 1)
        self.setup(game, kinds, None)
        key = "loaded_by_hand" if game.seed is None else "loaded_what"
        self.state.status = board_say(key, self.lang, what=game.board.format()) + " " + self.state.status

    def __repr__(self) -> str:
        return f"<BoardWidget {self.state.game.players} players: {self.state.game.board.format()}>"

    # -- events -----------------------------------------------------------------------------

    #: At a table, what every seat shows as the one that acted left it (the game aside).
    SHARED_KEYS = ("info", "marks")
    FRESH = {"viewing": None, "selected": None, "asking": None, "swap_mode": False, "hint": ()}

    def _unexpected(self) -> str:
        return board_say("error", self.lang, error="{error}")

    def _click(self, x: float, y: float) -> None:
        region = hit_test(self._scene, x, y)
        if region is None:
            return
        self.state.hint = ()
        self.current_mode().click(self, region)

    # -- the view -------------------------------------------------------------------------

    def _label_boxes(self) -> None:
        self._command.placeholder = board_say("command_placeholder", self.lang)
        self._command_button.description = board_say("command_button", self.lang)

    LAYERS, ZONES = BOARD_LAYERS, BOARD_ZONES

    def _build_scene(self, view):
        return build_board_scene(view)
