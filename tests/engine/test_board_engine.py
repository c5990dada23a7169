"""The board game's engine, smoke tests of its author: the board as data (B2), the worked
examples BE1–BE7 of docs/BOARD_RULES.md table by table, a refusal per rule with its B-rule id and
sentence in English and French, the notation round trips and its errors said in French.
(The full rule-by-rule suite is tests/engine/test_board_*.py.)"""

from __future__ import annotations

import json

import pytest

from cafe_widget import Board, IllegalMove, NotationError
from cafe_widget.engine import board_layout as B
from cafe_widget.engine.board import (BAR_VALUES, CHAIR_TABLES, CHAIRS, TABLE_CHAIRS, TABLE_NATION,
                                      TABLES, board_from_data, load_board)

START = "a2:CFf b1:CFm | -"


# -- B2: the board as data ------------------------------------------------------------------

def test_the_board_is_read_from_data_in_reading_order():
    assert len(TABLES) == 24 and len(CHAIRS) == 68 and len(BAR_VALUES) == 20
    assert TABLES[:6] == ("b2", "d2", "f2", "h2", "j2", "l2")
    assert CHAIRS[:7] == ("b1", "d1", "f1", "h1", "j1", "l1", "a2")
    assert sum(1 for c in CHAIRS if len(CHAIR_TABLES[c]) == 2) == 28
    assert all(len(TABLE_CHAIRS[t]) == 4 for t in TABLES)
    assert CHAIR_TABLES["c2"] == ("b2", "d2") and CHAIR_TABLES["b3"] == ("b2", "b4")
    assert TABLE_CHAIRS["b2"] == ("b1", "a2", "c2", "b3")
    assert TABLE_NATION["d2"] == "IT" and TABLE_NATION["l12"] == "IN"
    assert BAR_VALUES == (1, 2, 3, 4, 5, -2, -4, -6, -8, -10, -4, -6, -8, -10, -12, -6, -8, -10, -12, -14)


def _data():
    with open(B.BOARD_FILE, encoding="utf-8") as f:
        return json.load(f)


def test_the_shared_board_file_and_the_package_copy_are_the_same():
    assert load_board(B.BOARD_FILE) == B.BOARD


@pytest.mark.parametrize("damage, words", [
    (lambda d: d["tables"][0].update(nation="IT"), "nation CF has 1 table;"),
    (lambda d: d["chairs"].pop(0), "table b2 has 3 chairs"),
    (lambda d: d["chairs"][0].update(tables=["b2", "d2", "f2"]), "touches 3 tables"),
    (lambda d: d["chairs"][0].update(tables=["d2"]), "does not stand beside table d2"),
    (lambda d: d["chairs"][0].update(chair="b2"), "named twice"),
    (lambda d: d.update(bar=["x"]), "bar"),
])
def test_a_damaged_board_is_refused_naming_what_is_wrong(damage, words):
    data = _data()
    damage(data)
    with pytest.raises(ValueError, match=words):
        board_from_data(data)


# -- BE1–BE7 --------------------------------------------------------------------------------

def test_BE1_the_first_pair_on_an_empty_board():
    turn = Board().play("CFf@a2, CFm@b1")
    assert [c.by_table for c in turn.cards] == [{"b2": 0}, {"b2": 4}]
    assert turn.points == 4
    assert turn.cards[1].tables[0].doubled
    assert turn.board.format() == "b1:CFm a2:CFf | -"


def test_BE2_a_third_guest_of_another_nation():
    turn = Board.parse(START).play("ITm@c2")
    assert [c.by_table for c in turn.cards] == [{"b2": 3, "d2": 0}]
    assert turn.points == 3 and turn.filled_own_nation == ()


def test_BE3_a_full_mixed_table():
    turn = Board.parse("a2:CFf b1:CFm c2:ITm").play("CFf@b3")
    assert [c.by_table for c in turn.cards] == [{"b2": 4, "b4": 0}]
    assert turn.points == 4 and turn.filled_own_nation == ()


