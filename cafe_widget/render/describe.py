"""The text twin of a screen: what the canvas shows, said in words for a screen reader (WCAG 1.1.1,
Lichess's blind mode, python-chess's board as text). Built from the same view the scene is
drawn from (``View``, ``BoardView``), so the picture and its words never tell two stories.

A :class:`Twin` has a short ``name`` (whose turn, the points, the hand's size: the canvas's
accessible name) and ``sections`` a screen reader can walk heading by heading: the café's
tables with their nation, guests and free seats (the board's tables, chairs and bar), the hand
and where a chosen card may sit, the players, the last turn, the buttons. ``answer`` reads one
part on demand, as the widgets' typed ``tables``, ``table b2``, ``seat c3``, ``hand``,
``scores``, ``last``, ``where ITm`` do."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..engine.board_layout import BAR_PLACES, BAR_VALUES, CHAIR_TABLES, TABLE_CHAIRS, TABLE_NATION, TABLES
from ..engine.layout import SEATS, TABLE_PLACES, TOUCHES
from ..engine.names import TABLE_ADJECTIVES, guest_name
from ..i18n import say, say_n
from .scene import View


@dataclass(frozen=True)
class Twin:
    """A screen in words: ``name`` (one line), then ``sections``: (heading, lines) each."""

    name: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]

    def text(self) -> str:
        """Plain text: the name, then each heading and its lines."""
        out = [self.name]
        for heading, lines in self.sections:
            out += ["", heading, *(f"- {line}" for line in lines)]
        return "\n".join(out)

    def html(self, label: str) -> str:
        """The twin as HTML for assistive technology: the picture's stand-in (``role="img"``
        named with ``name``: the canvas itself can carry no name, see docs/JUPYTER.md), then a
        region named ``label``, a heading a section, each line an item of a list."""
        parts = [f'<div role="img" aria-label="{escape(self.name)}"></div>'
                 f'<section aria-label="{escape(label)}"><p>{escape(self.name)}</p>']
        for heading, lines in self.sections:
            parts.append(f"<h4>{escape(heading)}</h4><ul>")
            parts += [f"<li>{escape(line)}</li>" for line in lines]
            parts.append("</ul>")
        parts.append("</section>")
        return "".join(parts)

    def section(self, heading: str) -> tuple[str, ...]:
        return next((lines for h, lines in self.sections if h == heading), ())


def _plain(line: str) -> str:
    """A panel's line without its drawing marks (``*`` for bold)."""
    return line.lstrip("*").strip()


def card_words(guest: str, lang: str | None) -> str:
    """``"RUf (a Russian woman)"``: the code a student types, and what it is."""
    return say("{code} ({name})", lang, code=guest, name=guest_name(guest, lang))


def table_line(cafe, place: str, lang: str | None) -> str:
    """One table of the café in words: its nation, who sits at which seat, its free seats."""
    nation = cafe.table(place)
    if nation is None:
        return say("{place}: no table.", lang, place=place)
    around = [s for s in SEATS if place in TOUCHES[s]]
    guests = [say("{card} at {seat}", lang, card=card_words(cafe.guest(s), lang), seat=s)
              for s in around if cafe.guest(s)]
    free = [s for s in around if not cafe.guest(s)]
    return say("{place}, {adjective} table: {guests}; free seats: {free}.", lang, place=place,
               adjective=TABLE_ADJECTIVES[lang][nation],
               guests=", ".join(guests) or say("nobody yet", lang),
               free=" ".join(free) or say("none", lang))


def seat_line(cafe, seat: str, lang: str | None) -> str:
    """One seat in words: who sits there (or free), and the tables it touches."""
    tables = [say("{place} ({adjective})", lang, place=p, adjective=TABLE_ADJECTIVES[lang][cafe.table(p)])
              for p in TOUCHES[seat] if cafe.table(p)]
    guest = cafe.guest(seat)
    who = card_words(guest, lang) if guest else say("free", lang)
    return say("Seat {seat}: {who}; it touches {tables}.", lang, seat=seat, who=who,
               tables=", ".join(tables) or say("no table", lang))


def _points(seat: str, points) -> str:
    return seat if points is None else f"{seat} (+{points})"


