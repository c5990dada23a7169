"""The board game's widget without a browser, driven through ``locate`` and ``click`` as a
student's clicks would drive it: whole turns (BE1, a joker between two nations, the bar, a
swap), every refusal with its B-rule and nothing changed, computers, French, random clicks."""

import json
import random
from collections import Counter

import ipycanvas.canvas as ipycanvas_canvas
import pytest

from cafe_widget import Board, BoardGame, BoardWidget
from cafe_widget.engine.board import BAR_PLACES, CHAIRS, TABLES, full_bag


def tap(w, name):
    w.click(*w.locate(name))


def game_with(hands, chairs="-", bar="-", scores=None, to=1):
    """A game notation with the given hands (the rest of the 100 tiles in the bag, sorted)."""
    board = Board.parse(f"{chairs} | {bar}")
    rest = Counter(full_bag()) - Counter(board.tiles()) - Counter(t for h in hands for t in h.split())
    bag = " ".join(sorted(rest.elements()))
    n = len(hands)
    scores = scores or [0] * n
    return BoardGame.parse(f"{chairs} | {bar} | {bag} | {' / '.join(hands)} | {' '.join(['5'] * n)} | "
                           f"{' '.join(map(str, scores))} | - | to:{to}")


def snapshot(w):
    return (w.game.format(), len(w.game.log))


@pytest.fixture
def sent(monkeypatch):
    messages = []

    def send(content, buffers=None):
        messages.append(json.loads(bytes(buffers[0])))

    monkeypatch.setattr(ipycanvas_canvas._CANVAS_MANAGER, "send", send)
    return messages


def test_be1_as_clicks():
    w = BoardWidget(game=game_with(["CFf CFm ITf GBm RUf", "DEf DEm USf USm INf"]), players=["human", "human"])
    tap(w, "CFf")
    assert "a2 (+0)" in w.status and dict(w.view().lit)["a2"] == 0
    tap(w, "a2")
    assert w.board.tile("a2") == "CFf" and "(B7)" in w.status
    tap(w, "CFm")
    assert dict(w.view().lit)["b1"] == 4
    tap(w, "b1")
    assert w.status.startswith("CFm@b1: +4 African table b2 = 4.")
    tap(w, "end")
    assert w.game.scores == (4, 0) and w.game.to_move == 1
    assert w.status.startswith("Player 1: CFf@a2, CFm@b1 = 4.")
    assert w.view().marks == ("a2", "b1")


def test_a_joker_between_two_nations_asks_which_nation():
    w = BoardWidget(game=game_with(["*f ITm GBm RUf TRf", "DEf DEm USf USm INf"], chairs="a2:CFf b1:CFm"),
                    players=["human", "human"])
    tap(w, "*f")
    tap(w, "c2")
    assert "which nation" in w.status and "(B5)" in w.status and w.board.tile("c2") is None
    view = w.view()
    assert dict(view.lit_tables) == {"b2": 6, "d2": 3}      # BE6: declared CF 6, IT 3
    assert {c[1] for c in view.choices} == {"CF +6", "IT +3"}
    tap(w, "d2")                                            # the Italian table: declared IT
    assert w.board.tile("c2") == "ITf*" and w.game.turn.points == 3
    tap(w, "undo")
    assert w.board.tile("c2") is None and "taken back" in w.status
    tap(w, "*f")
    tap(w, "c2")
    tap(w, "declare:CF")                                    # or a button
    assert w.board.tile("c2") == "CFf*" and w.game.turn.points == 6
    tap(w, "end")
    assert w.game.scores[0] == 6


def test_the_bar_button_and_a_bar_place():
    w = BoardWidget(game=game_with(["RUm ITm GBm RUf TRf", "DEf DEm USf USm INf"]), players=["human", "human"])
    tap(w, "RUm")
    assert ("bar1", 1) in w.view().lit
    tap(w, "bar")
    assert w.game.board.bar == ("RUm",) and w.game.scores == (1, 0) and "+1" in w.status
    tap(w, "USm")                                           # player 2, by the bar place itself
    tap(w, "bar2")
    assert w.game.board.bar == ("RUm", "USm") and w.game.scores == (1, 2)
    assert w.view().marks == ("bar2",)


