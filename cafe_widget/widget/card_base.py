"""What the card widget's screens share: its players' defaults, the state an event may change,
the words the command box takes (in every language), and small helpers."""

from __future__ import annotations

import random
from collections import Counter


from ..engine import Cafe
from ..engine.cards import full_table_deck
from ..i18n import NP_, translate, typed_words
from ..players.card import DEFAULT as DEFAULT_COMPUTER  # noqa: F401 (the widgets read it here)

COMPUTER = "computer"             # a computer player of the default kind (DEFAULT_COMPUTER)

#: The scoresheet's and the history's buttons: they work whatever the game is waiting for.
HISTORY_BUTTONS = ("back", "forward", "review", "rows_up", "rows_down", "try", "live", "best", "new")
#: Words the command box takes for the buttons (besides placements in notation): each action's
#: words, "|" between them, the first one shown in the box's hint.
# Translators: words a student types in the command box, "|" between them; keep them short.
WORDS_TYPED = {
    "draw": NP_("typed", "draw"), "end": NP_("typed", "end|keep"), "undo": NP_("typed", "undo"),
    "declare": NP_("typed", "declare"), "hint": NP_("typed", "hint"), "check": NP_("typed", "check"),
    "show_best": NP_("typed", "best|show best"), "next": NP_("typed", "next"),
    "answer": NP_("typed", "answer"), "clear": NP_("typed", "clear"),
    "new": NP_("typed", "new|new game"), "review": NP_("typed", "review"),
    "back": NP_("typed", "back"), "forward": NP_("typed", "forward"), "live": NP_("typed", "live"),
    "try": NP_("typed", "try"), "down": NP_("typed", "down"),
    # the hot-seat hand-over ("show" the next player's hand), the scoresheet's rows up and down
    "handover": NP_("typed", "show|show hand|ready"), "rows_up": NP_("typed", "earlier|rows up"),
    "rows_down": NP_("typed", "later|rows down"),
}
#: Every language's words at once (a French student may type "piocher" in an English widget).
COMMANDS = typed_words(WORDS_TYPED)


def _command_words(buttons, lang: str | None = None) -> list[str]:
    """What the command box takes now, for the buttons shown, in the widget's language (the first
    word of each)."""
    out = ["RUf@c2"]
    for key in buttons:
        if key not in WORDS_TYPED:
            continue
        word = translate(WORDS_TYPED[key], lang).split("|")[0] + (" ITm" if key == "down" else "")
        if word not in out:
            out.append(word)
    return out


def _read_word(step: str) -> tuple[str | None, str]:
    """A typed word (``"draw"``, ``"fin du tour"``) → (its action, ""); the log's spellings with
    an argument, ``"down:RUf"``, ``"down RUf"``, ``"cachée RUf"``, ``"declare:2"`` → (action,
    argument); (None, "") for anything else."""
    word = " ".join(step.lower().split())
    if word in COMMANDS:
        return COMMANDS[word], ""
    head, _, arg = word.replace(":", " ", 1).partition(" ")
    key = COMMANDS.get(head)
    if key in ("down", "declare", "draw") and arg.strip():
        if key == "draw":
            return None, ""
        return key, step.strip()[len(head) + 1:].strip()
    return None, ""


def box_pile(cafe: Cafe) -> tuple[str, ...]:
    """The table cards not on ``cafe``: the rest of the box (24 tables, R1), in a fixed shuffled
    order, so that a sandbox written without a pile still brings in new tables when a full
    table is cleared (R9), the same on every computer."""
    rest = Counter(full_table_deck()) - Counter(t for t in cafe.tables if t)
    pile = sorted(rest.elements())
    random.Random(0).shuffle(pile)
    return tuple(pile)


def _hint_labels(cards, placed: int) -> tuple[tuple[str, str], ...]:
    """(seat, "1 RUf +6"): the cards of a turn numbered in order, for the lights layer."""
    return tuple((c.seat, f"{i} {c.guest} +{c.points}") for i, c in enumerate(cards, start=placed + 1))
