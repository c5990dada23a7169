"""Benchmarks of the practice layer, in the kernel (no browser): what a student waits for.

- grading an answer to each committed puzzle (``Puzzle.grade``): the best turn, a turn short of
  it, a refused card and a malformed answer;
- opening the next puzzle: ``Puzzle(...)`` from its line (the best turn searched) and, in the
  widget, the *Next puzzle* click (search, scene, drawing commands, one message);
- *Check* clicked in the widget;
- ``Game.review()`` of whole seeded 4-player games (strong, greedy, random players), asked
  the first time (every best turn searched) and again (memoised).

    python benchmarks/practice.py [--quick]

Figures are printed (median, worst); nothing is asserted. Aim: grading and next puzzle under
20 ms, a whole-game review under 1 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cafe_widget import Game  # noqa: E402
from cafe_widget.players import make_player  # noqa: E402
from cafe_widget.teach.card_puzzles import LEVELS, Puzzle, puzzles  # noqa: E402


def figures(samples_ms: list[float], what: str = "") -> str:
    return (f"median {statistics.median(samples_ms):8.2f} ms   worst {max(samples_ms):8.2f} ms"
            f"   ({len(samples_ms)} {what or 'runs'})")


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def grading() -> None:
    print("Grading an answer (Puzzle.grade), every committed puzzle:")
    for level in LEVELS:
        found = puzzles(level)
        samples: dict[str, list[float]] = {"best": [], "short": [], "refused": [], "malformed": []}
        for p in found:
            short = p.best.cards[0].text
            refused = next((f"{g}@{s}" for g in p.hand for s in ("b1", "d1", "a2", "c2", "e2", "b3")
                            if p.cafe.explain(f"{g}@{s}", p.variant) is not None), "XXf@b1")
            for kind, answer in (("best", p.best.text), ("short", short), ("refused", refused),
                                 ("malformed", "RUf@z9")):
                samples[kind].append(timed(lambda a=answer: p.grade(a)))
        for kind, values in samples.items():
            print(f"  level {level}, {kind:<9} {figures(values, 'answers')}")


def opening() -> None:
    print("Opening a puzzle (Puzzle(...) from its line: the best turn searched):")
    for level in LEVELS:
        found = puzzles(level)
        samples = [timed(lambda p=p: Puzzle(p.cafe, p.hand, p.variant)) for p in found]
        print(f"  level {level:<20} {figures(samples, 'puzzles')}")


def widget_clicks(rounds: int) -> None:
    try:
        import ipycanvas.canvas as ipycanvas_canvas
        from cafe_widget import CafeWidget
    except ImportError:
        print("The widget (ipycanvas) is not installed: widget clicks not timed.")
        return
    ipycanvas_canvas._CANVAS_MANAGER.send = lambda content, buffers=None: None   # no front end here
    print("In the widget (click → engine, scene, drawing commands, one message):")
    for level in LEVELS:
        w = CafeWidget.puzzle(level)
        nexts, checks = [], []
        for _ in range(rounds):
            for _ in range(w.puzzle_state["total"]):
                p = w.state.puzzle
                for card in p.best.cards:
                    w.click(*w.locate(card.guest))
                    w.click(*w.locate(card.seat))
                checks.append(timed(lambda: w.click(*w.locate("check"))))
                nexts.append(timed(lambda: w.click(*w.locate("next"))))
        print(f"  level {level}, Check        {figures(checks, 'clicks')}")
        print(f"  level {level}, Next puzzle  {figures(nexts, 'clicks')}")


def reviews(games: int) -> None:
    print("Game.review() of a whole 4-player game (strong, greedy, random, strong):")
    first, again, entries = [], [], []
    for seed in range(games):
        game = Game.new(players=4, seed=seed, variant=seed % 2 == 1)
        bots = [make_player(k) for k in ("strong", "greedy", "random", "strong")]
        while not game.is_over:
            for action in bots[game.to_move].actions(game):
                game.act(action)
        entries.append(len(game.log))
        first.append(timed(game.review))
        again.append(timed(game.review))
    print(f"  first time                   {figures(first, 'games')}")
    print(f"  asked again (memoised)       {figures(again, 'games')}")
    print(f"  entries a game: median {statistics.median(entries):.0f}, most {max(entries)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    grading()
    opening()
    widget_clicks(1 if args.quick else 3)
    reviews(4 if args.quick else 20)


if __name__ == "__main__":
    main()
