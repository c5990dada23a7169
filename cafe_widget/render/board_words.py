"""Every word the board game's screen shows (docs/BOARD_RULES.md B1–B15; English source text, the
catalogs say it in each language), and the view of a board or a board game as a static picture."""

from __future__ import annotations

from ..i18n import N_, Localized
from ..engine.board_game import BoardGame
from .words import card_points

BOARD_WORDS = Localized({
    "title": N_("Café International · the board"),
    # the review of an action looked back at: the same words as teach.review's
    "review_best": N_("best then: {turn} = {points} ({missed} more)"),
    "review_was_best": N_("the best action then"),
    "puzzle_task": N_("*Find the best action"),
    "puzzle_how": N_("Seat 1 or 2 tiles, then Check (B4)."),
    "puzzle_welcome": N_("Find the best action with this hand: seat tiles as in a game, then Check "
                         "(or Bar, or Swap). Show best gives the answer."),
    "player": N_("Player {n}"),
    "computer": N_("Computer {n} ({kind})"),
    "computer_alone": N_("Computer {n}"),         # the default kind, named alone as in the card widget
    "kinds": {"random": N_("random"), "greedy": N_("greedy"), "steady": N_("steady"), "strong": N_("strong"),
              "computer": N_("computer")},
    "hand": N_("hand {n}/{size}"),
    "out": N_("out (B9)"),
    "bag": N_("Bag: {n} tiles · bar place {place}: {value:+d}"),
    "bag_full": N_("Bag: {n} tiles · the bar is full"),
    "bar": N_("Bar"),
    "bar_next": N_("next"),
    "end": N_("End turn"),
    "undo": N_("Undo"),
    "bar_button": N_("Bar"),
    "swap": N_("Swap"),
    "hint": N_("Hint"),
    "new": N_("New game"),
    "which": N_("Which nation?"),
    "welcome": N_("{name} to move: click a tile of your hand, then a lit chair. Hands are "
                     "open (B3)."),
    "to_move": N_("{name} to move: click a tile of their hand."),
    "select": N_("{tile}: may sit on {chairs}."),
    "select_none": N_("{tile}: no chair for it now; Bar sends it to the bar (B9)."),
    "select_joker": N_("{tile}, a joker: may sit on {chairs} (declared as a nation of the "
                          "chair's tables, B5)."),
    "select_swap": N_(" Or Swap it for a seated joker: {chairs} (B10)."),
    "not_yours": N_("That is {owner}'s tile: {name} is to move (B3)."),
    "pick_first": N_("Click a tile of your hand first."),
    "pick_first_bar": N_("Click the tile to send to the bar first, then Bar (B9)."),
    "pick_first_swap": N_("Click the tile of your hand that takes the joker's chair first, "
                             "then Swap (B10)."),
    "swap_how": N_("Swap: click a lit joker: {tile} takes its chair and the joker comes to "
                      "your hand (B10)."),
    "swap_none": N_("{tile} can take no seated joker's chair now (B10)."),
    "which_nation": N_("{tile} on {chair}, between {tables}: which nation does the joker "
                          "stand for? Click a lit table or a button (B5)."),
    "seated": N_("{placement}: {tables} = {points}."),
    "seated_more": N_(" Seat a second tile, or End turn."),
    "seated_end": N_(" End turn to finish (or Undo)."),
    "seated_alone": N_(" Alone at its tables: the second tile must join it (B7)."),
    "undone": N_("{placement} taken back."),
    "ended": N_("{name}: {action} = {points}."),
    "bar_done": N_("{name}: {tile} to bar place {place}: {points:+d}."),
    "bar_out": N_(" {name} cannot pay and is out (B9)."),
    "swap_done": N_("{name}: {tile} takes the joker's chair {chair}; the joker comes to "
                       "the hand (B10)."),
    "computer_did": N_("{name}: {action} ({points:+d})."),
    "hint_seat": N_("Hint, not played: {action} = {points} points."),
    "hint_bar": N_("Hint, not played: {action}, bar place {place}: {points:+d}."),
    "hint_swap": N_("Hint, not played: {action} (0 points, B10)."),
    "hint_none": N_("No action is possible."),
    "over": N_("Game over ({reason}). {winners}"),
    "wins": N_("{names} wins."),
    "share": N_("{names} share the win."),
    "reasons": {"B13a": N_("the bar is full, B13a"), "B13b": N_("every chair is taken, B13b"), "B13c": N_("the bag holds 4 tiles or fewer, B13c"), "B13d": N_("a hand is empty, B13d"), "B13e": N_("fewer than two players are in, B13e")},
    "result_head": N_("*Final score (B14): points − 5 a tile, − 10 a joker"),
    "result_line": N_("{rank}. {name}: {score} − {penalty} = {final}"),
    "result_out": N_("{rank}. {name}: out"),
    "last": N_("*Last: {name}"),
    "this_turn": N_("*This turn"),
    "computer_turn": N_("Computers' turns: click to go on."),
    "error": N_("Something went wrong: {error}"),
    "new_confirm": N_("Start a new game? This one would be lost (w.save() keeps it as "
                         "text): click New game again to start."),
    "tried": N_("Playing on from action {n}: a copy of the game as it was then, the same "
                "players. Back to game returns to the game."),
    "try_first": N_("Try from here plays on from a position of the past: look back with ◀ first."),
    "tried_start": N_("Playing on from the start: a copy of the game as it began, the same "
                      "players. Back to game returns to the game."),
    "loaded_what": N_("Loaded: {what}."),
    "loaded_by_hand": N_("Loaded: {what}. A game set up by hand (no seed): its start is "
                            "taken as written."),
    "save_other_game": N_("This is a save of the card game: open it in a CafeWidget."),
    "new_started": N_("New game, seed {seed}."),
    "loaded": N_("Loaded."),
    "command_placeholder": N_("an action: CFf@a2, CFm@b1 · bar RUm · swap ITf@c2 · end · "
                                 "undo · hint"),
    "command_button": N_("Play"),
    "command_unknown": N_("{text!r} is not an action: write CFf@a2, bar RUm, swap ITf@c2, "
                             "end, undo or hint."),
    "sandbox": N_("Board · sandbox"),
    "sandbox_welcome": N_("A sandbox: click a tile of the palette, then a lit chair; End "
                             "turn keeps the tiles."),
    "palette": N_("Every tile"),
    "kept": N_("Kept: {action} = {points}."),
    "history_live_first": N_("{text!r}: you are looking back at the game, which changes nothing; go back "
                             "to the live game first (Back to game, or type live)."),
})


