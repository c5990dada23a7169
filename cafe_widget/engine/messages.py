"""The sentences of refusals, in English and French, built from a code and its facts.

The engine raises ``IllegalMove(rule, sentence)`` with the English sentence; it also keeps
the code and facts (``error.code``, ``error.facts``) so ``error.sentence("fr")`` can say it
in French. Each sentence names the card, the seat, the table and what is wrong.
"""

from __future__ import annotations

from .cards import TABLE_ADJECTIVES, guest_name

_NUMBERS = {
    "en": ("no", "one", "two", "three", "four"),
    "fr": ("aucun", "un", "deux", "trois", "quatre"),
}


def table_words(place: str, nation: str, lang: str = "en") -> str:
    """``"the French table c3"`` / ``"la table française c3"``."""
    adj = TABLE_ADJECTIVES[lang][nation]
    return f"the {adj} table {place}" if lang == "en" else f"la table {adj} {place}"


def tables_words(pairs, lang: str = "en") -> str:
    """Several tables: ``"the Russian table b2 and the French table c3"``."""
    words = [table_words(p, n, lang) for p, n in pairs]
    joiner = " and " if lang == "en" else " et "
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + joiner + words[-1]


def sexes_words(women: int, men: int, lang: str = "en") -> str:
    """``"two men and no woman"`` / ``"deux hommes et aucune femme"``."""
    if lang == "fr":
        def count(n, word, fem):
            num = {0: "aucune" if fem else "aucun", 1: "une" if fem else "un"}.get(n, _NUMBERS["fr"][n])
            return f"{num} {word}{'s' if n > 1 else ''}"
        w, m = count(women, "femme", True), count(men, "homme", False)
    else:
        nums = _NUMBERS["en"]
        w = f"{nums[women]} {'woman' if women <= 1 else 'women'}"
        m = f"{nums[men]} {'man' if men <= 1 else 'men'}"
    joiner = " and " if lang == "en" else " et "
    return (m + joiner + w) if men > women else (w + joiner + m)


def _her(guest: str) -> str:
    return "her" if guest[2] == "f" else "his"


def _him(guest: str) -> str:
    return "her" if guest[2] == "f" else "him"


