"""The course as a whole: every notebook in English and in French, in step with each other;
every numbered exercise graded where it is answered; clean cells for students (nbval
markers as tags, no traceback to read); the teacher's guide covering every notebook."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NB = ROOT / "notebooks"

#: English notebook → its French twin (same numbering).
COURSE = {
    "01_the_cafe": "01_le_cafe",
    "02_seating_rules": "02_regles_de_placement",
    "03_first_game": "03_premiere_partie",
    "04_scoring": "04_les_points",
    "05_scoring_a_turn": "05_les_points_d_un_tour",
    "06_full_tables": "06_tables_pleines",
    "07_turns_and_drawing": "07_tours_et_pioche",
    "08_the_end": "08_la_fin",
    "09_variant": "09_la_variante",
    "10_play": "10_jouer",
    "11_sandbox": "11_bac_a_sable",
    "12_puzzles": "12_problemes",
    "13_board_game": "13_jeu_de_plateau",
    "14_board_game_play": "14_plateau_partie",
}
#: The notebooks whose numbered exercises are graded (all of them: 04 and 05 have two each).
GRADED = list(COURSE)


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _pairs():
    return [(en, fr) for en, fr in COURSE.items()]


def test_the_course_is_all_there_in_both_languages():
    english = sorted(p.stem for p in NB.glob("[0-9]*.ipynb"))
    french = sorted(p.stem for p in (NB / "fr").glob("[0-9]*.ipynb"))
    assert english == sorted(COURSE)
    assert french == sorted(COURSE.values())
    assert (NB / "play.ipynb").exists() and (NB / "fr" / "jouer.ipynb").exists()


@pytest.mark.parametrize("fr", sorted(COURSE.values()))
def test_french_notebooks_draw_their_pictures_in_french(fr):
    """The import cell sets the package's language: everything the notebook shows is French."""
    nb = _read(NB / "fr" / f"{fr}.ipynb")
    first = next(c for c in nb.cells if c.cell_type == "code")
    assert 'language("fr")' in first.source


@pytest.mark.parametrize("en,fr", _pairs(), ids=list(COURSE))
def test_the_french_notebook_is_in_step_with_the_english_one(en, fr):
    """Same cells in the same order: types, tags, folded answers, exercise placeholders; the
    language set once at the top (``language("fr")``), never passed around, except for a
    deliberate English widget."""
    e, f = _read(NB / f"{en}.ipynb"), _read(NB / "fr" / f"{fr}.ipynb")
    assert [c.cell_type for c in f.cells] == [c.cell_type for c in e.cells]
    for i, (ce, cf) in enumerate(zip(e.cells, f.cells)):
        where = f"{fr} cell {i}"
        assert sorted(cf.metadata.get("tags", [])) == sorted(ce.metadata.get("tags", [])), where
        assert cf.source.count("<details>") == ce.source.count("<details>"), where
        if ce.cell_type == "code":
            assert cf.source.count("...") == ce.source.count("..."), where
            assert 'lang="fr"' not in cf.source, f"{where} passes lang=\"fr\": language(\"fr\") does"


CHECK = re.compile(r"""\b(?:check_points|check_seats|check_board_points|check_chairs|predict|grade)\((?:.|\n)*exercise\s*=\s*["'](\d+\.\d+)["']""")


@pytest.mark.parametrize("name", GRADED)
def test_every_numbered_exercise_is_graded_in_the_cell_that_holds_its_answer(name):
    """After each "Exercise N.M" heading, before the next heading, a code cell holds the student's
    answer (``...`` until written) and, in the same cell, the check that grades it with the engine
    and records it (``exercise="N.M"``): re-running only that cell grades the answer as it is now.
    No folded answer (``<details>``) follows an exercise: the try-again ladder gives it."""
    for path in (NB / f"{name}.ipynb", NB / "fr" / f"{COURSE[name]}.ipynb"):
        cells = _read(path).cells
        heads = [(i, m.group(1)) for i, c in enumerate(cells) if c.cell_type == "markdown"
                 for m in [re.search(r"^#+ Exerci[sc]e (\d+\.\d+)", c.source, flags=re.M)] if m]
        assert len(heads) >= 2, f"{path.name}: {len(heads)} exercises"
        for k, (i, number) in enumerate(heads):
            end = heads[k + 1][0] if k + 1 < len(heads) else len(cells)
            end = next((j for j in range(i + 1, end) if cells[j].cell_type == "markdown"
                        and re.match(r"^#", cells[j].source)), end)
            graded = [c for c in cells[i + 1:end] if c.cell_type == "code"
                      and number in CHECK.findall(c.source) and "..." in c.source]
            assert graded, f"{path.name}: exercise {number} has no cell with its answer and its check"
            assert not any("<details>" in c.source for c in cells[i + 1:end]), \
                f"{path.name}: exercise {number} is followed by a folded answer"


