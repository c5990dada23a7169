"""The best turn: ``Cafe.best_turn``, ``TurnState.best_turn`` and ``Game.best_turn``.

Exactness is proved against :func:`every_turn`, a plain enumeration of every legal turn through
the engine's one legality check (``TurnState._seat``): every guest of the hand on every one of
the 12 seats, card after card, keeping each state that may end (R4–R9, R12a, R14). The best of
those, with the tie-break of docs/manual/engine.md (most points, then most cards, then reading order), must
be exactly the turn ``best_turn`` returns — on many random positions with small hands, and on
hand-made hard ones.
"""

from __future__ import annotations

import random

import pytest

from cafe_widget.engine import Cafe, Game, NotationError, Turn
from cafe_widget.engine.cards import guest_sort_key
from cafe_widget.engine.errors import Refusal
from cafe_widget.engine.layout import SEAT_INDEX, SEATS
from cafe_widget.players import RandomPlayer


def every_turn(state, hand):
    """Every legal way to finish the turn ``state`` with cards from ``hand``."""
    for guest in sorted(set(hand), key=guest_sort_key):
        for seat in SEATS:
            after = state._seat(guest, seat)
            if isinstance(after, Refusal):
                continue
            if after.can_end():
                yield after
            rest = list(hand)
            rest.remove(guest)
            yield from every_turn(after, rest)


def rank(state):
    """The tie-break as a sort key, smallest best: points, cards, then reading order."""
    order = [(SEAT_INDEX[c.seat], guest_sort_key(c.guest)) for c in state.cards]
    return (-state.points, -len(state.cards), order)


def brute_best(state, hand):
    """The best finished turn by plain enumeration, or None; and how many turns there were."""
    turns = list(every_turn(state, hand))
    if state.cards and state.can_end():
        turns.append(state)   # mid-turn, ending at once is a way to finish too
    if not turns:
        return None, 0
    return min(turns, key=rank).finish(), len(turns)


def assert_exact(cafe_or_state, hand, variant=False):
    state = cafe_or_state.begin_turn(variant) if isinstance(cafe_or_state, Cafe) else cafe_or_state
    expected, count = brute_best(state, hand)
    got = state.best_turn(hand)
    if expected is None:
        assert got is None, f"{state.cafe.format()} with {hand}: {got} but no legal turn"
        return count
    assert got is not None, f"{state.cafe.format()} with {hand}: None, expected {expected}"
    assert (got.text, got.points) == (expected.text, expected.points), (
        f"{state.cafe.format()} with {' '.join(hand)} (variant {variant}): "
        f"got {got.text} ({got.points}), brute force {expected.text} ({expected.points})")
    assert got.cafe == expected.cafe
    return count


# -- random positions with small hands -----------------------------------------------------

def random_position(seed: int):
    """A café from a seeded random game (a quarter of them with a table pile of 0 or 1, R12a), a
    hand of 1–5 guests mostly of the tables' nations (the pile's top included, so clearings
    pay), and the variant on or off."""
    rng = random.Random(seed)
    variant = rng.random() < 0.5
    game = Game.new(rng.randrange(2, 6), seed=seed, variant=variant)
    player = RandomPlayer(seed)
    for _ in range(rng.randrange(0, 40)):
        if game.is_over:
            break
        for action in player.actions(game):
            game.act(action)
    cafe = game.cafe
    if rng.random() < 0.25:   # a short table pile: a clearing may end the game (R12a)
        cafe = Cafe(cafe.tables, cafe.seats, cafe.pile[:rng.randrange(0, 2)])
    nations = [t for t in cafe.tables if t] + list(cafe.pile[:2])
    hand = []
    for _ in range(rng.randrange(1, 6)):
        nation = rng.choice(nations) if nations and rng.random() < 0.85 else rng.choice(
            ["CF", "CN", "CU", "DE", "ES", "FR", "GB", "IN", "IT", "RU", "TR", "US"])
        hand.append(nation + rng.choice("fm"))
    return cafe, hand, variant


