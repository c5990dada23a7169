"""The café widget: the scene drawn on ipycanvas, played by clicking.

It owns a :class:`Game` (or, in a sandbox, a café and a turn in progress) and the state of the
screen: the selected card, the lit seats, the status line. A click goes through ``hit_test``
on the scene and becomes an engine action; the engine decides every rule, and a refusal is
shown in the status line with its rule and sentence. No exception ever reaches the notebook.
"""

from __future__ import annotations

import ipywidgets as widgets
from ipycanvas import MultiCanvas

from ..engine import Cafe, Game, IllegalMove, NotationError
from ..engine.cards import GUEST_COPIES, GUEST_KINDS, TABLE_ADJECTIVES
from ..engine.layout import TOUCHES
from ..players import make_player
from ..render.scene import HEIGHT, View, build_scene, hit_test
from ..render.style import WIDTH
from ..render.words import (card_points, game_lines, over_text, player_name, result_lines, say,
                            turn_lines)
from .draw import SCALE, draw_layer, one_message

HUMAN = "human"
COMPUTER = "computer"             # a computer player of the default kind
DEFAULT_COMPUTER = "strong"


class CafeWidget(widgets.VBox):
    """Café International in a notebook: click a card, then a seat.

    ``CafeWidget(game=Game.new(players=3, seed=1), players=["human", "strong", "greedy"])``
    plays a game; each computer seat names its player (``"random"``, ``"greedy"``, ``"strong"``;
    ``"computer"`` is ``"strong"``). *Hint* lights the best turn for the person to move; ``CafeWidget.from_notation("RU GB FR ES IT | b1:RUf")`` opens a café as a
    sandbox with a palette of all 24 guests. ``lang="fr"`` speaks French; ``teaching=True``
    shows every hand.
    """

    def __init__(self, game: Game | None = None, players=None, lang: str = "en",
                 teaching: bool = False, *, cafe: Cafe | None = None, variant: bool = False,
                 seed: int | None = None):
        if lang not in ("en", "fr"):
            raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
        self.lang = lang
        self.teaching = teaching
        self.size = (WIDTH, HEIGHT)
        self._canvas = MultiCanvas(3, width=WIDTH * SCALE, height=HEIGHT * SCALE,
                                   layout=widgets.Layout(width=f"{WIDTH}px", height=f"{HEIGHT}px"))
        self._text = widgets.Text(description="", layout=widgets.Layout(width=f"{WIDTH - 130}px"),
                                  placeholder="café or game notation")
        self._load_button = widgets.Button(description="Load" if lang == "en" else "Charger",
                                           layout=widgets.Layout(width="110px"))
        super().__init__([self._canvas, widgets.HBox([self._text, self._load_button])])
        self._drawn = [None, None, None]
        self._scene = None
        self._canvas.on_mouse_down(self._on_mouse_down)
        self._canvas.on_touch_start(self._on_touch_start)
        self._canvas.on_client_ready(self._on_client_ready)
        self._load_button.on_click(lambda _: self._guarded(self.load, self._text.value))
        self._setup(game, players, cafe, variant, seed)
        self.redraw()

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def from_notation(cls, text: str, **options) -> "CafeWidget":
        """A game notation opens that game; a café notation opens a sandbox."""
        if len(text.split("|")) == 8:
            return cls(game=Game.parse(text), **options)
        return cls(cafe=Cafe.parse(text), **options)

    def _setup(self, game, players, cafe, variant, seed) -> None:
        self._selected: int | None = None
        self._hint: tuple = ()
        self._badges: tuple = ()
        self._info: tuple = ()
        self._status, self._kind = "", ""
        self._revealed = True
        self._waiting: int | None = None   # a person who just emptied their hand (R12c)
        if cafe is not None:
            self._game, self._kinds, self._bots = None, (), {}
            self._cafe, self._variant = cafe, variant
            self._turn = cafe.begin_turn(variant)
            self._say("sandbox_welcome")
            return
        if game is None:
            game = Game.new(players=len(players) if players else 2, seed=seed, variant=variant)
        kinds = tuple(players) if players else (HUMAN,) + (COMPUTER,) * (game.players - 1)
        if len(kinds) != game.players:
            raise ValueError(f"players must name {game.players} players, not {len(kinds)}")
        kinds = tuple(DEFAULT_COMPUTER if k == COMPUTER else k for k in kinds)
        self._bots = {p: make_player(k) for p, k in enumerate(kinds) if k != HUMAN}
        self._game, self._kinds = game, kinds
        self._cafe = self._turn = None
        welcome = say(self.lang, "welcome", name=self._name(game.to_move))
        texts = [welcome] + self._computers_play()
        if game.is_over:   # computers only: they played to the end
            self._finish_text(" ".join(texts[-3:]))
        else:
            self._set_status(" ".join(texts), "")

    def load(self, text: str) -> None:
        """Open a game or café notation in this widget (the same as ``from_notation``)."""
        text = text.strip()
        if len(text.split("|")) == 8:
            game = Game.parse(text)
            kinds = self._kinds if len(self._kinds) == game.players else None
            self._setup(game, kinds, None, False, None)
        else:
            self._setup(None, None, Cafe.parse(text), self._variant if self._game is None else False, None)
        self._say("loaded", what=self.notation)
        self.redraw()

    # -- what the tests and tutorials read ------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game (None in a sandbox)."""
        return self._game

    @property
    def cafe(self) -> Cafe:
        """The café as drawn, the turn in progress included."""
        if self._game is not None:
            return self._game.cafe
        return self._turn.cafe

    @property
    def status(self) -> str:
        """The status line's text."""
        return self._status

    @property
    def notation(self) -> str:
        """The notation of what is shown: the café's; the whole game's (hands and piles
        included) only in teaching mode, so a shared screen gives no hidden card away (not
        even the order of the face-down table pile)."""
        if self._game is None:
            return self.cafe.format()
        if self.teaching:
            return self._game.format()
        return Cafe(self.cafe.tables, self.cafe.seats).format()

    @property
    def scene(self):
        """The scene as last drawn."""
        return self._scene

    def locate(self, name: str) -> tuple[float, float]:
        """Canvas-pixel centre of a seat or table (``"b3"``), a hand or palette card
        (``"RUf"``) or a button (``"undo"``, ``"end"``, ``"draw"``, ``"down"``, ``"declare"``)."""
        return self._scene.locate(name)

    def click(self, x: float, y: float) -> None:
        """A click at canvas pixel (x, y): the same code path as the mouse."""
        self._guarded(self._click, x, y)

    def save(self) -> str:
        """The game as JSON (``Game.to_json``), to keep or to replay; None in a sandbox."""
        return self._game.to_json() if self._game is not None else None

    def __repr__(self) -> str:
        what = "sandbox" if self._game is None else f"{self._game.players} players"
        return f"<CafeWidget {what}: {self.cafe.format()}>"

    # -- events ---------------------------------------------------------------------------

    def _on_mouse_down(self, x: float, y: float) -> None:
        self.click(x / SCALE, y / SCALE)

    def _on_touch_start(self, touches) -> None:
        if touches:
            self.click(touches[0][0] / SCALE, touches[0][1] / SCALE)

    def _on_client_ready(self) -> None:
        self._drawn = [None, None, None]   # a new front end starts blank
        self._guarded(self.redraw)

    def _guarded(self, action, *args) -> None:
        """Run ``action``; show a refusal or any error in the status line, never a traceback."""
        try:
            action(*args)
        except IllegalMove as err:
            self._selected_clear_if_gone()
            self._set_status(err.sentence(self.lang), "error")
        except NotationError as err:
            self._set_status(str(err), "error")
        except Exception as err:  # noqa: BLE001 - a widget must not show a traceback
            self._set_status(say(self.lang, "error", error=f"{type(err).__name__}: {err}"), "error")
        try:
            self.redraw()
        except Exception:  # noqa: BLE001
            pass

    def _click(self, x: float, y: float) -> None:
        region = hit_test(self._scene, x, y)
        if region is None:
            return
        self._hint = ()   # a hint lasts until the next click
        if self._waiting is not None and not (region.kind == "button" and region.name in ("end", "declare")):
            self._say("may_declare", name=self._name(self._waiting))
            return
        if region.kind == "handover":
            self._revealed = True
            self._set_status("", "")
            return
        if region.kind in ("card", "palette"):
            self._select(region.index)
        elif region.kind == "seat":
            self._seat(region.name)
        elif region.kind == "table":
            self._table_info(region.name)
        elif region.kind == "button":
            getattr(self, f"_button_{region.name}")()

    # -- playing --------------------------------------------------------------------------

    def _hand(self) -> tuple[str, ...]:
        if self._game is None:
            return GUEST_KINDS
        return self._game.hand(self._shown_player())

    def _shown_player(self) -> int:
        return self._game.to_move if self._waiting is None else self._waiting

    def _seat_scores(self, guest: str) -> dict:
        if self._game is None:
            return self._turn.seat_scores(guest)
        return self._game.seat_scores(guest)

    def _select(self, index: int) -> None:
        if self._selected == index:
            self._selected = None
            self._set_status("", "")
            return
        self._selected = index
        guest = self._hand()[index]
        scores = self._seat_scores(guest)
        if scores:
            seats = ", ".join(f"{s} (+{c.points})" for s, c in scores.items())
            self._say("may_sit", guest=guest, seats=seats)
        else:
            self._say("nowhere", guest=guest)
        if self._game is not None and len(self._game.hand()) == 12 and not self._game.turn:
            self._status += " " + say(self.lang, "selected_down", guest=guest)

    def _selected_guest(self) -> str | None:
        hand = self._hand()
        if self._selected is not None and self._selected < len(hand):
            return hand[self._selected]
        return None

    def _selected_clear_if_gone(self) -> None:
        if self._selected is not None and self._selected >= len(self._hand()):
            self._selected = None

    def _seat(self, seat: str) -> None:
        guest = self._selected_guest()
        if guest is None:
            tables = ", ".join(t for t in TOUCHES[seat])
            self._set_status(say(self.lang, "seat_info", seat=seat, tables=tables) + " "
                             + say(self.lang, "pick_card"), "")
            return
        if self._game is None:
            self._turn = self._turn.place(guest, seat)
            card = self._turn.cards[-1]
        else:
            card = self._game.place(f"{guest}@{seat}")
        self._selected = None
        self._badges = tuple(card.by_table.items())
        text = say(self.lang, "scored", move=card.text, tables=card_points(card, self.lang), points=card.points)
        if card.cleared:
            text += say(self.lang, "clears", places=" ".join(card.cleared))
        turn = self._turn if self._game is None else self._game.turn
        if turn is not None and turn.pending:
            text += say(self.lang, "alone")
        ended = self._turn.ended if self._game is None else self._game.is_over
        if ended:
            text += say(self.lang, "ends")
        self._set_status(text, "ok")
        if self._game is not None and self._game.is_over:
            self._finish_text()

    def _table_info(self, place: str) -> None:
        nation = self.cafe.table(place)
        if nation is None:
            self._say("missing_table", place=place)
            return
        self._say("table_info", adj=TABLE_ADJECTIVES[self.lang][nation], place=place,
                  count=len(self.cafe.guests_at(place)))

    def _button_undo(self) -> None:
        if self._game is None:
            last = self._turn.cards[-1].text if self._turn.cards else ""
            self._turn = self._turn.undo()   # raises (R4) when there is nothing to take back
        else:
            last = self._game.undo()
        self._badges = ()
        self._say("undone", move=last)

    def _button_end(self) -> None:
        if self._game is None:
            turn = self._turn.finish()
            self._cafe = turn.cafe
            self._turn = self._cafe.begin_turn(self._variant)
            self._selected = None
            self._info = self._turn_lines(turn, say(self.lang, "sandbox"))
            self._say("kept", points=turn.points)
            return
        if self._waiting is not None:   # the person did not declare: play goes on
            player, self._waiting = self._waiting, None
            self._go_on(player, [])
            return
        player = self._game.to_move
        turn = self._game.end_turn()
        self._after_action(player, say(self.lang, "turn_done", name=self._name(player), points=turn.points), turn)

    def _button_hint(self) -> None:
        """Light the best turn (``best_turn``) for the person to move, without playing it."""
        lang = self.lang
        if self._game is None:
            turn = self._turn.best_turn(list(GUEST_KINDS) * GUEST_COPIES)
            if turn is None:
                self._hint_none(self._turn.explain_end() if self._turn.cards else None)
                return
            self._show_hint(turn, len(self._turn.cards), say(lang, "hint_palette", turn=turn.text,
                                                               points=turn.points))
            return
        game = self._game
        if game.is_over:
            raise IllegalMove.because("R12", "over", game.cafe)
        if not self._revealed or self._kinds[game.to_move] != HUMAN:
            self._say("handover", name=self._name(game.to_move))
            return
        turn = game.best_turn()
        placed = len(game.turn.cards) if game.turn else 0
        if turn is None:
            if game.turn:
                self._hint_none(game.explain_end_turn())
            else:
                self._say("hint_none_draw" if game.explain_draw() is None
                          else "hint_none_down" if len(game.hand()) == 12 else "hint_none")
            return
        if not placed:
            text = say(lang, "hint_turn", turn=turn.text, points=turn.points)
        else:
            text = (say(lang, "hint_end", points=turn.points) if len(turn.cards) == placed else
                    say(lang, "hint_mid", turn=", ".join(c.text for c in turn.cards[placed:]),
                        points=turn.points))
            fresh = game.state.cafe.best_turn(game.state.hands[game.to_move], game.variant)
            if fresh is not None and fresh.points > turn.points:
                text += say(lang, "hint_undo", points=fresh.points)
        self._show_hint(turn, placed, text)

    def _hint_none(self, refusal) -> None:
        """No turn to hint: mid-turn, the cards placed cannot be finished (say why); undo."""
        if refusal is None:
            self._say("hint_none")
        else:
            self._say("hint_undo_all", reason=refusal.sentence(self.lang))

    def _show_hint(self, turn, placed: int, text: str) -> None:
        cards = turn.cards[placed:]
        self._selected = None
        self._hint = tuple((c.seat, f"{i} {c.guest} +{c.points}")
                           for i, c in enumerate(cards, start=placed + 1))
        self._info = (say(self.lang, "hint_head", points=turn.points),) + turn_lines(cards, self.lang)
        self._set_status(text, "ok")

    def _button_draw(self) -> None:
        self._need_game()
        player = self._game.to_move
        card = self._game.draw()
        key = "drew_hidden" if self._humans() > 1 and not self.teaching else "drew"
        self._after_action(player, say(self.lang, key, name=self._name(player), card=card))

    def _button_down(self) -> None:
        self._need_game()
        guest = self._selected_guest()
        if guest is None:
            # Is the action itself allowed now (12 cards, no card placed)? Ask the engine with
            # a card of the hand; if it is, the student only has to pick the card.
            hand = self._game.hand()
            refusal = self._game.explain_face_down(hand[0]) if hand else self._game.explain_face_down("RUf")
            if refusal is not None:
                raise refusal
            self._say("choose_down")
            return
        player = self._game.to_move
        self._game.lay_face_down(guest)
        self._after_action(player, say(self.lang, "laid_down", name=self._name(player)))

    def _button_declare(self) -> None:
        self._need_game()
        who = [p for p in self._game.who_may_declare() if self._kinds[p] == HUMAN]
        self._game.declare_end(who[0] if who else None)
        self._waiting = None
        self._finish_text(say(self.lang, "declared", name=self._name(self._game.log[-1].player)))

    def _need_game(self) -> None:
        if self._game is None:
            raise IllegalMove.because("R4", "empty_turn", self.cafe)

    def _after_action(self, player: int, text: str, turn=None) -> None:
        """After a human's action: the computers play, then maybe a hand-over screen."""
        self._selected = None
        self._badges = ()
        if turn is not None:
            self._info = self._turn_lines(turn, self._name(player))
        game = self._game
        if not game.is_over and game.state.may_declare == player and game.to_move in self._bots:
            # R12c: right after the turn that emptied the hand, the person may declare the end;
            # the computers wait for the answer (Declare end, or End turn to go on).
            self._waiting = player
            self._set_status(text + " " + say(self.lang, "may_declare", name=self._name(player)), "ok")
            return
        self._go_on(player, [text])

    def _go_on(self, player: int, texts: list[str]) -> None:
        """The computers play, then maybe a hand-over screen; the status tells what happened."""
        texts = texts + self._computers_play()
        if self._game.is_over:
            self._finish_text(" ".join(texts))
            return
        nxt = self._game.to_move
        if self._humans() > 1 and not self.teaching and nxt != player:
            self._revealed = False
        self._set_status(" ".join(texts), "ok")

    def _computers_play(self) -> list[str]:
        texts = []
        game = self._game
        while not game.is_over and game.to_move in self._bots:
            player = game.to_move
            actions = self._bots[player].actions(game)
            done = len(game.log)
            for action in actions:
                game.act(action)
            for entry in game.log[done:]:   # a turn, then perhaps the end declared (R12c)
                texts.append(self._computer_text(player, entry))
        if game.is_over and texts:
            self._finish_text(" ".join(texts))
        return texts

    def _computer_text(self, player: int, entry) -> str:
        """What a computer player just did, in words."""
        name = self._name(player)
        if entry.turn is not None:
            self._info = self._turn_lines(entry.turn, name)
            self._badges = ()
            return say(self.lang, "computer_turn", name=name, turn=entry.turn.text,
                       points=entry.turn.points)
        if entry.action == "draw":
            return say(self.lang, "computer_drew", name=name)
        if entry.action.startswith("down:"):
            return say(self.lang, "computer_down", name=name)
        return say(self.lang, "declared", name=name)

    def _finish_text(self, before: str = "") -> None:
        self._info = result_lines(self._game, self.lang, self._kinds)
        self._set_status((before + " " if before else "") + over_text(self._game, self.lang, self._kinds), "ok")

    # -- the view -------------------------------------------------------------------------

    def _humans(self) -> int:
        return sum(1 for k in self._kinds if k == HUMAN)

    def _name(self, p: int) -> str:
        return player_name(self._game, p, self.lang, self._kinds)

    def _turn_lines(self, turn, who: str) -> tuple[str, ...]:
        return (say(self.lang, "last_turn", name=who),) + turn_lines(turn.cards, self.lang)

    def _say(self, key: str, **facts) -> None:
        self._set_status(say(self.lang, key, **facts), "")

    def _set_status(self, text: str, kind: str) -> None:
        self._status, self._kind = text, kind

    def view(self) -> View:
        """The view of the screen right now."""
        lang = self.lang
        if self._game is None:
            turn = self._turn
            info = self._info
            if turn.cards:
                info = (say(lang, "this_turn"),) + turn_lines(turn.cards, lang) + self._info
            guest = self._selected_guest()
            lit = tuple((s, c.points) for s, c in self._seat_scores(guest).items()) if guest else ()
            return View(self.cafe, lang, hand=GUEST_KINDS, hand_title=say(lang, "palette"), palette=True,
                        selected=self._selected, lit=lit, badges=self._badges,
                        placed=tuple(c.seat for c in turn.cards), title=say(lang, "sandbox"), info=info,
                        piles=say(lang, "table_pile", tables=len(self.cafe.pile)),
                        hint=self._hint,
                        buttons=(("undo", say(lang, "undo"), bool(turn.cards)),
                                 ("end", say(lang, "keep"), turn.can_end()),
                                 ("hint", say(lang, "hint"), True)),
                        status=self._status, status_kind=self._kind)
        game = self._game
        p = self._shown_player()
        hand = game.hand(p)
        guest = self._selected_guest()
        lit = tuple((s, c.points) for s, c in game.seat_scores(guest).items()) if guest else ()
        turn = game.turn
        info = self._info
        if turn and turn.cards:
            info = (say(lang, "this_turn"),) + turn_lines(turn.cards, lang)
        if self.teaching and not game.is_over:
            info = info + tuple(f"{self._name(q)}: {' '.join(game.hands[q]) or '—'}"
                                for q in range(game.players) if q != p)
        handover = "" if self._revealed or game.is_over else say(lang, "handover", name=self._name(p))
        title_key = "all_hands" if self.teaching else "your_hand"
        declare_ok = any(self._kinds[q] == HUMAN for q in game.who_may_declare())
        waiting = self._waiting is not None
        buttons = (("undo", say(lang, "undo"), bool(turn)),
                   ("end", say(lang, "end"), bool(turn) or waiting),
                   ("draw", say(lang, "draw"), game.explain_draw() is None and not waiting),
                   ("down", say(lang, "down"), not turn and len(hand) == 12 and not game.is_over),
                   ("declare", say(lang, "declare"), declare_ok),
                   ("hint", say(lang, "hint"), not game.is_over and self._revealed
                    and self._kinds[p] == HUMAN and not waiting))
        return View(game.cafe, lang, hand=hand if self._revealed or game.is_over else (),
                    hand_title=say(lang, title_key, name=self._name(p), count=len(hand)),
                    handover=handover, selected=self._selected, lit=lit, hint=self._hint,
                    badges=self._badges,
                    placed=tuple(c.seat for c in turn.cards) if turn else (),
                    title="Café International", players=game_lines(game, lang, self._kinds),
                    piles=say(lang, "piles", guests=len(game.guest_pile), tables=len(game.table_pile)),
                    info=info, buttons=buttons, status=self._status, status_kind=self._kind)

    def redraw(self) -> None:
        """Draw what changed since the last redraw, in one message."""
        scene = build_scene(self.view())
        self._scene = scene
        self._text.value = self.notation
        changed = [i for i in range(3) if self._drawn[i] != scene.layers[i]]
        if not changed:
            return
        with one_message():
            for i in changed:
                draw_layer(self._canvas[i], scene.layers[i])
        for i in changed:
            self._drawn[i] = scene.layers[i]
