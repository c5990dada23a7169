"""The screen read on demand from the command box (widget/reading.py): each reading word answers
in the status line (its live region speaks it) and changes nothing else; a bad place is refused
naming the field and the token; nothing is read that the screen does not show (a hand behind
the hand-over, another seat's hand at a table); the words work in every language, while
looking back, and out of one's turn at a table."""

from __future__ import annotations

import pytest

from cafe_widget import BoardWidget, CafeWidget, Game, Table
from cafe_widget.render.describe import describe
from cafe_widget.teach.ladder import TRIES

DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"


def _same(w) -> tuple:
    """What a reading must not change: the game, the screen's choices, the mode."""
    return (w.save(), w.mode, w.state.selected, w.state.viewing)


@pytest.mark.parametrize("line, said", [
    ("table b2", "b2, German table: DEf (a German woman) at b1; free seats: a2 c2 b3."),
    ("seat a2", "Seat a2: free; it touches b2 (German)."),
    ("hand", "Hand of Player 1: 4 cards: CNm (a Chinese man), DEf (a German woman), DEm (a German man), "
             "ITf (an Italian woman)."),
    ("where DEm", "DEm may sit at: a2 (+4), c2 (+4), b3 (+4)."),
    ("where GBf", "GBf (an English woman) is not in the hand shown."),
    ("scores", "Player 1: 0 points, hand 4 · face down 0 (to play). Player 2: 0 points, hand 3 · face down 0. "
               "Guest pile 4 · table pile 2"),
    ("last", "Nothing has been played yet."),
])
def test_each_reading_word_answers_and_changes_nothing(line, said):
    w = CafeWidget.from_notation(DUEL, players=["human", "human"])
    before = _same(w)
    w.command(line)
    assert w.status == said
    assert _same(w) == before


def test_tables_reads_the_whole_cafe_and_help_lists_the_words():
    w = CafeWidget.from_notation(DUEL, players=["human", "human"])
    w.command("tables")
    assert w.status == " ".join(describe(w.view()).sections[0][1])
    w.command("help")
    assert w.status == ("Read the screen: tables, table b2, seat c3, hand, scores, last, where CNm. Play: RUf@c2, new, review, back, forward, undo, end, draw, down ITm, declare, hint. "
                        "Tab moves to the box; Enter plays what it holds.")


@pytest.mark.parametrize("line, field, token", [("table c2", "table", "c2"), ("seat b2", "seat", "b2"),
                                               ("seat z9", "seat", "z9"), ("where XXf", "card", "XXf")])
def test_a_bad_place_is_refused_naming_field_and_token_and_changes_nothing(line, field, token):
    w = CafeWidget.from_notation(DUEL, players=["human", "human"])
    before = _same(w)
    w.command(line)
    assert w.status.startswith(f"{field}: {token!r}"), w.status
    assert _same(w) == before


def test_where_needs_what_to_read():
    w = CafeWidget.from_notation(DUEL, players=["human", "human"])
    w.command("where")
    assert w.status == "command: 'where' needs what to read: table b2, seat c3, where ITm"


def test_the_hand_over_keeps_the_hand_secret():
    w = CafeWidget.from_notation(DUEL, players=["human", "human"])
    w.command("DEm@a2, end")                              # Player 1's turn; Player 2's hand is hidden
    assert w.view().handover
    w.command("hand")
    assert w.status == "Player 2, your turn: click here (or type show) to see your hand"
    w.command("where GBf")
    assert w.status == "GBf (an English woman) is not in the hand shown."
    assert "GBf" not in w.describe()


def test_a_puzzle_says_where_without_the_points():
    w = CafeWidget.puzzle(1, lang="en")
    w.command("where CNm")
    assert w.status == "CNm may sit at: b1, a2, c2, b3, c4."


def test_reading_in_french_and_german_and_while_looking_back():
    w = CafeWidget(players=["human", "steady"], seed=3, pace=0, lang="fr")
    w.command("où CNf")
    assert w.status == "CNf peut s'asseoir en : e4 (+6), d5 (+6)."
    w.command("table b2")
    assert w.status == "b2, table allemande : FRf (une Française) en b3 ; places libres : b1 a2 c2."
    w = CafeWidget(players=["human", "steady"], seed=3, pace=0, lang="de")
    w.command("platz c2")
    assert w.status == "Platz c2: frei; er grenzt an b2 (deutsch), d2 (kubanisch), c3 (deutsch)."
    w.command("zurück")
    assert w.state.viewing is not None
    w.command("tische")                                   # looking back: the position looked at
    assert w.status.startswith("Tisch b2 (deutsch): noch niemand"), w.status


