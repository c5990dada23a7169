"""Each rule R1–R14 of docs/RULES.md, with legal and refused cases written in notation, asserting
the points table by table or the refusing rule.

Tables used unless said otherwise: German b2, English d2, Italian c3, Chinese b4, African d4.
"""

import pytest

from cafe_widget import Cafe, Game, IllegalMove
from cafe_widget.engine.cards import GUEST_KINDS, NATIONS, full_guest_deck, full_table_deck
from cafe_widget.engine.layout import SEATS, TABLE_PLACES, TOUCHES

X = "DE GB IT CN CF"


def refused(cafe_text, turn, variant=False):
    """The IllegalMove raised by playing ``turn`` on ``cafe_text``; the café must be unchanged."""
    cafe = Cafe.parse(cafe_text)
    with pytest.raises(IllegalMove) as info:
        cafe.play(turn, variant=variant)
    assert cafe == Cafe.parse(cafe_text)
    return info.value


def by_table(cafe_text, turn, variant=False):
    return [c.by_table for c in Cafe.parse(cafe_text).play(turn, variant=variant).cards]


def game(text):
    return Game.parse(text)


# -- R1 cards, R2 layout, R3 set-up ----------------------------------------------------------

def test_r1_the_deck():
    assert len(NATIONS) == 12 and len(GUEST_KINDS) == 24
    assert len(full_guest_deck()) == 96 and len(full_table_deck()) == 24
    assert sum(g.endswith("f") for g in full_guest_deck()) == 48


def test_r1_a_fifth_copy_of_a_guest_is_refused_in_a_hand_made_cafe():
    err = refused("DE GB IT CN CF | b1:DEf a2:DEm c2:DEf d1:GBm d3:DEf c4:DEf", "DEf@b3")
    assert err.rule == "R1"


def test_r2_which_seat_touches_which_table():
    assert TABLE_PLACES == ("b2", "d2", "c3", "b4", "d4")
    assert SEATS == ("b1", "d1", "a2", "c2", "e2", "b3", "d3", "a4", "c4", "e4", "b5", "d5")
    assert TOUCHES == {
        "b1": ("b2",), "d1": ("d2",), "a2": ("b2",), "c2": ("b2", "d2", "c3"), "e2": ("d2",),
        "b3": ("b2", "c3", "b4"), "d3": ("d2", "c3", "d4"), "a4": ("b4",),
        "c4": ("c3", "b4", "d4"), "e4": ("d4",), "b5": ("b4",), "d5": ("d4",)}


def test_r2_the_cafe_drawn_in_ascii():
    assert str(Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm | US")) == "\n".join([
        "         a      b      c      d      e",
        "  1      .     RUf     .      d1     .",
        "  2      a2    [RU]    c2    [GB]    e2",
        "  3      .     RUm    [FR]    d3     .",
        "  4      a4    [ES]    c4    [IT]    e4",
        "  5      .      b5     .      d5     .",
        "  table pile: US",
    ])


def test_r3_set_up():
    g = Game.new(players=4, seed=11)
    assert [len(h) for h in g.hands] == [7, 7, 7, 7]
    assert len(g.guest_pile) == 96 - 28 and len(g.table_pile) == 19
    assert all(g.cafe.tables) and g.cafe.is_empty()
    assert g.scores == (0, 0, 0, 0) and g.face_down == ((), (), (), ())
    assert Game.new(players=4, seed=11) == g                  # the seed replays the deal
    assert Game.new(players=4, seed=12) != g
    assert Game.new(players=3, seed=5, start_player=2).to_move == 2


@pytest.mark.parametrize("players", [1, 6, "2"])
def test_r3_two_to_five_players(players):
    with pytest.raises(ValueError):
        Game.new(players=players, seed=1)


# -- R4 one action per turn --------------------------------------------------------------------

def test_r4_at_most_three_cards():
    err = refused(f"{X} | b1:DEf | FR", "DEm@a2, DEf@c2, DEm@b3, CNf@a4")
    assert (err.rule, err.move) == ("R4", "CNf@a4")


