"""The board game's scene without a browser: every chair, table, bar place and hand tile drawn
and clickable where it is drawn; the SVG picture of a board and of a game; French words."""

import re


from cafe_widget import Board, BoardGame, Cafe
from cafe_widget.engine.board import BAR_PLACES, BAR_VALUES, BOARD, CHAIR_TABLES, CHAIRS, TABLES
from cafe_widget.render import svg_of, to_svg
from cafe_widget.render.board_scene import (HEIGHT, WIDTH, BoardPlayer, BoardView, bar_places, bar_rect,
                                            build_board_scene, cell_rect, player_lines)
from cafe_widget.render.board_words import BOARD_WORDS, board_picture_view
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
