"""One game, many laptops: a table's seats and screen share one game in one kernel.

A move from any seat shows in every seat and screen; a seat shows its own hand only (the card
game's: the board game's hands are open, B3), the screen none; a click or a typed line out of
turn is refused, says whose turn it is and changes nothing; the computers play once, paced as
in a widget of its own; new game, undo and load reach every seat; a table saves and loads."""

from __future__ import annotations

import asyncio
import json

import pytest

from cafe_widget import BoardGame, Game, Table
from cafe_widget.engine.board_search import best_action


def _move(game) -> str:
    """The mover's best turn (or a draw) as a typed line."""
    best = game.best_turn()
    if best:
        return f"{best.text}, end"
    return "draw" if game.explain_draw() is None else f"down {game.hand()[0]}"   # 12 cards: one face down (R11)


def _action(action) -> str:
    """A board action as a typed line: its tiles seated, then the end of the turn."""
    return f"{action.text}; end" if action.kind == "seat" else action.text


def _shown(w) -> tuple:
    """What a widget shows of the game: the café, the hand, the scores' lines."""
    view = w.view()
    return view.cafe.format(), tuple(view.hand), view.players


def _all_at(table, game) -> None:
    for w in table.widgets:
        assert w.game is game, w


def test_a_move_from_one_seat_shows_in_every_seat_and_the_computer_plays_once():
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    seats = {0: table.seat(0), 1: table.seat(1)}
    screen = table.screen()
    game = table.game
    assert (seats[0].player, seats[1].player, screen.player) == (0, 1, None)
    assert game.to_move == 1
    for p, w in seats.items():            # each seat its own hand, no hand-over; the screen none
        assert w.view().hand == game.hand(p) and w.view().handover == ""
    assert screen.view().hand == () and screen.view().handover == "Player 2 is to move, at their seat."

    logged = len(game.log)
    seats[1].command(_move(game))
    assert len(game.log) == logged + 2                   # player 2's turn, then the computer's, once
    assert [e.player for e in game.log[-2:]] == [1, 2]
    _all_at(table, game)
    assert _shown(seats[0])[0] == _shown(seats[1])[0] == _shown(screen)[0] == game.cafe.format()
    assert seats[0].view().players == screen.view().players
    assert seats[0].view().hand == game.hand(0) and seats[1].view().hand == game.hand(1)
    assert seats[0].status.endswith("Your turn, Player 1.")
    assert "Computer 3 (steady) played" in screen.status and "Computer 3 (steady) played" in seats[0].status


@pytest.mark.parametrize("how", ["click a card", "click a seat", "typed move", "typed word", "screen"])
def test_out_of_turn_is_refused_says_whose_turn_and_changes_nothing(how):
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    idle, mover, screen = table.seat(0), table.seat(1), table.screen()
    game = table.game
    before = game.to_json()
    scenes = [w.scene.layers for w in (idle, mover, screen)]
    if how == "click a card":
        idle.click(*idle.locate(game.hand(0)[0]))
    elif how == "click a seat":
        idle.click(*idle.locate("b1"))
    elif how == "typed move":
        idle.command(f"{game.hand(0)[0]}@b1")
    elif how == "typed word":
        idle.command("draw")
    else:
        screen.click(*screen.locate("b1"))
    w = screen if how == "screen" else idle
    assert w.refused
    assert w.status == ("This is the table's screen: play from your seat. Nothing was changed." if how == "screen"
                        else "It is Player 2's turn: wait for yours. Nothing was changed.")
    assert table.game.to_json() == before and len(table.game.log) == len(game.log)
    _all_at(table, table.game)
    assert [x.scene.layers for x in (mover, screen if how != "screen" else idle)] == \
        [scenes[1], scenes[2] if how != "screen" else scenes[0]]
    assert mover.status != w.status                      # a refusal is said in its own seat only


def test_four_seats_take_turns_and_every_screen_follows():
    table = Table(Game.new(players=4, seed=11), pace=0)
    seats = [table.seat(i) for i in range(4)]
    screen = table.screen()
    for _ in range(10):
        game = table.game
        mover = game.to_move
        for i, w in enumerate(seats):
            if i != mover:
                w.command("draw")
                assert w.refused
        seats[mover].command(_move(game))
        assert not seats[mover].refused, seats[mover].status
        _all_at(table, game)
        cafe = game.cafe.format()
        for i, w in enumerate(seats):
            assert _shown(w)[:2] == (cafe, tuple(game.hand(i)))
        assert _shown(screen)[:2] == (cafe, ())
    assert len(table.game.log) == 10


