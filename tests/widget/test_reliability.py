"""Nothing a student types or clicks can break or lose a game: each defect found by trying the
widgets as a new user would, reproduced here first, then fixed.

Every refusal leaves the game, its log and the turn in progress exactly as they were; every
save loads back exactly; every edited save is refused, with a reason.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from cafe_widget import CafeWidget, teach
from cafe_widget.engine import BoardGame, Cafe, Game, IllegalMove, NotationError
from cafe_widget.widget.board_widget import BoardWidget
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_save_properties import card_game  # noqa: E402  (tests/engine: a game played at random, seeded)

INTERNAL = ("Something went wrong", "Un problème est survenu", "Une erreur s'est produite", "Error:")


def state(w) -> tuple:
    """What a refusal must not change: the game's notation, its log and its history."""
    g = w.game
    return (w.mode, g.format(), len(g.log), list(getattr(g, "history", [])))


def assert_refused_unchanged(w, before, *words):
    assert w.refused, w.status
    assert not any(bad in w.status for bad in INTERNAL), w.status
    assert state(w) == before, w.status
    for word in words:
        assert word in w.status, w.status


def played(seed: int, steps: int) -> Game:
    """A seeded game played by random legal actions, every kind of action in its history."""
    return card_game(seed, 2, steps)


# -- 1. the engine's own spellings, typed back --------------------------------------------------

def test_the_log_spelling_of_a_face_down_card_is_a_command():
    """``down:RUf`` (the log's spelling) lays the card face down, as ``down RUf`` does (R11)."""
    game = Game.new(2, seed=5)
    while len(game.hand()) < 12:   # both players draw until player 1 holds 12 cards
        game.draw()
    w = CafeWidget(game=game, players=["human", "human"], teaching=True)
    card = w.game.hand()[3]
    w.command(f"down:{card}")
    assert not w.refused, w.status
    entry = w.game.log[-1]
    assert entry.action == f"down:{card}" and card in w.game.face_down[entry.player]


def test_the_log_spelling_of_a_card_not_in_hand_gets_a_reason():
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "human"])
    before = state(w)
    w.command("down:RUf")
    assert_refused_unchanged(w, before, "(R4)")


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_action_of_the_history_typed_back_replays_the_game(seed):
    """Each action as the engine writes it (placements, end, undo, draw, down:X, declare:N),
    typed into a hot-seat widget, gives back the same game."""
    game = played(seed, 160)
    kinds = set(a.split(":")[0] if "@" not in a else "place" for a in game.history)
    assert {"place", "end", "draw"} <= kinds, kinds
    w = CafeWidget(game=Game.parse(game._start), players=["human", "human"], teaching=True)
    for action in game.history:
        w.command(action)
        assert not w.refused, (action, w.status)
    assert w.game.format() == game.format()
    assert [e.action for e in w.game.log] == [e.action for e in game.log]


def test_the_hint_and_the_scoresheet_spellings_of_a_turn_are_commands():
    """The best turn as the hint writes it (``RUf@c2, ITf@c4``) and as the scoresheet writes it
    (without commas) both play it."""
    for spelling in (lambda text: text, lambda text: text.replace(",", "")):
        w = CafeWidget(game=Game.new(2, seed=7), players=["human", "steady"])
        best = w.game.best_turn()
        assert len(best.cards) > 1
        w.command("hint")
        assert best.text in w.status
        w.command(spelling(best.text) + ", end")
        assert not w.refused, w.status
        assert best.text in [e.action for e in w.game.log]


# -- 2. the history view never changes the live game ---------------------------------------------

def test_a_refused_line_in_the_history_view_keeps_the_live_turn():
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"])
    w.command("draw")
    w.command(w.game.legal_placements()[0])      # a card of the live turn
    assert w.game.turn is not None
    w.command("back")
    assert w.viewing is not None
    before = state(w)
    for line in ("GBf@c4, ZZf@c4", "undo", "end", "draw", "down:RUf", "RUf@c2"):
        w.command(line)
        assert_refused_unchanged(w, before, "live")
    w.command("live")
    assert w.viewing is None and w.game.turn is not None and not w.refused


