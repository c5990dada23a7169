"""Helpers for the teaching notebooks: plain-text reports a student can check by hand, and
pictures side by side, in English or French (``lang="fr"``). Every rule is the engine's; this
module only says what happened. The printing helpers return nothing, so a notebook cell shows
just their text, and they never raise: a refused move prints its rule and sentence, a notation
that cannot be read prints what is wrong, in one line.

    from cafe_widget.teach import play, check, where, pictures, frames, refused, review
    play("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2, ITf@c4, ITm@d3")   # prints table by table
    check("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2")                   # prints the refusal
    check("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2", lang="fr")        # … in French

The exercises' checks are re-exported from :mod:`cafe_widget.practice` (``check_points``,
``check_seats``, ``Puzzle``, ``puzzles``): an exercise cell holds ``...`` until the student
writes an answer there.
"""

from __future__ import annotations

import re


from .engine import Cafe, Game, IllegalMove, NotationError, Turn
from .engine.cards import TABLE_ADJECTIVES, guest_name
from .engine.cafe import parse_turn
from .engine.errors import kind_of, need_text
from .engine.layout import SEATS, TOUCHES
from .engine.messages import alone_words
from .practice import Puzzle, check_points, check_seats, puzzles  # noqa: F401 (for the notebooks)
from .render import PICTURE_LANG, Frame, Frames, picture_view, refused_picture, turn_frames

