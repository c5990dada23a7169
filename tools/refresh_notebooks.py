"""Run the teaching notebooks and keep only what should be committed.

    python tools/refresh_notebooks.py [notebooks/04_scoring.ipynb …]

Each notebook is executed top to bottom (in its own folder, with this Python's kernel); then
every output is removed except those of the cells tagged ``nbval-check-output``, which keep
their plain-text output and execution count: nbval (``make test``) compares them, so a change
in the engine's scoring fails the suite. Widget state is dropped too, so a notebook opened on
GitHub shows no stale "model not found" widget. Run it after editing a notebook or the engine,
then read the diff.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
CHECK = "nbval-check-output"     # cell tags, read by nbval (and JupyterLab, for raises-exception);
RAISES = "raises-exception"      # students see no marker in the code
KEEP = ("text/plain",)


def _coalesce(outputs: list) -> list:
    """Join consecutive chunks of the same stream (the kernel may flush a print in pieces),
    so the file does not change from run to run."""
    merged = []
    for out in outputs:
        if (merged and out.output_type == "stream" and merged[-1].output_type == "stream"
                and merged[-1].name == out.name):
            merged[-1].text += out.text
        else:
            merged.append(out)
    return merged


#: A kernel's ports are chosen free, closed, then bound by the kernel it starts: another process
#: starting a kernel (the tests run several at once) may take one in between, and the kernel dies
#: before it replies (ZMQError "Address already in use"; jupyter_client #154). Started again, it
#: gets new ports; a kernel that dies every time still fails.
KERNEL_DIED = "Kernel died before replying to kernel_info"
STARTS = 3


def run(nb, folder: Path, timeout: int = 120) -> None:
    """Execute ``nb`` (nbformat) top to bottom in a kernel of this Python, in ``folder``, with a
    progress file of its own: running the course never writes into the runner's own record."""
    with tempfile.TemporaryDirectory(prefix="cafe-run-") as tmp:
        env = {"CAFE_WIDGET_PROGRESS": str(Path(tmp) / "progress.json")}
        saved = {k: os.environ.get(k) for k in (*env, "NBGRADER_EXECUTION")}
        os.environ.update(env)
        os.environ.pop("NBGRADER_EXECUTION", None)      # a grader's kernel would record nothing
        try:
            for attempt in range(STARTS):
                try:
                    NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                                   extra_arguments=["--IPKernelApp.log_level=ERROR"],
                                   resources={"metadata": {"path": str(folder)}}).execute()
                    break
                except RuntimeError as err:     # no cell ran: a kernel that never started
                    if KERNEL_DIED not in str(err) or attempt == STARTS - 1:
                        raise
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def problems(nb) -> list[str]:
    """What is wrong with an executed notebook: a cell that failed though not tagged
    ``raises-exception``, a tagged one that raised nothing, an nbval marker in the code."""
    found = []
    for i, cell in enumerate(nb.cells):
        failed = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        raises = RAISES in cell.metadata.get("tags", [])
        if "NBVAL_" in cell.source:
            found.append(f"cell {i}: an nbval marker in the code; tag the cell instead")
        if failed and not raises:
            found.append(f"cell {i}: {failed[0].ename}: {failed[0].evalue}")
        if raises and not failed:
            found.append(f"cell {i}: marked {RAISES} but raised nothing")
    return found


def refresh(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    run(nb, path.parent)
    wrong = problems(nb)
    if wrong:
        sys.exit(f"{path.name}, {wrong[0]}")
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if CHECK in cell.metadata.get("tags", []):
            kept = []
            for out in cell.outputs:
                if out.output_type == "stream":
                    kept.append(out)
                elif out.output_type in ("execute_result", "display_data"):
                    out.data = {k: v for k, v in out.data.items() if k in KEEP}
                    out.metadata = {}
                    if out.data:
                        kept.append(out)
            cell.outputs = _coalesce(kept)
        else:
            cell.outputs, cell.execution_count = [], None
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"refreshed {path.relative_to(ROOT)}")


if __name__ == "__main__":
    paths = [Path(p).resolve() for p in sys.argv[1:]] or sorted((ROOT / "notebooks").glob("**/[0-9]*.ipynb"))
    for p in paths:
        refresh(p)
