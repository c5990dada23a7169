"""What a save of the café widget holds, and how it is read back: a game's save
(``Game.to_json`` with the widget's part: the players, the R12c wait, the guided game's step),
or a sandbox, a puzzle or a seat task with its turn in progress and the game it was tried from.
Every field is checked, and a NotationError names the one that is wrong; the widget's guard
keeps the current screen when a load is refused."""

from __future__ import annotations

import json

from ..engine import Cafe, Game, IllegalMove, NotationError
from ..engine.cafe import parse_placement
from ..engine.errors import shorten
from ..i18n import N_
from ..engine.game import SAVE_FORMAT as GAME_SAVE
from ..teach.guide import Guide
from ..teach.card_puzzles import Puzzle
from ..render.words import phrase
from .safety import WIDGET_SAVE, Refused, field

HUMAN = "human"
#: The players a save may name.
KINDS = (HUMAN, "computer", "random", "greedy", "steady", "strong", "expert")


def save_data(w) -> dict:
    """What the screen shown holds, as the current mode saves it."""
    return w.current_mode().save(w)


def screen_save(w, start) -> dict:
    """A save of a screen that is not a game: its café (``start``, before the turn in progress),
    the turn's placements, and the game it was tried from (``from``). Each mode adds its own."""
    data = {"format": WIDGET_SAVE, "version": 1, "game": "card", "screen": w.state.mode,
            "variant": bool(w.state.variant), "cafe": start.format(), "turn": [c.text for c in w.state.turn.cards]}
    if w.state.stash is not None:
        stash = w.state.stash
        data["from"] = game_save(stash["game"], stash["kinds"], stash["waiting"], None)
    return data


def load_game(w, game: Game, widget) -> None:
    """A game from a save, with the players and the R12c wait the widget saved with it."""
    kinds, waiting, guide = (w.state.kinds if len(w.state.kinds) == game.players else None), None, None
    if widget is not None:
        if not isinstance(widget, dict):
            raise NotationError("json", "widget", N_("must be the widget's part of a save"))
        players = field(widget, "players", list, N_("must list {players} players"), players=game.players)
        if len(players) != game.players or not all(k in KINDS for k in players):
            raise NotationError("json", "players", N_("must list {players} players, each one of {kinds}"),
                                players=game.players, kinds=", ".join(KINDS))
        kinds = players
        waiting = widget.get("waiting")
        if waiting is not None and (waiting not in range(game.players) or isinstance(waiting, bool)
                                    or game.state.may_declare != waiting or kinds[waiting] != HUMAN):
            raise NotationError("json", "waiting", N_("is not a person who may declare the end now (R12c)"))
        guide = widget.get("guide")
        if guide is not None and (not isinstance(guide, int) or isinstance(guide, bool) or not 1 <= guide <= 99):
            raise NotationError("json", "guide", N_("must be the guided game's step"))
    w.setup(game, kinds, None, False, None, waiting=waiting)
    if guide is not None:
        w.state.guide = Guide()
        w.state.guide.step = guide


def load_screen(w, data: dict) -> None:
    """A save of a sandbox, a puzzle or a seat task (and the game it was tried from)."""
    if data.get("version") != 1:
        raise NotationError("json", "version", N_("must be 1"))
    if data.get("game") != "card":
        raise Refused(phrase("save_other_game", w.lang))
    origin, stash = data.get("from"), None
    if origin is not None:
        if not isinstance(origin, dict) or origin.get("format") != GAME_SAVE:
            raise NotationError("json", "from", N_("must be the save of the game tried from"))
        load_game(w, Game.from_json(json.dumps(origin)), origin.get("widget"))
        stash = w.state.screen()
    screen = data.get("screen")
    variant = field(data, "variant", bool, N_("must be true or false"))
    cafe = Cafe.parse(field(data, "cafe", str, N_("must be a café notation")))
    mode = w.MODES.get(screen) if isinstance(screen, str) else None
    if not hasattr(mode, "load"):   # a game's screens are saved as the game (game_save)
        raise NotationError("json", "screen", N_("is not one of sandbox, puzzle, seats"))
    turn = (field(data, "turn", list, N_("must list the placements of the turn in progress"))
            if mode.takes_placements else [])
    mode.load(w, data, cafe, variant)
    for placement in turn:
        if not isinstance(placement, str):
            raise NotationError("json", "turn", N_("must list the placements of the turn in progress"))
        guest, seat = parse_placement(placement)
        if guest not in w.hand():
            raise IllegalMove.because("R4", "not_in_hand", w.state.turn.cafe, move=placement, guest=guest)
        w.state.turn = w.state.turn.place(guest, seat)
    w.state.stash = stash
    w.tell("loaded", what=w.notation)


def game_save(game: Game, kinds, waiting, guide) -> dict:
    """A game's save (``Game.to_json``) with the widget's part: the players, the R12c wait and
    the guided game's step, so that loading it gives back exactly this screen."""
    data = json.loads(game.to_json())
    data["widget"] = {"players": list(kinds), "waiting": waiting,
                      "guide": guide.step if guide is not None else None}
    return data


def puzzles_of(items: list) -> list:
    """The puzzles of a save, each checked (NotationError naming the field)."""
    puzzles = []
    for item in items:
        if not isinstance(item, dict):
            raise NotationError("json", "puzzles", N_("must list puzzles (café, hand, variant, level, number)"))
        level, number = item.get("level"), item.get("number")
        if not all(v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in (level, number)):
            raise NotationError("json", "puzzles", N_("must number the puzzles with whole numbers"))
        try:
            puzzles.append(Puzzle(field(item, "cafe", str, N_("must be a café notation")),
                                  field(item, "hand", str, N_("must be a hand")), bool(item.get("variant")),
                                  level=level, number=number))
        except NotationError:
            raise
        except ValueError as err:   # a hand with no legal turn is not a puzzle
            raise NotationError("json", "puzzles", N_("{reason}"), reason=shorten(str(err))) from None
    if not puzzles:
        raise NotationError("json", "puzzles", N_("must list at least one puzzle"))
    return puzzles
