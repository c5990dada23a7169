"""What was seen stays seen: ``undo`` never takes back a card that turned up a table
from the table pile (R9), nor any card placed before it; a draw (R10) ends the turn, so undo
never reaches it; the board game draws only after its turn (B11). Written as an attacker would
try it: place the card, look at the new table, take the card back, and check that the refusal
names its rule and changes nothing, and that the turn can still be finished.

Tables used unless said otherwise: German b2, English d2, Italian c3, Chinese b4, African d4.
"""

import json

import pytest

from cafe_widget import BoardGame, Cafe, Game, IllegalMove

X = "DE GB IT CN CF"
# b2 (German) holds three guests: DEm@a2 fills it; the French table is turned up in its place.
FILL_B2 = f"{X} | b1:DEf c2:GBm b3:ITf | FR US | CNm ITf | DEm FRf FRm CNf / GBf | - / - | 0 0 | to:1"
# FRm@c2 fills b2, d2 and c3 at once (R9): three tables turned up.
TRIPLE = ("DE GB FR CN IT | b1:DEf a2:DEm b3:FRf d1:GBf e2:GBm d3:FRf c4:FRm | US RU ES TR | CNm ITf "
          "| FRm ITm / GBf | - / - | 0 0 | to:1")


def snapshot(g: Game) -> tuple:
    """Everything a refused undo must leave as it was."""
    return (g.format(), g.cafe.format(), g.table_pile, g.guest_pile, g.hands, g.box, g.scores,
            tuple(g.history), len(g.log), g.to_json())


def refused_undo(g: Game, rule: str) -> IllegalMove:
    before = snapshot(g)
    assert g.explain_undo() is not None and not g.can_undo()
    with pytest.raises(IllegalMove) as info:
        g.undo()
    assert info.value.rule == rule
    assert str(info.value) == str(g.explain_undo())
    assert snapshot(g) == before, "a refused undo changed the game"
    with pytest.raises(IllegalMove) as typed:
        g.act("undo")
    assert typed.value.rule == rule and snapshot(g) == before
    return info.value


# -- a table turned up (R9) ---------------------------------------------------------------------

def test_the_card_that_turned_up_a_table_cannot_be_taken_back():
    g = Game.parse(FILL_B2)
    card = g.place("DEm@a2")
    assert card.cleared == ("b2",)
    seen = g.cafe.table("b2")                     # what the attacker looks at
    assert seen == "FR" and g.table_pile == ("US",)
    err = refused_undo(g, "R9")
    assert err.move == "DEm@a2"
    assert str(err) == ("DEm@a2 cleared the German table b2, and everyone has now seen what came up "
                        "from the table pile, so that card and the cards before it can no longer be "
                        "taken back. Place another card, or end the turn (R9).")
    assert g.cafe == Cafe.parse("FR GB IT CN CF | - | US")   # the French table stays; US stays on top
    # The turn is not stuck: it may end at once, and it scores the card that was kept.
    assert g.can_end_turn() and g.explain_end_turn() is None
    turn = g.end_turn()
    assert turn.text == "DEm@a2" and turn.points == 4 and g.scores == (4, 0)


def test_the_sentence_is_in_the_catalogs():
    g = Game.parse(FILL_B2)
    g.place("DEm@a2")
    err = g.explain_undo()
    assert err.sentence("fr") != err.sentence("en") and err.sentence("fr").endswith("(R9).")
    assert err.sentence("de") != err.sentence("en") and err.sentence("de").endswith("(R9).")
    assert "DEm@a2" in err.sentence("fr") and "DEm@a2" in err.sentence("de")


def test_cards_before_the_turned_up_table_stay_too():
    g = Game.parse(f"{X} | b1:DEf c2:GBm | FR US | CNm ITf | DEm ITf FRf FRm / GBf | - / - | 0 0 | to:1")
    g.place("ITf@b3")                             # b2 3, c3 2, b4 0
    g.place("DEm@a2")                             # fills b2: the French table comes in
    assert g.cafe.table("b2") == "FR"
    refused_undo(g, "R9")
    assert [c.text for c in g.turn.cards] == ["ITf@b3", "DEm@a2"]
    assert g.end_turn().points == 3 + 2 + 4