# -- 3, 4, 8. the board widget ----------------------------------------------------------------

def test_board_after_a_confirmed_new_game_a_typed_action_goes_to_the_new_game():
    w = BoardWidget(game=BoardGame.new(2, seed=1), players=["human", "greedy"])
    w.command(w.game.legal_placements()[0])
    old = w.game
    w.command("new")
    assert w.game is old and "New game again" in w.status      # asked first: a turn in progress (8)
    w.command("new; " + "bar CFf")
    assert w.game is not old and w.game.seed == 2
    assert w.game.log[0].action == "bar CFf" and not old.log


def test_board_swap_without_a_chair_gets_a_reason():
    w = BoardWidget(game=BoardGame.new(2, seed=1), players=["human", "greedy"])
    before = state(w)
    w.command("swap ITf")
    assert_refused_unchanged(w, before, "ITf@c2")


@pytest.mark.parametrize("make", [
    lambda: CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"]),
    lambda: BoardWidget(game=BoardGame.new(2, seed=1), players=["human", "greedy"]),
])
def test_new_game_asks_while_a_turn_is_in_progress_in_both_widgets(make):
    w = make()
    w.command(w.game.legal_placements()[0])
    assert w.game.turn is not None and not w.game.log or w.game.turn is not None
    game = w.game
    w.click(*w.locate("new"))
    assert w.game is game and "again" in w.status
    w.click(*w.locate("new"))
    assert w.game is not game and w.game.seed == 2


# -- 5, 6. only reachable states parse; every reachable state round-trips -------------------------

def test_a_game_that_goes_on_with_an_empty_guest_pile_is_refused_and_load_keeps_the_game():
    text = "RU GB FR ES IT | - | US CN | - | RUf ITm / GBf | - / - | 0 0 | to:1"
    with pytest.raises(NotationError) as err:
        Game.parse(text)
    assert err.value.field == "guest pile" and "(R12b)" in str(err.value)
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"])
    before = state(w)
    w.load(text)
    assert_refused_unchanged(w, before, "R12b")


def test_a_board_game_that_should_have_ended_is_refused():
    with pytest.raises(NotationError) as err:
        BoardGame.parse("- | - | ITf | *f / ITm | 1 5 | 0 0 | - | to:1")   # the bag holds 1 tile
    assert "B13c" in str(err.value)


def test_a_score_the_notation_could_not_write_once_it_grows_is_refused():
    fields = Game.new(2, seed=3).format().split(" | ")
    fields[6] = "999999 0"
    with pytest.raises(NotationError) as err:
        Game.parse(" | ".join(fields))
    assert err.value.field == "scores" and "(R8)" in str(err.value)
    fields[6] = "997695 0"          # the most that 96 cards still to place can take to 999,999
    game = Game.parse(" | ".join(fields))
    assert Game.parse(game.format()) == game


def test_a_huge_score_grows_and_still_round_trips():
    fields = Game.new(2, seed=3).format().split(" | ")
    fields[6] = "997695 0"
    game = Game.parse(" | ".join(fields))
    rng = random.Random(1)
    for _ in range(300):
        if game.is_over:
            break
        best = game.best_turn()
        if best is not None and not game.turn:
            game.play(best.text)
        elif len(game.hand()) < 12:
            game.draw()
        else:
            game.lay_face_down(rng.choice(game.hand()))
        assert Game.parse(game.format()).format() == game.format()


# -- 7. save and load the whole widget ---------------------------------------------------------

def test_card_widget_save_loads_back_exactly():
    w = CafeWidget(game=Game.new(3, seed=4), players=["human", "greedy", "steady"])
    w.command("draw")
    w.command(w.game.legal_placements()[0] if w.game.legal_placements() else "draw")
    saved = w.save()
    assert Game.from_json(saved) == w.game            # still an engine save (notebook 09)
    w2 = CafeWidget()
    w2.load(saved)
    assert not w2.refused, w2.status
    assert w2.game.format() == w.game.format() and w2.game.seed == 4
    assert [e.action for e in w2.game.log] == [e.action for e in w.game.log]
    assert w2.save() == saved


