"""The café widget in a real browser: JupyterLab + headless Chromium, clicked with the mouse.

Each scenario writes a small notebook into the server's temporary root, runs it, waits until
the café is drawn, clicks cards and seats where ``w.locate`` says they are, and checks both
the kernel's state and the pixels. The first one also saves, reloads the page and plays on
with the live widget (ipycanvas #322: redraws after a reload), then runs all again and plays
once more. Screenshots go to ``test-artifacts/``.

Needs Debian's chromium and the ``test`` extra; without them the tests are skipped, except
under CI (the ``CI`` environment variable set), where they fail. Run only these with
``pytest -m browser``, or leave them out with ``-m "not browser"``.
"""

from __future__ import annotations

import time

import pytest

from harness import Lab, artifact_path, new_notebook

pytestmark = pytest.mark.browser

SANDBOX = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"


@pytest.fixture(scope="module")
def lab(shared_lab):
    """The browser tests' JupyterLab (tests/browser/conftest.py)."""
    return shared_lab.get()


def open_widget(lab: Lab, name: str, source: str):
    """Write a notebook, open it, run it; return (notebook, canvas view, COLORS)."""
    lab.add_notebook(name, new_notebook([source]))
    nb = lab.open(name)
    nb.run_all()
    return nb, *drawn_canvas(nb)


def drawn_canvas(nb):
    """The widget's canvas once the café (background and seats) is on screen."""
    width, height = nb.kernel_eval("tuple(w.size)")
    colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
    canvas = nb.canvas(size=(width, height))
    canvas.wait_drawn()
    # Layer 0 (background) alone would satisfy wait_drawn: wait for an empty seat too.
    seat = next(s for s in ("c2", "e4", "a2", "b5") if nb.kernel_eval(f"w.cafe.guest({s!r})") is None)
    canvas.wait_color(*nb.kernel_eval(f"w.locate({seat!r})"), colors["seat"])
    return canvas, colors


def place(nb, canvas, colors, guest: str, seat: str) -> None:
    """Click ``guest`` (palette or hand), see ``seat`` light up, click ``seat``."""
    card_xy = nb.kernel_eval(f"w.locate({guest!r})")
    seat_xy = nb.kernel_eval(f"w.locate({seat!r})")
    canvas.click(*card_xy)
    canvas.wait_color(*seat_xy, colors["lit_fill"])      # the seat is lit on screen
    canvas.click(*seat_xy)
    canvas.wait_color(*seat_xy, colors["lit_fill"], present=False)


def test_sandbox_click_save_reload_click(lab):
    t0 = time.monotonic()
    source = (
        "from cafe_widget import CafeWidget\n"
        f'w = CafeWidget.from_notation("{SANDBOX}")\n'
        "w"
    )
    nb, canvas, colors = open_widget(lab, "sandbox.ipynb", source)

    # RUf on c2: the Russian table b2 scores 6 (E12's first card).
    place(nb, canvas, colors, "RUf", "c2")
    assert nb.wait_kernel("w.cafe.guest('c2') == 'RUf'")
    status = nb.kernel_eval("w.status")
    assert "+6" in status, status
    c2 = nb.kernel_eval("w.locate('c2')")
    canvas.wait_color(*c2, colors["woman"])              # a woman's card body where c2 was
    assert not canvas.has_color(*c2, colors["seat"], r=3)  # ...and no empty seat there
    canvas.screenshot("browser-sandbox-RUf-c2.png")
    nb.screenshot("browser-sandbox-page.png")

    # Save and reload the page: same kernel, new front end. First without re-running: the live
    # widget re-renders from the kernel and must redraw itself (client_ready) and keep playing.
    # ipycanvas #322: Python's canvas manager remembers which canvas the old page had current
    # and skips the switch command, which a new page needs ("reading 'clearCanvas'"). Put the
    # manager in the state where the first redraw after the reload would hit that (layer 0
    # believed current); the widget must reset it before each batch.
    nb.save()
    saved = lab.read_notebook("sandbox.ipynb")
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for o in saved["cells"][0]["outputs"]), "the saved notebook has no widget output"
    nb.kernel_eval(code="import ipycanvas.canvas as _c; "
                        "_c._CANVAS_MANAGER._current_canvas = w.children[0][0]")
    nb.reload()
    canvas, colors = drawn_canvas(nb)
    canvas.wait_color(*c2, colors["woman"])               # the café as it was, RUf on c2
    place(nb, canvas, colors, "ITm", "e4")                 # next to the Italian table d4
    assert nb.wait_kernel("w.cafe.guest('e4') == 'ITm'")
    canvas.wait_color(*nb.kernel_eval("w.locate('e4')"), colors["man"])
    canvas.screenshot("browser-sandbox-reloaded-ITm-e4.png")
    canvas_errors = [e for e in lab.console_errors if "canvas" in e.lower()]
    assert not canvas_errors, canvas_errors

    # Then run all again: a fresh widget on the reloaded page, played by mouse again.
    nb.run_all()
    canvas, colors = drawn_canvas(nb)
    assert nb.kernel_eval("w.cafe.guest('c2')") is None   # a fresh widget
    place(nb, canvas, colors, "ITm", "e4")
    assert nb.wait_kernel("w.cafe.guest('e4') == 'ITm'")
    assert "ITm@e4" in nb.kernel_eval("w.status")
    canvas.wait_color(*nb.kernel_eval("w.locate('e4')"), colors["man"])
    canvas.screenshot("browser-sandbox-rerun-ITm-e4.png")

    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    print(f"sandbox scenario: {time.monotonic() - t0:.1f} s")


