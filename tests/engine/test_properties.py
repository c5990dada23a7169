"""Property tests: seeded random games for 2–5 players, variant off and on (R3–R14).

A random player (:func:`play_random_game`) places legal cards one at a time or a whole turn
at once, takes cards back, ends turns, draws, lays cards face down and declares the end, until
the game is over. After every action :class:`Referee` checks the invariants:

- all 120 cards are accounted for (R1): café, table pile, guest pile, hands, face-down cards
  and the box;
- the balance of the sexes holds at every table (R6), except where a clearing left guests
  behind (R9) and, in the variant, at the ladies' or men's table forming this turn (R14);
- every card scored as R8 says, and every cleared table was full and is emptied (R9);
- each score is the sum of the player's logged turns, and the final score subtracts 2 per
  card in hand or face down (R13);
- the game and café notations and the JSON save round-trip (§6);
- ``Cafe.play`` replays each finished turn without changing its café;
- refused actions raise IllegalMove with the right rule and change nothing;
- no card that turned up a table (R9) is taken back, the turn may always end right after one,
  and so a turn in progress may always end or take a card back (never stuck).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from cafe_widget.engine import Cafe, Game, IllegalMove
from cafe_widget.engine.cards import GUEST_KINDS, full_guest_deck, full_table_deck
from cafe_widget.engine.layout import SEATS, TABLE_PLACES, TABLE_SEATS, TOUCHES

PENALTY = 2
HAND_LIMIT = 12

#: The four seats of each table, by place: ``TABLE_SEAT_NAMES["b2"] == ("b1", "a2", "c2", "b3")``.
TABLE_SEAT_NAMES = {TABLE_PLACES[t]: tuple(SEATS[s] for s in seats)
                    for t, seats in enumerate(TABLE_SEATS)}

#: Rules that may refuse each kind of action.
PLACE_RULES = {"R4", "R5", "R6", "R7", "R12", "R14"}
DRAW_RULES = {"R4", "R10", "R12"}
FACE_DOWN_RULES = {"R4", "R11", "R12"}
END_TURN_RULES = {"R4", "R7", "R12", "R14"}
UNDO_RULES = {"R4", "R9", "R12"}

# Seeds are opaque: a smaller seed is not a simpler game, so shrinking would only replay games.
GAME_SETTINGS = settings(derandomize=True, deadline=None, max_examples=3, database=None,
                         phases=[Phase.explicit, Phase.generate])


# -- the random player ------------------------------------------------------------------------

def new_game(seed: int, players: int, variant: bool, hand_size: int | None = None) -> Game:
    """``Game.new``; with ``hand_size``, the same deal with only that many cards in each hand
    (the rest go under the guest pile), so that hands run empty and R12c comes into play."""
    game = Game.new(players, seed=seed, variant=variant)
    if hand_size is None:
        return game
    fields = game.format().split(" | ")
    hands = [h.split() for h in fields[4].split(" / ")]
    fields[3] += " " + " ".join(c for h in hands for c in h[hand_size:])
    fields[4] = " / ".join(" ".join(h[:hand_size]) for h in hands)
    game = Game.parse(" | ".join(fields))
    assert [len(h) for h in game.hands] == [hand_size] * players
    return game


def play_random_game(seed: int, players: int, variant: bool, after_action=None,
                     hand_size: int | None = None, max_actions: int = 3000) -> Game:
    """Play a seeded random game to the end; ``after_action(game, action)`` after every action.

    The player prefers placing (one card at a time, or sometimes a whole turn with
    ``game.play``), sometimes takes a card back, ends the turn when it may, and otherwise
    draws, lays a card face down with 12 in hand, or declares the end when allowed. A card
    that led to a dead end (no card may follow and the turn may not end) is taken back and
    not tried again from the same position.
    """
    rng = random.Random(seed)
    game = new_game(seed, players, variant, hand_size)
    greed = rng.random()  # how often this player picks the best-scoring card
    eager = rng.random() < 0.5  # places whenever it can, as many cards as it can
    dead_ends: dict[str, set[str]] = {}
    if after_action:
        after_action(game, "new")
    for _ in range(max_actions):
        if game.is_over:
            return game
        action = _random_action(game, rng, greed, eager, dead_ends)
        if after_action:
            after_action(game, action)
    raise AssertionError(f"game with seed {seed} did not end within {max_actions} actions:\n{game!r}")


def _random_action(game: Game, rng: random.Random, greed: float, eager: bool,
                   dead_ends: dict[str, set[str]]) -> str:
    """Do one random legal action on ``game``; return it in notation."""
    who = game.who_may_declare()
    if who and rng.random() < 0.5:
        player = rng.choice(who)
        game.declare_end(player)
        return f"declare:{player + 1}"
    position = game.format()
    legal = [p for p in game.legal_placements() if p not in dead_ends.get(position, ())]
    if rng.random() < 0.9:  # mostly look one card ahead; sometimes walk into a dead end
        legal = [p for p in legal if _may_go_on(game, p)]
    if game.turn:
        can_end = game.can_end_turn()
        if not legal and not can_end:  # a dead end: take the last card back for good
            # (never stuck: a dead end is never just after a table turned up, R9)
            assert game.can_undo(), f"a turn stuck after a table turned up: {game!r}"
            last = game.undo()
            dead_ends.setdefault(game.format(), set()).add(last)
            return "undo " + last
        if rng.random() < 0.05 and game.can_undo():   # never back past a table turned up (R9)
            return "undo " + game.undo()
        if can_end and (not legal or rng.random() < (0.1 if eager else 0.45)):
            game.end_turn()
            return "end"
        placement = _choose(game, legal, rng, greed)
        game.place(placement)
        return placement
    if legal and (eager or rng.random() < 0.6 + 0.35 * greed):
        if rng.random() < 0.3:
            text = _random_whole_turn(game, rng)
            if text:
                game.play(text)
                return text
        placement = _choose(game, legal, rng, greed)
        if rng.random() < 0.5:
            game.place(placement)
        else:
            guest, seat = placement.split("@")
            game.place(guest, seat)
        return placement
    if len(game.hand()) < HAND_LIMIT:
        game.draw()
        return "draw"
    guest = rng.choice(game.hand())
    game.lay_face_down(guest)
    return f"down:{guest}"


def _may_go_on(game: Game, placement: str) -> bool:
    """True if after ``placement`` the turn may end or another card may follow."""
    trial = game.copy()
    trial.place(placement)
    return trial.is_over or trial.can_end_turn() or bool(trial.legal_placements())


def _choose(game: Game, legal: list[str], rng: random.Random, greed: float) -> str:
    """A random legal placement, or (with probability ``greed``) one scoring the most."""
    if len(legal) == 1 or rng.random() >= greed:
        return rng.choice(legal)
    points = {}
    for placement in legal:
        trial = game.copy()
        points[placement] = trial.place(placement).points
    best = max(points.values())
    return rng.choice([p for p in legal if points[p] == best])


def _random_whole_turn(game: Game, rng: random.Random) -> str | None:
    """A legal whole turn found by placing random cards on a copy, or None."""
    trial = game.copy()
    placed = []
    for _ in range(rng.randint(1, 4)):
        legal = trial.legal_placements()
        if not legal:
            break
        placement = rng.choice(legal)
        trial.place(placement)
        placed.append(placement)
        if trial.is_over:  # R12a: the turn ended the game, and is complete
            break
    if not placed or not (trial.is_over or trial.can_end_turn()):
        return None
    # Both separators of §6, and case forgiven in guest codes.
    placed = [p if rng.random() < 0.8 else p[:2].lower() + p[2:] for p in placed]
    return rng.choice([", ", " ", ","]).join(placed)


# -- the referee: invariants after every action ------------------------------------------------

def cards_in_play(game: Game) -> tuple[Counter, Counter]:
    """Guests and tables found anywhere in the game, the box included."""
    cafe = game.cafe
    guests, tables = Counter(), Counter()
    tables.update(t for t in cafe.tables if t)
    tables.update(cafe.pile)
    guests.update(g for g in cafe.seats if g)
    guests.update(game.guest_pile)
    for hand in game.hands:
        guests.update(hand)
    for down in game.face_down:
        guests.update(down)
    for card in game.box:
        (guests if len(card) == 3 else tables)[card] += 1
    return guests, tables


def sexes(guests) -> tuple[int, int]:
    women = sum(1 for g in guests if g[2] == "f")
    return women, len(guests) - women


def expected_table_points(guests: tuple[str, ...], nation: str) -> tuple[int, bool]:
    """R8 from scratch: the points one card scores at one table with these guests."""
    n = len(guests)
    doubled = n > 1 and all(g[:2] == nation for g in guests)
    return (0 if n == 1 else (2 * n if doubled else n)), doubled


def check_card(before: Cafe, after: Cafe, card, variant: bool, exempt: set[str]) -> None:
    """One placed card against R5, R8, R9 and R14, computed independently of the engine;
    updates ``exempt`` (tables left unbalanced by a clearing, R9) in place."""
    assert before.guest(card.seat) is None, f"{card.text}: seat was taken in {before.format()}"
    seated = list(before.seats)
    seated[SEATS.index(card.seat)] = card.guest
    seated = Cafe(before.tables, tuple(seated), before.pile)
    touched = [p for p in TOUCHES[card.seat] if before.table(p)]
    assert [t.place for t in card.tables] == touched, card
    assert any(before.table(p) == card.guest[:2] for p in touched), f"R5 broken by {card.text}"
    for score in card.tables:
        guests = seated.guests_at(score.place)
        assert score.nation == before.table(score.place)
        assert score.guests == len(guests), (card, guests)
        points, doubled = expected_table_points(guests, score.nation)
        assert score.doubled == doubled, (card, guests)
        if score.variant == "":
            assert score.points == points, (card, guests, before.format())
        else:
            assert variant, f"{card}: variant scoring in a game without the variant"
            assert len(set(g[2] for g in guests)) == 1, (card, guests)
            if score.variant == "forming":
                assert score.points == 0 and len(guests) < 4, card
            else:
                assert score.variant == ("ladies" if card.guest[2] == "f" else "men"), card
                assert len(guests) == 4 and score.points == (40 if doubled else 20), card
    # The engine checked R6 at every table this seat touches: they lose any exemption.
    exempt.difference_update(TOUCHES[card.seat])
    cleared = set(card.cleared)
    for place in card.cleared:
        assert place in touched, f"{card.text} cleared {place}, a table it does not touch"
        assert len(seated.guests_at(place)) == 4, f"{card.text} cleared {place}, not full"
        for seat in TABLE_SEAT_NAMES[place]:
            assert after.guest(seat) is None, f"R9: {seat} still occupied after clearing {place}"
            # Guests at this seat were removed from every other table the seat touches.
            exempt.update(p for p in TOUCHES[seat] if p not in cleared)
    exempt.difference_update(cleared)
    for place in touched:
        if place not in cleared:
            assert len(seated.guests_at(place)) < 4, f"R9: full table {place} was not cleared"


class Referee:
    """Checks a game's invariants after every action (see the module docstring)."""

    def __init__(self, game: Game):
        self.rng = random.Random(game.format())
        self.variant = game.variant
        self.players = game.players
        self.exempt: set[str] = set()     # tables left unbalanced by a clearing (R9)
        self.cut_short: set[str] = set()  # a forming R14 table when R12a ended the turn
        self.logged = 0
        self.cafe = game.cafe             # the café after the last finished turn
        self.actions = 0
        self.before = None                # the game before a refused action

    def __call__(self, game: Game, action: str) -> None:
        self.actions += 1
        self.sync_log(game)
        self.check_cards(game)
        self.check_balance(game)
        self.check_scores(game)
        self.check_notation(game)
        self.check_refusals(game)
        if game.is_over:
            self.check_result(game)

    # finished turns ---------------------------------------------------------------------

    def sync_log(self, game: Game) -> None:
        for entry in game.log[self.logged:]:
            assert 0 <= entry.player < self.players
            if entry.turn is None:
                assert entry.action == "draw" or entry.action.startswith(("down:", "declare"))
                continue
            turn = entry.turn
            assert turn.cafe_before == self.cafe, "a turn did not start from the café as it was"
            # Cafe.play replays the turn, scores it the same, and leaves its café unchanged.
            notation = turn.cafe_before.format()
            replay = turn.cafe_before.play(turn.text, self.variant)
            assert turn.cafe_before.format() == notation
            assert Cafe.parse(notation) == turn.cafe_before
            assert replay.cafe == turn.cafe and replay.points == turn.points
            assert replay.cards == turn.cards
            state = self.check_cards_of_turn(turn.cafe_before, turn.cards, self.exempt, True)
            assert state.cafe == turn.cafe
            if state.single_sex and state.single_sex[1] == "forming":
                # R12a ended the game in the middle of forming a ladies'/men's table: the
                # turn stops there ("the game ends at once"), so that table stays as it is.
                assert turn.ends_game, f"turn {turn.text} ended with an unfinished R14 table"
                self.cut_short.add(TABLE_PLACES[state.single_sex[0]])
            self.cafe = turn.cafe
        self.logged = len(game.log)

    def check_cards_of_turn(self, start: Cafe, cards, exempt: set[str], finished: bool = False):
        """Replay ``cards`` from ``start`` one at a time, checking each card (R5, R8, R9, R14)
        and the turn (R4, R7, R14); updates ``exempt``. Returns the replayed turn state."""
        state = start.begin_turn(self.variant)
        for i, card in enumerate(cards):
            before = state.cafe
            state = state.place(card.guest, card.seat)
            assert state.cards[-1] == card
            check_card(before, state.cafe, card, self.variant, exempt)
            if all(t.points == 0 and not t.variant for t in card.tables):
                # R7: a card that scores nothing sits alone, and the very next card joins it.
                assert all(t.guests == 1 for t in card.tables), card
                if i + 1 < len(cards):
                    joined = set(TOUCHES[cards[i + 1].seat]) & {t.place for t in card.tables}
                    assert joined, f"R7: {cards[i + 1].text} does not join {card.text}"
                else:
                    assert not finished or state.ended, f"R7: the turn ended with {card.text} alone"
            for score in card.tables:
                if score.variant in ("ladies", "men"):
                    # R14: four of one sex, at most one of them already seated before the turn.
                    seats = set(TABLE_SEAT_NAMES[score.place])
                    assert sum(1 for c in cards[:i + 1] if c.seat in seats) >= 3, (score, cards)
        formed = any(t.variant in ("ladies", "men") for c in cards for t in c.tables)
        forming = bool(state.single_sex)
        assert len(cards) <= (4 if forming or formed else 3), f"R4: {len(cards)} cards in a turn"
        assert self.variant or not (forming or formed)
        assert state.start.format() == start.format()  # placing never changed the start café
        return state

    # the invariants ---------------------------------------------------------------------

    def check_cards(self, game: Game) -> None:
        guests, tables = cards_in_play(game)
        assert guests == Counter(full_guest_deck()), (
            f"guests lost or made: {guests - Counter(full_guest_deck())} extra, "
            f"{Counter(full_guest_deck()) - guests} missing\n{game!r}")
        assert tables == Counter(full_table_deck()), (
            f"tables lost or made: {tables - Counter(full_table_deck())} extra, "
            f"{Counter(full_table_deck()) - tables} missing\n{game!r}")
        assert sum(guests.values()) + sum(tables.values()) == 120
        assert all(len(hand) <= HAND_LIMIT for hand in game.hands), game.hands

    def check_balance(self, game: Game) -> None:
        exempt = set(self.exempt)  # tables a clearing left unbalanced (R9)
        turn = game.turn
        if turn:
            assert turn.start == game.state.cafe
            state = self.check_cards_of_turn(turn.start, turn.cards, exempt)
            assert state.cafe == turn.cafe == game.cafe
        cafe = game.cafe
        for place in exempt:
            # A clearing takes at least one guest from a table that had at most 3 (R9).
            assert len(cafe.guests_at(place)) <= 2, (place, cafe.format())
        exempt |= self.cut_short
        if turn and turn.single_sex and turn.single_sex[1] == "forming":
            exempt.add(TABLE_PLACES[turn.single_sex[0]])  # R14, during this turn only
        for place in TABLE_PLACES:
            guests = cafe.guests_at(place)
            women, men = sexes(guests)
            if cafe.table(place) is None:  # only after R12a, and its seats were cleared
                assert not guests and game.is_over, (place, cafe.format())
            assert len(guests) < 4, f"full table {place} not cleared (R9): {cafe.format()}"
            if place in exempt:
                continue
            assert abs(women - men) <= 1, (
                f"R6 broken at {place}: {women} women, {men} men after {game.history[-3:]}\n"
                f"{cafe}\n{game!r}")

    def check_scores(self, game: Game) -> None:
        for p in range(self.players):
            logged = sum(e.points for e in game.log if e.player == p)
            assert game.scores[p] == logged, f"player {p + 1}: score {game.scores[p]}, log {logged}"
        if not game.turn:
            for s in game.result().standings:
                cards = len(game.hands[s.player]) + len(game.face_down[s.player])
                assert s.score == game.scores[s.player]
                assert s.penalty == PENALTY * cards
                assert s.final == s.score - PENALTY * cards

    def check_notation(self, game: Game) -> None:
        text = game.format()
        assert Game.parse(text).format() == text
        # a save replays the whole game: checked every 8th action and at the end (at every one,
        # the replays made this file quadratic in the game's length)
        if len(game.history) % 8 == 0 or game.is_over:
            assert Game.from_json(game.to_json()).format() == text
        cafe = game.cafe
        assert Cafe.parse(cafe.format()) == cafe
        assert Cafe.parse(game.state.cafe.format()) == game.state.cafe

    def check_result(self, game: Game) -> None:
        result = game.result()
        assert result.over and result.reason == game.over_reason in ("R12a", "R12b", "R12c")
        if game.over_reason == "R12a":  # a clearing found the table pile short
            assert None in game.cafe.tables and game.log[-1].turn and game.log[-1].turn.ends_game
        if game.over_reason == "R12b":  # the last guest card was drawn
            assert not game.guest_pile and game.log[-1].action == "draw"
        if game.over_reason == "R12c":  # a player whose hand was empty declared the end
            assert game.log[-1].action == "declare" and not game.hands[game.log[-1].player]
        best = max(s.final for s in result.standings)
        winners = [s for s in result.standings if s.final == best]
        fewest = min(s.penalty for s in winners)
        assert set(result.winners) == {s.player for s in winners if s.penalty == fewest}

    # refused actions --------------------------------------------------------------------

    @staticmethod
    def snapshot(game: Game) -> tuple:
        """What a refused action must leave alone (the JSON save is compared at the end)."""
        return (game.format(), tuple(game.history), game.seed, game.cafe, game.hands,
                game.face_down, game.scores, len(game.log), game.is_over)

    def refused(self, game: Game, rules: set[str], action, *args) -> IllegalMove:
        """``action(*args)`` must raise IllegalMove by one of ``rules`` and change nothing."""
        with pytest.raises(IllegalMove) as refusal:
            action(*args)
        assert refusal.value.rule in rules, (action.__name__, args, refusal.value.rule, str(refusal.value))
        assert str(refusal.value)
        assert self.snapshot(game) == self.before, f"refused {action.__name__}{args} changed the game"
        return refusal.value

    def check_refusals(self, game: Game) -> None:
        """Try refused actions of every kind; each must raise and leave the game unchanged."""
        rng = self.rng
        self.before = self.snapshot(game)
        save = game.to_json()
        self.try_refusals(game, rng)
        assert game.to_json() == save, "a refused action changed the JSON save"

    def try_refusals(self, game: Game, rng: random.Random) -> None:
        hand = game.hand()
        # Placements: agree with explain_place and legal_placements, and refused ones change nothing.
        legal = set(game.legal_placements())
        for _ in range(4):
            guest = rng.choice(hand) if hand and rng.random() < 0.8 else rng.choice(GUEST_KINDS)
            placement = f"{guest}@{rng.choice(SEATS)}"
            why = game.explain_place(placement)
            assert (why is None) == (placement in legal), (placement, why, game.format())
            if why is not None:
                err = self.refused(game, PLACE_RULES, game.place, placement)
                assert err.rule == why.rule and str(err) == str(why)
                if guest not in hand and not game.is_over:
                    assert err.rule == "R4"
        for placement in rng.sample(sorted(legal), min(2, len(legal))):
            assert game.explain_place(placement) is None
        # Drawing (R10).
        why = game.explain_draw()
        if why is not None:
            err = self.refused(game, DRAW_RULES, game.draw)
            assert err.rule == why.rule
            if not game.is_over and not game.turn and len(hand) == HAND_LIMIT:
                assert err.rule == "R10"
        else:
            assert not game.turn and len(hand) < HAND_LIMIT and game.guest_pile
        # Face down (R11).
        guest = rng.choice(hand) if hand else rng.choice(GUEST_KINDS)
        why = game.explain_face_down(guest)
        if why is not None:
            err = self.refused(game, FACE_DOWN_RULES, game.lay_face_down, guest)
            assert err.rule == why.rule
            if not game.is_over and not game.turn and len(hand) != HAND_LIMIT:
                assert err.rule == "R11"
        else:
            assert not game.turn and len(hand) == HAND_LIMIT
        # Declaring the end (R12c).
        who = game.who_may_declare()
        others = [p for p in range(self.players) if p not in who]
        if others:
            self.refused(game, {"R12"}, game.declare_end, rng.choice(others))
        for p in who:
            assert not game.state.hands[p], (p, game.state.hands)
        # Ending the turn (R4, R7, R14).
        why = game.explain_end_turn()
        assert (why is None) == game.can_end_turn()
        if why is not None:
            err = self.refused(game, END_TURN_RULES, game.end_turn)
            assert err.rule == why.rule
        # Nothing to take back, or a whole turn while one is in progress (R4); what was seen
        # stays seen: no card that turned up a table is taken back, and the turn may end
        # right after it (R9), so no turn is ever stuck.
        why = game.explain_undo()
        assert (why is None) == game.can_undo()
        if not game.turn or game.is_over:
            err = self.refused(game, UNDO_RULES, game.undo)
            assert err.rule in ("R4", "R12") and err.rule == why.rule
        elif game.turn.cards[-1].cleared:
            err = self.refused(game, {"R9"}, game.undo)
            assert str(err) == str(why) and err.move == game.turn.cards[-1].text
            assert game.can_end_turn(), f"the turn may not end after a table turned up: {game!r}"
        else:
            assert why is None   # the last card turned nothing up: it comes back, nothing else moves
            last, trial = game.turn.cards[-1], game.copy()
            assert trial.undo() == last.text
            assert trial.cafe.tables == game.cafe.tables and trial.table_pile == game.table_pile
            assert [g for s, g in zip(SEATS, trial.cafe.seats) if s != last.seat] == \
                [g for s, g in zip(SEATS, game.cafe.seats) if s != last.seat]
            assert trial.cafe.guest(last.seat) is None
            assert Counter(trial.hand()) == Counter(game.hand()) + Counter([last.guest])
        if game.turn and not game.is_over:
            assert game.can_end_turn() or game.can_undo(), f"a stuck turn: {game!r}"
        if game.turn or game.is_over:
            self.refused(game, {"R4", "R12"}, game.play, rng.choice(sorted(legal) or ["RUf@c2"]))
        elif hand:
            # A whole turn is all or nothing: one bad card (or a turn that may not end) and
            # game.play refuses it, by the same rule as card-by-card play, changing nothing.
            cards = rng.sample(hand, min(len(hand), rng.randint(1, 3)))
            text = ", ".join(f"{g}@{rng.choice(SEATS)}" for g in cards)
            trial = game.copy()
            try:
                for placement in text.split(", "):
                    trial.place(placement)
                if not trial.is_over:
                    trial.end_turn()
            except IllegalMove as err:
                refusal = self.refused(game, PLACE_RULES | END_TURN_RULES, game.play, text)
                assert refusal.rule == err.rule, (text, str(refusal), str(err))


