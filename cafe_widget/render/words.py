"""Every word the café shows, in English and French, and the views of a café or a game."""

from __future__ import annotations

from ..engine import Cafe, Game
from ..engine.cards import TABLE_ADJECTIVES
from ..engine.messages import alone_words
from .scene import PlayerLine, View

WORDS = {
    "en": {
        "new_game": "New game",
        "computer_head": "*{name}: +{points}",
        "new_confirm": "Start a new game? This one would be lost (w.save() keeps it as text): click "
                       "New game again to start.",
        "new_started": "New game, seed {seed}.",
        "load_confirm": "Replace the game? The game so far would be lost (w.save() keeps it as "
                        "text): click Load again to replace it.",
        "alone_line": "alone: no points yet, must be joined (R7)",
        "command_placeholder": "a move: RUf@c2, ITf@c4 · draw · end · undo · down ITm · declare · hint",
        "command_hint": "a move: RUf@c2, ITf@c4 · {words}",
        "command_button": "Play",
        "command_unknown": "{text!r} is not a move: write a placement or a turn (RUf@c2, ITf@c4), or "
                           "one of: {actions}.",
        "command_not_now": "{text!r}: there is no {action} here now; you may use: {actions}.",
        "check": "Check", "show_best": "Show best", "next": "Next puzzle", "show_answer": "Show answer",
        "clear_marks": "Clear", "try": "Try from here", "live": "Back to game", "review": "Review",
        "scoresheet": "Scoresheet", "review_title": "Review",
        "puzzle_title": "Puzzle {n} of {total} · level {level}", "puzzle_one": "Puzzle",
        "puzzle_of": "Puzzle {n} of {total}",
        "puzzle_numbered": "Puzzle {number} · level {level} ({n} of {total})",
        "not_counted": " (after Show best: not counted as solved)",
        "history_read_start": "You are looking back at the start of the game (read-only): ▶ steps forward, Back to game to play on.",
        "puzzle_task": "*Find the best turn",
        "puzzle_how": "Place 1–3 cards as in a game (R4), then Check.",
        "puzzle_variant": "Ladies' and men's tables are on: 4 cards then (R14).",
        "puzzle_count": "Solved: {solved} of {total}",
        "puzzle_welcome": "Find the best turn with this hand: place cards as in a game, then Check. "
                          "Show best gives the answer.",
        "puzzle_hand": "Your hand ({count})",
        "puzzle_solved_all": "Level done: {solved} of {total} solved. Back to the first puzzle of the level.",
        "puzzle_already": "This puzzle is over: Next puzzle, or Undo to try again.",
        "seats_title": "Where may {guest} sit?",
        "seats_how": "*Click every seat where {guest} may sit",
        "seats_how2": "as the first card of a turn, then Check.",
        "seats_welcome": "Click every seat where {guest} may sit (as the first card of a turn), then "
                         "Check. Click a seat again to unmark it.",
        "seats_marked": "Marked: {seats}.",
        "seats_guest": "The guest: {guest}",
        "seats_card": "This is the guest to seat: click the seats where she or he may sit.",
        "seats_cleared": "Marks cleared.",
        "history_title": "Turn {n} of {total}", "history_start": "The start of the game",
        "history_hand": "Looking back, read-only: ◀ ▶ step; Try from here plays on from this café.",
        "history_read_only": "You are looking back at turn {n} of {total} (read-only): ◀ ▶ step, "
                             "Back to game to play on.",
        "history_live_first": "{text!r}: you are looking back at the game, which changes nothing; go back "
                              "to the live game first (Back to game, or type live), or Try from here.",
        "loaded_by_hand": "Loaded: {what}. A game set up by hand (no seed): its start is taken as written.",
        "save_other_game": "This is a save of the board game: open it in a BoardWidget.",
        "declare_computer": "{text!r}: player {n} is a computer; only a person declares from here (R12c).",
        "history_shown": "Turn {n} of {total}: {what}",
        "history_shown_start": "The start of the game (read-only): ▶ steps forward.",
        "row_turn": "{n}. {name}: {turn} +{points}", "row_draw": "{n}. {name}: draws",
        "row_down": "{n}. {name}: lays a card face down", "row_declare": "{n}. {name}: declares the end",
        "row_best": " · best {points}", "row_best_same": " · best ✓",
        "what_turn": "{name} played {turn}: {points} points.", "what_draw": "{name} drew a card.",
        "what_down": "{name} laid a card face down.", "what_declare": "{name} declared the end (R12c).",
        "entry_best": "*Best then: {points} points",
        "entry_best_none": "No card could be placed then.",
        "entry_best_same": "*That was the best turn then.",
        "history_best": "The best turn then, on the café before it: {turn} = {points} points "
                        "(played: {played}).",
        "history_best_none": "No best turn to show: {why}",
        "history_best_private": "it was not your turn",
        "history_best_hidden": "it would tell what another person held",
        "history_best_no_turn": "no card could be placed then.",
        "tried": "Sandbox from turn {n}: this café with its table pile. Back to game returns to the game.",
        "tried_start": "Sandbox from the start of the game: this café with its table pile. Back to game "
                       "returns to the game.",
        "tried_turn": "Turn {n} again, as a puzzle: the café before it and the hand you had. Find the best "
                      "turn, then Check; Back to game returns to the game.",
        "back_live": "Back to the game.",
        "review_on": "Review: for each of your placing turns, the best turn you could have made then "
                     "(green: you made it). Click a row to see it.",
        "review_off": "Scoresheet: click a row to see that turn.",
        "short_player": "P{n}", "short_computer": "C{n}",
        "undo": "Undo", "end": "End turn", "draw": "Draw", "down": "Face down",
        "declare": "Declare end", "keep": "Keep turn", "clear": "Empty café",
        "player": "Player {n}", "computer": "Computer {n}", "computer_kind": "Computer {n} ({kind})",
        "kinds": {"random": "random", "greedy": "greedy", "steady": "steady", "strong": "strong"},
        "hint": "Hint",
        "hint_turn": "Hint, not played: {turn} = {points} points, the most this hand can make "
                     "now (the seats are numbered in order).",
        "hint_mid": "Hint, not played: finish with {turn}; this turn then makes {points} points.",
        "hint_undo": " Taking your cards back could make {points}.",
        "hint_end": "Hint: no card adds points now; end the turn ({points} points).",
        "hint_none_draw": "Hint: no card of this hand may be placed now (R5–R7): draw a card (R10).",
        "hint_none_down": "Hint: no card of this hand may be placed now (R5–R7): lay one face down (R11).",
        "hint_undo_all": "Hint: no card can finish this turn: {reason} Undo your cards.",
        "hint_none": "Hint: nothing can be placed now.",
        "hint_palette": "Hint, not played: {turn} = {points} points, the best turn any guests could make here.",
        "hint_head": "*Hint: {points} points",
        "your_hand": "Hand of {name}: {count} card{s}",
        "all_hands": "Hand of {name} ({count}); every hand is shown (teaching mode)",
        "palette": "Palette: every kind of guest. Pick one, then a lit seat.",
        "piles": "Guest pile {guests} · table pile {tables}",
        "table_pile": "Table pile {tables}",
        "counts": "hand {hand} · face down {down}",
        "handover": "{name}, your turn: click here to see your hand",
        "pick_card": "Pick a card from the hand first, then a seat.",
        "may_sit": "{guest}: may sit on {seats}.",
        "nowhere": "{guest} can sit nowhere now.",
        "selected_down": "{guest} selected: click a seat, or Face down to lay it face down.",
        "scored": "{move}: {tables} = {points}",
        "clears": "; clears {places}",
        "alone": "; it sits alone, so the next card must join it (R7)",
        "ends": "; the table pile is short: the game ends (R12a)",
        "turn_done": "{name} scored {points} this turn.",
        "drew": "{name} drew {card}.",
        "drew_hidden": "{name} drew a card.",
        "laid_down": "{name} laid a card face down (it costs 2 at the end).",
        "declared": "{name} declared the end (R12c).",
        "may_declare": "{name}, your hand is empty: Declare end now to finish the game (R12c), "
                       "or End turn to let the others play.",
        "undone": "{move} taken back.",
        "computer_turn": "{name} played {turn}: {points}.",
        "computer_drew": "{name} drew a card.",
        "computer_down": "{name} laid a card face down.",
        "choose_down": "Pick the card to lay face down first, then Face down.",
        "over": "Game over ({reason}): {winners}.",
        "wins": "{names} wins", "share": "{names} share the win",
        "result_head": "*Final score: points − penalties",
        "result_line": "{rank}. {name}: {score} − {penalty} = {final}",
        "last_turn": "*Last turn: {name}",
        "this_turn": "*This turn so far",
        "turn_points": "{move}: {tables}",
        "seat_info": "Seat {seat} touches {tables}.",
        "table_info": "The {adj} table {place}: {count} guest{s}.",
        "missing_table": "No table stands on {place}.",
        "sandbox": "Sandbox",
        "kept": "Turn kept: {points} points.",
        "loaded": "Loaded: {what}.",
        "error": "Something went wrong: {error}",
        "welcome": "Welcome! {name} plays first.",
        "sandbox_welcome": "Pick a guest from the palette to see where she or he may sit.",
        "reasons": {"R12a": "the table pile ran short", "R12b": "the last guest card was drawn",
                    "R12c": "a player declared the end"},
    },
    "fr": {
        "new_game": "Nouvelle partie",
        "computer_head": "*{name} : +{points}",
        "new_confirm": "Commencer une nouvelle partie ? Celle-ci serait perdue (w.save() la garde en "
                       "texte) : cliquez encore « Nouvelle partie » pour commencer.",
        "new_started": "Nouvelle partie, graine {seed}.",
        "load_confirm": "Remplacer la partie ? La partie en cours serait perdue (w.save() la garde "
                        "en texte) : cliquez encore « Charger » pour la remplacer.",
        "alone_line": "{seul} : aucun point pour l'instant, à rejoindre (R7)",
        "command_placeholder": "un coup : RUf@c2, ITf@c4 · piocher · fin · annuler · cachée ITm · déclarer · conseil",
        "command_hint": "un coup : RUf@c2, ITf@c4 · {words}",
        "command_button": "Jouer",
        "command_unknown": "{text!r} n'est pas un coup : écrivez un placement ou un tour (RUf@c2, "
                           "ITf@c4), ou l'un de : {actions}.",
        "command_not_now": "{text!r} : pas de « {action} » ici pour l'instant ; possibles : {actions}.",
        "check": "Vérifier", "show_best": "Voir le meilleur", "next": "Puzzle suivant",
        "show_answer": "Voir la réponse", "clear_marks": "Effacer", "try": "Essayer d'ici",
        "live": "Retour au jeu", "review": "Bilan", "scoresheet": "Feuille de score", "review_title": "Bilan",
        "puzzle_title": "Puzzle {n} sur {total} · niveau {level}", "puzzle_one": "Puzzle",
        "puzzle_of": "Puzzle {n} sur {total}",
        "puzzle_numbered": "Puzzle {number} · niveau {level} ({n} sur {total})",
        "not_counted": " (après « Voir le meilleur » : non compté comme résolu)",
        "history_read_start": "Vous regardez le début de la partie (lecture seule) : ▶ pour avancer, Retour au jeu pour continuer.",
        "puzzle_task": "*Trouvez le meilleur tour",
        "puzzle_how": "Posez 1 à 3 cartes comme en jeu (R4), puis Vérifier.",
        "puzzle_variant": "Tables de dames et d'hommes permises : 4 cartes alors (R14).",
        "puzzle_count": "Résolus : {solved} sur {total}",
        "puzzle_welcome": "Trouvez le meilleur tour avec cette main : posez des cartes comme en jeu, "
                          "puis Vérifier. « Voir le meilleur » donne la réponse.",
        "puzzle_hand": "Votre main ({count})",
        "puzzle_solved_all": "Niveau fini : {solved} sur {total} résolus. Retour au premier puzzle du niveau.",
        "puzzle_already": "Ce puzzle est fini : Puzzle suivant, ou Annuler pour réessayer.",
        "seats_title": "Où peut s'asseoir {guest} ?",
        "seats_how": "*Cliquez chaque place où {guest} peut s'asseoir",
        "seats_how2": "comme première carte d'un tour, puis Vérifier.",
        "seats_welcome": "Cliquez chaque place où {guest} peut s'asseoir (comme première carte d'un "
                         "tour), puis Vérifier. Un second clic enlève la marque.",
        "seats_marked": "Marquées : {seats}.",
        "seats_guest": "Le client : {guest}",
        "seats_card": "Voici le client à placer : cliquez les places où il peut s'asseoir.",
        "seats_cleared": "Marques effacées.",
        "history_title": "Tour {n} sur {total}", "history_start": "Le début de la partie",
        "history_hand": "Retour en arrière, lecture seule : ◀ ▶ pour parcourir ; Essayer d'ici rejoue ce café.",
        "history_read_only": "Vous regardez le tour {n} sur {total} (lecture seule) : ◀ ▶ pour parcourir, "
                             "Retour au jeu pour continuer.",
        "history_live_first": "{text!r} : vous regardez la partie en arrière, ce qui ne change rien ; "
                              "revenez d'abord au jeu (Retour au jeu, ou tapez retour), ou Essayer d'ici.",
        "loaded_by_hand": "Chargé : {what}. Une partie posée à la main (sans graine) : son début est pris tel "
                          "qu'il est écrit.",
        "save_other_game": "C'est une sauvegarde du jeu de plateau : ouvrez-la dans un BoardWidget.",
        "declare_computer": "{text!r} : le joueur {n} est l'ordinateur ; seule une personne déclare ici (R12c).",
        "history_shown": "Tour {n} sur {total} : {what}",
        "history_shown_start": "Le début de la partie (lecture seule) : ▶ pour avancer.",
        "row_turn": "{n}. {name} : {turn} +{points}", "row_draw": "{n}. {name} : pioche",
        "row_down": "{n}. {name} : pose une carte face cachée", "row_declare": "{n}. {name} : déclare la fin",
        "row_best": " · meilleur {points}", "row_best_same": " · meilleur ✓",
        "what_turn": "{name} a joué {turn} : {points} points.", "what_draw": "{name} a pioché une carte.",
        "what_down": "{name} a posé une carte face cachée.", "what_declare": "{name} a déclaré la fin (R12c).",
        "entry_best": "*Meilleur alors : {points} points",
        "entry_best_none": "Aucune carte ne pouvait être posée alors.",
        "entry_best_same": "*C'était le meilleur tour possible.",
        "history_best": "Le meilleur tour alors, sur le café d'avant : {turn} = {points} points "
                        "(joué : {played}).",
        "history_best_none": "Pas de meilleur tour à montrer : {why}",
        "history_best_private": "ce n'était pas votre tour",
        "history_best_hidden": "il dirait ce qu'une autre personne avait en main",
        "history_best_no_turn": "aucune carte ne pouvait être posée alors.",
        "tried": "Bac à sable depuis le tour {n} : ce café et ses tables en réserve. Retour au jeu "
                 "ramène à la partie.",
        "tried_start": "Bac à sable depuis le début de la partie : ce café et ses tables en réserve. "
                       "Retour au jeu ramène à la partie.",
        "tried_turn": "Le tour {n} à rejouer, en puzzle : le café d'avant et la main que vous aviez. "
                      "Trouvez le meilleur tour, puis Vérifier ; Retour au jeu ramène à la partie.",
        "back_live": "Retour à la partie.",
        "review_on": "Bilan : pour chacun de vos tours, le meilleur tour possible alors (en vert : "
                     "vous l'avez joué). Cliquez une ligne pour la voir.",
        "review_off": "Feuille de score : cliquez une ligne pour voir ce tour.",
        "short_player": "J{n}", "short_computer": "O{n}",
        "undo": "Annuler", "end": "Fin du tour", "draw": "Piocher", "down": "Face cachée",
        "declare": "Déclarer la fin", "keep": "Garder le tour", "clear": "Vider le café",
        "player": "Joueur {n}", "computer": "Ordinateur {n}", "computer_kind": "Ordinateur {n} ({kind})",
        "kinds": {"random": "au hasard", "greedy": "glouton", "steady": "constant", "strong": "fort"},
        "hint": "Conseil",
        "hint_turn": "Conseil, non joué : {turn} = {points} points, le plus que cette main puisse "
                     "faire maintenant (les places sont numérotées dans l'ordre).",
        "hint_mid": "Conseil, non joué : finissez avec {turn} ; ce tour fera alors {points} points.",
        "hint_undo": " En reprenant vos cartes, vous pourriez faire {points}.",
        "hint_end": "Conseil : aucune carte n'ajoute de points ; finissez le tour ({points} points).",
        "hint_none_draw": "Conseil : aucune carte de cette main ne peut être posée (R5–R7) : piochez (R10).",
        "hint_none_down": "Conseil : aucune carte de cette main ne peut être posée (R5–R7) : posez-en "
                          "une face cachée (R11).",
        "hint_undo_all": "Conseil : aucune carte ne peut finir ce tour : {reason} Annulez vos cartes.",
        "hint_none": "Conseil : rien ne peut être posé maintenant.",
        "hint_palette": "Conseil, non joué : {turn} = {points} points, le meilleur tour possible ici "
                        "avec n'importe quels clients.",
        "hint_head": "*Conseil : {points} points",
        "your_hand": "Main : {name}, {count} carte{s}",
        "all_hands": "Main : {name} ({count}) ; toutes les mains sont visibles (mode classe)",
        "palette": "Palette : tous les clients. Choisissez-en un, puis une place éclairée.",
        "piles": "Pioche {guests} · tables {tables}",
        "table_pile": "Tables en réserve {tables}",
        "counts": "main {hand} · cachées {down}",
        "handover": "{name}, à vous : cliquez ici pour voir votre main",
        "pick_card": "Choisissez d'abord une carte de la main, puis une place.",
        "may_sit": "{guest} : peut s'asseoir en {seats}.",
        "nowhere": "{guest} ne peut s'asseoir nulle part pour l'instant.",
        "selected_down": "{guest} choisi : cliquez une place, ou Face cachée pour la poser face cachée.",
        "scored": "{move} : {tables} = {points}",
        "clears": " ; débarrasse {places}",
        "alone": " ; {seul} à sa table, la carte suivante doit {le} rejoindre (R7)",
        "ends": " ; plus assez de tables : la partie s'arrête (R12a)",
        "turn_done": "{name} marque {points} ce tour-ci.",
        "drew": "{name} pioche {card}.",
        "drew_hidden": "{name} pioche une carte.",
        "laid_down": "{name} pose une carte face cachée (2 points de malus à la fin).",
        "declared": "{name} déclare la fin de la partie (R12c).",
        "may_declare": "{name}, votre main est vide : « Déclarer la fin » termine la partie "
                       "maintenant (R12c), « Fin du tour » laisse jouer les autres.",
        "undone": "{move} reprise.",
        "computer_turn": "{name} joue {turn} : {points}.",
        "computer_drew": "{name} pioche une carte.",
        "computer_down": "{name} pose une carte face cachée.",
        "choose_down": "Choisissez d'abord la carte à poser face cachée, puis Face cachée.",
        "over": "Partie finie ({reason}) : {winners}.",
        "wins": "{names} gagne", "share": "{names} se partagent la victoire",
        "result_head": "*Score final : points − malus",
        "result_line": "{rank}. {name} : {score} − {penalty} = {final}",
        "last_turn": "*Dernier tour : {name}",
        "this_turn": "*Ce tour-ci",
        "turn_points": "{move} : {tables}",
        "seat_info": "La place {seat} touche {tables}.",
        "table_info": "La table {adj} {place} : {count} client{s}.",
        "missing_table": "Aucune table en {place}.",
        "sandbox": "Bac à sable",
        "kept": "Tour gardé : {points} points.",
        "loaded": "Chargé : {what}.",
        "error": "Un problème est survenu : {error}",
        "welcome": "Bienvenue ! {name} commence.",
        "sandbox_welcome": "Choisissez un client dans la palette pour voir où il peut s'asseoir.",
        "reasons": {"R12a": "plus assez de tables", "R12b": "la dernière carte a été piochée",
                    "R12c": "un joueur a déclaré la fin"},
    },
}


