"""Click-to-pixels latency of the café widget in a real browser (JupyterLab + headless Chromium).

Run from the repository root (needs Debian's chromium and the ``test`` extra)::

    python benchmarks/widget_browser.py              # 20 clicks
    python benchmarks/widget_browser.py --clicks 50

One click is timed from the ``mousedown`` event on the canvas (page clock) to the first
animation frame in which the pixels at the clicked seat differ: the comm message to the
kernel, hit test, engine, scene, one batched draw message back, and the canvas repaint. The
sandbox café of the rulebook's example E12 is used: ``RUf`` selected, click the lit seat ``c2``,
then undo and select ``RUf`` again through ``w.click`` in the kernel (not timed), and repeat.
Nothing here asserts a time: the script prints figures, a person reads them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "browser"))

from harness import Lab, missing_requirements, new_notebook  # noqa: E402

SANDBOX = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"


def browser_click_latency(clicks: int = 20) -> dict:
    """Time ``clicks`` mouse clicks on a lit seat; return the figures (milliseconds, seconds)."""
    source = ("from cafe_widget import CafeWidget\n"
              f'w = CafeWidget.from_notation("{SANDBOX}")\n'
              "w")
    figures: dict = {}
    t0 = time.perf_counter()
    with Lab({"bench.ipynb": new_notebook([source])}) as lab:
        figures["server_start_s"] = time.perf_counter() - t0
        t1 = time.perf_counter()
        nb = lab.open("bench.ipynb")
        nb.run_all()
        width, height = nb.kernel_eval("tuple(w.size)")
        colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
        canvas = nb.canvas(size=(width, height))
        canvas.wait_drawn()
        seat = nb.kernel_eval("w.locate('c2')")
        canvas.wait_color(*seat, colors["seat"])
        figures["open_run_draw_s"] = time.perf_counter() - t1

        canvas.click(*nb.kernel_eval("w.locate('RUf')"))
        latencies = []
        for _ in range(clicks):
            canvas.wait_color(*seat, colors["lit_fill"])          # RUf selected, c2 lit
            latencies.append(canvas.click_and_time(*seat, r=4))
            nb.wait_kernel("w.cafe.guest('c2') == 'RUf'")
            nb.kernel_eval(code="w.click(*w.locate('undo')); w.click(*w.locate('RUf'))")
        nb.close()
    figures.update(clicks=clicks, median_ms=statistics.median(latencies), worst_ms=max(latencies),
                   best_ms=min(latencies), latencies_ms=latencies)
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=20)
    args = parser.parse_args(argv)
    missing = missing_requirements()
    if missing:
        print("cannot run: missing " + ", ".join(missing))
        return 1
    f = browser_click_latency(args.clicks)
    print(f"JupyterLab start {f['server_start_s']:.1f} s; notebook open, run and drawn "
          f"{f['open_run_draw_s']:.1f} s")
    print(f"click-to-pixels latency over {f['clicks']} clicks: median {f['median_ms']:.0f} ms, "
          f"worst {f['worst_ms']:.0f} ms (best {f['best_ms']:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
