"""The whole card game: set-up (R3), the three actions (R4, R10, R11), the end (R12) and the
final score (R13), with a game notation and a JSON save.

A :class:`Game` is a thin, mutable handle on immutable :class:`GameState` values: every action
computes a new state and only then replaces the old one, so a refused action (IllegalMove)
changes nothing. The rules never call a random generator: chance happens once, in
:meth:`Game.new`, from a seed, and every game replays exactly from its start and its actions.

Game notation: the café notation followed by five more ``|`` fields::

    <tables> | <seats> | <table pile> | <guest pile> | <hands> | <face-down> | <scores> | <status>
    RU GB FR ES IT | b1:RUf | US CN … | DEf ITm … | CFf DEm / ITf … | - / - | 8 0 | to:2

Piles are top first; hands and face-down cards list each player's cards, players separated by
``/``, ``-`` for none; ``status`` holds ``to:N`` (the player to move, counting from 1), then as
needed ``variant``, ``declare:N`` (N emptied their hand in the turn just ended, R12c),
``over:R12a|R12b|R12c`` and ``turn:RUf@c2,ITf@c4`` (cards of the turn in progress; the other
fields then describe the position before that turn). The cards that left the game (the box)
are what is missing from the 120.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..i18n import N_, say
from .cafe import (Cafe, CardScore, Turn, TurnState, check_no_full_table, format_seats, format_tables,
                   parse_placement, parse_seat, parse_seats, parse_table_list, parse_tables, parse_turn)
from .cards import (check_copies, full_guest_deck, full_table_deck, parse_guest, sort_guests)
from .errors import IllegalMove, NotationError, Refusal, move_text, refuse
from .played import PlayedGame, Ranked, Reviewed, is_number as _is_number, parse_items, seeded, set_up_error
from .played import check_deal, replay, without as _without  # noqa: F401  (importable from here, as before)

HAND_SIZE = 7        # R3
HAND_LIMIT = 12      # R10
PENALTY = 2          # R13, per card in hand or face down
CARD_MOST = 24       # R8: the most one card can score (three tables of four of their nation)
SCORE_LIMIT = 999_999   # the highest score the notation writes (six digits)
SAVE_FORMAT = "cafe-widget game"
GAME_FIELDS = ("tables", "seats", "table pile", "guest pile", "hands", "face-down", "scores", "status")


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything at the start of a turn. Player numbers here count from 0."""

    cafe: Cafe
    guest_pile: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    face_down: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    to_move: int = 0
    variant: bool = False
    may_declare: int | None = None
    over: str | None = None
    box: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the final score (R13)."""

    player: int
    score: int
    penalty: int
    final: int
    rank: int


@dataclass(frozen=True, slots=True)
class Result(Ranked[Standing]):
    """R13: scores less penalties, ranked; on a tie fewer penalties wins; still tied, shared.
    :attr:`ranking`, :attr:`winners` and the table: see :class:`~.played.Ranked`."""

    standings: tuple[Standing, ...]
    over: bool
    reason: str | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One finished action: who, what (in notation), the turn if cards were placed, and the
    state at the start of that action (for the history and :meth:`Game.review`)."""

    player: int
    action: str
    turn: Turn | None = None
    before: GameState | None = None

    @property
    def points(self) -> int:
        return self.turn.points if self.turn else 0

    @property
    def kind(self) -> str:
        """``"turn"`` (cards placed), ``"draw"``, ``"down"`` (a card laid face down) or ``"declare"``."""
        if self.turn is not None:
            return "turn"
        return self.action.partition(":")[0]


@dataclass(frozen=True, slots=True)
class ReviewEntry(Reviewed):
    """One action of a finished turn, as :meth:`Game.review` states it: who did what, what it
    scored, the café (with its table pile) and the player's hand before it, and the best placing
    turn that hand had then (None when no card could be placed). A fact sheet, not a verdict:
    drawing instead of placing can be the right choice."""

    number: int                 # counting from 1
    player: int                 # counting from 0
    kind: str                   # "turn", "draw", "down" or "declare"
    action: str                 # in notation: "RUf@c2, ITf@c4", "draw", "down:ITm", "declare"
    points: int
    cafe: str                   # café notation before the action, table pile included
    hand: str                   # the player's hand before it, "-" when empty
    variant: bool
    turn: Turn | None
    best: Turn | None


