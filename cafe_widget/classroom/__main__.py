"""``python -m cafe_widget.classroom make-course DIR …`` and ``… summary FILES…``."""

from __future__ import annotations

import sys

from ..i18n import N_, available, say

UNKNOWN = N_("{command} is not a command of python -m cafe_widget.classroom: see python -m cafe_widget.classroom --help.")

USAGE = """usage:
  python -m cafe_widget.classroom make-course DIR [--lang en|fr] [--notebooks NN …] [--from FOLDER] [--force]
                                  [--timeout SECONDS] [--jobs N] [--course-id ID]
  python -m cafe_widget.classroom summary FILES… [--heatmap PICTURE.svg] [--lang en|fr|de]
  python -m cafe_widget.classroom hub-config DIR [--teachers NAME…] [--students NAME…] [--env PREFIX]
                                 [--data FOLDER] [--ip IP] [--port PORT] [--service-port PORT] [--service-user NAME]
                                 [--course-id ID] [--exchange FOLDER] [--course-dir FOLDER]
                                 [--authenticator pam|shared] [--password PASSWORD] [--teacher-password PASSWORD]
                                 [--pace SECONDS] [--proxy PATH] [--no-live-progress] [--force]
  python -m cafe_widget.classroom open-table NAME --seats USER|free|computer… [--game card|board] [--seed N]
  python -m cafe_widget.classroom tables | save-table NAME [--out FILE] | pause-table NAME [--resume]
  python -m cafe_widget.classroom give-seat NAME SEAT USER | close-table NAME

make-course  writes an nbgrader course in DIR: nbgrader_config.py and source/<assignment>/,
             one assignment a notebook of the course, its exercises graded by the engine.
summary      reads the progress files students handed in (JSON or CSV) and nbgrader's
             grades.csv, prints the class's table and, with --heatmap, draws its heat map.
hub-config   writes jupyterhub_config.py for a class on one server (the game service, its scopes,
             the students' servers), and into the environment nbgrader's settings, the teachers'
             tools and the terminals' start-up file (the teacher's guide, chapter 9).
open-table … the class's tables on the hub, from a terminal of the teacher's own server.

Each command's options, explained: python -m cafe_widget.classroom COMMAND --help
"""

def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "make-course":
        from .course.cli import main as run
    elif command == "summary":
        from .progress.summary import main as run
    elif command == "hub-config":
        from .hub import main as run
    elif command in ("open-table", "tables", "save-table", "close-table", "pause-table", "give-seat"):
        from .tables.cli import main as table_command

        return table_command(command, rest)
    else:
        lang = next((rest[n + 1] for n, arg in enumerate(rest[:-1]) if arg == "--lang"), "en")
        print(say(UNKNOWN, lang if lang in available() else "en", command=command), file=sys.stderr)
        return 2
    return run(rest)


if __name__ == "__main__":
    sys.exit(main())