def test_r4_a_turn_places_at_least_one_card():
    assert refused(f"{X} | b1:DEf", "").rule == "R4"


def test_r4_no_drawing_after_placing_and_only_cards_from_the_hand():
    g = game(f"{X} | b1:DEf | FR | CNm | DEm DEf / ITm | - / - | 0 0 | to:1")
    with pytest.raises(IllegalMove) as err:
        g.place("ITm@c2")
    assert err.value.rule == "R4" and "not in your hand" in str(err.value)
    g.place("DEm@a2")
    with pytest.raises(IllegalMove) as err:
        g.draw()
    assert err.value.rule == "R4"


def test_r4_placing_is_never_compulsory():
    g = game(f"{X} | b1:DEf | FR | CNm | DEm / ITm | - / - | 0 0 | to:1")
    assert g.legal_placements() == ["DEm@a2", "DEm@c2", "DEm@b3"]
    assert g.draw() == "CNm" and g.hands[0] == ("CNm", "DEm")


# -- R5 nationality ---------------------------------------------------------------------------

def test_r5_nationality_of_a_touched_table():
    assert by_table(f"{X} | b1:DEf", "DEm@a2") == [{"b2": 4}]
    # an inner seat takes the nation of any of its three tables
    assert by_table(f"{X} | b1:DEf", "ITm@c2") == [{"b2": 2, "d2": 0, "c3": 0}]
    err = refused(f"{X} | b1:DEf", "ITm@a2")
    assert err.rule == "R5"
    assert str(err) == ("ITm@a2: seat a2 touches only the German table b2, and an Italian man "
                        "may sit only at a table of his own nation (R5).")


def test_r5_an_occupied_seat():
    err = refused(f"{X} | b1:DEf", "DEm@b1")
    assert err.rule == "R5" and "already taken" in str(err)


def test_r5_a_seat_by_a_missing_table():
    assert refused("- GB IT CN CF | c2:GBf", "DEm@a2").rule == "R5"


# -- R6 balance of the sexes -------------------------------------------------------------------

def test_r6_two_men_alone_at_a_table():
    err = refused("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2")
    assert err.rule == "R6"
    assert str(err) == "RUm@c2: the French table c3 would have two men and no woman (R6)."


def test_r6_one_and_two_is_fine_three_and_one_is_not():
    assert by_table(f"{X} | b1:DEf a2:DEm", "DEm@c2") == [{"b2": 6, "d2": 0, "c3": 0}]
    err = refused(f"{X} | b1:DEm a2:DEm c2:DEf", "ITm@b3")
    assert err.rule == "R6" and "German table b2" in str(err)


def test_r6_is_checked_at_every_table_the_seat_touches():
    err = refused(f"{X} | b1:DEf a2:DEm c4:ITm", "ITm@c2")   # fine at b2, two men at c3
    assert err.rule == "R6" and "Italian table c3" in str(err)


def test_r6_two_men_left_by_a_clearing_need_a_woman_next():
    cafe = f"{X} | b1:DEm a2:DEm"   # as a clearing can leave them
    assert by_table(cafe, "ITf@c2") == [{"b2": 3, "d2": 0, "c3": 0}]
    assert refused(cafe, "ITm@c2").rule == "R6"


# -- R7 company --------------------------------------------------------------------------------

def test_r7_a_lone_first_card_must_be_joined():
    assert by_table(f"{X} | -", "DEf@b1, DEm@a2") == [{"b2": 0}, {"b2": 4}]
    err = refused(f"{X} | -", "DEf@b1")
    assert err.rule == "R7" and "must join" in str(err)


def test_r7_the_very_next_card_must_join():
    err = refused(f"{X} | d1:GBf", "DEf@b1, GBm@e2")
    assert (err.rule, err.move) == ("R7", "GBm@e2")
    assert str(err) == ("GBm@e2: a German woman on b1 sits alone at the German table b2, so this "
                        "card must join her there (R7).")


