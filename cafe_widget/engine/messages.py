"""The sentences of refusals, in English and French, built from a code and its facts.

The engine raises ``IllegalMove(rule, sentence)`` with the English sentence; it also keeps
the code and facts (``error.code``, ``error.facts``) so ``error.sentence("fr")`` can say it
in French. Each sentence names the card, the seat, the table and what is wrong.
"""

from __future__ import annotations

import re

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
        return (f"{mv} : {guest_name(f['previous'], 'fr')} en {f['previous_seat']} est "
                f"{alone_fr(f['previous'])} à {tw()}, cette carte doit l'y rejoindre.")
    if code == "alone_last":
        return (f"{mv} : {g} serait {alone_fr(f['guest'])} à {tw()} sans marquer, et aucune autre carte de ce "
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
                f"ce tour-ci, {'seules' if f['sex'] == 'f' else 'seuls'} {who} peuvent la rejoindre.")
    if code == "variant_short":
        who = "femmes" if f["sex"] == "f" else "hommes"
        kind = "de dames" if f["sex"] == "f" else "d'hommes"
        return (f"{mv} : {table_words(f['place'], f['nation'], 'fr')} aurait encore besoin de "
                f"{f['need']} {who} pour devenir une table {kind}, mais ce tour ne permet plus que "
                f"{f['left']} carte{'s' if f['left'] > 1 else ''}.")
    if code == "not_in_hand":
        return f"{mv} : {g} ({f['guest']}) n'est pas dans votre main."
    if code == "empty_turn":
        return "Aucune carte posée ce tour-ci : posez un client, ou piochez une carte."
    if code == "empty_turn_twelve":
        return "Aucune carte posée ce tour-ci : posez un client, ou posez une carte face cachée."
    if code == "unjoined":
        return (f"{guest_name(f['previous'], 'fr')} en {f['previous_seat']} est {alone_fr(f['previous'])} à {tw()} "
                f"et ne marque rien : un autre client doit l'y rejoindre avant la fin du tour.")
    if code == "variant_unfinished":
        kind = "de dames" if f["sex"] == "f" else "d'hommes"
        who = "femmes" if f["sex"] == "f" else "hommes"
        return (f"{table_words(f['place'], f['nation'], 'fr')} n'a que {f['count']} {who} : une "
                f"table {kind} doit en avoir quatre à la fin du tour.")
    if code == "nothing_to_undo":
        return "Aucune carte de ce tour à reprendre."
    if code == "placed_already":
        return (f"Vous avez déjà posé {f['count']} carte{'s' if f['count'] > 1 else ''} ce tour-ci, et un tour est une seule "
                f"action : terminez le tour.")
    if code == "hand_full":
        return "Vous avez 12 cartes, le maximum : posez-en une face cachée."
    if code == "not_twelve":
        return (f"Seul un joueur qui a exactement 12 cartes en pose une face cachée ; vous en "
                f"avez {f['count']}, piochez plutôt.")
    if code == "pile_empty":
        return "La pioche est vide, on ne peut plus tirer."
    if code == "over":
        return "La partie est finie."
    if code == "cannot_declare":
        return (f"Le joueur {f['player']} ne peut pas déclarer la fin : seul un joueur sans "
                f"carte en main le peut, juste après le tour qui l'a vidée ou au début d'un tour "
                f"suivant.")
    raise KeyError(code)


def alone_fr(guest: str) -> str:
    """« seule » for a woman, « seul » for a man."""
    return "seule" if guest.endswith("f") else "seul"


def alone_words(guest: str) -> dict:
    """The facts a French sentence about a guest sitting alone needs, agreeing with the guest:
    « seule … la rejoindre » for a woman, « seul … le rejoindre » for a man."""
    woman = guest.endswith("f")
    return {"seul": "seule" if woman else "seul", "le": "la" if woman else "le",
            "Elle": "Elle" if woman else "Il"}


# -- the board game's refusals (codes beginning with board_, BOARD_RULES.md B1–B14) -------------

def _tile_sex(tile: str) -> str:
    return tile[1] if tile[0] == "*" else tile[2]


