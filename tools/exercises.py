"""Write ``cafe_widget/data/exercises.txt``: the course's numbered exercises, notebook by notebook,
read from the English notebooks' "Exercise N.M" headings (the French ones must match: a test
checks it). Run after adding or renumbering an exercise:

    python tools/exercises.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADING = re.compile(r"^#+\s*(?:Exercise|Exercice)\s+(\d+\.\d+)", re.M)


def exercises(folder: Path) -> dict[str, list[str]]:
    """{"01": ["1.1", …], …} from the markdown headings of the numbered notebooks in ``folder``."""
    out = {}
    for nb in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        found = []
        for cell in cells:
            if cell["cell_type"] == "markdown":
                for number in HEADING.findall("".join(cell["source"])):
                    if number not in found:
                        found.append(number)
        out[nb.name[:2]] = found
    return out


def main() -> None:
    lines = ["# The course's numbered exercises, notebook by notebook (tools/exercises.py writes it",
             "# from the notebooks' \"Exercise N.M\" headings; cafe_widget.teach.progress_file reads it)."]
    lines += [" ".join([nb, *found]) for nb, found in exercises(ROOT / "notebooks").items()]
    (ROOT / "cafe_widget" / "data" / "exercises.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