def test_game_first_card_first_lit_seat(lab):
    t0 = time.monotonic()
    source = (
        "from cafe_widget import CafeWidget, Game\n"
        'w = CafeWidget(game=Game.new(players=2, seed=1), players=["human", "computer"])\n'
        "w"
    )
    nb, canvas, colors = open_widget(lab, "game.ipynb", source)

    legal = nb.kernel_eval("w.game.legal_placements()")
    assert legal, "the deal leaves player 1 no card to place"
    guest, seat = legal[0].split("@")   # the first card of the hand that has a seat

    place(nb, canvas, colors, guest, seat)
    move = f"{guest}@{seat}"
    assert nb.wait_kernel("w.game.turn is not None and len(w.game.turn.cards) == 1")
    assert nb.kernel_eval("w.game.turn.cards[-1].text") == move
    assert nb.kernel_eval("w.status").startswith(move)
    # The card is on its seat, unless its table was cleared (then the seat is empty again).
    seat_xy = nb.kernel_eval(f"w.locate({seat!r})")
    if nb.kernel_eval(f"w.cafe.guest({seat!r})") == guest:
        canvas.wait_color(*seat_xy, colors["woman" if guest.endswith("f") else "man"])
    else:
        assert nb.kernel_eval("w.game.turn.cards[-1].cleared"), "the card left its seat"
        canvas.wait_color(*seat_xy, colors["seat"])
    canvas.screenshot(f"browser-game-{guest}-{seat}.png")

    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    print(f"game scenario: {time.monotonic() - t0:.1f} s")


