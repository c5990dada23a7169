"""``python -m cafe_widget.classroom make-course DIR …``: the command line of :mod:`.notebooks`.

Every argument is read and checked before anything is run: a wrong one (an unknown option, no
folder, ``--timeout 0``) is one sentence of the catalogs, in the language of ``--lang`` when it is
one the package speaks, with a pointer to ``--help``, and the exit status 2; nothing is written.
"""

from __future__ import annotations

import argparse
import sys

from ...i18n import available, translate
from .notebooks import COURSE_ID, COURSE_IDS, WORDS, CourseError, _check_settings, _say, _whole, make_course

PROG = "python -m cafe_widget.classroom make-course"
USAGE = (f"{PROG} DIR [--lang en|fr] [--notebooks NN …] [--from FOLDER] [--force]\n"
         f"{' ' * (len(PROG) + 7)}[--timeout SECONDS] [--jobs N] [--course-id ID]")


class _ArgumentsError(Exception):
    """argparse's own complaint, said by :func:`main` in one sentence of the catalogs."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _ArgumentsError(message)


def parser() -> argparse.ArgumentParser:
    """make-course's command line."""
    parser = _Parser(prog=PROG, usage=USAGE, description="Write the course as an nbgrader course in DIR "
                     "(nothing is written when something is wrong: the course is made beside DIR, then moved in).")
    parser.add_argument("dir", nargs="?", metavar="DIR", help="the course's folder (nbgrader's root): created if need be")
    parser.add_argument("--lang", default="en", help="the course's language: en or fr (default: en)")
    parser.add_argument("--notebooks", nargs="+", metavar="NN", help="only these notebooks (01 04 …; default: all)")
    parser.add_argument("--from", dest="folder", metavar="FOLDER",
                        help="the course's notebooks (default: the installed package's, or the repository's notebooks/)")
    parser.add_argument("--force", action="store_true",
                        help="write over the assignments and nbgrader_config.py already there (a changed "
                             "nbgrader_config.py is kept as nbgrader_config.py.bak)")
    parser.add_argument("--timeout", default="120", metavar="SECONDS",
                        help="nbgrader's cell timeout, and the kernels' here, in whole seconds (default: 120)")
    parser.add_argument("--jobs", metavar="N", help="notebooks run at a time to compute the right answers "
                        "(default: one a core)")
    parser.add_argument("--course-id", metavar="ID", help="nbgrader's course id: letters, digits, _ and - "
                        f"(default: {COURSE_IDS['en']}, {COURSE_IDS['fr']} for --lang fr)")
    return parser


def _language_of(argv: list[str]) -> str:
    """The language the command speaks, read before its arguments are: ``--lang``'s if it is one."""
    for n, arg in enumerate(argv):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else argv[n + 1] if arg == "--lang" and n + 1 < len(argv) else None
        if value is not None:
            return value if value in available() else "en"
    return "en"


def _arguments(argv: list[str], lang: str) -> argparse.Namespace:
    """make-course's arguments, or a CourseError: one sentence naming what is wrong."""
    try:
        args, extra = parser().parse_known_args(argv)
    except _ArgumentsError as err:
        raise CourseError(_say("bad_arguments", lang, error=err)) from None
    options = [e for e in extra if e.startswith("-") and e != "-"]
    if options:
        raise CourseError(_say("unknown_option", lang, option=options[0].split("=", 1)[0]))
    if args.dir is None:
        raise CourseError(_say("no_dir", lang))
    if extra:
        raise CourseError(_say("extra_argument", lang, path=args.dir, extra=extra[0]))
    _check_settings(lang, args.timeout, args.jobs, args.course_id or COURSE_IDS.get(args.lang, COURSE_ID))
    return args


def main(argv: list[str]) -> int:
    lang = _language_of(argv)
    try:
        args = _arguments(argv, lang)
    except CourseError as err:
        print(err, file=sys.stderr)
        return 2
    except SystemExit as done:          # --help
        return done.code or 0
    try:
        made = make_course(args.dir, args.lang, args.notebooks, folder=args.folder, force=args.force,
                           timeout=_whole(args.timeout), jobs=None if args.jobs is None else _whole(args.jobs),
                           course_id=args.course_id)
    except CourseError as err:
        print(err, file=sys.stderr)
        return 1
    cells, points = sum(len(a.exercises) for a in made), sum(a.points for a in made)
    print(_say("written", lang, path=args.dir,
               assignments=translate(WORDS["assignments_n"], lang, len(made)).format(n=len(made)),
               cells=translate(WORDS["cells_n"], lang, cells).format(n=cells),
               points=translate(WORDS["points_n"], lang, points).format(n=points)))
    for a in made:
        n, points = len(a.exercises), a.points
        print(f"  {a.name:<26} {translate(WORDS['exercises'], lang, n).format(n=n):<14} "
              f"{translate(WORDS['points_n'], lang, points).format(n=points):<10} {a.title}")
    print(_say("next", lang, path=args.dir, first=made[0].name))
    return 0
