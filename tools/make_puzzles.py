"""Make the "find the best turn" puzzles, ``cafe_widget/data/puzzles.txt``, in three levels.

    python tools/make_puzzles.py > cafe_widget/data/puzzles.txt     # or: --write
    python tools/make_puzzles.py --check [FILE]   # re-read a file, check every best, print figures
    python tools/make_puzzles.py --pool           # how many positions each level could draw on

Where the positions come from. 250 seeded games (``SEEDS``: 2–5 players, the variant R14 on in
every other game) are played out by the computer players (strong, greedy and random, seated in
turn). At the start of every turn the café, the hand of the player to move and the game's
variant make a candidate. Its table pile is cut to the top 6 cards, to keep lines short (the
script checks that the best turn is the same with the whole pile). Empty cafés (an opening is
another kind of puzzle) and turns that end the game (R12a) are left out. Everything is reckoned
by the engine alone:

- the best turn, ``Cafe.best_turn``, and its points: the puzzle's answer;
- every legal turn, ``every_turn`` (placements in order: ``A@x, B@y`` and ``B@y, A@x`` are two);
- the *answers*: how many different sets of placements reach the best points, in some order,
  counting a guest on either outer seat of a table as one (they always score alike); and the
  *gap*: the best points minus the next lower points any legal turn makes;
- what the best turn does: clear a table (R9); clear one with a card that is not its last, a
  later card then sitting on a seat that clearing emptied, at the table drawn in its place
  (the *pile decides* when that guest is of the drawn table's nation); form a ladies' or men's
  table (R14);
- the *naive* play: the highest-scoring first card, then the highest-scoring card after it,
  and so on while a card may follow (ties: seat in reading order, then guest in box order);
  its points are the most it could have ended the turn on. A best turn that beats it hides a
  trap: the most points card by card is not the most points for the turn.

How difficulty is rated. Every puzzle has a right answer that is not one of many: at most two
answers reach the best points (two: often mirror images in the café), and some legal turn makes
fewer points. Then:

- Level 1, first steps: variant off; a hand of 5–8; 5–40 legal turns; the best turn clears
  nothing, makes at least 6 points, and is what the naive play finds.
- Level 2, look further: variant off; a hand of 7–10; 40–400 legal turns; the naive play falls
  short of the best, or the best turn clears a table (R9), or both.
- Level 3, the whole rulebook: a hand of 8–12; at least 80 legal turns; the naive play falls
  short; and the best turn either clears a table with a card that is not its last and then
  seats a guest at the table drawn in its place, or (variant on) forms a ladies' or men's
  table (R14).

Within a level puzzles are taken in the order of ``RANK``: one answer before two; then in
level 1 the clearest best (largest gap), in level 2 the naive play furthest short, in level 3
the pile deciding first, then the most legal turns. At most one puzzle comes from any game in
the whole file, no café and hand twice, and level 3 has at most ``MOST_OF_A_KIND`` of either
kind. The file lists each level
from the fewest legal turns to the most. The output depends only on the seeds (no hash order,
no clock): running the script again writes the same file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cafe_widget import Cafe, Game  # noqa: E402
from cafe_widget.engine.cards import guest_sort_key, sort_guests  # noqa: E402
from cafe_widget.engine.layout import SEAT_TABLES, SEATS, TABLE_PLACES  # noqa: E402
from cafe_widget.engine.search import every_turn  # noqa: E402
from cafe_widget.players import make_player  # noqa: E402

OUT = ROOT / "cafe_widget" / "data" / "puzzles.txt"

#: The games the positions come from: seed, players 2 + seed % 4, variant on for odd seeds.
SEEDS = range(1, 251)
#: The computer players, seated in turn from this list (shifted by the seed).
KINDS = ("strong", "greedy", "random", "greedy", "random")
#: The table pile kept in a puzzle: its top cards only (no turn met here draws more; ``rate``
#: checks that the best turn is the same with the whole pile).
PILE_KEPT = 6
#: Puzzles per level.
PER_LEVEL = 24

HEADER = """\
# Café International puzzles: find the best turn (R4–R9, R14). One puzzle a line:
# level | tables | seats | table pile | hand | variant | best
# Made by tools/make_puzzles.py from seeded games; tests check every best against the search."""

LEVEL_NOTES = {
    1: "# level 1: hands of 5–8, at most 40 legal turns, no table cleared; "
       "the best card, then the best card after it, finds the answer.",
    2: "# level 2: hands of 7–10, 40–400 legal turns; "
       "the best card, then the best after it, falls short, or the best turn clears a table (R9).",
    3: "# level 3: hands of 8–12, 80 legal turns or more, card by card falls short; a table "
       "cleared mid-turn and a guest seated at the table drawn in its place (R9), "
       "or a ladies' or men's table (R14).",
}


