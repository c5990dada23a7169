"""The board game's practice: "find the best action" puzzles committed as text and
checked by the engine, graded on the course's try-again ladder, and the checks of the board
notebooks' exercises (points of a placement or a bar action, chairs a tile may take)."""

import pytest

from cafe_widget import Board, NotationError
from cafe_widget.teach.board_practice import (BoardPuzzle, _parse_line, board_puzzle_lines, board_puzzles,
                                              check_board_points, check_chairs)
from cafe_widget.engine.board_search import best_action

POSITION = "b1:CFf a2:CFm d1:ITm e2:ITm d3:ITf | -"
HAND = "ITf CFf GBm *m RUf"


@pytest.mark.parametrize("line", board_puzzle_lines(), ids=lambda line: line[:40])
def test_every_committed_puzzle_states_the_best_points_the_engine_finds(line):
    level, puzzle, stated = _parse_line(line)
    best = best_action(puzzle.board, puzzle.hand)
    assert best is not None and best.points == stated, f"the line says {stated}, the engine {best}: {line}"
    if level == 1:
        assert best.kind == "seat" and len(best.cards) == 1 and not best.cards[0].is_joker, line
    if level == 3:
        assert any(t.guests == 4 for tile in best.cards for t in tile.tables), line


def test_twelve_puzzles_a_level_numbered_within_it():
    for level in (1, 2, 3):
        found = board_puzzles(level)
        assert len(found) == 12 and [p.number for p in found] == list(range(1, 13))
        assert {p.level for p in found} == {level}
    kinds = {p.best.kind if p.best.kind == "bar" else "joker" if any(t.is_joker for t in p.best.cards)
             else "shared" for p in board_puzzles(2)}
    assert kinds == {"bar", "joker", "shared"}
    with pytest.raises(ValueError):
        board_puzzles(4)


@pytest.mark.parametrize("line, field", [
    ("1 | b1:CFf | - | CFm | 4 | extra", "puzzle"),
    ("4 | b1:CFf | - | CFm ITf | 4", "level"),
    ("1 | b1:CFf | - | CFm ITf | many", "best"),
    ("1 | b1:XXf | - | CFm ITf | 4", "chairs"),
])
def test_a_wrong_line_fails_naming_its_field(line, field):
    with pytest.raises(NotationError) as err:
        _parse_line(line)
    assert err.value.field == field


def test_the_ladder_nudge_then_hint_then_the_best_action():
    p = BoardPuzzle(POSITION, HAND)
    assert p.best.text == "CFf@c2, CFm*@b3" and p.best_points == 18
    first = p.grade("ITf@c2")
    assert (first.stage, first.legal, first.points, first.solved) == ("nudge", True, 11, False)
    assert first.message == ("11 points (African table b2 +3, Italian table d2 +8; d2 full of its nation: "
                             "one tile fewer in the hand, B12); the best action scores 18.")
    assert "CFm*@b3" not in first.message
    unread = p.grade("ITf@zz")
    assert unread.stage == "" and unread.token == "zz"          # not read: no try counted
    second = p.grade("ITf@c2")
    assert second.stage == "hint" and second.message == (
        "Hint: the best action seats 2 tiles, the first of them CFf: on which chairs, and in which order?")
    third = p.grade("bar RUf")
    assert third.stage == "answer" and third.message.endswith(
        "The best action: CFf@c2, CFm*@b3 = 18 points (African table b2 +14, Italian table d2 +4; "
        "b2 full of its nation: one tile fewer in the hand, B12).")


def test_a_refused_answer_names_its_rule_and_the_best_action_solves_as_an_object():
    p = BoardPuzzle(POSITION, HAND)
    refused = p.grade("RUf@a2")
    assert not refused.legal and refused.rule == "B5" and refused.points is None
    not_held = p.grade("DEf@b5")
    assert not not_held.legal and not_held.rule is not None
    solved = p.grade(p.best)
    assert solved.solved and solved.stage == "right" and solved.points == 18
    assert p.grade(...).message == ('Your turn: write your action in place of ... and run the cell again. An action '
                                    'is written like "CFf@f1" (that one only shows how to write it: it is not allowed '
                                    'here). The best action scores 18.')
    assert p.grade("CFf@f1").rule == "B5"                       # the example: never an allowed action
    assert p.best.text not in p.grade(...).message


def test_a_puzzle_in_french():
    p = BoardPuzzle(POSITION, HAND)
    assert p.grade("ITf@c2", lang="fr").message.endswith("le meilleur coup marque 18.")


