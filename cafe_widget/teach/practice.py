"""Checks that answer back, on the try-again ladder (:mod:`.ladder`): the exercises' checks
(``check_points``, ``check_seats``), graded exactly by the engine (the one legality check), and
a puzzle's :class:`Grade`, which both games' puzzles give (:mod:`.card_puzzles`,
:mod:`.board_practice`).

    from cafe_widget.teach import check_points, check_seats
    check_points("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2", 8)    # right: +6 b2, +0 d2, +2 c3
    check_seats("RU GB FR ES IT | b1:RUf b3:RUm", "ITm", "e4 d5")   # right, or which seat is wrong

The same checks as small widgets (``ask_points``, ``ask_seats``, ``ask_turn``) are the
widget's (``from cafe_widget.widget import ask_points``): this module needs no widget library.
Pure Python: it imports the engine, never ipycanvas or ipywidgets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..engine import Cafe, IllegalMove, NotationError, Turn
from ..engine.cafe import parse_seat, parse_turn
from ..engine.cards import TABLE_ADJECTIVES, guest_name, parse_guest
from ..engine.layout import SEATS, TABLE_PLACES, TOUCHES
from ..i18n import NN_, NP_, N_, Localized, join
from .answers import is_refusal, typed_list, typed_text
from .ladder import TRIES, step
from ..render.words import table_why

#: The rules of seating (R5–R7): a card they refuse gets the seating hint; another rule's, its own.
SEATING_RULES = ("R5", "R6", "R7")


# -- words ------------------------------------------------------------------------------------

WORDS = Localized({
    "at": N_("{adj} table {place} +{points}"),
    "solved": N_("Solved: {answer} makes {points} points ({tables}), the most this hand "
                 "can make."),
    "short": N_("{points} points ({tables}); the best turn scores {best}."),
    "short_zero": N_("0 points; the best turn scores {best}."),
    "refused": N_("Not allowed: {reason} The best turn scores {best}."),
    "unreadable": N_("Could not read the answer: {token!r} {problem}. The best turn scores "
                     "{best}."),
    "empty": N_("No card placed: the answer is a turn of 1 to 3 cards from the hand (R4). "
                "The best turn scores {best}."),
    "solution": N_("The best turn: {turn} = {points} points ({tables})."),
    "puzzle_hint": NN_("the best turn places {n} card, {first}: which seat gives it the most?",
                       "the best turn places {n} cards, the first of them {first}: in which "
                       "order, on which seats?"),
    "table_why": N_("+{points} at the {adj} table {place} ({why})"),
    "pts_right": N_("Right: {move} scores {points}: {tables}."),
    "pts_solution": N_("{move} scores {points}: {tables}."),
    # Translators: {cards} is one line a card, each starting with a new line: no space before it
    "turn_solution": N_("{move} scores {points} in all:{cards}."),
    # Translators: one card of a turn, on a line of its own: its points, then table by table
    "turn_card": N_("{move}: {points} ({tables})"),
    "refused_solution": N_("{move} is refused, so it scores nothing: {reason}"),
    "seats_solution": N_("{guest} may sit on {seats}, and nowhere else."),
    "seats_solution_none": N_("{guest} may sit nowhere here."),
    "pts_wrong": N_("Not quite: you said {answer}, but {move} scores {points}: {tables}."),
    "too_many": N_("Not quite: that is too many."),
    "too_few": N_("Not quite: that is too few."),
    "pts_look": N_(" Count again each table seat {seat} touches ({places}): how many guests "
                   "sit there once the card is down, and are they all of the table's nation "
                   "(R8)?"),
    "pts_hint": N_("a table scores a point for each guest at it, two for each when all are of "
                   "its nation, and nothing for a guest alone (R8). Once {move} is down, look at "
                   "{places}: how many guests sit there, and of which nations?"),
    "turn_look": N_(" Score each card on its own, in order, against the café right after it "
                    "sits (R8), then add them up."),
    "turn_hint": N_("score the cards one at a time, each on the café as the cards before it "
                    "left it (R8): {cards}."),
    "card_touches": N_("{move} touches {places}"),
    "pts_said_refused": N_("Not quite: {move} may sit there (R5–R7 allow it). How many points "
                           "does it make?"),
    "pts_refused_hint": N_("seat {seat} touches {places}. A guest sits only beside a table of "
                           "her or his nation (R5), never leaves a table with two more of one "
                           "sex than of the other (R6), and joins a card of the turn that sits "
                           "alone (R7)."),
    "turn_right": N_("Right: {move} scores {points} in all:{cards}."),
    "turn_wrong": N_("Not quite: you said {answer}, but {move} scores {points} in all:{cards}."),
    "pts_refused_right": N_("Right: {move} is refused, so it scores nothing: {reason}"),
    "pts_refused": N_("{move} may not be placed, so it scores nothing: {reason}"),
    "pts_refused_nudge": N_("Not quite. Check {move} against the rules of seating (R5–R7), then "
                            "count again each table seat {seat} touches ({places}): how many guests "
                            "sit there, and are they all of the table's nation (R8)?"),
    # Translators: {rules} is a list of rule ids, for example "R1, R4–R7"
    "pts_refused_nudge_rules": N_("Not quite. Check {move} against the rules of a turn ({rules}), "
                                  "then count again each table seat {seat} touches ({places}): how "
                                  "many guests sit there, and are they all of the table's nation (R8)?"),
    "pts_refused_hint_rule": N_("read rule {rule} again, then look at {card}."),
    "not_number": N_("Answer with a whole number of points, for example 8 (or \"refused\" "
                     "if the card may not sit there)."),
    "question": N_("Could not read the question: {error}."),
    # Translators: a refused answer at the hint's try: the refusal, then the hint
    "refused_then": N_("{refusal} {hint}"),
    "bad_answer": N_("Could not read your answer: {token!r} {problem}."),
    "seats_right": N_("Right: {guest} may sit on {seats}, and nowhere else."),
    "seats_right_none": N_("Right: {guest} may sit nowhere here."),
    "seats_wrong": N_("Not quite: {guest} may sit on {seats}."),
    "seats_wrong_none": N_("Not quite: {guest} may sit nowhere here."),
    "seats_missing": N_(" You missed {seats}."),
    "seats_refused": N_(" {seat} is refused: {reason}"),
    "seats_nudge_count": NN_("Not quite: you marked {given} seat; right: {right}",
                             "Not quite: you marked {given} seats; right: {right}"),
    "seats_nudge_missing": NN_("; {missing} allowed seat missing", "; {missing} allowed seats missing"),
    "seats_nudge_rules": N_("; refused: {rules}"),
    "seat_score": N_("{seat} (+{points})"),
    "forming_note": N_(" A +0 seat may start a ladies' or men's table, scored when complete "
                       "(R14)."),
    "all_alone": N_(" A card alone at its table scores 0 there, and a second card must join "
                    "it (R7)."),
    # Translators: {adj} is the guest's table adjective ("Italian table d4", French « table
    # italienne d4 »); one table or several, named in {places}
    "seats_hint": NN_("{guest} sits only on a seat beside a table of that nation (R5): here the "
                      "{adj} table {places}. At each seat beside it, would a table the seat "
                      "touches get two more of one sex than of the other (R6)?",
                      "{guest} sits only on a seat beside a table of that nation (R5): here the "
                      "{adj} tables {places}. At each seat beside them, would a table the seat "
                      "touches get two more of one sex than of the other (R6)?"),
    "seats_hint_none": N_("{guest} sits only on a seat beside a table of that nation (R5): is "
                          "there one in this café?"),
    "seats_nudge_empty": NN_("Not quite: you named no seat, and {missing} allowed seat is missing",
                             "Not quite: you named no seat, and {missing} allowed seats are missing"),
    "none": N_("nowhere"),
    "semicolon": N_("; "),
    "refused_answer": N_("refused"),
    # Translators: one or more tables cleared, named in {places} (French: « pleine(s) »)
    "clears": NN_("; {places} full and cleared, R9", "; {places} full and cleared, R9"),
    "ends": N_("; the table pile is short: the game ends, R12a"),
    # Translators: the card sitting alone is a woman or a man (French: « Elle est seule »,
    # « Il est seul »)
    "alone_card": {"woman": NP_("woman", " It sits alone: a second card of the turn must join "
                                         "it (R7)."),
                   "man": NP_("man", " It sits alone: a second card of the turn must join it "
                                     "(R7).")},
    "not_counted": N_(" (solved after Show best: not counted)"),
    # Translators: a committed puzzle's title (either game's), as a notebook or a list names it
    "puzzle_title": N_("level {level}, puzzle {number}"),
    # Translators: the title of a puzzle that is not one of the committed ones
    "puzzle_title_one": N_("puzzle"),
    "problem_text": N_("is not text"),
    "your_turn": N_("Your turn: write your answer in place of ... and run the cell again."),
    # Translators: {example} only shows how a turn is written: it is never allowed in the puzzle
    "your_turn_best": N_("Your turn: write your turn in place of ... and run the cell again. A turn is "
                         "written like \"{example}\" (that one only shows how to write it: it is not "
                         "allowed here). The best turn scores {best}."),
})


def _text(lang: str | None, key: str, guest: str | None = None, n: int | None = None) -> str:
    """The sentence ``key`` in ``lang``, for ``guest``'s sex or the number ``n`` (``Localized.text``)."""
    return WORDS.text(key, lang, guest, n)


