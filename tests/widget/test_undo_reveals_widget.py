"""What was seen stays seen, in the widget: after a card that turned up a table (R9),
the Undo button and the typed ``undo`` show the refusal in the status line, with its rule, and
change nothing; the turn can still be ended. Cards placed after it may still be taken back."""

from cafe_widget import Cafe, CafeWidget

# Player 1 (human) against player 2 (computer): DEm@a2 fills the German table b2; the French
# table is turned up in its place.
FILL_B2 = ("DE GB IT CN CF | b1:DEf c2:GBm b3:ITf | FR US | CNm ITf | DEm FRf FRm CNf / GBf | - / - "
           "| 0 0 | to:1")
REFUSAL = ("DEm@a2 cleared the German table b2, and everyone has now seen what came up from the table "
           "pile, so that card and the cards before it can no longer be taken back. Place another card, "
           "or end the turn (R9).")


def tap(w, name):
    w.click(*w.locate(name))


def buttons(w):
    return {key: enabled for key, _, enabled in w.view().buttons}


def test_undo_after_a_clearing_is_refused_in_the_status_line_and_changes_nothing():
    w = CafeWidget.from_notation(FILL_B2, players=["human", "computer"])
    tap(w, "DEm")
    tap(w, "a2")
    assert w.status == "DEm@a2: +4 German table b2 = 4; clears b2; a new table at b2: French (R9)"
    assert w.cafe == Cafe.parse("FR GB IT CN CF | - | US")
    assert buttons(w)["undo"] is False and buttons(w)["end"] is True   # greyed, still answers
    before = (w.game.format(), w.game.to_json(), w.cafe)
    tap(w, "undo")
    assert w.status == REFUSAL and w.refused
    assert (w.game.format(), w.game.to_json(), w.cafe) == before
    w.command("undo")
    assert w.status == REFUSAL and w.refused
    assert (w.game.format(), w.game.to_json(), w.cafe) == before
    tap(w, "end")                                 # the turn is not stuck
    assert w.status.startswith("Player 1 scored 4 this turn.")
    assert w.game.scores[0] == 4 and w.game.log[0].turn.text == "DEm@a2"


def test_cards_after_the_clearing_may_still_be_taken_back():
    w = CafeWidget.from_notation(FILL_B2, players=["human", "computer"])
    tap(w, "DEm")
    tap(w, "a2")
    at_the_reveal = w.game.format()
    tap(w, "FRf")
    tap(w, "b1")
    assert buttons(w)["undo"] is True
    tap(w, "undo")
    assert w.status == "FRf@b1 taken back." and w.game.format() == at_the_reveal
    w.command("undo")
    assert w.status == REFUSAL and w.game.format() == at_the_reveal


def test_the_refusal_in_french_and_german():
    for lang in ("fr", "de"):
        w = CafeWidget.from_notation(FILL_B2, players=["human", "computer"], lang=lang)
        tap(w, "DEm")
        tap(w, "a2")
        before = w.game.format()
        tap(w, "undo")
        assert w.refused and w.status.endswith("(R9).") and "DEm@a2" in w.status
        assert w.status != REFUSAL and w.game.format() == before


def test_the_hint_does_not_offer_to_take_back_a_turned_up_table():
    # From the start the hand could make 9 (TRf@c2, CUf@e4); after CUf@e4 has filled the Cuban
    # table d4 and turned up the French one, the best finish makes 8: taking the cards back to
    # make 9 is no longer possible, so the hint does not offer it.
    w = CafeWidget.from_notation("TR IT IN DE CU | d3:CUm c4:DEf d5:CUm | FR CN GB | ITf | CFf CUf ESm FRm RUf "
                                 "RUm TRf / CNm FRf RUf TRf | - / - | 0 7 | to:1", players=["human", "computer"])
    assert w.game.state.cafe.best_turn(w.game.hand(), blind=True).points == 9
    tap(w, "CUf")
    tap(w, "e4")
    assert w.game.turn.cards[-1].cleared == ("d4",)
    tap(w, "hint")
    assert w.status.startswith("Hint, not played: finish with ") and "8 points" in w.status
    assert "Taking your cards back" not in w.status
