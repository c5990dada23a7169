"""The board game's scene without a browser: every chair, table, bar place and hand tile drawn
and clickable where it is drawn; the SVG picture of a board and of a game; French words."""

import re

import pytest


from cafe_widget import Board, BoardGame, Cafe
from cafe_widget.engine.board import BAR_PLACES, BAR_VALUES, BOARD, CHAIR_TABLES, CHAIRS, TABLES
from cafe_widget.render import svg_of, to_svg
from cafe_widget.render.board_scene import (HEIGHT, WIDTH, BoardPlayer, BoardView, bar_places, bar_rect,
                                            build_board_scene, cell_rect, player_lines)
from cafe_widget.render.board_scene import board_picture_view
from cafe_widget.render.board_words import BOARD_WORDS
from cafe_widget.render.scene import Rect, Text, hit_test


def game_after(n, players=3, seed=3):
    game = BoardGame.new(players=players, seed=seed)
    for _ in range(n):
        game.act(game.best_action().text)
    return game


def live_view(game, **fields):
    return BoardView(game.board, players=player_lines(game), bag=len(game.bag),
                     buttons=(("end", "End turn", True), ("undo", "Undo", False), ("bar", "Bar", True),
                              ("swap", "Swap", True), ("hint", "Hint", True)),
                     status="Player 1 to move.", **fields)


def test_fits_a_laptop_screen():
    assert WIDTH <= 1000 and HEIGHT <= 720


def test_every_chair_table_and_bar_place_is_hit_where_it_is_drawn():
    scene = build_board_scene(live_view(BoardGame.new(players=2, seed=1)))
    for name in CHAIRS + TABLES:
        region = hit_test(scene, *scene.locate(name))
        assert region.name == name and region.kind == ("chair" if name in CHAIRS else "table")
    for i in range(BAR_PLACES):
        region = hit_test(scene, *scene.locate(f"bar{i + 1}"))
        assert (region.kind, region.name, region.index) == ("bar", f"bar{i + 1}", i)
    assert len({r.name for r in scene.regions if r.kind == "chair"}) == 68
    assert len({r.name for r in scene.regions if r.kind == "table"}) == 24
    assert len([r for r in scene.regions if r.kind == "bar"]) == 20


def test_no_two_regions_overlap():
    regions = build_board_scene(live_view(game_after(6, players=4))).regions
    for i, a in enumerate(regions):
        for b in regions[i + 1:]:
            assert (a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y), (a, b)


def test_every_hand_tile_is_drawn_and_clickable():
    game = game_after(5, players=4)
    scene = build_board_scene(live_view(game))
    tiles = [r for r in scene.regions if r.kind == "tile"]
    assert len(tiles) == sum(len(h) for h in game.hands)
    for region in tiles:
        p, i = divmod(region.index, 100)
        assert hit_test(scene, *region.centre) == region
        tile = game.hands[p][i]
        assert region.name == (tile if p == game.to_move else f"{p + 1}:{tile}")
        code = tile[:2] if tile[0] != "*" else "*"
        assert any(isinstance(t, Text) and t.text == code and region.x < t.x < region.x + region.w
                   and region.y < t.y < region.y + region.h for t in scene.layers[2])


def test_positions_come_from_the_cell_names():
    # a shared chair lies between its two tables, a chair beside its table
    for chair, tables in CHAIR_TABLES.items():
        cx, cy, cw, ch = cell_rect(chair)
        for place in tables:
            tx, ty, tw, th = cell_rect(place)
            assert (tx + tw == cx or cx + cw == tx) and ty == cy or (ty + th == cy or cy + ch == ty) and tx == cx
    # the bar sits inside the ring, clear of every chair and table
    bx, by, bw, bh = bar_rect()
    for name in CHAIRS + TABLES:
        x, y, w, h = cell_rect(name)
        assert x + w <= bx or bx + bw <= x or y + h <= by or by + bh <= y
    assert len(bar_places()) == len(BAR_VALUES) == 20
    assert BOARD.columns == "abcdefghijklm"


def test_tiles_jokers_and_bar_values_are_drawn():
    board = Board.parse("a2:CFf b1:CFm c2:ITf* | RUm *f")
    scene = build_board_scene(board_picture_view(board))
    texts = scene.texts()
    assert "IT*" in texts and "*" in texts and "RU" in texts   # the joker on c2 and the one at the bar
    for value in BAR_VALUES:
        assert f"{value:+d}".replace("-", "−") in texts
    assert "Central Africa" in texts and "♀ f" in texts and "♂ m" in texts
    # the tiles lie inside their chairs
    x, y, w, h = cell_rect("c2")
    assert any(isinstance(t, Text) and t.text == "IT*" and x < t.x < x + w and y < t.y < y + h
               for t in scene.layers[1])