def _say(key: str, lang: str | None = None, **facts) -> str:
    return _text(lang, key).format(**facts)


def rules_of_a_turn(rule: str) -> str:
    """The rules of placing (``R4–R7``, the board's ``B4–B7``) with ``rule`` in its place among
    them: ``"R1, R4–R7"``, ``"R4–R7"``, ``"B4–B7, B9"``."""
    letter, number = rule[0], int(rule[1:])
    placing = f"{letter}4–{letter}7"
    return placing if 4 <= number <= 7 else f"{rule}, {placing}" if number < 4 else f"{placing}, {rule}"


def _sex(guest: str) -> str:
    """The context of a sentence about ``guest`` (``"RUf"``, or just its sex ``"f"``):
    ``"woman"`` or ``"man"``."""
    return "woman" if guest.endswith("f") else "man"


def _join(items, lang: str | None) -> str:
    return join(items, lang)


def turn_tables(turn: Turn, lang: str | None = None) -> str:
    """A turn's points summed table by table, tables in the order they first scored:
    ``"Russian table b2 +6, French table c3 +9, Italian table d4 +8"`` (tables that scored
    nothing are left out; a table cleared and replaced is a new table)."""
    sums: dict[tuple[str, str], int] = {}
    for card in turn.cards:
        for t in card.tables:
            sums[(t.place, t.nation)] = sums.get((t.place, t.nation), 0) + t.points
    text = ", ".join(_say("at", lang, adj=TABLE_ADJECTIVES[lang][n], place=p, points=v)
                     for (p, n), v in sums.items() if v)
    return text + _consequences(turn.cleared, turn.ends_game, lang)


