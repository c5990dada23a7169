"""Build the course's website: every notebook readable without Jupyter, with its pictures.

    python tools/build_site.py [--output _build/site] [--repository OWNER/cafe_widget] [--no-lite]

What goes into the site (a folder of static files; serve it anywhere, e.g. GitHub Pages):

- the English course at the root, the French one under ``fr/``, each a Sphinx site
  (``sphinx-book-theme``, in its own language), with the rules card, the teacher's guide and an
  index (``index.html``) that says what the course is;
- every notebook executed here, at build time, in a kernel of this Python: the café pictures,
  the points, the printed tables. A widget shows as the picture of what it draws (the
  ``image/svg+xml`` beside its live view, ``cafe_widget.widget.Shell``); the live view is left
  out, so no page loads a widget manager, require.js or ipycanvas;
- the manual (``docs/manual/``, in English only) under ``manual/`` of the English site: the user
  guide, the engine's reference, the decisions, the architecture, contributing, and the API
  reference from the docstrings (``sphinx.ext.autodoc``: the package is imported, nothing is
  fetched); its links to the repository's other files lead to them on GitHub;
- on each notebook's page, a launch button to Binder and to the JupyterLite site, which is built
  under the site (``lite/``, ``tools/build_lite.py``) so one folder holds both.

Nothing is fetched at build time by Sphinx, the theme or the notebooks, and nothing at view time:
:func:`check_site` fails the build on a page that loads a script, a style sheet, a font or a
picture from another host, or that links to a file of the site that is not there. (The Lite part
takes its three pure-Python wheels from the package index, as ``make lite`` does, unless
``--no-lite``.)

The executed notebooks are cached in ``_build/site-cache/``, keyed by the notebook and by every
file of the package (its code, data and catalogs), so a second build runs only what changed;
Sphinx keeps its own cache in ``_build/site-work/``. A notebook whose cell fails (unless the cell
is tagged ``raises-exception``) fails the build, naming the notebook and the cell. Building never
touches the builder's own progress file: each notebook runs with a fresh one.

``--repository``: the GitHub repository the launch buttons open (``OWNER/cafe_widget``); the
one place it is set, also read from ``$CAFE_SITE_REPOSITORY`` (``make site SITE_REPOSITORY=…``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import hashlib
import html.parser
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import time
from html import escape
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))       # refresh_notebooks, build_lite: the tools beside it

from cafe_widget.i18n import N_, translate  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
PACKAGE = ROOT / "cafe_widget"
CONF_DIR = Path(__file__).resolve().parent / "site"
MANUAL = ROOT / "docs" / "manual"
#: The manual's folder in the English site, and its caption in the English index (the manual is
#: in English only: no catalog).
MANUAL_FOLDER = "manual"
MANUAL_CAPTION = "The manual"
DEFAULT_OUTPUT = ROOT / "_build" / "site"
DEFAULT_CACHE = ROOT / "_build" / "site-cache"
DEFAULT_WORK = ROOT / "_build" / "site-work"
DEFAULT_REPOSITORY = "OWNER/cafe_widget"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: Each language's pages: the folder of its notebooks (in the repository), its rules card and
#: teacher's guide, and where the site puts it.
LANGUAGES = {
    "en": {"notebooks": NOTEBOOKS, "card": NOTEBOOKS / "rules_card.md",
           "guide": NOTEBOOKS / "teachers_guide.md", "prefix": ""},
    "fr": {"notebooks": NOTEBOOKS / "fr", "card": NOTEBOOKS / "rules_card_fr.md",
           "guide": NOTEBOOKS / "fr" / "guide_enseignant.md", "prefix": "fr/"},
}

#: The index's sentences (the catalogs: ``make translations``).
WORDS = {
    "title": N_("Café International: the course"),
    "what": N_("Learn the card game *Café International* (Hoffmann & Siegers, Amigo 2001): where a guest "
               "may sit, and how many points it scores. Fourteen lessons, each a Jupyter notebook with "
               "the rulebook's worked examples, exercises checked by the rules engine, an interactive "
               "café to play against the computer, and the board game of 1989 at the end."),
    "read": N_("Every page here can be read as it is, with its pictures and its points. To play, to "
               "answer the exercises and to try your own positions, open a lesson in Jupyter: the "
               "rocket at the top of each lesson opens it on Binder (JupyterLab in the browser, nothing "
               "to install) or in JupyterLite (Python in the browser itself)."),
    "start": N_("Start with [the first lesson]({first}), or open the whole course on [Binder]({binder}) "
                "or in [JupyterLite]({lite})."),
    # Translators: the link to the course in the catalog's own language, shown on the other
    # language's index ("Ce cours en français" on the English one).
    "other": N_("[This course in English]({url})."),
    "lessons": N_("The lessons"),
    "more": N_("Play and practice"),
    "teacher": N_("For the teacher"),
    "footer": N_("Café International is a game by Rudi Hoffmann and Roland Siegers (Amigo). This course "
                 "is cafe_widget's: [the repository]({repository})."),
    "lite": N_("Launch in JupyterLite"),
    # Translators: the name a screen reader gives the arrow that opens a part of the site's menu
    "toggle": N_("Show or hide its pages"),
}


def up(lang: str) -> str:
    """From a page of ``lang`` to the site's root: ``""`` or ``"../"``."""
    return "../" * LANGUAGES[lang]["prefix"].count("/")