def _en(code: str, f: dict) -> str:
    g = guest_name(f["guest"]) if "guest" in f else ""
    mv = f.get("move", "")
    if code == "too_many":
        return f"{mv}: a turn places at most 3 cards."
    if code == "too_many_variant":
        return (f"{mv}: a turn places at most 3 cards, or 4 in a turn that forms a "
                f"ladies' or men's table.")
    if code == "game_over":
        return f"{mv}: the game is over, so no more cards may be placed."
    if code == "seat_taken":
        return f"{mv}: seat {f['seat']} is already taken by {guest_name(f['other'])}."
    if code == "no_table":
        return f"{mv}: seat {f['seat']} touches no table, so nobody may sit there."
    if code == "nation":
        return (f"{mv}: seat {f['seat']} touches only {tables_words(f['tables'])}, "
                f"and {g} may sit only at a table of {_her(f['guest'])} own nation.")
    if code == "copies":
        return f"{mv}: all 4 {f['guest']} cards are already in the café."
    if code == "must_join":
        return (f"{mv}: {guest_name(f['previous'])} on {f['previous_seat']} sits alone at "
                f"{tables_words(f['tables'])}, so this card must join {_him(f['previous'])} there.")
    if code == "alone_last":
        return (f"{mv}: {g} would sit alone at {tables_words(f['tables'])} and score nothing, "
                f"and no further card of this turn could join {_him(f['guest'])}.")
    if code == "balance":
        return (f"{mv}: {table_words(f['place'], f['nation'])} would have "
                f"{sexes_words(f['women'], f['men'])}.")
    if code == "balance_second":
        return (f"{mv}: {table_words(f['place'], f['nation'])} would have "
                f"{sexes_words(f['women'], f['men'])}, and only one ladies' or men's table "
                f"may form in a turn.")
    if code == "balance_seated":
        kind = "ladies'" if f["women"] else "men's"
        return (f"{mv}: {table_words(f['place'], f['nation'])} would have "
                f"{sexes_words(f['women'], f['men'])}, and a {kind} table may start from at most "
                f"one guest already seated.")
    if code == "balance_short":
        kind = "ladies'" if f["women"] else "men's"
        return (f"{mv}: {table_words(f['place'], f['nation'])} would have "
                f"{sexes_words(f['women'], f['men'])}, and too few cards are left this turn "
                f"to make it a {kind} table.")
    if code == "variant_mixed":
        kind = "ladies'" if f["sex"] == "f" else "men's"
        return (f"{mv}: {table_words(f['place'], f['nation'])} is becoming a {kind} table this "
                f"turn, so only {'women' if f['sex'] == 'f' else 'men'} may join it.")
    if code == "variant_short":
        kind, who = ("ladies'", "women") if f["sex"] == "f" else ("men's", "men")
        return (f"{mv}: {table_words(f['place'], f['nation'])} would then need {f['need']} more "
                f"{who} to become a {kind} table, but only "
                f"{f['left']} more card{'s' if f['left'] != 1 else ''} may follow this turn.")
    if code == "not_in_hand":
        return f"{mv}: {g} ({f['guest']}) is not in your hand."
    if code == "empty_turn":
        return "No card has been placed this turn: place a guest, or draw a card instead."
    if code == "empty_turn_twelve":
        return "No card has been placed this turn: place a guest, or lay a card face down instead."
    if code == "unjoined":
        return (f"{guest_name(f['previous'])} on {f['previous_seat']} sits alone at "
                f"{tables_words(f['tables'])} and scores nothing: another guest must join "
                f"{_him(f['previous'])} before the turn ends.")
    if code == "variant_unfinished":
        kind, who = ("ladies'", "women") if f["sex"] == "f" else ("men's", "men")
        return (f"{table_words(f['place'], f['nation'])} has only {_NUMBERS['en'][f['count']]} "
                f"{who}: a {kind} table needs four {who} by the end of the turn.")
    if code == "nothing_to_undo":
        return "There is no card of this turn to take back."
    if code == "placed_already":
        return (f"You have already placed {f['count']} card{'s' if f['count'] > 1 else ''} this "
                f"turn, and a turn is one action: end the turn instead.")
    if code == "hand_full":
        return "You hold 12 cards, the most a hand may hold: lay one face down instead."
    if code == "not_twelve":
        return (f"Only a player holding exactly 12 cards lays one face down; you hold "
                f"{f['count']}, so draw instead.")
    if code == "pile_empty":
        return "The guest pile is empty, so no card can be drawn."
    if code == "over":
        return "The game is over."
    if code == "cannot_declare":
        return (f"Player {f['player']} may not declare the end: only a player whose hand is "
                f"empty may, right after the turn that emptied it or at the start of a later "
                f"turn.")
    raise KeyError(code)


