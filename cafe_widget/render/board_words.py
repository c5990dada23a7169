"""Every word the board game's screen shows, in English and French (BOARD_RULES.md B1–B15),
and the view of a board or a board game as a static picture."""

from __future__ import annotations

from ..engine.board import Board
from ..engine.board_game import BoardGame
from .words import card_points

BOARD_WORDS = {
    "en": {
        "title": "Café International · the board",
        "player": "Player {n}", "computer": "Computer {n} ({kind})",
        "kinds": {"random": "random", "greedy": "greedy", "strong": "strong", "computer": "computer"},
        "hand": "hand {n}/{size}", "out": "out (B9)",
        "bag": "Bag: {n} tiles · bar place {place}: {value:+d}",
        "bag_full": "Bag: {n} tiles · the bar is full",
        "bar": "Bar", "bar_next": "next",
        "end": "End turn", "undo": "Undo", "bar_button": "Bar", "swap": "Swap", "hint": "Hint",
        "new": "New game",
        "which": "Which nation?",
        "welcome": "{name} to move: click a tile of your hand, then a lit chair. Hands are open (B3).",
        "to_move": "{name} to move: click a tile of {their} hand.",
        "their": "their",
        "select": "{tile}: may sit on {chairs}.",
        "select_none": "{tile}: no chair for it now; Bar sends it to the bar (B9).",
        "select_joker": "{tile}, a joker: may sit on {chairs} (declared as a nation of the chair's tables, B5).",
        "select_swap": " Or Swap it for a seated joker: {chairs} (B10).",
        "not_yours": "That is {owner}'s tile: {name} is to move (B4).",
        "pick_first": "Click a tile of your hand first.",
        "pick_first_bar": "Click the tile to send to the bar first, then Bar (B9).",
        "pick_first_swap": "Click the tile of your hand that takes the joker's chair first, then Swap (B10).",
        "swap_how": "Swap: click a lit joker: {tile} takes its chair and the joker comes to your hand (B10).",
        "swap_none": "{tile} can take no seated joker's chair now (B10).",
        "which_nation": "{tile} on {chair}, between {tables}: which nation does the joker stand for? "
                        "Click a lit table or a button (B5).",
        "seated": "{placement}: {tables} = {points}.",
        "seated_more": " Seat a second tile, or End turn.",
        "seated_end": " End turn to finish (or Undo).",
        "seated_alone": " Alone at its tables: the second tile must join it (B7).",
        "undone": "{placement} taken back.",
        "ended": "{name}: {action} = {points}.",
        "bar_done": "{name}: {tile} to bar place {place}: {points:+d}.",
        "bar_out": " {name} cannot pay and is out (B9).",
        "swap_done": "{name}: {tile} takes the joker's chair {chair}; the joker comes to the hand (B10).",
        "computer_did": "{name}: {action} ({points:+d}).",
        "hint_seat": "Hint, not played: {action} = {points} points.",
        "hint_bar": "Hint, not played: {action}, bar place {place}: {points:+d}.",
        "hint_swap": "Hint, not played: {action} (0 points, B10).",
        "hint_none": "No action is possible.",
        "over": "Game over ({reason}). {winners}",
        "wins": "{names} wins.", "share": "{names} share the win.",
        "reasons": {"B13a": "the bar is full, B13a", "B13b": "every chair is taken, B13b",
                    "B13c": "the bag holds 4 tiles or fewer, B13c", "B13d": "a hand is empty, B13d",
                    "B13e": "fewer than two players are in, B13e"},
        "result_head": "*Final score (B14): points − 5 a tile, − 10 a joker",
        "result_line": "{rank}. {name}: {score} − {penalty} = {final}",
        "result_out": "{rank}. {name}: out",
        "last": "*Last: {name}",
        "this_turn": "*This turn",
        "computer_turn": "Computers' turns: click to go on.",
        "error": "Something went wrong: {error}",
        "new_confirm": "Start a new game? This one would be lost (w.save() keeps it as text): click New game "
                       "again to start.",
        "loaded_what": "Loaded: {what}.",
        "loaded_by_hand": "Loaded: {what}. A game set up by hand (no seed): its start is taken as written.",
        "save_other_game": "This is a save of the card game: open it in a CafeWidget.",
        "new_started": "New game, seed {seed}.",
        "loaded": "Loaded.",
        "command_placeholder": "an action: CFf@a2, CFm@b1 · bar RUm · swap ITf@c2 · end · undo · hint",
        "command_button": "Play",
        "command_unknown": "{text!r} is not an action: write CFf@a2, bar RUm, swap ITf@c2, end, undo or hint.",
        "sandbox": "Board · sandbox",
        "sandbox_welcome": "A sandbox: click a tile of the palette, then a lit chair; End turn keeps the tiles.",
        "palette": "Every tile",
        "kept": "Kept: {action} = {points}.",
    },
    "fr": {
        "title": "Café International · le plateau",
        "player": "Joueur {n}", "computer": "Ordinateur {n} ({kind})",
        "kinds": {"random": "au hasard", "greedy": "glouton", "strong": "fort", "computer": "ordinateur"},
        "hand": "main {n}/{size}", "out": "éliminé (B9)",
        "bag": "Sac : {n} tuiles · place {place} du bar : {value:+d}",
        "bag_full": "Sac : {n} tuiles · le bar est plein",
        "bar": "Bar", "bar_next": "suivante",
        "end": "Fin du tour", "undo": "Annuler", "bar_button": "Bar", "swap": "Échanger", "hint": "Conseil",
        "new": "Nouvelle partie",
        "which": "Quelle nation ?",
        "welcome": "À {name} : cliquez sur une tuile de votre main, puis sur une chaise allumée. "
                   "Les mains sont visibles (B3).",
        "to_move": "À {name} : cliquez sur une tuile de sa main.",
        "their": "sa",
        "select": "{tile} : peut s'asseoir en {chairs}.",
        "select_none": "{tile} : aucune chaise pour l'instant ; Bar l'envoie au bar (B9).",
        "select_joker": "{tile}, un joker : peut s'asseoir en {chairs} (déclaré d'une nation des tables "
                        "de la chaise, B5).",
        "select_swap": " Ou l'échanger contre un joker assis : {chairs} (B10).",
        "not_yours": "C'est une tuile de {owner} : c'est à {name} de jouer (B4).",
        "pick_first": "Cliquez d'abord sur une tuile de votre main.",
        "pick_first_bar": "Cliquez d'abord sur la tuile à envoyer au bar, puis sur Bar (B9).",
        "pick_first_swap": "Cliquez d'abord sur la tuile de votre main qui prend la chaise du joker, "
                           "puis sur Échanger (B10).",
        "swap_how": "Échanger : cliquez sur un joker allumé : {tile} prend sa chaise et le joker "
                    "revient dans votre main (B10).",
        "swap_none": "{tile} ne peut prendre la chaise d'aucun joker assis (B10).",
        "which_nation": "{tile} en {chair}, entre {tables} : quelle nation le joker représente-t-il ? "
                        "Cliquez sur une table allumée ou un bouton (B5).",
        "seated": "{placement} : {tables} = {points}.",
        "seated_more": " Posez une deuxième tuile, ou Fin du tour.",
        "seated_end": " Fin du tour pour terminer (ou Annuler).",
        "seated_alone": " Seule à ses tables : la deuxième tuile doit la rejoindre (B7).",
        "undone": "{placement} reprise.",
        "ended": "{name} : {action} = {points}.",
        "bar_done": "{name} : {tile} à la place {place} du bar : {points:+d}.",
        "bar_out": " {name} ne peut pas payer et est éliminé (B9).",
        "swap_done": "{name} : {tile} prend la chaise {chair} du joker ; le joker revient dans la main (B10).",
        "computer_did": "{name} : {action} ({points:+d}).",
        "hint_seat": "Conseil, non joué : {action} = {points} points.",
        "hint_bar": "Conseil, non joué : {action}, place {place} du bar : {points:+d}.",
        "hint_swap": "Conseil, non joué : {action} (0 point, B10).",
        "hint_none": "Aucune action n'est possible.",
        "over": "Partie finie ({reason}). {winners}",
        "wins": "{names} gagne.", "share": "{names} se partagent la victoire.",
        "reasons": {"B13a": "le bar est plein, B13a", "B13b": "toutes les chaises sont prises, B13b",
                    "B13c": "le sac contient 4 tuiles ou moins, B13c", "B13d": "une main est vide, B13d",
                    "B13e": "moins de deux joueurs restent en jeu, B13e"},
        "result_head": "*Score final (B14) : points − 5 par tuile, − 10 par joker",
        "result_line": "{rank}. {name} : {score} − {penalty} = {final}",
        "result_out": "{rank}. {name} : éliminé",
        "last": "*Dernier : {name}",
        "this_turn": "*Ce tour",
        "computer_turn": "Tours des ordinateurs : cliquez pour continuer.",
        "error": "Une erreur s'est produite : {error}",
        "new_confirm": "Commencer une nouvelle partie ? Celle-ci serait perdue (w.save() la garde en texte) : "
                       "cliquez encore sur Nouvelle partie pour commencer.",
        "loaded_what": "Chargé : {what}.",
        "loaded_by_hand": "Chargé : {what}. Une partie posée à la main (sans graine) : son début est pris tel "
                          "qu'il est écrit.",
        "save_other_game": "C'est une sauvegarde du jeu de cartes : ouvrez-la dans un CafeWidget.",
        "new_started": "Nouvelle partie, graine {seed}.",
        "loaded": "Chargé.",
        "command_placeholder": "une action : CFf@a2, CFm@b1 · bar RUm · swap ITf@c2 · fin · annuler · conseil",
        "command_button": "Jouer",
        "command_unknown": "{text!r} n'est pas une action : écrivez CFf@a2, bar RUm, swap ITf@c2, fin, "
                           "annuler ou conseil.",
        "sandbox": "Plateau · bac à sable",
        "sandbox_welcome": "Bac à sable : cliquez sur une tuile de la palette, puis sur une chaise allumée ; "
                           "Fin du tour garde les tuiles.",
        "palette": "Toutes les tuiles",
        "kept": "Gardé : {action} = {points}.",
    },
}


