"""The sandbox of :class:`~cafe_widget.CafeWidget` (``w.mode == "sandbox"``): a café and the 24
guests — place any guest where the rules let her or him sit, see the points table by table,
keep the turn (the café goes on from there) or take it back. ``CafeWidget.from_notation`` of a
café opens it; *Try from here* opens a past position of a game in it."""

from __future__ import annotations

from ..engine.cards import GUEST_KINDS
from ..render.scene import View
from ..render.words import phrase, turn_lines
from .card_saves import screen_save
from .modes import Mode
from .state import SANDBOX


class Sandbox(Mode):
    """A café and the 24 guests (``w.mode == "sandbox"``): place any guest where the rules let
    her or him sit, see the points table by table, keep the turn or take it back."""

    name = SANDBOX

    def view(self, w) -> View:
        lang, turn = w.lang, w.state.turn
        info = w.state.info
        if turn.cards:
            info = (phrase("this_turn", lang),) + turn_lines(turn.cards, lang) + w.state.info
        guest = w.selected_guest()
        lit = tuple((s, c.points) for s, c in w.seat_scores(guest).items()) if guest else ()
        buttons = (("undo", phrase("undo", lang), bool(turn.cards)),
                   ("end", phrase("keep", lang), turn.can_end()),
                   ("hint", phrase("hint", lang), True))
        if w.state.stash is not None:
            buttons += (("live", phrase("live", lang), True),)
        return View(w.cafe, lang, hand=GUEST_KINDS, hand_title=phrase("palette", lang), palette=True,
                    selected=w.state.selected, lit=lit, badges=w.state.badges, refused=w.state.refused,
                    placed=tuple(c.seat for c in turn.cards), title=phrase("sandbox", lang), info=info,
                    piles=phrase("table_pile", lang, tables=len(w.cafe.pile)),
                    hint=w.state.hint, buttons=buttons, status=w.state.status, status_kind=w.state.kind)

    def click(self, w, region) -> None:
        w.cafe_click(region)

    def hand(self, w) -> tuple:
        return GUEST_KINDS

    def save(self, w) -> dict:
        return dict(screen_save(w, w.state.cafe), box_pile=bool(w.state.box_pile))

    def load(self, w, data: dict, cafe, variant: bool) -> None:
        w.setup(None, None, cafe, variant, None, fill_pile=False)
        w.state.box_pile = bool(data.get("box_pile"))
