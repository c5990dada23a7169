"""The class's tables from a terminal on the hub (the teacher's own server has the token and the
service's address): ``python -m cafe_widget.classroom open-table 3B --seats alice bob computer``,
``tables``, ``save-table``, ``pause-table``, ``give-seat``, ``close-table``."""

from __future__ import annotations

import argparse
import json
import sys

from ...service import protocol

def main(command: str, argv: list[str]) -> int:
    from . import teacher

    parser = argparse.ArgumentParser(prog=f"python -m cafe_widget.classroom {command}")
    if command == "open-table":
        parser.add_argument("name", help="the table's name, such as 3B")
        parser.add_argument("--game", choices=("card", "board"), default="card")
        parser.add_argument("--seats", nargs="+", required=True,
                            help="each a hub user, free, or a computer (computer, random, greedy, steady, strong; expert at the card game)")
        parser.add_argument("--seed", type=int, default=None)
    elif command in ("save-table", "close-table", "pause-table"):
        parser.add_argument("name")
        if command == "save-table":
            parser.add_argument("--out", help="the file to write (default: print it)")
        if command == "pause-table":
            parser.add_argument("--resume", action="store_true", help="let the table go on")
    elif command == "give-seat":
        parser.add_argument("name")
        parser.add_argument("seat", type=int, help="the seat, from 1")
        parser.add_argument("user", help="a hub user, or free")
    args = parser.parse_args(argv)
    try:
        if command == "tables":
            print(teacher.tables(quiet=True))
            return 0
        if command == "open-table":
            teacher._call("POST", protocol.TABLES, {"name": args.name, "game": args.game, "seats": args.seats,
                                                "seed": args.seed}, quiet=True)
        elif command == "save-table":
            text = json.dumps(teacher._call("GET", protocol.action(args.name, "save"), quiet=True), indent=1)
            if args.out:
                from ...engine.files import write_atomically
                from pathlib import Path

                write_atomically(Path(args.out), text)
            else:
                print(text)
            return 0
        elif command == "close-table":
            teacher._call("POST", protocol.action(args.name, "close"), {}, quiet=True)
        elif command == "pause-table":
            teacher._call("POST", protocol.action(args.name, "resume" if args.resume else "pause"), {}, quiet=True)
        elif command == "give-seat":
            teacher._call("POST", protocol.action(args.name, "seats"), {"seat": args.seat - 1, "user": args.user},
                         quiet=True)
    except teacher.ServiceError as err:
        print(err.sentence, file=sys.stderr)
        return 1
    print("ok")
    return 0
