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
# The error root and its families (over hal/errors.py, which imports nothing): any layer may import
ERRORS = "firmware.errors"
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
            allowed = name.startswith(("firmware.rules", own)) or name == ERRORS
            assert allowed, f"{_shown(path)} imports {name}"


@pytest.mark.parametrize("path", _sources("firmware/players"), ids=_shown)
def test_the_players_front_is_pure_and_reaches_games_through_the_registry(path: Path) -> None:
    for name in _imports(path):
        top = name.split(".")[0]
        assert top not in IMPURE, f"{_shown(path)} imports {name}"
        if top == "firmware":
            allowed = name.startswith(("firmware.rules", "firmware.players")) or name == ERRORS
            assert allowed, f"{_shown(path)} imports {name}"


# A lesson's steps and the runs that play a lesson or the puzzles on the board.
LEARN_PURE = (
    "firmware/learn/lesson.py",
    "firmware/controller/learning/lesson_run.py",
    "firmware/controller/learning/puzzle_run.py",
)


@pytest.mark.parametrize("path", [ROOT / name for name in LEARN_PURE], ids=_shown)
def test_the_lesson_runner_is_pure(path: Path) -> None:
    for name in _imports(path):
        assert name.split(".")[0] not in IMPURE, f"{_shown(path)} imports {name}"


@pytest.mark.parametrize("path", _sources("firmware/learn"), ids=_shown)
def test_the_lessons_and_puzzles_know_no_board(path: Path) -> None:
    """The controller plays lessons and puzzles (``lesson_run``, ``puzzle_run``); what they
    are, read from their files, imports nothing of it, so no import goes round in a circle."""
    for name in _imports(path):
        assert not name.startswith("firmware.controller"), f"{_shown(path)} imports {name}"


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
    table = ROOT / "firmware" / "controller" / "table" / "table.py"
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
    allowed = {"hal.interfaces", "hal.clock", "hal.errors"}
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
    assert {"firmware/controller/table/table.py", "firmware/web/staff.py", "hal/mock.py"} <= scanned
    assert "firmware/games/culls/game.py" in {_shown(p) for p in _pure_rules()}
    assert "firmware/games/culls/adapter.py" not in {_shown(p) for p in _pure_rules()}


# -- the table is read by the controller's core only; nobody rewires what it was given ------

CORE = ROOT / "firmware" / "controller"


def _table_fields() -> set[str]:
    """The table's fields and properties: what ``Table.__init__`` sets and what reads as data."""
    tree = _tree(CORE / "table" / "table.py")
    table = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Table")
    fields = {
        target.attr
        for node in ast.walk(table)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    }
    properties = {
        item.name
        for item in table.body
        if isinstance(item, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list)
    }
    return {name for name in fields | properties if not name.startswith("_")}


def _is_table(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "table") or (
        isinstance(node, ast.Attribute) and node.attr == "table"
    )


@pytest.mark.parametrize(
    "path", [p for p in _sources("firmware") if CORE not in p.parents], ids=_shown
)
def test_no_module_outside_the_controller_reads_the_table_s_fields(path: Path) -> None:
    """Outside ``firmware/controller`` the table is told things (its methods), never read: what
    happened comes as events, what it shows as the scoreboard."""
    fields = _table_fields()
    reads = [
        f"{_shown(path)}:{node.lineno} reads table.{node.attr}"
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.Attribute) and node.attr in fields and _is_table(node.value)
    ]
    assert reads == []


# Attributes set on what a module was given, each for a stated reason.
GIVEN_ATTRIBUTES_ALLOWED = {
    "firmware/kiosk/dimmer.py": "LedOutput.brightness is the LED interface's own setter",
    "hal/leds/recording.py": "LedChain.brightness is the chain's setter; the driver is a test's",
    "firmware/players/__init__.py": "a search budget is a counter handed over to be spent",
}


