"""A fuzzer for the notation parsers (docs/RULES.md §6) and the text entry points built on them.

Random text, and valid notations taken from seeded games then mutated (characters and tokens
deleted, inserted, swapped or replaced, case changed, ``|`` fields added, dropped or swapped,
JSON saves edited), are fed to ``Cafe.parse``, ``Game.parse``, ``Game.from_json``,
``parse_placement``, ``parse_turn``, ``Cafe.play`` and ``Game.act``. Only ``NotationError``
may escape a parser, and ``IllegalMove`` too where a turn or an action is played; every
NotationError names a field and a token; whatever parses round-trips through its notation.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cafe_widget.engine import Cafe, Game, IllegalMove, NotationError, parse_placement, parse_turn
from cafe_widget.engine.cards import GUEST_KINDS, NATIONS, full_guest_deck, full_table_deck
from cafe_widget.engine.layout import SEATS, TABLE_PLACES

FUZZ = settings(derandomize=True, deadline=None, max_examples=500, database=None,
                suppress_health_check=[HealthCheck.too_slow])

RULE_IDS = {f"R{i}" for i in range(1, 15)}

#: Characters the notations use, and some that trip up naive parsers: non-ASCII digits
#: ("²".isdigit() is True, int("²") fails), letters whose case mapping lands on ASCII
#: ("ı".upper() == "I", "ſ".upper() == "S", "K" Kelvin), ligatures that grow when upper-cased,
#: and whitespace str.split() knows but a reader may not.
SPECIALS = "²³١٣①ıſKİßﬀé\u00a0\u2003\u2028\x1c\x00\t\n\r\"'\\{}[]"
ALPHABET = "abcdeABCDE12345fmFM|:@,/- " + "".join(NATIONS) + "0689xyz#.;_+" + SPECIALS

#: Tokens that mean something somewhere in a notation, or nearly do.
VOCABULARY = (
    list(NATIONS) + list(GUEST_KINDS) + list(SEATS) + list(TABLE_PLACES)
    + [f"{s}:{g}" for s, g in (("b1", "RUf"), ("c3", "ITm"), ("a2", "DEf"), ("e4", "xxm"))]
    + [f"{g}@{s}" for g, s in (("RUf", "c2"), ("ITm", "d3"), ("CFf", "b2"), ("USm", "z9"))]
    + ["-", "/", "|", ":", "@", ",", "", " ", "--", "//", "||", "@@", "b1:", ":RUf", "RUf@", "@b1",
       "to:1", "to:2", "to:0", "to:6", "to:", "to:²", "to:-1", "to:1e3", "variant", "variant:1",
       "declare:1", "declare:2", "declare:0", "declare:9", "declare:²", "over:R12a", "over:R12b",
       "over:R12c", "over:R12x", "over:", "turn:", "turn:RUf@c2", "turn:,", "turn:RUf@c2,ITm@d3",
       "turn:@", "draw", "end", "undo", "down:RUf", "down:", "down:xx", "declare",
       "0", "7", "-3", "12", "99999999999999999999", "1" * 5000, "²", "1_000", "+4", "٣",
       "ru", "rU", "rUF", "RUFF", "B1", "D3:itM", "ıt", "Uſ", "ıNf", "ｒｕ"]
)

#: Numbers that are not quite numbers: str.isdigit() is True for the first five, int() fails
#: on some of them, and Python refuses to read ints of more than 4300 digits.
ODD_NUMBERS = ["²", "٣", "١٢", "①", "1" * 5000, "-1", "+3", "0x1", "1.5", "1_0", "٣٢١", "𝟗"]

ACTIONS = ["draw", "end", "undo", "declare", "declare:1", "declare:2", "declare:7", "declare:²",
           "declare:", "down:RUf", "down:", "down:RUFF", "RUf@c2", "ITm@d3", "RUf@c2, ITf@c4",
           "RUf@c2,", "turn", "", " ", "@", "RUf@", "xx@yy"]


# -- the corpus: valid notations from seeded games --------------------------------------------

def _random_game_notations(seed: int, players: int, variant: bool, hand_size: int | None):
    """Play a quick random game; yield (café, game notation, JSON save or None, turn text)."""
    rng = random.Random(seed)
    game = Game.new(players, seed=seed, variant=variant)
    if hand_size is not None:  # short hands, so that "declare:N" appears (R12c)
        fields = game.format().split(" | ")
        hands = [h.split() for h in fields[4].split(" / ")]
        fields[3] += " " + " ".join(c for h in hands for c in h[hand_size:])
        fields[4] = " / ".join(" ".join(h[:hand_size]) for h in hands)
        game = Game.parse(" | ".join(fields))
    for step in range(600):
        last = game.log[-1].turn if game.log else None
        turn = (last.cafe_before.format(), last.text, variant) if last else None
        yield (game.cafe.format(), game.format(),
               game.to_json() if len(game.history) < 40 else None, turn)
        if game.is_over:
            return
        legal = game.legal_placements()
        if game.who_may_declare() and rng.random() < 0.3:
            game.declare_end()
        elif game.turn and game.can_end_turn() and (not legal or rng.random() < 0.4):
            game.end_turn()
        elif game.turn and not legal:
            game.undo()
        elif legal and rng.random() < 0.8:
            game.place(rng.choice(legal))
        elif game.turn and game.can_undo():
            game.undo()
        elif game.turn:   # the last card turned up a table (R9): no undo, but the turn may end
            game.end_turn()
        elif len(game.hand()) < 12:
            game.draw()
        else:
            game.lay_face_down(rng.choice(game.hand()))


@lru_cache(maxsize=None)
def corpus() -> dict[str, tuple[str, ...]]:
    """Valid café notations, game notations, JSON saves and turns, from a few seeded games."""
    cafes = {"RU GB FR ES IT | b1:RUf b3:RUm", "RU - FR ES IT | -", "- - - - - | -",
             "DE GB IT CN CF | b1:DEf a2:DEm | US US"}
    games, saves = set(), set()
    turns = {("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2, ITf@c4, ITm@d3", False)}
    for seed, players, variant, hand_size in [(1, 2, False, None), (2, 3, True, None),
                                              (3, 4, False, None), (4, 5, True, None),
                                              (5, 2, True, 1), (6, 3, False, 2)]:
        for i, (cafe, game, save, turn) in enumerate(
                _random_game_notations(seed, players, variant, hand_size)):
            if i % 3 == 0 or "turn:" in game or "declare:" in game or "over:" in game:
                cafes.add(cafe)
                games.add(game)
            if save and i % 4 == 0:
                saves.add(save)
            if turn:
                turns.add(turn)
    for kind, texts in (("game", games), ("save", saves)):
        assert texts, kind
    assert any("turn:" in g for g in games) and any("over:" in g for g in games)
    assert any("declare:" in g for g in games) and any("variant" in g for g in games)
    return {"cafe": tuple(sorted(cafes)), "game": tuple(sorted(games)),
            "save": tuple(sorted(saves)), "turn": tuple(sorted(turns)),
            "turn text": tuple(sorted({text for _, text, _ in turns}))}


# -- mutations --------------------------------------------------------------------------------

def _tokens(text: str) -> list[str]:
    """Text cut into words and the separators between them (joining gives the text back)."""
    return [t for t in re.split(r"(\s+|\||,|/)", text) if t]


#: Edits, the gentler ones listed more than once so that many mutants still parse.
EDITS = (["delete", "insert", "replace", "swap", "token_delete", "token_replace", "token_swap",
          "token_case", "case", "digit"] * 3
         + ["token_duplicate", "token_odd", "truncate", "splice", "field_add", "field_drop",
            "field_swap", "field_duplicate"])

ODD_TEXT = st.one_of(st.sampled_from(ODD_NUMBERS), st.text(max_size=4))


@st.composite
def mutated(draw, texts) -> str:
    """One of ``texts`` after 1–4 random edits of characters, tokens, case or ``|`` fields;
    each edit works on the whole text or on one of its fields."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(EDITS))
        if op.startswith("field") or "|" not in text or draw(st.booleans()):
            text = _edit(draw, op, text, texts)
        else:  # keep the edit inside one field, so that the others still read
            fields = text.split("|")
            i = draw(st.integers(0, len(fields) - 1))
            fields[i] = _edit(draw, op, fields[i], texts)
            text = "|".join(fields)
    return text


