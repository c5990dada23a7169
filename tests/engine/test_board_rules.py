"""Each rule B1–B15 of docs/BOARD_RULES.md (the board game), with legal and refused cases written in
notation, asserting the points table by table or the refusing rule — and, after every refusal,
that nothing changed (the board's or the game's notation is the same before and after).

Every expected number is worked out by hand from the rules text. The tables used most:

    b2 CF: b1 a2 c2 b3      d2 IT: d1 c2 e2 d3      f2 IT: f1 e2 g2 f3      h2 CN: h1 g2 i2 h3
    b4 CF: b3 a4 c4 b5      d4 GB: d3 c4 e4 d5      b6 CU: b5 a6 c6 b7

(c2 sits between b2 and d2, e2 between d2 and f2, b3 between b2 and b4, d3 between d2 and d4,
c4 between b4 and d4, b5 between b4 and b6.)
"""

import json
from collections import Counter
from pathlib import Path

import pytest

from cafe_widget import Board, BoardGame, IllegalMove, NotationError
from cafe_widget.engine.board import (BAR_VALUES, CHAIR_TABLES, CHAIRS, TABLE_CHAIRS, TABLE_NATION, TABLES,
                                      load_board)

ROOT = Path(__file__).resolve().parents[2]
NATIONS = "CF CN CU DE ES FR GB IN IT RU TR US".split()

#: Every chair taken but a2, the tables balanced 2 + 2 (b2 holds CFf b1, ITf c2, CFm b3: two
#: women and a man), no guest kind more than 4 times. The only free chair is a2, and only a man
#: may sit there: a lady joker has no legal chair (B9), a man on a2 takes the last chair (B13b).
FULL_BUT_A2 = (
    "b1:CFf d1:ITf f1:ITf h1:CNf j1:CNf l1:ESf c2:ITf e2:ITm g2:CNf i2:CNm k2:CNf m2:ESm b3:CFm d3:GBm "
    "f3:ITm h3:CNm j3:CNm l3:ESm a4:CFf c4:CFf e4:GBf i4:GBf k4:ESf m4:ESf b5:CFm d5:GBm j5:GBm l5:ESm "
    "a6:CUf c6:CUf k6:RUf m6:RUf b7:CUm l7:RUm a8:CUf c8:CUf k8:RUf m8:RUf b9:CUm d9:FRf j9:FRf l9:INm "
    "a10:TRf c10:FRf e10:FRm i10:FRf k10:FRm m10:INf b11:TRm d11:DEm f11:DEf h11:USf j11:FRm l11:INf "
    "a12:TRf c12:DEf e12:DEf g12:DEm i12:USf k12:INf m12:INm b13:TRm d13:DEm f13:DEm h13:USm j13:USm "
    "l13:INm | -")


# -- helpers ----------------------------------------------------------------------------------

def refused(position, action):
    """The IllegalMove raised by playing ``action`` on ``position``; the board is unchanged and
    ``explain`` gives the same rule."""
    board = Board.parse(position)
    before = board.format()
    with pytest.raises(IllegalMove) as info:
        board.play(action)
    assert board.format() == before
    assert board == Board.parse(position)
    why = board.explain(action)
    assert why is not None and why.rule == info.value.rule
    assert board.format() == before
    return info.value


def by_table(position, action):
    board = Board.parse(position)
    assert board.explain(action) is None
    return [tile.by_table for tile in board.play(action).cards]


def points(position, action):
    return Board.parse(position).play(action).points


def game(board="- | -", hands=("-", "-"), bag="-", sizes=None, scores=None, out=(), to=1):
    """A game in the engine's notation: ``board`` (chairs | bar), the bag top first, the hands,
    the hand sizes (5 each unless given), the scores (0), the players out (numbered from 1) and
    the player to move (from 1)."""
    players = len(hands)
    sizes = sizes or [5] * players
    scores = scores or [0] * players
    fields = [board, bag or "-", " / ".join(h or "-" for h in hands), " ".join(map(str, sizes)),
              " ".join(map(str, scores)), " ".join(str(p) for p in out) or "-", f"to:{to}"]
    return BoardGame.parse(" | ".join(fields))


def game_refused(g, method, *args):
    """``g.method(*args)`` must raise IllegalMove and leave ``g`` as it was."""
    before, log = g.format(), len(g.log)
    with pytest.raises(IllegalMove) as info:
        getattr(g, method)(*args)
    assert g.format() == before and len(g.log) == log
    return info.value


def tiles(text):
    return sorted(text.split())


def standings(g):
    result = g.result()
    rows = getattr(result, "standings", result)
    return sorted(rows, key=lambda s: s.player)


# -- B1 tiles, B2 the board, B3 set-up --------------------------------------------------------

def full_bag():
    return Counter({**{n + s: 4 for n in NATIONS for s in "fm"}, "*f": 2, "*m": 2})


def test_b1_the_hundred_tiles():
    g = BoardGame.new(players=4, seed=3)
    everything = Counter(g.bag)
    for hand in g.hands:
        everything.update(hand)
    assert everything == full_bag()
    assert sum(everything.values()) == 100


