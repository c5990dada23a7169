"""The catalogs (cafe_widget/locale) hold every sentence the code says, translated, with the
placeholders of the English; the compiled catalogs are the ones the package reads; one switch,
``cafe_widget.language``, sets the language of everything."""

from __future__ import annotations

import io
import re
import string
import sys
from pathlib import Path

import pytest

babel_messages = pytest.importorskip("babel.messages")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import read_mo, write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

import cafe_widget  # noqa: E402
from cafe_widget import Cafe, Game, IllegalMove, NotationError, i18n  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "cafe_widget" / "locale"
sys.path.insert(0, str(ROOT / "tools"))
from translations import KEYWORDS  # noqa: E402

LANGUAGES = [lang for lang in i18n.available() if lang != "en"]


def _keywords() -> dict:
    """Babel's keyword specs (``"NP_:1c,2"``) as extract_from_dir takes them."""
    out = {}
    for spec in KEYWORDS:
        name, _, args = spec.partition(":")
        if not args:
            out[name] = None
            continue
        parts = []
        for a in args.split(","):
            parts.append((int(a[:-1]), "c") if a.endswith("c") else int(a))
        out[name] = tuple(parts)
    return out


def _key(message_id, context):
    return (context, message_id if isinstance(message_id, str) else tuple(message_id))


@pytest.fixture(scope="module")
def used() -> dict:
    """Every sentence the code marks: (context, msgid or (singular, plural)) → where; the code is
    what babel.cfg names (the package, and the website's builder)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    assert ("cafe_widget/**.py", "python") in method_map
    found = {}
    for filename, _lineno, message, _comments, context in extract_from_dir(
            str(ROOT), method_map=method_map, options_map=options_map, keywords=_keywords()):
        found.setdefault(_key(message, context), filename)
    return found


def _catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "cafe_widget.po", "rb") as fh:
        return read_po(fh, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_code_marks_hundreds_of_sentences_and_the_template_holds_them_all(used):
    with open(LOCALE / "cafe_widget.pot", "rb") as fh:
        template = {_key(m.id, m.context) for m in read_po(fh) if m.id}
    assert len(used) > 400
    assert set(used) - template == set(), "run make translations: the template misses these"
    assert template - set(used) == set(), "run make translations: the template keeps sentences no code says"


def test_there_are_french_and_german_catalogs():
    assert {"fr", "de"} <= set(i18n.available())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_is_translated_with_the_placeholders_of_the_english(lang, used):
    catalog = _catalog(lang)
    missing, untranslated, fuzzy, placeholders = [], [], [], []
    for key in used:
        context, message_id = key
        message = catalog.get(message_id, context)
        if message is None:
            missing.append(key)
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            untranslated.append(key)
        if message.fuzzy:
            fuzzy.append(key)
        ids = message_id if isinstance(message_id, tuple) else (message_id,)
        english = set().union(*(_fields(i) for i in ids))
        for text in strings:
            if text and _fields(text) != english:
                placeholders.append((key, sorted(_fields(text)), sorted(english)))
    assert missing == [], f"{lang}: not in the catalog"
    assert untranslated == [], f"{lang}: left untranslated"
    assert fuzzy == [], f"{lang}: fuzzy (check them, then remove the flag)"
    assert placeholders == [], f"{lang}: placeholders differ from the English"


def _messages(catalog) -> dict:
    """A catalog's meaning: each translated message's (context, id) → its translation, and the
    plural rule; not the header, whose Generated-By and dates change with Babel's version."""
    out = {_key(m.id, m.context): m.string if isinstance(m.string, str) else tuple(m.string)
           for m in catalog if m.id and not m.fuzzy}
    out["plural rule"] = catalog.plural_forms
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_the_catalog(lang):
    """The .mo the package reads holds the .po's messages as they are (make translations),
    compared by meaning: any Babel compiles the same messages to other bytes."""
    with open(LOCALE / lang / "LC_MESSAGES" / "cafe_widget.mo", "rb") as fh:
        shipped = read_mo(fh)
    assert _messages(shipped) == _messages(_catalog(lang)), "run make translations"


def test_a_stale_compiled_catalog_is_caught():
    """The comparison above can fail: one translation changed after compiling is seen."""
    catalog = _catalog("fr")
    message = next(m for m in catalog if m.id and isinstance(m.string, str) and m.string)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    message.string += " (changed)"
    compiled.seek(0)
    assert _messages(read_mo(compiled)) != _messages(catalog)


@pytest.mark.parametrize("lang, forms", [("fr", "nplurals=2; plural=(n > 1);"),
                                         ("de", "nplurals=2; plural=(n != 1);")])
def test_each_catalog_knows_its_plural_rule(lang, forms):
    assert _catalog(lang).plural_forms == forms
    assert i18n.ngettext("{n} point", "{n} points", 0, lang).format(n=0) == (
        "0 point" if lang == "fr" else "0 Punkte")


@pytest.fixture
def french():
    yield cafe_widget.language("fr")
    cafe_widget.language("en")


def test_the_default_is_english_and_an_unknown_language_names_the_known_ones():
    assert cafe_widget.language() == "en"
    with pytest.raises(ValueError) as err:
        cafe_widget.language("xx")
    assert str(err.value) == "'xx' is not a language of cafe_widget: choose one of " + ", ".join(i18n.available())
    assert cafe_widget.language() == "en"


