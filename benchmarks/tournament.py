"""How strong are the computer players? Seeded games between them, for 2–5 players.

    python benchmarks/tournament.py                 # 100 games per pairing and player count
    python benchmarks/tournament.py --games 20 --players 2 3
    python benchmarks/tournament.py --pairings strong:open=0.8,fit=2/greedy

A pairing ``A/B`` puts one A against B in every other seat. Every deal (seed) is played once
with A in each seat, so luck of the deal and of the seat is the same for both sides, and two
equal players would win exactly 1/players of the games. The same seeds serve every pairing. Printed for each pairing and player count:
A's win rate (a shared win counts as a fraction; equal strength would give 1/players), and the
mean final score (R13, penalties off) with its standard deviation, for A and for the Bs.
Last, how long each kind of player took to choose one turn's actions: median, 99th percentile
and worst.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.engine import Game  # noqa: E402
from cafe_widget.players import Player, PLAYERS  # noqa: E402

PAIRINGS = ["strong/greedy", "greedy/random", "strong/random"]

#: Seconds each kind of player took to choose one turn's actions, over every game played.
MOVE_TIMES: dict[str, list[float]] = {}


def make(spec: str, seed: int) -> Player:
    """``"strong"``, ``"random"`` (seeded) or ``"strong:open=0.8,fit=2"``."""
    kind, _, options = spec.partition(":")
    kwargs = {k: float(v) for k, v in (o.split("=") for o in options.split(",") if o)}
    if kind == "random":
        return PLAYERS[kind](seed=seed)
    if kind == "strong" and "open" in kwargs:
        kwargs["open_weight"] = kwargs.pop("open")
    return PLAYERS[kind](**kwargs)


def play(seed: int, specs: list[str], variant: bool = False) -> list:
    """One seeded game; the final standings (R13)."""
    game = Game.new(len(specs), seed=seed, variant=variant)
    players = [make(spec, seed * 10 + i) for i, spec in enumerate(specs)]
    while not game.is_over:
        spec = specs[game.to_move]
        start = time.perf_counter()
        actions = players[game.to_move].actions(game)
        MOVE_TIMES.setdefault(spec, []).append(time.perf_counter() - start)
        for action in actions:
            game.act(action)
    result = game.result()
    winners = result.winners
    return [(s.final, (1 / len(winners)) if i in winners else 0.0)
            for i, s in enumerate(result.standings)]


def spread(values) -> str:
    return f"{statistics.mean(values):6.1f} ± {statistics.pstdev(values):4.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="deals per pairing and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--variant", action="store_true", help="ladies' and men's tables (R14)")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds first-seed, first-seed+1, …")
    parser.add_argument("--pairings", nargs="+", default=PAIRINGS, help="A/B …")
    args = parser.parse_args()
    seeds = range(args.first_seed, args.first_seed + args.games)
    print(f"{args.games} seeded deals per pairing and player count (seeds {seeds[0]}..{seeds[-1]}), "
          "each played with A in every seat" + (", variant R14 on." if args.variant else "."))
    print(f"{'pairing':<28} {'players':>7} {'A wins':>8} {'fair':>5}   {'A score':>13}   {'B score':>13}   time")
    for pairing in args.pairings:
        a, b = pairing.split("/")
        for n in args.players:
            start = time.perf_counter()
            wins, a_scores, b_scores = [], [], []
            for seed, seat in ((seed, seat) for seed in seeds for seat in range(n)):
                specs = [a if i == seat else b for i in range(n)]
                standings = play(seed, specs, args.variant)
                wins.append(standings[seat][1])
                a_scores.append(standings[seat][0])
                b_scores.extend(s[0] for i, s in enumerate(standings) if i != seat)
            took = time.perf_counter() - start
            print(f"{pairing:<28} {n:>7} {statistics.mean(wins):>7.0%} {1 / n:>5.0%}   "
                  f"{spread(a_scores)}   {spread(b_scores)}   {took:5.1f} s", flush=True)
    print("time to choose a turn:")
    for spec, times in sorted(MOVE_TIMES.items()):
        times = sorted(times)
        print(f"  {spec:<26} {len(times):>7} turns   median {statistics.median(times) * 1e3:6.2f} ms   "
              f"p99 {times[int(0.99 * (len(times) - 1))] * 1e3:6.2f} ms   worst {times[-1] * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