@dataclass(frozen=True)
class Rating:
    """One candidate position and what the engine says about it."""

    seed: int
    turn_no: int
    cafe: Cafe
    hand: tuple
    variant: bool
    best: int            # points of the best turn
    best_text: str
    legal: int           # legal turns (placements in order)
    answers: int         # sets of placements reaching the best points
    gap: int             # best points minus the next lower points of any turn (0: none lower)
    cleared: bool        # the best turn clears a table (R9)
    mid_clear: bool      # ... with a card that is not its last
    drawn_used: bool     # ... and a later card then sits on a seat that clearing emptied
    pile_decides: bool   # ... a guest of the nation of the table drawn there (from the pile)
    single_sex: bool     # the best turn forms a ladies' or men's table (R14)
    naive: int           # the naive card-by-card play's points

    @property
    def key(self) -> str:
        return self.cafe.format() + " / " + " ".join(self.hand)

    @property
    def shortfall(self) -> int:
        return self.best - self.naive


# -- the positions --------------------------------------------------------------------------

def positions():
    """``(seed, turn number, café, hand, variant)`` at the start of every turn of every game."""
    for seed in SEEDS:
        players, variant = 2 + seed % 4, seed % 2 == 1
        game = Game.new(players=players, seed=seed, variant=variant)
        seated = [make_player(KINDS[(i + seed) % len(KINDS)]) for i in range(players)]
        turn_no = 0
        while not game.is_over:
            if game.turn is None:
                yield seed, turn_no, game.cafe, game.hand(), game.variant
            for action in seated[game.to_move].actions(game):
                game.act(action)
            turn_no += 1


def naive_points(cafe: Cafe, hand, variant: bool) -> int:
    """The naive play: the highest-scoring next card each time (ties: seat in reading order,
    then guest in box order), as long as a card may follow; the most points it could end on."""
    state, left, points = cafe.begin_turn(variant), list(hand), 0
    while not state.ended:
        choices = []
        for guest in sorted(set(left), key=guest_sort_key):
            for seat, card in state.seat_scores(guest).items():
                choices.append((-card.points, SEATS.index(seat), guest_sort_key(guest),
                                guest, seat))
        if not choices:
            break
        *_, guest, seat = min(choices)
        state = state.place(guest, seat)
        left.remove(guest)
        if state.can_end():
            points = max(points, state.points)
    return points


#: An outer seat scores exactly as the other outer seat of its table (each touches that table
#: alone): in an answer both are written as the table's place.
_TWIN = {seat: TABLE_PLACES[tables[0]] for seat, tables in zip(SEATS, SEAT_TABLES)
         if len(tables) == 1}


def answer_of(placements) -> tuple:
    """A turn as an answer: its placements in any order, twin outer seats alike."""
    return tuple(sorted((guest, _TWIN.get(seat, seat)) for guest, seat in placements))


def rate(seed: int, turn_no: int, cafe: Cafe, hand, variant: bool,
         only_candidates: bool = False) -> Rating | None:
    """The rating of one position, its table pile cut to the top ``PILE_KEPT`` cards; None when
    it is no puzzle (no guest seated yet, no legal turn, or the best turn ends the game, R12a).
    ``only_candidates``: None
    too, before the slow part, when the best turn alone shows the position fits no level."""
    if len(hand) < 5:
        return None
    cut = Cafe(cafe.tables, cafe.seats, cafe.pile[:PILE_KEPT])
    best = cut.best_turn(hand, variant=variant)
    if best is None or best.ends_game or cut.is_empty():
        return None
    cleared_so_far: list = []
    drawn_used = pile_decides = False
    for card in best.cards:
        for t in card.tables:
            if t.place in cleared_so_far:
                drawn_used = True
                pile_decides = pile_decides or t.nation == card.guest[:2]
        cleared_so_far.extend(card.cleared)
    single_sex = any(t.variant in ("ladies", "men") for c in best.cards for t in c.tables)
    if only_candidates and not may_fit(len(hand), variant, drawn_used, single_sex):
        return None
    if len(cafe.pile) > PILE_KEPT:  # the cut pile must not change the answer
        whole = cafe.best_turn(hand, variant=variant)
        assert (whole.text, whole.points) == (best.text, best.points), (cafe.format(), hand)
    points_seen = set()
    answers = set()
    legal = 0
    for points, placements, _, _ in every_turn(cut.begin_turn(variant), hand):
        legal += 1
        points_seen.add(points)
        if points == best.points:
            answers.add(answer_of(placements))
    assert max(points_seen) == best.points, (cut.format(), hand)
    lower = [p for p in points_seen if p < best.points]
    return Rating(
        seed=seed, turn_no=turn_no, cafe=cut, hand=sort_guests(hand), variant=variant,
        best=best.points, best_text=best.text, legal=legal, answers=len(answers),
        gap=best.points - max(lower) if lower else 0,
        cleared=bool(best.cleared), mid_clear=any(c.cleared for c in best.cards[:-1]),
        drawn_used=drawn_used, pile_decides=pile_decides, single_sex=single_sex,
        naive=naive_points(cut, hand, variant))


