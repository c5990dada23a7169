"""Click-to-pixels times of the café widget in a real browser, as a student feels them.

Run from the repository root (needs Debian's chromium and the ``test`` extra)::

    python benchmarks/widget_browser.py                 # 20 rounds of clicks, 5 Run Alls
    python benchmarks/widget_browser.py --clicks 10 --runs 3
    python benchmarks/widget.py --browser [--quick]     # the same, after the kernel-side figures

Everything happens in ONE JupyterLab server and ONE headless Chromium (``tests/browser/harness.py``),
on localhost. A click is timed with the page's own clock, from the ``mousedown`` event on the
canvas to the first animation frame in which the pixels at the clicked point show the answer.
Figures (median, worst and best in ms; each median as a multiple of the floor's median):

floor
    A bare ipycanvas ``Canvas`` of the widget's size (``w.size``, backing store at 2× like the
    widget's, ``cafe_widget.widget.draw.SCALE``), in the same notebook and kernel as the widget,
    whose ``on_mouse_down`` handler fills one rectangle inside ``hold_canvas()`` (a new colour
    each click), timed with ``CanvasView.click_and_time`` exactly as the widget's seat click.
    This is what any ipycanvas click costs here: the event's comm message to the kernel, the
    kernel, one message back, the drawing and a frame. The widget cannot do better.
isolated seat click (aim: ≤ 1.25 × floor)
    The sandbox widget on the rulebook's café E12, ``RUf`` selected (through the kernel), the
    page idle (400 ms after the lit seat ``c2`` is on screen, so the previous redraw's message
    is fully drawn), then a mouse click on ``c2`` timed with ``click_and_time`` (the pixels at
    ``c2`` change when ``RUf`` is drawn there). Reset through the kernel (undo), repeat.
card then seat by mouse (aim: ≤ 1.5 × floor)
    As a student plays: from an idle page with nothing selected, a mouse click on the card
    ``RUf``, 150 ms, a mouse click on ``c2``, timed until the placed card's colour is at ``c2``
    (not merely "changed": the card's own redraw, which lights ``c2``, may still be on its way
    at the seat click and must not count as the answer). The report says how often ``c2`` was
    not yet lit on screen at the seat click.
board: chair click (aim: ≤ 1.1 × floor)
    The board widget (``BoardWidget.from_notation("a2:CFf b1:CFm | -")``, two people, no pace),
    a tile of the hand chosen through the kernel, its first lit chair on screen, the page idle;
    then a mouse click on that chair timed until the tile's colour is there. The board's layer
    is redrawn patch by patch (a chair, a table, a bar place each): the click redraws the chairs
    it changed, not the ring. Undone through the kernel, repeat.
Run All → café drawn
    A fresh notebook (import, the E12 widget, ``w``) opened in a new page with a new kernel,
    idle; the time from issuing JupyterLab's run-all command to a known seat pixel (``c2``)
    being on screen: the kernel's import and widget set-up, the widget's JavaScript and views,
    the first full drawing. Also reported: when the kernel's execute_reply reached the page.

The clicks are interleaved (a floor click, an isolated click, a card-then-seat click per round,
after one warm-up round that is not counted), so a burst of load from elsewhere on the machine
hits all three alike and the ratios stay meaningful. How busy the machine was just before and
just after (while this script only waits) is printed to judge the noise: on 2 cores, another
test run or benchmark shows as 50% or more, and the figures then wander by tens of ms.

Where the time goes (medians, ms): the page's WebSockets are watched (a subclass installed
before JupyterLab loads; it only notes times and keeps the frames, read afterwards) and the
kernel-side handler (``floor_down``; ``w.click``, which the widget's mouse handler calls) is
wrapped to note wall-clock times, so a click splits into: mousedown → its event message leaves
the page → the handler starts in the kernel (server, kernel receiving) → the handler ends →
the drawing message arrives in the page (kernel sending, server, WebSocket, the page's queue)
→ pixels (ipycanvas decoding and drawing, the frame). Page and kernel clocks are compared
through wall-clock time (``performance.timeOrigin``), good to a millisecond or so.

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
AIMS = {"isolated": 1.25, "card_seat": 1.5, "board": 1.1}
#: The board widget's bench position: two people, a tile chosen through the kernel.
BOARD_POSITION = "a2:CFf b1:CFm | -"

#: The bench notebook: the widget, then the floor canvas (outputs 0 and 1 holding a canvas).
WIDGET_CELL = f"""\
from cafe_widget import CafeWidget
w = CafeWidget.from_notation("{E12}")
w
"""
FLOOR_CELL = """\
from ipycanvas import Canvas, hold_canvas
from ipywidgets import Layout
from cafe_widget.widget.draw import SCALE