def test_r7_an_inner_card_alone_may_be_joined_at_any_of_its_tables():
    assert by_table(f"{X} | -", "ITf@c2, GBm@d1") == [{"b2": 0, "d2": 0, "c3": 0}, {"d2": 2}]


def test_r7_a_lone_third_card_is_refused_at_once():
    err = refused(f"{X} | b1:DEf", "DEm@a2, ITf@b3, CFf@e4")
    assert (err.rule, err.move) == ("R7", "CFf@e4")


def test_r7_in_a_game_the_turn_may_not_end_with_a_lone_card():
    g = game(f"{X} | - | FR | CNm | DEf DEm / ITm | - / - | 0 0 | to:1")
    before = g.format()
    g.place("DEf@b1")
    err = g.explain_end_turn()
    assert err.rule == "R7"
    with pytest.raises(IllegalMove):
        g.end_turn()
    assert g.undo() == "DEf@b1" and g.format() == before


# -- R8 scoring --------------------------------------------------------------------------------

@pytest.mark.parametrize("seats, card, points", [
    ("b3:ITf", "DEm@a2", 2), ("c2:GBm b3:ITf", "DEf@a2", 3), ("b1:DEf c2:GBm b3:ITf", "DEm@a2", 4),
    ("b1:DEf", "DEm@a2", 4), ("b1:DEf b3:DEm", "DEf@a2", 6), ("b1:DEf c2:DEm b3:DEf", "DEm@a2", 8),
])
def test_r8_the_scoring_table(seats, card, points):
    assert by_table(f"{X} | {seats}", card) == [{"b2": points}]


def test_r8_each_card_scored_in_order_against_the_cafe_after_it():
    turn = Cafe.parse(f"{X} | b1:DEf").play("DEm@a2, ITf@c2")
    assert [(t.place, t.guests, t.doubled, t.points) for t in turn.cards[1].tables] == [
        ("b2", 3, False, 3), ("d2", 1, False, 0), ("c3", 1, False, 0)]
    assert turn.points == sum(c.points for c in turn.cards) == 7


def test_r8_a_missing_table_scores_nothing_and_is_not_listed():
    assert by_table("DE - IT CN CF | b1:DEf", "DEm@c2") == [{"b2": 4, "c3": 0}]


# -- R9 clearing -------------------------------------------------------------------------------

TRIPLE = "DE GB FR CN IT | b1:DEf a2:DEm b3:FRf d1:GBf e2:GBm d3:FRf c4:FRm"


def test_r9_one_card_clears_three_tables():
    turn = Cafe.parse(TRIPLE + " | US RU ES TR").play("FRm@c2")
    assert turn.cards[0].by_table == {"b2": 4, "d2": 4, "c3": 8}
    assert turn.cleared == ("b2", "d2", "c3")
    assert turn.cafe == Cafe.parse("US RU ES CN IT | - | TR")  # drawn in reading order
    assert not turn.ends_game


def test_r9_play_goes_on_at_the_new_table():
    turn = Cafe.parse(f"{X} | b1:DEf c2:GBm b3:ITf | FR").play("DEm@a2, FRf@b1, FRm@a2")
    assert [c.by_table for c in turn.cards] == [{"b2": 4}, {"b2": 0}, {"b2": 4}]
    assert turn.cafe == Cafe.parse("FR GB IT CN CF | b1:FRf a2:FRm")


def test_r9_r12a_the_table_pile_runs_short():
    turn = Cafe.parse(TRIPLE + " | US RU").play("FRm@c2")
    assert turn.ends_game and turn.points == 16
    assert turn.cafe == Cafe.parse("- - - CN IT | - | US RU")


def test_r12a_no_card_after_the_game_ended():
    err = refused(f"{X} | b1:DEf c2:GBm b3:ITf", "DEm@a2, CNf@a4")
    assert (err.rule, err.move) == ("R12", "CNf@a4")


