"""The class, live, on the game service in a thread of the test (a token ``t-NAME`` is
NAME, ``teacher`` teaches): students' kernels send their outcomes, the teacher's socket and
page hear each at once, a student reads only their own row, the service restarted loses
nothing, a student offline catches up, bad bodies store nothing, the export is what
``summary`` reads. The real hub's identity and OAuth page: tests/hub/test_hub.py."""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from cafe_widget.classroom.progress.summary import gather, heatmap, tally
from cafe_widget.service.progress import ClassProgress, cell, merged, read_outcomes
from cafe_widget.service.progress_view import ClassView
from cafe_widget.teach import live

from service_helpers import PREFIX, RunningService, identify

identify.page = identify       # the page's login, in these tests: the same stand-in token


@pytest.fixture
def running(tmp_path):
    s = RunningService(tmp_path / "tables").start()
    yield s
    s.stop()


def _call(s, method, path, body=None, token="t-alice", lang=None):
    url = s.url + path + (f"?lang={lang}" if lang else "")
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data, method=method, headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read().decode()
            return answer.status, (json.loads(text) if "json" in answer.headers["Content-Type"] else text)
    except urllib.error.HTTPError as err:
        text = err.read().decode()
        return err.code, (json.loads(text) if text.startswith("{") else text)


def _outcome(exercise, state, tries, at=None):
    return {"exercise": exercise, "state": state, "tries": tries, "at": time.time() if at is None else at}


async def _watch(s, token="t-teacher"):
    url = f"ws://127.0.0.1:{s.port}{PREFIX}api/progress/updates"
    return await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {token}"},
                                               connect_timeout=5, request_timeout=5))


# -- the store: an outcome only moves an exercise forward ------------------------------------------


def _read(outcomes, now=1000.0):
    kept, unknown = read_outcomes({"outcomes": outcomes}, now)
    assert unknown == []
    return kept


def test_outcomes_only_move_an_exercise_forward_and_the_same_twice_is_once(tmp_path):
    store = ClassProgress(tmp_path, clock=lambda: 1000.0)
    first = _read([_outcome("4.1", "tried", 1, 10.0)])
    version = store.version
    assert store.record("alice", first) == {"4.1": {"state": "tried", "tries": 1, "at": 10.0}}
    assert store.record("alice", first) == {}                                 # twice: nothing changes
    assert store.version == version + 1
    assert store.record("alice", _read([_outcome("4.1", "solved", 3, 20.0)])) == {
        "4.1": {"state": "solved", "tries": 3, "at": 20.0}}
    late = _read([_outcome("4.1", "tried", 5, 30.0), _outcome("4.1", "answer", 6, 31.0)])
    assert store.record("alice", late) == {}                                  # solved stays solved
    assert merged({"state": "tried", "tries": 4, "at": 50.0}, {"state": "tried", "tries": 2, "at": 40.0}, 60.0) is None
    # a time in the future, or none, is the service's now; on disk before the answer, read again
    store.record("bob", _read([_outcome("1.1", "answer", 3, 9e12)]))
    store.record("bob", _read([{"exercise": "1.2", "state": "tried", "tries": 1}]))
    again = ClassProgress(tmp_path)
    assert again.rows["bob"].exercises == {"1.1": {"state": "answer", "tries": 3, "at": 1000.0},
                                           "1.2": {"state": "tried", "tries": 1, "at": 1000.0}}
    assert again.rows["alice"].exercises == store.rows["alice"].exercises
    assert again.version > store.version - 5        # it grows across a restart (the page waits on it)
    assert [cell(e) for e in ({"state": "solved", "tries": 1}, {"state": "solved", "tries": 2},
                              {"state": "solved", "tries": 7}, {"state": "answer", "tries": 3},
                              {"state": "tried", "tries": 2}, {"state": "tried", "tries": 1}, None)] == \
        ["first", "nudge", "hint", "shown", "stuck", "trying", "not started"]


