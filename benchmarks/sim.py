"""The simulation core (cafe_widget/players/sim.py) against the engine, on the same work: every
card of a hand tried on every seat, as a search does at each step of a playout.

On the cafés at the start of every turn of seeded games between computer players (2 to 5
players), with each turn's own hand: the engine's own fastest way (``TurnState.seat_scores`` for
each guest: R5 first, then each seat left placed and scored) and the core (``SimTurn.legal``). Prints each one's
time per position (median, worst) and the speed-up. Then whole playouts from the deal with one
simple policy written for each (the same final scores in both), their time and the speed-up.
Then the expert's own playouts (``SimGame.play_turn``: the best turn with the strong player's
patience) from the middle of games, against the same policy played through the engine's
``Game`` (the same final scores), and against a playout as the engine's players make it (the
strong player in every seat: what a search on the engine would have to do). Last, the batch
(``cafe_widget/players/batch.py``): ``--batch`` positions of each player count, from the deal and
from mid-game, played out at once by its greedy policy, against the same policy on the engine's
``Game`` on the first of them (the same final scores): the time a playout in each, the speed-up.

    python benchmarks/sim.py [--games 6] [--repeat 5] [--playouts 20] [--batch 500] [--engine 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cafe_widget.engine import Game  # noqa: E402
from cafe_widget.engine.layout import SEATS  # noqa: E402
from cafe_widget.players import make_player  # noqa: E402
from cafe_widget.players.batch import POLICY, Batch, greedy_turn  # noqa: E402
from cafe_widget.players.sim import SimGame, SimTurn, guest_code  # noqa: E402


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
    """The engine's own fastest way: each guest's seats and their points (R5 checked first)."""
    turn = cafe.begin_turn()
    return sum(len(turn.seat_scores(guest)) for guest in hand)


def core_once(cafe, hand) -> int:
    return len(SimTurn.of(cafe).legal([guest_code(g) for g in hand]))


# -- whole playouts: the same simple policy on both ------------------------------------------------
#
# At each turn: declare the end with an empty hand (R12c); else the card that scores most (the
# first in seat and hand order on a tie), then the turn ends; with none that scores, a card alone
# and the card that joins it (the pair that scores most); else draw (R10), or lay the first card
# face down with 12 (R11).


def engine_turn(game) -> None:
    if game.to_move in game.who_may_declare():
        game.declare_end(game.to_move)
        return
    hand = sorted(set(game.hand()))
    start = game.cafe.begin_turn()
    best = None
    pairs = []
    scores = {guest: start.seat_scores(guest) for guest in hand}
    for seat in SEATS:                         # in seat order, then hand order, as the core goes
        for guest in hand:
            score = scores[guest].get(seat)
            if score is None:
                continue
            if score.points > 0:
                if best is None or score.points > best[0]:
                    best = (score.points, [f"{guest}@{seat}"])
            else:
                pairs.append((guest, seat))
    if best is None:
        for guest, seat in pairs:
            after = start.place(guest, seat)
            rest = list(game.hand())
            rest.remove(guest)
            scores = {g: after.seat_scores(g) for g in sorted(set(rest))}
            for seat2 in SEATS:
                for guest2, seats in scores.items():
                    if seat2 in seats and seats[seat2].points > 0 and (best is None or seats[seat2].points > best[0]):
                        best = (seats[seat2].points, [f"{guest}@{seat}", f"{guest2}@{seat2}"])
    if best is not None:
        for placement in best[1]:
            game.place(placement)
        if not game.is_over:
            game.end_turn()
    elif game.explain_draw() is None:
        game.draw()
    else:
        game.lay_face_down(sorted(game.hand())[0])


def core_turn(sim) -> None:
    p = sim.to_move
    if p in sim.who_may_declare():
        sim.declare_end(p)
        return
    hand = [g for g in range(24) if sim.hands[p][g]]
    start = SimTurn(sim.tables, sim.seats, sim.table_pile)
    best = None
    pairs = []
    for guest, seat, points in start.legal(hand):
        if points > 0:
            if best is None or points > best[0]:
                best = (points, [(guest, seat)])
        else:
            pairs.append((guest, seat))
    if best is None:
        for guest, seat in pairs:
            after = start.copy()
            after.place(guest, seat)
            sim.hands[p][guest] -= 1
            rest = [g for g in range(24) if sim.hands[p][g]]
            sim.hands[p][guest] += 1
            for guest2, seat2, points in after.legal(rest):
                if points > 0 and (best is None or points > best[0]):
                    best = (points, [(guest, seat), (guest2, seat2)])
    if best is not None:
        for guest, seat in best[1]:
            sim.place(guest, seat)
        if sim.over is None:
            sim.end_turn()
    elif not sim.draw():
        sim.lay_face_down(next(g for g in range(24) if sim.hands[p][g]))


def playouts(games: int) -> None:
    """Whole games from the deal, by the policy above, in the engine and in the core: the same
    final scores, and the time of each."""
    engine_times, core_times = [], []
    for seed in range(1, games + 1):
        players = 2 + seed % 4
        game = Game.new(players, seed=seed)
        sim = SimGame.of(game)
        core_times.append(played_out(sim, core_turn, lambda s: s.over))
        engine_times.append(played_out(game, engine_turn, lambda g: g.is_over))
        assert sim.final() == finals(game) and sim.over == game.result().reason, (seed, sim.final(), finals(game))
    print(f"{games} whole playouts (2 to 5 players, the same policy, the same final scores in both)")
    for name, values in (("engine", engine_times), ("core", core_times)):
        print(f"  {name:6}: median {statistics.median(values) * 1000:8.2f} ms a playout, worst {max(values) * 1000:8.2f} ms")
    print(f"  the core plays out {statistics.median(e / c for e, c in zip(engine_times, core_times)):.1f}× faster "
          "(median over the games)")


# -- the expert's playouts: SimGame.play_turn, and the same policy through the engine -----------


def played_out(state, turn, over) -> float:
    """Seconds to play ``state`` out, ``turn(state)`` a turn at a time until ``over(state)``."""
    t = time.perf_counter()
    while not over(state):
        turn(state)
    return time.perf_counter() - t


def finals(game) -> list[int]:
    """Each player's final score (R13), in seat order."""
    return [s.final for s in sorted(game.result().standings, key=lambda s: s.player)]


