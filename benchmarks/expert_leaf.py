"""Does the expert gain by valuing where its look-ahead stops with a learned evaluation?

    python benchmarks/expert_leaf.py --games 200 --jobs 2                      # 2 players, 400 games
    python benchmarks/expert_leaf.py --games 200 --jobs 2 --settings margin=0.5,top=8
    python benchmarks/expert_leaf.py --games 200 --kind learned --settings top=10
    python benchmarks/expert_leaf.py --fit 4000        # self-play, then the table WEIGHTS (70 s)

The expert (:mod:`cafe_widget.players.expert`) values the position where its look-ahead stops
by the score less the others' mean, each card in hand worth 3.5 points, whatever the card.
Self-play of its playout policy (:meth:`SimGame.play_turn
<cafe_widget.players.sim.SimGame.play_turn>`, 2 players, seeds 20 000 to 23 999: 4 000 games,
520 000 positions at the start of a turn) says a card is worth very different amounts: fitted
by least squares to the final margin (R13), in the middle of the game (36 to 50 guest cards
left), a card of a nation with a table in the café +1.5, and +3.0 more if it has a seat now; a
card whose nation's tables are still in the table pile −1.6; a card of a nation whose tables
have both left the game −5.5 (it will cost 2 points face down or in hand, and takes a place in a
hand of 12); each face-down card −2.4; the player to move +1.8. Those games are "stuck" a good
part of the time: 130 turns, of which each player draws 41 times, places 14 turns of 11.5
points and lays 11 cards face down (30 games between strong players in the engine, seeds
100–129); 56 of 60 end by the last guest card drawn (R12b), the margin is 31 points at the
median.

Two probes, never players of the product:

- ``leaf``: the expert, whose look-ahead with 2 players stops at that evaluation (the other
  hand as the deal has it). Against strong, 2 players, seeds 100–299 (400 games), on
  2026-11-30: **55 %** (50–60 %), 16 ms a turn at the median; with ``margin=0.5,top=8`` **56 %**
  (51–61 %). The expert itself: 54 % on those deals.
- ``learned``: no look-ahead at all: the strong player's ``top`` turns, drawing, and each card
  it may lay face down, each valued by that evaluation of the position it leaves to the other
  player (their hand's features by expectation over the cards it cannot see: the fit is
  linear in them). ``top=10``: **45 %** (40–50 %) against strong, 0.7 ms a turn.

A better value where the look-ahead stops does not move the expert: like the probes of
:mod:`expert_policy` and :mod:`expert_guess`, it stays within a few points of 54 %.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.players import PLAYERS  # noqa: E402
from cafe_widget.players.expert import ExpertPlayer  # noqa: E402
from cafe_widget.players.sim import EMPTY, SimTurn  # noqa: E402

#: Printed by ``--fit 4000``. For the guest pile up to the first number: (the player to move, score diff, my on, my pile, my dead, my placeable,
#: their on, their pile, their dead, their placeable, face-down diff)
WEIGHTS = (
    (8, (1.27, 1.00, 0.53, -1.25, -1.99, 3.51, -0.47, 1.11, 1.86, -2.59, -2.07)),
    (20, (1.93, 0.99, 2.02, -0.78, -2.79, 2.70, -2.11, 0.60, 2.57, -2.15, -2.23)),
    (35, (2.05, 0.98, 1.81, -1.29, -4.20, 2.79, -1.86, 1.09, 4.00, -2.42, -2.37)),
    (50, (1.75, 0.99, 1.54, -1.64, -5.48, 2.99, -1.62, 1.47, 5.23, -2.59, -2.36)),
    (65, (1.57, 1.03, 1.97, -1.61, -5.53, 2.06, -2.02, 1.48, 5.58, -1.76, -1.67)),
    (999, (1.17, 0.95, 2.53, -1.31, -3.33, 0.89, -2.64, 1.24, 6.13, -0.90, -2.13)),
)


def _counts(cards, present, pile, legal) -> list[float]:
    """``cards`` (``(guest, how many)``) by their nation's table: in the café, in the table
    pile, none left; then those with a seat now (``legal``)."""
    counts = [0, 0, 0, 0]
    for g, n in cards:
        nation = g >> 1
        counts[0 if nation in present else 1 if nation in pile else 2] += n
        if g in legal:
            counts[3] += n
    return counts


def _cafe_facts(sim):
    """The nations with a table in the café, those in the table pile, the guests with a seat."""
    turn = SimTurn(sim.tables[:], sim.seats[:], sim.table_pile[:])
    present = {t for t in sim.tables if t != EMPTY}
    return present, set(sim.table_pile), {g for g, s, p in turn.legal(range(24))}


def features(sim, me) -> list[int]:
    """The score less the other's; for ``me``, then the other: the cards in hand of a nation
    with a table in the café, with tables still in the pile, with none left, and those with a
    seat now (R5–R7); the face-down cards less the other's."""
    facts = _cafe_facts(sim)
    out = [sim.scores[me] - sim.scores[1 - me]]
    for q in (me, 1 - me):
        out += _counts([(g, n) for g, n in enumerate(sim.hands[q]) if n], *facts)
    return out + [sim.down[me] - sim.down[1 - me]]


