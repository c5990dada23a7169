"""What a hub seat's screen shows, each seat joined against the game service
running in this process: a paused table's seat draws its buttons off and refuses every click and
typed move with the reason, and comes back when the table goes on; a closed table's seat gives no
hint; the "Last turn" panel shows the last turn taken at the table, whoever took it; the seat fits
a 1366 × 768 laptop (no Load row, its canvas shown 540 px tall); ``classroom.tables()`` is a list
a teacher can read."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from cafe_widget.classroom.tables import cli as tables_cli, listing as table_list, seat as seat_widgets, teacher, transport
from cafe_widget.classroom.tables.transport import wait_for
from cafe_widget.classroom.tables.seat import SHOWN_HEIGHT
from cafe_widget.engine import BoardGame
from cafe_widget.i18n import translate
from cafe_widget.render.board_words import board_say
from cafe_widget.render.words import phrase

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from service_helpers import RunningService, play_a_turn  # noqa: E402

PAUSED = "Your teacher has paused the table."
PAUSED_MOVE = "Your teacher has paused table {table}: nothing changed. Wait until it goes on."


@pytest.fixture
def running(tmp_path):
    s = RunningService(tmp_path / "tables").start()
    yield s
    s.stop()


def until(test, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.01)
    return False


def _info(w) -> tuple:
    """The panel's lines of a seat as drawn now (read under its lock: never half a drawing)."""
    with w.event_lock:
        return w.view().info


def _state_heard(w, state: str) -> bool:
    """The seat heard the table's new state and drew it (the drawing ends under the event lock)."""
    if not until(lambda: w._link.meta.get("state") == state):
        return False
    with w.event_lock:
        return w._table_state == state


def _on(w) -> dict:
    return {key: on for key, _, on in w.view().buttons}


def _seats(s, name, game, users):
    teacher.open_table(name, game, users, seed=5, url=s.url, token="t-teacher")
    return [seat_widgets.join(name, url=s.url, token=f"t-{u}") for u in users if u not in ("computer", "greedy")]


# -- 1: paused, resumed, closed -----------------------------------------------------------------------


def test_a_paused_card_seat_draws_its_buttons_off_refuses_clicks_and_typed_moves_and_comes_back(running):
    s = running
    seats = _seats(s, "P1", "card", ["alice", "bob", "computer"])
    mover = next(w for w in seats if w.player == s.real("P1").to_move)
    assert _on(mover)["hint"] and _on(mover)["draw"]
    teacher.pause_table("P1", url=s.url, token="t-teacher")
    for w in seats:
        assert _state_heard(w, "paused")
        assert PAUSED in w.status                          # at once, before any click
        assert not any(_on(w).values()), _on(w)            # end, undo, hint, draw, down, declare: off
    seq, before = s.service.tables.tables["P1"].seq, mover.game.to_json()
    why = PAUSED_MOVE.format(table="P1")
    mover.click(*mover.locate("hint"))
    assert mover.refused and mover.status == why and mover.state.hint == ()
    mover.command(s.real("P1").legal_placements()[0])      # a typed move: refused here, never sent
    assert mover.refused and mover.status == why
    mover.command("hint")
    assert mover.refused and mover.status == why and mover.state.hint == ()
    assert mover.game.to_json() == before and s.service.tables.tables["P1"].seq == seq
    teacher.pause_table("P1", False, url=s.url, token="t-teacher")
    for w in seats:
        assert _state_heard(w, "open")
        assert PAUSED not in w.status and "go on" in w.status
    assert _on(mover)["hint"] and "Your turn" in mover.status
    mover.click(*mover.locate("hint"))
    assert not mover.refused and mover.state.hint                # the hint again


def test_a_paused_board_seat_refuses_with_the_reason_too(running):
    s = running
    seats = _seats(s, "P2", "board", ["alice", "bob"])
    mover = next(w for w in seats if w.player == s.real("P2").to_move)
    assert _on(mover)["hint"]
    teacher.pause_table("P2", url=s.url, token="t-teacher")
    assert _state_heard(mover, "paused")
    assert PAUSED in mover.status and not any(_on(mover).values())
    mover.command("hint")
    assert mover.refused and mover.status == PAUSED_MOVE.format(table="P2")


def test_a_seat_joined_at_a_paused_table_says_so(running):
    s = running
    teacher.open_table("P3", "card", ["alice", "computer"], seed=2, url=s.url, token="t-teacher")
    teacher.pause_table("P3", url=s.url, token="t-teacher")
    alice = seat_widgets.join("P3", url=s.url, token="t-alice")
    assert PAUSED in alice.status and not any(_on(alice).values())