def test_an_old_entry_sent_again_is_no_new_activity_and_a_failed_write_keeps_nothing(tmp_path, monkeypatch):
    clock = [1000.0]
    store = ClassProgress(tmp_path, clock=lambda: clock[0])
    store.record("ana", _read([_outcome("2.1", "tried", 1, 900.0)]))
    clock[0] = 5000.0                       # a new kernel, an hour later, sends its file (no time in it)
    assert store.record("ana", _read([{"exercise": "2.1", "state": "tried", "tries": 1}], 5000.0)) == {}
    assert store.rows["ana"].exercises["2.1"]["at"] == 900.0

    def full(row):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "_write", full)
    with pytest.raises(OSError):
        store.record("ana", _read([_outcome("2.1", "solved", 2, 4000.0)], 5000.0))
    assert store.rows["ana"].exercises["2.1"]["state"] == "tried"     # not kept: the kernel sends it again
    monkeypatch.undo()
    assert store.record("ana", _read([_outcome("2.1", "solved", 2, 4000.0)], 5000.0))["2.1"]["state"] == "solved"


def test_a_row_file_is_named_by_a_hash_of_the_hub_name_and_a_broken_one_is_set_aside(tmp_path):
    store = ClassProgress(tmp_path)
    names = ["../etc/passwd", ".hidden", "élodie", "学" * 200, "=HYPERLINK(1)"]
    for name in names:
        store.record(name, _read([_outcome("2.1", "tried", 1)], time.time()))
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 5 and all(len(f) == 69 and f.endswith(".json") for f in files)
    (tmp_path / files[0]).write_text("{not json", encoding="utf-8")            # damaged
    row = json.loads((tmp_path / files[1]).read_text(encoding="utf-8"))
    row["exercises"]["2.2"] = {"state": "won", "tries": 1, "at": 5}             # one bad entry, one without a time
    row["exercises"]["2.3"] = {"state": "tried", "tries": 1}
    (tmp_path / files[1]).write_text(json.dumps(row), encoding="utf-8")
    again = ClassProgress(tmp_path)
    assert len(again.rows) == 4 and (tmp_path / f"{files[0]}.broken-1").exists()
    assert list(again.rows[row["student"]].exercises) == ["2.1"]
    assert ClassView(again.snapshot(), "02", "en").lines           # every time is a time: the view draws
    assert "'=HYPERLINK(1),02,2.1,tried,1" in again.export_csv()      # a spreadsheet shows it as text
# -- the view: what the teacher reads -------------------------------------------------------------


def _snapshot(now=1000.0):
    return {"now": now, "students": {
        "bob": {"exercises": {"4.1": {"state": "tried", "tries": 3, "at": 990.0},
                              "4.2": {"state": "solved", "tries": 1, "at": 900.0}}},
        "alice": {"exercises": {"4.1": {"state": "solved", "tries": 2, "at": 995.0},
                                "1.1": {"state": "answer", "tries": 3, "at": 100.0}}},
        "carol": {"exercises": {"4.1": {"state": "tried", "tries": 2, "at": 999.0}}},
    }}


def test_the_view_says_each_cell_the_most_stuck_exercise_and_each_last_activity():
    view = ClassView(_snapshot(), "04", "en")
    assert view.columns == ["4.1", "4.2"]
    assert [(line.student, [key for _, key, _ in line.cells], line.last) for line in view.lines] == [
        ("alice", ["nudge", "not started"], "4.1, 5 s ago"),
        ("bob", ["stuck", "first"], "4.1, 10 s ago"),
        ("carol", ["stuck", "not started"], "4.1, 1 s ago")]
    assert view.most_stuck() == ("4.1", 2)
    assert view.headline() == "3 students · Most stuck: exercise 4.1 (2 students)"
    assert view.text().splitlines() == [
        "The class, live — Notebook 04", "3 students · Most stuck: exercise 4.1 (2 students)",
        "alice (Last activity: 4.1, 5 s ago) — solved after the nudge: 4.1",
        "bob (Last activity: 4.1, 10 s ago) — solved at the first try: 4.2; stuck: wrong tries, not solved: 4.1",
        "carol (Last activity: 4.1, 1 s ago) — stuck: wrong tries, not solved: 4.1"]
    html = view.html()
    assert 'data-student="bob" data-exercise="4.1" data-state="stuck"' in html and ">!3</td>" in html
    assert 'aria-label="bob, 4.1: stuck: wrong tries, not solved (3 tries)"' in html
    everything = ClassView(_snapshot(), None, "fr")
    assert len(everything.columns) == 46 and everything.lines[0].last == "4.1, il y a 5 s"
    assert everything.headline() == "3 élèves · Le plus bloquant : exercice 4.1 (2 élèves)"
    assert ClassView(_snapshot(), "04", "de").word("stuck") == "hängt fest: falsche Versuche, nicht gelöst"
    assert ClassView({"students": {}}, None, "en").headline() == "0 students · No one is stuck."