class Game(PlayedGame[GameState, TurnState]):
    """A game of 2–5 players. Player numbers count from 0 in Python, from 1 in text. What both
    games do alike (reading the state, undo, copies, the printout, saves) is :class:`PlayedGame`'s."""

    _SAVE_FORMAT = SAVE_FORMAT
    _FIELDS = GAME_FIELDS
    _SAVE_LISTS = (("actions", "act", False),)
    _VIEW_KIND, _LOG_ENTRY = "card", LogEntry   # for views.py: which game a view is of; its log entries
    log: list[LogEntry]

    def __init__(self, state: GameState, seed: int | None = None):
        super().__init__(state, seed)
        self.history: list[str] = []
        self._best_before: dict = {}   # id(entry.before) → (state, best turn): review()'s memo

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed: int | None = None, variant: bool = False,
            start_player: int | None = None) -> "Game":
        """Shuffle with ``seed``, deal 7 guests each, lay 5 tables in the X (R3)."""
        if not isinstance(players, int) or not 2 <= players <= 5:
            raise set_up_error(N_("Café International is for 2 to 5 players, not {players} (R3)."), players=players)
        seed, rng = seeded(seed)
        guests, tables = list(full_guest_deck()), list(full_table_deck())
        rng.shuffle(guests)
        rng.shuffle(tables)
        hands = tuple(sort_guests(guests[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
        start_player = rng.randrange(players) if start_player is None else start_player
        if not 0 <= start_player < players:
            raise set_up_error(N_("start_player must be from 0 to {last}, not {start}."), last=players - 1,
                               start=start_player)
        cafe = Cafe(tuple(tables[:5]), (None,) * 12, tuple(tables[5:]))
        state = GameState(cafe, tuple(guests[players * HAND_SIZE:]), hands, ((),) * players,
                          (0,) * players, start_player, variant)
        return cls(state, seed)

    # -- reading the game -----------------------------------------------------------------

    @property
    def variant(self) -> bool:
        return self._state.variant

    @property
    def cafe(self) -> Cafe:
        """The café as it stands, the cards of the turn in progress included."""
        return self._turn.cafe if self._turn else self._state.cafe

    def _hand_in_turn(self) -> tuple[str, ...]:
        return _without(self._state.hands[self.to_move], self._placed())

    @property
    def guest_pile(self) -> tuple[str, ...]:
        return self._state.guest_pile

    @property
    def table_pile(self) -> tuple[str, ...]:
        return self.cafe.pile

    @property
    def face_down(self) -> tuple[tuple[str, ...], ...]:
        return self._state.face_down

    @property
    def box(self) -> tuple[str, ...]:
        """Tables and guests that have left the game (R9), the turn in progress included."""
        return self._state.box + (self._turn.removed if self._turn else ())

    def _placed(self) -> list[str]:
        return [c.guest for c in self._turn.cards] if self._turn else []

    # -- checks: one per action, asked by the action itself and by can_*/explain_* ---------

    def _begin(self) -> TurnState:
        return self._turn or self._state.cafe.begin_turn(self._state.variant)

    def _check_place(self, guest: str, seat: str) -> TurnState | Refusal:
        move = f"{guest}@{seat}"
        if self.is_over:
            return refuse("R12", "game_over", self.cafe, move=move)
        if guest not in self.hand():
            return refuse("R4", "not_in_hand", self.cafe, move=move, guest=guest)
        return self._begin()._seat(guest, seat)

    def explain_place(self, placement: str) -> IllegalMove | None:
        """Why ``placement`` may not be the next card now, or None if it may."""
        result = self._check_place(*parse_placement(placement))
        return result.error() if isinstance(result, Refusal) else None

    def legal_placements(self) -> list[str]:
        """Every placement that may be the next card now, in hand order then seat order."""
        if self.is_over:
            return []
        turn = self._begin()
        return [f"{g}@{s}" for g in dict.fromkeys(self.hand()) for s in turn.legal_seats(g)]

    def best_turn(self, seen: bool = False) -> Turn | None:
        """The best turn for the player to move (:meth:`Cafe.best_turn`), not played, on what
        that player may know: a turn that turns up a table while more cards could follow stops
        there (``Turn.goes_on``, R9). ``seen=True``: exact, the pile's order read. Mid-turn, the
        best way to finish it. None when the game is over or no card of the hand may be placed."""
        if self.is_over:
            return None
        return self._begin().best_turn(self.hand(), blind=not seen)

    def seat_scores(self, guest: str) -> dict[str, CardScore]:
        """Seats where ``guest`` (from the hand) may be the next card, with what it would score."""
        guest = parse_guest(guest)
        if self.is_over or guest not in self.hand():
            return {}
        return self._begin().seat_scores(guest)

    def explain_end_turn(self) -> IllegalMove | None:
        """Why the turn may not end now (R4, R7, R14), or None if it may."""
        if self.is_over:
            return IllegalMove.because("R12", "over", self.cafe)
        if not self._turn and len(self.hand()) >= HAND_LIMIT:
            return IllegalMove.because("R4", "empty_turn_twelve", self.cafe)
        return self._begin().explain_end()

    def can_end_turn(self) -> bool:
        return not self.is_over and self._begin().can_end()

    def explain_draw(self) -> IllegalMove | None:
        """Why the player to move may not draw now (R4, R10, R12), or None."""
        if self.is_over:
            return IllegalMove.because("R12", "over", self.cafe)
        if self._turn:
            return IllegalMove.because("R4", "placed_already", self.cafe, count=len(self._turn.cards))
        if len(self.hand()) >= HAND_LIMIT:
            return IllegalMove.because("R10", "hand_full", self.cafe)
        if not self.guest_pile:
            return IllegalMove.because("R12", "pile_empty", self.cafe)
        return None

    def explain_face_down(self, guest: str) -> IllegalMove | None:
        """Why ``guest`` may not be laid face down now (R4, R11, R12), or None."""
        if self.is_over:
            return IllegalMove.because("R12", "over", self.cafe)
        if self._turn:
            return IllegalMove.because("R4", "placed_already", self.cafe, count=len(self._turn.cards))
        if len(self.hand()) != HAND_LIMIT:
            return IllegalMove.because("R11", "not_twelve", self.cafe, count=len(self.hand()))
        if guest not in self.hand():
            return IllegalMove.because("R11", "not_in_hand", self.cafe, move=f"down:{guest}", guest=guest)
        return None

    def who_may_declare(self) -> tuple[int, ...]:
        """Players who may declare the end right now (R12c)."""
        st = self._state
        if self.is_over:
            return ()
        who = []
        if st.may_declare is not None and not self._turn:
            who.append(st.may_declare)
        if not self._turn and not st.hands[st.to_move] and st.to_move not in who:
            who.append(st.to_move)
        return tuple(who)

    def explain_declare_end(self, player: int | None = None) -> IllegalMove | None:
        """Why ``player`` may not declare the end (R12c), or None. By default the player who
        may: the one who just emptied their hand, else the player to move."""
        if self.is_over:
            return IllegalMove.because("R12", "over", self.cafe)
        who = self.who_may_declare()
        if player is None:
            player = who[0] if who else self.to_move
        player = self._player(player)
        if player not in who:
            return IllegalMove.because("R12", "cannot_declare", self.cafe, player=player + 1)
        return None

    # -- actions --------------------------------------------------------------------------

    def place(self, placement: str, seat: str | None = None) -> CardScore:
        """Place one card of the turn in progress (``"ITm@d3"`` or ``"ITm", "d3"``), checked at once;
        if its clearing finds the table pile short, the game ends at once (R12a), the turn scored."""
        guest, seat = parse_placement(placement) if seat is None else (
            parse_guest(placement, "placement"), parse_seat(seat, "placement"))
        result = self._check_place(guest, seat)
        if isinstance(result, Refusal):
            raise result.error()
        self._turn = result
        self.history.append(f"{guest}@{seat}")
        if result.ended:
            self._commit_turn()
        return result.cards[-1]

    def undo(self) -> str:
        """Take back the last card of the turn in progress. What was seen stays seen (decided here):
        never a card that turned up a table (R9) nor one before it; the turn may always end after
        it (:mod:`.cafe`). No undo crosses a turn: none a draw or a card laid down."""
        last = super().undo()
        self.history.append("undo")
        return last

    def _undo_refusal(self) -> Refusal | None:
        if self.is_over:
            return refuse("R12", "over", self.cafe)
        if not self._turn:
            return refuse("R4", "nothing_to_undo", self.cafe)
        last = self._turn.cards[-1]     # R9: its tables were seen (a save's own history replays as played)
        if last.cleared and not getattr(self, "_replaying", False):
            return refuse("R9", "undo_seen", self.cafe, move=last.text,
                          tables=[(t.place, t.nation) for t in last.tables if t.place in last.cleared])
        return None

    def end_turn(self) -> Turn:
        """End the turn in progress (R7 and R14 checked) and score it."""
        refusal = self.explain_end_turn()
        if refusal:
            raise refusal
        self.history.append("end")
        return self._commit_turn()

    def play(self, text: str) -> Turn:
        """Place a whole turn (``"RUf@c2, ITf@c4"``) and end it; all or nothing."""
        if self._turn:
            raise IllegalMove.because("R4", "placed_already", self.cafe, count=len(self._turn.cards))
        placements = parse_turn(text)
        if self.is_over:
            raise IllegalMove.because("R12", "over", self.cafe)
        turn = self._state.cafe.begin_turn(self.variant)
        hand = list(self.hand())
        for guest, seat in placements:
            if turn.ended:
                raise IllegalMove.because("R12", "game_over", turn.cafe, move=f"{guest}@{seat}")
            if guest not in hand:
                raise IllegalMove.because("R4", "not_in_hand", turn.cafe, move=f"{guest}@{seat}", guest=guest)
            turn = turn.place(guest, seat)
            hand.remove(guest)
        turn.finish()  # raises if the turn may not end
        self._turn = turn
        self.history.extend([f"{g}@{s}" for g, s in placements] + ["end"])
        return self._commit_turn()

    def draw(self) -> str:
        """Draw the top guest card (R10); drawing the last one ends the game (R12b)."""
        refusal = self.explain_draw()
        if refusal:
            raise refusal
        st = self._state
        card, p = st.guest_pile[0], st.to_move
        hands = st.hands[:p] + (sort_guests(st.hands[p] + (card,)),) + st.hands[p + 1:]
        self._advance(replace(st, guest_pile=st.guest_pile[1:], hands=hands,
                              over="R12b" if len(st.guest_pile) == 1 else None), "draw")
        return card

    def lay_face_down(self, guest: str) -> None:
        """With exactly 12 cards, lay one face down; it costs 2 points at the end (R11)."""
        guest = parse_guest(guest, "face-down")
        refusal = self.explain_face_down(guest)
        if refusal:
            raise refusal
        st, p = self._state, self._state.to_move
        hands = st.hands[:p] + (_without(st.hands[p], [guest]),) + st.hands[p + 1:]
        downs = st.face_down[:p] + (sort_guests(st.face_down[p] + (guest,)),) + st.face_down[p + 1:]
        self._advance(replace(st, hands=hands, face_down=downs), f"down:{guest}")

    def declare_end(self, player: int | None = None) -> Result:
        """A player whose hand is empty declares the game over (R12c)."""
        refusal = self.explain_declare_end(player)
        if refusal:
            raise refusal
        who = player if player is not None else self.who_may_declare()[0]
        before = self._state
        self._state = replace(self._state, over="R12c", may_declare=None)
        self.history.append(f"declare:{who + 1}")
        self.log.append(LogEntry(who, "declare", None, before))
        return self.result()

    def act(self, action: str):
        """Do one action written in notation: ``RUf@c2``, ``undo``, ``end``, ``draw``,
        ``down:RUf``, ``declare`` or ``declare:N``, or a whole turn ``RUf@c2, ITf@c4``."""
        text = move_text(action, "action", "an action such as RUf@c2, draw, end, undo, down:RUf or declare").strip()
        if text == "undo":
            return self.undo()
        if text == "end":
            return self.end_turn()
        if text == "draw":
            return self.draw()
        if text.startswith("down:"):
            return self.lay_face_down(text[5:])
        if text == "declare" or text.startswith("declare:"):
            number = text[8:]
            if number and not (_is_number(number, 1) and 1 <= int(number) <= self.players):
                raise NotationError("action", text, N_("is not declare:N with N a player from 1 to {players}"),
                                    players=self.players)
            return self.declare_end(int(number) - 1 if number else None)
        if "," in text or " " in text:
            return self.play(text)
        return self.place(text)

    def _advance(self, state: GameState, action: str) -> None:
        """Finish a draw or face-down action: next player."""
        p, before = state.to_move, self._state
        self._state = replace(state, to_move=(p + 1) % self.players, may_declare=None)
        self.history.append(action)
        self.log.append(LogEntry(p, action, None, before))

    def _commit_turn(self) -> Turn:
        turn, st = self._turn, self._state
        finished = Turn(st.cafe, turn.cards, turn.cafe, turn.ended, turn.variant, turn.removed)
        p = st.to_move
        hand = _without(st.hands[p], [c.guest for c in turn.cards])
        self._state = replace(
            st, cafe=turn.cafe, hands=st.hands[:p] + (hand,) + st.hands[p + 1:],
            scores=st.scores[:p] + (st.scores[p] + finished.points,) + st.scores[p + 1:],
            to_move=(p + 1) % self.players, may_declare=None if hand else p,
            over="R12a" if turn.ended else None, box=st.box + turn.removed)
        self._turn = None
        self.log.append(LogEntry(p, finished.text, finished, st))
        return finished

    # -- looking back ---------------------------------------------------------------------

    def review(self) -> list[ReviewEntry]:
        """One entry per action taken so far (a placing turn, a draw, a card face down, the end
        declared), in order: the player, the action, its points, the café and the hand before
        it, and the best placing turn available then with its points (None when none was).
        The turn in progress, if any, is not in it until it ends."""
        return [self.review_entry(i) for i in range(len(self.log))]

    def review_entry(self, index: int) -> ReviewEntry:
        """The review of the ``index``-th action of the log (from 0), as :meth:`review` gives it."""
        entry = self.log[index]
        st = entry.before
        hand = st.hands[entry.player]
        memo = self._best_before.get(id(st))
        if memo is None or memo[0] is not st:
            best = st.cafe.best_turn(hand, st.variant, blind=True) if hand and st.over is None else None
            memo = (st, best)
            self._best_before[id(st)] = memo
        return ReviewEntry(index + 1, entry.player, entry.kind, entry.action, entry.points,
                           st.cafe.format(), " ".join(hand) or "-", st.variant, entry.turn, memo[1])

    # -- the end --------------------------------------------------------------------------

    def result(self) -> Result:
        """R13: each card in hand or face down costs 2; ranked by final score, then fewer
        penalties; still tied, the win is shared. Provisional while the game goes on."""
        st = self._state
        rows = []
        for p in range(self.players):
            penalty = PENALTY * (len(self.hands[p]) + len(st.face_down[p]))
            rows.append((p, st.scores[p], penalty, st.scores[p] - penalty))
        key = {p: (-final, penalty) for p, _, penalty, final in rows}
        standings = tuple(
            Standing(p, score, penalty, final, 1 + sum(1 for q in key if key[q] < key[p]))
            for p, score, penalty, final in rows)
        return Result(standings, self.is_over, st.over)

    # -- notation and saves ---------------------------------------------------------------

    def format(self) -> str:
        """The game notation (see the module docstring)."""
        st = self._state

        def cards(groups):
            return " / ".join(" ".join(g) if g else "-" for g in groups)

        own = ["variant"] if st.variant else []
        if st.may_declare is not None:
            own.append(f"declare:{st.may_declare + 1}")
        return " | ".join([
            format_tables(st.cafe.tables), format_seats(st.cafe.seats),
            " ".join(st.cafe.pile) or "-", " ".join(st.guest_pile) or "-",
            cards(st.hands), cards(st.face_down), " ".join(map(str, st.scores)), self._status(*own)])

    @classmethod
    def parse(cls, text: str) -> "Game":
        """Read a game notation; NotationError naming the field and token if it is wrong."""
        fields = cls._split(text, N_("has {n} fields, not 8: tables | seats | "
                                     "table pile | guest pile | hands | face-down | scores | status"))
        tables = parse_tables(fields[0])
        seats = parse_seats(fields[1])
        table_pile = parse_table_list(fields[2], "table pile")
        guest_pile = _parse_guests(fields[3], "guest pile")
        hands = tuple(sort_guests(_parse_guests(h, "hands")) for h in fields[4].split("/"))
        players = len(hands)
        if not 2 <= players <= 5:
            raise NotationError("hands", fields[4].strip(), N_("has {n} hands; 2 to 5 players play (R3)"),
                                n=players)
        face_down = tuple(sort_guests(_parse_guests(h, "face-down")) for h in fields[5].split("/"))
        if len(face_down) != players:
            raise NotationError("face-down", fields[5].strip(), N_("has {n} groups, not {players}"),
                                n=len(face_down), players=players)
        scores = []
        for tok in fields[6].split():
            if not _is_number(tok, 6):
                raise NotationError("scores", tok, N_("is not a score (a whole number below a million)"))
            scores.append(int(tok))
        if len(scores) != players:
            raise NotationError("scores", fields[6].strip(), N_("has {n} scores, not {players}"),
                                n=len(scores), players=players)
        for i, hand in enumerate(hands):
            if len(hand) > HAND_LIMIT:
                raise NotationError("hands", " ".join(hand), N_("holds {n} cards; the limit is 12 (R10)"),
                                    n=len(hand))
        all_guests = [g for g in seats if g] + list(guest_pile) + [g for h in hands + face_down for g in h]
        all_tables = [t for t in tables if t] + list(table_pile)
        check_copies(all_guests, all_tables, "game")
        check_no_full_table(tables, seats)
        status = _parse_status(fields[7], players)
        # Only scores whose growth the notation can still write: every guest still to place may
        # score at most 24 (R8), so every state the game reaches from here round-trips.
        most = SCORE_LIMIT - CARD_MOST * (len(guest_pile) + sum(len(h) for h in hands))
        if max(scores) > most:
            raise NotationError("scores", fields[6].strip(), N_("holds more than a game can reach: at most "
                                "{most} before the points the guests still to place can score (R8)"), most=most)
        if status["declare"] is not None and hands[status["declare"]]:
            raise NotationError("status", f"declare:{status['declare'] + 1}",
                                N_("names a player whose hand is not empty (R12c)"))
        box = (Counter(full_table_deck()) - Counter(all_tables)) + (Counter(full_guest_deck()) - Counter(all_guests))
        state = GameState(Cafe(tables, seats, table_pile), guest_pile, hands, face_down, tuple(scores),
                          status["to"], status["variant"], status["declare"], status["over"],
                          tuple(sorted(box.elements())))
        game = cls(state)
        if status["turn"]:
            game._place_turn(status["turn"], N_("is not a legal card of the turn in progress: {reason}"))
            if game.is_over:
                raise NotationError("status", status["turn"], N_("ends the game; write the position after it"))
            game._start, game.history = game.format(), []
        if not guest_pile and status["over"] is None:   # drawing the last guest card ends the game
            raise NotationError("guest pile", "-", N_("is empty but the game goes on: drawing the last guest card "
                                "ends the game (R12b)"))
        return game

    def _saved_actions(self) -> dict[str, list[str]]:
        return {"actions": list(self.history)}

    def _deal_of(self, seed: int) -> str:
        return type(self).new(self.players, seed, self.variant, self.to_move).format()

    def copy(self) -> "Game":
        """An independent copy (states are immutable, so this is cheap)."""
        other = super().copy()
        other.history, other._best_before = list(self.history), dict(self._best_before)
        return other

    def _heading(self) -> list[str]:
        return [str(self.cafe), say("  guest pile: {n} cards", n=len(self._state.guest_pile))]

    def _player_line(self, p: int, mark: str) -> str:
        st = self._state
        return say("{mark} player {n}: {score:>3} points, hand {hand:>2}, face down {down}",
                   mark=mark, n=p + 1, score=st.scores[p], hand=len(self.hands[p]), down=len(st.face_down[p]))


def _parse_guests(text: str, field_name: str) -> tuple[str, ...]:
    return parse_items(text, field_name, parse_guest)


def _parse_status(text: str, players: int) -> dict:
    status = {"to": None, "variant": False, "declare": None, "over": None, "turn": ""}

    def player(tok, value):
        if not _is_number(value, 1) or not 1 <= int(value) <= players:
            raise NotationError("status", tok, N_("must name a player from 1 to {players}"), players=players)
        return int(value) - 1

    for tok in text.split():
        key, _, value = tok.partition(":")
        if key == "to" and status["to"] is None:
            status["to"] = player(tok, value)
        elif tok == "variant":
            status["variant"] = True
        elif key == "declare" and status["declare"] is None:
            status["declare"] = player(tok, value)
        elif key == "over" and value in ("R12a", "R12b", "R12c"):
            status["over"] = value
        elif key == "turn" and value:
            status["turn"] = value
        else:
            raise NotationError("status", tok,
                                N_("is not one of to:N, variant, declare:N, over:R12a|R12b|R12c, turn:…"))
    if status["to"] is None:
        raise NotationError("status", text.strip() or "(empty)", N_("must say whose turn it is: to:N"))
    return status