def value(sim, me) -> float:
    """The fitted final margin of ``me``, to move in ``sim`` (2 players)."""
    left = len(sim.guest_pile)
    w = next(w for top, w in WEIGHTS if left <= top)
    f = features(sim, me)
    return w[0] + sum(a * b for a, b in zip(w[1:], f))


class Leaf(ExpertPlayer):
    """The expert whose look-ahead, with 2 players, stops at :func:`value`."""

    def _margin(self, sim, me, hands_count):
        if sim.over is not None or len(sim.hands) != 2:
            return super()._margin(sim, me, hands_count)
        return value(sim, me)


def expected_value(sim, mover, me, hidden_guests) -> float:
    """V of ``sim`` for ``mover`` (to move), whose hand ``me`` cannot see: their features by
    expectation over the cards ``me`` cannot see (the model is linear in them)."""
    w = next(w for top, w in WEIGHTS if len(sim.guest_pile) <= top)
    facts = _cafe_facts(sim)
    share = sum(sim.hands[mover]) / max(1, len(hidden_guests))
    theirs = _counts([(g, share) for g in hidden_guests], *facts)
    mine = _counts([(g, n) for g, n in enumerate(sim.hands[me]) if n], *facts)
    f = [sim.scores[mover] - sim.scores[me], *theirs, *mine, sim.down[mover] - sim.down[me]]
    return w[0] + sum(a * b for a, b in zip(w[1:], f))


class Learned(ExpertPlayer):
    """One ply: each turn the strong player ranks (``top``), drawing and each card to lay down,
    valued by the learned evaluation of the position it leaves (the next player's, negated)."""

    def actions(self, game):
        from cafe_widget.players.card import _declare_if_ahead, _go_on
        from cafe_widget.players.expert import _play
        from cafe_widget.players.sim import SimGame, unseen, GUEST_TEXT
        import random
        if game.variant or game.turn is not None or game.players != 2:
            return super().actions(game)
        if _declare_if_ahead(game):
            return [f"declare:{game.to_move + 1}"]
        me = game.to_move
        start = SimGame.of(game)
        hidden = unseen(game)
        rng = random.Random(start.public_seed())
        deal = start.dealt(rng, hidden)
        turns = [actions for _, actions in self.ranked_turns(game)[:self.top]]
        if game.explain_draw() is None:
            turns.append(["draw"])
        elif sum(start.hands[me]) == 12:
            turns += [[f"down:{GUEST_TEXT[g]}"] for g in range(24) if start.hands[me][g]]
        if not turns:
            return super().actions(game)
        best, choice = None, None
        for actions in turns:
            sim = deal.copy()
            if actions[0].startswith("down:"):
                from cafe_widget.players.sim import GUEST_CODE
                sim.lay_face_down(GUEST_CODE[actions[0][5:]])
            else:
                _play(sim, actions)
            if sim.over is not None:
                fin = sim.final()
                v = (fin[me] - fin[1 - me]) + (1000 if fin[me] > fin[1 - me] else -1000)
            else:
                v = -expected_value(sim, 1 - me, me, hidden[0])
            if best is None or v > best:
                best, choice = v, actions
        if "@" in choice[-1]:
            return _go_on(self, game, choice)
        return choice


def _self_play(seed: int) -> list:
    """One game of the playout policy against itself: at each turn's start, the features of
    the player to move, the guest pile's size, and their final margin (R13)."""
    from cafe_widget.engine import Game
    from cafe_widget.players.sim import SimGame

    sim = SimGame.of(Game.new(2, seed=seed))
    rows = []
    while sim.over is None:
        rows.append((sim.to_move, features(sim, sim.to_move), len(sim.guest_pile)))
        sim.play_turn(11, 3)
    finals = sim.final()
    return [(f, left, finals[me] - finals[1 - me]) for me, f, left in rows]


def fit(games: int, jobs: int) -> None:
    """Self-play from seed 20 000, then a least-squares fit for each stretch of the guest pile."""
    import numpy as np
    from concurrent.futures import ProcessPoolExecutor

    seeds = range(20_000, 20_000 + games)
    with ProcessPoolExecutor(jobs) as pool:
        rows = [row for game in pool.map(_self_play, seeds, chunksize=20) for row in game]
    print(f"{len(rows)} positions of {games} games")
    low = 0
    for top, _ in WEIGHTS:
        part = [(f, y) for f, left, y in rows if low <= left <= top]
        x = np.array([[1.0, *f] for f, _ in part])
        y = np.array([y for _, y in part], dtype=float)
        w = np.linalg.lstsq(x, y, rcond=None)[0]
        r2 = 1 - ((y - x @ w) ** 2).mean() / y.var()
        print(f"    ({top}, ({', '.join(f'{v:.2f}' for v in w)})),   # {len(part)} positions, R² {r2:.2f}")
        low = top + 1


def main() -> None:
    import tournament

    parser = tournament.probe_arguments(__doc__.splitlines()[0], ("leaf", "learned"))
    parser.add_argument("--fit", type=int, default=0, help="games of self-play: print WEIGHTS again")
    args = parser.parse_args()
    if args.fit:
        fit(args.fit, max(args.jobs, 2))
        return
    tournament.run_probe(args)


if __name__ in ("__main__", "__mp_main__"):
    PLAYERS["leaf"] = Leaf
    PLAYERS["learned"] = Learned
if __name__ == "__main__":
    main()