# -- the service: three kernels, a teacher, a student who pries -------------------------------------


def test_three_students_outcomes_reach_the_teachers_socket_within_a_second(running):
    s = running

    async def lesson():
        watch = await _watch(s)
        first = json.loads(await watch.read_message())
        heard = []
        for name, (exercise, state, tries) in zip(("alice", "bob", "carol"),
                                                  (("1.1", "solved", 1), ("1.1", "tried", 2), ("1.2", "answer", 3))):
            sent = time.perf_counter()
            code, answer = await asyncio.to_thread(_call, s, "POST", "api/progress",
                                                   {"outcomes": [_outcome(exercise, state, tries)]}, f"t-{name}")
            assert (code, answer) == (200, {"stored": 1, "student": name})
            message = json.loads(await asyncio.wait_for(watch.read_message(), 1.0))
            heard.append((message["row"]["student"], message["row"]["exercises"][exercise]["state"],
                          time.perf_counter() - sent))
        watch.close()
        return first, heard

    first, heard = asyncio.run(lesson())
    assert first["class"]["students"] == {} and first["class"]["version"] > 0
    assert [(who, state) for who, state, _ in heard] == [("alice", "solved"), ("bob", "tried"), ("carol", "answer")]
    assert all(delay < 1.0 for _, _, delay in heard), heard
    code, snapshot = _call(s, "GET", "api/progress", token="t-teacher")
    assert code == 200 and sorted(snapshot["students"]) == ["alice", "bob", "carol"]


def test_a_student_gets_only_their_own_row_and_stores_only_under_their_own_name(running):
    s = running
    # bob's outcome, then alice tries to write under bob's name and to read the class
    assert _call(s, "POST", "api/progress", {"outcomes": [_outcome("3.1", "tried", 2)]}, "t-bob")[0] == 200
    code, answer = _call(s, "POST", "api/progress", {"student": "bob", "outcomes": [_outcome("3.1", "solved", 1)],
                                                     "name": "bob"}, "t-alice")
    assert (code, answer["student"]) == (200, "alice")
    assert _call(s, "GET", "api/progress/students/bob", token="t-teacher")[1]["exercises"] == {
        "3.1": {"state": "tried", "tries": 2, "at": pytest.approx(time.time(), abs=60)}}
    refusals = [_call(s, "GET", "api/progress", lang="fr"), _call(s, "GET", "api/progress/students/bob"),
                _call(s, "GET", "api/progress/students/%62ob"), _call(s, "GET", "api/progress/export"),
                _call(s, "POST", "api/progress/erase", {}), _call(s, "POST", "api/progress/erase", {"student": "bob"}),
                _call(s, "GET", "progress/"), _call(s, "GET", "progress/table?since=-1")]
    assert [code for code, _ in refusals] == [403] * 8, refusals
    assert refusals[0][1]["refused"].startswith("Seul un enseignant de la classe voit la progression de la classe")
    assert refusals[1][1]["refused"].startswith("Only a teacher sees another student's progress")
    assert refusals[6][1] == "This page shows the class's progress to its teachers only."
    code, mine = _call(s, "GET", "api/progress/students/alice")
    assert code == 200 and mine["exercises"]["3.1"]["state"] == "solved"
    assert [_call(s, "GET", "api/progress", token=t)[0] for t in ("nobody", "")] == [403, 403]

    async def pry():
        with pytest.raises(HTTPClientError) as err:
            await _watch(s, "t-alice")
        return err.value.code

    assert asyncio.run(pry()) == 403
    # nothing of bob's changed, and the teacher may still erase
    assert _call(s, "GET", "api/progress/students/bob", token="t-teacher")[1]["exercises"]["3.1"]["state"] == "tried"


