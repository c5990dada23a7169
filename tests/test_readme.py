"""The README is the front page and the manual is docs/manual/: the README's examples run as
written (doctest), every link of the README and of the manual leads to a file of the repository
(and a heading's anchor to a heading), every page of the manual is in its table of contents, and
the website's build makes the manual's links the site's. Quick: no Sphinx, no network (the site
itself is built and checked by make site and tests/browser/test_site_browser.py)."""

from __future__ import annotations

import doctest
import importlib
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MANUAL = ROOT / "docs" / "manual"
#: The manual's pages (each a Markdown file of docs/manual/), as the README's split made them.
PAGES = ("index", "user-guide", "classroom", "languages", "engine", "notation", "decisions", "board-game",
         "api", "reliability", "architecture", "contributing")

FENCE = re.compile(r"^```([^\s`]*)[^\n]*\n(.*?)^```", re.S | re.M)
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _blocks(text: str, language: str) -> list[tuple[int, str]]:
    """Each fenced block of ``language``: (its first line's number, its text)."""
    return [(text.count("\n", 0, m.start()) + 2, m.group(2)) for m in FENCE.finditer(text) if m.group(1) == language]


def _prose(text: str) -> str:
    """The text without its fenced blocks and code spans (a link there is an example)."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return re.sub(r"`[^`\n]*`", "", text)


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub and the site (myst's heading anchors) make it."""
    text = re.sub(r"[*_`]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", _prose(path.read_text(encoding="utf-8")), re.M)}


def _documents() -> list[Path]:
    return [README, *sorted(MANUAL.glob("*.md"))]


# -- the README's examples ----------------------------------------------------------------------

def test_the_readme_has_python_examples_and_they_run_as_written():
    blocks = _blocks(README.read_text(encoding="utf-8"), "python")
    assert blocks, "the README shows the engine in a few lines"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for line, code in blocks:
        if ">>>" in code:
            test = parser.get_doctest(code, {}, f"README.md, line {line}", str(README), line)
            runner.run(test)
        else:
            exec(compile(code, f"README.md, line {line}", "exec"), {})
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0, result


def test_the_readme_is_a_front_page_with_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert 120 <= text.count("\n") <= 220
    assert ("make lab     # creates .venv, installs, opens JupyterLab on the first notebook\n"
            "make test    # creates .venv, installs, runs every test\n") in text
    for page in PAGES:
        if page != "index":
            assert f"(docs/manual/{page}.md)" in text, page
    assert "(docs/manual/index.md)" in text and "(LICENSE)" in text
    assert re.search(r"!\[[^\]]+\]\(docs/manual/cafe_widget\.svg\)", text)      # the picture


# -- the manual ---------------------------------------------------------------------------------

def test_every_page_of_the_manual_is_there_and_in_its_table_of_contents():
    found = {p.stem for p in MANUAL.glob("*.md")}
    assert found == set(PAGES)
    index = (MANUAL / "index.md").read_text(encoding="utf-8")
    (toc,) = [code for _, code in _blocks(index, "{toctree}")]
    entries = [line.strip() for line in toc.splitlines() if line.strip() and not line.startswith(":")]
    assert sorted(entries) == sorted(set(PAGES) - {"index"})
    for page in PAGES[1:]:
        assert f"]({page}.md)" in index, page        # on GitHub too, where the toctree is not read
    assert "English only" in index


@pytest.mark.parametrize("document", _documents(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_a_heading(document):
    broken = []
    for target in LINK.findall(_prose(document.read_text(encoding="utf-8"))):
        parts = urlsplit(target)
        if parts.scheme or target.startswith("//"):
            continue
        full = (document.parent / unquote(parts.path)).resolve() if parts.path else document
        if not full.exists() or ROOT not in full.parents:
            broken.append(f"{target}: no such file")
        elif parts.fragment and full.suffix == ".md" and full.parent == MANUAL and full.stem != "api" \
                and parts.fragment not in _anchors(full):
            broken.append(f"{target}: {full.name} has no heading #{parts.fragment}")
    assert broken == []


def test_the_api_reference_documents_the_engines_public_names():
    text = (MANUAL / "api.md").read_text(encoding="utf-8")
    directives = "\n".join(code for _, code in _blocks(text, "{eval-rst}"))
    for name in ("cafe_widget.engine.Cafe", "cafe_widget.engine.Game", "cafe_widget.engine.BoardGame",
                 "cafe_widget.engine.Board", "cafe_widget.engine.NotationError", "cafe_widget.engine.IllegalMove",
                 "cafe_widget.engine.errors.Refused", "cafe_widget.players.make_player",
                 "cafe_widget.widget.CafeWidget", "cafe_widget.teach.check_points", "cafe_widget.teach.Puzzle"):
        assert re.search(rf"^\.\. auto\w+:: {re.escape(name)}$", directives, re.M), name
    for name in re.findall(r"^\.\. auto\w+:: ([\w.]+)$", directives, re.M):   # each one is there to import
        module, _, attr = name.rpartition(".")
        assert hasattr(importlib.import_module(module), attr), name


# -- the manual in the website ----------------------------------------------------------------

@pytest.fixture(scope="module")
def site():
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    return importlib.import_module("build_site")


@pytest.mark.parametrize("target, expected", [
    ("engine.md", "engine.html"),
    ("classroom.md#one-game-many-players", "classroom.html#one-game-many-players"),
    ("#practice-that-answers-back", "#practice-that-answers-back"),
    ("cafe_widget.svg", "cafe_widget.svg"),
    ("../../notebooks/rules_card.md", "../rules_card.html"),
    ("../../notebooks/fr/guide_enseignant.md", "../fr/guide_enseignant.html"),
    ("../../README.md", "https://github.com/ana/cafe#readme"),
    ("../CHANGELOG.md", "https://github.com/ana/cafe/blob/HEAD/docs/CHANGELOG.md"),
    ("../../cafe_widget/engine", "https://github.com/ana/cafe/tree/HEAD/cafe_widget/engine"),
    ("https://nbgrader.readthedocs.io", "https://nbgrader.readthedocs.io"),
])
def test_the_manuals_links_become_the_sites(site, target, expected):
    assert site._manual_link(MANUAL / "user-guide.md", target, "ana/cafe") == expected


def test_the_english_index_lists_the_manual_and_the_french_one_does_not(site):
    assert "\nmanual/index\n" in site.index_page("en", list(site.pages("en")), "o/r", "x")
    assert "manual/" not in site.index_page("fr", list(site.pages("fr")), "o/r", "x")
    assert {"index.md", "api.md", "cafe_widget.svg"} <= set(site.manual_pages())