def test_lights_hints_and_the_joker_question_are_drawn():
    game = BoardGame.new(players=2, seed=1)
    view = live_view(game, lit=(("a2", 0), ("c2", 3), ("bar1", 1)), lit_tables=(("b2", 6), ("d2", 3)),
                     hint=(("a2", "1 CFf +0"),), asking="c2",
                     choices=(("declare:CF", "CF +6", True), ("declare:IT", "IT +3", True)))
    scene = build_board_scene(view)
    texts = scene.texts()
    assert {"+3", "+0", "+1", "+6", "1 CFf +0", "Which nation?", "CF +6", "IT +3"} <= set(texts)
    assert hit_test(scene, *scene.locate("declare:CF")).kind == "button"


def test_buttons_and_a_long_status_wrap_inside_the_panel():
    game = BoardGame.new(players=2, seed=1)
    status = "A very long refusal " * 20
    scene = build_board_scene(live_view(game).__class__(**{**live_view(game).__dict__, "status": status}))
    for key in ("end", "undo", "bar", "swap", "hint"):
        assert hit_test(scene, *scene.locate(key)).name == key
    lines = [t for t in scene.layers[2] if isinstance(t, Text) and t.text.startswith(("A very", "refusal"))]
    assert len(lines) >= 4 and all(t.y < HEIGHT for t in lines)


def test_svg_of_boards_games_and_cafes():
    board_svg = svg_of(Board.parse("a2:CFf b1:CFm | -"))
    assert board_svg.startswith("<svg") and "CF" in board_svg
    game = game_after(4)
    assert game._repr_svg_() == svg_of(game)
    assert "Player 1" in svg_of(game) and "Joueur 1" in svg_of(game, "fr")
    assert Board()._repr_svg_().count("<rect") > 200
    assert "<svg" in svg_of(Cafe.parse("RU GB FR ES IT | b1:RUf"))   # the café still draws
    assert re.search(r'width="\d+"', board_svg)


def test_a_finished_game_shows_the_final_score():
    game = BoardGame.new(players=2, seed=5)
    while not game.is_over:
        game.act(game.best_action().text)
    texts = build_board_scene(board_picture_view(game)).texts()
    assert any(t.startswith("Final score (B14)") for t in texts)


def test_french_words():
    game = game_after(2)
    texts = build_board_scene(board_picture_view(game, "fr")).texts()
    assert "Joueur 1" in texts and "Italie" in texts and any(t.startswith("Sac :") for t in texts)
    assert set(BOARD_WORDS["en"]) == set(BOARD_WORDS["fr"])


def test_to_svg_draws_every_primitive():
    scene = build_board_scene(live_view(game_after(3)))
    svg = to_svg(scene)
    n = sum(1 for layer in scene.layers for p in layer if isinstance(p, (Rect, Text)))
    assert svg.count("<rect") + svg.count("<text") == n
    assert BoardPlayer("x", 0, (), 5).hand == ()


# -- a 1366 × 768 school laptop ------------------------------------------------------------------

def _widget_screens():
    """(name, widget) for every state of the board widget, each in a state that fills it."""
    from cafe_widget import BoardWidget

    for kinds in (["human", "steady"], ["human", "steady", "human"], ["human", "human", "steady", "steady"]):
        yield f"{len(kinds)} players", BoardWidget(players=kinds, seed=1)
    w = BoardWidget(players=["human", "human", "steady", "steady"], seed=1)
    for _ in range(6):                               # tiles on the board, the last action's lines
        w.command(w.game.best_action().text)
        if w.game.turn is not None:
            w.command("end")
    w.command("hint")
    yield "hint", w
    w.click(*w.locate(w.game.hand()[0]))
    yield "a tile chosen", w
    w.command("end")                                 # refused: nothing seated (B4)
    yield "refused", w
    w.command("back")
    yield "history", w
    w.command("back; back; try")                     # a game tried from the past: a seventh button
    yield "tried from the past", w
    w = BoardWidget(game=BoardGame.new(players=4, seed=7), players=["human", "human", "steady", "steady"])
    w.command("DEf@d13")
    w.click(*w.locate("*m"))
    w.click(*w.locate("c12"))                        # a joker between two nations: which nation?
    yield "which nation", w
    w.command("a very long line that is no action at all " * 3)
    yield "long refusal", w
    w = BoardWidget(players=["human", "steady", "steady", "steady"], seed=3)
    while not w.game.is_over:                        # game over: the final score of four players
        w.command(w.game.best_action().text)
        if w.game.turn is not None and not w.game.is_over:
            w.command("end")
    yield "game over", w
    w = BoardWidget.from_notation("a2:CFf b1:CFm | -")   # the sandbox: the palette of every tile
    w.click(*w.locate("CFm"))
    yield "sandbox, a tile chosen", w
    w = BoardWidget.puzzle(3)                        # the puzzle screen: a graded try, then the best
    w.command(w.state.puzzles[0].hand[0] and "bar " + w.state.puzzles[0].hand[0])
    yield "puzzle graded", w
    w.command("hint")
    yield "puzzle best shown", w