def test_b2_the_board_data():
    data = json.loads((ROOT / "cafe_widget" / "data" / "board.json").read_text(encoding="utf-8"))
    # the engine's board is the committed data (docs/BOARD_RULES.md says what it means)
    assert [(t["place"], t["nation"]) for t in data["tables"]] == [(t, TABLE_NATION[t]) for t in TABLES]
    assert {c["chair"]: tuple(c["tables"]) for c in data["chairs"]} == {c: tuple(CHAIR_TABLES[c]) for c in CHAIRS}
    assert TABLES == ("b2", "d2", "f2", "h2", "j2", "l2", "b4", "d4", "j4", "l4", "b6", "l6", "b8", "l8",
                      "b10", "d10", "j10", "l10", "b12", "d12", "f12", "h12", "j12", "l12")
    assert [TABLE_NATION[t] for t in TABLES] == "CF IT IT CN CN ES CF GB GB ES CU RU CU RU TR FR FR IN TR DE DE US US IN".split()
    assert Counter(TABLE_NATION.values()) == Counter({n: 2 for n in NATIONS})
    assert len(CHAIRS) == 68 and len(set(CHAIRS)) == 68
    assert list(CHAIRS) == sorted(CHAIRS, key=lambda c: (int(c[1:]), c[0]))  # reading order
    assert sum(len(CHAIR_TABLES[c]) == 2 for c in CHAIRS) == 28
    assert sum(len(CHAIR_TABLES[c]) == 1 for c in CHAIRS) == 40
    assert tuple(CHAIR_TABLES["a2"]) == ("b2",)
    assert tuple(CHAIR_TABLES["c2"]) == ("b2", "d2")
    assert tuple(CHAIR_TABLES["b3"]) == ("b2", "b4")
    assert tuple(CHAIR_TABLES["l11"]) == ("l10", "l12")
    assert tuple(TABLE_CHAIRS["b2"]) == ("b1", "a2", "c2", "b3")
    assert tuple(TABLE_CHAIRS["f12"]) == ("f11", "e12", "g12", "f13")  # reading order
    assert all(len(TABLE_CHAIRS[t]) == 4 for t in TABLES)
    assert all(t in CHAIR_TABLES[c] for t in TABLES for c in TABLE_CHAIRS[t])
    assert tuple(BAR_VALUES) == (1, 2, 3, 4, 5, -2, -4, -6, -8, -10, -4, -6, -8, -10, -12,
                                 -6, -8, -10, -12, -14)


def _board_file(tmp_path, edit):
    data = json.loads((ROOT / "cafe_widget" / "data" / "board.json").read_text(encoding="utf-8"))
    # the engine's board is the committed data (docs/BOARD_RULES.md says what it means)
    assert [(t["place"], t["nation"]) for t in data["tables"]] == [(t, TABLE_NATION[t]) for t in TABLES]
    assert {c["chair"]: tuple(c["tables"]) for c in data["chairs"]} == {c: tuple(CHAIR_TABLES[c]) for c in CHAIRS}
    edit(data)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_b2_load_board_reads_the_package_file(tmp_path):
    load_board(_board_file(tmp_path, lambda data: None))


def _drop_chair(data):
    data["chairs"] = [c for c in data["chairs"] if c["chair"] != "a2"]


def _third_cf_table(data):
    for t in data["tables"]:
        if t["place"] == "l12":
            t["nation"] = "CF"


def _chair_of_three_tables(data):
    for c in data["chairs"]:
        if c["chair"] == "c2":
            c["tables"] = ["b2", "d2", "f2"]


def _chair_of_no_table(data):
    for c in data["chairs"]:
        if c["chair"] == "a2":
            c["tables"] = []


@pytest.mark.parametrize("edit, named", [(_drop_chair, "b2"), (_third_cf_table, "CF"),
                                         (_chair_of_three_tables, "c2"), (_chair_of_no_table, "a2")])
def test_b2_load_board_checks_the_data(tmp_path, edit, named):
    with pytest.raises(ValueError) as err:
        load_board(_board_file(tmp_path, edit))
    assert named in str(err.value)


def test_b2_the_board_drawn_in_ascii():
    text = str(Board.parse("b1:CFm a2:CFf c2:ITf* | RUm"))
    for table in ("[CF]", "[IT]", "[CN]", "[ES]", "[GB]", "[CU]", "[RU]", "[TR]", "[FR]", "[IN]", "[DE]", "[US]"):
        assert table in text
    assert "CFm" in text and "CFf" in text and "ITf*" in text


def test_b3_set_up():
    g = BoardGame.new(players=3, seed=11)
    assert [len(h) for h in g.hands] == [5, 5, 5]
    assert g.hand_sizes == (5, 5, 5)
    assert len(g.bag) == 100 - 15
    assert g.scores == (0, 0, 0) and g.out == (False, False, False)
    assert g.board == Board() and g.board.bar == ()
    assert not g.is_over and g.turn is None and len(g.log) == 0
    assert BoardGame.new(players=3, seed=11) == g  # the seed replays the bag
    assert BoardGame.new(players=3, seed=12) != g
    assert BoardGame.new(players=3, seed=11, start=2).to_move == 2


@pytest.mark.parametrize("players", [1, 5])
def test_b3_two_to_four_players(players):
    with pytest.raises(ValueError):
        BoardGame.new(players=players, seed=1)


# -- B4 exactly one action per turn -----------------------------------------------------------

