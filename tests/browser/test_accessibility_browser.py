"""A student who cannot see the screen plays, in JupyterLab, in a real browser: keyboard only,
reading only what the page gives assistive technology (Playwright's ARIA snapshot of the
widget: the live status, the screen in words, the boxes and buttons), never a pixel, never the
kernel's objects.

- A whole card game (in French) and a whole board game (in English): each turn the student
  asks for the hint, reads where the hinted card may sit (``où`` / ``where``), types the move,
  ends the turn, hears the computers' turns in the live status, until the game is over.
- A puzzle solved by reading where each card may sit and trying the turns.
- The Tab order: the box, then its button, then out of the widget (no trap).
- axe-core (the ``axe-playwright-python`` package's copy, run in the page) finds no violation of
  WCAG 2.1 A/AA in the widget, in each mode of both games (the guided game too), and in a table's
  seat and screen.
- The café at 200 % zoom on a 1366 × 768 screen, screenshot in ``test-artifacts/``.

What the student types is read off the page; the kernel is asked only at the end of a game, to
check that the page told the truth (the game is over, the scores the page said)."""

from __future__ import annotations

import re
import time
from importlib import resources

import pytest

from harness import POLL_MS, Lab, new_notebook

pytestmark = pytest.mark.browser

PLACEMENT = re.compile(r"\b([A-Z]{2}[fm])@([a-e][1-5])\b")
SEAT_POINTS = re.compile(r"\b([a-e][1-5]) \(\+(\d+)\)")
CARD = re.compile(r"\b([A-Z]{2}[fm]) \(")
SEAT = re.compile(r"\b([a-e][1-5])\b")
TILE_MOVE = re.compile(r"(\*?[A-Z]{0,2}[fm]\*?)@([a-m]\d{1,2})\b")
BAR = re.compile(r"\bbar (\*?[A-Z]{0,2}[fm])\b")
STATUS = re.compile(r'^\s*- status: "?(.*?)"?$', re.M)


@pytest.fixture(scope="module")
def lab(shared_lab):
    """The browser tests' JupyterLab (tests/browser/conftest.py)."""
    return shared_lab.get()


class Student:
    """A student at one widget of the page, by keyboard, hearing only the accessibility tree."""

    def __init__(self, nb, index: int = 0) -> None:
        self.page = nb.page
        self.widget = nb.page.locator(".jp-OutputArea-output").nth(index)
        self.box = self.widget.get_by_role("textbox").first
        self.typed = 0

    def tree(self) -> str:
        return self.widget.aria_snapshot()

    def heard(self) -> str:
        """What the live region says now (role ``status``)."""
        found = STATUS.search(self.tree())
        return found.group(1).replace('\\"', '"') if found else ""

    def words(self) -> str:
        """The screen in words (its region of the tree), as one text."""
        return self.widget.get_by_role("region").first.inner_text()

    def tab_to_the_box(self) -> None:
        """Focus the command box: the student tabs to it (here the first time it is focused for
        them; ``test_the_tab_order_has_no_trap`` checks Tab and Shift+Tab from there)."""
        self.box.focus()

    def type(self, line: str, timeout: float = 20.0) -> str:
        """Type ``line`` and press Enter; returns what the live region says after it. The
        widget empties the box once it has read the line; the live region follows a moment
        later (the same words again, say a refusal repeated, leave it as it was)."""
        before = self.heard()
        self.page.keyboard.type(line)
        self.page.keyboard.press("Enter")
        self.typed += 1
        self.page.wait_for_function("box => box.value === ''", arg=self.box.element_handle(), timeout=timeout * 1000,
                                    polling=POLL_MS)
        deadline = time.monotonic() + 0.3   # the live region follows the box within 50 ms (shell.py)
        while time.monotonic() < deadline:
            now = self.heard()
            if now != before:
                return now
            time.sleep(0.02)
        return self.heard()


def open_widgets(lab: Lab, name: str, cells: list[str], **options):
    lab.add_notebook(name, new_notebook(cells))
    nb = lab.open(name, **options)
    nb.run_all()
    nb.page.locator(".jp-OutputArea-output [role=status]").first.wait_for(timeout=30_000)
    return nb


