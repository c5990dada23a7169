"""The render layer without a browser: scene contents, hit-test round trips, the SVG writer."""

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cafe_widget import Cafe, Game
from cafe_widget.engine.cards import GUEST_KINDS
from cafe_widget.engine.layout import SEATS, TABLE_PLACES
from cafe_widget.render import View, build_scene, hit_test, picture_view, svg_of, to_svg
from cafe_widget.render.scene import Rect, Text
from cafe_widget.render.style import COLORS

E12 = Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm | US CN")
BUTTONS = (("undo", "Undo", True), ("end", "End turn", False), ("draw", "Draw", True))


def full_view(**options):
    return View(E12, hand=("CFf", "ITm", "RUf"), hand_title="hand", buttons=BUTTONS, status="hello", **options)


def test_every_seat_table_card_and_button_round_trips_through_hit_test():
    scene = build_scene(full_view())
    names = list(SEATS) + list(TABLE_PLACES) + ["CFf", "ITm", "RUf", "undo", "end", "draw"]
    for name in names:
        x, y = scene.locate(name)
        region = hit_test(scene, x, y)
        assert region is not None and region.name == name, name
    assert hit_test(scene, 1, 1) is None
    with pytest.raises(ValueError, match=r"nothing called 'ESm' is shown; shown now: b2 d2 c3 .* CFf ITm RUf"):
        scene.locate("ESm")


def test_the_palette_round_trips_all_24_guests():
    scene = build_scene(View(E12, hand=GUEST_KINDS, palette=True))
    for i, guest in enumerate(GUEST_KINDS):
        region = hit_test(scene, *scene.locate(guest))
        assert (region.kind, region.name, region.index) == ("palette", guest, i)


def test_the_scene_shows_tables_guests_rulers_and_seat_names():
    texts = build_scene(picture_view(E12)).texts()
    for word in ["a", "e", "1", "5", "RU", "Russia", "GB", "Great", "Britain", "FR", "ES", "IT", "♀ f", "♂ m",
                 "d1", "c2", "b5"]:
        assert word in texts, word
    assert "b1" not in texts  # an occupied seat shows its guest, not its name
    assert texts.count("RU") == 3   # the Russian table and two Russian guests


def test_colour_is_never_the_only_cue():
    """A woman and a man differ by symbol and letter as well as by colour."""
    scene = build_scene(picture_view(Cafe.parse("RU GB FR ES IT | b1:RUf b3:RUm")))
    texts = scene.texts()
    assert "♀ f" in texts and "♂ m" in texts
    fills = {p.fill for p in scene.layer("seats") if isinstance(p, Rect)}
    assert COLORS["woman"] in fills and COLORS["man"] in fills


def test_lit_seats_show_their_points_and_badges_show_table_points():
    scene = build_scene(full_view(selected=2, lit=(("a2", 6), ("c2", 8)), badges=(("b2", 6), ("c3", 2))))
    lights = [p.text for p in scene.layer("seats") if isinstance(p, Text) and p.text.startswith("+")]
    assert lights == ["+6", "+6", "+8", "+2"]   # cell by cell: a2 (lit), b2 (badge), c2 (lit), c3 (badge)


def test_the_hand_over_screen_covers_the_hand():
    scene = build_scene(full_view(handover="Player 2, your turn"))
    region = hit_test(scene, *scene.locate("ITm"))
    assert region.kind == "handover"


def test_layers_separate_what_changes_at_different_rates():
    plain = build_scene(full_view())
    lit = build_scene(full_view(lit=(("a2", 6),)))
    assert [a == b for a, b in zip(plain.layers, lit.layers)] == [True, False, True, True, True]   # the seats alone
    chosen = build_scene(full_view(selected=2))
    assert [a == b for a, b in zip(plain.layers, chosen.layers)] == [True, True, False, True, True]


