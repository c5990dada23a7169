"""A class on a real JupyterHub: jupyterhub from PyPI, configurable-http-proxy from npm,
students made with useradd (homes 700), LocalProcessSpawner, the game service as the hub starts
it, the configuration written by ``hub-config``. Three students' kernels join one table and play a
whole game of each kind through the service; every message each kernel received is checked to
hold no other hand; a student acting for another seat is refused; the service is killed mid-game,
the hub starts it again, and the game goes on unchanged. Needs root (make test runs as root on CI)."""

import inspect
import json
import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.hub]

if os.geteuid() != 0 and not os.environ.get("CI"):
    pytest.skip("a class's hub needs root (it starts each student's server as that student)",
                allow_module_level=True)

from hub_harness import Hub, holds_hand  # noqa: E402

import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "service"))
from service_helpers import hidden_cards_in, play_a_turn  # noqa: E402

STUDENTS = ["alice", "bob", "carol"]

SETUP = "\n".join([
    "import json, re, time, cafe_widget",
    "from cafe_widget.engine import Game, BoardGame",
    inspect.getsource(hidden_cards_in),
    inspect.getsource(play_a_turn),
])

DRIVE = '''
def drive(w, cls, limit):
    # the seat's thread draws what the service sends: this loop only waits for its turn
    link, moves, end = w._link, 0, time.time() + limit
    while time.time() < end:
        g = w.state.game
        if g.is_over:
            break
        if g.to_move == w.player:
            before = link.seq
            play_a_turn(w, cls)
            moves += link.seq > before
            if link.seq == before:      # refused (the service away, restarting): not again at once
                time.sleep(0.2)
        else:
            time.sleep(0.005)
    bad = [m for m in link.received if hidden_cards_in(m, w.player)]
    return {"moves": moves, "over": w.state.game.is_over, "scores": list(w.state.game.scores), "bad": bad[:1],
            "received": len(link.received), "seat": w.player, "hand": list(w.state.game.hand(w.player))}
'''


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    folder = Path("/tmp") / f"cafe-hub-test-{os.getpid()}"
    with Hub(folder, teachers=["teacher"], students=[*STUDENTS, "steady"]) as h:
        h.tokens = h.start_servers(["teacher", *STUDENTS])
        h.kernels = {u: h.kernel(u, t) for u, t in h.tokens.items()}
        for k in h.kernels.values():
            k.run(SETUP + "\n" + DRIVE)
        yield h
        for k in h.kernels.values():
            k.close()


def _play(hub, name, game, seats, kill_at=None):
    teacher = hub.kernels["teacher"]
    out = teacher.run(f"print(json.dumps(cafe_widget.classroom.open_table({name!r}, game={game!r}, "
                      f"seats={seats!r}, seed=7)))")
    assert json.loads(out)["name"] == name
    players = [u for u in seats if u in STUDENTS]
    for u in players:
        said = hub.kernels[u].run(f"w = cafe_widget.join({name!r}); print(w.player, w.status)")
        assert said.split()[0] == str(seats.index(u)), said
    cls = "Game" if game == "card" else "BoardGame"
    running = {u: hub.kernels[u].start(f"print(json.dumps(drive(w, {cls}, 90)))") for u in players}
    killed = None
    if kill_at is not None:     # the service killed mid-game: the hub starts it again
        table = hub.folder / "tables" / f"{name}.json"
        end = time.monotonic() + 60
        while time.monotonic() < end and json.loads(table.read_text())["seq"] < kill_at:
            time.sleep(0.05)
        pid = hub.service_pid()
        os.kill(pid, signal.SIGKILL)
        killed = json.loads(table.read_text())
        end = time.monotonic() + 30
        while time.monotonic() < end and hub.service_pid() in (None, pid):
            time.sleep(0.1)
        assert hub.service_pid() not in (None, pid), hub.hub_log()
    results = {u: json.loads(hub.kernels[u].wait(running[u], 150).strip().splitlines()[-1]) for u in players}
    save = json.loads(teacher.run(f"print(cafe_widget.classroom.save_table({name!r}))"))
    return results, save, killed


