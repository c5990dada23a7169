"""The class's tables as ``classroom.tables()`` returns them and the terminal's ``tables`` prints
them: a list of the service's facts, shown as a small table."""

from __future__ import annotations

import html

from ...i18n import NP_, translate

# Translators: the teacher's list of the class's tables (classroom.tables()): its columns and values.
WORDS = {
    "columns": (NP_("class tables", "Table"), NP_("class tables", "Game"), NP_("class tables", "Seats"),
                NP_("class tables", "To move"), NP_("class tables", "State"), NP_("class tables", "Moves")),
    "card": NP_("class tables", "card game"),
    "board": NP_("class tables", "board game"),
    "open": NP_("class tables", "open"),
    "paused": NP_("class tables", "paused"),
    "over": NP_("class tables", "game over"),
    "free": NP_("class tables", "free"),
    "computer": NP_("class tables", "computer ({kind})"),
    "you": NP_("class tables", "{name} (you)"),
    "none": NP_("class tables", "No table is open."),
}


class TableList(list):
    """The class's tables as the service lists them (one dict of facts a table, as before): a
    list to read as data, shown as a small table in a notebook (``_repr_html_``) and as aligned
    text (``repr``, ``print``), in the teacher's or student's language."""

    def __init__(self, tables=(), lang: str | None = None):
        super().__init__(tables)
        self.lang = lang

    def _say(self, key: str, **facts) -> str:
        return translate(WORDS[key], self.lang).format(**facts)

    def _seat(self, table: dict, i: int) -> str:
        seat = table["seats"][i]
        who = seat.get("user") or (self._say("computer", kind=seat.get("computer")) if seat.get("kind") == "computer"
                                   else self._say("free"))
        return self._say("you", name=who) if table.get("mine") == i else who

    def rows(self) -> list[tuple[str, ...]]:
        """One row a table, the columns' words first: name, game, seats, whose turn, state, moves."""
        out = [translate(WORDS["columns"], self.lang)]
        for t in self:
            seats = ", ".join(f"{i + 1} {self._seat(t, i)}" for i in range(len(t.get("seats", ()))))
            mover = t.get("to_move")
            turn = "—" if mover is None or t.get("over") else f"{mover + 1} {self._seat(t, mover)}"
            state = "over" if t.get("over") else t.get("state") if t.get("state") in ("open", "paused") else None
            out.append((str(t.get("name")), self._say(t["game"]) if t.get("game") in ("card", "board") else "?",
                        seats, turn, self._say(state) if state else str(t.get("state")), str(t.get("seq"))))
        return out

    def __str__(self) -> str:
        if not self:
            return self._say("none")
        rows = self.rows()
        widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
        return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if not self:
            return f"<p>{html.escape(self._say('none'))}</p>"
        head, *body = self.rows()
        return ("<table><thead>" + _html_row(head, "th") + "</thead><tbody>"
                + "".join(_html_row(row, "td") for row in body) + "</tbody></table>")


def _html_row(row, tag: str) -> str:
    return "<tr>" + "".join(f'<{tag} style="text-align: left">{html.escape(cell)}</{tag}>' for cell in row) + "</tr>"
