"""No import cycle in firmware/controller, type-only imports included: every import a module
makes (at the top, under ``if TYPE_CHECKING:`` or inside a function) is an edge, and the graph
has no strongly connected component of more than one module."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "firmware.controller"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.Module, known: Iterable[str]) -> set[str]:
    """The known modules ``tree`` imports anywhere, ``from package import module`` included."""
    names = set(known)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & names


def import_graph(package: str = PACKAGE) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of ``package`` it imports."""
    folder = ROOT.joinpath(*package.split("."))
    paths = {module_name(path): path for path in sorted(folder.rglob("*.py"))}
    return {
        name: imported(ast.parse(path.read_text(encoding="utf-8")), paths) - {name}
        for name, path in paths.items()
    }


def cycles(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph.get(node, ())):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_sees_a_type_only_cycle() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import b\n"
    edges = imported(ast.parse(source), ["p.a", "p.b"])
    assert edges == {"p.b"}
    assert cycles({"p.a": edges, "p.b": {"p.a"}, "p.c": {"p.a"}}) == [{"p.a", "p.b"}]
    assert cycles({"p.a": {"p.b"}, "p.b": set()}) == []


def test_the_graph_sees_the_controller() -> None:
    graph = import_graph()
    assert len(graph) > 40
    assert "firmware.controller.modes.context" in graph["firmware.controller.table.table"]


def test_no_import_cycle_in_the_controller() -> None:
    found = cycles(import_graph())
    shown = [sorted(component) for component in found]
    assert found == [], f"{sum(map(len, found))} modules in cycles: {shown}"