def tile_name(tile: str, lang: str = "en") -> str:
    """A board-game tile in words: ``"an Italian woman"``, ``"a lady joker"``, ``"a joker
    standing for an Italian woman"`` / « une Italienne », « un joker femme », « un joker valant
    une Italienne »."""
    if tile[0] == "*":
        if lang == "fr":
            return "un joker femme" if tile[1] == "f" else "un joker homme"
        return "a lady joker" if tile[1] == "f" else "a gentleman joker"
    if len(tile) == 4:
        if lang == "fr":
            return "un joker valant " + guest_name(tile[:3], "fr")
        return "a joker standing for " + guest_name(tile[:3])
    return guest_name(tile, lang)


def _board_move(move: str, lang: str) -> str:
    """How a sentence begins with the refused action: ``"ITf@c2"``, ``"RUm to the bar"``,
    ``"ITf@c2 (swap)"`` (a sentence begins with a capital, and notation must stay as it is)."""
    head, _, rest = move.partition(" ")
    if head == "bar":
        return f"{rest} {'au bar' if lang == 'fr' else 'to the bar'}"
    if head == "swap":
        return f"{rest} ({'échange' if lang == 'fr' else 'swap'})"
    return move


def _board_en(code: str, f: dict) -> str:
    mv = _board_move(f.get("move", ""), "en")
    t = tile_name(f["tile"]) if "tile" in f else ""
    him = ("her" if _tile_sex(f["tile"]) == "f" else "him") if "tile" in f else ""

    def tw(key="tables"):
        return tables_words(f[key])

    if code == "board_too_many":
        return f"{mv}: a turn seats at most 2 tiles."
    if code == "board_not_in_hand":
        return f"{mv}: {t} ({f['tile']}) is not in your hand."
    if code == "board_chair_taken":
        return f"{mv}: chair {f['chair']} is already taken by {tile_name(f['other'])}."
    if code == "board_nation":
        return (f"{mv}: chair {f['chair']} touches only {tw()}, and {t} may sit only at a table "
                f"of {'her' if _tile_sex(f['tile']) == 'f' else 'his'} own nation.")
    if code == "board_joker_nation":
        return (f"{mv}: chair {f['chair']} touches only {tw()}, and a joker is declared as the "
                f"nation of one of its chair's tables.")
    if code == "board_joker_undeclared":
        return (f"{mv}: chair {f['chair']} touches {tw()}: say which nation the joker stands for, "
                f"for example {f['tables'][0][1]}{f['move'][1]}*@{f['chair']}.")
    if code == "board_copies":
        return f"{mv}: all {f['count']} {f['tile']} tiles are already on the board or at the bar."
    if code == "board_must_join":
        prev = f["previous"]
        return (f"{mv}: {tile_name(prev)} on {f['previous_chair']} sits alone at {tw()}, so this "
                f"tile must join {'her' if _tile_sex(prev) == 'f' else 'him'} there.")
    if code == "board_alone_last":
        return (f"{mv}: {t} would sit alone at {tw()} and score nothing, and no further tile of "
                f"this turn could join {him}.")
    if code == "board_no_company":
        return (f"{mv}: {t} would sit alone at {tw()} and score nothing, and no tile left in your "
                f"hand could join {him} there.")
    if code == "board_balance":
        return (f"{mv}: {table_words(f['place'], f['nation'])} would have "
                f"{sexes_words(f['women'], f['men'])}.")
    if code == "board_empty_turn":
        return ("No tile has been seated this turn: seat a tile, send one to the bar or exchange "
                "a joker.")
    if code == "board_unjoined":
        prev = f["previous"]
        return (f"{tile_name(prev)} on {f['previous_chair']} sits alone at {tw()} and scores "
                f"nothing: another tile must join {'her' if _tile_sex(prev) == 'f' else 'him'} "
                f"before the turn ends.")
    if code == "board_nothing_to_undo":
        return "There is no tile of this turn to take back."
    if code == "board_placed_already":
        n = f["count"]
        return (f"{mv + ': ' if mv else ''}you have already seated {n} tile{'s' if n > 1 else ''} this "
                f"turn, and a turn is one action: end the turn, or take the tiles back.")
    if code == "board_bar_full":
        return f"{mv}: all {f['places']} bar places are taken."
    if code == "board_bar_joker":
        return (f"{mv}: a joker goes to the bar only when it has no legal chair, and this one "
                f"has one: {f['seating']}.")
    if code == "board_swap_empty":
        return f"{mv}: chair {f['chair']} is empty; only a seated joker may be exchanged."
    if code == "board_swap_not_joker":
        return (f"{mv}: {tile_name(f['other'])} on {f['chair']} is not a joker; only a seated "
                f"joker may be exchanged.")
    if code == "board_swap_sex":
        who = "woman" if _tile_sex(f["other"]) == "f" else "man"
        return (f"{mv}: the joker on {f['chair']} stands for a {who}, so only a {who} from your "
                f"hand may take its chair.")
    if code == "board_swap_nation":
        return (f"{mv}: chair {f['chair']} touches only {tw()}, and {t} may sit only at a table "
                f"of {'her' if _tile_sex(f['tile']) == 'f' else 'his'} own nation.")
    if code == "board_over":
        return f"{mv + ': ' if mv else ''}the game is over."
    raise KeyError(code)