def _consequences(cleared, ends: bool, lang: str | None) -> str:
    """``"; c3 full and cleared, R9"`` and the end of the game (R12a), or nothing."""
    text = ""
    if cleared:
        text = _text(lang, "clears", n=len(cleared)).format(places=" ".join(cleared))
    return text + (_say("ends", lang) if ends else "")


def _problem(err: NotationError, lang: str | None) -> str:
    """A notation error's problem in ``lang`` (the engine words it in English)."""
    return err.problem_in(lang)


def card_tables(card, lang: str | None = None) -> str:
    """One card's points at every table its seat touches, with the reason:
    ``"+6 at the Russian table b2 (3 guests, all of the table's nation: doubled), …"``."""
    guest = getattr(card, "guest", None) or card.tile[:3]      # a placed card, or a board's seated tile
    return _text(lang, "semicolon").join(_say("table_why", lang, points=t.points, adj=TABLE_ADJECTIVES[lang][t.nation],
                          place=t.place, why=table_why(t, guest, lang)) for t in card.tables)


def puzzle_title(level: int | None, number: int | None, lang: str | None = None) -> str:
    """A puzzle's title (either game's) in ``lang``: ``"level 2, puzzle 5"``, or ``"puzzle"``
    for one that is not committed."""
    if level is None:
        return _say("puzzle_title_one", lang)
    return _say("puzzle_title", lang, level=level, number=number)


