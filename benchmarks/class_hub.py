"""A class on a real JupyterHub, measured: 30 students (10 tables of 3) on this machine.

    python benchmarks/class_hub.py [--students 30] [--per-table 3] [--rounds 12] [--stagger 0 0.1]   (as root)

Starts a hub as tests/hub does (LocalProcessSpawner, system users stu01…, the game service as
the hub starts it), a server and a kernel for every student, each kernel at its seat
(``cafe_widget.join``). Then, round after round, at every table the student to move makes one
move in their kernel (a card, End turn, or Draw): every table in the same instant (``--stagger
0``, the worst a class can do), then the tables 0.1 s apart (a busy class). Prints, for each:

- the time from that move (the kernel's ``w.command``) to the last of the other seats' kernels
  having drawn it (their widget redrawn from the service's message): median, 90th percentile,
  worst, over every move;
and once:

- the memory of a student (their server and their kernel, RSS), median and worst;
- the service's CPU: seconds per move, and its share of one core during the rounds;
- the hub's and the proxy's memory.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "hub")]

from hub_harness import Hub  # noqa: E402

SETUP = '''
import json, threading, time, cafe_widget
w = cafe_widget.join({name!r})
drawn = []
def _drawn(game, meta, _shown=w.remote_arrived):
    _shown(game, meta)
    drawn.append((meta["seq"], time.time(), threading.current_thread().name))
w.remote_arrived = _drawn
print(w.player)
'''

MOVE = '''
link = w._link
g = w.state.game        # as the thread last drew it: a student's click asks the service nothing first
out = None
if not g.is_over and g.to_move == w.player:
    # one click's worth: a card (the best turn's next one), End turn when it may end, or Draw
    best = g.best_turn()
    placed = len(g.turn.cards) if g.turn else 0
    if g.turn is not None and g.explain_end_turn() is None:
        action = "end"
    elif best is not None and len(best.cards) > placed:
        card = best.cards[placed]
        action = f"{card.guest}@{card.seat}"
    else:
        action = "draw"
    t0 = time.time()
    w.command(action)
    out = [t0, link.seq, w.refused, time.time() - t0, action]
print(json.dumps(out))
'''


def rss_mb(pids) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            pass
    return total / 1024


def user_pids(user: str) -> list[int]:
    out = subprocess.run(["pgrep", "-u", user], capture_output=True, text=True).stdout.split()
    return [int(p) for p in out]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def to_move(folder: Path, table: str) -> int:
    """The player to move at ``table`` (from 0), read from the service's file (the status field)."""
    status = json.loads((folder / "tables" / f"{table}.json").read_text())["save"]["notation"].split(" | ")[-1]
    return next(int(word[3:]) - 1 for word in status.split() if word.startswith("to:"))


def measure(hub, kernels, tables, students, folder, service, rounds: int, stagger: float) -> None:
    """``rounds`` rounds; in each, the student to move at every table makes one move, the tables
    ``stagger`` seconds apart. Prints the figures of the moves."""
    for u in students:
        kernels[u].run("drawn.clear()")
    cpu0, wall0 = cpu_seconds(service), time.monotonic()
    moves = []          # (table, seq, t0, mover)
    for _ in range(rounds):
        # only the student to move at each table runs a cell (as a class: the others wait, their
        # kernels idle); the service's file says who it is
        movers = [people[to_move(folder, f"T{n}")] for n, people in enumerate(tables)]
        running = {}
        for u in movers:
            running[u] = kernels[u].start(MOVE)
            if stagger:
                time.sleep(stagger)
        for n, people in enumerate(tables):
            for u in people:
                if u not in running:
                    continue
                said = json.loads(kernels[u].wait(running[u]).strip().splitlines()[-1])
                if said and not said[2]:
                    moves.append((n, said[1], said[0], u))
        time.sleep(0.3)     # the other seats draw (their kernels are idle now)
    cpu1, wall1 = cpu_seconds(service), time.monotonic()
    drawn = {}
    for u in students:
        drawn[u] = {}
        for seq, at, _ in json.loads(kernels[u].run("print(json.dumps(drawn))")):
            drawn[u].setdefault(seq, at)
    latencies, missing = [], 0
    for n, seq, t0, mover in moves:
        others = [drawn[u].get(seq) for u in tables[n] if u != mover]
        if None in others:
            missing += 1
            continue
        latencies.append(1000 * (max(others) - t0))
    latencies.sort()
    when = "every table in the same instant" if not stagger else f"the tables {stagger:g} s apart"
    print(f"\n{len(students)} students, {len(tables)} tables of {len(tables[0])}, {len(moves)} moves, {when} "
          f"({missing} not seen by every other seat within the round)")
    if latencies:
        print(f"move → every other seat's kernel redrawn: median {statistics.median(latencies):.1f} ms, "
              f"p90 {latencies[int(0.9 * (len(latencies) - 1))]:.1f} ms, worst {latencies[-1]:.1f} ms")
    print(f"the game service: {1000 * (cpu1 - cpu0) / max(1, len(moves)):.1f} ms CPU a move, "
          f"{100 * (cpu1 - cpu0) / (wall1 - wall0):.1f} % of one core during the rounds")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--per-table", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--stagger", type=float, nargs="+", default=[0.0, 0.1],
                        help="seconds between two tables' moves in a round, each a run of --rounds "
                             "(0: every table moves in the same instant, the worst case)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("as root: each student's server runs as that student")
    students = [f"stu{i:02d}" for i in range(1, args.students + 1)]
    tables = [students[i:i + args.per_table] for i in range(0, len(students), args.per_table)]
    folder = Path("/tmp") / f"cafe-hub-bench-{os.getpid()}"
    with Hub(folder, teachers=["teacher"], students=students) as hub:
        t = time.monotonic()
        tokens = hub.start_servers(["teacher"] + students, timeout=600)
        print(f"{len(students) + 1} servers started in {time.monotonic() - t:.0f} s", flush=True)
        kernels = {u: hub.kernel(u, tokens[u]) for u in ["teacher"] + students}
        for k in kernels.values():
            k.run("import cafe_widget")
        print(f"…and their kernels in {time.monotonic() - t:.0f} s", flush=True)
        for n, people in enumerate(tables):
            kernels["teacher"].run(f"cafe_widget.classroom.open_table('T{n}', seats={people!r}, seed={n})")
            for u in people:
                kernels[u].run(SETUP.format(name=f"T{n}"))
        service = hub.service_pid()
        for stagger in args.stagger:
            measure(hub, kernels, tables, students, folder, service, args.rounds, stagger)
        memory = [rss_mb(user_pids(u)) for u in students]
        hub_rss = rss_mb([hub.proc.pid])
        proxy = subprocess.run(["pgrep", "-f", "configurable-http-proxy"], capture_output=True, text=True).stdout.split()
        print()
        print(f"a student (server + kernel, RSS): median {statistics.median(memory):.0f} MB, worst {max(memory):.0f} MB")
        print(f"the game service: RSS {rss_mb([service]):.0f} MB")
        print(f"the hub: RSS {hub_rss:.0f} MB; the proxy: RSS {rss_mb(int(p) for p in proxy):.0f} MB")
        for k in kernels.values():
            k.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
