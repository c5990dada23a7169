"""The board game's best action: ``board_search.best_action``,
``scored_actions`` and ``BoardGame.best_action``.

Exactness is proved against :func:`every_action`, a plain enumeration of every legal action
through the engine's public API: every placement ``begin_turn(hand).legal_placements()`` lists,
then every second placement after it, each turn kept when it may end (B4–B8, jokers in every
declaration); every ``bar X`` (B9) and every ``swap X@c`` (B10) the engine accepts. The best of
those by the tie-break of docs/manual/board-game.md (most points; seating, bar, swap; fewer tiles; reading
order) must be exactly what ``best_action`` returns — on a few hundred positions of seeded random
games (2–4 players), the same boards with jokers in the hand, turns in progress, and hand-made
cases (B7, only the bar, exchanges, identical tiles). No timing here: see benchmarks/board.py.
"""

from __future__ import annotations

import random

import pytest

from cafe_widget import Board, BoardGame, IllegalMove, NotationError
from cafe_widget.engine.board import CHAIR_INDEX, CHAIR_TABLES, CHAIRS, TABLE_NATION, TILE_KINDS
from cafe_widget.engine.board_search import best_action, best_seating, scored_actions

ORDER = {t: i for i, t in enumerate(TILE_KINDS)}


# -- the plain enumeration and the tie-break, written here from docs/manual/board-game.md ------------------

def tile_key(tile: str, chair: str) -> tuple[int, int]:
    """Palette order; a joker's declarations in the order of its chair's tables."""
    if tile.endswith("*"):
        nations = list(dict.fromkeys(TABLE_NATION[t] for t in CHAIR_TABLES[chair]))
        return ORDER["*" + tile[2]], nations.index(tile[:2])
    return ORDER[tile], 0


def rank(turn) -> tuple:
    """Most points; then seating, bar, swap; then fewer tiles; then reading order."""
    if turn.kind == "seat":
        order = [(CHAIR_INDEX[c.chair],) + tile_key(c.tile, c.chair) for c in turn.cards]
        return (-turn.points, 0, len(order), order)
    if turn.kind == "bar":
        return (-turn.points, 1, 1, [(ORDER[turn.tile],)])
    return (-turn.points, 2, 1, [(CHAIR_INDEX[turn.chair], ORDER[turn.tile])])


def finishes(state):
    """Every legal way to end the turn ``state`` with at most one more tile."""
    if state.cards and state.can_end():
        yield state.finish()
    if len(state.cards) < 2:
        for placement in state.legal_placements():
            after = state.place(placement)
            if after.can_end():
                yield after.finish()
            if len(after.cards) < 2:
                for second in after.legal_placements():
                    last = after.place(second)
                    assert last.can_end()  # a second tile never sits alone (B7)
                    yield last.finish()


def every_action(board: Board, hand) -> list:
    """Every legal action at the start of a turn, through the engine's public API."""
    state = board.begin_turn(hand)
    actions = list(finishes(state))
    for tile in dict.fromkeys(state.hand):
        try:
            actions.append(state.bar(tile))
        except IllegalMove:
            pass
    for chair, seated in zip(CHAIRS, board.chairs):
        if seated and seated.endswith("*"):
            for tile in dict.fromkeys(state.hand):
                if not tile.startswith("*"):
                    try:
                        actions.append(state.swap(tile, chair))
                    except IllegalMove:
                        pass
    return actions


def assert_exact(board: Board, hand) -> list:
    actions = every_action(board, hand)
    got = best_action(board, hand)
    if not actions:
        assert got is None, f"{board.format()} ; {' '.join(hand)}: {got}, but no legal action"
        return actions
    expected = min(actions, key=rank)
    assert got is not None, f"{board.format()} ; {' '.join(hand)}: None, expected {expected}"
    assert (got.kind, got.text, got.points) == (expected.kind, expected.text, expected.points), (
        f"{board.format()} ; {' '.join(hand)}: got {got.text} ({got.points}), "
        f"plain enumeration {expected.text} ({expected.points})")
    assert got.board == expected.board
    listed = scored_actions(board, hand)
    assert (listed[0].text, listed[0].points) == (got.text, got.points)
    assert sorted(t.text for t in listed if t.kind != "seat") == sorted(
        t.text for t in actions if t.kind != "seat")
    return actions


# -- random positions ---------------------------------------------------------------------

def random_action(game: BoardGame, rng: random.Random) -> None:
    """One action of a random player: any legal action; a seating of one or two tiles."""
    action = rng.choice(game.legal_actions())
    if action.startswith(("bar ", "swap ")):
        game.act(action)
        return
    game.place(action)
    if game.turn.pending or rng.random() < 0.4:
        second = game.legal_placements()
        if second:
            game.place(rng.choice(second))
    game.end_turn()