def test_three_students_and_the_expert_play_a_whole_card_game_through_the_service(hub):
    results, save, _ = _play(hub, "3B", "card", ["alice", "bob", "carol", "expert"])
    from cafe_widget.engine import Game

    real = Game.from_json(json.dumps(save["save"]))
    assert real.is_over
    for u, r in results.items():
        assert r["over"] and r["scores"] == list(real.scores), (u, r)
        assert r["bad"] == [] and r["received"] > 10, (u, r)        # no other hand in any message
        assert r["hand"] == list(real.hand(r["seat"]))
    assert sum(r["moves"] for r in results.values()) > 30
    assert save["seats"][3] == {"computer": "expert"} and any(e.player == 3 for e in real.log)   # it played
    # what each browser would have received from its kernel: its own hand as it ended (the
    # check reads hands as the kernel writes them), no other player's
    for u, k in hub.kernels.items():
        if u in results:
            text = "\n".join(k.frames)
            for q, hand in enumerate(real.hands):
                if len(hand) >= 3:
                    assert holds_hand(text, hand) == (q == results[u]["seat"]), (u, q)


def test_a_student_acting_for_another_seat_and_a_token_without_the_scope_are_refused(hub):
    hub.kernels["teacher"].run("cafe_widget.classroom.open_table('R1', seats=['alice', 'bob'], seed=3)")
    for u in ("alice", "bob"):
        hub.kernels[u].run("r = cafe_widget.join('R1')")
    said = hub.kernels["alice"].run(
        "from cafe_widget.classroom.tables.transport import ServiceError\n"
        "other = 1 - r.player\n"
        "try:\n"
        "    r._link.conn.request('POST', 'api/tables/R1/moves', {'seat': other, 'verb': 'draw', 'args': [], "
        "'seq': r._link.seq})\n"
        "except ServiceError as err:\n"
        "    print(err.status, err.sentence)\n"
        "print(cafe_widget.classroom.open_table('R2', seats=['alice', 'bob']))\n"
        "import os; print(sorted(os.listdir('/home')) and os.access('/home/bob', os.R_OK))\n"
        "import urllib.request, urllib.error\n"
        f"r = urllib.request.Request('{hub.url}/user/bob/api/kernels', "
        "headers={'Authorization': 'token ' + os.environ['JUPYTERHUB_API_TOKEN']})\n"
        "try:\n"
        "    print(urllib.request.urlopen(r, timeout=10).status)\n"
        "except urllib.error.HTTPError as err:\n"
        "    print(err.code)")
    lines = said.splitlines()
    assert lines[0].startswith("403 Seat") and "not yours" in lines[0]
    assert lines[1].startswith("Only a teacher")            # a student opens no table
    assert lines[-3:-1] == ["None", "False"]                   # …and reads no other home
    assert lines[-1] in ("403", "404")                         # …nor reaches another's kernels
    import urllib.error
    import urllib.request

    request = urllib.request.Request(f"{hub.url}/services/cafe/api/tables",
                                     headers={"Authorization": f"token {hub.tokens['alice']}"})
    with pytest.raises(urllib.error.HTTPError) as err:     # a valid token, but not for this service
        urllib.request.urlopen(request, timeout=10)
    assert err.value.code in (302, 403)


def test_a_board_game_with_a_computer_and_the_service_killed_mid_game(hub):
    results, save, killed = _play(hub, "4A", "board", ["alice", "bob", "carol", "greedy"], kill_at=12)
    from cafe_widget.engine import BoardGame

    real = BoardGame.from_json(json.dumps(save["save"]))
    assert real.is_over and killed["seq"] >= 12
    # nothing lost: the game after the restart went on from the very move the service died at
    before = BoardGame.from_json(json.dumps(killed["save"]))
    assert [e.action for e in real.log[:len(before.log)]] == [e.action for e in before.log]
    for u, r in results.items():
        assert r["over"] and r["scores"] == list(real.scores), (u, r)
    assert "Service cafe exited" in (hub.folder / "hub.log").read_text(errors="replace")


