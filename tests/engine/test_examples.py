"""The rulebook's worked examples E1–E14 (docs/RULES.md §5), each as a position in café notation,
its placements, and the points table by table. T is the table the caption names.

The tables used throughout: German b2, English d2, Italian c3, Chinese b4, African d4
(``DE GB IT CN CF``), unless an example needs others.
"""

import pytest

from cafe_widget import Cafe, IllegalMove

X = "DE GB IT CN CF"


def by_table(turn):
    return [card.by_table for card in turn.cards]


# E1–E6: one card at the German table b2, sitting on the outer seat a2 (touches only b2).
@pytest.mark.parametrize("eid, seats, card, points", [
    ("E1", "b3:ITf", "DEm@a2", 2),                        # a man and a woman, mixed nations
    ("E2", "c2:GBm b3:ITf", "DEf@a2", 3),                 # a man, a woman and another guest
    ("E3", "b1:DEf c2:GBm b3:ITf", "DEm@a2", 4),          # two men and two women
    ("E4", "b1:DEf", "DEm@a2", 4),                        # a man and a woman of the table's nation
    ("E5", "b1:DEf b3:DEm", "DEf@a2", 6),                 # three, all of the table's nation
    ("E6", "b1:DEf c2:DEm b3:DEf", "DEm@a2", 8),          # four, all German: 8 (French text: 4)
])
def test_e1_to_e6_one_card_at_one_table(eid, seats, card, points):
    turn = Cafe.parse(f"{X} | {seats}").play(card)
    assert by_table(turn) == [{"b2": points}], eid
    assert turn.points == points


def test_e6_is_8_not_the_french_captions_4():
    """docs/RULES.md §4.1: « … de même nationalité : 4 points » is a slip; R8 doubles 4 to 8."""
    turn = Cafe.parse(f"{X} | b1:DEf c2:DEm b3:DEf").play("DEm@a2")
    (score,) = turn.cards[0].tables
    assert (score.guests, score.doubled, score.points) == (4, True, 8)
    assert turn.cleared == ("b2",)


def test_e7_one_card_two_tables_and_a_third_at_zero():
    """4 at the German table, 2 at the Italian table (two Germans there: not doubled), 0 at d2."""
    turn = Cafe.parse(f"{X} | b3:DEf").play("DEm@c2")
    assert by_table(turn) == [{"b2": 4, "d2": 0, "c3": 2}]
    assert turn.points == 6
    italian = turn.cards[0].tables[2]
    assert (italian.nation, italian.guests, italian.doubled) == ("IT", 2, False)


def test_e8_three_german_two_chinese():
    """An Italian woman on b3 (seated by the Italian table): 3 at b2, 2 at b4, 0 at c3."""
    turn = Cafe.parse(f"{X} | b1:DEf a2:DEm a4:CNm").play("ITf@b3")
    assert by_table(turn) == [{"b2": 3, "c3": 0, "b4": 2}]
    assert turn.points == 5


def test_e9_two_cards_at_one_table():
    turn = Cafe.parse(f"{X} | b1:DEf").play("DEm@a2, ITf@c2")
    assert by_table(turn) == [{"b2": 4}, {"b2": 3, "d2": 0, "c3": 0}]
    assert turn.points == 7


def test_e10_three_cards_at_one_table_4_6_8():
    """18 at the German table; in the full X the third card also scores 2 at the centre."""
    turn = Cafe.parse(f"{X} | b1:DEf").play("DEm@a2, DEf@c2, DEm@b3")
    assert by_table(turn) == [{"b2": 4}, {"b2": 6, "d2": 0, "c3": 0}, {"b2": 8, "c3": 2, "b4": 0}]
    assert sum(card.by_table["b2"] for card in turn.cards) == 18
    assert turn.points == 20
    assert turn.cleared == ("b2",)
    assert turn.cafe.format() == "- GB IT CN CF | -"
    assert turn.ends_game  # no table pile given: the café cannot be completed (R12a)


E11 = "DE GB CF CN IT | d3:GBm c4:CFf"


def test_e11_english_and_african_tables():
    """4 at the English table (two English), 3 at the African table, 0 at the German."""
    turn = Cafe.parse(E11).play("GBf@c2")
    assert by_table(turn) == [{"b2": 0, "d2": 4, "c3": 3}]
    assert turn.points == 7


def test_e11_the_english_man_may_not_sit():
    cafe = Cafe.parse(E11)
    with pytest.raises(IllegalMove) as refused:
        cafe.play("GBm@c2")
    assert refused.value.rule == "R6"
    assert str(refused.value) == "GBm@c2: the English table d2 would have two men and no woman (R6)."
    assert cafe == Cafe.parse(E11)


E12 = "RU GB FR ES IT | b1:RUf b3:RUm"