def _edit(draw, op: str, text: str, texts) -> str:
    n = len(text)
    if op in ("delete", "insert", "replace", "swap", "truncate", "splice"):
        i = draw(st.integers(0, n))
        if op == "delete" and n:
            j = draw(st.integers(i, min(n, i + 4)))
            text = text[:i] + text[j:]
        elif op == "insert":
            text = text[:i] + draw(st.text(alphabet=ALPHABET, min_size=1, max_size=3)) + text[i:]
        elif op == "replace" and i < n:
            text = text[:i] + draw(st.sampled_from(ALPHABET)) + text[i + 1:]
        elif op == "swap" and i + 1 < n:
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif op == "truncate":
            text = text[:i]
        elif op == "splice":  # a piece of another valid text
            other = draw(st.sampled_from(texts))
            j = draw(st.integers(0, len(other)))
            text = text[:i] + other[j:j + draw(st.integers(1, 30))] + text[i:]
    elif op.startswith("token"):
        tokens = _tokens(text)
        if tokens:
            i = draw(st.integers(0, len(tokens) - 1))
            if op == "token_delete":
                del tokens[i]
            elif op == "token_replace":
                tokens[i] = draw(st.sampled_from(VOCABULARY))
            elif op == "token_duplicate":
                tokens.insert(i, tokens[i])
            elif op == "token_swap":
                j = draw(st.integers(0, len(tokens) - 1))
                tokens[i], tokens[j] = tokens[j], tokens[i]
            elif op == "token_case":
                tokens[i] = draw(st.sampled_from([str.upper, str.lower, str.swapcase]))(tokens[i])
            elif op == "token_odd":
                tokens[i] = draw(ODD_TEXT)
            text = "".join(tokens)
    elif op == "digit":  # a digit, or a whole number, becomes an odd one
        numbers = list(re.finditer(r"\d+", text))
        if numbers:
            m = draw(st.sampled_from(numbers))
            i = draw(st.integers(m.start(), m.end() - 1))
            text = (text[:i] + draw(st.sampled_from(ODD_NUMBERS)) + text[i + 1:] if draw(st.booleans())
                    else text[:m.start()] + draw(st.sampled_from(ODD_NUMBERS)) + text[m.end():])
    elif op == "case":
        text = draw(st.sampled_from([str.upper, str.lower, str.swapcase]))(text)
    else:
        fields = text.split("|")
        i = draw(st.integers(0, len(fields)))
        if op == "field_add":
            words = draw(st.lists(st.sampled_from(VOCABULARY), max_size=3))
            fields.insert(i, " " + " ".join(words) + " ")
        elif op == "field_drop" and i < len(fields):
            del fields[i]
        elif op == "field_swap" and i < len(fields):
            j = draw(st.integers(0, len(fields) - 1))
            fields[i], fields[j] = fields[j], fields[i]
        elif op == "field_duplicate" and i < len(fields):
            fields.insert(i, fields[i])
        text = "|".join(fields)
    return text


