"""Practice for the board game: "find the best action" puzzles and the checks of the
board notebooks' exercises, graded exactly by the engine (``board_search.best_action`` and the
one legality check) on the same try-again ladder as the card game's (:mod:`cafe_widget.teach.ladder`).

    from cafe_widget.teach import BoardPuzzle, board_puzzles, check_board_points, check_chairs

    p = BoardPuzzle("b1:CFf a2:CFm d1:ITm | -", "ITf CFf GBm *m RUf")
    p.grade("ITf@c2")                     # never raises: legal or refused (B-rule), its points, the best
    board_puzzles(1)                      # the committed puzzles of level 1 (also 2 and 3)
    p.best, p.solution()                  # the best action; in a graded assignment, refused
    check_board_points("b1:CFf | -", "CFm@a2, ITf@c2", 7)     # right: b2 +4, then b2 +3, d2 +0
    check_board_points("- | RUm GBf", "bar ITm", -1)          # the bar's third place (B9)
    check_chairs("b1:CFf | -", "ITm", "c2 d1 f1")             # which chairs a tile may take (B5–B7)

Pure Python: it imports the engine and the ladder, never a widget library.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..engine import Board, BoardTurn, IllegalMove, NotationError
from ..engine.board import CHAIRS, parse_hand, parse_placement, parse_tile
from ..engine.board_layout import CHAIR_TABLES, TABLE_NATION
from ..engine.board_search import best_action
from ..engine.cards import GUEST_KINDS, TABLE_ADJECTIVES
from ..i18n import NN_, N_, Localized, join
from .answers import typed_list, typed_turn
from .ladder import WORDS as LADDER_WORDS, Withheld
from .practice import (Feedback, Grade, card_tables, climb, on_the_ladder, puzzle_title, read_points,
                       rules_of_a_turn)

BOARD_PUZZLE_FILE = Path(__file__).resolve().parent.parent / "data" / "board_puzzles.txt"
LEVELS = (1, 2, 3)
#: The rules of seating (B5–B7): a tile they refuse gets the chairs' hint; another rule's, its own.
SEATING_RULES = ("B5", "B6", "B7")

WORDS = Localized({
    "at": N_("{adj} table {place} +{points}"),
    "bar_at": N_("the bar, place {place}: {points:+d}"),
    "filled": N_("; {places} full of its nation: one tile fewer in the hand, B12"),
    "solved": NN_("Solved: {answer} makes {points} point ({tables}), the most this hand can make.",
                  "Solved: {answer} makes {points} points ({tables}), the most this hand can make."),
    "short": NN_("{points} point ({tables}); the best action scores {best}.",
                 "{points} points ({tables}); the best action scores {best}."),
    "short_zero": N_("0 points; the best action scores {best}."),
    "refused": N_("Not allowed: {reason} The best action scores {best}."),
    "unreadable": N_("Could not read the answer: {token!r} {problem}. The best action scores {best}."),
    "empty": N_("No tile placed: the answer is one or two tiles from the hand, a tile to the bar "
                "(bar ITf) or a joker exchange (swap ITf@c2) (B4). The best action scores {best}."),
    "solution": N_("The best action: {action} = {points} points ({tables})."),
    "hint_seat": NN_("the best action seats {n} tile, {first}: on which chair does it score the most?",
                     "the best action seats {n} tiles, the first of them {first}: on which chairs, "
                     "and in which order?"),
    "hint_bar": N_("the best action sends a tile to the bar (B9): which place is next, and what "
                   "is it worth?"),
    "hint_swap": N_("the best action exchanges a joker (B10): which joker could a tile of your "
                    "hand replace?"),
    # Translators: {example} only shows how an action is written: it is never allowed in the puzzle
    "your_turn_best": N_("Your turn: write your action in place of ... and run the cell again. An action "
                         "is written like \"{example}\" (that one only shows how to write it: it is not "
                         "allowed here). The best action scores {best}."),
    "problem_text": N_("is not text"),
    # checks
    "your_turn": N_("Your turn: write your answer in place of ... and run the cell again."),
    "not_number": N_("Answer with a whole number of points, for example 4 (this costs no try)."),
    "question": N_("Could not read the question: {error}."),
    "pts_right": N_("Right: {move} scores {points}: {tables}."),
    "pts_wrong": N_("Not quite: you said {answer}, but {move} scores {points}: {tables}."),
    "pts_solution": N_("{move} scores {points}: {tables}."),
    "too_many": N_("Not quite: that is too many. "),
    "too_few": N_("Not quite: that is too few. "),
    "look_seat": N_("Score each tile on its own, in order, at each table its chair touches: how "
                    "many guests sit there once it is down, and are they all of the table's "
                    "nation (B8)?"),
    "look_bar": N_("A tile at the bar is worth the value of the next free place, whatever the "
                   "tile (B9)."),
    "hint_pts": N_("the chairs of {move} touch {tables}: count the guests at each once the tile "
                   "is down, and double a table whose guests are all of its nation (B8)."),
    "hint_pts_bar": N_("{n} places of the bar are taken: read the value of place {place} in the "
                       "table of bar values (B9)."),
    "refused_right": N_("Right: {move} is refused, so it scores nothing: {reason}"),
    "refused_wrong": N_("{move} may not be played, so it scores nothing: {reason}"),
    "refused_nudge": N_("Not quite. Check {move} against the rules of seating (B5–B7), then score "
                        "each tile on its own at each table its chair touches: how many guests sit "
                        "there once it is down, and are they all of the table's nation (B8)?"),
    "bad_answer": N_("Could not read your answer: {token!r} {problem}."),
    "chairs_right": N_("Right: {tile} may sit on {chairs}, and nowhere else."),
    "chairs_right_none": N_("Right: {tile} may sit nowhere here."),
    "chairs_wrong": N_("Not quite: {tile} may sit on {chairs}."),
    "chairs_wrong_none": N_("Not quite: {tile} may sit nowhere here."),
    "chairs_missing": N_(" You missed {chairs}."),
    "chairs_refused": N_(" {chair} is refused: {reason}"),
    "chairs_nudge_count": NN_("Not quite: you marked {given} chair; right: {right}",
                              "Not quite: you marked {given} chairs; right: {right}"),
    "chairs_nudge_missing": NN_("; {missing} allowed chair missing", "; {missing} allowed chairs missing"),
    "chairs_nudge_rules": N_("; refused: {rules}"),
    # Translators: {rules} is a list of rule ids, for example "B4–B7, B9"
    "refused_nudge_rules": N_("Not quite. Check {move} against the rules of a turn ({rules}), then "
                              "work out again what each tile makes once it is down (B8, B9)."),
    "refused_hint_rule": N_("read rule {rule} again, then look at {tile}."),
    "chairs_hint": N_("{tile} sits only on a chair of a table of that nation (B5), never leaves "
                      "a table with two more of one sex than of the other (B6), and a tile alone "
                      "must be joined (B7)."),
    "none": N_("nowhere"),
    "not_chairs": N_("is not a list of chairs, for example \"c2 d1\""),
})


def _say(key: str, lang: str | None = None, **facts) -> str:
    return WORDS.text(key, lang).format(**facts)


def _board(position) -> Board:
    """A Board from a Board or its notation (``"b1:CFf | -"``)."""
    if isinstance(position, Board):
        return position
    if isinstance(position, str):
        return Board.parse(position)
    raise NotationError("board", repr(position), N_("is not a board: give board notation or a Board"))


def action_tables(turn: BoardTurn, lang: str | None = None) -> str:
    """An action's points summed table by table (``"African table b2 +7, Italian table d2 +6"``),
    B12's full tables, or the bar's place and value."""
    if turn.kind == "bar":
        return _say("bar_at", lang, place=turn.bar_place, points=turn.points)
    sums: dict[tuple[str, str], int] = {}
    for tile in turn.cards:
        for t in tile.tables:
            sums[(t.place, t.nation)] = sums.get((t.place, t.nation), 0) + t.points
    text = ", ".join(_say("at", lang, adj=TABLE_ADJECTIVES[lang][n], place=p, points=v)
                     for (p, n), v in sums.items() if v) or "0"
    filled = turn.filled_own_nation
    return text + (_say("filled", lang, places=" ".join(filled)) if filled else "")


# -- puzzles --------------------------------------------------------------------------------

class BoardPuzzle(Withheld):
    """"Find the best action": a board (its chairs and its bar) and a hand of tiles.

    ``BoardPuzzle("b1:CFf a2:CFm | -", "ITf CFf GBm *m RUf")``. ``best`` is the exact best action
    (:func:`~cafe_widget.engine.board_search.best_action`, its tie-break documented there; in a
    graded assignment it is not handed out: :class:`~.ladder.GradedRule`);
    ``grade(answer)`` grades any answer without raising, and any action that reaches the best
    points solves it. A hand with no action at all is not a puzzle: ValueError."""

    def __init__(self, board, hand, *, level: int | None = None, number: int | None = None):
        self.board = _board(board)
        self.hand = parse_hand(hand)
        self.level, self.number = level, number
        self._best = best_action(self.board, self.hand)
        if self._best is None:
            raise ValueError(f"no tile of {' '.join(self.hand)} has an action here (B4): "
                             "there is no best action to find")


    def grade(self, answer=..., lang: str | None = None, *, show: bool = False,
              exercise: str | None = None) -> Grade:
        """Grade ``answer`` (an action in notation, ``"CFf@a2, CFm@b1"`` — ``"CFf@a2; CFm @ b1."``
        reads the same —, ``"bar RUm"``, ``"swap ITf@c2"``, or an action the engine handed out):
        legal or refused (with its rule), its points table by table, the best points. On the
        ladder: a nudge (how far from the best), then a hint (what kind of action, its first
        tile), then the best action itself; ``show=True`` gives it at once. An answer that cannot
        be read costs no try."""
        return on_the_ladder(self._grade(answer, lang), answer, ("board puzzle", self.format()), lang, show,
                             exercise, self._solution(lang), self._hint(lang))

    def hint(self, lang: str | None = None) -> str:
        """The ladder's hint (what its second wrong try shows), never the best action itself: what
        the widget's typed ``hint`` shows in a puzzle; no try is counted."""
        return LADDER_WORDS.text("hint_head", lang) + self._hint(lang)

    def _hint(self, lang: str | None) -> str:
        if self._best.kind == "bar":
            return _say("hint_bar", lang)
        if self._best.kind == "swap":
            return _say("hint_swap", lang)
        n = len(self._best.cards)
        return WORDS.text("hint_seat", lang, n=n).format(n=n, first=self._best.cards[0].held)

    def _grade(self, answer, lang: str | None) -> Grade:
        best = self.best_points
        if answer is ...:
            return Grade("...", False, None, None, best, False,
                         _say("your_turn_best", lang, best=best, example=self._example()))
        text = getattr(answer, "text", answer)
        if not isinstance(text, str):
            return Grade(repr(answer), False, None, None, best, False,
                         _say("unreadable", lang, token=repr(text), problem=_say("problem_text", lang),
                              best=best), repr(text))
        if not text.strip():
            return Grade(text, False, "B4", None, best, False, _say("empty", lang, best=best), "")
        try:
            turn = self.board.play(typed_turn(text), self.hand)    # "CFf@a2; CFm @ b1." as "CFf@a2, CFm@b1"
        except NotationError as err:
            return Grade(text, False, None, None, best, False,
                         _say("unreadable", lang, token=err.token, problem=err.problem_in(lang), best=best),
                         err.token)
        except IllegalMove as err:
            return Grade(text, False, err.rule, None, best, False,
                         _say("refused", lang, reason=err.sentence(lang), best=best))
        tables = action_tables(turn, lang)
        if turn.points >= best:
            message = WORDS.text("solved", lang, n=turn.points).format(answer=turn.text, points=turn.points,
                                                                      tables=tables)
        elif turn.points == 0:
            message = _say("short_zero", lang, best=best)
        else:
            message = WORDS.text("short", lang, n=turn.points).format(points=turn.points, tables=tables, best=best)
        return Grade(turn.text, True, None, turn.points, best, turn.points >= best, message, None, turn)

    def _example(self) -> str:
        """How an answer is written, and only that: a tile of the hand on a free chair where it
        may not sit at all — beside no table of its nation (B5) if there is one, else by B6 —,
        else on a taken chair, else a tile not in the hand: never an allowed action, so a
        student who copies it scores nothing."""
        chairs = sorted(CHAIRS, key=lambda chair: self.board.tile(chair) is not None)   # free ones first
        tiles = [t for t in dict.fromkeys(self.hand) if "*" not in t]    # a joker's form needs its declaration
        for rules in (("B5",), None):
            for chair in chairs:
                for tile in tiles:
                    refusal = self.board.explain(f"{tile}@{chair}", self.hand)
                    if (refusal is not None and (rules is None or refusal.rule in rules)
                            and chair not in self.board.legal_chairs(tile, self.hand)):   # not even as a first tile
                        return f"{tile}@{chair}"
        stranger = next(g for g in GUEST_KINDS if g not in self.hand)   # B4: not in the hand
        return f"{stranger}@{chairs[0]}"

    def _solution(self, lang: str | None) -> str:
        return _say("solution", lang, action=self._best.text, points=self._best.points,
                    tables=action_tables(self._best, lang))

    def format(self) -> str:
        """``chairs | bar | hand``: the line of a puzzle file without its level and best points."""
        return f"{self.board.format()} | {' '.join(self.hand)}"

    @property
    def title(self) -> str:
        """``"level 2, puzzle 5"`` for a committed puzzle, else ``"puzzle"``, in the current
        language (:meth:`title_in` for another)."""
        return self.title_in()

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (None: the current language)."""
        return puzzle_title(self.level, self.number, lang)

    def __repr__(self) -> str:
        return f"BoardPuzzle({self.board.format()!r}, {' '.join(self.hand)!r})"

    def _repr_svg_(self) -> str:
        return self.board._repr_svg_()


def _parse_line(line: str) -> tuple[int, BoardPuzzle, int]:
    fields = [f.strip() for f in line.split("|")]
    if len(fields) != 5:
        raise NotationError("puzzle", line, N_("must have 5 fields: {fields}"),
                            fields="level | chairs | bar | hand | best")
    level, chairs, bar, hand, best = fields
    if level not in {str(n) for n in LEVELS}:
        raise NotationError("level", level, N_("is not 1, 2 or 3"))
    if not re.fullmatch(r"-?\d{1,3}", best):
        raise NotationError("best", best, N_("is not a number of points"))
    return int(level), BoardPuzzle(f"{chairs} | {bar}", hand), int(best)


@lru_cache(maxsize=None)
def _lines() -> tuple[tuple[int, str], ...]:
    out = []
    for raw in BOARD_PUZZLE_FILE.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((int(line.split("|")[0]), line))
    return tuple(out)


def board_puzzle_lines(level: int | None = None) -> list[str]:
    """The committed board puzzles as lines of text (``level | chairs | bar | hand | best``)."""
    return [line for lv, line in _lines() if level is None or lv == level]


def board_puzzles(level: int | None = None) -> list[BoardPuzzle]:
    """The committed board puzzles of ``level`` (1, 2 or 3; None: all), numbered within their
    level. Level 1: the best action seats a single tile. Level 2: a tile on a shared chair scores
    at both its tables, or a joker, or the bar is the best. Level 3: a table filled with its
    fourth guest, and seating first the tile that scores most alone does not find the best."""
    if level is not None and level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, not {level!r}")
    found, counts = [], {}
    for lv, line in _lines():
        counts[lv] = counts.get(lv, 0) + 1
        if level is None or lv == level:
            _, p, _ = _parse_line(line)
            p.level, p.number = lv, counts[lv]
            found.append(p)
    return found


# -- checks for exercises -------------------------------------------------------------------

def check_board_points(board, action, given=..., lang: str | None = None, *, show: bool = False,
                       exercise: str | None = None) -> Feedback:
    """"How many points does ``action`` score on this board?" — one or two tiles
    (``"CFm@a2, ITf@c2"``), or a tile to the bar (``"bar RUm"``: the value of the next place,
    B9). ``given``: a whole number (``"4 points"`` reads as 4), or ``"refused"``. On the ladder:
    a nudge, then a hint, then the answer table by table. Never raises."""
    try:
        board = _board(board)
        text = getattr(action, "text", action)
        if not isinstance(text, str):
            raise NotationError("action", repr(action), N_("is not text"))
    except NotationError as err:
        text = _say("question", lang, error=err.sentence(lang))
        return Feedback(False, text, text)
    if isinstance(given, str) and not given.strip():
        given = ...                  # "" and whitespace: not answered yet, no try
    if given is ... and not show:
        text = _say("your_turn", lang)
        return Feedback(False, text, text)
    value = None if given is ... else read_points(given, lang, negative=True)
    if isinstance(value, Feedback):   # not read (no try): said for a tile, not a card
        return Feedback(False, _say("not_number", lang), _say("not_number", lang))
    key = ("board points", board.format(), text)
    try:
        turn = board.play(text)
    except NotationError as err:
        message = _say("question", lang, error=err.sentence(lang))
        return Feedback(False, message, message)
    except IllegalMove as err:
        reason = err.sentence(lang)
        solution = _say("refused_wrong", lang, move=text, reason=reason)
        if value is None and given is not ...:
            message = _say("refused_right", lang, move=text, reason=reason)
            feedback = Feedback(True, message, message, "refused", err.rule, solution, "", message)
        else:
            tile = (err.move or text).split(",")[0].split("@")[0].split()[-1]     # the tile refused
            if err.rule in SEATING_RULES:
                nudge, hint = _say("refused_nudge", lang, move=text), _say("chairs_hint", lang, tile=tile)
            else:   # another rule refuses it (B1, B4, B9, B10, B13): the hint names that one
                nudge = _say("refused_nudge_rules", lang, move=text, rules=rules_of_a_turn(err.rule))
                hint = _say("refused_hint_rule", lang, rule=err.rule, tile=err.move or text)
            feedback = Feedback(False, "", nudge, "refused", err.rule, solution, hint, solution)
        return climb(feedback, key, show, exercise, lang)
    tables = _tables(turn, lang)
    facts = dict(move=turn.text, points=turn.points, tables=tables, answer=given)
    solution = _say("pts_solution", lang, **facts)
    if turn.kind == "bar":
        look = _say("look_bar", lang)
        hint = _say("hint_pts_bar", lang, n=len(board.bar), place=turn.bar_place)
    else:
        look = _say("look_seat", lang)
        places = join(list(dict.fromkeys(t.place for tile in turn.cards for t in tile.tables)), lang)
        hint = _say("hint_pts", lang, move=turn.text, tables=places)
    if value == turn.points and given is not ...:
        message = _say("pts_right", lang, **facts)
        return climb(Feedback(True, message, message, str(turn.points), None, solution, hint, message),
                     key, show, exercise, lang)
    nudge = (_say("too_many" if value > turn.points else "too_few", lang) + look) if value is not None \
        else _say("look_seat", lang)
    return climb(Feedback(False, "", nudge, str(turn.points), None, solution, hint,
                          _say("pts_wrong", lang, **facts)), key, show, exercise, lang)


def _tables(turn: BoardTurn, lang: str | None) -> str:
    """Each tile's points table by table with the reason (B8), or the bar's place (B9)."""
    if turn.kind == "bar":
        return _say("bar_at", lang, place=turn.bar_place, points=turn.points)
    return "; ".join(f"{tile.text} {card_tables(tile, lang)}" if len(turn.cards) > 1
                     else card_tables(tile, lang) for tile in turn.cards) + \
        (_say("filled", lang, places=" ".join(turn.filled_own_nation)) if turn.filled_own_nation else "")


def _joker_refused(board: Board, tile: str, chair: str) -> IllegalMove | None:
    """Why a joker may not sit on ``chair``: it is declared a nation of the chair's tables (B5),
    so the refusal of the first such declaration (a chair taken: B5; a table unbalanced: B6 …);
    None for a chair that is not on the board."""
    return next((refusal for place in CHAIR_TABLES.get(chair, ())
                 if (refusal := board.explain(f"{TABLE_NATION[place]}{tile[1]}*@{chair}")) is not None), None)


def check_chairs(board, tile: str, chairs=..., lang: str | None = None, *, show: bool = False,
                 exercise: str | None = None) -> Feedback:
    """"On which chairs may ``tile`` be the first tile of a turn?" — ``chairs`` as text
    (``"c2 d1"``; commas, semicolons, spaces or "and" between) or a list; ``"-"`` or ``"none"``
    for nowhere; ``""`` is not answered yet and costs no try. An answer that cannot be read is
    explained, no try. On the ladder, like the card game's
    :func:`~cafe_widget.teach.practice.check_seats`. Never raises."""
    try:
        board = _board(board)
        tile = parse_tile(getattr(tile, "text", tile) if not isinstance(tile, str) else tile.strip(), "tile")
    except NotationError as err:
        text = _say("question", lang, error=err.sentence(lang))
        return Feedback(False, text, text)
    if isinstance(chairs, str) and not chairs.strip():
        chairs = ...               # "" and whitespace: not answered yet, no try
    if chairs is ... and not show:
        text = _say("your_turn", lang)
        return Feedback(False, text, text)
    given: list[str] = []
    if chairs is not ...:
        try:
            tokens = typed_list(chairs) if isinstance(chairs, str) else chairs   # "c2, d1 and f1.", "-", « aucune »
            tokens = [t if isinstance(t, str) else "" for t in tokens]
            given = list(dict.fromkeys(parse_placement(f"{tile}@{t}")[1] for t in tokens))
        except (NotationError, TypeError) as err:     # not a list of chairs: the answer's fault, explained, no try
            if isinstance(err, NotationError):
                text = _say("bad_answer", lang, token=err.token, problem=err.problem_in(lang))
            else:
                text = _say("bad_answer", lang, token=repr(chairs), problem=_say("not_chairs", lang))
            return Feedback(False, text, text)
    legal = board.legal_chairs(tile)
    right = sorted(given, key=CHAIRS.index) == legal
    chairs_text = join(legal, lang) if legal else _say("none", lang)
    expected = " ".join(legal) or "-"          # as a student types it, like check_seats' "e4 d5"
    key = ("board chairs", board.format(), tile)
    solution = _say("chairs_wrong" if legal else "chairs_wrong_none", lang, tile=tile, chairs=chairs_text)
    hint = _say("chairs_hint", lang, tile=tile)
    if right and chairs is not ...:
        message = _say("chairs_right" if legal else "chairs_right_none", lang, tile=tile, chairs=chairs_text)
        return climb(Feedback(True, message, message, expected, None, solution, hint, message),
                     key, show, exercise, lang)
    missing = [c for c in legal if c not in given]
    wrong = [c for c in given if c not in legal]
    text = solution
    if missing:
        text += _say("chairs_missing", lang, chairs=join(missing, lang))
    rules = []
    for chair in wrong:
        refusal = board.explain(f"{tile}@{chair}") if "*" not in tile else _joker_refused(board, tile, chair)
        rules.append(refusal.rule if refusal else "B5")
        if refusal:
            text += _say("chairs_refused", lang, chair=chair, reason=refusal.sentence(lang))
    nudge = WORDS.text("chairs_nudge_count", lang, n=max(len(given), 1)).format(
        given=len(given), right=len(given) - len(wrong))
    if missing:
        nudge += WORDS.text("chairs_nudge_missing", lang, n=len(missing)).format(missing=len(missing))
    if wrong:
        nudge += _say("chairs_nudge_rules", lang, rules=join([f"{c} ({r})" for c, r in zip(wrong, rules)], lang))
    return climb(Feedback(False, "", nudge + ".", expected, rules[0] if rules else None, solution, hint, text),
                 key, show, exercise, lang)
