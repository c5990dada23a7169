"""The course's website, built and looked at as a reader would: ``tools/build_site.py`` builds the
pages this test opens (their notebooks executed, the execution cache in ``_build/site-cache``
shared with ``make site``; the other pages and the JupyterLite part are left out here: ``make
site``, which CI runs after ``make test``, builds the whole site and fails on what this test
checks), served on localhost, then opened in headless Chromium: the index, a lesson with café
pictures, a French lesson and a lesson whose widget is shown as its picture. Every page shows its pictures, no request leaves
localhost and none fails, and the built site has no broken link (its anchors too). Screenshots in
``test-artifacts/site-*.png``."""

from __future__ import annotations

import functools
import http.server
import importlib
import sys
import threading
from pathlib import Path

import pytest

from harness import artifact_path, chromium, release_chromium, require_browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
#: The pages this test builds and opens (make test runs every notebook under nbval already; the
#: whole site is built, and checked the same way, by make site, which CI runs after make test).
PAGES = {"en": {"04_scoring.ipynb", "10_play.ipynb", "rules_card.md"},
         "fr": {"09_la_variante.ipynb", "rules_card_fr.md"}}
PICTURE = ".cell_output img, .cell_output svg"


def load_builder():
    # imported by its name (not from its file), so the notebooks' runs, in other processes,
    # find the same module
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    return importlib.import_module("build_site")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    require_browser(("sphinx", "myst_nb", "sphinx_book_theme", "nbclient"))
    builder = load_builder()
    out = tmp_path_factory.mktemp("site") / "site"
    builder.build(out, builder.DEFAULT_CACHE, tmp_path_factory.mktemp("site-work"), "ana/cafe_widget",
                  lite=False, jobs=2, only=PAGES)
    return builder, out


@pytest.fixture(scope="module")
def served(built):
    builder, out = built
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    """The process's Chromium (the browser tests' JupyterLab may be using it too)."""
    yield chromium()
    release_chromium()