@pytest.mark.parametrize("block", range(8))
def test_exact_on_random_positions(block):
    """50 random positions per block, 400 in all: best_turn equals the brute force."""
    turns = 0
    for seed in range(block * 50, block * 50 + 50):
        cafe, hand, variant = random_position(seed)
        turns += assert_exact(cafe, hand, variant)
    assert turns > 0  # the positions are not all dead ends


def test_exact_mid_turn_on_random_positions():
    """From a turn already begun (one card placed), best_turn finishes it exactly."""
    checked = 0
    for seed in range(1000, 1150):
        cafe, hand, variant = random_position(seed)
        state = cafe.begin_turn(variant)
        firsts = [(g, s) for g in sorted(set(hand)) for s in state.legal_seats(g)]
        if not firsts:
            continue
        guest, seat = firsts[seed % len(firsts)]
        rest = list(hand)
        rest.remove(guest)
        assert_exact(state.place(guest, seat), rest, variant)
        checked += 1
    assert checked > 50


# -- hand-made hard positions --------------------------------------------------------------

HARD = [
    # 12-card hands: an empty café (every first card sits alone, R7), twice with the variant
    ("RU GB FR ES IT | - | US CN DE", "RUf RUm GBf GBm FRf FRm ESf ESm ITf ITm RUf FRm", False),
    ("FR FR IT IT DE | - | US CN DE", "FRf FRm FRf FRm ITf ITm ITf ITm DEf DEm FRf ITm", True),
    # 12 cards and nine open seats, variant on: ladies' and men's tables are possible
    ("RU GB FR ES IT | b1:RUf e2:GBm a4:ESf | US CN DE",
     "RUf RUm GBf GBm FRf FRm ESf ESm ITf ITm RUf FRm", True),
    ("RU GB FR ES IT | b1:RUf e2:GBm a4:ESf | US CN DE",
     "RUf RUm GBf GBm FRf FRm ESf ESm ITf ITm RUf FRm", False),
]


@pytest.mark.parametrize("cafe, hand, variant", HARD)
def test_exact_on_twelve_card_hands(cafe, hand, variant):
    assert assert_exact(Cafe.parse(cafe), hand.split(), variant) > 1000


def test_clearing_after_the_first_card():
    """RUm@c2 fills the Russian table b2 (4 points there, 2 at c3) and clears it (R9), freeing
    c2 and b3 too; the German table drawn into b2 then takes DEf alone on the freed c2 and DEm
    beside her on b3: doubled at b2 and a pair at c3 (R8). Seating them on b1 and a2 instead
    would make only 4 of those 6."""
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf a2:RUm b3:ESf | DE US")
    turn = cafe.best_turn("RUm DEf DEm")
    assert turn.text == "RUm@c2, DEf@c2, DEm@b3"
    assert [c.by_table for c in turn.cards] == [
        {"b2": 4, "d2": 0, "c3": 2}, {"b2": 0, "d2": 0, "c3": 0}, {"b2": 4, "c3": 2, "b4": 0}]
    assert turn.points == 12
    assert turn.cleared == ("b2",)
    assert turn.cafe.format() == "DE GB FR ES IT | c2:DEf b3:DEm | US"
    assert cafe.play("RUm@c2, DEf@b1, DEm@a2").points == 10
    assert_exact(cafe, ["RUm", "DEf", "DEm"])