# -- the levels -----------------------------------------------------------------------------

def may_fit(hand: int, variant: bool, drawn_used: bool, single_sex: bool) -> bool:
    """Whether a position could fit a level, from what its best turn does (a quick test)."""
    level_3 = 8 <= hand <= 12 and (drawn_used or (variant and single_sex))
    return level_3 or (not variant and 5 <= hand <= 10 and not drawn_used)


def level_of(r: Rating) -> int | None:
    """The level a position fits (see the module's docstring), or None."""
    if r.answers > 2 or r.gap < 1:
        return None
    hand = len(r.hand)
    if (not r.variant and 5 <= hand <= 8 and 5 <= r.legal <= 40 and not r.cleared
            and r.naive == r.best and r.best >= 6):
        return 1
    if (not r.variant and 7 <= hand <= 10 and 40 <= r.legal <= 400
            and (r.naive < r.best or r.cleared) and not r.drawn_used):
        return 2
    if (8 <= hand <= 12 and r.legal >= 80 and r.naive < r.best
            and (r.drawn_used or (r.variant and r.single_sex))):
        return 3
    return None


def pool() -> dict[int, list[Rating]]:
    """Every position that fits a level, by level, in game order, without repeats."""
    seen: set = set()
    found: dict[int, list[Rating]] = {1: [], 2: [], 3: []}
    for seed, turn_no, cafe, hand, variant in positions():
        r = rate(seed, turn_no, cafe, hand, variant, only_candidates=True)
        if r is None or r.key in seen:
            continue
        seen.add(r.key)
        level = level_of(r)
        if level:
            found[level].append(r)
    return found


#: The order puzzles are taken in, within each level (after the number of answers, fewest
#: first): level 1 the clearest best (largest gap to the next lower points); level 2 the
#: deepest trap (the naive play furthest short), then the clearest best, then the most legal
#: turns; level 3 first those where the table pile decides (a guest seated after a clearing is
#: of the nation of the table drawn there), then the most legal turns.
RANK = {
    1: lambda r: (r.answers, -r.gap),
    2: lambda r: (r.answers, -r.shortfall, -r.gap, -r.legal),
    3: lambda r: (r.answers, not r.pile_decides, -r.legal),
}
#: Level 3 takes at most this many puzzles of either kind (a clearing mid-turn, R9; a ladies'
#: or men's table, R14), so that both are well represented.
MOST_OF_A_KIND = 14


def choose(found: dict[int, list[Rating]]) -> dict[int, list[Rating]]:
    """``PER_LEVEL`` puzzles per level, in the order of ``RANK`` (then game order), at most one
    from any game in the whole file; level 3 chooses first, then 2, then 1 (the scarcest first)."""
    used_games: set = set()
    chosen: dict[int, list[Rating]] = {}
    for level in (3, 2, 1):
        ranked = sorted(found[level], key=lambda r: (RANK[level](r), r.seed, r.turn_no))
        picks: list[Rating] = []
        kinds = {True: 0, False: 0}
        for r in ranked:
            if r.seed in used_games:
                continue
            if level == 3:
                if kinds[r.single_sex] == MOST_OF_A_KIND:
                    continue
                kinds[r.single_sex] += 1
            picks.append(r)
            used_games.add(r.seed)
            if len(picks) == PER_LEVEL:
                break
        assert len(picks) == PER_LEVEL, f"level {level}: only {len(picks)} puzzles"
        # In the file: fewest legal turns first within a level, then by seed.
        chosen[level] = sorted(picks, key=lambda r: (r.legal, r.seed, r.turn_no))
    return chosen


def puzzle_line(level: int, r: Rating) -> str:
    fields = r.cafe.format().split(" | ")
    tables, seats = fields[0], fields[1]
    pile = fields[2] if len(fields) > 2 else "-"
    return " | ".join([str(level), tables, seats, pile, " ".join(r.hand),
                       "variant" if r.variant else "-", str(r.best)])


def make_text() -> str:
    chosen = choose(pool())
    lines = [HEADER]
    for level in (1, 2, 3):
        lines.append(LEVEL_NOTES[level])
        lines.extend(puzzle_line(level, r) for r in chosen[level])
    return "\n".join(lines) + "\n"


# -- checking a file ------------------------------------------------------------------------

