"""The class, live, tried as a class would on ``make hub``: three students in three browsers work
through notebook 4 (its two exercises, with wrong answers, the nudge, the hint, an answer shown),
cell after cell with Shift+Enter in their own JupyterLab; the teacher watches the service's page
for the projector in a fourth browser, and the dashboard in their own notebook in a fifth.
Prints, for every check a student ran, the time from the student's Shift+Enter on the check's
cell to the projector's table showing its outcome (the check runs, the kernel sends, the service
keeps it, the page's waiting request answers, the table is drawn); writes screenshots of the projector mid-lesson and at
the end, and of the teacher's notebook, to test-artifacts/.

    python tools/class_live_trial.py        # as root; starts make hub (users cafe-…), about 2 minutes

A new school year first: the trial removes what an earlier trial left (the students' progress
files, the service's progress rows) before the hub starts.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "hub")]

import harness  # noqa: E402
from browsers import log_in  # noqa: E402

from cafe_widget import Cafe  # noqa: E402

HUB = "http://127.0.0.1:8000"
PASSWORD = "cafe-class"
TEACHER = "cafe-teacher"
EXERCISES = {"4.1": ("DE GB IT CN CF | d1:GBf c2:GBm d3:GBf | FR", "GBm@e2"),
             "4.2": ("DE GB IT CN CF | b1:DEf c2:ITm", "ITf@b3")}
RIGHT = {ex: Cafe.parse(cafe).play(move).points for ex, (cafe, move) in EXERCISES.items()}
#: Each student's answers, round by round (None: nothing this round): what the projector should show after.
PLAN = {
    "cafe-alice": [("4.1", RIGHT["4.1"]), ("4.2", 3), ("4.2", RIGHT["4.2"]), None],
    "cafe-bob": [("4.1", 2), ("4.1", 12), ("4.1", RIGHT["4.1"]), ("4.2", 1)],
    "cafe-carol": [("4.1", 5), ("4.1", RIGHT["4.1"]), ("4.2", 1), ("4.2", 2)],
}
EXPECTED = {"cafe-alice": {"4.1": "first", "4.2": "nudge"}, "cafe-bob": {"4.1": "hint", "4.2": "trying"},
            "cafe-carol": {"4.1": "nudge", "4.2": "stuck"}}


def lesson_notebook(answers) -> dict:
    """Notebook 4 as the student works through it: its cells, each exercise's check cell once for
    every answer the student gives (running a check again with a new answer is the next try)."""
    nb = json.loads((ROOT / "notebooks" / "04_scoring.ipynb").read_text(encoding="utf-8"))
    cells = []
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        exercise = next((ex for ex in EXERCISES if f'exercise="{ex}"' in text), None)
        if cell["cell_type"] == "code" and exercise is not None:
            for ex, value in (a for a in answers if a):
                if ex == exercise:
                    cells.append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": text.replace("answer = ...", f"answer = {value}", 1)})
        else:
            cells.append({**cell, **({"outputs": [], "execution_count": None} if cell["cell_type"] == "code" else {})})
    nb["cells"] = cells
    return nb


def put(page, user: str, name: str, nb: dict) -> None:
    """The notebook into the user's home, through their own server (their cookie, its XSRF)."""
    status = page.evaluate("""async ([url, body]) => {
        const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || "";
        const answer = await fetch(url, {method: "PUT", headers: {"X-XSRFToken": decodeURIComponent(xsrf),
                                          "Content-Type": "application/json"}, body: body});
        return answer.status; }""", [f"{HUB}/user/{user}/api/contents/{name}",
                                     json.dumps({"type": "notebook", "format": "json", "content": nb})])
    assert status in (200, 201), status


def open_notebook(page, user: str, name: str):
    page.goto(f"{HUB}/user/{user}/lab/tree/{name}")
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
    page.get_by_text("| Idle").first.wait_for(timeout=90_000)      # the status bar: the kernel is ready
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.keyboard.press("Escape")


def run_until_check(page, done: int) -> tuple[int, float]:
    """Shift+Enter, cell after cell, until a check cell (one with ``exercise=``) has run: the
    number of cells run so far, and when the check's own Shift+Enter was pressed (the cells
    before it waited for: the kernel idle again)."""
    cells = page.locator(".jp-Notebook .jp-Cell")
    while done < cells.count():
        text = cells.nth(done).inner_text()
        if "exercise=" in text:
            page.get_by_text("| Idle").first.wait_for(timeout=60_000)
            time.sleep(0.3)             # the status bar says idle a little after the last cell
            pressed = time.monotonic()
            page.keyboard.press("Shift+Enter")
            return done + 1, pressed
        page.keyboard.press("Shift+Enter")
        done += 1
        time.sleep(0.05)
    return done, time.monotonic()


