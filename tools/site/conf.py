"""Sphinx's configuration of the course's website, one language at a time: ``tools/build_site.py``
writes the sources and their ``site.json`` (the language, the repository, the Lite site), then
runs Sphinx with this folder as its configuration. Nothing here reaches the internet: the
notebooks come executed (``nb_execution_mode = "off"``), and no page loads a widget manager,
require.js or MathJax from a CDN. The manual (docs/manual/, English only) is built with the English
site, its API reference by autodoc from the installed package."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
_site = None


def _settings(srcdir):
    return json.loads((Path(srcdir) / "site.json").read_text(encoding="utf-8"))


# Sphinx reads this file before it knows the source folder: build_site.py passes it as the
# environment's CAFE_SITE_SOURCES (the one folder that holds site.json).
import os  # noqa: E402

SITE = _settings(os.environ["CAFE_SITE_SOURCES"])

project = SITE["title"]
author = "cafe_widget"
copyright = "cafe_widget developers"
language = SITE["language"]
extensions = ["myst_nb", "sphinx.ext.autodoc"]
# The manual's API reference (manual/api.md, English site only): the package's docstrings, read
# by importing it here (it is this Python's); nothing is fetched (no intersphinx).
autodoc_member_order = "bysource"
exclude_patterns = ["site.json"]
master_doc = root_doc = "index"

# The notebooks are executed by build_site.py (with its cache); Sphinx only reads them.
nb_execution_mode = "off"
# No widget manager, require.js or ipycanvas from a CDN: the widgets are shown by their picture.
nb_ipywidgets_js = {}
# Each widget's picture rather than its text: the site has no kernel to run the live view.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
# build_site.py has made every link of the course the address of its page (either language's),
# and checks each one, its #anchor too, once the site is built.
myst_all_links_external = True

html_theme = "sphinx_book_theme"
html_title = SITE["title"]
html_static_path = [str(HERE / "_static")]
html_css_files = ["site.css"]
html_last_updated_fmt = None
# the executed notebook, for the download button (_sources/)
html_copy_source = True
html_show_sourcelink = False
html_theme_options = {
    "repository_url": f"https://github.com/{SITE['repository']}",
    "repository_branch": "HEAD",
    "path_to_docs": SITE["path_to_docs"],
    "use_repository_button": True,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "launch_buttons": {
        "binderhub_url": "https://mybinder.org",
        "notebook_interface": "jupyterlab",
    },
    "extra_footer": SITE["footer_html"],
    "article_header_start": ["toggle-primary-sidebar.html"],
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
}
html_sidebars = {"**": ["navbar-logo.html", "other-language.html", "sbt-sidebar-nav.html"]}   # the search is in the header
templates_path = [str(HERE / "_templates")]
html_context = {"other_language": SITE["other_language"]}


def _jupyterlite_button(app, pagename, templatename, context, doctree):
    """Beside Binder in the launch menu: the same notebook in the site's own JupyterLite (whose
    files are laid out as notebooks/ is: the theme's own JupyterLite button would put the
    repository's folder in front)."""
    if not context.get("header_buttons") or not str(app.env.doc2path(pagename)).endswith(".ipynb"):
        return
    for group in context["header_buttons"]:
        if group.get("label") == "launch-buttons":
            depth = pagename.count("/")
            group["buttons"].append({
                "type": "link",
                "text": "JupyterLite",
                "tooltip": SITE["lite_words"],
                "icon": "_static/images/logo_jupyterlite.svg",
                "url": "../" * depth + f"{SITE['lite']}?path={SITE['lite_prefix']}{pagename}.ipynb",
            })


def setup(app):
    app.connect("html-page-context", _jupyterlite_button, priority=600)
