"""Two small helpers both games' notations read their fields with (a field of cards or tiles, a
number): beneath :mod:`.played` (the card game's notation) and :mod:`.board_layout` (the board
game's, B15), so the board's notation does not import the games' shared base, which imports
:mod:`.views`, which reads the board's notation.
"""

from __future__ import annotations


def parse_items(text: str, field: str, parse_one) -> tuple[str, ...]:
    """A field of cards or tiles (``-`` for none), each read by ``parse_one(token, field)``."""
    tokens = text.split()
    if tokens == ["-"]:
        return ()
    return tuple(parse_one(tok, field) for tok in tokens)


def is_number(text: str, max_digits: int) -> bool:
    """Plain ASCII digits, at most ``max_digits`` of them (so ``int`` is safe and quick)."""
    return 0 < len(text) <= max_digits and text.isascii() and text.isdigit()
