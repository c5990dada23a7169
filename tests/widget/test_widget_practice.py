"""The practice layer in the widget, driven through ``locate`` and ``click`` as a
student's clicks would drive it: puzzle mode, the seat task, the scoresheet and the history
(◀ ▶, Try from here, Show best), the review, the last turn marked, and ask_points."""

import re

import pytest

from cafe_widget import Cafe, CafeWidget, Game
from cafe_widget.teach.card_puzzles import Puzzle, puzzles
from cafe_widget.widget import ask_points, ask_seats, ask_turn

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"
CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"
DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"


def tap(w, name):
    w.click(*w.locate(name))


def play(w, *placements):
    for placement in placements:
        guest, seat = placement.split("@")
        tap(w, guest)
        tap(w, seat)


def buttons(w):
    return {key: enabled for key, _, enabled in w.view().buttons}


# -- puzzle mode -------------------------------------------------------------------------------

def test_a_puzzle_solved_card_by_card():
    w = ask_turn(E12, "RUf ITf ITm DEm")
    assert w.mode == "puzzle" and w.view().hand == ("DEm", "ITf", "ITm", "RUf")
    assert buttons(w) == {"undo": False, "check": False, "show_best": True}
    tap(w, "RUf")                                  # where she may sit, not what she would score
    assert w.status == "RUf: may sit on a2, c2." and dict(w.view().lit) == {"a2": None, "c2": None}
    tap(w, "RUf")
    play(w, "RUf@c2", "ITf@c4", "ITm@d3")
    assert w.status == ("ITm@d3: +2 English table d2, +4 French table c3, +4 Italian table d4 = 10; clears c3; "
                        "a new table at c3: American (R9)")
    assert w.view().hand == ("DEm",)
    assert dict(w.view().badges) == {"d2": 2, "d4": 4}    # the cleared French table: in words only
    tap(w, "check")
    assert w.status.startswith("Solved: RUf@c2, ITf@c4, ITm@d3 makes 23 points (Russian table b2 +6,")
    assert w.puzzle_state["solved"] == [1] and w.puzzle_state["grade"].points == 23
    assert w.cafe == Cafe.parse("RU GB US ES IT | b1:RUf | CN DE")   # the café after the clearing


def test_a_puzzle_checked_short_of_the_best_then_retried():
    w = CafeWidget.puzzle(Puzzle(E12, "RUf ITf ITm DEm"))
    play(w, "RUf@c2", "ITf@c4")
    tap(w, "check")
    assert w.status == ("13 points (Russian table b2 +6, French table c3 +5, Spanish table b4 +2); "
                        "the best turn scores 23.")
    assert w.view().status_kind == "error" and w.puzzle_state["solved"] == []
    tap(w, "undo")
    tap(w, "undo")
    assert w.cafe == Cafe.parse(E12) and not buttons(w)["check"]
    play(w, "RUf@c2", "ITm@d3", "ITf@c4")
    tap(w, "check")
    assert w.puzzle_state["solved"] == [1] and w.status.startswith("Solved")


def test_a_refused_card_in_a_puzzle_says_its_rule_and_changes_nothing():
    w = ask_turn(E12, "RUf ITf ITm DEm")
    play(w, "ITm@c4")
    assert w.status == "ITm@c4: the French table c3 would have two men and no woman (R6)."
    assert w.cafe == Cafe.parse(E12) and w.view().hand == ("DEm", "ITf", "ITm", "RUf")
    play(w, "ITf@e4")
    tap(w, "check")                                # a card alone, never joined (R7)
    assert w.puzzle_state["grade"].rule == "R7" and w.status.startswith("Not allowed: ")


def test_show_best_lights_the_best_turn_and_does_not_count_as_solved():
    w = ask_turn(E12, "RUf ITf ITm DEm")
    play(w, "RUf@c2")
    tap(w, "show_best")
    assert w.cafe == Cafe.parse(E12)               # the cards placed are taken back
    assert w.view().hint == (("c2", "1 RUf +8"), ("d3", "2 ITm +5"), ("c4", "3 ITf +10"))
    assert w.status.startswith("The best turn: RUf@c2, ITm@d3, ITf@c4 = 23 points")
    play(w, "RUf@c2", "ITm@d3", "ITf@c4")
    tap(w, "check")
    assert w.status.endswith("(after Show best: not counted as solved)") and w.puzzle_state["solved"] == []