def test_bad_bodies_store_nothing_and_say_why(running):
    s = running
    code, answer = _call(s, "POST", "api/progress", {"outcomes": [_outcome("99.1", "solved", 1),
                                                                  _outcome("4.1", "tried", 1)]})
    assert (code, answer) == (200, {"stored": 1, "student": "alice", "not_in_course": ["99.1"]})
    assert _call(s, "POST", "api/progress/erase", {}, "t-teacher")[0] == 200
    bad = [({"outcomes": "4.1"}, "The game service stores a list of at most 500 outcomes here"),
           ({"outcomes": [_outcome("4.1", "solved", 1)] * 501}, "The game service stores a list of at most 500"),
           ({"outcomes": [_outcome("../x", "solved", 1)]}, "../x is not an exercise of the course"),
           ({"outcomes": [_outcome("٤.٢", "solved", 1)]}, "٤.٢ is not an exercise of the course"),
           ({"outcomes": [_outcome("4.2\n", "solved", 1)]}, "4.2\n is not an exercise of the course"),
           ({"outcomes": [_outcome("4.1", "won", 1)]}, "won is not an exercise's state"),
           ({"outcomes": [_outcome("4.1", "solved", -1)]}, "-1 is not a number of tries"),
           ({"outcomes": [_outcome("4.1", "solved", True)]}, "True is not a number of tries"),
           ({"outcomes": [_outcome("4.1", "tried", 1), 7]}, "The game service stores a list"),
           (b"[1, 2]", "The game service understands only a JSON object here")]
    for body, said in bad:
        code, answer = _call(s, "POST", "api/progress", body)
        assert code == 400 and answer["refused"].startswith(said), (body, answer)
    assert _call(s, "GET", "api/progress", token="t-teacher")[1]["students"] == {}
    assert not list((s.folder / "progress").iterdir())


def test_a_student_flooding_outcomes_is_slowed_and_a_teachers_own_are_not_kept(running):
    s = running
    codes = [_call(s, "POST", "api/progress", {"outcomes": [_outcome("1.1", "tried", n)]}, "t-mallory")[0]
             for n in range(1, 41)]
    assert codes[:30] == [200] * 30 and codes[-1] == 429, codes
    assert _call(s, "POST", "api/progress", {"outcomes": [_outcome("1.2", "tried", 1)]}, "t-ana")[0] == 200
    code, answer = _call(s, "POST", "api/progress", {"outcomes": [_outcome("1.1", "solved", 1)]}, "t-teacher")
    assert (code, answer) == (200, {"stored": 0, "student": "teacher", "teacher": True})
    assert sorted(_call(s, "GET", "api/progress", token="t-teacher")[1]["students"]) == ["ana", "mallory"]


def test_the_page_follows_the_class_for_a_teacher(running):
    s = running
    code, page = _call(s, "GET", "progress/?notebook=01&lang=de", token="t-teacher")
    assert code == 200 and '<html lang="de">' in page and "Die Klasse, live" in page
    assert "Noch kein Schüler hat ein Ergebnis geschickt" in page
    version = int(re.search(r"var version = (\d+);", page).group(1))

    async def follow():
        started = time.perf_counter()
        waiting = asyncio.create_task(asyncio.to_thread(_call, s, "GET", f"progress/table?since={version}&notebook=01",
                                                        None, "t-teacher"))
        await asyncio.sleep(0.3)
        assert not waiting.done()                      # nothing changed: the page's request waits
        sent = time.perf_counter()
        await asyncio.to_thread(_call, s, "POST", "api/progress", {"outcomes": [_outcome("1.2", "tried", 2)]},
                                "t-carol")
        code, html = await waiting
        return code, html, time.perf_counter() - sent, sent - started

    code, html, delay, waited = asyncio.run(follow())
    assert code == 200 and delay < 1.0 and waited >= 0.3
    assert 'data-student="carol" data-exercise="1.2" data-state="stuck"' in html
    assert "Most stuck: exercise 1.2 (1 student)" in html


def test_the_export_is_what_summary_reads_and_erase_forgets_on_disk_too(running, tmp_path):
    s = running
    for name, outcomes in {"alice": [_outcome("1.1", "solved", 1), _outcome("4.1", "tried", 2)],
                           "bob": [_outcome("1.1", "answer", 3)]}.items():
        assert _call(s, "POST", "api/progress", {"outcomes": outcomes}, f"t-{name}")[0] == 200
    code, text = _call(s, "GET", "api/progress/export", token="t-teacher")
    assert code == 200 and text.splitlines()[0] == "student,notebook,exercise,state,tries,at"
    assert [line.rsplit(",", 1)[0] for line in text.splitlines()[1:]] == [
        "alice,01,1.1,solved,1", "alice,04,4.1,tried,2", "bob,01,1.1,answer,3"]
    (tmp_path / "class.csv").write_text(text, encoding="utf-8")
    klass = gather([tmp_path / "class.csv"])
    assert (klass.read, klass.skipped) == (1, 0)
    assert {r.student: r.exercises for r in klass.records} == {
        "alice": {"1.1": ("solved", 1), "4.1": ("tried", 2)}, "bob": {"1.1": ("answer", 3)}}
    assert next(t for t in tally(klass.records).exercises if t.exercise == "1.1").solved == 1
    picture = heatmap(klass.records)                        # the single-kernel heat map reads it too
    assert 'data-student="alice" data-exercise="4.1"' in picture and 'data-student="bob" data-exercise="1.1"' in picture
    code, answer = _call(s, "POST", "api/progress/erase", {"student": "bob"}, "t-teacher")
    assert (code, answer) == (200, {"erased": 1})
    assert [json.loads(p.read_text())["student"] for p in (s.folder / "progress").iterdir()] == ["alice"]
    s.stop()
    s.start()
    assert sorted(_call(s, "GET", "api/progress", token="t-teacher")[1]["students"]) == ["alice"]


