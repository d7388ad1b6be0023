"""The controller's parts depend one way: each subpackage of ``firmware/controller`` imports
only the ones below it in ``LAYERS`` (type-only imports included), from the common ground to the
board's loop; a part that needs one above it takes a narrow protocol instead."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTROLLER = ROOT / "firmware" / "controller"
LAYERS = [
    "core",
    "computer",
    "coach",
    "match",
    "menu",
    "learning",
    "commands",
    "modes",
    "table",
    "clock",
    "view",
    "board",
]


def imports_of(path: Path) -> list[str]:
    """Every module ``path`` imports (absolute imports)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


def upward(part: str, modules: list[str]) -> list[str]:
    """The ``modules`` of the controller that lie above ``part`` in ``LAYERS``."""
    here = LAYERS.index(part)
    return [
        module
        for module in modules
        if module.startswith("firmware.controller.")
        and (above := module.split(".")[2]) in LAYERS
        and LAYERS.index(above) > here
    ]


def test_every_module_of_the_controller_is_in_a_layer() -> None:
    loose = [p.name for p in CONTROLLER.glob("*.py") if p.name != "__init__.py"]
    parts = sorted(p.name for p in CONTROLLER.iterdir() if (p / "__init__.py").exists())
    assert loose == [] and parts == sorted(LAYERS)


@pytest.mark.parametrize("part", LAYERS)
def test_a_part_imports_only_the_parts_below_it(part: str) -> None:
    wrong = {
        str(path.relative_to(ROOT)): up
        for path in sorted((CONTROLLER / part).rglob("*.py"))
        if (up := upward(part, imports_of(path)))
    }
    assert wrong == {}


def test_the_check_sees_an_import_upward() -> None:
    assert upward("core", ["firmware.controller.board.x", "firmware.rules.api"]) == [
        "firmware.controller.board.x"
    ]
    assert upward(LAYERS[-1], ["firmware.controller.core.events"]) == []