def _fr(code: str, f: dict) -> str:
    g = guest_name(f["guest"], "fr") if "guest" in f else ""
    mv = f.get("move", "")

    def tw(key="tables"):
        return tables_words(f[key], "fr")

    if code == "too_many":
        return f"{mv} : un tour pose au plus 3 cartes."
    if code == "too_many_variant":
        return (f"{mv} : un tour pose au plus 3 cartes, ou 4 s'il forme une table de dames ou "
                f"d'hommes.")
    if code == "game_over":
        return f"{mv} : la partie est finie, on ne pose plus de carte."
    if code == "seat_taken":
        return f"{mv} : la place {f['seat']} est déjà prise par {guest_name(f['other'], 'fr')}."
    if code == "no_table":
        return f"{mv} : la place {f['seat']} ne touche aucune table, personne ne peut s'y asseoir."
    if code == "nation":
        return (f"{mv} : la place {f['seat']} ne touche que {tw()}, et {g} ne peut s'asseoir "
                f"qu'à une table de sa nationalité.")
    if code == "copies":
        return f"{mv} : les 4 cartes {f['guest']} sont déjà dans le café."
    if code == "must_join":
        return (f"{mv} : {guest_name(f['previous'], 'fr')} en {f['previous_seat']} est seul(e) à "
                f"{tw()}, cette carte doit l'y rejoindre.")
    if code == "alone_last":
        return (f"{mv} : {g} serait seul(e) à {tw()} sans marquer, et aucune autre carte de ce "
                f"tour ne pourrait l'y rejoindre.")
    if code in ("balance", "balance_second", "balance_short", "balance_seated"):
        text = (f"{mv} : {table_words(f['place'], f['nation'], 'fr')} aurait "
                f"{sexes_words(f['women'], f['men'], 'fr')}")
        if code == "balance_second":
            text += ", et une seule table de dames ou d'hommes peut se former par tour"
        if code == "balance_seated":
            kind = "de dames" if f["women"] else "d'hommes"
            text += f", et une table {kind} part d'au plus un client déjà assis"
        if code == "balance_short":
            kind = "de dames" if f["women"] else "d'hommes"
            text += f", et il reste trop peu de cartes ce tour-ci pour en faire une table {kind}"
        return text + "."
    if code == "variant_mixed":
        kind = "de dames" if f["sex"] == "f" else "d'hommes"
        who = "des femmes" if f["sex"] == "f" else "des hommes"
        return (f"{mv} : {table_words(f['place'], f['nation'], 'fr')} devient une table {kind} "
                f"ce tour-ci, seuls {who} peuvent la rejoindre.")
    if code == "variant_short":
        who = "femmes" if f["sex"] == "f" else "hommes"
        kind = "de dames" if f["sex"] == "f" else "d'hommes"
        return (f"{mv} : {table_words(f['place'], f['nation'], 'fr')} aurait encore besoin de "
                f"{f['need']} {who} pour devenir une table {kind}, mais ce tour ne permet plus que "
                f"{f['left']} carte(s).")
    if code == "not_in_hand":
        return f"{mv} : {g} ({f['guest']}) n'est pas dans votre main."
    if code == "empty_turn":
        return "Aucune carte posée ce tour-ci : posez un client, ou tirez une carte."
    if code == "empty_turn_twelve":
        return "Aucune carte posée ce tour-ci : posez un client, ou posez une carte face cachée."
    if code == "unjoined":
        return (f"{guest_name(f['previous'], 'fr')} en {f['previous_seat']} est seul(e) à {tw()} "
                f"et ne marque rien : un autre client doit l'y rejoindre avant la fin du tour.")
    if code == "variant_unfinished":
        kind = "de dames" if f["sex"] == "f" else "d'hommes"
        who = "femmes" if f["sex"] == "f" else "hommes"
        return (f"{table_words(f['place'], f['nation'], 'fr')} n'a que {f['count']} {who} : une "
                f"table {kind} doit en avoir quatre à la fin du tour.")
    if code == "nothing_to_undo":
        return "Aucune carte de ce tour à reprendre."
    if code == "placed_already":
        return (f"Vous avez déjà posé {f['count']} carte(s) ce tour-ci, et un tour est une seule "
                f"action : terminez le tour.")
    if code == "hand_full":
        return "Vous avez 12 cartes, le maximum : posez-en une face cachée."
    if code == "not_twelve":
        return (f"Seul un joueur qui a exactement 12 cartes en pose une face cachée ; vous en "
                f"avez {f['count']}, tirez plutôt.")
    if code == "pile_empty":
        return "La pioche est vide, on ne peut plus tirer."
    if code == "over":
        return "La partie est finie."
    if code == "cannot_declare":
        return (f"Le joueur {f['player']} ne peut pas déclarer la fin : seul un joueur sans "
                f"carte en main le peut, juste après le tour qui l'a vidée ou au début d'un tour "
                f"suivant.")
    raise KeyError(code)


def sentence(code: str, facts: dict, lang: str = "en") -> str:
    """The refusal's sentence in ``lang`` ("en" or "fr")."""
    return _fr(code, facts) if lang == "fr" else _en(code, facts)
