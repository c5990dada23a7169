"""Playing on :class:`~cafe_widget.BoardWidget`: a tile chosen and its chairs lit, a chair or a
table clicked (the joker's nation asked), the bar, the joker exchange, the buttons of a turn, the
computers' turns, the end (B13, B14), and a line typed in the command box."""

from __future__ import annotations

import random


from ..engine import BoardGame, IllegalMove
from ..engine.board import BAR_PLACES, CHAIR_TABLES, TABLE_NATION, parse_action
from ..engine.cards import TABLE_ADJECTIVES
from ..engine.errors import move_text, shorten
from ..i18n import say, say_n
from ..render.words import phrase
from ..render.board_words import board_player_name, board_say, over_words, result_words, tile_points
from .safety import Refused
from .board_base import ACTION_WORDS, COMMANDS
from .board_history import HISTORY_KEYS
from .shell import SCREEN


class BoardPlay:
    """The board game's play screen, mixed into BoardWidget."""

    def player_name(self, p: int) -> str:
        return board_player_name(p, self.lang, self.state.kinds)

    def mover(self) -> int:
        return self.state.game.to_move

    def seated(self) -> None:
        """Every hand is open on the board (B3): a seat or the screen shows them all."""

    def selected_tile(self) -> str | None:
        if self.state.selected is None:
            return None
        p, i = self.state.selected
        hand = self.state.game.hand(p)
        if p != self.state.game.to_move or i >= len(hand):
            self.state.selected = None
            return None
        return hand[i]

    def _turn_state(self):
        game = self.state.game
        return game.turn if game.turn else game.board.begin_turn(game.hand())

    def lit(self, tile: str) -> tuple[dict, str | None, tuple[str, ...]]:
        """Where ``tile`` may go now: {chair: most points}, the bar place if the bar may take it,
        the seated jokers it may take (B10) — all asked of the engine."""
        game = self.state.game
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

    def select(self, p: int, i: int) -> None:
        game = self.state.game
        self.state.asking = None
        if p != game.to_move:
            tile = game.hand(p)[i]
            self.set_status(board_say("not_yours", self.lang, owner=self.player_name(p), name=self.player_name(game.to_move))
                            + f" ({tile})", "error")
            return
        if self.state.selected == (p, i):
            self.state.selected, self.state.swap_mode = None, False
            self.set_status(board_say("to_move", self.lang, name=self.player_name(p)), "")
            return
        self.state.selected = (p, i)
        tile = game.hand(p)[i]
        chairs, bar, swaps = self.lit(tile)
        lang = self.lang
        if chairs:
            best = sorted(chairs.items(), key=lambda kv: -kv[1])
            top = [f"{c} (+{pts})" for c, pts in best if pts == best[0][1]][:4]
            summary = (self._chairs_summary(len(chairs), top) if self.current_mode().shows_points   # not in a puzzle
                       else say_n("{n} lit chair", "{n} lit chairs", len(chairs), self.lang))
            text = board_say("select_joker" if tile[0] == "*" else "select", lang, tile=tile, chairs=summary)
        else:
            text = board_say("select_none", lang, tile=tile)
        if swaps:
            text += board_say("select_swap", lang, chairs=", ".join(swaps))
        self.set_status(text, "")

    def _chairs_summary(self, n: int, top: list[str]) -> str:
        return say_n("{n} lit chair, the most on {chairs}", "{n} lit chairs, the most on {chairs}", n,
                     self.lang, chairs=", ".join(top))

    def choose_chair(self, chair: str) -> None:
        game = self.state.game
        if self.state.asking is not None:
            self.state.asking = None
        tile = self.selected_tile()
        if tile is None:
            self.set_status(board_say("pick_first", self.lang), "")
            return
        seated = game.board.tile(chair)
        if seated is not None and (self.state.swap_mode or (seated.endswith("*") and tile[0] != "*")):
            self._swap(tile, chair)
            return
        if self.state.swap_mode:
            self._swap(tile, chair)   # the engine says why not (B10)
            return
        if tile[0] == "*" and seated is None:
            nations = tuple(dict.fromkeys(TABLE_NATION[t] for t in CHAIR_TABLES[chair]))
            if len(nations) > 1:
                legal = [n for n in nations if game.explain_place(f"{n}{tile[1]}*@{chair}") is None]
                if len(legal) == 2:
                    self.state.asking = (tile, chair)
                    tables = " / ".join(f"{t} {TABLE_NATION[t]}" for t in CHAIR_TABLES[chair])
                    self.set_status(board_say("which_nation", self.lang, tile=tile, chair=chair, tables=tables), "")
                    return
                self._place(f"{(legal or nations)[0]}{tile[1]}*@{chair}")
                return
        self._place(f"{tile}@{chair}")

    def _place(self, placement: str) -> None:
        card = self._move(BoardGame.place, placement)
        self.state.selected, self.state.swap_mode, self.state.asking = None, False, None
        lang = self.lang
        text = board_say("seated", lang, placement=card.text, tables=tile_points(card, lang), points=card.points)
        turn = self.state.game.turn
        if turn is not None and turn.pending:
            text += board_say("seated_alone", lang)
        elif turn is not None and len(turn.cards) >= 2:
            text += board_say("seated_end", lang)
        else:
            text += board_say("seated_more", lang)
        self.set_status(text, "ok")

    def joker_choices(self) -> dict[str, tuple[str, int]]:
        """While a joker awaits its nation: {nation: (table, points)} for its chair's tables."""
        if self.state.asking is None:
            return {}
        tile, chair = self.state.asking
        state = self._turn_state()
        found = {}
        for table in CHAIR_TABLES[chair]:
            nation = TABLE_NATION[table]
            found[nation] = (table, state.place(f"{nation}{tile[1]}*@{chair}").cards[-1].points)
        return found

    def declare(self, nation: str) -> None:
        if self.state.asking is None:
            return
        tile, chair = self.state.asking
        self.state.asking = None
        self._place(f"{nation}{tile[1]}*@{chair}")

    def choose_table(self, table: str) -> None:
        if self.state.asking is not None and table in CHAIR_TABLES[self.state.asking[1]]:
            self.declare(TABLE_NATION[table])
            return
        self.state.asking = None
        guests = " ".join(self.state.game.board.guests_at(table)) or "—"
        adjective = TABLE_ADJECTIVES[self.lang][TABLE_NATION[table]]
        text = say("{adjective} table {place}: {guests}", self.lang, adjective=adjective, place=table,
                   guests=guests)
        self.set_status(text[:1].upper() + text[1:], "")

    def _swap(self, tile: str, chair: str) -> None:
        player = self.state.game.to_move
        turn = self._move(BoardGame.swap, tile, chair)
        self._done(player, turn, board_say("swap_done", self.lang, name=self.player_name(player), tile=turn.tile,
                                           chair=turn.chair))

    def _button_bar(self) -> None:
        tile = self.selected_tile()
        if tile is None:
            self.set_status(board_say("pick_first_bar", self.lang), "")
            return
        player = self.state.game.to_move
        turn = self._move(BoardGame.bar, tile)
        entry = self.state.game.log[-1]
        text = board_say("bar_done", self.lang, name=self.player_name(player), tile=tile, place=turn.bar_place,
                         points=entry.points)
        if entry.went_out:
            text += board_say("bar_out", self.lang, name=self.player_name(player))
        self._done(player, turn, text)

    def _button_swap(self) -> None:
        tile = self.selected_tile()
        if tile is None:
            self.set_status(board_say("pick_first_swap", self.lang), "")
            return
        _, _, swaps = self.lit(tile)
        if not swaps:
            game = self.state.game
            if game.turn is not None:   # a tile is seated already: one action a turn (B4)
                raise IllegalMove.because("B4", "board_placed_already", game.board, move=f"swap {tile}",
                                          count=len(game.turn.cards))
            self.set_status(board_say("swap_none", self.lang, tile=tile), "error")
            return
        self.state.swap_mode = True
        self.set_status(board_say("swap_how", self.lang, tile=tile), "")

    def _button_undo(self) -> None:
        game = self.state.game
        chosen = None
        if self.state.selected is not None and self.state.selected[1] < len(game.hand(self.state.selected[0])):
            chosen = (self.state.selected[0], game.hand(self.state.selected[0])[self.state.selected[1]])
        self.state.selected, self.state.asking, self.state.swap_mode = None, None, False
        placement = self._move(BoardGame.undo)
        game = self.state.game
        if chosen is not None and chosen[1] in game.hand(chosen[0]):   # the same tile stays chosen
            self.state.selected = (chosen[0], game.hand(chosen[0]).index(chosen[1]))
        self.set_status(board_say("undone", self.lang, placement=placement), "")

    def _button_end(self) -> None:
        player = self.state.game.to_move
        self.state.asking = None
        turn = self._move(BoardGame.end_turn)
        self._done(player, turn, board_say("ended", self.lang, name=self.player_name(player), action=turn.text,
                                           points=turn.points))

    def _button_hint(self) -> None:
        if self.state.puzzles and self.state.viewing is None:   # a puzzle's hint is the ladder's, never its answer
            self._puzzle_hint()
            return
        self._no_answers()
        self._light_best()

    def _light_best(self) -> None:
        """Light the best action on the board (its chairs numbered, or its bar place, or the
        joker to exchange) and say it in the status line."""
        game = self.state.game
        best = game.best_action()
        lang = self.lang
        self.state.selected, self.state.asking, self.state.swap_mode = None, None, False   # the hint alone is lit
        if best is None:
            self.set_status(board_say("hint_none", lang), "")
            return
        if best.kind == "seat":
            self.state.hint = tuple((c.chair, f"{i} +{c.points}") for i, c in enumerate(best.cards, start=1))
            self.set_status(board_say("hint_seat", lang, action=best.text, points=best.points), "ok")
        elif best.kind == "bar":
            self.state.hint = ((f"bar{best.bar_place}", "✓"),)
            self.set_status(board_say("hint_bar", lang, action=best.text, place=best.bar_place,
                                      points=best.points), "ok")
        else:
            self.state.hint = ((best.chair, "⇄"),)
            self.set_status(board_say("hint_swap", lang, action=best.text), "ok")

    def _button_new(self) -> None:
        self.state.guide = None                 # a new game is not guided
        if self.state.puzzles or self.state.sandbox:   # from a puzzle or the sandbox: a new game
            self.state.puzzles, self.state.sandbox = None, False
            self.setup(BoardGame.new(players=2, seed=0), ["human", "computer"], None)
            return
        game = self.state.game if self.state.stash is None else self.state.stash["game"]   # not the game tried
        if not game.is_over and (game.log or game.turn) and self._asked != "new":
            self._confirm = "new"   # a game in progress (a tile seated this turn included): ask first
            self.set_status(board_say("new_confirm", self.lang), "")
            return
        seed = game.seed + 1 if isinstance(game.seed, int) else random.SystemRandom().randrange(2**32)
        self.setup(BoardGame.new(players=game.players, seed=seed), list(self.state.kinds), None)
        self.state.status = board_say("new_started", self.lang, seed=seed) + " " + self.state.status

    def _done(self, player: int, turn, text: str) -> None:
        """After a person's finished action: marks, the computers' turns, the status."""
        if self.state.puzzles and self.state.viewing is None:    # a puzzle: the action is graded
            self._puzzle_done(turn)
            return
        if self.state.sandbox and self.state.viewing is None:    # the sandbox: the tiles are kept
            self._sandbox_kept(turn)
            return
        guide = self.state.guide
        if guide is not None and player == guide.player and not guide.over:
            before = self.state.game.log[-1].before      # a weaker action than the step asks: taken back
            why = guide.check(before.board, before.hands[player], turn, self.lang)
            if why:
                raise Refused(why)
            text += " " + guide.done(turn.points, self.lang)
        self.state.selected, self.state.swap_mode, self.state.asking = None, False, None
        self.state.marks = self._marks_of(turn)
        self.state.info = self._turn_info(player, turn)
        self._pace_token += 1
        game = self.state.game
        if self._pacing() and not game.is_over and game.to_move in self.state.bots:
            # after a student's own click: one computer action every ``pace`` seconds, each seen
            self.state.round = [text]
            self.set_status(text, "ok")
            self._schedule()
            return
        self.state.round = None
        self._computers_done([text] + self._computers_play())

    def _computers_done(self, texts: list[str]) -> None:
        if self.state.game.is_over:
            self._finish(" ".join(texts))
            return
        texts.append(board_say("to_move", self.lang, name=self.player_name(self.state.game.to_move)))
        if self.state.guide is not None and self.state.guide.active(self.state.game):
            texts.append(self.state.guide.instruction(self.state.game, self.lang))
        self.set_status(" ".join(texts), "ok")

    def _pace_one(self) -> None:
        """One computer's action, shown (the shell's ``_paced_step``); the next one scheduled."""
        texts = self._computers_play(limit=1)
        game = self.state.game
        if not game.is_over and game.to_move in self.state.bots:
            self.set_status(" ".join(texts), "ok")
            self._schedule()
        else:
            self.state.round = None
            self._computers_done(texts)

    def fast_forward(self) -> None:
        """Play at once the computers' actions still to be shown."""
        self._pace_token += 1
        self.state.round = None
        self._computers_done(self._computers_play())

    def _marks_of(self, turn) -> tuple[str, ...]:
        if turn.kind == "seat":
            return tuple(c.chair for c in turn.cards)
        if turn.kind == "bar":
            return (f"bar{turn.bar_place}",)
        return (turn.chair,)

    def _turn_info(self, player: int, turn) -> tuple[str, ...]:
        lines = [board_say("last", self.lang, name=self.player_name(player))]
        if turn.kind == "seat":
            for card in turn.cards:
                lines.append(f"{card.text} = {card.points}")
                for i in range(0, len(card.tables), 2):
                    lines.append("    " + ", ".join(
                        tile_points(type(card)(card.tile, card.chair, card.tables[i:i + 2]), self.lang).split(", ")))
        else:
            lines.append(f"{turn.text}: {self.state.game.log[-1].points:+d}" if turn.kind == "bar" else turn.text)
        return tuple(lines)

    def _computers_play(self, limit: int | None = None) -> list[str]:
        """The computers to move play, one whole turn each, until a person is to move (or
        ``limit`` of them have played)."""
        game, texts = self.state.game, []
        guard = 0
        while not game.is_over and game.to_move in self.state.bots and guard < (500 if limit is None else limit):
            guard += 1
            player = game.to_move
            done = len(game.log)
            for action in self.state.bots[player].actions(game):
                game.act(action)
            if len(game.log) == done:   # a player that did nothing: never loop for ever
                raise RuntimeError(f"computer player {player + 1} made no move")
            entry = game.log[-1]
            texts.append(board_say("computer_did", self.lang, name=self.player_name(player), action=entry.action,
                                   points=entry.points))
            self.state.marks = self._marks_of(entry.turn)
            self.state.info = self._turn_info(player, entry.turn)
        return texts

    def _finish(self, before: str) -> None:
        game = self.state.game
        self.state.info = result_words(game, self.lang, self.state.kinds)
        self.state.selected = None
        self.set_status((before + " " if before else "") + over_words(game, self.lang, self.state.kinds), "ok")

    def answered_first(self, key: str | None) -> bool:
        """New game answers at any time; over a game that is over, anything else shows the
        result. True when the action was taken here."""
        if key == "new":
            self._button_new()
            return True
        if self.state.game.is_over:
            self._finish("")
            return True
        return False

    def _command_line(self, text) -> None:
        text = move_text(text, "command", "an action such as CFf@a2, bar RUm, swap ITf@c2, end or hint")
        if self.state.round is not None:   # the computers' actions still to be shown come first
            self.fast_forward()
        self.state.hint = ()
        for step in [s.strip() for s in text.split(";") if s.strip()]:
            self._command_step(step)

    def _command_step(self, step: str) -> None:
        """One step of a typed line, on the game as the steps before left it (a New game
        included); a refusal raises, and the whole line is taken back."""
        if self._read_aloud(step):   # tables, table b2, hand, where CFf…: read, nothing changed
            return
        key = COMMANDS.get(" ".join(step.lower().split()))
        if key in ("best", "next") and key not in self._shown_buttons():
            raise Refused(phrase("command_not_now", self.lang, text=shorten(step), action=shorten(step, 30),
                                 actions=", ".join(self._play_words())))   # a puzzle's buttons, in a puzzle only
        if self.state.viewing is not None:   # looking back: read-only, but for its own buttons
            if key not in HISTORY_KEYS:
                raise Refused(board_say("history_live_first", self.lang, text=shorten(step)))
            getattr(self, f"_button_{key}")()
            return
        why = self.not_yours()
        if why and key == "new" and self.where() != SCREEN:
            raise Refused(why)   # at a table, a seat starts a new game only in its turn (the screen at any time)
        if self.answered_first(key):
            return
        game = self.state.game
        if key is not None:
            if why and key not in HISTORY_KEYS:
                raise Refused(why)
            getattr(self, f"_button_{key}")()
            return
        head = step.split(None, 1)[0].lower()
        if why:   # at a table, another player's turn
            raise Refused(why)
        if head not in ACTION_WORDS and "@" not in step:
            raise Refused(board_say("command_unknown", self.lang, text=shorten(step)))
        if head in ACTION_WORDS:
            step = ACTION_WORDS[head] + step.strip()[len(head):]
        action = parse_action(step)   # NotationError naming the token: "swap ITf" has no chair
        if action[0] == "bar":
            hand = game.hand()
            if action[1] in hand:
                self.state.selected = (game.to_move, hand.index(action[1]))
            player = game.to_move
            turn = self._move(BoardGame.bar, action[1])
            self._done(player, turn, board_say("bar_done", self.lang, name=self.player_name(player), tile=action[1],
                                               place=turn.bar_place, points=self.state.game.log[-1].points))
        elif action[0] == "swap":
            self._swap(action[1], action[2])
        else:
            for tile, chair in action[1]:
                self._place(f"{tile}@{chair}")
