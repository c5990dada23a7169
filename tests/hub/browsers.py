"""A class in browsers on a real hub: each person logged in through the hub's login page in a
Chromium context of their own (1366 × 768), their notebook open in their own JupyterLab, their
widget's kernel reached a second time to read where to click. Used by tests/hub/test_hub.py
(a few turns) and tools/class_hub_trial.py (whole games)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

import harness  # noqa: E402

from hub_harness import PASSWORD, holds_hand  # noqa: E402

#: What the mover's kernel answers: where to click (or what to type) for one step of its turn.
PLAN = '''
import json
g = w.state.game
plan = []
if not g.is_over and g.to_move == w.player:
    if hasattr(g, "best_turn"):          # the card game: a card then its seat, End turn, or Draw
        best = g.best_turn()
        placed = len(g.turn.cards) if g.turn else 0
        if g.turn is not None and g.explain_end_turn() is None:
            plan = [["click", w.locate("end")]]
        elif best is not None and len(best.cards) > placed:
            card = best.cards[placed]
            plan = [["click", w.locate(card.guest)], ["click", w.locate(card.seat)]]
        elif g.explain_draw() is None:
            plan = [["click", w.locate("draw")]]
        elif g.turn is not None:
            plan = [["click", w.locate("undo")]]
        else:
            plan = [["type", "down:" + g.hand()[0]]]
    else:                                # the board game: the best action typed, then the end
        from cafe_widget.engine.board_search import best_action
        action = best_action(g.board, g.hand())
        plan = [["type", action.text + ("; end" if action.kind == "seat" else "")]]
print(json.dumps(plan))
'''

STATE = ("import json\n"
         "print(json.dumps({'to_move': w.state.game.to_move, 'player': w.player, 'seq': w._link.seq,"
         " 'log': len(w.state.game.log), 'over': w.state.game.is_over, 'status': w.status}))")


def log_in(browser, hub_url: str, user: str, password: str = PASSWORD, then: str = "/hub/home"):
    """A page of a new 1366 × 768 context of ``browser``, logged in to the hub as ``user`` through
    its login page, at ``then`` (the hub's home by default: no JupyterLab loaded)."""
    from urllib.parse import quote

    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.goto(f"{hub_url}/hub/login?next={quote(then, safe='')}")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", password)
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(f"**{then.split('?')[0]}**", timeout=90_000)
    return page


def frame_text(payload: str | bytes) -> str:
    """A WebSocket frame a page received, as text to search. JupyterLab 4 talks to its kernels
    in Jupyter's binary protocol (``v1.kernel.websocket.jupyter.org``): a count of offsets, the
    offsets (little-endian 64-bit), then the channel, the header, the parent header, the metadata
    and the content as UTF-8 JSON, then the binary buffers. Every part is kept, the buffers
    decoded too (whatever a buffer held in text is found), so no kernel message escapes a check."""
    if isinstance(payload, str):
        return payload
    count = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if count < 6 or offsets != sorted(offsets) or offsets[-1] > len(payload):
        return payload.decode("utf-8", "replace")       # not that protocol: the bytes as they are
    ends = offsets[1:] + [len(payload)]
    return "\n".join(payload[a:b].decode("utf-8", "replace") for a, b in zip(offsets, ends))


class Browsers:
    """``with Browsers(hub, {user: notebook cells}) as b:`` every person at their notebook."""

    def __init__(self, hub, cells: dict[str, list[str]], path: str = "table.ipynb"):
        self.hub, self.cells, self.path = hub, cells, path
        self.frames = {u: [] for u in cells}
        self.blocked: list[str] = []
        self.pages, self.notebooks, self.kernels = {}, {}, {}

    def __enter__(self) -> "Browsers":
        harness.require_browser()
        hub = self.hub
        for u, cells in self.cells.items():
            hub.put_notebook(u, hub.tokens[u], self.path, harness.new_notebook(cells))
        self.browser = harness.chromium()       # the process's Chromium: a context each person
        self.contexts = []
        try:
            return self._open()
        except BaseException:
            self.__exit__()                     # given back: a driver left running breaks later tests
            raise

    def _open(self) -> "Browsers":
        hub = self.hub

        class Adapter:      # what the harness's Notebook reads of a Lab
            def __init__(self, user):
                self.url, self.token = f"{hub.url}/user/{user}", hub.tokens[user]

        for u in self.cells:      # everyone logs in and opens their notebook; the pages load together
            context = self.browser.new_context(viewport={"width": 1366, "height": 768})
            self.contexts.append(context)
            context.add_init_script(harness._PAGE_HELPERS)
            harness.watch_requests(context, self.blocked)      # refused by the process's Chromium
            page = context.new_page()
            page.on("websocket", lambda ws, u=u: ws.on(
                "framereceived", lambda payload, u=u: self.frames[u].append(frame_text(payload))))
            page.goto(f"{hub.url}/hub/login")
            page.fill("input[name=username]", u)
            page.fill("input[name=password]", PASSWORD)
            page.click("input[type=submit], button[type=submit]")
            page.wait_for_url("**/user/**", timeout=60_000)
            page.goto(f"{hub.url}/user/{u}/lab/tree/{self.path}?reset", wait_until="commit")
            self.pages[u] = page
            self.notebooks[u] = harness.Notebook(Adapter(u), page, self.path)
        for u, nb in self.notebooks.items():
            nb._wait_ready(90)
            nb.run_all(timeout=90)
        for u, nb in self.notebooks.items():
            nb.canvas(0).wait_drawn()
            self.kernels[u] = hub.attach(u, hub.tokens[u], self.path)
        return self

    def __exit__(self, *exc) -> None:
        try:
            for k in self.kernels.values():
                k.close()
            for context in self.contexts:
                context.close()
        finally:
            harness.release_chromium()

    def run(self, user: str, code: str) -> str:
        """``code`` in ``user``'s widget's kernel (reached again if the socket was closed while idle)."""
        from websockets.exceptions import ConnectionClosed

        try:
            return self.kernels[user].run(code)
        except ConnectionClosed:
            self.kernels[user] = self.hub.attach(user, self.hub.tokens[user], self.path)
            return self.kernels[user].run(code)

    def state(self, user: str) -> dict:
        return json.loads(self.run(user, STATE))

    def step(self, user: str, timeout: float = 20) -> bool:
        """One step of ``user``'s turn, by clicks on their canvas (or a line typed in its box);
        True when the table moved on."""
        plan = json.loads(self.run(user, PLAN))
        if not plan:
            return False
        seq = self.state(user)["seq"]
        size = tuple(json.loads(self.run(user, "import json; print(json.dumps(list(w.size)))")))
        canvas = self.notebooks[user].canvas(0, size=size)
        page = self.pages[user]
        for kind, what in plan:
            if kind == "click":
                canvas.click(*what)
                time.sleep(0.1)
            else:
                box = page.locator(".jp-OutputArea-output input[type=text]").first
                box.fill(what)
                box.press("Enter")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.state(user)["seq"] > seq:
                return True
            time.sleep(0.05)
        return False

    def screenshot(self, user: str, name: str) -> Path:
        path = harness.artifact_path(name)
        self.pages[user].screenshot(path=str(path))
        return path

    def hands_seen(self, user: str, positions, seat: int, own: bool = False) -> list[str]:
        """The other players' hands (3 cards or more), or with ``own`` the seat's own, that the
        frames ``user``'s page received hold, over ``positions`` (game states), in any way a page
        writes a hand (:func:`hub_harness.holds_hand`)."""
        text = "\n".join(self.frames[user])
        found = []
        for st in positions:
            for q, hand in enumerate(st.hands):
                if (q == seat) != own or len(hand) < 3:
                    continue
                if holds_hand(text, hand):
                    found.append(f"player {q + 1}: {' '.join(hand)}")
        return found
