"""Pictures of the moment that matters: a turn as frames, and a refused placement on its seat.

``turn_frames(cafe, "RUf@c2, ITf@c4, ITm@d3")`` draws a turn as a strip of cafés, each with a
caption (docs/RULES.md R8, R9, R14)::

    before            placed, with points          after the clearing (R9)
    ┌──────────┐      ┌──────────────────────┐      ┌──────────────────┐
    │ the café │  →   │ cards framed, 1 2 3; │  →   │ the full table   │
    │          │      │ +N per table; a full │      │ gone, a new one  │
    │          │      │ table still standing │      │ in its place     │
    └──────────┘      └──────────────────────┘      └──────────────────┘

A turn that clears nothing has two frames (before, placed). The *placed* frame of a clearing
turn is a position the rules never leave on the table: the full table with its four guests,
drawn as it was the moment the last guest sat, just before R9 took it away (``Cafe.parse``
refuses such a café; the frame builds it from the engine's own turn states).

``refused_picture(cafe, "RUm@c2")`` draws the guest faded on the seat, a red ✗ and the rule.

Pure functions of the engine's results: the notebooks, the SVG and the widget share them.
Neither raises for a student's mistake: a malformed notation or a refused turn gives a
:class:`Frames` whose text is one line naming the problem.
"""

from __future__ import annotations

from ..i18n import N_, NN_, NP_, Localized, join, translate

from html import escape
from typing import NamedTuple

from ..engine import Cafe, IllegalMove, NotationError, Turn
from ..engine.cafe import parse_placement, parse_turn
from ..engine.layout import SEAT_INDEX, TABLE_PLACES
from .scene import Scene, View, build_scene
from .svg import to_svg

#: The frames shown in a notebook at this share of their size (as ``teach.pictures``); the
#: captions are HTML text at full size beneath them.
HTML_SCALE = 1.0

PHRASES = Localized({
    "before": N_("before"),
    "placed": NN_("placed: {points} ({tables})", "placed: {points} ({tables})"),
    "full": NN_("; {places} full", "; {places} full"),
    "ladies": N_("; {place} full: a ladies' table, a flat 20 (R14)"),
    "men": N_("; {place} full: a men's table, a flat 20 (R14)"),
    "ladies40": N_("; {place} full: a ladies' table, all of its nation: 40 (R14)"),
    "men40": N_("; {place} full: a men's table, all of its nation: 40 (R14)"),
    "after_one": N_("after: {places} cleared, {nations} comes in (R9)"),
    "after_many": N_("after: {places} cleared, {nations} come in (R9)"),
    "after_short": NN_("after: {places} cleared; no table left to take its place: the game ends "
                       "(R12a)",
                       "after: {places} cleared; no table left to take their places: the game "
                       "ends (R12a)"),
    "then": N_("; then "),
    "allowed": N_("{move}: allowed, {points} ({tables})"),
    "alone": {"woman": NP_("woman", "; alone, so a second card must join it (R7)"),
              "man": NP_("man", "; alone, so a second card must join it (R7)")},
    "forming": N_("; it starts a table of one sex at {place} (R14)"),
    "clears": NN_("; {places} full, cleared (R9)", "; {places} full, cleared (R9)"),
    "points": NN_("{n} point", "{n} points"),
    "problem": N_("no picture: {error}"),
    "refused_turn": N_("no picture, the turn is refused: {error}"),
    "other_cafe": N_("no picture: the turn {turn} was played on another café ({cafe})"),
})


#: A table coming in after a clearing, by its code: "US" in English, « américaine (US) » in French
#: (« la table américaine (US) arrive »).
INCOMING = {
    "CF": NP_("incoming table", "CF"), "CN": NP_("incoming table", "CN"),
    "CU": NP_("incoming table", "CU"), "DE": NP_("incoming table", "DE"),
    "ES": NP_("incoming table", "ES"), "FR": NP_("incoming table", "FR"),
    "GB": NP_("incoming table", "GB"), "IN": NP_("incoming table", "IN"),
    "IT": NP_("incoming table", "IT"), "RU": NP_("incoming table", "RU"),
    "TR": NP_("incoming table", "TR"), "US": NP_("incoming table", "US"),
}


