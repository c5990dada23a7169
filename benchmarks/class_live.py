"""The class, live, measured: 30 students each recording an outcome every few seconds, one
teacher watching.

    python benchmarks/class_live.py [--students 30] [--every 3] [--seconds 60] [--seed 1] [--screenshot]

The game service runs in a process of its own (the same ``Service`` and routes as on a hub; who
calls is read from a stand-in token, ``t-NAME``, instead of asking a hub). Each student is a
thread with the kernel's own sender (:class:`cafe_widget.teach.live.Sender`) working through the
course: on each exercise a few wrong tries (seeded), then right, or the answer at the third wrong
one; one outcome every ``--every`` seconds (± half, seeded), the students starting apart. The
teacher's dashboard (:class:`cafe_widget.classroom.progress.live.Dashboard`, its WebSocket and
its table redrawn at each row) listens.

Prints the delay from an outcome recorded in a student's kernel to the teacher's table redrawn
with it (median, 90th percentile, worst), the outcomes per second, and the service's CPU (its
share of one core, and milliseconds per outcome). ``--screenshot`` writes the service's page for
the projector at the end, as a teacher's browser shows it (test-artifacts/class-live-30.png).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SERVICE = '''
import asyncio, sys
from tornado.httpserver import HTTPServer
from cafe_widget.service.app import Service, make_app
from cafe_widget.service.bodies import MAX_BODY
from cafe_widget.service.rooms import Person, Tables

async def identify(handler):
    token = handler.request.headers.get("Authorization", "").partition(" ")[2]
    return Person(token[2:], token[2:] == "teacher") if token.startswith("t-") else None
identify.page = identify

async def main():
    service = Service(Tables(sys.argv[1]), identify, pace=0)
    HTTPServer(make_app(service, "/services/cafe/"), max_body_size=MAX_BODY).listen(int(sys.argv[2]), "127.0.0.1")
    print("ready", flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
'''


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu(pid: int) -> float:
    """The seconds of CPU process ``pid`` has used (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _student(name: str, sender, rng: random.Random, every: float, until: float, sent: dict) -> None:
    from cafe_widget.service.progress import course

    exercises = [ex for exs in course().values() for ex in exs]
    time.sleep(rng.uniform(0, every))
    for exercise in exercises:
        wrong = rng.choice([0, 0, 0, 1, 1, 2, 3])
        for tries in range(1, wrong + 2):
            if time.time() >= until:
                return
            state = "answer" if tries == 4 else "solved" if tries == wrong + 1 else "tried"
            at = time.time()
            sender.add(exercise, {"state": state, "tries": tries, "at": at})
            sent[(name, exercise, state, tries)] = at
            if state != "tried":
                break
            time.sleep(rng.uniform(every / 2, every * 1.5))
        time.sleep(rng.uniform(every / 2, every * 1.5))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--students", type=int, default=30)
    p.add_argument("--every", type=float, default=3.0, help="seconds between a student's outcomes (mean)")
    p.add_argument("--seconds", type=float, default=60.0, help="how long the lesson lasts")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--screenshot", action="store_true")
    args = p.parse_args(argv)

    from cafe_widget.classroom.progress.live import Dashboard
    from cafe_widget.classroom.tables.transport import Connection
    from cafe_widget.teach.live import Sender

    folder = Path(tempfile.mkdtemp(prefix="cafe-live-"))
    port = _free_port()
    service = subprocess.Popen([sys.executable, "-c", SERVICE, str(folder), str(port)], stdout=subprocess.PIPE,
                               text=True, cwd=ROOT)
    try:
        assert service.stdout.readline().strip() == "ready"
        url = f"http://127.0.0.1:{port}/services/cafe/"
        conn = Connection(url, "t-teacher")
        board = Dashboard(conn, conn.request("GET", "api/progress"))
        heard: list[tuple[float, dict]] = []
        drawn = board.draw

        def timed_draw():              # the table redrawn: when, and with which rows
            drawn()
            heard.append((time.time(), board.snapshot.get("students", {})))

        board.draw = timed_draw
        while not board.connected:
            time.sleep(0.01)
        rng = random.Random(args.seed)
        sent: dict = {}
        names = [f"stu{i:02d}" for i in range(1, args.students + 1)]
        senders = {n: Sender(url, f"t-{n}") for n in names}
        cpu0, wall0 = _cpu(service.pid), time.time()
        until = wall0 + args.seconds
        threads = [threading.Thread(target=_student, args=(n, senders[n], random.Random(rng.random()), args.every,
                                                           until, sent), daemon=True) for n in names]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for s in senders.values():
            s.flush(10)
        time.sleep(0.5)
        cpu = _cpu(service.pid) - cpu0
        wall = time.time() - wall0
        delays = []
        for (name, exercise, state, tries), at in sent.items():
            seen = next((when for when, rows in heard
                         if (rows.get(name, {}).get("exercises", {}).get(exercise) or {}).get("tries", 0) >= tries
                         and when >= at), None)
            if seen is not None:
                delays.append(seen - at)
        delays.sort()
        ms = [d * 1000 for d in delays]
        print(f"{args.students} students, an outcome every {args.every:g} s each (± half), {wall:.0f} s: "
              f"{len(sent)} outcomes ({len(sent) / wall:.1f} a second); {len(delays)} seen on the teacher's table")
        print(f"  delay to the teacher's table: median {statistics.median(ms):.1f} ms, "
              f"90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms, worst {ms[-1]:.1f} ms")
        print(f"  the service's CPU: {cpu:.2f} s in {wall:.0f} s ({100 * cpu / wall:.1f} % of one core), "
              f"{1000 * cpu / max(1, len(sent)):.2f} ms an outcome")
        board.stop()
        if args.screenshot:
            sys.path.insert(0, str(ROOT / "tests" / "browser"))
            import harness

            browser = harness.chromium()
            try:
                context = browser.new_context(viewport={"width": 1366, "height": 768},
                                              extra_http_headers={"Authorization": "token t-teacher"})
                page = context.new_page()
                page.goto(url + "progress/")
                path = harness.artifact_path("class-live-30.png")
                page.screenshot(path=str(path))
                print(f"  the page for the projector: {path} "
                      f"({page.evaluate('document.documentElement.scrollWidth')} px wide)")
            finally:
                harness.release_chromium()
    finally:
        service.kill()
        service.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
