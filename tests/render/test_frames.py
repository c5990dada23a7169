"""Pictures of the moment that matters (``cafe_widget.render.frames``): a turn as frames
(before, placed with its points table by table and a full table still standing, after the
clearing, R9), a refused placement drawn on its seat, and the widget drawing a refused click."""

import xml.etree.ElementTree as ET

import pytest

from cafe_widget import Cafe, CafeWidget
from cafe_widget.render import Rect, Text, refused_picture, svg_of, turn_frames
from cafe_widget.render.scene import FADED, REFUSED
from cafe_widget.render.style import CELL, GRID_X, GRID_Y

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN"
E12_TURN = "RUf@c2, ITf@c4, ITm@d3"
X = "DE GB IT CN CF"


def texts(svg):
    return [t.text for t in ET.fromstring(svg).iter() if t.tag.endswith("text")]


def seat_primitives(scene, seat):
    """The primitives drawn in one grid cell of the café (the widget's patch of that cell)."""
    col, row = "abcde".index(seat[0]), int(seat[1]) - 1
    for (x, y, _, _), cell in scene.patches[1]:
        if (x, y) == (GRID_X + col * CELL, GRID_Y + row * CELL):
            return cell
    raise AssertionError(seat)


# -- a turn that clears a table: three frames (E12) ---------------------------------------------

def test_e12_three_frames_with_exact_captions():
    frames = turn_frames(E12, E12_TURN)
    assert frames.captions == [
        "before",
        "placed: 23 points (b2 +6, d2 +2, c3 +9, b4 +2, d4 +4); c3 full",
        "after: c3 cleared, US comes in (R9)",
    ]
    assert len(frames) == len(frames.svgs) == 3
    assert repr(frames) == (
        "before → RU GB FR ES IT | b1:RUf b3:RUm | US CN\n"
        "placed: 23 points (b2 +6, d2 +2, c3 +9, b4 +2, d4 +4); c3 full → "
        "RU GB FR ES IT | b1:RUf c2:RUf b3:RUm d3:ITm c4:ITf | US CN\n"
        "after: c3 cleared, US comes in (R9) → RU GB US ES IT | b1:RUf | CN")
    assert repr(turn_frames(E12, E12_TURN)) == repr(frames)   # deterministic


def test_e12_the_points_table_by_table_add_up_to_the_turn():
    cafe = Cafe.parse(E12)
    turn = cafe.play(E12_TURN)
    placed = turn_frames(cafe, turn)[1].view
    assert dict(placed.badges) == {"b2": 6, "d2": 2, "c3": 9, "b4": 2, "d4": 4}
    assert sum(dict(placed.badges).values()) == turn.points == 23
    # each card framed and numbered in play order, with its own points: 8 + 5 + 10
    assert placed.marks == (("c2", "1 · +8"), ("c4", "2 · +5"), ("d3", "3 · +10"))
    words = texts(turn_frames(cafe, turn).svgs[1])
    for word in ["1 · +8", "2 · +5", "3 · +10", "+6", "+2", "+9", "+4", "full"]:
        assert word in words, word


def test_e12_the_placed_frame_still_holds_the_full_table():
    frames = turn_frames(E12, E12_TURN)
    placed = frames.cafes[1]
    assert placed.table("c3") == "FR"
    assert placed.guests_at("c3") == ("RUf", "RUm", "ITm", "ITf")   # c2 b3 d3 c4: four guests
    assert frames[1].view.full == ("c3",)
    words = texts(frames.svgs[1])
    assert words.count("IT") == 3 and words.count("RU") == 4   # tables and guests alike
    with pytest.raises(ValueError):   # a position the notation refuses: drawn, never parsed
        Cafe.parse(placed.format())


def test_e12_the_frames_before_and_after_are_the_cafes_drawn():
    cafe = Cafe.parse(E12)
    turn = cafe.play(E12_TURN)
    frames = turn_frames(cafe, turn)
    assert frames.svgs[0] == svg_of(cafe)
    assert frames.cafes[2] == turn.cafe == Cafe.parse("RU GB US ES IT | b1:RUf | CN")
    assert frames.svgs[2] == svg_of(turn.cafe)
    assert turn_frames(E12, E12_TURN).svgs == frames.svgs   # notation or Turn: the same frames


