"""The café widget without a browser, driven through ``locate`` and ``click`` as a student's
clicks would drive it; asserting the game, the status line and what is sent to the canvas."""

import json
import re
import random
from collections import Counter

import ipycanvas.canvas as ipycanvas_canvas
import pytest

from cafe_widget import Cafe, CafeWidget, Game
from cafe_widget.render.words import over_text
from cafe_widget.engine.cards import GUEST_KINDS, full_guest_deck, full_table_deck

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"
# Player 1 (human) against player 2 (computer); the German table b2 has a German woman.
DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"


def tap(w, name):
    w.click(*w.locate(name))


@pytest.fixture
def sent(monkeypatch):
    """The drawing messages sent to the front end, decoded into command names."""
    messages = []

    def send(content, buffers=None):
        messages.append(json.loads(bytes(buffers[0])))

    monkeypatch.setattr(ipycanvas_canvas._CANVAS_MANAGER, "send", send)
    return messages


NAMES = {v: k for k, v in ipycanvas_canvas.COMMANDS.items()}


def commands(message):
    return [NAMES.get(c[0]) for c in message]


# -- the sandbox -------------------------------------------------------------------------------

def test_sandbox_lights_the_seats_with_their_points():
    w = CafeWidget.from_notation(E12)
    tap(w, "RUf")
    assert w.status == "RUf: may sit on a2 (+6), c2 (+8)."
    assert dict(w.view().lit) == {"a2": 6, "c2": 8}


def test_sandbox_places_a_card_and_shows_points_table_by_table():
    w = CafeWidget.from_notation(E12)
    tap(w, "RUf")
    tap(w, "c2")
    assert w.cafe.guest("c2") == "RUf"
    assert w.status == "RUf@c2: +6 Russian table b2, +0 English table d2, +2 French table c3 = 8"
    assert dict(w.view().badges) == {"b2": 6, "d2": 0, "c3": 2}


def test_a_refused_seat_says_which_rule_and_changes_nothing():
    w = CafeWidget.from_notation(E12)
    tap(w, "RUm")
    tap(w, "c2")
    assert w.status == "RUm@c2: the French table c3 would have two men and no woman (R6)."
    assert w.cafe == Cafe.parse(E12)
    tap(w, "ITm")
    tap(w, "b5")
    assert w.status.endswith("(R5).") and w.cafe == Cafe.parse(E12)


def test_sandbox_whole_turn_clearing_and_undo():
    w = CafeWidget.from_notation(E12)
    for guest, seat in [("RUf", "c2"), ("ITf", "c4"), ("ITm", "d3")]:
        tap(w, guest)
        tap(w, seat)
    assert w.status.endswith("= 10; clears c3; a new table at c3: American (R9)")   # the pile's US (R9)
    assert w.cafe == Cafe.parse("RU GB US ES IT | b1:RUf | CN DE")   # the exact café after the clearing
    tap(w, "undo")
    assert w.status == "ITm@d3 taken back." and w.cafe.guest("c4") == "ITf" and w.cafe.table("c3") == "FR"
    tap(w, "ITm")
    tap(w, "d3")
    tap(w, "end")
    assert w.status == "Turn kept: 23 points."
    assert w.cafe == Cafe.parse("RU GB US ES IT | b1:RUf | CN DE") and not w.view().placed


def test_sandbox_cannot_keep_a_turn_with_a_lone_card():
    w = CafeWidget.from_notation("DE GB IT CN CF")
    tap(w, "DEf")
    tap(w, "b1")
    assert w.status == "DEf@b1: +0 German table b2 = 0; it sits alone, so the next card must join it (R7)"
    tap(w, "end")
    assert w.status.endswith("(R7).")


# -- a game ------------------------------------------------------------------------------------

def test_a_human_turn_then_the_computer_plays():
    w = CafeWidget.from_notation(DUEL, players=["human", "computer"])
    assert w.status == "Welcome! Player 1 plays first."
    tap(w, "DEm")
    tap(w, "a2")
    assert w.status == "DEm@a2: +4 German table b2 = 4"
    assert w.game.turn.points == 4 and w.game.hand() == ("CNm", "DEf", "ITf")
    tap(w, "end")
    assert w.status.startswith("Player 1 scored 4 this turn. Computer 2 ")
    assert w.game.to_move == 0 and w.game.scores[0] == 4
    assert w.game.log[-1].player == 1


def test_a_game_refusal_shows_the_rule():
    w = CafeWidget.from_notation(DUEL, players=["human", "computer"])
    tap(w, "ITf")
    tap(w, "a2")
    assert w.status == ("ITf@a2: seat a2 touches only the German table b2, and an Italian woman may "
                        "sit only at a table of her own nation (R5).")
    tap(w, "end")
    assert w.status.endswith("(R4).")
    assert w.game.format() == Game.parse(DUEL).format()