def test_undo_and_a_card_placed_show_in_every_seat():
    table = Table(Game.new(players=2, seed=5), pace=0)
    seats = [table.seat(0), table.seat(1)]
    game = table.game
    mover, other = seats[game.to_move], seats[1 - game.to_move]
    card = game.best_turn().cards[0]
    mover.click(*mover.locate(card.guest))
    mover.click(*mover.locate(card.seat))
    assert other.view().cafe.guest(card.seat) == card.guest and other.view().placed == (card.seat,)
    mover.command("undo")
    assert other.view().cafe.guest(card.seat) is None and other.view().placed == ()


def test_a_new_game_from_the_seat_to_move_or_the_screen_reaches_every_seat():
    table = Table(Game.new(players=2, seed=5), pace=0)
    seats = [table.seat(0), table.seat(1)]
    screen = table.screen()
    game = table.game
    idle = seats[1 - game.to_move]
    idle.command("new")
    assert idle.refused and table.game is game
    seats[game.to_move].command("new")                   # a game in progress? none yet: at once
    assert table.game is not game and table.game.seed == 6
    _all_at(table, table.game)
    seats[table.game.to_move].command("draw")            # a game in progress now
    screen.command("new")
    screen.command("new")                                # the screen asks first, then starts it
    assert table.game.seed == 7 and not table.game.log
    _all_at(table, table.game)


def test_the_board_game_at_a_table():
    table = Table(BoardGame.new(players=3, seed=3), players=["human", "human", "computer"], pace=0)
    seats = {0: table.seat(0), 1: table.seat(1)}
    screen = table.screen()
    for _ in range(4):
        game = table.game
        mover = game.to_move
        idle = seats[1 - mover]
        before = game.to_json()
        idle.command(_action(best_action(game.board, game.hand(1 - mover))))
        assert idle.refused and idle.status.startswith(f"It is Player {mover + 1}'s turn")
        assert table.game.to_json() == before
        logged = len(game.log)
        seats[mover].command(_action(best_action(game.board, game.hand())))
        assert not seats[mover].refused, seats[mover].status
        computer_next = (mover + 1) % 3 == 2
        assert len(table.game.log) == logged + 1 + computer_next   # the computer's action once, if next
        _all_at(table, table.game)
        assert seats[0].view().board == seats[1].view().board == screen.view().board == table.game.board


def test_a_table_saves_and_loads_and_a_bad_text_changes_nothing():
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    a, b = table.seat(0), table.seat(1)
    b.command(_move(table.game))
    saved = table.save()
    assert json.loads(saved)["format"] == "cafe_widget table"
    again = Table.from_save(saved, pace=0)
    assert again.game.to_json() == table.game.to_json() and again.players == ("human", "human", "steady")
    assert again.seat(0).view().hand == table.game.hand(0)

    a.command(_move(table.game))
    moved = table.game.to_json()
    with pytest.raises(ValueError):
        table.load("{not a save")
    assert table.game.to_json() == moved
    table.load(saved)                                    # back to the saved position, in every seat
    assert table.game.to_json() == again.game.to_json()
    _all_at(table, table.game)


def test_a_seat_is_for_a_person_of_the_game():
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    with pytest.raises(ValueError, match="Player 3 is a computer: a seat is for a person"):
        table.seat(2)
    with pytest.raises(ValueError, match="There is no seat 5 at this table: its players are numbered 0 to 2"):
        table.seat(5)
    with pytest.raises(TypeError):
        Table("DE GB IT CN CF")


def test_the_computers_turns_are_paced_once_after_a_live_click():
    """After a person's own click in a live front end, one computer turn every ``pace`` seconds,
    played by the seat that moved and shown in every seat as it comes."""
    table = Table(Game.new(players=4, seed=5), players=["human", "steady", "steady", "human"], pace=0.02)
    first, last = table.seat(0), table.seat(3)
    seen = []

    if table.game.to_move == 3:                          # player 4 first, from code: at once
        last.command(_move(table.game))
    assert table.game.to_move == 0

    async def play():
        game = table.game
        mover = first
        logged = len(game.log)
        mover._from_front_end(mover.command, _move(game))
        seen.append(len(game.log) - logged)
        for _ in range(50):
            await asyncio.sleep(0.01)
            seen.append(len(game.log) - logged)
            if table.game.to_move in (0, 3):
                break

    asyncio.run(play())
    steps = sorted(set(seen))
    assert steps[0] == 1 and steps[-1] <= 3 and len(steps) >= 2, seen   # the computers one at a time
    _all_at(table, table.game)
    assert first.view().cafe == last.view().cafe


