"""A seeded fuzzer that drives the widgets as a class of students would, checking invariants
after every step.

Each kind of widget (``KINDS``: card games against the computer, hot-seat games in English and
French, the guided game, puzzles, a seat task, the sandbox, the board game with two and four
players) is built from a seed, then driven for ``steps`` steps, each drawn from one
``random.Random`` seeded by the kind and the seed (nothing else: no unseeded randomness, no
clock): clicks at the centre of a region shown (any region, or one a student playing would
click, sometimes a few pixels off), clicks at odd coordinates (NaN, ±inf, negative, huge, off
the canvas), typed lines (the command words in English and French, legal placements, the log's
own spellings, several steps joined), mutated lines, random text, values that are not text, and
loads (the widget's own saves, game and café notations, saves of other games, damaged saves,
hostile texts). New game and Load over a game in progress ask first: a step sometimes repeats
the one before it, which confirms. While fuzzing, ``random.SystemRandom`` (New game on a game
without a seed) is seeded too.

After every step: no exception escaped; the status line shows no internal error; every card or
tile is accounted for; each score is its start score plus the points of its log; the game
round-trips through its notation and its save; a refused step changed nothing (the game, its
log and history, the mode, the café, ``w.save()``); and every 20 steps a fresh widget loading
``w.save()`` shows the same mode, game, log and seed, and saves the same text.

``python tests/widget/widget_fuzz.py --steps 3000`` (``make fuzz``) runs every kind; ``--kinds``,
``--seed``, ``--keep-going`` (count the failures by category instead of stopping at the first).
A failure names the kind, the seed and the step: ``fuzz(kind, seed, step + 1)`` replays it.
"""

from __future__ import annotations

import argparse
import builtins
import contextlib
import json
import math
import random
import re
import sys
import time
import traceback
from collections import Counter, deque
from functools import lru_cache

from cafe_widget import BoardGame, Cafe, Game, IllegalMove, NotationError, Table
from cafe_widget.engine.board import CHAIRS, full_bag
from cafe_widget.engine.cards import GUEST_KINDS, NATIONS, full_guest_deck, full_table_deck, is_guest, is_nation
from cafe_widget.widget import BoardWidget, CafeWidget
from cafe_widget.widget import board_widget as board_module
from cafe_widget.widget import widget as card_module

RELOAD_EVERY = 20      # steps between the checks that a fresh widget loads w.save()
HISTORY = 10           # steps kept for a failure's message

# -- what may not be shown -------------------------------------------------------------------

#: Words of the widgets' "internal error" sentences.
INTERNAL_ERRORS = ("Something went wrong", "Un problème est survenu", "Une erreur s'est produite", "Traceback")
#: Python exception class names (the builtin ones, and the engine's own), which a student must
#: never read in the status line.
EXCEPTION_NAMES = tuple(sorted(
    {name for name, value in vars(builtins).items()
     if isinstance(value, type) and issubclass(value, BaseException) and name.endswith("Error")}
    | {"StopIteration", "KeyboardInterrupt", "NotationError", "IllegalMove"}))
_EXCEPTION_RE = re.compile(r"\b(" + "|".join(map(re.escape, EXCEPTION_NAMES)) + r")\b")

# -- the words a student types -------------------------------------------------------------------

_WORDS_EN = ["draw", "end", "undo", "hint", "declare", "down", "down ITm", "down:RUf", "down RUf", "keep",
             "new", "new game", "back", "forward", "live", "try", "review", "check", "best", "show best",
             "next", "answer", "clear", "declare:1", "declare:2", "declare:9", "rows_up", "rows_down"]
_WORDS_FR = ["piocher", "pioche", "fin", "fin du tour", "annuler", "conseil", "déclarer", "déclarer la fin",
             "garder", "cachée ITm", "cachée:RUf", "nouvelle", "nouvelle partie", "arrière", "avancer",
             "retour", "essayer", "bilan", "vérifier", "meilleur", "suivant", "réponse", "effacer"]
_WORDS_BOARD = ["bar RUm", "bar *f", "swap ITf@c2", "échange ITf@c2", "swap *m@b3", "declare:IT",
                "ITf*@c2", "*f@c2", "CFf@a2, CFm@b1", "bar", "swap"]
_PLACEMENTS = ["RUf@c2", "ITm@d3", "ITf@c4", "RUf@c2, ITf@c4, ITm@d3", "cff@B1", "USm@e4", "RUf@z9", "RUF@c2",
               "RUf@", "@c2", "RUf@c2,", "turn:RUf@c2"]


def _module_words() -> list[str]:
    """The words the widget modules say their command boxes take (whatever they are today)."""
    words = []
    for module, name in ((card_module, "COMMANDS"), (card_module, "COMMANDS_EN"), (card_module, "COMMANDS_FR"),
                         (board_module, "COMMANDS"), (board_module, "COMMANDS_EN"), (board_module, "COMMANDS_FR")):
        table = getattr(module, name, None)
        if isinstance(table, dict):
            words += [w for w in table if isinstance(w, str)]
    return words


#: Sorted: a set's order changes with the hash seed, the fuzzer's steps must not.
VOCABULARY = tuple(sorted(set(_WORDS_EN + _WORDS_FR + _WORDS_BOARD + _PLACEMENTS + _module_words())))

#: Characters of the notations, and some that trip up naive parsers (as in test_fuzz.py).
SPECIALS = "²³١٣①ıſKİßﬀé\u00a0\u2003\u2028\x1c\x00\t\n\r\"'\\{}[]"
ALPHABET = "abcdeABCDE12345fmFM|:@,;/-* " + "".join(NATIONS) + "0689xyz#.;_+" + SPECIALS
ODD_NUMBERS = ("²", "٣", "١٢", "①", "1" * 5000, "-1", "+3", "0x1", "1.5", "1_0", "𝟗", "99999999999999999999")
ODD_CHARS = ("éèçàœßıİſK²③٣𝟗🙂👍🏽\u200b\u200d\u202e\u2028\u0301\x00\x1b\t\r\n ｄｒａｗДРАВ抽牌العربية"
             "\ud800")
RANDOM_TEXTS = ("", " ", "\n", " \t\r\n ", "\x00", "\ud800", "\ud800draw", "draw\x00", "ｄｒａｗ", "d r a w",
                "DRAW", "Draw.", "draw!", "🙂", "\u202edraw", "x" * 10_000, "draw" * 2500, "," * 10_000,
                ";" * 500, "@" * 300, "None", "null", "undefined", "NaN", "[object Object]", "<script>", "%s%s%n",
                "{}", "'; DROP TABLE students; --")

