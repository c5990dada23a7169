"""How much does the card laid face down matter?

    python benchmarks/expert_facedown.py --kind any_card --games 500 --jobs 2   # 2 players, 1000 games

With 12 cards and no turn in its hand a player lays one card face down (R11); it costs 2 points
at the end (R13) whichever it is, but the 11 left are the hand that waits for the café to change.
Two strong players sit stuck that way for many turns (in a game of 2 each lays 11 cards face
down, seeds 100–129): both hands full, no seat for any card, each in turn drawing one card and
laying one down; the café changes only when one of them places. The strong player lays down the
card least likely ever to find a seat (``card._least_hopeful``: a nation whose table is in the
café kept first, then one with tables still to come, then a card with its partner). Probes
(never players of the product), each the strong player but for the card it lays down:

- ``any_card``: a card of its hand at random (seeded by the position);
- ``worst_card``: the card the strong player would keep longest;
- ``copies``: the expert's card (``ExpertPlayer.card_to_lay_down``): a second copy of a guest
  it holds goes first, ``copies`` (5) off that card's hope for each other copy in hand.

Against strong, 2 players, seeds 100–599 (1 000 games each), on 2026-11-30: ``any_card`` **44 %**
(41–48 %), ``worst_card`` **25 %** (22–28 %), ``copies`` **56 %** (53–59 %); with 3 and 4 players
``copies`` was even with strong (34 % of 900 games, 25 % of 1 200; fair: 33 %, 25 %): the hands
sit stuck far less often there. The expert laying its cards down that way (its default;
``expert:copies=0`` lays them as strong does) won 60 % against strong on seeds 100–299 (400
games), where it had won 54 %; weighing, with 12 cards, a card laid down against placing a turn
as well (``ExpertPlayer.candidates``), 62 %.
"""

from __future__ import annotations

import random
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.players import PLAYERS  # noqa: E402
from cafe_widget.players.card import StrongPlayer, _least_hopeful  # noqa: E402


KINDS = ("any_card", "worst_card", "copies")


def hope_order(game, copies: float = 0) -> list[str]:
    """The hand's cards, the first laid down first (``_least_hopeful`` taken again and again)."""
    order, hand = [], list(game.hand())
    while hand:
        card = _least_hopeful(game, copies, tuple(hand))
        order.append(card)
        hand.remove(card)
    return order


class FaceDown(StrongPlayer):
    """The strong player, laying down the card ``how`` says (module docstring)."""

    def __init__(self, how: str = "copies", copies: float = 5, **weights):
        super().__init__(**weights)
        self.how, self.copies = how, copies

    def card_to_lay_down(self, game) -> str:
        if self.how == "any_card":
            return random.Random(zlib.crc32(game.format().encode())).choice(sorted(game.hand()))
        if self.how == "worst_card":
            return hope_order(game)[-1]
        return _least_hopeful(game, self.copies)


def _kind(how: str):
    return lambda **settings: FaceDown(how=how, **settings)


def main() -> None:
    import tournament

    tournament.run_probe(tournament.probe_arguments(__doc__.splitlines()[0], KINDS).parse_args())


if __name__ in ("__main__", "__mp_main__"):
    for _how in KINDS:
        PLAYERS[_how] = _kind(_how)
if __name__ == "__main__":
    main()
