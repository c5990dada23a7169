"""A student's typed answer, read as it was meant: the one place where every check
(:mod:`.practice`, :mod:`.lessons`' ``predict``, the puzzles' ``grade``) tidies what was typed
before reading it, in the student's kernel and in the grader alike.

    typed_text("refuse\\u0301 !")           # 'refusé': NFKC, no closing punctuation
    is_refusal("refused (r6)")              # True: a rule's id after the word is no number
    typed_list("c2, b3 et c4.")             # ['c2', 'b3', 'c4']: the seats, not yet checked
    typed_turn("DEf@c2; ITm @ b3.")         # 'DEf@c2, ITm@b3': engine notation, not yet checked
    yes_or_no("non !")                      # False

The words a student may type ("refused", "nowhere", "and", "yes", "no") are the catalogs', and
those of every language are read whatever the current one. Nothing here decides what is right:
a seat, a placement or a number is still checked by the engine's parser and rules, which name
the token they cannot read. Pure Python, standard library and the package's catalogs.
"""

from __future__ import annotations

import re
import unicodedata

from ..i18n import N_, Localized

WORDS = Localized({
    # Translators: the words a student may type to answer "refused", separated by "|" (the
    # words of every language are read, whatever the language: keep them lowercase).
    "refused_words": N_("refused|illegal|not allowed|no|x|-"),
    # Translators: the words a student may type to answer "nowhere" (no seat), separated by
    # "|" (the words of every language are read, whatever the language: keep them lowercase).
    "nowhere_words": N_("-|none|nowhere|nothing"),
    # Translators: the words a student may type between two seats or two
    # cards of a turn ("c2, b3 and c4"), separated by "|" (the words of every
    # language are read, whatever the language: keep them lowercase).
    "and_words": N_("and|&"),
    # Translators: the words a student may type to answer "yes" (then "no"), separated by "|"
    # (the words of every language are read, whatever the language: keep them lowercase).
    "yes_words": N_("yes|y|true"),
    "no_words": N_("no|n|false"),
})

#: What may close a typed answer and says nothing: a full stop, "!", "?", "…", with or without
#: a space before (French writes « non ! »).
_CLOSING = re.compile(r"[\s.!?…。]+$")

#: A rule's id after the word for "refused" (``"refused (R6)"``, ``"refusé : R6"``,
#: ``"refused, B7"``): the card game's R1–R14 (R12c), the board game's B1–B15.
_WITH_RULE = re.compile(r"(.+?)\s*(?:\(\s*[rb]\d{1,2}[a-z]?\s*\)|[:,–—]?\s*[rb]\d{1,2}[a-z]?)")


def typed_words(key: str) -> frozenset[str]:
    """The words of ``key`` in every language, lowercase and NFKC."""
    return WORDS.typed(key)


def typed_text(text: str) -> str:
    """A typed answer as the checks read it: NFKC (``"refuse\\u0301"`` is ``"refusé"``, a
    full-width ``８`` is ``8``), the minus sign ``−`` as ``-``, no spaces around it and no
    closing ``.``, ``!``, ``?`` or ``…``."""
    text = unicodedata.normalize("NFKC", text).replace("\u2212", "-")
    return _CLOSING.sub("", text.strip())


def is_refusal(text: str) -> bool:
    """Whether ``text`` (read by :func:`typed_text`, lowercase) says "refused", in any language,
    with a rule's id after it or not (``"refused (r6)"``, ``"refusé : r6"``)."""
    with_rule = _WITH_RULE.fullmatch(text)
    return text in typed_words("refused_words") or bool(
        with_rule and with_rule[1].strip() in typed_words("refused_words"))


def yes_or_no(text: str) -> bool | None:
    """True for a typed "yes", False for a "no" (in any language, ``"non !"``), else None."""
    text = " ".join(typed_text(text).lower().split())
    if text in typed_words("yes_words"):
        return True
    return False if text in typed_words("no_words") else None


def _joins(words: list[str]) -> set[int]:
    """The places of the words "and" (in any language) that join two other words."""
    ands = typed_words("and_words")
    return {i for i in range(1, len(words) - 1) if words[i].lower() in ands
            and words[i - 1].lower() not in ands and words[i + 1].lower() not in ands}


def typed_list(text: str) -> list[str]:
    """A typed list of seats (or chairs), not yet checked: commas, semicolons, spaces or "and"
    (in any language) between them, a closing full stop (``"c2, b3 and c4."`` → ``["c2", "b3",
    "c4"]``); ``[]`` for nowhere (``"-"``, ``"none"``, « aucune »). An "and" that joins nothing
    (``"c2 b3 and"``) stays, for the seat's parser to refuse."""
    tidy = typed_text(text)
    if " ".join(tidy.lower().split()) in typed_words("nowhere_words"):
        return []
    tokens = [t for t in re.split(r"[\s,;]+", tidy) if t] or [text.strip()]   # "." alone: refused as it is
    joins = _joins(tokens)
    return [t for i, t in enumerate(tokens) if i not in joins]


def typed_turn(text: str) -> str:
    """A typed turn (or board action) in the engine's notation, not yet checked:
    ``"DEf@c2; ITm @ b3."`` and ``"DEf@c2 and ITm@b3"`` → ``"DEf@c2, ITm@b3"`` (semicolons or
    "and" in any language between placements, spaces around ``@``, a closing full stop). What
    is still not notation is left for the engine's parser to refuse, naming the token."""
    words = re.sub(r"\s*@\s*", "@", typed_text(text)).replace(";", ",").split()
    joins = _joins(words)
    return " ".join("," if i in joins else w for i, w in enumerate(words))