def test_one_switch_makes_the_engine_speak_french(french):
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    with pytest.raises(IllegalMove) as err:
        cafe.play("ITm@d3")
    assert str(err.value) == err.value.sentence("fr") != err.value.sentence("en")
    assert str(err.value) == "ITm@d3 : la table française c3 aurait deux hommes et aucune femme (R6)."
    with pytest.raises(NotationError) as bad:
        Cafe.parse("RU GB XX ES IT")
    assert str(bad.value) == ("tables : 'XX' n'est pas un code de nation "
                              "(CF CN CU DE ES FR GB IN IT RU TR US)")
    text = str(Game.new(players=2, seed=1))
    assert "  pioche des tables :" in text and "joueur 1" in text
    assert IllegalMove.because("R6", "over").sentence("en") == "The game is over (R6)."


def test_lang_on_a_call_overrides_the_switch(french):
    err = NotationError("tables", "XX", i18n.N_("is not a nation code ({codes})"), codes="RU")
    assert err.sentence("en") == "tables: 'XX' is not a nation code (RU)"
    assert err.sentence("de") not in (err.sentence("en"), err.sentence("fr"))
    assert str(err).startswith("tables : 'XX'")


def test_words_typed_in_any_language_are_read_whatever_the_language():
    from cafe_widget.widget.widget import COMMANDS

    for word, action in (("draw", "draw"), ("piocher", "draw"), ("ziehen", "draw"),
                         ("fin du tour", "end"), ("undo", "undo"), ("annuler", "undo")):
        assert COMMANDS[word] == action


def test_a_shown_widget_follows_the_switch_unless_given_its_own_language():
    from cafe_widget import BoardGame, BoardWidget, CafeWidget

    try:
        follows = CafeWidget(game=Game.new(players=2, seed=4), players=["human", "human"])
        board = BoardWidget(game=BoardGame.new(players=2, seed=7), players=["human", "computer"])
        own = CafeWidget(game=Game.new(players=2, seed=4), players=["human", "human"], lang="fr")
        kept = own.status
        cafe_widget.language("de")
        assert (follows.lang, board.lang, own.lang) == ("de", "de", "fr")
        assert follows.status == board.status == "Das Widget spricht jetzt Deutsch."
        assert follows._command_button.description == "Spielen" and own.status == kept
        follows.command("ziehen")
        assert follows.status.startswith("Spieler 2 hat ") and "gezogen" in follows.status
        assert any(getattr(p, "text", "").startswith("Hand von") for layer in follows.scene.layers
                   for p in layer)
    finally:
        cafe_widget.language("en")
    assert follows.status == "The widget speaks English now." and follows.lang == "en"


#: The formal address (Sie, Ihr…, Ihnen): capitalised in the middle of a sentence it can be nothing
#: else; at a sentence's start "Sie"/"Ihr…" is also she, they or it, so there only "Sie" before a
#: verb of the plural (Sie sind, Sie hatten) and every "Ihr…"/"Ihnen" count (listed exceptions aside).
_FORMAL = r"Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen"
_MID_SENTENCE = re.compile(rf"(?<![.:;!?(–—„“\"]\s)(?<![(„“\"])(?<!^)(?<!^\s)\b({_FORMAL})\b")
_SENTENCE_START = re.compile(r"(?:^\s*|[.:;!?(–—„“\"]\s*)(?:Sie\s+(?:\w*n|sind)\b|(?:Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b)")
#: Sentences where a capitalised "Sie"/"Ihr…" at a sentence's start is she, they or it (none yet).
_NOT_FORMAL: set[str] = set()


def _formal(text: str) -> list[str]:
    return [m.group(0) for m in (*_MID_SENTENCE.finditer(text), *_SENTENCE_START.finditer(text))]


@pytest.mark.parametrize("text, formal", [
    ("Noch nicht richtig: Lesen Sie die Zeile darüber.", True),
    ("Zählen Sie jeden Tisch noch einmal.", True),
    ("Nicht ganz: Sie sagten 4.", True),
    ("Sie sind dran, Anna.", True),
    ("In einer Aufgabe: Ihre Lehrkraft bespricht sie danach.", True),
    ("Nicht ganz: Zahl 2 Ihrer 3 ist zu hoch.", True),
    ("Ihr Fortschritt ist gelöscht.", True),
    ("Finde die beste Aktion: Sie bringt 8. Dann Zug beenden: Der Spielplan prüft sie.", False),
    (" Sie sitzt allein: Eine zweite Karte muss sich zu ihr setzen (R7).", False),
    ("Die Datei bleibt, wie sie ist, und nichts wird gespeichert, solange sie nicht lesbar ist.", False),
    ("Du hast „4“ gesagt. Zähl jeden Tisch noch einmal.", False),
])
def test_the_formal_address_is_seen_and_she_they_it_are_not(text, formal):
    assert bool(_formal(text)) is formal, _formal(text)


def test_the_german_catalog_says_du_to_the_student_throughout():
    """The game is for ages 10 and up: *du*, never *Sie*, in every German sentence (GLOSSARY_DE)."""
    formal = []
    for m in _catalog("de"):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        formal += [(m.id, s) for s in strings if s and s not in _NOT_FORMAL and _formal(s)]
    assert formal == [], "address the student with du"


def test_the_german_catalog_says_ende_ansagen_and_no_hand_size():
    texts = [s for m in _catalog("de") for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if s]
    assert i18n.gettext("Declare end", "de") == "Ende ansagen"
    assert not [t for t in texts if "erklär" in t and "|" not in t]
    assert not [t for t in texts if "Handgröße {" in t]     # "Hand für 5 Kärtchen", not "Handgröße 5"