def _given_attribute_sets(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Attributes assigned on a public function's parameters, or on ``self.x`` where ``x`` was
    a constructor parameter: objects the module was given, not made."""
    for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)] + [tree]:
        given: set[str] = set()
        body = cls.body
        init = next(
            (f for f in body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None
        )
        if init is not None:
            params = {a.arg for a in init.args.args + init.args.kwonlyargs}
            for node in ast.walk(init):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
                    for target in node.targets:
                        if isinstance(target, ast.Attribute) and node.value.id in params:
                            given.add(target.attr)
        for function in [f for f in body if isinstance(f, ast.FunctionDef)]:
            params = {a.arg for a in function.args.args + function.args.kwonlyargs} - {"self"}
            public = not function.name.startswith("_") or function.name == "__init__"
            for node in ast.walk(function):
                if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                    continue
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if not isinstance(target, ast.Attribute):
                        continue
                    base = target.value
                    if public and isinstance(base, ast.Name) and base.id in params:
                        yield node.lineno, f"{base.id}.{target.attr}"
                    elif (
                        isinstance(base, ast.Attribute)
                        and isinstance(base.value, ast.Name)
                        and base.value.id == "self"
                        and base.attr in given
                    ):
                        yield node.lineno, f"self.{base.attr}.{target.attr}"


@pytest.mark.parametrize(
    "path",
    [p for p in _sources("firmware", "hal") if _shown(p) not in GIVEN_ATTRIBUTES_ALLOWED],
    ids=_shown,
)
def test_no_module_assigns_an_attribute_of_an_object_it_was_given(path: Path) -> None:
    """Parts get what they need in their constructors; nothing rewires another part after it
    is built (``table.thinking = ...``, ``link.online_status = ...``)."""
    found = [
        f"{_shown(path)}:{line} sets {what}" for line, what in _given_attribute_sets(_tree(path))
    ]
    assert found == []


def test_the_attribute_scan_sees_a_rewiring() -> None:
    rewiring = ast.parse(
        "class OnlineGame:\n"
        "    def __init__(self, table):\n"
        "        self.table = table\n"
        "        self.table.undo_gate = self.gate\n"
        "def start_link(link, game):\n"
        "    link.online_status = game.status\n"
    )
    assert sorted(what for _, what in _given_attribute_sets(rewiring)) == [
        "link.online_status",
        "self.table.undo_gate",
    ]


MODES = ROOT / "firmware" / "controller" / "modes"
MODE_BASES = {"BoardMode", "Layer"}


def _mode_classes() -> set[str]:
    """Every class of the modes package that is a mode or a layer (by its bases, transitively)."""
    bases: dict[str, set[str]] = {}
    for path in _sources("firmware/controller/modes"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {b.id for b in node.bases if isinstance(b, ast.Name)}
    found = set(MODE_BASES)
    grew = True
    while grew:
        more = {name for name, of in bases.items() if of & found} - found
        found |= more
        grew = bool(more)
    return found


def _names_in(node: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def _mode_dispatches(tree: ast.Module, modes: set[str]) -> Iterator[tuple[int, str]]:
    """``isinstance``/``issubclass`` on a mode class, a ``case SomeMode()``, ``type(x) is ...``."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("isinstance", "issubclass")
            and len(node.args) == 2
            and _names_in(node.args[1]) & modes
        ):
            yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.MatchClass) and _names_in(node.cls) & modes:
            yield node.lineno, f"case {ast.unparse(node.cls)}()"
        elif (
            isinstance(node, ast.Compare)
            and any(isinstance(op, ast.Is | ast.IsNot | ast.Eq | ast.NotEq) for op in node.ops)
            and any(
                isinstance(side, ast.Call)
                and isinstance(side.func, ast.Name)
                and side.func.id == "type"
                for side in [node.left, *node.comparators]
            )
            and _names_in(node) & modes
        ):
            yield node.lineno, ast.unparse(node)


def test_the_mode_classes_are_found() -> None:
    assert {"MenuMode", "PlayingMode", "RoundOverMode", "ReviewMode", "StripLayer"} <= (
        _mode_classes()
    )


@pytest.mark.parametrize(
    "path", [p for p in _sources("firmware", "hal") if MODES not in p.parents], ids=_shown
)
def test_no_module_outside_a_mode_dispatches_on_a_mode_s_type(path: Path) -> None:
    """What a mode does is in its module: nothing else asks which mode is on the board."""
    modes = _mode_classes()
    found = [f"{_shown(path)}:{line} {what}" for line, what in _mode_dispatches(_tree(path), modes)]
    assert found == []


@pytest.mark.parametrize("path", _sources("firmware/controller/modes"), ids=_shown)
def test_a_mode_s_module_dispatches_only_on_its_own_classes(path: Path) -> None:
    """Inside the modes package too, a module asks only of the classes it defines itself."""
    tree = _tree(path)
    own = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    others = _mode_classes() - own
    found = [f"{_shown(path)}:{line} {what}" for line, what in _mode_dispatches(tree, others)]
    assert found == []


def test_the_match_knows_no_mode() -> None:
    """The match at the table (seats, players, play, undo, resume) imports nothing of a mode."""
    path = ROOT / "firmware" / "controller" / "match" / "match_at_table.py"
    assert [name for name in _imports(path) if name.startswith("firmware.controller.modes")] == []


def test_the_mode_dispatch_scan_sees_each_form() -> None:
    code = ast.parse(
        "if isinstance(table.mode, ReviewMode): pass\n"
        "if isinstance(mode, MenuMode | modes.LessonMode): pass\n"
        "if type(mode) is PlayingMode: pass\n"
        "match mode:\n"
        "    case RoundOverMode(): pass\n"
        "if isinstance(mode, Review): pass\n"
    )
    modes = {"ReviewMode", "MenuMode", "LessonMode", "PlayingMode", "RoundOverMode"}
    assert [line for line, _ in _mode_dispatches(code, modes)] == [1, 2, 3, 5]


def test_there_is_no_table_ops() -> None:
    """Modes are not hollow callers back into the table: no ``TableOps`` protocol anywhere."""
    assert [_shown(p) for p in _sources("firmware") if "TableOps" in p.read_text()] == []


def test_the_table_is_a_small_facade() -> None:
    """What the board does lives in its modes and its match; the table only hands inputs on."""
    lines = (ROOT / "firmware" / "controller" / "table" / "table.py").read_text().count("\n")
    assert lines < 250