def index_of(lang: str, seen_from: str) -> str:
    """The address of ``lang``'s index, from a page of ``seen_from``."""
    return f"{up(seen_from)}{LANGUAGES[lang]['prefix']}index.html"


def site_words(key: str, lang: str, **facts) -> str:
    return translate(WORDS[key], lang).format(**facts)


def log(message: str) -> None:
    print(f"[build_site] {message}", flush=True)


# -- the pages of a language --------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def pages(lang: str) -> dict[str, Path]:
    """``{name in the site: source file}``: the notebooks, the rules card, the guide."""
    spec = LANGUAGES[lang]
    found = {p.name: p for p in sorted(spec["notebooks"].glob("*.ipynb"))}
    found[spec["card"].name] = spec["card"]
    found[spec["guide"].name] = spec["guide"]
    return found


def _site_link(source: Path, lang: str, target: str, repository: str) -> str:
    """A link of ``source`` (a page of the course, relative to its folder in the repository) as
    an address of the site: a page of either language becomes its ``.html`` (each language's
    pages lie flat in its folder), a page of the manual its page under ``manual/``, the README the
    repository's; any other link stays."""
    path, _, anchor = target.partition("#")
    anchor = f"#{anchor}" if anchor else ""
    if urlsplit(path).scheme or not path or path.startswith("/"):
        return target
    full = (source.parent / unquote(path)).resolve()
    if full.name == "README.md":
        return f"https://github.com/{repository}#readme"
    if full.parent == MANUAL and full.suffix == ".md":     # a page of the manual (in English)
        return f"{up(lang)}{MANUAL_FOLDER}/{full.stem}.html{anchor}"
    for other, spec in LANGUAGES.items():
        if full in pages(other).values():
            prefix = "" if other == lang else up(lang) + spec["prefix"]
            return f"{prefix}{Path(full.name).stem}.html{anchor}"
    return target


LINK = re.compile(r"\]\(([^)\s]+)\)")
LINK_TEXT = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def site_markdown(text: str, source: Path, lang: str, repository: str) -> str:
    return LINK.sub(lambda m: f"]({_site_link(source, lang, m.group(1), repository)})", text)