def test_a_card_alone_must_be_joined():
    """In an empty café every first card scores 0 and must be joined by the next (R7): the
    best seats the pair on two inner seats: a doubled Italian pair at d4 and a pair at the
    centre, 6; ITf@d3, ITm@c4 comes before its mirror ITf@c4, ITm@d3 in reading order.
    ITf alone is no turn at all."""
    cafe = Cafe.parse("RU GB FR ES IT | -")
    turn = cafe.best_turn("ITf ITm")
    assert turn.text == "ITf@d3, ITm@c4"
    assert [c.by_table for c in turn.cards] == [
        {"d2": 0, "c3": 0, "d4": 0}, {"c3": 2, "b4": 0, "d4": 4}]
    assert cafe.play("ITf@c4, ITm@d3").points == 6
    assert cafe.play("ITf@e4, ITm@d5").points == 4
    assert cafe.best_turn(["ITf"]) is None
    assert_exact(cafe, ["ITf", "ITm"])


def test_variant_ladies_table_then_a_fourth_card_on_a_freed_seat():
    """Variant (R14): a German woman sits at the German table d2; three more make it a ladies'
    table of Germans, 40, cleared at once (R9) with US drawn into d2; the fourth card then sits
    on the freed seat d3, beside the Italian man: 53 in all, table by table."""
    cafe = Cafe.parse("RU DE FR ES IT | d1:DEf c4:ITm | US CN")
    turn = cafe.best_turn("DEf DEf DEf ITf", variant=True)
    assert turn.text == "DEf@c2, DEf@e2, DEf@d3, ITf@d3"
    assert [c.by_table for c in turn.cards] == [
        {"b2": 0, "d2": 0, "c3": 2}, {"d2": 0}, {"d2": 40, "c3": 3, "d4": 2},
        {"d2": 0, "c3": 2, "d4": 4}]
    assert [t.variant for t in turn.cards[2].tables] == ["ladies", "", ""]
    assert turn.points == 53 and turn.cleared == ("d2",)
    assert turn.cafe.format() == "RU US FR ES IT | d3:ITf c4:ITm | CN"
    assert_exact(cafe, "DEf DEf DEf ITf".split(), True)
    # Without the variant two women may not sit alone together (R6): one Italian, 4 points.
    assert cafe.best_turn("DEf DEf DEf ITf").text == "ITf@e4"
    assert_exact(cafe, "DEf DEf DEf ITf".split(), False)


# -- the interface ------------------------------------------------------------------------

def test_best_turn_is_a_turn_that_play_reproduces():
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    turn = cafe.best_turn(["RUf", "ITf", "ITm", "DEm"])
    assert isinstance(turn, Turn)
    replay = cafe.play(turn.text)
    assert (replay.text, replay.points, replay.cafe) == (turn.text, turn.points, turn.cafe)
    # E12's 23 points; its mirror RUf@c2, ITf@c4, ITm@d3 ties, and d3 comes before c4
    assert turn.points == 23 and turn.text == "RUf@c2, ITm@d3, ITf@c4"
    assert cafe.play("RUf@c2, ITf@c4, ITm@d3").points == 23


def test_hand_as_text_or_list_gives_the_same_turn():
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    assert cafe.best_turn("RUf ITf ITm DEm").text == cafe.best_turn(
        ["DEm", "ITm", "ITf", "RUf"]).text


def test_no_legal_turn_gives_none():
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    assert cafe.best_turn("CNf USm") is None
    assert cafe.best_turn("") is None


def test_a_bad_hand_names_the_token():
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    with pytest.raises(NotationError) as err:
        cafe.best_turn("RUf XXf")
    assert err.value.field == "hand" and err.value.token == "XXf"