ODD_VALUES = (None, 5, ["draw"], b"draw", {"a": 1}, 1.5, True, -7, ("draw",), float("nan"), object)

# -- hostile loads ----------------------------------------------------------------------------

HOSTILE_LOADS = (
    ("deep array", "[" * 100_000),
    ("deep object", '{"a":' * 100_000),
    ("huge int", "1" * 5000),
    ("huge number", "9" * 100_000),
    ("1e400", "1e400"),
    ("empty", ""),
    ("spaces", "   \n\t "),
    ("null", "null"),
    ("true", "true"),
    ("{}", "{}"),
    ("[]", "[]"),
    ("NaN", "NaN"),
    ("lone surrogate", '"\\ud800"'),
    ("seven bars", "|" * 7),
    ("eight empty fields", " | " * 7),
    ("empty café", "- - - - - | -"),
    ("card save, seed 1e400",
     '{"format": "cafe-widget game", "version": 1, "seed": 1e400, "start": "", "actions": []}'),
    ("card save, actions an object",
     '{"format": "cafe-widget game", "version": 1, "seed": null, "start": "", "actions": {"a": 1}}'),
    ("board save, seed huge",
     '{"format": "cafe-widget board game", "version": 1, "seed": ' + "9" * 400 + ', "start": "", "actions": []}'),
    ("card save, 5000 draws",
     json.dumps({"format": "cafe-widget game", "version": 1, "seed": None,
                 "start": "- - - - - | - | - | RUf | - / - | - / - | 0 0 | to:1", "actions": ["draw"] * 5000,
                 "notation": ""})),
    ("widget save of nothing", '{"game": null, "players": null, "screen": null}'),
)


# -- the widgets ----------------------------------------------------------------------------

def _play_card(game: Game, rng: random.Random, actions: int) -> Game:
    """A few random legal actions of a card game (placements, ends, draws, cards laid down)."""
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_placements()
        try:
            if game.who_may_declare() and rng.random() < 0.2:
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
        except (IllegalMove, NotationError):
            break
    while game.turn and not game.is_over and game.can_undo():
        game.undo()
    if game.turn and not game.is_over:   # back to a table turned up (R9): the turn ends there
        game.end_turn()
    return game


def _play_board(game: BoardGame, rng: random.Random, actions: int) -> BoardGame:
    """A few random legal actions of a board game."""
    for _ in range(actions):
        if game.is_over:
            break
        try:
            if game.turn is not None and game.turn.can_end() and rng.random() < 0.5:
                game.end_turn()
                continue
            legal = game.legal_actions()
            if legal:
                game.act(rng.choice(legal))
            elif game.turn is not None:
                game.undo()
            else:
                break
        except (IllegalMove, NotationError):
            break
    while game.turn is not None and not game.is_over:
        game.undo()
    return game


def _lang(seed: int) -> str:
    return ("en", "fr")[seed % 2]


def _seat_task(seed: int) -> CafeWidget:
    rng = random.Random(seed)
    game = _play_card(Game.new(2, seed=seed), rng, rng.randint(0, 40))
    return CafeWidget.seat_task(game.cafe, rng.choice(GUEST_KINDS), lang=_lang(seed))


def _sandbox(seed: int) -> CafeWidget:
    rng = random.Random(seed)
    cafe = _play_card(Game.new(3, seed=seed), rng, rng.randint(0, 40)).cafe
    if seed % 3 == 0:   # a café written without its pile: the widget makes one (the rest of the box)
        cafe = Cafe(cafe.tables, cafe.seats)
    return CafeWidget.from_notation(cafe.format(), lang=_lang(seed))


def _table(game, players, seed: int):
    """A table: a seat for each person and a screen; each step is taken by one of
    them, drawn by the step's own random (``Fuzzer.one_step``)."""
    table = Table(game, players=players, lang=_lang(seed))
    for i in table.humans:
        table.seat(i)
    table.screen()
    return table.widgets[0]


def _board_4(seed: int) -> BoardWidget:
    players = ["human", "random", "human", "strong"]
    shift = seed % 4
    return BoardWidget(game=BoardGame.new(4, seed=seed), players=players[shift:] + players[:shift],
                       lang=_lang(seed))


#: name → factory(seed) building the widget.
KINDS = {
    "card-computers": lambda seed: CafeWidget(game=Game.new(2, seed=seed), players=["human", "steady"], lang="en"),
    "card-hotseat-en": lambda seed: CafeWidget(game=Game.new(3, seed=seed), players=["human"] * 3, lang="en"),
    "card-hotseat-fr": lambda seed: CafeWidget(game=Game.new(2, seed=seed), players=["human"] * 2, lang="fr"),
    "card-guided": lambda seed: CafeWidget.guided(lang=_lang(seed)),
    "card-puzzle": lambda seed: CafeWidget.puzzle(seed % 3 + 1, lang=_lang(seed)),
    "card-variant": lambda seed: CafeWidget(game=Game.new(4 + seed % 2, seed=seed, variant=True),
                                            players=["human", "random", "human", "greedy", "strong"][:4 + seed % 2],
                                            lang=_lang(seed), teaching=bool(seed % 3)),
    "card-seat-task": _seat_task,
    "card-sandbox": _sandbox,
    "board-2": lambda seed: BoardWidget(game=BoardGame.new(2, seed=seed), players=["human", "greedy"],
                                        lang=_lang(seed)),
    "board-4": _board_4,
    "table-card": lambda seed: _table(Game.new(3, seed=seed), ["human", "human", "steady"], seed),
    "table-board": lambda seed: _table(BoardGame.new(2, seed=seed), ["human", "human"], seed),
}


def _near_end(new, play, seed: int, before: int):
    """A game played at random to its end, and the same game ``before`` actions short of it."""
    over = play(new(), random.Random(seed), 2000)
    done = len(over.log)
    return play(new(), random.Random(seed), max(0, done - before)), over