def test_a_closed_tables_seat_gives_no_hint(running):
    s = running
    seats = _seats(s, "C1", "card", ["alice", "bob"])
    mover = next(w for w in seats if w.player == s.real("C1").to_move)
    teacher.close_table("C1", url=s.url, token="t-teacher")
    assert until(lambda: mover._link.closed)
    mover.click(*mover.locate("hint"))
    assert mover.refused and mover.state.hint == () and "closed" in mover.status
    assert not any(_on(mover).values())


# -- 2: the last turn at the table ------------------------------------------------------------------


def test_the_last_turn_panel_shows_the_last_turn_taken_at_the_table_whoever_took_it(running):
    s = running
    alice, bob = _seats(s, "L1", "card", ["alice", "bob"])
    first, second = (alice, bob) if s.real("L1").to_move == alice.player else (bob, alice)
    for mover, other in ((first, second), (second, first)):
        seq = s.service.tables.tables["L1"].seq
        play_a_turn(mover)
        assert until(lambda: s.service.tables.tables["L1"].seq > seq)
        assert wait_for(other._link, s.service.tables.tables["L1"].seq)
        entry = s.real("L1").log[-1]
        assert entry.player == mover.player
        expected = (phrase("last_turn", None, name=mover.player_name(mover.player)) if entry.turn is not None
                    else "*" + other._entry_words(entry))
        # the link hears the move first, then draws it under the widget's lock: wait for the drawing
        assert until(lambda: _info(other)[:1] == (expected,)), (_info(other), expected)   # not its own turn


def test_after_a_computers_turn_the_panel_shows_the_computer(running):
    s = running
    teacher.open_table("L2", "card", ["alice", "computer"], seed=5, url=s.url, token="t-teacher")
    alice = seat_widgets.join("L2", url=s.url, token="t-alice")
    if s.real("L2").to_move != alice.player:
        assert until(lambda: alice.state.game.to_move == alice.player)
    seq = s.service.tables.tables["L2"].seq
    play_a_turn(alice)
    assert until(lambda: len(alice.state.game.log) >= 2 and alice.state.game.log[-1].player == 1
                 and alice._link.seq > seq)
    with alice.event_lock:
        info = alice.view().info
    assert info and info[0].lstrip("*").startswith(phrase("computer", None, n=2)), info


def test_a_board_seat_shows_the_other_players_action(running):
    s = running
    alice, bob = _seats(s, "L3", "board", ["alice", "bob"])
    first, second = (alice, bob) if s.real("L3").to_move == alice.player else (bob, alice)
    play_a_turn(first, BoardGame)
    if first.state.game.turn is not None:
        first.command("end")
    assert until(lambda: s.real("L3").log and s.real("L3").turn is None)     # the whole action taken
    assert wait_for(second._link, s.service.tables.tables["L3"].seq)
    expected = board_say("last", None, name=first.player_name(first.player))
    assert until(lambda: _info(second)[:1] == (expected,)), _info(second)   # drawn once heard


def test_a_seat_that_draws_is_told_the_card_the_table_dealt_it_not_one_its_stand_in_made_up(running):
    """The seat's stand-in game deals the unseen cards at random; a move goes to the service
    through the seat's transport (``SeatLink.submit``), and what it shows is the table's: the
    card drawn (R10) is the real pile's top, said in the status and now in the hand."""
    s = running
    (w,) = _seats(s, "D1", "card", ["alice", "computer"])
    real = s.real("D1")
    assert until(lambda: real.to_move == w.player and w._link.meta["to_move"] == w.player)
    assert until(lambda: w.game.to_move == w.player)
    top = real.guest_pile[0]
    assert w.game.guest_pile[0] != top          # the stand-in's own pile would have said another card
    before = w.game.hand(w.player)
    w.command("draw")
    assert not w.refused, w.status
    assert phrase("drew", "en", name="alice", card=top) in w.status
    assert sorted(w.game.hand(w.player)) == sorted(before + (top,)) == sorted(real.hand(w.player))
    assert type(w.game).__name__ == "Game"      # the engine's own class: no seat subclass


@pytest.mark.parametrize("game", ["card", "board"])
def test_a_seat_draws_new_game_off_and_a_click_on_it_says_the_game_is_the_teachers(running, game):
    """At a class table the teacher starts a new game (open_table): a seat's New game is drawn
    off from the start, and a click on it says so and changes nothing."""
    s = running
    (w,) = _seats(s, "N1", game, ["alice", "computer"])
    view = w.view()
    title = getattr(view, "title_button", None)
    shown = {key: on for key, _, on in ((title,) if title else ()) + tuple(view.buttons)}
    assert shown["new"] is False
    before = w.game.to_json()
    w.click(*w.locate("new"))
    assert w.refused and w.status == translate(transport.WORDS["no_new"], "en")
    assert w.game.to_json() == before