def test_BE4_one_woman_and_three_men_is_refused_by_B6():
    board = Board.parse("a2:CFf b1:CFm c2:CFm")
    with pytest.raises(IllegalMove) as err:
        board.play("CFm@b3")
    assert err.value.rule == "B6"
    assert str(err.value) == "CFm@b3: the African table b2 would have three men and one woman (B6)."
    assert err.value.sentence("fr") == ("CFm@b3 : la table africaine b2 aurait trois hommes et une "
                                        "femme (B6).")
    assert board.format() == "b1:CFm a2:CFf c2:CFm | -"


def test_BE5_a_full_table_of_its_nation_scores_8_and_shrinks_the_hand():
    turn = Board.parse("a2:CFf b1:CFm b3:CFm").play("CFf@c2")
    assert [c.by_table for c in turn.cards] == [{"b2": 8, "d2": 0}]
    assert turn.points == 8 and turn.filled_own_nation == ("b2",)


def test_BE6_a_joker_counts_as_its_declared_nation():
    board = Board.parse(START)
    turn = board.play("ITf*@c2")
    assert [c.by_table for c in turn.cards] == [{"b2": 3, "d2": 0}] and turn.points == 3
    turn = board.play("CFf*@c2")
    assert [c.by_table for c in turn.cards] == [{"b2": 6, "d2": 0}] and turn.points == 6
    assert turn.board.tile("c2") == "CFf*"


def test_BE7_the_bar_pays_its_place_values():
    turn = Board.parse(START).play("bar RUm")
    assert turn.points == 1 and turn.bar_place == 1 and turn.board.bar == ("RUm",)
    five = Board.parse("a2:CFf b1:CFm | GBf GBm ITf ITm ESf")
    turn = five.play("bar RUm")
    assert turn.points == -2 and turn.bar_place == 6


def test_the_issue_example():
    board = Board.parse(START)
    turn = board.play("ITf*@c2")
    assert turn.points == 3 and [c.by_table for c in turn.cards] == [{"b2": 3, "d2": 0}]
    assert turn.filled_own_nation == () and turn.board.tile("c2") == "ITf*"
    assert board.format() == "b1:CFm a2:CFf | -"   # unchanged
    assert board.play("bar RUm").points == 1
    assert board.legal_chairs("ITm") == ["d1", "f1", "c2", "e2", "g2", "d3", "f3"]


# -- a refusal per rule, with its sentence in both languages ---------------------------------

REFUSALS = [
    (START, "CFf@a2", "B5"),                      # chair taken
    (START, "ITf@b3", "B5"),                      # no Italian table at b3
    (START, "CFf*@d1", "B5"),                     # a joker declared as no table of its chair
    (START, "*f@c2", "B5"),                       # a joker between two nations must be declared
    (START, "ITm@d1", "B7"),                      # an action may not end with a tile alone
    (START, "ITm@d1, ESm@l1", "B7"),              # the second tile must join the first
    (START, "ITm@c2, ESm@l1", "B7"),              # a second tile alone
    (START, "ITm@c2, ITf@d1, ITm@e2", "B4"),      # three tiles
    ("b1:CFm a2:CFf b3:CFf* | -", "swap CFm@b3", "B10"),   # sex
    ("b1:CFm a2:CFf b3:CFf* | -", "swap ITf@b3", "B10"),   # nation
    (START, "swap CFf@b3", "B10"),                # empty chair
    (START, "swap CFf@a2", "B10"),                # not a joker
    (START, "bar *f", "B9"),                      # a joker with a legal chair
    ("| " + " ".join(["ITf"] * 4 + ["ITm"] * 4 + ["GBf"] * 4 + ["GBm"] * 4 + ["ESf"] * 4), "bar RUm", "B9"),
    (START, "CFf@b3, CFf@c2", "B6"),              # b2: three women, one man
]


@pytest.mark.parametrize("position, action, rule", REFUSALS)
def test_a_refusal_names_its_rule_in_english_and_french(position, action, rule):
    board = Board.parse(position)
    err = board.explain(action)
    assert err is not None and err.rule == rule, (action, err)
    assert str(err).endswith(f"({rule}).") and err.sentence("fr").endswith(f"({rule}).")
    assert err.sentence("fr") != str(err)
    with pytest.raises(IllegalMove):
        board.play(action)
    assert Board.parse(board.format()) == board