def _manual_link(source: Path, target: str, repository: str) -> str:
    """A link of a manual page (``docs/manual/``) as an address of the site: another page of the
    manual becomes its ``.html``, a page of the course its page in the site, the README the
    repository's; any other file of the repository (``docs/RULES.md``, a folder) its page on
    GitHub. A file beside the pages (a picture) stays: it is staged with them."""
    path, _, anchor = target.partition("#")
    anchor = f"#{anchor}" if anchor else ""
    if urlsplit(path).scheme or not path or path.startswith("/"):
        return target
    full = (source.parent / unquote(path)).resolve()
    if full.parent == MANUAL:
        return f"{full.stem}.html{anchor}" if full.suffix == ".md" else target
    if full.name == "README.md" and full.parent == ROOT:
        return f"https://github.com/{repository}#readme"
    for lang, spec in LANGUAGES.items():
        if full in pages(lang).values():
            return f"../{spec['prefix']}{Path(full.name).stem}.html{anchor}"
    kind = "tree" if full.is_dir() else "blob"
    return f"https://github.com/{repository}/{kind}/HEAD/{full.relative_to(ROOT).as_posix()}{anchor}"


def manual_markdown(text: str, source: Path, repository: str) -> str:
    return LINK.sub(lambda m: f"]({_manual_link(source, m.group(1), repository)})", text)


def manual_pages() -> dict[str, Path]:
    """``{name in the manual's folder: source file}``: its pages and the files beside them."""
    return {p.name: p for p in sorted(MANUAL.iterdir()) if p.is_file() and p.suffix in (".md", ".svg", ".png")}


def as_html(text: str) -> str:
    """A sentence with markdown links as HTML (the theme's footer)."""
    out, last = [], 0
    for m in LINK_TEXT.finditer(text):
        out += [escape(text[last:m.start()]), f'<a href="{escape(m.group(2))}">{escape(m.group(1))}</a>']
        last = m.end()
    return "".join(out + [escape(text[last:])])


def index_page(lang: str, names: list[str], repository: str, lite: str) -> str:
    """The index of a language: what the course is, where to start, the pages."""
    lessons = [n for n in names if n[:2].isdigit() and n.endswith(".ipynb")]
    more = [n for n in names if not n[:2].isdigit() and n.endswith(".ipynb")]
    card, guide = LANGUAGES[lang]["card"].name, LANGUAGES[lang]["guide"].name
    folder = "notebooks/" + LANGUAGES[lang]["prefix"]
    binder = f"https://mybinder.org/v2/gh/{repository}/HEAD?urlpath=lab/tree/{folder}{lessons[0]}"
    other = "fr" if lang == "en" else "en"
    out = [f"# {site_words('title', lang)}", "", site_words("what", lang), "", site_words("read", lang), "",
           site_words("start", lang, first=Path(lessons[0]).stem + ".html", binder=binder, lite=f"{lite}?path={LANGUAGES[lang]['prefix']}{lessons[0]}"),
           "", site_words("other", other, url=index_of(other, lang)), ""]
    for caption, entries in (("lessons", lessons), ("more", more), ("teacher", [n for n in (card, guide) if n in names])):
        if not entries:
            continue
        out += ["```{toctree}", f":caption: {site_words(caption, lang)}", ":maxdepth: 1", "",
                *[Path(e).stem for e in entries], "```", ""]
    if lang == "en" and MANUAL.is_dir():
        out += ["```{toctree}", f":caption: {MANUAL_CAPTION}", ":maxdepth: 1", "",
                f"{MANUAL_FOLDER}/index", "```", ""]
    return "\n".join(out)


# -- executing the notebooks, with a cache ------------------------------------------------------