@st.composite
def mutated_saves(draw) -> str:
    """A JSON save with its text or its structure edited."""
    texts = corpus()["save"]
    if draw(st.booleans()):
        return draw(mutated(texts))
    data = json.loads(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(["format", "version", "seed", "start", "actions", "notation", "extra"]))
        op = draw(st.sampled_from(["drop", "value", "edit"]))
        if op == "drop":
            data.pop(key, None)
        elif op == "value":
            data[key] = draw(st.one_of(
                st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=True),
                st.sampled_from(VOCABULARY), st.lists(st.sampled_from(ACTIONS), max_size=4),
                st.dictionaries(st.sampled_from(["a", "start"]), st.integers(), max_size=2)))
        elif key in ("start", "notation") and isinstance(data.get(key), str):
            data[key] = draw(mutated((data[key],)))
        elif key == "actions" and isinstance(data.get(key), list):
            actions = data["actions"]
            i = draw(st.integers(0, len(actions)))
            edit = draw(st.sampled_from(["insert", "delete", "swap", "mutate"]))
            if edit == "insert":
                actions.insert(i, draw(st.sampled_from(ACTIONS + list(corpus()["turn text"][:20]))))
            elif actions and i < len(actions):
                if edit == "delete":
                    del actions[i]
                elif edit == "swap":
                    j = draw(st.integers(0, len(actions) - 1))
                    actions[i], actions[j] = actions[j], actions[i]
                else:
                    actions[i] = draw(mutated((actions[i],)))
            # Keep "notation" true to the edited actions sometimes, so replays get past it.
            if draw(st.booleans()):
                data["notation"] = _replayed(data)
    return json.dumps(data)