@pytest.mark.browser
def test_three_students_in_three_browsers_click_one_game_and_the_screen_follows(hub):
    """Three browser contexts logged in as three hub users, each on their own notebook and seat; a
    fourth, the teacher's, shows the screen. The students play the first turns by clicks on their
    canvases (a card, then a seat, then End turn; or Draw: tools/class_hub_trial.py plays whole
    games so). Every WebSocket frame each page receives is checked: never a service message,
    never another player's hand as the game had it at any moment."""
    from browsers import Browsers

    from cafe_widget.engine import Game

    hub.kernels["teacher"].run("cafe_widget.classroom.open_table('B1', game='card', seats=['alice', 'bob', 'carol'], "
                               "seed=11)")
    cells = {u: ["import cafe_widget\nw = cafe_widget.join('B1')\nw"] for u in STUDENTS}
    cells["teacher"] = ["import cafe_widget\nw = cafe_widget.screen('B1')\nw"]
    with Browsers(hub, cells, "b1.ipynb") as b:
        for _ in range(20):
            mover = next(u for u in STUDENTS if (lambda st: st["to_move"] == st["player"])(b.state(u)))
            b.step(mover)
            if b.state(mover)["log"] >= 6:
                break
        for u in cells:
            b.screenshot(u, f"hub-{u}.png")
        screen = b.state("teacher")
    save = json.loads(hub.kernels["teacher"].run("print(cafe_widget.classroom.save_table('B1'))"))
    real = Game.from_json(json.dumps(save["save"]))
    assert len(real.log) >= 6 and b.blocked == []
    assert screen["log"] == len(real.log) and screen["player"] is None
    positions = [e.before for e in real.log] + [real.state]
    for seat, u in enumerate(STUDENTS):
        assert b.frames[u], u
        text = "\n".join(b.frames[u])
        assert '"cafe_widget view"' not in text and "guest pile" not in text      # the service talks to kernels only
        assert b.hands_seen(u, positions, seat, own=True)   # the check reads the kernel's messages,
        assert b.hands_seen(u, positions, seat) == []         # where the page shows its own hand


# -- students who attack the class's hub ------------------------------------------------

SQUATTER = '''
import errno, os, socket, threading, time
from urllib.parse import urlsplit
port = urlsplit(os.environ["CAFE_SERVICE_URL"]).port
squat = {"port": port, "bound": 0, "tries": 0, "errors": set(), "received": b""}
def squatter(until):
    while time.time() < until:
        for host in ("127.0.0.1", "0.0.0.0"):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            squat["tries"] += 1
            try:
                s.bind((host, port))
                s.listen(16)
                squat["bound"] += 1
                s.settimeout(0.2)
                try:
                    conn, _ = s.accept()
                    conn.settimeout(0.5)
                    squat["received"] += conn.recv(65536)
                    conn.close()
                except OSError:
                    pass
            except OSError as err:
                squat["errors"].add(errno.errorcode.get(err.errno, str(err.errno)))
            finally:
                s.close()
        time.sleep(0.002)
squatting = threading.Thread(target=squatter, args=(time.time() + SECONDS,), daemon=True)
squatting.start()
'''


def test_a_student_cannot_take_the_services_place_while_it_restarts_and_collects_no_token(hub):
    """Finding 1: alice listens on the service's port, over and over, while the service is killed
    and the hub starts it again; bob's kernel and the teacher's keep asking the service meanwhile
    (each request carries its hub token). The port is below 1024: alice never holds it."""
    hub.kernels["teacher"].run("cafe_widget.classroom.open_table('SQ', seats=['bob', 'carol'], seed=5)")
    alice = hub.kernels["alice"]
    alice.run(SQUATTER.replace("SECONDS", "12"))
    asking = ("import time\nfrom cafe_widget.classroom.tables.transport import Connection, ServiceError\n"
              "asked = 0\nend = time.time() + 10\n"
              "while time.time() < end:\n"
              "    try:\n        Connection().request('GET', 'api/tables', timeout=2)\n"
              "    except ServiceError:\n        pass\n"
              "    asked += 1\n    time.sleep(0.05)\nprint(asked)")
    askers = {u: hub.kernels[u].start(asking) for u in ("bob", "teacher")}
    time.sleep(1)
    pid = hub.service_pid()
    os.kill(pid, signal.SIGKILL)                      # the service is down: its port is free
    end = time.monotonic() + 30
    while time.monotonic() < end and hub.service_pid() in (None, pid):
        time.sleep(0.1)
    assert hub.service_pid() not in (None, pid), hub.hub_log()
    for u, msg in askers.items():
        assert int(hub.kernels[u].wait(msg, 60).split()[-1]) > 20, u
    found = json.loads(alice.run("squatting.join()\nimport json\nprint(json.dumps({**squat, 'errors': sorted(squat['errors']), "
                                 "'received': squat['received'].decode('latin-1')}))").strip().splitlines()[-1])
    assert found["port"] < 1024 and found["tries"] > 100, found
    assert (found["bound"], found["received"], found["errors"]) == (0, "", ["EACCES"]), found