@lru_cache(maxsize=None)
def other_games(seed: int) -> tuple[tuple[str, str], ...]:
    """(label, text): notations and saves of games other than the one fuzzed, of both games,
    fresh, half played, near their end and over."""
    rng = random.Random(seed * 31 + 5)
    out = []
    card = _play_card(Game.new(3, seed=seed + 7919, variant=True), rng, 25)
    fresh = Game.new(2, seed=seed + 1)
    near, over = _near_end(lambda: Game.new(2, seed=seed + 17), _play_card, seed, 6)
    out += [("another card game's notation", card.format()), ("another card game's save", card.to_json()),
            ("a fresh card game's save (next seed)", fresh.to_json()),
            ("a card game near its end", near.to_json()), ("a card game near its end, notation", near.format()),
            ("a card game over", over.to_json()),
            ("another game's café", card.cafe.format()),
            ("a café", "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"),
            ("a café without pile", "RU GB FR ES IT | b1:RUf b3:RUm")]
    board = _play_board(BoardGame.new(3, seed=seed + 7919), rng, 20)
    near, over = _near_end(lambda: BoardGame.new(2, seed=seed + 17), _play_board, seed, 4)
    out += [("a board game's notation", board.format()), ("a board game's save", board.to_json()),
            ("a fresh board game's save (next seed)", BoardGame.new(2, seed=seed + 1).to_json()),
            ("a board game near its end", near.to_json()), ("a board game over", over.to_json()),
            ("a board position", board.board.format())]
    return tuple(out)


# -- mutations --------------------------------------------------------------------------------

def _tokens(text: str) -> list[str]:
    """Text cut into words and the separators between them (joining gives the text back)."""
    return [t for t in re.split(r"(\s+|\||,|;|/|@|:)", text) if t]


TEXT_EDITS = (["delete", "insert", "replace", "swap", "token_delete", "token_replace", "token_swap", "case"] * 3
              + ["token_duplicate", "token_case", "digit", "truncate", "splice", "repeat"])


def mutate_text(rng: random.Random, text: str, times: int | None = None) -> tuple[str, str]:
    """``text`` after 1–4 random edits; (the text, the edits' names)."""
    done = []
    for _ in range(times or rng.randint(1, 4)):
        op = rng.choice(TEXT_EDITS)
        done.append(op)
        n = len(text)
        i = rng.randint(0, n)
        if op == "delete" and n:
            text = text[:i] + text[min(n, i + rng.randint(1, 4)):]
        elif op == "insert":
            text = text[:i] + "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 3))) + text[i:]
        elif op == "replace" and i < n:
            text = text[:i] + rng.choice(ALPHABET) + text[i + 1:]
        elif op == "swap" and i + 1 < n:
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif op == "truncate":
            text = text[:i]
        elif op == "splice":
            other = rng.choice(VOCABULARY)
            j = rng.randint(0, len(other))
            text = text[:i] + other[j:j + rng.randint(1, 12)] + text[i:]
        elif op == "case":
            text = rng.choice([str.upper, str.lower, str.swapcase, str.title, str.capitalize])(text)
        elif op == "digit":
            numbers = list(re.finditer(r"\d+", text))
            if numbers:
                m = rng.choice(numbers)
                text = text[:m.start()] + rng.choice(ODD_NUMBERS) + text[m.end():]
        elif op == "repeat":   # a key held down, a line pasted many times over
            if rng.random() < 0.5:
                text = text * rng.choice([2, 3, 50, 2000])
            else:
                text = rng.choice([", ", "; ", ",", ";", " "]).join([text] * rng.choice([2, 5, 40, 200]))
            text = text[:40_000]
        elif op.startswith("token"):
            tokens = _tokens(text)
            if tokens:
                k = rng.randrange(len(tokens))
                if op == "token_delete":
                    del tokens[k]
                elif op == "token_replace":
                    tokens[k] = rng.choice(VOCABULARY)
                elif op == "token_duplicate":
                    tokens.insert(k, tokens[k])
                elif op == "token_swap":
                    j = rng.randrange(len(tokens))
                    tokens[k], tokens[j] = tokens[j], tokens[k]
                elif op == "token_case":
                    tokens[k] = rng.choice([str.upper, str.lower, str.swapcase])(tokens[k])
                text = "".join(tokens)
    return text, "+".join(done)