# -- the student's kernel: sent on the hub only, caught up after an absence -------------------------


def test_nothing_is_sent_off_the_class_hub(monkeypatch):
    hub = {"CAFE_LIVE_PROGRESS": "1", "CAFE_SERVICE_URL": "http://127.0.0.1:9/services/cafe/",
           "JUPYTERHUB_API_TOKEN": "x"}
    assert live.enabled(hub)
    for missing in hub:
        assert not live.enabled({k: v for k, v in hub.items() if k != missing}), missing
    assert not live.enabled({**hub, "CAFE_LIVE_PROGRESS": "0"})
    assert not live.enabled({**hub, "NBGRADER_EXECUTION": "autograde"})


def test_a_kernel_sends_each_outcome_and_catches_up_after_the_service_was_away(running, tmp_path, monkeypatch):
    """A student works on while the service is down (restarting): each outcome is kept in the
    progress file and in the kernel's queue, and arrives once the service answers again; a new
    kernel sends the whole file once."""
    from cafe_widget.teach import predict
    from cafe_widget.teach.ladder import TRIES

    s = running
    monkeypatch.setenv("CAFE_WIDGET_PROGRESS", str(tmp_path / "alice.json"))
    monkeypatch.setenv("CAFE_LIVE_PROGRESS", "1")
    monkeypatch.setenv("CAFE_SERVICE_URL", s.url)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-alice")
    TRIES._reset_for_tests()
    live.forget()
    monkeypatch.setattr(live, "FIRST_WAIT", 0.1)
    try:
        assert predict(3, 4, exercise="1.1").right is False          # a nudge
        sender = live.sender()
        sender.first_wait = 0.1
        assert sender.flush(5)
        row = _call(s, "GET", "api/progress/students/alice")[1]["exercises"]
        assert (row["1.1"]["state"], row["1.1"]["tries"]) == ("tried", 1)
        s.stop()                                                       # the service is away
        assert predict(4, 4, exercise="1.1").right                    # solved after the nudge
        predict(1, 2, exercise="1.2")
        time.sleep(0.5)
        assert sorted(sender.pending) == ["1.1", "1.2"] and sender.failures >= 1
        s.start()                                                      # back: the queue goes out
        assert sender.flush(10)
        row = _call(s, "GET", "api/progress/students/alice")[1]["exercises"]
        assert {ex: (e["state"], e["tries"]) for ex, e in row.items()} == {"1.1": ("solved", 2), "1.2": ("tried", 1)}
        # a new kernel sends the file once: the service, erased meanwhile, has it all again
        assert _call(s, "POST", "api/progress/erase", {"student": "alice"}, "t-teacher")[0] == 200
        live.forget()
        live.recorded_before(lambda: json.loads((tmp_path / "alice.json").read_text())["exercises"])
        live.sender().first_wait = 0.1
        assert live.sender().flush(10)
        row = _call(s, "GET", "api/progress/students/alice")[1]["exercises"]
        assert {ex: (e["state"], e["tries"]) for ex, e in row.items()} == {"1.1": ("solved", 2), "1.2": ("tried", 1)}
    finally:
        live.forget()
        TRIES._reset_for_tests()


# -- the teacher's notebook: the dashboard, the export, erasing -------------------------------------