# -- a puzzle's grade (either game's) ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Grade:
    """What an answer to a puzzle is worth, as the engine reckons it.

    ``legal``: the answer is a legal turn with cards of the hand; ``rule``: the refusing rule's
    id (``"R6"``), or None; ``points``: what the answer scores (None when it is not a legal
    turn); ``best_points``: what the best turn scores; ``solved``: the answer scores as much as
    the best; ``message``: one sentence saying all that, table by table (it gives the best
    points, not the best turn: that stays for a retry, or :meth:`Puzzle.solution`);
    ``token``: the unreadable token of a malformed answer (``""`` for an empty one), or None;
    ``turn``: the answer as a scored :class:`~cafe_widget.engine.Turn`, or None. On the ladder (:mod:`cafe_widget.teach.ladder`):
    ``stage`` (``"right"``, ``"nudge"``, ``"hint"``, ``"answer"``, or ``""`` for an answer not
    read: no try counted), ``tries`` this answer's try, ``nudge`` and ``hint`` what the first and
    second wrong tries show; ``message`` is what the student sees at this try (the best turn
    itself only at the third wrong try).
    """

    answer: str
    legal: bool
    rule: str | None
    points: int | None
    best_points: int
    solved: bool
    message: str
    token: str | None = None
    turn: Turn | None = None
    stage: str = ""
    tries: int = 0
    hint: str = ""
    nudge: str = ""

    def __str__(self) -> str:
        return self.message

    def _repr_pretty_(self, p, cycle) -> None:   # a notebook cell shows the sentence
        p.text(self.message)


def on_the_ladder(grade: Grade, answer, key, lang: str | None, show: bool, exercise, solution: str,
                  hint: str) -> Grade:
    """A puzzle's verdict (either game's) on the try-again ladder: the nudge is the verdict itself
    (what the answer scores against the best), then ``hint``, then the verdict and ``solution``.
    A refused answer says so, with its rule, at every try: the refusal comes before the hint. An answer not read (or ``...``) costs no try."""
    if not show and (grade.token is not None or answer is ...):
        return grade
    stage, tries, message, hint = step(
        key, lang, right=grade.solved, show=show, exercise=exercise, message=grade.message,
        nudge=grade.message, solution=solution, hint=hint, answer=grade.message + " " + solution)
    if stage == "hint" and not grade.legal and grade.rule is not None:   # refused, and by which rule, at every try
        message = _say("refused_then", lang, refusal=grade.message, hint=message)
    return replace(grade, message=message, stage=stage, tries=tries, hint=hint, nudge=grade.message)


# -- checks for exercises ---------------------------------------------------------------------

@dataclass(frozen=True)
class Feedback:
    """The verdict on a student's answer to an exercise, on the try-again ladder
    (:mod:`cafe_widget.teach.ladder`).

    ``right``: the answer is right; ``message``: what the student sees at this try — right and
    why; or, wrong, the ``nudge`` (1st wrong try: what kind of wrong, not the answer), the
    ``hint`` (2nd: the rule that decides, where to look) or the ``answer`` (3rd, or asked for
    with ``answer=True``: the right answer, why, table by table or by rule); ``stage``:
    ``"right"``, ``"nudge"``, ``"hint"``, ``"answer"``, or ``""`` when the answer could not be
    read (no try counted); ``tries``: this answer's try (from 1; 0 when not counted);
    ``expected``: the right answer as text (``"8"``, ``"e4 d5"``, ``"refused"``); ``rule``: the
    rule a refusal cites; ``solution``: the right answer and why, in a sentence. In a graded
    assignment (:mod:`cafe_widget.teach.ladder`) a verdict that is not right holds no answer:
    ``expected``, ``solution`` and ``answer`` are empty, and ``rule`` too when the move asked
    about is refused (that is the answer).
    """

    right: bool
    message: str
    nudge: str
    expected: str = ""
    rule: str | None = None
    solution: str = ""
    hint: str = ""
    answer: str = ""
    stage: str = ""
    tries: int = 0

    def __str__(self) -> str:
        return self.message

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.message)


def climb(feedback: Feedback, key, show: bool, exercise, lang: str | None) -> Feedback:
    """``feedback`` at its step of the ladder (:func:`cafe_widget.teach.ladder.step`) for the question
    ``key``: what the student sees at this try, the stage, the try."""
    stage, tries, message, hint = step(key, lang, right=feedback.right, show=show, exercise=exercise,
                                       message=feedback.message, nudge=feedback.nudge, hint=feedback.hint,
                                       answer=feedback.answer, solution=feedback.solution)
    if TRIES.graded and stage != "right":   # a graded assignment: the verdict holds no answer either
        rule = None if feedback.expected == "refused" else feedback.rule   # the rule refusing the move is the answer
        return replace(feedback, message=message, stage=stage, tries=tries, hint=hint, expected="", solution="",
                       answer="", rule=rule)
    return replace(feedback, message=message, stage=stage, tries=tries, hint=hint)


