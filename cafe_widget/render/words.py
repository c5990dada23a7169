"""Every word the café shows (English source text; the catalogs say it in each language), and the
views of a café or a game."""

from __future__ import annotations

from .. import i18n
from ..i18n import N_, NN_, NP_, Localized
from ..engine import Cafe, Game
from ..engine.cards import TABLE_ADJECTIVES
from .scene import PlayerLine, View

WORDS = Localized({
    "new_game": N_("New game"),
    # Translators: a computer's turn on one line of the panel: its cards, then its points.
    "computer_line": N_("*{name}: {cards} = +{points}"),
    "computer_line_head": N_("*{name}:"),
    "computer_line_tail": N_(" = +{points}"),
    "new_confirm": N_("Start a new game? This one would be lost (w.save() keeps it as "
                         "text): click New game again to start."),
    "new_started": N_("New game, seed {seed}."),
    "load_confirm": N_("Replace the game? The game so far would be lost (w.save() keeps it "
                          "as text): click Load again to replace it."),
    "alone_line": {"woman": NP_("woman", "alone: no points yet, must be joined (R7)"),
                   "man": NP_("man", "alone: no points yet, must be joined (R7)")},
    "command_placeholder": N_("a move: RUf@c2, ITf@c4 · draw · end · undo · down ITm · "
                                 "declare · hint"),
    "command_hint": N_("a move: RUf@c2, ITf@c4 · {words}"),
    "command_button": N_("Play"),
    "load_button": N_("Load"),
    "load_placeholder": N_("café or game notation"),
    "hand_of": N_("{name}: {hand}"),
    "command_unknown": N_("{text!r} is not a move: write a placement or a turn (RUf@c2, "
                             "ITf@c4), or one of: {actions}."),
    "command_not_now": N_("{text!r}: there is no {action} here now; you may use: {actions}."),
    "check": N_("Check"),
    "show_best": N_("Show best"),
    "next": N_("Next puzzle"),
    "show_answer": N_("Show answer"),
    "clear_marks": N_("Clear"),
    "try": N_("Try from here"),
    "live": N_("Back to game"),
    "review": N_("Review"),
    "scoresheet": N_("Scoresheet"),
    "review_title": N_("Review"),
    "puzzle_title": N_("Puzzle {n} of {total} · level {level}"),
    "puzzle_one": N_("Puzzle"),
    "puzzle_of": N_("Puzzle {n} of {total}"),
    "puzzle_numbered": N_("Puzzle {number} · level {level} ({n} of {total})"),
    "not_counted": N_(" (after Show best: not counted as solved)"),
    "history_read_start": N_("You are looking back at the start of the game (read-only): ▶ "
                                "steps forward, Back to game to play on."),
    "puzzle_task": N_("*Find the best turn"),
    "puzzle_how": N_("Place 1–3 cards as in a game (R4), then Check."),
    "puzzle_variant": N_("Ladies' and men's tables are on: 4 cards then (R14)."),
    "puzzle_count": N_("Solved: {solved} of {total}"),
    "puzzle_welcome": N_("Find the best turn with this hand: place cards as in a game, "
                            "then Check. Show best gives the answer."),
    "puzzle_hand": N_("Your hand ({count})"),
    "puzzle_solved_all": N_("Level done: {solved} of {total} solved. Back to the first "
                               "puzzle of the level."),
    "puzzle_already": N_("This puzzle is over: Next puzzle, or Undo to try again."),
    "seats_title": N_("Where may {guest} sit?"),
    "seats_how": N_("*Click every seat where {guest} may sit"),
    "seats_how2": N_("as the first card of a turn, then Check."),
    "seats_welcome": N_("Click every seat where {guest} may sit (as the first card of a "
                           "turn), then Check. Click a seat again to unmark it."),
    "seats_marked": N_("Marked: {seats}."),
    "seats_guest": N_("The guest: {guest}"),
    "seats_card": N_("This is the guest to seat: click the seats where she or he may sit."),
    "seats_cleared": N_("Marks cleared."),
    "seats_unknown": N_("{text!r} is not a seat: type a seat to mark it, or again to unmark it "
                        "(e4), or one of: {actions}."),
    "seats_command_hint": N_("a seat: e4 (again: unmarked) · {words}"),
    "history_title": N_("Turn {n} of {total}"),
    "history_start": N_("The start of the game"),
    "history_hand": N_("Looking back, read-only: ◀ ▶ step; Try from here plays on from "
                          "this café."),
    "history_read_only": N_("You are looking back at turn {n} of {total} (read-only): ◀ ▶ "
                               "step, Back to game to play on."),
    "history_live_first": N_("{text!r}: you are looking back at the game, which changes "
                                "nothing; go back to the live game first (Back to game, or "
                                "type live), or Try from here."),
    "loaded_by_hand": N_("Loaded: {what}. A game set up by hand (no seed): its start is "
                            "taken as written."),
    "save_other_game": N_("This is a save of the board game: open it in a BoardWidget."),
    "declare_computer": N_("{text!r}: player {n} is a computer; only a person declares "
                              "from here (R12c)."),
    "history_shown": N_("Turn {n} of {total}: {what}"),
    "history_shown_start": N_("The start of the game (read-only): ▶ steps forward."),
    "row_turn": N_("{n}. {name}: {turn} +{points}"),
    "row_draw": N_("{n}. {name}: draws"),
    "row_down": N_("{n}. {name}: lays a card face down"),
    "row_declare": N_("{n}. {name}: declares the end"),
    "row_best": N_(" · best {points}"),
    "row_best_same": N_(" · best ✓"),
    "what_turn": NN_("{name} played {turn}: {points} point.", "{name} played {turn}: {points} points."),
    "what_draw": N_("{name} drew a card."),
    "what_down": N_("{name} laid a card face down."),
    "what_declare": N_("{name} declared the end (R12c)."),
    "entry_best": N_("*Best then: {points} points"),
    "entry_best_none": N_("No card could be placed then."),
    "entry_best_same": N_("*That was the best turn then."),
    "history_best": N_("The best turn then, on the café before it: {turn} = {points} "
                          "points (played: {played})."),
    "history_best_none": N_("No best turn to show: {why}"),
    "history_best_private": N_("it was not your turn"),
    "history_best_hidden": N_("it would tell what another person held"),
    "history_best_no_turn": N_("no card could be placed then."),
    "tried": N_("Sandbox from turn {n}: this café with its table pile. Back to game "
                   "returns to the game."),
    "tried_start": N_("Sandbox from the start of the game: this café with its table pile. "
                         "Back to game returns to the game."),
    "tried_turn": N_("Turn {n} again, as a puzzle: the café before it and the hand you "
                        "had. Find the best turn, then Check; Back to game returns to the "
                        "game."),
    "back_live": N_("Back to the game."),
    "review_on": N_("Review: for each of your placing turns, the best turn you could have "
                       "made then (green: you made it). Click a row to see it."),
    "review_off": N_("Scoresheet: click a row to see that turn."),
    # Translators: a player's short name on the seats their last turn filled ("P2 +8"): never a
    # seat's name (not C2: the seat c2), the same for people and computers
    "short_player": N_("P{n}"),
    "undo": N_("Undo"),
    "end": N_("End turn"),
    "draw": N_("Draw"),
    "down": N_("Face down"),
    "declare": N_("Declare end"),
    "keep": N_("Keep turn"),
    "clear": N_("Empty café"),
    "player": N_("Player {n}"),
    "computer": N_("Computer {n}"),
    "computer_kind": N_("Computer {n} ({kind})"),
    "kinds": {"random": N_("random"), "greedy": N_("greedy"), "steady": N_("steady"), "strong": N_("strong"),
              "expert": N_("expert")},
    "hint": N_("Hint"),
    "expert_head": N_("The expert's estimate, a guess (not points): {deals} deals of the cards you "
                      "cannot see, played on {horizon}."),
    "expert_round": N_("to the end of your next turn"),
    "expert_game": N_("to the end of the game"),
    "expert_turn": N_("{turn}: {points} now (exact); estimate {value}; then the next player "
                      "scores {reply}"),
    "expert_draw": N_("draw: 0 now; estimate {value}; then the next player scores {reply}"),
    "expert_down": N_("lay {card} face down: 0 now; estimate {value}; then the next player scores {reply}"),
    "expert_this": N_("The expert's guess (not points): {value} for this turn"),
    "expert_this_too": N_("The expert's guess (not points): {value} for this turn, its choice too"),
    "expert_choice": N_("its choice: {turn}, {value}"),
    "expert_choice_draw": N_("its choice: draw, {value}"),
    "expert_choice_down": N_("its choice: lay {card} face down, {value}"),
    "expert_choice_alone": N_("The expert's choice (a guess, not points): {turn}, {value}"),
    "expert_choice_alone_draw": N_("The expert's choice (a guess, not points): draw, {value}"),
    "expert_choice_alone_down": N_("The expert's choice (a guess, not points): lay {card} face down, {value}"),
    "hint_turn": N_("Hint, not played: {turn} = {points} points, the most this hand can "
                       "make now (the seats are numbered in order)."),
    "hint_mid": N_("Hint, not played: finish with {turn}; this turn then makes {points} points."),
    "hint_undo": N_(" Taking your cards back could make {points}."),
    "hint_goes_on": N_(" That card turns up a new table (R9): choose the rest of the turn once you see it "
                       "(the table pile is face down, so the hint does not look past it)."),
    "hint_end": N_("Hint: no card adds points now; end the turn ({points} points)."),
    "hint_none_draw": N_("Hint: no card of this hand may be placed now (R5–R7): draw a "
                            "card (R10)."),
    "hint_none_down": N_("Hint: no card of this hand may be placed now (R5–R7): lay one "
                            "face down (R11)."),
    "hint_undo_all": N_("Hint: no card can finish this turn: {reason} Undo your cards."),
    "hint_none": N_("Hint: nothing can be placed now."),
    "hint_palette": N_("Hint, not played: {turn} = {points} points, the best turn any "
                          "guests could make here."),
    "hint_head": N_("*Hint: {points} points"),
    "your_hand": NN_("Hand of {name}: {count} card", "Hand of {name}: {count} cards"),
    "all_hands": N_("Hand of {name} ({count}); every hand is shown (teaching mode)"),
    "palette": N_("Palette: every kind of guest. Pick one, then a lit seat."),
    "piles": N_("Guest pile {guests} · table pile {tables}"),
    "table_pile": N_("Table pile {tables}"),
    "puzzle_pile": N_("The table pile, top first: {top} (in a puzzle you know it)"),
    "counts": N_("hand {hand} · face down {down}"),
    "handover": N_("{name}, your turn: click here (or type show) to see your hand"),
    "pick_card": N_("Pick a card from the hand first, then a seat."),
    "may_sit": N_("{guest}: may sit on {seats}."),
    "nowhere": N_("{guest} can sit nowhere now."),
    "selected_down": N_("{guest} selected: click a seat, or Face down to lay it face down."),
    "scored": N_("{move}: {tables} = {points}"),
    "clears": N_("; clears {places}"),
    "comes_in": N_("; a new table at {place}: {adjective} (R9)"),
    "ends": N_("; the table pile is short: the game ends (R12a)"),
    "turn_done": N_("{name} scored {points} this turn."),
    "drew": N_("{name} drew {card}."),
    "drew_hidden": N_("{name} drew a card."),
    "laid_down": N_("{name} laid a card face down (it costs 2 at the end)."),
    "declared": N_("{name} declared the end (R12c)."),
    "may_declare": N_("{name}, your hand is empty: Declare end now to finish the game "
                         "(R12c), or End turn to let the others play."),
    "undone": N_("{move} taken back."),
    "computer_turn": N_("{name} played {turn}: {points}."),
    "computer_drew": N_("{name} drew a card."),
    "computer_down": N_("{name} laid a card face down."),
    "choose_down": N_("Pick the card to lay face down first, then Face down."),
    "over": N_("Game over ({reason}): {winners}."),
    "wins": N_("{names} wins"),
    "share": N_("{names} share the win"),
    "result_head": N_("*Final score: points − penalties"),
    "result_line": N_("{rank}. {name}: {score} − {penalty} = {final}"),
    "last_turn": N_("*Last turn: {name}"),
    "this_turn": N_("*This turn so far"),
    "turn_points": N_("{move}: {tables}"),
    "seat_info": N_("Seat {seat} touches {tables}."),
    "table_info": NN_("The {adj} table {place}: {count} guest.", "The {adj} table {place}: {count} guests."),
    "missing_table": N_("No table stands on {place}."),
    "sandbox": N_("Sandbox"),
    "kept": N_("Turn kept: {points} points."),
    "loaded": N_("Loaded: {what}."),
    "error": N_("Something went wrong: {error}"),
    "welcome": N_("Welcome! {name} plays first."),
    "sandbox_welcome": N_("Pick a guest from the palette to see where she or he may sit."),
    "reasons": {"R12a": N_("the table pile ran short"), "R12b": N_("the last guest card was drawn"), "R12c": N_("a player declared the end")},
})


