"""Benchmarks of the café widget.

Kernel side (always): the time to handle a click that places a card (hit test, engine,
scene, drawing commands, message), and the messages and bytes sent per redraw.
Browser side (``--browser``, needs Debian's chromium and the test extra): the time from a
mouse click in JupyterLab to the new pixels on screen, on localhost.

    python benchmarks/widget.py [--browser] [--quick]

Figures are printed (median, worst); nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import ipycanvas.canvas as ipycanvas_canvas  # noqa: E402

from cafe_widget import CafeWidget, Game  # noqa: E402

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"


def figures(samples_ms: list[float]) -> str:
    return (f"median {statistics.median(samples_ms):7.2f} ms   worst {max(samples_ms):7.2f} ms"
            f"   ({len(samples_ms)} clicks)")


class Wire:
    """Counts what the widget sends to the front end (the kernel's comm is a dummy here)."""

    def __init__(self):
        self.messages, self.bytes = 0, 0
        ipycanvas_canvas._CANVAS_MANAGER.send = self.send

    def send(self, content, buffers=None):
        self.messages += 1
        self.bytes += len(json.dumps(content)) + sum(len(bytes(b)) for b in buffers or ())

    def take(self):
        counts = (self.messages, self.bytes)
        self.messages, self.bytes = 0, 0
        return counts


def kernel(rounds: int) -> None:
    wire = Wire()
    print("Kernel side: CafeWidget.click → hit test, engine, scene, drawing commands, one message")

    w = CafeWidget.from_notation(E12)
    first = wire.take()
    place, per_click = [], []
    for _ in range(rounds):
        w.click(*w.locate("RUf"))
        per_click.append(wire.take())
        t = time.perf_counter()
        w.click(*w.locate("c2"))              # RUf@c2: 8 points, table by table
        place.append((time.perf_counter() - t) * 1000)
        per_click.append(wire.take())
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

    msgs = [m for m, _ in per_click]
    sizes = [b for _, b in per_click if b]
    print(f"  first full drawing: {first[0]} message, {first[1] / 1024:.1f} KiB")
    print(f"  per click: messages median {statistics.median(msgs):.0f}, most {max(msgs)}; "
          f"bytes median {statistics.median(sizes) / 1024:.1f} KiB, most {max(sizes) / 1024:.1f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browser", action="store_true", help="also measure click-to-pixels in Chromium")
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args()
    print(f"cafe_widget widget benchmarks — {platform.platform()}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs")
    kernel(30 if args.quick else 200)
    if args.browser:
        print("Browser side: JupyterLab + headless Chromium on localhost (benchmarks/widget_browser.py)")
        from widget_browser import main as browser_main  # noqa: E402

        browser_main(["--clicks", "10" if args.quick else "20"])


if __name__ == "__main__":
    main()
