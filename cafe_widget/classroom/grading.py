"""A grade a teacher can trust (issue 35): nbgrader's autograde, made to grade answers, not code.

nbgrader runs a student's notebook in the kernel that grades it, so a student's code can reach
anything the grading cells use: switch a rule off, rebind a check, hand in an object equal to
everything, or reprogram the kernel itself. No check inside that kernel is a wall. The course's
wall is outside it: at autograde, **nothing a student wrote runs but their answers' plain values**.

- :class:`PlainAnswers`, a preprocessor of nbgrader's sanitising step (after ``OverwriteCells``
  put the course's locked cells back): each answer cell (``exN_answer``) becomes
  ``answer = <its plain value>`` — a whole number, a text, a yes/no, or a tuple or list of
  numbers and texts, written out (``8``, ``"c2 b3"``, ``3, 1``, ``4 + 2``) — with what the
  student wrote kept below as comments. An answer computed by code (a call, a name, an
  attribute, an object) is not an answer: the answer cell becomes ``answer = ...`` and its check
  cell fails first with the reason. Every other cell a student added is shown as text, not run.
  Then the course's own checks, in the course's own cells, grade the plain values: a grade
  means the right answer was written in the answer cell.
- :class:`GradesExport`, nbgrader's export plugin for the course (``grades.csv``): nbgrader's
  columns, then ``status`` (``graded``, ``not submitted``, ``not graded``) and ``why`` — a
  submission nbgrader could not autograde is "not graded: why", never a 0.
- :func:`plain` is the same rule inside a student's kernel, for the check cells' feedback: an
  answer that is not a plain value is said to be so (the grade does not rely on it).

``make-course`` writes both into the course's ``nbgrader_config.py``.
"""

from __future__ import annotations

import ast
import csv
import json
import os

from ..i18n import N_, translate

WORDS = {
    "not_python": N_("Not graded: the answer cell is not Python (line {line}), so no answer could be read from it."),
    "computed": N_("Not graded: {what} is not an answer written out — a whole number, a text in quotes, or "
                   "numbers separated by commas. An answer worked out by code is not graded."),
    "rebound": N_("Not graded: the answer cell sets answer in another way than answer = a value ({what})."),
    "not_plain_kernel": N_("This answer is not a plain value ({what}): write the answer itself — a number, a text "
                           "in quotes, or numbers separated by commas. Only such an answer is graded."),
    "kept": N_("# What you wrote (when graded, only the value above is used):"),
    "your_cell": N_("*A cell you added (shown here, not run when graded):*"),
    "unreadable": N_("the submitted notebook {name} could not be read as a notebook"),
    "missing": N_("the submission has no notebook {name}"),
    "stopped": N_("nbgrader stopped while autograding it: run nbgrader autograde {assignment} --student "
                  "{student} to read why"),
}

#: The biggest whole number a plain answer may be (a café's points are a few dozen).
LIMIT = 10 ** 9
#: What may be added, subtracted or multiplied in a plain answer: whole numbers, and texts joined.
_ARITHMETIC = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b}