def say(lang: str, key: str, **facts) -> str:
    """One phrase of ``WORDS`` in ``lang``, filled in."""
    return WORDS[lang][key].format(**facts)


def table_points(place: str, nation: str, points: int, lang: str = "en") -> str:
    """``"+6 Russian table b2"`` / ``"+6 table russe b2"``."""
    adj = TABLE_ADJECTIVES[lang][nation]
    return f"+{points} {adj} table {place}" if lang == "en" else f"+{points} table {adj} {place}"


def card_points(card, lang: str = "en") -> str:
    """A placed card's points table by table: ``"+6 Russian table b2, +0 English table d2"``."""
    return ", ".join(table_points(t.place, t.nation, t.points, lang) + _variant(t, lang) for t in card.tables)


def _variant(t, lang: str) -> str:
    if t.variant == "forming":
        return " (R14…)" if lang == "en" else " (R14…)"
    if t.variant in ("ladies", "men"):
        return {"en": {"ladies": " (ladies' table)", "men": " (men's table)"},
                "fr": {"ladies": " (table de dames)", "men": " (table d'hommes)"}}[lang][t.variant]
    return ""


def player_name(game_or_names, p: int, lang: str = "en", kinds=None) -> str:
    """``"Player 2"``, or ``"Computer 2 (strong)"`` with the kind of computer player."""
    kind = kinds[p] if kinds else "human"
    if kind == "human":
        return say(lang, "player", n=p + 1)
    if kind in WORDS[lang]["kinds"]:
        return say(lang, "computer_kind", n=p + 1, kind=WORDS[lang]["kinds"][kind])
    return say(lang, "computer", n=p + 1)


