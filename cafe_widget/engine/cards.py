"""The cards of Café International (R1): 12 nations, 96 guests, 24 tables.

A guest is written as its nation code and ``f`` (woman) or ``m`` (man):
``"DEf"``, ``"ITm"``. A table card is written as its nation code: ``"RU"``.
Guests and tables are plain strings everywhere in the engine.
"""

from __future__ import annotations

from collections import Counter

from ..i18n import N_
from .errors import NotationError
# The cards in words, importable from here as before (names.py: beneath messages, which errors asks).
from .names import GUEST_NAMES, NATION_NAMES, TABLE_ADJECTIVES, guest_name  # noqa: F401

#: The 12 nation codes of R1, in the order used for sorting and for palettes.
NATIONS = ("CF", "CN", "CU", "DE", "ES", "FR", "GB", "IN", "IT", "RU", "TR", "US")

SEXES = ("f", "m")

#: The 24 kinds of guest, in palette order: by nation, woman before man.
GUEST_KINDS = tuple(n + s for n in NATIONS for s in SEXES)

#: Copies in the game box (R1): 4 of each guest kind, 2 of each table.
GUEST_COPIES = 4
TABLE_COPIES = 2

_GUEST_SET = frozenset(GUEST_KINDS)
_NATION_SET = frozenset(NATIONS)
_GUEST_ORDER = {g: i for i, g in enumerate(GUEST_KINDS)}


_GUEST_DECK = tuple(g for g in GUEST_KINDS for _ in range(GUEST_COPIES))
_TABLE_DECK = tuple(n for n in NATIONS for _ in range(TABLE_COPIES))


def full_guest_deck() -> tuple[str, ...]:
    """All 96 guest cards, sorted (R1)."""
    return _GUEST_DECK


def full_table_deck() -> tuple[str, ...]:
    """All 24 table cards, sorted (R1)."""
    return _TABLE_DECK


def is_guest(code: str) -> bool:
    """True for a canonical guest code such as ``"RUf"``."""
    return code in _GUEST_SET


def is_nation(code: str) -> bool:
    """True for one of the 12 nation codes."""
    return code in _NATION_SET


def nation_of(guest: str) -> str:
    """``"RU"`` for ``"RUf"``."""
    return guest[:2]


def sex_of(guest: str) -> str:
    """``"f"`` or ``"m"``."""
    return guest[2]


def guest_sort_key(guest: str) -> int:
    """Palette order: by nation, woman before man."""
    return _GUEST_ORDER[guest]


def sort_guests(guests) -> tuple[str, ...]:
    """A hand or list of guests in palette order."""
    return tuple(sorted(guests, key=_GUEST_ORDER.__getitem__))


def parse_guest(token: str, field: str = "guest") -> str:
    """Read a guest code, forgiving case (``ruF`` → ``RUf``); NotationError otherwise."""
    if token in _GUEST_SET:      # already written as the notation writes it: most of the time
        return token
    if len(token) == 3:
        code = token[:2].upper() + token[2].lower()
        if code in _GUEST_SET:
            return code
    raise NotationError(
        field, token,
        N_("is not a guest: write a nation code and f or m, for example RUf or ITm"),
    )


def parse_nation(token: str, field: str = "tables") -> str:
    """Read a nation code, forgiving case; NotationError otherwise."""
    code = token.upper()
    if code in _NATION_SET:
        return code
    raise NotationError(field, token, N_("is not a nation code ({codes})"), codes=" ".join(NATIONS))


def table_points(guests: int, all_own_nation: bool) -> int:
    """One table's points for the guest just seated (R8, B8): 0 for a guest alone, else the
    number of guests, doubled when all of them are of the table's nation."""
    if guests < 2:
        return 0
    return 2 * guests if all_own_nation else guests


def check_copies(guests, tables, field: str) -> None:
    """NotationError when a position holds more copies of a card than the box has (R1)."""
    for code, n in Counter(guests).items():
        if n > GUEST_COPIES:
            raise NotationError(field, code, N_("appears {n} times; the game has only {copies} (R1)"),
                                n=n, copies=GUEST_COPIES)
    for code, n in Counter(tables).items():
        if n > TABLE_COPIES:
            raise NotationError(field, code, N_("table appears {n} times; the game has only {copies} (R1)"),
                                n=n, copies=TABLE_COPIES)
