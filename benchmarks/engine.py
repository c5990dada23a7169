"""Benchmarks of the rules engine: how fast a turn is checked and scored, how fast the legal
next placements are listed, and how many random 4-player games are played per second.

Run from the repository root::

    python benchmarks/engine.py            # full run, well under a minute
    python benchmarks/engine.py --quick    # a few seconds

Every workload is seeded and deterministic; only the timings vary from run to run. Nothing
here asserts a time: the script prints figures, a person reads them.
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

from cafe_widget.engine import Cafe, Game  # noqa: E402

PLAYERS = 4
HAND_LIMIT = 12

#: The rulebook's 23-point turn (E12): its third card fills and clears the centre table c3.
E12_CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"
E12_TURN = "RUf@c2, ITf@c4, ITm@d3"


# -- a simple seeded random player -----------------------------------------------------------

def random_turn(game: Game, rng: random.Random, p_draw: float = 0.0, tries: int = 3) -> None:
    """One action of a random player.

    Declare the end when allowed (R12c). Otherwise, unless it chooses to draw (chance
    ``p_draw``), place random legal cards one at a time, ending the turn at random once
    allowed; if stuck (no legal card and the turn may not end), take the cards back and try
    again, up to ``tries`` times. Failing that, draw, or with 12 cards lay one face down.
    """
    if game.who_may_declare():
        game.declare_end()
        return
    hand = game.hand()
    if not (len(hand) < HAND_LIMIT and game.guest_pile and rng.random() < p_draw):
        for _ in range(tries):
            while True:
                if game.turn is not None and game.can_end_turn() and rng.random() < 0.5:
                    game.end_turn()
                    return
                legal = game.legal_placements()
                if legal:
                    game.place(rng.choice(legal))
                    if game.is_over:  # a clearing found the table pile short (R12a)
                        return
                    continue
                if game.turn is not None and game.can_end_turn():
                    game.end_turn()
                    return
                break  # stuck
            while game.turn is not None and game.can_undo():
                game.undo()
            if game.turn is not None and game.can_end_turn():
                game.end_turn()   # the cards before a table turned up stay (R9): the turn ends with them
                return
    if len(hand) < HAND_LIMIT:
        game.draw()
    else:
        game.lay_face_down(rng.choice(hand))


def random_game(seed: int, players: int = PLAYERS) -> Game:
    """A whole game between random players, from ``seed``."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    while not game.is_over:
        random_turn(game, rng)
    return game


# -- workloads ---------------------------------------------------------------------------------

def play_positions(count: int) -> list[tuple[str, str, str]]:
    """(label, café notation with table pile, 3-card turn): E12 and turns from seeded games."""
    positions = [("E12", E12_CAFE, E12_TURN)]
    seed = 1
    while len(positions) < count + 1:
        game = random_game(seed)
        for entry in game.log:
            if entry.turn is not None and len(entry.turn.cards) == 3:
                turn = entry.turn
                positions.append((f"seed {seed}", turn.cafe_before.format(), turn.text))
                break
        seed += 1
    return positions


def crowded_position(seed: int, min_guests: int = 6, p_draw: float = 0.6) -> Game | None:
    """A seeded 4-player game advanced (random player, drawing often) until the player to move
    holds 12 cards at the start of a turn and at least ``min_guests`` guests sit in the café."""
    rng = random.Random(seed)
    game = Game.new(PLAYERS, seed=seed)
    for _ in range(500):
        if game.is_over:
            return None
        if (len(game.hand()) == HAND_LIMIT and game.turn is None
                and sum(1 for g in game.cafe.seats if g) >= min_guests):
            return game
        random_turn(game, rng, p_draw=p_draw)
    return None


def listing_positions(count: int) -> list[Game]:
    games, seed = [], 0
    while len(games) < count:
        game = crowded_position(seed)
        if game is not None:
            games.append(game)
        seed += 1
    return games


# -- timing ------------------------------------------------------------------------------------

def time_calls(fn, reps: int, warmup: int = 20) -> list[float]:
    """``reps`` timings of ``fn()`` in seconds, one perf_counter pair per call."""
    for _ in range(warmup):
        fn()
    clock = time.perf_counter
    out = []
    for _ in range(reps):
        t0 = clock()
        fn()
        out.append(clock() - t0)
    return out


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def fmt_us(seconds: float) -> str:
    return f"{seconds * 1e6:9.1f} µs"


def fmt_ms(seconds: float) -> str:
    return f"{seconds * 1e3:9.2f} ms"


