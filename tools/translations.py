"""`make translations`: the catalogs of cafe_widget, up to date with the code.

1. extract every marked sentence of ``cafe_widget/`` into the template
   ``cafe_widget/locale/cafe_widget.pot`` (kept as it is when only its date would change);
2. update each language's ``cafe_widget/locale/<lang>/LC_MESSAGES/cafe_widget.po`` from it (a new
   language is a copy of the template put there, see the README: its header is made its own);
3. compile each into its ``cafe_widget.mo``, which the package reads (standard library gettext).

Run again, it changes nothing. Babel does the work (``pybabel``), with the project's keywords.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "cafe_widget" / "locale"
TEMPLATE = LOCALE / "cafe_widget.pot"
DOMAIN = "cafe_widget"

#: The functions that mark sentences (cafe_widget/i18n.py), as Babel keyword specs.
KEYWORDS = ("N_", "NP_:1c,2", "NN_:1,2", "say", "say_n:1,2", "gettext", "ngettext:1,2", "pgettext:1c,2")


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def _without_date(text: str) -> str:
    return re.sub(r'"POT-Creation-Date: [^"]*"\n', "", text)


def extract() -> bool:
    """The template from the code; True when it changed."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "cafe_widget.pot"
        keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
        pybabel("extract", "-F", str(ROOT / "babel.cfg"), *keywords, "--add-location=file",
                "--sort-by-file", "-c", "Translators:", "--project=cafe_widget",
                "--copyright-holder=cafe_widget developers", "--version=1",
                "--msgid-bugs-address=cafe_widget developers", "-o", str(fresh), str(ROOT))
        text = fresh.read_text(encoding="utf-8").replace(str(ROOT) + "/", "")
        old = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.exists() else ""
        if _without_date(text) == _without_date(old):
            return False
        TEMPLATE.write_text(text, encoding="utf-8")
        return True


def _header_not_fuzzy(po: Path) -> None:
    """A new language is a copy of the template, whose header is marked fuzzy (and a fuzzy
    catalog is not compiled): the header of a language's catalog is its own."""
    text = po.read_text(encoding="utf-8")
    fixed = text.replace('#, fuzzy\nmsgid ""\nmsgstr ""\n', 'msgid ""\nmsgstr ""\n', 1)
    if fixed != text:
        po.write_text(fixed, encoding="utf-8")


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def main() -> int:
    LOCALE.mkdir(parents=True, exist_ok=True)
    changed = extract()
    print(f"template: {TEMPLATE.relative_to(ROOT)} ({'changed' if changed else 'unchanged'})")
    for lang in languages():
        _header_not_fuzzy(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po")
        pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang,
                "--no-fuzzy-matching", "--ignore-obsolete")
    if languages():
        pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")
    stale = [lang for lang in languages()
             if not (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").exists()
             or (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").stat().st_mtime
             < (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").stat().st_mtime]
    if stale:
        print(f"not compiled: {', '.join(stale)} (is the catalog's header marked fuzzy? remove "
              "'#, fuzzy' above its first msgid)", file=sys.stderr)
        return 1
    print("languages:", ", ".join(["en (the source)"] + languages()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
