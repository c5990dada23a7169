"""The course's website (tools/build_site.py), piece by piece and without building it: links made
the site's, widgets shown by their picture, the index, and the check that fails a site loading
anything from another host or linking to what is not there. The whole site is built and looked
at in a browser by tests/browser/test_site_browser.py."""

from __future__ import annotations

import importlib
import sys
import json
from pathlib import Path

import pytest

from cafe_widget import BoardWidget, CafeWidget, Game
from cafe_widget.render import to_svg
from cafe_widget.widget import ask_points

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def site():
    # imported by its name (not from its file), so the notebooks' runs, in other processes,
    # find the same module
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    return importlib.import_module("build_site")


# -- a widget carries the picture of what it shows --------------------------------------------

def bundle(widget) -> dict:
    data = widget._repr_mimebundle_()
    return data[0] if isinstance(data, tuple) else data


def test_a_widget_displays_with_the_picture_of_what_it_shows_now():
    w = CafeWidget(game=Game.new(players=2, seed=4))
    first = bundle(w)
    assert set(first) >= {WIDGET_VIEW, "image/svg+xml", "text/plain"}
    assert first["image/svg+xml"] == to_svg(w.scene)
    w.command("hint")          # the screen changes: so does the picture displayed next
    second = bundle(w)
    assert second["image/svg+xml"] == to_svg(w.scene) != first["image/svg+xml"]


def test_the_board_widget_and_a_question_display_with_their_picture():
    b = BoardWidget()
    assert bundle(b)["image/svg+xml"] == to_svg(b.scene)
    q = ask_points("RU GB FR ES IT | b1:RUf b3:RUm", "RUf@c2", lang="fr")
    picture = bundle(q)["image/svg+xml"]
    assert picture.startswith("<svg") and "Russie" in picture       # the café, in the question's language


# -- links of the course made the site's -----------------------------------------------------

@pytest.mark.parametrize("source, target, expected", [
    ("02_seating_rules.ipynb", "rules_card.md#r5-nationality", "rules_card.html#r5-nationality"),
    ("02_seating_rules.ipynb", "03_first_game.ipynb", "03_first_game.html"),
    ("02_seating_rules.ipynb", "rules_card_fr.md", "fr/rules_card_fr.html"),
    ("13_board_game.ipynb", "fr/13_jeu_de_plateau.ipynb", "fr/13_jeu_de_plateau.html"),
    ("fr/01_le_cafe.ipynb", "../rules_card.md#r1", "../rules_card.html#r1"),
    ("fr/01_le_cafe.ipynb", "../rules_card_fr.md", "rules_card_fr.html"),
    ("fr/guide_enseignant.md", "../../README.md", "https://github.com/ana/cafe#readme"),
    ("teachers_guide.md", "https://z2jh.jupyter.org", "https://z2jh.jupyter.org"),
    ("teachers_guide.md", "#a-section", "#a-section"),
])
def test_links_of_the_course_become_the_sites_pages(site, source, target, expected):
    lang = "fr" if source.startswith("fr/") else "en"
    assert site._site_link(NOTEBOOKS / source, lang, target, "ana/cafe") == expected


def test_the_rules_card_links_the_other_language_from_either_folder(site):
    card_fr = NOTEBOOKS / "rules_card_fr.md"          # lies beside the English card, shown in fr/
    assert site._site_link(card_fr, "fr", "rules_card.md", "o/r") == "../rules_card.html"


def test_a_widget_is_shown_by_its_picture_and_no_widget_state_is_kept(site):
    nb = {"metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
          "cells": [{"cell_type": "code", "source": "w", "outputs": [
              {"output_type": "display_data", "metadata": {},
               "data": {WIDGET_VIEW: {"model_id": "x"}, "image/svg+xml": "<svg/>", "text/plain": "w"}}]}]}
    shown = site.for_the_site(nb)
    assert "widgets" not in shown["metadata"]
    assert shown["cells"][0]["outputs"][0]["data"] == {"image/svg+xml": "<svg/>", "text/plain": "w"}


def test_each_index_says_what_the_course_is_in_its_language_and_lists_every_page(site):
    for lang, other_link in (("en", "fr/index.html"), ("fr", "../index.html")):
        names = list(site.pages(lang))
        text = site.index_page(lang, names, "ana/cafe", "lite/lab/index.html")
        lessons = [n for n in names if n[:2].isdigit()]
        assert len(lessons) == 14
        for name in names:
            assert f"\n{Path(name).stem}\n" in text
        assert f"]({other_link})" in text
        assert "https://mybinder.org/v2/gh/ana/cafe/HEAD?urlpath=lab/tree/notebooks/" in text
    assert "Les leçons" in site.index_page("fr", list(site.pages("fr")), "o/r", "x")
    assert "Ce cours en français" in site.index_page("en", list(site.pages("en")), "o/r", "x")


# -- the check of a built site ---------------------------------------------------------------

PAGE = '<html><head>{head}</head><body><h2 id="here">t</h2>{body}</body></html>'