@pytest.mark.parametrize("kind", ["card", "board"])
def test_a_whole_game_played_from_the_seats_with_every_screen_following(kind):
    if kind == "card":
        table = Table(Game.new(players=3, seed=21), players=["human", "human", "steady"], pace=0)
    else:
        table = Table(BoardGame.new(players=3, seed=21), players=["human", "human", "greedy"], pace=0)
    seats = {0: table.seat(0), 1: table.seat(1)}
    screen = table.screen()
    moves = 0
    while not table.game.is_over and moves < 400:
        game = table.game
        mover = game.to_move
        if kind == "card":
            line = _move(game) if game.state.may_declare != mover else "end"
        else:
            line = _action(best_action(game.board, game.hand()))
        before = game.to_json()
        seats[1 - mover].command(line)                   # the mover's line from the other seat: refused
        assert seats[1 - mover].refused and table.game.to_json() == before
        seats[mover].command(line)
        assert not seats[mover].refused, seats[mover].status
        moves += 1
        _all_at(table, table.game)
        if kind == "card":
            for p, w in seats.items():
                assert w.view().hand == (table.game.hand(p) if not table.game.is_over else w.view().hand)
            assert screen.view().cafe == table.game.cafe
        else:
            assert screen.view().board == seats[0].view().board == table.game.board
    assert table.game.is_over, moves
    assert seats[0].status == seats[1].status == screen.status   # the result, said in every seat