def _replayed(data: dict):
    """The notation the save's actions reach, if they replay; else the stored one."""
    start, actions = data.get("start"), data.get("actions")
    if not isinstance(start, str) or not isinstance(actions, list):
        return data.get("notation")
    try:
        game = Game.parse(start)
        for action in actions:
            game.act(action)
        return game.format()
    except (NotationError, IllegalMove):
        return data.get("notation")


# -- what may escape, and what must hold ------------------------------------------------------

def check_notation_error(err: NotationError) -> None:
    assert isinstance(err.field, str) and err.field.strip(), repr(err.field)
    assert isinstance(err.token, str), repr(err.token)
    assert isinstance(err.problem, str) and err.problem
    assert str(err).startswith(f"{err.field}: ")


def check_illegal_move(err: IllegalMove) -> None:
    assert err.rule in RULE_IDS, err.rule
    assert str(err).strip() and err.sentence("en") and err.sentence("fr")
    assert err.report()


def attempt(fn, *args, illegal_ok: bool = False):
    """``fn(*args)``, or None if it raised NotationError (or IllegalMove, if ``illegal_ok``).
    Any other exception is a bug and propagates."""
    try:
        return fn(*args)
    except NotationError as err:
        check_notation_error(err)
    except IllegalMove as err:
        if not illegal_ok:
            raise AssertionError(f"{fn.__qualname__}{args!r} raised IllegalMove: {err}") from err
        check_illegal_move(err)
    return None


def check_cafe(cafe: Cafe) -> None:
    """A café that parsed round-trips, and its notation is canonical."""
    text = cafe.format()
    again = Cafe.parse(text)
    assert again == cafe, (text, again)
    assert again.format() == text
    assert eval(repr(cafe), {"Cafe": Cafe}) == cafe
    assert str(cafe)


def check_game(game: Game) -> None:
    """A game that parsed round-trips through its notation and its JSON save."""
    text = game.format()
    assert Game.parse(text).format() == text
    assert Game.from_json(game.to_json()).format() == text
    check_cafe(game.cafe)
    check_cafe(game.state.cafe)
    assert str(game) and game.result().standings
    game.legal_placements()


# -- the fuzz tests ---------------------------------------------------------------------------

TEXT = st.one_of(st.text(alphabet=ALPHABET, max_size=60), st.text(max_size=30))


@FUZZ
@given(text=TEXT)
def test_random_text(text):
    """Random text: every parser refuses it with a NotationError, or reads it and round-trips."""
    cafe = attempt(Cafe.parse, text)
    if cafe is not None:
        check_cafe(cafe)
    game = attempt(Game.parse, text)
    if game is not None:
        check_game(game)
    game = attempt(Game.from_json, text)
    if game is not None:
        check_game(game)
    placement = attempt(parse_placement, text)
    if placement is not None:
        assert placement[0] in GUEST_KINDS and placement[1] in SEATS
    attempt(parse_turn, text)
    base = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm | US CN")
    attempt(base.play, text, illegal_ok=True)
    assert base.format() == "RU GB FR ES IT | b1:RUf b3:RUm | US CN"


@FUZZ
@given(value=st.one_of(st.none(), st.integers(), st.floats(), st.binary(max_size=20),
                       st.lists(st.text(max_size=5), max_size=3)))
def test_values_that_are_not_text(value):
    """Cafe.parse, Game.parse and Game.from_json refuse what is not text with a NotationError."""
    for parse in (Cafe.parse, Game.parse):
        assert attempt(parse, value) is None
    game = attempt(Game.from_json, value)
    if game is not None:  # bytes holding a valid save are fine
        check_game(game)


@FUZZ
@given(text=mutated(corpus()["cafe"]))
def test_mutated_cafe_notation(text):
    """Mutated café notations: NotationError, or a café that round-trips."""
    cafe = attempt(Cafe.parse, text)
    if cafe is not None:
        check_cafe(cafe)


@FUZZ
@given(text=mutated(corpus()["game"]))
def test_mutated_game_notation(text):
    """Mutated game notations: NotationError, or a game that round-trips (notation and JSON)."""
    game = attempt(Game.parse, text)
    if game is not None:
        check_game(game)
    cafe = attempt(Cafe.parse, text)
    if cafe is not None:
        check_cafe(cafe)