def _phrase(key: str, lang: str | None, n: int, **facts) -> str:
    """A phrase with a plural (the form for ``n``), filled in."""
    return translate(PHRASES.table[key], lang, n).format(n=n, **facts)


def _points(n: int, lang: str | None) -> str:
    return _phrase("points", lang, n)


def _joined(items, lang: str | None) -> str:
    return join(items, lang)


class Frame(NamedTuple):
    """One picture: the position drawn, its caption, and the view it is drawn from."""

    cafe: Cafe
    caption: str
    view: View

    @property
    def scene(self) -> Scene:
        return build_scene(self.view)

    @property
    def svg(self) -> str:
        return to_svg(self.scene)


class Frames:
    """Frames side by side, each a café and its caption; shows itself in a notebook. ``message``
    instead of frames when there is nothing to draw (a malformed notation, a refused turn)."""

    def __init__(self, frames=(), message: str = "", error: Exception | None = None):
        self.frames: tuple[Frame, ...] = tuple(frames)
        self.message = message
        self.error = error
        self._scenes: list[Scene] | None = None

    @property
    def scenes(self) -> list[Scene]:
        """Each frame's scene (its texts and primitives, for tests and screen readers)."""
        if self._scenes is None:
            self._scenes = [f.scene for f in self.frames]
        return list(self._scenes)

    @property
    def svgs(self) -> list[str]:
        """Each frame as an SVG document, at full size."""
        return [to_svg(scene) for scene in self.scenes]

    @property
    def captions(self) -> list[str]:
        return [f.caption for f in self.frames]

    @property
    def cafes(self) -> list[Cafe]:
        """The positions drawn (a *placed* frame's may hold a full table: see the module)."""
        return [f.cafe for f in self.frames]

    def __len__(self) -> int:
        return len(self.frames)

    def __iter__(self):
        return iter(self.frames)

    def __getitem__(self, i: int) -> Frame:
        return self.frames[i]

    def _repr_html_(self) -> str:
        if not self.frames:
            return f'<p style="font-size:14px">{escape(self.message)}</p>'
        cells = []
        for frame, scene in zip(self.frames, self.scenes):
            w, h = scene.width, scene.height
            sw, sh = round(w * HTML_SCALE), round(h * HTML_SCALE)
            svg = to_svg(scene).replace(f'width="{w}" height="{h}"', f'width="{sw}" height="{sh}"', 1)
            cells.append(f'<figure style="margin:0 16px 14px 0; width:{sw}px">{svg}'
                         f'<figcaption style="font-size:14px; line-height:1.4; margin-top:2px">'
                         f"{escape(frame.caption)}</figcaption></figure>")
        return ('<div style="display:flex; flex-wrap:wrap; align-items:flex-start">'
                + "".join(cells) + "</div>")

    def __repr__(self) -> str:
        if not self.frames:
            return self.message
        return "\n".join(f"{f.caption} → {f.cafe.format()}" for f in self.frames)


def _cafe(cafe) -> Cafe:
    return Cafe.parse(cafe) if isinstance(cafe, str) else cafe


def _seated(state_cafe: Cafe, guest: str, seat: str) -> Cafe:
    """The café of ``state_cafe`` with ``guest`` on ``seat`` and nothing cleared (R9 not yet)."""
    i = SEAT_INDEX[seat]
    seats = state_cafe.seats[:i] + (guest,) + state_cafe.seats[i + 1:]
    return Cafe(state_cafe.tables, seats, state_cafe.pile)


def _by_table(cards) -> dict[str, int]:
    """The cards' points summed table by table, in reading order of the tables."""
    sums: dict[str, int] = {}
    for card in cards:
        for t in card.tables:
            sums[t.place] = sums.get(t.place, 0) + t.points
    return {p: sums[p] for p in TABLE_PLACES if p in sums}


def _tables_text(sums: dict[str, int]) -> str:
    return ", ".join(f"{place} +{points}" for place, points in sums.items())


def _full_text(card, lang: str) -> str:
    """``"; c3 full"``, or what a ladies' or men's table scored (R14)."""
    words = PHRASES[lang]
    special = {t.place: t for t in card.tables if t.variant in ("ladies", "men")}
    plain = [p for p in card.cleared if p not in special]
    text = ""
    if plain:
        text += _phrase("full", lang, len(plain), places=_joined(plain, lang))
    for place, t in special.items():
        text += words[t.variant + ("40" if t.doubled else "")].format(place=place)
    return text