def package_digest() -> str:
    """What the outputs depend on besides the notebook: every file of the package, and Python."""
    h = hashlib.sha256(sys.version.encode())
    for p in sorted(PACKAGE.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".txt", ".json", ".mo"):
            h.update(str(p.relative_to(PACKAGE)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def execute(source: Path, folder: Path, timeout: int = 180) -> dict:
    """``source`` run top to bottom in ``folder`` as ``make notebooks`` runs it (a kernel of this
    Python, a progress file of its own); the notebook with its outputs, as JSON. A failed cell
    (``refresh_notebooks.problems``): a RuntimeError naming it."""
    import nbformat
    from refresh_notebooks import problems, run

    nb = nbformat.read(source, as_version=4)
    run(nb, folder, timeout)
    wrong = problems(nb)
    if wrong:
        raise RuntimeError(f"{source.relative_to(ROOT)}, {wrong[0]}")
    return json.loads(nbformat.writes(nb))


def for_the_site(nb: dict) -> dict:
    """The executed notebook as the site shows it: each widget by its picture (its live view and
    the saved widget state dropped, so no page loads a widget manager)."""
    nb["metadata"].pop("widgets", None)
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
    return nb


def _execute_job(args: tuple[str, str, str]) -> str:
    source, folder, dest = map(Path, args)
    nb = for_the_site(execute(source, folder))
    tmp = dest.with_suffix(".tmp")
    tmp.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(dest)       # atomic: a build that stops halfway leaves no half notebook
    return str(source.relative_to(ROOT))


def executed(sources: list[Path], cache: Path, jobs: int) -> dict[Path, Path]:
    """Each notebook's executed copy, from the cache or run now (``jobs`` at a time)."""
    cache.mkdir(parents=True, exist_ok=True)
    digest = package_digest()
    found, todo = {}, []
    for src in sources:
        key = hashlib.sha256(digest.encode() + src.read_bytes()).hexdigest()[:24]
        dest = cache / f"{src.stem}-{key}.ipynb"
        found[src] = dest
        if not dest.exists():
            todo.append((str(src), str(src.parent), str(dest)))
    log(f"notebooks: {len(sources)}, {len(sources) - len(todo)} from the cache, {len(todo)} to run")
    if todo:
        start = time.perf_counter()
        # spawned, not forked: the caller may have threads (a test runner's), which a fork would
        # copy half-way
        with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, min(jobs, len(todo))),
                                                    mp_context=multiprocessing.get_context("spawn")) as pool:
            for name in pool.map(_execute_job, todo):
                log(f"  ran {name}")
        log(f"ran {len(todo)} notebooks in {time.perf_counter() - start:.1f} s")
    keep = {p.name for p in found.values()}
    for old in cache.glob("*.ipynb"):     # a notebook or the package changed: its old copy goes
        if old.name not in keep:
            old.unlink()
    return found


# -- the Sphinx sources and the build ---------------------------------------------------------

def write_if_changed(path: Path, text: str) -> None:
    """Write only what changed, so Sphinx's cache rebuilds only those pages."""
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def stage(lang: str, names: dict[str, Path], runs: dict[Path, Path], src_dir: Path, repository: str,
          lite: str) -> None:
    """A language's Sphinx sources in ``src_dir``: the executed notebooks and the markdown pages,
    their links made the site's, the index, and ``site.json`` for ``conf.py``."""
    wanted = {"index.md", "site.json", *names}
    for name, source in names.items():
        if source.suffix == ".ipynb":
            nb = json.loads(runs[source].read_text(encoding="utf-8"))
            for cell in nb["cells"]:
                if cell["cell_type"] == "markdown":
                    text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                    cell["source"] = site_markdown(text, source, lang, repository)
            write_if_changed(src_dir / name, json.dumps(nb, ensure_ascii=False, indent=1))
        else:
            write_if_changed(src_dir / name, site_markdown(source.read_text(encoding="utf-8"), source, lang, repository))
    write_if_changed(src_dir / "index.md", index_page(lang, list(names), repository, lite))
    stage_manual(src_dir / MANUAL_FOLDER if lang == "en" else None, repository)
    other = "en" if lang == "fr" else "fr"
    settings = {
        "language": lang,
        "title": site_words("title", lang),
        "repository": repository,
        "path_to_docs": "notebooks/" + LANGUAGES[lang]["prefix"],
        "lite": lite,
        "lite_prefix": LANGUAGES[lang]["prefix"],
        "lite_words": site_words("lite", lang),
        "footer_html": as_html(site_words("footer", lang, repository=f"https://github.com/{repository}")),
        "other_language": {"name": {"en": "English", "fr": "Français"}[other],
                           "url": index_of(other, lang)},
    }
    write_if_changed(src_dir / "site.json", json.dumps(settings, ensure_ascii=False, indent=1))
    for old in src_dir.iterdir():
        if old.is_file() and old.name not in wanted:
            old.unlink()