def test_cards_after_the_turned_up_table_may_be_taken_back_down_to_it():
    g = Game.parse(FILL_B2)
    g.place("DEm@a2")
    at_the_reveal = g.format()
    g.place("FRf@b1")                             # alone at the new French table (R7)
    g.place("FRm@a2")                             # joins her
    assert g.undo() == "FRm@a2"
    assert g.undo() == "FRf@b1"
    assert g.format() == at_the_reveal
    refused_undo(g, "R9")
    g.place("FRf@b1")
    assert not g.can_end_turn()                   # she sits alone (R7) ...
    assert g.can_undo()                           # ... but may be taken back: never stuck
    g.place("FRm@a2")
    assert g.end_turn().points == 4 + 0 + 4


def test_one_card_that_turns_up_three_tables():
    g = Game.parse(TRIPLE)
    g.place("FRm@c2")
    assert g.cafe.tables == ("US", "RU", "ES", "CN", "IT") and g.table_pile == ("TR",)
    err = refused_undo(g, "R9")
    assert str(err).startswith("FRm@c2 cleared the German table b2, the English table d2 and the "
                               "French table c3, and everyone has now seen what came up")
    assert g.end_turn().points == 16


def test_before_any_table_is_turned_up_undo_works_as_before():
    g = Game.parse(f"{X} | b1:DEf c2:GBm b3:ITf | FR US | ITf | DEm CNf CNm / GBf | - / - | 0 0 | to:1")
    before = g.format()
    g.place("CNm@b5")                             # the Chinese table b4: ITf, CNm
    g.place("CNf@a4")                             # ITf, CNm, CNf
    assert g.can_undo() and g.explain_undo() is None
    assert g.undo() == "CNf@a4" and g.undo() == "CNm@b5"
    assert g.format() == before and g.turn is None
    refused_undo(g, "R4")                         # nothing left to take back


def test_a_whole_turn_through_play_cannot_be_taken_back_either():
    g = Game.parse(FILL_B2)
    g.play("DEm@a2, FRf@b1, FRm@a2")
    refused_undo(g, "R4")                         # the turn is over: no undo across turns


def test_r12a_a_clearing_that_ends_the_game_turns_nothing_up_and_the_game_is_over():
    g = Game.parse(f"{X} | b1:DEf c2:GBm b3:ITf | - | CNm | DEm CNf / ITm | - / - | 0 0 | to:1")
    g.place("DEm@a2")
    assert g.is_over and g.over_reason == "R12a"
    refused_undo(g, "R12")


def test_a_parsed_turn_in_progress_keeps_the_rule():
    g = Game.parse(FILL_B2)
    g.place("DEm@a2")
    again = Game.parse(g.format())
    assert again == g
    refused_undo(again, "R9")
    back = Game.from_json(g.to_json())
    refused_undo(back, "R9")


def test_a_save_played_before_the_rule_still_loads_and_the_game_then_keeps_it():
    """A save (a class table's file) that holds an undo across a turned-up table, played before
    undo stopped there, replays as it was played; from then on the rule holds."""
    g = Game.parse(FILL_B2)
    g.place("DEm@a2")
    data = json.loads(g.to_json())
    data["actions"] = data["actions"] + ["undo"]
    back = FILL_B2.replace("DEm FRf FRm CNf", "CNf DEm FRf FRm")      # the card back in the hand, the table on the pile
    data["notation"] = back
    loaded = Game.from_json(json.dumps(data))
    assert loaded.format() == back and loaded.table_pile == ("FR", "US") and not hasattr(loaded, "_replaying")
    loaded.place("DEm@a2")
    refused_undo(loaded, "R9")


# -- no turn is ever stuck: the ladies' or men's table comes first (R14 with R9) ----------------

# The German table b2 has one German woman. d4 (African) holds c4:CFm e4:CFm d5:CFf: a woman on d3
# fills it. The hand can make b2 a ladies' table (DEf ×3) and fill d4 (CFf).
LADIES = f"{X} | b1:DEf c4:CFm e4:CFm d5:CFf | FR US | CNm ITf | DEf DEf DEf CFf / GBf | - / - | 0 0 | to:1 variant"


