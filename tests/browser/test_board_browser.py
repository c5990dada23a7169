"""The board game's widget in a real browser: JupyterLab + headless Chromium, with the mouse.

A notebook with ``BoardWidget(game=BoardGame.new(players=2, seed=7), …)`` (player 1 holds
``DEf ESf RUm TRm *m``) is run; a German woman is clicked and seated on ``d13`` (alone at the
German table ``d12``: the next tile must join her, B7); the gentleman joker is clicked, then the
shared chair ``c12`` between the Turkish and the German tables: the widget asks which nation
(B5), and a click on the German table answers; End turn scores 4 (two Germans at the German
table, doubled, B8) and the computer answers. The kernel's game is checked after each click,
the pixels where it matters, and the screenshots go to ``test-artifacts/``.

Needs Debian's chromium and the ``test`` extra; without them the test is skipped, except under
CI (the ``CI`` environment variable set), where it fails.
"""

from __future__ import annotations

import time

import pytest

from harness import new_notebook

pytestmark = pytest.mark.browser

SOURCE = """from cafe_widget import BoardGame, BoardWidget
w = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"])
w"""


@pytest.fixture(scope="module")
def lab(shared_lab):
    """The browser tests' JupyterLab (tests/browser/conftest.py)."""
    return shared_lab.get()


def test_a_tile_and_a_joker_by_mouse(lab):
    t0 = time.monotonic()
    lab.add_notebook("board.ipynb", new_notebook([SOURCE]))
    nb = lab.open("board.ipynb")
    nb.run_all()
    assert nb.kernel_eval("list(w.game.hand(0))") == ["DEf", "ESf", "RUm", "TRm", "*m"]
    colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
    canvas = nb.canvas(size=tuple(nb.kernel_eval("tuple(w.size)")))
    canvas.wait_drawn()

    def click(name: str) -> None:
        canvas.click(*nb.kernel_eval(f"w.locate({name!r})"))

    # The German woman: her chairs light up on screen; d13 seats her, alone (B7).
    click("DEf")
    assert nb.wait_kernel("w.status.startswith('DEf: may sit on')"), nb.kernel_eval("w.status")
    canvas.wait_color(*nb.kernel_eval("w.locate('d13')"), colors["lit"])
    click("d13")
    assert nb.wait_kernel("w.game.turn is not None and w.game.board.tile('d13') == 'DEf'")
    assert "the second tile must join it (B7)" in nb.kernel_eval("w.status")

    # The joker on the shared chair c12: which nation? (B5) — the German table answers.
    click("*m")
    assert nb.wait_kernel("w.status.startswith('*m, a joker')")
    click("c12")
    assert nb.wait_kernel("'which nation does the joker stand for' in w.status")
    canvas.screenshot("browser-board-which-nation.png")
    click("d12")
    assert nb.wait_kernel("w.game.board.tile('c12') == 'DEm*'"), nb.kernel_eval("w.status")

    # End turn: 4 points (two Germans at the German table, doubled, B8); the computer answers.
    click("end")
    assert nb.wait_kernel("len(w.game.log) >= 2")
    assert nb.kernel_eval("w.game.log[0].action, w.game.log[0].points, w.game.scores[0]") == (
        "DEf@d13, DEm*@c12", 4, 4)
    assert nb.kernel_eval("w.game.to_move") == 0
    joker = nb.kernel_eval("__import__('cafe_widget.render.board_scene', fromlist=['J']).JOKER_BODY")
    canvas.wait_color(*nb.kernel_eval("w.locate('c12')"), joker, r=10)       # the gold joker sits
    canvas.wait_color(*nb.kernel_eval("w.locate('d13')"), colors["woman"], r=10)
    canvas.screenshot("browser-board-after-turn.png")

    # ◀ looks back at the position before the computer's turn (read-only); Back to game returns.
    click("back")
    assert nb.wait_kernel("w.mode == 'history' and w.viewing == 1"), nb.kernel_eval("w.status")
    canvas.wait_color(*nb.kernel_eval("w.locate('b9')"), colors["man"], r=10, present=False)   # CUm not yet there
    canvas.screenshot("browser-board-history.png")
    click("live")
    assert nb.wait_kernel("w.mode == 'play' and w.viewing is None")
    nb.screenshot("browser-board-page.png", full_page=False)
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    print(f"board widget: {time.monotonic() - t0:.1f} s")


def test_the_board_in_german(lab):
    """The board widget speaks German after ``cafe_widget.language("de")``: no code, a catalog."""
    source = ('import cafe_widget\ncafe_widget.language("de")\n' + SOURCE)
    lab.add_notebook("board_de.ipynb", new_notebook([source]))
    nb = lab.open("board_de.ipynb")
    nb.run_all()
    canvas = nb.canvas(size=tuple(nb.kernel_eval("tuple(w.size)")))
    canvas.wait_drawn()
    canvas.click(*nb.kernel_eval("w.locate('DEf')"))
    assert nb.wait_kernel("w.status.startswith('DEf')"), nb.kernel_eval("w.status")
    status = nb.kernel_eval("w.status")
    assert "Stuhl" in status or "Stühle" in status, status
    canvas.click(*nb.kernel_eval("w.locate('d13')"))
    assert nb.wait_kernel("w.game.turn is not None and w.game.board.tile('d13') == 'DEf'")
    canvas.screenshot("browser-board-german.png")
    nb.kernel_eval(code='cafe_widget.language("en")')