def _until(condition, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end and not condition():
        time.sleep(0.01)
    return condition()


def test_the_teachers_dashboard_follows_each_outcome_and_a_student_gets_none(running, tmp_path, capsys, monkeypatch):
    from cafe_widget.classroom import class_progress, dashboard, erase_progress, export_progress

    s = running
    board = dashboard(url=s.url, token="t-teacher", notebook="04")
    try:
        assert _until(lambda: board.connected)
        assert "No student has sent an outcome yet" in board.table.value
        sent = time.time()
        assert _call(s, "POST", "api/progress", {"outcomes": [_outcome("4.2", "tried", 2)]}, "t-bob")[0] == 200
        assert _until(lambda: any(who == "bob" for _, who in board.arrived), 1.0)
        assert board.arrived[-1][0] - sent < 1.0
        assert 'data-student="bob" data-exercise="4.2" data-state="stuck"' in board.table.value
        assert "Most stuck: exercise 4.2 (1 student)" in board.table.value
        board.menu.value = "01"                                  # another notebook: 4.2 is not shown
        assert 'data-exercise="4.2"' not in board.table.value and 'data-exercise="1.4"' in board.table.value
        assert str(board).splitlines()[:2] == ["The class, live — Notebook 01", "1 student · No one is stuck."]
    finally:
        board.stop()
    assert str(class_progress(url=s.url, token="t-teacher")).splitlines()[1] == \
        "1 student · Most stuck: exercise 4.2 (1 student)"
    capsys.readouterr()
    assert dashboard(url=s.url, token="t-bob") is None and class_progress(url=s.url, token="t-bob") is None
    assert export_progress(tmp_path / "c.csv", url=s.url, token="t-bob") is None
    assert erase_progress(sure=True, url=s.url, token="t-bob") is None
    said = capsys.readouterr().out.splitlines()
    assert len(said) == 4 and all(line.startswith("Only a teacher of the class sees") for line in said), said
    assert not (tmp_path / "c.csv").exists()
    assert erase_progress("bob", url=s.url, token="t-teacher") is None       # asked first: nothing erased
    assert "erase_progress('bob', sure=True)" in capsys.readouterr().out
    assert export_progress(tmp_path / "c.csv", url=s.url, token="t-teacher") == tmp_path / "c.csv"
    assert (tmp_path / "c.csv").read_text().count("\n") == 2
    assert erase_progress("bob", sure=True, url=s.url, token="t-teacher", lang="fr") == 1
    assert capsys.readouterr().out.splitlines()[-1] == "Oublié : ce que 1 élève a envoyé à la vue en direct."
    monkeypatch.delenv("CAFE_SERVICE_URL", raising=False)
    assert dashboard() is None
    assert capsys.readouterr().out.startswith("No class service here")


def test_the_sender_sends_only_what_the_service_keeps_and_takes_no_redirect_for_an_answer(running):
    import http.server
    import threading

    s = running
    sender = live.Sender(s.url, "t-ana")
    sender.add("bonus", {"state": "solved", "tries": 1})           # a teacher's own exercise: the file keeps it
    sender.add("99.1", {"state": "solved", "tries": 1})
    sender.add("4.1", {"state": "won", "tries": 1})
    assert sender.pending == {}
    sender.add("4.1", {"state": "tried", "tries": 1, "at": time.time()})
    assert sender.flush(5) and sender.sent == 1

    class Login(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:9/hub/login")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Login)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        away = live.Sender(f"http://127.0.0.1:{server.server_port}/services/cafe/", "t-ana")
        assert away._post([{"exercise": "4.1", "state": "tried", "tries": 1, "at": time.time()}]) is False
    finally:
        server.shutdown()


def test_a_teacher_who_no_longer_teaches_loses_the_class_at_the_next_check(running):
    """The hub changed its mind (an admin no more, out of the teachers' group): the socket the
    teacher's dashboard held is closed at the service's next check, and nothing more reaches it."""
    s = running
    from cafe_widget.service.rooms import Person

    async def lesson():
        watch = await _watch(s)
        await watch.read_message()

        async def demoted(handler):
            person = await identify(handler)
            return None if person is None else Person(person.name, False)

        done = asyncio.Event()
        results = {}

        def swap_and_check():
            s.service.identify = demoted
            task = asyncio.ensure_future(s.service.progress.recheck())
            task.add_done_callback(lambda t: (results.setdefault("closed", t.result()), loop.call_soon_threadsafe(done.set)))

        loop = asyncio.get_running_loop()
        s.loop.call_soon_threadsafe(swap_and_check)
        await asyncio.wait_for(done.wait(), 5)
        await asyncio.to_thread(_call, s, "POST", "api/progress", {"outcomes": [_outcome("1.1", "tried", 1)]}, "t-bob")
        after = await asyncio.wait_for(watch.read_message(), 5)
        return results["closed"], after, watch.close_code

    closed, after, code = asyncio.run(lesson())
    assert (closed, after, code) == (1, None, 4403)