def summary_row(label: str, times: list[float], fmt=fmt_us, width: int = 30) -> str:
    return (f"   {label:<{width}} median {fmt(statistics.median(times))}  p99 {fmt(pct(times, 0.99))}"
            f"  worst {fmt(max(times))}")


# -- the three benchmarks ----------------------------------------------------------------------

def bench_play(quick: bool) -> None:
    reps = 300 if quick else 3000
    positions = play_positions(3 if quick else 5)
    print(f"1. Cafe.play of a 3-card turn: parse the turn, check and score each card (R5-R9),\n"
          f"   clear full tables; {len(positions)} positions x {reps} calls, café parsed beforehand.")
    every = []
    for label, notation, turn in positions:
        cafe = Cafe.parse(notation)
        result = cafe.play(turn)  # must be legal; also checks the workload is what it says
        times = time_calls(lambda: cafe.play(turn), reps)
        every += times
        what = f"{result.points} points" + (f", clears {' '.join(result.cleared)}" if result.cleared else "")
        if result.ends_game:
            what += " (table pile empty: game ends, R12a)"
        print(f"   {label + ':':<9} {turn:<24} {what}")
        print(summary_row("", times))
    print(summary_row("all positions", every))
    print()


def bench_listing(quick: bool) -> None:
    reps = 60 if quick else 600
    games = listing_positions(3 if quick else 8)
    print(f"2. Listing legal next placements, player to move holding 12 cards, crowded café\n"
          f"   ({len(games)} positions from seeded 4-player games, {reps} calls each).")
    print("   a) game.legal_placements(): every (hand card, seat) the rules allow as next card")
    every, every_seats = [], []
    rows = []
    for game in games:
        legal = game.legal_placements()
        times = time_calls(game.legal_placements, reps)
        every += times
        cafe = game.cafe
        # one guest: the hand card with the most legal seats (the first such, in hand order)
        hand = game.hand()
        guest = max(dict.fromkeys(hand), key=lambda g: len(cafe.legal_seats(g)))
        seats = cafe.legal_seats(guest)
        seat_times = time_calls(lambda: cafe.legal_seats(guest), reps * 5)
        every_seats += seat_times
        guests = sum(1 for g in cafe.seats if g)
        distinct = len(set(hand))
        rows.append((f"seed {game.seed:>2} {cafe.format().split(' | ')[0]}", guests, distinct, len(legal), guest, len(seats), times, seat_times))
    for notation, guests, distinct, n_legal, guest, n_seats, times, _ in rows:
        print(summary_row(f"{notation}: {guests} guests, {distinct:>2} kinds "
                          f"in hand, {n_legal:>2} legal", times, width=60))
    print(summary_row("all positions", every, width=60))
    print("   b) cafe.legal_seats(guest) for one guest (the hand card with the most legal seats)")
    for notation, guests, distinct, n_legal, guest, n_seats, _, seat_times in rows:
        print(summary_row(f"{notation}: {guest}, {n_seats} legal seat"
                          f"{'s' if n_seats != 1 else ''}", seat_times, width=60))
    print(summary_row("all positions", every_seats, width=60))
    print()


def bench_games(quick: bool) -> None:
    n = 12 if quick else 200
    print(f"3. Whole random games, {PLAYERS} players, seeds 1000..{1000 + n - 1}: Game.new, then a\n"
          f"   seeded random player (random legal cards via legal_placements(), ends the turn when\n"
          f"   allowed at random, undoes when stuck, else draws or lays face down) until the end.")
    times, actions, reasons = [], 0, {}
    t_all = time.perf_counter()
    for seed in range(1000, 1000 + n):
        t0 = time.perf_counter()
        game = random_game(seed)
        times.append(time.perf_counter() - t0)
        actions += len(game.log)
        reasons[game.over_reason] = reasons.get(game.over_reason, 0) + 1
    total = time.perf_counter() - t_all
    print(f"  {n} games in {total:.2f} s: {n / total:.1f} games/s, "
          f"{actions / n:.0f} actions per game on average, ends: "
          + ", ".join(f"{k} x{v}" for k, v in sorted(reasons.items())))
    print(summary_row("seconds per game", times, fmt_ms))
    print()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    print("cafe_widget engine benchmarks" + (" (--quick)" if args.quick else ""))
    print(f"machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(f"python:  {platform.python_implementation()} {platform.python_version()}")
    print("timer:   time.perf_counter, one call per sample; median, 99th percentile and worst")
    print("         single call (the worst includes OS and garbage-collector noise)")
    print()
    t0 = time.perf_counter()
    bench_play(args.quick)
    bench_listing(args.quick)
    bench_games(args.quick)
    print(f"total run time {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