def test_B7_the_first_tile_alone_then_a_tile_that_joins():
    turn = Board().begin_turn().place("ITm@d1")
    assert turn.pending and not turn.can_end()
    assert turn.explain_end().rule == "B7"
    done = turn.place("ITf*", "e2").finish()
    assert [c.by_table for c in done.cards] == [{"d2": 0}, {"d2": 4, "f2": 0}]
    assert done.points == 4


def test_B7_with_a_hand_a_tile_nobody_can_join_is_refused_at_once():
    turn = Board().begin_turn("ITm ESf")
    err = turn.explain("ITm@d1")
    assert err.rule == "B7" and "no tile left in your hand" in str(err)
    assert "aucune tuile de votre main" in err.sentence("fr")
    assert Board().begin_turn("ITm ITf").explain("ITm@d1") is None


def test_B9_a_joker_with_no_legal_chair_may_go_to_the_bar():
    # without a hand, any tile might join a joker sitting alone: it has a chair
    assert Board().explain("bar *f") is not None
    assert Board().explain("bar *f", hand="*f") is None  # alone, nobody could join it
    assert Board().explain("bar *f", hand="*f ITm") is not None


def test_B10_a_swap_scores_nothing_and_gives_back_the_joker():
    board = Board.parse("b1:CFm a2:CFf b3:CFf* | -")
    turn = board.play("swap CFf@b3")
    assert turn.kind == "swap" and turn.points == 0 and turn.taken == "*f"
    assert turn.board.tile("b3") == "CFf" and turn.text == "swap CFf@b3"
    assert turn.filled_own_nation == ()


def test_B12_one_tile_filling_two_tables_of_their_nation():
    board = Board.parse("b1:CFm a2:CFf c2:CFm a4:CFf c4:CFm b5:CFm")
    turn = board.play("CFf*@b3")
    assert [c.by_table for c in turn.cards] == [{"b2": 8, "b4": 8}]
    assert turn.filled_own_nation == ("b2", "b4")


def test_place_undo_and_a_refusal_that_changes_nothing():
    state = Board.parse(START).begin_turn("ITm ITf")
    one = state.place("ITm@d1")
    with pytest.raises(IllegalMove):
        one.place("ITf@f1")
    assert one.undo() == state
    assert one.place("ITf@e2").finish().points == 4


# -- notation ---------------------------------------------------------------------------------

def test_the_position_round_trips_and_draws_itself():
    text = "b1:CFm a2:CFf c2:ITf* | RUm *f"
    board = Board.parse("c2:itF* a2:CFf b1:cfm | RUm *F")
    assert board.format() == text and Board.parse(text) == board
    assert eval(repr(board)) == board
    assert Board.parse("") == Board() == Board.parse("- | -")
    drawing = str(board)
    assert " ITf* " in drawing and "[CF]" in drawing and "bar (2 of 20): RUm *f" in drawing
    assert board.tile("c2") == "ITf*" and board.bar == ("RUm", "*f")
    assert board.guests_at("b2") == ("CFm", "CFf", "ITf*")
    assert len(board.free_chairs()) == 65


BAD_BOARDS = [
    "a2:CFx", "a2CFf", "b2:CFf", "z9:CFf", "a2:CFf a2:CFm", "a2:ITf", "a2:CFf b1:CFf",
    "| RUx", "a2:CFf | RUm | x", "| " + " ".join(["RUm"] * 21), "| RUm RUm RUm RUm RUm",
    "| *f *f *f", "a2:CFf**", 42,
]
BAD_ACTIONS = ["", "ITf", "ITf@", "ITf@z9", "ITf@b2", "bar", "bar ITf*", "swap ITf", "swap *f@c2",
               "swap ITf*@c2", "bar ITf ITm", 42]


def _board_errors():
    for text in BAD_BOARDS:
        with pytest.raises(NotationError) as err:
            Board.parse(text)
        yield err.value
    for action in BAD_ACTIONS:
        with pytest.raises(NotationError) as err:
            Board.parse(START).play(action)
        yield err.value
    with pytest.raises(NotationError) as err:
        Board().begin_turn(42)
    yield err.value


