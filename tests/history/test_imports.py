"""The match history is below the kiosk: it takes no value types (nor anything else) from it."""

from __future__ import annotations

import ast
from pathlib import Path

HISTORY = Path(__file__).resolve().parents[2] / "firmware" / "history"


def test_the_history_imports_nothing_from_the_kiosk() -> None:
    found = []
    for path in sorted(HISTORY.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            found += [f"{path.name}: {name}" for name in names if name.startswith("firmware.kiosk")]
    assert found == []