#: One notebook, a widget a cell, for every test below but axe's (one notebook opened, one kernel):
#: a card game in French, a board game, a puzzle, and a café for the Tab order and the zoom.
BLIND = [
    "from cafe_widget import BoardWidget, CafeWidget\nfrom cafe_widget.teach import puzzles\n"
    "card = CafeWidget(players=['human', 'greedy', 'greedy', 'greedy'], seed=26, pace=0, lang='fr')\ncard",
    "board = BoardWidget(players=['human', 'steady', 'steady'], seed=2, pace=0, lang='en')\nboard",
    "puzzle = CafeWidget.puzzle(puzzles(1)[10], lang='en')\npuzzle",
    "w = CafeWidget(players=['human', 'steady'], seed=3, pace=0)\nw",
]
AT_CARD, AT_BOARD, AT_PUZZLE, AT_CAFE = range(4)   # each widget's output, in order


@pytest.fixture(scope="module")
def blind(lab):
    nb = open_widgets(lab, "blind.ipynb", BLIND)
    nb.page.locator(".jp-OutputArea-output [role=status]").nth(len(BLIND) - 1).wait_for(timeout=30_000)
    return nb


def test_a_whole_card_game_in_french_by_keyboard_reading_only_the_tree(blind):
    nb = blind
    me = Student(nb, AT_CARD)
    assert "Joueur 1 joue" in me.words()                       # the screen says whose turn
    me.tab_to_the_box()
    first = me.type("tables")
    assert "b2, table" in first and "places libres" in first, first
    turns, placed, heard = 0, False, []
    while "Joueur 1 joue" in me.words() and turns < 60:
        hint = me.type("conseil")
        found = PLACEMENT.findall(hint)
        if found:
            guest, seat = found[0]
            where = me.type(f"où {guest}")                       # where may it sit, with the points
            assert seat in dict(SEAT_POINTS.findall(where)), (hint, where)
            if "R9" in hint:                                     # a new table turns up: one card, then look again
                me.type(f"{guest}@{seat}")
                placed = True
                continue
            me.type(", ".join(f"{g}@{s}" for g, s in found))
            placed = True
        if placed:
            heard.append(me.type("fin"))
            placed = False
        else:
            said = me.type("piocher")
            if "R10" in said:                                    # twelve cards: one face down instead
                me.type(f"cachée {CARD.findall(me.type('main'))[0]}")
        turns += 1
    words = me.words()
    assert turns < 60 and "Joueur 1 joue" not in words, words
    assert any("Ordinateur 2" in h for h in heard)               # the computers' turns were heard
    over = me.heard()
    assert "Partie finie" in over, over
    assert nb.kernel_eval("card.game.is_over")                   # the page told the truth
    scores = nb.kernel_eval("list(card.game.scores)")
    for n, score in enumerate(scores):
        name = "Joueur 1" if n == 0 else f"Ordinateur {n + 1} (glouton)"
        assert f"{name} : {score} points" in words, (name, score, words)
    nb.screenshot("a11y-card-game-over-fr.png")
    print(f"\ncard game by keyboard: {turns} turns, {me.typed} lines typed")


def test_a_whole_board_game_by_keyboard_reading_only_the_tree(blind):
    nb = blind
    me = Student(nb, AT_BOARD)
    assert "Player 1 to play" in me.words()
    me.tab_to_the_box()
    assert "b2, African table" in me.type("table b2")
    turns, heard = 0, []
    while "Player 1 to play" in me.words() and turns < 40:
        hint = me.type("hint")
        found = TILE_MOVE.findall(hint)
        if found:
            tile = found[0][0]   # a joker seated as a nation (CNm*) is the hand's *m
            where = me.type(f"where {'*' + tile[2] if tile.endswith('*') else tile}")
            assert found[0][1] in where or "joker" in where.lower(), (hint, where)
            me.type("; ".join(f"{t}@{c}" for t, c in found))
            heard.append(me.type("end"))
        else:
            to_bar = BAR.search(hint)
            assert to_bar, hint
            heard.append(me.type(f"bar {to_bar.group(1)}"))
        turns += 1
    words = me.words()
    assert turns < 40 and "Player 1 to play" not in words, words
    assert any("Computer 2" in h for h in heard)
    assert "Game over" in me.heard(), me.heard()
    assert nb.kernel_eval("board.game.is_over")
    nb.screenshot("a11y-board-game-over-en.png")
    print(f"\nboard game by keyboard: {turns} turns, {me.typed} lines typed")