def test_a_swap_takes_the_joker_back():
    w = BoardWidget(game=game_with(["ITf GBm RUf TRf CNm", "DEf DEm USf USm INf"],
                                   chairs="a2:CFf b1:CFm c2:ITf*"), players=["human", "human"])
    tap(w, "ITf")
    assert "c2" in w.view().swaps and "Swap" in w.status
    tap(w, "swap")
    assert "click a lit joker" in w.status
    tap(w, "c2")
    assert w.board.tile("c2") == "ITf" and "*f" in w.game.hands[0] and "(B10)" in w.status
    assert w.game.to_move == 1


@pytest.mark.parametrize("steps, rule", [
    (["ITm", "b1"], "B5"),                    # the nation of the chair's tables
    (["CFf", "b1", "CFf", "a2"], "B6"),      # the African table b2: two women, no man
    (["CFf", "b1", "ITm", "c2", "RUf", "k6"], "B4"),
    (["CFf", "b1", "end"], "B7"),
    (["end"], "B4"),
    (["undo"], "B4"),
    (["CFf", "b1", "RUf", "bar"], "B4"),
    (["*m", "bar"], "B9"),
    (["RUf", "c2"], "B5"),
])
def test_every_refusal_shows_its_rule_and_changes_nothing(steps, rule):
    w = BoardWidget(game=game_with(["CFf CFf ITm RUf *m", "DEf DEm USf USm INf"], chairs="d1:ITf c4:GBm"),
                    players=["human", "human"])
    for step in steps[:-1]:
        tap(w, step)
    before = snapshot(w)
    tap(w, steps[-1])
    assert w.status.endswith(f"({rule}).") or f"({rule})" in w.status, w.status
    assert snapshot(w) == before


def test_refused_swaps_and_seats_say_b10_and_b5():
    w = BoardWidget(game=game_with(["ITm GBm RUf TRf CNm", "DEf DEm USf USm INf"],
                                   chairs="a2:CFf b1:CFm c2:ITf*"), players=["human", "human"])
    before = snapshot(w)
    tap(w, "ITm")
    tap(w, "c2")                              # a man for a lady joker
    assert "(B10)" in w.status and snapshot(w) == before
    tap(w, "b1")                              # taken (the tile stays chosen after a refusal)
    assert "(B5)" in w.status and snapshot(w) == before
    tap(w, "RUf")
    tap(w, "swap")
    assert "(B10)" in w.status and snapshot(w) == before


def test_another_players_tile_is_refused():
    w = BoardWidget(game=game_with(["CFf CFm ITf GBm RUf", "DEf DEm USf USm INf"]), players=["human", "human"])
    before = snapshot(w)
    tap(w, "2:DEf")
    assert "(B3)" in w.status and "Player 2" in w.status and snapshot(w) == before


def test_computers_play_after_a_person_and_hints_light_the_best():
    w = BoardWidget(game=BoardGame.new(players=3, seed=2), players=["human", "greedy", "random"])
    tap(w, "hint")
    best = w.game.best_action()
    assert w.status.startswith("Hint, not played:") and best.text in w.status
    hinted = {where for where, _ in w.view().hint}
    assert hinted == ({c.chair for c in best.cards} if best.kind == "seat" else hinted)
    w.command(best.text if best.kind != "seat" else best.text)
    if w.game.turn is not None:
        tap(w, "end")
    assert w.game.to_move == 0 and len(w.game.log) == 3
    assert "Computer 2" in w.status


def test_a_game_of_computers_only_plays_to_the_end():
    w = BoardWidget(game=BoardGame.new(players=4, seed=4), players=["greedy", "random", "greedy", "computer"])
    assert w.game.is_over and "Game over" in w.status
    assert any(t.startswith("Final score") for t in w.scene.texts())