@settings(FUZZ, max_examples=150)
@given(text=mutated_saves())
def test_mutated_json_save(text):
    """Damaged saves: NotationError, or a game that round-trips."""
    game = attempt(Game.from_json, text)
    if game is not None:
        assert game.format() == json.loads(text)["notation"]
        check_game(game)


@st.composite
def turns_on_cafes(draw) -> tuple[str, str, bool]:
    """A café, a variant flag and a turn: a turn played there in a game, mutated; or any
    turn on any café."""
    cafe, text, variant = draw(st.sampled_from(corpus()["turn"]))
    if draw(st.integers(0, 3)) == 0:
        cafe, variant = draw(st.sampled_from(corpus()["cafe"])), draw(st.booleans())
    if draw(st.integers(0, 4)):
        text = draw(mutated((text,) + corpus()["turn text"][:40]))
    return cafe, text, variant


@FUZZ
@given(turn=turns_on_cafes())
def test_mutated_turn_text(turn):
    """Cafe.play on mutated turns: NotationError or IllegalMove, and the café never changes."""
    cafe_text, text, variant = turn
    cafe = Cafe.parse(cafe_text)
    result = attempt(cafe.play, text, variant, illegal_ok=True)
    assert cafe.format() == cafe_text and Cafe.parse(cafe_text) == cafe
    if result is not None:
        check_cafe(result.cafe)
        assert result.cafe_before == cafe
        assert cafe.play(result.text, variant) == result  # its own notation replays it
    placements = attempt(parse_turn, text)
    if placements is not None:
        assert all(g in GUEST_KINDS and s in SEATS for g, s in placements)


@FUZZ
@given(text=mutated(("RUf@c2", "ITm@d3", "cfF@B1", "USm@e4", "DEf@a2")))
def test_mutated_placement(text):
    """parse_placement: NotationError, or a canonical guest and seat that read back the same."""
    placement = attempt(parse_placement, text)
    if placement is not None:
        guest, seat = placement
        assert guest in GUEST_KINDS and seat in SEATS, placement
        assert parse_placement(f"{guest}@{seat}") == placement


@st.composite
def generated_games(draw) -> str:
    """Game notation dealt field by field from shuffled decks: well-formed, but often odd
    (missing tables, a full table, statuses and turns that do not fit the position)."""
    guests = iter(draw(st.permutations(full_guest_deck())))
    tables = draw(st.permutations(full_table_deck()))
    players = draw(st.sampled_from([2, 3, 4, 5] * 4 + [1, 6]))

    def cards(n):
        return " ".join(next(guests) for _ in range(n)) or "-"

    cafe_tables = [t if draw(st.integers(0, 9)) else "-" for t in tables[:5]]
    seats = draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=8))
    seat_text = " ".join(f"{seat}:{next(guests)}" for seat in seats) or "-"
    pile = " ".join(tables[5:5 + draw(st.integers(0, 19))]) or "-"
    hand_list = [cards(draw(st.sampled_from([0, 1, 3, 7, 12] * 4 + [13]))) for _ in range(players)]
    downs = " / ".join(cards(draw(st.integers(0, 1)))
                       for _ in range(draw(st.sampled_from([players] * 5 + [1]))))

    def number(low, high):
        """A whole number from low to high as text, or now and then a number-like oddity."""
        return draw(st.one_of(st.integers(low, high).map(str), st.sampled_from(ODD_NUMBERS))
                    if draw(st.integers(0, 4)) == 0 else st.integers(low, high).map(str))

    scores = " ".join(number(0, 200) for _ in range(players))
    status = [f"to:{number(1, players) if draw(st.integers(0, 9)) else number(0, 9)}"]
    if draw(st.booleans()):
        status.append("variant")
    if draw(st.integers(0, 3)) == 0:  # mostly a player with an empty hand, as R12c needs
        empty = [p + 1 for p, h in enumerate(hand_list) if h == "-"]
        status.append(f"declare:{draw(st.sampled_from(empty * 3 + [number(1, players)]))}")
    if draw(st.integers(0, 3)) == 0:
        status.append(draw(st.sampled_from(["over:R12a", "over:R12b", "over:R12c"])))
    if draw(st.integers(0, 3)) == 0:
        turn = draw(st.lists(st.tuples(st.sampled_from(GUEST_KINDS), st.sampled_from(SEATS)),
                             min_size=1, max_size=4))
        status.append("turn:" + ",".join(f"{g}@{s}" for g, s in turn))
    fields = [" ".join(cafe_tables), seat_text, pile, cards(draw(st.integers(0, 12))),
              " / ".join(hand_list), downs, scores, " ".join(draw(st.permutations(status)))]
    return " | ".join(fields)