def test_the_service_runs_as_its_own_account_and_the_hubs_files_are_the_hubs(hub):
    """Findings 5 and 8: the service gave root up once listening; the hub's folder (its database,
    its cookie secret) and the tables' folder are closed to students."""
    import pwd

    pid = hub.service_pid()
    assert pwd.getpwuid(os.stat(f"/proc/{pid}").st_uid).pw_name == "cafe-service"
    tables = hub.folder / "tables"
    assert pwd.getpwuid(tables.stat().st_uid).pw_name == "cafe-service" and tables.stat().st_mode & 0o077 == 0
    assert hub.folder.stat().st_mode & 0o077 == 0 and (hub.folder / "jupyterhub.sqlite").exists()
    said = hub.kernels["alice"].run(
        "import os\n"
        f"for path in ({str(hub.folder)!r}, {str(hub.folder / 'jupyterhub.sqlite')!r}, "
        f"{str(hub.folder / 'jupyterhub_cookie_secret')!r}, {str(tables)!r}):\n"
        "    try:\n"
        "        open(path, 'rb').read(1) if os.path.isfile(path) else os.listdir(path)\n"
        "        print('read', path)\n"
        "    except PermissionError:\n"
        "        print('refused')")
    assert said.split() == ["refused"] * 4, said


def _save(hub, name):
    from cafe_widget.engine import Game

    save = json.loads(hub.kernels["teacher"].run(f"print(cafe_widget.classroom.save_table({name!r}))"))
    return save, Game.from_json(json.dumps(save["save"]))


def test_a_student_who_places_and_undoes_across_a_clearing_learns_nothing(hub):
    """Finding 2: the player to move places a card that fills a table (R9: a new table is turned up
    from the pile), then asks the service to undo it: refused (R9), the turned-up table stays up."""
    hub.kernels["teacher"].run("cafe_widget.classroom.open_table('UN', seats=['alice', 'bob'], seed=7)")
    for u in ("alice", "bob"):
        hub.kernels[u].run("u = cafe_widget.join('UN')")
    tried = None
    for _ in range(80):
        save, game = _save(hub, "UN")
        assert not game.is_over, "no clearing came in a whole game"
        mover = ["alice", "bob"][game.to_move]
        clearing = next((p for p in game.legal_placements() if game.copy().place(p).cleared), None)
        if clearing is None:
            hub.kernels[mover].run("play_a_turn(u, Game)\ntime.sleep(0.3)")
            continue
        said = hub.kernels[mover].run(
            "from cafe_widget.classroom.tables.transport import ServiceError\n"
            f"u._link.send('place', [{clearing!r}])\n"
            "try:\n    u._link.send('undo', [])\n    print('undone')\n"
            "except ServiceError as err:\n    print(err.status, err.rule, err.sentence)")
        after, real = _save(hub, "UN")
        tried = (clearing, said, game.cafe.format(), real.cafe.format())
        break
    assert tried is not None
    clearing, said, _, _ = tried
    assert said.split()[:2] == ["409", "R9"], said
    assert real.turn is not None and real.turn.cards[-1].text == clearing      # the card stays, its table up


def test_an_old_socket_of_a_seat_given_away_receives_nothing_after(hub):
    """Finding 3: alice listens to seat 0's updates with a WebSocket of her own; the teacher gives
    seat 0 to carol, who plays: alice's socket is closed (4403) and receives nothing more."""
    hub.kernels["teacher"].run("cafe_widget.classroom.open_table('WS', seats=['alice', 'bob'], seed=9)")
    alice = hub.kernels["alice"]
    alice.run("ws_seat = cafe_widget.join('WS')\n"
              "import asyncio, threading\nfrom tornado.websocket import websocket_connect\n"
              "from tornado.httpclient import HTTPRequest\nfrom cafe_widget.classroom.tables.transport import Connection\n"
              "conn = Connection()\ngot = {'messages': [], 'code': None}\n"
              "async def listen():\n"
              "    ws = await websocket_connect(HTTPRequest(conn.ws_url('api/tables/WS/updates?seat=0'), "
              "headers={'Authorization': 'token ' + conn.token}))\n"
              "    while True:\n"
              "        m = await ws.read_message()\n"
              "        if m is None:\n            got['code'] = ws.close_code\n            break\n"
              "        got['messages'].append(m)\n"
              "threading.Thread(target=lambda: asyncio.run(listen()), daemon=True).start()\n"
              "time.sleep(1)\nprint(len(got['messages']))")
    given = int(alice.run("print(len(got['messages']))").split()[-1])
    assert given >= 1
    hub.kernels["teacher"].run("cafe_widget.classroom.give_seat('WS', 0, 'carol')")
    hub.kernels["carol"].run("c = cafe_widget.join('WS')\nplay_a_turn(c, Game)\ntime.sleep(1)")
    save, game = _save(hub, "WS")
    assert game.log, "carol played"
    found = json.loads(alice.run("print(json.dumps({'n': len(got['messages']), 'code': got['code']}))")
                       .strip().splitlines()[-1])
    assert (found["code"], found["n"]) == (4403, given), found           # closed, and not one view more


