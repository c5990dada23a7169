"""A nation's name on its table card, and whether a text fits: what the scene needs to draw text
at 12 px or more, never squeezed. Plain functions of the catalogs."""

from __future__ import annotations

from functools import lru_cache

from ..i18n import NP_, translate
from .style import CELL

#: A nation's name on a table card: the translator says where a long name may break (``|``);
#: without one it breaks at a space or after a hyphen.
# Translators: a nation's name on a table card, in two lines of about 9 letters at most.
# "|" marks where the name may break onto the second line, with a hyphen: "Deutsch|land".
# Without "|", it breaks at a space or after a hyphen.
CARD_NAMES = {
    "CF": NP_("table card", "Central Africa"), "CN": NP_("table card", "China"),
    "CU": NP_("table card", "Cuba"), "DE": NP_("table card", "Germany"),
    "ES": NP_("table card", "Spain"), "FR": NP_("table card", "France"),
    "GB": NP_("table card", "Great Britain"), "IN": NP_("table card", "India"),
    "IT": NP_("table card", "Italy"), "RU": NP_("table card", "Russia"),
    "TR": NP_("table card", "Turkey"), "US": NP_("table card", "USA"),
}
NAME_SIZE, NAME_WIDTH = 12, CELL - 14   # a table card's name: font size, room for a line


def fits(text: str, size: float, width: float) -> bool:
    """Whether ``text`` fits ``width`` unsqueezed (the SVG writer's estimate of a character)."""
    return len(text) * size * 0.6 <= width


@lru_cache(maxsize=256)
def card_name(nation: str, lang: str | None) -> tuple[str, ...]:
    """A nation's name on its table card: one line, or two when it does not fit (broken where
    the catalog's ``|`` says, else at a space or after a hyphen); a part still too long is
    abbreviated with a full stop, never squeezed and never under 12 px."""
    name = translate(CARD_NAMES[nation], lang)
    if fits(name.replace("|", ""), NAME_SIZE, NAME_WIDTH):
        return (name.replace("|", ""),)
    cuts = [i for i, c in enumerate(name) if c in "| -"]
    pairs = [((name[:i] + ("-" if name[i] in "|-" else "")).replace("|", ""), name[i + 1:].replace("|", ""))
             for i in cuts]
    # the most even cut whose two lines fit (else the most even)
    best = min(pairs, key=lambda pair: (not all(fits(t, NAME_SIZE, NAME_WIDTH) for t in pair),
                                        max(map(len, pair))), default=(name.replace("|", ""),))
    return tuple(line if fits(line, NAME_SIZE, NAME_WIDTH) else _abbreviated(line) for line in best)


def _abbreviated(text: str) -> str:
    """``text`` cut to fit a table card's line, with a full stop."""
    keep = int(NAME_WIDTH / (NAME_SIZE * 0.6)) - 1
    return text[:keep].rstrip("-") + "."