@settings(FUZZ, max_examples=300)
@given(text=generated_games(), actions=st.lists(st.sampled_from(ACTIONS[:12]), max_size=3),
       seed=st.integers(0, 1000))
def test_generated_game_notation(text, actions, seed):
    """Games built field by field: NotationError, or a game that round-trips and then plays
    (random legal cards, end, draw, undo, declare) raising nothing but IllegalMove."""
    game = attempt(Game.parse, text)
    if game is None:
        return
    check_game(game)
    rng = random.Random(seed)
    for action in actions + ["place", "place", "end"]:
        legal = game.legal_placements()
        if action == "place":
            action = rng.choice(legal) if legal else "draw"
        before = game.format()
        try:
            game.act(action)
        except (IllegalMove, NotationError) as err:
            if isinstance(err, IllegalMove):
                check_illegal_move(err)
            else:
                check_notation_error(err)
            assert game.format() == before
        check_game(game)


NUMBER_PLACES = {
    "scores": ("game", "- - - - - | - | - | RUf | - / - | - / - | 0 {} | to:1"),
    "to": ("game", "- - - - - | - | - | RUf | - / - | - / - | 0 0 | to:{}"),
    "declare": ("game", "- - - - - | - | - | RUf | - / - | - / - | 0 0 | to:1 declare:{}"),
    "action": ("action", "declare:{}"),
    "save": ("save", "declare:{}"),
}


@pytest.mark.parametrize("odd", ODD_NUMBERS + ["", "1 2", "0", "3", "9"],
                         ids=lambda odd: f"{len(odd)}-digits" if len(odd) > 20 else repr(odd))
@pytest.mark.parametrize("place", sorted(NUMBER_PLACES))
def test_odd_numbers(place, odd):
    """Every field that holds a number, given something that is nearly one."""
    kind, template = NUMBER_PLACES[place]
    empty = "- - - - - | - | - | RUf | - / - | - / - | 0 0 | to:1"
    if kind == "game":
        game = attempt(Game.parse, template.format(odd))
        if game is not None:
            check_game(game)
    elif kind == "action":
        game = Game.parse(empty)
        try:
            game.act(template.format(odd))
        except NotationError as err:
            check_notation_error(err)
        except IllegalMove as err:
            check_illegal_move(err)
    else:
        save = json.dumps({"format": "cafe-widget game", "version": 1, "seed": None, "start": empty,
                           "actions": [template.format(odd)], "notation": empty})
        attempt(Game.from_json, save)


HOSTILE_SAVES = {
    "deep-array": "[" * 100_000,
    "deep-object": '{"a":' * 100_000,
    "huge-int": "1" * 5000,
    "lone-surrogate": '"\\ud800"',
    "nan": "NaN",
    "bytes": b'{"format": 1}',
    "empty": "",
    "seed-inf": '{"format": "cafe-widget game", "version": 1, "seed": 1e400, "start": "", "actions": []}',
    "actions-object": '{"format": "cafe-widget game", "version": 1, "start": "", "actions": {"a": 1}}',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_SAVES))
def test_hostile_saves(name):
    """Saves no game would write, built to break a JSON reader: NotationError only."""
    assert attempt(Game.from_json, HOSTILE_SAVES[name]) is None


@settings(FUZZ, max_examples=150)
@given(game_text=st.sampled_from(corpus()["game"]),
       action=mutated(tuple(ACTIONS[:16]) + corpus()["turn text"][:30]))
def test_mutated_action_text(game_text, action):
    """Game.act on mutated actions: NotationError or IllegalMove leaves the game unchanged;
    an action that is done leaves a game whose notation and save round-trip."""
    game = Game.parse(game_text)
    before = (game.format(), game.to_json())
    try:
        game.act(action)
    except NotationError as err:
        check_notation_error(err)
        assert (game.format(), game.to_json()) == before, action
        return
    except IllegalMove as err:
        check_illegal_move(err)
        assert (game.format(), game.to_json()) == before, action
        return
    check_game(game)
