"""What one player may know of a game: a **view** (plain JSON), and a stand-in game made from it.

In the card game a player sees the café, their own hand and face-down cards, the box, the
scores, and only the *sizes* of the other hands, of the others' face-down cards and of both
piles (R3, R10, R11): not the other hands, not the order of either pile. In the board game the
hands lie face up (B3): only the bag's order is hidden. The table's screen (``player=None``)
sees what every player sees.

- :func:`view_of` (``game.view(player)``) writes what ``player`` may know, as JSON-ready data:
  the notation with every hidden card left out, the sizes, the cards that left the game, and the
  log, each past position written the same way. Nothing hidden is in it, in any order: a test
  deals the hidden cards anew and finds the very same view.
- :func:`from_view` (``Game.from_view(view, seed)``) makes a game of the class it is given that
  agrees with a view: the known cards where they are, the unseen ones (those the view leaves
  out, as a sorted heap) shuffled by ``seed`` into the hidden places. It is a *possible* game,
  not the real one: its other hands and its piles' order are dealt at random. A seat at a class
  table holds this; the game service holds the real game and decides every move.

Tables drawn from the pile since a position was written are no longer hidden (they were turned
up, R9): a past position keeps them on top of its pile, so its turn replays as it was played.

Beneath the games: it is given the game (or its class) and never imports one. Each game says
which game its views are of (``_VIEW_KIND``); the card game, which class its log entries are
(``_LOG_ENTRY``). :class:`~.played.PlayedGame` imports this module for ``view``/``from_view``.
"""

from __future__ import annotations

import random
from collections import Counter

from .board_layout import full_bag, parse_chairs
from .cafe import parse_seats
from .cards import full_guest_deck, full_table_deck, sort_guests

VIEW_FORMAT = "cafe_widget view"
CARD, BOARD = "card", "board"


class ViewError(ValueError):
    """A view that no game agrees with (damaged, or of another game)."""


# -- writing a view ---------------------------------------------------------------------------


def view_of(game, player: int | None, cache: dict | None = None) -> dict:
    """What ``player`` (from 0; None: the table's screen) may know of ``game`` now, and of each
    position of its log. A past position keeps on top of its pile only the tables its own turn
    turned up, so it is written once: ``cache`` (a dict kept beside the game) keeps each entry's
    writing for the next view."""
    kind = game._VIEW_KIND
    if player is not None and not (isinstance(player, int) and 0 <= player < game.players):
        raise ValueError(f"no player {player!r} in a game of {game.players}")
    if kind == CARD:
        return _card_view(game, player, {} if cache is None else cache)
    return _board_view(game, player, {} if cache is None else cache)


def _pile_after(game, i: int, size) -> int:
    """The size of the pile (or bag) right after log entry ``i``: the next entry's start."""
    log = game.log
    return size(log[i + 1].before) if i + 1 < len(log) else size(game.state)


def _cached(cache: dict, game, i: int, player, write) -> dict:
    entry = game.log[i]
    key = (i, player)
    hit = cache.get(key)
    if hit is None or hit[0] is not entry:
        hit = cache[key] = (entry, write(entry))
    return hit[1]


def _card_view(game, player, cache: dict) -> dict:
    st = game.state
    placed = [c.guest for c in game.turn.cards] if game.turn else []

    def pile(state) -> int:
        return len(state.cafe.pile)

    def write(i):
        def written(entry):
            known = {entry.player: [c.guest for c in entry.turn.cards]} if entry.turn else {}
            action = entry.action
            if action.startswith("down:") and entry.player != player:
                action = "down"          # a card laid face down is face down (R11)
            top = pile(entry.before) - _pile_after(game, i, pile)
            return {"player": entry.player, "action": action,
                    "before": _card_position(type(game)(entry.before), player, known, top)}
        return written

    log = [_cached(cache, game, i, player, write(i)) for i in range(len(game.log))]
    return {"format": VIEW_FORMAT, "version": 1, "game": CARD, "player": player, "players": game.players,
            "now": _card_position(game, player, {st.to_move: placed} if placed else {},
                                  len(st.cafe.pile) - len(game.cafe.pile)),
            "log": log}


def _card_position(game, player, known: dict, top: int) -> dict:
    """One position as ``player`` sees it: hidden fields left out, their sizes, the box."""
    st = game.state
    fields = game.format().split(" | ")
    fields[2] = " ".join(st.cafe.pile[:top]) or "-"
    fields[3] = "-"
    fields[4] = " / ".join(" ".join(h if q == player else sort_guests(known.get(q, ()))) or "-"
                           for q, h in enumerate(st.hands))
    fields[5] = " / ".join((" ".join(d) if q == player else "") or "-" for q, d in enumerate(st.face_down))
    return {"notation": " | ".join(fields), "box": sorted(st.box),
            "sizes": {"table pile": len(st.cafe.pile), "guest pile": len(st.guest_pile),
                      "hands": [len(h) for h in st.hands], "face-down": [len(d) for d in st.face_down]}}


def _board_view(game, player, cache: dict) -> dict:
    def bag(state) -> int:
        return len(state.bag)

    def write(i):
        return lambda e: {"player": e.player, "action": e.action,
                          "before": _board_position(type(game)(e.before), bag(e.before) - _pile_after(game, i, bag))}

    log = [_cached(cache, game, i, None, write(i)) for i in range(len(game.log))]   # hands are public (B3)
    return {"format": VIEW_FORMAT, "version": 1, "game": BOARD, "player": player, "players": game.players,
            "now": _board_position(game, 0), "log": log}


def _board_position(game, top: int) -> dict:
    st = game.state
    fields = game.format().split(" | ")
    fields[2] = " ".join(st.bag[:top]) or "-"
    return {"notation": " | ".join(fields), "gone": sorted(st.gone), "sizes": {"bag": len(st.bag)}}


