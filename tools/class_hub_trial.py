"""A class tried on a real hub as a class would: three students in three browsers (each
logged in through the hub's login page, their own server and kernel) play a whole card game by
clicks on their canvases, then a whole board game with a computer (their lines typed in the
widget's box); the teacher's screen in a fourth browser. Mid-game the game service is killed;
the hub starts it again. Prints the counts, checks every frame each student's page received for
another player's hand, and writes a screenshot of each page after each game to test-artifacts/.

    python tools/class_hub_trial.py        # as root; about 5 minutes
"""

import json
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "hub")]

from browsers import Browsers  # noqa: E402
from hub_harness import Hub  # noqa: E402

from cafe_widget.engine import BoardGame, Game  # noqa: E402

STUDENTS = ["alice", "bob", "carol"]


def play(hub, name, game, seats, cls, kill_at):
    t = time.monotonic()
    hub.kernels["teacher"].run(f"cafe_widget.classroom.open_table({name!r}, game={game!r}, seats={seats!r}, seed=26)")
    cells = {u: [f"import cafe_widget\nw = cafe_widget.join({name!r})\nw"] for u in STUDENTS}
    cells["teacher"] = [f"import cafe_widget\nw = cafe_widget.screen({name!r})\nw"]
    steps = stuck = in_a_row = 0
    killed = False
    with Browsers(hub, cells, f"{name}.ipynb") as b:
        print(f"{name}: four browsers logged in and at the table in {time.monotonic() - t:.0f} s", flush=True)
        while steps < 2000:
            states = {u: b.state(u) for u in STUDENTS}
            if all(s["over"] for s in states.values()):
                break
            movers = [u for u, s in states.items() if s["to_move"] == s["player"] and not s["over"]]
            if not movers:
                time.sleep(0.2)       # a computer's turn, paced by the service
                continue
            if b.step(movers[0]):
                steps, in_a_row = steps + 1, 0
            else:
                stuck, in_a_row = stuck + 1, in_a_row + 1
                if in_a_row == 20:
                    b.screenshot(movers[0], f"trial-{name}-stuck.png")
                    print(f"{name}: {movers[0]} could not move 20 times in a row: {states[movers[0]]['status']!r}")
                    break
            if steps == kill_at and not killed:
                pid = hub.service_pid()
                os.kill(pid, signal.SIGKILL)
                killed = True
                print(f"{name}: the service killed at step {steps}", flush=True)
        for u in cells:
            b.screenshot(u, f"trial-{name}-{u}.png")
        save = json.loads(hub.kernels["teacher"].run(f"print(cafe_widget.classroom.save_table({name!r}))"))
        real = cls.from_json(json.dumps(save["save"]))
        positions = [e.before for e in real.log] + [real.state]
        leaks = {u: b.hands_seen(u, positions, i) for i, u in enumerate(STUDENTS)} if cls is Game else {}
        screen = b.state("teacher")
        print(f"{name}: {steps} steps by the students ({stuck} that moved nothing), {len(real.log)} actions, "
              f"over: {real.is_over} ({real.over_reason}), scores {real.scores}; the screen shows "
              f"{screen['log']} actions: {screen['status'][:100]!r}")
        print(f"{name}: frames per page {[len(b.frames[u]) for u in cells]}, requests to another host "
              f"{len(b.blocked)}, another's hand in a frame: {sum(len(v) for v in leaks.values())}", flush=True)
        return real.is_over


def main() -> int:
    if os.geteuid() != 0:
        sys.exit("as root: each student's server runs as that student")
    folder = Path("/tmp") / f"cafe-hub-trial-{os.getpid()}"
    with Hub(folder, teachers=["teacher"], students=STUDENTS, pace=0.3) as hub:
        hub.tokens = hub.start_servers(["teacher", *STUDENTS])
        hub.kernels = {"teacher": hub.kernel("teacher", hub.tokens["teacher"])}
        hub.kernels["teacher"].run("import cafe_widget")
        ok = play(hub, "3B", "card", STUDENTS, Game, kill_at=40)
        ok &= play(hub, "4A", "board", [*STUDENTS, "greedy"], BoardGame, kill_at=15)
        print("the service restarted by the hub:", (folder / "hub.log").read_text().count("Service cafe exited"), "times")
        hub.kernels["teacher"].close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