def board_say(lang: str, key: str, **facts) -> str:
    """One phrase of ``BOARD_WORDS`` in ``lang``, filled in."""
    return BOARD_WORDS[lang][key].format(**facts)


def board_player_name(p: int, lang: str = "en", kinds=None) -> str:
    """``"Player 2"``, or ``"Computer 2 (greedy)"`` for a computer player."""
    kind = kinds[p] if kinds else "human"
    if kind == "human":
        return board_say(lang, "player", n=p + 1)
    return board_say(lang, "computer", n=p + 1, kind=BOARD_WORDS[lang]["kinds"].get(kind, kind))


def tile_points(card, lang: str = "en") -> str:
    """A seated tile's points table by table: ``"+3 African table b2, +0 Italian table d2"``."""
    return card_points(card, lang)


def chairs_words(lit, lang: str = "en") -> str:
    """``"a2 (+0), c2 (+3)"``: chairs with their points."""
    return ", ".join(f"{c} (+{p})" if p is not None else c for c, p in lit)


def over_words(game: BoardGame, lang: str = "en", kinds=None) -> str:
    """The end (B13) and who won (B14), in words."""
    winners = game.result().winners
    names = " & ".join(board_player_name(p, lang, kinds) for p in winners)
    who = board_say(lang, "wins" if len(winners) == 1 else "share", names=names)
    return board_say(lang, "over", reason=BOARD_WORDS[lang]["reasons"].get(game.over_reason, game.over_reason),
                     winners=who)


def result_words(game: BoardGame, lang: str = "en", kinds=None) -> tuple[str, ...]:
    """B14 in lines, best first."""
    lines = [board_say(lang, "result_head")]
    for s in game.result().ranking:
        name = board_player_name(s.player, lang, kinds)
        if s.out:
            lines.append(board_say(lang, "result_out", rank=s.rank, name=name))
        else:
            lines.append(board_say(lang, "result_line", rank=s.rank, name=name, score=s.score,
                                   penalty=s.penalty, final=s.final))
    return tuple(lines)


def board_picture_view(thing, lang: str = "en"):
    """The view of a board or a board game as a static picture (no buttons, no status)."""
    from .board_scene import BoardView, player_lines

    if isinstance(thing, BoardGame):
        info = result_words(thing, lang) if thing.is_over else ()
        return BoardView(thing.board, lang, players=player_lines(thing, lang), bag=len(thing.bag),
                         info=info, picture=True)
    if isinstance(thing, Board):
        return BoardView(thing, lang, picture=True)
    raise TypeError(f"a Board or a BoardGame, not {type(thing).__name__}")


assert set(BOARD_WORDS["en"]) == set(BOARD_WORDS["fr"]), "BOARD_WORDS: English and French differ"