def _after_text(card, next_cafe: Cafe, lang: str) -> str:
    """``"after: c3 cleared, US comes in (R9)"``."""
    words = PHRASES[lang]
    places = list(card.cleared)
    nations = [next_cafe.table(p) for p in places]
    if any(n is None for n in nations):
        return _phrase("after_short", lang, len(places), places=_joined(places, lang))
    key = "after_one" if len(places) == 1 else "after_many"
    incoming = [translate(INCOMING[n], lang) for n in nations]
    return words[key].format(places=_joined(places, lang), nations=_joined(incoming, lang))


def _replay(cafe: Cafe, placements, variant: bool) -> list:
    """The turn states: the start, then after each card (the engine decides every rule)."""
    state = cafe.begin_turn(variant)
    states = [state]
    for guest, seat in placements:
        state = state.place(guest, seat)
        states.append(state)
    return states


def turn_frames(cafe, turn, variant: bool = False, lang: str | None = None) -> Frames:
    """A turn (notation, or a :class:`Turn`) as frames: before; the cards placed, framed and
    numbered, with the points table by table and a full table still standing; after the
    clearing (R9). Two frames when nothing is cleared. Never raises for a bad turn."""
    words = PHRASES[lang]
    try:
        if isinstance(turn, Turn):
            start = turn.cafe_before if cafe is None else _cafe(cafe)
            if start != turn.cafe_before:
                return Frames(message=words["other_cafe"].format(turn=turn.text, cafe=start.format()))
            placements, variant = [(c.guest, c.seat) for c in turn.cards], turn.variant
        else:
            start = _cafe(cafe)
            placements = parse_turn(turn) if isinstance(turn, str) else None
            if placements is None:
                raise NotationError("turn", repr(turn),
                                    "is not a turn: write placements, for example RUf@c2, ITf@c4")
        states = _replay(start, placements, variant)
        done = states[-1].finish()
    except NotationError as err:
        return Frames(message=words["problem"].format(error=err.sentence(lang)), error=err)
    except IllegalMove as err:
        return Frames(message=words["refused_turn"].format(error=err.sentence(lang)), error=err)

    cards = done.cards
    frames = [Frame(start, words["before"], View(start, lang, picture=True))]
    # The turn cut after each card that clears: each piece is one "placed" frame.
    pieces, piece = [], []
    for i, card in enumerate(cards):
        piece.append(i)
        if card.cleared:
            pieces.append(piece)
            piece = []
    if piece:
        pieces.append(piece)
    prefix = ""
    for piece in pieces:
        last = cards[piece[-1]]
        clears = bool(last.cleared)
        shown = _seated(states[piece[-1]].cafe, last.guest, last.seat) if clears else done.cafe
        mine = [cards[i] for i in piece]
        sums = _by_table(mine)
        marks = tuple((cards[i].seat, f"{i + 1} · +{cards[i].points}") for i in piece)
        earlier = tuple(c.seat for c in cards[:piece[0]]
                        if shown.guest(c.seat) == c.guest and c.seat not in dict(marks))
        caption = prefix + _phrase("placed", lang, len(mine), points=_points(sum(c.points for c in mine), lang),
                                   tables=_tables_text(sums))
        if clears:
            caption += _full_text(last, lang)
        view = View(shown, lang, picture=True, marks=marks, badges=tuple(sums.items()), placed=earlier,
                    full=last.cleared)
        frames.append(Frame(shown, caption, view))
        if clears:
            after = _after_text(last, states[piece[-1] + 1].cafe, lang)
            prefix = after + words["then"]
    if cards[-1].cleared:
        after = prefix.removesuffix(words["then"])
        frames.append(Frame(done.cafe, after, View(done.cafe, lang, picture=True)))
    return Frames(frames)


def refused_mark(refusal: IllegalMove, seat: str, guest: str) -> tuple:
    """What a scene needs to draw a refusal (``View.refused``): the seat, the guest, the rule,
    and the tables the refusal names (the unbalanced table of R6, the wrong nations of R5)."""
    facts = refusal.facts
    tables = (facts["place"],) if "place" in facts else tuple(p for p, _ in facts.get("tables", ()))
    return (seat, guest, refusal.rule, tables)