def stage_manual(folder: Path | None, repository: str) -> None:
    """The manual's pages in ``folder`` (of the English sources), their links made the site's;
    ``None``: no manual (the French site), and none left from an earlier build."""
    if folder is None or not MANUAL.is_dir():
        return
    found = manual_pages()
    for name, source in found.items():
        if source.suffix == ".md":
            write_if_changed(folder / name, manual_markdown(source.read_text(encoding="utf-8"), source, repository))
        elif not (folder / name).exists() or (folder / name).read_bytes() != source.read_bytes():
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, folder / name)
    for old in folder.iterdir():
        if old.is_file() and old.name not in found:
            old.unlink()


def sphinx(src_dir: Path, out_dir: Path, doctrees: Path) -> subprocess.Popen:
    env = dict(os.environ, CAFE_SITE_SOURCES=str(src_dir))
    return subprocess.Popen(env=env, args=[sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going",
                             "-c", str(CONF_DIR), "-d", str(doctrees), str(src_dir), str(out_dir)])


def build(output: Path, cache: Path, work: Path, repository: str, lite: bool, jobs: int,
          only: dict[str, set[str]] | None = None, axe: bool = False) -> None:
    """The site in ``output``. ``only``: the pages to build in each language (the tests' small
    site; links to the pages left out are not checked), by default every page."""
    start = time.perf_counter()
    chosen = {lang: {n: p for n, p in pages(lang).items() if only is None or n in only[lang]}
              for lang in LANGUAGES}
    left_out = {f"{LANGUAGES[lang]['prefix']}{Path(n).stem}.html"
                for lang in LANGUAGES for n in pages(lang) if n not in chosen[lang]}
    sources = [p for lang in LANGUAGES for p in chosen[lang].values() if p.suffix == ".ipynb"]
    runs = executed(sources, cache, jobs)
    procs = []
    for lang in LANGUAGES:
        lite_url = up(lang) + "lite/lab/index.html"
        stage(lang, chosen[lang], runs, work / "src" / lang, repository, lite_url)
    if output.exists():
        shutil.rmtree(output)
    for lang, spec in LANGUAGES.items():
        procs.append((lang, sphinx(work / "src" / lang, work / "html" / lang, work / "doctrees" / lang)))
    for lang, proc in procs:
        if proc.wait() != 0:
            sys.exit(f"Sphinx failed on the {lang} pages (its messages above)")
    shutil.copytree(work / "html" / "en", output, ignore=shutil.ignore_patterns(".buildinfo"))
    shutil.copytree(work / "html" / "fr", output / "fr", ignore=shutil.ignore_patterns(".buildinfo"))
    (output / ".nojekyll").write_text("")     # GitHub Pages: serve _static/ and _images/ as they are
    named = name_pictures(output)
    log(f"pictures named by what they show: {named}; pages mended for screen readers: {mend_theme(output)}")
    log(f"pages: {time.perf_counter() - start:.1f} s")
    if lite:
        import build_lite
        build_lite.build(output / "lite", ROOT / ".lite-build")
    problems = check_site(output, lite, left_out)
    if axe and not problems:
        sys.path.insert(0, str(ROOT / "tests" / "browser"))
        import harness   # the browser tests' Chromium: Debian's, never `playwright install`

        try:
            problems = check_accessibility(output, harness.chromium())
        finally:
            harness.release_chromium()
        log(f"axe-core: {len(problems)} violations of WCAG 2.1 A/AA")
    if problems:
        sys.exit("The site is not right:\n  " + "\n  ".join(problems))
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"built {output} in {time.perf_counter() - start:.1f} s: {size / 1e6:.1f} MB")


# -- every picture says what it shows (WCAG 1.1.1) ----------------------------------------------

_IMG = re.compile(r'<img\b[^>]*>')
_SRC = re.compile(r'\ssrc="([^"]+\.svg)"')
_ALT = re.compile(r'\salt="[^"]*"')
_SVG_WORDS = re.compile(r"<title>(.*?)</title>\s*<desc>(.*?)</desc>", re.S)