def _say(key: str, lang: str, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


class NotPlain(ValueError):
    """An answer that is not a plain value: ``what`` names what it is (a call, a name…)."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def _what(node: ast.AST) -> str:
    """What an expression is, in a word a teacher reads: ``a call: p.solution()``."""
    text = ast.unparse(node)
    text = text if len(text) <= 60 else text[:57] + "…"
    return text


def _value(node: ast.AST, top: bool = True):
    """The plain value an expression writes out, or :class:`NotPlain`."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, str, bool):
        if type(node.value) is int and abs(node.value) > LIMIT:
            raise NotPlain(_what(node))
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _value(node.operand, top=False)
        if type(value) is int:
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _value(node.left, top=False), _value(node.right, top=False)
        if type(left) is type(right) is int or (type(left) is type(right) is str and isinstance(node.op, ast.Add)):
            value = _ARITHMETIC[type(node.op)](left, right)
            if type(value) is int and abs(value) <= LIMIT:
                return value
    if top and isinstance(node, (ast.Tuple, ast.List)):
        items = tuple(_value(item, top=False) for item in node.elts)
        if all(type(v) in (int, str) for v in items):
            return list(items) if isinstance(node, ast.List) else items
    raise NotPlain(_what(node))


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


def plain_answer(source: str, lang: str = "en"):
    """The answer an answer cell writes out: ``(value, None)`` — ``...`` when it is not answered
    yet — or ``(None, why)`` when it is not a plain value (the sentence a student and a teacher
    read). Read, never run: the last statement setting ``answer`` must be ``answer = value`` at the
    cell's top level."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as err:
        return None, _say("not_python", lang, line=getattr(err, "lineno", None) or 1)
    binds = [node for node in ast.walk(tree) if _binds_answer(node)]
    if not binds:
        return ..., None
    last = max(binds, key=lambda n: (n.lineno, n.col_offset))
    top = next((s for s in tree.body if isinstance(s, ast.Assign) and len(s.targets) == 1
                and s.targets[0] is last), None)
    if top is None:
        statement = next((s for s in ast.walk(tree) if isinstance(s, ast.stmt)
                          and s.lineno <= last.lineno <= (s.end_lineno or s.lineno) and s is not tree), None)
        return None, _say("rebound", lang, what=_what(statement or last).splitlines()[0])
    if isinstance(top.value, ast.Constant) and top.value.value is ...:
        return ..., None
    try:
        return _value(top.value), None
    except NotPlain as err:
        return None, _say("computed", lang, what=err.what)


def plain(answer, lang: str | None = None):
    """In a student's kernel, before a check: ``answer`` itself when it is a plain value (exactly
    a whole number, a text, a yes/no, or a tuple or list of numbers and texts), else a sentence
    saying so and ``...`` (the check then asks for an answer). Only such an answer is graded."""
    kind = type(answer)
    if answer is ... or kind in (int, str, bool) or (
            kind in (tuple, list) and all(type(v) in (int, str) for v in answer)):
        return answer
    from ..i18n import current

    print(_say("not_plain_kernel", current(lang), what=kind.__name__))
    return ...


# -- nbgrader's side: these classes are loaded by nbgrader itself, from the course's config ------

def _source(cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def _commented(source: str) -> list[str]:
    return ["# " + line if line.strip() else "#" for line in source.rstrip("\n").splitlines()]


_LOADED: dict = {}


def __getattr__(name: str):
    """:class:`PlainAnswers` and :class:`GradesExport`, made when nbgrader asks for them (importing
    nbgrader takes seconds: a student's check cells import this module, and never need it)."""
    if name not in ("PlainAnswers", "GradesExport"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _LOADED:
        _LOADED.update(_nbgrader_classes())
    return _LOADED[name]


def _nbgrader_classes() -> dict:
    from nbgrader.plugins import ExportPlugin
    from nbgrader.preprocessors import NbGraderPreprocessor
    from traitlets import Unicode

    class PlainAnswers(NbGraderPreprocessor):
        """nbgrader's sanitising step for the course (after ``OverwriteCells``): each answer cell
        becomes its plain value, each cell a student added becomes text, and an answer that is
        not a plain value fails its check cell with the reason (module docstring)."""

        lang = Unicode("en", help="The course's language, for the sentences written into the notebook.").tag(config=True)

        def preprocess(self, nb, resources):
            from nbformat.v4 import new_markdown_cell

            known, answers = _known_cells(resources)
            why: dict[str, str] = {}
            cells = []
            for cell in nb.cells:
                meta = cell.get("metadata", {}).get("nbgrader", {})
                grade_id = meta.get("grade_id")
                if grade_id is not None and grade_id in known:
                    if grade_id in answers and cell.cell_type == "code":
                        cell.source, reason = self._answer(_source(cell))
                        if reason:
                            why[grade_id.removesuffix("_answer")] = reason
                    cells.append(cell)
                elif cell.cell_type == "code":       # a cell the student added (or whose metadata they made up)
                    text = _source(cell).rstrip("\n")
                    fence = "```"
                    while fence in text:
                        fence += "`"
                    cells.append(new_markdown_cell(f"{_say('your_cell', self.lang)}\n\n{fence}python\n{text}\n{fence}"))
                else:
                    cell.get("metadata", {}).pop("nbgrader", None)
                    cells.append(cell)
            for cell in cells:
                grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
                if cell.cell_type == "code" and grade_id.endswith("_check") and grade_id.removesuffix("_check") in why:
                    reason = why[grade_id.removesuffix("_check")]
                    cell.source = f"raise AssertionError({json.dumps(reason, ensure_ascii=False)})\n\n" + _source(cell)
            nb.cells = cells
            return nb, resources

        def _answer(self, source: str) -> tuple[str, str | None]:
            value, reason = plain_answer(source, self.lang)
            if reason or value is ...:
                first = "answer = ..."
            elif isinstance(value, tuple) and value:
                first = "answer = " + ", ".join(repr(v) for v in value) + ("," if len(value) == 1 else "")
            else:
                first = f"answer = {value!r}"
            kept = source.strip("\n")
            if kept == first:
                return first, reason
            return "\n".join([first, "", _say("kept", self.lang), *_commented(kept)]), reason

    def _known_cells(resources) -> tuple[set[str], set[str]]:
        """The grade ids of the assignment's own cells (the gradebook's) for this notebook, and
        those of its answer cells."""
        from nbgrader.api import Gradebook, MissingEntry

        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gb:
            try:
                notebook = gb.find_notebook(info["notebook"], info["assignment"])
            except MissingEntry:
                return set(), set()
            answers = {c.name for c in notebook.solution_cells}
            return {c.name for c in notebook.source_cells} | {c.name for c in notebook.grade_cells} | answers, answers


    class GradesExport(ExportPlugin):
        """``nbgrader export`` for the course: ``grades.csv`` with nbgrader's columns, then
        ``status`` and ``why`` (module docstring). Scores are empty unless graded."""

        lang = Unicode("en", help="The course's language, for the why column.").tag(config=True)

        KEYS = ["assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
                "raw_score", "late_submission_penalty", "score", "max_score", "status", "why"]

        def export(self, gradebook) -> None:
            from nbgrader.api import MissingEntry

            dest = self.to or "grades.csv"
            students = [str(s) for s in self.student]
            wanted = [str(a) for a in self.assignment]
            self.log.info("Exporting grades to %s", dest)
            rows = []
            for assignment in gradebook.assignments:
                if wanted and assignment.name not in wanted:
                    continue
                for student in gradebook.students:
                    if students and student.id not in students:
                        continue
                    row = {"assignment": assignment.name, "duedate": assignment.duedate, "student_id": student.id,
                           "last_name": student.last_name, "first_name": student.first_name,
                           "email": student.email, "max_score": assignment.max_score, "why": ""}
                    try:
                        submission = gradebook.find_submission(assignment.name, student.id)
                    except MissingEntry:
                        row.update(status="not submitted", timestamp="")
                    else:
                        row["timestamp"] = submission.timestamp
                        reason = self._not_graded(submission, assignment, student.id)
                        if reason:
                            row.update(status="not graded", why=reason)
                        else:
                            penalty = submission.late_submission_penalty or 0.0
                            row.update(status="graded", raw_score=submission.score,
                                       late_submission_penalty=penalty, score=max(0.0, submission.score - penalty))
                    rows.append({k: "" if row.get(k) is None else str(row.get(k, "")) for k in self.KEYS})
            with open(dest, "w", newline="", encoding="utf-8") as f:
                writer = csv.DictWriter(f, fieldnames=self.KEYS)
                writer.writeheader()
                writer.writerows(rows)

        def _not_graded(self, submission, assignment, student: str) -> str:
            """Why a submission was not graded ("" when it was): nbgrader takes away the autograded
            notebook of a submission it could not autograde (without the course's folder: no score
            at all in the gradebook). A graded cell the student deleted scores 0, as nbgrader has it."""
            coursedir = getattr(self.parent, "coursedir", None)
            if coursedir is None:
                return "" if any(g.auto_score is not None or g.manual_score is not None
                                 for nb in submission.notebooks for g in nb.grades) else _say(
                    "stopped", self.lang, assignment=assignment.name, student=student)
            for nb in submission.notebooks:
                name = f"{nb.name}.ipynb"
                graded = os.path.join(coursedir.format_path(coursedir.autograded_directory, student, assignment.name), name)
                if os.path.exists(graded):
                    continue
                path = os.path.join(coursedir.format_path(coursedir.submitted_directory, student, assignment.name), name)
                if not os.path.exists(path):
                    return _say("missing", self.lang, name=name)
                try:
                    import nbformat

                    nbformat.validate(nbformat.read(path, as_version=4))
                except Exception:  # noqa: BLE001 - whatever makes it unreadable, the teacher reads one sentence
                    return _say("unreadable", self.lang, name=name)
                return _say("stopped", self.lang, assignment=assignment.name, student=student)
            return ""

    for made in (PlainAnswers, GradesExport):
        made.__qualname__ = made.__name__          # as nbgrader's log and a teacher's config name them
    return {"PlainAnswers": PlainAnswers, "GradesExport": GradesExport}