def test_r12a_in_a_game_the_turn_is_scored_and_the_game_ends():
    g = game(f"{X} | b1:DEf c2:GBm b3:ITf | - | CNm | DEm CNf / ITm | - / - | 0 0 | to:1")
    g.place("DEm@a2")
    assert g.is_over and g.over_reason == "R12a" and g.turn is None
    assert g.scores == (4, 0) and g.hands == (("CNf",), ("ITm",))
    assert [s.final for s in g.result().standings] == [2, -2]
    with pytest.raises(IllegalMove) as err:
        g.draw()
    assert err.value.rule == "R12"


# -- R10 drawing, R11 face-down ----------------------------------------------------------------

TWELVE = "CFf CFm CNf CNm CUf CUm DEf DEm ESf ESm FRf FRm"


def test_r10_hand_limit_twelve():
    g = game(f"{X} | - | - | GBm | {TWELVE} / ITm | - / - | 0 0 | to:1")
    before = g.format()
    with pytest.raises(IllegalMove) as err:
        g.draw()
    assert err.value.rule == "R10" and g.format() == before
    assert "lay a card face down" in str(g.explain_end_turn())


def test_r11_face_down_only_with_twelve_cards():
    g = game(f"{X} | - | - | GBm GBf | {TWELVE} / ITm | - / - | 0 0 | to:1")
    g.lay_face_down("CUm")
    assert g.face_down[0] == ("CUm",) and len(g.hand(0)) == 11 and g.to_move == 1
    with pytest.raises(IllegalMove) as err:
        g.lay_face_down("ITm")   # player 2 holds one card
    assert err.value.rule == "R11"


def test_r11_only_a_card_from_the_hand():
    g = game(f"{X} | - | - | GBm | {TWELVE} / ITm | - / - | 0 0 | to:1")
    with pytest.raises(IllegalMove) as err:
        g.lay_face_down("ITm")
    assert err.value.rule == "R11"


# -- R12 the end, R13 the final score ----------------------------------------------------------

def test_r12b_drawing_the_last_guest_card():
    g = game(f"{X} | - | FR | GBm | DEf / ITm | - / - | 0 0 | to:1")
    assert g.draw() == "GBm"
    assert g.is_over and g.over_reason == "R12b" and g.hands[0] == ("DEf", "GBm")


EMPTYING = f"{X} | b1:DEf | FR | CNm ITf GBm | DEm / CNf ITm | - / - | 0 0 | to:1"


def test_r12c_declare_right_after_emptying_the_hand():
    g = game(EMPTYING)
    g.play("DEm@a2")
    assert g.who_may_declare() == (0,) and g.to_move == 1
    with pytest.raises(IllegalMove) as err:
        g.declare_end(1)
    assert err.value.rule == "R12"
    result = g.declare_end(0)
    assert g.over_reason == "R12c"
    assert [(s.score, s.penalty, s.final, s.rank) for s in result.standings] == [(4, 0, 4, 1), (0, 4, -4, 2)]


def test_r12c_or_at_the_start_of_a_later_turn_else_play_goes_on():
    g = game(EMPTYING)
    g.play("DEm@a2")
    g.draw()                       # player 2 acts: the moment has passed ...
    assert g.who_may_declare() == (0,) and g.to_move == 0   # ... but player 1's turn starts empty-handed
    g.draw()                       # not declaring: play goes on normally
    assert not g.is_over and g.who_may_declare() == ()


def test_r12c_a_hand_with_cards_may_not_declare():
    g = game(EMPTYING)
    assert g.explain_declare_end().rule == "R12"


def test_r12c_not_once_the_next_player_has_placed_a_card():
    g = game(EMPTYING)
    g.play("DEm@a2")
    g.place("ITm@c2")                      # player 2 starts their turn
    assert g.who_may_declare() == ()
    assert g.explain_declare_end(0).rule == "R12"


