"""Students attacking a class hub through the game service's WebSockets and bodies:
a socket outlives not its seat (the right is read again at every send), one person holds a few
sockets only, one view is computed per seat and change, a body is bounded in size and depth
before it is read, and a flood at one table leaves the others served."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from cafe_widget.classroom.tables import teacher
from cafe_widget.service import requests
from cafe_widget.service.rooms import Person, Refused

from service_helpers import PREFIX, RunningService
from test_service import _post


@pytest.fixture
def running(tmp_path):
    s = RunningService(tmp_path / "tables").start()
    yield s
    s.stop()


def _open(s, name, seats, seed=3):
    assert teacher.open_table(name, "card", seats, seed=seed, url=s.url, token="t-teacher")


async def _socket(s, name, seat, token, lang=None):
    """A WebSocket on ``seat`` of ``name`` (None: the screen), as a kernel opens it."""
    query = "&".join(q for q in ("" if seat is None else f"seat={seat}", f"lang={lang}" if lang else "") if q)
    url = f"ws://127.0.0.1:{s.port}{PREFIX}api/tables/{name}/updates?{query}"
    return await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {token}"},
                                               connect_timeout=10, request_timeout=10))


async def _refusal(s, name, seat, token, lang=None) -> tuple[int, str]:
    """The status and sentence of a handshake the service refuses."""
    with pytest.raises(HTTPClientError) as err:
        conn = await _socket(s, name, seat, token, lang)
        conn.close()
    return err.value.code, json.loads(err.value.response.body)["refused"]


async def _read(conn, wait: float = 5.0):
    return await asyncio.wait_for(conn.read_message(), wait)


async def _drain(conn, wait: float = 1.0) -> tuple[list[str], bool]:
    """Every message until the socket closes (True) or nothing comes for ``wait`` seconds (False)."""
    got = []
    while True:
        try:
            message = await _read(conn, wait)
        except asyncio.TimeoutError:
            return got, False
        if message is None:
            return got, True
        got.append(message)


def _move(s, name, tokens: dict) -> int:
    """The seat to move at ``name`` places its first legal card (a move: every listener hears of it)."""
    table = s.service.tables.tables[name]
    seat = table.game.to_move
    body = {"seat": seat, "verb": "place", "args": [table.game.legal_placements()[0]], "seq": table.seq}
    code, answer = _post(s, f"api/tables/{name}/moves", body, tokens[seat])
    assert code == 200, answer
    return seat


def _in_service(s, call):
    """``call()`` in the service's own thread (where the tables live), and its result."""
    done, out = threading.Event(), {}

    def run():
        out["value"] = call()
        done.set()

    s.loop.call_soon_threadsafe(run)
    assert done.wait(10)
    return out["value"]


def _count_open(s, user: str) -> int:
    return _in_service(s, lambda: sum(1 for sockets in s.service.listeners.values()
                                      for w in sockets if w.person.name == user))


# -- 3. a WebSocket outlives its seat -------------------------------------------------------------


def test_a_seat_given_away_closes_its_old_owners_socket_and_the_new_hand_never_reaches_them(running):
    s = running
    _open(s, "G1", ["alice", "carol"])

    async def scenario():
        alice = await _socket(s, "G1", 0, "t-alice", lang="fr")
        assert json.loads(await _read(alice))["seat"] == 0
        code, answer = _post(s, "api/tables/G1/seats", {"seat": 0, "user": "bob"}, "t-teacher")
        assert code == 200, answer
        bob = await _socket(s, "G1", 0, "t-bob")
        assert json.loads(await _read(bob))["seat"] == 0
        tokens = {0: "t-bob", 1: "t-carol"}
        movers = {_move(s, "G1", tokens), _move(s, "G1", tokens)}
        after, closed = await _drain(alice, 1.5)
        heard, _ = await _drain(bob, 0.5)
        bob.close()
        return after, closed, alice.close_code, alice.close_reason, heard, movers

    after, closed, code, reason, heard, movers = asyncio.run(scenario())
    hand = s.real("G1").hand(0)
    assert heard, "bob's own socket heard nothing"
    assert not any(all(card in message for card in hand) for message in after), "bob's hand reached alice"
    assert after == [] and closed, f"alice's socket heard {len(after)} more views and was left open"
    assert code == 4403 and reason.startswith("Vous n'avez plus la place 1 à la table G1"), reason
    assert len(reason.encode()) <= 123
    assert _count_open(s, "alice") == 0