def test_every_board_notation_error_is_said_in_french():
    errors = list(_board_errors())
    assert len(errors) == len(BAD_BOARDS) + len(BAD_ACTIONS) + 1
    for err in errors:
        assert err.problem_in("fr") != err.problem != err.problem_in("de"), err.problem
        fr = err.sentence("fr")
        assert err.token_in("fr") in fr and " : " in fr
        assert err.sentence("en") == str(err)


# -- the game ---------------------------------------------------------------------------------

from collections import Counter  # noqa: E402
import random  # noqa: E402

from cafe_widget import BoardGame  # noqa: E402
from cafe_widget.engine.board import full_bag, held_form  # noqa: E402


def _accounted(g: BoardGame) -> Counter:
    seen = Counter(g.bag) + Counter(g.gone) + Counter(g.board.bar)
    seen.update(held_form(t) for t in g.board.chairs if t)
    for hand in g.hands:
        seen.update(hand)
    return seen


def _random_game(players: int, seed: int, check_every: int = 10) -> BoardGame:
    rng = random.Random(seed)
    g = BoardGame.new(players=players, seed=seed)
    full = Counter(full_bag())
    for step in range(3000):
        if g.is_over:
            break
        assert _accounted(g) == full                                    # B1: 100 tiles
        for table in TABLES:                                            # B6
            women = sum(1 for t in g.board.guests_at(table) if t[2] == "f")
            assert abs(2 * women - len(g.board.guests_at(table))) <= 1
        for p in range(g.players):                                      # scores are their events
            assert g.scores[p] == sum(e.points for e in g.log if e.player == p) >= 0
        text = g.format()
        assert BoardGame.parse(text).format() == text
        if step % check_every == 0:
            assert BoardGame.from_json(g.to_json()).format() == text
        actions = g.legal_actions()
        assert actions                                                  # B4: never stuck
        bad = rng.choice([f"{t}@{c}" for t in g.hand() for c in CHAIRS if t[0] != "*"] or ["RUm@a2"])
        if bad not in actions:                                          # a refusal changes nothing
            with pytest.raises(IllegalMove):
                g.place(bad)
            assert g.format() == text
        action = rng.choice(actions)
        if g.turn is not None and rng.random() < 0.5 and g.explain_end_turn() is None:
            g.end_turn()
        else:
            g.act(action)
    assert g.is_over and g.over_reason in ("B13a", "B13b", "B13c", "B13d", "B13e")
    assert _accounted(g) == full
    assert g.legal_actions() == []
    assert BoardGame.from_json(g.to_json()) == g
    return g


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (3, 8)])
def test_seeded_random_games_to_the_end(players, seed):
    g = _random_game(players, seed)
    result = g.result()
    for s in result.standings:
        assert s.final == s.score - s.penalty and s.out == g.out[s.player]
    assert min(s.rank for s in result.standings) == 1
    assert all(a.rank > b.rank for a in result.standings for b in result.standings if a.out and not b.out)


def test_a_new_game_and_its_notation():
    g = BoardGame.new(players=2, seed=5)
    assert g.hand_sizes == (5, 5) and len(g.bag) == 90 and g.to_move == 0
    assert BoardGame.new(players=2, seed=5, start=1).to_move == 1
    text = g.format()
    assert text.startswith("- | - | ") and text.endswith(" | 5 5 | 0 0 | - | to:1")
    assert BoardGame.parse(text) == g and BoardGame.from_json(g.to_json()) == g
    with pytest.raises(ValueError):
        BoardGame.new(players=5)