def name_pictures(output: Path) -> int:
    """Each café or board picture of the notebooks (an ``<img>`` of an SVG, which Sphinx names by
    its file) gets the picture's own words as its ``alt``: its ``<title>`` and ``<desc>`` (whose
    turn, the scores, every table and who sits there), in the page's language. Returns how many."""
    count = 0
    for page in output.rglob("*.html"):
        if "lite" in page.relative_to(output).parts:
            continue
        text = page.read_text(encoding="utf-8")

        def named(match):
            nonlocal count
            tag = match.group(0)
            src = _SRC.search(tag)
            if src is None or "://" in src.group(1):
                return tag
            picture = (page.parent / html.unescape(src.group(1))).resolve()
            words = _SVG_WORDS.search(picture.read_text(encoding="utf-8")) if picture.is_file() else None
            if words is None:
                return tag
            alt = html.escape(html.unescape(f"{words.group(1)} {words.group(2)}"), quote=True)
            count += 1
            return _ALT.sub(f' alt="{alt}"', tag, 1) if _ALT.search(tag) else tag.replace("<img", f'<img alt="{alt}"', 1)

        new = _IMG.sub(named, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
    return count


_SEARCH_BUTTON = re.compile(r'(<button class="[^"]*search-button-field[^"]*"[^>]*?) aria-label="[^"]*"')
_TOGGLE = '<summary><span class="toctree-toggle" role="presentation">'


def mend_theme(output: Path) -> int:
    """Two faults of the theme that axe-core finds on every page (WCAG 2.5.3, 4.1.2), mended in
    the pages built: the search button's ``aria-label`` ("Search") leaves out what it shows
    ("Search Ctrl+K"): without it, its name is what it shows; the menu's arrows (a
    ``<summary>`` holding only an icon) have no name: they get one, in the page's language.
    Returns how many pages changed."""
    count = 0
    for page in output.rglob("*.html"):
        parts = page.relative_to(output).parts
        if "lite" in parts:
            continue
        lang = "fr" if parts[0] == "fr" else "en"
        text = page.read_text(encoding="utf-8")
        new = _SEARCH_BUTTON.sub(r"\1", text)
        new = new.replace(_TOGGLE, f'<summary aria-label="{escape(site_words("toggle", lang))}">'
                                   '<span class="toctree-toggle" role="presentation">')
        if new != text:
            page.write_text(new, encoding="utf-8")
            count += 1
    return count


# -- the accessibility check: axe-core on every page ---------------------------------------------

#: What axe-core checks: WCAG 2.0 and 2.1, levels A and AA, and the label-content-name-mismatch
#: rule (WCAG 2.5.3), which axe still calls experimental and leaves out unless asked.
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
AXE_RULES = {"label-content-name-mismatch": {"enabled": True}}


def axe_source() -> str | None:
    """axe-core's script, from the axe-playwright-python package (the test extra); None without."""
    try:
        from importlib import resources

        return resources.files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")
    except (ImportError, FileNotFoundError):
        return None


def axe_page(page, url: str, source: str) -> list[str]:
    """The violations axe-core finds on ``url``, opened in Playwright's ``page``: one line each."""
    page.goto(url)
    page.wait_for_load_state("load")
    page.add_script_tag(content=source)
    found = page.evaluate(
        """async ([tags, rules]) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}, rules}))
            .violations.map(v => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0].html.slice(0, 120)}`)""",
        [list(AXE_TAGS), AXE_RULES])
    return list(found)


def check_accessibility(output: Path, browser, only=None) -> list[str]:
    """axe-core on every page of the site (not JupyterLite's), or on the pages named in ``only``
    (their paths in the site), served on localhost, in ``browser`` (a Playwright Chromium):
    every violation, named with its page."""
    import functools
    import http.server
    import threading

    source = axe_source()
    if source is None:
        return ["axe-core is missing: pip install -e '.[test]' (axe-playwright-python)"]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(output)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    problems = []
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        for html_page in sorted(output.rglob("*.html")):
            name = html_page.relative_to(output)
            if {"lite", "_static"} & set(name.parts[:2]) or (only is not None and name.as_posix() not in only):
                continue
            url = f"http://127.0.0.1:{server.server_port}/{name.as_posix()}"
            problems += [f"{name}: {v}" for v in axe_page(page, url, source)]
    finally:
        page.close()
        server.shutdown()
    return problems


# -- the check: nothing from another host, no broken link -------------------------------------

class _Refs(html.parser.HTMLParser):
    """Every address a page loads (``loads``) and every link it has (``links``)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.loads, self.links, self.ids = [], [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed") and a.get("src"):
            self.loads.append(a["src"])
        if tag == "link" and a.get("href"):
            (self.links if a.get("rel") in ("canonical", "alternate") else self.loads).append(a["href"])
        if tag == "object" and a.get("data"):
            self.loads.append(a["data"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])


CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)")


def _outside(url: str) -> bool:
    return bool(urlsplit(url).scheme in ("http", "https") or url.startswith("//"))


def _read(page: Path) -> _Refs:
    refs = _Refs()
    refs.feed(page.read_text(encoding="utf-8"))
    return refs


def check_site(output: Path, lite: bool = True, left_out: set[str] = frozenset()) -> list[str]:
    """What is wrong with the built site: a page or style sheet that loads something from another
    host; a link to a file of the site that is not there, or to an ``#anchor`` its page does not
    have; a JupyterLite link to a notebook the Lite site does not hold. Links into ``lite/`` are
    checked only when it was built, links to the ``left_out`` pages (``"fr/09_la_variante.html"``)
    of a partial build not at all."""
    problems, read = [], {}

    def refs_of(page: Path) -> _Refs:
        if page not in read:
            read[page] = _read(page)
        return read[page]

    for page in sorted(output.rglob("*.html")):
        if {"lite", "_static"} & set(page.relative_to(output).parts[:2]):
            continue
        refs, name = refs_of(page), page.relative_to(output)
        for url in refs.loads:
            if _outside(url):
                problems.append(f"{name} loads {url} from another host")
        for url in refs.loads + refs.links:
            parts = urlsplit(url)
            if parts.scheme or url.startswith(("//", "mailto:", "data:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            in_lite = (output / "lite") in target.parents
            if in_lite and not lite:
                continue
            if not target.exists() and output in target.parents \
                    and target.relative_to(output).as_posix() in left_out:
                continue
            if not target.exists():
                problems.append(f"{name} links to {parts.path}, which is not in the site")
            elif parts.fragment and target.suffix == ".html" and not in_lite \
                    and unquote(parts.fragment) not in refs_of(target).ids:
                problems.append(f"{name} links to {url}: {target.relative_to(output)} has no #{parts.fragment}")
            elif in_lite and parts.query:
                path = dict(q.split("=", 1) for q in parts.query.split("&") if "=" in q).get("path")
                if path and not (output / "lite" / "files" / unquote(path)).exists():
                    problems.append(f"{name} opens {path} in JupyterLite, which the Lite site does not hold")
    for css in sorted(output.rglob("*.css")):
        if "lite" in css.relative_to(output).parts[:1]:
            continue
        for url in CSS_URL.findall(css.read_text(encoding="utf-8", errors="replace")):
            if _outside(url):
                problems.append(f"{css.relative_to(output)} loads {url} from another host")
    return problems


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="the executed notebooks")
    ap.add_argument("--work", type=Path, default=DEFAULT_WORK, help="Sphinx's sources and cache")
    ap.add_argument("--repository", default=os.environ.get("CAFE_SITE_REPOSITORY") or DEFAULT_REPOSITORY,
                    help="owner/name on GitHub, for the launch buttons")
    ap.add_argument("--no-lite", dest="lite", action="store_false", help="leave out the JupyterLite site")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="notebooks run at once")
    ap.add_argument("--axe", action="store_true",
                    help="check every page with axe-core (WCAG 2.1 A/AA) in headless Chromium")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", args.repository):
        sys.exit(f"--repository: {args.repository!r} is not owner/name")
    build(args.output.resolve(), args.cache.resolve(), args.work.resolve(), args.repository, args.lite, args.jobs,
          axe=args.axe)


if __name__ == "__main__":
    main()