def _extent(p):
    """A primitive's box (x0, y0, x1, y1); a text's width estimated from its length."""
    if isinstance(p, Rect):
        half = p.line / 2 if p.stroke else 0
        return p.x - half, p.y - half, p.x + p.w + half, p.y + p.h + half
    width = len(p.text) * p.size * 0.58
    if p.max_width:
        width = min(width, p.max_width)
    x0 = {"left": p.x, "center": p.x - width / 2, "right": p.x - width}[p.align]
    return x0, p.y - p.size / 2, x0 + width, p.y + p.size / 2


def _inside(box, zone):
    zx, zy, zw, zh = zone
    return zx - 0.01 <= box[0] and box[2] <= zx + zw + 0.01 and zy - 0.01 <= box[1] and box[3] <= zy + zh + 0.01


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_state_fits_a_school_laptop(lang):
    """At most 900 × 556 (the canvas is shown at 1 CSS px a logical px), no text under 12 px,
    everything drawn inside the scene, each upper layer inside its zone (the widget clears and
    redraws a zone alone), every clickable region inside its layer's zone, none overlapping."""
    from cafe_widget import language
    from cafe_widget.render.board_scene import BOARD_LAYERS, BOARD_ZONES

    assert WIDTH <= 900 and HEIGHT <= 556
    zones = [BOARD_ZONES[name] for name in BOARD_LAYERS[1:]]
    for i, a in enumerate(zones):                    # the zones: side by side, inside the scene
        assert _inside((a[0], a[1], a[0] + a[2], a[1] + a[3]), (0, 0, WIDTH, HEIGHT))
        for b in zones[i + 1:]:
            assert a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
    layer_of = {"chair": "board", "table": "board", "bar": "board", "tile": "panel", "button": "panel"}
    language(lang)
    try:
        screens = [(name, w.scene, w.mode) for name, w in _widget_screens()]   # each as it was then
        game = game_after(40, players=3)
        pictures = [("picture of a game", build_board_scene(board_picture_view(game))),
                    ("picture of a board", build_board_scene(board_picture_view(Board.parse(
                        "a2:CFf b1:CFm c2:ITf* | RUm *f"))))]
        for name, scene in [(n, scene) for n, scene, _ in screens] + pictures:
            assert scene.width <= 900 and scene.height <= 556, name
            texts = [p for layer in scene.layers for p in layer if isinstance(p, Text)]
            assert min(t.size for t in texts) >= 12, (name, min(texts, key=lambda t: t.size))
            for layer in scene.layers:
                for p in layer:
                    assert _inside(_extent(p), (0, 0, scene.width, scene.height)), (name, p)
            regions = scene.regions
            for i, a in enumerate(regions):
                assert a.x + a.w <= scene.width and a.y + a.h <= scene.height, (name, a)
                for b in regions[i + 1:]:
                    assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y, (name, a, b)
            if name.startswith("picture"):
                continue
            assert (scene.width, scene.height) == (WIDTH, HEIGHT), name
            for layer_name, layer in zip(BOARD_LAYERS[1:], scene.layers[1:]):
                for p in layer:
                    assert _inside(_extent(p), BOARD_ZONES[layer_name]), (name, layer_name, p)
            for region in regions:
                zone = BOARD_ZONES[layer_of[region.kind]]
                assert _inside((region.x, region.y, region.x + region.w, region.y + region.h), zone), (name, region)
        shown = {name: ({r.name for r in scene.regions}, mode) for name, scene, mode in screens}
        assert {"declare:TR", "declare:DE"} <= shown["which nation"][0]
        assert {"live", "end", "new"} <= shown["tried from the past"][0]
        assert shown["history"][1] == "history" and shown["tried from the past"][1] == "play"
        assert {"end", "new"} <= shown["game over"][0]
        assert len([n for n in shown["4 players"][0] if n.startswith("4:")]) == 5   # every hand clickable
    finally:
        language("en")


def test_the_board_layer_is_patches_each_drawn_inside_its_own_cell():
    """The widget redraws a changed patch alone (a chair click redraws the chairs
    it changed, not the ring): so every patch's drawing stays inside its rectangle, no two
    rectangles overlap, and the layer is the patches side by side, in every screen."""
    for name, w in _widget_screens():
        scene = w.scene
        patches = scene.patches[1]
        assert [p for _, prims in patches for p in prims] == list(scene.layers[1]), name
        rects = [r for r, _ in patches]
        assert len(rects) == 68 + 24 + 20
        for (x, y, pw, ph), prims in patches:
            for p in prims:
                assert _inside(_extent(p), (x, y, x + pw, y + ph)), (name, p)
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]
        panel = scene.patches[2]                     # the panel too: head, players, info, controls, status
        assert [p for _, prims in panel for p in prims] == list(scene.layers[2]), name
        assert len(panel) == len(w.view().players) + 3 + len(w.view().buttons) + (
            1 + len(w.view().choices) if w.view().choices else 0), name    # each button a patch
        for (x, y, pw, ph), prims in panel:
            assert ph > 0, name
            for p in prims:
                assert _inside(_extent(p), (x, y, x + pw, y + ph)), (name, p)
        rects = [r for r, _ in panel]
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1], \
                    (name, a, b)