WORDS = {
    "en": {
        "card": "{card}: {points} {pts}",
        "table": "{adj} table {place}",
        "alone": "1 guest: alone, no points",
        "n": "{n} guests",
        "doubled": "{n} guests, all of the table's nation: doubled",
        "forming": "{n} guests of one sex so far: scored when the table is complete (R14)",
        "ladies": "a ladies' table: {how} (R14)", "men": "a men's table: {how} (R14)",
        "flat40": "40, all of its nation", "flat20": "a flat 20",
        "cleared": "    full, cleared: {places} (R9)",
        "turn": "turn: {points} {pts}",
        "ends": "the table pile is short: the game ends (R12a)",
        "refused": "{move}: refused by {rule}: {sentence}",
        "refused_turn": "refused by {rule}: {sentence}",
        "allowed": "{move}: allowed, {points} {pts} ({tables}){note}",
        "note_forming": "; it starts a table of one sex at {place}, scored when four sit there this "
                        "turn (R14)",
        "note_alone": "; it sits alone, so a second card must join it (R7)",
        "one_card": "check takes one card, for example {example}; to try the whole turn "
                    "{turn}, use play(cafe, \"{turn}\")",
        "nowhere": "{guest} may sit nowhere here",
        "where": "{guest}@{seat}: {points:>2} {pts}   ({tables})",
        "nobody": "nobody has played yet",
        "player": "player {n}: {action}",
        "placed": "placed cards",
        "nothing_review": "nothing to review yet",
        "did_turn": "placed {action} = {points}", "did_draw": "drew a card",
        "did_down": "laid a card face down", "did_declare": "declared the end (R12c)",
        "best_then": "best then: {turn} = {points}", "no_best": "no card could be placed",
        "hand_empty": "hand empty",
        "review": "{number:>3}. player {n}: {did}   ({best})",
        "touches": "{seat}: touches {places}",
        "unreadable": "Cannot read this notation: {error}",
        "pt": "point", "pts": "points",
        "table_pile": "  table pile: {pile}", "empty": "empty",
        "guest_pile": "  guest pile: {n} cards",
        "player_line": "{mark} player {n}: {score:>3} points, hand {hand:>2}, face down {down}",
        "over": "  game over ({reason})",
        "result_head": "place  player  score  penalty  final",
        "not_over": "(the game is not over: the score if it ended now)",
        "your_turn": "Your turn: write your answer in place of ... and run the cell again.",
        "right": "Right: {truth}.", "wrong": "Not quite: you said {answer}, and the answer is {truth}.",
        "yes": "yes", "no": "no", "and": " and ",
    },
    "fr": {
        "card": "{card} : {points} {pts}",
        "table": "table {adj} {place}",
        "alone": "{seul} à cette table : aucun point",
        "n": "{n} clients",
        "doubled": "{n} clients, tous de la nation de la table : doublé",
        "forming": "{n} clients d'un seul sexe pour l'instant : comptée quand la table est complète (R14)",
        "ladies": "une table de dames : {how} (R14)", "men": "une table d'hommes : {how} (R14)",
        "flat40": "40, {tous} de sa nation", "flat20": "20 d'office",
        "cleared": "    pleine, débarrassée : {places} (R9)",
        "turn": "tour : {points} {pts}",
        "ends": "plus assez de tables : la partie s'arrête (R12a)",
        "refused": "{move} : refusé par {rule} : {sentence}",
        "refused_turn": "refusé par {rule} : {sentence}",
        "allowed": "{move} : permis, {points} {pts} ({tables}){note}",
        "note_forming": " ; elle commence une table d'un seul sexe en {place}, comptée quand quatre "
                        "clients y sont assis ce tour-ci (R14)",
        "note_alone": " ; {il} est {seul} à sa table, une seconde carte doit {le} rejoindre (R7)",
        "one_card": "check prend une seule carte, par exemple {example} ; pour essayer le tour "
                    "entier {turn}, utilisez play(cafe, \"{turn}\")",
        "nowhere": "{guest} ne peut s'asseoir nulle part ici",
        "where": "{guest}@{seat} : {points:>2} {pts}   ({tables})",
        "nobody": "personne n'a encore joué",
        "player": "joueur {n} : {action}",
        "placed": "a posé des cartes",
        "nothing_review": "rien à revoir pour l'instant",
        "did_turn": "a posé {action} = {points}", "did_draw": "a pioché une carte",
        "did_down": "a posé une carte face cachée", "did_declare": "a déclaré la fin (R12c)",
        "best_then": "le meilleur alors : {turn} = {points}",
        "no_best": "aucune carte ne pouvait être posée", "hand_empty": "main vide",
        "review": "{number:>3}. joueur {n} : {did}   ({best})",
        "touches": "{seat} : touche {places}",
        "unreadable": "Notation illisible : {error}",
        "pt": "point", "pts": "points",
        "table_pile": "  pioche des tables : {pile}", "empty": "vide",
        "guest_pile": "  pioche des clients : {n} cartes",
        "player_line": "{mark} joueur {n} : {score:>3} points, main {hand:>2}, face cachée {down}",
        "over": "  partie finie ({reason})",
        "result_head": "place  joueur  score    malus  final",
        "not_over": "(la partie n'est pas finie : le score si elle s'arrêtait maintenant)",
        "your_turn": "À vous : écrivez votre réponse à la place de ... et relancez la cellule.",
        "right": "Juste : {truth}.", "wrong": "Pas tout à fait : vous avez dit {answer}, et la réponse est {truth}.",
        "yes": "oui", "no": "non", "and": " et ",
    },
}


def _say(lang: str, key: str, **facts) -> str:
    if lang not in WORDS:
        raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
    return WORDS[lang][key].format(**facts)


def _pts(n: int, lang: str) -> str:
    """"point" or "points": French keeps the singular for 0 and 1."""
    return WORDS[lang]["pt"] if (n == 1 or (lang == "fr" and n == 0)) else WORDS[lang]["pts"]


def _cafe(cafe) -> Cafe:
    return Cafe.parse(cafe) if isinstance(cafe, str) else cafe


def _unreadable(err: NotationError, lang: str) -> None:
    print(_say(lang, "unreadable", error=err.sentence(lang)))


def read(notation: str, lang: str = "en"):
    """A café (or, with its eight fields, a game) from its notation; a notation that cannot be
    read prints what is wrong, in one line, and gives None (``...`` or ``""``: an exercise not
    answered yet)."""
    if notation is ... or (isinstance(notation, str) and not notation.strip()):
        print(_say(lang, "your_turn"))
        return None
    try:
        if isinstance(notation, str) and notation.count("|") == 7:
            return Game.parse(notation)
        return Cafe.parse(notation)
    except NotationError as err:
        _unreadable(err, lang)
        return None


