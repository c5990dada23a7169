"""The modes talk to their widget through a declared interface (``widget/modes.py``:
:class:`ModeHost`, :class:`CardHost`, :class:`BoardHost`), and a table to its widgets by public
names only: read from the source as a static reader would, so a new ``w._something`` in a mode
fails here, naming the file and the line."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import cafe_widget.widget as widget_room
from cafe_widget import BoardWidget, CafeWidget
from cafe_widget.widget import modes
from cafe_widget.widget.modes import BoardHost, CardHost, Mode, ModeHost

ROOM = Path(widget_room.__file__).parent
TABLES = ROOM.parent / "classroom" / "tables"
#: The names a table's code gives to the widgets it holds.
WIDGET_NAMES = {"w", "host", "source"}


def declared(protocol) -> set[str]:
    """Every name a Protocol declares, its bases' included (methods and annotated attributes)."""
    names = set()
    for cls in protocol.__mro__:
        if cls in (ModeHost, CardHost, BoardHost):
            names |= {n for n in vars(cls) if not n.startswith("_")}
            names |= set(vars(cls).get("__annotations__", {}))
    return names


def _mode_code(path: Path) -> list[ast.AST]:
    """The parts of a module that are a mode's: the classes that are a :class:`Mode` (or
    :class:`~.modes.LookingBack`'s screen, ``History``) and the functions outside any class that
    take the widget as ``w`` (``card_saves.py``'s)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = __import__(f"cafe_widget.widget.{path.stem}", fromlist=["_"])
    parts = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(module, node.name, None)
            if inspect.isclass(cls) and issubclass(cls, Mode):
                parts.append(node)
        elif isinstance(node, ast.FunctionDef) and node.args.args and node.args.args[0].arg == "w":
            parts.append(node)
    return parts


def _uses(nodes, names=frozenset({"w"})) -> list[tuple[str, int]]:
    return [(n.attr, n.lineno) for part in nodes for n in ast.walk(part)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in names]


MODULES = sorted(p for p in ROOM.glob("*.py") if p.stem != "__init__")


def _host_of(path: Path):
    if path.stem == "modes":
        return ModeHost
    return BoardHost if path.stem.startswith("board_") else CardHost


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_mode_uses_only_what_its_host_declares(path):
    uses = _uses(_mode_code(path))
    private = [f"{path.name}:{line} w.{name}" for name, line in uses if name.startswith("_")]
    assert not private, f"a mode reaches a private name of its widget: {private}"
    allowed = declared(_host_of(path))
    undeclared = [f"{path.name}:{line} w.{name}" for name, line in uses if name not in allowed]
    assert not undeclared, f"declare these in widget/modes.py's {_host_of(path).__name__}: {undeclared}"


def test_the_modes_are_read():
    """The reading above finds the modes (a test that reads nothing would pass on anything)."""
    found = {path.stem: len(_uses(_mode_code(path))) for path in MODULES}
    for stem in ("play", "puzzle", "sandbox", "seats", "modes", "card_saves", "board_widget",
                 "board_puzzle", "board_sandbox"):
        assert found[stem] > 0, stem
    assert sum(found.values()) > 150, found


@pytest.mark.parametrize("cls, protocol", [(CafeWidget, CardHost), (BoardWidget, BoardHost)],
                         ids=["card", "board"])
def test_each_widget_has_all_its_host_declares(cls, protocol):
    w = cls(lang="en")
    missing = sorted(name for name in declared(protocol) if not hasattr(w, name))
    assert not missing, f"{cls.__name__} lacks {missing}"
    for name in declared(protocol):
        wanted = getattr(protocol, name, None)
        if inspect.isfunction(wanted) and name != "setup":   # setup: each widget's own arguments
            have = list(inspect.signature(getattr(w, name)).parameters)
            want = [p for p in inspect.signature(wanted).parameters if p != "self"]
            if want != ["where"]:  # select(*where): a card's index, a tile's player and index
                assert have == want, (cls.__name__, name, have, want)


def test_a_press_is_the_one_reach_to_a_button():
    """``getattr(w, "_button_…")`` only in :func:`modes.press`: the modes press by key."""
    for path in MODULES:
        for part in _mode_code(path):
            if getattr(part, "name", "") == "press" and path.stem == "modes":
                continue
            for node in ast.walk(part):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
                    target = node.args[0]
                    assert not (isinstance(target, ast.Name) and target.id == "w"), \
                        f"{path.name}:{node.lineno} presses a button by name: use modes.press"
    assert "press" in vars(modes)


@pytest.mark.parametrize("name", ["local.py", "transport.py"])
def test_a_table_reaches_its_widgets_by_public_names(name):
    """A table (one kernel's, or a seat's link to the service) sets and calls only public names
    of the widgets it holds: ``at_table``, ``table_link``, ``seated``, ``adopt``…"""
    tree = ast.parse((TABLES / name).read_text(encoding="utf-8"))
    uses = _uses([tree], WIDGET_NAMES)
    assert uses, "the table's code is read"
    private = [f"{name}:{line} .{attr}" for attr, line in uses if attr.startswith("_")]
    assert not private, f"a table reaches a private name of a widget: {private}"