def test_r13_penalties_and_ranking():
    g = game(f"{X} | - | FR | - | DEf DEm / - / ITm | CUf / - / - | 20 15 19 | to:1 over:R12b")
    r = g.result()
    assert [(s.player, s.score, s.penalty, s.final) for s in r.standings] == [
        (0, 20, 6, 14), (1, 15, 0, 15), (2, 19, 2, 17)]
    assert [s.player for s in r.ranking] == [2, 1, 0] and r.winners == (2,)


def test_r13_a_tie_goes_to_fewer_penalties_then_is_shared():
    g = game(f"{X} | - | FR | - | DEf / - / - | - / - / - | 12 10 10 | to:1 over:R12c")
    r = g.result()
    assert [(s.final, s.penalty, s.rank) for s in r.standings] == [(10, 2, 3), (10, 0, 1), (10, 0, 1)]
    assert r.winners == (1, 2)


# -- R14 the variant ---------------------------------------------------------------------------

def test_r14_off_by_default():
    assert refused(f"{X} | b1:DEf d3:ITm", "DEf@a2, ITf@c2, DEf@b3").rule == "R6"


def test_r14_the_table_must_be_completed_this_turn():
    err = refused(f"{X} | b1:DEf d3:ITm", "DEf@a2, ITf@c2", variant=True)
    assert err.rule == "R14"
    assert str(err) == ("The German table b2 has only three women: a ladies' table needs four "
                        "women by the end of the turn (R14).")


def test_r14_only_women_may_join_a_forming_ladies_table():
    err = refused(f"{X} | b1:DEf d3:ITm", "DEf@a2, ITm@c2", variant=True)
    assert (err.rule, err.move) == ("R14", "ITm@c2")


def test_r14_only_one_such_table_a_turn():
    err = refused(f"{X} | b1:DEf d1:GBm", "DEf@a2, GBm@e2", variant=True)
    assert (err.rule, err.move) == ("R6", "GBm@e2")


def test_r14_a_fourth_card_only_in_a_turn_that_forms_one():
    assert refused(f"{X} | b1:DEf | FR", "DEm@a2, DEf@c2, DEm@b3, FRf@b1", variant=True).rule == "R4"


def test_r14_too_late_in_the_turn_to_start_one_is_a_plain_balance_refusal():
    # the third card makes two Chinese women at b4: two more needed, but only one card may follow
    err = refused(f"{X} | b1:DEf", "DEm@a2, CNf@a4, CNf@b5", variant=True)
    assert (err.rule, err.move) == ("R6", "CNf@b5")
    assert str(err) == ("CNf@b5: the Chinese table b4 would have two women and no man, and too few "
                        "cards are left this turn to make it a ladies' table (R6).")


def test_r14_a_clearing_that_leaves_it_impossible_to_complete_is_refused_at_once():
    # DEm@b3 starts a men's table at b2 (c2:DEm was already there); GBm@e2 fills the English
    # table, whose clearing takes c2 away: three men needed, two cards left.
    cafe = f"{X} | c2:DEm d1:GBf d3:ITf | US"
    err = refused(cafe, "DEm@b3, GBm@e2", variant=True)
    assert (err.rule, err.move) == ("R14", "GBm@e2")
    assert str(err) == ("GBm@e2: the German table b2 would then need 3 more men to become a "
                        "men's table, but only 2 more cards may follow this turn (R14).")


def test_r14_at_most_one_guest_may_already_sit_there():
    # two women left together by a clearing: they can't be the start of a ladies' table
    err = refused(f"{X} | b1:DEf a2:DEf d3:ITm", "ITf@c2", variant=True)
    assert err.rule == "R6"
    assert str(err) == ("ITf@c2: the German table b2 would have three women and no man, and a "
                        "ladies' table may start from at most one guest already seated (R6).")
    assert by_table(f"{X} | b1:DEf d3:ITm", "DEf@a2, ITf@c2, DEf@b3", variant=True)[2]["b2"] == 20
