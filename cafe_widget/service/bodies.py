"""What a request to the game service may carry: its body, bounded before it is parsed.

A body is at most :data:`MAX_BODY` bytes of UTF-8 JSON nested at most :data:`MAX_DEPTH` deep,
counted by a scan that skips strings before anything is parsed: a body nested 100,000 deep, or
64 MB of it, is a refusal with a sentence, never a crash or a minute of the service's one thread.
"""

from __future__ import annotations

import json

from .rooms import refused

MAX_BODY = 64 * 1024   # a request's body, in bytes
MAX_DEPTH = 32         # how deep its JSON may nest


def read_body(raw: bytes, lang: str | None) -> dict:
    """A request's body as the JSON object it must be (nothing: ``{}``), read only when it is at
    most ``MAX_BODY`` bytes of UTF-8 nested at most ``MAX_DEPTH`` deep (counted before parsing,
    brackets inside strings aside). Refused ("not_json", 400) otherwise: nothing changed."""
    raw = raw or b"{}"
    if len(raw) > MAX_BODY or _depth(raw) > MAX_DEPTH:
        raise refused("not_json", lang, 400)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):      # not UTF-8, not JSON, a number of thousands of digits
        data = None
    if not isinstance(data, dict):
        raise refused("not_json", lang, 400)
    return data


def _depth(raw: bytes) -> int:
    """How deep ``raw``'s JSON brackets nest, those in strings aside (a bound: it is not parsed)."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return 0          # too few brackets to be too deep: no need to look further
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:           # \
                escaped = True
            elif byte == 0x22:           # "
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):       # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif byte in (0x5D, 0x7D):       # ] }
            depth -= 1
    return deepest