def _question_error(err: Exception, lang: str | None) -> Feedback:
    if isinstance(err, NotationError):
        err = err.sentence(lang)
    else:
        err = f"{type(err).__name__}: {err}"
    text = _say("question", lang, error=err)
    return Feedback(False, text, text)


def _read_cafe(cafe) -> Cafe:
    """A café from notation or a Cafe; NotationError for anything else."""
    if isinstance(cafe, str):
        return Cafe.parse(cafe)
    if not isinstance(cafe, Cafe):
        raise NotationError("café", repr(cafe),
                            N_("is not a café: give café notation or a Cafe"))
    return cafe


def read_points(answer, lang: str | None, negative: bool = False):
    """An int (``"8 points."``, ``"8.0"``), the word for "refused" (→ None; ``"refusé !"``,
    ``"refused (R6)"``), or a Feedback saying how to answer (it costs no try). ``negative``: a
    minus sign is read too (the board's bar, B9)."""
    if isinstance(answer, bool):
        return _answer_error(lang)
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if answer is None:
        return None
    if isinstance(answer, str):
        text = typed_text(answer).lower()
        number = re.fullmatch(r"([+-]?)(\d{1,4})(?:\.0+)?(\s*[^\W\d_]+)?", text)   # "8", "+8", "8.0", "8 points"
        if number and (number[1] != "-" or negative) and (
                number[3] is None or not is_refusal(number[3].strip())):
            return -int(number[2]) if number[1] == "-" else int(number[2])
        if is_refusal(text):             # "refused", "refusé !", "refused (R6)"
            return None
    return _answer_error(lang)


def _given(given, answer):
    """(the student's answer, whether the answer is asked for): ``answer=True`` asks for it;
    ``answer=8`` (the parameter's name before the ladder) is an answer, as ``given`` is."""
    if isinstance(answer, bool):
        return given, answer
    return answer, False


def _not_yet(lang: str | None) -> Feedback:
    """The verdict on ``...``, the placeholder an exercise cell holds until the student answers."""
    text = _say("your_turn", lang)
    return Feedback(False, text, text)


def _answer_error(lang: str | None) -> Feedback:
    text = _say("not_number", lang)
    return Feedback(False, text, text)


