"""A school standing up its class hub from the guide alone, as a teacher would do it on `make hub` (run as root, the hub already
started by `make hub` on http://127.0.0.1:8000):

    python tools/hub_walkthrough.py [--password cafe-class]

Three people log in through the hub's login page (the teacher and two students); every command
is typed in the hub's own terminal (File → New → Terminal, over the terminal's WebSocket as
JupyterLab sends it) exactly as the teacher's guide prints it: a table opened and played by the
two students, the graded course made, an assignment released, fetched, submitted, collected,
autograded, given feedback, the feedback fetched, the grades exported. It prints what each
terminal answered and the time each step took; it stops at the first step that fails."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "tests" / "hub"), str(HERE.parent / "tests" / "browser")]

URL = "http://127.0.0.1:8000"
TEACHER, STUDENTS = "cafe-teacher", ["cafe-alice", "cafe-bob"]


def login(browser, user: str, password: str) -> str:
    """``user`` logs in through the hub's page (their server starts); a token of theirs, made by
    their browser session as the hub's token page makes one."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{URL}/hub/login")
    page.fill("#username_input", user)
    page.fill("#password_input", password)
    page.click("#login_submit")
    page.wait_for_url("**/lab**", timeout=120_000)
    page.goto(f"{URL}/hub/token")            # the hub's token page, as a person asks for a token
    page.fill("#token-note", "walk-through")
    page.click("#request-token-form button[type=submit]")
    page.wait_for_selector("#token-result", state="visible", timeout=30_000)
    token = page.inner_text("#token-result").strip()
    page.close()
    return token