def test_r14_no_table_is_turned_up_while_a_ladies_table_is_unfinished():
    g = Game.parse(LADIES)
    g.place("DEf@a2")                             # b2: two women, a ladies' table forming
    assert not g.can_end_turn()
    before = g.format()
    err = g.explain_place("CFf@d3")
    assert err is not None and (err.rule, err.move) == ("R14", "CFf@d3")
    assert str(err) == ("CFf@d3: it would fill a table and turn up a new one from the table pile while "
                        "the German table b2 is still becoming a ladies' table; a table once turned up "
                        "cannot be taken back, so complete the ladies' table first (R14).")
    with pytest.raises(IllegalMove) as info:
        g.place("CFf@d3")
    assert info.value.rule == "R14" and g.format() == before
    assert "CFf@d3" not in g.legal_placements()
    # Completed first, the ladies' table is cleared (a table turned up, now for good) and the
    # fourth card may then fill d4.
    g.place("DEf@c2")
    g.place("DEf@b3")
    assert g.cafe.table("b2") == "FR"
    refused_undo(g, "R9")
    g.place("CFf@d3")
    refused_undo(g, "R9")
    turn = g.end_turn()
    assert [c.by_table for c in turn.cards][2]["b2"] == 40 and turn.cleared == ("b2", "d4")


def test_r14_the_same_refusal_in_a_cafe_and_in_the_best_turn():
    cafe = Cafe.parse(f"{X} | b1:DEf c4:CFm e4:CFm d5:CFf | FR US")
    with pytest.raises(IllegalMove) as info:
        cafe.play("DEf@a2, CFf@d3", variant=True)
    assert info.value.rule == "R14"
    best = cafe.best_turn("DEf DEf DEf CFf", variant=True)
    assert best.text == "DEf@a2, DEf@c2, DEf@b3, CFf@d3" and best.points == cafe.play(best.text, True).points


def test_r14_after_any_turned_up_table_the_turn_may_end():
    """Every legal card that turns up a table, in every turn of a few cards from a few
    positions, leaves a turn that may end (so undo never needs to cross it)."""
    positions = [LADIES, FILL_B2, TRIPLE,
                 f"{X} | b1:DEf c4:CFm e4:CFm d5:CFf | FR US ES | CNm ITf | DEf DEf ITf ITm CFf DEm / GBf "
                 "| - / - | 0 0 | to:1 variant"]
    seen = 0

    def walk(g, depth):
        nonlocal seen
        for placement in g.legal_placements():
            trial = g.copy()
            card = trial.place(placement)
            if trial.is_over:
                continue
            if card.cleared:
                seen += 1
                assert trial.can_end_turn(), (placement, trial.format())
                assert not trial.can_undo()
            else:
                assert trial.can_undo()
            if depth:
                walk(trial, depth - 1)

    for text in positions:
        walk(Game.parse(text), 3)
    assert seen > 10


# -- a card drawn (R10), and the board game's refill (B11) ---------------------------------------

def test_a_drawn_card_cannot_be_taken_back():
    g = Game.parse(FILL_B2)
    g.draw()
    assert g.hand(0) == ("CNf", "CNm", "DEm", "FRf", "FRm") and g.guest_pile == ("ITf",)
    refused_undo(g, "R4")                         # the draw ended the turn: nothing to take back
    assert g.log[-1].action == "draw"


def test_a_board_turn_refills_the_hand_only_once_it_is_over():
    g = BoardGame.parse("b1:CFf | - | ESf ESm DEf DEm FRf FRm CUf CUm | CFm ITf ITm RUm USf / GBf GBm TRf TRm INf"
                        " | 5 5 | 0 0 | - | to:1")
    g.place("ITm@d1")
    assert g.bag[:2] == ("ESf", "ESm") and len(g.hand(0)) == 4   # nothing drawn mid-turn
    assert g.can_undo() and g.undo() == "ITm@d1"
    g.place("ITm@d1")
    g.place("ITf@e2")
    g.end_turn()                                  # the refill draws ESf ESm
    assert "ESf" in g.hand(0) and not g.can_undo()
    before = g.format()
    with pytest.raises(IllegalMove) as info:
        g.undo()
    assert info.value.rule == "B4" and g.format() == before