def test_next_puzzle_walks_a_level_and_counts_the_solved():
    level = puzzles(1)[:3]
    w = CafeWidget.puzzle(level)
    assert w.view().title == "Puzzle 1 of 3 · level 1"
    for card in level[0].best.cards:
        play(w, card.text)
    tap(w, "check")
    assert w.puzzle_state["solved"] == [1]
    tap(w, "next")
    assert w.puzzle_state["index"] == 2 and w.cafe == level[1].cafe
    assert w.view().title == "Puzzle 2 of 3 · level 1"
    assert "Solved: 1 of 3" in w.view().info
    tap(w, "next")
    tap(w, "next")
    assert w.status == "Level done: 1 of 3 solved. Back to the first puzzle of the level."
    assert w.puzzle_state["index"] == 1
    assert CafeWidget.puzzle(2).puzzle_state["total"] == len(puzzles(2))


def test_puzzle_mode_in_french():
    w = ask_turn(E12, "RUf ITf ITm DEm", lang="fr")
    play(w, "RUf@c2")
    tap(w, "check")
    assert w.status == "8 points (table russe b2 +6, table française c3 +2) ; le meilleur tour fait 23."
    assert {label for _, label, _ in w.view().buttons} == {"Annuler", "Vérifier", "Voir le meilleur"}


# -- the seat task -----------------------------------------------------------------------------

def test_a_seat_task_wrong_then_right():
    w = ask_seats(CAFE, "ITm")
    assert w.mode == "seats" and w.status.startswith("Click every seat where ITm may sit")
    tap(w, "c4")
    tap(w, "e4")
    assert w.marked == ("e4", "c4")[::-1] or w.marked == ("c4", "e4")
    tap(w, "check")
    assert w.status == ("Not quite: you marked 2 seats; right: 1; 1 allowed seat missing; "
                        "refused: c4 (R6).")
    tap(w, "c4")                                   # a second click unmarks
    tap(w, "d5")
    assert w.marked == ("e4", "d5")
    tap(w, "check")
    assert w.status.startswith("Right: an Italian man (ITm) may sit on e4") and w.view().status_kind == "ok"
    assert w.cafe == Cafe.parse(CAFE)              # nothing was placed


def test_a_seat_task_shows_the_answer_and_clears():
    w = CafeWidget.seat_task(CAFE, "RUf")
    tap(w, "answer")
    assert dict(w.view().lit) == {"a2": 6, "c2": 8}
    assert w.status == "A Russian woman (RUf) may sit on a2 (+6) and c2 (+8), and nowhere else."
    tap(w, "a2")
    tap(w, "clear")
    assert w.marked == () and w.status == "Marks cleared."
    tap(w, "RUf")
    assert w.status == "This is the guest to seat: click the seats where she or he may sit."


# -- the scoresheet, the history and the review -------------------------------------------------

@pytest.fixture
def duel():
    """Player 1 plays DEm@a2 (4); the greedy computer answers GBf@c2 (3), GBm@d3 (6), ITm@b3
    (7: the German table b2 full, cleared, R9)."""
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    play(w, "DEm@a2")
    tap(w, "end")
    return w


def test_the_scoresheet_lists_the_turns_newest_last(duel):
    rows = duel.view().sheet
    assert rows[0] == "1. Player 1: DEm@a2 +4"
    assert rows[1] == "2. Computer 2: GBf@c2 GBm@d3 ITm@b3 +16"
    assert duel.view().sheet_title == "Scoresheet"