class Terminal:
    """One terminal of ``user``'s server, kept open: ``type(line)`` → what it printed."""

    def __init__(self, user: str, token: str):
        from websockets.sync.client import connect

        request = urllib.request.Request(f"{URL}/user/{user}/api/terminals", method="POST", data=b"{}",
                                         headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            name = json.loads(answer.read())["name"]
        self.user = user
        self.ws = connect(f"ws://127.0.0.1:8000/user/{user}/terminals/websocket/{name}",
                          additional_headers={"Authorization": f"token {token}"}, open_timeout=30).__enter__()
        self.type("stty -echo; PS1='$ '", quiet=True)

    def type(self, line: str, timeout: float = 600, quiet: bool = False) -> str:
        mark = f"DONE{time.monotonic_ns()}"
        self.ws.send(json.dumps(["stdin", f"{line}; echo {mark} $?\r"]))
        out, end, done = "", time.monotonic() + timeout, None
        while done is None:
            kind, *text = json.loads(self.ws.recv(timeout=max(0.1, end - time.monotonic())))
            if kind == "stdout":
                out += "".join(text)
                done = re.search(rf"{mark} (\d+)", out)
        said, status = out[:done.start()], int(done.group(1))
        said = said.split(f"echo {mark} $?", 1)[-1]       # the line itself, when the terminal echoes it
        if not quiet:
            print(f"[{self.user}]$ {line}\n{said.strip()}\n(exit {status})\n", flush=True)
        if status != 0:
            raise SystemExit(f"{self.user}: '{line}' failed ({status})")
        return said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--password", default="cafe-class")
    args = parser.parse_args()
    import harness
    from hub_harness import Kernel
    from playwright.sync_api import sync_playwright

    timings = {}

    def step(name, started):
        timings[name] = round(time.monotonic() - started, 1)

    t = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=harness.CHROMIUM, headless=True, args=harness.CHROMIUM_ARGS)
        tokens = {u: login(browser, u, args.password) for u in [TEACHER, *STUDENTS]}
        browser.close()
    step("three people log in, their servers started", t)
    term = {u: Terminal(u, tok) for u, tok in tokens.items()}
    teacher = term[TEACHER]

    t = time.monotonic()
    teacher.type("which python nbgrader")
    teacher.type(f"python -m cafe_widget.classroom open-table 3B --seats {' '.join(STUDENTS)} computer")
    teacher.type("python -m cafe_widget.classroom tables")
    sys.path.insert(0, str(HERE.parent / "tests" / "hub"))
    import test_hub     # the students' kernels: the seat joined as the guide says, played to the end

    kernels = {}
    for u in STUDENTS:
        request = urllib.request.Request(f"{URL}/user/{u}/api/kernels", method="POST", data=b"{}",
                                         headers={"Authorization": f"token {tokens[u]}"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            kid = json.loads(answer.read())["id"]
        kernels[u] = Kernel(f"ws://127.0.0.1:8000/user/{u}/api/kernels/{kid}/channels", tokens[u], u)
        kernels[u].run(test_hub.SETUP + "\n" + test_hub.DRIVE)
        print(f"[{u}] w = cafe_widget.join('3B'):", kernels[u].run("w = cafe_widget.join('3B'); print(w.status)").strip())
    running = {u: kernels[u].start("print(json.dumps(drive(w, Game, 300)))") for u in STUDENTS}
    results = {u: json.loads(kernels[u].wait(running[u], 320).strip().splitlines()[-1]) for u in STUDENTS}
    for u, r in results.items():
        print(f"[{u}] the game: over {r['over']}, scores {r['scores']}, my moves {r['moves']}, other hands seen {r['bad']}")
        assert r["over"] and not r["bad"], r
    teacher.type("python -m cafe_widget.classroom tables")
    teacher.type("python -m cafe_widget.classroom close-table 3B > 3B-save.json && head -c 200 3B-save.json && echo")
    step("a table opened, played to the end by two students and a computer, closed", t)

    t = time.monotonic()
    teacher.type("python -m cafe_widget.classroom make-course ~/cafe_course")
    teacher.type("cd ~/cafe_course")
    teacher.type('nbgrader generate_assignment "*"')
    teacher.type("nbgrader release_assignment 01_the_cafe")
    step("the course made, generated, 01 released", t)

    t = time.monotonic()
    for u in STUDENTS:
        term[u].type("nbgrader list")
        term[u].type("nbgrader fetch_assignment 01_the_cafe")
    # the teacher's answer of exercise 1.1 (chapter 2 of the guide has it); alice writes it in her
    # answer cell, as she would type it there
    right = teacher.type("grep -o 'answer = [0-9][0-9, ]*' source/01_the_cafe/01_the_cafe.ipynb | head -1").strip()
    right = right.splitlines()[-1].strip()
    term["cafe-alice"].type(
        "python -c \"import json,pathlib; p=pathlib.Path('01_the_cafe/01_the_cafe.ipynb'); nb=json.loads(p.read_text()); "
        "cell=next(c for c in nb['cells'] if c.get('metadata',{}).get('nbgrader',{}).get('solution')); "
        f"cell['source']='{right}'; p.write_text(json.dumps(nb))\"")
    for u in STUDENTS:
        term[u].type("nbgrader submit 01_the_cafe")
    step("two students fetch and submit", t)

    t = time.monotonic()
    teacher.type("nbgrader collect 01_the_cafe")
    teacher.type("nbgrader autograde 01_the_cafe")
    teacher.type("nbgrader generate_feedback 01_the_cafe")
    teacher.type("nbgrader release_feedback 01_the_cafe")
    teacher.type("nbgrader export && cat grades.csv")
    step("collected, autograded, feedback released, exported", t)
    t = time.monotonic()
    for u in STUDENTS:
        term[u].type("nbgrader fetch_feedback 01_the_cafe && ls 01_the_cafe/feedback/*/")
    step("feedback fetched", t)

    request = urllib.request.Request(f"{URL}/user/{TEACHER}/formgrader/manage_assignments",
                                     headers={"Authorization": f"token {tokens[TEACHER]}"})
    page = urllib.request.urlopen(request, timeout=60).read().decode()
    print("formgrader: the course's grading configuration:", "PlainAnswers" in page and "IsolatedExecute" in page)
    print("\nTIMINGS (s):", json.dumps(timings, indent=1))
    for k in kernels.values():
        k.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
