"""Seeded random games of the board game for 2, 3 and 4 players, played to the end (B3–B14),
with the invariants checked after EVERY action:

- all 100 tiles are accounted for (B1): bag + hands + chairs + bar + the tiles that left the
  game with players out, with the right multiset (12 nations × 4 women × 4 men, 2 ``*f``,
  2 ``*m``; a seated joker ``ITf*`` is a ``*f``);
- every table holds one guest, or 1–2 women and 1–2 men (B6);
- every seated tile sits at a table of its nation, or its declaration's (B5);
- each score is the sum of the player's logged points, never negative, 0 for a player out (B9);
- hand sizes only fall, never below 0 (B12); a player still in holds at least their hand size
  after their action while the bag has tiles (B11);
- ``Board.play`` replays each finished action from the position before it with the logged
  points (a bar debt capped at the player's score, B9);
- the game ends exactly when the first of B13 (a)–(e) holds, and says which;
- the board and game notations and the JSON save round-trip (B15);
- a few random refused actions each step raise IllegalMove with a B-rule and change nothing;
- at the end, the final score (B14): 5 per tile and 10 per joker in hand, players out last.

The random player chooses among ``legal_actions()`` with a seeded ``random.Random``; a turn of
placed tiles goes on with ``legal_placements()`` and ends with ``end_turn()`` (sometimes a
whole two-tile turn is played at once with ``play``); a lone tile nothing may join is taken
back with ``undo()`` and not tried again from that position.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from cafe_widget import Board, BoardGame, IllegalMove
from cafe_widget.engine.board import BAR_VALUES, CHAIR_TABLES, CHAIRS, TABLE_NATION, TABLES

NATIONS = "CF CN CU DE ES FR GB IN IT RU TR US".split()
FULL = Counter({**{n + s: 4 for n in NATIONS for s in "fm"}, "*f": 2, "*m": 2})
assert sum(FULL.values()) == 100
RULE = re.compile(r"B([1-9]|1[0-5])$")
MAX_ACTIONS = 2000

#: (players, seed, bar_rate): how often a turn begins at the bar decides how the game ends; these
#: reach every end of B13 (a)–(e) — test_every_end_is_reached checks they still do.
GAMES = [(2, 1, 0.02), (2, 2, 0.3), (2, 1, 0.6),
         (3, 3, 0.02), (3, 4, 0.02), (3, 1, 0.3), (3, 2, 0.6),
         (4, 1, 0.02), (4, 2, 0.02), (4, 3, 0.3), (4, 4, 0.3), (4, 1, 0.6)]
ENDS: dict[tuple, str] = {}


def as_tile(tile: str) -> str:
    """The tile itself: a seated joker ``ITf*`` is the joker ``*f``."""
    return "*" + tile[2] if tile.endswith("*") else tile


def visible_tiles(g: BoardGame) -> Counter:
    """Tiles in the bag, the hands, on the chairs and at the bar."""
    seen = Counter(g.bag)
    for hand in g.hands:
        seen.update(hand)
    seen.update(as_tile(g.board.tile(c)) for c in CHAIRS if g.board.tile(c))
    seen.update(g.board.bar)
    return seen


def penalty(hand) -> int:
    return sum(10 if t.startswith("*") else 5 for t in hand)


class Referee:
    """Checks a game after every action; remembers what it needs from before."""

    def __init__(self, g: BoardGame, rng: random.Random):
        self.rng = rng
        self.gone = Counter()
        self.sizes = g.hand_sizes
        self.boundary = g.copy()     # the game at the start of the current turn
        self.log_length = len(g.log)
        self.actions = 0
        self.check(g, None)

    # -- after every action ------------------------------------------------------------

    def check(self, g: BoardGame, action: str | None) -> None:
        self.actions += 1
        at_boundary = g.turn is None or not g.turn.cards
        if at_boundary and len(g.log) > self.log_length:
            self.check_finished_action(g)
        self.check_notation(g)
        self.check_board(g.board)
        self.check_tiles(g)
        assert all(0 <= s for s in g.hand_sizes)
        assert all(a >= b for a, b in zip(self.sizes, g.hand_sizes)), (self.sizes, g.hand_sizes)
        self.sizes = g.hand_sizes
        if at_boundary:
            self.check_scores(g)
            self.boundary, self.log_length = g.copy(), len(g.log)
            self.check_end(g)
        if not g.is_over:
            self.check_refusals(g)
            self.check_legal(g)

    def check_notation(self, g: BoardGame) -> None:
        text = g.format()
        assert BoardGame.parse(text).format() == text
        assert BoardGame.parse(text) == g
        assert BoardGame.from_json(g.to_json()).format() == text
        assert Board.parse(g.board.format()) == g.board
        assert Board.parse(g.board.format()).format() == g.board.format()

    def check_board(self, board: Board) -> None:
        for chair in CHAIRS:
            tile = board.tile(chair)
            if tile:
                assert tile[:2] in {TABLE_NATION[t] for t in CHAIR_TABLES[chair]}, (chair, tile)  # B5
        for table in TABLES:
            guests = board.guests_at(table)
            women = sum(1 for t in guests if t[2] == "f")
            men = len(guests) - women
            assert len(guests) <= 4
            assert len(guests) <= 1 or (1 <= women <= 2 and 1 <= men <= 2), (table, guests)  # B6
        assert len(board.bar) <= 20

    def check_tiles(self, g: BoardGame) -> None:
        seen = visible_tiles(g)
        assert seen + self.gone == FULL, (FULL - seen - self.gone, seen + self.gone - FULL)
        assert Counter(g.gone) == self.gone
        for p, out in enumerate(g.out):
            if out:
                assert g.hands[p] == ()

    def check_scores(self, g: BoardGame) -> None:
        for p in range(g.players):
            logged = sum(e.points for e in g.log if e.player == p)
            assert g.scores[p] == logged, (p, g.scores, logged)
            assert g.scores[p] >= 0
            if g.out[p]:
                assert g.scores[p] == 0

    def check_finished_action(self, g: BoardGame) -> None:
        """The action just finished, replayed on the board before it (Board.play), and what
        followed: the bar debt (B9), players out, the refill (B11)."""
        before = self.boundary
        entry = g.log[-1]
        p = entry.player
        assert p == before.to_move
        turn = before.board.play(entry.action)
        assert turn.board.format() == g.board.format()
        if turn.kind == "bar":
            assert turn.points == BAR_VALUES[turn.bar_place - 1]
            assert entry.points == max(turn.points, -before.scores[p])  # B9: pays what they have
            out = turn.points < 0 and -turn.points > before.scores[p]
            assert g.out[p] == out
            if out:  # their tiles leave the game (and they draw none)
                self.gone += Counter(before.hands[p]) - Counter([as_tile(entry.action.split()[1])])
                assert g.bag == before.bag
        else:
            assert entry.points == turn.points
            assert not g.out[p]
        assert g.scores[p] == before.scores[p] + entry.points
        others = [q for q in range(g.players) if q != p]
        assert all(g.scores[q] == before.scores[q] for q in others)
        if turn.kind == "swap":
            assert g.bag == before.bag and len(g.hands[p]) == len(before.hands[p])  # B10
            assert g.hand_sizes == before.hand_sizes
        if turn.kind == "seat":  # B12
            lost = len(turn.filled_own_nation)
            assert g.hand_sizes[p] == max(0, before.hand_sizes[p] - lost)
        if not g.out[p]:  # B11: drawn up to the hand size, or until the bag ran out
            assert len(g.hands[p]) >= g.hand_sizes[p] or not g.bag

    def check_end(self, g: BoardGame) -> None:
        """B13: over exactly when one of (a)–(e) holds, the first of them named."""
        board = g.board
        holds = {
            "B13a": len(board.bar) == 20,
            "B13b": not board.free_chairs(),
            "B13c": len(g.bag) <= 4,
            "B13d": any(not g.hands[p] and not g.out[p] for p in range(g.players)),
            "B13e": sum(not o for o in g.out) < 2,
        }
        first = next((reason for reason, yes in holds.items() if yes), None)
        assert g.over_reason == first, (g.over_reason, holds)
        assert g.is_over == (first is not None)

    def check_refusals(self, g: BoardGame) -> None:
        """A few random actions that are not legal: refused, with a B rule, nothing changed."""
        legal = set(g.legal_actions())
        hand = g.hand()
        tries = []
        for _ in range(3):
            tile = self.rng.choice(hand) if hand else "RUm"
            chair = self.rng.choice(CHAIRS)
            if tile.startswith("*"):
                nation = self.rng.choice(NATIONS)
                tries.append(("place", f"{nation}{tile[1]}*@{chair}"))
            else:
                tries.append(("place", f"{tile}@{chair}"))
            real = [t for t in hand if not t.startswith("*")] or ["RUm"]
            tries.append(("act", f"swap {self.rng.choice(real)}@{chair}"))
            tries.append(("act", f"bar {tile}"))
        other = [t for q, h in enumerate(g.hands) if q != g.to_move for t in h if t not in hand]
        if other:
            tries.append(("act", f"bar {self.rng.choice(other)}"))   # not in the hand: B4
        if g.turn is None or not g.turn.cards:
            tries.append(("end_turn", None))                        # no pass: B4
        elif g.explain_end_turn() is not None:
            tries.append(("end_turn", None))
        checked = 0
        for method, arg in tries:
            if arg in legal or (method == "place" and arg in g.legal_placements()):
                continue
            before, log = g.format(), len(g.log)
            with pytest.raises(IllegalMove) as err:
                getattr(g, method)(*(() if arg is None else (arg,)))
            assert RULE.match(err.value.rule), err.value.rule
            assert str(err.value)
            assert g.format() == before and len(g.log) == log, (method, arg)
            checked += 1
            if checked >= 3:
                break

    def check_legal(self, g: BoardGame) -> None:
        """The legal actions explain as None; there is always one (B4: no pass)."""
        actions = g.legal_actions()
        placements = g.legal_placements()
        if g.turn is None or not g.turn.cards:
            assert actions, "no legal action, and B4 has no pass:\n" + g.format()
        assert set(placements) <= set(actions)
        if g.turn is not None and g.turn.cards:  # mid-turn: only another tile (B4)
            assert set(actions) == set(placements)
        for a in self.rng.sample(actions, min(3, len(actions))):
            if a.startswith("bar "):
                assert g.explain_bar(a[4:]) is None, a
            elif a.startswith("swap "):
                assert g.explain_swap(a) is None, a
            else:
                assert g.explain_place(a) is None, a

    # -- at the end --------------------------------------------------------------------

    def check_result(self, g: BoardGame) -> None:
        result = g.result()
        rows = sorted(getattr(result, "standings", result), key=lambda s: s.player)
        assert [s.player for s in rows] == list(range(g.players))
        for s in rows:
            assert s.score == g.scores[s.player]
            assert s.penalty == penalty(g.hands[s.player])
            assert s.final == s.score - s.penalty
            assert s.out == g.out[s.player]
        for a in rows:
            for b in rows:
                if a.out and not b.out:
                    assert a.rank > b.rank
                elif a.out == b.out and (a.final, -a.penalty) > (b.final, -b.penalty):
                    assert a.rank < b.rank
                elif a.out == b.out and (a.final, a.penalty) == (b.final, b.penalty):
                    assert a.rank == b.rank
        assert min(s.rank for s in rows) == 1


# -- the random player --------------------------------------------------------------------------

def random_action(g: BoardGame, rng: random.Random, dead_ends: dict[str, set[str]], bar_rate: float) -> str:
    """Do one random legal action on ``g``; return it in notation. A turn begins at the bar
    with probability ``bar_rate`` (or when nothing else is legal)."""
    position = g.format()
    if g.turn is not None and g.turn.cards:
        legal = [p for p in g.legal_placements() if p not in dead_ends.get(position, ())]
        can_end = g.explain_end_turn() is None
        if can_end and (not legal or rng.random() < 0.6):
            g.end_turn() if rng.random() < 0.8 else g.act("end")
            return "end"
        if legal:
            placement = rng.choice(legal)
            g.place(placement)
            return placement
        last = g.turn.cards[-1]
        g.undo() if rng.random() < 0.8 else g.act("undo")
        # a lone tile nothing may join: taken back, and never tried again from here
        dead_ends.setdefault(g.format(), set()).add(f"{last.tile}@{last.chair}")
        return "undo"
    actions = [a for a in g.legal_actions() if a not in dead_ends.get(position, ())]
    if not actions:
        actions = g.legal_actions()
    bars = [a for a in actions if a.startswith("bar ")]
    others = [a for a in actions if not a.startswith("bar ")]
    action = rng.choice(bars if bars and (not others or rng.random() < bar_rate) else others)
    if action.startswith("bar "):
        g.bar(action[4:]) if rng.random() < 0.5 else g.act(action)
    elif action.startswith("swap "):
        if rng.random() < 0.5:
            tile, chair = action[5:].split("@")
            g.swap(tile, chair)
        else:
            g.act(action)
    else:
        whole = _whole_turn(g, action, rng) if rng.random() < 0.3 else None
        if whole:
            g.play(whole)
            return whole
        g.place(action)
        if g.turn is not None and g.turn.cards and not g.legal_placements() and g.explain_end_turn() is not None:
            dead_ends.setdefault(position, set()).add(action)
    return action


def _whole_turn(g: BoardGame, first: str, rng: random.Random) -> str | None:
    """A legal one- or two-tile turn beginning with ``first``, found on a copy."""
    trial = g.copy()
    trial.place(first)
    if trial.is_over:
        return None
    second = trial.legal_placements()
    if second and (trial.explain_end_turn() is not None or rng.random() < 0.5):
        return f"{first}, {rng.choice(second)}"
    return first if trial.explain_end_turn() is None else None


def play_random_game(players: int, seed: int, bar_rate: float) -> tuple[BoardGame, Referee]:
    rng = random.Random(seed)
    g = BoardGame.new(players=players, seed=seed)
    referee = Referee(g, random.Random(seed + 1000))
    dead_ends: dict[str, set[str]] = {}
    for _ in range(MAX_ACTIONS):
        if g.is_over:
            return g, referee
        action = random_action(g, rng, dead_ends, bar_rate)
        referee.check(g, action)
    raise AssertionError(f"no end within {MAX_ACTIONS} actions:\n{g.format()}")


@pytest.mark.parametrize("players, seed, bar_rate", GAMES)
def test_random_game_to_the_end(players, seed, bar_rate):
    g, referee = play_random_game(players, seed, bar_rate)
    assert g.is_over and g.over_reason in {"B13a", "B13b", "B13c", "B13d", "B13e"}
    ENDS[players, seed, bar_rate] = g.over_reason
    referee.check_result(g)
    # a game over refuses every action
    for method, arg in (("act", "bar RUm"), ("end_turn", None)):
        before = g.format()
        with pytest.raises(IllegalMove):
            getattr(g, method)(*(() if arg is None else (arg,)))
        assert g.format() == before
    assert list(g.legal_actions()) == []
    # the whole game replays from its save, and from the seed and its logged actions
    assert BoardGame.from_json(g.to_json()).format() == g.format()
    again = BoardGame.new(players=players, seed=seed)
    for entry in g.log:
        again.act(entry.action)
    assert again.format() == g.format()


def test_every_end_is_reached():
    """The games above end in each of the five ways of B13 (and a few more B9 outs)."""
    for players, seed, bar_rate in GAMES:
        if (players, seed, bar_rate) not in ENDS:  # run alone: play the game, unchecked
            g = BoardGame.new(players=players, seed=seed)
            rng, dead_ends = random.Random(seed), {}
            while not g.is_over:
                random_action(g, rng, dead_ends, bar_rate)
            ENDS[players, seed, bar_rate] = g.over_reason
    assert set(ENDS.values()) == {"B13a", "B13b", "B13c", "B13d", "B13e"}