# -- a game from a view -------------------------------------------------------------------------


def from_view(view: dict, seed: int = 0, cache: dict | None = None, *, game_class):
    """A game of ``game_class`` (``Game`` or ``BoardGame``) that agrees with ``view``: the unseen
    cards (or tiles) shuffled by ``seed`` into the hidden places; its log rebuilt from the view's
    past positions (each dealt by its own seed, and kept in ``cache`` for the next view, since a
    past position never changes). ViewError if no game of that class does."""
    if not isinstance(view, dict) or view.get("format") != VIEW_FORMAT or view.get("version") != 1:
        raise ViewError("not a view of a game")
    kind = view.get("game")
    if kind not in (CARD, BOARD):
        raise ViewError(f"a view of no known game: {kind!r}")
    if kind != game_class._VIEW_KIND:
        raise ViewError(f"a view of another game than {game_class.__name__}")
    cache = {} if cache is None else cache
    entry_of = _card_entry if kind == CARD else _board_entry
    try:
        game = (_card_game if kind == CARD else _board_game)(view["now"], random.Random(seed), game_class)
        log = []
        for i, e in enumerate(view["log"]):
            key = (kind, i, e["player"], e["action"], e["before"]["notation"])
            if key not in cache:
                cache[key] = entry_of(e, random.Random(seed * 1_000_003 + i + 1), game_class)
            log.append(cache[key])
        game.log = log
    except ViewError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise ViewError(f"a damaged view: {err}") from None
    return game


def _deal(unseen: Counter, rng: random.Random) -> list[str]:
    """The unseen cards as a sorted heap, then shuffled: the order depends on the seed and on
    which cards are unseen, never on where they really are."""
    heap = sorted(unseen.elements())
    rng.shuffle(heap)
    return heap


def _take(heap: list[str], n: int) -> list[str]:
    if n < 0 or n > len(heap):
        raise ViewError("the view's sizes do not match its cards")
    out = heap[:n]
    del heap[:n]
    return out


#: Every card of the box, counted once (R1): what a view's seen cards are taken from.
_ALL_TABLES, _ALL_GUESTS = Counter(full_table_deck()), Counter(full_guest_deck())


def _card_game(position: dict, rng: random.Random, game_class):
    fields = position["notation"].split(" | ")
    sizes = position["sizes"]
    tables = [t for t in fields[0].split() if t != "-"]
    seats = [g for g in parse_seats(fields[1]) if g]
    top = [t for t in fields[2].split() if t != "-"]
    hands = [[c for c in h.split() if c != "-"] for h in fields[4].split("/")]
    downs = [[c for c in d.split() if c != "-"] for d in fields[5].split("/")]
    box = list(position["box"])
    seen_tables = Counter(tables + top + [c for c in box if len(c) == 2])
    seen_guests = Counter(seats + [c for h in hands for c in h] + [c for d in downs for c in d]
                          + [c for c in box if len(c) == 3])
    unseen_tables = _ALL_TABLES - seen_tables
    unseen_guests = _ALL_GUESTS - seen_guests
    if seen_tables - _ALL_TABLES or seen_guests - _ALL_GUESTS:
        raise ViewError("the view shows more cards than the game has")
    tables_heap, guests_heap = _deal(unseen_tables, rng), _deal(unseen_guests, rng)
    pile = top + _take(tables_heap, sizes["table pile"] - len(top))
    for q, hand in enumerate(hands):
        hand += _take(guests_heap, sizes["hands"][q] - len(hand))
    for q, down in enumerate(downs):
        down += _take(guests_heap, sizes["face-down"][q] - len(down))
    guest_pile = _take(guests_heap, sizes["guest pile"])
    if tables_heap or guests_heap:
        raise ViewError("the view's sizes leave cards nowhere")
    fields[2] = " ".join(pile) or "-"
    fields[3] = " ".join(guest_pile) or "-"
    fields[4] = " / ".join(" ".join(sort_guests(h)) or "-" for h in hands)
    fields[5] = " / ".join(" ".join(sort_guests(d)) or "-" for d in downs)
    return game_class.parse(" | ".join(fields))


def _card_entry(entry: dict, rng: random.Random, game_class):
    before = _card_game(entry["before"], rng, game_class)
    player, action = entry["player"], entry["action"]
    if action == "draw" or action.startswith("down") or action.startswith("declare"):
        return game_class._LOG_ENTRY(player, action, None, before.state)
    before.play(action)          # the tables it turned up are on top of the pile: as it was played
    return before.log[-1]


def _board_game(position: dict, rng: random.Random, game_class):
    fields = position["notation"].split(" | ")
    chairs = parse_chairs(fields[0])
    present = Counter(("*" + t[2]) if len(t) == 4 else t for t in chairs if t)
    present.update(t for t in fields[1].split() if t != "-")
    top = [t for t in fields[2].split() if t != "-"]
    present.update(top)
    present.update(t for h in fields[3].split("/") for t in h.split() if t != "-")
    present.update(position["gone"])
    if present - Counter(full_bag()):
        raise ViewError("the view shows more tiles than the game has")
    heap = _deal(Counter(full_bag()) - present, rng)
    bag = top + _take(heap, position["sizes"]["bag"] - len(top))
    if heap:
        raise ViewError("the view's sizes leave tiles nowhere")
    fields[2] = " ".join(bag) or "-"
    return game_class.parse(" | ".join(fields))


def _board_entry(entry: dict, rng: random.Random, game_class):
    before = _board_game(entry["before"], rng, game_class)
    before.act(entry["action"])
    return before.log[-1]
