"""Each command's import budget: the modules it must not load to do its work.

Start-up is paid by every command and every start of the service (bench/bench_startup.py prints
the times beside a bare Python); this keeps the heavy parts out of the commands that do not use
them, measured in a fresh interpreter by what ``sys.modules`` holds after the command ran.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = "firmware/games/culls/samples/culls-sample.json"
# The parts that never belong to a command that only reads or prints.
SERVERS = (
    "aiohttp",
    "paho",
    "sqlite3",
    "firmware.web",
    "firmware.link",
    "firmware.fleet",
    "hal.sim",
)
BOARD = ("firmware.render", "hal.interfaces", "hal.leds", "firmware.controller.core.adapter")
ADAPTERS = ("firmware.games.culls.adapter", "firmware.games.cubulus.adapter")
PLAYERS = ("firmware.players", "firmware.games.culls.player", "firmware.games.cubulus.player")
CONFIG = ("yaml", "firmware.config")
# What only teaching reads (lessons, puzzles): no command here needs it.
TEACHING = (
    "firmware.rules.teaching",
    "firmware.games.culls.teaching",
    "firmware.games.cubulus.teaching",
)
# Slow to import and needed only on some paths: a clock written out (decimal), a player's draw
# (random), a wrong config key's "did you mean" (difflib), a config naming a command (shlex).
SOME_PATHS = ("random", "decimal", "difflib", "shlex")
# --help lists every game's options from the games' options modules: none of the rules (whose
# dataclasses, typing and json make most of a command's start-up).
RULES = ("dataclasses", "typing", "json", "firmware.rules.api", "firmware.games.culls.game")
RULES_TOO = ("firmware.games.cubulus.game", "firmware.rules.players")
# shutil brings the compression modules; argparse asks for it only to size its help
# The engine's values (its go, styles, results, budget, choice) are Frozen or plain classes:
# dataclasses (with inspect, ast and dis) would be a third of its start to ``readyok``. string
# compiles a pattern when imported, for the ASCII letters a cell name needs.
# The rules' protocols are plain classes at run time (firmware/rules/protocol.py): no typing.
HEAVY_STDLIB = ("dataclasses", "inspect", "string", "typing")
BUDGETS: dict[str, tuple[list[str], str, tuple[str, ...]]] = {
    "--help": (
        ["--help"],
        "",
        SERVERS
        + BOARD
        + ADAPTERS
        + PLAYERS
        + CONFIG
        + TEACHING
        + SOME_PATHS
        + RULES
        + RULES_TOO
        + ("shutil",),
    ),
    "replay": (
        ["replay", SAMPLE],
        "",
        SERVERS
        + BOARD
        + ADAPTERS
        + PLAYERS
        + CONFIG
        + TEACHING
        + SOME_PATHS
        + RULES_TOO
        + HEAVY_STDLIB
        + ("shutil", "firmware.games.cubulus"),
    ),
    "engine": (
        ["engine"],
        "isready\nquit\n",
        SERVERS
        + BOARD
        + ADAPTERS
        + CONFIG
        + TEACHING
        + HEAVY_STDLIB
        + ("decimal", "difflib", "shlex", "shutil"),
    ),
    "check-config": (
        ["check-config", "config/default.yaml"],
        "",
        SERVERS
        + ADAPTERS
        + PLAYERS
        + TEACHING
        + SOME_PATHS
        + ("firmware.games", "firmware.controller.core.adapter", "firmware.rules.registry"),
    ),
}


def loaded_by(argv: list[str], stdin: str) -> list[str]:
    """The modules loaded once ``cullsboard ARGV`` has run, in a fresh interpreter."""
    program = (
        "import sys\n"
        "from firmware.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "loaded = sorted(sys.modules)\n"
        "import json\n"  # after the command: it may not need json itself
        "print(json.dumps(loaded), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=True,
    )
    modules: list[str] = json.loads(done.stderr.splitlines()[-1])
    return modules


def over_budget(loaded: list[str], forbidden: tuple[str, ...]) -> list[str]:
    """The modules of ``loaded`` that are, or are inside, one of ``forbidden``."""
    return [m for m in loaded if any(m == f or m.startswith(f"{f}.") for f in forbidden)]


@pytest.mark.parametrize("command", sorted(BUDGETS))
def test_a_command_loads_nothing_its_budget_forbids(command: str) -> None:
    argv, stdin, forbidden = BUDGETS[command]
    assert over_budget(loaded_by(argv, stdin), forbidden) == []


def test_the_budget_check_sees_a_forbidden_module() -> None:
    loaded = ["firmware.config.schema", "firmware.configured", "yaml"]
    assert over_budget(loaded, ("firmware.config",)) == ["firmware.config.schema"]
