"""The café widget fits a 1366 × 768 school laptop: every screen's scene is at most
900 × 560 CSS pixels, no text is smaller than 12 px, and each layer draws only inside its zone
(the widget clears and redraws a zone alone: anything outside it would be left behind).
The browser test ``test_widget_browser.py::test_both_widgets_fit_a_school_laptop`` looks at the
same in JupyterLab at 1366 × 768."""

from __future__ import annotations

import pytest

from cafe_widget import CafeWidget, Game, language
from cafe_widget.teach.card_puzzles import puzzles
from cafe_widget.render.scene import HEIGHT, LAYERS, ZONES, Rect, Text
from cafe_widget.render.style import MIN_TEXT, WIDTH

DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"


def tap(w, name):
    w.click(*w.locate(name))


def _screens():
    """(name, widget) for every screen of the card widget, in a state that fills it."""
    for players in (2, 5):
        w = CafeWidget(Game.new(players=players, seed=3), players=["human"] + ["steady"] * (players - 1))
        yield f"play {players} players", w
    w = CafeWidget(Game.new(players=3, seed=1), players=["human", "strong", "greedy"])
    while len(w.game.log) < 30:                  # a long scoresheet, a hand of 12
        tap(w, "draw" if w.game.explain_draw() is None else "hint")
        if w.game.explain_draw() is not None and len(w.game.hand()) == 12:
            tap(w, w.game.hand()[0])
            tap(w, "down")
    yield "long game", w
    w = CafeWidget.from_notation(DUEL, players=["human", "greedy"])
    tap(w, "hint")
    yield "hint", w
    tap(w, "ITf")
    tap(w, "a2")
    yield "refused", w
    tap(w, "back")
    yield "history", w
    tap(w, "review")
    yield "review", w
    w = CafeWidget(Game.new(players=2, seed=4), players=["human", "human"])
    tap(w, "draw")
    yield "hand-over", w
    yield "sandbox", CafeWidget.from_notation("RU GB FR ES IT | b1:RUf")
    yield "puzzle", CafeWidget.puzzle(puzzles(3))
    w = CafeWidget.seat_task("RU GB FR ES IT | b1:RUf b3:RUm", "ITm")
    for name in ("c4", "b5", "answer", "check"):   # the longest status the widget writes
        tap(w, name)
    yield "seat task", w


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_screen_fits_900_by_560_with_no_text_under_12_px(lang):
    language(lang)
    try:
        for name, w in _screens():
            scene = w.scene
            assert (scene.width, scene.height) == (WIDTH, HEIGHT) and HEIGHT <= 560 and WIDTH <= 900, name
            assert tuple(w.size) == (WIDTH, HEIGHT), name
            sizes = [p.size for layer in scene.layers for p in layer if isinstance(p, Text)]
            assert min(sizes) >= MIN_TEXT == 12, (name, min(sizes))
            for layer_name, layer in zip(LAYERS[1:], scene.layers[1:]):
                zx, zy, zw, zh = ZONES[layer_name]
                for p in layer:
                    if isinstance(p, Rect):
                        inside = (zx <= p.x and p.x + p.w <= zx + zw + 0.01
                                  and zy <= p.y and p.y + p.h <= zy + zh + 0.01)
                    else:
                        inside = zx <= p.x <= zx + zw and zy <= p.y - p.size / 2 and p.y + p.size / 2 <= zy + zh
                    assert inside, (name, layer_name, p)
            for region in scene.regions:
                assert 0 <= region.x and region.x + region.w <= WIDTH, (name, region)
                assert 0 <= region.y and region.y + region.h <= HEIGHT, (name, region)
    finally:
        language("en")


def test_the_zones_are_apart_and_inside_the_widget():
    zones = list(ZONES.values())
    for i, (x, y, w, h) in enumerate(zones):
        assert 0 <= x and x + w <= WIDTH and 0 <= y and y + h <= HEIGHT
        for (x2, y2, w2, h2) in zones[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def _info_drawn(w) -> list[str]:
    """The info lines the panel draws (13-px text at the panel's left, under the piles)."""
    from cafe_widget.render.style import PANEL_X
    return [p.text for p in w.scene.layer("panel") if isinstance(p, Text) and p.size == 13 and p.x == PANEL_X + 14
            and p.text != w.view().piles]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("seed", [1, 3, 5, 6])
def test_the_computers_turns_are_shown_whole_or_the_panel_says_there_is_more(lang, seed):
    """With 4 players, after the computers play, the panel shows every
    computer's action on a line of its own, or its last line says how many lines are left out;
    never a line squeezed (the SVG's estimate: 0.6 of the size a character)."""
    w = CafeWidget(Game.new(players=4, seed=seed), players=["human", "steady", "steady", "steady"], lang=lang)
    tap(w, "hint")
    w.command("end") if w.game.explain_draw() is not None else w.command("draw")
    drawn, info = _info_drawn(w), [t.lstrip("*") for t in w.view().info]
    acted = [e for e in w.game.log if e.player != 0][-3:]
    assert len(acted) == 3
    if drawn == info:
        for n in (2, 3, 4):
            assert any(f" {n}" in line.split(":")[0] for line in drawn), (n, drawn)
    else:
        assert drawn[:-1] == info[:len(drawn) - 1] and drawn[-1].startswith("…"), drawn
        assert str(len(info) - len(drawn) + 1) in drawn[-1], drawn
    assert drawn and not drawn[0].startswith("…"), drawn   # at least one turn shown whole
    for p in w.scene.layer("panel"):
        if isinstance(p, Text) and p.max_width:
            assert len(p.text) * p.size * 0.6 <= p.max_width or p.size > 13 or p.x != PANEL_X_INFO, p


PANEL_X_INFO = 452 + 14