def test_b4_two_tiles_legal_three_refused():
    # CFm@a2: b2 two CF → 4; ITf@c2: b2 three, mixed → 3, d2 alone → 0; ITm@d1 would score at d2
    assert by_table("b1:CFf | -", "CFm@a2, ITf@c2") == [{"b2": 4}, {"b2": 3, "d2": 0}]
    assert points("b1:CFf | -", "CFm@a2, ITf@c2") == 7
    assert refused("b1:CFf | -", "CFm@a2, ITf@c2, ITm@d1").rule == "B4"


B4_GAME = dict(board="b1:CFf | -", hands=("CFm ITf ITm RUm USf", "GBf GBm TRf TRm INf"),
               bag="ESf ESm DEf DEm FRf FRm CUf CUm")


def test_b4_in_a_game_one_action_then_the_refill():
    g = game(**B4_GAME)
    g.place("CFm@a2")
    assert game_refused(g, "bar", "RUm").rule == "B4"          # no bar after a placement
    assert game_refused(g, "act", "bar RUm").rule == "B4"
    assert g.explain_bar("RUm").rule == "B4"
    g.place("ITf@c2")
    assert game_refused(g, "place", "ITm@d1").rule == "B4"     # a third tile
    g.end_turn()
    assert g.scores == (7, 0)
    assert tiles(" ".join(g.hands[0])) == tiles("ITm RUm USf ESf ESm")  # refilled: B11
    assert g.to_move == 1


def test_b4_there_is_no_pass():
    g = game(**B4_GAME)
    assert g.explain_end_turn().rule == "B4"
    assert game_refused(g, "end_turn").rule == "B4"
    assert game_refused(g, "act", "end").rule == "B4"


def test_b4_only_tiles_from_the_hand():
    g = game(**B4_GAME)
    assert g.explain_place("GBm@d3").rule == "B4"
    assert game_refused(g, "place", "GBm@d3").rule == "B4"
    assert game_refused(g, "bar", "GBm").rule == "B4"


def test_b4_the_legal_actions_of_a_game():
    g = game(board=FULL_BUT_A2, hands=("CFm RUm TRf USf *f", "ITm ESm GBm INm RUm"),
             bag="CUm CUm DEf ESf FRm TRm")
    # a2 is the only free chair and takes a man (b2 holds two women and a man): CFm only;
    # any tile to the bar, the lady joker too (she has no legal chair, B9)
    assert sorted(g.legal_actions()) == sorted(["CFm@a2", "bar CFm", "bar RUm", "bar TRf", "bar USf",
                                                "bar *f"])
    assert g.legal_placements() == ["CFm@a2"]


# -- B5 nationality ---------------------------------------------------------------------------

def test_b5_a_chair_takes_the_nations_of_its_tables():
    assert by_table("b1:CFf | -", "CFm@a2") == [{"b2": 4}]
    assert by_table("b1:CFf | -", "ITm@c2") == [{"b2": 2, "d2": 0}]   # c2 also touches the Italian d2
    err = refused("b1:CFf | -", "ITm@a2")                             # a2 touches only b2 (CF)
    assert err.rule == "B5"
    assert "a2" in str(err)
    assert refused("b1:CFf | -", "GBm@c2").rule == "B5"


def test_b5_an_occupied_chair():
    assert refused("b1:CFf | -", "CFm@b1").rule == "B5"


def test_b5_legal_chairs_in_reading_order():
    assert Board().legal_chairs("ITm") == ["d1", "f1", "c2", "e2", "g2", "d3", "f3"]
    # b1 is taken; the lone chairs of b4 are fine as a turn's first tile (B7)
    assert Board.parse("b1:CFf | -").legal_chairs("CFm") == ["a2", "c2", "b3", "a4", "c4", "b5"]
    assert Board.parse("b1:CFf | -").legal_chairs("CFf") == ["a4", "c4", "b5"]


def test_b5_a_joker_is_declared_as_a_nation_of_its_chair():
    assert by_table("b1:CFm | -", "CFf*@a2") == [{"b2": 4}]
    assert by_table("b1:CFm | -", "ITf*@c2") == [{"b2": 2, "d2": 0}]
    assert by_table("b1:CFm | -", "CFf*@c2") == [{"b2": 4, "d2": 0}]
    assert refused("b1:CFm | -", "ITf*@a2").rule == "B5"   # a2 has no Italian table
    assert refused("b1:CFm | -", "GBf*@c2").rule == "B5"   # nor has c2 an English one


def test_b5_a_joker_may_sit_on_any_free_chair():
    assert Board().legal_chairs("*f") == list(CHAIRS)
    assert Board().legal_chairs("*m") == list(CHAIRS)


def test_b5_a_joker_keeps_its_own_sex():
    # declared CF at a2 it is a Central African woman: two women at b2 (B6)
    assert refused("b1:CFf | -", "CFf*@a2").rule == "B6"


def test_b5_joker_declarations_in_a_game():
    g = game(board="b1:CFm | -", hands=("*f ITm RUm USf GBf", "GBm TRf TRm INf INm"), bag="ESf ESm DEf DEm FRf FRm")
    legal = g.legal_placements()
    assert {"CFf*@a2", "CFf*@c2", "ITf*@c2"} <= set(legal)
    assert "GBf*@c2" not in legal and "ITf*@a2" not in legal
    assert g.explain_place("ITf*@a2").rule == "B5"
    assert game_refused(g, "place", "ITf*@a2").rule == "B5"
    assert game_refused(g, "place", "ITm*@d1").rule == "B4"  # no gentleman joker in the hand


