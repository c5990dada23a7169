"""Click-to-pixels times of the café widget in a real browser, as a student feels them.

Run from the repository root (needs Debian's chromium and the ``test`` extra)::

    python benchmarks/widget_browser.py                 # 20 rounds of clicks, 5 Run Alls
    python benchmarks/widget_browser.py --clicks 10 --runs 3
    python benchmarks/widget.py --browser [--quick]     # the same, after the kernel-side figures

Everything happens in ONE JupyterLab server and ONE headless Chromium (``tests/browser/harness.py``),
on localhost. A click is timed with the page's own clock, from the ``mousedown`` event on the
canvas to the first animation frame in which the pixels at the clicked point show the answer.
Figures (median and worst, in ms, and each median as a multiple of the floor's median):

floor
    A bare ipycanvas ``Canvas`` of the widget's size (``w.size``, backing store at 2×, like the
    widget: ``cafe_widget.widget.draw.SCALE``), in the same notebook and kernel as the widget,
    whose ``on_mouse_down`` handler fills one rectangle inside ``hold_canvas()``, timed with
    ``CanvasView.click_and_time`` exactly as the widget's seat click. This is what any
    ipycanvas click costs here: the comm message to the kernel, the kernel, one message back,
    the drawing and a frame. The widget can't do better.
isolated seat click (aim: ≤ 1.25 × floor)
    The sandbox widget on the rulebook's café E12, ``RUf`` selected (through the kernel), the
    page idle (400 ms after the lit seat ``c2`` is on screen, so the previous redraw is fully
    drawn), then a mouse click on ``c2``, timed with ``click_and_time`` until ``RUf`` is drawn
    there. Reset through the kernel (undo), repeat.
card then seat by mouse (aim: ≤ 1.5 × floor)
    As a student plays: from an idle page with nothing selected, a mouse click on the card
    ``RUf``, 150 ms, a mouse click on ``c2``; the second click is timed until the placed card's
    colour is at ``c2`` (not merely "changed": if the card's redraw, which lights ``c2``, comes
    after the seat click, it must not count as the answer). The card's redraw may still be
    on its way or being drawn when the seat is clicked; the report says how often ``c2`` was
    not yet lit at the seat click.
Run All → café drawn
    A fresh notebook (``import``, the E12 widget, ``w``) opened in a new page with a new kernel,
    idle; the time from issuing JupyterLab's run-all command to a known seat pixel (``c2``)
    being on screen: kernel import and widget set-up, the widget's JavaScript, the view, its
    ``client_ready`` round trip and the first full drawing. Also reported: when the <canvas>
    appeared.

The clicks are interleaved (a floor click, an isolated click, a card-then-seat click per round,
after one warm-up round that is not counted), so a burst of load from elsewhere on the machine
hits all three alike and the ratios stay meaningful; the 1-minute load average before and after
is printed to judge the noise.

Where the time goes (medians): the page's WebSockets are watched (a wrapper installed before
JupyterLab loads, which only notes times and keeps the data), so each click splits into
mousedown → the event's message leaves the page; → the drawing message arrives back (the
server both ways and the kernel: the kernel's own share, ``w.click`` timed in the live kernel,
is shown beside it); → pixels on screen (decoding, ipycanvas drawing, the frame). The drawing
message's size is printed as well.

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

from harness import _FIND_PANEL, Lab, hex_to_rgb, missing_requirements, new_notebook  # noqa: E402

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"
SEAT, CARD = "c2", "RUf"
IDLE_MS = 400          # the page left alone before a timed click
CARD_TO_SEAT_MS = 150  # between the card click and the seat click, by mouse
AIMS = {"isolated": 1.25, "card_seat": 1.5}

#: The bench notebook: the floor canvas, then the widget (outputs 0 and 1 holding a canvas).
FLOOR_CELL = """\
from ipycanvas import Canvas, hold_canvas
from ipywidgets import Layout
from cafe_widget import CafeWidget
from cafe_widget.widget.draw import SCALE

W, H = CafeWidget.from_notation("{e12}").size
floor = Canvas(width=W * SCALE, height=H * SCALE, layout=Layout(width=f"{{W}}px", height=f"{{H}}px"))
floor_clicks = 0

def floor_down(x, y):  # one rectangle, in one message; a new colour each click
    global floor_clicks
    floor_clicks += 1
    with hold_canvas():
        floor.fill_style = "#3c5a80" if floor_clicks % 2 else "#d4700a"
        floor.fill_rect(x - 40, y - 40, 80, 80)

