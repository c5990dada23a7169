"""Write ``cafe_widget/data/board_puzzles.txt``: the board game's "find the best action" puzzles.

    python tools/make_board_puzzles.py            # rewrite the file (the same file every time)

Seeded board games (2 to 4 players, greedy players, seeds from 1) are played to the end; at each
turn the position and the hand of the player to move is a candidate, kept when it teaches what
its level is about, until each level has 12 puzzles:

1. the best action seats a single tile (no joker), worth points;
2. the best action is one of: a tile on a shared chair scoring at both its tables (4 puzzles),
   a joker seated (4), a tile to the bar worth points (4);
3. the best action fills a table with its fourth guest, and a player who first seats the tile
   that scores most alone, then finishes the turn as well as it can, scores less (the greedy
   reading of the position misses it).

Each line is ``level | chairs | bar | hand | best points``; the tests replay every line with the
engine's exact search (``board_search.best_action``) and fail naming a line that disagrees.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cafe_widget.engine import BoardGame, IllegalMove  # noqa: E402
from cafe_widget.engine.board_search import best_action  # noqa: E402

OUT = ROOT / "cafe_widget" / "data" / "board_puzzles.txt"
PER_LEVEL = 12
KINDS2 = ("shared", "joker", "bar")
#: At most this many tiles seated on the board, by level: a position a student can read.
MAX_SEATED = {1: 12, 2: 20, 3: 28}


def tile_greedy(board, hand) -> int:
    """What a player makes who seats first the tile that scores most on its own, then finishes
    the turn as well as the engine can: 0 when that tile cannot be the start of a turn."""
    state = board.begin_turn(hand)
    first = None
    for tile in dict.fromkeys(t for t in hand if not t.startswith("*")):
        for chair in state.legal_chairs(tile):
            try:
                after = state.place(tile, chair)
            except IllegalMove:
                continue
            points = after.cards[-1].points
            if first is None or points > first[0]:
                first = (points, after)
    if first is None:
        return 0
    finished = best_action(first[1])
    return finished.points if finished is not None else 0


def fills_a_table(turn) -> bool:
    return any(t.guests == 4 for tile in turn.cards for t in tile.tables)


def kind_of(board, hand, best) -> tuple[int, str] | None:
    """(level, what it shows) for a position worth a puzzle, or None."""
    if best is None or best.points <= 0:
        return None
    if best.kind == "bar":
        return (2, "bar")
    if best.kind != "seat":
        return None
    if any(tile.is_joker for tile in best.cards):
        return (2, "joker")
    if fills_a_table(best) and len(best.cards) == 2 and tile_greedy(board, hand) < best.points:
        return (3, "greedy")
    if any(sum(t.points > 0 for t in tile.tables) == 2 for tile in best.cards):
        return (2, "shared")
    if len(best.cards) == 1 and len(best.cards[0].tables) == 1:
        return (1, "single")
    return None


def main() -> None:
    found = {1: [], 2: {k: [] for k in KINDS2}, 3: []}

    def full() -> bool:
        return (len(found[1]) >= PER_LEVEL and len(found[3]) >= PER_LEVEL
                and all(len(v) >= PER_LEVEL // len(KINDS2) for v in found[2].values()))

    seed = 0
    while not full():
        seed += 1
        game = BoardGame.new(players=2 + seed % 3, seed=seed)
        taken = set()                    # one puzzle of a kind a game: twelve games, not one
        while not game.is_over and not full():
            board, hand = game.board, game.hands[game.to_move]
            best = game.best_action()
            what = kind_of(board, hand, best)
            seated = sum(tile is not None for tile in board.chairs)
            if what and what not in taken and seated <= MAX_SEATED[what[0]]:
                level, kind = what
                bucket = found[level][kind] if level == 2 else found[level]
                if len(bucket) < (PER_LEVEL // len(KINDS2) if level == 2 else PER_LEVEL):
                    bucket.append(f"{level} | {board.format()} | {' '.join(hand)} | {best.points}")
                    taken.add(what)
            game.play(best)
    lines = [
        "# Café International, the board game: find the best action (B4–B12). One puzzle a line:",
        "# level | chairs | bar | hand | best points",
        "# Made by tools/make_board_puzzles.py from seeded games (greedy players, seeds 1–%d, one" % seed,
        "# puzzle of a kind a game, at most 12 / 20 / 28 tiles on the board by level);",
        "# tests replay every line with the engine's exact search (board_search.best_action).",
        "# level 1: the best action seats a single tile, at a table of its own.",
        "# level 2: a tile on a shared chair scoring at both tables; a joker; the bar.",
        "# level 3: a table filled with its fourth guest, which seating first the tile that scores",
        "#          most on its own does not find.",
    ]
    lines += found[1] + [p for k in KINDS2 for p in found[2][k]] + found[3]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(found[1])} + {sum(map(len, found[2].values()))} + "
          f"{len(found[3])} puzzles from seeds 1–{seed}")


if __name__ == "__main__":
    main()