def describe(view: View) -> Twin:
    """The card game's screen in words (:class:`View`, as ``build_scene`` draws it)."""
    lang, cafe = view.lang, view.cafe
    sections = [(say("The café", lang), tuple(table_line(cafe, p, lang) for p in TABLE_PLACES))]
    hand = []
    if view.handover:
        hand.append(_plain(view.handover))
    elif view.hand:
        hand.append(say("{title}: {cards}.", lang, title=_plain(view.hand_title) or say("Hand", lang),
                        cards=", ".join(card_words(g, lang) for g in view.hand)))
        if view.selected is not None and view.selected < len(view.hand):
            guest = view.hand[view.selected]
            hand.append(say("Chosen: {card}.", lang, card=card_words(guest, lang)))
            if view.lit:
                hand.append(say("{card} may sit at: {seats}.", lang, card=guest,
                                seats=", ".join(_points(s, p) for s, p in view.lit)))
            elif not view.task_marks:
                hand.append(say("{card} may sit nowhere now.", lang, card=guest))
    if view.task_marks:
        hand.append(say("Seats marked: {seats}.", lang, seats=" ".join(view.task_marks)))
    if view.hint:
        hand.append(say("Hint: {turn}.", lang, turn=", ".join(f"{seat} {what}" for seat, what in view.hint)))
    if hand:
        sections.append((say("Your cards", lang), tuple(hand)))
    players = tuple(say("{name}: {score} points, {counts}{turn}.", lang, name=p.name, score=p.score,
                        counts=p.counts, turn=say(" (to play)", lang) if p.to_move else "")
                    for p in view.players)
    if view.piles:
        players += (_plain(view.piles),)
    if players:
        sections.append((say("Players", lang), players))
    last = tuple(say("{seat}: {what}", lang, seat=seat, what=what) for seat, what in view.marks)
    if view.refused:   # drawn faded on its seat with its rule
        seat, guest, rule, tables = view.refused
        last += (say("Refused: {card} at {seat} ({rule}).", lang, card=card_words(guest, lang), seat=seat,
                     rule=rule),)
    last += tuple(_plain(line) for line in view.info if _plain(line))
    if view.placed:
        last += (say("Placed this turn: {seats}.", lang, seats=" ".join(view.placed)),)
    if last:
        sections.append((say("Last turn and notes", lang), last))
    if view.sheet:
        sections.append((_plain(view.sheet_title) or say("Scoresheet", lang), tuple(view.sheet)))
    buttons = [_label(key, label, lang) for key, label, on in (*view.buttons, *view.sheet_buttons,
               *((view.title_button,) if view.title_button else ())) if on]
    sections.append((say("Buttons", lang), (say("{buttons}. Type help for the keyboard's commands.", lang,
                                                 buttons=", ".join(buttons) or say("none", lang)),)))
    return Twin(_name(_plain(view.title) or say("Café International", lang), view.players,
                      sum(1 for g in cafe.seats if g), lang, 0 if view.handover else len(view.hand)),
                tuple(sections))


# -- the board game (B1–B15) -----------------------------------------------------------------

def tile_words(tile: str, lang: str | None) -> str:
    """``"CFf (an African woman)"``; a joker in the hand ``"*f (a joker, a woman)"``; a seated
    joker ``"CFf* (a joker as an African woman)"`` (B5)."""
    if tile.startswith("*"):
        return say("{code} (a joker, a woman)", lang, code=tile) if tile.endswith("f") else \
            say("{code} (a joker, a man)", lang, code=tile)
    if tile.endswith("*"):
        return say("{code} (a joker as {name})", lang, code=tile, name=guest_name(tile[:-1], lang))
    return card_words(tile, lang)


def board_table_line(board, table: str, lang: str | None) -> str:
    """One table of the board in words: its nation, who sits on which chair, its free chairs."""
    chairs = TABLE_CHAIRS[table]
    guests = [say("{card} on {chair}", lang, card=tile_words(board.tile(c), lang), chair=c)
              for c in chairs if board.tile(c)]
    free = [c for c in chairs if not board.tile(c)]
    return say("{place}, {adjective} table: {guests}; free chairs: {free}.", lang, place=table,
               adjective=TABLE_ADJECTIVES[lang][TABLE_NATION[table]],
               guests=", ".join(guests) or say("nobody yet", lang), free=" ".join(free) or say("none", lang))


def chair_line(board, chair: str, lang: str | None) -> str:
    """One chair in words: who sits there (or free), and the tables it touches."""
    tables = [say("{place} ({adjective})", lang, place=t, adjective=TABLE_ADJECTIVES[lang][TABLE_NATION[t]])
              for t in CHAIR_TABLES[chair]]
    tile = board.tile(chair)
    who = tile_words(tile, lang) if tile else say("free", lang)
    return say("Chair {chair}: {who}; it touches {tables}.", lang, chair=chair, who=who, tables=", ".join(tables))


def bar_line(board, lang: str | None) -> str:
    n = len(board.bar)
    tiles = ", ".join(tile_words(t, lang) for t in board.bar) or say("nobody", lang)
    if n < BAR_PLACES:
        return say("The bar ({n} of {places}): {tiles}; the next tile there scores {value:+d}.", lang, n=n,
                   places=BAR_PLACES, tiles=tiles, value=BAR_VALUES[n])
    return say("The bar is full: {tiles}.", lang, tiles=tiles)