def _board_fr(code: str, f: dict) -> str:
    mv = _board_move(f.get("move", ""), "fr")
    t = tile_name(f["tile"], "fr") if "tile" in f else ""

    def tw(key="tables"):
        return tables_words(f[key], "fr")

    def seul(tile):
        return "seule" if _tile_sex(tile) == "f" and tile[0] != "*" and len(tile) == 3 else "seul"

    if code == "board_too_many":
        return f"{mv} : un tour assoit au plus 2 tuiles."
    if code == "board_not_in_hand":
        return f"{mv} : {t} ({f['tile']}) n'est pas dans votre main."
    if code == "board_chair_taken":
        return f"{mv} : la chaise {f['chair']} est déjà prise par {tile_name(f['other'], 'fr')}."
    if code in ("board_nation", "board_swap_nation"):
        return (f"{mv} : la chaise {f['chair']} ne touche que {tw()}, et {t} ne peut s'asseoir "
                f"qu'à une table de sa nationalité.")
    if code == "board_joker_nation":
        return (f"{mv} : la chaise {f['chair']} ne touche que {tw()}, et un joker prend la "
                f"nationalité d'une des tables de sa chaise.")
    if code == "board_joker_undeclared":
        return (f"{mv} : la chaise {f['chair']} touche {tw()} : dites quelle nationalité le joker "
                f"prend, par exemple {f['tables'][0][1]}{f['move'][1]}*@{f['chair']}.")
    if code == "board_copies":
        return f"{mv} : les {f['count']} tuiles {f['tile']} sont déjà sur le plateau ou au bar."
    if code == "board_must_join":
        prev = f["previous"]
        return (f"{mv} : {tile_name(prev, 'fr')} en {f['previous_chair']} est {seul(prev)} à "
                f"{tw()}, cette tuile doit l'y rejoindre.")
    if code == "board_alone_last":
        return (f"{mv} : {t} serait {seul(f['tile'])} à {tw()} sans marquer, et aucune autre tuile "
                f"de ce tour ne pourrait l'y rejoindre.")
    if code == "board_no_company":
        return (f"{mv} : {t} serait {seul(f['tile'])} à {tw()} sans marquer, et aucune tuile de "
                f"votre main ne pourrait l'y rejoindre.")
    if code == "board_balance":
        return (f"{mv} : {table_words(f['place'], f['nation'], 'fr')} aurait "
                f"{sexes_words(f['women'], f['men'], 'fr')}.")
    if code == "board_empty_turn":
        return ("Aucune tuile assise ce tour-ci : asseyez une tuile, envoyez-en une au bar ou "
                "échangez un joker.")
    if code == "board_unjoined":
        prev = f["previous"]
        return (f"{tile_name(prev, 'fr')} en {f['previous_chair']} est {seul(prev)} à {tw()} et "
                f"ne marque rien : une autre tuile doit l'y rejoindre avant la fin du tour.")
    if code == "board_nothing_to_undo":
        return "Aucune tuile de ce tour à reprendre."
    if code == "board_placed_already":
        n = f["count"]
        return (f"{mv + ' : ' if mv else ''}vous avez déjà assis {n} tuile{'s' if n > 1 else ''} ce "
                f"tour-ci, et un tour est une seule action : terminez le tour, ou reprenez les tuiles.")
    if code == "board_bar_full":
        return f"{mv} : les {f['places']} places du bar sont prises."
    if code == "board_bar_joker":
        return (f"{mv} : un joker ne va au bar que s'il n'a aucune chaise permise, et celui-ci en "
                f"a une : {f['seating']}.")
    if code == "board_swap_empty":
        return f"{mv} : la chaise {f['chair']} est vide ; seul un joker assis peut être échangé."
    if code == "board_swap_not_joker":
        return (f"{mv} : {tile_name(f['other'], 'fr')} en {f['chair']} n'est pas un joker ; seul "
                f"un joker assis peut être échangé.")
    if code == "board_swap_sex":
        who = "une femme" if _tile_sex(f["other"]) == "f" else "un homme"
        return (f"{mv} : le joker en {f['chair']} vaut {who}, seul{'e' if who == 'une femme' else ''} "
                f"{who} de votre main peut prendre sa chaise.")
    if code == "board_over":
        return f"{mv + ' : ' if mv else ''}la partie est finie."
    raise KeyError(code)