def test_every_zone_keeps_inside_its_rectangle():
    """The zones of the upper canvas are cleared and redrawn apart: nothing of one may reach
    into another (boxes of shapes; the anchor and max width of texts)."""
    from cafe_widget.render.scene import LAYERS, ZONES

    names = sorted(ZONES)
    for a in names:   # the zones do not overlap
        for b in names:
            if a < b:
                (ax, ay, aw, ah), (bx, by, bw, bh) = ZONES[a], ZONES[b]
                assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b)
    views = [full_view(selected=2, lit=(("a2", 6), ("c2", 8)), badges=(("b2", 6), ("c3", 2))),
             full_view(handover="Player 2, your turn"), full_view(hint=(("d5", "1 RUf +6"), ("b1", "2 x +2")))]
    for scene in map(build_scene, views):
        for name, layer in zip(LAYERS[1:], scene.layers[1:]):
            x0, y0, w, h = ZONES[name]
            for p in layer:
                if isinstance(p, Rect):
                    box = (p.x - p.line / 2, p.y - p.line / 2, p.x + p.w + p.line / 2, p.y + p.h + p.line / 2)
                else:
                    left = p.x - (p.max_width or 0) * {"left": 0, "center": 0.5, "right": 1}[p.align]
                    box = (left, p.y - p.size / 2, left + (p.max_width or 0), p.y + p.size / 2)
                assert x0 <= box[0] and box[2] <= x0 + w and y0 <= box[1] and box[3] <= y0 + h, (name, p)


def test_svg_is_well_formed_and_shows_the_cafe():
    svg = svg_of(E12)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("width") == "448"
    texts = [t.text for t in root.iter() if t.tag.endswith("text")]
    assert "FR" in texts and "France" in texts and "♀ f" in texts
    assert svg == E12._repr_svg_()


def test_svg_of_a_game_shows_scores_but_no_hand():
    g = Game.new(players=3, seed=2)
    root = ET.fromstring(g._repr_svg_())
    texts = [t.text for t in root.iter() if t.tag.endswith("text")]
    assert "Player 1" in texts and "Player 3" in texts
    assert not any(t and t.startswith("Hand") for t in texts)


def test_svg_escapes_text():
    scene = build_scene(View(E12, status="<b> & 'x'", buttons=BUTTONS, hand=("RUf",)))
    assert "&lt;b&gt; &amp;" in to_svg(scene)
    ET.fromstring(to_svg(scene))


def test_french_names():
    texts = build_scene(picture_view(E12, lang="fr")).texts()
    assert "Russie" in texts and "Grande-" in texts and "Bretagne" in texts   # on two lines


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_long_nation_name_goes_on_two_lines_never_squeezed(lang):
    """A table card's name is 12 px at least, one line or two (where the
    catalog's "|" says, else at a space or after a hyphen), never squeezed."""
    from cafe_widget.engine.cards import NATIONS
    from cafe_widget.render.scene import NAME_SIZE, NAME_WIDTH, card_name
    cafe = Cafe.parse("CF GB DE FR US")
    svg = to_svg(build_scene(View(cafe, lang, picture=True)))
    assert "textLength" not in svg
    for nation in NATIONS:
        lines = card_name(nation, lang)
        assert 1 <= len(lines) <= 2 and NAME_SIZE >= 12
        assert all(len(line) * NAME_SIZE * 0.6 <= NAME_WIDTH for line in lines), lines
    expected = {"en": ("Central", "Africa"), "fr": ("Grande-", "Bretagne"), "de": ("Großbri-", "tannien")}
    assert expected[lang] in [card_name(n, lang) for n in NATIONS]


def test_render_imports_no_widget_code():
    code = ("import sys; from cafe_widget.render import svg_of; from cafe_widget import Cafe; "
            "svg_of(Cafe.parse('RU GB FR ES IT')); "
            "print([m for m in sys.modules if m.split('.')[0] in ('ipycanvas', 'ipywidgets')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