# -- B6 balance of the sexes ------------------------------------------------------------------

# b2: CFf CFm; d2: ITm ITm ITf (d1, e2, d3); f2 holds e2's ITm alone, d4 holds d3's ITf alone
B6_A = "b1:CFf a2:CFm d1:ITm e2:ITm d3:ITf | -"
# b2: CFf CFf CFm (b1, a2, b3); d2: ITm alone
B6_B = "b1:CFf a2:CFf b3:CFm d1:ITm | -"


def test_b6_a_shared_chair_balanced_at_both_tables():
    # b2: CFf CFm ITf, mixed → 3; d2: two Italian women and two Italian men → 8
    assert by_table(B6_A, "ITf@c2") == [{"b2": 3, "d2": 8}]
    assert Board.parse(B6_A).play("ITf@c2").filled_own_nation == ("d2",)


def test_b6_refused_at_the_second_table_of_the_chair():
    err = refused(B6_A, "ITm@c2")     # fine at b2 (1 + 2), three men and a woman at d2
    assert err.rule == "B6" and "d2" in str(err)


def test_b6_refused_at_the_first_table_of_the_chair():
    err = refused(B6_B, "ITf@c2")     # fine at d2 (1 + 1), three women and a man at b2
    assert err.rule == "B6" and "b2" in str(err)
    err = refused(B6_B, "ITm@c2")     # fine at b2 (2 + 2), two men alone at d2
    assert err.rule == "B6" and "d2" in str(err)


def test_b6_two_of_one_sex_alone():
    assert refused("b1:CFf | -", "CFf@a2").rule == "B6"
    assert refused("b1:CFm | -", "CFm@a2").rule == "B6"


def test_b6_one_and_two_is_fine():
    assert by_table("b1:CFf a2:CFm | -", "CFm@c2") == [{"b2": 6, "d2": 0}]
    assert by_table("b1:CFf a2:CFm | -", "CFf@c2") == [{"b2": 6, "d2": 0}]


# -- B7 company -------------------------------------------------------------------------------

def test_b7_a_lone_tile_then_a_tile_joining_it():
    assert by_table("- | -", "CFf@a2, CFm@b1") == [{"b2": 0}, {"b2": 4}]
    # c2 joins b2 and d2, both empty: the second tile may join either
    assert by_table("- | -", "ITf@c2, ITm@d1") == [{"b2": 0, "d2": 0}, {"d2": 4}]
    assert by_table("- | -", "ITf@c2, CFm@b1") == [{"b2": 0, "d2": 0}, {"b2": 2}]


def test_b7_a_lone_tile_then_a_tile_elsewhere_is_refused():
    # CNm@h3 would score 4 at h2, but the lone CFf at b2 needs company
    assert by_table("h1:CNf | -", "CNm@h3") == [{"h2": 4}]
    assert refused("h1:CNf | -", "CFf@a2, CNm@h3").rule == "B7"
    assert refused("- | -", "CFf@a2, ITm@d1").rule == "B7"


def test_b7_a_turn_may_not_end_with_a_lone_tile():
    assert refused("- | -", "CFf@a2").rule == "B7"
    assert refused("h1:CNf | -", "CFf@a2").rule == "B7"
    # the second tile alone at an empty table: nothing may follow it
    assert refused("b1:CFf | -", "CFm@a2, ITf@f1").rule == "B7"


def test_b7_in_a_game_tile_by_tile():
    g = game(board="h1:CNf | -", hands=("CFf CFm CNm ITf RUm", "GBf GBm TRf TRm INf"),
             bag="ESf ESm DEf DEm FRf FRm")
    g.place("CFf@a2")
    assert g.explain_end_turn().rule == "B7"
    assert game_refused(g, "end_turn").rule == "B7"
    assert game_refused(g, "place", "CNm@h3").rule == "B7"
    # ITf@c2 would leave two women alone at b2 (B6); only CFm may join, on b1, c2 or b3
    assert sorted(g.legal_placements()) == ["CFm@b1", "CFm@b3", "CFm@c2"]
    g.undo()
    assert g.turn is None or not g.turn.cards
    assert tiles(" ".join(g.hands[0])) == tiles("CFf CFm CNm ITf RUm")
    g.place("CFf@a2")
    g.place("CFm@b1")
    assert g.explain_end_turn() is None
    g.end_turn()
    assert g.scores == (4, 0)
    assert g.log[-1].points == 4


def test_b7_the_turn_state():
    state = Board().begin_turn()
    state = state.place("CFf", "a2")
    assert state.explain_end().rule == "B7"
    with pytest.raises(IllegalMove) as err:
        state.finish()
    assert err.value.rule == "B7"
    state = state.place("CFm", "b1")
    assert state.explain_end() is None
    turn = state.finish()
    assert turn.points == 4 and [c.by_table for c in turn.cards] == [{"b2": 0}, {"b2": 4}]


# -- B8 scoring -------------------------------------------------------------------------------