def test_try_from_here_has_a_save_that_loads_back_with_its_game():
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"])
    w.command("draw")
    w.command("back")
    w.command("try")
    assert w.mode == "sandbox"
    w.command("hint")
    saved = w.save()
    assert json.loads(saved)["screen"] == "sandbox"
    w2 = CafeWidget()
    w2.load(saved)
    assert w2.mode == "sandbox" and w2.cafe == w.cafe and w2.save() == saved
    w2.command("live")
    assert w2.mode == "play" and w2.game.format() == w.game.format() if w.game else True


@pytest.mark.parametrize("make", [
    lambda: CafeWidget.puzzle(2),
    lambda: CafeWidget.seat_task("RU GB FR ES IT | b1:RUf b3:RUm", "ITm"),
    lambda: CafeWidget.from_notation("RU GB FR ES IT | b1:RUf"),
])
def test_every_screen_saves_and_loads_back(make):
    w = make()
    if w.mode == "seats":
        w.click(*w.locate("c2"))
    else:
        w.command("RUm@a2" if w.mode == "sandbox" else "best")
    saved = w.save()
    w2 = CafeWidget()
    w2.load(saved)
    assert not w2.refused, w2.status
    assert w2.mode == w.mode and w2.cafe == w.cafe and w2.save() == saved


def test_board_widget_save_loads_back_exactly():
    w = BoardWidget(game=BoardGame.new(3, seed=2), players=["human", "random", "greedy"])
    w.command(w.game.legal_actions()[0])
    saved = w.save()
    w2 = BoardWidget()
    w2.load(saved)
    assert not w2.refused, w2.status
    assert w2.game.format() == w.game.format() and w2.game.seed == 2
    assert [e.action for e in w2.game.log] == [e.action for e in w.game.log]
    assert w2.save() == saved


# -- 9. a pending question is dismissed by anything else -----------------------------------------

def test_a_pending_new_game_question_is_dismissed_by_any_other_action():
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"])
    w.command("draw")
    game = w.game
    for other in (lambda: w.click(1, 1), lambda: w.command("hint"), lambda: w.click(float("nan"), 0),
                  lambda: w.load("not a notation")):
        w.click(*w.locate("new"))
        assert "again" in w.status
        other()
        w.click(*w.locate("new"))     # asks again: the question was dismissed
        assert w.game is game and "again" in w.status
        w.click(1, 1)


def test_a_pending_board_question_is_dismissed_by_a_typed_action():
    w = BoardWidget(game=BoardGame.new(2, seed=1), players=["human", "greedy"])
    w.command(w.game.legal_actions()[0])
    game = w.game
    w.command("new")
    w.command("hint")
    w.command("new")
    assert w.game is game and "again" in w.status


# -- 10. edited saves are refused, with a reason -------------------------------------------------

def edited(save: str, **changes) -> str:
    data = json.loads(save)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("how", ["seed", "history", "action"])
def test_an_edited_card_save_is_refused_naming_what_disagrees(how):
    game = played(11, 60)
    save = game.to_json()
    data = json.loads(save)
    text = {"seed": edited(save, seed=12),
            "history": edited(save, start=data["notation"], actions=[]),
            "action": edited(save, actions=data["actions"][:5] + ["ZZf@c2"] + data["actions"][6:])}[how]
    with pytest.raises(NotationError) as err:
        Game.from_json(text)
    message = str(err.value)
    assert {"seed": "seed", "history": "edited", "action": "(action 6)"}[how] in message
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"])
    before = state(w)
    w.load(text)
    assert_refused_unchanged(w, before)


@pytest.mark.parametrize("how", ["seed", "history", "null"])
def test_an_edited_board_save_is_refused(how):
    game = BoardGame.new(2, seed=3)
    for _ in range(6):
        game.play(game.legal_actions()[0] if not game.legal_bars() else game.legal_bars()[0])
    save = game.to_json()
    data = json.loads(save)
    if how == "null":   # a save without a seed: a game set up by hand, replayed from its start
        loaded = BoardGame.from_json(edited(save, seed=None))
        assert loaded.seed is None and loaded.format() == game.format()
        w = BoardWidget()
        w.load(edited(save, seed=None))
        assert "set up by hand" in w.status and w.game.format() == game.format()
        return
    text = edited(save, seed=4) if how == "seed" else edited(save, start=data["notation"], actions=[])
    with pytest.raises(NotationError) as err:
        BoardGame.from_json(text)
    assert "seed" in str(err.value)


