"""Imports point one way: rules know nothing of hardware, time or I/O; the HAL knows no games."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Modules that mean time, I/O, threads or hardware: the rules may import none of them.
IMPURE = {
    "time",
    "datetime",
    "os",
    "io",
    "sys",
    "socket",
    "threading",
    "asyncio",
    "subprocess",
    "pathlib",
    "shutil",
    "logging",
    "hal",
    "gpiozero",
    "board",
    "busio",
    "rpi_ws281x",
    "adafruit_mpr121",
    "adafruit_tca9548a",
    "yaml",
    "aiohttp",
}


def _imports(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", _sources("firmware/rules"), ids=lambda p: p.name)
def test_rules_are_pure(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top not in IMPURE, f"{path.relative_to(ROOT)} imports {name}"
        if top == "firmware":
            assert name.startswith("firmware.rules"), f"{path.relative_to(ROOT)} imports {name}"


# The modules of a game folder that hold its rules (the rest draw it or lay out a board).
GAME_RULES_MODULES = {"board", "cube", "game", "geometry", "readout", "state", "switches", "tokens"}


def _is_rules_module(name: str) -> bool:
    parts = name.split(".")
    if parts[:2] == ["firmware", "rules"]:
        return True
    return parts[:2] == ["firmware", "games"] and len(parts) == 4 and parts[3] in GAME_RULES_MODULES


@pytest.mark.parametrize("path", _sources("firmware/players"), ids=lambda p: p.name)
def test_players_are_pure(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top not in IMPURE, f"{path.relative_to(ROOT)} imports {name}"
        if top == "firmware":
            allowed = _is_rules_module(name) or name.startswith("firmware.players")
            assert allowed, f"{path.relative_to(ROOT)} imports {name}"


@pytest.mark.parametrize("path", _sources("hal"), ids=lambda p: str(p.relative_to(ROOT)))
def test_hal_knows_no_games(path: Path) -> None:
    for name in _imports(path):
        assert name.split(".")[0] != "firmware", f"{path.relative_to(ROOT)} imports {name}"


def test_rules_files_are_found() -> None:
    assert len(_sources("firmware/rules")) >= 3
    assert len(_sources("hal")) >= 2