def test_game_best_turn_is_the_player_to_moves_and_changes_nothing():
    """For the player to move, at the start of a turn and mid-turn, equal to the brute force;
    the game (notation, history, log) is the same afterwards."""
    checked = 0
    for seed in range(20):
        game = Game.new(3, seed=seed, variant=seed % 2 == 1)
        for _ in range(seed % 7):
            for action in RandomPlayer(seed).actions(game):
                game.act(action)
        if game.is_over or game.best_turn() is None:
            continue
        for mid_turn in (False, True):
            if mid_turn:
                game.place(game.legal_placements()[0])
                if game.turn is None:   # that card ended the game (R12a)
                    break
            before = (game.format(), list(game.history), len(game.log))
            turn = game.best_turn(seen=True)     # exactly (the blind hint: tests/players/test_what_players_know.py)
            assert (game.format(), list(game.history), len(game.log)) == before
            state = game.turn or game.cafe.begin_turn(game.variant)
            expected, _ = brute_best(state, list(game.hand()))
            if expected is None:   # a card alone that nothing in hand can join (R7)
                assert turn is None
                continue
            if mid_turn:
                assert turn.cards[0] == game.turn.cards[0]   # the card placed stays
            assert (turn.text, turn.points) == (expected.text, expected.points)
            checked += 1
    assert checked >= 15


def test_every_turn_lists_exactly_the_legal_turns():
    """``every_turn`` (the strong player's list) holds every legal turn, and nothing else."""
    from cafe_widget.engine.search import every_turn as fast_every_turn

    for seed in range(2000, 2150):
        cafe, hand, variant = random_position(seed)
        state = cafe.begin_turn(variant)
        fast = sorted((p, ", ".join(f"{g}@{s}" for g, s in m), after.format(), tuple(kept))
                      for p, m, after, kept in fast_every_turn(state, hand))
        slow = []
        for t in every_turn(state, hand):
            kept = list(hand)
            for c in t.cards:
                kept.remove(c.guest)
            slow.append((t.points, ", ".join(c.text for c in t.cards), t.cafe.format(),
                         tuple(sorted(kept, key=guest_sort_key))))
        assert fast == sorted(slow), (seed, cafe.format(), hand)


def test_a_turn_that_ends_the_game():
    """The table pile is empty: ITm@c4 fills the Italian table d4 (8, doubled, plus 2 at c3),
    no table can replace it and the game ends at once (R9, R12a); nothing may follow."""
    cafe = Cafe.parse("RU GB FR ES IT | e4:ITf d5:ITm d3:ITf")
    turn = cafe.best_turn("ITm USf")
    assert turn.text == "ITm@c4" and turn.ends_game
    assert turn.cards[0].by_table == {"c3": 2, "b4": 0, "d4": 8}
    assert turn.cafe.format() == "RU GB FR ES - | -"
    assert_exact(cafe, ["ITm", "USf"])
    # With two Spaniards too: they sit first (2, then 4 doubled), and the same clearing then
    # makes 14: 20 in all
    assert cafe.best_turn("ITm ESf ESm").text == "ESm@b3, ESf@a4, ITm@c4"
    assert_exact(cafe, ["ITm", "ESf", "ESm"])


@pytest.mark.parametrize("hand, token", [(None, "None"), (123, "123"), (["RUf", None], "None"),
                                         ("RUf XXf", "XXf"), ("RUf@c2", "RUf@c2"),
                                         ("RUf " * 5, "RUf")])
def test_a_bad_hand_is_a_notation_error(hand, token):
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    with pytest.raises(NotationError) as err:
        cafe.best_turn(hand)
    assert (err.value.field, err.value.token) == ("hand", token)


def test_after_three_cards_the_best_is_to_end_the_turn():
    """Three cards are the most a turn may hold (R4): the best way to finish is to end it now."""
    cafe = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")
    state = cafe.begin_turn()
    for guest, seat in [("RUf", "c2"), ("ITf", "c4"), ("ITm", "d3")]:
        state = state.place(guest, seat)
    turn = state.best_turn(["DEm", "ESf"])
    assert turn.text == "RUf@c2, ITf@c4, ITm@d3" and turn.points == 23
    assert cafe.begin_turn().place("ITm", "e4").best_turn(["DEm"]) is None  # alone, unjoined (R7)


def test_game_over_gives_none():
    game = Game.new(2, seed=3)
    while not game.is_over:
        for action in RandomPlayer(2).actions(game):
            game.act(action)
    assert game.best_turn() is None
