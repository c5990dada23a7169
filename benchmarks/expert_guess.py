"""How much do the other player's past turns tell about their hand? A measure, and a probe.

    python benchmarks/expert_guess.py                       # 20 games of strong against strong
    python benchmarks/expert_guess.py --games 40 --back 12
    python benchmarks/expert_guess.py --tournament --games 200 --jobs 2   # the probe against strong

The expert (:mod:`cafe_widget.players.expert`) deals the other hand anew from the unseen cards,
every way alike. ``benchmarks/expert_ceiling.py`` showed that seeing that hand would be worth
about 6 points of win rate against strong with 2 players. This asks how much of it can be guessed
from what everyone saw the other player do: a deal is weighted by how likely their last ``back``
actions were with the hand it gives them, walking back from now:

- a turn placed, scoring ``p``: their hand then was this one plus the cards placed; a turn with
  more than ``p + slack`` points in it makes the deal ``exp(-beta × the excess)`` as likely (a
  player takes about the best turn they have);
- a draw (R10): their hand before was this one less the card drawn, any of its cards alike; if
  it held a turn worth ``wait`` points or more, the deal is ``miss`` as likely (a player who
  could score that much does not wait; not counted once the guest pile was nearly out);
- a card laid face down (R11): the card is unseen, so the walk stops there.

Only what a player sees is read: the cafés before each action, who did what, the cards placed and
their points (the drawn cards and the piles' order never). ``--proposals`` deals are weighed and
the expert's 16 are drawn from them by weight.

The measure: at every third turn from the sixth of each game, the cards a deal gets right in the
other hand (how many of each guest it shares with the truth), dealt alike and weighted, beside the
hand's size and the time the weighing takes. ``--tournament`` plays the expert dealing so
(``guesses``, a probe registered only here) against strong, as ``benchmarks/tournament.py`` does.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cafe_widget.engine import Game  # noqa: E402
from cafe_widget.engine.search import best_from  # noqa: E402
from cafe_widget.players import PLAYERS, make_player  # noqa: E402
from cafe_widget.players.expert import ExpertPlayer  # noqa: E402
from cafe_widget.players.sim import GUEST_CODE, GUEST_TEXT, SimGame, unseen  # noqa: E402


def seen_actions(game: Game, player: int, back: int) -> list[tuple]:
    """``player``'s last ``back`` actions, the latest first, as everyone saw them: ``(kind,
    tables, seats, placed codes, points, near the end)``; a card laid face down ends the list."""
    found = []
    for entry in reversed(game.log):
        if entry.player != player or entry.kind == "declare":
            continue
        cafe = entry.before.cafe                        # its tables and seats (not its pile)
        placed = [GUEST_CODE[card.guest] for card in entry.turn.cards] if entry.turn else []
        near = len(entry.before.guest_pile) <= 3 * game.players
        found.append((entry.kind, list(cafe.tables), list(cafe.seats), placed,
                      entry.points, near))
        if len(found) >= back or entry.kind == "down":
            break
    return found


class Guesses(ExpertPlayer):
    """The expert, its deals of the other hands drawn by weight (module docstring)."""

    def __init__(self, proposals: int = 48, back: int = 6, miss: float = 0.15, beta: float = 0.4,
                 slack: float = 2, wait: float = 11, **settings):
        super().__init__(**settings)
        self.proposals, self.back, self.miss, self.beta = int(proposals), int(back), miss, beta
        self.slack, self.wait = slack, wait
        self._drawn, self._for = [], None

    def log_weight(self, deal: SimGame, actions: dict[int, list[tuple]], rng: random.Random) -> float:
        """How likely the others' seen ``actions`` were with the hands ``deal`` gives them (log)."""
        total = 0.0
        for q, seen in actions.items():
            held = Counter({g: n for g, n in enumerate(deal.hands[q]) if n})
            for kind, tables, seats, placed, points, near in seen:
                if kind == "turn":
                    held.update(placed)
                    total -= self.beta * max(0, _best(tables, seats, held) - points - self.slack)
                elif kind == "draw":
                    cards = list(held.elements())
                    if not cards:
                        break
                    held[cards[rng.randrange(len(cards))]] -= 1     # the card drawn: any alike
                    held += Counter()
                    if not near and _best(tables, seats, held) >= self.wait:
                        total += math.log(self.miss)
                else:
                    break
        return total

    def weighed(self, game: Game, start: SimGame, rng: random.Random, hidden) -> tuple[list, list]:
        """``proposals`` deals, and their weights (the greatest 1)."""
        actions = {q: seen_actions(game, q, self.back) for q in range(game.players) if q != game.to_move}
        deals = [start.dealt(rng, hidden) for _ in range(self.proposals)]
        logs = [self.log_weight(deal, actions, rng) for deal in deals]
        top = max(logs)
        return deals, [math.exp(w - top) for w in logs]

    def _deal(self, game, start, rng, hidden):
        if self._for is not start:
            self._for = start
            deals, weights = self.weighed(game, start, rng, hidden)
            self._drawn = rng.choices(deals, weights=weights, k=self.samples)
        return self._drawn.pop()