def test_undo_in_a_game():
    w = CafeWidget.from_notation(DUEL, players=["human", "computer"])
    tap(w, "DEm")
    tap(w, "a2")
    tap(w, "undo")
    assert w.status == "DEm@a2 taken back." and w.game.format() == Game.parse(DUEL).format()


def test_a_clearing_in_a_game():
    w = CafeWidget.from_notation(
        "DE GB IT CN CF | b1:DEf c2:GBm b3:ITf | FR US | CNm ITf | DEm CNf / GBf | - / - | 0 0 | to:1",
        players=["human", "computer"])
    tap(w, "DEm")
    tap(w, "a2")
    assert w.status == "DEm@a2: +4 German table b2 = 4; clears b2; a new table at b2: French (R9)"
    assert w.cafe == Cafe.parse("FR GB IT CN CF | - | US")


def test_drawing_and_the_end_of_the_game():
    w = CafeWidget.from_notation("DE GB IT CN CF | - | FR | GBm | DEf / ITm | - / - | 3 5 | to:1",
                                 players=["human", "computer"])
    tap(w, "draw")
    assert w.game.is_over and w.game.over_reason == "R12b"
    assert w.status == ("Player 1 drew GBm. Game over (the last guest card was drawn): "
                        "Computer 2 (steady) wins.")
    assert "1. Computer 2 (steady): 5 − 2 = 3" in w.view().info


def test_face_down_with_twelve_cards():
    hand = "CFf CFm CNf CNm CUf CUm DEm ESf ESm FRf FRm GBf"
    w = CafeWidget.from_notation(f"DE GB IT CN CF | b1:DEf | FR | ITm ITf | {hand} / GBm | - / - | 0 0 | to:1",
                                 players=["human", "computer"])
    tap(w, "draw")
    assert w.status.endswith("(R10).")
    tap(w, "down")
    assert w.status == "Pick the card to lay face down first, then Face down."
    tap(w, "CUm")
    tap(w, "down")
    assert w.game.face_down[0] == ("CUm",) and w.status.startswith("Player 1 laid a card face down")


def test_declaring_the_end_after_emptying_the_hand():
    """R12c: right after the turn that empties the hand the person may declare the end, so the
    computers wait for the answer; meanwhile nothing else may be done."""
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - | 0 0 "
                                 "| to:1", players=["human", "computer"])
    tap(w, "DEm")
    tap(w, "a2")
    tap(w, "end")
    waiting = ("Player 1 scored 4 this turn. Player 1, your hand is empty: Declare end now to finish "
               "the game (R12c), or End turn to let the others play.")
    assert w.status == waiting and w.game.to_move == 1 and len(w.game.log) == 1
    buttons = {k: e for k, _, e in w.view().buttons}
    assert buttons == {"undo": False, "end": True, "draw": False, "down": False, "declare": True, "hint": False}
    before = w.game.format()
    tap(w, "c2")
    assert w.game.format() == before and w.status.startswith("Player 1, your hand is empty")
    tap(w, "declare")
    assert w.game.over_reason == "R12c" and "Player 1 declared the end (R12c)" in w.status
    assert w.game.result().winners == (0,)   # 4 against 0 − 2 × 3 = −6 (R13)


def test_going_on_after_emptying_the_hand():
    """End turn instead of declaring: the computer plays; the person may still declare at the
    start of their next turn while the hand is empty (R12c)."""
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - | 0 0 "
                                 "| to:1", players=["human", "computer"])
    for name in ("DEm", "a2", "end", "end"):
        tap(w, name)
    assert w.status == "Computer 2 (steady) played GBf@c2, GBm@d3: 9."
    assert w.game.to_move == 0 and w.game.scores == (4, 9)
    assert {k: e for k, _, e in w.view().buttons}["declare"]


def test_a_computer_whose_last_cards_win_declares_the_end_at_once():
    """R12c: the computer empties its hand, is ahead (9 against 4), and declares the end right
    after its turn; the status line tells both, then the result (R13)."""
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm | - / - | 0 0 | to:1",
                                 players=["human", "computer"])
    for name in ("DEm", "a2", "end", "end"):   # the person empties the hand, does not declare
        tap(w, name)
    assert w.game.over_reason == "R12c" and w.game.result().winners == (1,)
    assert w.status == ("Computer 2 (steady) played GBf@c2, GBm@d3: 9. "
                        "Computer 2 (steady) declared the end (R12c). "
                        "Game over (a player declared the end): Computer 2 (steady) wins.")


