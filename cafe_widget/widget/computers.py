"""The computers' turns in :class:`~cafe_widget.CafeWidget`: played after a person's action,
paced after a student's own click (each turn seen in its turn), at once from code; the text
that says what they did, and the end of the game."""

from __future__ import annotations

from ..render.scene import INFO_SIZE
from ..render.style import PANEL_W
from ..render.words import clearing_words, over_text, result_lines, phrase
from .card_saves import HUMAN

#: The characters an info line of the panel holds without being squeezed (bold, as the SVG
#: writer estimates a character: 0.6 of the font size).
INFO_CHARS = int((PANEL_W - 28) / (INFO_SIZE * 0.6))


class ComputerTurns:
    """The computers' turns and their pacing, mixed into CafeWidget."""

    def _after_action(self, player: int, text: str, turn=None) -> None:
        """After a human's action: the computers play, then maybe a hand-over screen."""
        self.state.selected = None
        self.state.badges = ()
        if turn is not None:
            self.state.info = self._turn_lines(turn, self.player_name(player))
        game = self.state.game
        if not game.is_over and game.state.may_declare == player and game.to_move in self.state.bots:
            # R12c: right after the turn that emptied the hand, the person may declare the end;
            # the computers wait for the answer (Declare end, or End turn to go on).
            self.state.waiting = player
            self._mark_last_turns()
            self.set_status(text + " " + phrase("may_declare", self.lang, name=self.player_name(player)), "ok")
            return
        self._go_on(player, [text])

    def _go_on(self, player: int, texts: list[str]) -> None:
        """The computers play, then maybe a hand-over screen; the status tells what happened.
        After a student's own event, one computer turn every ``pace`` seconds."""
        self._pace_token += 1
        if self._pacing() and not self.state.game.is_over and self.state.game.to_move in self.state.bots:
            self.state.round = {"player": player, "texts": list(texts), "lines": []}
            self._mark_last_turns()
            self.set_status(" ".join(texts), "ok")
            self._schedule()
            return
        self.state.round = None
        self._after_computers(player, texts + self._computers_play())

    def _pace_one(self) -> None:
        """One computer's turn, shown (the shell's ``_paced_step``); the next one scheduled."""
        round_ = self.state.round
        texts = self._computers_play(limit=1, lines=round_["lines"])
        round_["texts"] += texts
        game = self.state.game
        if not game.is_over and game.to_move in self.state.bots:
            self._mark_last_turns()
            self.set_status(" ".join(texts), "ok")
            self._schedule()
        else:
            self.state.round = None
            self._after_computers(round_["player"], texts)

    def fast_forward(self) -> None:
        """Play at once the computers' turns still to be shown."""
        self._pace_token += 1
        round_, self.state.round = self.state.round, None
        player = round_["player"] if round_ else self.state.game.to_move
        lines = round_["lines"] if round_ else []
        self._after_computers(player, self._computers_play(lines=lines))

    def _after_computers(self, player: int, texts: list[str]) -> None:
        self._mark_last_turns()
        if self.state.game.is_over:
            self._finish_text(" ".join(texts))
            return
        nxt = self.state.game.to_move
        if self._humans() > 1 and not self.teaching and nxt != player and self.at_table is None:
            self.state.revealed = False
        if self.state.guide is not None and self.state.guide.active(self.state.game):
            texts = texts + [self.state.guide.instruction(self.state.game, self.lang)]
        self.set_status(" ".join(texts), "ok")

    def _computers_play(self, limit: int | None = None, lines: list | None = None) -> list[str]:
        """The computers to move play (``limit`` of them at most); their turns go to the panel
        (after ``lines``, the turns already shown this round). Returns what they did, in words."""
        texts, lines = [], lines if lines is not None else []
        game = self.state.game
        played = 0
        while not game.is_over and game.to_move in self.state.bots and (limit is None or played < limit):
            played += 1
            player = game.to_move
            actions = self.state.bots[player].actions(game)
            done = len(game.log)
            for action in actions:
                game.act(action)
            for n, entry in enumerate(game.log[done:], start=done + 1):   # a turn, then perhaps the end (R12c)
                texts.append(self._computer_text(player, entry, self._position(n).cafe))
                lines += self._computer_lines(player, entry)
        if lines:   # the panel: every computer turn since the person acted, table by table
            self.state.info, self.state.badges = tuple(lines), ()
        if game.is_over and texts:
            self._finish_text(" ".join(texts))
        return texts

    def _computer_text(self, player: int, entry, after=None) -> str:
        """What a computer player just did, in words (a table it cleared, and the one that came
        in its place: ``after`` is the café after it)."""
        name = self.player_name(player)
        if entry.turn is not None:
            text = phrase("computer_turn", self.lang, name=name, turn=entry.turn.text, points=entry.turn.points)
            cleared = clearing_words(entry.turn.cleared, after, self.lang) if after is not None else ""
            return text[:-1] + cleared + "." if cleared and text.endswith(".") else text + cleared
        if entry.action == "draw":
            return phrase("computer_drew", self.lang, name=name)
        if entry.action.startswith("down:"):
            return phrase("computer_down", self.lang, name=name)
        return phrase("declared", self.lang, name=name)

    def _computer_lines(self, player: int, entry) -> list[str]:
        """A computer's action for the panel, on a line of its own: its turn's cards and points
        (``"Computer 2: ESm@c2, ESf@b3 = +11"``; a long turn goes on, indented, on the next line).
        The panel has room for few lines (four players: two); the scene's last line says how
        many more there are, and the scoresheet and the review hold every turn."""
        if entry.turn is None:
            return ["*" + self._entry_words(entry)]
        name = phrase("computer", self.lang, n=player + 1)
        cards = [card.text for card in entry.turn.cards]
        line = phrase("computer_line", self.lang, name=name, cards=", ".join(cards), points=entry.turn.points)
        if len(line) <= INFO_CHARS:
            return [line]
        lines, current = [], phrase("computer_line_head", self.lang, name=name)
        for i, card in enumerate(cards):
            last = i == len(cards) - 1
            piece = card + (phrase("computer_line_tail", self.lang, points=entry.turn.points) if last else ",")
            if len(current) + 1 + len(piece) > INFO_CHARS:
                lines.append(current)
                current = "    " + piece
            else:
                current += " " + piece
        return lines + [current]

    def _finish_text(self, before: str = "") -> None:
        self.state.info = result_lines(self.state.game, self.lang, self.state.kinds)
        self.state.reviewing = True   # the end of a game: the scoresheet becomes the review
        self.set_status((before + " " if before else "") + over_text(self.state.game, self.lang, self.state.kinds), "ok")

    def _mark_last_turns(self) -> None:
        """Mark the seats filled by the turns the computers played since a person last acted;
        when none of them placed a card, by that person's own last turn. A card is marked while
        it still sits where it was placed (a clearing takes it away, R9). The marks last until
        the game moves on (the next card placed, a draw …)."""
        log = self.state.game.log
        trailing, person = [], None
        for entry in reversed(log):
            if self.state.kinds[entry.player] == HUMAN:
                person = entry
                break
            trailing.append(entry)
        placing = [e for e in reversed(trailing) if e.turn is not None]
        if not placing and person is not None and person.turn is not None:
            placing = [person]
        cafe = self.state.game.cafe
        marks = {}
        for entry in placing:
            for card in entry.turn.cards:
                if cafe.guest(card.seat) == card.guest:
                    marks[card.seat] = f"{self._short(entry.player)} +{card.points}"
        self.state.marks = tuple(marks.items())
        self.state.marks_at = len(log)

    def _short(self, p: int) -> str:
        return phrase("short_player", self.lang, n=p + 1)   # "P2", never "C2": that is a seat
