"""The simulation core (cafe_widget/players/sim.py) against the engine, on the same work: every
card of a hand tried on every seat, as a search does at each step of a playout.

    python benchmarks/sim.py [--games 6] [--repeat 5]

On the cafés at the start of every turn of seeded games between computer players (2 to 5
players), with each turn's own hand: the engine (``TurnState.place`` for each guest and seat,
an IllegalMove for each refusal) and the core (``SimTurn.score``: the points, or -1). Prints each one's
time per position (median, worst) and the speed-up. The core covers placements (R1, R4–R9); the
whole playout (turns, draws, the ends) is measured once it covers them too.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cafe_widget.engine import Game, IllegalMove  # noqa: E402
from cafe_widget.engine.layout import SEATS  # noqa: E402
from cafe_widget.players import make_player  # noqa: E402
from cafe_widget.players.sim import SimTurn, guest_code  # noqa: E402


def positions(games: int):
    for seed in range(1, games + 1):
        players = 2 + seed % 4
        game = Game.new(players, seed=seed)
        chosen = [make_player("greedy") for _ in range(players)]
        while not game.is_over:
            if game.turn is None:
                yield game.cafe, sorted(set(game.hand()))
            for action in chosen[game.to_move].actions(game.copy()):
                if game.is_over:
                    break
                game.act(action)


def engine_once(cafe, hand) -> int:
    turn, n = cafe.begin_turn(), 0
    for seat in SEATS:
        for guest in hand:
            try:
                turn.place(guest, seat)
                n += 1
            except IllegalMove:
                pass
    return n


def core_once(cafe, hand) -> int:
    turn, n = SimTurn.of(cafe), 0
    codes = [guest_code(g) for g in hand]
    for seat in range(len(SEATS)):
        for guest in codes:
            if turn.score(guest, seat) >= 0:
                n += 1
    return n


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)
    found = list(positions(args.games))
    times = {"engine": [], "core": []}
    for cafe, hand in found:
        assert engine_once(cafe, hand) == core_once(cafe, hand)
        for name, run in (("engine", engine_once), ("core", core_once)):
            best = float("inf")
            for _ in range(args.repeat):
                t = time.perf_counter()
                run(cafe, hand)
                best = min(best, time.perf_counter() - t)
            times[name].append(best)
    print(f"{len(found)} positions (every card of the hand on every seat, 12 × up to 7 placements each)")
    for name, values in times.items():
        print(f"  {name:6}: median {statistics.median(values) * 1e6:8.1f} µs, worst {max(values) * 1e6:8.1f} µs")
    ratio = statistics.median(e / c for e, c in zip(times["engine"], times["core"]))
    print(f"  the core is {ratio:.1f}× the engine's speed (median over the positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