W, H = w.size
floor = Canvas(width=W * SCALE, height=H * SCALE, layout=Layout(width=f"{W}px", height=f"{H}px"))
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
"""
#: The board widget (output 2): a chair click seats the chosen tile.
BOARD_CELL = f"""\
from cafe_widget import BoardWidget
b = BoardWidget.from_notation("{BOARD_POSITION}", players=["human", "human"], pace=0)
board_tile = b.game.hand()[0]
board_chair = next(iter(b.lit(board_tile)[0]))
b
"""
#: A fresh notebook for Run All, as a student would have it.
RUN_ALL_CELL = f"""\
from cafe_widget import CafeWidget
w = CafeWidget.from_notation("{E12}")
w
"""
#: Installed through the kernel after Run All: the floor's handler and ``w.click`` (which the
#: widget's mouse handler calls) note (start, end) in wall-clock ms; real comm, so the handler's
#: time includes handing its messages to ZeroMQ.
TIME_HANDLERS = """\
import time as _time

def _bench_timed(handler, log):
    def timed(*args):
        start = _time.time() * 1000
        handler(*args)
        log.append((start, _time.time() * 1000))
    return timed

bench_floor, bench_widget, bench_board = [], [], []
floor.on_mouse_down(floor_down, remove=True)
floor.on_mouse_down(_bench_timed(floor_down, bench_floor))
w.click = _bench_timed(w.click, bench_widget)
b.click = _bench_timed(b.click, bench_board)
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
    // Wall-clock ms (performance.timeOrigin + page time) of a click's steps: the mousedown,
    // its mouse_down message sent, the last ipycanvas drawing message ("custom" comm message)
    // arrived before `changed`, and changed; with that message's size. null if not found.
    steps(down, changed) {
      const sent = log.sent.find(m => m.t >= down && text(m.data).includes('"mouse_down"'));
      if (!sent) return null;
      const draws = log.received.filter(
        m => m.t >= sent.t && m.t <= changed && /"method":\s*"custom"/.test(text(m.data)));
      if (!draws.length) return null;
      const arrived = draws[draws.length - 1], wall = t => performance.timeOrigin + t;
      return {down: wall(down), sent: wall(sent.t), arrived: wall(arrived.t),
              changed: wall(changed), bytes: size(arrived.data)};
    },
    // Page time at which the first execute_reply arrived after `since`.
    replyAfter(since) {
      const m = log.received.find(m => m.t >= since && /"msg_type":\s*"execute_reply"/.test(text(m.data)));
      return m ? m.t : null;
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

#: Run All on an open, idle notebook: ms after the command was issued until the café is drawn
#: (a seat's colour at its place) and until the kernel's execute_reply reached the page.
RUN_ALL_JS = f"""async ([path, size, x, y, r, rgb, tol, ms]) => {{
    const panel = ({_FIND_PANEL})(path), app = window.jupyterapp, t = window.__cwTest;
    app.shell.activateById(panel.id);
    const start = performance.now();
    app.commands.execute('notebook:run-all-cells').catch(e => console.error(e));
    const drawn = await new Promise((resolve, reject) => {{
        const tick = () => {{
            const now = performance.now();
            if (t.hasColor(0, size, x, y, r, rgb, tol) === true) resolve(now - start);
            else if (now - start > ms) reject(new Error('the café was not drawn in ' + ms + ' ms'));
            else requestAnimationFrame(tick);
        }};
        requestAnimationFrame(tick);
    }});
    const reply = window.__cwBench.replyAfter(start);
    return {{drawn, replied: reply === null ? null : reply - start}};
}}"""


def machine_busy(seconds: float = 1.0) -> float | None:
    """Fraction of all CPUs busy over ``seconds`` (Linux /proc/stat); None elsewhere. Taken
    while this script waits, it tells whether another job is using the machine."""
    def sample():
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:]]
        return values[3] + values[4], sum(values)       # idle + iowait, total
    try:
        idle0, total0 = sample()
        time.sleep(seconds)
        idle1, total1 = sample()
    except OSError:
        return None
    return 1 - (idle1 - idle0) / max(1, total1 - total0)


