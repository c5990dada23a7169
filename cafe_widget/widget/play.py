"""Playing in :class:`~cafe_widget.CafeWidget`: the hand, a card chosen and its seats lit, a seat
clicked, the buttons of a turn (undo, end, hint, draw, face down, declare), the view of a live
game (``w.mode == "play"``)."""

from __future__ import annotations

import random



from ..engine import Game, IllegalMove
from ..engine.cards import GUEST_COPIES, GUEST_KINDS, TABLE_ADJECTIVES
from ..engine.layout import TOUCHES
from ..render.frames import refused_mark
from ..render.scene import View
from ..players.expert import ExpertPlayer
from ..render.words import WHY, card_points, clearing_words, expert_short_lines, game_lines, phrase, turn_lines
from .card_saves import HUMAN
from .card_base import HISTORY_BUTTONS, _hint_labels
from .modes import Mode, press
from .safety import Refused
from .shell import SCREEN, table_say
from .state import GAME


class PlayMode(Mode):
    """The live game (``w.mode == "play"``): the hand of the person to move (behind the
    hand-over screen between two people), the buttons of a turn, the scoresheet."""

    name = GAME
    free_buttons = HISTORY_BUTTONS

    def view(self, w) -> View:
        lang = w.lang
        game = w.state.game
        p = w.shown_player()
        hand = game.hand(p)
        guest = w.selected_guest()
        lit = tuple((s, c.points) for s, c in game.seat_scores(guest).items()) if guest else ()
        turn = game.turn
        info = w.state.info
        if turn and turn.cards:
            info = (phrase("this_turn", lang),) + turn_lines(turn.cards, lang)
        if w.teaching and not game.is_over:
            info = info + tuple(phrase("hand_of", lang, name=w.player_name(q), hand=" ".join(game.hands[q]) or "—")
                                for q in range(game.players) if q != p)
        handover = "" if w.state.revealed or game.is_over else phrase("handover", lang, name=w.player_name(p))
        if w.where() == SCREEN and not game.is_over:   # the table's screen: whose turn, never a hand
            handover = table_say("at_seat", lang, name=w.player_name(w.mover()))
        title_key = "all_hands" if w.teaching else "your_hand"
        declare_ok = any(w.state.kinds[q] == HUMAN for q in game.who_may_declare())
        if w.at_table is not None:   # at a table: a seat declares for its own player only (R12c)
            declare_ok = w.player is not None and w.player in game.who_may_declare()
        waiting = w.state.waiting is not None
        buttons = (("undo", phrase("undo", lang), bool(turn) and game.can_undo()),   # R9: not past a table seen
                   ("end", phrase("end", lang), bool(turn) or waiting),
                   ("draw", phrase("draw", lang), game.explain_draw() is None and not waiting),
                   ("down", phrase("down", lang), not turn and len(hand) == 12 and not game.is_over),
                   ("declare", phrase("declare", lang), declare_ok),
                   ("hint", phrase("hint", lang), not game.is_over and w.state.revealed
                    and w.state.kinds[p] == HUMAN and not waiting))
        if w.not_yours():   # at a table, another player's turn (or the screen): nothing to press here
            buttons = tuple((key, label, on and key == "declare") for key, label, on in buttons)
        marks = w.state.marks if w.state.marks_at == len(game.log) and turn is None else ()
        return View(game.cafe, lang, hand=hand if w.state.revealed or game.is_over else (),
                    hand_title=phrase(title_key, lang, name=w.player_name(p), count=len(hand)),
                    handover=handover, selected=w.state.selected, lit=lit, hint=w.state.hint,
                    badges=w.state.badges, marks=marks, refused=w.state.refused,
                    placed=tuple(c.seat for c in turn.cards) if turn else (),
                    title="Café International", players=game_lines(game, lang, w.state.kinds),
                    title_button=("new", phrase("new_game", lang), True),
                    piles=phrase("piles", lang, guests=len(game.guest_pile), tables=len(game.table_pile)),
                    info=info, buttons=buttons, status=w.state.status, status_kind=w.state.kind,
                    **w.sheet_fields())

    def click(self, w, region) -> None:
        """A click on the live game: the scoresheet's buttons at any time; nothing for a person
        while the computers play (their turns come first), nor behind the R12c question or the
        hot-seat hand-over; else a card, a seat, a table or a button."""
        if region.kind == "button" and region.name in HISTORY_BUTTONS and not (
                region.name == "new" and w.where() not in (None, SCREEN) and w.not_yours()):
            press(w, region.name)   # a seat starts a new game only in its turn
            return
        game = w.state.game
        why = w.not_yours()
        if why and region.kind == "button" and region.name == "declare" and w.player is not None \
                and w.player in game.who_may_declare():
            why = None            # R12c: the player who emptied their hand may declare, whoever is to move
        if why:   # at a table, another player's turn: the computers' turns played now, else refused
            if w.state.round is not None:
                w.fast_forward()
                return
            if not game.is_over and game.to_move in w.state.bots and w.state.waiting is None and w.where() != SCREEN:
                w.table_link.computers_due()
                return
            raise Refused(why)
        if not game.is_over and game.to_move in w.state.bots and w.state.waiting is None:
            w.fast_forward()   # never act for a computer: the computers' turns come first
            return
        if w.state.waiting is not None and not (region.kind == "button" and region.name in ("end", "declare")):
            w.tell("may_declare", name=w.player_name(w.state.waiting))
            return
        if region.kind == "handover":
            w.state.revealed = True
            w.set_status("", "")
            return
        w.cafe_click(region)

    def hand(self, w) -> tuple:
        return w.state.game.hand(w.shown_player())

    def save(self, w) -> dict:
        return w.game_save()