def test_a_freed_seat_closes_its_sockets_while_the_screen_stays_as_long_as_the_rules_allow(running):
    s = running
    _open(s, "F1", ["alice", "carol"])

    async def scenario():
        seat = await _socket(s, "F1", 0, "t-alice")
        screen = await _socket(s, "F1", None, "t-alice")
        await _read(seat), await _read(screen)
        assert _post(s, "api/tables/F1/seats", {"seat": 0, "user": "free"}, "t-teacher")[0] == 200
        seat_after, seat_closed = await _drain(seat, 1.0)
        assert seat_after == [] and seat_closed and seat.close_code == 4403
        first, closed = await _drain(screen, 0.5)    # the seat freed: the screen's view of it
        assert len(first) == 1 and not closed
        assert json.loads(first[0])["seat"] is None and json.loads(first[0])["table"]["seats"][0]["user"] is None
        # a free seat: alice may still see the table's screen (Tables.visible); then none
        assert _post(s, "api/tables/F1/seats", {"seat": 0, "user": "dave"}, "t-teacher")[0] == 200
        more, closed = await _drain(screen, 1.0)
        return more, closed, screen.close_code, screen.close_reason

    more, closed, code, reason = asyncio.run(scenario())
    assert more == [] and closed and code == 4403 and "F1" in reason


def test_the_right_is_read_at_every_send_whatever_changed_the_seats(running):
    """The seats changed in the tables alone (no request of the service's): the next change
    sends nothing to the socket whose right failed, and closes it."""
    s = running
    _open(s, "R1", ["alice", "carol"])

    async def scenario():
        alice = await _socket(s, "R1", 0, "t-alice")
        carol = await _socket(s, "R1", 1, "t-carol")
        await _read(alice), await _read(carol)
        _in_service(s, lambda: s.service.tables.assign(Person("teacher", True), "R1", 0, "bob"))
        _move(s, "R1", {0: "t-bob", 1: "t-carol"})
        after, closed = await _drain(alice, 1.0)
        heard, _ = await _drain(carol, 0.5)
        carol.close()
        return after, closed, alice.close_code, heard

    after, closed, code, heard = asyncio.run(scenario())
    assert heard and after == [] and closed and code == 4403


# -- 6. one student stalls every table ----------------------------------------------------------------


def test_one_person_holds_at_most_4_sockets_on_a_seat_and_8_in_all(running):
    s = running
    _open(s, "L1", ["alice", "bob"])
    _open(s, "L2", ["alice", "free"])
    _open(s, "L3", ["alice", "bob"])

    async def scenario():
        held = [await _socket(s, "L1", 0, "t-alice") for _ in range(4)]
        code, sentence = await _refusal(s, "L1", 0, "t-alice")
        assert code == 429 and "at most 4" in sentence, sentence
        code, sentence = await _refusal(s, "L1", 0, "t-alice", lang="de")
        assert code == 429 and "höchstens 4" in sentence, sentence
        held += [await _socket(s, "L2", None, "t-alice"), await _socket(s, "L2", 0, "t-alice"),
                 await _socket(s, "L3", 0, "t-alice"), await _socket(s, "L3", None, "t-alice")]
        code, sentence = await _refusal(s, "L2", None, "t-alice")
        assert code == 429 and "at most 8" in sentence, sentence
        others = [await _socket(s, "L1", 1, "t-bob"), await _socket(s, "L1", None, "t-teacher")]
        held.pop().close()                       # one closed: room for another
        for _ in range(50):
            if _count_open(s, "alice") == 7:
                break
            await asyncio.sleep(0.05)
        held.append(await _socket(s, "L3", None, "t-alice"))
        for conn in held + others:
            conn.close()

    asyncio.run(scenario())