def describe_board(view) -> Twin:
    """The board game's screen in words (a ``BoardView``, as ``build_board_scene`` draws it)."""
    lang, board = view.lang, view.board
    sections = [(say("The board", lang), tuple(board_table_line(board, t, lang) for t in TABLES)
                 + (bar_line(board, lang),))]
    players = []
    for i, p in enumerate(view.players):
        hand = ", ".join(tile_words(t, lang) for t in p.hand) or say("none", lang)
        state = say(" (out, B9)", lang) if p.out else say(" (to play)", lang) if p.to_move else ""
        players.append(say("{name}: {score} points{state}; hand: {hand}.", lang, name=p.name, score=p.score,
                           state=state, hand=hand))
    if view.bag is not None:
        players.append(say_n("The bag holds {n} tile.", "The bag holds {n} tiles.", view.bag, lang))
    if players:
        sections.append((say("Players", lang), tuple(players)))
    chosen = []
    if view.selected is not None and view.selected[0] < len(view.players):
        p, i = view.selected
        hand = view.players[p].hand
        if i < len(hand):
            chosen.append(say("Chosen: {card}.", lang, card=tile_words(hand[i], lang)))
            if view.lit:
                chosen.append(say("{card} may sit on: {chairs}.", lang, card=hand[i],
                                  chairs=", ".join(_points(c, pts) for c, pts in view.lit)))
            if view.swaps:
                chosen.append(say("It may swap with the joker at: {seats}.", lang, seats=" ".join(view.swaps)))
    if view.asking:
        chosen.append(say("The joker at {seat} waits for its nation: {choices}.", lang, seat=view.asking,
                          choices=", ".join(label for _, label, on in view.choices if on)))
    if view.hint:
        chosen.append(say("Hint: {turn}.", lang, turn=", ".join(f"{c} {what}" for c, what in view.hint)))
    if chosen:
        sections.append((say("Your tiles", lang), tuple(chosen)))
    last = ()
    if view.marks:
        last += (say("Last seated at: {seats}.", lang, seats=" ".join(view.marks)),)
    last += tuple(_plain(line) for line in view.info if _plain(line))
    if view.placed:
        last += (say("Placed this turn: {seats}.", lang, seats=" ".join(view.placed)),)
    if last:
        sections.append((say("Last turn and notes", lang), last))
    buttons = [_label(key, label, lang) for key, label, on in (*view.buttons, *view.nav) if on]
    sections.append((say("Buttons", lang), (say("{buttons}. Type help for the keyboard's commands.", lang,
                                                 buttons=", ".join(buttons) or say("none", lang)),)))
    return Twin(_name(_plain(view.title) or say("Café International · the board", lang), view.players,
                      sum(1 for t in board.chairs if t), lang), tuple(sections))


def twin_of(view) -> Twin:
    """Either game's screen in words: :func:`describe` for a ``View``, :func:`describe_board`
    for a ``BoardView``."""
    return describe(view) if isinstance(view, View) else describe_board(view)


def answer(view, what: str, arg: str = "") -> str:
    """One part of either game's screen on demand (the widgets' typed ``tables``, ``table b2``,
    ``seat c3``, ``hand``, ``scores``, ``last``): a sentence for the status line and its live
    region. ``arg``: the table's place or the seat (or chair), already read."""
    lang, card = view.lang, isinstance(view, View)
    twin = twin_of(view)
    if what == "tables":
        return " ".join(twin.sections[0][1])
    if what == "table":
        return table_line(view.cafe, arg, lang) if card else board_table_line(view.board, arg, lang)
    if what == "seat":
        return seat_line(view.cafe, arg, lang) if card else chair_line(view.board, arg, lang)
    if what == "hand" and card:
        return " ".join(twin.section(say("Your cards", lang))) or say("No hand is shown here.", lang)
    if what in ("hand", "scores"):   # the board's hands are open (B3): each player's line holds it
        return " ".join(twin.section(say("Players", lang))) or say("No scores here.", lang)
    if what == "last":
        return " ".join(twin.section(say("Last turn and notes", lang))) or say("Nothing has been played yet.", lang)
    raise KeyError(what)


def _name(title: str, players, seated: int, lang: str | None, hand: int | None = None) -> str:
    """A screen's short name: its title, whose turn, the scores, the hand's size, the guests."""
    parts = [title]
    mover = next((p for p in players if p.to_move), None)
    if mover is not None:
        parts.append(say("{name} to play", lang, name=mover.name))
    if players:
        parts.append(say("Scores: {scores}", lang, scores=", ".join(
            say("{name} {score}", lang, name=p.name, score=p.score) for p in players)))
    if hand:
        parts.append(say_n("{n} card in hand", "{n} cards in hand", hand, lang))
    parts.append(say_n("{n} guest seated", "{n} guests seated", seated, lang))
    return ". ".join(parts) + "."


def _label(key: str, label: str, lang: str | None) -> str:
    """A button's label for the ear: the arrows are said as words."""
    if label == "◀":
        return say("Back (◀)", lang)
    if label == "▶":
        return say("Forward (▶)", lang)
    return label


def picture_words(view) -> tuple[str, str]:
    """A picture's ``<title>`` and ``<desc>``: the name, then every table (and the bar), the
    hand, the players and the last turn — not the buttons, which a picture has none of."""
    twin = twin_of(view)
    desc = [line for heading, lines in twin.sections if heading != say("Buttons", view.lang) for line in lines]
    return twin.name, " ".join(desc)


__all__ = ["Twin", "answer", "card_words", "describe", "describe_board", "twin_of", "tile_words", "picture_words", "seat_line", "table_line"]