_YES = {"yes", "y", "oui", "o", "true", "vrai"}
_NO = {"no", "n", "non", "false", "faux"}


def _norm(value):
    """An answer or a truth in a comparable form: a yes/no, whole numbers, or words."""
    if isinstance(value, bool):
        return ("yes/no", value)
    if isinstance(value, int):
        return ("numbers", (value,))
    if isinstance(value, (tuple, list)) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return ("numbers", tuple(value))
    text = " ".join(str(v) for v in value) if isinstance(value, (tuple, list)) else str(value)
    text = text.strip().lower().replace("−", "-")
    if text in _YES or text in _NO:
        return ("yes/no", text in _YES)
    numbers = re.findall(r"-?\d+", text)
    if numbers:
        return ("numbers", tuple(int(n) for n in numbers))
    return ("words", " ".join(text.split()))


def _said(value, lang: str) -> str:
    if isinstance(value, str):
        return value.strip()
    kind, v = _norm(value)
    if kind == "yes/no":
        return _say(lang, "yes" if v else "no")
    if kind == "numbers":
        return WORDS[lang]["and"].join(str(n) for n in v)
    return v


def predict(answer, truth, *, explain=None, lang: str = "en") -> None:
    """An exercise's check: ``answer`` (the student's prediction, ``...`` until they write one)
    against ``truth`` (computed by the engine in the cell). Prints "your turn", or right or not
    quite with the answer; then ``explain``, once the student has answered: a game (its final
    score table, R13), a refusal (its sentence), or text.

        predict(answer, (3, 8))                       # "3, 8", "3 and 8", (3, 8) are all right
        predict(answer, False, explain=refusal)       # "no", "non", False
    """
    if answer is ...:
        print(_say(lang, "your_turn"))
        return
    if _norm(answer) == _norm(truth):
        print(_say(lang, "right", truth=_said(truth, lang)))
    else:
        print(_say(lang, "wrong", answer=_said(answer, lang), truth=_said(truth, lang)))
    if isinstance(explain, Game):
        result(explain, lang)
    elif isinstance(explain, IllegalMove):
        print(explain.sentence(lang))
    elif explain is not None:
        print(explain)


def _lower_first(sentence: str) -> str:
    """« Une Allemande … » → « une Allemande … » after a colon; a code (``RUm@c2``) stays."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


def _table(place: str, nation: str, lang: str) -> str:
    text = _say(lang, "table", adj=TABLE_ADJECTIVES[lang][nation], place=place)
    return text[:1].upper() + text[1:]


def _why(t, guest: str, lang: str) -> str:
    if t.variant == "forming":
        return _say(lang, "forming", n=t.guests)
    if t.variant in ("ladies", "men"):
        how = _say(lang, "flat40" if t.doubled else "flat20", tous="toutes" if t.variant == "ladies" else "tous")
        return _say(lang, t.variant, how=how)
    if t.guests == 1:
        return _say(lang, "alone", **alone_words(guest))
    return _say(lang, "doubled" if t.doubled else "n", n=t.guests)


def report(turn: Turn, lang: str = "en") -> str:
    """A turn's points card by card and table by table, as plain text."""
    lines = []
    for card in turn.cards:
        lines.append(_say(lang, "card", card=card.text, points=card.points, pts=_pts(card.points, lang)))
        for t in card.tables:
            colon = " :" if lang == "fr" else ":"
            lines.append(f"    {_table(t.place, t.nation, lang) + colon:<24}{t.points:>3}   ({_why(t, card.guest, lang)})")
        if card.cleared:
            lines.append(_say(lang, "cleared", places=", ".join(card.cleared)))
    lines.append(_say(lang, "turn", points=turn.points, pts=_pts(turn.points, lang)))
    if turn.ends_game:
        lines.append(_say(lang, "ends"))
    return "\n".join(lines)


