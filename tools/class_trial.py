"""A class at a table, tried as a class would (issue 26): a whole game of each kind played from two
seats in two browser contexts, by typed lines in each seat's command box, a computer among the
players, the teacher's screen in a third page; before each move the other seat types the same
line out of turn and is refused, and the game is unchanged. Prints the counts, writes a
screenshot of each page at the end to test-artifacts/.

    python tools/class_trial.py card        # about 70 s
    python tools/class_trial.py board       # about 50 s
"""
import sys
import time
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]
from harness import Lab, new_notebook
kind = sys.argv[1]
if kind == "card":
    setup = ("from cafe_widget import Game, Table\n"
             "table = Table(Game.new(players=3, seed=21), players=['human', 'human', 'steady'], pace=0.3)")
else:
    setup = ("from cafe_widget import BoardGame, Table\n"
             "table = Table(BoardGame.new(players=3, seed=21), players=['human', 'human', 'greedy'], pace=0.3)")
HELP = '''
from cafe_widget.engine.board_search import best_action
def next_line():
    g = table.game
    if hasattr(g, "best_turn"):
        if g.state.may_declare == g.to_move: return "end"
        b = g.best_turn()
        if b: return b.text + ", end"
        return "draw" if g.explain_draw() is None else "down " + g.hand()[0]
    a = best_action(g.board, g.hand())
    return a.text + "; end" if a.kind == "seat" else a.text
'''
cells = [setup + "\n" + HELP, "table.screen()", "links = table.share()"]
t0 = time.monotonic()
with Lab(notebooks={"class.ipynb": new_notebook(cells)}) as lab:
    teacher = lab.open("class.ipynb", viewport=(1366, 768)); teacher.run_all()
    seats = []
    for n in (1, 2):
        nb = lab.open(f"seat-{n}.ipynb", viewport=(1366, 768)); nb.run_all(); seats.append(nb)
    ph = teacher.kernel_eval("table.widgets[1]._command.placeholder")
    boxes = [nb.page.get_by_placeholder(ph) for nb in seats]
    moves = refused = 0
    while not teacher.kernel_eval("table.game.is_over") and moves < 300:
        # wait for the computers (paced) to be done: a person to move
        teacher.wait_kernel("table.game.is_over or table.game.to_move in (0, 1)", timeout=30)
        if teacher.kernel_eval("table.game.is_over"):
            break
        mover = teacher.kernel_eval("table.game.to_move")
        line = teacher.kernel_eval("next_line()")
        logged = teacher.kernel_eval("len(table.game.log)")
        before = teacher.kernel_eval("table.game.to_json()")
        other = boxes[1 - mover]
        other.fill(line); other.press("Enter")                       # out of turn: refused
        seats[1 - mover].wait_kernel(f"[w for w in table.widgets if w.player == {1 - mover}][-1].refused", timeout=10)
        assert teacher.kernel_eval("table.game.to_json()") == before
        refused += 1
        boxes[mover].fill(line); boxes[mover].press("Enter")
        teacher.wait_kernel(f"len(table.game.log) > {logged} or table.game.is_over", timeout=30)
        same = teacher.kernel_eval("all(w.game is table.game for w in table.widgets)")
        assert same
        moves += 1
    teacher.wait_kernel("table.game.is_over", timeout=60)
    print(kind, "moves typed:", moves, "out-of-turn lines refused:", refused, "log:", teacher.kernel_eval("len(table.game.log)"),
          "over:", teacher.kernel_eval("table.game.is_over"), f"{time.monotonic() - t0:.0f} s")
    print(teacher.kernel_eval("table.widgets[0].status"))
    time.sleep(1.5)
    for nb, name in ((teacher, "screen"), (seats[0], "laptop_1"), (seats[1], "laptop_2")):
        nb.page.evaluate("() => { const c = document.querySelector('.jp-OutputArea-output canvas'); if (c) c.scrollIntoView({block: 'start'}); }")
        nb.page.wait_for_timeout(300)
        print(nb.screenshot(f"table_{kind}_end_{name}.png", full_page=False))