def refused_picture(cafe, placement: str, variant: bool = False, lang: str | None = None,
                    turn: bool = False) -> Frames:
    """One frame: a refused placement's guest faded on the seat, a red ✗ and the rule's id,
    captioned with the refusal (``Cafe.explain``); an allowed one drawn placed, with its
    points. With ``turn=True`` (or several cards: ``"DEf@b1, GBm@e2"``) the whole turn is
    tried: the first refused card, or a card left alone when the turn ends (R7), is the one
    drawn faded. Never raises: a malformed notation gives a one-line message."""
    words = PHRASES[lang]
    if isinstance(placement, str) and (turn or "," in placement):
        return _refused_turn(cafe, placement, variant, lang)
    try:
        cafe = _cafe(cafe)
        if not isinstance(placement, str):
            raise NotationError("placement", repr(placement),
                                "is not a placement: write guest@seat, for example ITm@d3")
        guest, seat = parse_placement(placement.strip())
        move = f"{guest}@{seat}"
        refusal = cafe.explain(move, variant)
    except NotationError as err:
        return Frames(message=words["problem"].format(error=err.sentence(lang)), error=err)
    if refusal is not None:
        view = View(cafe, lang, picture=True, refused=refused_mark(refusal, seat, guest))
        return Frames([Frame(cafe, refusal.sentence(lang), view)])
    state = cafe.begin_turn(variant).place(guest, seat)
    card = state.cards[-1]
    shown = _seated(cafe, guest, seat)
    caption = words["allowed"].format(move=move, points=_points(card.points, lang),
                                      tables=_tables_text(card.by_table))
    forming = [t.place for t in card.tables if t.variant == "forming"]
    if forming:
        caption += words["forming"].format(place=forming[0])
    elif state.pending:
        caption += words["alone"]["woman" if guest.endswith("f") else "man"]
    if card.cleared:
        caption += _phrase("clears", lang, len(card.cleared), places=_joined(card.cleared, lang))
    view = View(shown, lang, picture=True, marks=((seat, f"+{card.points}"),),
                badges=tuple(card.by_table.items()), full=card.cleared)
    return Frames([Frame(shown, caption, view)])


def _refused_turn(cafe, text: str, variant: bool, lang: str) -> Frames:
    """A whole turn tried card by card, then ended (R4, R7, R14): the refused card faded."""
    words = PHRASES[lang]
    try:
        cafe = _cafe(cafe)
        placements = parse_turn(text)
        if not placements:
            raise NotationError("placement", text, "names no card: write guest@seat, for example RUf@c2")
    except NotationError as err:
        return Frames(message=words["problem"].format(error=err.sentence(lang)), error=err)
    state = cafe.begin_turn(variant)
    for guest, seat in placements:
        refusal = state.explain(f"{guest}@{seat}")
        if refusal is not None:
            view = View(state.cafe, lang, picture=True, refused=refused_mark(refusal, seat, guest),
                        placed=tuple(c.seat for c in state.cards))
            return Frames([Frame(state.cafe, refusal.sentence(lang), view)])
        state = state.place(guest, seat)
    refusal = state.explain_end()
    if refusal is not None and "previous_seat" in refusal.facts:   # a card left alone (R7)
        seat, guest = refusal.facts["previous_seat"], refusal.facts["previous"]
        seats = list(state.cafe.seats)
        seats[SEAT_INDEX[seat]] = None
        before = Cafe(state.cafe.tables, tuple(seats), state.cafe.pile)
        view = View(before, lang, picture=True, refused=refused_mark(refusal, seat, guest),
                    placed=tuple(c.seat for c in state.cards if c.seat != seat))
        return Frames([Frame(before, refusal.sentence(lang), view)])
    if refusal is not None:
        return Frames([Frame(state.cafe, refusal.sentence(lang), View(state.cafe, lang, picture=True))])
    done = state.finish()
    caption = words["allowed"].format(move=done.text, points=_points(done.points, lang),
                                      tables=_tables_text(_by_table(done.cards)))
    view = View(done.cafe, lang, picture=True)
    return Frames([Frame(done.cafe, caption, view)])
