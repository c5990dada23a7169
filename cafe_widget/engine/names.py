"""The cards in words (R1): the nations' names, the tables' adjectives, each guest, in every
language of the catalogs (``cafe_widget/locale``).

Beneath :mod:`.cards` and :mod:`.messages`, which both say cards in words: the sentences of a
refusal (:mod:`.messages`, which :mod:`.errors` asks) need these words, and the cards' own
notation raises those errors, so the words live apart and the three import in one direction.
"""

from __future__ import annotations

from ..i18n import N_, NP_, Localized, gettext

#: Nation names (R1), for text a student reads.
NATION_NAMES = Localized({
    "CF": NP_("nation", "Central Africa"),
    "CN": NP_("nation", "China"),
    "CU": NP_("nation", "Cuba"),
    "DE": NP_("nation", "Germany"),
    "ES": NP_("nation", "Spain"),
    "FR": NP_("nation", "France"),
    "GB": NP_("nation", "Great Britain"),
    "IN": NP_("nation", "India"),
    "IT": NP_("nation", "Italy"),
    "RU": NP_("nation", "Russia"),
    "TR": NP_("nation", "Turkey"),
    "US": NP_("nation", "USA"),
})

#: "the Russian table": the adjective of each nation (R1; GB is "the English table").
TABLE_ADJECTIVES = Localized({
    "CF": NP_("table", "African"),
    "CN": NP_("table", "Chinese"),
    "CU": NP_("table", "Cuban"),
    "DE": NP_("table", "German"),
    "ES": NP_("table", "Spanish"),
    "FR": NP_("table", "French"),
    "GB": NP_("table", "English"),
    "IN": NP_("table", "Indian"),
    "IT": NP_("table", "Italian"),
    "RU": NP_("table", "Russian"),
    "TR": NP_("table", "Turkish"),
    "US": NP_("table", "American"),
})


#: A guest in words, for messages (R1): ``guest_name("RUf")`` → "a Russian woman", « une Russe »;
#: one sentence a guest, as each language agrees adjective and noun in its own way.
GUEST_NAMES = {
    "CFf": N_("an African woman"),
    "CFm": N_("an African man"),
    "CNf": N_("a Chinese woman"),
    "CNm": N_("a Chinese man"),
    "CUf": N_("a Cuban woman"),
    "CUm": N_("a Cuban man"),
    "DEf": N_("a German woman"),
    "DEm": N_("a German man"),
    "ESf": N_("a Spanish woman"),
    "ESm": N_("a Spanish man"),
    "FRf": N_("a French woman"),
    "FRm": N_("a French man"),
    "GBf": N_("an English woman"),
    "GBm": N_("an English man"),
    "INf": N_("an Indian woman"),
    "INm": N_("an Indian man"),
    "ITf": N_("an Italian woman"),
    "ITm": N_("an Italian man"),
    "RUf": N_("a Russian woman"),
    "RUm": N_("a Russian man"),
    "TRf": N_("a Turkish woman"),
    "TRm": N_("a Turkish man"),
    "USf": N_("an American woman"),
    "USm": N_("an American man"),
}


def guest_name(guest: str, lang: str | None = None) -> str:
    """``"a Russian woman"`` / ``"une Russe"``: a guest in words, for messages."""
    return gettext(GUEST_NAMES[guest], lang)