def check_points(cafe, placement: str, given=..., variant: bool = False, lang: str | None = None,
                 *, answer=False, show: bool = False, exercise: str | None = None) -> Feedback:
    """"How many points does ``placement`` score here?" — ``given`` a whole number (``"refused"``
    or None if the card may not sit there; ``"8 points"`` and ``"8."`` read as 8, ``"refused
    (R6)"`` as refused). One card: its points table
    by table with the reason (R8); a whole turn (``"RUf@c2, ITf@c4"``): the turn's points card by
    card. On the ladder (:mod:`cafe_widget.teach.ladder`): a wrong answer gets a nudge, then a hint,
    then the answer; ``answer=True`` shows the answer at once. ``exercise`` (``"4.2"``) records
    the outcome in the student's progress. Never raises."""
    given, asked = _given(given, answer)
    show = show or asked
    if isinstance(given, str) and not given.strip():
        given = ...                  # "" and whitespace: not answered yet, no try
    try:
        cafe = _read_cafe(cafe)
        placement = getattr(placement, "text", placement)   # a Turn or a placed card: its notation
        if not isinstance(placement, str):
            raise NotationError("placement", repr(placement), N_("is not text"))
        placements = parse_turn(placement)
        if not placements:
            raise NotationError("placement", placement,
                                N_("names no card: write guest@seat, for example {example}"),
                                example="RUf@c2")
    except (NotationError, TypeError) as err:
        return _question_error(err, lang)
    if given is ... and not show:              # an exercise cell not answered yet
        return _not_yet(lang)
    value = None if given is ... else read_points(given, lang)
    if isinstance(value, Feedback):
        return value
    move = ", ".join(f"{g}@{s}" for g, s in placements)
    key = ("points", cafe.format(), move, bool(variant))
    places = ", ".join(TOUCHES[placements[0][1]])
    try:
        state = cafe.begin_turn(variant)
        for guest, seat in placements:
            state = state.place(guest, seat)
        turn = state.finish() if len(placements) > 1 else None
    except IllegalMove as err:
        reason = err.sentence(lang)
        solution = _say("refused_solution", lang, move=move, reason=reason)
        card = err.move if "@" in err.move else "@".join(placements[-1])    # the card refused
        seat = card.split("@")[-1]
        if err.rule in SEATING_RULES:
            hint = _say("pts_refused_hint", lang, seat=seat, places=", ".join(TOUCHES[seat]))
            nudge = _say("pts_refused_nudge", lang, move=move, seat=seat, places=", ".join(TOUCHES[seat]))
        else:   # another rule refuses it (R1, R4, R12, R14): the hint names that one, not seating's
            hint = _say("pts_refused_hint_rule", lang, rule=err.rule, card=card)
            nudge = _say("pts_refused_nudge_rules", lang, move=move, seat=seat, places=", ".join(TOUCHES[seat]),
                         rules=rules_of_a_turn(err.rule))
        if value is None and given is not ...:
            text = _say("pts_refused_right", lang, move=move, reason=reason)
            feedback = Feedback(True, text, text, "refused", err.rule, solution, hint, text)
        else:
            feedback = Feedback(False, "", nudge, "refused", err.rule, solution, hint,
                                _say("pts_refused", lang, move=move, reason=reason))
        return climb(feedback, key, show, exercise, lang)
    said = _say("refused_answer", lang) if value is None else value
    if turn is None:
        card = state.cards[-1]
        points = card.points
        tables = card_tables(card, lang) + _consequences(card.cleared, state.ended, lang)
        if state.pending:
            tables += "." + _text(lang, "alone_card", card.guest).rstrip(".")
        look = _say("pts_look", lang, seat=card.seat, places=places)
        hint = _say("pts_hint", lang, move=move, places=places)
        facts = dict(move=move, points=points, tables=tables, answer=said)
        right_key, wrong_key, solution_key = "pts_right", "pts_wrong", "pts_solution"
    else:
        points = turn.points
        # One line a card: a turn of three cards in one sentence is too long to read.
        cards = "".join("\n- " + _say("turn_card", lang, move=c.text, points=c.points, tables=card_tables(c, lang))
                        for c in turn.cards)
        cards += _consequences(turn.cleared, turn.ends_game, lang)
        look = _say("turn_look", lang)
        hint = _say("turn_hint", lang, cards=_text(lang, "semicolon").join(
            _say("card_touches", lang, move=c.text, places=", ".join(TOUCHES[c.seat])) for c in turn.cards))
        facts = dict(move=move, points=points, cards=cards, answer=said)
        right_key, wrong_key, solution_key = "turn_right", "turn_wrong", "turn_solution"
    solution = _say(solution_key, lang, **facts)
    if value == points and given is not ...:
        text = _say(right_key, lang, **facts)
        feedback = Feedback(True, text, text, str(points), None, solution, hint, text)
    else:
        if value is None:
            nudge = _say("pts_said_refused", lang, move=move) if given is not ... else ""
        else:
            nudge = _say("too_many" if value > points else "too_few", lang) + look
        feedback = Feedback(False, "", nudge, str(points), None, solution, hint, _say(wrong_key, lang, **facts))
    return climb(feedback, key, show, exercise, lang)


def _read_seats(seats) -> list[str]:
    if seats is None:
        return []
    if isinstance(seats, str):
        tokens = typed_list(seats)       # "c2, b3 and c4.", "c2; b3", "-", « aucune »
    elif isinstance(seats, (list, tuple, set, frozenset)):
        tokens = list(seats)
    else:
        raise NotationError("seats", repr(seats), N_("is not a list of seats, for example {example}"),
                            example='"e4 d5"')
    out = []
    for tok in tokens:
        if not isinstance(tok, str):
            raise NotationError("seats", repr(tok), N_("is not a seat ({seats})"),
                                seats=" ".join(SEATS))
        seat = parse_seat(tok, "seats")
        if seat not in out:
            out.append(seat)
    return sorted(out, key=SEATS.index)


