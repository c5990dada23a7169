"""The lessons' helpers (``from cafe_widget.teach import …``): plain-text reports a student can check by hand, and
pictures side by side, in the package's language (``language("fr")``; ``lang="fr"`` for one
call). Every rule is the engine's; this module only says what happened. The printing helpers
return nothing, so a notebook cell shows just their text, and they never raise: a refused move
prints its rule and sentence, a notation that cannot be read prints what is wrong, in one line.

    from cafe_widget.teach import play, check, where, pictures, frames, refused, review
    play("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2, ITf@c4, ITm@d3")   # prints table by table
    check("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2")                   # prints the refusal
    check("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2", lang="fr")        # … in French

The exercises' checks (:mod:`.practice`: ``check_points``, ``check_seats``) and the puzzles
(:mod:`.card_puzzles`) come through the same front door: an exercise cell holds ``...`` until the
student writes an answer there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine import Board, BoardGame, BoardTurn, Cafe, Game, IllegalMove, NotationError, TileScore, Turn
from ..engine.cards import TABLE_ADJECTIVES
from ..engine.cafe import parse_turn
from ..engine.errors import kind_of, need_text
from ..engine.layout import SEATS, TOUCHES
from ..i18n import NN_, N_, Localized, current, ngettext
from ..i18n import language as _language
from ..players.expert import ExpertPlayer
from ..render.words import expert_lines
from .card_puzzles import Puzzle, puzzles  # noqa: F401 (for the notebooks)
from .practice import Feedback, climb, check_points, check_seats  # noqa: F401 (for the notebooks)
from .answers import is_refusal, typed_text, yes_or_no
from ..render import Frame, Frames, picture_view, refused_picture, turn_frames
from ..render.words import WHY, table_why

WORDS = Localized({
    "card": N_("{card}: {points} {pts}"),
    "table": N_("{adj} table {place}"),
    "cleared": N_("    full, cleared: {places} (R9)"),
    "filled": N_("    {table} full of its nation: the hand holds one tile fewer (B12)"),
    "turn": N_("turn: {points} {pts}"),
    "ends": N_("the table pile is short: the game ends (R12a)"),
    "refused": N_("{move}: refused by {rule}: {sentence}"),
    "refused_turn": N_("refused by {rule}: {sentence}"),
    "allowed": N_("{move}: allowed, {points} {pts} ({tables}){note}"),
    "note_forming": N_("; it starts a table of one sex at {place}, scored when four sit "
                       "there this turn (R14)"),
    "one_card": N_("check takes one card, for example {example}; to try the whole turn "
                   "{turn}, use play(cafe, \"{turn}\")"),
    "nowhere": N_("{guest} may sit nowhere here"),
    "where": N_("{guest}@{seat}: {points:>2} {pts}   ({tables})"),
    "nobody": N_("nobody has played yet"),
    "player": N_("player {n}: {action}"),
    "placed": N_("placed cards"),
    "nothing_review": N_("nothing to review yet"),
    "did_turn": N_("placed {action} = {points}"),
    "did_draw": N_("drew a card"),
    "did_down": N_("laid a card face down"),
    "did_declare": N_("declared the end (R12c)"),
    "best_then": N_("best then: {turn} = {points}"),
    "best_goes_on": N_("best then: {turn} = {points}, and the rest once the table it turns up is seen (R9)"),
    "did_action": N_("{action} = {points}"),
    "best_missed": N_("best then: {turn} = {points} ({missed} more)"),
    "was_best": N_("the best action then"),
    "no_best": N_("no card could be placed"),
    "hand_empty": N_("hand empty"),
    "review": N_("{number:>3}. player {n}: {did}   ({best})"),
    "expert_none": N_("The expert has nothing to weigh here: it weighs turns at the start of a turn "
                      "of the basic game, with a card or a draw to choose."),
    "touches": N_("{seat}: touches {places}"),
    "unreadable": N_("Cannot read this notation: {error}"),
    # Translators: a table's name heading its points, in a column of a plain-text report
    "table_label": N_("{table}:"),
    "table_pile": N_("  table pile: {pile}"),
    "empty": N_("empty"),
    "guest_pile": N_("  guest pile: {n} cards"),
    "player_line": N_("{mark} player {n}: {score:>3} points, hand {hand:>2}, face down {down}"),
    "over": N_("  game over ({reason})"),
    "result_head": N_("place  player  score  penalty  final"),
    "not_over": N_("(the game is not over: the score if it ended now)"),
    "your_turn": N_("Your turn: write your answer in place of ... and run the cell again."),
    "right": N_("Right: {truth}."),
    "wrong": N_("Not quite: you said {answer}; the answer is {truth}."),
    "the_answer": N_("The answer: {truth}."),
    "unread_numbers": N_("Could not read {answer!r} as numbers: write them with digits, like "
                         "3, 8 (this costs no try)."),
    "unread_yes_no": N_("Could not read {answer!r}: answer yes or no (this costs no try)."),
    "too_high": N_("Not quite: that is too many."),
    "too_low": N_("Not quite: that is too few."),
    "number_high": N_("Not quite: number {i} of your {n} is too high."),
    "number_low": N_("Not quite: number {i} of your {n} is too low."),
    "numbers": NN_("Not quite: the answer is {n} number.", "Not quite: the answer is {n} numbers."),
    "look_again": N_("Not quite: look again at the rule in the cells above."),
    "read_again": N_("read the rule in the cells above once more, then answer again."),
    "yes": N_("yes"),
    "no": N_("no"),
    "and": N_(" and "),
})


def _text(lang: str | None, key: str, guest: str | None = None, n: int | None = None) -> str:
    """The sentence ``key`` in ``lang``, for ``guest``'s sex or the number ``n`` (``Localized.text``)."""
    return WORDS.text(key, lang, guest, n)


