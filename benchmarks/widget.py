"""Benchmarks of the café widget.

Kernel side (always): the time to handle a click that places a card (hit test, engine,
scene, drawing commands, message), what one click sends to the front end (the drawing message
and the widgets' state updates, in bytes), and a fresh Python's import and first widget (the
kernel's share of Run All).
Browser side (``--browser``, needs Debian's chromium and the test extra): in one JupyterLab and
one headless Chromium, on localhost, the time from a mouse click to the new pixels on screen
for a bare ipycanvas canvas (the floor), an isolated seat click and a card-then-seat click by
mouse, and Run All on a fresh notebook until the café is drawn; see
``benchmarks/widget_browser.py`` for what each figure measures and the aims.

    python benchmarks/widget.py [--browser] [--quick]

``--quick`` runs fewer clicks. Figures are printed (median, worst); nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import comm  # noqa: E402

from cafe_widget import CafeWidget, Game  # noqa: E402

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"


def figures(samples_ms: list[float]) -> str:
    return (f"median {statistics.median(samples_ms):7.2f} ms   worst {max(samples_ms):7.2f} ms"
            f"   ({len(samples_ms)} clicks)")


class Wire:
    """Counts what the widget sends to the front end: every comm message (the kernel's comm
    is a dummy here), ipycanvas drawing ("custom") and widget state updates ("update") alike.
    Messages are kept and measured only in :meth:`take`, outside the timed clicks."""

    def __init__(self):
        self.sent: list = []
        wire = self

        def publish_msg(comm_self, msg_type, data=None, metadata=None, buffers=None, **keys):
            wire.sent.append((data, buffers))

        comm.DummyComm.publish_msg = publish_msg

    def take(self) -> list[tuple[str, int]]:
        """(method, bytes) of each message since the last take: JSON content plus buffers."""
        out = [((data or {}).get("method", "?"),
                len(json.dumps(data)) + sum(len(bytes(b)) for b in buffers or ()))
               for data, buffers in self.sent]
        self.sent = []
        return out


def drawing(messages) -> tuple[int, int]:
    """(drawing messages, their bytes) among (method, bytes) pairs."""
    draws = [b for m, b in messages if m == "custom"]
    return len(draws), sum(draws)


def kernel(rounds: int) -> None:
    wire = Wire()
    print("Kernel side: CafeWidget.click → hit test, engine, scene, drawing commands, one message")

    w = CafeWidget.from_notation(E12)
    first = drawing(wire.take())
    place, per_click = [], []
    for _ in range(rounds):
        w.click(*w.locate("RUf"))
        per_click.append(wire.take())
        t = time.perf_counter()
        w.click(*w.locate("c2"))              # RUf@c2: 8 points, table by table
        place.append((time.perf_counter() - t) * 1000)
        seat_click = wire.take()
        per_click.append(seat_click)
        w.click(*w.locate("undo"))
        per_click.append(wire.take())
    print(f"  sandbox, E12 café, a click placing RUf@c2:   {figures(place)}")

    g = CafeWidget(game=Game.new(players=4, seed=3), players=["human"] + ["computer"] * 3)
    wire.take()
    game_place = []
    for _ in range(rounds):
        legal = g.game.legal_placements()
        if not legal:
            break
        guest, seat = legal[0].split("@")
        g.click(*g.locate(guest))
        wire.take()
        t = time.perf_counter()
        g.click(*g.locate(seat))
        game_place.append((time.perf_counter() - t) * 1000)
        per_click.append(wire.take())
        g.click(*g.locate("undo"))
        wire.take()
    if game_place:
        print(f"  4-player game, a click placing {legal[0]}:  {figures(game_place)}")

    t = time.perf_counter()
    g.click(*g.locate("draw"))                # a draw, then three computer turns
    print(f"  a click on Draw, then 3 computer turns:     {(time.perf_counter() - t) * 1000:7.2f} ms")

    msgs = [drawing(c)[0] for c in per_click]
    sizes = [drawing(c)[1] for c in per_click if drawing(c)[1]]
    print(f"  first full drawing: {first[0]} message, {first[1] / 1024:.1f} KiB")
    print(f"  per click: drawing messages median {statistics.median(msgs):.0f}, most {max(msgs)}; "
          f"bytes median {statistics.median(sizes) / 1024:.1f} KiB, most {max(sizes) / 1024:.1f} KiB")
    n_draw, draw_bytes = drawing(seat_click)
    state = [b for m, b in seat_click if m != "custom"]
    print(f"  one seat click (RUf@c2) sends {len(seat_click)} messages, "
          f"{sum(b for _, b in seat_click) / 1024:.1f} KiB: {n_draw} drawing message of "
          f"{draw_bytes / 1024:.1f} KiB and {len(state)} widget state updates of {sum(state)} bytes "
          f"(notation box, screen-reader status)")


def fresh_import(runs: int = 3) -> None:
    """A new Python: import the package and build the E12 widget (the kernel's part of Run All,
    without the kernel's own start)."""
    code = ("import time; t = time.perf_counter(); from cafe_widget import CafeWidget; "
            "i = time.perf_counter(); CafeWidget.from_notation(%r); e = time.perf_counter(); "
            "print((i - t) * 1000, (e - i) * 1000)" % E12)
    imports, builds = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        i, b = map(float, out.stdout.split())
        imports.append(i)
        builds.append(b)
    print(f"  a fresh Python: import cafe_widget {statistics.median(imports):6.0f} ms, "
          f"build the E12 widget {statistics.median(builds):5.0f} ms   (median of {runs})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browser", action="store_true", help="also measure click-to-pixels in Chromium")
    parser.add_argument("--quick", action="store_true", help="fewer clicks and Run Alls")
    args = parser.parse_args()
    print(f"cafe_widget widget benchmarks — {platform.platform()}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs")
    kernel(30 if args.quick else 200)
    fresh_import()
    if args.browser:
        print("Browser side: JupyterLab + headless Chromium on localhost (benchmarks/widget_browser.py)")
        from widget_browser import main as browser_main  # noqa: E402

        browser_main(["--clicks", "10", "--runs", "3"] if args.quick else ["--clicks", "20", "--runs", "5"])


if __name__ == "__main__":
    main()