def play(cafe, turn: str, variant: bool = False, lang: str = "en") -> None:
    """Play a turn on a café (notation or Cafe) and print its points table by table; a
    refused turn prints its rule and sentence instead. The café does not change.
    (For the Turn itself: ``cafe.play``.)"""
    try:
        result = _cafe(cafe).play(turn, variant=variant)
    except NotationError as err:
        _unreadable(err, lang)
        return
    except IllegalMove as err:
        print(_say(lang, "refused_turn", rule=err.rule, sentence=_lower_first(err.sentence(lang))))
        return
    print(report(result, lang))


def check(cafe, placement: str, variant: bool = False, lang: str = "en") -> None:
    """May ``placement`` (one card) be the first card of a turn here? Prints the verdict: the
    points table by table, or the refusing rule and its sentence."""
    try:
        cafe = _cafe(cafe)
        cards = parse_turn(placement) if isinstance(placement, str) else None
        if cards is None:
            raise NotationError("placement", repr(placement), "is not text")
    except NotationError as err:
        _unreadable(err, lang)
        return
    if len(cards) != 1:
        example = f"{cards[0][0]}@{cards[0][1]}" if cards else "RUf@c2"
        print(_say(lang, "one_card", example=example, turn=", ".join(f"{g}@{s}" for g, s in cards)))
        return
    placement = f"{cards[0][0]}@{cards[0][1]}"
    refusal = cafe.explain(placement, variant=variant)
    if refusal is not None:
        sentence = refusal.sentence(lang).removeprefix(f"{placement}: ").removeprefix(f"{placement} : ")
        print(_say(lang, "refused", move=placement, rule=refusal.rule, sentence=sentence))
        return
    card = cafe.begin_turn(variant).place(*cards[0]).cards[-1]
    tables = ", ".join(f"{p} +{n}" for p, n in card.by_table.items())
    forming = [t for t in card.tables if t.variant == "forming"]
    note = ""
    if forming:
        note = _say(lang, "note_forming", place=forming[0].place)
    elif card.points == 0:
        note = _say(lang, "note_alone", il="elle" if card.guest.endswith("f") else "il",
                    **alone_words(card.guest))
    print(_say(lang, "allowed", move=placement, points=card.points, pts=_pts(card.points, lang),
               tables=tables, note=note))


def where(cafe, guest: str, variant: bool = False, lang: str = "en") -> None:
    """Where may ``guest`` sit, and what would each seat score? Prints one line a seat."""
    try:
        guest = need_text(guest, "guest", "a guest such as ITm")
        scores = _cafe(cafe).begin_turn(variant).seat_scores(guest)
    except NotationError as err:
        _unreadable(err, lang)
        return
    if not scores:
        print(_say(lang, "nowhere", guest=guest))
    for seat, card in scores.items():
        tables = ", ".join(f"{p} +{n}" for p, n in card.by_table.items())
        print(_say(lang, "where", guest=card.guest, seat=seat, points=card.points,
                   pts=_pts(card.points, lang), tables=tables))


def last_turns(game, count: int = 3, lang: str = "en") -> None:
    """Print the game's last ``count`` actions; turns of placed cards table by table."""
    if not _is_game(game, lang):
        return
    entries = game.log[-count:]
    if not entries:
        print(_say(lang, "nobody"))
    for entry in entries:
        action = _say(lang, "placed") if entry.turn is not None else _say(
            lang, "did_" + entry.kind, action=entry.action.removeprefix("down:"), points=0)
        print(_say(lang, "player", n=entry.player + 1, action=action))
        if entry.turn is not None:
            print(report(entry.turn, lang))


