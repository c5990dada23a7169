"""The course as a whole: every notebook in English and in French, in step with each other;
exercises with folded answers in every teaching notebook; clean cells for students (nbval
markers as tags, no traceback to read); the teacher's guide covering every notebook."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NB = ROOT / "notebooks"

#: English notebook → its French twin (same numbering).
COURSE = {
    "01_the_cafe": "01_le_cafe",
    "02_seating_rules": "02_regles_de_placement",
    "03_first_game": "03_premiere_partie",
    "04_scoring": "04_les_points",
    "05_full_tables": "05_tables_pleines",
    "06_turns_and_drawing": "06_tours_et_pioche",
    "07_the_end": "07_la_fin",
    "08_variant": "08_la_variante",
    "09_play": "09_jouer",
    "10_sandbox": "10_bac_a_sable",
    "11_board_game": "11_jeu_de_plateau",
}
TEACHING = [name for name in COURSE if name[:2] <= "08" or name == "11_board_game"]
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


@pytest.mark.parametrize("name", TEACHING)
def test_every_teaching_notebook_has_exercises_with_folded_answers(name):
    for path in (NB / f"{name}.ipynb", NB / "fr" / f"{COURSE[name]}.ipynb"):
        nb = _read(path)
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        exercises = re.findall(r"^#+ Exerci[sc]e \d+\.\d+", text, flags=re.M)
        assert len(exercises) >= 3, f"{path.name}: {len(exercises)} exercises"
        assert text.count("<details>") >= len(exercises), path.name
        placeholders = [c for c in nb.cells if c.cell_type == "code" and "..." in c.source]
        assert placeholders, f"{path.name}: no predict-then-check cell"


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
