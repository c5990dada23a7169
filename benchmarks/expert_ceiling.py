"""What does not seeing the hidden cards cost the expert? The same search, shown some of them.

    python benchmarks/expert_ceiling.py --jobs 2                  # 2 players, 200 deals (400 games)
    python benchmarks/expert_ceiling.py --players 3 --games 50

Probes, never players of the product (they read what a player may not know, so they are not in
``make_player``): each is the expert (:mod:`cafe_widget.players.expert`) with its deals of the
hidden cards replaced, against the strong player as in ``benchmarks/tournament.py`` (each deal
played with the probe in every seat, on the tournament's tuning seeds from 100):

- ``expert`` — the expert itself: it deals every hidden card anew, 16 times;
- ``sees-hands`` — it sees the other hands (the piles' order is still dealt anew);
- ``sees-piles`` — it sees the guest pile's and the table pile's order, so its own next draws and
  the tables to come (the other hands are dealt anew from what is left: with 2 players that is
  the other hand itself, but for its face-down cards);
- ``sees-all`` — it sees every card: its one deal is the game itself;
- ``…:rounds=2`` — the same, looking two rounds ahead instead of one.

The gap between ``expert`` and ``sees-all`` is what the hidden cards cost a search of this kind;
``sees-all`` is the most it could win by guessing them better. It prints the tournament's table
(win rate, its 95 % interval, the scores, the time a turn).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tournament  # noqa: E402
from cafe_widget.players import PLAYERS  # noqa: E402
from cafe_widget.players.expert import ExpertPlayer  # noqa: E402


def _cards(hands, skip: int) -> list[int]:
    """The guests (codes) of every hand but ``skip``'s."""
    return [g for q, hand in enumerate(hands) if q != skip for g in range(24) for _ in range(hand[g])]


class SeesAll(ExpertPlayer):
    """The expert whose deal is the game itself: every hidden card seen (one deal is enough:
    the playouts are deterministic)."""

    def __init__(self, samples: int = 1, **settings):
        super().__init__(samples=samples, **settings)

    def _deal(self, game, start, rng, hidden):
        return start.copy()


class SeesHands(ExpertPlayer):
    """The expert that sees the other hands; both piles' order is dealt anew."""

    def _deal(self, game, start, rng, hidden):
        truth = start                     # the game as it is: every card where it really is
        rest = list((Counter(hidden[0]) - Counter(_cards(truth.hands, truth.to_move))).elements())
        rng.shuffle(rest)                 # the guest pile and the others' face-down cards
        tables = hidden[1][:]
        rng.shuffle(tables)
        deal = truth.copy()
        deal.guest_pile = rest[:len(truth.guest_pile)]
        deal.table_pile = tables
        return deal


class SeesPiles(ExpertPlayer):
    """The expert that sees both piles' order; the other hands are dealt anew."""

    def _deal(self, game, start, rng, hidden):
        truth = start                     # the game as it is: every card where it really is
        rest = list((Counter(hidden[0]) - Counter(truth.guest_pile)).elements())
        rng.shuffle(rest)                 # the other hands and their face-down cards
        deal = truth.copy()
        at = 0
        for q, hand in enumerate(truth.hands):
            if q != truth.to_move:
                counts = [0] * 24
                for g in rest[at:at + sum(hand)]:
                    counts[g] += 1
                deal.hands[q] = counts
                at += sum(hand) + truth.down[q]
        return deal


PROBES = {"sees-all": SeesAll, "sees-hands": SeesHands, "sees-piles": SeesPiles}
if __name__ in ("__main__", "__mp_main__"):    # run as the script (and in its workers) only
    PLAYERS.update(PROBES)                       # the product never has them
LINES = ["expert", "sees-hands", "sees-piles", "sees-all",
         "expert:rounds=2", "sees-hands:rounds=2", "sees-piles:rounds=2", "sees-all:rounds=2"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per probe")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--probes", nargs="+", default=LINES)
    args = parser.parse_args()
    tournament.against_strong(args.probes, args.players, args.games, args.first_seed, args.jobs)


if __name__ == "__main__":
    main()