def engine_policy_turn(game, patience: float = 11, endgame: int = 3) -> None:
    """``SimGame.play_turn`` written on the engine's ``Game``: the same decisions."""
    p = game.to_move
    if p in game.who_may_declare():
        now = finals(game)
        if all(now[p] > f for q, f in enumerate(now) if q != p):
            game.declare_end(p)
            return
    hand = game.hand()
    may_draw = game.explain_draw() is None
    found = game.best_turn(seen=True) if hand else None
    if found is not None and (not may_draw or found.points >= patience
                              or len(game.guest_pile) <= endgame * game.players):
        place_all(game, found)
    elif may_draw:
        game.draw()
    elif found is not None:
        place_all(game, found)
    else:
        present = {t for t in game.cafe.tables if t}
        held = sorted(set(hand), key=guest_code)
        game.lay_face_down(next((g for g in reversed(held) if g[:2] not in present), held[-1]))


def place_all(game, turn) -> None:
    for card in turn.cards:
        game.place(card.text)
    if not game.is_over:
        game.end_turn()


def expert_playouts(games: int) -> None:
    """From the middle of seeded games (after 20 turns of strong players), the expert's playout
    to the end in the core and in the engine (the same final scores), and the strong players
    playing it out through the engine."""
    core_times, engine_times, strong_times = [], [], []
    for seed in range(1, games + 1):
        players = 2 + seed % 3
        game = Game.new(players, seed=seed)
        strong = [make_player("strong") for _ in range(players)]
        for _ in range(20):
            for action in strong[game.to_move].actions(game):
                game.act(action)
        if game.is_over:
            continue
        sim = SimGame.of(game)
        core_times.append(played_out(sim, lambda s: s.play_turn(11), lambda s: s.over))
        same_policy = game.copy()
        engine_times.append(played_out(same_policy, engine_policy_turn, lambda g: g.is_over))
        assert sim.final() == finals(same_policy) and sim.over == same_policy.result().reason, \
            (seed, sim.final(), finals(same_policy))
        strong_times.append(played_out(game.copy(), lambda g: [g.act(a) for a in strong[g.to_move].actions(g)],
                                       lambda g: g.is_over))
    print(f"{len(core_times)} playouts of the expert's policy from the middle of a game (2 to 4 players)")
    for name, values in (("core", core_times), ("engine, the same policy", engine_times),
                         ("engine, strong players", strong_times)):
        print(f"  {name:24}: median {statistics.median(values) * 1000:8.2f} ms a playout, "
              f"worst {max(values) * 1000:8.2f} ms")
    print(f"  the core plays out {statistics.median(e / c for e, c in zip(engine_times, core_times)):.1f}× faster "
          "than the engine with the same policy (the same final scores), "
          f"{statistics.median(e / c for e, c in zip(strong_times, core_times)):.1f}× faster than the engine's "
          "strong players play a game out")