@pytest.mark.parametrize("position, action, expected", [
    ("b1:CFf | -", "ITm@c2", [{"b2": 2, "d2": 0}]),              # 2, mixed
    ("b1:CFf | -", "CFm@a2", [{"b2": 4}]),                       # 2, all CF: doubled
    ("b1:CFf c2:ITm | -", "CFm@a2", [{"b2": 3}]),                # 3, mixed
    ("b1:CFf a2:CFm | -", "CFf@c2", [{"b2": 6, "d2": 0}]),       # 3, all CF: doubled
    ("b1:CFf a2:CFm c2:ITm | -", "CFf@b3", [{"b2": 4, "b4": 0}]),  # 4, mixed
    ("b1:CFm a2:CFf b3:CFm | -", "CFf@c2", [{"b2": 8, "d2": 0}]),  # 4, all CF: doubled
    ("b1:CFf b5:CFf | -", "CFm@b3", [{"b2": 4, "b4": 4}]),       # two tables, both doubled
    ("b1:CFf c4:GBf | -", "CFm@b3", [{"b2": 4, "b4": 2}]),       # one doubled, one mixed
])
def test_b8_points_table_by_table(position, action, expected):
    assert by_table(position, action) == expected
    assert points(position, action) == sum(expected[0].values())


def test_b8_a_joker_counts_as_its_declared_nation():
    assert by_table("b1:CFf | -", "CFm*@a2") == [{"b2": 4}]
    # a seated joker declared CF keeps b2 all Central African; declared IT it does not
    assert by_table("b1:CFf a2:CFm* | -", "CFf@c2") == [{"b2": 6, "d2": 0}]
    assert by_table("b1:CFf c2:ITm* | -", "CFf@a2") == [{"b2": 3}]
    # the joker's own placement: declared IT at c2, the Italian table d2 gets it
    assert by_table("d1:ITf | -", "ITm*@c2") == [{"b2": 0, "d2": 4}]


def test_b8_the_table_scores():
    turn = Board.parse("b1:CFf c4:GBf | -").play("CFm@b3")
    (tile,) = turn.cards
    assert (tile.tile, tile.chair, tile.points) == ("CFm", "b3", 6)
    b2, b4 = tile.tables
    assert (b2.place, b2.nation, b2.guests, b2.doubled, b2.points) == ("b2", "CF", 2, True, 4)
    assert (b4.place, b4.nation, b4.guests, b4.doubled, b4.points) == ("b4", "CF", 2, False, 2)


def test_b8_tables_are_never_cleared():
    turn = Board.parse("b1:CFm a2:CFf b3:CFm | -").play("CFf@c2")
    assert sorted(turn.board.guests_at("b2")) == ["CFf", "CFf", "CFm", "CFm"]
    assert turn.board.format() == "b1:CFm a2:CFf c2:CFf b3:CFm | -"


# -- B9 the bar -------------------------------------------------------------------------------

def test_b9_the_bar_places_in_order_and_their_values():
    board, seen = Board.parse("b1:CFf | -"), []
    for i in range(20):
        turn = board.play(f"bar {NATIONS[i % 12]}{'fm'[i % 2]}")
        assert (turn.kind, turn.bar_place) == ("bar", i + 1)
        seen.append(turn.points)
        board = turn.board
    assert seen == [1, 2, 3, 4, 5, -2, -4, -6, -8, -10, -4, -6, -8, -10, -12, -6, -8, -10, -12, -14]
    assert len(board.bar) == 20 and board.tile("b1") == "CFf"
    err = refused(board.format(), "bar RUm")            # no free bar place
    assert err.rule == "B9"


def test_b9_any_tile_may_go_to_the_bar():
    assert Board.parse("- | RUm RUm").play("bar RUf").points == 3
    assert Board.parse("- | RUm RUm").play("bar RUf").board.bar == ("RUm", "RUm", "RUf")


def test_b9_a_joker_goes_to_the_bar_only_without_a_legal_chair():
    assert refused("- | -", "bar *f").rule == "B9"
    assert refused("b1:CFf | -", "bar *m").rule == "B9"
    board = Board.parse(FULL_BUT_A2)
    assert board.free_chairs() == ("a2",) or list(board.free_chairs()) == ["a2"]
    assert board.legal_chairs("*f") == [] and board.legal_chairs("CFf") == []
    assert board.legal_chairs("*m") == ["a2"] and board.legal_chairs("CFm") == ["a2"]
    turn = board.play("bar *f")
    assert (turn.points, turn.bar_place, turn.board.bar) == (1, 1, ("*f",))
    assert refused(FULL_BUT_A2, "bar *m").rule == "B9"


BAR5 = "- | ITf GBm CNf CNm ESf"   # the next bar place is the sixth: −2


def _bar_game(score, players=3):
    hands = ("RUm ITm GBf TRf TRm", "DEf DEm USf USm FRf", "INf INm CUf CUm FRm")[:players]
    scores = [score, 7, 9][:players]
    return game(board=BAR5, hands=hands, bag="ESm ESf RUf CFf CFm DEf DEm", scores=scores)


def test_b9_paying_at_the_bar():
    g = _bar_game(3)
    g.bar("RUm")
    assert g.scores == (1, 7, 9) and g.out == (False, False, False)
    assert g.log[-1].points == -2
    assert g.board.bar[-1] == "RUm"


def test_b9_paying_exactly_all_one_has_stays_in():
    g = _bar_game(2)
    g.act("bar RUm")
    assert g.scores == (0, 7, 9) and g.out == (False, False, False)
    assert len(g.hands[0]) == 5  # refilled (B11)