def test_a_computer_that_starts_plays_at_once():
    w = CafeWidget(game=Game.new(players=3, seed=5, start_player=1), players=["human", "computer", "computer"])
    assert w.game.to_move == 0
    assert w.status == ("Welcome! Computer 2 (steady) plays first. Computer 2 (steady) played ESm@c2, "
                        "ESf@b3, ITf@d3: 11. Computer 3 (steady) played DEm@c4: 8; clears c3; a new table at c3: "
                        "Chinese (R9).")
    assert [e.player for e in w.game.log] == [1, 2]
    # the panel: both computer turns, each on a line of its own
    assert w.view().info == ("*Computer 2: ESm@c2, ESf@b3, ITf@d3 = +11", "*Computer 3: DEm@c4 = +8")
    assert w.view().marks == ()   # DEm@c4 filled the centre table: cleared with every card (R9)


def test_two_people_share_the_screen_with_a_hand_over():
    w = CafeWidget.from_notation(DUEL, players=["human", "human"])
    tap(w, "DEm")
    tap(w, "a2")
    tap(w, "end")
    assert w.game.to_move == 1
    assert w.view().hand == () and w.view().handover == "Player 2, your turn: click here (or type show) to see your hand"
    with pytest.raises(ValueError, match="nothing called 'GBf' is shown; shown now: handover b2"):
        w.locate("GBf")   # the hand is hidden until Player 2 takes over
    tap(w, "handover")
    assert w.view().hand == ("GBf", "GBm", "ITm")


def test_teaching_mode_shows_every_hand():
    w = CafeWidget.from_notation(DUEL, players=["human", "human"], teaching=True)
    assert "Player 2: GBf GBm ITm" in w.view().info
    tap(w, "DEm")
    tap(w, "a2")
    tap(w, "end")
    assert w.view().handover == "" and w.view().hand == ("GBf", "GBm", "ITm")


def test_french():
    w = CafeWidget.from_notation(E12, lang="fr")
    tap(w, "RUm")
    tap(w, "c2")
    assert w.status == "RUm@c2 : la table française c3 aurait deux hommes et aucune femme (R6)."
    tap(w, "RUf")
    tap(w, "c2")
    assert w.status == "RUf@c2 : +6 table russe b2, +0 table anglaise d2, +2 table française c3 = 8"
    assert "Annuler" in w.scene.texts()


# -- notation in and out -----------------------------------------------------------------------

def test_notation_shows_and_loads():
    w = CafeWidget.from_notation(E12)
    assert w._text.value == Cafe.parse(E12).format()
    game = CafeWidget.from_notation(DUEL, players=["human", "computer"])
    assert game._text.value == "DE GB IT CN CF | b1:DEf"   # no hidden card, not even the table pile
    teacher = CafeWidget.from_notation(DUEL, players=["human", "computer"], teaching=True)
    assert teacher._text.value == Game.parse(DUEL).format()
    w._text.value = DUEL
    w._load_button.click()
    assert w.game is not None and w.game.format() == Game.parse(DUEL).format()
    assert w.status.startswith("Loaded: ")


def test_bad_notation_is_explained_and_changes_nothing():
    w = CafeWidget.from_notation(E12)
    w._text.value = "RU GB FR ES XX | b1:RUf"
    w._load_button.click()
    assert w.status == "tables: 'XX' is not a nation code (CF CN CU DE ES FR GB IN IT RU TR US)"
    assert w.cafe == Cafe.parse(E12) and w.game is None


def test_a_stable_text_repr():
    w = CafeWidget.from_notation(E12)
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"] == "<CafeWidget sandbox: RU GB FR ES IT | b1:RUf b3:RUm | US CN DE>"
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_fixed_pixel_size_and_a_sharp_backing_store():
    """Shown at its size, or narrower with its shape where the page is narrower (zoomed in): the
    height follows the backing store's shape (tests/browser/test_accessibility_browser.py)."""
    w = CafeWidget.from_notation(E12)
    width, height = w.size
    assert (w._canvas.layout.width, w._canvas.layout.max_width, w._canvas.layout.height) == (f"{width}px", "100%", "auto")
    assert w._canvas.width == 2 * width and w._canvas.height == 2 * height


# -- what reaches the canvas -------------------------------------------------------------------

