"""The classroom view: ``notebooks/play.ipynb`` rendered by Voilà, played with the mouse.

Voilà's server extension, in the browser tests' JupyterLab server as on Binder (the shared Lab,
tests/browser/conftest.py), serves a copy of the notebook at
``/voila/render/notebooks/play.ipynb``, the path a Binder link
``?urlpath=voila/render/notebooks/play.ipynb`` opens. Voilà runs the notebook in its own kernel,
which this test cannot reach; but the widget is deterministic for a seed, so the test builds the
same widget here, from the notebook's own code cell, and replays every click on it: its
``locate`` says where to click, and its scene says what the page must show after each click
(the card's body on its seat, the colour of the status line).

Needs Debian's chromium, the ``test`` extra and voila; without them the test is skipped,
except under CI (the ``CI`` environment variable set), where it fails.
"""

from __future__ import annotations

import ast
import json
import re
import time

import pytest

from harness import REPO_ROOT, require_browser

pytestmark = pytest.mark.browser

NOTEBOOK = REPO_ROOT / "notebooks" / "play.ipynb"
PATH = "notebooks/play.ipynb"   # as in the repository, so the URL is Binder's
#: What Voilà's page template asks of CDNs (icons, MathJax); blocked here, and not needed.
VOILA_CDN = ("https://cdn.jsdelivr.net/npm/@fortawesome/",
             "https://cdnjs.cloudflare.com/ajax/libs/mathjax/")


def notebook_widget(seed: int):
    """The widget the notebook shows, built in this process from the notebook's code cells
    (the value of the last expression of the last cell), for the deal ``seed`` the page shows
    (the page deals a fresh game each time; ``SEED = None`` replays one when given a number)."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert "SEED = None" in cells[-1], "the play page deals a fresh game unless SEED is set"
    cells[-1] = cells[-1].replace("SEED = None", f"SEED = {seed}", 1)
    assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code"), \
        "play.ipynb is committed without outputs (tools/refresh_notebooks.py)"
    namespace: dict = {}
    for source in cells[:-1]:
        exec(compile(source, str(NOTEBOOK), "exec"), namespace)
    tree = ast.parse(cells[-1])
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), "the last cell ends with the widget"
    exec(compile(tree, str(NOTEBOOK), "exec"), namespace)
    return eval(compile(ast.Expression(last.value), str(NOTEBOOK), "eval"), namespace)


def status_line(w, colors):
    """(a point on the status line clear of its text, its fill colour) in ``w``'s scene."""
    from cafe_widget.render.scene import Rect


    fills = {colors["status"], colors["status_ok"], colors["status_error"]}
    rect = max((p for layer in w.scene.layers for p in layer
                if isinstance(p, Rect) and p.fill in fills), key=lambda r: r.w)
    return (rect.x + rect.w - 40, rect.y + 6), rect.fill


@pytest.fixture(scope="module")
def lab(shared_lab):
    """The browser tests' JupyterLab (tests/browser/conftest.py), whose server runs Voilà too."""
    require_browser(("voila",))
    return shared_lab.get()