def random_game(seed: int) -> BoardGame:
    """A seeded random game of 2–4 players stopped at a random moment (maybe at its end)."""
    rng = random.Random(seed)
    game = BoardGame.new(rng.randrange(2, 5), seed=seed)
    for _ in range(rng.choice([0, 1, 2, rng.randrange(3, 20), rng.randrange(20, 90)])):
        if game.is_over:
            break
        random_action(game, rng)
    return game


def with_jokers(board: Board, hand, rng: random.Random) -> tuple:
    """The hand with one or two of its tiles replaced by jokers the position leaves free (B1)."""
    hand = list(hand)
    for joker in rng.sample(["*f", "*m", "*f"], rng.randrange(1, 3)):
        used = sum(1 for t in board.tiles() if t == joker) + hand.count(joker)
        if used < 2 and hand:
            hand[rng.randrange(len(hand))] = joker
    return tuple(hand)


SEEDS = range(260)


def test_best_action_is_exact_on_random_positions():
    counts = dict(positions=0, actions=0, jokers=0, bar_tiles=0, lonely_first=0, only_bar=0,
                  bar_best=0, swap_legal=0, no_action=0, identical=0, two_tiles_best=0)
    for seed in SEEDS:
        game = random_game(seed)
        if game.is_over:
            assert game.best_action() is None
            continue
        rng = random.Random(seed)
        hands = [game.hand()]
        if seed % 3 == 0:
            hands.append(with_jokers(game.board, game.hand(), rng))
        for hand in hands:
            board = game.board
            actions = assert_exact(board, hand)
            counts["positions"] += 1
            counts["actions"] += len(actions)
            counts["jokers"] += any(t.startswith("*") for t in hand)
            counts["bar_tiles"] += bool(board.bar)
            counts["identical"] += len(set(hand)) < len(hand)
            counts["lonely_first"] += any(a.kind == "seat" and a.cards[0].points == 0 for a in actions)
            counts["only_bar"] += bool(actions) and all(a.kind == "bar" for a in actions)
            counts["swap_legal"] += any(a.kind == "swap" for a in actions)
            counts["no_action"] += not actions
            if actions:
                best = min(actions, key=rank)
                counts["bar_best"] += best.kind == "bar"
                counts["two_tiles_best"] += best.kind == "seat" and len(best.cards) == 2
        # the game's own entry point: the player to move's hand
        got, expected = game.best_action(), best_action(game.board, game.hand())
        assert (got and (got.text, got.points)) == (expected and (expected.text, expected.points))
    print(counts)
    assert counts["positions"] >= 250
    assert counts["jokers"] >= 60
    assert counts["bar_tiles"] >= 60
    assert counts["lonely_first"] >= 30   # B7: an empty-table first tile that must be joined
    assert counts["only_bar"] >= 3
    assert counts["bar_best"] >= 3
    assert counts["two_tiles_best"] >= 100
    assert counts["identical"] >= 10


def test_best_way_to_finish_a_turn_in_progress():
    checked = lonely = 0
    for seed in range(60):
        game = random_game(1000 + seed)
        if game.is_over:
            continue
        rng = random.Random(seed)
        placements = game.legal_placements()
        if not placements:
            continue
        game.place(rng.choice(placements))
        state = game.turn
        options = list(finishes(state))
        got = game.best_action()
        assert options, "a first tile may always be finished (B7 refuses a lone tile nobody can join)"
        expected = min(options, key=rank)
        assert (got.text, got.points) == (expected.text, expected.points), (game.format(), got, expected)
        assert best_action(state) is not None and best_action(state).text == got.text
        assert [t.text for t in scored_actions(game)] == [got.text]
        checked += 1
        lonely += bool(state.pending)
    assert checked >= 40 and lonely >= 5


# -- hand-made cases ----------------------------------------------------------------------

# CF's two tables full (b2, b4); two of the CF women are jokers (b1, b5)
CF_FULL = "b1:CFf* a2:CFm c2:CFf b3:CFm a4:CFf c4:CFm b5:CFf*"


def test_first_turn_seats_a_pair_be1():
    """B7: on the empty board the first tile sits alone (0) and the second joins it."""
    turn = best_action(Board(), "CFf CFm")
    assert (turn.text, turn.points) == ("CFf@b1, CFm@a2", 4)
    assert_exact(Board(), ("CFf", "CFm", "ITf", "USm", "*f"))