def test_tables_opened_without_a_seed_are_dealt_from_a_secret_no_student_sees(hub):
    """Finding 4: two tables opened without a seed: their replay seeds (the teacher's save only)
    are of 128 bits and differ; no seat's or screen's message holds either."""
    teacher = hub.kernels["teacher"]
    teacher.run("cafe_widget.classroom.open_table('S1', seats=['alice', 'bob'])\n"
                "cafe_widget.classroom.open_table('S2', seats=['alice', 'carol'])")
    seeds = [_save(hub, n)[0]["save"]["seed"] for n in ("S1", "S2")]
    assert seeds[0] != seeds[1] and all(int(s).bit_length() > 64 for s in seeds), seeds
    for u in ("alice", "bob"):
        said = hub.kernels[u].run("s = cafe_widget.join('S1')\ntime.sleep(0.5)\n"
                                  "print('\\n'.join(s._link.received))")
        assert not any(str(seed) in said for seed in seeds), u
    screen = teacher.run("sc = cafe_widget.screen('S1')\ntime.sleep(0.5)\nprint('\\n'.join(sc._link.received))")
    assert screen and not any(str(seed) in screen for seed in seeds)


def test_one_student_flooding_sockets_and_bodies_stalls_no_other_table(hub):
    """Finding 6: alice opens 60 WebSockets to one table at once and sends a 64 MB body; bob and
    carol play at another table meanwhile: their moves reach each other as usual."""
    teacher = hub.kernels["teacher"]
    teacher.run("cafe_widget.classroom.open_table('FL', seats=['alice', 'free'])\n"
                "cafe_widget.classroom.open_table('PL', seats=['bob', 'carol'], seed=2)")
    for u in ("bob", "carol"):
        hub.kernels[u].run("p = cafe_widget.join('PL')")
    flood = hub.kernels["alice"].start(
        "import asyncio, urllib.request, urllib.error\nfrom tornado.websocket import websocket_connect\n"
        "from tornado.httpclient import HTTPRequest, HTTPClientError\nfrom cafe_widget.classroom.tables.transport import Connection\n"
        "conn = Connection()\ncodes = []\n"
        "async def one():\n"
        "    try:\n"
        "        return await websocket_connect(HTTPRequest(conn.ws_url('api/tables/FL/updates'), "
        "headers={'Authorization': 'token ' + conn.token}))\n"
        "    except HTTPClientError as err:\n        codes.append(err.code)\n"
        "async def flood():\n    return [w for w in await asyncio.gather(*[one() for _ in range(60)]) if w]\n"
        "opened = await flood()\n"
        "import socket\nfrom urllib.parse import urlsplit\nwhere = urlsplit(conn.url)\n"
        "with socket.create_connection((where.hostname, where.port), timeout=10) as big:\n"
        "    big.sendall(f'POST {where.path}api/tables/FL/join HTTP/1.1\\r\\nHost: x\\r\\nAuthorization: token "
        "{conn.token}\\r\\nContent-Length: {64 * 2**20}\\r\\n\\r\\n'.encode() + b' ' * 65536)\n"
        "    codes.append(big.recv(100).split()[1].decode())\n"
        "print(len(opened), sorted(set(map(str, codes))))")
    started = time.monotonic()
    waits = []
    for _ in range(4):                       # bob and carol play on, and each sees the other's move
        save, game = _save(hub, "PL")
        mover, other = (("bob", "carol") if game.to_move == 0 else ("carol", "bob"))
        seq = int(hub.kernels[other].run("print(p._link.seq)").split()[-1])
        hub.kernels[mover].run("play_a_turn(p, Game)")
        t = time.monotonic()
        assert hub.kernels[other].run(f"from cafe_widget.classroom.tables.transport import wait_for\n"
                                      f"print(wait_for(p._link, {seq + 1}, 10))").split()[-1] == "True"
        waits.append(time.monotonic() - t)
    said = hub.kernels["alice"].wait(flood, 120).split()
    print(f"\nflood: {said}; the other table's moves reached the other seat in "
          f"{', '.join(f'{w * 1000:.0f}' for w in waits)} ms (the four turns took {time.monotonic() - started:.1f} s)")
    assert int(said[0]) <= 8 and "'413'" in " ".join(said[1:]) and "'429'" in " ".join(said[1:]), said