def test_e12_twenty_three_points():
    turn = Cafe.parse(E12 + " | US CN").play("RUf@c2, ITf@c4, ITm@d3")
    assert by_table(turn) == [
        {"b2": 6, "d2": 0, "c3": 2},   # 6 at the Russian table, 2 at the French
        {"c3": 3, "b4": 2, "d4": 0},   # 3 at the French, 2 at the Spanish
        {"d2": 2, "c3": 4, "d4": 4},   # 4 at the Italian, 4 at the French, 2 at the English
    ]
    assert [c.points for c in turn.cards] == [8, 5, 10]
    assert turn.points == 23
    # The French table is then full and cleared; the American table takes its place.
    assert turn.cleared == ("c3",)
    assert turn.cafe == Cafe.parse("RU GB US ES IT | b1:RUf | CN")
    assert not turn.ends_game


def test_e12_doubling_needs_the_tables_own_nation():
    """Two Russians at the French table score 2, not 4: with "any shared nation" E12 would be 25."""
    first = Cafe.parse(E12).play("RUf@c2, ITf@c4, ITm@d3").cards[0]
    french = first.tables[2]
    assert (french.place, french.nation, french.guests) == ("c3", "FR", 2)
    assert not french.doubled and french.points == 2


E13 = "RU GB FR ES IT | b1:RUf c2:FRm b3:FRf d3:ITf e4:ITm d5:ITf | US CN DE"


def test_e13_one_card_fills_two_tables():
    cafe = Cafe.parse(E13)
    turn = cafe.play("ITm@c4")
    assert by_table(turn) == [{"c3": 4, "b4": 2, "d4": 8}]
    assert turn.cleared == ("c3", "d4")
    # Both tables go with all their guests (shared seats included); the next two table cards
    # from the pile are laid on the freed places in reading order; the Russian on b1 is left
    # alone at the Russian table, which is allowed.
    assert turn.cafe == Cafe.parse("RU GB US ES CN | b1:RUf | DE")
    assert sorted(turn.removed) == sorted(["FR", "IT", "FRm", "FRf", "ITf", "ITm", "ITm", "ITf"])
    assert cafe == Cafe.parse(E13)  # play never changes its café


def test_e14_variant_ladies_table_20():
    """Four women at the German table, one of them Italian: a flat 20 instead of per-card points."""
    turn = Cafe.parse(f"{X} | b1:DEf d3:ITm").play("DEf@a2, ITf@c2, DEf@b3", variant=True)
    assert by_table(turn) == [{"b2": 0}, {"b2": 0, "d2": 2, "c3": 4}, {"b2": 20, "c3": 3, "b4": 0}]
    assert [t.variant for t in turn.cards[2].tables] == ["ladies", "", ""]
    assert turn.points == 29
    assert turn.cleared == ("b2",)


def test_e14_variant_mens_table_40_in_four_cards():
    """Four German men at the German table: 40, and the turn may have 4 cards."""
    turn = Cafe.parse(f"{X} | d3:ITf").play("DEm@b1, DEm@a2, DEm@c2, DEm@b3", variant=True)
    assert by_table(turn) == [
        {"b2": 0}, {"b2": 0}, {"b2": 0, "d2": 2, "c3": 2}, {"b2": 40, "c3": 3, "b4": 0}]
    assert turn.cards[3].tables[0].variant == "men"
    assert turn.points == 47


def test_e14_a_fifth_card_is_refused_by_the_variant_and_a_fourth_without_its_table_by_r4():
    """R14 lets a turn that forms a men's or ladies' table have 4 cards, never 5; a fourth card
    in a turn that forms none is refused by R4's three."""
    cafe = Cafe.parse(f"{X} | d3:ITf | FR IT")     # a table pile: the German table is replaced (R9)
    state = cafe.begin_turn(variant=True)
    for card in ("DEm@b1", "DEm@a2", "DEm@c2", "DEm@b3"):
        state = state.place(*card.split("@"))
    with pytest.raises(IllegalMove) as fifth:
        state.place("ITm", "c4")
    assert fifth.value.rule == "R14" and fifth.value.move == "ITm@c4"
    assert str(fifth.value) == ("ITm@c4: a turn places at most 3 cards, or 4 in a turn that forms a "
                                "ladies' or men's table (R14).")
    with pytest.raises(IllegalMove) as fourth:
        Cafe.parse(f"{X} | b1:DEf").play("DEm@a2, ITf@c2, GBm@d1, DEf@b3", variant=True)
    assert fourth.value.rule == "R4" and fourth.value.move == "DEf@b3"


def test_e14_without_the_variant_the_second_woman_is_refused():
    with pytest.raises(IllegalMove) as refused:
        Cafe.parse(f"{X} | b1:DEf d3:ITm").play("DEf@a2, ITf@c2, DEf@b3")
    assert refused.value.rule == "R6"
    assert refused.value.move == "DEf@a2"
