"""Small modules: no module of ``firmware`` or ``hal`` is over ``LIMIT`` lines; a longer one is
split along its own sections."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("firmware", "hal")
LIMIT = 400


def modules() -> list[Path]:
    """Every module of the packages."""
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def lines(path: Path) -> int:
    """How many lines ``path`` has (as ``wc -l`` counts them for a file ending in a newline)."""
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_walk_sees_the_modules_it_guards() -> None:
    seen = {shown(path) for path in modules()}
    assert {
        "firmware/controller/table/table.py",
        "hal/mock.py",
        "firmware/wiring/assemble.py",
    } <= seen


def test_no_module_is_over_the_limit() -> None:
    over = [
        f"{shown(path)}: {count} lines (at most {LIMIT}: split it along its sections)"
        for path in modules()
        if (count := lines(path)) > LIMIT
    ]
    assert over == [], "\n".join(over)