def check_seats(cafe, guest: str, seats=..., variant: bool = False, lang: str | None = None,
                *, answer: bool = False, show: bool = False, exercise: str | None = None) -> Feedback:
    """"Which seats may ``guest`` take here (as the first card of a turn)?" — ``seats`` as text
    (``"e4 d5"``, ``"e4,d5 "``, ``"e4 and d5."``: :func:`.answers.typed_list`; ``"-"`` or
    ``"none"`` for nowhere; ``""`` is not answered yet and costs no try) or a list. Right when
    exactly the legal seats are named. On the ladder: a wrong answer gets a nudge (how many right, how many
    missed, the rules of the wrong ones), then a hint (where to look), then the answer (each
    seat missed, each wrong seat with its refusing rule); ``answer=True`` shows it at once.
    ``exercise`` records the outcome in the student's progress. Never raises."""
    answer = answer or show
    try:
        cafe = _read_cafe(cafe)
        if not isinstance(guest, str):
            raise NotationError("guest", repr(guest),
                                N_("is not a guest: write a nation code and f or m"))
        guest = parse_guest(guest)
        state = cafe.begin_turn(variant)
        legal = state.seat_scores(guest)
    except (NotationError, TypeError) as err:
        return _question_error(err, lang)
    if (seats is ... or isinstance(seats, str) and not seats.strip()) and not answer:
        return _not_yet(lang)     # "" and whitespace: not answered yet, no try
    try:
        given = [] if seats is ... or isinstance(seats, str) and not seats.strip() else _read_seats(seats)
    except NotationError as err:
        text = _say("bad_answer", lang, token=err.token, problem=_problem(err, lang))
        return Feedback(False, text, text, "" if TRIES.graded else " ".join(legal) or "-")
    key = ("seats", cafe.format(), guest, bool(variant))
    own = [place for place in TABLE_PLACES if cafe.table(place) == guest[:2]]
    hint = (_text(lang, "seats_hint", n=len(own)).format(guest=guest, adj=TABLE_ADJECTIVES[lang][guest[:2]],
                                                         places=" ".join(own))
            if own else _say("seats_hint_none", lang, guest=guest))
    expected = " ".join(legal) or "-"
    listing = _join([_say("seat_score", lang, seat=seat, points=c.points) for seat, c in legal.items()], lang)
    notes = []
    if any(any(t.variant == "forming" for t in c.tables) for c in legal.values()):
        notes.append(_say("forming_note", lang))
    if any(c.points == 0 and not any(t.variant for t in c.tables) for c in legal.values()):
        notes.append(_say("all_alone", lang))
    if legal and all(c.points == 0 for c in legal.values()):
        listing = _join(legal, lang)
    alone_note = "".join(notes)
    who = f"{guest_name(guest, lang)} ({guest})"
    solution = (_say("seats_solution", lang, guest=who, seats=listing) if legal
                else _say("seats_solution_none", lang, guest=who)) + alone_note
    solution = solution[:1].upper() + solution[1:]
    if set(given) == set(legal) and seats is not ...:
        text = (_say("seats_right", lang, guest=who, seats=listing) if legal
                else _say("seats_right_none", lang, guest=who)) + alone_note
        return climb(Feedback(True, text, text, expected, None, solution, hint, text), key, answer, exercise, lang)
    text = (_say("seats_wrong", lang, guest=who, seats=listing) if legal
            else _say("seats_wrong_none", lang, guest=who)) + alone_note
    missing = [s for s in legal if s not in given]
    wrong = [s for s in given if s not in legal]
    if missing:
        text += _say("seats_missing", lang, seats=_join(missing, lang))
    rules = []
    for seat in wrong:
        refusal = state.explain(f"{guest}@{seat}")
        rules.append(refusal.rule)
        text += _say("seats_refused", lang, seat=seat, reason=refusal.sentence(lang))
    if not given:
        nudge = _text(lang, "seats_nudge_empty", n=len(missing)).format(missing=len(missing))
    else:
        nudge = _text(lang, "seats_nudge_count", n=len(given)).format(right=len(given) - len(wrong), given=len(given))
    if missing and given:
        nudge += _text(lang, "seats_nudge_missing", n=len(missing)).format(missing=len(missing))
    if wrong:
        nudge += _say("seats_nudge_rules", lang,
                      rules=_join([f"{s} ({r})" for s, r in zip(wrong, rules)], lang))
    feedback = Feedback(False, "", nudge + ".", expected, rules[0] if rules else None, solution, hint, text)
    return climb(feedback, key, answer, exercise, lang)
