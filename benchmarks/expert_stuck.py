"""Does the expert gain by dealing the other hand as a stuck player's?

    python benchmarks/expert_stuck.py --games 200 --jobs 2            # 2 players, 400 games

A player lays a card face down (R11) only with 12 cards and, for the computer players, no turn
at all in their hand: then every card left had no seat that turn. With 2 players the café has not
changed since (a card laid face down moves nothing), so a deal of the hidden cards that gives
them a hand with a turn in it cannot be the game being played. The expert deals the other hand
from the unseen cards every way alike, that one too. Probe ``stuck`` (never a player of the
product): the expert whose deals, after the other player laid a card face down, are dealt again
until their hand holds no turn (``tries`` at most; the last one then); with ``draws=1`` also
after they drew while the guest pile was not nearly out, until their hand less one of its cards
held no turn worth the strong player's patience (11 points), why the strong player draws. Probe
``both``: that, its look-ahead stopped at ``benchmarks/expert_leaf.py``'s learnt value.

How wrong the expert's deals are there (the strong player against itself, 2 players, on
2026-11-30): after 204 cards laid face down (seeds 100–109), 2.5 of 20 uniform deals gave the
other a hand with no turn, and the real hand never held one; after 456 draws (seeds 100–105),
7.4 of 10 deals fitted the draw, and the real hand 455 times.

Against strong, 2 players, seeds 100–299 (400 games each; the expert: 54 %): ``stuck`` **56 %**
(51–60 %), 20 ms a turn at the median; ``stuck:draws=1`` **56 %** (51–60 %), 34 ms;
``both:draws=1,margin=0.5,top=8`` **53 %** (48–58 %), 34 ms.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.players import PLAYERS  # noqa: E402
from cafe_widget.players.expert import ExpertPlayer  # noqa: E402

#: How many deals :class:`Stuck` threw away, and kept, in this process (for the printout).
COUNTS = {"dealt": 0, "redealt": 0, "kept": 0}


def holds_a_turn(deal, player: int) -> bool:
    """Whether ``player``'s hand in ``deal`` holds a turn on its café (the core's best turn)."""
    mover = deal.to_move
    deal.to_move = player
    try:
        return deal.best_turn() is not None
    finally:
        deal.to_move = mover


def waited(deal, player: int, patience: float) -> bool:
    """Whether ``player``'s hand in ``deal``, less one of its cards (the one just drawn), held
    no turn worth ``patience`` points: why the strong player draws (R10)."""
    mover = deal.to_move
    deal.to_move = player
    try:
        found = deal.best_turn()
        if found is None or found[0] < patience:
            return True
        hand = deal.hands[player]
        for guest in {g for g, _ in found[1]}:     # the card drawn may be one of the best turn's
            hand[guest] -= 1
            again = deal.best_turn()
            hand[guest] += 1
            if again is None or again[0] < patience:
                return True
        return False
    finally:
        deal.to_move = mover


class Stuck(ExpertPlayer):
    """The expert, its deals kept to hands without a turn after the other laid a card down
    (and with ``draws``, to hands that held no turn of ``patience`` points after they drew)."""

    def __init__(self, tries: int = 30, draws: int = 0, **settings):
        super().__init__(**settings)
        self.tries, self.draws = int(tries), int(draws)

    def _fits(self, game, deal, other, kind) -> bool:
        if kind == "down":
            return not holds_a_turn(deal, other)
        return waited(deal, other, self.patience)

    def _deal(self, game, start, rng, hidden):
        deal = super()._deal(game, start, rng, hidden)
        if game.players != 2 or not game.log:
            return deal
        last = game.log[-1]
        near = len(last.before.guest_pile) <= self.endgame * game.players
        if not (last.kind == "down" or (self.draws and last.kind == "draw" and not near)):
            return deal
        COUNTS["dealt"] += 1
        for _ in range(self.tries):
            if self._fits(game, deal, last.player, last.kind):
                COUNTS["kept"] += 1
                return deal
            COUNTS["redealt"] += 1
            deal = super()._deal(game, start, rng, hidden)
        return deal


class Both(Stuck):
    """:class:`Stuck`, its look-ahead stopped at ``benchmarks/expert_leaf.py``'s learnt value."""

    def _margin(self, sim, me, hands_count):
        import expert_leaf

        if sim.over is not None or len(sim.hands) != 2:
            return super()._margin(sim, me, hands_count)
        return expert_leaf.value(sim, me)


def main() -> None:
    import tournament

    tournament.run_probe(tournament.probe_arguments(__doc__.splitlines()[0], ("stuck", "both")).parse_args())


if __name__ in ("__main__", "__mp_main__"):
    PLAYERS["stuck"] = Stuck
    PLAYERS["both"] = Both
if __name__ == "__main__":
    main()