def test_at_a_table_a_seat_reads_out_of_its_turn_and_never_another_hand():
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    waiting = table.seat(0)                               # player 2 is to move
    assert table.game.to_move == 1
    waiting.command("hand")
    assert waiting.status.startswith("Hand of Player 1: 7 cards: ")
    for card in table.game.hand(1):
        if card not in table.game.hand(0):
            waiting.command(f"where {card}")
            assert waiting.status.endswith("is not in the hand shown.")
    screen = table.screen()
    screen.command("hand")
    assert screen.status == "Player 2 is to move, at their seat."


def test_the_board_reads_its_tables_chairs_and_where_a_tile_may_go():
    w = BoardWidget(players=["human", "steady"], seed=3, pace=0, lang="en")
    before = w.save()
    w.command("table b2")
    assert w.status == "b2, African table: nobody yet; free chairs: b1 a2 c2 b3."
    w.command("chair c2")
    assert w.status == "Chair c2: free; it touches b2 (African), d2 (Italian)."
    w.command("where ESf")
    assert w.status == ("ESf (a Spanish woman) may sit on: l3 (+0), k4 (+0), m4 (+0), l5 (+0). "
                        "The bar may take it: type bar ESf.")
    w.command("where CFm")
    assert w.status == "CFm may sit nowhere now. The bar may take it: type bar CFm."
    w.command("seat b2")
    assert w.status.startswith("seat: 'b2' is none of these: b1 d1")
    assert w.save() == before


def test_the_screen_in_words_follows_every_redraw():
    w = CafeWidget(players=["human", "steady"], seed=3, pace=0, lang="en")
    w.redraw()
    assert '<section aria-label="The screen in words">' in w._twin.value
    assert "b2, German table" in w._twin.value
    w.command("CNf@e4")
    w.redraw()
    assert "CNf (a Chinese woman) at e4" in w._twin.value


# -- every canvas button has a keyboard path ------------------------------------------------------

def _card_screens():
    """(name, a function making the screen): each screen made twice, the same."""
    def duel_handover():
        w = CafeWidget.from_notation(DUEL, players=["human", "human"])
        w.command("DEm@a2, end")
        return w

    def long_sheet():
        w = CafeWidget(players=["steady", "steady"], seed=2, pace=0)
        w.command("back")
        return w

    def chosen():
        w = CafeWidget(players=["human", "steady"], seed=3, pace=0)
        w.command("CNf@e4")
        return w

    def seats():
        w = CafeWidget.seat_task("RU GB FR ES IT | b1:RUf b3:RUm", "RUm")
        w.command("c2")
        return w

    return [("play", lambda: CafeWidget(players=["human", "steady"], seed=3, pace=0)), ("a card placed", chosen),
            ("the hand-over", duel_handover), ("a game over, looking back", long_sheet),
            ("a puzzle", lambda: CafeWidget.puzzle(1)), ("a seat task", seats)]


def _board_screens():
    def looking_back():
        w = BoardWidget(players=["human", "steady"], seed=3, pace=0)
        w.command("hint")
        w.command(w.status.split(": ", 1)[1].split(" =")[0].replace(", ", "; "))
        w.command("end")
        w.command("back")
        return w

    return [("play", lambda: BoardWidget(players=["human", "steady"], seed=3, pace=0)),
            ("a puzzle", lambda: BoardWidget.puzzle(1)), ("looking back", looking_back)]


def _typed_word(w, key: str) -> str:
    from cafe_widget.i18n import translate
    from cafe_widget.widget.reading import BOARD_BUTTONS

    return translate(BOARD_BUTTONS[key], w.lang).split("|")[0]   # the card game's words, and the board's


@pytest.mark.parametrize("screens", [_card_screens, _board_screens], ids=["card", "board"])
def test_every_button_shown_has_a_typed_word_that_does_what_its_click_does(screens):
    pressed = set()
    for name, make in screens():
        shown = make()
        keys = [r.name for r in shown.scene.regions if r.kind in ("button", "handover")]
        assert keys, name
        for key in keys:
            TRIES._reset_for_tests()       # a check's ladder is the kernel's: each widget starts it anew
            clicked = make()
            if key == "bar":               # the bar takes the tile chosen first; typed, it is named
                tile = clicked.game.hand()[0]
                clicked.click(*clicked.locate(tile))
            clicked.click(*clicked.locate(key))
            TRIES._reset_for_tests()
            typed = make()
            typed.command(f"bar {tile}" if key == "bar" else _typed_word(typed, key))
            if key == "swap":              # no joker to take: both refuse, nothing changed
                assert typed.save() == clicked.save() == make().save(), name
            else:
                assert (typed.status, typed.save(), typed.mode) == (clicked.status, clicked.save(), clicked.mode), \
                    (name, key)
            pressed.add(key)
    assert len(pressed) >= 10, pressed