def _dicts(value, depth: int = 0):
    """Every dict in a JSON value, outermost first."""
    if depth > 6:
        return
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _dicts(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from _dicts(v, depth + 1)


WEIRD_VALUES = (None, True, -1, 0, 1.5, 2 ** 64, "", "x", "9" * 500, [], {}, ["draw"], {"a": 1})


def mutate_save(rng: random.Random, text: str) -> tuple[str, str]:
    """A save (JSON) or a notation damaged as a student might damage it; (text, what was done)."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    choices = ["half", "char", "text"]
    if isinstance(data, dict):
        choices += ["seed", "erase", "actions", "drop", "value", "players"] * 2
    elif "|" in text:
        choices += ["field"] * 3
    op = rng.choice(choices)
    if op == "half":   # half a save pasted from a chat
        return text[:len(text) // 2], "half of it"
    if op == "char":
        if not text:
            return "x", "one character"
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(ALPHABET) + text[i + 1:], f"character {i} changed"
    if op == "text":
        return mutate_text(rng, text, rng.randint(1, 2))[0], "text edited"
    if op == "field":
        fields = text.split("|")
        i = rng.randrange(len(fields))
        what = rng.choice(["drop", "duplicate", "swap", "edit"])
        if what == "drop":
            del fields[i]
        elif what == "duplicate":
            fields.insert(i, fields[i])
        elif what == "swap":
            j = rng.randrange(len(fields))
            fields[i], fields[j] = fields[j], fields[i]
        else:
            fields[i] = mutate_text(rng, fields[i], 1)[0]
        return "|".join(fields), f"field {i}: {what}"
    dicts = list(_dicts(data))
    games = [d for d in dicts if "start" in d or "seed" in d or "actions" in d] or dicts
    game = rng.choice(games)
    if op == "seed":
        seed = game.get("seed")
        game["seed"] = seed + 1 if isinstance(seed, int) and not isinstance(seed, bool) and rng.random() < 0.6 \
            else rng.choice([1, None, -1, 2 ** 64, "1", 1.5, True])
        what = f"seed → {game['seed']!r}"
    elif op == "erase":   # the history erased, the position reached written as the start
        if isinstance(game.get("notation"), str):
            game["start"] = game["notation"]
        game["actions"] = []
        if "turn" in game:
            game["turn"] = []
        what = "actions erased, start = notation"
    elif op == "actions":
        actions = game.get("actions")
        if isinstance(actions, list) and actions:
            i = rng.randrange(len(actions))
            edit = rng.choice(["delete", "swap", "duplicate", "mutate", "append"])
            if edit == "delete":
                del actions[i]
            elif edit == "swap":
                j = rng.randrange(len(actions))
                actions[i], actions[j] = actions[j], actions[i]
            elif edit == "duplicate":
                actions.insert(i, actions[i])
            elif edit == "mutate" and isinstance(actions[i], str):
                actions[i] = mutate_text(rng, actions[i], 1)[0]
            else:
                actions.append(rng.choice(["draw", "end", "undo", "declare", "RUf@c2"]))
            what = f"action {i}: {edit}"
        else:
            game["actions"] = rng.choice([["draw"], "draw", None, [1]])
            what = "actions replaced"
    elif op == "drop":
        d = rng.choice(dicts)
        if d:
            key = rng.choice(list(d))
            del d[key]
            what = f"key {key!r} dropped"
        else:
            what = "nothing to drop"
    elif op == "value":
        d = rng.choice(dicts)
        key = rng.choice(list(d)) if d else "extra"
        d[key] = rng.choice(WEIRD_VALUES)
        what = f"{key!r} → {d[key]!r}"[:60]
    else:   # players
        keyed = [d for d in dicts if any("player" in k or "kind" in k for k in d)]
        if keyed:
            d = rng.choice(keyed)
            key = next(k for k in d if "player" in k or "kind" in k)
            d[key] = rng.choice([["human"], ["robot", "human"], "human", None, ["human"] * 9, [1, 2]])
            what = f"{key!r} → {d[key]!r}"
        else:
            data["players"] = ["robot", "human"]
            what = "players added"
    return json.dumps(data, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5), what


# -- steps ------------------------------------------------------------------------------------

def short(value, limit: int = 100) -> str:
    """``repr`` of an argument, long texts cut."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit // 2]!r}…({len(value)} chars)"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"…({len(text)} chars)"


class Step:
    """One thing a student does: ``w.<method>(*args)``; ``kind`` counts it, ``note`` says
    where it came from (the region clicked, the save and how it was damaged)."""

    __slots__ = ("kind", "method", "args", "note")

    def __init__(self, kind: str, method: str, args: tuple, note: str = ""):
        self.kind, self.method, self.args, self.note = kind, method, args, note

    def describe(self) -> str:
        call = f"w.{self.method}({', '.join(short(a) for a in self.args)})"
        return f"[{self.kind}] {call}" + (f"  # {self.note}" if self.note else "")


class FuzzFailure(AssertionError):
    """An invariant broken: which kind, seed and step, what was done, the steps before it."""

    def __init__(self, category: str, detail: str, kind: str, seed: int, step: int, description: str,
                 history: list[str]):
        self.category, self.detail = category, detail
        self.kind, self.seed, self.step, self.description, self.history = kind, seed, step, description, history
        lines = [f"{kind} seed {seed} step {step}: {category}", f"  step: {description}"]
        lines += ["  " + line for line in detail.strip().splitlines()]
        if history:
            lines.append(f"  the last {len(history)} steps before it:")
            lines += [f"    {h}" for h in history]
        lines.append(f"  replay: fuzz({kind!r}, {seed}, {step + 1})   "
                     f"(python tests/widget/widget_fuzz.py --kinds {kind} --seed {seed} --steps {step + 1})")
        super().__init__("\n".join(lines))


class _SeededSystemRandom(random.Random):
    """Stands in for ``random.SystemRandom`` while fuzzing (a New game on a game without a seed
    draws one from it): seeded, so that a seed replays the same run."""

    source = random.Random(0)

    def __init__(self, x=None):
        super().__init__(self.source.getrandbits(64))


@contextlib.contextmanager
def seeded_system_random(seed: int):
    saved = random.SystemRandom
    _SeededSystemRandom.source = random.Random(f"system {seed}")
    random.SystemRandom = _SeededSystemRandom
    try:
        yield
    finally:
        random.SystemRandom = saved


_MISSING = object()


def _safe(fn, default=None):
    """``fn()``, or ``default`` if it raises (reading the widget to choose a step never fails the
    run: the invariants say what is wrong)."""
    try:
        return fn()
    except Exception:  # noqa: BLE001
        return default


def _normalise(text: str, limit: int = 90) -> str:
    """A message made into a category: quoted and numeric bits blurred, cut short."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|«[^»]*»|“[^”]*”", "'…'", text)
    text = re.sub(r"\d+", "N", text)
    return text[:limit]


def _difference(a, b) -> str:
    """Two values side by side; for two JSON objects, only the keys that differ."""
    try:
        da, db = json.loads(a), json.loads(b)
    except (TypeError, ValueError):
        da = db = None
    if isinstance(da, dict) and isinstance(db, dict):
        keys = [k for k in dict.fromkeys(list(da) + list(db)) if da.get(k, _MISSING) != db.get(k, _MISSING)]
        return "\n".join(f"{k}: {short(da.get(k), 200)} → {short(db.get(k), 200)}" for k in keys)
    return f"before: {short(a, 300)}\nafter:  {short(b, 300)}"


class Fuzzer:
    """One widget driven by one seed."""

    def __init__(self, kind: str, seed: int, steps: int, keep_going: bool = False, failures: dict | None = None,
                 trace: list | None = None):
        self.kind, self.seed, self.steps = kind, seed, steps
        self.rng = random.Random(f"{kind} {seed}")   # each kind its own steps (str seeds are stable)
        self.keep_going = keep_going
        self.failures = failures if failures is not None else {}
        self.trace = trace
        self.counts: Counter = Counter()
        self.history: deque = deque(maxlen=HISTORY)
        self.pool: list[tuple[str, str]] = []     # (label, text): texts saved earlier in the run
        self.previous: Step | None = None
        self.home: list[tuple[str, str]] = []     # the widget's first save: back to its own mode
        self.home_mode = None
        self.step_no = 0
        self.typed = ""     # the text the step gave: the widget may quote it, "Traceback" and all
        self.description = "building the widget"
        self.w = None

    # -- failures ---------------------------------------------------------------------------

    def fail(self, category: str, detail: str = "") -> None:
        failure = FuzzFailure(category, detail, self.kind, self.seed, self.step_no, self.description,
                              list(self.history))
        self.counts["failures"] += 1
        if not self.keep_going:
            raise failure
        entry = self.failures.setdefault(category, {"count": 0, "first": failure, "steps": Counter(),
                                                    "kinds": Counter()})
        entry["count"] += 1
        entry["steps"][self.description.split("]")[0].lstrip("[")] += 1
        entry["kinds"][self.kind] += 1

    # -- the run -----------------------------------------------------------------------------

    def run(self) -> Counter:
        with seeded_system_random(self.seed):
            try:
                self.w = KINDS[self.kind](self.seed)
            except Exception:  # noqa: BLE001
                self.fail("the factory raised", traceback.format_exc())
                return self.counts
            self.check_api()
            first = _safe(self.w.save)
            if isinstance(first, str):
                self.home.append(("the first w.save()", first))
            self.home_mode = _safe(lambda: self.w.mode)
            self.check(None, self.snapshot() | {"status": _MISSING})   # the status too, as first shown
            for i in range(self.steps):
                self.step_no = i
                self.one_step()
        return self.counts

    def check_table(self, table) -> None:
        """At a table: every seat and screen showing the game shows the table's one game; a
        seat's hand is its own player's (the card game's), the screen shows none."""
        from cafe_widget.classroom.tables.local import _at_the_game

        for w in table.widgets:
            if not _safe(lambda: _at_the_game(w), False):
                continue
            if w.state.game is not table.game:
                self.fail("a seat shows another game than the table's", f"{w!r} vs {table.game!r}")
            view = _safe(w.view)
            if isinstance(w, CafeWidget) and w.mode == "play" and view is not None and not w.state.game.is_over:
                own = w.state.game.hand(w.player) if w.player is not None else ()
                if tuple(view.hand) != tuple(own):
                    self.fail("a seat shows a hand not its own", f"seat {w.at_table}: {view.hand} vs {own}")

    def check_api(self) -> None:
        w = self.w
        for name in ("click", "command", "load", "save", "status", "mode", "game", "scene", "locate", "size",
                     "refused"):
            if _safe(lambda: getattr(w, name), _MISSING) is _MISSING:
                self.fail(f"missing API: {type(w).__name__}.{name}",
                          f"{type(w).__name__} has no attribute {name!r}")

    def one_step(self) -> None:
        table = getattr(self.w, "table_link", None)
        if table is not None:   # at a table: the step is taken by one of its seats or its screen
            self.w = self.rng.choice(table.widgets)
        step = self.choose()
        self.description = step.describe()
        if self.trace is not None:
            self.trace.append(self.description)
        self.counts[f"step:{step.kind}"] += 1
        self.counts[{"click": "clicks", "command": "lines", "load": "loads"}[step.method]] += 1
        before = self.snapshot()
        w = self.w
        method = _safe(lambda: getattr(w, step.method))
        if method is None:
            self.fail(f"missing API: {type(w).__name__}.{step.method}",
                      f"{type(w).__name__} has no attribute {step.method!r}")
        else:
            try:
                method(*step.args)
            except Exception as err:  # noqa: BLE001
                self.fail(f"exception escaped w.{step.method}: {type(err).__name__}{self._where(err)}",
                          traceback.format_exc())
        self.previous = step
        if table is not None:
            self.check_table(table)
        self.typed = " ".join(a for a in step.args if isinstance(a, str))
        self.check(step, before)
        self.tally()
        if (self.step_no + 1) % RELOAD_EVERY == 0:
            self.check_reload()
        self.history.append(f"{self.step_no}: {self.description}")

    def tally(self) -> None:
        """Where the step left the widget: its mode, a game over, the longest log seen."""
        w = self.w
        self.counts[f"mode:{_safe(lambda: w.mode, '?')}"] += 1
        game = _safe(lambda: w.game)
        if game is not None:
            self.counts["game over"] += bool(_safe(lambda: game.is_over))
            self.counts["longest log"] = max(self.counts["longest log"], len(_safe(lambda: game.log, ())))

    @staticmethod
    def _where(err: BaseException) -> str:
        """' at file:function' of the innermost frame in cafe_widget."""
        frames = [f for f in traceback.extract_tb(err.__traceback__) if "cafe_widget" in f.filename]
        if not frames:
            return ""
        f = frames[-1]
        return f" at {f.filename.rsplit('cafe_widget/', 1)[-1]}:{f.name}"

    # -- choosing a step ------------------------------------------------------------------------

    def choose(self) -> Step:
        rng = self.rng
        if self.previous is not None and self.previous.kind != "non-text" and rng.random() < 0.05:
            p = self.previous   # the same again: confirms New game and Load ("are you sure?")
            return Step("repeat", p.method, p.args, f"again: {p.note}" if p.note else "again")
        r = rng.random()
        if r < 0.45:
            return self.region_click()
        if r < 0.53:
            return self.odd_click()
        if r < 0.73:
            return Step("line", "command", (self.typed_line(),))
        if r < 0.81:
            text, edits = mutate_text(rng, self.typed_line())
            return Step("mutated-line", "command", (text,), edits)
        if r < 0.85:
            return self.random_text()
        if r < 0.88:
            return self.non_text()
        return self.a_load()

    def regions(self) -> list:
        return list(_safe(lambda: self.w.scene.regions, ()) or ())

    def region_click(self) -> Step:
        """A click at the centre of a region shown: half the time any region, else one a
        student playing the game would click (``aimed``)."""
        rng = self.rng
        regions = self.regions()
        if not regions:
            return self.odd_click()
        aimed = self.aimed(regions) if rng.random() < 0.5 else []
        region = rng.choice(aimed or regions)
        if rng.random() < 0.1:   # by name, as the tests and tutorials click
            x, y = _safe(lambda: self.w.locate(region.name), region.centre)
            note = f"locate({region.name!r})"
        else:
            x, y = region.centre
            note = f"{region.kind} {region.name}"
        if rng.random() < 0.25:
            x, y = x + rng.randint(-3, 3), y + rng.randint(-3, 3)
            note += " ±3px"
        return Step("click", "click", (x, y), note)

    def aimed(self, regions) -> list:
        """The regions a student playing would click now: a lit seat, chair or table once a
        card is chosen; the hand-over screen; back to the live game; End turn when the turn may
        end; a card that may be placed; a seat of a seat task; the buttons that move on."""
        w, rng = self.w, self.rng
        hand_kinds = ("card", "palette", "tile")
        view = _safe(w.view)
        lit = {name for name, _ in (_safe(lambda: view.lit, ()) or ())}
        lit |= {name for name, _ in (_safe(lambda: view.lit_tables, ()) or ())}
        lit_regions = [r for r in regions if r.name in lit and r.kind in ("seat", "chair", "bar", "table")]
        lit_regions += [r for r in regions if r.kind == "button" and r.name.startswith("declare:")]
        if lit_regions and rng.random() < 0.8:
            return lit_regions
        handover = [r for r in regions if r.kind == "handover"]
        if handover:
            return handover
        buttons = {r.name: r for r in regions if r.kind == "button"}
        if _safe(lambda: w.viewing) is not None and "live" in buttons and rng.random() < 0.6:
            return [buttons["live"]]
        if _safe(lambda: w.mode) == "seats" and rng.random() < 0.7:
            return [r for r in regions if r.kind == "seat"]
        game = _safe(lambda: w.game)
        turn = _safe(lambda: game.turn) if game is not None else None
        if turn and "end" in buttons and rng.random() < 0.5:
            if _safe(game.can_end_turn if isinstance(game, Game) else turn.can_end):
                return [buttons["end"]]
        guests = {p.split("@")[0] for p in self.placements()}
        guests |= {"*" + g[2] for g in guests if g.endswith("*")}
        cards = [r for r in regions if r.kind in hand_kinds and r.name in guests]
        if cards and rng.random() < 0.7:
            return cards
        moving_on = ("end", "draw", "down", "declare", "check", "next", "answer", "show_best", "live", "hint",
                     "undo", "bar", "swap")
        useful = [b for name, b in buttons.items() if name in moving_on]
        if useful and rng.random() < 0.6:
            return useful
        return [r for r in regions if r.kind in hand_kinds] or regions

    def odd_click(self) -> Step:
        rng = self.rng
        width, height = _safe(lambda: tuple(self.w.size), (900, 800))

        def coordinate(size):
            if rng.random() < 0.4:
                return rng.uniform(0, size)
            return rng.choice([math.nan, math.inf, -math.inf, -1, -0.5, -10_000, 0, size, size - 0.001, size + 1,
                               size * 3, 1e9, 1e308, 10 ** 30, 2 ** 63, -2 ** 63, 5e-324])

        return Step("odd-click", "click", (coordinate(width), coordinate(height)))

    def random_text(self) -> Step:
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            text = rng.choice(RANDOM_TEXTS)
        elif r < 0.8:
            text = "".join(rng.choice(ODD_CHARS + ALPHABET) for _ in range(rng.randint(1, 40)))
        else:
            text = "".join(rng.choice(ODD_CHARS + ALPHABET) for _ in range(10_000))
        method = "command" if rng.random() < 0.7 else "load"
        return Step("random-text", method, (text,))

    def non_text(self) -> Step:
        rng = self.rng
        method = rng.choice(["click", "command", "load"])
        value = rng.choice(ODD_VALUES)
        if method == "click":
            return Step("non-text", "click", (value, rng.choice([value, 10, 10.5, None, "10"])))
        return Step("non-text", method, (value,))

    # -- typed lines ----------------------------------------------------------------------------

    def placements(self) -> list[str]:
        """Legal placements now; without a game, guests of the hand or palette on seats shown."""
        game = _safe(lambda: self.w.game)
        if game is not None:
            legal = list(_safe(game.legal_placements, []) or [])
            if isinstance(game, BoardGame):
                legal += list(_safe(game.legal_bars, []) or []) + list(_safe(game.legal_swaps, []) or [])
            return legal
        regions = self.regions()
        cards = [r.name for r in regions if r.kind in ("card", "palette", "tile")]
        seats = [r.name for r in regions if r.kind in ("seat", "chair")]
        rng = self.rng
        if not cards or not seats:
            return []
        return [f"{rng.choice(cards)}@{rng.choice(seats)}" for _ in range(3)]

    def hand_words(self) -> list[str]:
        game = _safe(lambda: self.w.game)
        if game is None:
            return []
        hand = list(_safe(game.hand, ()) or ())
        if isinstance(game, BoardGame):
            return [f"bar {t}" for t in hand] + [f"swap {t}@{c}" for t in hand[:2] for c in CHAIRS[:3]]
        return [f"{w} {g}" for g in hand for w in ("down", "cachée", "down:")] + [f"down:{g}" for g in hand]

    def log_words(self) -> list[str]:
        game = _safe(lambda: self.w.game)
        if game is None:
            return []
        words = [e.action for e in _safe(lambda: list(game.log), [])]
        if isinstance(game, Game):
            words += list(_safe(lambda: list(game.history), []))
        return [w for w in words if isinstance(w, str)]

    def one_part(self) -> str:
        rng = self.rng
        r = rng.random()
        pool = []
        if r < 0.35:
            pool = list(VOCABULARY)
        elif r < 0.65:
            legal = self.placements()
            if legal:
                part = rng.choice(legal)
                if rng.random() < 0.3:
                    part += ", " + rng.choice(legal)
                return part
        elif r < 0.8:
            pool = self.hand_words()
        else:
            pool = self.log_words()
        return rng.choice(pool or list(VOCABULARY))

    def typed_line(self) -> str:
        rng = self.rng
        if rng.random() < 0.75:
            line = self.one_part()
        else:
            sep = rng.choice([", ", "; ", ",", ";", " ; "])
            line = sep.join(self.one_part() for _ in range(rng.randint(2, 4)))
        r = rng.random()
        if r < 0.05:
            line = line.capitalize()
        elif r < 0.08:
            line = line.upper()
        elif r < 0.12:
            line = f"  {line} \n"
        return line

    # -- loads ------------------------------------------------------------------------------------

    def valid_texts(self) -> list[tuple[str, str]]:
        """(label, text): what a student may rightly load now. Mostly the game shown (its save,
        its notation): the same game goes on; else its café, a save from earlier in the run, or
        another game's."""
        w, rng = self.w, self.rng
        own, cafes = [], []
        save = _safe(w.save)
        if isinstance(save, str):
            own.append(("w.save()", save))
            if rng.random() < 0.3:   # kept for later: an earlier game's save
                self.pool.append((f"w.save() of step {self.step_no}", save))
                del self.pool[:-20]
        game = _safe(lambda: w.game)
        if isinstance(game, Game):
            own += [("w.game.format()", _safe(game.format, "")), ("w.game.to_json()", _safe(game.to_json, ""))]
            cafes += [("the café", _safe(lambda: game.cafe.format(), "")),
                      ("the café without pile", _safe(lambda: Cafe(game.cafe.tables, game.cafe.seats).format(), ""))]
        elif isinstance(game, BoardGame):
            own += [("w.game.format()", _safe(game.format, "")), ("w.game.to_json()", _safe(game.to_json, ""))]
            cafes += [("the board position", _safe(lambda: game.board.format(), ""))]
        else:
            cafe = _safe(lambda: w.cafe)
            if isinstance(cafe, Cafe):
                cafes.append(("the café shown", cafe.format()))
        others = list(other_games(self.seed))
        ends = [(label, text) for label, text in others if "end" in label or "over" in label]
        away = _safe(lambda: w.mode) != self.home_mode   # a load brings the widget home now and then
        groups = [g for g in [own] * 3 + [self.home] * (6 if away else 0) + [cafes, self.pool[-5:], others, ends]
                  if g]
        return rng.choice(groups)

    def a_load(self) -> Step:
        """A load: a valid text, a damaged one, a hostile one, or the last load again (which
        confirms a load over a game in progress)."""
        rng = self.rng
        p = self.previous
        r = rng.random()
        if p is not None and p.method == "load" and p.kind != "non-text" and r < 0.25:
            return Step("load-again", "load", p.args, f"again: {p.note}")
        if r < 0.55:
            label, text = rng.choice(self.valid_texts())
            return Step("load", "load", (text,), label)
        if r < 0.85:
            label, text = rng.choice(self.valid_texts())
            text, what = mutate_save(rng, text)
            return Step("load-mutated", "load", (text,), f"{label}, {what}")
        label, text = rng.choice(HOSTILE_LOADS)
        return Step("load-hostile", "load", (text,), label)

    # -- invariants -----------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """What a refused step must leave as it was (and the status, to tell a new one)."""
        w = self.w
        game = _safe(lambda: w.game)
        state = {"w.game.format()": None, "len(w.game.log)": None, "w.game.history": None,
                 "w.mode": _safe(lambda: w.mode, _MISSING), "w.cafe": None, "w.save()": _safe(w.save),
                 "status": _safe(lambda: w.status)}
        if game is None:
            state["w.cafe"] = _safe(lambda: w.cafe.format())
        else:
            state["w.game.format()"] = _safe(game.format)
            state["len(w.game.log)"] = len(_safe(lambda: game.log, []))
            if isinstance(game, Game):
                state["w.game.history"] = list(_safe(lambda: game.history, []))
        return state

    def check(self, step: Step | None, before: dict) -> None:
        w = self.w
        self.check_status(w, before["status"])
        refused = _safe(lambda: w.refused, _MISSING)
        if step is not None:
            if refused is True:
                self.counts["refused"] += 1
            elif refused is False:
                self.counts["accepted"] += 1
            else:
                self.counts["refused?"] += 1
            if refused is not _MISSING and not isinstance(refused, bool):
                self.fail("w.refused is not a bool", f"w.refused == {refused!r}")
            if refused is True:
                after = self.snapshot()
                for name, a in before.items():
                    b = after[name]
                    if name == "w.save()" and any(before[k] != after[k] for k in before if k not in (name, "status")):
                        continue   # said already, more precisely
                    if name != "status" and a != b:
                        self.fail(f"refused, but {name} changed", f"{_difference(a, b)}"
                                  f"\nstatus: {short(_safe(lambda: w.status), 300)}")
        game = _safe(lambda: w.game, _MISSING)
        if game is _MISSING or game is None:
            return
        try:
            if isinstance(game, Game):
                self.check_card_count(game)
            elif isinstance(game, BoardGame):
                self.check_tile_count(game)
            else:
                self.fail("w.game is neither a Game nor a BoardGame", repr(type(game)))
                return
            self.check_round_trip(game)
            self.check_scores(game)
        except FuzzFailure:
            raise
        except Exception as err:  # noqa: BLE001
            self.fail(f"reading w.game raised {type(err).__name__}{self._where(err)}", traceback.format_exc())

    def check_status(self, w, before) -> None:
        status = _safe(lambda: w.status, _MISSING)
        if status is _MISSING:
            return   # missing API: said once, at the start
        if not isinstance(status, str):
            self.fail("w.status is not text", f"w.status == {status!r}")
            return
        if status == before:
            return   # said already, when it was first shown
        quoted = self.typed
        for words in INTERNAL_ERRORS:
            if words in status and words not in quoted:
                named = _EXCEPTION_RE.search(status)
                what = (f"{words} … {named.group(1)}{_normalise(status[named.end():], 50)}" if named
                        else _normalise(status[status.index(words):]))
                self.fail(f"status shows an internal error: {what}", f"status: {short(status, 600)}")
                return
        named = _EXCEPTION_RE.search(status)
        if named and named.group(1) not in quoted:
            self.fail(f"status names a Python exception: {named.group(1)}{_normalise(status[named.end():], 50)}",
                      f"status: {short(status, 600)}")

    def check_card_count(self, game: Game) -> None:
        cafe = game.cafe
        box = list(game.box)
        guests = Counter(g for g in cafe.seats if g)
        guests.update(game.guest_pile)
        for hand in game.hands:
            guests.update(hand)
        for down in game.face_down:
            guests.update(down)
        guests.update(c for c in box if is_guest(c))
        tables = Counter(t for t in cafe.tables if t)
        tables.update(cafe.pile)
        tables.update(c for c in box if is_nation(c))
        odd = [c for c in box if not is_guest(c) and not is_nation(c)]
        full_guests, full_tables = Counter(full_guest_deck()), Counter(full_table_deck())
        if guests != full_guests or tables != full_tables or odd:
            self.fail("cards not accounted for (card game)",
                      f"guests missing {dict(full_guests - guests)}, extra {dict(guests - full_guests)}; "
                      f"tables missing {dict(full_tables - tables)}, extra {dict(tables - full_tables)}; "
                      f"odd box items {odd}\ngame: {game.format()}")

    def check_tile_count(self, game: BoardGame) -> None:
        board = game.board
        tiles = Counter(("*" + t[2]) if t.endswith("*") else t for t in board.chairs if t)
        tiles.update(board.bar)
        tiles.update(game.bag)
        for hand in game.hands:
            tiles.update(hand)
        tiles.update(game.gone)
        full = Counter(full_bag())
        if tiles != full:
            self.fail("tiles not accounted for (board game)",
                      f"missing {dict(full - tiles)}, extra {dict(tiles - full)}\ngame: {game.format()}")

    def check_scores(self, game) -> None:
        start_text = json.loads(game.to_json())["start"]
        try:
            start = type(game).parse(start_text)
        except NotationError as err:
            self.fail("the save's start does not parse", f"{err}\nstart: {start_text}")
            return
        expected = [start.scores[p] + sum(e.points for e in game.log if e.player == p) for p in range(game.players)]
        if list(game.scores) != expected:
            self.fail("scores are not the start's plus the log's points",
                      f"scores {list(game.scores)}, start {list(start.scores)} + log = {expected}\n"
                      f"log: {[(e.player, e.action, e.points) for e in game.log]}")

    def check_round_trip(self, game) -> None:
        cls = type(game)
        text = game.format()
        try:
            again = cls.parse(text).format()
        except NotationError as err:
            self.fail(f"{cls.__name__}.parse(g.format()) refused", f"{err}\nnotation: {text}")
            again = text
        if again != text:
            self.fail(f"{cls.__name__}.parse(g.format()).format() differs", f"{text}\n{again}")
        try:
            loaded = cls.from_json(game.to_json())
        except NotationError as err:
            self.fail(f"{cls.__name__}.from_json(g.to_json()) refused", f"{err}\nsave: {short(game.to_json(), 600)}")
            return
        if loaded.format() != text or len(loaded.log) != len(game.log):
            self.fail(f"{cls.__name__}.from_json(g.to_json()) differs",
                      f"{text} ({len(game.log)} log entries)\n{loaded.format()} ({len(loaded.log)})")

    def check_reload(self) -> None:
        """A fresh widget of the same class loading ``w.save()`` shows the same thing."""
        w = self.w
        self.counts["reloads"] += 1
        try:
            save = w.save()
        except Exception as err:  # noqa: BLE001
            self.fail(f"w.save() raised {type(err).__name__}{self._where(err)}", traceback.format_exc())
            return
        if not isinstance(save, str):
            self.fail(f"w.save() gave {type(save).__name__}, not text", f"mode {_safe(lambda: w.mode)!r}")
            return
        try:
            w2 = type(w)(lang=_safe(lambda: w.lang, "en"))
            w2.load(save)
        except Exception as err:  # noqa: BLE001
            self.fail(f"a fresh widget's load(w.save()) raised {type(err).__name__}{self._where(err)}",
                      traceback.format_exc() + f"\nsave: {short(save, 400)}")
            return
        self.check_status(w2, _MISSING)
        if _safe(lambda: w2.refused) is True:
            self.fail("a fresh widget refuses w.save()", f"status: {short(_safe(lambda: w2.status), 400)}"
                      f"\nsave: {short(save, 400)}")
            return
        save2 = _safe(w2.save)
        if save2 != save:
            self.fail("reloaded: w2.save() differs from w.save()", _difference(save, save2))
        mode, mode2 = _safe(lambda: w.mode, _MISSING), _safe(lambda: w2.mode, _MISSING)
        if mode == "history":     # a save keeps the game, not the position looked back at
            mode = "play"
        if mode != mode2:
            self.fail("reloaded: the mode differs", f"{mode!r} → {mode2!r}")
        g, g2 = _safe(lambda: w.game), _safe(lambda: w2.game)
        if g is None and g2 is None:
            return
        if g is None or g2 is None:
            self.fail("reloaded: a game appears or disappears", f"{g!r}\n→ {g2!r}")
            return
        if g.format() != g2.format():
            self.fail("reloaded: the game's notation differs", f"{g.format()}\n→ {g2.format()}")
        actions, actions2 = [e.action for e in g.log], [e.action for e in g2.log]
        if actions != actions2:
            self.fail("reloaded: the log differs", f"{actions}\n→ {actions2}")
        if g.seed != g2.seed:
            self.fail("reloaded: the seed differs", f"{g.seed!r} → {g2.seed!r}")


def fuzz(kind: str, seed: int, steps: int, *, keep_going: bool = False, failures: dict | None = None,
         trace: list | None = None) -> Counter:
    """Drive a widget of ``kind`` (built from ``seed``) for ``steps`` steps drawn from
    ``random.Random(seed)``, checking the invariants after each; a Counter of what happened.
    Raises FuzzFailure (an AssertionError) at the first broken invariant, unless ``keep_going``:
    then ``failures`` (a dict) gathers them by category, {category: {"count", "first", "steps",
    "kinds"}}. ``trace`` (a list) receives each step's description."""
    if kind not in KINDS:
        raise ValueError(f"no kind {kind!r}; the kinds are {', '.join(KINDS)}")
    return Fuzzer(kind, seed, steps, keep_going, failures, trace).run()


# -- the command line -------------------------------------------------------------------------

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=3000, help="steps per kind (default 3000)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=list(KINDS), metavar="KIND",
                        help="the kinds of widget to fuzz (default: all): " + ", ".join(KINDS))
    parser.add_argument("--keep-going", action="store_true",
                        help="count the failures by category instead of stopping at the first")
    args = parser.parse_args(argv)
    columns = ("clicks", "lines", "loads", "refused", "accepted")
    total: Counter = Counter()
    failures: dict = {}
    started = time.perf_counter()
    width = max(map(len, args.kinds))
    for kind in args.kinds:
        t0 = time.perf_counter()
        try:
            counts = fuzz(kind, args.seed, args.steps, keep_going=args.keep_going, failures=failures)
        except FuzzFailure as failure:
            print(f"{kind:<{width}}  FAILED after {time.perf_counter() - t0:.1f} s\n")
            print(failure)
            return 1
        total.update(counts)
        seconds = time.perf_counter() - t0
        steps = sum(v for k, v in counts.items() if k.startswith("step:"))
        extra = f"  failures {counts['failures']}" if counts["failures"] else ""
        print(f"{kind:<{width}}  steps {steps:>5}  " + "  ".join(f"{c} {counts[c]:>5}" for c in columns)
              + f"  {seconds:6.1f} s{extra}", flush=True)
    steps = sum(v for k, v in total.items() if k.startswith("step:"))
    print(f"{'total':<{width}}  steps {steps:>5}  " + "  ".join(f"{c} {total[c]:>5}" for c in columns)
          + f"  {time.perf_counter() - started:6.1f} s")
    if failures:
        print(f"\n{sum(e['count'] for e in failures.values())} failures in {len(failures)} categories:")
        for category, entry in sorted(failures.items(), key=lambda kv: -kv[1]["count"]):
            print(f"\n== {entry['count']} × {category}")
            print(f"   kinds: {dict(entry['kinds'])}; steps: {dict(entry['steps'])}")
            print("   first: " + str(entry["first"]).replace("\n", "\n   "))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
