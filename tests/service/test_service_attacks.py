"""Attacks students made on a real class hub, each as the attacker would make it: the
deal searched from its seed, a hub name that is a seat's kind, a body nested deep, a declaration
at a board table, a kernel hanging on to a closed table, a player holding the computers forever,
a move padded with a megabyte of spaces. Each is refused with a sentence, or cannot happen."""

from __future__ import annotations

import io
import json
import time

import pytest

from cafe_widget.classroom.tables import seat as seat_widgets, teacher, transport
from cafe_widget.classroom.tables.transport import wait_for
from cafe_widget.engine import BoardGame, Game
from cafe_widget.service import bodies
from cafe_widget.service.rooms import Person, Refused, Table, Tables

from service_helpers import RunningService

TEACHER = Person("teacher", teacher=True)
EMPTYING = "DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / CNf ITm | - / - | 0 0 | to:1"   # R12c next


@pytest.fixture
def tables(tmp_path):
    return Tables(tmp_path / "tables")


@pytest.fixture
def running(tmp_path):
    s = RunningService(tmp_path / "tables").start()
    yield s
    s.stop()


def _views(table: Table) -> list[str]:
    """Every view the table hands out: each seat's and the screen's, as the sockets send them."""
    return [json.dumps(table.view(seat)) for seat in [None, *range(len(table.seats))]]


# -- 4: the deal cannot be searched --------------------------------------------------------------


def test_a_table_opened_without_a_seed_is_dealt_from_a_secret_of_128_bits(tables):
    card = tables.open(TEACHER, "C1", "card", ["alice", "bob", "computer"])
    board = tables.open(TEACHER, "B1", "board", ["alice", "bob"])
    seeds = [card.game.seed, board.game.seed]
    assert all(s.bit_length() > 64 for s in seeds) and seeds[0] != seeds[1]
    for table in (card, board):
        seed = str(table.game.seed)
        assert all(seed not in text for text in _views(table))
        assert seed not in json.dumps(table.meta())
        assert json.loads(tables.save_text(TEACHER, table.name))["save"]["seed"] == table.game.seed   # the replay
        assert Tables(tables.folder).tables[table.name].game.seed == table.game.seed
    # every bit of the seed deals: two seeds that differ only far above 2**32 deal apart
    s = card.game.seed
    assert Game.new(players=3, seed=s).format() != Game.new(players=3, seed=s ^ (1 << 100)).format()
    assert BoardGame.new(2, s).format() != BoardGame.new(2, s ^ (1 << 100)).format()


def test_no_socket_message_and_no_answer_to_a_student_holds_the_seed(running):
    s = running
    teacher.open_table("S1", "card", ["alice", "computer"], url=s.url, token="t-teacher")
    alice = seat_widgets.join("S1", url=s.url, token="t-alice")
    screen = seat_widgets.screen("S1", url=s.url, token="t-teacher")
    seed = str(s.real("S1").seed)
    assert len(seed) > 19
    end = time.monotonic() + 10
    while not (alice._link.received and screen._link.received) and time.monotonic() < end:
        time.sleep(0.01)
    listed = teacher.tables(url=s.url, token="t-alice")
    assert alice._link.received and screen._link.received
    for text in [*alice._link.received, *screen._link.received, json.dumps(listed)]:
        assert seed not in text


# -- 7: a seat is not a name ---------------------------------------------------------------------


KINDS = ("steady", "computer", "greedy", "random", "strong", "free")


@pytest.mark.parametrize("name", KINDS)
def test_a_user_named_like_a_computer_or_a_free_seat_gets_no_hand_no_view_no_move(tables, name):
    kinds = [k for k in KINDS if k != "free"]
    table = tables.open(TEACHER, "K1", "card", ["alice", *kinds[:4]])    # five seats: alice and computers
    attacker = Person(name)
    assert table.seat_of(name) is None
    assert table not in tables.visible(attacker)
    for seat in range(5):
        with pytest.raises(Refused):
            tables.seen_by(attacker, "K1", seat)
        with pytest.raises(Refused):
            tables.move(attacker, "K1", seat, "draw", [], table.seq)
    with pytest.raises(Refused):
        tables.join(attacker, "K1")
    assert [s["kind"] for s in table.meta()["seats"]] == ["human", "computer", "computer", "computer", "computer"]