@pytest.mark.parametrize("path", sorted(NB.glob("**/*.ipynb")), ids=lambda p: p.name)
def test_cells_are_clean_for_students(path):
    nb = _read(path)
    for i, cell in enumerate(nb.cells):
        assert "NBVAL" not in cell.source, f"{path.name} cell {i}: an nbval marker in the code"
        assert "raises-exception" not in cell.metadata.get("tags", []), \
            f"{path.name} cell {i}: a cell that shows a traceback"
        assert "RULES.md" not in cell.source and "../shared" not in cell.source, f"{path.name} cell {i}"
        if cell.cell_type == "code":
            assert not any(o.get("output_type") == "error" for o in cell.get("outputs", [])), \
                f"{path.name} cell {i}: a committed traceback"


@pytest.mark.parametrize("guide,lang", [("teachers_guide.md", "en"), ("fr/guide_enseignant.md", "fr")])
def test_the_teachers_guide_covers_every_notebook_and_exercise(guide, lang):
    text = (NB / guide).read_text(encoding="utf-8")
    for en, fr in COURSE.items():
        assert (en if lang == "en" else fr) in text, f"{guide} does not name {en}"
        nb = _read(NB / f"{en}.ipynb")
        ids = re.findall(r"^#+ Exercise (\d+\.\d+)", "\n".join(c.source for c in nb.cells
                                                              if c.cell_type == "markdown"), flags=re.M)
        for number in ids:
            assert re.search(rf"\b{re.escape(number)}\b", text), f"{guide}: no answer to exercise {number}"
    assert "RULES.md" not in text and "../shared" not in text
    for target in re.findall(r"\]\(([^)#]+)", text):        # relative links resolve
        if "://" not in target:
            assert ((NB / guide).parent / target).resolve().exists(), f"{guide}: broken link {target}"


@pytest.mark.parametrize("guide,words", [
    ("teachers_guide.md", ("cells", "to read", "to run", "exercises", "numbered exercises")),
    ("fr/guide_enseignant.md", ("cellules", "à lire", "à exécuter", "exercices", "exercices numérotés")),
])
def test_the_teachers_guide_counts_each_notebooks_cells_and_exercises_as_they_are(guide, words):
    """Each notebook's section of the guide says how many cells it has (to read, to run) and how
    many exercises: the counts of the notebook as it is, and the course's total is their sum."""
    cells, read, run, exercises, total = words
    path = NB / guide
    sections = re.split(r"^### ", path.read_text(encoding="utf-8"), flags=re.M)
    checked, counted = 0, 0
    for section in sections:
        link = re.match(r"\d\d · [^\n]*?\]\(([^)]+\.ipynb)\)", section)
        if not link:
            continue
        nb = _read(path.parent / link.group(1))
        markdown = sum(c.cell_type == "markdown" for c in nb.cells)
        said = re.search(rf"(\d+) {cells}(?: \((\d+) {read}, (\d+) {run}\))?", section)
        assert said, f"{guide}: no count of the cells of {link.group(1)}"
        assert int(said.group(1)) == len(nb.cells), f"{guide}: {link.group(1)} has {len(nb.cells)} cells"
        if said.group(2):
            assert (int(said.group(2)), int(said.group(3))) == (markdown, len(nb.cells) - markdown), \
                f"{guide}: {link.group(1)} has {markdown} cells to read, {len(nb.cells) - markdown} to run"
        ids = re.findall(r"^#+ (?:Exercise|Exercice) (\d+\.\d+)",
                         "\n".join(c.source for c in nb.cells if c.cell_type == "markdown"), flags=re.M)
        stated = re.search(rf"(\d+) {exercises}", section)
        assert stated and int(stated.group(1)) == len(ids), f"{guide}: {link.group(1)} has {len(ids)} exercises"
        checked += 1
        counted += len(ids)
    assert checked == 14
    assert re.search(rf"\b{counted} {total}", path.read_text(encoding="utf-8")), f"{guide}: {counted} exercises in all"

