"""The scoresheet and the game's history: looking back at any position of the game, read-only
(◀ ▶, *Back to game*), the review of each turn against the best one then, *Try from here* (a copy,
never the live game). A screen of :class:`~cafe_widget.CafeWidget` (``w.mode == "history"``)."""

from __future__ import annotations



from ..teach.card_puzzles import Puzzle
from ..render.scene import PlayerLine, View
from ..players.expert import ExpertPlayer
from ..render.words import expert_short_lines, phrase, turn_lines
from .card_saves import HUMAN
from .card_base import HISTORY_BUTTONS, _hint_labels
from .modes import History, LookingBack

#: Looking back at a card game (``w.mode == "history"``): the scoresheet's and the history's
#: buttons work, the rest of the screen is read-only.
HISTORY = History(HISTORY_BUTTONS)


class HistoryScreen(LookingBack):
    """The history screen and the scoresheet, mixed into CafeWidget; ◀ ▶ and the read-only
    clicks are :class:`~.modes.LookingBack`, the board game's too."""

    def _clear_choice(self) -> None:
        self.state.selected, self.state.hint, self.state.badges, self.state.view_best = None, (), (), False

    def read_only(self) -> None:
        self.state.view_best = False
        super().read_only()

    def _entry_words(self, entry) -> str:
        name = self.player_name(entry.player)
        if entry.turn is not None:
            return phrase("what_turn", self.lang, name=name, turn=entry.turn.text, points=entry.turn.points,
                          count=entry.turn.points)
        return phrase(f"what_{entry.kind}", self.lang, name=name)

    def _button_live(self) -> None:
        """Back to the live game (from the history, or from a sandbox tried from it)."""
        if self.state.stash is not None:
            self.state.put_back(self.state.stash)
            self.state.stash = None
            if self.table_link is not None:   # at a table: the game as it is now, not as it was left
                self.table_link.rejoin(self)
        self.state.viewing, self.state.view_best = None, False
        self.state.badges, self.state.hint = (), ()
        if self.state.waiting is not None:   # still the person's R12c choice to make
            self.tell("may_declare", name=self.player_name(self.state.waiting))
        else:
            self.tell("back_live")

    def _button_review(self) -> None:
        self.state.reviewing = not self.state.reviewing
        self.tell("review_on" if self.state.reviewing else "review_off")

    def _button_rows_up(self) -> None:
        start, fit = self._scene.sheet_window
        self.state.sheet_start = max(0, start - max(1, fit - 1))

    def _button_rows_down(self) -> None:
        start, fit = self._scene.sheet_window
        n = len(self.state.game.log)
        self.state.sheet_start = None if start + 2 * fit - 1 >= n else start + max(1, fit - 1)

    def _button_try(self) -> None:
        """Open the position shown as a sandbox, with its table pile (Back to game returns)."""
        if self.state.viewing is None:
            return
        n = self.state.viewing
        stash = self.state.screen()
        if self.state.view_best:   # the best turn is shown: try that turn again, with that hand
            entry = self.state.game.log[n - 1]
            before = entry.before
            puzzle = Puzzle(before.cafe, before.hands[entry.player], before.variant)
            self.start_puzzles([puzzle])
            self.state.stash = stash
            self.tell("tried_turn", n=n)
            return
        self.setup(None, None, self._position(n).cafe, self.state.game.variant, None, fill_pile=False)
        self.state.stash = stash
        self.tell("tried" if n else "tried_start", n=n)

    def _button_best(self) -> None:
        """In the history: light the best turn the person could have made before the turn
        shown, on the café before it."""
        n = self.state.viewing
        if not n:
            return
        entry = self.state.game.log[n - 1]
        review = self.state.game.review_entry(n - 1)
        if self.state.kinds[entry.player] != HUMAN:
            self.tell("history_best_none", why=phrase("history_best_private", self.lang))
            return
        if not self._may_review(entry.player):
            self.tell("history_best_none", why=phrase("history_best_hidden", self.lang))
            return
        if review.best is None:
            self.tell("history_best_none", why=phrase("history_best_no_turn", self.lang))
            return
        self.state.view_best = True
        self.state.hint = _hint_labels(review.best.cards, 0)
        played = (f"{entry.turn.text} = {entry.turn.points}" if entry.turn is not None
                  else self._entry_words(entry))
        self.set_status(phrase("history_best", self.lang, turn=review.best.text, points=review.best.points, played=played)
                        + (phrase("hint_goes_on", self.lang) if review.best.goes_on else ""), "ok")

    def _expert_guess(self, entry, lang: str) -> tuple[str, ...]:
        """The expert's guess for the turn ``entry`` played (a placing turn or a draw of the
        basic game), and its own choice then; worked out once for the entry shown."""
        if self._guess is None or self._guess[0] is not entry or self._guess[1] != lang:
            lines = ()
            if not self.state.game.variant and entry.kind in ("turn", "draw"):
                played = [c.text for c in entry.turn.cards] if entry.turn is not None else []
                lines = expert_short_lines(ExpertPlayer().estimates(type(self.state.game)(entry.before)),
                                           played, lang)
            self._guess = (entry, lang, lines)
        return self._guess[2]

    def _sheet_rows(self) -> tuple[str, ...]:
        """One row a turn, newest last; in review, the person's placing turns get the best
        turn's points (a leading ``*`` when the turn was the best)."""
        game, lang = self.state.game, self.lang
        rows = []
        for i, entry in enumerate(game.log):
            kind = self.state.kinds[entry.player]
            name = getattr(kind, "person", None) or phrase("player" if kind == HUMAN else "computer", lang,
                                                           n=entry.player + 1)   # a person at a class table: their name
            if entry.turn is not None:
                row = phrase("row_turn", lang, n=i + 1, name=name, turn=entry.turn.text.replace(",", ""),
                             points=entry.turn.points)
            else:
                row = phrase(f"row_{entry.kind}", lang, n=i + 1, name=name)
            if self.state.reviewing and entry.turn is not None and self._may_review(entry.player):
                best = game.review_entry(i).best
                if best is not None and best.points <= entry.turn.points:
                    row = "*" + row + phrase("row_best_same", lang)
                elif best is not None:
                    row += phrase("row_best", lang, points=best.points)
            rows.append(row)
        return tuple(rows)

    def _may_review(self, player: int) -> bool:
        """The best turn of a past turn is shown for a person's turns (with several people on
        one screen, only in teaching mode or once the game is over: it tells of their hands)."""
        if self.state.kinds[player] != HUMAN:
            return False
        return self._humans() == 1 or self.teaching or self.state.game.is_over

    def sheet_fields(self) -> dict:
        lang = self.lang
        live = self.state.viewing is None
        back_ok = bool(self.state.game.log) and (live or self.state.viewing > 0)
        return dict(sheet_title=phrase("review_title" if self.state.reviewing else "scoresheet", lang),
                    sheet=self._sheet_rows(),
                    sheet_selected=None if live or not self.state.viewing else self.state.viewing - 1,
                    sheet_start=self.state.sheet_start,
                    sheet_buttons=(("review", phrase("scoresheet" if self.state.reviewing else "review", lang), True), ("back", "◀", back_ok),
                                   ("forward", "▶", not live)))

    def history_view(self) -> View:
        """A past position, read-only: the café after the turn, its cards marked with their
        points and the turn's points table by table; with *Show best*, the café before it and
        the best turn lit."""
        lang, game, n = self.lang, self.state.game, self.state.viewing
        total = len(game.log)
        entry = game.log[n - 1] if n else None
        state = self._position(n - 1 if self.state.view_best else n)
        players = tuple(PlayerLine(self.player_name(q), state.scores[q], len(state.hands[q]), len(state.face_down[q]),
                                   q == state.to_move and state.over is None,
                                   phrase("counts", lang, hand=len(state.hands[q]), down=len(state.face_down[q])))
                        for q in range(game.players))
        title = phrase("history_title", lang, n=n, total=total) if n else phrase("history_start", lang)
        info: tuple = ()
        marks, badges = (), ()
        if entry is not None:
            info = (f"*{self._entry_words(entry)}",)
            if self.state.view_best:
                info += self._expert_guess(entry, lang)   # for the turn played, and its choice
            if entry.turn is not None:
                info += turn_lines(entry.turn.cards, lang)
                if not self.state.view_best:
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
            if self.state.reviewing and entry.turn is not None and self._may_review(entry.player):
                best = game.review_entry(n - 1).best
                if best is not None and best.points <= entry.turn.points:
                    info += (phrase("entry_best_same", lang),)
                elif best is not None:
                    info += (phrase("entry_best", lang, points=best.points), "    " + best.text)
        buttons = (("try", phrase("try", lang), True), ("live", phrase("live", lang), True),
                   ("best", phrase("show_best", lang), entry is not None and self._may_review(entry.player)))
        return View(state.cafe, lang, hand=(), hand_title=phrase("history_hand", lang),
                    hint=self.state.hint if self.state.view_best else (), badges=badges, marks=marks,
                    title=title, players=players,
                    piles=phrase("piles", lang, guests=len(state.guest_pile), tables=len(state.cafe.pile)),
                    info=info, buttons=buttons, status=self.state.status, status_kind=self.state.kind,
                    **self.sheet_fields())
