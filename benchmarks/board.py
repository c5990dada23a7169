"""Benchmark of the board game: the exact best action, ``board_search.best_action``,
and the engine's own speed (a seating checked, a game's action, a plain enumeration).

Run from the repository root::

    python benchmarks/board.py              # about half a minute
    python benchmarks/board.py --repeat 3   # quicker, a little noisier

Positions are made at run time from seeded random games (2–4 players), so every run times the
same positions:

- ``game hands``: 300 positions stopped at a random moment with at least 40 free chairs, the hand
  of the player to move holding 5 tiles (its own tiles, as dealt);
- ``two jokers``: the same boards, the hand made of ``*f *m`` and three of those tiles (the hands
  that cost the search most: a joker may sit on every free chair, in every declaration);
- ``empty board``: the first position of 30 games, and hand-made hands (``*f *f *m *m ITf`` …).

Each position is timed ``--repeat`` times after one untimed call, and its time is the fastest of
those calls (the one least disturbed by other processes). The untimed call also checks that the
found action is what ``Board.play`` gives. Nothing here asserts a time: the script prints
figures, a person reads them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

try:
    import cafe_widget  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cafe_widget.engine.board import Board  # noqa: E402
from cafe_widget.engine.board_game import BoardGame  # noqa: E402
from cafe_widget.engine.board_search import best_action  # noqa: E402

POSITIONS = 300
MIN_FREE = 40
HAND_MADE = ["*f *f *m *m ITf", "*f *m CFf CFm ITf", "CFf CFm ITf ITm GBf", "USf USm DEf DEm *m"]


def random_action(game: BoardGame, rng: random.Random) -> None:
    """One action of a random player: any legal action; a seating of one or two tiles."""
    action = rng.choice(game.legal_actions())
    if action.startswith(("bar ", "swap ")):
        game.act(action)
        return
    game.place(action)
    if game.turn.pending or rng.random() < 0.4:
        second = game.legal_placements()
        if second:
            game.place(rng.choice(second))
    game.end_turn()


def game_positions(count: int, min_free: int, seed0: int = 0):
    """``count`` (board, hand, label) from seeded random games, stopped at a random moment with
    ``min_free`` free chairs or more and a 5-tile hand to move."""
    found, seed = [], seed0
    while len(found) < count:
        rng = random.Random(seed)
        game = BoardGame.new(rng.randrange(2, 5), seed=seed)
        stop = rng.randrange(0, 25)
        for _ in range(stop):
            if game.is_over:
                break
            random_action(game, rng)
        board = game.board
        if not game.is_over and len(board.free_chairs()) >= min_free and len(game.hand()) == 5:
            found.append((board, game.hand(), f"seed {seed}, {game.players} players, after {stop} actions"))
        seed += 1
    return found


def with_two_jokers(positions):
    """The same boards, the hand ``*f *m`` and three of its own tiles (jokers the board leaves)."""
    out = []
    for board, hand, label in positions:
        jokers = [j for j in ("*f", "*m") if sum(1 for t in board.tiles() if t == j) + hand.count(j) < 2
                  or j in hand]
        rest = [t for t in hand if t[0] != "*"][:5 - len(jokers)]
        out.append((board, tuple(jokers) + tuple(rest), label + ", jokers added"))
    return out


def empty_positions():
    out = []
    for seed in range(30):
        game = BoardGame.new(2, seed=1000 + seed)
        out.append((Board(), game.hand(), f"empty board, the first hand of seed {1000 + seed}"))
    for hand in HAND_MADE:
        out.append((Board(), tuple(hand.split()), "empty board, hand-made hand"))
    return out


def time_positions(positions, repeat: int):
    rows = []
    for board, hand, label in positions:
        turn = best_action(board, hand)
        if turn is not None and turn.kind == "seat":
            check = board.play(turn.text, hand)
            assert (check.text, check.points) == (turn.text, turn.points), (board.format(), hand)
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            best_action(board, hand)
            times.append(time.perf_counter() - t)
        rows.append((min(times), board, hand, label, turn))
    return rows


def report(name: str, rows) -> None:
    times = [r[0] for r in rows]
    t, board, hand, label, turn = max(rows, key=lambda r: r[0])
    print(f"{name:<12} n={len(rows):>3}  median {statistics.median(times) * 1e3:6.2f} ms   "
          f"90% {sorted(times)[int(0.9 * len(times))] * 1e3:6.2f} ms   worst {t * 1e3:6.2f} ms")
    print(f"{'':<12} worst: {label}; {len(board.free_chairs())} free chairs, bar {len(board.bar)}; "
          f"hand {' '.join(hand)}; best {turn.text if turn else None} "
          f"({turn.points if turn else '-'})")
    print(f"{'':<12}        {board.format()}")


def per_call(fn, n: int) -> float:
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n


def engine_timings(quick: bool) -> None:
    board = Board.parse("a2:CFf b1:CFm | -")
    print("engine:")
    print(f"  a seating checked and scored, Board.play('ITm@c2') (BE2): "
          f"{per_call(lambda: board.play('ITm@c2'), 2000) * 1e6:7.1f} µs")
    print(f"  a two-tile seating, Board.play('CFf@c2, CFm*@b3', hand):   "
          f"{per_call(lambda: board.play('CFf@c2, CFm*@b3', ('CFf', '*m')), 2000) * 1e6:7.1f} µs")
    game = BoardGame.new(3, seed=7)
    print(f"  legal_actions() at the start of a 3-player game:          "
          f"{per_call(game.legal_actions, 200) * 1e3:7.2f} ms")
    actions, t = 0, time.perf_counter()
    for seed in range(3 if quick else 10):
        rng = random.Random(seed)
        g = BoardGame.new(rng.randrange(2, 5), seed=seed)
        while not g.is_over:
            random_action(g, rng)
            actions += 1
    elapsed = time.perf_counter() - t
    print(f"  a game's action (random games to the end, legal_actions + the action): "
          f"{elapsed / actions * 1e3:.2f} ms ({actions} actions)")
    rows = []
    for board, hand, _ in game_positions(10 if quick else 30, MIN_FREE, 50000):
        t = time.perf_counter()
        state = board.begin_turn(hand)
        n = 0
        for p in state.legal_placements():
            s1 = state.place(p)
            n += s1.can_end()
            n += len(s1.legal_placements())
        rows.append(time.perf_counter() - t)
    print(f"  for comparison, a plain enumeration of every seating through the engine: "
          f"median {statistics.median(rows) * 1e3:.1f} ms, worst {max(rows) * 1e3:.1f} ms")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed calls per position (default 7)")
    parser.add_argument("--quick", action="store_true", help="fewer positions (a smoke run)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    count = 40 if args.quick else POSITIONS
    print("cafe_widget board game: best_action benchmark")
    print(f"machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(f"python:  {platform.python_implementation()} {platform.python_version()}")
    print(f"timer:   time.perf_counter; per position the fastest of {args.repeat} calls after one untimed call")
    print()
    games = game_positions(count, MIN_FREE)
    groups = [("game hands", time_positions(games, args.repeat)),
              ("two jokers", time_positions(with_two_jokers(games), args.repeat)),
              ("empty board", time_positions(empty_positions(), args.repeat))]
    for name, rows in groups:
        report(name, rows)
    every = [r for _, rows in groups for r in rows]
    times = [r[0] for r in every]
    print(f"{'all':<12} n={len(every):>3}  median {statistics.median(times) * 1e3:6.2f} ms   "
          f"worst {max(times) * 1e3:6.2f} ms")
    print()
    engine_timings(args.quick)
    print(f"\ntotal run time {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