def test_one_message_per_redraw_with_every_style_set(sent):
    w = CafeWidget.from_notation(E12)
    assert len(sent) == 1
    names = commands(sent[0])
    assert names.count("switchCanvas") == 2 and names.count("clearRect") == 2 and names.count("scale") == 2
    texts = [c[1][0] for c in sent[0] if NAMES.get(c[0]) == "fillText"]
    assert {"RU", "Russia", "FR", "♀ f", "b5", "c2"} <= set(texts)
    sent.clear()
    tap(w, "RUf")
    assert len(sent) == 1                       # a click: one message
    assert "+8" in [c[1][0] for c in sent[0] if NAMES.get(c[0]) == "fillText"]
    # one canvas; cleared and redrawn alone: the two lit seats a2 and c2, the card chosen, and
    # the status (not the buttons); the floor, the other cells and the panel are not sent again
    assert commands(sent[0]).count("switchCanvas") == 1 and commands(sent[0]).count("clearRect") == 4


def test_a_new_front_end_gets_everything_again(sent):
    w = CafeWidget.from_notation(E12)
    sent.clear()
    w.redraw()
    assert sent == []                           # nothing changed, nothing sent
    w._on_client_ready()
    assert len(sent) == 1 and commands(sent[0]).count("switchCanvas") == 2


def test_a_mouse_event_is_halved_to_logical_pixels():
    w = CafeWidget.from_notation(E12)
    x, y = w.locate("RUf")
    w._on_mouse_down(2 * x, 2 * y)
    assert w.status.startswith("RUf: may sit on")


# -- robustness --------------------------------------------------------------------------------

def test_two_thousand_random_clicks(sent):
    rng = random.Random(7)
    w = CafeWidget(game=Game.new(players=3, seed=9), players=["human", "human", "computer"])
    width, height = w.size
    names = [r.name for r in w.scene.regions]
    for i in range(2000):
        if i % 2:
            w.click(rng.uniform(0, width), rng.uniform(0, height))
        else:  # aim at something clickable half the time, so the game moves on
            names = [r.name for r in w.scene.regions]
            # looking back, or in a sandbox tried from there: return to the game now and then
            name = "live" if "live" in names and rng.random() < 0.5 else rng.choice(names)
            w.click(*w.locate(name))
        assert not w.status.startswith("Something went wrong"), w.status
    while w.mode != "play" or w.viewing is not None:
        tap(w, "live")
    g = w.game
    assert len(g.log) > 12   # the scoresheet and its history take many of the aimed clicks
    assert Game.parse(g.format()).format() == g.format()
    cards = Counter(list(g.cafe.tables) + list(g.table_pile) + list(g.cafe.seats) + list(g.guest_pile)
                    + [c for h in g.hands + g.face_down for c in h] + list(g.box))
    del cards[None]
    assert cards == Counter(full_guest_deck() + full_table_deck())


# -- computer players and the hint -------------------------------------------------

def test_hint_lights_the_best_turn_without_playing_it():
    """Hint: the best turn of the hand, seats numbered in order with each card's points, and
    the points table by table in the panel; the game is unchanged (R8)."""
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    before = w.game.format()
    tap(w, "hint")
    assert w.status.startswith("Hint, not played: DEm@c2, DEf@b3, ITf@d3 = 17 points")
    assert w.view().hint == (("c2", "1 DEm +4"), ("b3", "2 DEf +8"), ("d3", "3 ITf +5"))
    info = w.view().info
    assert info[:1] + info[-6:] == ("*Hint: 17 points", "DEm@c2 = 4", "    +4 German table b2",
                                    "DEf@b3 = 8", "    +6 German table b2, +2 Italian table c3",
                                    "ITf@d3 = 5", "    +2 English table d2, +3 Italian table c3")
    # under the hint's points, apart: the expert's guess for this turn and, if another, its choice
    guess = info[1:-6]
    assert 1 <= len(guess) <= 2 and guess[0].startswith("The expert's guess (not points): ")
    assert all(re.fullmatch(r"The expert's guess \(not points\): [+-]\d+\.\d for this turn(, its choice too)?"
                            r"|its choice: (draw|([A-Z]{2}[fm]@[a-e]\d ?){1,3}), [+-]\d+\.\d", line)
               for line in guess), guess
    assert w.game.format() == before and w.game.turn is None
    assert w.game.best_turn().text == "DEm@c2, DEf@b3, ITf@d3"
    tap(w, "DEm")          # the next click puts the hint away
    assert w.view().hint == ()


def test_hint_mid_turn_finishes_the_turn_and_says_when_undo_is_better():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    tap(w, "DEm")
    tap(w, "a2")
    tap(w, "hint")
    assert w.status == ("Hint, not played: finish with DEf@c2, CNm@b3; this turn then makes 16 "
                        "points. Taking your cards back could make 17.")
    assert w.view().hint == (("c2", "2 DEf +6"), ("b3", "3 CNm +6"))
    assert [c.text for c in w.game.turn.cards] == ["DEm@a2"]