def sentence(code: str, facts: dict, lang: str = "en") -> str:
    """The refusal's sentence in ``lang`` ("en" or "fr")."""
    if code.startswith("board_"):
        return _board_fr(code, facts) if lang == "fr" else _board_en(code, facts)
    return _fr(code, facts) if lang == "fr" else _en(code, facts)


# -- notation errors in French ------------------------------------------------------------------
# The engine words a NotationError in English (field, token, problem); these say it in French.
# Each pattern matches an English problem the engine raises (a test walks them all).

NOTATION_FIELDS_FR = {
    "café": "café", "tables": "tables", "seats": "places", "table pile": "pioche des tables",
    "placement": "placement", "guest": "client", "hand": "main", "game": "partie",
    "guest pile": "pioche", "hands": "mains", "face-down": "cartes cachées", "scores": "scores",
    "status": "état", "json": "json", "action": "action", "turn": "tour", "puzzle": "problème",
    "level": "niveau", "variant": "variante", "best": "meilleur", "seat": "place",
    # the board game
    "board": "plateau", "chairs": "chaises", "chair": "chaise", "bar": "bar", "bag": "sac",
    "tile": "tuile", "hand sizes": "tailles de main", "out": "éliminés", "swap": "échange",
}

_PROBLEMS_FR = (
    (r"is not text", "n'est pas du texte"),
    (r"is not text: write (.*)", "n'est pas du texte : écrivez {0}"),
    (r"is not a game: give a Game, for example (.*)", "n'est pas une partie : donnez un Game, par exemple {0}"),
    (r"is not a number: give (x|y) as canvas pixels, for example (.*)",
     "n'est pas un nombre : donnez {0} en pixels du canevas, par exemple {1}"),
    (r"is not a guest: write a nation code and f or m, for example RUf or ITm",
     "n'est pas un client : écrivez un code de nation et f ou m, par exemple RUf ou ITm"),
    (r"is not a guest: write a nation code and f or m(.*)",
     "n'est pas un client : écrivez un code de nation et f ou m{0}"),
    (r"is not a nation code \((.*)\)", "n'est pas un code de nation ({0})"),
    (r"is not a placement: write guest@seat, for example (\S+)",
     "n'est pas un placement : écrivez client@place, par exemple {0}"),
    (r"names no seat after @: write guest@seat, for example (\S+)",
     "ne nomme aucune place après @ : écrivez client@place, par exemple {0}"),
    (r"names no card: write guest@seat, for example (\S+)",
     "ne nomme aucune carte : écrivez client@place, par exemple {0}"),
    (r"is where a table stands, not a seat", "est l'emplacement d'une table, pas une place"),
    (r"is not a seat \((.*)\)", "n'est pas une place ({0})"),
    (r"has more than 3 fields \(tables \| seats \| table pile\)",
     "a plus de 3 champs (tables | places | pioche des tables)"),
    (r"must name 5 tables \(b2 d2 c3 b4 d4\), not (\d+); use - for a missing one",
     "doit nommer 5 tables (b2 d2 c3 b4 d4), pas {0} ; écrivez - pour une table absente"),
    (r"is a full table; a full table is cleared at once \(R9\)",
     "est une table pleine ; une table pleine est débarrassée aussitôt (R9)"),
    (r"is not seat:guest, for example (\S+)", "n'est pas place:client, par exemple {0}"),
    (r"names seat (\w+) a second time", "nomme la place {0} une seconde fois"),
    (r"appears (\d+) times; the game has only (\d+) \(R1\)",
     "apparaît {0} fois ; le jeu n'en a que {1} (R1)"),
    (r"table appears (\d+) times; the game has only (\d+) \(R1\)",
     "est une table présente {0} fois ; le jeu n'en a que {1} (R1)"),
    (r"is not declare:N with N a player from 1 to (\d+)",
     "n'est pas declare:N avec N un joueur de 1 à {0}"),
    (r"has (\d+) fields, not 8: .*",
     "a {0} champs, pas 8 : tables | places | pioche des tables | pioche | mains | cartes "
     "cachées | scores | état"),
    (r"has (\d+) hands; 2 to 5 players play \(R3\)", "a {0} mains ; on joue de 2 à 5 (R3)"),
    (r"has (\d+) groups, not (\d+)", "a {0} groupes, pas {1}"),
    (r"is not a score \(a whole number below a million\)",
     "n'est pas un score (un nombre entier inférieur à un million)"),
    (r"has (\d+) scores, not (\d+)", "a {0} scores, pas {1}"),
    (r"holds (\d+) cards; the limit is 12 \(R10\)", "a {0} cartes ; la limite est 12 (R10)"),
    (r"names a player whose hand is not empty \(R12c\)",
     "nomme un joueur dont la main n'est pas vide (R12c)"),
    (r"cannot follow over: the game is over", "ne peut pas suivre over : la partie est finie"),
    (r"is not a legal card of the turn in progress: (.*)",
     "n'est pas une carte permise du tour en cours : {0}"),
    (r"ends the game; write the position after it",
     "termine la partie ; écrivez la position d'après"),
    (r"is not JSON \((.*)\)", "n'est pas du JSON ({0})"),
    (r"is not a whole save: it breaks at character (\d+) \(paste the save whole\)",
     "n'est pas une sauvegarde entière : elle se brise au caractère {0} (collez la sauvegarde entière)"),
    (r"is not a whole save: it is not JSON \(paste the save whole\)",
     "n'est pas une sauvegarde entière : ce n'est pas du JSON (collez la sauvegarde entière)"),
    (r"is not ('.*')", "n'est pas {0}"),
    (r"is not 1, 2 or 3", "n'est pas 1, 2 ou 3"),
    (r"is not 'variant' or '-'", "n'est pas 'variant' ou '-'"),
    (r"is not a number of points", "n'est pas un nombre de points"),
    (r"must have 7 fields: (.*)", "doit avoir 7 champs : {0}"),
    (r"must be 1", "doit valoir 1"),
    (r"must be a list of actions in notation", "doit être une liste d'actions en notation"),
    (r"must be a whole number or null", "doit être un nombre entier ou null"),
    (r"cannot be replayed: (.*)", "ne peut pas être rejoué : {0}"),
    (r"\(action (\d+)\) cannot be replayed: (.*)", "(action {0}) ne peut pas être rejouée : {1}"),
    (r"is (-?\d+), whose deal differs from the save's start in its (.*): the save was edited "
     r"\(a dealt game replays from its seed\)",
     "vaut {0}, dont la donne diffère du début de la sauvegarde ({1}) : la sauvegarde a été modifiée "
     "(une partie distribuée se rejoue depuis sa graine)"),
    (r"is (-?\d+), whose deal differs from the save's start: the save was edited",
     "vaut {0}, dont la donne diffère du début de la sauvegarde : la sauvegarde a été modifiée"),
    (r"must be the game notation the save starts from", "doit être la notation de partie où commence la sauvegarde"),
    (r"holds more than a game can reach: at most (\d+) before the points the guests still to place can score \(R8\)",
     "dépasse ce qu'une partie peut atteindre : au plus {0} avant les points que peuvent marquer les clients "
     "encore à placer (R8)"),
    (r"is empty but the game goes on: drawing the last guest card ends the game \(R12b\)",
     "est vide mais la partie continue : piocher la dernière carte client termine la partie (R12b)"),
    (r"holds more than a game can reach: at most (\d+) before the points still to win \(B8, B9\)",
     "dépasse ce qu'une partie peut atteindre : au plus {0} avant les points encore à gagner (B8, B9)"),
    (r"goes on, but the game is over by (B13\w): write over:(B13\w)",
     "continue, mais la partie est finie par {0} : écrivez over:{1}"),
    (r"names a player who has no action left: a position the rules cannot reach \(B4\)",
     "nomme un joueur qui n'a plus aucune action : une position que les règles ne peuvent atteindre (B4)"),
    (r"holds a turn in progress; a dealt game starts from its deal",
     "contient un tour en cours ; une partie distribuée commence par sa donne"),
    (r"is not a player: give a number from 0 to (\d+) \(0 is the first player\)",
     "n'est pas un joueur : donnez un nombre de 0 à {0} (0 est le premier joueur)"),
    (r"is not a player of this game: give a number from 0 to (\d+) \(0 is the first player\)",
     "n'est pas un joueur de cette partie : donnez un nombre de 0 à {0} (0 est le premier joueur)"),
    (r"does not match the game its actions replay",
     "ne correspond pas à la partie que rejouent ses actions"),
    (r"must name a player from 1 to (\d+)", "doit nommer un joueur de 1 à {0}"),
    (r"is not one of to:N, variant, declare:N, over:R12a\|R12b\|R12c, turn:…",
     "n'est pas l'un de to:N, variant, declare:N, over:R12a|R12b|R12c, turn:…"),
    (r"must say whose turn it is: to:N", "doit dire à qui c'est le tour : to:N"),
    (r"is not a hand: give guest codes, as a list or (.*)",
     "n'est pas une main : donnez des codes de clients, en liste ou en texte"),
    (r"is not a café: give café notation or a Cafe",
     "n'est pas un café : donnez une notation de café ou un Cafe"),
    (r"is not a list of seats, for example (.*)",
     "n'est pas une liste de places, par exemple {0}"),
    (r"is not a card you may place here", "n'est pas une carte que vous pouvez poser ici"),
    (r"is not asked here: click the seats, or type them",
     "n'est pas demandé ici : cliquez les places, ou tapez-les"),
)