def test_a_position_set_up_by_hand_says_so_when_loaded():
    game = Game.parse("RU GB FR ES IT | b1:RUf | US CN | ITm ITf | RUm GBf / ESm | - / - | 0 0 | to:1")
    w = CafeWidget()
    w.load(game.to_json())
    assert "set up by hand" in w.status and w.game.seed is None and w.game == game


# -- 11. a typed line is all or nothing, even across the end of the game ----------------------------

def test_a_line_whose_first_card_ends_the_game_is_taken_back_when_a_later_card_is_refused():
    # one table left in the pile: filling two tables at once ends the game (R12a)
    text = ("RU GB FR ES IT | a2:RUf b1:RUm b3:RUf d1:GBf e2:GBf d3:GBm | US | CUf | RUm ESm / CNm | - / - "
            "| 0 0 | to:1")
    game = Game.parse(text)
    end = "RUm@c2"     # fills b2 and d2 at once: two tables to lay, one in the pile
    probe = game.copy()
    probe.place(end)
    assert probe.is_over, "the first card must end the game (R12a)"
    w = CafeWidget(game=game, players=["human", "human"], teaching=True)
    before = state(w)
    w.command(f"{end}, ZZf@c4")
    assert_refused_unchanged(w, before)
    assert not w.game.is_over


# -- 12. values that are not text ---------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: Cafe.parse(None), lambda: Game.new(2, seed=1).act(None), lambda: Game.new(2, seed=1).hand(7),
    lambda: Game.new(2, seed=1).hand("1"), lambda: CafeWidget.from_notation(5),
    lambda: BoardWidget.from_notation(None), lambda: Game.from_json(None), lambda: BoardGame.new(2, seed=1).hand(9),
    lambda: Game.new(2, seed=1).place(None),
])
def test_values_that_are_not_text_raise_the_librarys_own_errors(call):
    with pytest.raises(NotationError) as err:
        call()
    assert err.value.field and err.value.token and "is not" in str(err.value)


@pytest.mark.parametrize("make", [lambda: CafeWidget(game=Game.new(2, seed=1)),
                                  lambda: BoardWidget(game=BoardGame.new(2, seed=1))])
@pytest.mark.parametrize("value", [None, 5, ["draw"], b"draw", {"a": 1}])
def test_a_widget_says_what_it_expected_in_its_status_line(make, value):
    w = make()
    acts = (w.command, w.load) + (() if isinstance(value, int) else (lambda v: w.click(v, 3),))
    for act in acts:
        before = state(w)
        act(value)
        assert_refused_unchanged(w, before, "is not")


def test_teach_helpers_say_what_they_expected(capsys):
    teach.where(Cafe.parse("RU GB FR ES IT | b1:RUf"), None)
    teach.result(None)
    teach.review(5)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all("is not" in line for line in lines), lines


# -- 13. a megabyte is not echoed -------------------------------------------------------------------

def test_a_huge_input_is_quoted_short():
    huge = "RUf@" + "x" * 1_000_000
    with pytest.raises(NotationError) as err:
        Game.new(2, seed=1).act(huge)
    assert len(str(err.value)) < 300
    w = CafeWidget(game=Game.new(2, seed=1))
    for act in (w.command, w.load):
        act(huge)
        assert w.refused and len(w.status) < 400, len(w.status)
    w.command("z" * 1_000_000)
    assert len(w.status) < 400


def test_illegal_moves_in_a_widget_still_name_their_rule():
    w = CafeWidget(game=Game.new(2, seed=1), players=["human", "steady"])
    before = state(w)
    w.command("end")
    assert_refused_unchanged(w, before, "(R4)")
    with pytest.raises(IllegalMove):
        w.game.end_turn()