def _best(tables, seats, held: Counter) -> int:
    found = best_from(tables, seats, (), [GUEST_TEXT[g] for g in held.elements()])
    return 0 if found is None else found[0]


def measure(games: int, first_seed: int, settings: dict) -> None:
    """The module docstring's measure, printed as one line."""
    guesser = Guesses(**settings)
    alike = weighted = size = seconds = effective = 0.0
    positions = 0
    for seed in range(first_seed, first_seed + games):
        game = Game.new(2, seed=seed)
        players = [make_player("strong"), make_player("strong")]
        turns = 0
        while not game.is_over:
            if game.turn is None and turns >= 6 and turns % 3 == 0:
                start = SimGame.of(game)
                other = 1 - game.to_move
                truth = start.hands[other]
                clock = time.perf_counter()
                deals, weights = guesser.weighed(game, start, random.Random(start.public_seed()), unseen(game))
                seconds += time.perf_counter() - clock
                right = [sum(map(min, deal.hands[other], truth)) for deal in deals]
                alike += sum(right) / len(right)
                weighted += sum(r * w for r, w in zip(right, weights)) / sum(weights)
                effective += sum(weights) ** 2 / sum(w * w for w in weights)
                size += sum(truth)
                positions += 1
            for action in players[game.to_move].actions(game):
                game.act(action)
                if game.is_over:
                    break
            turns += 1
    print(f"{settings or 'the defaults'}: {positions} positions, the other hand {size / positions:.2f} cards; "
          f"right in a deal: dealt alike {alike / positions:.2f}, weighted {weighted / positions:.2f}; "
          f"effective deals {effective / positions:.1f} of {guesser.proposals}; "
          f"weighing {seconds / positions * 1e3:.0f} ms a turn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--tournament", action="store_true", help="the probe against strong")
    parser.add_argument("--jobs", type=int, default=1)
    for name in ("proposals", "back", "miss", "beta", "slack", "wait"):
        parser.add_argument(f"--{name}", type=float)
    args = parser.parse_args()
    settings = {name: getattr(args, name) for name in ("proposals", "back", "miss", "beta", "slack", "wait")
                if getattr(args, name) is not None}
    if not args.tournament:
        measure(args.games, args.first_seed, settings)
        return
    import tournament
    spec = "guesses:" + ",".join(f"{k}={v}" for k, v in settings.items())
    tournament.against_strong([spec], 2, args.games, args.first_seed, args.jobs)


if __name__ in ("__main__", "__mp_main__"):   # the tournament's workers see the probe too
    PLAYERS["guesses"] = Guesses      # a probe of this script, never a player of the product
if __name__ == "__main__":
    main()