def test_whole_game_by_clicks_against_the_computer():
    w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "greedy"])
    turns = 0
    while not w.game.is_over and turns < 200:
        turns += 1
        best = w.game.best_action()
        if best.kind == "seat":
            for card in best.cards:
                held = "*" + card.tile[2] if card.tile.endswith("*") else card.tile
                tap(w, held)
                tap(w, card.chair)
                if w.view().choices:
                    tap(w, f"declare:{card.tile[:2]}")
            tap(w, "end")
        elif best.kind == "bar":
            tap(w, best.tile)
            tap(w, "bar")
        else:
            tap(w, best.tile)
            tap(w, best.chair)
        assert "(B" not in w.status or "Game over" in w.status or "B3" in w.status or "B9" in w.status, w.status
    assert w.game.is_over


def test_random_clicks_never_raise():
    rng = random.Random(15)
    for seed in range(3):
        w = BoardWidget(game=BoardGame.new(players=2 + seed, seed=seed), players=["human"] * (2 + seed))
        for _ in range(400):
            if rng.random() < 0.6:
                region = rng.choice(w.scene.regions)
                w.click(*region.centre)
            else:
                w.click(rng.uniform(0, w.size[0]), rng.uniform(0, w.size[1]))
            assert not w.status.startswith("Something went wrong"), w.status
        BoardGame.parse(w.game.format())


def test_hit_test_for_every_chair_table_bar_place_and_hand_tile_in_the_widget():
    w = BoardWidget(game=BoardGame.new(players=4, seed=1), players=["human"] * 4)
    names = {r.name for r in w.scene.regions}
    assert set(CHAIRS) <= names and set(TABLES) <= names and {f"bar{i}" for i in range(1, BAR_PLACES + 1)} <= names
    assert len([r for r in w.scene.regions if r.kind == "tile"]) == 20


def test_from_notation_and_commands():
    w = BoardWidget.from_notation("a2:CFf b1:CFm | -")
    assert w.board.tile("a2") == "CFf" and w.game.players == 2
    game = BoardGame.new(players=2, seed=3)
    w = BoardWidget.from_notation(game.format(), players=["human", "human"])
    assert w.game.format() == game.format()
    w.command("nonsense")
    assert "is not an action" in w.status
    w.command("end")
    assert "(B4)" in w.status


def test_french():
    w = BoardWidget(game=game_with(["CFf CFm ITf GBm RUf", "DEf DEm USf USm INf"]), players=["human", "human"],
                    lang="fr")
    assert w.status.startswith("À Joueur 1")
    tap(w, "CFf")
    assert "chaises allumées" in w.status
    tap(w, "a2")
    tap(w, "CFm")
    tap(w, "b1")
    assert "table africaine b2" in w.status
    tap(w, "end")
    assert "Joueur 1 : CFf@a2, CFm@b1 = 4." in w.status
    texts = w.scene.texts()
    assert {"Fin du tour", "Annuler", "Échanger", "Conseil", "Bar"} <= set(texts)
    tap(w, "end")
    assert "(B4)" in w.status and "tuile" in w.status


def test_drawing_one_message_a_click(sent):
    w = BoardWidget(game=game_with(["CFf CFm ITf GBm RUf", "DEf DEm USf USm INf"]), players=["human", "human"])
    sent.clear()
    tap(w, "CFf")
    assert len(sent) == 1
    w._on_client_ready()   # a new front end: everything again, one message
    assert len(sent) == 2


def test_a_refusal_never_shows_a_traceback(monkeypatch):
    w = BoardWidget(game=BoardGame.new(players=2, seed=1), players=["human", "human"])
    monkeypatch.setattr(w, "select", lambda *a: 1 / 0)
    tap(w, w.game.hand()[0])
    assert w.status.startswith("Something went wrong: ZeroDivisionError")


def test_undo_keeps_the_selected_tile_selected():
    w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"])
    assert w.game.hand(0) == ("DEf", "ESf", "RUm", "TRm", "*m")
    w.command("DEf@d13")
    w.click(*w.locate("TRm"))
    assert w.view().selected == (0, 2)
    w.click(*w.locate("undo"))
    assert w.game.hand(0) == ("DEf", "ESf", "RUm", "TRm", "*m") and w.view().selected == (0, 3)


