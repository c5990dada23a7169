"""The board game's widget: the board scene drawn on ipycanvas, played by clicking
(BOARD_RULES.md B3–B14).

A sibling of :class:`~.widget.CafeWidget` on the same machinery: the scene comes from
``render.board_scene``, is replayed by ``draw.draw_layer`` in one message (``draw.one_message``,
which carries the ipycanvas #322 fix), a click goes through ``hit_test`` and becomes an engine
action, and every refusal is shown in the status line with its B-rule — never a traceback.
Hands are open (B3), so hot-seat play needs no hand-over screen.
"""

from __future__ import annotations

import json
import random


from ..engine import Board, BoardGame, IllegalMove, NotationError
from ..engine.board import BAR_PLACES, CHAIR_TABLES, TABLE_NATION, full_bag, sort_tiles
from ..engine.board import parse_action
from ..engine.board_game import HAND_SIZE, BoardGameState, end_reason
from ..engine.cards import TABLE_ADJECTIVES
from ..engine.errors import need_text, shorten
from ..i18n import N_, NP_, say, say_n, typed_words
from ..engine.game import SAVE_FORMAT as GAME_SAVE
from ..render.board_scene import (BOARD_LAYERS, BOARD_ZONES, HEIGHT, WIDTH, BoardView, build_board_scene,
                                  player_lines)
from ..render.board_words import (board_player_name, board_say, over_words, result_words, tile_points)
from ..render.scene import hit_test
from .widget import COMMANDS as CARD_COMMANDS
from .safety import Refused, field, read_json
from .shell import Shell

HUMAN = "human"
KINDS = ("human", "random", "greedy", "strong", "computer")
#: Words the command box takes, in every language (the card widget's: the same actions).
COMMANDS = {word: action for word, action in CARD_COMMANDS.items() if action in ("end", "undo", "hint", "new")}
# Translators: the word a student types before a tile to send it to the bar / to exchange a joker
# ("bar RUm", "swap ITf@c2"), "|" between several; the notation's own words always work too.
ACTION_WORDS = typed_words({"bar": NP_("typed", "bar"), "swap": NP_("typed", "swap")})
#: Everything an event may change: copied first, put back when the event is refused.
STATE_KEYS = ("_game", "_kinds", "_bots", "_selected", "_asking", "_swap_mode", "_hint", "_marks", "_info",
              "_status", "_kind")


class _BestActionPlayer:
    """A stand-in computer player when ``cafe_widget.board_players`` is missing: the best action."""

    def actions(self, game: BoardGame) -> list[str]:
        best = game.best_action()
        if best is None:
            return []
        if game.turn is None:
            return [best.text]
        rest = best.cards[len(game.turn.cards):]
        return [", ".join(c.text for c in rest)] if rest else ["end"]


def make_computer(kind: str, seed: int = 0):
    """A computer player of ``kind`` (``"random"``, ``"greedy"``, ``"strong"``, ``"computer"``)."""
    try:
        from ..board_players import make_board_player
    except ImportError:
        return _BestActionPlayer()
    return make_board_player(kind, seed)


