"""A fuzzer for the board game's notation parsers (B15) and the text entry points built on them.

Random text, and valid notations taken from seeded games then mutated (characters and tokens
deleted, inserted, swapped or replaced, case changed, ``|`` fields added, dropped or swapped,
JSON saves edited), are fed to ``Board.parse``, ``BoardGame.parse``, ``BoardGame.from_json``,
``Board.play``, ``Board.explain``, ``Board.legal_chairs`` and ``BoardGame.act``. Only
``NotationError`` may escape a parser, and ``IllegalMove`` too where an action is played; every
NotationError names a field and a token; whatever parses round-trips through its notation.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cafe_widget import Board, BoardGame, IllegalMove, NotationError
from cafe_widget.engine.board import CHAIRS, TABLES

FUZZ = settings(derandomize=True, deadline=None, max_examples=400, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

RULE = re.compile(r"B([1-9]|1[0-5])$")
NATIONS = "CF CN CU DE ES FR GB IN IT RU TR US".split()
TILES = [n + s for n in NATIONS for s in "fm"]

#: Characters the notations use, and some that trip up naive parsers: non-ASCII digits,
#: letters whose case mapping lands on ASCII ("ı".upper() == "I", "ſ".upper() == "S"),
#: ligatures that grow when upper-cased, and whitespace str.split() knows but a reader may not.
SPECIALS = "²³١٣①ıſKİßﬀé\u00a0\u2003\u2028\x1c\x00\t\n\r\"'\\{}[]"
ALPHABET = "abcdefghijklmABCDEFM0123456789fm|:@,/-* " + "".join(NATIONS) + "xyz#.;_+" + SPECIALS

ODD_NUMBERS = ["²", "٣", "١٢", "①", "1" * 5000, "-1", "+3", "0x1", "1.5", "1_0", "𝟗", "0", "99", "21"]

ACTIONS = ["end", "undo", "bar", "bar ", "bar RUm", "bar *f", "bar *m", "bar ITf*", "bar **", "swap",
           "swap ITf@c2", "swap *f@a2", "swap ITf*@c2", "ITf@c2", "ITf*@c2", "*f@c2", "ITf@", "@c2",
           "CFf@a2, CFm@b1", "CFf@a2,", "CFf@a2, CFm@b1, CFf@c2", "CFf@a2 CFm@b1", "ITx@c2", "ITf@z9",
           "ITf@a14", "ITf@n2", "ITf@a0", "", " ", "@", ",", "itf@C2", "ITF@c2", "ITf**@c2", "ITm*@c2"]

#: Tokens that mean something somewhere in a notation, or nearly do.
BASE_VOCABULARY = (
    NATIONS + TILES + ["*f", "*m", "*x", "**", "ITf*", "CFm*", "ITf**"] + list(CHAIRS) + list(TABLES)
    + [f"{c}:{t}" for c, t in (("b1", "CFf"), ("c2", "ITm*"), ("a2", "RUf"), ("z9", "CFf"), ("b2", "CFf"),
                               ("a2", "*f"), ("m13", "INm"), ("a1", "CFf"))]
    + ["-", "/", "|", ":", "@", ",", "*", "", " ", "--", "//", "||", "@@", "b1:", ":CFf", "bar1", "bar20",
       "bar", "swap", "end", "undo", "to:", "to:0", "to:1", "to:5", "to:²", "over:", "over:B13a",
       "over:B13x", "turn:", "turn:CFf@a2", "out:", "0", "5", "-3", "99999999999999999999", "1" * 5000]
    + ACTIONS
)


# -- the corpus: valid notations from seeded games ------------------------------------------

def _random_game(seed: int, players: int, steps: int):
    """Play a quick random game; yield the game after every action (and mid-turn)."""
    rng = random.Random(seed)
    g = BoardGame.new(players=players, seed=seed)
    yield g
    for _ in range(steps):
        if g.is_over:
            return
        if g.turn is not None and g.turn.cards:
            legal = g.legal_placements()
            if g.explain_end_turn() is None and (not legal or rng.random() < 0.6):
                g.end_turn()
            elif legal:
                g.place(rng.choice(legal))
            else:
                g.undo()
        else:
            g.act(rng.choice(g.legal_actions()))
        yield g


@lru_cache(maxsize=None)
def corpus() -> dict[str, tuple[str, ...]]:
    """Board notations, game notations, JSON saves and actions from a few seeded games."""
    boards = {"- | -", "b1:CFm a2:CFf | -", "b1:CFf c2:ITm* | RUm *f", "a2:CFf b1:CFm c2:ITm | -"}
    games, saves, actions = set(), set(), set(ACTIONS[:20])
    for seed, players, steps in [(1, 2, 400), (2, 3, 400), (3, 4, 400)]:
        for i, g in enumerate(_random_game(seed, players, steps)):
            boards.add(g.board.format())
            if i % 3 == 0 or g.is_over or (g.turn is not None and g.turn.cards):
                games.add(g.format())
            if i < 40 and i % 5 == 0:
                saves.add(g.to_json())
            if not g.is_over:
                actions.update(g.legal_actions()[:3])
            actions.update(e.action for e in g.log[-1:])
    assert games and saves and actions
    return {"board": tuple(sorted(boards)), "game": tuple(sorted(games)), "save": tuple(sorted(saves)),
            "action": tuple(sorted(actions))}


@lru_cache(maxsize=None)
def vocabulary() -> tuple[str, ...]:
    words = set(BASE_VOCABULARY)
    for text in corpus()["game"][:30]:
        words.update(w for w in re.split(r"\s+|\|", text) if w)
    return tuple(sorted(words))


# -- mutations ------------------------------------------------------------------------------

def _tokens(text: str) -> list[str]:
    """Text cut into words and the separators between them (joining gives the text back)."""
    return [t for t in re.split(r"(\s+|\||,|/|:|@)", text) if t]


EDITS = (["delete", "insert", "replace", "swap", "token_delete", "token_replace", "token_swap",
          "token_case", "case", "digit"] * 3
         + ["token_duplicate", "token_odd", "truncate", "splice", "field_add", "field_drop",
            "field_swap", "field_duplicate"])

ODD_TEXT = st.one_of(st.sampled_from(ODD_NUMBERS), st.text(max_size=4))


@st.composite
def mutated(draw, texts) -> str:
    """One of ``texts`` after 1–4 random edits; each edit works on the whole text or on one of
    its ``|`` fields."""
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(EDITS))
        if op.startswith("field") or "|" not in text or draw(st.booleans()):
            text = _edit(draw, op, text, texts)
        else:
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
        elif op == "splice":
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
                tokens[i] = draw(st.sampled_from(vocabulary()))
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
    elif op == "digit":
        numbers = list(re.finditer(r"\d+", text))
        if numbers:
            m = draw(st.sampled_from(numbers))
            text = text[:m.start()] + draw(st.sampled_from(ODD_NUMBERS)) + text[m.end():]
    elif op == "case":
        text = draw(st.sampled_from([str.upper, str.lower, str.swapcase]))(text)
    else:
        fields = text.split("|")
        i = draw(st.integers(0, len(fields)))
        if op == "field_add":
            words = draw(st.lists(st.sampled_from(vocabulary()), max_size=3))
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
    keys = sorted(data) + ["extra"]
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(keys))
        op = draw(st.sampled_from(["drop", "value", "edit"]))
        if op == "drop":
            data.pop(key, None)
        elif op == "value":
            data[key] = draw(st.one_of(
                st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=True),
                st.sampled_from(vocabulary()), st.lists(st.sampled_from(ACTIONS), max_size=4),
                st.dictionaries(st.sampled_from(["a", "start"]), st.integers(), max_size=2)))
        elif isinstance(data.get(key), str):
            data[key] = draw(mutated((data[key],)))
        elif isinstance(data.get(key), list) and all(isinstance(a, str) for a in data[key]):
            actions = data[key]
            i = draw(st.integers(0, len(actions)))
            edit = draw(st.sampled_from(["insert", "delete", "swap", "mutate"]))
            if edit == "insert":
                actions.insert(i, draw(st.sampled_from(list(ACTIONS) + list(corpus()["action"][:20]))))
            elif actions and i < len(actions):
                if edit == "delete":
                    del actions[i]
                elif edit == "swap":
                    j = draw(st.integers(0, len(actions) - 1))
                    actions[i], actions[j] = actions[j], actions[i]
                else:
                    actions[i] = draw(mutated((actions[i],)))
    return json.dumps(data)


# -- what may escape, and what must hold ----------------------------------------------------

def check_notation_error(err: NotationError) -> None:
    assert isinstance(err.field, str) and err.field.strip(), repr(err.field)
    assert isinstance(err.token, str), repr(err.token)
    assert isinstance(err.problem, str) and err.problem
    assert str(err).startswith(f"{err.field}: ")
    assert err.sentence("en") and err.sentence("fr")


def check_illegal_move(err: IllegalMove) -> None:
    assert RULE.match(err.rule), err.rule
    assert str(err).strip() and err.sentence("en") and err.sentence("fr")


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


def check_board(board: Board) -> None:
    text = board.format()
    again = Board.parse(text)
    assert again == board and again.format() == text
    assert str(board)


def check_game(g: BoardGame) -> None:
    text = g.format()
    assert BoardGame.parse(text).format() == text
    assert BoardGame.from_json(g.to_json()).format() == text
    check_board(g.board)
    g.legal_actions()
    g.result()


# -- the fuzz tests -------------------------------------------------------------------------

TEXT = st.one_of(st.text(alphabet=ALPHABET, max_size=60), st.text(max_size=30))
BASE = "b1:CFf c2:ITm* | RUm"


@FUZZ
@given(text=TEXT)
def test_random_text(text):
    board = attempt(Board.parse, text)
    if board is not None:
        check_board(board)
    g = attempt(BoardGame.parse, text)
    if g is not None:
        check_game(g)
    g = attempt(BoardGame.from_json, text)
    if g is not None:
        check_game(g)
    base = Board.parse(BASE)
    attempt(base.play, text, illegal_ok=True)
    why = attempt(base.explain, text)
    assert why is None or isinstance(why, IllegalMove)
    chairs = attempt(base.legal_chairs, text)
    assert chairs is None or set(chairs) <= set(CHAIRS)
    assert base.format() == BASE


@FUZZ
@given(value=st.one_of(st.none(), st.integers(), st.floats(), st.binary(max_size=20),
                       st.lists(st.text(max_size=5), max_size=3)))
def test_values_that_are_not_text(value):
    """The parsers refuse what is not text with a NotationError."""
    for parse in (Board.parse, BoardGame.parse):
        assert attempt(parse, value) is None
    g = attempt(BoardGame.from_json, value)
    if g is not None:
        check_game(g)


@FUZZ
@given(text=mutated(corpus()["board"]))
def test_mutated_board_notation(text):
    board = attempt(Board.parse, text)
    if board is not None:
        check_board(board)


@FUZZ
@given(text=mutated(corpus()["game"]))
def test_mutated_game_notation(text):
    g = attempt(BoardGame.parse, text)
    if g is not None:
        check_game(g)
    board = attempt(Board.parse, text)
    if board is not None:
        check_board(board)


@settings(FUZZ, max_examples=200)
@given(text=mutated_saves())
def test_mutated_json_save(text):
    g = attempt(BoardGame.from_json, text)
    if g is not None:
        check_game(g)


@FUZZ
@given(data=st.data())
def test_mutated_actions_on_boards_and_games(data):
    """A mutated action on a board from the games, and on a game: NotationError or IllegalMove,
    or played; a refused one changes nothing."""
    action = data.draw(st.one_of(mutated(corpus()["action"]), st.sampled_from(ACTIONS)))
    board = Board.parse(data.draw(st.sampled_from(corpus()["board"])))
    before = board.format()
    turn = attempt(board.play, action, illegal_ok=True)
    assert board.format() == before
    if turn is not None:
        check_board(turn.board)
        assert isinstance(turn.points, int)
    g = BoardGame.parse(data.draw(st.sampled_from(corpus()["game"])))
    before = g.format()
    try:
        g.act(action)
    except NotationError as err:
        check_notation_error(err)
        assert g.format() == before
    except IllegalMove as err:
        check_illegal_move(err)
        assert g.format() == before
    else:
        check_game(g)