def game_lines(game: Game, lang: str = "en", kinds=None) -> tuple[PlayerLine, ...]:
    """The panel's lines: each player's score, hand size and face-down cards."""
    return tuple(PlayerLine(player_name(game, p, lang, kinds), game.scores[p], len(game.hands[p]),
                            len(game.face_down[p]), p == game.to_move and not game.is_over,
                            say(lang, "counts", hand=len(game.hands[p]), down=len(game.face_down[p])))
                 for p in range(game.players))


def turn_lines(cards, lang: str = "en") -> tuple[str, ...]:
    """A turn's cards, one line each, then their points table by table, indented."""
    lines = []
    for card in cards:
        lines.append(f"{card.text} = {card.points}" + (say(lang, "clears", places=" ".join(card.cleared))
                                                        if card.cleared else ""))
        scoring = [table_points(t.place, t.nation, t.points, lang) + _variant(t, lang)
                   for t in card.tables if t.points or t.variant] or [say(lang, "alone_line", **alone_words(card.guest))]
        for i in range(0, len(scoring), 2):   # two tables a line: the panel is narrow
            lines.append("    " + ", ".join(scoring[i:i + 2]))
    return tuple(lines)


def result_lines(game: Game, lang: str = "en", kinds=None) -> tuple[str, ...]:
    """R13 in words, best first."""
    lines = [say(lang, "result_head")]
    for s in game.result().ranking:
        lines.append(say(lang, "result_line", rank=s.rank, name=player_name(game, s.player, lang, kinds),
                         score=s.score, penalty=s.penalty, final=s.final))
    return tuple(lines)


def over_text(game: Game, lang: str = "en", kinds=None) -> str:
    """``"Game over (the last guest card was drawn): Player 2 wins."``"""
    winners = game.result().winners
    names = " & ".join(player_name(game, p, lang, kinds) for p in winners)
    who = say(lang, "wins" if len(winners) == 1 else "share", names=names)
    return say(lang, "over", reason=WORDS[lang]["reasons"][game.over_reason], winners=who)


def picture_view(thing, lang: str = "en") -> View:
    """The view of a café or a game as a static picture (no hand, no controls)."""
    if isinstance(thing, Game):
        piles = say(lang, "piles", guests=len(thing.guest_pile), tables=len(thing.table_pile))
        info = result_lines(thing, lang) if thing.is_over else ()
        return View(thing.cafe, lang, players=game_lines(thing, lang), piles=piles, info=info,
                    picture=True)
    if isinstance(thing, Cafe):
        return View(thing, lang, picture=True)
    raise TypeError(f"a Cafe or a Game, not {type(thing).__name__}")