@pytest.mark.parametrize("name", KINDS)
def test_such_a_user_takes_a_free_seat_only_when_there_is_one_and_holds_it_as_a_person(tables, name):
    table = tables.open(TEACHER, "K2", "board", ["alice", "steady", "free"])
    attacker = Person(name)
    with pytest.raises(Refused):
        tables.seen_by(attacker, "K2", 2)               # the free seat's view, without joining
    with pytest.raises(Refused):
        tables.seen_by(attacker, "K2", 1)               # the computer's
    assert tables.join(attacker, "K2") == 2
    assert table.seat_of(name) == 2 and not table.is_computer(2)
    assert table.meta()["seats"][2] == {"kind": "human", "computer": None, "user": name}
    assert tables.seen_by(attacker, "K2", 2)["seat"] == 2
    with pytest.raises(Refused):
        tables.seen_by(attacker, "K2", 1)
    # the seat is now that person's: no other student takes it, and it is no free seat any more
    with pytest.raises(Refused):
        tables.join(Person("bob"), "K2")
    assert table not in tables.visible(Person("bob"))
    again = Tables(tables.folder)                        # and so it stays on disk
    assert again.tables["K2"].seat_of(name) == 2 and again.tables["K2"].is_computer(1)
    assert again.tables["K2"].seat_of("steady" if name != "steady" else "greedy") is None


def test_the_teacher_may_seat_a_person_whose_name_is_a_computers_kind(tables):
    table = tables.open(TEACHER, "K3", "card", ["user:steady", "steady", "free"])
    assert table.seat_of("steady") == 0 and not table.is_computer(0) and table.is_computer(1)
    assert [s["user"] for s in table.meta()["seats"]] == ["steady", None, None]
    tables.assign(TEACHER, "K3", 2, "user:free")        # a person called free
    assert table.seat_of("free") == 2
    with pytest.raises(Refused):
        tables.join(Person("carol"), "K3")
    tables.assign(TEACHER, "K3", 2, "free")             # freed again
    assert table.seat_of("free") is None and tables.join(Person("carol"), "K3") == 2
    with pytest.raises(Refused):
        tables.open(TEACHER, "K4", "card", ["user:steady", "user:steady"])


def test_a_version_1_save_reads_as_it_was_meant_and_is_written_anew(tables):
    table = tables.open(TEACHER, "V1", "card", ["alice", "free", "steady"], seed=3)
    old = json.loads(table.to_json())
    old.update(version=1, seats=["alice", "free", "steady"])
    (tables.folder / "V1.json").write_text(json.dumps(old))
    read = Tables(tables.folder).tables["V1"]
    assert read.seat_of("alice") == 0 and read.seat_of("free") is None and read.seat_of("steady") is None
    assert read.is_computer(2) and read.meta()["seats"][1]["user"] is None
    assert json.loads(read.to_json())["version"] == 2
    assert Table.from_json(read.to_json()).meta() == read.meta()


# -- 8: bodies, board declarations, closed tables, held tables -----------------------------------


def test_a_body_nested_100000_deep_is_refused_before_it_is_parsed():
    for raw in (b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 40 + b"1" + b"}" * 40):
        with pytest.raises(Refused) as err:
            bodies.read_body(raw, "en")
        assert err.value.status == 400 and "JSON object" in err.value.sentence
    deep_in_a_string = json.dumps({"name": "[{" * 5000, "seats": [[["a"]]], "q": 'say "[" \\'}).encode()
    assert bodies.read_body(deep_in_a_string, None)["seats"] == [[["a"]]]
    assert bodies.read_body(b"", None) == {} and bodies.read_body(b'{"seat": 1}', None) == {"seat": 1}
    for raw in (b"x" * (65 * 1024), b"[1, 2]", b"\xff\xfe", b'{"seed": ' + b"9" * 5000 + b"}", b'"a'):
        with pytest.raises(Refused):
            bodies.read_body(raw, "de")
    started = time.perf_counter()
    with pytest.raises(Refused):
        bodies.read_body(b'{"a": "' + b"[" * 60_000 + b'", "b": ' + b"[" * 40 + b"]" * 40 + b"}", None)
    assert time.perf_counter() - started < 0.5


def test_declaring_the_end_at_a_board_table_is_refused_with_a_sentence(tables):
    table = tables.open(TEACHER, "BD", "board", ["alice", "bob"], seed=2)
    before = table.to_json()
    mover = ["alice", "bob"][table.game.to_move]
    for verb, args in (("act", ["declare"]), ("act", ["declare:1"]), ("declare_end", [])):
        with pytest.raises(Refused) as err:
            tables.move(Person(mover), "BD", table.game.to_move, verb, args, 0, "fr")
        assert err.value.sentence and err.value.status in (400, 409)
    assert table.to_json() == before


