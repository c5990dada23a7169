"""A grade a teacher can trust: nbgrader's autograde, made to grade answers, not code.

nbgrader runs a student's notebook in the kernel that grades it, so a student's code can reach
anything the grading cells use, and every file handed in beside the notebook lands in the folder
the grading kernel starts in. No check inside that kernel is a wall. The course's wall is outside
it: at autograde, **only the answers cross**.

- The graded notebook is rebuilt from the course's own ``source/`` notebook (:mod:`.autograde`,
  nbgrader's sanitising step): every cell comes from the course with its metadata (tags, flags,
  ids), and each answer cell (``exN_answer``) becomes ``answer = <its plain value>`` — a whole
  number, a text, a yes/no, or a tuple or list of numbers and texts, written out (``8``,
  ``"c2 b3"``, ``3, 1``, ``4 + 2``, ``8.0``, ``"c2" + " b3"``) — with what the student wrote kept
  below as comments. Cells sharing an answer's id (a split or copied cell) are read as one, in
  order; IPython's lines (``%time``, ``!echo``) are not the answer. Every cell a student added is
  shown as text, never run, never rendered as HTML.
- An answer computed by code (a call, a name, an attribute, an object), or one too long, too deep
  or with characters that are not text, is not an answer: that answer cell becomes
  ``answer = ...`` and its check cell fails first with a one-line reason. It costs that exercise,
  never the submission. The reading is bounded: size and depth are checked before parsing.
- The grading kernel starts in a fresh empty folder, isolated (``python -I``: no current folder on
  the path, no user site, no ``PYTHON*`` variables), so nothing handed in can be imported or run.

:func:`plain_answer` reads an answer cell (the grader); :func:`plain` is the same rule inside a
student's kernel, in the check cells: an answer the grader would not read is said to be so at
once, and is not checked. The checks (:mod:`cafe_widget.teach`) read the value the same way in
both places.

``make-course`` writes the course's nbgrader configuration (:mod:`.course.writing`).
"""

from __future__ import annotations

import ast
import io
import tokenize

from ..i18n import N_, translate

WORDS = {
    "not_python": N_("Not graded: the answer cell is not Python (line {line}), so no answer could be read from it."),
    "computed": N_("Not graded: {what} is not an answer written out — a whole number, a text in quotes, or "
                   "numbers separated by commas. An answer worked out by code is not graded."),
    "rebound": N_("Not graded: the answer cell sets answer in another way than answer = a value ({what})."),
    "too_long": N_("Not graded: the answer cell is longer than {limit} characters; write the answer alone."),
    "too_deep": N_("Not graded: the answer is nested or chained too deeply to be read; write the answer alone."),
    "bad_characters": N_("Not graded: the answer cell holds characters that are not text (line {line})."),
    "no_answer_cell": N_("Not graded: the answer cell of this exercise is missing from the notebook."),
    "not_code": N_("Not graded: the answer cell of this exercise is not a code cell."),
    "not_plain_kernel": N_("This answer is not a plain value ({what}): write the answer itself — a number, a text "
                           "in quotes, or numbers separated by commas. Only such an answer is graded."),
    "not_read_kernel": N_("This answer would not be graded. {why}"),
    "differs_kernel": N_("Your answer cell, as it was last run, says {cell}, but answer holds {value}: run your "
                         "answer cell again, then this cell."),
    "kept": N_("# What you wrote (when graded, only the value above is used):"),
    "your_cell": N_("*A cell you added (shown here as text, not run when graded):*"),
}

#: The biggest whole number a plain answer may be (a café's points are a few dozen).
LIMIT = 10 ** 9
#: The bounds of a cell the grader reads, checked before parsing: its characters, its operators
#: and brackets in one statement, a plain value's nesting, the items of a tuple, a text's length.
MAX_SOURCE = 10_000
MAX_OPERATORS = 200
MAX_BRACKETS = 20
MAX_DEPTH = 30
MAX_ITEMS = 100
MAX_TEXT = 1_000
#: What may be added, subtracted or multiplied in a plain answer: whole numbers, and texts joined.
_ARITHMETIC = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b}
#: Cell magics whose body is the cell's Python (the others run something else).
_PYTHON_CELL_MAGICS = ("%%time", "%%timeit", "%%capture", "%%prun")