def sex_word(guest: str) -> str:
    """``"woman"`` or ``"man"``: which of a sentence's two cases (its context) a guest takes."""
    return "woman" if guest.endswith("f") else "man"


#: Why a table scores what it does (R8, R14), said the same in the helpers, the checks and the
#: pictures' captions.
WHY = i18n.Localized({
    # Translators: the guest sitting alone is a woman or a man (French: « seule » or « seul »)
    "alone": {"woman": NP_("woman", "1 guest: alone, no points"),
              "man": NP_("man", "1 guest: alone, no points")},
    "n": N_("{n} guests"),
    "doubled": N_("{n} guests, all of the table's nation: doubled"),
    "forming": N_("{n} guests of one sex so far: scored when the table is complete (R14)"),
    "ladies": N_("a ladies' table: {how} (R14)"),
    "men": N_("a men's table: {how} (R14)"),
    # Translators: a ladies' table (all women) or a men's table (all men): French « toutes »
    # or « tous »
    "flat40": {"woman": NP_("woman", "40, all of its nation"),
               "man": NP_("man", "40, all of its nation")},
    "flat20": N_("a flat 20"),
    # Translators: the card sitting alone is a woman or a man (French: « elle est seule »,
    # « il est seul »)
    "must_join": {"woman": NP_("woman", "; it sits alone, so the next card must join it (R7)"),
                  "man": NP_("man", "; it sits alone, so the next card must join it (R7)")},
})


