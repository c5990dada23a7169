"""The student's check and the grade always agree: an answer cell, written in any
honest form, is run in an IPython shell as a student's kernel runs it (then the assignment's
check cell), and read as the grader reads it (:func:`plain_answer`, then the same check on the
plain value). The kernel says Right ⇔ the grade is full; where the grader would not read the
cell, the kernel's check says so at once and is not Right. Nothing of nbgrader is run here (the
end to end test, test_grading.py, is)."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cafe_widget.classroom.grading import plain_answer
from cafe_widget.engine import Cafe
from cafe_widget.teach.card_puzzles import Puzzle
from cafe_widget.teach.practice import check_points, check_seats

IPython = pytest.importorskip("IPython", reason="IPython comes with the test extras")

SEATS_CAFE, SEATS_GUEST = "GB DE IT DE CF", "DEf"
REFUSED_CAFE, REFUSED_MOVE = "DE GB IT CN CF | b1:DEf a2:DEm c4:ITm", "DEm@b3"
POINTS_CAFE, POINTS_MOVE = "DE GB IT CN CF | b1:DEf c2:ITm", "ITf@b3"
PUZZLE = ("DE GB IT CN CF", "DEf ITm")

#: Each exercise: the check cell's call (as the assignment's check cell makes it, on ``answer``)
#: and whether its verdict is full marks.
CHECKS = {
    "seats": (f"check_seats({SEATS_CAFE!r}, {SEATS_GUEST!r}, answer)", lambda v: v.right),
    "refused": (f"check_points({REFUSED_CAFE!r}, {REFUSED_MOVE!r}, answer)", lambda v: v.right),
    "points": (f"check_points({POINTS_CAFE!r}, {POINTS_MOVE!r}, answer)", lambda v: v.right),
    "puzzle": (f"Puzzle{PUZZLE!r}.grade(answer)", lambda v: v.legal and v.solved),
    "numbers": ("predict(answer, (3, 1))", lambda v: v is not None and v.right),
    "any_order": ("predict(answer, {1, 5})", lambda v: v is not None and v.right),
    "no": ("predict(answer, False)", lambda v: v is not None and v.right),
}
IMPORTS = ("from cafe_widget.classroom.grading import plain\n"
           "from cafe_widget.teach.practice import check_points, check_seats\n"
           "from cafe_widget.teach.card_puzzles import Puzzle\n"
           "from cafe_widget.teach.lessons import predict\n")


def _truths() -> dict:
    """The right answers, from the engine."""
    seats = [s for s in Cafe.parse(SEATS_CAFE).begin_turn().seat_scores(SEATS_GUEST)]
    points = check_points(POINTS_CAFE, POINTS_MOVE, show=True).expected
    best = Puzzle(*PUZZLE).best.text
    return {"seats": seats, "points": int(points), "puzzle": [p.strip() for p in best.split(",")]}


TRUTH = _truths()


@pytest.fixture(scope="module")
def shell():
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.hist_file = ":memory:"
    shell = InteractiveShell.instance(config=config)
    shell.run_cell(IMPORTS, store_history=True)
    yield shell
    InteractiveShell.clear_instance()


def _kernel(shell, exercise: str, cell: str):
    """The answer cell run in the shell, then the check cell: (Right?, what the check printed)."""
    from IPython.utils.capture import capture_output

    call, full = CHECKS[exercise]
    with capture_output() as seen:
        shell.run_cell("answer = ...", store_history=True)
        shell.run_cell(cell, store_history=True)
        result = shell.run_cell(f"answer = plain(answer)\nverdict = {call}", store_history=True)
    assert result.error_in_exec is None, result.error_in_exec
    return bool(full(shell.user_ns["verdict"])), seen.stdout


def _grader(exercise: str, cell: str) -> bool:
    """The answer cell read as the grader reads it, then the same check on its plain value."""
    from cafe_widget.teach.lessons import predict

    value, why = plain_answer(cell)
    if why or value is ...:
        return False
    call, full = CHECKS[exercise]
    names = {"answer": value, "check_points": check_points, "check_seats": check_seats, "Puzzle": Puzzle,
             "predict": predict}
    verdict = _call(call, names)
    return bool(full(verdict))


def _call(call: str, names: dict):
    """One of CHECKS' calls on ``names``: ``f(literal, literal, answer)`` or ``Puzzle(…).grade(answer)``."""
    import ast

    tree = ast.parse(call, mode="eval").body
    args = [names["answer"] if isinstance(a, ast.Name) else ast.literal_eval(a) for a in tree.args]
    if isinstance(tree.func, ast.Attribute):            # Puzzle(a, b).grade(answer)
        inner = tree.func.value
        return names["Puzzle"](*[ast.literal_eval(a) for a in inner.args]).grade(*args)
    return names[tree.func.id](*args)


# -- honest forms, as students write them -----------------------------------------------------------