def test_act_seats_tiles_and_ends_the_turn_when_it_may():
    g = BoardGame.parse("b1:CFf | - | ESf ESm DEf DEm FRf FRm CUf CUm | CFm ITf ITm RUm USf / GBf GBm TRf TRm INf"
                        " | 5 5 | 0 0 | - | to:1")
    g.act("ITm@d1")                       # alone at d2: the turn goes on (B7)
    assert g.turn is not None and g.format().endswith("to:1 turn:ITm@d1")
    assert BoardGame.parse(g.format()) == g and BoardGame.from_json(g.to_json()) == g
    g.act("ITf@e2")                       # joins him: the turn ends
    assert g.turn is None and g.scores == (4, 0) and g.to_move == 1
    assert g.log[-1].action == "ITm@d1, ITf@e2" and g.log[-1].kind == "seat"
    g.act("GBf@c4")                       # b4 and d4 empty: alone
    with pytest.raises(IllegalMove) as err:
        g.act("bar RUm")
    assert err.value.rule == "B4"
    assert g.undo() == "GBf@c4" and g.turn is None


def test_best_action_is_a_legal_action_of_the_player_to_move():
    g = BoardGame.new(players=2, seed=1)
    before = g.format()
    best = g.best_action()
    assert g.format() == before                       # asking changes nothing
    played = g.copy()
    played.play(best.text)                            # legal, and scored as the search said
    assert played.scores[0] == best.points


BAD_GAMES = [
    "- | - | - | - / - | 5 5 | 0 0 | -",
    "- | - | - | - | 5 | 0 | - | to:1",
    "- | - | - | - / - / - / - / - | 5 5 5 5 5 | 0 0 0 0 0 | - | to:1",
    "- | - | - | RUm RUf ITm ITf GBm GBf / - | 5 5 | 0 0 | - | to:1",
    "- | - | - | - / - | 5 9 | 0 0 | - | to:1",
    "- | - | - | - / - | 5 | 0 0 | - | to:1",
    "- | - | - | - / - | 5 5 | 0 x | - | to:1",
    "- | - | - | - / - | 5 5 | 0 0 0 | - | to:1",
    "- | - | - | - / - | 5 5 | 0 0 | 3 | to:1",
    "- | - | - | - / - | 5 5 | 0 0 | 1 1 | to:1",
    "- | - | - | RUm / - | 5 5 | 0 0 | 1 | to:2",
    "- | - | - | - / - | 5 5 | 4 0 | 1 | to:2",
    "- | - | - | - / - | 5 5 | 0 0 | - | to:9",
    "- | - | - | - / - | 5 5 | 0 0 | - | moo",
    "- | - | - | - / - | 5 5 | 0 0 | - | ",
    "- | - | - | - / - | 5 5 | 0 0 | 1 | to:1",
    "- | - | - | - / - | 5 5 | 0 0 | - | to:1 over:B13c turn:CFf@a2",
    "- | - | - | CFf / - | 5 5 | 0 0 | - | to:1 turn:ITf@d1",
    "- | - | RUm RUm RUm | RUm RUm / - | 5 5 | 0 0 | - | to:1",
    "- | - | RUx | - / - | 5 5 | 0 0 | - | to:1",
]


def _game_errors():
    for text in BAD_GAMES:
        with pytest.raises(NotationError) as err:
            BoardGame.parse(text)
        yield err.value
    save = json.loads(BoardGame.new(players=2, seed=3).to_json())
    for change in ({"seed": 4}, {"seed": "x"}, {"actions": "bar RUm"}, {"actions": ["bar XXm"]},
                   {"notation": "x"}, {"version": 2}, {"format": "x"}):
        with pytest.raises(NotationError) as err:
            BoardGame.from_json(json.dumps({**save, **change}))
        yield err.value
    with pytest.raises(NotationError) as err:
        BoardGame.from_json("not json")
    yield err.value
    g = BoardGame.new(players=2, seed=3)
    for action in ("swap *f@a2", "swap ITf", ",", 42):
        with pytest.raises(NotationError) as err:
            g.act(action)
        yield err.value


def test_every_game_notation_error_is_said_in_french():
    errors = list(_game_errors())
    assert len(errors) == len(BAD_GAMES) + 7 + 1 + 4
    for err in errors:
        assert err.problem_in("fr") != err.problem != err.problem_in("de"), err.problem
        fr = err.sentence("fr")
        assert err.token_in("fr") in fr and " : " in fr
        assert err.sentence("en") == str(err)