def table_why(t, guest: str, lang: str | None = None) -> str:
    """Why the table score ``t`` (a ``TableScore``) is what it is, for the card ``guest``:
    ``"3 guests, all of the table's nation: doubled"``, ``"1 guest: alone, no points"`` (R8),
    a table of one sex being formed or made (R14)."""
    if t.variant == "forming":
        return WHY.text("forming", lang).format(n=t.guests)
    if t.variant in ("ladies", "men"):
        how = WHY.text("flat40" if t.doubled else "flat20", lang, "f" if t.variant == "ladies" else "m")
        return WHY.text(t.variant, lang).format(how=how)
    if t.guests == 1:
        return WHY.text("alone", lang, guest)
    return WHY.text("doubled" if t.doubled else "n", lang).format(n=t.guests)


def phrase(key: str, lang: str | None = None, **facts) -> str:
    """One phrase of ``WORDS`` in ``lang``, filled in (a phrase with a plural takes the form for
    its ``count``)."""
    entry = WORDS.table[key]
    if isinstance(entry, i18n.Plural):
        return i18n.translate(entry, lang, facts["count"]).format(**facts)
    return WORDS[lang][key].format(**facts)


def clearing_words(cleared, cafe: Cafe, lang: str | None = None) -> str:
    """``"; clears c3; a new table at c3: French (R9)"``: the tables a card filled and cleared,
    and what took their place in ``cafe`` (the café after it), said once; "" when none."""
    if not cleared:
        return ""
    text = phrase("clears", lang, places=" ".join(cleared))
    for place in cleared:
        nation = cafe.table(place)
        if nation:
            text += phrase("comes_in", lang, place=place, adjective=TABLE_ADJECTIVES[lang][nation])
    return text


