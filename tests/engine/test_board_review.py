"""The board game's review: each finished action against the best action then,
with the points missed, like the card game's ``Game.review()``; ``teach.review`` prints it."""

from cafe_widget import BoardGame
from cafe_widget.engine import BoardReviewEntry
from cafe_widget.players import make_board_player
from cafe_widget.teach import review


def _played(turns: int) -> BoardGame:
    game = BoardGame.new(players=2, seed=4)
    seats = [make_board_player("random", seed=1), make_board_player("greedy")]
    for _ in range(turns):
        for action in seats[game.to_move].actions(game):
            game.act(action)
    return game


def test_each_action_against_the_best_then_with_the_points_missed():
    game = _played(6)
    entries = game.review()
    assert [type(e) for e in entries] == [BoardReviewEntry] * 6 == [BoardReviewEntry] * len(game.log)
    first, third = entries[0], entries[2]
    assert (first.number, first.player, first.action, first.points) == (1, 0, "CUm@b5, CFf@c4", 2)
    assert (first.board, first.hand) == ("- | -", "CFf CUm RUf TRf TRm")
    assert (first.best_text, first.best_points, first.missed) == ("TRf@b9, TRm@a10", 4, 2)
    assert (third.kind, third.action, third.points, third.missed) == ("bar", "bar TRf", 1, 3)
    assert all(e.missed == 0 and e.best_text == e.action for e in entries if e.player == 1)  # greedy
    assert game.review()[0] == first                                   # the same facts again


def test_the_review_leaves_the_game_as_it_was_and_teach_prints_it(capsys):
    game = _played(4)
    before = game.format()
    review(game, player=0)
    assert game.format() == before
    assert capsys.readouterr().out.splitlines() == [
        "  1. player 1: CUm@b5, CFf@c4 = 2   (best then: TRf@b9, TRm@a10 = 4 (2 more))",
        "  3. player 1: bar TRf = 1   (best then: TRf@b9, TRm@a10 = 4 (3 more))",
    ]
    review(game, player=1, lang="fr")
    assert capsys.readouterr().out.splitlines()[0] == "  2. joueur 2 : ITm@d3 = 2   (le meilleur coup à ce moment)"


def test_the_board_widget_has_a_scoresheet_and_its_history_tells_the_points_missed():
    from cafe_widget import BoardWidget
    w = BoardWidget(seed=4)
    assert w.game.best_action().text == "TRf@b9, TRm@a10"
    w.command("bar CFf")                                   # 1 point where 4 were there
    assert w.scoresheet[0] == "1. Player 1 played bar CFf: 1 point."
    assert len(w.scoresheet) == len(w.game.log) == 2
    w.command("back")
    assert w.mode == "history" and w.viewing == 1
    assert w.status == ("Turn 1 of 2: Player 1 played bar CFf: 1 point. "
                        "(best then: TRf@b9, TRm@a10 = 4 (3 more))")


def test_after_a_mouse_click_the_board_computers_play_one_after_another():
    """As in the card widget (``pace=``): in a live front end a student's action is followed by
    one computer action every ``pace`` seconds, each shown; a click meanwhile plays the rest at
    once; from code, all at once. The steps are driven by hand here (no clock in the test)."""
    import asyncio

    from cafe_widget import BoardWidget

    async def scenario():
        w = BoardWidget(game=BoardGame.new(players=3, seed=4), players=["human", "greedy", "greedy"], pace=0.9)
        steps = []
        w._schedule = lambda: steps.append(w._pace_token)   # instead of loop.call_later
        tile = w.game.hand()[0]
        w._from_front_end(w.command, f"bar {tile}")              # the student's own typed line
        assert w.game.to_move == 1 and len(steps) == 1 and w.status.startswith("Player 1: ")
        w._paced_step(steps.pop())
        assert w.game.to_move == 2 and w.status.startswith("Computer 2 (greedy): ") and len(steps) == 1
        stale = steps.pop()
        x, y = w.locate("c2")
        w._on_mouse_down(2 * x, 2 * y)                           # a click: the rest at once
        assert w.game.to_move == 0 and len(w.game.log) == 3
        w._paced_step(stale)                               # the old step finds nothing to do
        assert w.game.to_move == 0 and len(w.game.log) == 3
        code = BoardWidget(game=BoardGame.new(players=3, seed=4), players=["human", "greedy", "greedy"])
        code.command(f"bar {code.game.hand()[0]}")               # from code: no waiting
        assert code.game.to_move == 0 and len(code.game.log) == 3

    asyncio.run(scenario())


def test_a_bare_position_opens_the_board_sandbox():
    """``from_notation`` of a position: every tile to try on it, the points table
    by table, Undo takes back, Keep turn keeps the tiles; no turns, no players, no bag."""
    from cafe_widget import BoardWidget
    w = BoardWidget.from_notation("a2:CFf b1:CFm c2:ITf | -")
    assert w.mode == "sandbox" and w.status.startswith("A sandbox: click a tile of the palette")
    view = w.view()
    assert len(view.players) == 1 and len(view.players[0].hand) == 26 and view.bag is None
    assert [b[0] for b in view.buttons] == ["undo", "end", "hint", "new"]
    w.click(*w.locate("CFm"))
    assert dict(w.view().lit)["b3"] == 4
    w.click(*w.locate("b3"))
    assert w.status == "CFm@b3: +4 African table b2, +0 African table b4 = 4. Seat a second tile, or End turn."
    w.click(*w.locate("undo"))
    assert w.board.tile("b3") is None
    w.command("CFm@b3; end")
    assert w.status == "Kept: CFm@b3 = 4." and w.mode == "sandbox"
    assert w.board.format() == "b1:CFm a2:CFf c2:ITf b3:CFm | -" and len(w.game.hand()) == 26
    w.command("ITm@a2")                                         # a taken chair: the rule, nothing changed
    assert "a2" in w.status and w.board.tile("a2") == "CFf"
    w.click(*w.locate("hint"))                                  # the best any tiles could make here
    assert w.status == "Hint, not played: ITm@d1, ITf@e2 = 10 points." and w.view().hint
    w.command("new")
    assert w.mode == "play" and not any(w.board.chairs)
