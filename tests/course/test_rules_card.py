"""The rules card: one page in English and one in French, in the repository
where students can open it, naming every rule R1–R14, linked from every notebook; its scoring
table is the engine's (R8)."""

import json
import re
from pathlib import Path

import pytest

from cafe_widget import Cafe

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize("name", ["rules_card.md", "rules_card_fr.md"])
def test_the_card_names_every_rule_and_links_its_twin(name):
    text = (NOTEBOOKS / name).read_text(encoding="utf-8")
    for n in range(1, 15):
        assert re.search(rf"\bR{n}\b", text), f"R{n} missing from {name}"
    twin = "rules_card_fr.md" if name == "rules_card.md" else "rules_card.md"
    assert f"]({twin})" in text and (NOTEBOOKS / twin).exists()


@pytest.mark.parametrize("name", ["rules_card.md", "rules_card_fr.md"])
def test_the_cards_scoring_table_is_the_engines(name):
    """Rows "| n | mixed | own |": a guest placed so that n guests sit at the German table b2,
    of mixed nations or all German, scores what the card says there (R8)."""
    text = (NOTEBOOKS / name).read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([1-4]) \| ([0-9]) \| ([0-9]) \|$", text, re.M)
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4]
    seats = ["b1", "c2", "b3", "a2"]        # the four seats of the German table b2
    mixed = ["DEf", "ITm", "ESf", "DEm"]    # c2 touches the Italian table, b3 the Spanish one (R5)
    own = ["DEf", "DEm", "DEf", "DEm"]
    for n, want_mixed, want_own in rows:
        n = int(n)
        for guests, want in ((mixed, want_mixed), (own, want_own)):
            placed = " ".join(f"{s}:{g}" for s, g in zip(seats[:n - 1], guests[:n - 1]))
            cafe = Cafe.parse(f"DE IT CN ES FR | {placed or '-'}")
            card = cafe.begin_turn().place(guests[n - 1], seats[n - 1]).cards[-1]
            assert card.by_table["b2"] == int(want), (name, n, guests)


def test_every_notebook_links_the_card():
    for path in sorted(NOTEBOOKS.glob("0*.ipynb")):
        first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
        assert "](rules_card.md)" in first and "](rules_card_fr.md)" in first, path.name


def test_no_notebook_points_to_a_file_students_cannot_open():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        assert "RULES.md" not in text and "../shared" not in text, path.name
