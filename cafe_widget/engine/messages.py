"""The sentences of refusals, built from a code and its facts, in any language of the catalogs.

The engine raises ``IllegalMove(rule, sentence)`` with the English sentence; it also keeps
the code and facts (``error.code``, ``error.facts``) so ``error.sentence("fr")`` can say it
in another language. Each sentence names the card, the seat, the table and what is wrong.
Every sentence here is English source text marked for the catalogs (``cafe_widget/locale``).
Where the words depend on a guest's sex ("her own nation", « seule »), each case is a sentence of
its own, so every language agrees in its own way; nothing is glued from pieces.
"""

from __future__ import annotations

from ..i18n import N_, NN_, NP_, join, say, translate
from .names import TABLE_ADJECTIVES, guest_name

#: "two men and no woman": how many women or men a table would have (R6).
_WOMEN = (N_("no woman"), N_("one woman"), N_("two women"), N_("three women"), N_("four women"))
_MEN = (N_("no man"), N_("one man"), N_("two men"), N_("three men"), N_("four men"))


def table_words(place: str, nation: str, lang: str | None = None) -> str:
    """``"the French table c3"`` / ``"la table française c3"``."""
    return say("the {adjective} table {place}", lang, adjective=TABLE_ADJECTIVES[lang][nation],
               place=place)


def tables_words(pairs, lang: str | None = None) -> str:
    """Several tables: ``"the Russian table b2 and the French table c3"``."""
    return join([table_words(p, n, lang) for p, n in pairs], lang)


def sexes_words(women: int, men: int, lang: str | None = None) -> str:
    """``"two men and no woman"`` / ``"deux hommes et aucune femme"`` (the larger first)."""
    w, m = translate(_WOMEN[women], lang), translate(_MEN[men], lang)
    return join([m, w] if men > women else [w, m], lang)


#: The card game's refusals (docs/RULES.md R4–R14); ``{move}`` is the refused placement. A dict
#: holds one sentence a case: by the guest's sex, the table's kind (R14) or a plural.
CARD = {
    "too_many": N_("{move}: a turn places at most 3 cards."),
    "too_many_variant": N_("{move}: a turn places at most 3 cards, or 4 in a turn that forms a "
                           "ladies' or men's table."),
    "game_over": N_("{move}: the game is over, so no more cards may be placed."),
    "seat_taken": N_("{move}: seat {seat} is already taken by {other}."),
    "no_table": N_("{move}: seat {seat} touches no table, so nobody may sit there."),
    "nation": {
        "woman": N_("{move}: seat {seat} touches only {tables}, and {guest} may sit only at a table "
                    "of her own nation."),
        "man": N_("{move}: seat {seat} touches only {tables}, and {guest} may sit only at a table "
                  "of his own nation."),
    },
    "copies": N_("{move}: all 4 {code} cards are already in the café."),
    "must_join": {
        "woman": N_("{move}: {previous} on {previous_seat} sits alone at {tables}, so this card "
                    "must join her there."),
        "man": N_("{move}: {previous} on {previous_seat} sits alone at {tables}, so this card "
                  "must join him there."),
    },
    "alone_last": {
        "woman": N_("{move}: {guest} would sit alone at {tables} and score nothing, and no further "
                    "card of this turn could join her."),
        "man": N_("{move}: {guest} would sit alone at {tables} and score nothing, and no further "
                  "card of this turn could join him."),
    },
    "balance": N_("{move}: {table} would have {sexes}."),
    "balance_second": N_("{move}: {table} would have {sexes}, and only one ladies' or men's table "
                         "may form in a turn."),
    "balance_seated": {
        "ladies": N_("{move}: {table} would have {sexes}, and a ladies' table may start from at "
                     "most one guest already seated."),
        "men": N_("{move}: {table} would have {sexes}, and a men's table may start from at most "
                  "one guest already seated."),
    },
    "balance_short": {
        "ladies": N_("{move}: {table} would have {sexes}, and too few cards are left this turn to "
                     "make it a ladies' table."),
        "men": N_("{move}: {table} would have {sexes}, and too few cards are left this turn to make "
                  "it a men's table."),
    },
    "variant_mixed": {
        "ladies": N_("{move}: {table} is becoming a ladies' table this turn, so only women may join "
                     "it."),
        "men": N_("{move}: {table} is becoming a men's table this turn, so only men may join it."),
    },
    "variant_short": {
        "ladies": NN_("{move}: {table} would then need {need} more women to become a ladies' "
                      "table, but only {left} more card may follow this turn.",
                      "{move}: {table} would then need {need} more women to become a ladies' "
                      "table, but only {left} more cards may follow this turn."),
        "men": NN_("{move}: {table} would then need {need} more men to become a men's table, but "
                   "only {left} more card may follow this turn.",
                   "{move}: {table} would then need {need} more men to become a men's table, but "
                   "only {left} more cards may follow this turn."),
    },
    "variant_reveal": {
        "ladies": N_("{move}: it would fill a table and turn up a new one from the table pile while "
                     "{table} is still becoming a ladies' table; a table once turned up cannot be "
                     "taken back, so complete the ladies' table first."),
        "men": N_("{move}: it would fill a table and turn up a new one from the table pile while "
                  "{table} is still becoming a men's table; a table once turned up cannot be taken "
                  "back, so complete the men's table first."),
    },
    "not_in_hand": N_("{move}: {guest} ({code}) is not in your hand."),
    "empty_turn": N_("No card has been placed this turn: place a guest, or draw a card instead."),
    "empty_turn_twelve": N_("No card has been placed this turn: place a guest, or lay a card face "
                            "down instead."),
    "unjoined": {
        "woman": N_("{previous} on {previous_seat} sits alone at {tables} and scores nothing: "
                    "another guest must join her before the turn ends."),
        "man": N_("{previous} on {previous_seat} sits alone at {tables} and scores nothing: "
                  "another guest must join him before the turn ends."),
    },
    "variant_unfinished": {
        "ladies": N_("{table} has only {guests}: a ladies' table needs four women by the end of "
                     "the turn."),
        "men": N_("{table} has only {guests}: a men's table needs four men by the end of the "
                  "turn."),
    },
    "nothing_to_undo": N_("There is no card of this turn to take back."),
    "undo_seen": N_("{move} cleared {tables}, and everyone has now seen what came up from the table "
                    "pile, so that card and the cards before it can no longer be taken back. Place "
                    "another card, or end the turn."),
    "placed_already": NN_("You have already placed {count} card this turn, and a turn is one "
                          "action: end the turn instead.",
                          "You have already placed {count} cards this turn, and a turn is one "
                          "action: end the turn instead."),
    "hand_full": N_("You hold 12 cards, the most a hand may hold: lay one face down instead."),
    "not_twelve": N_("Only a player holding exactly 12 cards lays one face down; you hold {count}, "
                     "so draw instead."),
    "pile_empty": N_("The guest pile is empty, so no card can be drawn."),
    "over": N_("The game is over."),
    "cannot_declare": N_("Player {player} may not declare the end: only a player whose hand is "
                         "empty may, right after the turn that emptied it or at the start of a "
                         "later turn."),
}