def _say(key: str, lang: str | None = None, **facts) -> str:
    return _text(lang, key).format(**facts)


def _pts(n: int, lang: str | None) -> str:
    """"point" or "points", by the language's plural rule (French: « 0 point »)."""
    return ngettext("point", "points", n, current(lang))


def _cafe(cafe) -> Cafe:
    return Cafe.parse(cafe) if isinstance(cafe, str) else cafe


def _unreadable(err: NotationError, lang: str | None) -> None:
    print(_say("unreadable", lang, error=err.sentence(lang)))


def read(notation: str, lang: str | None = None):
    """A café (or, with its eight fields, a game) from its notation; a notation that cannot be
    read prints what is wrong, in one line, and gives None (``...`` or ``""``: an exercise not
    answered yet)."""
    if notation is ... or (isinstance(notation, str) and not notation.strip()):
        print(_say("your_turn", lang))
        return None
    try:
        if isinstance(notation, str) and notation.count("|") == 7:
            return Game.parse(notation)
        return Cafe.parse(notation)
    except NotationError as err:
        _unreadable(err, lang)
        return None


#: A number in a typed answer: digits that are not part of a word (``c4``, ``b1``, ``R6`` name a
#: seat, a table, a rule), with a sign, and a decimal point read as one (``8.0`` is 8).
_NUMBER = re.compile(r"(?<![^\W_])-?\d+(?:\.\d+)?")


def _number(value):
    """A whole number as an int (``"8"``, ``8.0`` and ``"8.0"`` → 8); any other number as it is."""
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:       # "8.0", "8.5" (or digits too many for an int)
            value = float(value)
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _norm(value):
    """An answer or a truth in a comparable form: a yes/no, numbers (a set's sorted: its
    numbers in any order), or words."""
    if isinstance(value, bool):
        return ("yes/no", value)
    if _is_number(value):
        return ("numbers", (_number(value),))
    if isinstance(value, (set, frozenset)) and all(_is_number(v) for v in value):
        return ("numbers", tuple(sorted(_number(v) for v in value)))
    if isinstance(value, (tuple, list)) and all(_is_number(v) for v in value):
        return ("numbers", tuple(_number(v) for v in value))
    if isinstance(value, (set, frozenset)):
        value = sorted(value, key=str)
    text = " ".join(str(v) for v in value) if isinstance(value, (tuple, list)) else str(value)
    text = " ".join(typed_text(text).lower().split())   # NFKC, − as -, no closing "." or « ! »
    said = yes_or_no(text)
    if said is not None:
        return ("yes/no", said)
    numbers = _NUMBER.findall(text)
    if numbers:
        return ("numbers", tuple(_number(n) for n in numbers))
    return ("words", text)


def _any_order(truth) -> bool:
    """Whether ``truth`` is numbers in any order (a set)."""
    return isinstance(truth, (set, frozenset))