def test_a_seat_stops_listening_once_its_table_is_closed_and_says_so(running):
    s = running
    teacher.open_table("Z1", "card", ["alice", "computer"], seed=1, url=s.url, token="t-teacher")
    alice = seat_widgets.join("Z1", url=s.url, token="t-alice")
    assert wait_for(alice._link, 0)
    assert teacher.close_table("Z1", url=s.url, token="t-teacher")
    alice._link._thread.join(5)
    assert not alice._link._thread.is_alive() and alice._link.closed
    assert "Z1" in alice.status and "closed" in alice.status


def test_a_seat_stops_listening_when_its_table_is_gone_after_a_restart(running):
    s = running
    teacher.open_table("Z2", "card", ["alice", "computer"], seed=1, url=s.url, token="t-teacher")
    alice = seat_widgets.join("Z2", url=s.url, token="t-alice", lang="de")
    assert wait_for(alice._link, 0)
    s.stop()
    (s.folder / "Z2.json").unlink()                    # the table is gone from the class
    s2 = RunningService(s.folder, s.port).start()
    try:
        alice._link._thread.join(8)
        assert not alice._link._thread.is_alive() and alice._link.closed
        assert "Z2" in alice.status
    finally:
        s2.stop()
        running.stop = lambda: None


def test_only_the_services_own_404_stops_a_seat_not_a_proxys_while_it_restarts():
    from tornado.httpclient import HTTPClientError, HTTPRequest, HTTPResponse

    def answer(code, body):
        response = HTTPResponse(HTTPRequest("http://x/"), code, buffer=io.BytesIO(body))
        return HTTPClientError(code, response=response)

    assert transport._no_such_table(answer(404, b'{"refused": "There is no table Z2 open in this class."}'))
    assert not transport._no_such_table(answer(404, b"<html>404: Not Found</html>"))
    assert not transport._no_such_table(answer(503, b'{"refused": "x"}'))
    assert not transport._no_such_table(ConnectionRefusedError())


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_a_player_the_computers_wait_for_holds_the_table_only_so_long(tmp_path):
    clock = Clock()
    tables = Tables(tmp_path / "t", wait_limit=60, clock=clock)
    table = tables.open(TEACHER, "W1", "card", ["alice", "computer"], seed=1)
    table.game = Game.parse(EMPTYING)
    tables.move(Person("alice"), "W1", 0, "play", ["DEm@a2"], 0)
    assert table.waiting == 0 and not tables.computers_due(table)
    clock.now += 59
    assert tables.expire_waits() == [] and table.waiting == 0
    tables.pause(TEACHER, "W1")
    clock.now += 100
    assert tables.expire_waits() == []               # a paused table waits for its teacher
    tables.pause(TEACHER, "W1", False)
    assert tables.expire_waits(clock.now + 59) == [] and table.waiting == 0   # the wait starts anew
    assert tables.expire_waits(clock.now + 60) == ["W1"]
    assert table.waiting is None and table.seq == 2 and table.last == {"seat": 0, "move": "go_on"}
    assert tables.computers_due(table) and not table.game.is_over
    assert Tables(tmp_path / "t").tables["W1"].waiting is None            # on disk too


def test_a_wait_read_from_disk_starts_its_clock_when_the_service_starts(tmp_path):
    clock = Clock()
    tables = Tables(tmp_path / "t", clock=clock)
    table = tables.open(TEACHER, "W2", "card", ["alice", "computer"], seed=1)
    table.game = Game.parse(EMPTYING)
    tables.move(Person("alice"), "W2", 0, "play", ["DEm@a2"], 0)
    clock.now += 3600
    again = Tables(tmp_path / "t", clock=clock)      # the service restarted an hour later
    assert again.tables["W2"].waiting == 0 and again.expire_waits() == []
    assert again.expire_waits(clock.now + 60) == ["W2"]


# -- 6: a move padded with a megabyte -------------------------------------------------------------


def test_a_move_padded_with_a_megabyte_of_spaces_is_refused_and_changes_nothing(tables):
    table = tables.open(TEACHER, "P1", "card", ["alice", "bob"], seed=9)
    mover = table.game.to_move
    who = Person(["alice", "bob"][mover])
    card = table.game.legal_placements()[0]
    before = table.to_json()
    for args in ([card + " " * 1_000_000], [card, "x" * 201], ["\u202e" + card]):
        with pytest.raises(Refused) as err:
            tables.move(who, "P1", mover, "place", args, 0)
        assert err.value.status == 400 and err.value.sentence
    assert table.to_json() == before
    tables.move(who, "P1", mover, "act", [f"  {card} \t\n "], 0)
    assert table.last == {"seat": mover, "move": f"act {card}"}
    assert all(len(text) < 100_000 for text in _views(table))