def _say(key: str, lang: str, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


class NotPlain(ValueError):
    """An answer that is not a plain value: ``what`` names what it is (a call, a name…), or
    ``key`` the reason it cannot be read (too deep)."""

    def __init__(self, what: str, key: str = "computed"):
        super().__init__(what)
        self.what, self.key = what, key


def _what(node: ast.AST, source: str, first_line: bool = False) -> str:
    """What an expression is, in a word a teacher reads: ``p.solution()`` (its text as written —
    its first line only, if asked —, cut at 60 characters: never a number converted back to digits)."""
    text = ast.get_source_segment(source, node) or type(node).__name__
    text = text.split("\n")[0] if first_line else " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "…"


def _encodable(text: str) -> bool:
    """Whether every character of ``text`` can be written (no lone surrogate, no NUL)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in text


def _is_text(value) -> bool:
    """A text the grader can write into a notebook: at most MAX_TEXT characters, all of them
    encodable."""
    return type(value) is str and len(value) <= MAX_TEXT and _encodable(value)


def _whole(value):
    """A whole number as an int (``8.0`` → 8), or None."""
    if type(value) is float and value.is_integer() and abs(value) <= LIMIT:
        return int(value)
    if type(value) is int and abs(value) <= LIMIT:
        return value
    return None


def _value(node: ast.AST, source: str, depth: int = 0, top: bool = True):
    """The plain value an expression writes out, or :class:`NotPlain`."""
    if depth > MAX_DEPTH:
        raise NotPlain("", "too_deep")
    if isinstance(node, ast.Constant):
        if type(node.value) is bool or _is_text(node.value):
            return node.value
        if type(node.value) in (int, float) and _whole(node.value) is not None:
            return _whole(node.value)
        raise NotPlain(_what(node, source))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _value(node.operand, source, depth + 1, top=False)
        if type(value) is int:
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left = _value(node.left, source, depth + 1, top=False)
        right = _value(node.right, source, depth + 1, top=False)
        if type(left) is type(right) is int or (type(left) is type(right) is str and isinstance(node.op, ast.Add)):
            value = _ARITHMETIC[type(node.op)](left, right)
            if _whole(value) is not None or _is_text(value):
                return value
    if top and isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) <= MAX_ITEMS:
        items = tuple(_value(item, source, depth + 1, top=False) for item in node.elts)
        if all(type(v) in (int, str) for v in items):
            return list(items) if isinstance(node, ast.List) else items
    raise NotPlain(_what(node, source))


def _binds_answer(node: ast.AST) -> bool:
    """Whether a node (anywhere in the cell) sets the name ``answer``."""
    if isinstance(node, ast.Name) and node.id == "answer" and isinstance(node.ctx, (ast.Store, ast.Del)):
        return True
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == "answer":
        return True
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return any((alias.asname or alias.name.split(".")[0]) == "answer" for alias in node.names)
    if isinstance(node, ast.Global):
        return "answer" in node.names
    return False


def python_of(source: str) -> str | None:
    """A cell's Python without IPython's lines (``%time …``, ``!echo …``, ``%%time``), line for
    line; None for a cell whose body is not Python (``%%bash``)."""
    lines = source.split("\n")
    first = lines[0].strip() if lines else ""
    if first.startswith("%%"):
        if first.split()[0] not in _PYTHON_CELL_MAGICS:
            return None
        lines[0] = ""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)


def _bounded(source: str, lang: str) -> str | None:
    """Why a cell is not read at all (too long, not text, too deep), or None: checked before
    parsing, with the tokenizer alone."""
    if len(source) > MAX_SOURCE:
        return _say("too_long", lang, limit=MAX_SOURCE)
    for number, line in enumerate(source.split("\n"), 1):
        if not _encodable(line):
            return _say("bad_characters", lang, line=number)
    operators = brackets = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.OP:
                if token.string in "([{":
                    brackets += 1
                elif token.string in ")]}":
                    brackets -= 1
                else:
                    operators += 1
                if brackets > MAX_BRACKETS or operators > MAX_OPERATORS:
                    return _say("too_deep", lang)
            elif token.type == tokenize.NEWLINE:
                operators = 0
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None          # ast.parse says where
    return None


def read_answer(source: str, lang: str = "en"):
    """What the grader reads in an answer cell: ``(found, value, why)`` — whether the cell sets
    ``answer`` at all, its plain value (``...`` when not answered yet) and, when it cannot be
    read, the sentence a student and a teacher read (``value`` then None). Read, never run: the
    last statement setting ``answer`` must be ``answer = value`` at the cell's top level."""
    why = _bounded(source, lang)
    if why:
        return True, None, why
    python = python_of(source)
    if python is None:
        return "answer" in source, None, _say("not_python", lang, line=1)
    try:
        tree = ast.parse(python)
    except (SyntaxError, ValueError) as err:
        return "answer" in source, None, _say("not_python", lang, line=getattr(err, "lineno", None) or 1)
    except (RecursionError, MemoryError):      # the parser's own bound on nesting
        return True, None, _say("too_deep", lang)
    binds = [node for node in ast.walk(tree) if _binds_answer(node)]
    if not binds:
        return False, ..., None
    last = max(binds, key=lambda n: (n.lineno, n.col_offset))
    top = next((s for s in tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1
                and s.targets[0] is last), None)
    if top is None:
        statement = next((s for s in ast.walk(tree) if isinstance(s, ast.stmt)
                          and s.lineno <= last.lineno <= (s.end_lineno or s.lineno) and s is not tree), None)
        return True, None, _say("rebound", lang, what=_what(statement or last, python, first_line=True))
    if isinstance(top.value, ast.Constant) and top.value.value is ...:
        return True, ..., None
    try:
        return True, _value(top.value, python), None
    except NotPlain as err:
        return True, None, _say(err.key, lang, what=err.what)
    except RecursionError:
        return True, None, _say("too_deep", lang)


def plain_answer(source: str, lang: str = "en"):
    """The answer an answer cell writes out: ``(value, None)`` — ``...`` when it is not answered
    yet — or ``(None, why)`` when it is not a plain value (:func:`read_answer`)."""
    _, value, why = read_answer(source, lang)
    return value, why


def plain_value(answer):
    """``answer`` as the grader would write it, when it is a plain value (exactly a whole number
    — ``8.0`` is 8 —, a text, a yes/no, or a tuple or list of numbers and texts, within the
    bounds), else :class:`NotPlain`."""
    kind = type(answer)
    if answer is ... or kind is bool or _is_text(answer):
        return answer
    if _whole(answer) is not None:
        return _whole(answer)
    if kind in (tuple, list) and len(answer) <= MAX_ITEMS:
        items = [_whole(v) if _whole(v) is not None and type(v) is not bool else v for v in answer]
        if all(type(v) is int or _is_text(v) for v in items):
            return kind(items)
    raise NotPlain(kind.__name__)


def _last_answer_cell() -> str | None:
    """In IPython: the last cell run before this one that sets ``answer`` (a check cell's own
    ``answer = plain(answer)`` aside), as it was typed; None elsewhere."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    history = getattr(getattr(shell, "history_manager", None), "input_hist_raw", None)
    if not history:
        return None
    for source in reversed(history[:-1]):          # the last one is this cell
        if "answer" in source and "plain(answer)" not in source and read_answer(source)[0]:
            return source
    return None


class NotGraded:
    """What a graded notebook's answer cell holds when the grader could not read an answer: the
    one-line reason, which the exercise's check cell raises (:func:`plain`), so the teacher and
    the student read it where the points are."""

    def __init__(self, reason: str):
        self.reason = reason

    def __repr__(self) -> str:
        return f"NotGraded({self.reason!r})"


def plain(answer, lang: str | None = None):
    """In a student's kernel, before a check: ``answer`` as the grader will read it (a plain
    value: :func:`plain_value`), else a sentence saying why it would not be graded and ``...``
    (the check then asks for an answer). Where the kernel knows the cell that set it, that cell
    is read as the grader reads it: the check says at once what the grade would say."""
    from ..i18n import current

    if type(answer) is NotGraded:
        raise AssertionError(answer.reason)
    lang = current(lang)
    try:
        value = plain_value(answer)
    except NotPlain as err:
        print(_say("not_plain_kernel", lang, what=err.what))
        return ...
    cell = _last_answer_cell()
    if cell is not None:
        _, read, why = read_answer(cell, lang)
        if why:
            print(_say("not_read_kernel", lang, why=why))
            return ...
        if read != value and not (isinstance(read, (tuple, list)) and isinstance(value, (tuple, list))
                                  and list(read) == list(value)):
            print(_say("differs_kernel", lang, cell=_shown(read), value=_shown(value)))
            return ...
    return value


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


# -- nbgrader's classes live in .autograde (importing nbgrader takes seconds: a student's check
# cells import this module and never need it); their old names here still work.

def __getattr__(name: str):
    if name in ("PlainAnswers", "GradesExport"):
        from . import autograde

        return getattr(autograde, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