def test_hint_lights_the_best_turn(lab):
    """Click *Hint* with the mouse: the best turn's seats light up, numbered, the expert's guess
    sits under the points, and nothing is played. Then the hinted turn by mouse, End turn, and
    the expert (the other seat) plays its own turn in the kernel."""
    t0 = time.monotonic()
    source = (
        "from cafe_widget import CafeWidget, Game\n"
        'DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm'
        ' | - / - | 0 0 | to:1"\n'
        'w = CafeWidget.from_notation(DUEL, players=["human", "expert"])\n'
        "w"
    )
    nb, canvas, colors = open_widget(lab, "hint.ipynb", source)
    cell = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['CELL']).CELL")
    canvas.click(*nb.kernel_eval("w.locate('hint')"))
    assert nb.wait_kernel("w.status.startswith('Hint, not played')")
    hinted = nb.kernel_eval("[seat for seat, _ in w.view().hint]")
    assert hinted == ["c2", "b3", "d3"]
    info = nb.kernel_eval("list(w.view().info)")
    assert info[0] == "*Hint: 17 points" and info[1].startswith("The expert's guess (not points): ")
    assert nb.kernel_eval("w.game.turn is None and len(w.game.hand()) == 4")
    for seat in hinted:   # the numbered label at the foot of each hinted seat
        x, y = nb.kernel_eval(f"w.locate({seat!r})")
        canvas.wait_color(x - cell / 2 + 9, y + cell / 2 - 27, colors["hint"])
    canvas.screenshot("browser-game-hint.png")

    for guest, seat in (("DEm", "c2"), ("DEf", "b3"), ("ITf", "d3")):
        place(nb, canvas, colors, guest, seat)
    assert nb.wait_kernel("w.game.turn is not None and w.game.turn.points == 17")
    canvas.click(*nb.kernel_eval("w.locate('end')"))
    assert nb.wait_kernel("w.game.to_move == 0 and len(w.game.log) == 2")   # the expert has played
    played = nb.kernel_eval("w.game.log[1].player, w.game.log[1].action")
    chosen = nb.kernel_eval("__import__('cafe_widget.players.expert', fromlist=['E']).ExpertPlayer()"
                            ".actions(type(w.game)(w.game.log[1].before))")
    assert played == (1, ", ".join(a for a in chosen if a != "end") if "@" in chosen[0] else chosen[0])
    assert nb.kernel_eval("w.game.scores[0]") == 17 and "Traceback" not in nb.kernel_eval("w.status")
    canvas.screenshot("browser-game-expert-played.png")
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    print(f"hint and expert scenario: {time.monotonic() - t0:.1f} s")


def test_a_puzzle_solved_by_mouse(lab):
    """Puzzle mode: E12's café and hand; the best turn played card by card with the
    mouse, then *Check*: solved, 23 points, the status line green on screen."""
    t0 = time.monotonic()
    source = (
        "from cafe_widget.widget import ask_turn\n"
        f'w = ask_turn("{SANDBOX}", "RUf ITf ITm DEm")\n'
        "w"
    )
    nb, canvas, colors = open_widget(lab, "puzzle.ipynb", source)
    for guest, seat in [("RUf", "c2"), ("ITm", "d3"), ("ITf", "c4")]:
        place(nb, canvas, colors, guest, seat)
        assert nb.wait_kernel(f"w.cafe.guest({seat!r}) == {guest!r} or w.cafe.table('c3') != 'FR'")
    assert nb.wait_kernel("w.view().hand == ('DEm',)")
    canvas.click(*nb.kernel_eval("w.locate('check')"))
    assert nb.wait_kernel("w.puzzle_state['solved'] == [1]")
    assert nb.kernel_eval("w.status").startswith("Solved: RUf@c2, ITm@d3, ITf@c4 makes 23 points")
    # the status area turns green, and the café is the one after the clearing of c3 (R9)
    status_x, status_y = nb.kernel_eval("(lambda s: (s.PANEL_X + 6, s.STATUS_Y + 6))"
                                        "(__import__('cafe_widget.render.style', fromlist=['STATUS_Y']))")
    canvas.wait_color(status_x, status_y, colors["status_ok"], r=3)
    assert nb.kernel_eval("w.cafe.format()") == "RU GB US ES IT | b1:RUf | CN DE"
    canvas.screenshot("browser-puzzle-solved.png")
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    print(f"puzzle scenario: {time.monotonic() - t0:.1f} s")