def _read(answer, truth):
    """``answer`` in a form comparable with ``truth``'s: its numbers sorted when the truth's
    order does not matter."""
    kind, value = _norm(answer)
    return (kind, tuple(sorted(value))) if kind == "numbers" and _any_order(truth) else (kind, value)


def _said(value, lang: str | None) -> str:
    """``value`` as the check says it: a student's text as typed; a truth in words (``"yes"``,
    ``"3 and 8"``; a set's numbers sorted, ``"1 and 5"``)."""
    if isinstance(value, str):
        return value.strip()
    kind, v = _norm(value)
    if kind == "yes/no":
        return _say("yes" if v else "no", lang)
    if kind == "numbers":
        return _text(lang, "and").join(str(n) for n in v)
    return v


@dataclass(frozen=True)
class Prediction(Feedback):
    """:func:`predict`'s verdict (``.right``, ``.stage``, ``.tries``, ``.message``…), printed by
    ``predict`` itself: a cell that ends with it shows it once."""

    def _ipython_display_(self) -> None:
        pass


def predict(answer, truth, *, explain=None, hint: str | None = None, lang: str | None = None,
            show: bool = False, exercise: str | None = None) -> Prediction | None:
    """An exercise's check: ``answer`` (the student's prediction, ``...`` until they write one)
    against ``truth`` (computed by the engine in the cell), on the try-again ladder: right; or a
    nudge (too many, too few, which number), then a hint (``hint``, or where to look),
    then the answer. Once right or answered, ``explain``: a game (its final score table, R13), a
    refusal (its sentence), or text. ``show=True`` asks for the answer (``answer=True`` too,
    but for a yes/no question, where it means yes). ``exercise``
    (``"7.2"``) records the outcome in the student's progress. Returns the verdict (None
    before the student answers).

        predict(answer, (3, 8))                       # "3, 8", "3 and 8", (3, 8) are all right
        predict(answer, {1, 5})                       # in any order: "5, 1" too; said "1 and 5"
        predict(answer, False, explain=refusal)       # "no", "non !", False
    """
    show = show or (answer is True and _norm(truth)[0] != "yes/no")
    if answer is ... and not show:
        print(_say("your_turn", lang))
        return None
    kind = _norm(truth)[0]
    # "refused" for points the engine scores is an answer, wrong (a check may invite it, 9.3)
    says_refused = kind == "numbers" and isinstance(answer, str) and is_refusal(
        " ".join(typed_text(answer).lower().split()))
    if not show and not says_refused and kind in ("numbers", "yes/no") and _norm(answer)[0] != kind:
        print(_say("unread_numbers" if kind == "numbers" else "unread_yes_no", lang, answer=_said(answer, lang)))
        return None   # not read: it costs no try
    right = not show and _read(answer, truth) == _norm(truth)
    told = _said(truth, lang)
    if right:
        text = _say("right", lang, truth=told)
        verdict = Prediction(True, text, text, told, solution=text)
    else:
        verdict = Prediction(False, "", _nudge(answer, truth, lang), told,
                             solution=_say("the_answer", lang, truth=told),
                             hint=hint if hint is not None else _hint(truth, explain, lang),
                             answer=_say("wrong", lang, answer=_said(answer, lang), truth=told))
    key = ("predict", exercise if exercise is not None else repr(_norm(truth)))
    verdict = climb(verdict, key, show, exercise, lang)
    print(verdict.message)
    if verdict.stage in ("right", "answer"):
        if isinstance(explain, Game):
            result(explain, lang)
        elif isinstance(explain, IllegalMove):
            print(explain.sentence(lang))
        elif explain is not None:
            print(explain)
    return verdict


def _nudge(answer, truth, lang: str | None) -> str:
    """What kind of wrong ``answer`` is, without ``truth`` (numbers in any order: how many)."""
    (kind, got), (want_kind, want) = _read(answer, truth), _norm(truth)
    if kind == want_kind == "numbers" and len(got) == len(want):
        if len(want) > 1 and _any_order(truth):      # which of them is wrong, not "number 2 of 2"
            return _say("look_again", lang)
        i = next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), None)
        if i is None:                                # the answer asked for (show=True) after a right one
            return _say("look_again", lang)
        if len(want) == 1:
            return _say("too_high" if got[0] > want[0] else "too_low", lang)
        return _say("number_high" if got[i] > want[i] else "number_low", lang, i=i + 1, n=len(want))
    if want_kind == "numbers":
        return _text(lang, "numbers", n=len(want)).format(n=len(want))
    return _say("look_again", lang)