def table_points(place: str, nation: str, points: int, lang: str | None = None) -> str:
    """``"+6 Russian table b2"`` / ``"+6 table russe b2"``."""
    return i18n.say("+{points} {adjective} table {place}", lang, points=points, place=place,
                    adjective=TABLE_ADJECTIVES[lang][nation])


def card_points(card, lang: str | None = None) -> str:
    """A placed card's points table by table: ``"+6 Russian table b2, +0 English table d2"``."""
    return ", ".join(table_points(t.place, t.nation, t.points, lang) + _variant(t, lang) for t in card.tables)


def _variant(t, lang: str | None) -> str:
    if t.variant == "forming":
        return " (R14…)"
    if t.variant == "ladies":
        return i18n.gettext(" (ladies' table)", lang)
    if t.variant == "men":
        return i18n.gettext(" (men's table)", lang)
    return ""


class Person(str):
    """A player's kind ``"human"`` that carries the person's name (a hub user at a class table):
    equal to ``"human"`` wherever kinds are compared, and named by :func:`player_name`."""

    def __new__(cls, name: str):
        kind = super().__new__(cls, "human")
        kind.person = name
        return kind


def player_name(game_or_names, p: int, lang: str | None = None, kinds=None) -> str:
    """``"Player 2"`` (or the person's name, :class:`Person`), or ``"Computer 2 (strong)"`` with
    the kind of computer player."""
    kind = kinds[p] if kinds else "human"
    if kind == "human":
        return getattr(kind, "person", None) or phrase("player", lang, n=p + 1)
    if kind in WORDS[lang]["kinds"]:
        return phrase("computer_kind", lang, n=p + 1, kind=WORDS[lang]["kinds"][kind])
    return phrase("computer", lang, n=p + 1)


