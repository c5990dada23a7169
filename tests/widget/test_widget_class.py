"""The widget in class: readable, forgiving, playable without a mouse. Driven through
``locate``/``click`` and the command box, as a student would."""

import pytest

from cafe_widget import Cafe, CafeWidget, Game
from cafe_widget.render.scene import STATUS_SIZES, Text, wrap

DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"
E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"


def tap(w, name):
    w.click(*w.locate(name))


def status_texts(w):
    from cafe_widget.render.scene import STATUS_Y

    return [p.text for p in w.scene.layer("controls") if isinstance(p, Text) and p.y > STATUS_Y]


# -- readable ------------------------------------------------------------------------------------

def test_the_status_wraps_whole_at_15_px_and_a_long_sentence_on_smaller_lines_never_under_12():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    tap(w, "ITf")
    lines = status_texts(w)
    assert len(lines) <= 3 and " ".join(lines) == w.status
    assert {p.size for p in w.scene.layer("controls") if isinstance(p, Text) and p.text in lines} == {15}
    tap(w, "a2")                                   # a long R5 refusal
    lines = status_texts(w)
    assert 3 <= len(lines) <= 6 and " ".join(lines) == w.status
    sizes = {p.size for p in w.scene.layer("controls") if isinstance(p, Text) and p.text in lines}
    assert len(sizes) == 1 and 12 <= sizes.pop() <= 15
    assert [size for size, _, _ in STATUS_SIZES] == [15, 13, 12]
    assert wrap("a " * 200, 800, 15, 3)[-1].count("a") > 50     # never more lines than asked


def test_a_lone_card_is_explained_not_shown_as_plus_zero():
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | CNm USf / GBf "
                                 "| - / - | 0 0 | to:1", players=["human", "greedy"])
    tap(w, "CNm")
    tap(w, "a4")
    info = w.view().info
    assert "    alone: no points yet, must be joined (R7)" in info and "    +0" not in info


# -- forgiving -----------------------------------------------------------------------------------

def test_new_game_asks_first_then_deals_the_next_seed_with_the_same_players():
    w = CafeWidget(game=Game.new(players=3, seed=7), players=["human", "greedy", "random"], variant=True)
    tap(w, "draw")
    played = w.game.format()
    tap(w, "new")
    assert w.status.startswith("Start a new game? This one would be lost") and w.game.format() == played
    tap(w, "b1")                                   # anything else: the question is dropped
    tap(w, "new")
    assert w.game.format() == played
    tap(w, "new")
    assert w.game.seed == 8 and w.status.startswith("New game, seed 8. Welcome!")
    assert w.game.players == 3 and w.state.kinds == ("human", "greedy", "random")
    assert w.game == Game.new(players=3, seed=8) or w.game.log      # the computers may have played
    fresh = Game.new(players=3, seed=8)
    assert w.game.log == [] or w.game.log[0].before.cafe == fresh.cafe


def test_new_game_at_once_when_nothing_was_played_and_in_french():
    w = CafeWidget(game=Game.new(players=2, seed=3, start_player=0), players=["human", "human"], lang="fr")
    tap(w, "new")
    assert w.game.seed == 4 and w.status.startswith("Nouvelle partie, graine 4.")


def test_load_over_a_game_asks_first_and_never_loses_it_silently():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    tap(w, "DEm")
    tap(w, "a2")
    before = w.game.format()
    w._text.value = E12
    w._load_button.click()
    assert w.status.startswith("Replace the game? The game so far would be lost")
    assert w.game is not None and w.game.format() == before
    w._load_button.click()
    assert w.game is None and w.cafe == Cafe.parse(E12) and w.status.startswith("Loaded: ")


def test_locate_of_something_not_shown_says_what_is_shown():
    w = CafeWidget.from_notation(E12)
    with pytest.raises(ValueError, match=r"nothing called 'new' is shown; shown now: b2 d2 c3 b4 d4 b1"):
        w.locate("new")


# -- without a mouse -----------------------------------------------------------------------------

def test_a_turn_typed_in_notation_then_end():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    w.command("DEm@c2, DEf@b3, ITf@d3")
    assert [c.text for c in w.game.turn.cards] == ["DEm@c2", "DEf@b3", "ITf@d3"]
    assert w.status == "ITf@d3: +2 English table d2, +3 Italian table c3, +0 African table d4 = 5"
    w.command("end")
    assert w.game.scores[0] == 17 and w.status.startswith("Player 1 scored 17 this turn.")