def test_keyboard_path_and_new_game(lab):
    """Without a mouse: the best turn typed in the command box, Enter; the computer
    answers after its pause; Tab reaches the box's button, the notation box and Load. Then New
    game by mouse, asked first, then dealt with the next seed."""
    t0 = time.monotonic()
    source = (
        "from cafe_widget import CafeWidget, Game\n"
        'w = CafeWidget(game=Game.new(players=2, seed=41, start_player=0), players=["human", "computer"])\n'
        "w"
    )
    nb, canvas, colors = open_widget(lab, "keyboard.ipynb", source)
    page = nb.page
    best = nb.kernel_eval("w.game.best_turn().text")
    points = nb.kernel_eval("w.game.best_turn().points")
    box = page.locator(".jp-OutputArea-output input[placeholder^='a move']")
    box.click()
    page.keyboard.insert_text(f"{best}, end")
    page.keyboard.press("Enter")
    assert nb.wait_kernel(f"w.game.scores[0] == {points} and w.game.log[0].action == {best!r}")
    assert nb.wait_kernel("len(w.game.log) >= 2", timeout=20)          # the computer, after its pause
    assert nb.wait_kernel("w.status.startswith('Computer 2 (steady) ')")
    assert nb.kernel_eval("w._command.value") == ""
    page.wait_for_function("() => [...document.querySelectorAll('[aria-live=polite]')]"
                           ".some(e => e.textContent.includes('Computer 2 (steady)'))")
    canvas.screenshot("browser-keyboard-turn.png")

    # focus order: the box, its Play button, the notation box, Load
    box.focus()
    order = []
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.tagName + ':' + "
                                   "(document.activeElement.textContent || document.activeElement.value || '')"))
    assert order[0].startswith("BUTTON:") and "Play" in order[0], order
    assert order[1].startswith("INPUT:") and order[2].startswith("BUTTON:") and "Load" in order[2], order

    # New game, by mouse: asked first (a game is going on), then the next seed
    canvas.click(*nb.kernel_eval("w.locate('new')"))
    assert nb.wait_kernel("w.status.startswith('Start a new game?')")
    canvas.click(*nb.kernel_eval("w.locate('new')"))
    assert nb.wait_kernel("w.game.seed == 42 and w.status.startswith('New game, seed 42.')")
    canvas.screenshot("browser-new-game.png")
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    print(f"keyboard and new game scenario: {time.monotonic() - t0:.1f} s")


