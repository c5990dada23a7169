"""The JupyterLite site (tools/build_lite.py): built into a temporary folder, then checked for
the notebooks, the piplite wheels and the lab extensions. Needs the ``lite`` tools
(jupyterlite-core, jupyterlite-pyodide-kernel) and PyPI for pip: skipped without the tools on a
developer's machine, a failure under CI. About 20 s."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "build_lite.py"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/*.ipynb"))


def load_script():
    spec = importlib.util.spec_from_file_location("build_lite", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def require_lite_tools() -> None:
    missing = [m for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel")
               if importlib.util.find_spec(m) is None]
    if missing:
        message = "the JupyterLite build needs: " + ", ".join(missing) + " (pip install -e '.[lite]')"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI is set, so this is a failure, not a skip)")
        pytest.skip(message)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    require_lite_tools()
    tmp = tmp_path_factory.mktemp("lite")
    out = tmp / "site"
    subprocess.run([sys.executable, str(SCRIPT), "--output-dir", str(out),
                    "--work-dir", str(tmp / "work")], check=True, timeout=300, cwd=ROOT)
    return out


def test_site_has_the_notebooks_with_the_install_cell(site):
    assert NOTEBOOKS
    for original in NOTEBOOKS:
        copy = json.loads((site / "files" / original.relative_to(ROOT / "notebooks")).read_text("utf-8"))
        assert copy["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel
        before = json.loads(original.read_text("utf-8"))
        sources = ["".join(c["source"]) for c in copy["cells"] if c["cell_type"] == "code"]
        if sources[0] != "".join(next(c["source"] for c in before["cells"]
                                      if c["cell_type"] == "code")):
            # the install cell, before the first code cell; the other cells unchanged
            assert "%pip install -q cafe_widget" in sources[0]
            assert len(copy["cells"]) == len(before["cells"]) + 1
        else:  # the notebook installs cafe_widget itself
            assert any("cafe_widget" in s and ("%pip" in s or "piplite" in s) for s in sources)
    listing = json.loads((site / "api/contents/all.json").read_text("utf-8"))
    assert {nb.name for nb in NOTEBOOKS if nb.parent.name == "notebooks"} <= {c["name"] for c in listing["content"]}
    french = json.loads((site / "api/contents/fr/all.json").read_text("utf-8"))
    assert {nb.name for nb in NOTEBOOKS if nb.parent.name == "fr"} <= {c["name"] for c in french["content"]}
    assert (site / "files" / "rules_card.md").exists() and (site / "files" / "rules_card_fr.md").exists()


def test_site_has_the_piplite_wheels(site):
    index = json.loads((site / "pypi/all.json").read_text("utf-8"))
    assert {"cafe-widget", "ipycanvas", "ipywidgets", "jupyterlab-widgets"} <= set(index)
    for name, project in index.items():
        for release in project["releases"].values():
            for artifact in release:
                wheel = site / "pypi" / artifact["filename"]
                assert wheel.exists() and wheel.name.endswith("-none-any.whl"), wheel
    (wheel,) = (site / "pypi").glob("cafe_widget-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert "cafe_widget/widget/widget.py" in zf.namelist()
        # the compiled catalogs: language("fr") and language("de") work in the browser too
        for lang in ("fr", "de"):
            assert f"cafe_widget/locale/{lang}/LC_MESSAGES/cafe_widget.mo" in zf.namelist()
    config = json.loads((site / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    urls = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pipliteUrls"]
    assert urls[0].startswith("./pypi/all.json")


def test_site_has_the_lab_extensions_and_no_pyodide(site):
    config = json.loads((site / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    names = {ext["name"] for ext in config["federated_extensions"]}
    assert names == {"ipycanvas", "@jupyter-widgets/jupyterlab-manager",
                     "@jupyterlite/pyodide-kernel-extension"}
    for name in names:
        assert (site / "extensions" / name / "package.json").exists(), name
    # Pyodide itself is loaded from the CDN in the browser, never bundled at build time.
    assert not (site / "static/pyodide").exists()
    assert (site / "index.html").exists() and (site / "lab/index.html").exists()


def test_install_cell_does_nothing_outside_the_browser():
    """The added cell, as IPython runs it in ordinary Jupyter: no pip, no network."""
    transformer = pytest.importorskip("IPython.core.inputtransformer2").TransformerManager()
    module = load_script()
    code = transformer.transform_cell(module.SETUP_CELL_SOURCE)
    calls = []

    class FakeIPython:
        def run_line_magic(self, *args):
            calls.append(args)

    exec(compile(code, "<setup cell>", "exec"), {"get_ipython": FakeIPython})
    assert calls == []
    # and in Pyodide it would run `%pip install -q cafe_widget`
    assert "run_line_magic('pip', 'install -q cafe_widget')" in code