# -- the board game's refusals (codes beginning with board_, docs/BOARD_RULES.md B1–B14) -------------
# A lady joker is "her" in English and a masculine noun in French (« un joker femme … seul »):
# the "joker" case is the sentence of "woman" in a context of its own.

BOARD = {
    "board_too_many": N_("{move}: a turn seats at most 2 tiles."),
    "board_not_in_hand": N_("{move}: {guest} ({code}) is not in your hand."),
    "board_chair_taken": N_("{move}: chair {chair} is already taken by {other}."),
    "board_nation": {
        "woman": N_("{move}: chair {chair} touches only {tables}, and {guest} may sit only at a "
                    "table of her own nation."),
        "joker": NP_("joker", "{move}: chair {chair} touches only {tables}, and {guest} may sit "
                              "only at a table of her own nation."),
        "man": N_("{move}: chair {chair} touches only {tables}, and {guest} may sit only at a "
                  "table of his own nation."),
    },
    "board_joker_nation": N_("{move}: chair {chair} touches only {tables}, and a joker is declared "
                             "as the nation of one of its chair's tables."),
    "board_joker_undeclared": N_("{move}: chair {chair} touches {tables}: say which nation the "
                                 "joker stands for, for example {example}."),
    "board_copies": N_("{move}: all {count} {code} tiles are already on the board or at the bar."),
    "board_must_join": {
        "woman": N_("{move}: {previous} on {previous_chair} sits alone at {tables}, so this tile "
                    "must join her there."),
        "joker": NP_("joker", "{move}: {previous} on {previous_chair} sits alone at {tables}, so "
                              "this tile must join her there."),
        "man": N_("{move}: {previous} on {previous_chair} sits alone at {tables}, so this tile "
                  "must join him there."),
    },
    "board_alone_last": {
        "woman": N_("{move}: {guest} would sit alone at {tables} and score nothing, and no further "
                    "tile of this turn could join her."),
        "joker": NP_("joker", "{move}: {guest} would sit alone at {tables} and score nothing, and "
                              "no further tile of this turn could join her."),
        "man": N_("{move}: {guest} would sit alone at {tables} and score nothing, and no further "
                  "tile of this turn could join him."),
    },
    "board_no_company": {
        "woman": N_("{move}: {guest} would sit alone at {tables} and score nothing, and no tile "
                    "left in your hand could join her there."),
        "joker": NP_("joker", "{move}: {guest} would sit alone at {tables} and score nothing, and "
                              "no tile left in your hand could join her there."),
        "man": N_("{move}: {guest} would sit alone at {tables} and score nothing, and no tile left "
                  "in your hand could join him there."),
    },
    "board_balance": N_("{move}: {table} would have {sexes}."),
    "board_empty_turn": N_("No tile has been seated this turn: seat a tile, send one to the bar or "
                           "exchange a joker."),
    "board_unjoined": {
        "woman": N_("{previous} on {previous_chair} sits alone at {tables} and scores nothing: "
                    "another tile must join her before the turn ends."),
        "joker": NP_("joker", "{previous} on {previous_chair} sits alone at {tables} and scores "
                              "nothing: another tile must join her before the turn ends."),
        "man": N_("{previous} on {previous_chair} sits alone at {tables} and scores nothing: "
                  "another tile must join him before the turn ends."),
    },
    "board_nothing_to_undo": N_("There is no tile of this turn to take back."),
    "board_placed_already": {
        "move": NN_("{move}: you have already seated {count} tile this turn, and a turn is one "
                    "action: end the turn, or take the tiles back.",
                    "{move}: you have already seated {count} tiles this turn, and a turn is one "
                    "action: end the turn, or take the tiles back."),
        "": NN_("you have already seated {count} tile this turn, and a turn is one action: end the "
                "turn, or take the tiles back.",
                "you have already seated {count} tiles this turn, and a turn is one action: end the "
                "turn, or take the tiles back."),
    },
    "board_bar_full": N_("{move}: all {places} bar places are taken."),
    "board_bar_joker": N_("{move}: a joker goes to the bar only when it has no legal chair, and "
                          "this one has one: {seating}."),
    "board_swap_empty": N_("{move}: chair {chair} is empty; only a seated joker may be exchanged."),
    "board_swap_not_joker": N_("{move}: {other} on {chair} is not a joker; only a seated joker may "
                               "be exchanged."),
    "board_swap_sex": {
        "woman": N_("{move}: the joker on {chair} stands for a woman, so only a woman from your "
                    "hand may take its chair."),
        "man": N_("{move}: the joker on {chair} stands for a man, so only a man from your hand may "
                  "take its chair."),
    },
    "board_over": {"move": N_("{move}: the game is over."), "": N_("the game is over.")},
}
BOARD["board_swap_nation"] = BOARD["board_nation"]


