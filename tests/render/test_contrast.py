"""Every text the canvas draws can be read: at least 4.5:1 against what lies under it (3:1 for
large text: 24 px, or 18.7 px bold), WCAG 2.1's 1.4.3, measured on the scenes themselves: for each
text, the colour under its anchor is composed from every filled rectangle drawn before it (with
its opacity), on every screen of both games, its lights, hints, badges, refusals and statuses."""

from __future__ import annotations

import pytest

from cafe_widget import BoardWidget, CafeWidget, Game
from cafe_widget.render.scene import Rect, Text
from cafe_widget.render.style import COLORS

DUEL = "DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - | 0 0 | to:1"


def _rgb(colour: str) -> tuple[float, ...]:
    colour = colour.lstrip("#")
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))


def _luminance(rgb) -> float:
    r, g, b = (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two colours (RGB in 0..1)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _over(top, below, alpha: float):
    return tuple(t * alpha + b * (1 - alpha) for t, b in zip(top, below))


def unreadable(scene) -> list[tuple]:
    """Every text of ``scene`` below its contrast: (text, colour, ratio, size)."""
    drawn = [p for layer in scene.layers for p in layer]
    found = []
    for i, text in enumerate(drawn):
        if not isinstance(text, Text) or not text.text.strip():
            continue
        under = _rgb(COLORS["background"])
        for rect in drawn[:i]:
            if isinstance(rect, Rect) and rect.fill and rect.x <= text.x <= rect.x + rect.w \
                    and rect.y <= text.y <= rect.y + rect.h:
                under = _over(_rgb(rect.fill), under, rect.alpha)
        ratio = contrast(_over(_rgb(text.color), under, text.alpha), under)
        large = text.size >= 24 or (text.bold and text.size >= 18.66)
        if ratio < (3.0 if large else 4.5):
            found.append((text.text[:30], text.color, round(ratio, 2), text.size))
    return found


def _card_screens():
    w = CafeWidget(players=["human", "steady"], seed=3, pace=0, lang="en")
    yield "play", w
    w.click(*w.locate("CNf"))
    yield "a card chosen, its seats lit with their points", w
    w.command("hint")
    yield "the hint", w
    w.command("CNf@e4")
    yield "a card placed", w
    w.command("GBf@a2")
    yield "a refusal (faded guest, its rule)", w
    w.command("end")
    yield "the last turn marked", w
    w.command("back")
    yield "looking back", w
    duel = CafeWidget.from_notation(DUEL, players=["human", "human"])
    duel.command("DEm@a2, end")
    yield "the hand-over", duel
    yield "a puzzle", CafeWidget.puzzle(1, lang="en")
    seats = CafeWidget.seat_task("RU GB FR ES IT | b1:RUf b3:RUm", "RUm")
    seats.command("c2")
    seats.command("check")
    yield "a seat task, a seat marked, checked", seats
    seats.command("answer")
    yield "a seat task's answer", seats
    yield "a sandbox", CafeWidget.from_notation("RU GB FR ES IT | b1:RUf b3:RUm | US CN DE")
    over = CafeWidget(game=Game.new(4, seed=54), players=["steady"] * 4, pace=0)
    yield "a game over", over


def _board_screens():
    b = BoardWidget(players=["human", "steady"], seed=3, pace=0, lang="en")
    yield "play", b
    b.command("hint")
    yield "the hint", b
    b.click(*b.locate(b.game.hand()[1]))
    yield "a tile chosen, its chairs lit", b
    b.command(f"bar {b.game.hand()[0]}")
    yield "a tile at the bar", b
    b.command("back")
    yield "looking back", b
    yield "a puzzle", BoardWidget.puzzle(1)


@pytest.mark.parametrize("game, screens", [("card", _card_screens), ("board", _board_screens)])
def test_every_text_of_every_screen_reads_at_wcag_aa(game, screens):
    seen = 0
    for name, w in screens():
        w.redraw()
        assert unreadable(w.scene) == [], (game, name)
        seen += 1
    assert seen >= 5


def test_the_measure_finds_a_pale_text():
    """The control: the measure is not blind (a light grey on the panel fails it)."""
    from cafe_widget.render.scene import Scene

    scene = Scene(((Rect(0, 0, 100, 100, COLORS["panel"]), Text(50, 50, "faint", 12, "#aaaaaa")),), (), 100, 100)
    assert unreadable(scene) == [("faint", "#aaaaaa", 2.19, 12)]
    assert round(contrast(_rgb("#ffffff"), _rgb("#000000")), 1) == 21.0