class PlayScreen:
    """The live game's screen (``w.mode == "play"``), mixed into CafeWidget."""

    def cafe_click(self, region) -> None:
        """A card (of the hand or the palette), a seat, a table or a button."""
        if region.kind in ("card", "palette"):
            self.select(region.index)
        elif region.kind == "seat":
            self._seat(region.name)
        elif region.kind == "table":
            self.table_info(region.name)
        elif region.kind == "button":
            getattr(self, f"_button_{region.name}")()

    def hand(self) -> tuple[str, ...]:
        """The cards played from on the screen shown (the current mode's)."""
        return self.current_mode().hand(self)

    def shown_player(self) -> int:
        if self.player is not None:   # at a table: this seat's player, whoever is to move
            return self.player
        return self.state.game.to_move if self.state.waiting is None else self.state.waiting

    def mover(self) -> int:
        return self.state.game.to_move if self.state.waiting is None else self.state.waiting

    def seated(self) -> None:
        if self.at_table is not None:   # a seat shows its own hand, the screen none: no hand-over
            self.state.revealed = self.where() != SCREEN

    def seat_scores(self, guest: str) -> dict:
        if self.state.game is None:
            return self.state.turn.seat_scores(guest)
        return self.state.game.seat_scores(guest)

    def select(self, index: int) -> None:
        if self.state.selected == index:
            self.state.selected = None
            self.set_status("", "")
            return
        self.state.selected = index
        guest = self.hand()[index]
        scores = self.seat_scores(guest)
        if scores:
            if self.current_mode().shows_points:
                seats = ", ".join(f"{s} (+{c.points})" for s, c in scores.items())
            else:   # the points would give the puzzle away: only where
                seats = ", ".join(scores)
            self.tell("may_sit", guest=guest, seats=seats)
        else:
            self.tell("nowhere", guest=guest)
        if self.state.game is not None and len(self.state.game.hand()) == 12 and not self.state.game.turn:
            self.state.status += " " + phrase("selected_down", self.lang, guest=guest)

    def selected_guest(self) -> str | None:
        hand = self.hand()
        if self.state.selected is not None and self.state.selected < len(hand):
            return hand[self.state.selected]
        return None

    def _seat(self, seat: str) -> None:
        guest = self.selected_guest()
        if guest is None:
            tables = ", ".join(t for t in TOUCHES[seat])
            self.set_status(phrase("seat_info", self.lang, seat=seat, tables=tables) + " "
                            + phrase("pick_card", self.lang), "")
            return
        try:
            if self.state.game is None:
                self.state.turn = self.state.turn.place(guest, seat)
                card = self.state.turn.cards[-1]
                self.current_mode().turn_changed(self)
            else:
                card = self._move(Game.place, f"{guest}@{seat}")
        except IllegalMove as refusal:   # drawn on the seat, faded, with its rule (R5–R14)
            self.state.refused = refused_mark(refusal, seat, guest)
            raise
        self.state.selected = None
        # points per table, where the table still stands (a cleared one is said in words)
        self.state.badges = tuple((place, points) for place, points in card.by_table.items()
                                  if place not in card.cleared)
        text = phrase("scored", self.lang, move=card.text, tables=card_points(card, self.lang), points=card.points)
        text += clearing_words(card.cleared, self.cafe, self.lang)   # and what came in their place (R9)
        turn = self.state.turn if self.state.game is None else self.state.game.turn
        if turn is not None and turn.pending:
            text += WHY.text("must_join", self.lang, card.guest)
        ended = self.state.turn.ended if self.state.game is None else self.state.game.is_over
        if ended:
            text += phrase("ends", self.lang)
        self.set_status(text, "ok")
        if self.state.game is not None and self.state.game.is_over:
            self._finish_text()

    def table_info(self, place: str) -> None:
        nation = self.cafe.table(place)
        if nation is None:
            self.tell("missing_table", place=place)
            return
        count = len(self.cafe.guests_at(place))
        self.tell("table_info", adj=TABLE_ADJECTIVES[self.lang][nation], place=place, count=count)

    def _button_undo(self) -> None:
        chosen = self.selected_guest()   # the card taken back comes into the hand: keep the choice
        if self.state.game is None:
            last = self.state.turn.cards[-1].text if self.state.turn.cards else ""
            self.state.turn = self.state.turn.undo()   # raises (R4) when there is nothing to take back
            self.current_mode().turn_changed(self)
        else:
            last = self._move(Game.undo)
        hand = self.hand()
        self.state.selected = hand.index(chosen) if chosen in hand else None
        self.state.badges = ()
        self.tell("undone", move=last)

    def _button_end(self) -> None:
        if self.state.game is None:
            turn = self.state.turn.finish()
            self.state.cafe = turn.cafe
            self.state.turn = self.state.cafe.begin_turn(self.state.variant)
            self.state.selected = None
            self.state.info = self._turn_lines(turn, phrase("sandbox", self.lang))
            self.tell("kept", points=turn.points)
            return
        if self.state.waiting is not None:   # the person did not declare: play goes on
            player, self.state.waiting = self.state.waiting, None
            self._go_on(player, [])
            return
        player = self.state.game.to_move
        guided = self.state.guide is not None and self.state.guide.active(self.state.game)
        if guided and self.state.game.explain_end_turn() is None:
            why = self.state.guide.check_end(self.state.game, self.lang)
            if why:   # the step asks for more: nothing is played
                self.set_status(why, "error")
                return
        turn = self._move(Game.end_turn)
        text = phrase("turn_done", self.lang, name=self.player_name(player), points=turn.points)
        if guided:
            text += " " + self.state.guide.done(turn.points, self.lang)
        self._after_action(player, text, turn)

    def _button_hint(self) -> None:
        """Light the best turn (``best_turn``) for the person to move, without playing it."""
        self._no_answers()
        lang = self.lang
        if self.state.game is None:
            turn = self.state.turn.best_turn(list(GUEST_KINDS) * GUEST_COPIES)
            if turn is None:
                self._hint_none(self.state.turn.explain_end() if self.state.turn.cards else None)
                return
            self._show_hint(turn, len(self.state.turn.cards), phrase("hint_palette", lang, turn=turn.text, points=turn.points))
            return
        game = self.state.game
        if game.is_over:
            raise IllegalMove.because("R12", "over", game.cafe)
        if not self.state.revealed or self.state.kinds[game.to_move] != HUMAN:
            self.tell("handover", name=self.player_name(game.to_move))
            return
        turn = game.best_turn()
        placed = len(game.turn.cards) if game.turn else 0
        if turn is None:
            if game.turn:
                self._hint_none(game.explain_end_turn())
            else:
                self.tell("hint_none_draw" if game.explain_draw() is None
                          else "hint_none_down" if len(game.hand()) == 12 else "hint_none")
            return
        if not placed:
            text = phrase("hint_turn", lang, turn=turn.text, points=turn.points)
        else:
            text = (phrase("hint_end", lang, points=turn.points) if len(turn.cards) == placed else
                    phrase("hint_mid", lang, turn=", ".join(c.text for c in turn.cards[placed:]),
                           points=turn.points))
            fresh = None
            if not any(c.cleared for c in game.turn.cards):   # R9: a table seen cannot be taken back
                fresh = game.state.cafe.best_turn(game.state.hands[game.to_move], game.variant, blind=True)
            if fresh is not None and fresh.points > turn.points:
                text += phrase("hint_undo", lang, points=fresh.points)
        if turn.goes_on:
            text += phrase("hint_goes_on", lang)
        self._show_hint(turn, placed, text)
        if not placed and not game.variant:   # the expert's guess, apart, under the hint's points
            guess = expert_short_lines(ExpertPlayer().estimates(game), [c.text for c in turn.cards], lang)
            self.state.info = self.state.info[:1] + guess + self.state.info[1:]

    def _hint_none(self, refusal) -> None:
        """No turn to hint: mid-turn, the cards placed cannot be finished (say why); undo."""
        if refusal is None:
            self.tell("hint_none")
        else:
            self.tell("hint_undo_all", reason=refusal.sentence(self.lang))

    def _show_hint(self, turn, placed: int, text: str) -> None:
        cards = turn.cards[placed:]
        self.state.selected = None
        self.state.hint = _hint_labels(cards, placed)
        self.state.info = (phrase("hint_head", self.lang, points=turn.points),) + turn_lines(cards, self.lang)
        self.set_status(text, "ok")

    def _button_draw(self) -> None:
        self._need_game()
        player = self.state.game.to_move
        guided = self.state.guide is not None and self.state.guide.active(self.state.game)
        if guided and self.state.game.explain_draw() is None:
            why = self.state.guide.check_draw(self.state.game, self.lang)
            if why:   # the step asks for a turn: nothing is drawn
                self.set_status(why, "error")
                return
        card = self._move(Game.draw)
        key = "drew_hidden" if self._humans() > 1 and not self.teaching else "drew"
        text = phrase(key, self.lang, name=self.player_name(player), card=card)
        if guided:
            text += " " + self.state.guide.done(None, self.lang)
        self._after_action(player, text)

    def _button_down(self) -> None:
        self._need_game()
        guest = self.selected_guest()
        if guest is None:
            # Is the action itself allowed now (12 cards, no card placed)? Ask the engine with
            # a card of the hand; if it is, the student only has to pick the card.
            hand = self.state.game.hand()
            refusal = self.state.game.explain_face_down(hand[0]) if hand else self.state.game.explain_face_down("RUf")
            if refusal is not None:
                raise refusal
            self.tell("choose_down")
            return
        player = self.state.game.to_move
        self._move(Game.lay_face_down, guest)
        self._after_action(player, phrase("laid_down", self.lang, name=self.player_name(player)))

    def _button_declare(self) -> None:
        self._need_game()
        who = [p for p in self.state.game.who_may_declare() if self.state.kinds[p] == HUMAN]
        if self.at_table is not None:   # at a table: only for this seat's own player
            who = [p for p in who if p == self.player]
        if not who:   # only a person may declare from this screen, never for a computer (R12c)
            person = self.shown_player() if self.state.kinds[self.shown_player()] == HUMAN else (
                self.state.kinds.index(HUMAN) if HUMAN in self.state.kinds else self.state.game.to_move)
            raise self.state.game.explain_declare_end(person) or IllegalMove.because(
                "R12", "cannot_declare", self.state.game.cafe, player=person + 1)
        self._move(Game.declare_end, who[0])
        self.state.waiting = None
        self._finish_text(phrase("declared", self.lang, name=self.player_name(self.state.game.log[-1].player)))

    def _need_game(self) -> None:
        if self.state.game is None:
            raise IllegalMove.because("R4", "empty_turn", self.cafe)

    def _in_progress(self) -> bool:
        """A game is going on that a new game or a load would throw away."""
        game = self.state.game if self.state.stash is None else self.state.stash["game"]
        return game is not None and not game.is_over and bool(game.log or game.turn)

    def _load_clicked(self) -> None:
        """Load: over a game in progress, ask first (a second click replaces it)."""
        if self._in_progress() and self._asked != "load":
            self._confirm = "load"
            self.tell("load_confirm")
            return
        self._load(self._text.value)

    def _button_new(self) -> None:
        """A new game with the same players and options, the next seed (asked first while a
        game is going on)."""
        if self._in_progress() and self._asked != "new":
            self._confirm = "new"
            self.tell("new_confirm")
            return
        stash = self.state.stash
        game, kinds = (self.state.game, self.state.kinds) if stash is None else (stash["game"], stash["kinds"])
        seed = game.seed + 1 if isinstance(game.seed, int) else random.SystemRandom().randrange(2**32)
        self.setup(Game.new(players=game.players, seed=seed, variant=game.variant), kinds, None, False, None)
        self.state.status = phrase("new_started", self.lang, seed=seed) + " " + self.state.status