def test_hint_with_nothing_to_place_says_what_to_do():
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | USm USf / GBf "
                                 "| - / - | 0 0 | to:1", players=["human", "greedy"])
    tap(w, "hint")
    assert w.status == "Hint: no card of this hand may be placed now (R5–R7): draw a card (R10)."
    assert w.view().hint == ()


def test_hint_in_the_sandbox_uses_any_guests():
    w = CafeWidget.from_notation("RU GB FR ES IT | b1:RUf b3:RUm")
    tap(w, "hint")
    expected = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm").best_turn(
        [g for g in GUEST_KINDS for _ in range(4)])
    assert w.status.startswith(f"Hint, not played: {expected.text} = {expected.points} points")
    assert [seat for seat, _ in w.view().hint] == [c.seat for c in expected.cards]


def test_hint_in_the_sandbox_with_the_variant_may_use_four_of_a_guest():
    """Four Russian women make a ladies' table of Russians: 40 at b2, and 47 in all (R14)."""
    w = CafeWidget.from_notation("RU DE FR ES IT | c4:FRm | US", variant=True)
    tap(w, "hint")
    assert w.status.startswith("Hint, not played: RUf@b1, RUf@a2, RUf@c2, RUf@b3 = 47 points")


def test_hint_when_a_card_alone_cannot_be_joined():
    w = CafeWidget.from_notation("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | CNm USf / GBf "
                                 "| - / - | 0 0 | to:1", players=["human", "greedy"])
    tap(w, "CNm")
    tap(w, "a4")
    tap(w, "hint")
    assert w.status == ("Hint: no card can finish this turn: A Chinese man on a4 sits alone at the "
                        "Chinese table b4 and scores nothing: another guest must join him before the "
                        "turn ends (R7). Undo your cards.")


def test_each_computer_seat_names_its_player():
    w = CafeWidget.from_notation(DUEL, players=["human", "random"])
    assert [p.name for p in w.view().players] == ["Player 1", "Computer 2 (random)"]
    assert type(w.state.bots[1]).__name__ == "RandomPlayer"
    w = CafeWidget.from_notation(DUEL, players=["human", "computer"])
    assert type(w.state.bots[1]).__name__ == "SteadyPlayer"   # "computer": the one that places regularly
    with pytest.raises(ValueError, match="choose one of"):
        CafeWidget.from_notation(DUEL, players=["human", "clever"])


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_every_kind_of_computer_plays_a_whole_game_in_the_widget(kind):
    w = CafeWidget(game=Game.new(players=3, seed=4), players=["computer", kind, "computer"])
    assert w.game.is_over          # three computers play on to the end at once
    assert w.status.endswith(over_text(w.game, "en", w.state.kinds))
    assert w.view().players[1].name == f"Computer 2 ({kind})"


def test_hint_after_three_cards_says_end_the_turn():
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    for guest, seat in [("DEm", "a2"), ("DEf", "c2"), ("CNm", "b3")]:
        tap(w, guest)
        tap(w, seat)
    tap(w, "hint")
    assert len(w.game.turn.cards) == 3 and w.game.turn.points == 16
    # CNm@b3 filled b2 and turned up a table: the cards cannot be taken back to make 17 (R9)
    assert w.game.turn.cards[-1].cleared == ("b2",) and not w.game.can_undo()
    assert w.status == "Hint: no card adds points now; end the turn (16 points)."
    assert w.view().hint == ()


def test_a_seat_click_redraws_only_what_changed_on_one_canvas(sent):
    """The floor canvas is not touched; on the canvas above, the seats, the one card that was
    chosen (not the whole palette), the panel and the status are cleared and redrawn alone."""
    w = CafeWidget.from_notation(E12)
    tap(w, "RUf")
    sent.clear()
    tap(w, "c2")
    assert len(sent) == 1
    names = commands(sent[0])
    # cells a2 (no longer lit), c2 (the card), b2, d2, c3 (badges); the card that was chosen; the
    # panel; the status and the two buttons that woke up (Undo, Keep turn): ten small patches
    assert names.count("switchCanvas") == 1 and names.count("clearRect") == 10
    texts = [c[1][0] for c in sent[0] if NAMES.get(c[0]) == "fillText"]
    assert texts.count("CF") == 0 and texts.count("RU") == 2   # the new card on c2; the palette RUf (b1, b3 unchanged)
    w._on_client_ready()                                      # a new front end: everything again
    assert commands(sent[-1]).count("switchCanvas") == 2
