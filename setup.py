"""The build hook that puts the course in the wheel; everything else is pyproject.toml's.

``pip install cafe_widget`` brings the course with it: the teaching notebooks
(``notebooks/NN_*.ipynb``, ``notebooks/fr/NN_*.ipynb``) and the files they link that make-course
copies beside an assignment (``notebooks/rules_card*.md``), in ``cafe_widget/course/`` of the
wheel, in the repository's layout, so ``python -m cafe_widget.classroom make-course DIR`` needs no
``--from``. The repository keeps one copy, ``notebooks/``: the hook copies it at build time, and an
editable install (``make install``) reads it where it is. Sources without ``notebooks/`` (the
JupyterLite build's copy of the package, tools/build_lite.py) build a wheel without the course.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: The course's files in ``notebooks/``, as they go in ``cafe_widget/course/``.
COURSE = ("[0-9][0-9]_*.ipynb", "fr/[0-9][0-9]_*.ipynb", "rules_card*.md")


def course_files(root: Path = HERE) -> list[str]:
    """The course's files, relative to ``notebooks/`` (none when there is no ``notebooks/``)."""
    folder = Path(root) / "notebooks"
    return sorted({p.relative_to(folder).as_posix() for pattern in COURSE for p in folder.glob(pattern)
                   if p.is_file()})


class build_py_with_course(build_py):
    """setuptools' build_py, then the course's files copied into the built package."""

    def _course(self) -> list[tuple[Path, Path]]:
        if getattr(self, "editable_mode", False):   # editable: the package reads notebooks/ itself
            return []
        out = Path(self.build_lib, "cafe_widget", "course")
        return [(HERE / "notebooks" / name, out / name) for name in course_files()]

    def run(self):
        super().run()
        for original, copy in self._course():
            self.mkpath(str(copy.parent))
            self.copy_file(str(original), str(copy))

    def get_outputs(self, include_bytecode=True):
        return [*super().get_outputs(include_bytecode), *(str(copy) for _, copy in self._course())]


if __name__ == "__main__":
    setup(cmdclass={"build_py": build_py_with_course})