def test_b9_who_cannot_pay_is_out():
    g = _bar_game(1)
    bag = g.bag
    g.bar("RUm")
    assert g.scores == (0, 7, 9)
    assert g.out == (True, False, False)
    assert g.log[-1].points == -1            # they pay all they have
    assert g.hands[0] == ()                  # their tiles leave the game
    assert g.bag == bag                      # and they draw nothing
    assert not g.is_over and g.to_move == 1
    # they take no more turns
    g.bar("DEf")                             # seventh place: −4, player 2 pays 4
    g.bar("INf")                             # eighth place: −6, player 3 pays 6
    assert g.scores == (0, 3, 3) and g.to_move == 1


def test_b9_out_players_rank_below_every_player_still_in():
    g = _bar_game(1)
    g.bar("RUm")
    ranks = {s.player: s.rank for s in standings(g)}
    assert ranks[0] == 3


# -- B10 exchanging a joker -------------------------------------------------------------------

JOKER_AT_A2 = "b1:CFf a2:CFm* | -"


def test_b10_a_joker_exchanged_scores_nothing():
    turn = Board.parse(JOKER_AT_A2).play("swap CFm@a2")
    assert (turn.kind, turn.points) == ("swap", 0)
    assert turn.board.format() == "b1:CFf a2:CFm | -"


def test_b10_the_tile_of_another_table_of_the_chair():
    # the joker at c2 stands for an Italian man; a Central African man may take its chair
    turn = Board.parse("b1:CFf c2:ITm* | -").play("swap CFm@c2")
    assert turn.points == 0 and turn.board.tile("c2") == "CFm"


@pytest.mark.parametrize("action", ["swap CFf@a2",    # not the joker's sex
                                    "swap ITm@a2",    # not a nation of a2's table
                                    "swap CFm@b1",    # no joker on b1
                                    "swap CFm@c2"])   # nor on the free chair c2
def test_b10_refused(action):
    assert refused(JOKER_AT_A2, action).rule == "B10"


def test_b10_in_a_game_the_joker_comes_to_the_hand_and_nothing_is_drawn():
    g = game(board=JOKER_AT_A2, hands=("CFm ITf GBm RUf USm", "DEf DEm TRf TRm INf"),
             bag="ESf ESm FRf FRm CUf CUm")
    bag = g.bag
    assert "swap CFm@a2" in g.legal_actions()
    assert game_refused(g, "swap", "CFf", "a2").rule in ("B10", "B4")   # no CFf in the hand
    g.swap("CFm", "a2")
    assert g.board.tile("a2") == "CFm"
    assert tiles(" ".join(g.hands[0])) == tiles("*m ITf GBm RUf USm")
    assert g.bag == bag and g.hand_sizes == (5, 5)
    assert g.scores == (0, 0) and g.log[-1].points == 0
    assert g.to_move == 1


# -- B11 refill -------------------------------------------------------------------------------

def test_b11_the_refill_draws_from_the_top_of_the_bag():
    g = game(board="b1:CFf | -", hands=("CFm ITf ITm RUm USf", "GBf GBm TRf TRm INf"),
             bag="ESf ESm DEf DEm FRf FRm CUf CUm")
    g.play("bar RUm")
    assert tiles(" ".join(g.hands[0])) == tiles("CFm ITf ITm USf ESf")
    assert g.bag == ("ESm", "DEf", "DEm", "FRf", "FRm", "CUf", "CUm")
    # player 2 seats two tiles: GBf on d3 alone (d2 and d4 empty) → 0; GBm on e4 joins her at
    # the English table d4 → 4; the refill draws two
    turn = g.play("GBf@d3, GBm@e4")
    assert [c.by_table for c in turn.cards] == [{"d2": 0, "d4": 0}, {"d4": 4}]
    assert g.scores == (1, 4)
    assert tiles(" ".join(g.hands[1])) == tiles("TRf TRm INf ESm DEf")
    assert g.bag == ("DEm", "FRf", "FRm", "CUf", "CUm")


def test_b11_the_refill_then_the_bag_runs_low():
    # two tiles seated, five in the bag: two drawn, three left (B13c then ends the game)
    g = game(board="b1:CFf | -", hands=("CFm ITf ITm RUm USf", "GBf GBm TRf TRm INf"),
             bag="ESf ESm DEf DEm FRf")
    g.play("CFm@a2, ITf@c2")
    assert g.scores == (7, 0)
    assert tiles(" ".join(g.hands[0])) == tiles("ITm RUm USf ESf ESm")
    assert g.bag == ("DEf", "DEm", "FRf")
    assert g.over_reason == "B13c"


# -- B12 smaller hand -------------------------------------------------------------------------

# b2: CFf CFm CFm (b1, a2, c2); b4: CFf CFm CFm (a4, c4, b5): a Central African woman on b3
# fills both, all of their nation: 8 + 8
DOUBLE_FILL = "b1:CFf a2:CFm c2:CFm a4:CFf c4:CFm b5:CFm | -"


def test_b12_the_8_point_table_lowers_the_hand_size():
    g = game(board="b1:CFm a2:CFf b3:CFm | -", hands=("CFf ITm GBf RUm USf", "DEf DEm TRf TRm FRf"),
             bag="ESf ESm USm INf INm")
    g.play("CFf@c2")
    assert g.scores == (8, 0) and g.hand_sizes == (4, 5)
    assert len(g.hands[0]) == 4 and len(g.bag) == 5   # the refill draws one fewer: none