def write_site(root: Path, pages: dict[str, tuple[str, str]]) -> Path:
    for name, (head, body) in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(PAGE.format(head=head, body=body), encoding="utf-8")
    return root


def test_a_right_site_passes(site, tmp_path):
    write_site(tmp_path, {
        "index.html": ('<link rel="stylesheet" href="_static/a.css"><script src="_static/a.js"></script>',
                       '<a href="fr/index.html">fr</a> <a href="index.html#here">x</a> <a href="#here">y</a>'
                       ' <a href="https://mybinder.org/v2/gh/o/r/HEAD">Binder</a>'
                       ' <img src="_images/c.svg"> <a href="lite/lab/index.html?path=01.ipynb">Lite</a>'),
        "fr/index.html": ("", '<a href="../index.html#here">en</a>'),
    })
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "a.css").write_text("body { background: url('../_images/c.svg') }")
    (tmp_path / "_static" / "a.js").write_text("")
    (tmp_path / "_images").mkdir()
    (tmp_path / "_images" / "c.svg").write_text("<svg/>")
    assert site.check_site(tmp_path, lite=False) == []
    (tmp_path / "lite" / "lab").mkdir(parents=True)
    (tmp_path / "lite" / "lab" / "index.html").write_text("<html></html>")
    (tmp_path / "lite" / "files").mkdir()
    (tmp_path / "lite" / "files" / "01.ipynb").write_text("{}")
    assert site.check_site(tmp_path, lite=True) == []


def test_the_check_finds_every_kind_of_fault(site, tmp_path):
    write_site(tmp_path, {
        "index.html": ('<script src="https://cdn.jsdelivr.net/npm/require.js"></script>'
                       '<link rel="stylesheet" href="//fonts.example.org/a.css">',
                       '<img src="http://example.org/cafe.png"> <a href="gone.html">x</a>'
                       ' <a href="fr/index.html#nowhere">y</a> <a href="lite/lab/index.html?path=99.ipynb">z</a>'),
        "fr/index.html": ("", ""),
    })
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "t.css").write_text("@font-face { src: url(https://fonts.example.org/f.woff2) }")
    (tmp_path / "lite" / "lab").mkdir(parents=True)
    (tmp_path / "lite" / "lab" / "index.html").write_text("<html></html>")
    problems = site.check_site(tmp_path, lite=True)
    assert problems == [
        "index.html loads https://cdn.jsdelivr.net/npm/require.js from another host",
        "index.html loads //fonts.example.org/a.css from another host",
        "index.html loads http://example.org/cafe.png from another host",
        "index.html links to gone.html, which is not in the site",
        "index.html links to fr/index.html#nowhere: fr/index.html has no #nowhere",
        "index.html opens 99.ipynb in JupyterLite, which the Lite site does not hold",
        "_static/t.css loads https://fonts.example.org/f.woff2 from another host",
    ]


def test_the_notebook_cache_key_follows_the_package_and_the_notebook(site, tmp_path, monkeypatch):
    pkg = tmp_path / "pkg"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "engine" / "cafe.py").write_text("A = 1\n")
    monkeypatch.setattr(site, "PACKAGE", pkg)
    before = site.package_digest()
    (pkg / "engine" / "cafe.py").write_text("A = 2\n")
    assert site.package_digest() != before
    (pkg / "engine" / "cafe.py").write_text("A = 1\n")
    assert site.package_digest() == before
    assert json.dumps(before)      # a plain text key


def test_a_kernel_that_dies_at_its_start_is_started_again_and_any_other_failure_is_not(site, monkeypatch):
    """The notebooks' runs (tools/refresh_notebooks.py, as the site runs them): a kernel that
    dies before it replies (a port taken by another kernel's start in between) is started again,
    up to three times; any other failure, and a kernel that dies every time, are raised."""
    import nbformat
    import refresh_notebooks

    starts = []

    class Dies:
        def __init__(self, nb, **kwargs):
            starts.append(kwargs["kernel_name"])

        def execute(self):
            if len(starts) < times:
                raise RuntimeError(refresh_notebooks.KERNEL_DIED)
            nb.cells[0].outputs = [nbformat.v4.new_output("stream", text="ran\n")]

    monkeypatch.setattr(refresh_notebooks, "NotebookClient", Dies)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('ran')")])
    times = 3
    refresh_notebooks.run(nb, ROOT)
    assert len(starts) == 3 and nb.cells[0].outputs[0]["text"] == "ran\n"
    starts.clear()
    times = 4
    with pytest.raises(RuntimeError, match="Kernel died"):
        refresh_notebooks.run(nb, ROOT)
    assert len(starts) == 3

    class Fails(Dies):
        def execute(self):
            raise RuntimeError("cell 2: something else")

    starts.clear()
    monkeypatch.setattr(refresh_notebooks, "NotebookClient", Fails)
    with pytest.raises(RuntimeError, match="something else"):
        refresh_notebooks.run(nb, ROOT)
    assert len(starts) == 1