def test_a_teacher_watches_more_screens_than_a_student_holds_sockets(running):
    s = running
    for n in range(10):
        _open(s, f"W{n}", ["alice", "bob"])

    async def scenario():
        screens = [await _socket(s, f"W{n}", None, "t-teacher") for n in range(10)]
        for conn in screens:
            conn.close()

    asyncio.run(scenario())


def test_one_view_is_computed_per_seat_for_a_change_and_each_socket_of_a_seat_gets_the_same(running):
    s = running
    _open(s, "V1", ["alice", "carol"])
    table = s.service.tables.tables["V1"]
    real_view, seats = table.view, []

    def counted(seat):
        seats.append(seat)
        return real_view(seat)

    async def scenario():
        socks = {0: [await _socket(s, "V1", 0, "t-alice") for _ in range(4)],
                 1: [await _socket(s, "V1", 1, "t-carol") for _ in range(4)],
                 None: [await _socket(s, "V1", None, "t-teacher") for _ in range(4)]}
        for group in socks.values():
            for conn in group:
                await _read(conn)
        _in_service(s, lambda: setattr(table, "view", counted))
        mover = _move(s, "V1", {0: "t-alice", 1: "t-carol"})
        got = {seat: [await _read(conn) for conn in group] for seat, group in socks.items()}
        _in_service(s, lambda: delattr(table, "view"))
        for group in socks.values():
            for conn in group:
                conn.close()
        return mover, got

    mover, got = asyncio.run(scenario())
    for seat, texts in got.items():
        assert len(set(texts)) == 1 and json.loads(texts[0])["seat"] == seat
    # one for each seat listening, and the mover's own answer to the POST
    assert sorted(seats, key=str) == sorted([0, 1, None, mover], key=str), seats


def test_a_flood_of_sockets_at_one_table_leaves_another_table_served(running):
    s = running
    _open(s, "A1", ["alice", "bob"])
    _open(s, "B1", ["carol", "dave"])

    async def scenario():
        carol = await _socket(s, "B1", 0, "t-carol")
        await _read(carol)

        async def attempt(n):
            try:
                return await _socket(s, "A1", (0, None)[n % 2], "t-alice")
            except HTTPClientError as err:
                return err.code

        flood = [asyncio.ensure_future(attempt(n)) for n in range(300)]
        await asyncio.sleep(0.05)
        started = time.perf_counter()
        _move(s, "B1", {0: "t-carol", 1: "t-dave"})
        await _read(carol, 5.0)               # the view of the move arrives
        arrived = time.perf_counter() - started
        results = await asyncio.gather(*flood)
        opened = [r for r in results if not isinstance(r, int)]
        for _ in range(3):                    # changes at the flooded table meanwhile
            _move(s, "A1", {0: "t-alice", 1: "t-bob"})
        started = time.perf_counter()
        _move(s, "B1", {0: "t-carol", 1: "t-dave"})
        await _read(carol, 5.0)
        after = time.perf_counter() - started
        for conn in opened:
            conn.close()
        carol.close()
        return results, opened, arrived, after

    results, opened, arrived, after = asyncio.run(scenario())
    print(f"\nflood of 300 handshakes by one student: {len(opened)} opened, "
          f"{sum(r == 429 for r in results if isinstance(r, int))} refused with 429; a move at another table "
          f"reached its seat in {arrived * 1000:.1f} ms during the flood, {after * 1000:.1f} ms after it")
    assert len(opened) == 8 and all(r == 429 for r in results if isinstance(r, int))


# -- 6b and 8. a body is bounded before it is read ---------------------------------------------------


