"""Few parameters: the composition root, the table, the board's loop and the mode context take
at most ``MOST`` each (grouped into small typed dataclasses where they belong together)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MOST = 8
# (module, class or None, function): the constructors and the composition root
GUARDED = {
    "ModeContext": ("firmware/controller/modes/context.py", "ModeContext", "__init__"),
    "Table": ("firmware/controller/table/table.py", "Table", "__init__"),
    "BoardController": ("firmware/controller/board/loop.py", "BoardController", "__init__"),
    "assemble": ("firmware/wiring/assemble.py", None, "assemble"),
}


def parameter_count(source: str, owner: str | None, function: str) -> int:
    """How many parameters ``owner.function`` (or the module's ``function``) takes, not self."""
    tree = ast.parse(source)
    scope: list[ast.stmt] = tree.body
    if owner is not None:
        scope = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == owner).body
    found = next(n for n in scope if isinstance(n, ast.FunctionDef) and n.name == function)
    args = found.args
    named = len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs)
    return named - (1 if owner is not None else 0)


def count(name: str) -> int:
    path, owner, function = GUARDED[name]
    return parameter_count((ROOT / path).read_text(encoding="utf-8"), owner, function)


def test_the_count_sees_keyword_only_parameters_and_leaves_self_out() -> None:
    source = (
        "class A:\n    def __init__(self, a, *, b, c=1):\n        pass\ndef f(x, y):\n    pass\n"
    )
    assert parameter_count(source, "A", "__init__") == 3
    assert parameter_count(source, None, "f") == 2


@pytest.mark.parametrize("name", sorted(GUARDED))
def test_each_takes_few_parameters(name: str) -> None:
    assert count(name) <= MOST
