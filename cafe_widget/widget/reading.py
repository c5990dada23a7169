"""The screen read on demand, as Lichess's blind mode reads a board: words typed in the command
box (``tables``, ``table b2``, ``seat c3``, ``hand``, ``scores``, ``last``, ``where ITm``,
``help``), answered in the status line and its live region, so a screen reader says them at
once. Mixed into both widgets; what is read is the screen's view (``render.describe``), so it
never tells more than the picture shows (a hand behind the hot-seat hand-over, another seat's
hand at a class table). Reading changes nothing, and works in every mode and in anyone's turn."""

from __future__ import annotations

from ..engine import NotationError
from ..engine.board_layout import CHAIRS, TABLES
from ..engine.cards import parse_guest
from ..engine.layout import SEATS, TABLE_PLACES
from ..i18n import N_, NP_, say, translate, typed_words
from ..render.describe import answer, card_words, tile_words
from .board_base import ACTION_TYPED
from .card_base import WORDS_TYPED

# Translators: words a student types to hear part of the screen read ("table b2", "where ITm"),
# "|" between several; keep them short. The English words always work too.
READ_TYPED = {
    "tables": NP_("typed", "tables|cafe|board"), "table": NP_("typed", "table"),
    "seat": NP_("typed", "seat|chair"), "hand": NP_("typed", "hand|tiles|cards"),
    "scores": NP_("typed", "scores|score|players"), "last": NP_("typed", "last"),
    "where": NP_("typed", "where"), "help": NP_("typed", "help|?|keys"),
}
#: Every language's reading words at once.
READ_WORDS = typed_words(READ_TYPED)
#: The reading words that take what follows them (a place, a seat, a card).
NEEDS = ("table", "seat", "where")


def read_word(step: str) -> tuple[str | None, str]:
    """``"table b2"`` → ``("table", "b2")``; ``"tables"`` → ``("tables", "")``; (None, "")
    for anything else (a move, a button's word)."""
    words = step.strip().lower().split(None, 1)
    if not words:
        return None, ""
    key = READ_WORDS.get(" ".join(step.lower().split())) or READ_WORDS.get(words[0])
    if key is None:
        return None, ""
    arg = step.strip().split(None, 1)[1].strip() if len(words) > 1 else ""
    if key in NEEDS and not arg:
        raise NotationError("command", step.strip(), N_("needs what to read: table b2, seat c3, where ITm"))
    if key not in NEEDS and arg and READ_WORDS.get(" ".join(step.lower().split())) is None:
        return None, ""
    return key, arg


class ReadAloud:
    """The reading words of the command box, for both widgets: each says the part asked for in
    the status line (its live region speaks it), and changes nothing else."""

    #: The places a ``table`` may name and the seats a ``seat`` may: set by each widget.
    READ_TABLES: tuple = TABLE_PLACES
    READ_SEATS: tuple = SEATS

    def _read_aloud(self, step: str) -> bool:
        """A reading word answered (True), or not one (False)."""
        key, arg = read_word(step)
        if key is None:
            return False
        view = self.view()
        if key == "help":
            text = self._help_text()
        elif key == "where":
            text = self._where_text(view, arg)
        else:
            if key == "table":
                arg = self._read_place(arg, self.READ_TABLES, "table")
            elif key == "seat":
                arg = self._read_place(arg, self.READ_SEATS, "seat")
            text = answer(view, key, arg)
        self.set_status(text, "")
        return True

    @staticmethod
    def _read_place(arg: str, places: tuple, field: str) -> str:
        place = arg.strip().lower()
        if place not in places:
            raise NotationError(field, arg.strip(), N_("is none of these: {places}"), places=" ".join(places))
        return place

    def _help_text(self) -> str:
        lang = self.lang
        reading = say("Read the screen: tables, table b2, seat c3, hand, scores, last, where {card}.", lang,
                      card=self._example_card())
        return " ".join((reading, say("Play: {words}.", lang, words=", ".join(self._play_words())),
                         say("Tab moves to the box; Enter plays what it holds.", lang)))

    def _where_text(self, view, arg: str) -> str:
        raise NotImplementedError

    def _example_card(self) -> str:
        return "ITm"

    def _play_words(self) -> list[str]:
        raise NotImplementedError


class CardReading(ReadAloud):
    """The card game's reading; ``where ITm`` asks the engine where
    the card may sit now, with its points (not in a puzzle: they would give it away)."""


    def _where_text(self, view, arg):
        lang = self.lang
        guest = parse_guest(arg.strip(), "card")
        hand = view.hand if not view.handover else ()
        if guest not in hand:
            return say("{card} is not in the hand shown.", lang, card=card_words(guest, lang))
        scores = self.seat_scores(guest) if self.state.turn is not None or self.state.game is not None else {}
        if not scores:
            return say("{card} may sit nowhere now.", lang, card=guest)
        if self.current_mode().shows_points:
            seats = ", ".join(f"{s} (+{c.points})" for s, c in scores.items())
        else:
            seats = ", ".join(scores)
        return say("{card} may sit at: {seats}.", lang, card=guest, seats=seats)

    def _example_card(self):
        hand = self.view().hand
        return hand[0] if hand else "ITm"

    def _play_words(self):
        return self._typed_words(self._shown_buttons())


class BoardReading(ReadAloud):
    """The board game's reading; ``where CFf`` asks the engine
    which chairs the tile may take now, with its points, and whether the bar or a swap may."""

    READ_TABLES = TABLES
    READ_SEATS = CHAIRS


    def _where_text(self, view, arg):
        lang = self.lang
        tile = arg.strip()
        game = self.state.game
        if game is None or game.is_over:
            return say("No game is being played here.", lang)
        if tile not in game.hand():
            return say("{card} is not in the hand of the player to move.", lang, card=tile)
        chairs, bar, swaps = self.lit(tile)
        parts = [say("{card} may sit on: {chairs}.", lang, card=tile_words(tile, lang),
                     chairs=", ".join(f"{c} (+{p})" for c, p in chairs.items()))
                 if chairs else say("{card} may sit nowhere now.", lang, card=tile)]
        if bar:
            parts.append(say("The bar may take it: type bar {card}.", lang, card=tile))
        if swaps:
            parts.append(say("It may swap with the joker at: {seats}.", lang, seats=" ".join(swaps)))
        return " ".join(parts)

    def _example_card(self):
        game = self.state.game
        return game.hand()[0] if game is not None and not game.is_over and game.hand() else "CFf"

    def _play_words(self):
        return ["CFf@a2"] + [translate(BOARD_BUTTONS[key], self.lang).split("|")[0]
                             for key in self._shown_buttons() if key in BOARD_BUTTONS]


#: The words of the board's buttons (the card widget's for the same actions, the board's own
#: for the bar and the swap), by the button's key.
BOARD_BUTTONS = {**WORDS_TYPED, "best": WORDS_TYPED["show_best"], **ACTION_TYPED}