def _raw(s, head: str, body: bytes = b"", wait: float = 5.0) -> tuple[int, dict | None]:
    """A request written by hand (headers announcing a body that may never come): the status and
    JSON of the answer, or (0, None) when nothing answers within ``wait`` seconds."""
    with socket.create_connection(("127.0.0.1", s.port), timeout=wait) as conn:
        conn.sendall(head.encode() + b"\r\n\r\n" + body)
        data = b""
        try:
            while b"\r\n\r\n" not in data or len(data.partition(b"\r\n\r\n")[2]) < _length(data):
                chunk = conn.recv(65536)
                if not chunk:
                    break
                data += chunk
        except socket.timeout:
            return 0, None
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    text = data.partition(b"\r\n\r\n")[2][:_length(data)]
    return status, json.loads(text) if text else None


def _length(data: bytes) -> int:
    for line in data.partition(b"\r\n\r\n")[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


@pytest.mark.parametrize("token", [None, "t-alice"])
def test_a_body_announced_too_large_is_refused_before_it_is_read(running, token):
    s = running
    _open(s, "B2", ["alice", "free"])
    auth = f"\r\nAuthorization: token {token}" if token else ""
    for path in ("api/tables", "api/tables/B2/moves"):
        head = (f"POST {PREFIX}{path}?lang=fr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                f"\r\nContent-Length: {64 * 1024 * 1024}{auth}")
        status, answer = _raw(s, head, b"[" * 1000)          # the 64 MB never sent: (0, None) if awaited
        assert status == 413, (path, status, answer)
        assert answer["refused"].startswith("Une requête au service de jeu"), answer
    assert _post(s, "api/tables/B2/join", {}, "t-bob")[0] == 200        # and the service serves on


def test_a_body_nested_deep_is_refused_with_a_sentence_not_a_crash(running):
    s = running
    _open(s, "N1", ["alice", "free"])
    deep = b"[" * 100_000 + b"]" * 100_000
    fits = b"[" * 30_000 + b"]" * 30_000
    for body, status in ((deep, 413), (fits, 400), (b'{"seat": 1, "x": ' + b"[" * 40 + b"]" * 40 + b"}", 400)):
        head = (f"POST {PREFIX}api/tables/N1/join HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: token t-bob"
                f"\r\nContent-Type: application/json\r\nContent-Length: {len(body)}")
        code, answer = _raw(s, head, b"" if status == 413 else body)
        assert code == status and answer and answer["refused"], (len(body), code, answer)
    # brackets inside strings are text, and 32 levels are read
    body = {"seat": 1, "note": "[" * 5000, "x": json.loads("[" * 31 + "]" * 31)}
    code, answer = _post(s, "api/tables/N1/join", body, "t-bob")
    assert code == 200 and answer["seat"] == 1, answer


def test_the_bounded_reading_of_a_body():
    assert requests._read_json(b'{"a": "[[[{{{", "b": [[1]]}', "en") == {"a": "[[[{{{", "b": [[1]]}
    assert requests._read_json(b'{"a": "\\"[[["}', "en") == {"a": '"[[['}
    deep = b'{"a": ' + b"[" * 31 + b"]" * 31 + b"}"                   # 32 deep: read
    assert requests._read_json(deep, "en") == json.loads(deep)
    for raw, status in ((b"[" * 33 + b"]" * 33, 400), (b"{" * 50_000, 400), (b"\xff{}", 400),
                        (b"1" * 5000, 400), (b" " * (requests.MAX_BODY + 1), 413)):
        with pytest.raises(Refused) as err:
            requests._read_json(raw, "de")
        assert err.value.status == status and err.value.sentence, raw[:20]



def test_a_body_of_quotes_and_backslashes_is_refused_whole():
    for raw in (b'"\\' * (requests.MAX_BODY // 2), b'"' + b'\\"' * (requests.MAX_BODY // 2 - 1), b'"a' * (requests.MAX_BODY // 2)):
        with pytest.raises(Refused) as err:
            requests._read_json(raw, "en")
        assert err.value.status == 400
