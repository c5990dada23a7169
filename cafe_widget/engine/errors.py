"""The two errors of the engine: bad notation and illegal moves. Both are ValueErrors."""

from __future__ import annotations

from typing import NamedTuple


#: The most characters of a student's input an error quotes (a pasted megabyte is not echoed).
QUOTE_LIMIT = 80


def shorten(text, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it may be quoted back: at most ``limit`` characters, ``…`` marking a cut."""
    text = text if isinstance(text, str) else repr(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def kind_of(value) -> str:
    """What a value is, for a sentence about a wrong argument: ``"a number"``, ``"None"``."""
    if value is None:
        return "None"
    names = {bool: "a yes/no value", int: "a number", float: "a number", list: "a list",
             tuple: "a tuple", dict: "a dictionary", bytes: "bytes", set: "a set"}
    return names.get(type(value), f"a {type(value).__name__}")


def need_text(value, field: str, example: str) -> str:
    """``value`` if it is text; otherwise a NotationError naming what was expected and given."""
    if isinstance(value, str):
        return value
    raise NotationError(field, kind_of(value), f"is not text: write {example}")


def json_problem(err: Exception) -> str:
    """Why a save is not JSON, for a student: where it breaks (a save pasted half is the usual
    cause), not the parser's jargon alone."""
    pos = getattr(err, "pos", None)
    if isinstance(pos, int):
        return f"is not a whole save: it breaks at character {pos + 1} (paste the save whole)"
    return "is not a whole save: it is not JSON (paste the save whole)"


class NotationError(ValueError):
    """A notation that cannot be read: names the field and the offending token."""

    def __init__(self, field: str, token: str, problem: str):
        token = shorten(token)
        self.field = field
        self.token = token
        self.problem = problem
        super().__init__(f"{field}: {token!r} {problem}")

    def sentence(self, lang: str = "en") -> str:
        """The error in ``lang`` ("en" or "fr"): field, token, problem."""
        from .messages import notation_sentence

        return notation_sentence(self.field, self.token, self.problem, lang)


class IllegalMove(ValueError):
    """An action the rules refuse.

    ``rule`` is the id of the refusing rule (``"R6"``); ``str(error)`` is one sentence a
    student can act on; ``move`` is the refused placement or action in notation; ``cafe``
    is the café it was tried on (its notation makes a bug report one paste).
    """

    def __init__(self, rule: str, message: str, move: str = "", cafe=None,
                 code: str = "", facts: dict | None = None):
        self.rule = rule
        self.move = move
        self.cafe = cafe
        self.code = code
        self.facts = dict(facts or {})
        super().__init__(message)

    @classmethod
    def because(cls, rule: str, code: str, cafe=None, **facts) -> "IllegalMove":
        """The refusal ``code`` of ``messages``, with its English sentence."""
        from .messages import sentence

        return cls(rule, _with_rule(sentence(code, facts), rule), facts.get("move", ""), cafe, code, facts)

    def sentence(self, lang: str = "en") -> str:
        """The sentence in ``lang`` ("en" or "fr"), ending with the rule id."""
        if not self.code:
            return self.message
        from .messages import sentence

        return _with_rule(sentence(self.code, self.facts, lang), self.rule)

    @property
    def message(self) -> str:
        """The sentence, without the position."""
        return self.args[0]

    def report(self) -> str:
        """The sentence, the café drawn and its notation: a bug report in one paste."""
        if self.cafe is None:
            return self.message
        return f"{self.message}\n{self.cafe}\n{self.cafe.format()}"


def _with_rule(text: str, rule: str) -> str:
    """``"… no woman."`` → ``"… no woman (R6)."``, beginning with a capital letter."""
    return f"{text[:1].upper()}{text[1:].rstrip('.')} ({rule})."


class Refusal(NamedTuple):
    """A refusal not yet put into words: the engine's checks return these (cheap), and
    :meth:`error` makes the IllegalMove when one is raised or shown."""

    rule: str
    code: str
    cafe: object
    facts: dict

    def error(self) -> IllegalMove:
        return IllegalMove.because(self.rule, self.code, self.cafe, **self.facts)


def refuse(rule: str, code: str, cafe=None, **facts) -> Refusal:
    """A refusal by ``rule`` for the reason ``code`` (see ``messages``)."""
    return Refusal(rule, code, cafe, facts)
