"""The board's view is read in one place: ``firmware/controller/view/view_model.py`` reads the
scoreboard's JSON into a typed ``ScoreView`` with its words, and every other reader (terminal,
voice, pages' server side, broker link, fleet) reads that, never the JSON object by key."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READER = "firmware/controller/view/view_model.py"
# The searches' "score" is an evaluation, not the view; the composer writes the view's keys.
ELSEWHERE = ("firmware/games/", "firmware/players/", "firmware/commands/engine")
WRITER = "firmware/controller/view/composer.py"


def _named_score(node: ast.expr) -> bool:
    """``score`` or ``something.score``."""
    return (isinstance(node, ast.Name) and node.id == "score") or (
        isinstance(node, ast.Attribute) and node.attr == "score"
    )


def reads_by_key(source: str) -> list[int]:
    """The lines of ``source`` that read a view's ``score`` by key (``score.get("x")``,
    ``view.score["x"]``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and _named_score(node.func.value)
        ) or (
            isinstance(node, ast.Subscript)
            and isinstance(node.ctx, ast.Load)
            and _named_score(node.value)
        ):
            found.append(node.lineno)
    return found


def modules() -> list[Path]:
    return sorted((ROOT / "firmware").rglob("*.py"))


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in modules()
        if not p.relative_to(ROOT).as_posix().startswith(ELSEWHERE)
        and p.relative_to(ROOT).as_posix() not in (READER, WRITER)
    ],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_no_module_reads_the_view_by_key(path: Path) -> None:
    lines = reads_by_key(path.read_text(encoding="utf-8"))
    assert lines == [], f"{path.relative_to(ROOT)} reads the view by key at lines {lines}"


def test_the_check_sees_a_read_by_key_and_leaves_a_write() -> None:
    source = (
        "x = view.score.get('clock')\ny = score['phase']\nscore['online'] = 1\nz = shown.clock\n"
    )
    assert reads_by_key(source) == [1, 2]
    assert (ROOT / READER).exists() and (ROOT / WRITER).exists()
