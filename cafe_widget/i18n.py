"""Every sentence the package says, in the current language: gettext catalogs, one switch.

The code holds English source text only; ``cafe_widget/locale/<lang>/LC_MESSAGES/cafe_widget.po``
holds each other language (``make translations`` extracts, updates and compiles them with Babel).
A language is available when its compiled catalog is there: adding Italian is a catalog, no code.

    from cafe_widget import language
    language("fr")        # everything the package says in this kernel is now French
    language()            # → "fr"

Standard library only (the rules engine imports it): the floor beneath the engine.

In code, mark a sentence for the catalogs where it is written, translate it where it is said:

- ``say("{guest} may sit nowhere here", guest="ITf")`` — translated, then formatted;
- ``N_("New game")`` marks a sentence kept in a table; ``NP_("nation", "France")`` marks one
  with a context (one English word that needs two French or German ones);
- ``gettext``, ``ngettext`` (plurals), ``pgettext`` (contexts): the language's catalog.
  Every ``lang=`` argument overrides the current language for that call (None: the current one).
"""

from __future__ import annotations

import gettext as _gettext
import unicodedata
import weakref
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

DOMAIN = "cafe_widget"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE = "en"

_current = {"lang": SOURCE}
_listeners: "weakref.WeakSet" = weakref.WeakSet()


@lru_cache(maxsize=None)
def available() -> tuple[str, ...]:
    """The languages the package speaks: English (the source) and every compiled catalog."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE,) + tuple(code for code in found if code != SOURCE)


def _check(lang) -> str:
    if not isinstance(lang, str) or lang not in available():
        raise ValueError(gettext("{lang} is not a language of cafe_widget: choose one of {languages}")
                         .format(lang=repr(lang)[:80], languages=", ".join(available())))
    return lang


def language(lang: str | None = None) -> str:
    """The language of everything the package says in this kernel; ``language("fr")`` sets it
    (widgets already shown redraw in it) and returns it. An unknown language is a ValueError
    naming the available ones."""
    if lang is None:
        return _current["lang"]
    lang = _check(lang)
    if lang != _current["lang"]:
        _current["lang"] = lang
        for listener in list(_listeners):
            try:
                listener.language_changed(lang)
            except Exception:  # noqa: BLE001 - one widget that cannot redraw stops no switch
                pass
    return lang


def current(lang: str | None = None) -> str:
    """``lang`` if given (checked), else the current language."""
    return _current["lang"] if lang is None else _check(lang)


def listen(obj) -> None:
    """Call ``obj.language_changed(lang)`` after each change of language, as long as ``obj``
    lives (a widget redraws itself in the new language)."""
    _listeners.add(obj)


@lru_cache(maxsize=None)
def catalog(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the source text itself)."""
    if lang == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[_check(lang)])


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (by default the current language)."""
    return catalog(current(lang)).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The singular or plural form for ``n`` in ``lang``, by that language's plural rule
    (French says « 0 point », English "0 points")."""
    return catalog(current(lang)).ngettext(singular, plural, n)


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    """``message`` in ``lang``, in ``context`` (``pgettext("table", "French")`` → « française »)."""
    return catalog(current(lang)).pgettext(context, message)


def say(message: str, lang: str | None = None, **facts) -> str:
    """``message`` translated, then its named placeholders filled: the usual way to speak."""
    return gettext(message, lang).format(**facts)


def say_n(singular: str, plural: str, n: int, lang: str | None = None, **facts) -> str:
    """:func:`say` with a plural: ``{n}`` and the other facts filled into the right form."""
    return ngettext(singular, plural, n, lang).format(n=n, **facts)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is written; it is translated where it is
    said (a table of sentences is built at import, before any language is chosen)."""
    return message


class Msg(tuple):
    """A marked sentence with a context: ``NP_("nation", "France")``."""

    __slots__ = ()

    @property
    def context(self) -> str:
        return self[0]

    @property
    def message(self) -> str:
        return self[1]


def NP_(context: str, message: str) -> Msg:
    """Marks ``message`` with a context for the catalogs (see :func:`N_`)."""
    return Msg((context, message))


class Plural(tuple):
    """A marked sentence with a plural: ``NN_("{n} card", "{n} cards")``."""

    __slots__ = ()


def NN_(singular: str, plural: str) -> Plural:
    """Marks a sentence with a plural form; :func:`translate` with ``n=`` chooses the form."""
    return Plural((singular, plural))


def typed_words(table: Mapping) -> dict:
    """The words a student may type, in every language at once: ``{word: action}``. ``table``
    gives each action its English words, ``|`` between them (``NP_("typed", "new|new game")``);
    each catalog gives its language's, all of which are read whatever the current language."""
    words: dict = {}
    for lang in available():
        for action, message in table.items():
            for word in translate(message, lang).split("|"):
                word = " ".join(word.lower().split())
                if word:
                    words.setdefault(word, action)
    return words


def join(items, lang: str | None = None) -> str:
    """``"a, b and c"`` in ``lang``."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return say("{items} and {last}", lang, items=", ".join(items[:-1]), last=items[-1])


def translate(message, lang: str | None = None, n: int | None = None) -> str:
    """A marked sentence (``N_`` text, ``NP_`` pair, ``NN_`` plural with ``n``) in ``lang``; a
    dict or tuple of them, each translated."""
    if isinstance(message, Plural):
        return ngettext(*message, n, lang)
    if isinstance(message, dict):
        return {key: translate(value, lang, n) for key, value in message.items()}
    if isinstance(message, tuple) and not isinstance(message, Msg):
        return tuple(translate(value, lang, n) for value in message)
    if isinstance(message, Msg):
        return pgettext(message.context, message.message, lang)
    return gettext(message, lang)


class Words(Mapping):
    """A table of marked sentences by key, read in one language: ``Words(table, "fr")["key"]``."""

    def __init__(self, table: Mapping, lang: str | None = None):
        self._table = table
        self._lang = current(lang)

    def __getitem__(self, key):
        return translate(self._table[key], self._lang)

    def __iter__(self):
        return iter(self._table)

    def __len__(self):
        return len(self._table)


class Localized(Mapping):
    """A table of marked English sentences by key, in every language: ``TABLE[lang][key]``
    (``TABLE[None]`` is the current language). The keys stay in code; the words are the
    catalogs'."""

    def __init__(self, table: Mapping):
        self.table = dict(table)

    def __getitem__(self, lang) -> Words:
        if lang is not None and lang not in available():
            raise KeyError(lang)
        return Words(self.table, lang)

    def __iter__(self):
        return iter(available())

    def __len__(self):
        return len(available())

    def __contains__(self, lang) -> bool:
        return lang is None or lang in available()

    def text(self, key: str, lang: str | None = None, guest: str | None = None, n: int | None = None) -> str:
        """The sentence ``key`` in ``lang`` (None: the current language; an unknown one is a
        ValueError naming the available ones): the form for ``guest``'s sex (``"RUf"``: the
        context woman or man) when it has two, or for the number ``n``."""
        message = self.table[key]
        if isinstance(message, dict):
            message = message["woman" if guest.endswith("f") else "man"]
        return translate(message, current(lang), n)

    def typed(self, key: str) -> frozenset[str]:
        """The words of ``key`` (a "|"-separated list) in every language the package speaks: a
        student's typed answer is read whatever the current language (NFKC, as the answer is)."""
        words = set()
        for lang in {SOURCE, *available()}:
            words.update(" ".join(unicodedata.normalize("NFKC", w).lower().split())
                         for w in translate(self.table[key], lang).split("|"))
        return frozenset(w for w in words if w)