def test_b12_a_full_table_not_all_of_its_nation_does_not():
    g = game(board="b1:CFm a2:CFf c2:ITm | -", hands=("CFf ITm GBf RUm USf", "DEf DEm TRf TRm FRf"),
             bag="ESf ESm USm INf INm")
    g.play("CFf@b3")
    assert g.scores == (4, 0) and g.hand_sizes == (5, 5)
    assert len(g.hands[0]) == 5 and len(g.bag) == 4


def test_b12_a_joker_declared_as_the_nation_counts():
    turn = Board.parse("b1:CFm a2:CFf b3:CFm | -").play("CFf*@c2")
    assert turn.points == 8 and turn.filled_own_nation == ("b2",)


def test_b12_one_tile_filling_two_tables_lowers_it_by_2():
    turn = Board.parse(DOUBLE_FILL).play("CFf@b3")
    assert [c.by_table for c in turn.cards] == [{"b2": 8, "b4": 8}]
    assert turn.points == 16 and turn.filled_own_nation == ("b2", "b4")
    g = game(board=DOUBLE_FILL, hands=("CFf ITm GBf RUm USf", "DEf DEm TRf TRm FRf"),
             bag="ESf ESm USm INf INm INf")
    g.play("CFf@b3")
    assert g.scores == (16, 0) and g.hand_sizes == (3, 5)
    assert len(g.hands[0]) == 4 and len(g.bag) == 6     # more than the hand size: no draw


def test_b12_two_tiles_filling_a_table_each():
    # b2 waits for a Central African woman on c2, h2 for a Chinese woman on g2: 8 + 8
    position = "b1:CFm h1:CNm a2:CFf i2:CNm b3:CFm h3:CNf | -"
    turn = Board.parse(position).play("CFf@c2, CNf@g2")
    assert [c.by_table for c in turn.cards] == [{"b2": 8, "d2": 0}, {"f2": 0, "h2": 8}]
    assert turn.filled_own_nation == ("b2", "h2")
    g = game(board=position, hands=("CFf CNf ITm RUm USf", "DEf DEm TRf TRm FRf"), bag="ESf ESm USm INf INm INf")
    g.play("CFf@c2, CNf@g2")
    assert g.scores == (16, 0) and g.hand_sizes == (3, 5) and len(g.hands[0]) == 3


def test_b12_a_hand_size_never_falls_below_0():
    g = game(board=DOUBLE_FILL, hands=("CFf", "DEf DEm TRf TRm FRf"), sizes=(1, 5),
             bag="ESf ESm USm INf INm INf")
    g.play("CFf@b3")
    assert g.hand_sizes == (0, 5) and g.hands[0] == ()
    assert g.over_reason == "B13d"


# -- B13 the end ------------------------------------------------------------------------------

BAR19 = "- | CFf CFm CNf CNm CUf CUm DEf DEm ESf ESm FRf FRm GBf GBm INf INm ITf ITm RUf"


def test_b13a_the_20th_bar_place():
    g = game(board=BAR19, hands=("RUm TRf TRm USf USm", "FRf FRm GBf GBm INf"),
             bag="CFf CFm CNf CNm CUf CUm DEf DEm ESf ESm", scores=(20, 0))
    g.bar("RUm")
    assert g.scores == (6, 0)   # the 20th place pays 14
    assert g.is_over and g.over_reason == "B13a"
    assert len(g.hands[0]) == 5 and len(g.bag) == 9   # the refill comes first
    assert game_refused(g, "bar", "TRf").rule.startswith("B13")


def test_b13a_comes_before_b13e():
    # the 20th place pays 14, player 1 has 3: out, one player left — both (a) and (e); (a) first
    g = game(board=BAR19, hands=("RUm TRf TRm USf USm", "FRf FRm GBf GBm INf"),
             bag="CFf CFm CNf CNm CUf CUm DEf DEm ESf ESm", scores=(3, 0))
    g.bar("RUm")
    assert g.out == (True, False) and g.scores == (0, 0)
    assert g.over_reason == "B13a"


def test_b13b_every_chair_taken():
    # also the bag falls to 4 (c): (b) comes first
    g = game(board=FULL_BUT_A2, hands=("CFm RUm TRf USf *f", "ITm ESm GBm INm RUm"),
             bag="CUm CUm DEf ESf FRm")
    turn = g.play("CFm@a2")
    assert [c.by_table for c in turn.cards] == [{"b2": 4}]   # CFf ITf CFm CFm: mixed
    assert g.scores == (4, 0) and len(g.bag) == 4
    assert g.over_reason == "B13b"


@pytest.mark.parametrize("bag, over", [("ESf ESm DEf DEm FRf FRm", None),
                                       ("ESf ESm DEf DEm FRf", "B13c")])
def test_b13c_the_bag_holds_4_tiles_or_fewer(bag, over):
    g = game(board="b1:CFf | -", hands=("CFm ITf ITm RUm USf", "GBf GBm TRf TRm INf"), bag=bag)
    g.play("CFm@a2")
    assert g.scores == (4, 0)
    assert g.over_reason == over and g.is_over == (over is not None)


def test_b13d_a_hand_empty_after_the_refill():
    g = game(board="b1:CFm a2:CFf b3:CFm | -", hands=("CFf", "DEf DEm TRf TRm FRf"), sizes=(1, 5),
             bag="ESf ESm USm INf INm INf")
    g.play("CFf@c2")
    assert g.scores == (8, 0) and g.hand_sizes == (0, 5) and g.hands[0] == ()
    assert g.over_reason == "B13d"