def test_check_board_points_of_a_seating_of_a_bar_action_and_of_a_refusal():
    two = check_board_points("b1:CFf | -", "CFm@a2, ITf@c2", 7)
    assert two.right and two.expected == "7"
    assert two.message.startswith("Right: CFm@a2, ITf@c2 scores 7: CFm@a2 +4 at the African table b2")
    bar = check_board_points("- | RUm GBf", "bar ITm", 1)
    assert not bar.right and bar.stage == "nudge" and bar.expected == "3"
    assert check_board_points("- | RUm GBf", "bar ITm", "3 points").right
    refused = check_board_points("b1:CFf | -", "ITm@a2", "refused")
    assert refused.right and refused.rule == "B5"
    assert not check_board_points("b1:CFf | -", "ITm@a2", 2).right


@pytest.mark.parametrize("board, action, given", [
    ("b1:CFf | -", "CFm@a2", "lots"), ("b1:XXf | -", "CFm@a2", 4), ("b1:CFf | -", 42, 4),
    (42, "CFm@a2", 4), ("b1:CFf | -", "CFm@zz", 4), ("b1:CFf | -", "CFm@a2", True)])
def test_check_board_points_never_raises(board, action, given):
    feedback = check_board_points(board, action, given)
    assert not feedback.right and feedback.message


def test_check_chairs_ladder_and_bad_input():
    position = "b1:CFf | -"
    assert Board.parse(position).legal_chairs("ITm") == ["d1", "f1", "c2", "e2", "g2", "d3", "f3"]
    first = check_chairs(position, "ITm", "c2, a2")
    assert first.stage == "nudge" and first.message == (
        "Not quite: you marked 2 chairs; right: 1; 6 allowed chairs missing; refused: a2 (B5).")
    assert check_chairs(position, "ITm", "c2").stage == "hint"
    third = check_chairs(position, "ITm", "c2")
    assert third.stage == "answer" and third.message.startswith("Not quite: ITm may sit on d1, f1, c2")
    assert check_chairs(position, "ITm", "d1 f1 c2 e2 g2 d3 f3").right
    assert third.expected == "d1 f1 c2 e2 g2 d3 f3"       # as typed: a graded assignment's answer
    assert not check_chairs(position, "XXm", "c2").right
    assert not check_chairs(position, "ITm", ["c2", 7]).right


def test_check_chairs_gives_a_jokers_refusal_by_the_rule_that_refuses_it():
    """A joker marked on a chair it may not take: the engine's own refusal of it there, declared
    a nation of the chair's tables (B6 for a table it would unbalance, B5 for a chair taken),
    not B5 for every chair."""
    position = "a2:CFf b1:CFm c2:CFm | -"
    first = check_chairs(position, "*m", "b3 c2 f1")
    assert first.stage == "nudge" and first.rule == "B6"
    assert first.message.endswith("refused: b3 (B6) and c2 (B5).")
    assert first.answer.endswith("b3 is refused: CFm*@b3: the African table b2 would have three men and one "
                                 "woman (B6). c2 is refused: CFm*@c2: chair c2 is already taken by an African man (B5).")


def test_the_board_widgets_puzzle_screen_grades_on_the_ladder_and_walks_a_level():
    from cafe_widget import BoardWidget
    w = BoardWidget.puzzle(1)
    p = w.state.puzzles[0]
    assert w.mode == "puzzle" and [b[0] for b in w.view().buttons] == ["end", "undo", "bar", "swap", "best", "next"]
    assert all(points is None for _, points in w.view().lit)          # no points on lit chairs
    w.click(*w.locate(p.hand[0]))
    assert w.view().lit and all(points is None for _, points in w.view().lit)
    w.command(f"bar {p.hand[0]}")                                     # a worse action: the nudge
    assert w.mode == "puzzle" and not w.game.log and w.game.board == p.board     # back to the puzzle
    assert w.status == f"1 point (the bar, place 1: +1); the best action scores {p.best_points}."
    w.command(f"bar {p.hand[0]}")
    assert w.status.startswith("Hint: the best action seats 1 tile")
    w.command(p.best.text + "; end")
    assert w.status.startswith(f"Solved: {p.best.text} makes {p.best_points} points") and w.state.solved == (0,)
    w.click(*w.locate("next"))
    assert w.state.pi == 1 and w.game.board == w.state.puzzles[1].board
    w.click(*w.locate("best"))                                        # shown: not counted when solved
    w.command(w.state.puzzles[1].best.text + "; end")
    assert w.state.solved == (0,) and w.status.endswith("(after Show best: not counted as solved)")
    w.command("zz@q9")                                                # a typo: the reason, nothing lost
    assert "zz" in w.status and w.mode == "puzzle" and w.state.pi == 1
