"""The two errors of the engine: bad notation and illegal moves. Both are ValueErrors."""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import NP_, Msg, N_, gettext, pgettext, say, translate
from .messages import sentence


#: The most characters of a student's input an error quotes (a pasted megabyte is not echoed).
QUOTE_LIMIT = 80


def shorten(text, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as it may be quoted back: at most ``limit`` characters, ``…`` marking a cut."""
    text = text if isinstance(text, str) else repr(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class Kind(str):
    """What a wrong argument is (``"a number"``), as a NotationError names it in place of a token:
    a marked sentence (context ``"kind"``), said in the student's language and not quoted."""

    __slots__ = ()

    def sentence(self, lang: str | None = None) -> str:
        return pgettext("kind", str(self), lang)


#: The kinds of value a wrong argument may be, by type, as the catalogs translate them.
KINDS = {
    type(None): NP_("kind", "None"), bool: NP_("kind", "a yes/no value"), int: NP_("kind", "a number"),
    float: NP_("kind", "a number"), str: NP_("kind", "text"), list: NP_("kind", "a list"),
    tuple: NP_("kind", "a tuple"), dict: NP_("kind", "a dictionary"), bytes: NP_("kind", "bytes"),
    set: NP_("kind", "a set"),
}
#: The package's own objects, by class name (the engine imports none of the floors above it).
OWN_KINDS = {
    "Cafe": NP_("kind", "a café"), "Game": NP_("kind", "a game of the card game"),
    "Board": NP_("kind", "a board of the board game"), "BoardGame": NP_("kind", "a board game"),
}
#: Any other value: its type is code, not a word of the student's language.
OTHER_KIND = NP_("kind", "a value of another kind")


def kind_of(value) -> Kind:
    """What a value is, for a sentence about a wrong argument: ``"a number"``, ``"text"`` (a
    :class:`Kind`, which a NotationError says in the student's language)."""
    message = KINDS.get(type(value)) or OWN_KINDS.get(type(value).__name__, OTHER_KIND)
    return Kind(message.message)


def need_text(value, field: str, example: str) -> str:
    """``value`` if it is text; otherwise a NotationError naming what was expected and given."""
    if isinstance(value, str):
        return value
    raise NotationError(field, kind_of(value), N_("is not text: write {example}"), example=example)


def move_text(value, field: str, example: str) -> str:
    """A move in notation: ``value`` if it is text, or the notation of a move the engine handed
    out — a Turn (``best_turn``), a BoardTurn (``best_action``), a placed card or a seated tile:
    anything whose ``text`` is its notation — so that it is accepted back wherever a move is
    expected, as its text is. Otherwise a NotationError naming what was expected and given."""
    text = value if isinstance(value, str) else getattr(value, "text", None)
    if isinstance(text, str):
        return text
    raise NotationError(field, kind_of(value), N_("is not text: write {example}"), example=example)


def json_problem(err: Exception) -> tuple[str, dict]:
    """Why a save is not JSON, for a student: where it breaks (a save pasted half is the usual
    cause), not the parser's jargon alone. A problem and its facts, for a NotationError."""
    pos = getattr(err, "pos", None)
    if isinstance(pos, int):
        return N_("is not a whole save: it breaks at character {at} (paste the save whole)"), {"at": pos + 1}
    return N_("is not a whole save: it is not JSON (paste the save whole)"), {}


#: The fields a NotationError names, as the catalogs translate them (context "field").
FIELDS = (
    NP_("field", "café"), NP_("field", "tables"), NP_("field", "seats"), NP_("field", "table pile"),
    NP_("field", "placement"), NP_("field", "guest"), NP_("field", "hand"), NP_("field", "game"),
    NP_("field", "guest pile"), NP_("field", "hands"), NP_("field", "face-down"),
    NP_("field", "scores"), NP_("field", "status"), NP_("field", "json"), NP_("field", "action"),
    NP_("field", "turn"), NP_("field", "puzzle"), NP_("field", "level"), NP_("field", "variant"),
    NP_("field", "best"), NP_("field", "seat"),
    # the board game
    NP_("field", "board"), NP_("field", "chairs"), NP_("field", "chair"), NP_("field", "bar"),
    NP_("field", "bag"), NP_("field", "tile"), NP_("field", "hand sizes"), NP_("field", "out"),
    NP_("field", "swap"),
)


def _in(value, lang):
    """A fact of a sentence, said in ``lang``: an error or a marked sentence is translated."""
    if hasattr(value, "sentence"):
        return value.sentence(lang)
    if isinstance(value, Msg):
        return translate(value, lang)
    return value


class NotationError(ValueError):
    """A notation that cannot be read: names the field and the offending token.

    ``problem`` is an English sentence marked for the catalogs (``N_``), its named placeholders
    filled from ``facts``; ``str(error)`` and :meth:`sentence` say it in the current language.
    """

    def __init__(self, field: str, token: str, problem: str, **facts):
        token = token if isinstance(token, Kind) else shorten(token)
        self.field = field
        self.token = token
        self.template = problem
        self.facts = facts
        self.problem = problem.format(**{k: _in(v, "en") for k, v in facts.items()})
        super().__init__(f"{field}: {self.token_in('en')} {self.problem}")

    def token_in(self, lang: str | None = None) -> str:
        """The token as quoted back: the text quoted, or the kind of a wrong argument said."""
        return self.token.sentence(lang) if isinstance(self.token, Kind) else repr(self.token)

    def sentence(self, lang: str | None = None) -> str:
        """The error in ``lang`` (by default the current language): field, token, problem."""
        return say("{field}: {token} {problem}", lang, field=pgettext("field", self.field, lang),
                   token=self.token_in(lang), problem=self.problem_in(lang))

    def problem_in(self, lang: str | None = None) -> str:
        """What is wrong with the token, in ``lang`` (by default the current language)."""
        facts = {k: _in(v, lang) for k, v in self.facts.items()}
        return gettext(self.template, lang).format(**facts)

    def __str__(self) -> str:
        return self.sentence()


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
        """The refusal ``code`` of ``messages``: ``str(error)`` says it in the current language."""
        return cls(rule, _with_rule(sentence(code, facts, "en"), rule), facts.get("move", ""), cafe, code,
                   facts)

    def sentence(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (by default the current language), ending with the rule id."""
        if not self.code:
            return self.args[0]
        return _with_rule(sentence(self.code, self.facts, lang), self.rule)

    def __str__(self) -> str:
        return self.sentence()

    @property
    def message(self) -> str:
        """The sentence (in the current language), without the position."""
        return self.sentence()

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


class Refused(Exception):
    """A request refused by no rule of the game: a word a widget does not know, a request the
    class's game service turns down. Its ``sentence`` is already in the person's language, and,
    like :class:`IllegalMove`, nothing changed. ``status``: the HTTP status a service answers with;
    ``rule``: the rule id when the engine refused a move behind it."""

    def __init__(self, sentence: str, status: int = 409, rule: str | None = None):
        super().__init__(sentence)
        self.sentence, self.status, self.rule = sentence, status, rule
