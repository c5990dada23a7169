"""How strong are the board game's computer players? Seeded games between them, 2–4 players.

    python benchmarks/board_tournament.py            # 100 deals per pairing and player count
    python benchmarks/board_tournament.py --quick    # 20 deals, strong/greedy only (make bench)
    python benchmarks/board_tournament.py --games 40 --players 2 --pairings strong:reply=0.5/greedy
    python benchmarks/board_tournament.py --seeds 50000 --games 30 --pairings strong/greedy   # held out
    python benchmarks/board_tournament.py --seeds 1000 --games 200 --jobs 2 ...               # tuning

Tune on one range of seeds and measure on another (``--seeds START``): the strong player was
tuned on seeds 1000–1059 (below 50,000); seeds 50,000 and up are kept for measuring. ``--jobs``
plays the deals in that many processes (the results are the same; the times per decision are
then measured on a busier machine, so measure times with one job).

A pairing ``A/B`` puts one A against B in every other seat. Every deal (seed) is played once
with A in each seat, so the luck of the deal and of the seat is the same for both sides, and
two equal players would win exactly 1/players of the games. The same seeds serve every pairing.
Printed for each pairing and player count: A's win rate (a shared win counts as a fraction;
equal strength would give 1/players) and the mean final score (B14, penalties off) with its
standard deviation, for A and for the Bs. Last, how long each kind of player took to choose one
turn's actions: median, 99th percentile and worst. Nothing is asserted: a person reads it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.players import BOARD_PLAYERS, BoardPlayer  # noqa: E402
from cafe_widget.engine.board_game import BoardGame  # noqa: E402

PAIRINGS = ["strong/greedy", "greedy/random", "strong/random"]

#: Seconds each kind of player took to choose one turn's actions, over every game played.
MOVE_TIMES: dict[str, list[float]] = {}


def make(spec: str, seed: int) -> BoardPlayer:
    """``"strong"``, ``"random"`` (seeded) or ``"strong:reply=0.5,fill=3"``."""
    kind, _, options = spec.partition(":")
    kwargs = {k: float(v) for k, v in (o.split("=") for o in options.split(",") if o)}
    if kind == "random":
        return BOARD_PLAYERS[kind](seed=seed)
    return BOARD_PLAYERS[kind](**kwargs)


def play(seed: int, specs: list[str], times: dict | None = None) -> list[tuple[int, float]]:
    """One seeded game; each player's final score (B14) and share of the win. The seconds each
    spec took to choose a turn's actions go to ``times`` (by default :data:`MOVE_TIMES`)."""
    times = MOVE_TIMES if times is None else times
    game = BoardGame.new(len(specs), seed=seed)
    players = [make(spec, seed * 10 + i) for i, spec in enumerate(specs)]
    while not game.is_over:
        spec = specs[game.to_move]
        start = time.perf_counter()
        actions = players[game.to_move].actions(game)
        times.setdefault(spec, []).append(time.perf_counter() - start)
        for action in actions:
            game.act(action)
    result = game.result()
    winners = result.winners
    return [(s.final, (1 / len(winners)) if i in winners else 0.0) for i, s in enumerate(result.standings)]


def play_deal(job: tuple[int, int, int, str, str]) -> tuple[float, float, list[float], dict]:
    """One deal with A in ``seat``: A's share of the win and final score, the Bs' final scores,
    and the decision times of the game (for a worker process)."""
    seed, seat, n, a, b = job
    times: dict[str, list[float]] = {}
    specs = [a if i == seat else b for i in range(n)]
    standings = play(seed, specs, times)
    return (standings[seat][1], standings[seat][0],
            [s[0] for i, s in enumerate(standings) if i != seat], times)


def spread(values) -> str:
    return f"{statistics.mean(values):6.1f} ± {statistics.pstdev(values):4.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="deals per pairing and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seeds", "--first-seed", dest="first_seed", type=int, default=0, metavar="START",
                        help="the deals are seeds START, START+1, … (tune and measure on different ranges)")
    parser.add_argument("--jobs", type=int, default=1, help="deals played in this many processes at once")
    parser.add_argument("--pairings", nargs="+", default=None, help="A/B …")
    parser.add_argument("--quick", action="store_true", help="20 deals, strong/greedy only")
    args = parser.parse_args()
    if args.quick:
        args.games = min(args.games, 20)
        args.pairings = args.pairings or ["strong/greedy"]
    pairings = args.pairings or PAIRINGS
    seeds = range(args.first_seed, args.first_seed + args.games)
    print(f"board game: {args.games} seeded deals per pairing and player count "
          f"(seeds {seeds[0]}..{seeds[-1]}), each played with A in every seat.")
    print(f"{'pairing':<28} {'players':>7} {'A wins':>8} {'fair':>5}   {'A score':>13}   {'B score':>13}   time")
    for pairing in pairings:
        a, b = pairing.split("/")
        for n in args.players:
            start = time.perf_counter()
            wins, a_scores, b_scores = [], [], []
            jobs = [(seed, seat, n, a, b) for seed in seeds for seat in range(n)]
            if args.jobs > 1:
                with multiprocessing.Pool(args.jobs) as pool:
                    deals = pool.map(play_deal, jobs, chunksize=1)
            else:
                deals = [play_deal(job) for job in jobs]
            for share, a_final, b_finals, times in deals:
                wins.append(share)
                a_scores.append(a_final)
                b_scores.extend(b_finals)
                for spec, ts in times.items():
                    MOVE_TIMES.setdefault(spec, []).extend(ts)
            took = time.perf_counter() - start
            print(f"{pairing:<28} {n:>7} {statistics.mean(wins):>7.0%} {1 / n:>5.0%}   "
                  f"{spread(a_scores)}   {spread(b_scores)}   {took:5.1f} s", flush=True)
    print("time to choose an action:")
    for spec, times in sorted(MOVE_TIMES.items()):
        times = sorted(times)
        print(f"  {spec:<26} {len(times):>7} turns   median {statistics.median(times) * 1e3:6.2f} ms   "
              f"p99 {times[int(0.99 * (len(times) - 1))] * 1e3:6.2f} ms   worst {times[-1] * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