def main() -> int:
    if os.geteuid() != 0:
        print("as root: make hub makes users and starts their servers as them")
        return 1
    for user in ["cafe-alice", "cafe-bob", "cafe-carol", TEACHER]:     # a new school year
        try:
            home = Path(pwd.getpwnam(user).pw_dir)
        except KeyError:
            continue
        subprocess.run(["pkill", "-KILL", "-u", user], check=False)
        for path in (home / ".local" / "share" / "cafe_widget", home / "lesson-04.ipynb", home / "live.ipynb"):
            shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    shutil.rmtree(ROOT / ".hub" / "tables" / "progress", ignore_errors=True)
    log = open(ROOT / "test-artifacts" / "class-live-trial-hub.log", "w")
    hub = subprocess.Popen(["make", "hub"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    browser = None
    try:
        end = time.monotonic() + 600
        while time.monotonic() < end:
            try:
                urllib.request.urlopen(f"{HUB}/services/cafe/", timeout=2)
                break
            except Exception:  # noqa: BLE001 - not up yet
                if hub.poll() is not None:
                    raise SystemExit(f"make hub stopped: see {log.name}")
                time.sleep(1)
        print("make hub: up", flush=True)
        browser = harness.chromium()
        pages = {u: log_in(browser, HUB, u, PASSWORD, "/hub/spawn") for u in [TEACHER, *PLAN]}
        for page in pages.values():        # each one's own server started, JupyterLab open (its XSRF cookie)
            page.locator(".jp-LabShell").wait_for(timeout=120_000)
        teacher_nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                 "source": "from cafe_widget.classroom import dashboard\ndashboard(notebook='04')"}],
                      "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                      "nbformat": 4, "nbformat_minor": 5}
        put(pages[TEACHER], TEACHER, "live.ipynb", teacher_nb)
        for user, answers in PLAN.items():
            put(pages[user], user, "lesson-04.ipynb", lesson_notebook(answers))
            open_notebook(pages[user], user, "lesson-04.ipynb")
        open_notebook(pages[TEACHER], TEACHER, "live.ipynb")
        pages[TEACHER].keyboard.press("Shift+Enter")
        pages[TEACHER].locator("table.cw-table").wait_for(timeout=60_000)
        projector = log_in(browser, HUB, TEACHER, PASSWORD)
        projector.goto(f"{HUB}/services/cafe/progress/?notebook=04")
        projector.locator("table.cw-table").wait_for()
        print("the teacher's page for the projector and dashboard: open", flush=True)

        done = {u: 0 for u in PLAN}
        delays = []
        for round_ in range(4):
            for user, answers in PLAN.items():
                answer = answers[round_]
                if answer is None:
                    continue
                exercise = answer[0]
                cell = projector.locator(f'td[data-student="{user}"][data-exercise="{exercise}"]')

                def shown():        # what the projector shows of this student's exercise (None: no row yet)
                    return projector.evaluate(
                        "(selector) => { const td = document.querySelector(selector);"
                        " return td ? td.dataset.state + ' ' + td.textContent : null; }",
                        f'td[data-student="{user}"][data-exercise="{exercise}"]')

                before = shown()
                done[user], started = run_until_check(pages[user], done[user])
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline and shown() == before:
                    time.sleep(0.01)
                delays.append(time.monotonic() - started)
                print(f"  {user} answers {answer[1]} to {exercise}: the projector shows "
                      f"{cell.get_attribute('data-state')} ({cell.inner_text()}) after {delays[-1] * 1000:.0f} ms",
                      flush=True)
            if round_ == 1:
                projector.screenshot(path=str(harness.artifact_path("class-live-trial-mid-lesson.png")))
                print("  mid-lesson: " + projector.locator(".cw-headline").inner_text(), flush=True)
        states = {u: {ex: projector.locator(f'td[data-student="{u}"][data-exercise="{ex}"]').get_attribute("data-state")
                      for ex in EXERCISES} for u in PLAN}
        projector.screenshot(path=str(harness.artifact_path("class-live-trial-end.png")))
        pages[TEACHER].screenshot(path=str(harness.artifact_path("class-live-trial-teacher-notebook.png")))
        pages["cafe-bob"].screenshot(path=str(harness.artifact_path("class-live-trial-bob.png")))
        print("at the end: " + projector.locator(".cw-headline").inner_text())
        print(f"from a student's Shift+Enter on a check to the projector: median {statistics.median(delays) * 1000:.0f} ms, "
              f"worst {max(delays) * 1000:.0f} ms, over {len(delays)} checks")
        print("as expected" if states == EXPECTED else f"NOT as expected: {states}")
        return 0 if states == EXPECTED else 1
    finally:
        if browser is not None:
            harness.release_chromium()
        os.killpg(hub.pid, signal.SIGTERM)
        try:
            hub.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
        subprocess.run(["pkill", "-f", "configurable-http-proxy .*--port 8000"], check=False)
        subprocess.run(["pkill", "-f", f"cafe_widget.service --data {ROOT / '.hub' / 'tables'}"], check=False)
        for user in [TEACHER, *PLAN]:
            subprocess.run(["pkill", "-KILL", "-u", user], check=False)
        log.close()


if __name__ == "__main__":
    sys.exit(main())