# -- the batch: many playouts at once (cafe_widget/players/batch.py) --------------------------------


def batch_playouts(size: int, engine_games: int) -> None:
    """For 2 to 5 players, ``size`` positions (the deal, and after 20 turns of strong players)
    played out at once in a batch by its greedy policy; the first ``engine_games`` of them
    played out by the same policy on the engine's ``Game`` (the same final scores, asserted).
    The time a playout in each (the mean: a batch's time is its playouts' together), and the
    speed-up."""
    strong = make_player("strong")
    print(f"Playouts by the batch's policy ({POLICY}), {size} positions a line in one batch; "
          f"the engine on {engine_games} of them (the same final scores)")
    ratios = []
    for when, turns in (("from the deal", 0), ("from mid-game", 20)):
        for players in (2, 3, 4, 5):
            games = []
            seed = 0
            while len(games) < size:
                seed += 1
                game = Game.new(players, seed=seed)
                for _ in range(turns):
                    for action in strong.actions(game):
                        game.act(action)
                    if game.is_over:
                        break
                if not game.is_over:
                    games.append(game)
            batch = Batch([SimGame.of(g) for g in games])
            t = time.perf_counter()
            batch.play_out()
            per_batch = (time.perf_counter() - t) / size
            engine = []
            for i, game in enumerate(games[:engine_games]):
                engine.append(played_out(game, greedy_turn, lambda g: g.is_over))
                assert finals(game) == batch.final()[i].tolist() and game.result().reason == batch.ends()[i], i
            ratio = statistics.mean(engine) / per_batch
            ratios.append(ratio)
            print(f"  {when}, {players} players: engine {statistics.mean(engine) * 1000:7.2f} ms a playout "
                  f"(median {statistics.median(engine) * 1000:6.2f}, worst {max(engine) * 1000:6.2f}), "
                  f"batch {per_batch * 1000:6.3f} ms: {ratio:4.0f}×")
    print(f"  the batch plays out {min(ratios):.0f}× to {max(ratios):.0f}× faster than the engine "
          f"(median {statistics.median(ratios):.0f}×)")
    # A step makes the same numpy calls whatever the batch's size: small batches pay
    # for them over fewer playouts.
    deals = [SimGame.of(Game.new(2, seed=seed)) for seed in range(1, 1001)]
    for size in (50, 200, 500, 1000):
        batch = Batch(deals[:size])
        t = time.perf_counter()
        batch.play_out()
        print(f"  {size:4} deals of 2 players in one batch: {(time.perf_counter() - t) / size * 1000:6.3f} ms a playout")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--playouts", type=int, default=20, help="whole games played out in both")
    p.add_argument("--batch", type=int, default=500, help="positions a batch plays out at once")
    p.add_argument("--engine", type=int, default=40, help="of them, played out by the engine too")
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
    playouts(args.playouts)
    expert_playouts(args.playouts)
    batch_playouts(args.batch, min(args.engine, args.batch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