def _hint(truth, explain, lang: str | None) -> str:
    """Where to look, without the answer: neither a number of it (nor a range around it) nor the
    rule of a refusal, which would say that the answer is "no". A check that knows its
    rule and its place passes its own ``hint``."""
    return _say("read_again", lang)


def _without_move(sentence: str, move: str) -> str:
    """A refusal's sentence without the move it begins with (``"RUm@c2: "``, whatever the
    language's punctuation around the colon)."""
    colon = re.match(r"\s*[:：]\s*", sentence[len(move):]) if sentence.startswith(move) else None
    return sentence[len(move) + colon.end():] if colon else sentence


def _lower_first(sentence: str) -> str:
    """« Une Allemande … » → « une Allemande … » after a colon; a code (``RUm@c2``) stays."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


def _table(place: str, nation: str, lang: str | None) -> str:
    text = _say("table", lang, adj=TABLE_ADJECTIVES[lang][nation], place=place)
    return text[:1].upper() + text[1:]


def report(turn: Turn | BoardTurn, lang: str | None = None) -> str:
    """A turn's points card by card and table by table, as plain text: a card game's turn (R8,
    R9) or a board game's action (B8, B12; a bar or a swap in one line)."""
    lines = []
    if isinstance(turn, BoardTurn) and turn.kind != "seat":
        lines.append(_say("card", lang, card=turn.text, points=turn.points, pts=_pts(turn.points, lang)))
    for card in turn.cards:
        guest = card.tile[:3] if isinstance(card, TileScore) else card.guest
        lines.append(_say("card", lang, card=card.text, points=card.points, pts=_pts(card.points, lang)))
        for t in card.tables:
            label = _say("table_label", lang, table=_table(t.place, t.nation, lang))
            lines.append(f"    {label:<24}{t.points:>3}   ({table_why(t, guest, lang)})")
        if isinstance(card, TileScore):
            nations = {t.place: t.nation for t in card.tables}
            lines += [_say("filled", lang, table=_table(place, nations[place], lang)) for place in card.filled]
        elif card.cleared:
            lines.append(_say("cleared", lang, places=", ".join(card.cleared)))
    lines.append(_say("turn", lang, points=turn.points, pts=_pts(turn.points, lang)))
    if isinstance(turn, Turn) and turn.ends_game:
        lines.append(_say("ends", lang))
    return "\n".join(lines)


def play(cafe, turn: str, variant: bool = False, lang: str | None = None) -> None:
    """Play a turn on a café (notation or Cafe) — or an action on a board game's Board — and
    print its points table by table; a refused turn prints its rule and sentence instead. The
    café or board does not change. (For the Turn itself: ``cafe.play``.)"""
    try:
        result = cafe.play(turn) if isinstance(cafe, Board) else _cafe(cafe).play(turn, variant=variant)
    except NotationError as err:
        _unreadable(err, lang)
        return
    except IllegalMove as err:
        print(_say("refused_turn", lang, rule=err.rule, sentence=_lower_first(err.sentence(lang))))
        return
    print(report(result, lang))


def check(cafe, placement: str, variant: bool = False, lang: str | None = None) -> None:
    """May ``placement`` (one card) be the first card of a turn here? Prints the verdict: the
    points table by table, or the refusing rule and its sentence."""
    try:
        cafe = _cafe(cafe)
        cards = parse_turn(placement)          # text, or a card or turn the engine handed out
    except NotationError as err:
        _unreadable(err, lang)
        return
    if len(cards) != 1:
        example = f"{cards[0][0]}@{cards[0][1]}" if cards else "RUf@c2"
        print(_say("one_card", lang, example=example, turn=", ".join(f"{g}@{s}" for g, s in cards)))
        return
    placement = f"{cards[0][0]}@{cards[0][1]}"
    refusal = cafe.explain(placement, variant=variant)
    if refusal is not None:
        sentence = _without_move(refusal.sentence(lang), placement)
        print(_say("refused", lang, move=placement, rule=refusal.rule, sentence=sentence))
        return
    card = cafe.begin_turn(variant).place(*cards[0]).cards[-1]
    tables = ", ".join(f"{p} +{n}" for p, n in card.by_table.items())
    forming = [t for t in card.tables if t.variant == "forming"]
    note = ""
    if forming:
        note = _say("note_forming", lang, place=forming[0].place)
    elif card.points == 0:
        note = WHY.text("must_join", lang, card.guest)
    print(_say("allowed", lang, move=placement, points=card.points, pts=_pts(card.points, lang),
               tables=tables, note=note))


