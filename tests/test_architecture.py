"""Imports point one way, and the code past the games never names one.

Rules (the shared API and each game's rules) know nothing of hardware, time or I/O; the HAL knows
no games; nothing outside ``firmware/games`` names a game or imports one (the registry does, by
its package list); the controller knows neither the kiosk nor how a board is put together; only
the composition layer (``firmware/wiring``) and the commands reach past the HAL's interfaces.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "firmware" / "games"
GAME_NAMES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())

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
# A game's modules that put it on the board; every other module of a game is its pure rules.
BOARD_SIDE = {"__init__.py", "adapter.py", "scene.py"}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imports(path: Path) -> Iterator[str]:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def _sources(*packages: str) -> list[Path]:
    return sorted(path for package in packages for path in (ROOT / package).rglob("*.py"))


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _pure_rules() -> list[Path]:
    games = [p for p in _sources("firmware/games") if p.name not in BOARD_SIDE]
    return _sources("firmware/rules") + games


def _outside_games() -> list[Path]:
    return [p for p in _sources("firmware", "hal") if GAMES not in p.parents]


@pytest.mark.parametrize("path", _pure_rules(), ids=_shown)
def test_rules_are_pure(path: Path) -> None:
    own = f"firmware.games.{path.parent.name}" if GAMES in path.parents else "firmware.rules"
    for name in _imports(path):
        top = name.split(".")[0]
        assert top not in IMPURE, f"{_shown(path)} imports {name}"
        if top == "firmware":
            assert name.startswith(("firmware.rules", own)), f"{_shown(path)} imports {name}"


@pytest.mark.parametrize("path", _sources("firmware/players"), ids=_shown)
def test_the_players_front_is_pure_and_reaches_games_through_the_registry(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top not in IMPURE, f"{_shown(path)} imports {name}"
        if top == "firmware":
            allowed = name.startswith(("firmware.rules", "firmware.players"))
            assert allowed, f"{_shown(path)} imports {name}"


# The parts of firmware/learn that play a lesson or a puzzle; the rest reads their files.
LEARN_PURE = ("firmware/learn/lesson.py", "firmware/learn/runner.py")


@pytest.mark.parametrize("path", [ROOT / name for name in LEARN_PURE], ids=_shown)
def test_the_lesson_runner_is_pure(path: Path) -> None:
    for name in _imports(path):
        assert name.split(".")[0] not in IMPURE, f"{_shown(path)} imports {name}"


@pytest.mark.parametrize("path", _sources("hal"), ids=_shown)
def test_hal_knows_no_games(path: Path) -> None:
    for name in _imports(path):
        assert name.split(".")[0] != "firmware", f"{_shown(path)} imports {name}"


@pytest.mark.parametrize("path", _outside_games(), ids=_shown)
def test_no_game_is_named_outside_its_folder(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert node.value not in GAME_NAMES, f"{_shown(path)}:{node.lineno} names {node.value}"


@pytest.mark.parametrize("path", _outside_games(), ids=_shown)
def test_no_game_is_imported_but_through_the_registry(path: Path) -> None:
    for name in _imports(path):
        assert not name.startswith("firmware.games"), f"{_shown(path)} imports {name}"


@pytest.mark.parametrize("path", _sources("firmware/controller"), ids=_shown)
def test_the_controller_knows_no_kiosk_wiring_web_or_commands(path: Path) -> None:
    above = ("firmware.kiosk", "firmware.wiring", "firmware.web", "firmware.commands")
    for name in _imports(path):
        assert not name.startswith(above), f"{_shown(path)} imports {name}"


def test_the_table_takes_no_timing_from_the_renderer() -> None:
    table = ROOT / "firmware" / "controller" / "table.py"
    for name in _imports(table):
        assert not name.startswith("firmware.render"), f"table.py imports {name}"


@pytest.mark.parametrize(
    "path",
    [p for p in _sources("firmware") if p.parent.name not in ("wiring", "commands", "service")],
    ids=_shown,
)
def test_only_the_composition_layer_reaches_past_the_hal_interfaces(path: Path) -> None:
    """Concrete devices (mock, chains, touch drivers) are built and probed in firmware/wiring
    (the commands and the installer's boot settings may read the drivers' facts too); the
    config may use the HAL's LED chain walk, so the two never disagree on the order."""
    allowed = {"hal.interfaces", "hal.clock"}
    if path.parent.name == "config":
        allowed.add("hal.leds.mapping")
    for name in _imports(path):
        if name.split(".")[0] == "hal":
            assert name in allowed, f"{_shown(path)} imports {name}"


# The config schema marks a few classes as written positionally; that is a schema switch, not a
# device feature being guessed.
PROBES_ALLOWED = {"firmware/config/convert.py"}


@pytest.mark.parametrize(
    "path", [p for p in _sources("firmware") if _shown(p) not in PROBES_ALLOWED], ids=_shown
)
def test_no_feature_is_probed_by_name(path: Path) -> None:
    """``getattr(x, "poll_interval", None)`` guesses at what an interface should state."""
    probes = [
        f"{_shown(path)}:{node.lineno} probes {node.args[1].value!r}"
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
    ]
    assert probes == []


def test_the_scans_see_the_code_they_guard() -> None:
    assert GAME_NAMES == ["cubulus", "culls"]
    scanned = {_shown(p) for p in _outside_games()}
    assert {"firmware/controller/table.py", "firmware/web/staff.py", "hal/mock.py"} <= scanned
    assert "firmware/games/culls/game.py" in {_shown(p) for p in _pure_rules()}
    assert "firmware/games/culls/adapter.py" not in {_shown(p) for p in _pure_rules()}