def test_a_puzzle_solved_by_keyboard_reading_only_the_tree(blind):
    """The hint says how many cards and which first; the student reads where each card may sit,
    tries each turn, hears its points, takes it back, and plays the best one."""
    nb = blind
    me = Student(nb, AT_PUZZLE)
    me.tab_to_the_box()
    hint = me.type("hint")
    first = re.search(r"the first of them ([A-Z]{2}[fm])", hint).group(1)
    assert re.search(r"places 2 cards", hint), hint
    hand = CARD.findall(me.type("hand"))
    best = None
    for s1 in SEAT.findall(me.type(f"where {first}").split(":", 1)[1]):
        p1 = int(re.search(r"= (-?\d+)", me.type(f"{first}@{s1}")).group(1))
        rest = list(hand)
        rest.remove(first)
        for card in dict.fromkeys(rest):
            said = me.type(f"where {card}")
            for s2 in SEAT.findall(said.split(":", 1)[1]) if ":" in said else ():
                p2 = int(re.search(r"= (-?\d+)", me.type(f"{card}@{s2}")).group(1))
                if best is None or p1 + p2 > best[0]:
                    best = (p1 + p2, f"{first}@{s1}", f"{card}@{s2}")
                me.type("undo")
        me.type("undo")
    me.type(f"{best[1]}, {best[2]}")
    graded = me.type("check")
    assert graded.startswith("Solved"), graded
    assert nb.kernel_eval("puzzle.puzzle_state['solved']") == [1], "the page said solved: so says the widget"
    print(f"\npuzzle by keyboard: {best}, {me.typed} lines typed")


def test_the_tab_order_has_no_trap(blind):
    nb = blind
    me = Student(nb, AT_CAFE)
    me.tab_to_the_box()
    play = me.widget.get_by_role("button", name="Play")
    focused = "e => e === document.activeElement"
    me.page.keyboard.press("Tab")
    assert play.evaluate(focused)                                 # Tab: the box's button
    me.page.keyboard.press("Shift+Tab")
    assert me.box.evaluate(focused)                               # Shift+Tab: back to the box
    me.page.keyboard.press("Tab")
    me.page.keyboard.press("Tab")
    me.page.keyboard.press("Tab")
    assert not play.evaluate(focused) and not me.box.evaluate(focused)   # on and out: no trap
    me.tab_to_the_box()
    said = me.type("help")
    assert "tables, table b2, seat c3, hand, scores, last, where" in said and "draw" in said, said