def board_say(key: str, lang: str | None = None, **facts) -> str:
    """One phrase of ``BOARD_WORDS`` in ``lang``, filled in."""
    return BOARD_WORDS[lang][key].format(**facts)


def board_player_name(p: int, lang: str | None = None, kinds=None) -> str:
    """``"Player 2"``, or ``"Computer 2 (greedy)"`` for a computer player (``"Computer 2"``
    alone for the default kind, ``"computer"``, as the card widget names it)."""
    kind = kinds[p] if kinds else "human"
    if kind == "human":    # a Person (render.words) is named by the person's name
        return getattr(kind, "person", None) or board_say("player", lang, n=p + 1)
    if kind == "computer":
        return board_say("computer_alone", lang, n=p + 1)
    return board_say("computer", lang, n=p + 1, kind=BOARD_WORDS[lang]["kinds"].get(kind, kind))


def tile_points(card, lang: str | None = None) -> str:
    """A seated tile's points table by table: ``"+3 African table b2, +0 Italian table d2"``."""
    return card_points(card, lang)


def chairs_words(lit, lang: str | None = None) -> str:
    """``"a2 (+0), c2 (+3)"``: chairs with their points."""
    return ", ".join(f"{c} (+{p})" if p is not None else c for c, p in lit)


def over_words(game: BoardGame, lang: str | None = None, kinds=None) -> str:
    """The end (B13) and who won (B14), in words."""
    winners = game.result().winners
    names = " & ".join(board_player_name(p, lang, kinds) for p in winners)
    who = board_say("wins" if len(winners) == 1 else "share", lang, names=names)
    return board_say("over", lang, reason=BOARD_WORDS[lang]["reasons"].get(game.over_reason, game.over_reason),
                     winners=who)


def result_words(game: BoardGame, lang: str | None = None, kinds=None) -> tuple[str, ...]:
    """B14 in lines, best first."""
    lines = [board_say("result_head", lang)]
    for s in game.result().ranking:
        name = board_player_name(s.player, lang, kinds)
        if s.out:
            lines.append(board_say("result_out", lang, rank=s.rank, name=name))
        else:
            lines.append(board_say("result_line", lang, rank=s.rank, name=name, score=s.score,
                                   penalty=s.penalty, final=s.final))
    return tuple(lines)