def test_voila_play_view_place_a_card(lab):
    from cafe_widget import CafeWidget
    from cafe_widget.render.style import COLORS

    t0 = time.monotonic()

    def click(name: str):
        """Click ``name`` in the page and on the twin; return where."""
        xy = w.locate(name)
        canvas.click(*xy)
        w.click(*xy)
        return xy

    lab.add_notebook(PATH, NOTEBOOK)
    t_server = time.monotonic() - t0
    view = lab.open_voila(PATH)
    try:
        # A fresh deal each time the page opens, its seed shown: the twin of the widget in
        # Voilà's kernel is dealt from the seed the page shows.
        view.page.get_by_text(re.compile(r"Game \d+ · to replay it")).wait_for(timeout=60_000)
        seed = int(re.search(r"Game (\d+) · to replay it, write SEED = (\d+)",
                             view.page.inner_text("body")).group(1))
        w = notebook_widget(seed)
        assert isinstance(w, CafeWidget) and w.game is not None and w.game.seed == seed
        # a card that would sit alone, so that ending the turn with it is refused (R7)
        start = w.game.state.cafe.begin_turn()
        moves = w.game.legal_placements()
        cards = [(m, start.place(*m.split("@")).cards[-1]) for m in moves]
        calm = [m for m, card in cards if not card.cleared]        # a card that stays on its seat
        alone = [m for m, card in cards if not card.cleared and card.points == 0]
        move = (alone or calm or moves or ["draw@-"])[0]   # a deal with no legal card: draw (R4b)
        guest, seat = move.split("@")
        body = COLORS["woman" if guest.endswith("f") else "man"]
        empty = next(s for s in ("c2", "e4", "a2", "b5") if w.cafe.guest(s) is None and s != seat)
        status_xy, fill = status_line(w, COLORS)
        canvas = view.canvas(0, size=w.size)
        try:
            canvas.wait_drawn(timeout=30)
            canvas.wait_color(*w.locate(empty), COLORS["seat"])   # the café, not only the floor
        except Exception:
            view.screenshot("voila-play-not-drawn.png")
            raise AssertionError(f"the café was not drawn; page errors: {view.errors()}; "
                                 f"console: {lab.console_errors[-5:]}")
        canvas.wait_color(*status_xy, fill)
        t_drawn = time.monotonic() - t0

        # A play view: the title and the instructions, no code.
        assert view.page.get_by_role("heading", name="Café International").is_visible()
        assert view.page.locator(".jp-InputArea-editor, .cm-editor, .jp-InputPrompt").count() == 0
        assert "CafeWidget" not in view.page.inner_text("body")

        # A deal where no card may sit: the student draws (R4b, R10), and the computers answer.
        if not moves:
            done = len(w.game.log)
            click("draw")
            assert len(w.game.log) > done and w.game.log[done].action == "draw", w.status
            view.screenshot("voila-play-draw.png", full_page=False)
            return

        # The first card the engine allows: click it, its seats light up, click the seat.
        click(guest)
        seat_xy = w.locate(seat)
        canvas.wait_color(*seat_xy, COLORS["lit_fill"])
        click(seat)
        assert w.status.startswith(move), w.status
        if move in calm:      # (a card that fills a table leaves with it, R9)
            assert w.cafe.guest(seat) == guest
            canvas.wait_color(*seat_xy, body)                     # the card sits there
        canvas.wait_color(*seat_xy, COLORS["lit_fill"], present=False)
        _, fill = status_line(w, COLORS)
        assert fill == COLORS["status_ok"]
        canvas.wait_color(*status_xy, fill)                       # the status line says so

        # End turn with that card alone at its table: refused (R7), the status line turns red.
        # (A deal where every card joins a guest: the turn is played, and the computers answer.)
        if not alone:
            done = len(w.game.log)
            click("end")
            assert len(w.game.log) > done and w.game.log[done].action == move, w.status
            view.screenshot(f"voila-play-{guest}-{seat}.png", full_page=False)
            return
        click("end")
        assert "(R7)" in w.status, w.status
        _, fill = status_line(w, COLORS)
        assert fill == COLORS["status_error"]
        canvas.wait_color(*status_xy, fill)
        canvas.wait_color(*seat_xy, body)                         # and the card stays
        view.screenshot(f"voila-play-{guest}-{seat}.png", full_page=False)

        assert view.errors() == []
        unexpected = [u for u in view.blocked if not u.startswith(VOILA_CDN)]
        assert not unexpected, f"the page tried to reach: {unexpected[:5]}"
    finally:
        view.close()     # the page; the Lab stays for the next tests
    print(f"voila play.ipynb: server {t_server:.1f} s, drawn {t_drawn:.1f} s, "
          f"total {time.monotonic() - t0:.1f} s")
