"""A class on a real JupyterHub (issue 34): jupyterhub from PyPI, configurable-http-proxy from npm,
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
from pathlib import Path

import pytest

pytestmark = [pytest.mark.hub]

if os.geteuid() != 0 and not os.environ.get("CI"):
    pytest.skip("a class's hub needs root (it starts each student's server as that student)",
                allow_module_level=True)

from hub_harness import Hub  # noqa: E402

import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "classroom"))
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
        g = w._game
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
    return {"moves": moves, "over": w._game.is_over, "scores": list(w._game.scores), "bad": bad[:1],
            "received": len(link.received), "seat": w.player, "hand": list(w._game.hand(w.player))}
'''


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    folder = Path("/tmp") / f"cafe-hub-test-{os.getpid()}"
    with Hub(folder, teachers=["teacher"], students=STUDENTS) as h:
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


def test_three_students_play_a_whole_card_game_through_the_service(hub):
    results, save, _ = _play(hub, "3B", "card", ["alice", "bob", "carol"])
    from cafe_widget.engine import Game

    real = Game.from_json(json.dumps(save["save"]))
    assert real.is_over
    for u, r in results.items():
        assert r["over"] and r["scores"] == list(real.scores), (u, r)
        assert r["bad"] == [] and r["received"] > 10, (u, r)        # no other hand in any message
        assert r["hand"] == list(real.hand(r["seat"]))
    assert sum(r["moves"] for r in results.values()) > 30
    # what each browser would have received from its kernel: no other player's hand as it ended
    for u, k in hub.kernels.items():
        if u in results:
            for q, hand in enumerate(real.hands):
                if q != results[u]["seat"] and len(hand) >= 3:
                    assert not any(" ".join(hand) in frame for frame in k.frames), (u, q)


def test_a_student_acting_for_another_seat_and_a_token_without_the_scope_are_refused(hub):
    hub.kernels["teacher"].run("cafe_widget.classroom.open_table('R1', seats=['alice', 'bob'], seed=3)")
    for u in ("alice", "bob"):
        hub.kernels[u].run("r = cafe_widget.join('R1')")
    said = hub.kernels["alice"].run(
        "from cafe_widget.classroom.remote import ServiceError\n"
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
        assert b.hands_seen(u, positions, seat) == []