def test_a_typed_line_with_a_refused_card_places_none_of_its_cards():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    before = w.game.format()
    w.command("DEm@c2, ITf@a2")
    assert w.status == ("ITf@a2: seat a2 touches only the German table b2, and an Italian woman may "
                        "sit only at a table of her own nation (R5).")
    assert w.game.format() == before and w.game.turn is None
    w.command("USm@c2")
    assert w.status.endswith("(R4).") and w.game.format() == before
    w.command("XXf@c2")
    assert w.status.startswith("placement: 'XXf' is not a guest") and w.game.format() == before


def test_typed_actions_draw_face_down_undo_and_unknown_words():
    hand = "CFf CFm CNf CNm CUf CUm DEm ESf ESm FRf FRm GBf"
    w = CafeWidget.from_notation(f"DE GB IT CN CF | b1:DEf | FR | ITm ITf | {hand} / GBm | - / - | 0 0 | to:1",
                                 players=["human", "computer"])
    w.command("undo")
    assert w.status.endswith("(R4).")
    w.command("draw")
    assert w.status.endswith("(R10).")
    w.command("down CUm")
    assert w.game.face_down[0] == ("CUm",)
    w.command("fly")
    assert w.status.startswith("'fly' is not a move: write a placement or a turn (RUf@c2, ITf@c4), or one of:")


def test_the_command_box_and_its_button_and_the_status_for_screen_readers():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    w._command.value = "DEm@a2"                    # Enter in the box
    assert w.game.turn.cards[-1].text == "DEm@a2" and w._command.value == ""
    w._command.value = ""
    assert 'aria-live="polite"' in w._live.value and "DEm@a2: +4 German table b2 = 4" in w._live.value
    w._command.value = "end"
    assert w.game.scores[0] == 4
    boxes = [c for c in w.children]
    assert boxes[0] is w._canvas and boxes[1] is w._live     # focus order: canvas, status, command, load


def test_typed_commands_in_a_puzzle_and_a_sandbox():
    from cafe_widget.widget import ask_turn

    w = ask_turn(E12, "RUf ITf ITm DEm")
    w.command("RUf@c2, ITm@d3, ITf@c4; check")
    assert w.puzzle_state["solved"] == [1]
    sandbox = CafeWidget.from_notation(E12)
    sandbox.command("RUf@c2, keep")
    assert sandbox.status == "Turn kept: 8 points."
    sandbox.command("draw")
    assert sandbox.status.startswith("'draw': there is no draw here now")
    before = sandbox.cafe.format()
    for typed in ("declare:2", "declare 1"):           # no game, so nobody to declare the end (R12c)
        sandbox.command(typed)
        assert sandbox.status.startswith(f"'{typed}': there is no {typed} here now"), sandbox.status
        assert "R4" not in sandbox.status and sandbox.cafe.format() == before


# -- computer opponents a student learns from ------------------------------------------------------

def test_after_a_mouse_click_the_computers_play_one_after_another():
    """In a live front end (an event loop running), a student's click is followed by one
    computer turn every ``pace`` seconds, each shown with its seats marked and its points table
    by table; ``w.click`` from code gets them all at once. The steps are driven here by hand
    (no clock in the test): each scheduled step is run when the test says so."""
    import asyncio

    async def scenario():
        w = CafeWidget(game=Game.new(players=3, seed=5, start_player=0),
                       players=["human", "computer", "computer"], pace=0.9)
        steps = []
        w._schedule = lambda: steps.append(w._pace_token)   # instead of loop.call_later
        x, y = w.locate("draw")
        w._on_mouse_down(2 * x, 2 * y)               # the mouse, as the front end sends it
        assert w.game.to_move == 1 and w.status.startswith("Player 1 drew ") and len(steps) == 1
        w._paced_step(steps.pop())
        assert w.game.to_move == 2 and w.status.startswith("Computer 2 (steady) played ")
        assert w.view().info[0].startswith("*Computer 2: ") and len(w.view().info) == 1
        assert w.view().marks and all(label.startswith("P2 +") for _, label in w.view().marks)
        w._paced_step(steps.pop())
        assert w.game.to_move == 0 and w.status.startswith("Computer 3 (steady) ") and not steps
        assert w.view().info[0].startswith("*Computer 2: ") and w.view().info[1].startswith("*Computer 3")
        # a click while the computers are still to play: their turns come at once, first
        w._on_mouse_down(2 * x, 2 * y)
        assert w.game.to_move == 1 and len(steps) == 1
        stale = steps.pop()
        w._on_mouse_down(2 * x, 2 * y)               # fast-forward: both computers play now
        assert w.game.to_move == 0 and len(w.game.log) == 6
        w._paced_step(stale)                         # the old step finds nothing left to do
        assert w.game.to_move == 0 and len(w.game.log) == 6
        code = CafeWidget(game=Game.new(players=3, seed=5, start_player=0),
                          players=["human", "computer", "computer"])
        code.click(*code.locate("draw"))             # from code: no waiting
        assert code.game.to_move == 0

    asyncio.run(scenario())


