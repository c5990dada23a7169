"""Does the expert gain by playing its look-ahead with the strong player's own judgement?

    python benchmarks/expert_policy.py --games 200 --jobs 2            # 2 players, 400 games
    python benchmarks/expert_policy.py --games 200 --jobs 2 --only opponents

The expert (:mod:`cafe_widget.players.expert`) plays each turn it weighs one round on, every
player by the core's playout policy (:meth:`SimGame.play_turn
<cafe_widget.players.sim.SimGame.play_turn>`): the turn with the most points, with the strong
player's patience. The strong player it plays against weighs more than points (what a turn
keeps and leaves: :class:`~cafe_widget.players.card.StrongPlayer`). This probe, ``policy``,
plays the look-ahead with that weighing written for the core (:func:`strong_turn`), for every
player (``--only all``), for the others only (``--only opponents``: a better model of the
player it meets) or for itself only (``--only self``). A probe of this script, never a player of
the product. It prints the tournament's table, and with ``--agree`` how often
:func:`strong_turn` leaves the game as the strong player's own turn does, on the turns of seeded
games between strong players (``--games`` of them, of 2 to 4 players).

Measured on 2026-11-30 (2 players, seeds 100–299, 400 games each): ``--only all`` won 56 %
against strong (the expert: 54 % on the same deals), and 52 % with ``--settings margin=0.75``;
60 ms a turn at the median, 0.6 s at the 99th percentile. ``--agree --games 12 --first-seed
700``: the same turn in 88 % of the turns placed and 96 % of the draws.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.engine.cards import NATIONS  # noqa: E402
from cafe_widget.engine.search import _Search, _Start  # noqa: E402
from cafe_widget.players import PLAYERS  # noqa: E402
from cafe_widget.players.card import _expected_best, _single_card_values, holding_chances  # noqa: E402
from cafe_widget.players.expert import ExpertPlayer  # noqa: E402
from cafe_widget.players.sim import (EMPTY, GUEST_CODE, GUEST_TEXT, HAND_LIMIT, NATION_TEXT,  # noqa: E402
                                     PENALTY, SimGame, SimTurn)

WIN = 1000


def _chances(sim: SimGame, p: int) -> dict[str, float]:
    """For each guest, the chance the next player holds one, from the cards ``p`` cannot see
    (the other hands and the guest pile of the deal, as one heap)."""
    heap = Counter(GUEST_TEXT[g] for g in sim.guest_pile)
    for q, hand in enumerate(sim.hands):
        if q != p:
            heap.update({GUEST_TEXT[g]: n for g, n in enumerate(hand) if n})
    return holding_chances(heap, sum(sim.hands[(p + 1) % len(sim.hands)]))


def _wins(sim: SimGame, p: int, points: int, kept: int) -> bool:
    finals = sim.final()
    mine = finals[p] + points - PENALTY * (kept - sum(sim.hands[p]))
    return all(mine > f for q, f in enumerate(finals) if q != p)


def strong_turn(sim: SimGame, fit: float = 1.0, score: float = 1.0, open_weight: float = 0.5,
                endgame: int = 3, width: int = 40, patience: float = 11) -> None:
    """One turn of the strong player's judgement (:class:`~cafe_widget.players.card.StrongPlayer`)
    for the player to move of ``sim``, the table pile read (the deal's)."""
    p = sim.to_move
    if p in sim.who_may_declare() and sim.ahead(p):
        sim.declare_end(p)
        return
    hand = sim.hands[p]
    may_draw = bool(sim.guest_pile) and sum(hand) < HAND_LIMIT
    near_end = len(sim.guest_pile) <= endgame * len(sim.hands)
    if may_draw and len(sim.guest_pile) == 1 and _wins(sim, p, 0, sum(hand) + 1):
        sim.draw()
        return
    tables = [NATION_TEXT[t + 1] for t in sim.tables]
    plans = []
    if any(hand):
        search = _Search(_Start(tables, [None if g == EMPTY else GUEST_TEXT[g] for g in sim.seats],
                                tuple(NATIONS[t] for t in sim.table_pile)),
                         [GUEST_TEXT[g] for g in range(24) for _ in range(hand[g])])
        missing = tables.count(None)
        for points, moves, _ in search.every(0, (), None):
            plans.append((points, moves, tuple(search.tables), tuple(search.seats),
                          tuple(search.count), search.tables.count(None) > missing))
    plans.sort(key=lambda t: (-t[0], -len(t[1])))
    chances = _chances(sim, p) if open_weight and plans else {}
    ranked, seen = [], set()
    kinds = search.kinds if plans else []
    for points, moves, t_after, s_after, count, ended in plans:
        if (t_after, s_after, count) in seen:
            continue
        seen.add((t_after, s_after, count))
        kept = [kinds[k] for k, n in enumerate(count) for _ in range(n)]
        value = points - (2 * len(kept) if near_end else 0)
        if ended:
            value += WIN if _wins(sim, p, points, len(kept)) else -WIN
        else:
            values = _single_card_values(s_after, t_after)
            turn = SimTurn([EMPTY if t is None else NATIONS.index(t) for t in t_after],
                           [EMPTY if g is None else GUEST_CODE[g] for g in s_after], [])
            fits = {g for g in set(kept)
                    if any(turn.score(GUEST_CODE[g], s) >= 0 for s in range(12))}
            value += fit * sum(1 for g in kept if g in fits)
            value += score * sum(1 for g in kept if values.get(g, 0) > 0)
            value -= open_weight * _expected_best(values, chances)
            if not kept and _wins(sim, p, points, 0):
                value += WIN
        ranked.append((value, points, moves, kinds))
        if len(seen) >= width:
            break
    ranked.sort(key=lambda r: -r[0])
    if ranked:
        value, points, moves, kinds = ranked[0]
        best_points = plans[0][0]
        if value < WIN / 2 and not near_end and may_draw and best_points < patience:
            sim.draw()
            return
        if value >= -WIN / 2 or not (may_draw or sum(hand) == HAND_LIMIT):
            sim._place_all([(GUEST_CODE[kinds[k]], s) for s, k in moves], None)
            if sim.over is None and not any(hand) and sim.ahead(p):
                sim.declare_end(p)
            return
    if may_draw:
        sim.draw()
        return
    present = [t for t in sim.tables if t != EMPTY]
    held = [g for g in range(24) if hand[g]]

    def hope(g):   # the strong player's _least_hopeful, but for the box (the core keeps none)
        return (g >> 1 in present, 2 - present.count(g >> 1), hand[g ^ 1] > 0)

    sim.lay_face_down(min(reversed(held), key=hope))


class Policy(ExpertPlayer):
    """The expert whose look-ahead plays :func:`strong_turn` for the players ``only`` names."""

    def __init__(self, only: str = "all", **settings):
        super().__init__(**settings)
        self.only = only
        self._me = None

    def estimates(self, game):
        self._me = game.to_move
        return super().estimates(game)

    def _rollout(self, sim):
        mine = sim.to_move == self._me
        if self.only == "all" or (self.only == "self") == mine:
            strong_turn(sim, self.fit, self.score, self.open, self.endgame, self.width, self.patience)
        else:
            super()._rollout(sim)


def agree(games: int, first_seed: int) -> None:
    """How often :func:`strong_turn` leaves the game as the strong player's turn does."""
    from collections import Counter

    from cafe_widget.engine import Game
    from cafe_widget.players import make_player

    kinds = Counter()
    for seed in range(first_seed, first_seed + games):
        game = Game.new(2 + seed % 3, seed=seed)
        strong = make_player("strong")
        while not game.is_over:
            actions = strong.actions(game)
            sim = SimGame.of(game)
            strong_turn(sim)
            for action in actions:
                game.act(action)
            after = None if game.is_over else SimGame.of(game)
            same = (after is None and sim.over is not None) or (
                after is not None and sim.over is None
                and (sim.hands, sim.seats, sim.scores) == (after.hands, after.seats, after.scores))
            kind = "draw" if actions == ["draw"] else actions[0].split(":")[0] if ":" in actions[0] else "place"
            kinds[kind, same] += 1
    for kind in ("place", "draw", "down", "declare"):
        total = kinds[kind, True] + kinds[kind, False]
        if total:
            print(f"{kind:8} {kinds[kind, True]:5} of {total:5} the same ({kinds[kind, True] / total:.0%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default="all", choices=("all", "opponents", "self"))
    parser.add_argument("--settings", default="", help="more of the expert's, k=v,k2=v2")
    parser.add_argument("--agree", action="store_true", help="strong_turn against the strong player")
    args = parser.parse_args()
    if args.agree:
        agree(args.games, args.first_seed)
        return
    import tournament
    spec = f"policy:only={args.only}" + (f",{args.settings}" if args.settings else "")
    tournament.against_strong([spec], args.players, args.games, args.first_seed, args.jobs)


if __name__ in ("__main__", "__mp_main__"):   # the tournament's workers see the probe too
    PLAYERS["policy"] = Policy        # a probe of this script, never a player of the product
if __name__ == "__main__":
    main()
