"""Helpers for the teaching notebooks: plain-text reports a student can check by hand, and
pictures side by side. Every rule is the engine's; this module only says what happened. The printing helpers return
nothing, so a notebook cell shows just their text.

    from cafe_widget.teach import play, check, where, pictures, review
    play("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2, ITf@c4, ITm@d3")   # prints table by table
    check("RU GB FR ES IT | b1:RUf b3:RUm", "RUm@c2")                   # prints the refusal
"""

from __future__ import annotations

from html import escape

from .engine import Cafe, IllegalMove, Turn  # noqa: F401 (Turn: for report's readers)
from .engine.cards import TABLE_ADJECTIVES
from .engine.layout import SEATS, TOUCHES
from .render import svg_of


def _cafe(cafe) -> Cafe:
    return Cafe.parse(cafe) if isinstance(cafe, str) else cafe


def _table(place: str, nation: str) -> str:
    return f"{TABLE_ADJECTIVES['en'][nation]} table {place}"


def _why(t) -> str:
    if t.variant == "forming":
        return f"{t.guests} guests of one sex so far: scored when the table is complete (R14)"
    if t.variant in ("ladies", "men"):
        kind = "ladies'" if t.variant == "ladies" else "men's"
        return f"a {kind} table: {'40, all of its nation' if t.doubled else 'a flat 20'} (R14)"
    if t.guests == 1:
        return "1 guest: alone, no points"
    return f"{t.guests} guests" + (", all of the table's nation: doubled" if t.doubled else "")


def report(turn: Turn) -> str:
    """A turn's points card by card and table by table, as plain text."""
    lines = []
    for card in turn.cards:
        lines.append(f"{card.text}: {card.points} point{'s' if card.points != 1 else ''}")
        for t in card.tables:
            lines.append(f"    {_table(t.place, t.nation) + ':':<24}{t.points:>3}   ({_why(t)})")
        if card.cleared:
            lines.append(f"    full, cleared: {', '.join(card.cleared)} (R9)")
    lines.append(f"turn: {turn.points} points")
    if turn.ends_game:
        lines.append("the table pile is short: the game ends (R12a)")
    return "\n".join(lines)


def play(cafe, turn: str, variant: bool = False) -> None:
    """Play a turn on a café (notation or Cafe) and print its points table by table; a
    refused turn prints its rule and sentence instead. (For the Turn itself: ``cafe.play``.)"""
    try:
        result = _cafe(cafe).play(turn, variant=variant)
    except IllegalMove as err:
        print(f"refused by {err.rule}: {err}")
        return
    print(report(result))


def check(cafe, placement: str, variant: bool = False) -> None:
    """May ``placement`` be the first card of a turn here? Prints the verdict: the points
    table by table, or the refusing rule and its sentence."""
    cafe = _cafe(cafe)
    refusal = cafe.explain(placement, variant=variant)
    if refusal is None:
        card = cafe.begin_turn(variant).place(*placement.split("@")).cards[-1]
        tables = ", ".join(f"{p} +{n}" for p, n in card.by_table.items())
        forming = [t for t in card.tables if t.variant == "forming"]
        note = ""
        if forming:
            note = (f"; it starts a table of one sex at {forming[0].place}, scored when four sit "
                    f"there this turn (R14)")
        elif card.points == 0:
            note = "; it sits alone, so a second card must join it (R7)"
        print(f"{placement}: allowed, {card.points} points ({tables}){note}")
    else:
        sentence = str(refusal).removeprefix(f"{placement}: ")
        print(f"{placement}: refused by {refusal.rule}: {sentence}")


def where(cafe, guest: str, variant: bool = False) -> None:
    """Where may ``guest`` sit, and what would each seat score? Prints one line a seat."""
    scores = _cafe(cafe).begin_turn(variant).seat_scores(guest)
    if not scores:
        print(f"{guest} may sit nowhere here")
    for seat, card in scores.items():
        tables = ", ".join(f"{p} +{n}" for p, n in card.by_table.items())
        print(f"{guest}@{seat}: {card.points:>2} points   ({tables})")


def last_turns(game, count: int = 3) -> None:
    """Print the game's last ``count`` actions; turns of placed cards table by table."""
    entries = game.log[-count:]
    if not entries:
        print("nobody has played yet")
    for entry in entries:
        print(f"player {entry.player + 1}: {entry.action if entry.turn is None else 'placed cards'}")
        if entry.turn is not None:
            print(report(entry.turn))


def review(game, player: int | None = None) -> None:
    """Print the game's review (``game.review()``): each action taken, what it scored, and the
    best placing turn the hand had then; only ``player``'s (from 0) if given. Facts, not
    verdicts: drawing instead of placing can be right."""
    entries = [e for e in game.review() if player is None or e.player == player]
    if not entries:
        print("nothing to review yet")
    for e in entries:
        did = {"turn": f"placed {e.action} = {e.points}", "draw": "drew a card",
               "down": "laid a card face down", "declare": "declared the end (R12c)"}[e.kind]
        best = (f"best then: {e.best_text} = {e.best_points}" if e.best is not None
                else "no card could be placed")
        if e.kind == "declare":
            best = "hand empty"
        print(f"{e.number:>3}. player {e.player + 1}: {did}   ({best})")


def seats() -> None:
    """Print every seat and the tables it touches (R2)."""
    for seat in SEATS:
        print(f"{seat}: touches {' '.join(TOUCHES[seat])}")


class Pictures:
    """Cafés (or games) drawn side by side, each with a caption; shows itself in a notebook."""

    def __init__(self, items):
        self.items = items

    def _repr_html_(self) -> str:
        cells = []
        for thing, caption in self.items:
            svg = svg_of(_cafe(thing))
            cells.append(f'<figure style="margin:0 12px 0 0; zoom:0.7">{svg}'
                         f'<figcaption style="font-size:15px; text-align:center">{escape(caption)}'
                         f"</figcaption></figure>")
        return f'<div style="display:flex; flex-wrap:wrap; align-items:flex-start">{"".join(cells)}</div>'

    def __repr__(self) -> str:
        return "\n".join(f"{caption}: {_cafe(thing).format()}" for thing, caption in self.items)


def pictures(*items) -> Pictures:
    """``pictures((cafe, "before"), (turn.cafe, "after"))``: cafés drawn side by side."""
    return Pictures([(i, "") if not isinstance(i, tuple) else i for i in items])
