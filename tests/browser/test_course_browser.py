"""The course in a real browser, in English and in French: notebook 3 (the guided first game)
opened in JupyterLab, run all, and its first exercise — step 1, "find the best turn" — answered
with the mouse. A weaker turn first: the café refuses it with the reason and plays nothing; then
the best turn, card by card, and End turn: the step is done, the computer answers, step 2 is
asked. Screenshots go to ``test-artifacts/``.

Needs Debian's chromium and the ``test`` extra; without them the tests are skipped, except
under CI (the ``CI`` environment variable set), where they fail.
"""

from __future__ import annotations

import time

import pytest

from harness import REPO_ROOT, Lab

pytestmark = pytest.mark.browser

NOTEBOOKS = {
    "03_first_game.ipynb": REPO_ROOT / "notebooks" / "03_first_game.ipynb",
    "03_premiere_partie.ipynb": REPO_ROOT / "notebooks" / "fr" / "03_premiere_partie.ipynb",
}
WEAK = (("TRf", "d3"), ("TRm", "c4"))               # a legal turn of 6 points
BEST = (("CNf", "c2"), ("TRm", "d3"), ("TRf", "c4"))  # the best turn: 11 points


@pytest.fixture(scope="module")
def lab(shared_lab):
    """The browser tests' JupyterLab (tests/browser/conftest.py), with copies of the notebooks."""
    lab = shared_lab.get()
    for name, path in NOTEBOOKS.items():
        lab.add_notebook(name, path)
    return lab


def _place(nb, canvas, colors, guest: str, seat: str) -> None:
    """Click ``guest`` in the hand, see ``seat`` light up on screen, click it."""
    seat_xy = nb.kernel_eval(f"guided.locate({seat!r})")
    canvas.click(*nb.kernel_eval(f"guided.locate({guest!r})"))
    canvas.wait_color(*seat_xy, colors["lit_fill"])
    canvas.click(*seat_xy)
    assert nb.wait_kernel(f"guided.cafe.guest({seat!r}) == {guest!r}")


def _guided_step_one(lab: Lab, name: str, refused: str, done: str, step2: str) -> None:
    t0 = time.monotonic()
    nb = lab.open(name)
    nb.run_all(timeout=90)
    colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
    canvas = nb.canvas(0, size=tuple(nb.kernel_eval("tuple(guided.size)")))
    canvas.wait_drawn()
    canvas.wait_color(*nb.kernel_eval("guided.locate('c2')"), colors["seat"])
    start = nb.kernel_eval("guided.game.format()")

    # A weaker turn, then End turn: refused with the reason, nothing played.
    for guest, seat in WEAK:
        _place(nb, canvas, colors, guest, seat)
    canvas.click(*nb.kernel_eval("guided.locate('end')"))
    assert nb.wait_kernel(f"guided.status.startswith({refused!r})"), nb.kernel_eval("guided.status")
    assert nb.kernel_eval("len(guided.game.log), len(guided.game.turn.cards)") == (0, 2)
    canvas.screenshot(f"browser-course-{name[:-6]}-refused.png")

    # Undo twice, then the best turn card by card, and End turn.
    for _ in WEAK:
        canvas.click(*nb.kernel_eval("guided.locate('undo')"))
    assert nb.wait_kernel(f"guided.game.format() == {start!r}")
    for guest, seat in BEST:
        _place(nb, canvas, colors, guest, seat)
    canvas.click(*nb.kernel_eval("guided.locate('end')"))
    assert nb.wait_kernel(f"{done!r} in guided.status")
    assert nb.kernel_eval("guided.game.log[0].action, guided.game.scores[0]") == (
        "CNf@c2, TRm@d3, TRf@c4", 11)
    # the computer answers (paced), then step 2 is asked
    assert nb.wait_kernel(f"{step2!r} in guided.status", timeout=20), nb.kernel_eval("guided.status")
    canvas.screenshot(f"browser-course-{name[:-6]}-step2.png")
    nb.screenshot(f"browser-course-{name[:-6]}-page.png", full_page=False)
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    lab.api("DELETE", "/lab/api/workspaces/default")
    print(f"{name}: {time.monotonic() - t0:.1f} s")


def test_english_guided_game_step_one_by_mouse(lab):
    _guided_step_one(lab, "03_first_game.ipynb",
                     refused="Not yet: these cards make 6, and the best turn makes 11.",
                     done="Step 1 done: 11 points.", step2="Step 2 of 4 · ")


def test_french_guided_game_step_one_by_mouse(lab):
    _guided_step_one(lab, "03_premiere_partie.ipynb",
                     refused="Pas encore : ces cartes font 6, et le meilleur tour fait 11.",
                     done="Étape 1 réussie : 11 points.", step2="Étape 2 sur 4 · ")
