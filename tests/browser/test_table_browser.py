"""One game, many laptops, in a real browser (issue 26): one JupyterLab, a teacher's notebook
with the table's screen and ``table.share()``, and two students, each in a browser context of
their own (two laptops), on the seat notebooks ``share()`` wrote and bound to the teacher's
kernel. A card placed in one context appears in the other and on the teacher's screen; a
click out of turn is refused there and changes nothing. Screenshots of each context go to
``test-artifacts/``; ``benchmarks/table_browser.py`` times the other laptop against the one
that clicked."""

from __future__ import annotations

import pytest

from harness import Lab, new_notebook, require_browser

pytestmark = pytest.mark.browser

TEACHER = [
    "from cafe_widget import Game, Table\n"
    "table = Table(Game.new(players=3, seed=5), players=['human', 'human', 'computer'], pace=0)",
    "table.screen()",
    "links = table.share()",
]
LAPTOP = (1366, 768)


def seat_of(player: int) -> str:
    """The kernel's expression for the newest widget of ``player``'s seat."""
    return f"[w for w in table.widgets if w.player == {player}][-1]"


def canvas_of(nb, widget: str):
    from harness import CanvasView

    width, height = nb.kernel_eval(f"tuple({widget}.size)")
    canvas = CanvasView(nb, 0, (width, height))
    canvas.wait_drawn()
    return canvas


def open_table(lab: Lab):
    """The teacher's notebook run, then both seats opened in contexts of their own and run."""
    teacher = lab.open("class.ipynb", viewport=LAPTOP)
    teacher.run_all()
    links = teacher.kernel_eval("links")
    assert [link.rsplit("/", 1)[-1] for link in links] == ["seat-1.ipynb", "seat-2.ipynb"]
    students = []
    for n in (1, 2):
        nb = lab.open(f"seat-{n}.ipynb", viewport=LAPTOP)
        nb.run_all()
        students.append(nb)
    return teacher, students


WATCH = """([i, s, x, y, r]) => {
    const t = window.__cwTest, read = () => JSON.stringify(t.region(i, s, x, y, r).data);
    const before = read();
    window.__seen = null;
    const loop = () => { if (read() !== before) { window.__seen = Date.now(); return; }
                         requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
}"""
DOWN = "() => { window.__down = null; document.addEventListener('mousedown', () => { window.__down = Date.now(); }, {capture: true, once: true}); }"


def timed_click(mover, watchers, x: float, y: float, timeout: float = 10.0) -> list[float]:
    """Click (x, y) in ``mover``'s canvas; the ms from its mousedown until the pixels there
    changed in each of ``watchers`` (canvas views of the same spot, the mover's own first)."""
    for canvas in watchers:
        canvas.page.evaluate(WATCH, [canvas.index, canvas.size, x, y, 4])
    mover.page.evaluate(DOWN)
    mover.click(x, y)
    out = []
    for canvas in watchers:
        canvas.page.wait_for_function("window.__seen !== null", timeout=timeout * 1000)
        out.append(canvas.page.evaluate("window.__seen") - mover.page.evaluate("window.__down"))
    return out


def test_two_laptops_play_one_table(tmp_path):
    require_browser()
    with Lab(notebooks={"class.ipynb": new_notebook(TEACHER)}) as lab:
        teacher, (first, second) = open_table(lab)
        kernel = teacher.kernel_id()
        assert first.kernel_id() == second.kernel_id() == kernel        # one kernel, three browsers
        assert teacher.kernel_eval("len(table.widgets)") == 3
        assert teacher.kernel_eval("table.game.to_move") == 1           # player 2 (the second laptop) starts

        screen = canvas_of(teacher, "table.widgets[0]")
        one = canvas_of(first, seat_of(0))
        two = canvas_of(second, seat_of(1))

        # Out of turn: the first laptop clicks a card of its hand: refused, nothing changes.
        before = teacher.kernel_eval("table.game.to_json()")
        one.click(*first.kernel_eval(f"{seat_of(0)}.locate(table.game.hand(0)[0])"))
        assert first.wait_kernel(f"{seat_of(0)}.refused")
        assert teacher.kernel_eval(f"{seat_of(0)}.status") == \
            "It is Player 2's turn: wait for yours. Nothing was changed."
        assert teacher.kernel_eval("table.game.to_json()") == before

        # The second laptop places a card: it appears there, on the first laptop, on the screen.
        guest, seat = teacher.kernel_eval("(lambda c: (c.guest, c.seat))(table.game.best_turn().cards[0])")
        two.click(*second.kernel_eval(f"{seat_of(1)}.locate({guest!r})"))
        xy = second.kernel_eval(f"{seat_of(1)}.locate({seat!r})")
        lit = teacher.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS['lit_fill']")
        two.wait_color(*xy, lit)                                         # the seat lit on its screen first
        delays = timed_click(two, [two, one, screen], *xy)
        assert teacher.kernel_eval(f"table.game.cafe.guest({seat!r})") == guest
        assert all(d >= 0 for d in delays), delays
        for nb, name in ((teacher, "screen"), (first, "laptop_1"), (second, "laptop_2")):
            nb.screenshot(f"table_{name}.png", full_page=False)
        print("ms until seen, the clicking laptop, the other laptop, the screen:", delays)