# -- 3: a seat fits a school laptop -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["card", "board"])
def test_a_seat_has_no_load_row_and_a_canvas_shown_540_px_tall(running, game):
    s = running
    (alice,) = _seats(s, "F1", game, ["alice", "greedy"])
    layout = alice._canvas.layout
    width, height = alice.size
    assert layout.width == f"{width * SHOWN_HEIGHT // height}px" and SHOWN_HEIGHT == 540
    assert layout.height == "auto" and layout.max_width == "100%"   # its shape kept, narrower when zoomed
    assert width * SHOWN_HEIGHT // height * height / width <= 540
    assert int(alice._command.layout.width[:-2]) + 130 == int(layout.width[:-2])
    assert getattr(alice, "_load_button", None) is None or all(
        alice._load_button not in getattr(c, "children", ()) for c in alice.children)
    assert alice._canvas in alice.children and any(alice._command in getattr(c, "children", ())
                                                   for c in alice.children)


# -- 4: the teacher's list of tables ------------------------------------------------------------------


def test_tables_is_a_list_of_facts_shown_as_a_small_table(running):
    s = running
    empty = teacher.tables(url=s.url, token="t-teacher")
    assert empty == [] and str(empty) == "No table is open." and "No table is open." in empty._repr_html_()
    teacher.open_table("T1", "card", ["alice", "bob", "computer"], seed=5, url=s.url, token="t-teacher")
    teacher.open_table("T2", "board", ["alice", "free"], seed=1, url=s.url, token="t-teacher")
    teacher.pause_table("T2", url=s.url, token="t-teacher")
    listed = teacher.tables(url=s.url, token="t-teacher")
    assert isinstance(listed, list) and [t["name"] for t in listed] == ["T1", "T2"]    # data, as before
    assert listed[0]["seats"][0]["user"] == "alice" and listed[1]["state"] == "paused"
    assert [t["to_move"] for t in listed] == [s.real("T1").to_move, s.real("T2").to_move]
    text = repr(listed)
    assert text == str(listed) and not text.startswith("[")
    head, row1, row2 = text.splitlines()
    assert head.split() == ["Table", "Game", "Seats", "To", "move", "State", "Moves"]
    mover = ["alice", "bob", "computer (steady)"][s.real("T1").to_move]
    assert row1.startswith("T1") and "card game" in row1 and "1 alice, 2 bob, 3 computer (steady)" in row1
    assert f"{s.real('T1').to_move + 1} {mover}" in row1 and "open" in row1
    assert row2.startswith("T2") and "board game" in row2 and "2 free" in row2 and "paused" in row2
    html = listed._repr_html_()
    assert html.startswith("<table>") and html.count("<tr>") == 3 and ">To move</th>" in html
    mine = teacher.tables(url=s.url, token="t-alice")
    assert "1 alice (you)" in str(mine)


def test_tables_speaks_the_language_asked(running):
    s = running
    teacher.open_table("T1", "card", ["alice", "computer"], seed=5, url=s.url, token="t-teacher")
    listed = teacher.tables(url=s.url, token="t-teacher", lang="fr")
    assert listed.lang == "fr"
    head, row = listed.rows()
    assert head == translate(table_list.WORDS["columns"], "fr")
    assert row[1] == translate(table_list.WORDS["card"], "fr")


def test_the_terminals_tables_prints_the_same_table(running, monkeypatch, capsys):
    s = running
    teacher.open_table("T1", "card", ["alice", "computer"], seed=5, url=s.url, token="t-teacher")
    monkeypatch.setenv("CAFE_SERVICE_URL", s.url)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-teacher")
    assert tables_cli.main("tables", []) == 0
    out = capsys.readouterr().out
    assert out.strip() == str(teacher.tables(url=s.url, token="t-teacher"))
    assert out.splitlines()[0].startswith("Table") and "T1" in out



def test_a_seat_never_draws_a_hand_but_its_own_not_even_while_it_is_built(running, monkeypatch):
    """Every scene a seat draws (the canvas, and the words for screen readers, are of it), from
    the moment its widget is made, shows its own hand and no other: the stand-in game it is
    built from holds made-up cards for the others, and the page receives whatever is drawn,
    even for a moment, before the seat is known."""
    s = running
    drawn = []
    build = seat_widgets.CardSeat._build_scene

    def seen(self, view):
        drawn.append((self.at_table, view.hand))
        return build(self, view)

    monkeypatch.setattr(seat_widgets.CardSeat, "_build_scene", seen)
    teacher.open_table("H1", "card", ["alice", "bob"], seed=5, url=s.url, token="t-teacher")
    real = s.real("H1")
    for user in ("alice", "bob"):
        drawn.clear()
        w = seat_widgets.join("H1", url=s.url, token=f"t-{user}")
        assert drawn, "never drawn"
        for at_table, hand in drawn:
            assert at_table == w.player, "drawn before it knew its seat"
            assert sorted(hand) == sorted(real.hand(w.player)), (user, hand)
