"""The game service in a thread of the test, on a port of its own, with a stand-in for the hub:
a token ``t-NAME`` is the user NAME (``teacher`` teaches), any other token is nobody. The real
hub's identity is tested on a real hub (tests/hub)."""

from __future__ import annotations

import asyncio
import json
import re
import threading

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from cafe_widget.engine import Game
from cafe_widget.service.app import Service, make_app
from cafe_widget.service.rooms import Person, Tables

PREFIX = "/services/cafe/"


async def identify(handler):
    token = handler.request.headers.get("Authorization", "").partition(" ")[2]
    if token.startswith("t-") and len(token) > 2:
        return Person(token[2:], token[2:] == "teacher")
    return None


class RunningService:
    """Start, stop and start again (the same folder, the same port)."""

    def __init__(self, folder, port: int = 0):
        self.folder, self.port = folder, port
        self.thread = self.loop = self.service = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{PREFIX}"

    def start(self) -> "RunningService":
        ready = threading.Event()

        def run():
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)
            self.service = Service(Tables(self.folder), identify, pace=0)
            sockets = bind_sockets(self.port, "127.0.0.1")
            self.port = sockets[0].getsockname()[1]
            self.server = HTTPServer(make_app(self.service, PREFIX))
            self.server.add_sockets(sockets)
            ready.set()
            self.loop.run_forever()
            self.server.stop()
            self.loop.run_until_complete(self.server.close_all_connections())
            self.loop.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        ready.wait(10)
        return self

    def stop(self) -> None:
        """As if killed between two moves: every socket dropped (the tables are on disk)."""
        def die():
            for sockets in self.service.listeners.values():
                for socket in list(sockets):
                    socket.ws_connection.stream.close()   # as the process's end closes them
            self.loop.stop()

        self.loop.call_soon_threadsafe(die)
        self.thread.join(10)

    def real(self, name: str):
        """The real game at table ``name`` (what no student may see)."""
        return self.service.tables.tables[name].game


def hidden_cards_in(message: str, seat: int) -> list[str]:
    """What a message to ``seat`` holds of the card game's hidden cards: the other hands beyond
    the cards of a turn in progress (or of a logged turn), the guest pile, the others' face-down
    cards. Empty for a message that keeps every secret."""
    data = json.loads(message)
    view = data["view"]
    if view["game"] != "card":
        return []
    found = []
    last = data["table"].get("last") or {}
    if last.get("seat") != seat and re.search(r"down[: ]+[A-Z]{2}[fm]", last.get("move", "")):
        found.append("the last move: " + last["move"])

    def position(pos, allowed: dict):
        fields = pos["notation"].split(" | ")
        if fields[3] != "-":
            found.append("guest pile: " + fields[3])
        for q, hand in enumerate(fields[4].split("/")):
            cards = [c for c in hand.split() if c != "-"]
            if q != seat and sorted(cards) != sorted(allowed.get(q, [])):
                found.append(f"hand {q + 1}: {hand.strip()}")
        for q, down in enumerate(fields[5].split("/")):
            if q != seat and down.strip() != "-":
                found.append(f"face-down {q + 1}: {down.strip()}")

    now = view["now"]
    status = now["notation"].split(" | ")[7]
    turn = [t.split("@")[0] for word in status.split() if word.startswith("turn:") for t in word[5:].split(",")]
    to = next(int(w[3:]) - 1 for w in status.split() if w.startswith("to:"))
    position(now, {to: turn} if turn else {})
    for entry in view["log"]:
        played = [t.strip().split("@")[0] for t in entry["action"].split(",")] if "@" in entry["action"] else []
        position(entry["before"], {entry["player"]: played})
        if entry["player"] != seat and entry["action"].startswith("down:"):
            found.append("a face-down card: " + entry["action"])
    return found


def play_a_turn(w, game_cls=Game) -> None:
    """The person at ``w``'s seat plays a whole turn by typed lines, as the greedy computer
    would on what the seat knows; a card the real clearing made impossible ends the turn."""
    from cafe_widget.players import make_board_player, make_player

    game = w.state.game
    player = make_player("greedy") if game_cls is Game else make_board_player("greedy")
    actions = player.actions(game.copy())
    for action in actions:
        if w.state.game.is_over or w.state.game.to_move != w.player:
            return
        w.command(action)
        if w.refused:
            w.command("end")
            return