# -- the tests --------------------------------------------------------------------------------

def referee_game(seed: int, players: int, variant: bool, hand_size: int | None = None) -> Game:
    """Play a random game with the referee checking every action; return the ended game."""
    referee = None

    def after_action(game, action):
        nonlocal referee
        if referee is None:
            referee = Referee(game)
        referee(game, action)

    game = play_random_game(seed, players, variant, after_action, hand_size)
    assert game.is_over
    assert referee.actions > len(game.log)  # every action was checked, "new" included
    return game


@pytest.mark.parametrize("variant", [False, True], ids=["basic", "variant"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@GAME_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_invariant(players, variant, seed):
    """R1–R14 invariants after every action of a seeded random game played to the end."""
    referee_game(seed, players, variant)


@settings(GAME_SETTINGS, max_examples=8)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.integers(2, 5),
       variant=st.booleans(), hand_size=st.integers(1, 3))
def test_random_games_from_short_hands_keep_every_invariant(seed, players, variant, hand_size):
    """The same from deals of 1–3 cards, so hands run empty and the end is declared (R12c)."""
    referee_game(seed, players, variant, hand_size)


def test_random_games_reach_every_kind_of_event():
    """The random player is not too timid: over a few games it clears tables, forms an R14
    table, lays cards face down, takes cards back, declares the end and ends games in more
    than one way (so the tests above do exercise all of that)."""
    seen = Counter()

    def after_action(game, action):
        kind = action.split(":")[0].split(" ")[0]
        seen["place" if "@" in kind else kind] += 1
        seen["may declare"] += bool(game.who_may_declare())

    games = [play_random_game(seed, 2 + seed % 4, variant=True, after_action=after_action,
                              hand_size=2 if seed % 3 == 0 else None) for seed in range(24)]
    cards = [c for g in games for e in g.log if e.turn for c in e.turn.cards]
    assert sum(1 for c in cards if c.cleared) > 20
    assert any(len(c.cleared) > 1 for c in cards)
    assert any(t.variant in ("ladies", "men") for c in cards for t in c.tables)
    for kind in ("place", "end", "undo", "draw", "down", "declare"):
        assert seen[kind], (kind, seen)
    assert seen["may declare"] > seen["declare"]  # declaring is a choice, sometimes declined
    assert {g.over_reason for g in games} == {"R12a", "R12b", "R12c"}, [g.over_reason for g in games]