# The board game's notation errors (cafe_widget.engine.board and board_game).
_PROBLEMS_FR += (
    (r"is not a tile: write a nation code and f or m \(ITf\), or a joker \*f or \*m",
     "n'est pas une tuile : écrivez un code de nation et f ou m (ITf), ou un joker *f ou *m"),
    (r"is not a seated tile: write a guest \(ITf\) or a joker with the nation it is declared as \(ITf\*\)",
     "n'est pas une tuile assise : écrivez un client (ITf) ou un joker suivi de la nationalité "
     "qu'il prend (ITf*)"),
    (r"is not a hand: give tiles, as a list or as text such as 'ITf \*m'",
     "n'est pas une main : donnez des tuiles, en liste ou en texte comme 'ITf *m'"),
    (r"is where a table stands, not a chair", "est l'emplacement d'une table, pas une chaise"),
    (r"is not a chair of the board: write its cell, for example (\w+) or (\w+)",
     "n'est pas une chaise du plateau : écrivez sa case, par exemple {0} ou {1}"),
    (r"is not a placement: write tile@chair, for example (\S+) or (\S+)",
     "n'est pas un placement : écrivez tuile@chaise, par exemple {0} ou {1}"),
    (r"names no chair after @: write tile@chair, for example (\S+)",
     "ne nomme aucune chaise après @ : écrivez tuile@chaise, par exemple {0}"),
    (r"is not an action: write ITf@c2, ITf\*@c2, two placements \(CFf@a2, CFm@b1\), bar ITf or swap ITf@c2",
     "n'est pas une action : écrivez ITf@c2, ITf*@c2, deux placements (CFf@a2, CFm@b1), bar ITf "
     "ou swap ITf@c2"),
    (r"is not one bar action: write (.*)", "n'est pas une seule action bar : écrivez {0}"),
    (r"is not one swap action: write (.*)", "n'est pas un seul échange : écrivez {0}"),
    (r"names a joker: write the tile from your hand that takes the joker's chair, for example (.*)",
     "nomme un joker : écrivez la tuile de votre main qui prend la chaise du joker, par exemple {0}"),
    (r"appears (\d+) times; the game has only (\d+) \(B1\)",
     "apparaît {0} fois ; le jeu n'en a que {1} (B1)"),
    (r"has more than 2 fields \(chairs \| bar\)", "a plus de 2 champs (chaises | bar)"),
    (r"is not chair:tile, for example (\S+) or (\S+)",
     "n'est pas chaise:tuile, par exemple {0} ou {1}"),
    (r"names chair (\w+) a second time", "nomme la chaise {0} une seconde fois"),
    (r"holds (\d+) tiles; the bar has only (\d+) places \(B9\)",
     "a {0} tuiles ; le bar n'a que {1} places (B9)"),
    (r"sits at no table of its nation: chair (\w+) touches (.*) \(B5\)",
     "n'est à aucune table de sa nationalité : la chaise {0} touche {1} (B5)"),
    (r"holds (\d+) women and (\d+) men; the sexes at a table must balance \(B6\)",
     "a {0} femmes et {1} hommes ; les sexes d'une table doivent s'équilibrer (B6)"),
    (r"has (\d+) fields; a board game has 8: (.*)",
     "a {0} champs ; une partie du jeu de plateau en a 8 : chaises | bar | sac | mains | "
     "tailles de main | scores | éliminés | état"),
    (r"has (\d+) hands; 2 to 4 players play \(B3\)", "a {0} mains ; on joue de 2 à 4 (B3)"),
    (r"holds (\d+) tiles; a hand holds at most (\d+) \(B3\)",
     "a {0} tuiles ; une main en a au plus {1} (B3)"),
    (r"is not a hand size \(a whole number from 0 to (\d+), B12\)",
     "n'est pas une taille de main (un nombre entier de 0 à {0}, B12)"),
    (r"has (\d+) hand sizes, not (\d+)", "a {0} tailles de main, pas {1}"),
    (r"is not a player from 1 to (\d+)", "n'est pas un joueur de 1 à {0}"),
    (r"names player (\d+) twice", "nomme le joueur {0} deux fois"),
    (r"is out but still holds tiles \(B9\)", "est éliminé mais a encore des tuiles (B9)"),
    (r"is out but has points; a player out has paid all they had \(B9\)",
     "est éliminé mais a des points ; un joueur éliminé a payé tout ce qu'il avait (B9)"),
    (r"is not one of to:N, over:B13a to B13e, turn:…",
     "n'est pas l'un de to:N, over:B13a à B13e, turn:…"),
    (r"names a player who is out \(B9\)", "nomme un joueur éliminé (B9)"),
    (r"is not a legal tile of the turn in progress: (.*)",
     "n'est pas une tuile permise du tour en cours : {0}"),
    (r"does not match the game its seed deals",
     "ne correspond pas à la partie que distribue sa graine"),
)
_PROBLEMS_FR = tuple((re.compile(p), fr) for p, fr in _PROBLEMS_FR)


def problem_fr(problem: str) -> str | None:
    """The French for an English problem of a NotationError, or None if none is known."""
    for pattern, fr in _PROBLEMS_FR:
        m = pattern.fullmatch(problem)
        if m:
            return fr.format(*m.groups())
    return None


def notation_sentence(field: str, token: str, problem: str, lang: str = "en") -> str:
    """``"tables: 'XX' is not a nation code (…)"`` in ``lang``."""
    if lang == "fr":
        fr = problem_fr(problem)
        if fr is not None:
            return f"{NOTATION_FIELDS_FR.get(field, field)} : {token!r} {fr}"
    return f"{field}: {token!r} {problem}"