def _tile_sex(tile: str) -> str:
    return tile[1] if tile[0] == "*" else tile[2]


def tile_name(tile: str, lang: str | None = None) -> str:
    """A board-game tile in words: ``"an Italian woman"``, ``"a lady joker"``, ``"a joker
    standing for an Italian woman"`` / « une Italienne », « un joker femme », « un joker valant
    une Italienne »."""
    if tile[0] == "*":
        return say("a lady joker", lang) if tile[1] == "f" else say("a gentleman joker", lang)
    if len(tile) == 4:
        return say("a joker standing for {guest}", lang, guest=guest_name(tile[:3], lang))
    return guest_name(tile, lang)


def _board_move(move: str, lang: str | None) -> str:
    """How a sentence begins with the refused action: ``"ITf@c2"``, ``"RUm to the bar"``,
    ``"ITf@c2 (swap)"`` (notation stays as it is)."""
    head, _, rest = move.partition(" ")
    if head == "bar":
        return say("{tile} to the bar", lang, tile=rest)
    if head == "swap":
        return say("{action} (swap)", lang, action=rest)
    return move


def _case(code: str, f: dict) -> str:
    """Which sentence of a code's cases the facts call for."""
    if code in ("balance_seated", "balance_short"):
        return "ladies" if f["women"] else "men"
    if code.startswith("variant_"):
        return "ladies" if f["sex"] == "f" else "men"
    if code in ("board_placed_already", "board_over"):
        return "move" if f.get("move") else ""
    if code == "board_swap_sex":
        return "woman" if _tile_sex(f["other"]) == "f" else "man"
    who = f.get("previous") or f.get("guest") or f.get("tile")
    if code.startswith("board_") and (who[0] == "*" or len(who) == 4):
        return "joker" if _tile_sex(who) == "f" else "man"
    return "woman" if _tile_sex(who) == "f" else "man"


def sentence(code: str, facts: dict, lang: str | None = None) -> str:
    """The refusal's sentence in ``lang`` (by default the current language)."""
    board = code.startswith("board_")
    entry = (BOARD if board else CARD)[code]
    name = tile_name if board else guest_name
    f = facts
    words = {k: v for k, v in f.items() if isinstance(v, (str, int))}
    if "move" in f:
        words["move"] = _board_move(f["move"], lang) if board else f["move"]
    for key in ("guest", "tile"):
        if key in f:
            words["guest"], words["code"] = name(f[key], lang), f[key]
    for key in ("other", "previous"):
        if key in f:
            words[key] = name(f[key], lang)
    if "tables" in f:
        words["tables"] = tables_words(f["tables"], lang)
    if "place" in f:
        words["table"] = table_words(f["place"], f["nation"], lang)
    if "women" in f:
        words["sexes"] = sexes_words(f["women"], f["men"], lang)
    if code == "variant_unfinished":
        words["guests"] = translate((_WOMEN if f["sex"] == "f" else _MEN)[f["count"]], lang)
    if code == "board_joker_undeclared":
        words["example"] = f"{f['tables'][0][1]}{f['move'][1]}*@{f['chair']}"
    if isinstance(entry, dict):
        entry = entry[_case(code, f)]
    n = f.get("left", f.get("count"))
    return translate(entry, lang, n).format(**words)