def game_from_position(board: Board, players: int = 2, seed: int = 0) -> BoardGame:
    """A game that starts from ``board``: the tiles not on it shuffled by ``seed`` into the bag,
    5 each dealt from its top (B3), scores 0."""
    bag = list(full_bag())
    for tile in board.tiles():
        bag.remove(tile)
    random.Random(seed).shuffle(bag)
    hands = tuple(sort_tiles(bag[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
    rest, out = tuple(bag[players * HAND_SIZE:]), (False,) * players
    state = BoardGameState(board, rest, hands, (HAND_SIZE,) * players, (0,) * players, out, 0,
                           end_reason(board, rest, hands, out))   # a position may end the game (B13)
    game = BoardGame(state, None)
    return BoardGame.parse(game.format())   # only a position the rules can reach (B4, B13)


class BoardWidget(Shell):
    """The board game in a notebook: click a tile of the hand, then a lit chair.

    ``BoardWidget(players=["human", "greedy"])`` plays a new game against the computer;
    ``BoardWidget(game=BoardGame.new(players=3, seed=1), players=["human", "human", "strong"])``
    plays a given game, 2–4 players, any mix of people (``"human"``) and computers
    (``"random"``, ``"greedy"``, ``"strong"``, ``"computer"``). It speaks the package's
    language (``cafe_widget.language``) or its own ``lang=``.
    A joker on a chair between two nations asks which nation (click a lit table or a button);
    *Bar* sends the chosen tile to the bar (B9); *Swap* exchanges it for a seated joker (B10);
    *Undo* takes back a tile of the turn; *Hint* lights the best action.
    """

    def __init__(self, game: BoardGame | None = None, players=None, lang: str | None = None, *,
                 seed: int | None = None):
        self._init_shell(lang, WIDTH, HEIGHT)
        self._label_boxes()
        self._setup(game, players, seed)
        self.redraw()

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
        n = len(players) if players else 2
        return cls(game=game_from_position(Board.parse(text), n), players=players or [HUMAN] * n, **options)

    def _setup(self, game, players, seed) -> None:
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
        self._game = game
        self._kinds = tuple(players)
        self._bots = {p: make_computer(k, p) for p, k in enumerate(players) if k != HUMAN}
        self._reset()
        texts = self._computers_play()
        if game.is_over:
            self._finish(" ".join(texts))
        else:
            self._set_status(" ".join(texts + [board_say(self.lang, "welcome", name=self._name(game.to_move))]), "")

    def _reset(self) -> None:
        self._selected: tuple[int, int] | None = None
        self._asking: tuple[str, str] | None = None     # (joker, chair) awaiting its nation
        self._swap_mode = False
        self._hint: tuple = ()
        self._marks: tuple = ()
        self._info: tuple = ()
        self._status, self._kind = "", ""

    # -- what tests and notebooks read ---------------------------------------------------------

    @property
    def game(self) -> BoardGame:
        return self._game

    @property
    def board(self) -> Board:
        """The board as drawn (the tiles of the turn in progress included)."""
        return self._game.board

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

    @property
    def mode(self) -> str:
        """The screen shown: ``"play"`` (the board widget has one screen for now)."""
        return "play"

    def save(self) -> str:
        """The game as JSON text to keep and :meth:`load` again: ``BoardGame.to_json`` (the seed,
        the start, every action, the turn in progress) with the players."""
        data = json.loads(self._game.to_json())
        data["widget"] = {"players": list(self._kinds)}
        return json.dumps(data, indent=1)

    def _load(self, text) -> None:
        data = read_json(text)
        text = text.strip()
        kinds = list(self._kinds)
        if data is not None:
            if data.get("format") == GAME_SAVE or data.get("game") == "card":
                raise Refused(board_say(self.lang, "save_other_game"))
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
        self._setup(game, kinds, None)
        key = "loaded_by_hand" if game.seed is None else "loaded_what"
        self._status = board_say(self.lang, key, what=game.board.format()) + " " + self._status

    def __repr__(self) -> str:
        return f"<BoardWidget {self._game.players} players: {self._game.board.format()}>"

    # -- events -----------------------------------------------------------------------------

    STATE_KEYS = STATE_KEYS

    def _unexpected(self) -> str:
        return board_say(self.lang, "error", error="{error}")

    def _click(self, x: float, y: float) -> None:
        region = hit_test(self._scene, x, y)
        if region is None:
            return
        self._hint = ()
        if self._answered_first("new" if region.kind == "button" and region.name == "new" else None):
            return
        if region.kind == "button" and region.name.startswith("declare:"):
            self._declare(region.name.split(":", 1)[1])
        elif region.kind == "button":
            getattr(self, f"_button_{region.name}")()
        elif region.kind == "tile":
            self._select(*divmod(region.index, 100))
        elif region.kind == "chair":
            self._chair(region.name)
        elif region.kind == "table":
            self._table(region.name)
        elif region.kind == "bar":
            self._button_bar()

    # -- playing --------------------------------------------------------------------------

    def _name(self, p: int) -> str:
        return board_player_name(p, self.lang, self._kinds)

    def _selected_tile(self) -> str | None:
        if self._selected is None:
            return None
        p, i = self._selected
        hand = self._game.hand(p)
        if p != self._game.to_move or i >= len(hand):
            self._selected = None
            return None
        return hand[i]

    def _turn_state(self):
        game = self._game
        return game.turn if game.turn else game.board.begin_turn(game.hand())

    def _lit(self, tile: str) -> tuple[dict, str | None, tuple[str, ...]]:
        """Where ``tile`` may go now: {chair: most points}, the bar place if the bar may take it,
        the seated jokers it may take (B10) — all asked of the engine."""
        game = self._game
        state = self._turn_state()
        chairs: dict[str, int] = {}
        for placement in game.legal_placements():
            seated, chair = placement.split("@")
            held = "*" + seated[2] if seated.endswith("*") else seated
            if held == tile:
                points = state.place(placement).cards[-1].points
                chairs[chair] = max(points, chairs.get(chair, points))
        bar = None
        if game.turn is None and len(game.board.bar) < BAR_PLACES and game.explain_bar(tile) is None:
            bar = f"bar{len(game.board.bar) + 1}"
        swaps = tuple(s.split("@")[1] for s in game.legal_swaps() if s.split()[1].split("@")[0] == tile)
        return chairs, bar, swaps

    def _select(self, p: int, i: int) -> None:
        game = self._game
        self._asking = None
        if p != game.to_move:
            tile = game.hand(p)[i]
            self._set_status(board_say(self.lang, "not_yours", owner=self._name(p), name=self._name(game.to_move))
                             + f" ({tile})", "error")
            return
        if self._selected == (p, i):
            self._selected, self._swap_mode = None, False
            self._set_status(board_say(self.lang, "to_move", name=self._name(p)), "")
            return
        self._selected = (p, i)
        tile = game.hand(p)[i]
        chairs, bar, swaps = self._lit(tile)
        lang = self.lang
        if chairs:
            best = sorted(chairs.items(), key=lambda kv: -kv[1])
            top = [f"{c} (+{pts})" for c, pts in best if pts == best[0][1]][:4]
            text = board_say(lang, "select_joker" if tile[0] == "*" else "select", tile=tile,
                             chairs=self._chairs_summary(len(chairs), top))
        else:
            text = board_say(lang, "select_none", tile=tile)
        if swaps:
            text += board_say(lang, "select_swap", chairs=", ".join(swaps))
        self._set_status(text, "")

    def _chairs_summary(self, n: int, top: list[str]) -> str:
        return say_n("{n} lit chair, the most on {chairs}", "{n} lit chairs, the most on {chairs}", n,
                     self.lang, chairs=", ".join(top))

    def _chair(self, chair: str) -> None:
        game = self._game
        if self._asking is not None:
            self._asking = None
        tile = self._selected_tile()
        if tile is None:
            self._set_status(board_say(self.lang, "pick_first"), "")
            return
        seated = game.board.tile(chair)
        if seated is not None and (self._swap_mode or (seated.endswith("*") and tile[0] != "*")):
            self._swap(tile, chair)
            return
        if self._swap_mode:
            self._swap(tile, chair)   # the engine says why not (B10)
            return
        if tile[0] == "*" and seated is None:
            nations = tuple(dict.fromkeys(TABLE_NATION[t] for t in CHAIR_TABLES[chair]))
            if len(nations) > 1:
                legal = [n for n in nations if game.explain_place(f"{n}{tile[1]}*@{chair}") is None]
                if len(legal) == 2:
                    self._asking = (tile, chair)
                    tables = " / ".join(f"{t} {TABLE_NATION[t]}" for t in CHAIR_TABLES[chair])
                    self._set_status(board_say(self.lang, "which_nation", tile=tile, chair=chair, tables=tables), "")
                    return
                self._place(f"{(legal or nations)[0]}{tile[1]}*@{chair}")
                return
        self._place(f"{tile}@{chair}")

    def _place(self, placement: str) -> None:
        game = self._game
        card = game.place(placement)
        self._selected, self._swap_mode, self._asking = None, False, None
        lang = self.lang
        text = board_say(lang, "seated", placement=card.text, tables=tile_points(card, lang), points=card.points)
        turn = game.turn
        if turn is not None and turn.pending:
            text += board_say(lang, "seated_alone")
        elif turn is not None and len(turn.cards) >= 2:
            text += board_say(lang, "seated_end")
        else:
            text += board_say(lang, "seated_more")
        self._set_status(text, "ok")

    def _joker_choices(self) -> dict[str, tuple[str, int]]:
        """While a joker awaits its nation: {nation: (table, points)} for its chair's tables."""
        if self._asking is None:
            return {}
        tile, chair = self._asking
        state = self._turn_state()
        found = {}
        for table in CHAIR_TABLES[chair]:
            nation = TABLE_NATION[table]
            found[nation] = (table, state.place(f"{nation}{tile[1]}*@{chair}").cards[-1].points)
        return found

    def _declare(self, nation: str) -> None:
        if self._asking is None:
            return
        tile, chair = self._asking
        self._asking = None
        self._place(f"{nation}{tile[1]}*@{chair}")

    def _table(self, table: str) -> None:
        if self._asking is not None and table in CHAIR_TABLES[self._asking[1]]:
            self._declare(TABLE_NATION[table])
            return
        self._asking = None
        guests = " ".join(self._game.board.guests_at(table)) or "—"
        adjective = TABLE_ADJECTIVES[self.lang][TABLE_NATION[table]]
        text = say("{adjective} table {place}: {guests}", self.lang, adjective=adjective, place=table,
                   guests=guests)
        self._set_status(text[:1].upper() + text[1:], "")

    def _swap(self, tile: str, chair: str) -> None:
        game = self._game
        player = game.to_move
        turn = game.swap(tile, chair)
        self._done(player, turn, board_say(self.lang, "swap_done", name=self._name(player), tile=turn.tile,
                                           chair=turn.chair))

    def _button_bar(self) -> None:
        tile = self._selected_tile()
        if tile is None:
            self._set_status(board_say(self.lang, "pick_first_bar"), "")
            return
        game = self._game
        player = game.to_move
        turn = game.bar(tile)
        entry = game.log[-1]
        text = board_say(self.lang, "bar_done", name=self._name(player), tile=tile, place=turn.bar_place,
                         points=entry.points)
        if entry.went_out:
            text += board_say(self.lang, "bar_out", name=self._name(player))
        self._done(player, turn, text)

    def _button_swap(self) -> None:
        tile = self._selected_tile()
        if tile is None:
            self._set_status(board_say(self.lang, "pick_first_swap"), "")
            return
        _, _, swaps = self._lit(tile)
        if not swaps:
            game = self._game
            if game.turn is not None:   # a tile is seated already: one action a turn (B4)
                raise IllegalMove.because("B4", "board_placed_already", game.board, move=f"swap {tile}",
                                          count=len(game.turn.cards))
            self._set_status(board_say(self.lang, "swap_none", tile=tile), "error")
            return
        self._swap_mode = True
        self._set_status(board_say(self.lang, "swap_how", tile=tile), "")

    def _button_undo(self) -> None:
        game = self._game
        chosen = None
        if self._selected is not None and self._selected[1] < len(game.hand(self._selected[0])):
            chosen = (self._selected[0], game.hand(self._selected[0])[self._selected[1]])
        self._selected, self._asking, self._swap_mode = None, None, False
        placement = game.undo()
        if chosen is not None and chosen[1] in game.hand(chosen[0]):   # the same tile stays chosen
            self._selected = (chosen[0], game.hand(chosen[0]).index(chosen[1]))
        self._set_status(board_say(self.lang, "undone", placement=placement), "")

    def _button_end(self) -> None:
        game = self._game
        player = game.to_move
        self._asking = None
        turn = game.end_turn()
        self._done(player, turn, board_say(self.lang, "ended", name=self._name(player), action=turn.text,
                                           points=turn.points))

    def _button_hint(self) -> None:
        game = self._game
        best = game.best_action()
        lang = self.lang
        self._selected, self._asking, self._swap_mode = None, None, False   # the hint alone is lit
        if best is None:
            self._set_status(board_say(lang, "hint_none"), "")
            return
        if best.kind == "seat":
            self._hint = tuple((c.chair, f"{i} +{c.points}") for i, c in enumerate(best.cards, start=1))
            self._set_status(board_say(lang, "hint_seat", action=best.text, points=best.points), "ok")
        elif best.kind == "bar":
            self._hint = ((f"bar{best.bar_place}", "✓"),)
            self._set_status(board_say(lang, "hint_bar", action=best.text, place=best.bar_place,
                                       points=best.points), "ok")
        else:
            self._hint = ((best.chair, "⇄"),)
            self._set_status(board_say(lang, "hint_swap", action=best.text), "ok")

    def _button_new(self) -> None:
        game = self._game
        if not game.is_over and (game.log or game.turn) and self._asked != "new":
            self._confirm = "new"   # a game in progress (a tile seated this turn included): ask first
            self._set_status(board_say(self.lang, "new_confirm"), "")
            return
        seed = game.seed + 1 if isinstance(game.seed, int) else random.SystemRandom().randrange(2**32)
        self._setup(BoardGame.new(players=game.players, seed=seed), list(self._kinds), None)
        self._status = board_say(self.lang, "new_started", seed=seed) + " " + self._status

    def _done(self, player: int, turn, text: str) -> None:
        """After a person's finished action: marks, the computers' turns, the status."""
        self._selected, self._swap_mode, self._asking = None, False, None
        self._marks = self._marks_of(turn)
        self._info = self._turn_info(player, turn)
        texts = [text] + self._computers_play()
        if self._game.is_over:
            self._finish(" ".join(texts))
            return
        texts.append(board_say(self.lang, "to_move", name=self._name(self._game.to_move)))
        self._set_status(" ".join(texts), "ok")

    def _marks_of(self, turn) -> tuple[str, ...]:
        if turn.kind == "seat":
            return tuple(c.chair for c in turn.cards)
        if turn.kind == "bar":
            return (f"bar{turn.bar_place}",)
        return (turn.chair,)

    def _turn_info(self, player: int, turn) -> tuple[str, ...]:
        lines = [board_say(self.lang, "last", name=self._name(player))]
        if turn.kind == "seat":
            for card in turn.cards:
                lines.append(f"{card.text} = {card.points}")
                for i in range(0, len(card.tables), 2):
                    lines.append("    " + ", ".join(
                        tile_points(type(card)(card.tile, card.chair, card.tables[i:i + 2]), self.lang).split(", ")))
        else:
            lines.append(f"{turn.text}: {self._game.log[-1].points:+d}" if turn.kind == "bar" else turn.text)
        return tuple(lines)

    def _computers_play(self) -> list[str]:
        """The computers to move play, one whole turn each, until a person is to move."""
        game, texts = self._game, []
        guard = 0
        while not game.is_over and game.to_move in self._bots and guard < 500:
            guard += 1
            player = game.to_move
            done = len(game.log)
            for action in self._bots[player].actions(game):
                game.act(action)
            if len(game.log) == done:   # a player that did nothing: never loop for ever
                raise RuntimeError(f"computer player {player + 1} made no move")
            entry = game.log[-1]
            texts.append(board_say(self.lang, "computer_did", name=self._name(player), action=entry.action,
                                   points=entry.points))
            self._marks = self._marks_of(entry.turn)
            self._info = self._turn_info(player, entry.turn)
        return texts

    def _finish(self, before: str) -> None:
        game = self._game
        self._info = result_words(game, self.lang, self._kinds)
        self._selected = None
        self._set_status((before + " " if before else "") + over_words(game, self.lang, self._kinds), "ok")

    def _answered_first(self, key: str | None) -> bool:
        """New game answers at any time; over a game that is over, anything else shows the
        result. True when the action was taken here."""
        if key == "new":
            self._button_new()
            return True
        if self._game.is_over:
            self._finish("")
            return True
        return False

    def _command_line(self, text) -> None:
        text = need_text(text, "command", "an action such as CFf@a2, bar RUm, swap ITf@c2, end or hint")
        self._hint = ()
        for step in [s.strip() for s in text.split(";") if s.strip()]:
            self._command_step(step)

    def _command_step(self, step: str) -> None:
        """One step of a typed line, on the game as the steps before left it (a New game
        included); a refusal raises, and the whole line is taken back."""
        key = COMMANDS.get(" ".join(step.lower().split()))
        if self._answered_first(key):
            return
        game = self._game
        if key is not None:
            getattr(self, f"_button_{key}")()
            return
        head = step.split(None, 1)[0].lower()
        if head not in ACTION_WORDS and "@" not in step:
            raise Refused(board_say(self.lang, "command_unknown", text=shorten(step)))
        if head in ACTION_WORDS:
            step = ACTION_WORDS[head] + step.strip()[len(head):]
        action = parse_action(step)   # NotationError naming the token: "swap ITf" has no chair
        if action[0] == "bar":
            hand = game.hand()
            if action[1] in hand:
                self._selected = (game.to_move, hand.index(action[1]))
            player = game.to_move
            turn = game.bar(action[1])
            self._done(player, turn, board_say(self.lang, "bar_done", name=self._name(player), tile=action[1],
                                               place=turn.bar_place, points=game.log[-1].points))
        elif action[0] == "swap":
            self._swap(action[1], action[2])
        else:
            for tile, chair in action[1]:
                self._place(f"{tile}@{chair}")

    # -- the view -------------------------------------------------------------------------

    def view(self) -> BoardView:
        """The view of the screen right now."""
        game, lang = self._game, self.lang
        tile = self._selected_tile()
        lit: tuple = ()
        swaps: tuple = ()
        if tile is not None and self._asking is None:
            chairs, bar, swaps = self._lit(tile)
            lit = tuple(chairs.items()) + (((bar, game.board.next_bar_value),) if bar else ())
        choices = self._joker_choices()
        turn = game.turn
        over = game.is_over
        human = not over and self._kinds[game.to_move] == HUMAN
        info = self._info
        if turn is not None and turn.cards:
            info = (board_say(lang, "this_turn"),) + tuple(f"{c.text} = {c.points}" for c in turn.cards) + info
        buttons = (("end", board_say(lang, "end"), human and bool(turn) and turn.can_end()),
                   ("undo", board_say(lang, "undo"), human and bool(turn)),
                   ("bar", board_say(lang, "bar_button"), human and tile is not None and turn is None),
                   ("swap", board_say(lang, "swap"), human and tile is not None and turn is None),
                   ("hint", board_say(lang, "hint"), human),
                   ("new", board_say(lang, "new"), True))
        return BoardView(
            game.board, lang, players=player_lines(game, lang, self._kinds), bag=len(game.bag),
            selected=self._selected if tile is not None else None, lit=lit,
            lit_tables=tuple((t, pts) for t, pts in choices.values()),
            swaps=swaps, hint=self._hint, placed=tuple(c.chair for c in turn.cards) if turn else (),
            marks=self._marks if turn is None else (), asking=self._asking[1] if self._asking else "",
            info=info, buttons=buttons,
            choices=tuple((f"declare:{n}", f"{n} +{pts}", True) for n, (_, pts) in choices.items()),
            status=self._status, status_kind=self._kind)

    def _label_boxes(self) -> None:
        self._command.placeholder = board_say(self.lang, "command_placeholder")
        self._command_button.description = board_say(self.lang, "command_button")

    LAYERS, ZONES = BOARD_LAYERS, BOARD_ZONES

    def _build_scene(self, view):
        return build_board_scene(view)