def test_a_turn_without_clearing_has_two_frames():
    frames = turn_frames(E12, "RUf@c2, ITf@c4")
    assert frames.captions == ["before", "placed: 13 points (b2 +6, d2 +0, c3 +5, b4 +2, d4 +0)"]
    assert frames.cafes[1] == Cafe.parse(E12).play("RUf@c2, ITf@c4").cafe
    assert frames[1].view.full == ()


def test_french_captions():
    frames = turn_frames(E12, E12_TURN, lang="fr")
    assert frames.captions == [
        "avant",
        "posées : 23 points (b2 +6, d2 +2, c3 +9, b4 +2, d4 +4) ; c3 pleine",
        "après : c3 débarrassée, la table américaine (US) arrive (R9)",
    ]
    assert "pleine" in texts(frames.svgs[1])


def test_one_card_clears_two_tables_e13():
    frames = turn_frames("RU GB FR ES IT | b1:RUf c2:FRm b3:FRf d3:ITf e4:ITm d5:ITf | US CN DE", "ITm@c4")
    assert frames.captions == ["before", "placed: 14 points (c3 +4, b4 +2, d4 +8); c3 and d4 full",
                               "after: c3 and d4 cleared, US and CN come in (R9)"]
    assert frames[1].view.full == ("c3", "d4")
    assert turn_frames("RU GB FR ES IT | b1:RUf c2:FRm b3:FRf d3:ITf e4:ITm d5:ITf | US CN DE", "ITm@c4",
                       lang="fr").captions[2] == "après : c3 et d4 débarrassées, les tables américaine (US) et chinoise (CN) arrivent (R9)"


def test_cards_after_a_clearing_are_shown_on_the_after_frame():
    # ITm@c4 fills c3 and d4 (E13); then an American man sits by the new US table c3 and
    # the Russian woman left alone at b2
    frames = turn_frames("RU GB FR ES IT | b1:RUf c2:FRm b3:FRf d3:ITf e4:ITm d5:ITf | US CN DE",
                         "ITm@c4, USm@c2")
    assert frames.captions[2] == ("after: c3 and d4 cleared, US and CN come in (R9); "
                                  "then placed: 2 points (b2 +2, d2 +0, c3 +0)")
    assert frames[2].view.marks == (("c2", "2 · +2"),)
    assert frames.cafes[2] == Cafe.parse("RU GB US ES CN | b1:RUf c2:USm | DE")
    assert len(frames) == 3


# -- the variant: ladies' and men's tables (R14, E14) ------------------------------------------------

def test_e14_ladies_table_pictured_with_its_flat_20():
    frames = turn_frames(f"{X} | b1:DEf d3:ITm | FR", "DEf@a2, ITf@c2, DEf@b3", variant=True)
    assert frames.captions == [
        "before",
        "placed: 29 points (b2 +20, d2 +2, c3 +7, b4 +0); b2 full: a ladies' table, a flat 20 (R14)",
        "after: b2 cleared, FR comes in (R9)",
    ]
    assert frames.cafes[1].guests_at("b2") == ("DEf", "DEf", "ITf", "DEf")   # four women, one Italian
    assert ("b2", 20) in frames[1].view.badges and "+20" in texts(frames.svgs[1])


def test_e14_mens_table_pictured_with_its_40_in_four_cards():
    frames = turn_frames(f"{X} | d3:ITf | FR", "DEm@b1, DEm@a2, DEm@c2, DEm@b3", variant=True)
    assert frames.captions[1] == ("placed: 47 points (b2 +40, d2 +2, c3 +5, b4 +0); "
                                  "b2 full: a men's table, all of its nation: 40 (R14)")
    assert frames.cafes[1].guests_at("b2") == ("DEm",) * 4
    assert [label for _, label in frames[1].view.marks] == ["1 · +0", "2 · +0", "3 · +4", "4 · +43"]
    assert "+40" in texts(frames.svgs[1])
    fr = turn_frames(f"{X} | d3:ITf | FR", "DEm@b1, DEm@a2, DEm@c2, DEm@b3", variant=True, lang="fr")
    assert fr.captions[1].endswith("b2 pleine : une table d'hommes, tous de sa nation : 40 points (R14)")


