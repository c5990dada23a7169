"""The teaching notebooks 10 (play a game) and 11 (the sandbox) in a real browser.

Each notebook is copied into the server's temporary root (the originals are never touched),
opened in JupyterLab, run all, and played with the mouse: in 10 the first card the engine
allows (``w.game.legal_placements()[0]``) on its seat, then End turn, which R7 refuses while
that card sits alone; in 11 a palette guest on a lit seat, then a friend's position pasted into
the Load box under the café and played on. The kernel's game and café are checked after each
click, and screenshots go to ``test-artifacts/``.

Needs Debian's chromium and the ``test`` extra; without them the tests are skipped, except
under CI (the ``CI`` environment variable set), where they fail. Run only the browser tests with
``pytest -m browser``.
"""

from __future__ import annotations

import time

import pytest

from harness import REPO_ROOT, Lab

pytestmark = pytest.mark.browser

NOTEBOOKS = ("10_play.ipynb", "11_sandbox.ipynb")
FRIEND = "DE IT CF TR IT | d1:ITm c2:ITf b3:TRm c4:ITf a4:TRf | CN CU"


@pytest.fixture(scope="module")
def lab(shared_lab):
    """The browser tests' JupyterLab (tests/browser/conftest.py), with copies of the notebooks."""
    lab = shared_lab.get()
    for name in NOTEBOOKS:
        lab.add_notebook(name, REPO_ROOT / "notebooks" / name)
    return lab


def open_and_run(lab: Lab, name: str):
    """Open a copied notebook, run all its cells; return (notebook, canvas of ``w``, COLORS)."""
    nb = lab.open(name)
    nb.run_all(timeout=90)
    width, height = nb.kernel_eval("tuple(w.size)")
    colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
    canvas = nb.canvas(0, size=(width, height))   # the first widget output of the notebook: w
    canvas.wait_drawn()
    # The background layer alone satisfies wait_drawn: wait for an empty seat drawn too.
    seat = next(s for s in ("c2", "e4", "a2", "b5") if nb.kernel_eval(f"w.cafe.guest({s!r})") is None)
    canvas.wait_color(*nb.kernel_eval(f"w.locate({seat!r})"), colors["seat"])
    return nb, canvas, colors


def close(lab: Lab, nb) -> None:
    """Close the page and the kernel, and forget the workspace: otherwise the next page
    restores this notebook's tab and starts a second kernel for it."""
    nb.close()
    lab.api("DELETE", "/lab/api/workspaces/default")


def place(nb, canvas, colors, guest: str, seat: str) -> None:
    """Click ``guest`` (hand or palette), see ``seat`` light up on screen, click ``seat``."""
    seat_xy = nb.kernel_eval(f"w.locate({seat!r})")
    canvas.click(*nb.kernel_eval(f"w.locate({guest!r})"))
    canvas.wait_color(*seat_xy, colors["lit_fill"])
    canvas.click(*seat_xy)
    canvas.wait_color(*seat_xy, colors["lit_fill"], present=False)


def test_10_play_first_legal_card(lab):
    t0 = time.monotonic()
    nb, canvas, colors = open_and_run(lab, "10_play.ipynb")
    assert nb.kernel_eval("w.game.seed") == 7
    hand = nb.kernel_eval("list(w.game.hand(0))")
    move = nb.kernel_eval("w.game.legal_placements()[0]")
    guest, seat = move.split("@")

    place(nb, canvas, colors, guest, seat)
    assert nb.wait_kernel("w.game.turn is not None and len(w.game.turn.cards) == 1")
    assert nb.kernel_eval("w.game.turn.cards[-1].text") == move
    assert nb.kernel_eval(f"w.cafe.guest({seat!r})") == guest
    after = list(hand)
    after.remove(guest)
    assert nb.kernel_eval("list(w.game.hand(0))") == after
    assert nb.kernel_eval("w.status").startswith(move)
    seat_xy = nb.kernel_eval(f"w.locate({seat!r})")
    canvas.wait_color(*seat_xy, colors["woman" if guest.endswith("f") else "man"])

    # End turn with that card alone at its table: refused, and the status line says why (R7).
    canvas.click(*nb.kernel_eval("w.locate('end')"))
    assert nb.wait_kernel("'(R7)' in w.status")
    assert nb.kernel_eval("len(w.game.turn.cards), w.game.log") == (1, [])
    canvas.screenshot(f"browser-nb10-{guest}-{seat}.png")

    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    close(lab, nb)
    print(f"10_play: {time.monotonic() - t0:.1f} s")


def test_11_sandbox_palette_then_load_box(lab):
    t0 = time.monotonic()
    nb, canvas, colors = open_and_run(lab, "11_sandbox.ipynb")
    assert nb.kernel_eval("w.game") is None             # a sandbox
    start = nb.kernel_eval("w.cafe.format()")
    seats = nb.kernel_eval("w.cafe.legal_seats('RUf')")
    assert seats, start
    seat = seats[-1]
    points = nb.kernel_eval(f"w.cafe.play('RUf@{seat}').points")   # the engine's own answer

    place(nb, canvas, colors, "RUf", seat)
    assert nb.wait_kernel(f"w.cafe.guest({seat!r}) == 'RUf'")
    assert f"= {points}" in nb.kernel_eval("w.status"), nb.kernel_eval("w.status")
    canvas.wait_color(*nb.kernel_eval(f"w.locate({seat!r})"), colors["woman"])
    canvas.screenshot(f"browser-nb11-RUf-{seat}.png")

    # A friend's position: typed into the box under the café, then the Load button.
    output = nb.page.locator(".jp-OutputArea-output").filter(has=nb.page.locator("canvas")).nth(0)
    box = output.locator("input[placeholder='café or game notation']")
    box.fill(FRIEND)
    output.get_by_role("button", name="Load").click()
    canonical = nb.kernel_eval(f"__import__('cafe_widget').Cafe.parse({FRIEND!r}).format()")
    assert nb.wait_kernel(f"w.cafe.format() == {canonical!r}")
    canvas.wait_color(*nb.kernel_eval("w.locate('b3')"), colors["man"])   # TRm drawn on b3

    # ... and played on: the Italian man on d3 fills the African table c3, which is cleared (R9).
    place(nb, canvas, colors, "ITm", "d3")
    assert nb.wait_kernel("w.cafe.table('c3') == 'CN'")
    assert nb.kernel_eval("w.cafe.guest('d3'), w.cafe.guest('c2')") == (None, None)
    assert "= 14" in nb.kernel_eval("w.status")
    canvas.screenshot("browser-nb11-friend-ITm-d3.png")
    nb.screenshot("browser-nb11-page.png", full_page=False)

    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    close(lab, nb)
    print(f"11_sandbox: {time.monotonic() - t0:.1f} s")
