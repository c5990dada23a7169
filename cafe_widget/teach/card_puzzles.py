"""The card game's "find the best turn" puzzles: a café with its table pile, a hand, graded
exactly by the engine (``best_turn`` and the one legality check), and the committed puzzles of
three levels (``data/puzzles.txt``).

    from cafe_widget.teach import Puzzle, puzzles

    p = Puzzle("RU GB FR ES IT | b1:RUf b3:RUm | US CN DE", "RUf ITf ITm DEm")
    g = p.grade("RUf@c2, ITf@c4")        # never raises for a wrong, illegal or unreadable answer
    g.legal, g.rule, g.points, g.best_points, g.solved, g.message
    puzzles(1)                           # the committed puzzles of level 1 (also 2 and 3)
    p.best, p.solution()                 # the best turn; in a graded assignment, refused

In a graded assignment (:mod:`.ladder`) no call gives the answer: ``p.best`` raises
:class:`~.ladder.GradedRule` (IPython shows its sentence alone) and ``p.solution()`` is the
sentence that the answer is not shown.

Pure Python: it imports the engine, never ipycanvas or ipywidgets.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..engine import Cafe, IllegalMove, NotationError, Turn
from ..engine.cafe import format_seats, format_tables, parse_turn
from ..engine.cards import GUEST_KINDS, sort_guests
from ..engine.layout import SEATS
from ..engine.search import parse_hand
from ..i18n import N_
from .answers import typed_turn
from .ladder import WORDS as LADDER_WORDS, Withheld
from .practice import Grade, _problem, _say, _text, on_the_ladder, puzzle_title, turn_tables

PUZZLE_FILE = Path(__file__).resolve().parent.parent / "data" / "puzzles.txt"
LEVELS = (1, 2, 3)


class Puzzle(Withheld):
    """"Find the best turn": a café (with its table pile), a hand, the variant on or off.

    ``Puzzle("RU GB FR ES IT | b1:RUf b3:RUm | US CN DE", "RUf ITf ITm DEm")``. ``best`` is the
    best turn as :meth:`Cafe.best_turn` finds it (exact; its tie-break in docs/manual/engine.md; in a
    graded assignment it is not handed out: :class:`~.ladder.GradedRule`), and
    ``grade(answer)`` grades any answer without raising. A hand with no legal turn is not a
    puzzle: ValueError.
    """

    def __init__(self, cafe, hand, variant: bool = False, *, level: int | None = None,
                 number: int | None = None):
        self.cafe = Cafe.parse(cafe) if isinstance(cafe, str) else cafe
        if not isinstance(self.cafe, Cafe):
            raise NotationError("café", repr(cafe),
                                N_("is not a café: give café notation or a Cafe"))
        self.hand = sort_guests(parse_hand(hand))
        self.variant = bool(variant)
        self.level, self.number = level, number
        self._best = self.cafe.best_turn(self.hand, self.variant)
        if self._best is None:
            raise ValueError(f"no card of {' '.join(self.hand)} may be placed here (R5–R7): "
                             "there is no best turn to find")


    def grade(self, answer=..., lang: str | None = None, *, show: bool = False,
              exercise: str | None = None) -> Grade:
        """Grade ``answer`` (a turn in notation, ``"RUf@c2, ITf@c4"`` — ``"RUf@c2; ITf @ c4."``
        and ``"RUf@c2 and ITf@c4"`` read the same —, or a list of placements): legal or refused
        (with the rule), its points table by table, the best points. On the ladder: a wrong
        answer first gets that (a nudge: how far from the best), then a hint (how many cards the
        best turn has, and its first guest), then the best turn itself; ``show=True`` gives the
        best turn at once. An answer that cannot be read costs no try. ``exercise`` records the
        outcome in the student's progress."""
        return on_the_ladder(self._grade(answer, lang), answer, ("puzzle", self.format()), lang, show, exercise,
                             self._solution(lang), self._hint(lang))

    def hint(self, lang: str | None = None) -> str:
        """The ladder's hint (what its second wrong try shows), never the best turn itself: what
        a widget's typed ``hint`` shows in a puzzle; no try is counted."""
        return LADDER_WORDS.text("hint_head", lang) + self._hint(lang)

    def _hint(self, lang: str | None) -> str:
        n = len(self._best.cards)
        return _text(lang, "puzzle_hint", n=n).format(n=n, first=self._best.cards[0].guest)

    def _grade(self, answer, lang: str | None) -> Grade:
        """The verdict on ``answer`` alone, before the ladder."""
        best = self.best_points
        if answer is ...:                      # an exercise cell not answered yet
            return Grade("...", False, None, None, best, False,
                         _say("your_turn_best", lang, best=best, example=self._example()))
        text = getattr(answer, "text", answer)      # a Turn the engine handed out reads as its notation
        if isinstance(answer, (list, tuple)):
            odd = [a for a in answer if not isinstance(a, str)]
            text = odd[0] if odd else ", ".join(answer)
        if not isinstance(text, str):
            return Grade(repr(answer), False, None, None, best, False,
                         _say("unreadable", lang, token=repr(text), problem=_say("problem_text", lang),
                              best=best), repr(text))
        try:
            placements = parse_turn(typed_turn(text))     # "DEf@c2; ITm @ b3." as "DEf@c2, ITm@b3"
        except NotationError as err:
            return Grade(text, False, None, None, best, False,
                         _say("unreadable", lang, token=err.token, problem=_problem(err, lang), best=best),
                         err.token)
        if not placements:
            return Grade(text, False, "R4", None, best, False, _say("empty", lang, best=best), "")   # costs no try
        try:
            turn = self._play(placements)
        except IllegalMove as err:
            return Grade(text, False, err.rule, None, best, False,
                         _say("refused", lang, reason=err.sentence(lang), best=best))
        answer_text = turn.text
        tables = turn_tables(turn, lang)
        if turn.points >= best:
            message = _say("solved", lang, answer=answer_text, points=turn.points, tables=tables)
        elif turn.points == 0:
            message = _say("short_zero", lang, best=best)
        else:
            message = _say("short", lang, points=turn.points, tables=tables, best=best)
        return Grade(answer_text, True, None, turn.points, best, turn.points >= best, message,
                     None, turn)

    def _play(self, placements) -> Turn:
        """The answer played on the café, each card checked against what is left of the hand."""
        state = self.cafe.begin_turn(self.variant)
        hand = list(self.hand)
        for guest, seat in placements:
            if guest not in hand:
                raise IllegalMove.because("R4", "not_in_hand", state.cafe, move=f"{guest}@{seat}",
                                          guest=guest)
            state = state.place(guest, seat)
            hand.remove(guest)
        return state.finish()

    def _example(self) -> str:
        """How an answer is written, and only that: a card of the hand on a free seat where it
        is refused — beside no table of its nation (R5) if there is one, else by any rule —,
        else on a taken seat, else a card not in the hand: never an allowed turn, so a student
        who copies it scores nothing."""
        start = self.cafe.begin_turn(self.variant)
        seats = sorted(SEATS, key=lambda seat: self.cafe.seats[SEATS.index(seat)] is not None)   # free ones first
        for rules in (("R5",), None):
            for seat in seats:
                for guest in dict.fromkeys(self.hand):
                    refusal = start.explain(f"{guest}@{seat}")
                    if refusal is not None and (rules is None or refusal.rule in rules):
                        return f"{guest}@{seat}"
        stranger = next(g for g in GUEST_KINDS if g not in self.hand)   # R4: not in the hand
        return f"{stranger}@{seats[0]}"

    def _solution(self, lang: str | None) -> str:
        return _say("solution", lang, turn=self._best.text, points=self._best.points,
                    tables=turn_tables(self._best, lang))

    def format(self) -> str:
        """``tables | seats | table pile | hand | variant``: the line of a puzzle file, without
        its level and best points."""
        cafe = self.cafe
        return " | ".join([format_tables(cafe.tables), format_seats(cafe.seats),
                           " ".join(cafe.pile) or "-", " ".join(self.hand),
                           "variant" if self.variant else "-"])

    @property
    def title(self) -> str:
        """``"level 2, puzzle 5"`` for a committed puzzle, else ``"puzzle"``, in the current
        language (:meth:`title_in` for another)."""
        return self.title_in()

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (None: the current language)."""
        return puzzle_title(self.level, self.number, lang)

    def __repr__(self) -> str:
        return (f"Puzzle({self.cafe.format()!r}, "
                f"{' '.join(self.hand)!r}{', variant=True' if self.variant else ''})")

    def _repr_svg_(self) -> str:
        return self.cafe._repr_svg_()


def _parse_puzzle_line(line: str, where: str) -> tuple[int, Puzzle, int]:
    fields = [f.strip() for f in line.split("|")]
    if len(fields) != 7:
        raise NotationError("puzzle", where, N_("must have 7 fields: {fields}"),
                            fields="level | tables | seats | table pile | hand | variant | best")
    level, tables, seats, pile, hand, variant, best = fields
    if level not in {str(n) for n in LEVELS}:
        raise NotationError("level", level, N_("is not 1, 2 or 3"))
    if variant not in ("variant", "-"):
        raise NotationError("variant", variant, N_("is not 'variant' or '-'"))
    if not re.fullmatch(r"\d{1,3}", best):
        raise NotationError("best", best, N_("is not a number of points"))
    cafe = Cafe.parse(f"{tables} | {seats} | {'' if pile == '-' else pile}")
    return int(level), Puzzle(cafe, hand, variant == "variant"), int(best)


@lru_cache(maxsize=None)
def _puzzle_lines() -> tuple[tuple[int, str, int], ...]:
    """(level, line, stated best) of every puzzle in the committed file."""
    out = []
    for i, raw in enumerate(PUZZLE_FILE.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            level = line.split("|")[0].strip()
            best = line.rsplit("|", 1)[-1].strip()
            out.append((int(level), line, int(best)))
    return tuple(out)


def puzzle_lines(level: int | None = None) -> list[tuple[str, int]]:
    """The committed puzzles as lines of text, with the best points each states."""
    return [(line, best) for lv, line, best in _puzzle_lines() if level is None or lv == level]


def puzzles(level: int | None = None) -> list[Puzzle]:
    """The committed puzzles of ``level`` (1, 2 or 3; None: all), in the file's order, each
    numbered within its level. Level 1 has few legal turns and no clearing; level 2 many more,
    and clearings; level 3 clearings mid-turn and the ladies' and men's tables (R14)."""
    if level is not None and level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, not {level!r}")
    found, counts = [], {}
    for lv, line, _ in _puzzle_lines():
        counts[lv] = counts.get(lv, 0) + 1
        if level is None or lv == level:
            _, p, _ = _parse_puzzle_line(line, line)
            p.level, p.number = lv, counts[lv]
            found.append(p)
    return found
