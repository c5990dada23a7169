"""The command box of :class:`~cafe_widget.CafeWidget`: a line typed in notation or in words
(in any language), read step by step through the same code path as the clicks; a line with a
refused step changes nothing."""

from __future__ import annotations

from ..engine import Game, IllegalMove, NotationError
from ..engine.cafe import parse_placement
from ..engine.cards import parse_guest
from ..engine.errors import move_text, shorten
from ..render.scene import build_scene
from ..i18n import N_
from ..render.words import phrase
from .card_saves import HUMAN
from .safety import Refused
from .card_base import HISTORY_BUTTONS, _command_words, _read_word
from .state import PUZZLE


class TypedCommands:
    """The command box's reading of a typed line, mixed into CafeWidget."""

    def _command_line(self, text) -> None:
        text = move_text(text, "command", "a move such as RUf@c2, or a word such as draw, end or hint")
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
        if self._read_aloud(step):   # tables, table b2, hand, where ITm…: read, nothing changed
            return
        lang = self.lang
        game = self.state.game
        typed = getattr(self.current_mode(), "typed", None)   # a screen's own typed words: a seat task's seats
        if typed is not None and self.state.viewing is None and typed(self, step):
            return
        if "@" in step:
            if self.state.viewing is not None:
                raise Refused(phrase("history_live_first", lang, text=shorten(step)))
            self._need_hand(game)
            self._command_place(step)
            return
        key, arg = _read_word(step)
        shown = self._shown_buttons(("button", "handover"))
        if key is None:
            raise Refused(phrase(getattr(self.current_mode(), "unknown", "command_unknown"), lang, text=shorten(step),
                                 actions=", ".join(self._typed_words(shown))))
        if key == "show_best" and "best" in shown:   # the history's own Show best
            key = "best"
        if self.state.viewing is not None and key not in HISTORY_BUTTONS:
            raise Refused(phrase("history_live_first", lang, text=shorten(step)))
        if key == "declare" and arg and game is not None:   # no game (the sandbox): not a word here
            self._command_declare(step, arg)
            return
        if key == "down" and arg:
            self._need_hand(game)
            self._command_select(arg)
        if key == "hint" and self.state.mode == PUZZLE:    # a puzzle's hint is the ladder's
            self._puzzle_hint()
            return
        if key not in shown:
            raise Refused(phrase("command_not_now", lang, text=shorten(step), action=shorten(step, 30),
                                 actions=", ".join(self._typed_words(shown))))
        self._click(*self._scene.locate(key))

    def _typed_words(self, shown) -> list[str]:
        """What the box takes now: the screen's example (``RUf@c2``; a seat task's ``e4``), then the
        words of the buttons shown."""
        words = _command_words(shown, self.lang)
        return [getattr(self.current_mode(), "example", words[0])] + words[1:]

    def _need_hand(self, game) -> None:
        """A typed move plays from the hand shown: never behind the hand-over screen, nor from
        a table's seat out of its turn."""
        why = self.not_yours()
        if why:
            raise Refused(why)
        if game is not None and not game.is_over and not self.state.revealed:
            raise Refused(phrase("handover", self.lang, name=self.player_name(game.to_move)))

    def _command_declare(self, step: str, arg: str) -> None:
        """``declare:N`` (the log's spelling): player N, a person, declares the end (R12c)."""
        self._need_game()
        game = self.state.game
        if not (arg.isascii() and arg.isdigit() and len(arg) == 1 and 1 <= int(arg) <= game.players):
            raise NotationError("action", shorten(step), N_("is not declare:N with N a player from 1 to {players}"),
                                players=game.players)
        player = int(arg) - 1
        if self.state.kinds[player] != HUMAN:
            raise Refused(phrase("declare_computer", self.lang, text=shorten(step), n=player + 1))
        refusal = game.explain_declare_end(player)
        if refusal is not None:
            raise refusal
        self._move(Game.declare_end, player)
        self.state.waiting = None
        self._finish_text(phrase("declared", self.lang, name=self.player_name(player)))

    def _command_select(self, guest_text: str) -> None:
        """Select a card of the hand (or palette) by its code, as a click on it would."""
        guest = parse_guest(guest_text.strip(), "placement")
        hand = self.hand()
        if guest not in hand:
            if self.state.game is not None:
                raise IllegalMove.because("R4", "not_in_hand", self.cafe, move=guest_text, guest=guest)
            raise NotationError("placement", guest_text, N_("is not a card you may place here"))
        self.state.selected = hand.index(guest)

    def _command_place(self, placement: str) -> None:
        guest, seat = parse_placement(placement.strip())
        if not self.current_mode().takes_placements:   # a seat task is answered with seats
            raise NotationError("placement", placement, N_("is not asked here: click the seats, or type them"))
        self._command_select(guest)
        self._click(*self._scene.locate(seat))   # a refusal raises here, as a click's would