def test_the_last_turn_is_marked_until_the_game_moves_on(duel):
    # only GBm@d3 still sits where it was placed: the clearing of b2 took c2 and b3 (R9)
    assert duel.view().marks == (("d3", "P2 +6"),)   # P2, never C2: that reads as the seat c2
    tap(duel, "DEf")                               # choosing a card keeps the marks
    assert duel.view().marks
    tap(duel, "a2")                                # refused (R5: b2 is now the French table)
    assert duel.status.endswith("(R5).") and duel.view().marks
    placement = duel.game.legal_placements()[0]
    play(duel, placement)                          # a card placed: the game moved on
    assert duel.game.turn is not None and duel.view().marks == ()


def test_stepping_back_through_the_game_is_read_only(duel):
    live = duel.game.format()
    tap(duel, "back")
    assert duel.viewing == 1 and duel.cafe == duel.game.log[1].before.cafe
    assert duel.status == "Turn 1 of 2: Player 1 played DEm@a2: 4 points."
    assert dict(duel.view().badges) == {"b2": 4} and duel.view().marks == (("a2", "P1 +4"),)
    tap(duel, "back")
    assert duel.viewing == 0 and duel.cafe == Cafe.parse("DE GB IT CN CF | b1:DEf | FR US")
    tap(duel, "c2")                                # read-only: nothing is played
    assert duel.status.startswith("You are looking back at the start of the game (read-only)")
    assert duel.game.format() == live
    tap(duel, "forward")
    tap(duel, "forward")
    assert duel.viewing == 2
    tap(duel, "forward")
    assert duel.viewing is None and duel.status == "Back to the game."
    tap(duel, "row1")
    assert duel.viewing == 1 and duel.view().sheet_selected == 0
    tap(duel, "live")
    assert duel.viewing is None and duel.game.format() == live


def test_try_from_here_opens_a_sandbox_with_the_table_pile(duel):
    tap(duel, "row1")
    tap(duel, "try")
    assert duel.mode == "sandbox" and duel.cafe == Cafe.parse("DE GB IT CN CF | b1:DEf a2:DEm | FR US")
    assert duel.status.startswith("Sandbox from turn 1")
    play(duel, "GBf@c2")
    assert duel.cafe.guest("c2") == "GBf"
    tap(duel, "live")
    assert duel.mode == "play" and duel.game.scores == (4, 16) and duel.cafe.guest("c2") is None


def test_review_shows_the_best_turn_of_the_persons_turns():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    play(w, "DEm@a2")                              # 4 points where DEm@c2, DEf@b3, ITf@d3 makes 17
    tap(w, "end")
    tap(w, "review")
    assert w.view().sheet_title == "Review"
    assert w.view().sheet[0] == "1. Player 1: DEm@a2 +4 · best 17"
    assert w.view().sheet[1] == "2. Computer 2: GBf@c2 GBm@d3 ITm@b3 +16"   # a computer's: nothing added
    tap(w, "row1")
    assert w.view().info[-2:] == ("*Best then: 17 points", "    DEm@c2, DEf@b3, ITf@d3")
    tap(w, "best")
    assert w.status == ("The best turn then, on the café before it: DEm@c2, DEf@b3, ITf@d3 = 17 "
                        "points (played: DEm@a2 = 4).")
    assert w.cafe == Cafe.parse("DE GB IT CN CF | b1:DEf | FR US")    # the café before the turn
    assert w.view().hint == (("c2", "1 DEm +4"), ("b3", "2 DEf +8"), ("d3", "3 ITf +5"))
    # under the turn's words, apart: the expert's guess for the turn played, and its own choice
    info = w.view().info
    assert info[0] == "*Player 1 played DEm@a2: 4 points."
    # DEm@a2 alone is not among the turns the expert weighs: its own choice, in one line
    assert re.fullmatch(r"The expert's choice \(a guess, not points\): (draw|([A-Z]{2}[fm]@[a-e]\d ?){1,3}), "
                        r"[+-]\d+\.\d", info[1]), info
    assert info[2:] == ("DEm@a2 = 4", "    +4 German table b2", "*Best then: 17 points", "    DEm@c2, DEf@b3, ITf@d3")
    tap(w, "row2")
    tap(w, "best")
    assert w.status == "No best turn to show: it was not your turn"
    assert not any("expert" in line for line in w.view().info)