# -- a refused placement ---------------------------------------------------------------------------

def test_refused_picture_fades_the_guest_and_names_the_rule():
    frames = refused_picture(E12, "RUm@c2")
    assert frames.captions == ["RUm@c2: the French table c3 would have two men and no woman (R6)."]
    assert frames.cafes == [Cafe.parse(E12)]   # nothing placed
    scene = frames.scenes[0]
    cell = seat_primitives(scene, "c2")
    faded = [p for p in cell if isinstance(p, Rect) and p.alpha < 1]
    assert faded and all(p.alpha == FADED for p in faded)
    words = [p.text for p in cell if isinstance(p, Text)]
    assert "R6" in words and "✗" in words and "RU" in words and "♂ m" in words
    assert any(isinstance(p, Rect) and p.stroke == REFUSED for p in seat_primitives(scene, "c3"))   # the table
    svg = frames.svgs[0]
    assert 'opacity="0.35"' in svg and "R6" in texts(svg) and "✗" in texts(svg)
    assert 'opacity' not in svg_of(Cafe.parse(E12))   # the default path is unchanged


def test_refused_picture_in_french():
    frames = refused_picture(E12, "RUm@c2", lang="fr")
    assert frames.captions == ["RUm@c2 : la table française c3 aurait deux hommes et aucune femme (R6)."]


def test_an_allowed_placement_is_drawn_placed():
    frames = refused_picture(E12, "RUf@c2")
    assert frames.captions == ["RUf@c2: allowed, 8 points (b2 +6, d2 +0, c3 +2)"]
    assert frames.cafes[0].guest("c2") == "RUf"
    assert "✗" not in texts(frames.svgs[0])
    lone = refused_picture("RU GB FR ES IT", "RUf@b1")
    assert lone.captions == ["RUf@b1: allowed, 0 points (b2 +0); alone, so a second card must join it (R7)"]


@pytest.mark.parametrize("cafe, placement, problem", [
    (E12, "RUx@c2", "no picture: placement: 'RUx' is not a guest"),
    (E12, "RUm@c3", "no picture: placement: 'c3' is where a table stands, not a seat"),
    (E12, "RUm c2", "no picture: placement: 'RUm c2' is not a placement"),
    ("RU GB FR", "RUm@c2", "no picture: tables: 'RU GB FR' must name 5 tables"),
    (E12, None, "no picture: placement: 'None' is not a placement"),
])
def test_malformed_notation_gives_a_message_not_an_exception(cafe, placement, problem):
    frames = refused_picture(cafe, placement)
    assert repr(frames).startswith(problem) and "\n" not in repr(frames)
    assert frames.svgs == [] and frames.captions == []
    assert frames._repr_html_().startswith("<p") and "no picture" in frames._repr_html_()


def test_malformed_notation_in_french():
    assert repr(refused_picture(E12, "RUx@c2", lang="fr")).startswith(
        "pas d'image : placement : 'RUx' n'est pas un client")


def test_a_refused_or_malformed_turn_gives_a_message():
    assert repr(turn_frames(E12, "RUm@c2")) == ("no picture, the turn is refused: RUm@c2: the French table c3 "
                                                "would have two men and no woman (R6).")
    assert repr(turn_frames(E12, "RUf@c2, ITx@c4")).startswith("no picture: placement: 'ITx'")
    other = Cafe.parse(E12).play("RUf@c2")
    assert repr(turn_frames("RU GB FR ES IT", other)).startswith("no picture: the turn RUf@c2 was played on another café")


# -- in a notebook ---------------------------------------------------------------------------------

def test_html_shows_the_frames_side_by_side_with_their_captions():
    html = turn_frames(E12, E12_TURN)._repr_html_()
    assert "flex-wrap:wrap" in html and html.count("<figure") == 3 and html.count("<svg") == 3
    assert "<figcaption" in html and "after: c3 cleared, US comes in (R9)" in html
    assert 'width="448" height="444"' in html   # drawn at full size, as the widget


# -- the widget: a refused click drawn on its seat --------------------------------------------------

def tap(w, name):
    w.click(*w.locate(name))