floor.on_mouse_down(floor_down)
floor.fill_style = "#f4efe6"
floor.fill_rect(0, 0, W * SCALE, H * SCALE)
floor
""".format(e12=E12)
WIDGET_CELL = f"""\
w = CafeWidget.from_notation("{E12}")
w
"""
#: A fresh notebook for Run All, as a student would have it.
RUN_ALL_CELL = f"""\
from cafe_widget import CafeWidget
w = CafeWidget.from_notation("{E12}")
w
"""
#: Installed through the kernel after Run All: times w.click in the live kernel (the mouse
#: handler calls it); real comm, so the time includes handing the messages to ZeroMQ.
TIME_CLICKS = """\
import time as _time
_bench_click, bench_click_ms = w.click, []
def _bench_timed_click(x, y):
    t = _time.perf_counter()
    _bench_click(x, y)
    bench_click_ms.append((_time.perf_counter() - t) * 1000)
w.click = _bench_timed_click
"""

#: Page-side helpers, installed in every page before JupyterLab loads: a WebSocket subclass
#: that notes when each frame is sent or arrives (data kept, read only afterwards), and a
#: watcher that times a mousedown to a given colour at a point.
BENCH_JS = r"""
(() => {
  const log = {sent: [], received: []};
  const keep = (list, data) => { list.push({t: performance.now(), data}); if (list.length > 400) list.shift(); };
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ev => keep(log.received, ev.data));   // before Lab's own
    }
    send(data) { keep(log.sent, data); return super.send(data); }
  }
  window.WebSocket = Watched;
  const text = d => typeof d === 'string' ? d : new TextDecoder().decode(d);
  const size = d => typeof d === 'string' ? d.length : d.byteLength;
  window.__cwBench = {
    // {out, trip, back, bytes} for a click: mousedown -> its mouse_down message sent -> the last
    // ipycanvas drawing message ("custom" comm message) arrived before `changed` -> changed.
    phases(down, changed) {
      const sent = log.sent.find(m => m.t >= down && text(m.data).includes('"mouse_down"'));
      if (!sent) return null;
      const draws = log.received.filter(
        m => m.t >= sent.t && m.t <= changed && /"method":\s*"custom"/.test(text(m.data)));
      if (!draws.length) return null;
      const back = draws[draws.length - 1];
      return {out: sent.t - down, trip: back.t - sent.t, back: changed - back.t, bytes: size(back.data)};
    },
    // Like __cwTest.watch, but resolves when `rgb` is present near (x, y), not on any change.
    watchFor(index, size, x, y, r, rgb, tol, timeoutMs) {
      const t = window.__cwTest, layers = t.layers(index), top = layers[layers.length - 1];
      let down = null;
      const onDown = ev => { if (down === null) down = ev.timeStamp; };
      top.addEventListener('mousedown', onDown, {capture: true});
      const start = performance.now();
      this.pending = new Promise((resolve, reject) => {
        const tick = () => {
          const now = performance.now();
          if (down !== null && t.hasColor(index, size, x, y, r, rgb, tol) === true) {
            top.removeEventListener('mousedown', onDown, {capture: true});
            resolve({down, changed: now});
          } else if (now - start > timeoutMs) {
            top.removeEventListener('mousedown', onDown, {capture: true});
            reject(new Error(down === null ? 'no mousedown reached the canvas' : 'the colour never came'));
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return true;
    },
  };
})();
"""

#: Run All on an open, idle notebook: {canvas, drawn} ms after the command was issued.
RUN_ALL_JS = f"""async ([path, size, x, y, r, rgb, tol, ms]) => {{
    const panel = ({_FIND_PANEL})(path), app = window.jupyterapp, t = window.__cwTest;
    app.shell.activateById(panel.id);
    const start = performance.now();
    app.commands.execute('notebook:run-all-cells').catch(e => console.error(e));
    return await new Promise((resolve, reject) => {{
        let canvas = null;
        const tick = () => {{
            const now = performance.now(), layers = t.layers(0);
            if (canvas === null && layers.length && layers[0].width) canvas = now - start;
            if (t.hasColor(0, size, x, y, r, rgb, tol) === true) resolve({{canvas, drawn: now - start}});
            else if (now - start > ms) reject(new Error('the café was not drawn in ' + ms + ' ms'));
            else requestAnimationFrame(tick);
        }};
        requestAnimationFrame(tick);
    }});
}}"""


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


class Bench:
    """The bench notebook open in the page: the floor canvas and the widget, both drawn."""

    def __init__(self, lab: Lab):
        self.lab = lab
        lab.add_notebook("bench.ipynb", new_notebook([FLOOR_CELL, WIDGET_CELL]))
        self.nb = nb = lab.open("bench.ipynb")
        nb.run_all()
        nb.kernel_eval(code=TIME_CLICKS)
        self.size = nb.kernel_eval("tuple(w.size)")
        self.colors = nb.kernel_eval(
            "__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
        self.seat = nb.kernel_eval(f"w.locate({SEAT!r})")
        self.card = nb.kernel_eval(f"w.locate({CARD!r})")
        self.floor = nb.canvas(0, size=self.size)
        self.widget = nb.canvas(1, size=self.size)
        self.floor.wait_color(*self.seat, "#f4efe6")
        self.widget.wait_color(*self.seat, self.colors["seat"])
        self.page = nb.page
        self.results = {k: [] for k in ("floor", "isolated", "card_seat")}
        self.phases = {k: [] for k in self.results}
        self.kernel_ms = {"isolated": [], "card_seat": []}
        self.seat_lit_at_click = 0

    def _idle(self, view) -> None:
        """Scroll ``view`` into the middle of the page (no scrolling inside a timed click),
        then leave the page alone for IDLE_MS."""
        view.top.evaluate("el => el.scrollIntoView({block: 'center'})")
        self.page.wait_for_timeout(IDLE_MS)

    def _phases(self, kind: str) -> None:
        times = self.page.evaluate("window.__cwTest.pending" if kind != "card_seat"
                                   else "window.__cwBench.pending")
        self.phases[kind].append(self.page.evaluate(
            "([d, c]) => window.__cwBench.phases(d, c)", [times["down"], times["changed"]]))

    def _placed(self, kind: str) -> None:
        """Wait until the kernel has placed the card; note w.click's time; take it back."""
        self.nb.wait_kernel(f"w.cafe.guest({SEAT!r}) == {CARD!r}")
        self.kernel_ms[kind].append(self.nb.kernel_eval("bench_click_ms[-1]"))
        self.nb.kernel_eval(code="w.click(*w.locate('undo'))")
        self.widget.wait_color(*self.seat, self.colors["woman"], present=False)

    def round(self, keep: bool = True) -> None:
        seat, card, colors = self.seat, self.card, self.colors
        # 1. the floor
        self._idle(self.floor)
        t = self.floor.click_and_time(*seat, r=4)
        if keep:
            self.results["floor"].append(t)
            self._phases("floor")
        # 2. an isolated seat click: RUf selected through the kernel, c2 lit on screen, idle
        self.nb.kernel_eval(code=f"w.click(*w.locate({CARD!r}))")
        self.widget.wait_color(*seat, colors["lit_fill"])
        self._idle(self.widget)
        t = self.widget.click_and_time(*seat, r=4)
        if keep:
            self.results["isolated"].append(t)
            self._phases("isolated")
        self._placed("isolated")
        # 3. card then seat, both by mouse, 150 ms apart; the seat click timed to the placed card
        self._idle(self.widget)
        self.widget.click(*card)
        self.page.wait_for_timeout(CARD_TO_SEAT_MS)
        lit = self.widget.has_color(*seat, colors["lit_fill"])
        self.page.evaluate(
            "([i, s, x, y, r, c, t, ms]) => window.__cwBench.watchFor(i, s, x, y, r, c, t, ms)",
            [1, list(self.size), *seat, 6, list(hex_to_rgb(colors["woman"])), 2, 10_000])
        self.widget.click(*seat)
        times = self.page.evaluate("window.__cwBench.pending")
        if keep:
            self.results["card_seat"].append(times["changed"] - times["down"])
            self.seat_lit_at_click += bool(lit)
            self._phases("card_seat")
        self._placed("card_seat")

    def close(self) -> None:
        self.nb.close()


def run_all_times(lab: Lab, runs: int, size, seat, seat_color: str) -> list[dict]:
    """Run All on ``runs`` fresh notebooks (a new page and kernel each), one after another."""
    out = []
    for i in range(runs):
        name = f"run_all_{i}.ipynb"
        lab.add_notebook(name, new_notebook([RUN_ALL_CELL]))
        nb = lab.open(name)
        nb.page.wait_for_timeout(IDLE_MS)
        out.append(nb.page.evaluate(
            RUN_ALL_JS, [name, list(size), *seat, 6, list(hex_to_rgb(seat_color)), 2, 60_000]))
        nb.close()
    return out


def measure(clicks: int = 20, runs: int = 5) -> dict:
    """Every figure, in one JupyterLab and one browser: a dict of lists (ms) and a few notes."""
    figures: dict = {"load_before": os.getloadavg()[0]}
    t0 = time.perf_counter()
    with Lab() as lab:
        lab.context.add_init_script(BENCH_JS)
        figures["server_start_s"] = time.perf_counter() - t0
        figures["chromium"] = lab.browser.version
        t1 = time.perf_counter()
        bench = Bench(lab)
        figures["open_run_draw_s"] = time.perf_counter() - t1
        bench.round(keep=False)                      # warm-up: first-time costs, not counted
        for _ in range(clicks):
            bench.round()
        figures.update(results=bench.results, phases=bench.phases, kernel_ms=bench.kernel_ms,
                       seat_lit_at_click=bench.seat_lit_at_click, clicks=clicks)
        size, seat, seat_color = bench.size, bench.seat, bench.colors["seat"]
        bench.close()
        figures["run_all"] = run_all_times(lab, runs, size, seat, seat_color)
    figures["load_after"] = os.getloadavg()[0]
    return figures


def report(f: dict) -> None:
    res = f["results"]
    floor = statistics.median(res["floor"])
    print(f"  Chromium {f['chromium']}; JupyterLab start {f['server_start_s']:.1f} s; bench notebook "
          f"open, run and drawn {f['open_run_draw_s']:.1f} s; load average {f['load_before']:.2f} "
          f"before, {f['load_after']:.2f} after ({os.cpu_count()} CPUs)")
    print(f"  {'':34}{'median':>8}{'worst':>9}{'best':>8}{'× floor':>9}   aim")
    rows = [
        ("floor: bare Canvas, one rectangle", res["floor"], None),
        ("isolated seat click", res["isolated"], AIMS["isolated"]),
        (f"card, {CARD_TO_SEAT_MS} ms, seat (by mouse)", res["card_seat"], AIMS["card_seat"]),
        ("Run All → café drawn", [r["drawn"] for r in f["run_all"]], None),
    ]
    for label, xs, aim in rows:
        med = statistics.median(xs)
        aim_text = f"≤ {aim:.2f}×" if aim else ""
        print(f"  {label:34}{med:6.0f} ms{max(xs):6.0f} ms{min(xs):5.0f} ms{med / floor:8.2f}×   "
              f"{aim_text}  ({len(xs)})")
    canvas_at = _median([r["canvas"] for r in f["run_all"]])
    if canvas_at is not None:
        print(f"  (Run All: the <canvas> appeared after {canvas_at:.0f} ms, median)")
    print(f"  card then seat: c2 not yet lit on screen at the seat click in "
          f"{f['clicks'] - f['seat_lit_at_click']} of {f['clicks']} clicks")
    print("  where the time goes, medians in ms: mousedown → event sent → drawing arrives "
          "(kernel w.click) → pixels")
    for kind, label in (("floor", "floor"), ("isolated", "isolated"), ("card_seat", "card then seat")):
        ph = [p for p in f["phases"][kind] if p]
        if not ph:
            print(f"    {label:16} (the page's WebSocket frames could not be matched)")
            continue
        kernel = f["kernel_ms"].get(kind)
        kernel_text = f" (kernel {_median(kernel):5.1f})" if kernel else " " * 15
        print(f"    {label:16} sent {_median([p['out'] for p in ph]):5.1f}   "
              f"round trip {_median([p['trip'] for p in ph]):6.1f}{kernel_text}   "
              f"drawn {_median([p['back'] for p in ph]):6.1f}   "
              f"drawing message {_median([p['bytes'] for p in ph]) / 1024:5.1f} KiB")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=20, help="timed rounds of clicks")
    parser.add_argument("--runs", type=int, default=5, help="Run Alls on fresh notebooks")
    args = parser.parse_args(argv)
    missing = missing_requirements()
    if missing:
        print("cannot run: missing " + ", ".join(missing))
        return 1
    report(measure(args.clicks, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
