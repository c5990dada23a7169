"""``python -m cafe_widget.classroom make-course DIR …`` and ``… summary FILES…``."""

from __future__ import annotations

import sys


USAGE = """usage:
  python -m cafe_widget.classroom make-course DIR [--lang en|fr] [--notebooks 01 04 …]
  python -m cafe_widget.classroom summary FILES… [--heatmap PICTURE.svg] [--lang en|fr|de]
  python -m cafe_widget.classroom hub-config DIR [--teachers NAME…] [--students NAME…] [--env PREFIX] …
  python -m cafe_widget.classroom open-table NAME --seats USER|free|computer… [--game card|board] [--seed N]
  python -m cafe_widget.classroom tables | save-table NAME [--out FILE] | pause-table NAME [--resume]
  python -m cafe_widget.classroom give-seat NAME SEAT USER | close-table NAME

make-course  writes an nbgrader course in DIR: nbgrader_config.py and source/<assignment>/,
             one assignment a notebook of the course, its exercises graded by the engine.
summary      reads the progress files students handed in (JSON or CSV) and nbgrader's
             grades.csv, prints the class's table and, with --heatmap, draws its heat map.
hub-config   writes jupyterhub_config.py and nbgrader_config.py for a class on one server
             (the game service, its scopes, the students' servers; the teacher's guide, chapter 9).
open-table … the class's tables on the hub, from a terminal of the teacher's own server.
"""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "make-course":
        from .course import main as run
    elif command == "summary":
        from .summary import main as run
    elif command == "hub-config":
        from .hub import main as run
    elif command in ("open-table", "tables", "save-table", "close-table", "pause-table", "give-seat"):
        from .tables_cli import main as table_command

        return table_command(command, rest)
    else:
        print(f"unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    return run(rest)


if __name__ == "__main__":
    sys.exit(main())