def test_a_hub_user_named_like_a_seat_kind_reads_no_seat(hub):
    """Finding 7: the hub user 'steady' at a table with a computer of that kind and a free seat:
    never the computer's hand, never the free seat's view without joining it."""
    tokens = hub.start_servers(["steady"])
    steady = hub.kernel("steady", tokens["steady"])
    try:
        steady.run(SETUP)
        hub.kernels["teacher"].run("cafe_widget.classroom.open_table('K7', seats=['alice', 'steady', 'free'], seed=4)")
        said = steady.run(
            "from cafe_widget.classroom.tables.transport import Connection, ServiceError\nconn = Connection()\n"
            "for seat in (1, 2):\n"
            "    try:\n        conn.request('GET', f'api/tables/K7?seat={seat}')\n        print('read', seat)\n"
            "    except ServiceError as err:\n        print(err.status)\n"
            "print(conn.request('POST', 'api/tables/K7/join', {})['seat'])")
        assert said.split() == ["403", "403", "2"], said      # joining gives the free seat, never the computer's
        save, game = _save(hub, "K7")
        assert save["seats"][1:] == [{"computer": "steady"}, {"user": "steady"}], save["seats"]
    finally:
        steady.close()


def test_no_student_can_listen_where_the_hub_or_its_proxy_listens_for_their_secrets(hub):
    """Finding 1, its siblings: every server sends the hub's API its token, and the hub sends the
    proxy's API its secret; both listen below 1024 (hub-config), where a student cannot listen."""
    said = hub.kernels["alice"].run(
        "import errno, os, socket\nfrom urllib.parse import urlsplit\n"
        "api = urlsplit(os.environ['JUPYTERHUB_API_URL']).port\n"
        f"for port in (api, {hub.proxy_api_port}):\n"
        "    s = socket.socket()\n"
        "    try:\n        s.bind(('127.0.0.1', port))\n        print(port, 'bound')\n"
        "    except OSError as err:\n        print(port, errno.errorcode[err.errno])\n"
        "    finally:\n        s.close()")
    lines = [line.split() for line in said.splitlines()]
    assert [w for _, w in lines] == ["EACCES", "EACCES"] and all(int(p) < 1024 for p, _ in lines), said


def test_the_hubs_terminal_runs_what_the_guide_says(hub):
    """File → New → Terminal on the hub runs the environment's python and the package,
    as the guide's commands expect (a login shell would put the system's PATH back)."""
    said = hub.terminal("teacher", hub.tokens["teacher"],
                        "echo THE; which python; python -c 'import cafe_widget; print(\"PACKAGE\", \"OK\")'; echo END",
                        until="\nEND")
    assert "/opt/cafe-hub/venv/bin/python" in said and "PACKAGE OK" in said, said
    said = hub.terminal("teacher", hub.tokens["teacher"], "nbgradr --version; echo END", until="\nEND")
    assert "nbgradr: not a command of this terminal" in said and "/opt/cafe-hub/venv/bin, on this terminal" in said