def test_at_the_end_of_a_game_the_scoresheet_is_the_review():
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - "
                                 "| 0 0 | to:1", players=["human", "computer"])
    play(w, "DEm@a2")
    tap(w, "end")
    tap(w, "declare")
    assert w.game.is_over and w.view().sheet_title == "Review"
    assert w.view().sheet[0] == "*1. Player 1: DEm@a2 +4 · best ✓"


def test_a_long_scoresheet_scrolls():
    w = CafeWidget(game=Game.new(players=3, seed=1), players=["human", "strong", "greedy"])
    while len(w.game.log) < 40:
        tap(w, "draw" if w.game.explain_draw() is None else "hint")
        if w.game.explain_draw() is not None and len(w.game.hand()) == 12:
            tap(w, w.game.hand()[0])
            tap(w, "down")
    start, fit = w.scene.sheet_window
    assert start + fit == len(w.game.log) and fit < len(w.game.log)    # the newest in view
    tap(w, "rows_up")
    assert w.scene.sheet_window[0] < start
    row = w.scene.sheet_window[0] + 1       # the first row in view
    tap(w, f"row{row}")
    assert w.viewing == row
    tap(w, "live")
    tap(w, "rows_down")
    tap(w, "rows_down")
    assert w.scene.sheet_window[0] + fit == len(w.game.log)


# -- ask_points --------------------------------------------------------------------------------

def test_ask_points_nudges_then_shows_the_answer():
    q = ask_points(CAFE, "RUf@c2")
    assert not q.check("6").right
    assert q.feedback.startswith("Not quite: that is too few. Count again each table seat c2 touches (b2, d2, c3)")
    assert 'aria-live="polite"' in q._out.value
    assert q.check("7").stage == "hint" and q.feedback.startswith("Hint: a table scores a point for each guest")
    assert q.check("8").right and q.feedback.startswith("Right: RUf@c2 scores 8: +6 at the Russian table b2")
    q.show_answer()
    assert q.feedback.startswith("RUf@c2 scores 8: ")
    refused = ask_points(CAFE, "RUm@c2", lang="fr")
    assert not refused.check("2").right and refused.check("refusé").right
    assert repr(q) == "<PointsQuestion RUf@c2 on RU GB FR ES IT | b1:RUf b3:RUm>"
    assert not q.check("huit").right and q.feedback.startswith("Answer with a whole number")


def test_the_scoresheet_as_text_and_the_review_switched_on_in_code(duel):
    assert duel.scoresheet == ("1. Player 1: DEm@a2 +4", "2. Computer 2: GBf@c2 GBm@d3 ITm@b3 +16")
    duel.reviewing = True
    duel.reviewing = True                          # twice: the same (a notebook cell run again)
    assert duel.scoresheet[0] == "1. Player 1: DEm@a2 +4 · best 17"
    assert duel.view().sheet_title == "Review"


def test_teach_review_prints_the_facts(capsys):
    from cafe_widget.teach import review

    game = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - | 0 0 | to:1")
    review(game)
    game.play("DEm@a2")
    game.draw()
    game.declare_end(0)
    review(game)
    review(game, 1)
    assert capsys.readouterr().out == (
        "nothing to review yet\n"
        "  1. player 1: placed DEm@a2 = 4   (best then: DEm@a2 = 4)\n"
        "  2. player 2: drew a card   (best then: GBf@c2, GBm@d3 = 9)\n"
        "  3. player 1: declared the end (R12c)   (hand empty)\n"
        "  2. player 2: drew a card   (best then: GBf@c2, GBm@d3 = 9)\n")


EMPTIES = "DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - | 0 0 | to:1"