def test_widget_draws_a_refused_guest_faded_with_the_rule_until_the_next_click():
    w = CafeWidget.from_notation(E12)
    tap(w, "RUm")
    tap(w, "c2")
    assert w.status == "RUm@c2: the French table c3 would have two men and no woman (R6)."
    assert w.cafe == Cafe.parse(E12)
    cell = seat_primitives(w.scene, "c2")
    assert any(isinstance(p, Rect) and p.alpha < 1 for p in cell)
    words = [p.text for p in cell if isinstance(p, Text)]
    assert "R6" in words and "✗" in words and "RU" in words
    for p in cell:   # all within the cell, which the widget clears and redraws alone
        x0, y0 = GRID_X + 2 * CELL, GRID_Y + CELL
        if isinstance(p, Rect):
            assert x0 <= p.x - p.line / 2 and p.x + p.w + p.line / 2 <= x0 + CELL, p
            assert y0 <= p.y - p.line / 2 and p.y + p.h + p.line / 2 <= y0 + CELL, p
    tap(w, "RUf")   # the next click: the refused guest is gone
    assert "R6" not in w.scene.texts() and not any(p.alpha < 1 for p in w.scene.layer("seats"))


def test_widget_refusal_in_a_game_and_by_the_command_box():
    duel = ("DE GB IT CN CF | b1:DEf | FR US | CNm ITf GBm TRf | DEm DEf ITf CNm / GBf GBm ITm | - / - "
            "| 0 0 | to:1")
    w = CafeWidget.from_notation(duel, players=["human", "computer"])
    w.command("ITf@a2")
    assert w.status.endswith("(R5).")
    words = [p.text for p in seat_primitives(w.scene, "a2") if isinstance(p, Text)]
    assert "R5" in words and "IT" in words
    w.command("DEm@a2, ITf@a4")   # all or nothing: the first card is taken back, no ✗ is left
    assert w.status.endswith("(R5).")
    assert w.cafe.guest("a2") is None and "✗" not in w.scene.texts()


def test_widget_sends_the_opacity_to_the_canvas_only_for_a_faded_guest(monkeypatch):
    import json

    import ipycanvas.canvas as ipycanvas_canvas

    messages = []
    monkeypatch.setattr(ipycanvas_canvas._CANVAS_MANAGER, "send",
                        lambda content, buffers=None: messages.append(json.loads(bytes(buffers[0]))))
    set_, alpha = ipycanvas_canvas.COMMANDS["set"], ipycanvas_canvas.Canvas.ATTRS["global_alpha"]

    def alphas():
        return [c[1][1] for m in messages for c in m if c[0] == set_ and c[1][0] == alpha]

    w = CafeWidget.from_notation(E12)
    tap(w, "RUm")
    assert messages and alphas() == []   # an opaque scene sends no opacity
    tap(w, "c2")
    assert FADED in alphas() and alphas()[-1] == 1.0   # faded, then opaque again for the ✗


# -- no text under 12 px in the pictures, none squeezed --------------------

ALL_NAMES = "CF GB DE FR US | b1:CFf d3:GBm"      # the longest names, in every language


def _shown_texts(html):
    """Each text of each picture in ``html`` as shown: (text, font size in CSS pixels, squeezed?)."""
    import re
    out = []
    for svg in re.findall(r"<svg .*?</svg>", html, re.S):
        root = ET.fromstring(svg)
        scale = float(root.get("width")) / float(root.get("viewBox").split()[2])
        for t in root.iter():
            if t.tag.endswith("text"):
                out.append((t.text, float(t.get("font-size")) * scale, t.get("textLength") is not None))
    return out


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_pictures_draw_no_text_under_12_px_and_squeeze_none(lang):
    from cafe_widget import Game
    from cafe_widget.teach import frames, pictures, refused
    shown = [frames(ALL_NAMES, "GBf@e2, USf@d5", lang=lang), refused(ALL_NAMES, "GBm@e4", lang=lang),
             refused(E12, "RUm@c2", lang=lang), frames(E12, E12_TURN, lang=lang),
             pictures((Cafe.parse(ALL_NAMES), "x"), Game.new(players=4, seed=3), lang=lang)]
    for item in shown:
        texts_shown = _shown_texts(item._repr_html_())
        assert texts_shown
        for text, size, squeezed in texts_shown:
            assert size >= 12, (lang, text, size)
            assert not squeezed, (lang, text)