def test_the_cafe_at_200_percent_zoom_on_a_school_laptop(blind):
    """1366 × 768 at 200 %: a window of 683 × 384 CSS pixels (the page's layout is the same at
    any device scale: the shared page is resized rather than a new one loaded), JupyterLab's side
    bar closed (Ctrl+B). The café shrinks whole into the notebook's width (its panel and buttons
    stay on screen), a click still lands on its table, the box still reads."""
    nb = blind
    page = nb.page
    was = page.viewport_size
    toggle = "() => window.jupyterapp.commands.execute('application:toggle-left-area')"   # Ctrl+B
    page.set_viewport_size({"width": 683, "height": 384})
    page.evaluate(toggle)
    try:
        canvas = nb.canvas(AT_CAFE, size=(900, 560))
        canvas.wait_drawn()
        page.wait_for_function("i => document.querySelectorAll('.jp-OutputArea-output canvas')[i]"
                               ".getBoundingClientRect().width < 683", arg=AT_CAFE)
        output = page.locator(".jp-OutputArea-output").nth(AT_CAFE).bounding_box()
        shown = canvas.top.bounding_box()
        assert shown["width"] <= output["width"] and abs(shown["width"] / shown["height"] - 900 / 560) < 0.01, \
            (shown, output)
        canvas.top.scroll_into_view_if_needed()
        nb.screenshot("a11y-200-percent-cafe.png", full_page=False)
        canvas.click(*nb.kernel_eval("w.locate('c3')"))            # the centre table, by mouse at 200 %
        assert nb.wait_kernel("'c3' in w.status")
        me = Student(nb, AT_CAFE)
        me.tab_to_the_box()
        assert "German table" in me.type("table b2")
        nb.screenshot("a11y-200-percent-box.png", full_page=False)
    finally:
        page.evaluate(toggle)
        page.set_viewport_size(was)


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page, selector: str) -> list[dict]:
    """axe-core run in the page on every element ``selector`` finds: WCAG 2.1 A and AA."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        source = resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
        page.add_script_tag(content=source)
    result = page.evaluate(
        """async ([selector, tags]) => {
            const found = await axe.run(document.querySelectorAll(selector), {runOnly: {type: 'tag', values: tags}});
            return found.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                               nodes: v.nodes.map(n => n.html.slice(0, 160))}));
        }""",
        [selector, AXE_TAGS])
    return result


MODES = [
    "from cafe_widget import CafeWidget, BoardWidget\n"
    "play = CafeWidget(players=['human', 'steady'], seed=3, pace=0)\nplay",
    "sandbox = CafeWidget.from_notation('RU GB FR ES IT | b1:RUf b3:RUm | US CN DE')\nsandbox",
    "puzzle = CafeWidget.puzzle(1)\npuzzle",
    "seats = CafeWidget.seat_task('RU GB FR ES IT | b1:RUf b3:RUm', 'RUm')\nseats",
    "history = CafeWidget(players=['human', 'steady'], seed=3, pace=0)\nhistory.command('back')\nhistory",
    "board = BoardWidget(players=['human', 'steady'], seed=2, pace=0)\nboard",
    "board_puzzle = BoardWidget.puzzle(1)\nboard_puzzle",
    "board_history = BoardWidget(players=['human', 'steady'], seed=2, pace=0)\n"
    "board_history.command('hint')\nboard_history.command('back')\nboard_history",
    "guided = CafeWidget.guided()\nguided",
    "board_sandbox = BoardWidget.from_notation('a2:CFf b1:CFm | RUm')\nboard_sandbox",
    "from cafe_widget import Game, Table\ntable = Table(Game.new(2, seed=5), players=['human', 'steady'], pace=0)\n"
    "seat = table.seat(0)\nseat",
    "screen = table.screen()\nscreen",
    # the control: a button with no name, which axe must find (else it looked at nothing; an
    # <img> would not do: JupyterLab gives every picture of an output alt="Image")
    "from IPython.display import HTML\nHTML('<button class=\"planted\"></button>')",
]


def test_axe_finds_no_violation_in_any_mode_of_either_widget(lab):
    pytest.importorskip("axe_playwright_python", reason="axe-core comes with the test extra")
    nb = open_widgets(lab, "axe-modes.ipynb", MODES)
    page = nb.page
    page.locator(".jp-OutputArea-output [role=status]").nth(len(MODES) - 2).wait_for(timeout=30_000)
    modes = nb.kernel_eval("[(w.mode, getattr(w.state, 'guide', None) is not None) for w in (play, sandbox, puzzle,"
                           " seats, history, board, board_puzzle, board_history, guided, board_sandbox, seat, screen)]")
    assert [m for m, _ in modes] == ["play", "sandbox", "puzzle", "seats", "history", "play", "puzzle", "history",
                                     "play", "sandbox", "play", "play"], modes
    assert modes[8][1] is True, modes                          # the guided game
    regions = page.locator(".jp-OutputArea-output").get_by_role("region")
    assert regions.count() == len(MODES) - 1                   # every mode has its screen in words
    violations = axe_violations(page, ".jp-OutputArea-output")
    assert [(v["id"], v["nodes"]) for v in violations] == [
        ("button-name", ['<button class="planted"></button>'])], violations