def test_b13d_not_while_the_refill_fills_the_hand():
    g = game(board="b1:CFm a2:CFf c2:ITm | -", hands=("CFf", "DEf DEm TRf TRm FRf"), sizes=(1, 5),
             bag="ESf ESm USm INf INm INf")
    g.play("CFf@b3")
    assert g.hands[0] == ("ESf",) and not g.is_over


def test_b13e_fewer_than_two_players_still_in():
    g = _bar_game(1, players=2)
    g.bar("RUm")
    assert g.out == (True, False) and g.over_reason == "B13e"


def test_b13e_not_while_two_are_still_in():
    g = _bar_game(1, players=3)
    g.bar("RUm")
    assert g.out == (True, False, False) and not g.is_over and g.over_reason is None


# -- B14 final score --------------------------------------------------------------------------

def test_b14_penalties_ties_and_players_out():
    g = game(board="- | -", hands=("RUm ITf *f DEm CNf", "GBf GBm USf USm TRf", "FRf FRm INf INm ESf", "-"),
             bag="CUf CUm CUf CUm ESm", scores=(40, 36, 0, 0), out=(4,))
    g.bar("RUm")                     # +1, the bag falls to 4: the end (B13c)
    assert g.over_reason == "B13c"
    rows = standings(g)
    # player 1: 41, four tiles and a joker in hand: 4 × 5 + 10 = 30 → 11
    # player 2: 36, five tiles: 25 → 11; tied, fewer penalty points: player 2 first
    # player 3: 0 − 25 = −25; player 4 is out: last, though 0 > −25
    assert [(s.score, s.penalty, s.final) for s in rows] == [(41, 30, 11), (36, 25, 11), (0, 25, -25), (0, 0, 0)]
    assert [s.rank for s in rows] == [2, 1, 3, 4]
    assert [s.out for s in rows] == [False, False, False, True]


def test_b14_a_shared_win():
    g = game(board="- | -", hands=("RUm ITf ITm CNf CNm", "GBf GBm USf USm TRf"),
             bag="CUf CUm CUf CUm ESm", scores=(9, 10))
    g.bar("RUm")                     # +1 → 10; both 10 − 25 = −15, both 25 penalty points
    rows = standings(g)
    assert [(s.final, s.penalty, s.rank) for s in rows] == [(-15, 25, 1), (-15, 25, 1)]


def test_b14_two_jokers_cost_20():
    g = game(board="- | -", hands=("RUm *f *m", "GBf GBm USf USm TRf"), sizes=(3, 5),
             bag="CUf CUm CUf CUm ESm", scores=(0, 0))
    g.bar("RUm")                     # +1; draws CUf; hand *f *m CUf: 10 + 10 + 5
    rows = standings(g)
    assert (rows[0].score, rows[0].penalty, rows[0].final) == (1, 25, -24)


# -- B15 notation -----------------------------------------------------------------------------

def test_b15_positions_in_reading_order():
    board = Board.parse("a2:CFf b1:CFm d3:ITf* | RUm GBf")
    assert board.format() == "b1:CFm a2:CFf d3:ITf* | RUm GBf"
    assert Board.parse(board.format()) == board
    assert board.tile("d3") == "ITf*" and board.tile("a2") == "CFf" and board.tile("c2") is None
    assert board.bar == ("RUm", "GBf")
    assert sorted(board.guests_at("b2")) == ["CFf", "CFm"]
    assert len(board.free_chairs()) == 65
    assert Board.parse("- | *f").bar == ("*f",)


@pytest.mark.parametrize("text, token", [
    ("z9:CFf | -", "z9"),            # no such chair
    ("a2:XXf | -", "XXf"),           # no such nation
    ("a2:CFf a2:CFm | -", "a2"),     # a chair twice
    ("a2:CFf | RUx", "RUx"),         # not a tile
    ("a2:*f | -", "*f"),             # a seated joker needs its declaration
])
def test_b15_notation_errors_name_the_field_and_the_token(text, token):
    with pytest.raises(NotationError) as err:
        Board.parse(text)
    assert err.value.field and token in err.value.token


def test_b15_a_game_round_trips():
    g = BoardGame.new(players=2, seed=5)
    assert BoardGame.parse(g.format()).format() == g.format()
    assert BoardGame.from_json(g.to_json()).format() == g.format()
    action = g.legal_actions()[0]
    g.act(action)
    assert BoardGame.parse(g.format()).format() == g.format()
    assert BoardGame.from_json(g.to_json()).format() == g.format()


def test_b9_a_joker_to_the_bar_in_a_game():
    g = game(board=FULL_BUT_A2, hands=("RUm TRf USf *f *m", "ITm ESm GBm INm RUm"),
             bag="CUm CUm DEf ESf FRm TRm")
    # the gentleman may take a2 (b2: two women and a man), the lady may not sit anywhere
    assert g.explain_bar("*m").rule == "B9"
    assert game_refused(g, "bar", "*m").rule == "B9"
    assert "bar *f" in g.legal_actions() and "bar *m" not in g.legal_actions()
    assert "CFm*@a2" in g.legal_placements()
    g.bar("*f")
    assert g.scores == (1, 0) and g.board.bar == ("*f",)