def game_lines(game: Game, lang: str | None = None, kinds=None) -> tuple[PlayerLine, ...]:
    """The panel's lines: each player's score, hand size and face-down cards."""
    return tuple(PlayerLine(player_name(game, p, lang, kinds), game.scores[p], len(game.hands[p]),
                            len(game.face_down[p]), p == game.to_move and not game.is_over,
                            phrase("counts", lang, hand=len(game.hands[p]), down=len(game.face_down[p])))
                 for p in range(game.players))


#: Languages that write a decimal comma (2,5): French and German.
DECIMAL_COMMA = ("fr", "de")


def tenths(x: float, lang: str | None = None, signed: bool = False) -> str:
    """``x`` to a tenth as the language writes it: ``+2.5`` in English, ``+2,5`` in French."""
    text = f"{x:+.1f}" if signed else f"{x:.1f}"
    if text in ("-0.0", "+-0.0"):
        text = "+0.0" if signed else "0.0"
    return text.replace(".", ",") if i18n.current(lang) in DECIMAL_COMMA else text


def _placements(actions) -> list[str]:
    """A turn's cards (``"DEf@c2"``), without ``end`` or ``declare``."""
    return [a for a in actions if "@" in a]


def expert_lines(estimates, lang: str | None = None, top: int = 3) -> tuple[str, ...]:
    """The expert's estimates (:meth:`ExpertPlayer.estimates
    <cafe_widget.players.expert.ExpertPlayer.estimates>`) in words, kept apart from the exact
    points: a heading saying it is a guess and over what, then the ``top`` turns, one line each:
    what the turn scores now (exact), its estimate (the margin it gains over the others, on
    average), and what the next player then scores on average. Empty when there is none."""
    if not estimates:
        return ()
    first = estimates[0]
    horizon = phrase("expert_game" if first.to_end else "expert_round", lang)
    lines = [phrase("expert_head", lang, deals=first.deals, horizon=horizon)]
    for e in estimates[:top]:
        value, reply = tenths(e.value, lang, True), tenths(e.next_points, lang)
        if e.actions == ["draw"]:
            lines.append(phrase("expert_draw", lang, value=value, reply=reply))
        elif e.actions[0].startswith("down:"):
            lines.append(phrase("expert_down", lang, card=e.actions[0][5:], value=value, reply=reply))
        else:
            lines.append(phrase("expert_turn", lang, turn=" ".join(_placements(e.actions)), points=e.points,
                                value=value, reply=reply))
    return tuple(lines)