def test_a_lone_tile_nobody_can_join_leaves_only_the_bar():
    """B7: ITf could only sit alone and USm cannot join it: only the bar (B9), +1."""
    turn = best_action(Board(), "ITf USm")
    assert (turn.kind, turn.text, turn.points) == ("bar", "bar ITf", 1)
    assert best_seating(Board(), "ITf USm") is None
    assert best_action(Board(), "ITf *m").text == "ITf@d1, ITm*@c2"  # a joker may join it (B5)
    assert_exact(Board(), "ITf USm")
    assert_exact(Board(), "ITf *m")
    # men only: no table could balance (B6); the jokers go to the bar, having no legal chair (B9)
    for hand in ("*m *m", "CNm DEm GBm GBm *m", "*f"):
        assert best_action(Board(), hand).kind == "bar"
        assert_exact(Board(), hand)


def test_bar_beats_a_seating_worth_less():
    """The fifth bar place pays +5 (B9): more than a 3-point seating; a seating wins a tie."""
    board = Board.parse("a2:CFf b1:CFm | RUm RUf GBm GBf")
    assert best_action(board, "ITm").text == "bar ITm"     # 5 > 3 (ITm@c2, BE2)
    assert best_action(board, "CFf").text == "CFf@c2"      # 6 > 5
    assert_exact(board, "ITm")
    board = Board.parse("a2:CFf b1:CFm | RUm RUf GBm")
    assert best_action(board, "ITm *m").points == 6 and best_action(board, "ITm *m").kind == "seat"


def test_only_bar_and_swaps_and_negative_bar_values():
    """Nothing can sit: the bar when it pays (B9), else an exchange for 0 (B10), else the bar
    even at a loss; a joker goes to the bar only without a legal chair."""
    board = Board.parse(CF_FULL + " | -")
    assert best_action(board, "CFf CFm").text == "bar CFf"
    listed = [(t.text, t.points) for t in scored_actions(board, "CFf CFm")]
    assert listed == [("bar CFf", 1), ("bar CFm", 1), ("swap CFf@b1", 0), ("swap CFf@b5", 0)]
    board = Board.parse(CF_FULL + " | RUm RUf GBm GBf USm")  # the next place pays -2
    assert best_action(board, "CFf CFm").text == "swap CFf@b1"
    turn = best_action(board, "CFm")
    assert (turn.text, turn.points) == ("bar CFm", -2)
    for hand in ("CFf CFm", "CFm", "CFf", "CFm *m"):
        assert_exact(board, hand)
    assert best_action(Board(), ()) is None


def test_two_identical_tiles_may_both_sit_and_one_only_once():
    board = Board.parse("a2:CFf b1:CFm | -")
    assert best_action(board, "CFf").points == 6            # CFf@c2 alone
    two = best_action(board, "CFf CFm")
    assert (two.text, two.points) == ("CFf@c2, CFm@b3", 14)
    assert_exact(board, "CFf CFf")
    assert_exact(board, "CFm CFm CFf")
    assert_exact(Board(), "*f *f *m *m ITf")


def test_a_joker_in_every_declaration():
    """BE6: the joker declared CF doubles b2 (6), declared IT it makes 3."""
    board = Board.parse("a2:CFf b1:CFm | -")
    turn = best_action(board, "*f")
    assert (turn.text, turn.points) == ("CFf*@c2", 6)
    assert_exact(board, "*f GBm")


def test_the_search_plays_through_the_engine():
    board = Board.parse("a2:CFf b1:CFm | -")
    turn = best_action(board, "ITm CFf *m")
    again = board.play(turn.text, "ITm CFf *m")
    assert (again.points, again.board) == (turn.points, turn.board)
    assert [c.by_table for c in turn.cards] == [c.by_table for c in again.cards]
    assert board == Board.parse("a2:CFf b1:CFm | -")  # the board unchanged


def test_refusals_of_the_api():
    with pytest.raises(ValueError):
        best_action(Board())                       # no hand
    with pytest.raises(NotationError) as err:
        best_action(Board(), "ITf XXm")
    assert err.value.field == "hand"
    with pytest.raises(NotationError):
        best_action(Board.parse(CF_FULL + " | -"), "CFf CFf CFf")  # B1: only 4 CFf
    with pytest.raises(TypeError):
        best_action("a2:CFf", "CFf")


def test_a_game_over_has_no_best_action():
    game = BoardGame.new(players=2, seed=3)
    while not game.is_over:                    # the best action each turn: a game to its end (B13)
        game.play(game.best_action().text)
    assert game.over_reason in ("B13a", "B13b", "B13c", "B13d", "B13e")
    assert game.best_action() is None and scored_actions(game) == []
