"""A clone holds what the project cites: every path of the repository named in its code, tests,
tools and documents is there, the rules contracts the code cites are in docs/, and nothing points
at a note the clone lacks (an issue of the project's tracker, a folder beside the checkout)."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Folders of the repository a text may name a path in.
PATH = re.compile(r"(?<![\w./~-])((?:docs|tools|benchmarks|tests|notebooks|binder|cafe_widget|\.ci)/[\w./-]*\w)")
#: The project's own tracker; an upstream project's issue ("JupyterLab issue 11435") is a public page.
ISSUE = re.compile(r"(?<!JupyterLab )\b[Ii]ssues? #?\d+")
#: Made by a build (the course copied into the wheel) or a run, or an example of a folder a reader
#: makes (a new language's catalog).
MADE = ("tests/browser/screenshots", "cafe_widget/course", "cafe_widget/locale/it")


def _tracked() -> list[Path]:
    try:
        names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / n for n in names if n.endswith((".py", ".md", ".toml", ".cfg", ".txt", ".yaml", ".yml", ".ipynb"))
            or n in ("Makefile", ".ci/run")]


def test_every_path_the_repository_names_is_in_it():
    missing = []
    for path in _tracked():
        if "docs/deploy/z2jh/schema/" in str(path):     # the chart's own files, vendored as they are
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in PATH.finditer(text):
            cited = match.group(1).rstrip(".")
            if text[match.end():match.end() + 1] in "*{<[\\" or cited.endswith("_"):
                continue                                # a pattern (tests/engine/golden/board_*.txt)
            if cited.startswith(MADE) or (ROOT / cited).exists():
                continue
            missing.append(f"{path.relative_to(ROOT)}: {cited}")
    assert missing == []


def test_no_note_outside_the_repository_is_cited():
    cited = []
    for path in _tracked():
        if "docs/deploy/z2jh/schema/" in str(path) or path.name in ("test_repository.py", "test_course.py",
                                                                    "test_rules_card.py"):   # they check the same
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if ISSUE.search(line) or "../shared" in line:
                cited.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}")
    assert cited == []


def test_the_contracts_the_code_cites_are_in_docs_and_a_licence_at_the_root():
    for name in ("RULES.md", "BOARD_RULES.md", "HUB.md", "JUPYTER.md"):
        assert (ROOT / "docs" / name).is_file(), name
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    bare = []
    for path in (ROOT / "cafe_widget").rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(?<![/\w])(BOARD_)?RULES\.md", line):
                bare.append(f"{path.relative_to(ROOT)}:{n}")
    assert bare == []                  # cited as docs/RULES.md: where a clone has it
