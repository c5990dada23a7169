"""Every cell of every notebook gives the same result when run twice in a row, and every example
turn a cell suggests is legal where it is suggested.

A student runs a cell again — to look once more, or by a second Shift+Enter — and must see the
same thing, not a refusal because the game moved on. Each notebook (English and French) is run
top to bottom in a fresh kernel, every code cell twice; the two results must agree: printed
text, the plain-text form of what the cell shows, and any error.

The exceptions are the play pages (``play.ipynb``, ``fr/jouer.ipynb``): they deal a fresh game each time they are
opened, and show the seed that replays it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
PLAY_PAGES = ("play.ipynb", "jouer.ipynb")     # a fresh deal each time they are opened (seed shown)
NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/*.ipynb"))
NOTEBOOKS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts and p.name not in PLAY_PAGES]


def _result(outputs) -> list:
    """What a student sees, in plain text: streams, text/plain, errors (widget ids aside)."""
    seen = []
    for out in outputs:
        if out.output_type == "stream":
            if seen and seen[-1][0] == out.name:      # a print may arrive in pieces
                seen[-1] = (out.name, seen[-1][1] + out.text)
            else:
                seen.append((out.name, out.text))
        elif out.output_type in ("execute_result", "display_data"):
            seen.append(("data", out.data.get("text/plain", "")))
        elif out.output_type == "error":
            seen.append(("error", out.ename, out.evalue))
    return seen


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[str(p.relative_to(ROOT / "notebooks")) for p in NOTEBOOKS])
def test_every_cell_twice_gives_the_same_result(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    differ, illegal = [], []
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            client.execute_cell(cell, index)
            first = _result(cell.outputs)
            client.execute_cell(cell, index)
            second = _result(cell.outputs)
            if first != second:
                differ.append(f"cell {index}:\n  first:  {first!r:.300}\n  second: {second!r:.300}")
            illegal += _illegal_examples(client, cell, index)
    assert not differ, f"{path.name}: cells that change when run again:\n" + "\n".join(differ)
    assert not illegal, f"{path.name}: example turns that are not legal where they are suggested:\n" + \
        "\n".join(illegal)


EXAMPLE = re.compile(r'#.*?(?:for example|par exemple|zum Beispiel)\s*"([^"]+)"')
GRADED = re.compile(r"([A-Za-z_][\w.]*(?:\([^()]*\))?(?:\[\d+\])?)\.grade\(")


def _illegal_examples(client, cell, index) -> list[str]:
    """The example turns a cell's comment suggests (``# your turn, for example "DEm@a2"``) for
    the puzzle it grades, each played on that puzzle without grading (no try counted): a
    student who copies one must get a legal turn (issue 23)."""
    out = []
    target = GRADED.search(cell.source)
    for example in EXAMPLE.findall(cell.source):
        if target is None or "@" not in example:   # an answer's form elsewhere ("b1 a2", "8")
            continue
        probe = nbformat.v4.new_code_cell(f"print({target.group(1)}._grade({example!r}, None).legal)")
        client.execute_cell(probe, index)
        seen = _result(probe.outputs)
        if seen != [("stdout", "True\n")]:
            out.append(f"cell {index}: {example!r} on {target.group(1)}: {seen!r:.200}")
    return out