def expert_short_lines(estimates, hinted, lang: str | None = None) -> tuple[str, ...]:
    """:func:`expert_lines` for the widget's narrow panel, under the hint's head: the expert's
    guess for the hinted turn (``hinted``: its placements, ``["DEf@c2", …]``) and the turn the
    expert would choose, if another, in one or two lines. Empty when it weighed nothing."""
    if not estimates:
        return ()
    best = estimates[0]
    kind = "_draw" if best.actions == ["draw"] else "_down" if best.actions[0].startswith("down:") else ""
    facts = {"turn": " ".join(_placements(best.actions)), "value": tenths(best.value, lang, True),
             "card": best.actions[0][5:]}
    same = [e for e in estimates if _placements(e.actions) == list(hinted)]
    if same and same[0] is best:
        return (phrase("expert_this_too", lang, value=facts["value"]),)
    if same:
        return (phrase("expert_this", lang, value=tenths(same[0].value, lang, True)),
                phrase("expert_choice" + kind, lang, **facts))
    return (phrase("expert_choice_alone" + kind, lang, **facts),)


def turn_lines(cards, lang: str | None = None) -> tuple[str, ...]:
    """A turn's cards, one line each, then their points table by table, indented."""
    lines = []
    for card in cards:
        lines.append(f"{card.text} = {card.points}" + (phrase("clears", lang, places=" ".join(card.cleared))
                                                        if card.cleared else ""))
        scoring = [table_points(t.place, t.nation, t.points, lang) + _variant(t, lang)
                   for t in card.tables if t.points or t.variant] or [WORDS[lang]["alone_line"][sex_word(card.guest)]]
        for i in range(0, len(scoring), 2):   # two tables a line: the panel is narrow
            lines.append("    " + ", ".join(scoring[i:i + 2]))
    return tuple(lines)


def result_lines(game: Game, lang: str | None = None, kinds=None) -> tuple[str, ...]:
    """R13 in words, best first."""
    lines = [phrase("result_head", lang)]
    for s in game.result().ranking:
        lines.append(phrase("result_line", lang, rank=s.rank, name=player_name(game, s.player, lang, kinds),
                         score=s.score, penalty=s.penalty, final=s.final))
    return tuple(lines)


def over_text(game: Game, lang: str | None = None, kinds=None) -> str:
    """``"Game over (the last guest card was drawn): Player 2 wins."``"""
    winners = game.result().winners
    names = " & ".join(player_name(game, p, lang, kinds) for p in winners)
    who = phrase("wins" if len(winners) == 1 else "share", lang, names=names)
    return phrase("over", lang, reason=WORDS[lang]["reasons"][game.over_reason], winners=who)


def picture_view(thing, lang: str | None = None) -> View:
    """The view of a café or a game as a static picture (no hand, no controls)."""
    if isinstance(thing, Game):
        piles = phrase("piles", lang, guests=len(thing.guest_pile), tables=len(thing.table_pile))
        info = result_lines(thing, lang) if thing.is_over else ()
        return View(thing.cafe, lang, players=game_lines(thing, lang), piles=piles, info=info,
                    picture=True)
    if isinstance(thing, Cafe):
        return View(thing, lang, picture=True)
    raise TypeError(f"a Cafe or a Game, not {type(thing).__name__}")