def look(browser, base: str, page_name: str, shot: str, scroll_to: str | None = None) -> dict:
    """Open a page of the site; what it requested, what failed, its pictures, its language."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    requests, failed = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(base + page_name)
    page.wait_for_load_state("networkidle")
    # a picture: a notebook's image/svg+xml output (an <img> of the site's file) or the SVG
    # inside its text/html (a café with its points); width: as drawn, shown: as laid out
    pictures = page.evaluate("""() => [...document.querySelectorAll('.cell_output img, .cell_output svg')]
        .filter(e => !(e.parentElement && e.parentElement.closest('svg')))
        .map(e => e.tagName === 'IMG'
            ? {src: e.getAttribute('src'), width: e.naturalWidth, shown: e.clientWidth, alt: e.getAttribute('alt')}
            : {src: null, width: e.width.baseVal.value, shown: e.getBoundingClientRect().width,
               alt: (e.querySelector('title') || {}).textContent || null})""")
    if scroll_to:
        page.locator(scroll_to).first.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, -100)")
    page.screenshot(path=str(artifact_path(f"site-{shot}.png")))
    facts = {
        "outside": [u for u in requests if not u.startswith(base) and not u.startswith("data:")],
        "failed": failed,
        "pictures": pictures,
        "lang": page.evaluate("document.documentElement.lang"),
        "text": page.inner_text("main"),
        "launch": page.evaluate("""() => [...document.querySelectorAll('.dropdown-launch-buttons a')].map(
            a => [a.innerText.trim(), a.getAttribute('href')])"""),
    }
    page.close()
    return facts


def test_the_built_site_has_no_broken_link_and_loads_nothing_from_another_host(built):
    builder, out = built
    left_out = {f"{prefix}{Path(n).stem}.html" for lang, prefix in (("en", ""), ("fr", "fr/"))
                for n in builder.pages(lang) if n not in PAGES[lang]}
    assert builder.check_site(out, lite=False, left_out=left_out) == []
    built_pages = {p.relative_to(out).as_posix() for p in out.rglob("*.html")
                   if not {"_static", "_sources"} & set(p.relative_to(out).parts)}
    assert built_pages >= {"index.html", "search.html", "genindex.html", "04_scoring.html", "10_play.html",
                           "rules_card.html", "fr/index.html", "fr/09_la_variante.html", "fr/rules_card_fr.html"}
    assert not built_pages & left_out
    # a link to a page left out is what the check would find in a whole site missing it
    assert builder.check_site(out, lite=False) and all("which is not in the site" in p
                                                       for p in builder.check_site(out, lite=False))


def test_the_index_says_what_the_course_is_and_opens_every_lesson(served, browser):
    facts = look(browser, served, "index.html", "index")
    assert facts["outside"] == [] and facts["failed"] == []
    assert facts["lang"] == "en"
    assert "Café International" in facts["text"] and "The lessons" in facts["text"]
    assert "Ce cours en français" in facts["text"]


def test_a_lesson_shows_its_cafe_pictures_and_launches_on_binder_and_lite(served, browser):
    facts = look(browser, served, "04_scoring.html", "04-scoring", scroll_to=PICTURE)
    assert facts["outside"] == [] and facts["failed"] == []
    assert len(facts["pictures"]) >= 3
    assert all(p["width"] > 0 and p["shown"] > 0 for p in facts["pictures"]), facts["pictures"]
    assert dict(facts["launch"]) == {
        "Binder": "https://mybinder.org/v2/gh/ana/cafe_widget/HEAD?urlpath=lab/tree/notebooks/04_scoring.ipynb",
        "JupyterLite": "lite/lab/index.html?path=04_scoring.ipynb",
    }


def test_a_french_lesson_is_french_with_french_pictures(served, browser):
    facts = look(browser, served, "fr/09_la_variante.html", "fr-09", scroll_to=PICTURE)
    assert facts["outside"] == [] and facts["failed"] == []
    assert facts["lang"] == "fr"
    assert len(facts["pictures"]) >= 8 and all(p["width"] > 0 for p in facts["pictures"])
    assert "Les leçons" in facts["text"] or "variante" in facts["text"]
    assert dict(facts["launch"])["JupyterLite"] == "../lite/lab/index.html?path=fr/09_la_variante.ipynb"


def test_a_widget_is_shown_as_the_cafe_it_draws(served, browser, built):
    _, out = built
    facts = look(browser, served, "10_play.html", "10-widget", scroll_to=PICTURE)
    assert facts["outside"] == [] and facts["failed"] == []
    # the widget's picture: the whole screen (900 px wide), not an empty canvas or its repr
    widgets = [p for p in facts["pictures"] if p["width"] == 900]
    assert widgets, facts["pictures"]
    picture = (out / widgets[0]["src"]).read_text(encoding="utf-8")
    assert "Scoresheet" in picture and "Hand of Player 1" in picture
    assert "<CafeWidget" not in facts["text"]
    # every picture says what it shows: its alt is the picture's own title and description
    # (whose turn, the scores, every table and who sits there), never its file's name
    for shown in facts["pictures"]:
        assert shown["alt"] and "_images" not in shown["alt"] and ".svg" not in shown["alt"], shown
    alt = widgets[0]["alt"]
    assert alt.startswith("Café International.") and "b2, " in alt and " table: " in alt, alt


def test_axe_finds_no_violation_on_the_pages_and_finds_the_themes_own(built, browser):
    """axe-core (WCAG 2.1 A/AA) on the pages built here, as make site does on every page of the
    whole site; then on the theme's search button as the theme writes it, which it must find (the
    control: the build mends the pages, tools/build_site.py's mend_theme)."""
    builder, out = built
    pages = ["index.html", "10_play.html", "fr/09_la_variante.html", "fr/rules_card_fr.html"]
    assert builder.check_accessibility(out, browser, only=pages) == []
    index = (out / "index.html").read_text(encoding="utf-8")
    field = '<button class="btn search-button-field search-button__button pst-js-only" title="Search"'
    assert field in index
    (out / "planted.html").write_text(index.replace(field, field + ' aria-label="Search"'), encoding="utf-8")
    try:
        found = builder.check_accessibility(out, browser, only=["planted.html"])
    finally:
        (out / "planted.html").unlink()
    assert found and all(line.startswith("planted.html: label-content-name-mismatch") for line in found), found