def where(cafe, guest: str, variant: bool = False, lang: str | None = None) -> None:
    """Where may ``guest`` sit, and what would each seat score? Prints one line a seat."""
    try:
        guest = need_text(guest, "guest", "a guest such as ITm")
        scores = _cafe(cafe).begin_turn(variant).seat_scores(guest)
    except NotationError as err:
        _unreadable(err, lang)
        return
    if not scores:
        print(_say("nowhere", lang, guest=guest))
    for seat, card in scores.items():
        tables = ", ".join(f"{p} +{n}" for p, n in card.by_table.items())
        print(_say("where", lang, guest=card.guest, seat=seat, points=card.points,
                   pts=_pts(card.points, lang), tables=tables))


def last_turns(game, count: int = 3, lang: str | None = None) -> None:
    """Print the game's last ``count`` actions; turns of placed cards table by table."""
    if not _is_game(game, lang):
        return
    entries = game.log[-count:]
    if not entries:
        print(_say("nobody", lang))
    for entry in entries:
        action = _say("placed", lang) if entry.turn is not None else _say(
            "did_" + entry.kind, lang, action=entry.action.removeprefix("down:"), points=0)
        print(_say("player", lang, n=entry.player + 1, action=action))
        if entry.turn is not None:
            print(report(entry.turn, lang))


def expert(game, lang: str | None = None, top: int = 3) -> None:
    """Print what the expert (``make_player("expert")``) expects of the ``top`` turns it weighs
    for the player to move, apart from their exact points: what each scores now, its estimate
    (the margin it gains over the others, on average over deals of the cards the player cannot
    see, played on to the end of their next turn) and what the next player then scores. A guess,
    not a rule: the exact points are the engine's, the estimate the expert's."""
    if not _is_game(game, lang):
        return
    lines = expert_lines(ExpertPlayer().estimates(game), lang, top)
    print("\n".join(lines) if lines else _say("expert_none", lang))


def review(game, player: int | None = None, lang: str | None = None, expert: bool = False) -> None:
    """Print the game's review (``game.review()``): each action taken, what it scored, and the
    best placing turn the hand had then; only ``player``'s (from 0) if given. Facts, not
    verdicts: drawing instead of placing can be right. A board game's review gives each action
    against the best action then, and the points missed. ``expert=True``: under each placing
    turn and draw of the basic game, the expert's estimate of the three turns it weighed then
    (:func:`expert`), a guess kept apart from those exact points."""
    if not isinstance(game, BoardGame) and not _is_game(game, lang):
        return
    entries = [e for e in game.review() if player is None or e.player == player]
    if not entries:
        print(_say("nothing_review", lang))
    for e in entries:
        if isinstance(game, BoardGame):      # a board game's action (B4), and the points missed
            did = _say("did_action", lang, action=e.action, points=e.points)
            best = (_say("best_missed", lang, turn=e.best_text, points=e.best_points, missed=e.missed)
                    if e.missed else _say("was_best", lang))
            print(_say("review", lang, number=e.number, n=e.player + 1, did=did, best=best))
            continue
        did = _say("did_" + e.kind, lang, action=e.action, points=e.points)
        best = (_say("best_goes_on" if e.best.goes_on else "best_then", lang, turn=e.best_text, points=e.best_points)
                if e.best is not None else _say("no_best", lang))
        if e.kind == "declare":
            best = _say("hand_empty", lang)
        print(_say("review", lang, number=e.number, n=e.player + 1, did=did, best=best))
        if expert and e.kind in ("turn", "draw") and not game.variant:
            before = type(game)(game.log[e.number - 1].before)
            for line in expert_lines(ExpertPlayer().estimates(before), lang):
                print("       " + line)