def _median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


class Bench:
    """The bench notebook open in the page: the widget and the floor canvas, both drawn."""

    KINDS = ("floor", "isolated", "card_seat", "board")

    def __init__(self, lab: Lab):
        lab.add_notebook("bench.ipynb", new_notebook([WIDGET_CELL, FLOOR_CELL, BOARD_CELL]))
        self.nb = nb = lab.open("bench.ipynb")
        self.page = nb.page
        nb.run_all()
        nb.kernel_eval(code=TIME_HANDLERS)
        self.size = nb.kernel_eval("tuple(w.size)")
        self.colors = nb.kernel_eval(
            "__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
        self.seat = nb.kernel_eval(f"w.locate({SEAT!r})")
        self.card = nb.kernel_eval(f"w.locate({CARD!r})")
        self.widget = nb.canvas(0, size=self.size)
        self.floor = nb.canvas(1, size=self.size)
        self.widget.wait_color(*self.seat, self.colors["seat"])
        self.floor.wait_color(*self.seat, "#f4efe6")
        self.board_size = nb.kernel_eval("tuple(b.size)")
        self.board = nb.canvas(2, size=self.board_size)
        self.board_chair = nb.kernel_eval("b.locate(board_chair)")
        self.board_tile_color = self.colors["woman" if nb.kernel_eval("board_tile")[2] == "f" else "man"]
        self.times = {k: [] for k in self.KINDS}    # mousedown to pixels, ms
        self.steps = {k: [] for k in self.KINDS}    # see __cwBench.steps, plus the kernel's
        self.seat_lit_at_click = 0

    def _idle(self, view) -> None:
        """Scroll ``view`` into the middle of the page and focus it, then leave the page alone
        for IDLE_MS: no scrolling inside a timed click, and no switching of JupyterLab's active
        cell either (ipycanvas focuses the canvas on mousedown, before sending the event; a
        student clicking on in the widget has it focused already)."""
        view.top.evaluate("el => { el.scrollIntoView({block: 'center'}); el.focus(); }")
        self.page.wait_for_timeout(IDLE_MS)

    def _record(self, kind: str, pending: str, log: str) -> None:
        """Keep a timed click: its time (``pending`` resolved to {down, changed}) and steps,
        with the last (start, end) of the kernel handler's ``log``."""
        t = self.page.evaluate(pending)
        self.times[kind].append(t["changed"] - t["down"])
        steps = self.page.evaluate("([d, c]) => window.__cwBench.steps(d, c)",
                                   [t["down"], t["changed"]])
        if steps:
            steps["kernel_start"], steps["kernel_end"] = self.nb.kernel_eval(f"{log}[-1]")
        self.steps[kind].append(steps)

    def _take_back(self) -> None:
        """Wait until the kernel has placed the card, take it back (undo), see it gone."""
        self.nb.wait_kernel(f"w.cafe.guest({SEAT!r}) == {CARD!r}")
        self.nb.kernel_eval(code="w.click(*w.locate('undo'))")
        self.widget.wait_color(*self.seat, self.colors["woman"], present=False)

    def round(self, keep: bool = True) -> None:
        """A floor click, an isolated seat click, a card-then-seat click (``keep``: record)."""
        seat, card, colors = self.seat, self.card, self.colors
        # 1. the floor
        self._idle(self.floor)
        self.floor.click_and_time(*seat, r=4)
        if keep:
            self._record("floor", "window.__cwTest.pending", "bench_floor")
        # 2. an isolated seat click: RUf selected through the kernel, c2 lit on screen, idle
        self.nb.kernel_eval(code=f"w.click(*w.locate({CARD!r}))")
        self.widget.wait_color(*seat, colors["lit_fill"])
        self._idle(self.widget)
        self.widget.click_and_time(*seat, r=4)
        if keep:
            self._record("isolated", "window.__cwTest.pending", "bench_widget")
        self._take_back()
        # 3. card then seat, both by mouse, 150 ms apart; the seat click timed to the placed card
        self._idle(self.widget)
        self.widget.click(*card)
        self.page.wait_for_timeout(CARD_TO_SEAT_MS)
        lit = self.widget.has_color(*seat, colors["lit_fill"])
        self.page.evaluate(
            "([i, s, x, y, r, c, t, ms]) => window.__cwBench.watchFor(i, s, x, y, r, c, t, ms)",
            [self.widget.index, list(self.size), *seat, 6, list(hex_to_rgb(colors["woman"])), 2,
             10_000])
        self.widget.click(*seat)
        if keep:
            self._record("card_seat", "window.__cwBench.pending", "bench_widget")
            self.seat_lit_at_click += bool(lit)
        self._take_back()
        # 4. the board: a chair click seating the tile chosen through the kernel
        self.nb.kernel_eval(code="b.click(*b.locate(board_tile))")
        self.board.wait_color(*self.board_chair, colors["lit"])
        self._idle(self.board)
        self.page.evaluate(
            "([i, s, x, y, r, c, t, ms]) => window.__cwBench.watchFor(i, s, x, y, r, c, t, ms)",
            [self.board.index, list(self.board_size), *self.board_chair, 4, list(hex_to_rgb(self.board_tile_color)),
             2, 10_000])
        self.board.click(*self.board_chair)
        if keep:
            self._record("board", "window.__cwBench.pending", "bench_board")
        self.nb.wait_kernel("b.game.board.tile(board_chair) is not None")
        self.nb.kernel_eval(code="b.click(*b.locate('undo'))")
        self.board.wait_color(*self.board_chair, self.board_tile_color, present=False)

    def close(self) -> None:
        self.nb.close()


def run_all_times(lab: Lab, runs: int, size, seat, seat_color: str) -> tuple[list[dict], list[str]]:
    """Run All on ``runs`` fresh notebooks (a new page and kernel each), one after another:
    {drawn, replied} in ms after the command, and what went wrong with notebooks that did not
    open (each is replaced by another, twice at most)."""
    out, failures = [], []
    for i in range(runs + 2):
        if len(out) == runs:
            break
        name = f"run_all_{i}.ipynb"
        lab.add_notebook(name, new_notebook([RUN_ALL_CELL]))
        try:
            nb = lab.open(name)
        except Exception as e:  # noqa: BLE001 - a figure fewer, said in the report
            kernels = [s["kernel"]["execution_state"] for s in lab.api("GET", "/api/sessions")
                       if s.get("path") == name]
            failures.append(f"{name} did not open ({str(e).splitlines()[0]}; kernel {kernels})")
            lab.context.pages[-1].close()
            for s in lab.api("GET", "/api/sessions"):
                if s.get("path") == name:
                    lab.api("DELETE", f"/api/sessions/{s['id']}")
            continue
        nb.page.wait_for_timeout(IDLE_MS)
        out.append(nb.page.evaluate(
            RUN_ALL_JS, [name, list(size), *seat, 6, list(hex_to_rgb(seat_color)), 2, 60_000]))
        nb.close()
    return out, failures


def measure(clicks: int = 20, runs: int = 5) -> dict:
    """Every figure, in one JupyterLab and one browser."""
    figures: dict = {"busy_before": machine_busy()}
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
        figures.update(times=bench.times, steps=bench.steps, clicks=clicks,
                       seat_lit_at_click=bench.seat_lit_at_click)
        size, seat, seat_color = bench.size, bench.seat, bench.colors["seat"]
        bench.close()
        figures["run_all"], figures["run_all_failures"] = run_all_times(lab, runs, size, seat,
                                                                        seat_color)
    figures["busy_after"] = machine_busy()
    return figures


#: The steps of a click, as (label, from, to) in __cwBench.steps' wall-clock fields.
STEPS = (("sent", "down", "sent"), ("to kernel", "sent", "kernel_start"),
         ("kernel", "kernel_start", "kernel_end"), ("back", "kernel_end", "arrived"),
         ("drawn", "arrived", "changed"))


def report(f: dict) -> None:
    times = f["times"]
    floor = statistics.median(times["floor"])
    busy = " and ".join(f"{f[k]:.0%} {when}" for k, when in (("busy_before", "before"),
                        ("busy_after", "after")) if f[k] is not None)
    print(f"  Chromium {f['chromium']}; JupyterLab start {f['server_start_s']:.1f} s; bench notebook "
          f"open, run and drawn {f['open_run_draw_s']:.1f} s")
    if busy:
        print(f"  other jobs: the {os.cpu_count()} CPUs were {busy} this run (1-s samples; "
              f"above ~10% the figures are noisy)")
    print(f"  {'':36}{'median':>9}{'worst':>9}{'best':>9}{'× floor':>9}   aim")
    rows = [
        ("floor: bare Canvas, one rectangle", times["floor"], None),
        ("isolated seat click", times["isolated"], AIMS["isolated"]),
        (f"card, {CARD_TO_SEAT_MS} ms, seat (by mouse)", times["card_seat"], AIMS["card_seat"]),
        ("board: chair click (tile chosen)", times["board"], AIMS["board"]),
        ("Run All → café drawn", [r["drawn"] for r in f["run_all"]], None),
    ]
    for label, xs, aim in rows:
        if not xs:
            print(f"  {label:36}   (none)")
            continue
        med = statistics.median(xs)
        aim_text = f"≤ {aim:.2f}×" if aim else "     "
        print(f"  {label:36}{med:6.0f} ms{max(xs):6.0f} ms{min(xs):6.0f} ms{med / floor:8.2f}×   "
              f"{aim_text}  ({len(xs)})")
    for failure in f["run_all_failures"]:
        print(f"  Run All: {failure}")
    replied = _median([r["replied"] for r in f["run_all"]])
    if replied is not None:
        print(f"  Run All: the kernel's execute_reply reached the page after {replied:.0f} ms (median)")
    print(f"  card then seat: c2 not yet lit on screen at the seat click in "
          f"{f['clicks'] - f['seat_lit_at_click']} of {f['clicks']} clicks")
    print("  where the time goes, medians in ms: mousedown → " + " → ".join(s[0] for s in STEPS)
          + "; the drawing message's size")
    for kind, label in (("floor", "floor"), ("isolated", "isolated"), ("card_seat", "card then seat"),
                        ("board", "board chair")):
        steps = [s for s in f["steps"][kind] if s]
        if not steps:
            print(f"    {label:15} (the page's WebSocket frames could not be matched)")
            continue
        parts = [f"{name} {_median([s[b] - s[a] for s in steps]):5.1f}" for name, a, b in STEPS]
        size = _median([s["bytes"] for s in steps])
        print(f"    {label:15} " + "   ".join(parts) + f"   {size / 1024:5.1f} KiB")


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