def test_the_history_steps_back_read_only_and_returns_to_the_live_game():
    """◀ ▶ and Back to game on the board, by clicks and typed words; looking back changes
    nothing (a typed move is refused, a click on a chair says read-only)."""
    w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"])
    w.command("DEf@d13, DEm*@c12; end")
    game, log = w.game.format(), [e.action for e in w.game.log]
    assert log == ["DEf@d13, DEm*@c12", "CUm@b9, TRf@b11"] and w.mode == "play" and w.viewing is None
    w.click(*w.locate("back"))
    assert (w.mode, w.viewing) == ("history", 1)
    assert w.status == "Turn 1 of 2: Player 1 played DEf@d13, DEm*@c12: 4 points. (the best action then)"
    assert w.view().board == w.game.log[1].before.board and w.view().board.tile("b9") is None
    w.command("back")
    assert w.viewing == 0 and w.status == "The start of the game (read-only): ▶ steps forward."
    assert w.view().board.tile("d13") is None and [p.score for p in w.view().players] == [0, 0]
    w.click(*w.locate("d13"))
    assert w.status.startswith("You are looking back at the start of the game (read-only)")
    w.command("RUm@a2")
    assert w.refused and w.status.startswith("'RUm@a2': you are looking back at the game")
    assert w.game.format() == game and w.viewing == 0
    w.command("vor")                                   # forward, in German
    assert w.viewing == 1
    w.click(*w.locate("live"))
    assert (w.mode, w.viewing, w.status) == ("play", None, "Back to the game.")
    assert w.game.format() == game and [e.action for e in w.game.log] == log


def test_the_history_buttons_wait_for_a_game_to_look_back_at():
    w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"])
    buttons = {r.name: r for r in w.scene.regions if r.kind == "button"}
    assert {"back", "forward"} <= set(buttons)
    w.click(*w.locate("forward"))
    assert w.mode == "play" and w.status == "Back to the game."


def test_try_from_here_plays_on_from_a_past_position_and_back_to_game_returns():
    """Try from here (the card game's key, on the board): a copy of the game as it was after
    the action shown, the same players; the game waits untouched until Back to game."""
    w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"])
    w.command("DEf@d13, DEm*@c12; end")
    game, save = w.game.format(), w.save()
    w.command("try")                                   # not looking back: nothing to try from
    assert w.status == "Try from here plays on from a position of the past: look back with ◀ first."
    assert w.game.format() == game
    w.command("back; back")
    assert w.viewing == 0
    tap(w, "try")
    assert w.mode == "play" and w.viewing is None and w.game.log == [] and w.game.scores == (0, 0)
    assert w.game.state == BoardGame.from_json(save).log[0].before
    assert w.status.startswith("Playing on from the start: a copy of the game as it began")
    w.command("DEf@d13, DEm*@c12; end")                # the first turn again; the computer answers
    assert [e.action for e in w.game.log] == ["DEf@d13, DEm*@c12", "CUm@b9, TRf@b11"]
    tap(w, "live")
    assert (w.mode, w.status) == ("play", "Back to the game.") and w.game.format() == game
    assert w.save() == save and "live" not in {r.name for r in w.scene.regions}
    w.command("back")
    w.command("essayer")                               # in French: from after turn 1
    assert w.game.log[0].before == BoardGame.from_json(save).log[1].before   # the computer to move, who plays
    assert w.status.startswith("Playing on from action 1: a copy of the game as it was then")
    assert "live" in {r.name for r in w.scene.regions} and w.game.seed is None
    tap(w, "new")                                      # asked first, then the game's next seed
    assert w.status.startswith("Start a new game?")
    tap(w, "new")
    assert w.game.seed == 8 and w.game.log == [] and "live" not in {r.name for r in w.scene.regions}


def test_both_widgets_are_a_shell_and_its_modes():
    from cafe_widget import CafeWidget
    from cafe_widget.widget.modes import Mode

    assert list(CafeWidget.MODES) == ["play", "history", "sandbox", "puzzle", "seats"]
    assert list(BoardWidget.MODES) == ["play", "history", "puzzle", "sandbox"]
    assert all(isinstance(m, Mode) and m.name == name for cls in (CafeWidget, BoardWidget)
               for name, m in cls.MODES.items())
    assert type(CafeWidget.MODES["history"]) is type(BoardWidget.MODES["history"])   # one mode, two games