def _text(items: list[str], draw) -> str:
    separators = [" ", ", ", ",", "; ", "  "]
    words = {"en": " and ", "fr": " et ", "de": " und "}
    sep = draw(st.sampled_from(separators))
    last = draw(st.sampled_from([sep, *words.values()])) if len(items) > 1 else ""
    text = sep.join(items[:-1]) + last + items[-1] if len(items) > 1 else items[0]
    text += draw(st.sampled_from(["", ".", " .", "!", " !"]))
    return draw(st.sampled_from([text, text.upper() if "@" not in text else text, " " + text + " "]))


def _literal(text: str, draw) -> str:
    """A text as Python source: quotes of either kind, or cut in two and joined with +."""
    quoted = json.dumps(text, ensure_ascii=False)
    if len(text) > 3 and draw(st.booleans()):
        cut = draw(st.integers(1, len(text) - 1))
        return f"{json.dumps(text[:cut], ensure_ascii=False)} + {json.dumps(text[cut:], ensure_ascii=False)}"
    return draw(st.sampled_from([quoted, "'" + text.replace("'", "\\'") + "'"]))


@st.composite
def honest(draw):
    """(exercise, an answer cell holding the right answer in an honest form)."""
    exercise = draw(st.sampled_from(sorted(CHECKS)))
    if exercise == "seats":
        value = _literal(_text(draw(st.permutations(TRUTH["seats"])), draw), draw)
    elif exercise == "refused":
        word = draw(st.sampled_from(["refused", "Refused", "refused (R6)", "refused: R6", "refused.",
                                     unicodedata.normalize("NFD", "refusé"), "refusé", "refusé (R6)"]))
        value = json.dumps(word, ensure_ascii=False)
    elif exercise == "points":
        n = TRUTH["points"]
        value = draw(st.sampled_from([str(n), f"{n}.0", f'"{n}"', f'"{n} points"', f'"{n}."',
                                      f"{n - 1} + 1", f"({n})"]))
    elif exercise == "puzzle":
        cards = [c.replace("@", draw(st.sampled_from(["@", " @ ", "@ "]))) for c in TRUTH["puzzle"]]
        text = draw(st.sampled_from([", ", "; ", " and "])).join(cards) + draw(st.sampled_from(["", "."]))
        value = _literal(text, draw)
    elif exercise == "numbers":
        value = draw(st.sampled_from(["3, 1", "(3, 1)", "[3, 1]", '"3 and 1"', '"3, 1"', '"c4: 3, b1: 1"',
                                      "3.0, 1", '"3 et 1."']))
    elif exercise == "any_order":
        value = draw(st.sampled_from(["1, 5", "5, 1", "[5, 1]", '"5 and 1"', '"5, 1."', "(5, 1)"]))
    else:
        value = draw(st.sampled_from(['"no"', '"No."', "False", '"non"', '"non !"', '"nein"', '"no!"']))
    head = draw(st.sampled_from(["", "# my answer\n", "print('thinking')\n"]))
    tail = draw(st.sampled_from(["", "\n%time x = 1", "\n!echo done", "\n# checked twice"]))
    return exercise, f"{head}answer = {value}{tail}"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(honest())
def test_every_honest_form_is_right_in_the_kernel_and_in_the_grade(shell, case):
    exercise, cell = case
    kernel, said = _kernel(shell, exercise, cell)
    assert (kernel, _grader(exercise, cell)) == (True, True), (cell, said)


# -- what the grader would not read, the kernel says at once -----------------------------------------

@pytest.mark.parametrize("exercise, cell, said", [
    ("puzzle", f"p = Puzzle{PUZZLE!r}\nanswer = p.best.text",
     "This answer would not be graded. Not graded: p.best.text is not an answer written out"),
    ("seats", f"answer = ' '.join(Cafe.parse({SEATS_CAFE!r}).legal_seats('DEf'))",
     "This answer would not be graded. Not graded: ' '.join("),
    ("points", "answer = 2 ** 3", "This answer would not be graded. Not graded: 2 ** 3 is not an answer"),
    ("numbers", "answer = 3, 1\nanswer += (0,)",
     "This answer would not be graded. Not graded: the answer cell sets answer in another way"),
    ("points", "answer = " + "-" * 150 + "8", "This answer would not be graded. Not graded: the answer is nested"),
    ("seats", "class T(str):\n    pass\nanswer = T('d1')", "This answer is not a plain value (T)"),
])
def test_where_the_grader_would_not_read_the_cell_the_kernel_says_so_at_once(shell, exercise, cell, said):
    shell.run_cell("from cafe_widget.engine import Cafe", store_history=True)
    kernel, printed = _kernel(shell, exercise, cell)
    assert not kernel and not _grader(exercise, cell)
    assert printed.startswith(said), printed


def test_a_split_answer_cell_is_read_as_one_in_order():
    from cafe_widget.classroom.grading import read_answer

    head, tail = "# your prediction, in quotes\n", f"answer = {' '.join(TRUTH['seats'])!r}"
    assert read_answer(head + "\n" + tail)[1:] == (" ".join(TRUTH["seats"]), None)
    assert read_answer(tail + "\nprint(answer)")[1:] == (" ".join(TRUTH["seats"]), None)