def show(thing, lang: str | None = None) -> None:
    """Print a café (or a game: café, piles, scores, hand sizes) as text, the café drawn in
    ASCII as in R2: tables in brackets, guests, empty seats by name."""
    if isinstance(thing, str):
        thing = read(thing, lang)
        if thing is None:
            return
    if not isinstance(thing, (Game, Cafe)):
        _unreadable(NotationError("café", kind_of(thing),
                                  N_("is not a café: give café notation or a Cafe")), lang)
        return
    cafe = thing.cafe if isinstance(thing, Game) else thing
    lines = str(cafe).splitlines()[:-1]
    lines.append(_say("table_pile", lang, pile=" ".join(cafe.pile) if cafe.pile else _say("empty", lang)))
    if isinstance(thing, Game):
        st = thing.state
        lines.append(_say("guest_pile", lang, n=len(st.guest_pile)))
        for p in range(thing.players):
            mark = "→" if p == thing.to_move and not thing.is_over else " "
            lines.append(_say("player_line", lang, mark=mark, n=p + 1, score=thing.scores[p],
                              hand=len(thing.hands[p]), down=len(thing.face_down[p])))
        if thing.is_over:
            lines.append(_say("over", lang, reason=thing.over_reason))
    print("\n".join(lines))


def _is_game(game, lang: str | None) -> bool:
    """True for a Game; otherwise the one line saying what was given instead."""
    if isinstance(game, Game):
        return True
    print(NotationError("game", kind_of(game),
                        N_("is not a game: give a Game, for example {example}"),
                        example="Game.new(players=2, seed=1)").sentence(lang))
    return False


def result(game, lang: str | None = None) -> None:
    """Print the final score (R13): score, penalty (2 a card in hand or face down), final,
    place; a tie broken by fewer penalties, then shared."""
    if not _is_game(game, lang):
        return
    res = game.result()
    lines = [_say("result_head", lang)]
    for st in res.ranking:
        lines.append(f"{st.rank:>5}  {st.player + 1:>6}  {st.score:>5}  {-st.penalty:>7}  {st.final:>5}")
    if not res.over:
        lines.append(_say("not_over", lang))
    print("\n".join(lines))


def frames(cafe, turn, variant: bool = False, lang: str | None = None):
    """A turn in pictures: before; the cards placed with their points table by table (a full
    table still standing); after the clearing, when a table fills (R9). Never raises: a
    refused turn or a bad notation is a one-line message."""
    return turn_frames(cafe, turn, variant=variant, lang=lang)


def refused(cafe, placement: str, variant: bool = False, lang: str | None = None,
            turn: bool = False):
    """A refused placement in a picture: the guest faded on the seat, a ✗ and the rule id,
    with the refusal's sentence as caption. ``turn=True`` (or several cards) tries the whole
    turn, so a card left alone at its end is refused too (R7)."""
    return refused_picture(cafe, placement, variant=variant, lang=lang, turn=turn)


def seats(lang: str | None = None) -> None:
    """Print every seat and the tables it touches (R2)."""
    for seat in SEATS:
        print(_say("touches", lang, seat=seat, places=" ".join(TOUCHES[seat])))


def language(lang: str) -> None:
    """The language of everything the package says in this notebook, the helpers' reports and
    the pictures cafés and games draw of themselves included (``cafe_widget.language``):
    ``language("fr")`` in a French notebook. A helper's ``lang`` overrides it for one call; an
    unknown language is a ValueError naming the available ones."""
    _language(lang)


def pictures(*items, lang: str | None = None) -> Frames:
    """Cafés (or games) drawn side by side, each with its caption:
    ``pictures((cafe, "before"), (turn.cafe, "after"))``. An item may also be what ``frames``
    or ``refused`` give (``pictures((cafe, "allowed"), refused(cafe, "RUm@c2"))``): its pictures
    join the row with their own captions."""
    out, message = [], ""
    for item in items:
        if isinstance(item, Frames):
            out.extend(item.frames)
            message = message or item.message
            continue
        thing, caption = item if isinstance(item, tuple) else (item, "")
        thing = _cafe(thing)
        cafe = thing.cafe if isinstance(thing, Game) else thing
        out.append(Frame(cafe, caption, picture_view(thing, lang)))
    return Frames(out, message)


def progress(export: str | None = None, reset: bool = False, lang: str | None = None,
             name: str | None = None):
    """What you have done, notebook by notebook: each exercise not tried, tried, solved at the
    1st, 2nd or 3rd try, or its answer shown — a picture and a table, kept between sessions
    (:mod:`cafe_widget.teach.progress_file`). ``progress(export="progress.csv", name="Ana")`` (or ``.json``)
    writes a copy to hand in, with your name in it; ``progress(reset=True)`` forgets everything
    (it asks first)."""
    from . import progress_file as _progress

    return _progress.show(export, reset, lang, name)