def test_bad_inputs_change_nothing_and_a_save_loads_back(lab):
    """By keyboard and mouse: the log's spelling of a face-down card typed in the command
    box is refused with its rule and changes nothing; half a save pasted under Load (over a turn
    in progress: asked first) is refused with its reason and the turn stays; the whole save,
    pasted and loaded, gives the same game back."""
    t0 = time.monotonic()
    source = (
        "import json\n"
        "from cafe_widget import CafeWidget, Game\n"
        'w = CafeWidget(game=Game.new(players=2, seed=41, start_player=0), players=["human", "computer"])\n'
        "w"
    )
    nb, canvas, colors = open_widget(lab, "bad_inputs.ipynb", source)
    page = nb.page
    box = page.locator(".jp-OutputArea-output input[placeholder^='a move']")
    box.click()
    page.keyboard.insert_text("down:RUf")
    page.keyboard.press("Enter")
    assert nb.wait_kernel("w.refused and '(R' in w.status and not w.game.log and w.game.turn is None")
    status = nb.kernel_eval("w.status")
    assert "Something went wrong" not in status and "Error" not in status, status
    page.wait_for_function("() => [...document.querySelectorAll('[aria-live=polite]')]"
                           f".some(e => e.textContent.includes({status[:30]!r}))")

    # a card of the best turn, then half a save pasted under Load: asked first, then refused
    first = nb.kernel_eval("w.game.best_turn().cards[0].text")
    box.click()
    page.keyboard.insert_text(first)
    page.keyboard.press("Enter")
    assert nb.wait_kernel("w.game.turn is not None and len(w.game.turn.cards) == 1")
    assert nb.wait_kernel("w._text.value == w.notation")   # the boxes follow a moment after a move
    before = nb.kernel_eval("w.game.format()")
    whole = nb.kernel_eval("json.dumps(json.loads(w.save()))")
    notation = page.locator(".jp-OutputArea-output input[placeholder='café or game notation']")
    load = page.locator(".jp-OutputArea-output button", has_text="Load")
    notation.fill(whole[:len(whole) // 2])
    load.click()
    assert nb.wait_kernel("w.status.startswith('Replace the game?')")
    load.click()
    assert nb.wait_kernel("w.refused and 'is not a whole save' in w.status")
    assert nb.kernel_eval("w.game.format()") == before
    canvas.wait_color(*nb.kernel_eval("w.locate('c2')"), colors["seat"])   # still drawn
    canvas.screenshot("browser-half-save-refused.png")

    # the whole save, pasted: the same game back (its turn in progress included)
    notation.fill(whole)
    load.click()
    assert nb.wait_kernel("w.status.startswith('Replace the game?')")
    load.click()
    assert nb.wait_kernel("not w.refused and w.status.startswith('Loaded')")
    assert nb.kernel_eval("w.game.format()") == before
    assert nb.kernel_eval("w.game.seed") == 41
    canvas.screenshot("browser-save-loaded.png")
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()
    print(f"bad inputs scenario: {time.monotonic() - t0:.1f} s")


def test_german_by_one_switch_and_a_shown_widget_follows_the_language(lab):
    """``cafe_widget.language("de")`` at the top: the café, its hand, its buttons and every
    status line are German (catalog only, no code); switching to French redraws the widget
    already shown, in French."""
    source = ('import cafe_widget\ncafe_widget.language("de")\n'
              'from cafe_widget import CafeWidget, Game\n'
              'w = CafeWidget(game=Game.new(players=2, seed=4), players=["human", "human"])\nw')
    nb, canvas, colors = open_widget(lab, "german.ipynb", source)
    assert nb.kernel_eval("w.lang") == "de"
    assert nb.kernel_eval("w._command_button.description") == "Spielen"
    guest, seat = nb.kernel_eval("next((g, s) for g in w.game.hand(0) "
                                 "for s in w.game.seat_scores(g))")
    place(nb, canvas, colors, guest, seat)
    assert nb.wait_kernel(f"w.cafe.guest({seat!r}) == {guest!r}")
    status = nb.kernel_eval("w.status")
    assert "Tisch" in status and "table" not in status, status
    canvas.screenshot("browser-german-cafe.png")
    texts = ("[p.text for layer in w.scene.layers for p in layer "
             "if type(p).__name__ == 'Text' and p.text.startswith(%r)]")
    assert nb.kernel_eval(texts % "Hand von"), "the German hand title is drawn"
    nb.kernel_eval(code='cafe_widget.language("fr")')
    assert nb.wait_kernel("w._command_button.description == 'Jouer'")
    assert nb.wait_kernel(texts % "Main :"), "redrawn in French"
    canvas.screenshot("browser-german-then-french.png")
    nb.kernel_eval(code='cafe_widget.language("en")')


LAPTOP = (1366, 768)      # most classrooms' screens


def test_both_widgets_fit_a_school_laptop(lab):
    """In JupyterLab at 1366 × 768 on a HiDPI screen (2 device pixels a CSS pixel): each
    widget's canvas is at most 560 CSS px tall and 900 wide, drawn at 2× (sharp), and the
    canvas, its status line and the boxes under it fit in the notebook's window at once; a
    card clicked there lights its seats. Screenshots: ``test-artifacts/laptop-*.png``."""
    source = ("from cafe_widget import BoardWidget, CafeWidget, Game\n"
              "w = CafeWidget(Game.new(players=3, seed=1), players=['human', 'steady', 'steady'])\nw")
    board = "b = BoardWidget(players=['human', 'steady'], seed=1)\nb"
    lab.add_notebook("laptop.ipynb", new_notebook([source, board]))
    nb = lab.open("laptop.ipynb", viewport=LAPTOP, scale=2)
    nb.run_all()
    for index, name in enumerate(("w", "b")):
        size = nb.kernel_eval(f"tuple({name}.size)")
        canvas = nb.canvas(index, size=size)
        canvas.wait_drawn()
        output = nb.page.locator(".jp-OutputArea-output").filter(has=nb.page.locator("canvas")).nth(index)
        output.evaluate("el => el.scrollIntoView({block: 'start'})")
        nb.page.wait_for_timeout(300)
        shown = canvas.top.bounding_box()
        assert shown["height"] <= 560 and shown["width"] <= 900, (name, shown)
        assert canvas.top.evaluate("el => el.width") == 2 * round(shown["width"]), name   # sharp at 2×
        window = output.evaluate("el => { const r = el.closest('.jp-WindowedPanel-outer, .jp-Notebook')"
                                 ".getBoundingClientRect(); return [r.top, r.bottom]; }")
        box = output.bounding_box()
        assert window[0] - 1 <= box["y"] and box["y"] + box["height"] <= window[1] + 1, (name, box, window)
        nb.page.screenshot(path=str(artifact_path(f"laptop-1366x768-{'cafe' if name == 'w' else 'board'}.png")))
    # the café still answers the mouse at this size: a card of the hand lights its seats
    canvas = nb.canvas(0, size=nb.kernel_eval("tuple(w.size)"))
    colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
    guest, seat = nb.kernel_eval("next((g, s) for g in w.game.hand(0) for s in w.game.seat_scores(g))")
    canvas.click(*nb.kernel_eval(f"w.locate({guest!r})"))
    canvas.wait_color(*nb.kernel_eval(f"w.locate({seat!r})"), colors["lit_fill"])
    assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
    nb.close()


def test_a_hub_seat_fits_a_school_laptop(lab, tmp_path):
    """A student's seat at a class table (``cafe_widget.join``, against the
    game service run in this process), with the two lines that join it above it as the guide
    writes them, fits JupyterLab at 1366 × 768: the cell scrolled to the top of the notebook's
    window, the typed-move box is whole inside it, the canvas sharp; a card clicked there lights
    its seats (the canvas is shown smaller than it is drawn). Screenshot:
    ``test-artifacts/laptop-1366x768-seat.png``."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "service"))
    from service_helpers import RunningService

    from cafe_widget.classroom.tables import teacher

    service = RunningService(tmp_path / "tables").start()
    try:
        teacher.open_table("3B", "card", ["alice", "bob", "computer"], seed=5, url=service.url, token="t-teacher")
        user = ["alice", "bob"][service.real("3B").to_move]       # the seat to move: its cards light seats
        hub = (f"import os\nos.environ.update(CAFE_SERVICE_URL={service.url!r}, "
               f"JUPYTERHUB_API_TOKEN='t-{user}')")
        seat = "import cafe_widget\nw = cafe_widget.join('3B'); w"
        lab.add_notebook("seat.ipynb", new_notebook([hub, seat]))
        nb = lab.open("seat.ipynb", viewport=LAPTOP, scale=2)
        nb.run_all()
        canvas = nb.canvas(0, size=nb.kernel_eval("tuple(w.size)"))
        canvas.wait_drawn()
        cell = nb.page.locator(".jp-Notebook .jp-Cell").nth(1)
        cell.evaluate("el => el.scrollIntoView({block: 'start'})")
        nb.page.wait_for_timeout(300)
        window = cell.evaluate("el => { const r = el.closest('.jp-WindowedPanel-outer, .jp-Notebook')"
                               ".getBoundingClientRect(); return [r.top, r.bottom]; }")
        top, typed = cell.bounding_box(), nb.page.locator(".jp-OutputArea-output input[type=text]")
        assert typed.count() == 1, "a seat has the typed-move box, and no Load box"
        box = typed.bounding_box()
        assert window[0] - 1 <= top["y"] and box["y"] + box["height"] <= window[1] - 8, (top, box, window)
        shown = canvas.top.bounding_box()
        assert shown["height"] <= 540 and canvas.top.evaluate("el => el.width") >= 2 * shown["width"]   # sharp
        nb.page.screenshot(path=str(artifact_path("laptop-1366x768-seat.png")))
        colors = nb.kernel_eval("__import__('cafe_widget.render.style', fromlist=['COLORS']).COLORS")
        guest, spot = nb.kernel_eval("next((g, s) for g in w.game.hand(w.player) for s in w.game.seat_scores(g))")
        canvas.click(*nb.kernel_eval(f"w.locate({guest!r})"))
        canvas.wait_color(*nb.kernel_eval(f"w.locate({spot!r})"), colors["lit_fill"])
        assert not lab.blocked, f"the page tried to reach: {lab.blocked[:5]}"
        nb.close()
    finally:
        service.stop()
