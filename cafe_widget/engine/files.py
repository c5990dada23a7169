"""A file written whole, or not at all: a table of the class, a student's progress, a save, a
configuration. One way, for every room that writes one (standard library only)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_atomically(path: Path | str, text: str, mode: int = 0o600) -> None:
    """``text`` in ``path``, all or nothing: a new file beside it, flushed, renamed over it;
    readable by its owner only unless ``mode`` says otherwise."""
    path = Path(path)
    # A name of its own beside it, opened as given (relative stays relative: the game service works
    # inside its tables' folder, under a folder it may not enter, service/__main__.py).
    tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