def review(game, player: int | None = None, lang: str = "en") -> None:
    """Print the game's review (``game.review()``): each action taken, what it scored, and the
    best placing turn the hand had then; only ``player``'s (from 0) if given. Facts, not
    verdicts: drawing instead of placing can be right."""
    if not _is_game(game, lang):
        return
    entries = [e for e in game.review() if player is None or e.player == player]
    if not entries:
        print(_say(lang, "nothing_review"))
    for e in entries:
        did = _say(lang, "did_" + e.kind, action=e.action, points=e.points)
        best = (_say(lang, "best_then", turn=e.best_text, points=e.best_points) if e.best is not None
                else _say(lang, "no_best"))
        if e.kind == "declare":
            best = _say(lang, "hand_empty")
        print(_say(lang, "review", number=e.number, n=e.player + 1, did=did, best=best))


def show(thing, lang: str = "en") -> None:
    """Print a café (or a game: café, piles, scores, hand sizes) as text, the café drawn in
    ASCII as in R2: tables in brackets, guests, empty seats by name."""
    if isinstance(thing, str):
        thing = read(thing, lang)
        if thing is None:
            return
    if not isinstance(thing, (Game, Cafe)):
        _unreadable(NotationError("café", kind_of(thing), "is not a café: give café notation or a Cafe"), lang)
        return
    cafe = thing.cafe if isinstance(thing, Game) else thing
    lines = str(cafe).splitlines()[:-1]
    lines.append(_say(lang, "table_pile", pile=" ".join(cafe.pile) if cafe.pile else _say(lang, "empty")))
    if isinstance(thing, Game):
        st = thing.state
        lines.append(_say(lang, "guest_pile", n=len(st.guest_pile)))
        for p in range(thing.players):
            mark = "→" if p == thing.to_move and not thing.is_over else " "
            lines.append(_say(lang, "player_line", mark=mark, n=p + 1, score=thing.scores[p],
                              hand=len(thing.hands[p]), down=len(thing.face_down[p])))
        if thing.is_over:
            lines.append(_say(lang, "over", reason=thing.over_reason))
    print("\n".join(lines))


def _is_game(game, lang: str) -> bool:
    """True for a Game; otherwise the one line saying what was given instead."""
    if isinstance(game, Game):
        return True
    print(NotationError("game", kind_of(game), "is not a game: give a Game, for example "
                        "Game.new(players=2, seed=1)").sentence(lang))
    return False


def result(game, lang: str = "en") -> None:
    """Print the final score (R13): score, penalty (2 a card in hand or face down), final,
    place; a tie broken by fewer penalties, then shared."""
    if not _is_game(game, lang):
        return
    res = game.result()
    lines = [_say(lang, "result_head")]
    for st in res.ranking:
        lines.append(f"{st.rank:>5}  {st.player + 1:>6}  {st.score:>5}  {-st.penalty:>7}  {st.final:>5}")
    if not res.over:
        lines.append(_say(lang, "not_over"))
    print("\n".join(lines))


def frames(cafe, turn, variant: bool = False, lang: str = "en"):
    """A turn in pictures: before; the cards placed with their points table by table (a full
    table still standing); after the clearing, when a table fills (R9). Never raises: a
    refused turn or a bad notation is a one-line message."""
    return turn_frames(cafe, turn, variant=variant, lang=lang)


def refused(cafe, placement: str, variant: bool = False, lang: str = "en", turn: bool = False):
    """A refused placement in a picture: the guest faded on the seat, a ✗ and the rule id,
    with the refusal's sentence as caption. ``turn=True`` (or several cards) tries the whole
    turn, so a card left alone at its end is refused too (R7)."""
    return refused_picture(cafe, placement, variant=variant, lang=lang, turn=turn)


def seats(lang: str = "en") -> None:
    """Print every seat and the tables it touches (R2)."""
    for seat in SEATS:
        print(_say(lang, "touches", seat=seat, places=" ".join(TOUCHES[seat])))


def language(lang: str) -> None:
    """The language of the pictures cafés and games draw of themselves in this notebook
    (a cell ending with a café shows its picture): ``language("fr")`` in a French notebook.
    The helpers take ``lang`` themselves."""
    if lang not in WORDS:
        raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
    PICTURE_LANG["lang"] = lang


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
        out.append(Frame(cafe, caption, picture_view(thing, lang or PICTURE_LANG["lang"])))
    return Frames(out, message)
