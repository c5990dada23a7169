"""The class table through the game service (cafe_widget.service), with its seats' widgets in
this process as the students' kernels would hold them (cafe_widget.join): whole games of both
kinds, every message a seat received checked for hidden cards, the refusals, a restart."""

import json
import urllib.error
import urllib.request

import pytest

from cafe_widget.classroom.tables import seat as seat_widgets, teacher, transport
from cafe_widget.classroom.tables.transport import wait_for
from cafe_widget.engine import BoardGame, Game

from service_helpers import RunningService, hidden_cards_in, play_a_turn


@pytest.fixture
def running(tmp_path):
    s = RunningService(tmp_path / "tables").start()
    yield s
    s.stop()


def _post(s, path, body, token):
    request = urllib.request.Request(s.url + path, json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _play_out(s, name, seats, cls, limit=600, on_move=None):
    moves = 0
    while not s.real(name).is_over and moves < limit:
        seq = s.service.tables.tables[name].seq
        for w in seats.values():
            assert wait_for(w._link, seq), f"seat {w.player + 1} never heard of move {seq}"
        p = s.real(name).to_move
        if p not in seats:
            wait_for(next(iter(seats.values()))._link, seq + 1)
            continue
        play_a_turn(seats[p], cls)
        moves += 1
        if on_move:
            s = on_move(s, moves) or s
    return s, moves


def test_a_whole_card_game_two_students_and_the_expert(running):
    s = running
    assert teacher.open_table("3B", "card", ["alice", "bob", "expert"], seed=5, url=s.url, token="t-teacher")
    alice = seat_widgets.join("3B", url=s.url, token="t-alice")
    bob = seat_widgets.join("3B", url=s.url, token="t-bob")
    screen = seat_widgets.screen("3B", url=s.url, token="t-teacher")
    assert (alice.player, bob.player) == (0, 1) and screen.player is None
    assert [line.name for line in screen.view().players] == ["alice", "bob", "Computer 3 (expert)"]
    s, moves = _play_out(s, "3B", {0: alice, 1: bob}, Game)
    real = s.real("3B")
    assert real.is_over and moves > 20
    seq = s.service.tables.tables["3B"].seq
    for w in (alice, bob, screen):
        assert wait_for(w._link, seq)
        assert w.state.game.scores == real.scores and w.state.game.cafe.seats == real.cafe.seats
    for w in (alice, bob):
        assert w.state.game.hand(w.player) == real.hand(w.player)
        assert w._link.received, "the seat heard nothing"
        for message in w._link.received:          # every message this seat's kernel received
            assert hidden_cards_in(message, w.player) == []
    # the screen's messages hold no hand at all
    assert screen._link.received
    assert any(row.split(". ", 1)[1].startswith(("alice", "bob")) for row in screen._sheet_rows())   # names, not "Player 1"
    for message in screen._link.received:
        assert hidden_cards_in(message, None) == []


def test_a_whole_board_game_and_the_service_restarted_mid_game(running):
    s = running
    teacher.open_table("4A", "board", ["alice", "free", "greedy"], seed=3, url=s.url, token="t-teacher")
    alice = seat_widgets.join("4A", url=s.url, token="t-alice")
    bob = seat_widgets.join("4A", url=s.url, token="t-bob")            # the free seat
    assert bob.player == 1
    saved = {}

    def restart(s, moves):
        if moves != 10:
            return None
        saved["before"] = s.service.tables.tables["4A"].to_json()
        s.stop()                                     # killed between two moves
        s2 = RunningService(s.folder, s.port).start()
        assert s2.service.tables.tables["4A"].to_json() == saved["before"]   # nothing lost
        return s2

    s, moves = _play_out(s, "4A", {0: alice, 1: bob}, BoardGame, on_move=restart)
    try:
        assert saved and s.real("4A").is_over
        assert wait_for(alice._link, s.service.tables.tables["4A"].seq)
        assert alice.state.game.scores == s.real("4A").scores
        assert bob.state.game.board == s.real("4A").board
    finally:
        if s is not running:
            s.stop()
            running.stop = lambda: None


def test_a_refused_request_says_why_and_changes_nothing(running):
    s = running
    teacher.open_table("5C", "card", ["alice", "bob"], seed=9, url=s.url, token="t-teacher")
    table = s.service.tables.tables["5C"]
    before = table.to_json()
    mover = table.game.to_move
    other = 1 - mover
    users = ["alice", "bob"]
    move = table.game.legal_placements()[0]
    cases = [
        ({"seat": other, "verb": "place", "args": [move], "seq": 0}, f"t-{users[mover]}", 403, "not yours"),
        ({"seat": other, "verb": "place", "args": [move], "seq": 0}, f"t-{users[other]}", 409, "turn, not yours"),
        ({"seat": mover, "verb": "place", "args": [move], "seq": 7}, f"t-{users[mover]}", 409, "meant for move 7"),
        ({"seat": mover, "verb": "__class__", "args": [], "seq": 0}, f"t-{users[mover]}", 400, "not a move"),
        ({"seat": mover, "verb": "place", "args": [{"x": 1}], "seq": 0}, f"t-{users[mover]}", 400, "not a move"),
        ({"seat": mover, "verb": "place", "args": ["ZZz@q9"], "seq": 0}, f"t-{users[mover]}", 409, "ZZz"),
        ({"seat": mover, "verb": "place", "args": [move], "seq": 0}, "t-carol", 404, "no table"),
        ({"seat": mover, "verb": "place", "args": [move], "seq": 0}, "nonsense", 403, "hub token"),
    ]
    for body, token, status, words in cases:
        code, answer = _post(s, "api/tables/5C/moves", body, token)
        assert (code, words in answer["refused"]) == (status, True), (body, token, answer)
        assert table.to_json() == before
    assert _post(s, "api/tables", {"name": "X1", "seats": ["alice", "bob"]}, "t-alice")[0] == 403
    assert _post(s, "api/tables", {"name": "5C", "seats": ["a", "b"]}, "t-teacher")[1]["refused"].startswith(
        "A table 5C is already open")
    assert _post(s, "api/tables", {"name": "../x", "seats": ["a", "b"]}, "t-teacher")[0] == 400
    assert _post(s, "api/tables", {"name": "Y", "seats": ["a"]}, "t-teacher")[0] == 400
    assert _post(s, "api/tables/5C/join", {}, "t-carol")[0] == 404            # no free seat: not hers to see
    teacher.pause_table("5C", url=s.url, token="t-teacher")
    code, answer = _post(s, "api/tables/5C/moves", {"seat": mover, "verb": "place", "args": [move], "seq": 0},
                         f"t-{users[mover]}")
    assert code == 409 and "paused" in answer["refused"]
    teacher.pause_table("5C", False, url=s.url, token="t-teacher")
    assert json.loads(table.to_json())["save"] == json.loads(before)["save"]


def test_a_seat_refuses_in_its_status_line_with_the_rule_and_the_engine_first(running):
    s = running
    teacher.open_table("2D", "card", ["alice", "computer"], seed=4, url=s.url, token="t-teacher")
    alice = seat_widgets.join("2D", url=s.url, token="t-alice", lang="fr")
    assert wait_for(alice._link, s.service.tables.tables["2D"].seq)
    seq = alice._link.seq
    hand = alice.state.game.hand(0)
    before = alice.state.game.format()
    alice.command(f"{hand[0]}@z9")
    assert alice.refused and alice.state.game.format() == before and alice._link.seq == seq
    alice.command("new")
    assert alice.refused and "table" in alice.status
    alice.load(Game.new(players=2, seed=1).to_json())
    assert alice.refused and alice.state.game.format() == before
    again = seat_widgets.join("2D", url=s.url, token="t-alice")      # the cell again, or a kernel restarted
    assert again.player == 0 and again.state.game.hand(0) == alice.state.game.hand(0)
    assert alice.comm is None and alice._link._stop.is_set()    # the old seat closed: no pile of live widgets


def test_a_move_whose_answer_is_lost_leaves_the_seat_showing_what_the_service_holds(running, monkeypatch):
    """A typed line of two cards: the service takes the first, the answer to the second is lost.
    The widget puts its whole event back, then shows the table as the service holds it."""
    s = running
    teacher.open_table("L1", "card", ["alice", "bob"], seed=12, url=s.url, token="t-teacher")
    table = s.service.tables.tables["L1"]
    mover = table.game.to_move
    w = seat_widgets.join("L1", url=s.url, token=f"t-{['alice', 'bob'][mover]}")
    best = next(t for t in [w.state.game.best_turn()] if t is not None and len(t.cards) >= 2)
    request, calls = w._link.conn.request, []

    def lossy(method, path, body=None, timeout=15):
        if method == "POST" and path.endswith("/moves"):
            calls.append(body["args"])
            if len(calls) == 2:
                request(method, path, body, timeout)        # taken by the service…
                raise transport.ServiceError("no answer")      # …but its answer lost
        return request(method, path, body, timeout)

    monkeypatch.setattr(w._link.conn, "request", lossy)
    w.command(", ".join(f"{c.guest}@{c.seat}" for c in best.cards[:2]))
    assert w.refused and w.status == "no answer"
    assert w.state.game.view(w.player) == s.real("L1").view(w.player) and len(w.state.game.turn.cards) == 2
    assert not w._link.stale and w._link.seq == table.seq == 2


def test_the_teachers_calls_as_the_guide_writes_them_in_a_notebook_and_a_terminal(running, monkeypatch, tmp_path, capsys):
    """``classroom.tables()`` after ``classroom.open_table`` (which imports the tables package,
    whose name then shadowed the call: "'module' object is not callable"), and ``save-table
    --out`` from a terminal (it wrote no file: an import from the wrong package)."""
    from cafe_widget import classroom
    from cafe_widget.classroom.tables import cli

    s = running
    monkeypatch.setenv(transport.SERVICE_URL, s.url)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-teacher")
    classroom.open_table("T1", "card", ["alice", "computer"], seed=1)
    assert [t["name"] for t in classroom.tables()] == ["T1"]
    out = tmp_path / "T1.json"
    assert cli.main("save-table", ["T1", "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(teacher.save_table("T1"))
    assert Game.from_json(json.dumps(json.loads(out.read_text(encoding="utf-8"))["save"])).players == 2
    capsys.readouterr()
    assert cli.main("save-table", ["T1"]) == 0                                  # without --out: printed
    assert json.loads(capsys.readouterr().out) == json.loads(out.read_text(encoding="utf-8"))


def test_the_teacher_lists_saves_and_closes_and_a_student_sees_only_what_is_open_to_them(running):
    s = running
    teacher.open_table("T1", "card", ["alice", "computer"], seed=1, url=s.url, token="t-teacher")
    teacher.open_table("T2", "board", ["bob", "free"], seed=1, url=s.url, token="t-teacher")
    teacher.open_table("T3", "card", ["bob", "dave"], seed=1, url=s.url, token="t-teacher")
    assert [t["name"] for t in teacher.tables(url=s.url, token="t-alice")] == ["T1", "T2"]
    assert [t["name"] for t in teacher.tables(url=s.url, token="t-teacher")] == ["T1", "T2", "T3"]
    assert teacher.save_table("T1", url=s.url, token="t-alice") is None       # every hand: the teacher's only
    save = json.loads(teacher.save_table("T1", url=s.url, token="t-teacher"))
    assert Game.from_json(json.dumps(save["save"])).players == 2
    assert teacher.close_table("T1", url=s.url, token="t-teacher")
    assert [t["name"] for t in teacher.tables(url=s.url, token="t-teacher")] == ["T2", "T3"]
    assert teacher.give_seat("T3", 1, "alice", url=s.url, token="t-teacher")["seats"][1]["user"] == "alice"


def test_join_without_a_hub_says_where_a_class_table_lives(monkeypatch, capsys):
    monkeypatch.delenv("CAFE_SERVICE_URL", raising=False)
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    assert seat_widgets.join("3B") is None
    assert "JupyterHub" in capsys.readouterr().out


def test_a_card_laid_face_down_stays_face_down_for_the_other_seats(running):
    s = running
    teacher.open_table("FD", "card", ["alice", "bob"], seed=1, url=s.url, token="t-teacher")
    table = s.service.tables.tables["FD"]
    start = Game.parse("RU GB FR ES IT | - | US CN DE IN | DEf ITm CNf | "
                       "RUf RUm ITf ITf GBf GBm CNf CNm USf USm DEf DEm / GBf | - / - | 0 0 | to:1")
    table.game = start
    alice = seat_widgets.join("FD", url=s.url, token="t-alice")
    bob = seat_widgets.join("FD", url=s.url, token="t-bob")
    alice.command("down RUf")             # the seat's Face down button, typed: sent to the service
    assert not alice.refused, alice.status
    assert wait_for(bob._link, 1)
    assert s.real("FD").face_down[0] == ("RUf",)
    for message in bob._link.received:
        assert hidden_cards_in(message, 1) == [], message[:200]
    assert "RUf" not in json.dumps(json.loads(bob._link.received[-1])["table"])


def test_the_check_of_hidden_cards_can_fail():
    game = Game.new(players=3, seed=2)
    leaky = {"table": {}, "view": {**game.view(0), "now": {**game.view(0)["now"], "notation": game.format()}}}
    assert hidden_cards_in(json.dumps(leaky), 0)     # a message with every hand is caught
    told = {"table": {"last": {"seat": 0, "move": "lay_face_down RUf"}}, "view": game.view(1)}
    assert hidden_cards_in(json.dumps(told), 1)      # …and one that names a card laid face down


def test_the_protocol_is_written_once_and_both_sides_use_it():
    """The service's verbs and routes live in service/protocol.py alone: the service routes by
    them, a seat asks by them (each verb the engine's own method of the game, which the seat's
    transport checks on its stand-in first)."""
    import ast
    from pathlib import Path

    from cafe_widget.service import app, protocol, rooms

    for kind, game_class in (("card", Game), ("board", BoardGame)):
        assert all(callable(getattr(game_class, verb)) for verb in protocol.VERBS[kind])
    assert rooms.VERBS is protocol.VERBS and rooms.GO_ON == protocol.GO_ON
    from types import SimpleNamespace

    service = SimpleNamespace(progress=None, identify=None)
    routes = [rule.matcher.regex.pattern for rule in app.make_app(service, "/services/cafe/").default_router.rules[0]
              .target.rules]
    routed = [*protocol.ROUTES.values(), *protocol.PROGRESS_ROUTES.values()]
    assert [r for r in routes if r != "/services/cafe/?$"] == [f"/services/cafe/{p}$" for p in routed]
    assert protocol.action("3B", "moves") == "api/tables/3B/moves" and protocol.updates("3B") == "api/tables/3B/updates"
    package = Path(transport.__file__).resolve().parents[2]
    said_twice = []
    for path in package.rglob("*.py"):
        if path.name == "protocol.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(("api/tables", "api/progress")):
                said_twice.append(f"{path.relative_to(package)}:{node.lineno}")
            if isinstance(node, ast.Tuple) and {"lay_face_down", "declare_end"} <= {
                    e.value for e in node.elts if isinstance(e, ast.Constant)}:
                said_twice.append(f"{path.relative_to(package)}:{node.lineno}")
    assert said_twice == []