def test_share_is_gone_and_points_to_the_class_hub(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = Table(Game.new(players=2, seed=5), pace=0)
    assert table.share() is None
    said = capsys.readouterr().out
    assert "cafe_widget.join(\"3B\")" in said and "JupyterHub" in said
    assert list(tmp_path.iterdir()) == []      # no seat notebook, nothing bound to this kernel


def test_a_board_table_saves_and_a_damaged_save_is_said():
    table = Table(BoardGame.new(players=2, seed=3), pace=0)
    seat = table.seat(table.game.to_move)
    seat.command(_action(best_action(table.game.board, table.game.hand())))
    again = Table.from_save(table.save(), pace=0)
    assert isinstance(again.game, BoardGame) and again.game.to_json() == table.game.to_json()
    for bad in ("{}", "nope", '{"format": "cafe_widget table", "version": 1, "game": {"format": "x"}}'):
        with pytest.raises(ValueError, match="This is not a saved table"):
            Table.from_save(bad)


# -- what a review found (before it landed) ----------------------------------------------

def test_a_hint_or_a_card_chosen_stays_in_its_own_seat():
    """A seat's hint and the seats its card may take are about its hand: never on the screen."""
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    idle, mover, screen = table.seat(0), table.seat(1), table.screen()
    before = [(w.status, w.view().info, w.scene.layers) for w in (idle, screen)]
    mover.command("hint")
    assert mover.status.startswith("Hint, not played:")
    mover.click(*mover.locate(table.game.hand(1)[0]))
    mover.command("back")                                # a look back, in its own seat only
    assert [(w.status, w.view().info, w.scene.layers) for w in (idle, screen)] == before


def test_a_seat_loads_no_game_and_starts_none_out_of_turn():
    table = Table(Game.new(players=3, seed=5), players=["human", "human", "steady"], pace=0)
    idle, screen = table.seat(0), table.seat(1) and table.screen()
    other = Game.new(players=2, seed=9).to_json()
    idle.load(other)
    assert idle.refused and idle.status.startswith("A seat at a table opens no other game")
    assert table.game.seed == 5
    screen.load(other)                                   # the teacher's screen may (it asks first)
    screen.load(other)
    assert table.game.seed == 9 and table.players == ("human", "steady")
    board = Table(BoardGame.new(players=2, seed=3), pace=0)
    seats = [board.seat(0), board.seat(1)]
    idle = seats[1 - board.game.to_move]
    idle.command("new")
    idle.command("new")
    assert idle.refused and board.game.seed == 3


def test_r12c_only_the_player_who_emptied_the_hand_declares_from_their_seat():
    import itertools

    for seed in range(50):                               # a deal where player 1 can empty a 2-card hand
        game = Game.new(players=3, seed=seed)
        fields = [f.strip() for f in game.format().split("|")]
        hands = [h.strip() for h in fields[4].split("/")]
        for a, b in itertools.combinations(sorted(set(hands[0].split())), 2):
            rest = hands[0].split()
            rest.remove(a)
            rest.remove(b)
            fields2 = list(fields)
            fields2[4] = " / ".join([f"{a} {b}"] + hands[1:])
            fields2[7], fields2[3] = "to:1", fields[3] + " " + " ".join(rest)
            short = Game.parse(" | ".join(fields2))
            best = short.best_turn()
            if best and len(best.cards) == 2:
                break
        else:
            continue
        break
    table = Table(short, players=["human", "human", "steady"], pace=0)
    first, second = table.seat(0), table.seat(1)
    first.command(best.text + ", end")
    assert table.game.who_may_declare() == (0,) and table.game.to_move == 1
    assert dict((k, on) for k, _, on in first.view().buttons)["declare"]
    assert not dict((k, on) for k, _, on in second.view().buttons)["declare"]
    second.command("declare")
    assert second.refused and not table.game.is_over
    first.command("declare")
    assert table.game.is_over and table.game.log[-1].player == 0


def test_back_to_the_game_after_a_try_is_the_table_as_it_is_now():
    table = Table(Game.new(players=2, seed=5), pace=0)
    seats = [table.seat(0), table.seat(1)]
    screen = table.screen()
    idle = seats[1 - table.game.to_move]
    idle.command("back")
    idle.command("try")
    screen.command("new")
    screen.command("new")
    new = table.game
    if seats[new.to_move] is not idle:                   # a move in the new game meanwhile, if it can
        seats[new.to_move].command(_move(new))
    moved = len(new.log)
    idle.command("live")
    assert idle.game is table.game is new and len(new.log) == moved
    assert idle.view().hand == new.hand(idle.player)
    _all_at(table, new)


def test_the_computers_still_play_when_the_seat_that_showed_them_leaves():
    table = Table(Game.new(players=4, seed=5), players=["human", "steady", "steady", "human"], pace=0.05)
    first, last = table.seat(0), table.seat(3)
    if table.game.to_move == 3:
        last.command(_move(table.game))

    async def play():
        first._from_front_end(first.command, _move(table.game))
        first._from_front_end(first.command, "back")
        first._from_front_end(first.command, "try")     # the seat that paced the computers leaves
        await asyncio.sleep(0.4)

    asyncio.run(play())
    assert table.game.to_move == 3                      # both computers played, once
    assert [e.player for e in table.game.log[-3:]] == [0, 1, 2]
    last.command(_move(table.game))
    assert not last.refused, last.status


def test_both_links_are_the_table_link_the_widget_declares_and_it_calls_nothing_else():
    """The table link is declared (``widget/link.py``): a Table in one kernel and a seat at the
    service are both a TableLink, and the widgets call only its five methods on their table;
    every move a person makes goes through ``submit`` (``Shell._move``): no widget calls an
    engine verb on its game itself but the computers' own turns (``act``, never at a seat)."""
    import ast
    from pathlib import Path

    import cafe_widget.widget
    from cafe_widget.classroom.tables.transport import SeatLink
    from cafe_widget.classroom.tables.local import Table as TableInOneKernel
    from cafe_widget.widget.link import TableLink

    assert issubclass(TableInOneKernel, TableLink) and issubclass(SeatLink, TableLink)
    declared = {name for name in vars(TableLink) if not name.startswith("_")}
    assert declared == {"submit", "changed", "holds", "rejoin", "computers_due"}
    called, verbs_called = set(), set()
    verbs = {"place", "undo", "end_turn", "play", "draw", "lay_face_down", "declare_end", "act", "bar", "swap"}
    for path in Path(cafe_widget.widget.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "table_link":
                called.add(node.attr)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in verbs:
                receiver = node.func.value
                if (isinstance(receiver, ast.Name) and receiver.id == "game") or (
                        isinstance(receiver, ast.Attribute) and receiver.attr in ("_game", "game")):
                    verbs_called.add((path.name, node.func.attr))
    assert called == declared
    assert verbs_called == {("computers.py", "act"), ("board_play.py", "act")}