def test_the_teacher_has_nbgrader_s_formgrader_and_a_student_has_none_of_the_teacher_s_tools(hub):
    """As a student would try: alice's server has no formgrader page and her JupyterLab
    loads none of the teacher's extensions (the formgrader, Create assignment, the course list); the
    teacher's formgrader answers, and may be shown in the teacher's own JupyterLab (the panel's
    frame: 'self', where the hub's servers say 'none')."""
    def get(user, path):
        request = urllib.request.Request(f"{hub.url}/user/{user}/{path}",
                                         headers={"Authorization": f"token {hub.tokens[user]}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.headers.get("Content-Security-Policy", ""), answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.headers.get("Content-Security-Policy", ""), ""

    status, frames, page = get("teacher", "formgrader/manage_assignments")
    assert status == 200 and frames == "frame-ancestors 'self'"
    # it grades as the course does, though no course was made when the teacher's server started
    assert "cafe_widget.classroom.autograde.PlainAnswers" in page and "IsolatedExecute" in page
    for path in ("formgrader/manage_assignments", "formgrader/api/assignments", "formgraders"):
        status, frames, _ = get("alice", path)
        assert status == 404, (path, status)
    _, frames, page = get("alice", "lab")
    assert frames.startswith("frame-ancestors 'none'")
    disabled = json.loads(page.split('id="jupyter-config-data" type="application/json">', 1)[1]
                          .split("</script>", 1)[0])["disabledExtensions"]
    assert {"@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
            "@jupyter/nbgrader:course-list"} <= set(disabled)
    _, _, page = get("teacher", "lab")
    disabled = json.loads(page.split('id="jupyter-config-data" type="application/json">', 1)[1]
                          .split("</script>", 1)[0])["disabledExtensions"]
    assert not {e for e in disabled if e.startswith("@jupyter/nbgrader")}


# -- the class, live: a teacher watches three students work ------------------------------------------

LESSON = '''
import os, json, time, urllib.request, urllib.error, uuid
os.environ["CAFE_WIDGET_PROGRESS"] = os.path.expanduser(f"~/progress-{uuid.uuid4().hex}.json")   # this run's
from cafe_widget.teach import predict, live
from cafe_widget.teach.ladder import TRIES
TRIES.forget()
live.MOST_WAIT = 1.0            # the tries while the service is away: every second (30 s in a class)
def step(exercise, answer, truth, **kw):
    predict(answer, truth, exercise=exercise, **kw)
    return time.time()
def ask(method, path, body=None, query=""):
    token = os.environ["JUPYTERHUB_API_TOKEN"]
    url = os.environ["CAFE_SERVICE_URL"] + path + query
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, method=method, headers={"Authorization": "token " + token})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode()[:300]
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()[:300]
'''

PRY = '''
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect
import asyncio
from concurrent.futures import ThreadPoolExecutor
async def listen():
    url = os.environ["CAFE_SERVICE_URL"].replace("http", "ws", 1) + "api/progress/updates"
    try:
        socket = await websocket_connect(HTTPRequest(url, headers={"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"]}))
        return "open: " + str(await socket.read_message())[:80]
    except Exception as err:
        return getattr(err, "code", repr(err))
found = {"class": ask("GET", "api/progress"), "bob": ask("GET", "api/progress/students/bob"),
         "export": ask("GET", "api/progress/export"), "erase": ask("POST", "api/progress/erase", {}),
         "page": ask("GET", "progress/", query="?token=" + os.environ["JUPYTERHUB_API_TOKEN"]),
         "as_bob": ask("POST", "api/progress", {"student": "bob", "outcomes": [
             {"student": "bob", "exercise": "4.2", "state": "solved", "tries": 1, "at": time.time()}]}),
         "socket": ThreadPoolExecutor(1).submit(asyncio.run, listen()).result(30),
         "mine": ask("GET", "api/progress/students/alice")}
print(json.dumps(found))
'''


def test_a_teacher_watches_three_students_work_live_and_no_student_reads_the_class(hub):
    """Three students answer notebook 4's exercises in their own kernels; the teacher's dashboard
    (in the teacher's kernel) shows each outcome within a second. Alice tries everything a
    student could to see the class or bob's row, or to write under bob's name: refused by the
    service. The service is killed mid-lesson: bob works on meanwhile, and when the hub has
    started it again nothing is lost and bob's outcomes arrive."""
    teacher = hub.kernels["teacher"]
    for u in STUDENTS:
        hub.kernels[u].run(LESSON)
    teacher.run("from cafe_widget.classroom import dashboard, class_progress, erase_progress\n"
                "erase_progress(sure=True)\n"             # what earlier kernels of these users sent
                "d = dashboard(notebook='04')\n"
                "end = time.time() + 10\n"
                "while not d.connected and time.time() < end: time.sleep(0.02)\n"
                "print(d.connected)")

    def heard(user, since):
        """When the teacher's dashboard heard ``user``'s row after ``since`` (time.time())."""
        out = teacher.run(f"end = time.time() + 5\n"
                          f"while time.time() < end and not any(w == {user!r} and t >= {since} for t, w in d.arrived):\n"
                          f"    time.sleep(0.005)\n"
                          f"print(min([t for t, w in d.arrived if w == {user!r} and t >= {since}], default=-1))")
        return float(out)

    delays = []
    lesson = [("alice", "step('4.1', 8, 8)"), ("bob", "step('4.1', 3, 8)"), ("carol", "step('4.1', 5, 8)"),
              ("bob", "step('4.1', 9, 8)"), ("carol", "step('4.1', 8, 8)"), ("carol", "step('4.2', 1, 2)")]
    for user, code in lesson:
        before = float(hub.kernels[user].run("print(time.time())"))
        sent = float(hub.kernels[user].run(f"print({code})").split()[-1])
        arrived = heard(user, before)
        assert arrived > 0, (user, code, teacher.run("print(d.arrived, d.connected)"))
        delays.append(arrived - sent)
    assert max(delays) < 1.0, delays

    pried = json.loads(hub.kernels["alice"].run(PRY).strip().splitlines()[-1])
    assert [pried[k][0] for k in ("class", "bob", "export", "erase", "page")] == [403] * 5, pried
    assert "Only a teacher" in pried["class"][1] and "another student's" in pried["bob"][1]
    assert pried["socket"] == 403, pried
    assert pried["as_bob"][0] == 200 and json.loads(pried["as_bob"][1])["student"] == "alice"
    assert json.loads(pried["mine"][1])["exercises"]["4.1"]["state"] == "solved"

    state = ("import json\nsnap = class_progress(notebook='04')\n"
             "print(json.dumps({l.student: [k for _, k, _ in l.cells] for l in snap.lines}))")
    assert json.loads(teacher.run(state).strip()) == {
        "alice": ["first", "first"], "bob": ["stuck", "not started"], "carol": ["nudge", "trying"]}

    # the service killed mid-lesson: bob works on while it is away, and catches up when it is back
    pid = hub.service_pid()
    os.kill(pid, signal.SIGKILL)
    hub.kernels["bob"].run("step('4.1', 8, 8); step('4.2', ..., 2, show=True)")
    pending = hub.kernels["bob"].run("print(sorted(live.sender().pending))")
    end = time.monotonic() + 30
    while time.monotonic() < end and hub.service_pid() in (None, pid):
        time.sleep(0.1)
    assert hub.service_pid() not in (None, pid), hub.hub_log()
    assert hub.kernels["bob"].run("print(live.sender().flush(20))").strip() == "True", pending
    assert json.loads(teacher.run(state).strip()) == {
        "alice": ["first", "first"], "bob": ["hint", "shown"], "carol": ["nudge", "trying"]}
    back = teacher.run("end = time.time() + 20\n"
                       "while time.time() < end and 'data-student=\"bob\" data-exercise=\"4.2\" data-state=\"shown\"' "
                       "not in d.table.value: time.sleep(0.05)\n"
                       "print(d.connected, 'data-state=\"shown\"' in d.table.value); d.stop()")
    assert back.split() == ["True", "True"], back
    stored = sorted(json.loads(p.read_text())["student"] for p in (hub.folder / "tables" / "progress").iterdir())
    assert stored == ["alice", "bob", "carol"], stored                  # the teacher's own: not kept
    assert oct((hub.folder / "tables" / "progress").stat().st_mode & 0o777) == "0o700"
    _projector(hub)
    print(f"\nthe class, live: an outcome on the teacher's dashboard after {[round(d * 1000) for d in delays]} ms")


def _projector(hub):
    """The class, live, as the teacher puts it on the projector: the service's page, reached in a
    browser logged in to the hub (its OAuth login, no question asked), updated at each outcome; a
    student logged in gets a refusal."""
    from browsers import harness, log_in

    harness.require_browser()
    browser = harness.chromium()
    try:
        pages = {}
        for user in ("teacher", "alice"):      # logged in, straight to the page (no JupyterLab loaded)
            page = log_in(browser, hub.url, user)
            answer = page.goto(f"{hub.url}/services/cafe/progress/?notebook=04")
            pages[user] = (page, answer.status)
        page, status = pages["teacher"]
        assert status == 200 and page.url.startswith(f"{hub.url}/services/cafe/progress/"), page.url
        page.wait_for_selector("td[data-student]")
        before = page.locator('td[data-student="carol"][data-exercise="4.2"]').get_attribute("data-state")
        hub.kernels["carol"].run("step('4.2', 2, 2)")        # carol solves 4.2: the page follows
        page.wait_for_selector('td[data-student="carol"][data-exercise="4.2"][data-state="nudge"]', timeout=5000)
        assert before == "trying"
        path = harness.artifact_path("class-live-projector.png")
        page.screenshot(path=str(path), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 1366, width
        student, status = pages["alice"]
        assert status == 403 and "teachers only" in student.content()
        assert student.locator("td[data-student]").count() == 0
    finally:
        harness.release_chromium()