def test_back_to_game_gives_back_the_whole_screen_the_r12c_wait_included():
    w = CafeWidget.from_notation(EMPTIES, players=["human", "computer"])
    play(w, "DEm@a2")
    tap(w, "end")                                  # the hand is empty: the computer waits (R12c)
    waiting = ("Player 1, your hand is empty: Declare end now to finish the game (R12c), or End "
               "turn to let the others play.")
    assert w.status.endswith(waiting)
    tap(w, "back")
    tap(w, "try")
    assert w.mode == "sandbox"
    tap(w, "live")
    assert w.mode == "play" and w.status == waiting and w.viewing is None
    before = w.game.format()
    tap(w, "draw")                                 # still waiting: nothing is done for anyone
    assert w.game.format() == before and w.status.startswith("Player 1, your hand is empty")
    tap(w, "declare")
    assert w.game.over_reason == "R12c" and w.game.result().winners == (0,)


def test_back_to_game_keeps_the_hand_over_screen_between_two_people():
    w = CafeWidget(game=Game.new(players=2, seed=4), players=["human", "human"])
    tap(w, "draw")
    assert w.view().handover
    tap(w, "row1")
    tap(w, "try")
    assert "|" not in w.notation.split("|", 2)[-1] and w.notation.count("|") == 1   # no table pile shown
    tap(w, "live")
    assert w.view().handover and w.view().hand == ()


def test_try_from_the_best_turn_shown_replays_that_turn_as_a_puzzle():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    play(w, "DEm@a2")
    tap(w, "end")
    tap(w, "row1")
    tap(w, "best")
    tap(w, "try")
    assert w.mode == "puzzle" and w.cafe == Cafe.parse("DE GB IT CN CF | b1:DEf | FR US")
    assert w.view().hand == ("CNm", "DEf", "DEm", "ITf")          # the hand player 1 had
    assert w.status.startswith("Turn 1 again, as a puzzle")
    play(w, "DEm@c2", "DEf@b3", "ITf@d3")
    tap(w, "check")
    assert w.puzzle_state["solved"] == [1] and w.status.startswith("Solved: DEm@c2, DEf@b3, ITf@d3 makes 17")
    tap(w, "live")
    assert w.mode == "play" and w.game.scores == (4, 16) and w.viewing is None


def test_declare_end_never_acts_for_a_computer():
    """The computer emptied its hand and played on; the person's click on the greyed Declare
    end must not declare the end in the computer's name (R12c)."""
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm TRf | DEm DEf ITf CNm / - "
                                 "| - / - | 0 20 | to:1 declare:2", players=["human", "greedy"])
    before = w.game.format()
    tap(w, "declare")
    assert w.game.format() == before and w.status.endswith("(R12).")


def test_a_seat_task_is_answered_from_the_keyboard():
    """A seat typed in the command box marks it (again: unmarks it), as a
    click would; ``check`` and ``clear`` are the buttons; a placement of the guest asked about
    marks its seat; anything else is refused and changes nothing."""
    w = ask_seats(CAFE, "ITm")
    assert "e4" in w._command.placeholder and "RUf@c2" not in w._command.placeholder
    w.command("e4")
    assert w.marked == ("e4",) and w.status == "Marked: e4."
    w.command("c4, C4")                            # marked, then unmarked; any case
    assert w.marked == ("e4",)
    w.command("ITm@d5")
    assert w.marked == ("e4", "d5")
    w.command("RUf@a2")
    assert w.marked == ("e4", "d5") and "is not asked here" in w.status and "ITm" in w.status
    w.command("b2")
    assert w.marked == ("e4", "d5") and "where a table stands" in w.status
    w.command("d5, zz")                            # a line is all or nothing
    assert w.marked == ("e4", "d5") and w.status.startswith("'zz' is not a seat") and "e4, check" in w.status
    w.command("check")
    assert w.status.startswith("Right: an Italian man (ITm) may sit on e4")
    w.command("clear")
    assert w.marked == () and w.status == "Marks cleared."
    assert w.cafe == Cafe.parse(CAFE)              # nothing was placed


def test_a_seat_task_typed_in_french():
    w = ask_seats(CAFE, "ITm", lang="fr")
    w.command("e4")
    w.command("d5")
    assert w.marked == ("e4", "d5")
    w.command("vérifier")
    assert w.view().status_kind == "ok"
