"""One game, many laptops: how much later the other laptop sees a move (issue 26).

Run from the repository root (needs Debian's chromium and the ``test`` extra)::

    python benchmarks/table_browser.py              # 20 timed moves
    python benchmarks/table_browser.py --moves 10

One JupyterLab server, one headless Chromium, on localhost; each laptop is a browser context of
its own (its own cookies, storage and page), as in ``tests/browser/test_table_browser.py``: the
teacher's notebook with ``Table(...).screen()`` and ``table.share()``, then ``seat-1.ipynb`` and
``seat-2.ipynb`` opened and run. A move is a card placed by mouse in the laptop whose turn it is
(the card chosen, its seat lit on screen, the page idle), timed from that page's ``mousedown``
(wall clock, ``Date.now()``) to the first animation frame in which the pixels at the seat
changed, in each page: the laptop that clicked, the other laptop, the teacher's screen. The
card is then taken back through the kernel (undo) and the pages settle before the next move.

Also timed, the same way: the same click in a widget of its own (``CafeWidget`` on the same
game, in one page, no table): the single-browser click a table is compared with.

Figures: median, worst and best in ms, and each median as a multiple of the clicking laptop's
(aim: the other laptop ≤ 1.5 ×). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

from harness import Lab, missing_requirements, new_notebook  # noqa: E402
from test_table_browser import TEACHER, canvas_of, open_table, seat_of, timed_click  # noqa: E402

ALONE = ["from cafe_widget import CafeWidget, Game\n"
         "w = CafeWidget(game=Game.new(players=3, seed=5), players=['human', 'human', 'computer'], pace=0)\nw"]
LIT = "__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS['lit_fill']"


def one_move(kernel_nb, mover_nb, mover, watchers, widget: str, undo: str) -> list[float]:
    """Choose the best turn's first card through a click, wait for its seat lit, time the seat
    click in every watcher; take it back."""
    guest, seat = kernel_nb.kernel_eval(f"(lambda c: (c.guest, c.seat))({widget}.game.best_turn().cards[0])")
    mover.click(*mover_nb.kernel_eval(f"{widget}.locate({guest!r})"))
    xy = mover_nb.kernel_eval(f"{widget}.locate({seat!r})")
    mover.wait_color(*xy, kernel_nb.kernel_eval(LIT))
    time.sleep(0.3)                                  # the page idle: the lit seat's message drawn
    delays = timed_click(mover, watchers, *xy)
    kernel_nb.kernel_eval("None", code=undo)
    for canvas in watchers:                          # every page back to the empty seat
        canvas.wait_color(*xy, kernel_nb.kernel_eval("__import__('cafe_widget.render.style', "
                                                     "fromlist=['COLORS']).COLORS['seat']"))
    time.sleep(0.3)
    return delays


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="timed moves (after one warm-up)")
    args = parser.parse_args(argv)
    missing = missing_requirements(())
    if missing:
        print("cannot run: missing " + ", ".join(missing))
        return 1
    rows = {"alone": [], "clicking laptop": [], "other laptop": [], "teacher's screen": []}
    with Lab(notebooks={"class.ipynb": new_notebook(TEACHER), "alone.ipynb": new_notebook(ALONE)}) as lab:
        teacher, (first, second) = open_table(lab)
        mover_nb, other_nb = (second, first) if teacher.kernel_eval("table.game.to_move") == 1 else (first, second)
        player = teacher.kernel_eval("table.game.to_move")
        mover_w = seat_of(player)
        mover = canvas_of(mover_nb, mover_w)
        other = canvas_of(other_nb, seat_of(1 - player))
        screen = canvas_of(teacher, "table.widgets[0]")
        alone_nb = lab.open("alone.ipynb", viewport=(1366, 768))
        alone_nb.run_all()
        alone = canvas_of(alone_nb, "w")
        for i in range(args.moves + 1):
            shared = one_move(teacher, mover_nb, mover, [mover, other, screen], mover_w, f"{mover_w}.command('undo')")
            single = one_move(alone_nb, alone_nb, alone, [alone], "w", "w.command('undo')")
            if i:                                    # the first round warms up
                for key, value in zip(("clicking laptop", "other laptop", "teacher's screen"), shared):
                    rows[key].append(value)
                rows["alone"].append(single[0])
    base = statistics.median(rows["clicking laptop"])
    print(f"table_browser: {args.moves} moves, a card placed by mouse; ms from the mousedown to the pixels")
    print(f"  {'':22}{'median':>9}{'worst':>9}{'best':>9}{'× clicking':>12}")
    for label, xs in rows.items():
        med = statistics.median(xs)
        print(f"  {label:22}{med:6.0f} ms{max(xs):6.0f} ms{min(xs):6.0f} ms{med / base:10.2f}×")
    print("  aim: the other laptop ≤ 1.50 × the clicking laptop's median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