def read_puzzles(text: str):
    """``(level, café, hand, variant, best)`` for every puzzle line of a file."""
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split(" | ")
        assert len(fields) == 7, line
        level, tables, seats, pile, hand, variant, best = fields
        notation = f"{tables} | {seats}" + ("" if pile == "-" else f" | {pile}")
        cafe = Cafe.parse(notation)
        assert cafe.format() == notation, (notation, cafe.format())
        guests = hand.split(" ")
        assert tuple(guests) == sort_guests(guests), line
        assert variant in ("variant", "-"), line
        yield int(level), cafe, tuple(guests), variant == "variant", int(best)


def plain_turns(state, hand) -> list:
    """Every legal turn from ``state`` as ``(points, placements)``, found card by card through
    the engine's own ``TurnState.place`` alone (no search): a check on ``every_turn``."""
    found = []

    def extend(state, left, placements):
        if state.cards and state.can_end():
            found.append((state.points, tuple(placements)))
        if state.ended:
            return
        for guest in sorted(set(left), key=guest_sort_key):
            rest = list(left)
            rest.remove(guest)
            for seat in state.legal_seats(guest):
                extend(state.place(guest, seat), rest, placements + [(guest, seat)])

    extend(state, list(hand), [])
    return found


def check(path: Path) -> None:
    """Re-read a puzzle file; check every best against the search, and the search's list of
    legal turns against a plain enumeration through the engine; print the figures."""
    text = path.read_text(encoding="utf-8")
    by_level: dict[int, list[Rating]] = {}
    levels_seen = []
    for level, cafe, hand, variant, stated in read_puzzles(text):
        levels_seen.append(level)
        best = cafe.best_turn(hand, variant=variant)
        assert best is not None and best.points == stated, (level, cafe.format(), hand, stated)
        plain = sorted(plain_turns(cafe.begin_turn(variant), hand))
        searched = sorted((points, tuple(placements)) for points, placements, _, _
                          in every_turn(cafe.begin_turn(variant), hand))
        assert plain == searched and plain[-1][0] == stated, (level, cafe.format(), hand)
        r = rate(0, 0, cafe, hand, variant)
        assert r is not None, (level, cafe.format(), hand)
        by_level.setdefault(level, []).append(r)
    assert levels_seen == sorted(levels_seen), "lines are not grouped by level"
    keys = [r.key for rs in by_level.values() for r in rs]
    assert len(keys) == len(set(keys)), "a café and hand twice"

    def share(rs, pred) -> str:
        n = sum(1 for r in rs if pred(r))
        return f"{n}/{len(rs)} ({100 * n / len(rs):.0f} %)"

    print(f"{path}: {len(keys)} puzzles; every stated best confirmed by Cafe.best_turn and by a "
          "plain enumeration of every legal turn through the engine")
    for level in sorted(by_level):
        rs = by_level[level]
        legal = [r.legal for r in rs]
        hands = [len(r.hand) for r in rs]
        print(f"level {level}: {len(rs)} puzzles")
        print(f"  legal turns: median {statistics.median(legal):g}, "
              f"min {min(legal)}, max {max(legal)}")
        print(f"  hand size: median {statistics.median(hands):g}, "
              f"min {min(hands)}, max {max(hands)}")
        print(f"  best points: median {statistics.median(r.best for r in rs):g}, "
              f"min {min(r.best for r in rs)}, max {max(r.best for r in rs)}")
        print(f"  best turn clears a table: {share(rs, lambda r: r.cleared)}")
        print(f"  clearing mid-turn: {share(rs, lambda r: r.mid_clear)}; "
              f"a later card on a seat it emptied: {share(rs, lambda r: r.drawn_used)}, "
              f"of the drawn table's nation: {share(rs, lambda r: r.pile_decides)}")
        print(f"  variant on: {share(rs, lambda r: r.variant)}; "
              f"ladies' or men's table in the best turn: {share(rs, lambda r: r.single_sex)}")
        print(f"  naive card-by-card play falls short: {share(rs, lambda r: r.naive < r.best)}; "
              f"median shortfall {statistics.median(r.shortfall for r in rs):g}")
        print(f"  cards in the best turn: median "
              f"{statistics.median(len(r.best_text.split(', ')) for r in rs):g}; "
              f"gap to the next lower points: median {statistics.median(r.gap for r in rs):g}; "
              f"one answer (else two): {share(rs, lambda r: r.answers == 1)}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    parser.add_argument("--check", nargs="?", const=str(OUT), metavar="FILE",
                        help="check a puzzle file and print its figures")
    parser.add_argument("--pool", action="store_true", help="how many positions fit each level")
    args = parser.parse_args(argv)
    if args.check:
        check(Path(args.check))
    elif args.pool:
        found = pool()
        for level in (1, 2, 3):
            games = len({r.seed for r in found[level]})
            print(f"level {level}: {len(found[level])} positions from {games} games")
    elif args.write:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(make_text(), encoding="utf-8")
    else:
        sys.stdout.buffer.write(make_text().encode("utf-8"))


if __name__ == "__main__":
    main()