def test_a_very_long_message_takes_six_lines_of_12_px_rather_than_a_squeezed_third():
    from cafe_widget.widget import ask_seats

    w = ask_seats("RU GB FR ES IT | b1:RUf b3:RUm", "ITm", lang="fr")
    tap(w, "c4")
    tap(w, "b5")
    tap(w, "answer")
    tap(w, "check")
    lines = status_texts(w)
    assert " ".join(lines) == w.status and len(w.status) > 300
    assert len(lines) == 6 and {p.size for p in w.scene.layer("controls") if isinstance(p, Text) and p.text in lines} == {12}


def test_the_command_box_takes_french_words_too():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"], lang="fr")
    w.command("DEm@a2, fin")
    assert w.game.scores[0] == 4 and w.game.to_move == 0
    w.command("piocher")
    assert len(w.game.log) >= 3 and w.game.log[2].action == "draw"


def test_a_sandbox_written_without_a_pile_gets_the_rest_of_the_box():
    """E12 in a sandbox: the clearing brings in a new table instead of ending the game (R9)."""
    from collections import Counter

    from cafe_widget.engine.cards import full_table_deck

    w = CafeWidget.from_notation("RU GB FR ES IT | b1:RUf b3:RUm")
    assert w.notation == "RU GB FR ES IT | b1:RUf b3:RUm"          # the pile is not written
    on_table = Counter(w.cafe.tables)
    assert Counter(w.cafe.pile) + on_table == Counter(full_table_deck()) and len(w.cafe.pile) == 19
    assert CafeWidget.from_notation("RU GB FR ES IT | b1:RUf b3:RUm").cafe.pile == w.cafe.pile
    for line in ("RUf@c2", "ITf@c4", "ITm@d3", "end"):
        w.command(line)
    assert w.status == "Turn kept: 23 points."
    assert w.cafe.tables == ("RU", "GB", w.cafe.tables[2], "ES", "IT") and w.cafe.tables[2] == "FR"
    assert w.notation == "RU GB FR ES IT | b1:RUf" and len(w.cafe.pile) == 18
    written = CafeWidget.from_notation("RU GB FR ES IT | b1:RUf b3:RUm | US")
    assert written.cafe.pile == ("US",) and written.notation.endswith("| US")


def test_undo_keeps_the_selected_card_selected():
    """The card taken back comes into the hand before the selected one: the same guest stays
    selected, not whichever card now has its place in the hand."""
    w = CafeWidget(game=Game.new(players=2, seed=1), players=["human", "human"])
    game = w.game
    assert game.hand() == ("CNf", "FRm", "FRm", "GBm", "INf", "RUm", "USm")
    first, seat = "CNf", "c2"           # the first card of the hand: taken back, it comes first
    w.click(*w.locate(first))
    w.click(*w.locate(seat))
    assert w.cafe.guest(seat) == first
    hand = w.view().hand
    chosen = hand[-1]
    w.click(*w.locate(chosen))
    assert w.view().hand[w.view().selected] == chosen
    w.click(*w.locate("undo"))
    view = w.view()
    assert w.cafe.guest(seat) is None and first in view.hand and view.hand != hand
    assert view.hand[view.selected] == chosen, (view.hand, view.selected)
