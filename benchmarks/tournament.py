"""How strong are the computer players? Seeded games between them, for 2–5 players.

    python benchmarks/tournament.py                 # 100 games per pairing and player count
    python benchmarks/tournament.py --games 20 --players 2 3
    python benchmarks/tournament.py --pairings strong:open=0.8,fit=2/greedy
    python benchmarks/tournament.py --expert --jobs 2   # the expert's aims, on held-out deals

``--expert``: the expert against strong and against greedy with 2, 3 and 4 players, at least 400
games each (200, 134 and 100 deals, each played with the expert in every seat), on the deals
kept aside for it (seeds from 500 000: never used to choose its settings, which were tried on
seeds below 1 000). Each line then says the aim set for it (60 %, 40 % and 32 % against strong)
and the win rate's 95 % interval. ``--jobs N`` plays the games in N processes.

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
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.engine import Game  # noqa: E402
from cafe_widget.players import Player, PLAYERS  # noqa: E402

PAIRINGS = ["strong/greedy", "greedy/random", "strong/random"]
#: ``--expert``: the pairings, the deals for each player count (400 games or more), the held-out
#: seeds, and the aims set for it against strong.
EXPERT_PAIRINGS = ["expert/strong", "expert/greedy"]
EXPERT_DEALS = {2: 200, 3: 134, 4: 100}
HELD_OUT = 500_000
AIMS = {("expert/strong", 2): 0.60, ("expert/strong", 3): 0.40, ("expert/strong", 4): 0.32}

#: Seconds each kind of player took to choose one turn's actions, over every game played.
MOVE_TIMES: dict[str, list[float]] = {}


def _number(text: str):
    try:
        return float(text)
    except ValueError:
        return text          # a word: ``expert:deviate=pp+dp``


def make(spec: str, seed: int) -> Player:
    """``"strong"``, ``"random"`` (seeded) or ``"strong:open=0.8,fit=2"``."""
    kind, _, options = spec.partition(":")
    kwargs = {k: _number(v) for k, v in (o.split("=") for o in options.split(",") if o)}
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


def one(job) -> tuple:
    """One deal with A in seat ``seat``: A's share of the win, A's score, the Bs' scores, and
    the time each kind of player took to choose its turns (for a process of its own)."""
    seed, seat, n, a, b, variant = job
    MOVE_TIMES.clear()
    specs = [a if i == seat else b for i in range(n)]
    standings = play(seed, specs, variant)
    return (standings[seat][1], standings[seat][0], [s[0] for i, s in enumerate(standings) if i != seat],
            dict(MOVE_TIMES))


def interval(wins: list[float]) -> str:
    """The win rate's 95 % interval (normal approximation over the games)."""
    half = 1.96 * statistics.pstdev(wins) / math.sqrt(len(wins))
    mean = statistics.mean(wins)
    return f"{max(0.0, mean - half):.0%}–{min(1.0, mean + half):.0%}"


def spread(values) -> str:
    return f"{statistics.mean(values):6.1f} ± {statistics.pstdev(values):4.1f}"


def probe_arguments(description: str, kinds: tuple[str, ...]) -> argparse.ArgumentParser:
    """The options every probe script of ``benchmarks/`` takes: the deals (``--games`` from
    ``--first-seed``), ``--players``, ``--jobs``, which of its probes (``--kind``: the first by
    default) and the expert's ``--settings`` (``k=v,k2=v2``). See :func:`run_probe`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--kind", default=kinds[0], choices=kinds)
    parser.add_argument("--settings", default="", help="more of the expert's, k=v,k2=v2")
    return parser


def run_probe(args) -> None:
    """The probe ``args.kind`` with ``args.settings`` against strong (:func:`probe_arguments`)."""
    spec = args.kind + (f":{args.settings}" if args.settings else "")
    against_strong([spec], args.players, args.games, args.first_seed, args.jobs)


def against_strong(specs: list[str], players: int, games: int, first_seed: int, jobs: int) -> None:
    """Each player of ``specs`` (``"expert:margin=1"``, or a probe a script registered) against
    strong, printed as ``main`` prints it: what the probe scripts of ``benchmarks/`` run."""
    sys.argv = [sys.argv[0], "--players", str(players), "--games", str(games), "--first-seed", str(first_seed),
                "--jobs", str(jobs), "--pairings", *[f"{spec}/strong" for spec in specs]]
    main()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="deals per pairing and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--variant", action="store_true", help="ladies' and men's tables (R14)")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds first-seed, first-seed+1, …")
    parser.add_argument("--pairings", nargs="+", default=PAIRINGS, help="A/B …")
    parser.add_argument("--expert", action="store_true", help="the expert's aims on held-out deals (docstring)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    args = parser.parse_args()
    if args.expert:
        args.pairings, args.first_seed = EXPERT_PAIRINGS, HELD_OUT
        counts = EXPERT_DEALS
        args.players = [n for n in args.players if n in counts] if args.players != [2, 3, 4, 5] else list(counts)
    else:
        counts = {n: args.games for n in args.players}
    print(f"seeded deals from seed {args.first_seed}, each played with A in every seat"
          + (", variant R14 on." if args.variant else "."))
    print(f"{'pairing':<28} {'players':>7} {'games':>5} {'A wins':>7} {'95 %':>9} {'aim':>5} {'fair':>5}   "
          f"{'A score':>13}   {'B score':>13}   time")
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    for pairing in args.pairings:
        a, b = pairing.split("/")
        for n in args.players:
            start = time.perf_counter()
            seeds = range(args.first_seed, args.first_seed + counts[n])
            jobs = [(seed, seat, n, a, b, args.variant) for seed in seeds for seat in range(n)]
            results = list(pool.map(one, jobs, chunksize=4) if pool else map(one, jobs))
            wins = [r[0] for r in results]
            a_scores = [r[1] for r in results]
            b_scores = [x for r in results for x in r[2]]
            for r in results:
                for spec, times in r[3].items():
                    MOVE_TIMES.setdefault(spec, []).extend(times)
            took = time.perf_counter() - start
            aim = AIMS.get((pairing, n))
            print(f"{pairing:<28} {n:>7} {len(wins):>5} {statistics.mean(wins):>7.0%} {interval(wins):>9} "
                  f"{(f'{aim:.0%}' if aim else '-'):>5} {1 / n:>5.0%}   "
                  f"{spread(a_scores)}   {spread(b_scores)}   {took:5.1f} s", flush=True)
    if pool:
        pool.shutdown()
    print("time to choose a turn:")
    for spec, times in sorted(MOVE_TIMES.items()):
        times = sorted(times)
        print(f"  {spec:<26} {len(times):>7} turns   median {statistics.median(times) * 1e3:6.2f} ms   "
              f"p99 {times[int(0.99 * (len(times) - 1))] * 1e3:6.2f} ms   worst {times[-1] * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
