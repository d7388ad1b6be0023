"""Random touch scripts through ``cullsboard --mock-hal --config CFG --script FILE`` on every
documented setting: a touch never stops the board (no exception, no error status).

Taps on every cell and off the grid, presses and releases apart, holds of every length (the
explore press, the corner hold that opens the command strip), taps and holds on every position
the strip can put a command, and ghosts; with ``speech.explore`` on and off, on the shipped
layouts (matrix, direct) and the board sizes the schema allows, for Culls (duel, teams) and
Cubulus (2, 3 players), with and without a computer seat, and from the menu. Derandomized:
the same 1,840 scripts in every run (46 settings x EXAMPLES; about 40 s on a 2-core machine)."""

from __future__ import annotations

import itertools
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.cli import main
from firmware.controller.modes.read import EXPLORE_HOLD_S
from firmware.controller.strip import HOLD_SECONDS
from firmware.rules.grid import cell_name

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = 40  # scripts per setting; 46 settings
STRIP_ROWS = 3  # rows from the middle up where the command strip can lie


@dataclass(frozen=True)
class Setting:
    """One documented way to run the board."""

    config: str  # a shipped config file: its layout and board size
    size: int
    explore: bool
    game: tuple[str, ...]  # the command line's game flags; () starts on the menu
    computer: str | None

    def argv(self) -> list[str]:
        flags = list(self.game)
        return flags + ([] if self.computer is None else ["--computer", self.computer])

    def __str__(self) -> str:
        explore = "explore" if self.explore else "plain"
        game = "-".join(self.game[1::2]) or "menu"
        return f"{self.config}-{self.size}-{explore}-{game}-{self.computer or 'people'}"


GAMES: list[tuple[tuple[str, ...], str | None]] = [
    (("--game", "culls", "--mode", "duel"), "red"),
    (("--game", "culls", "--mode", "teams"), "redA"),
    (("--game", "cubulus", "--players", "2"), "red"),
    (("--game", "cubulus", "--players", "3"), "white"),
]
SHIPPED = [("default", 15), ("direct-board", 15)]  # matrix and direct: the configs' 15 x 15
SIZES = [("default", 7), ("default", 19)]  # the schema's smallest and largest, explore on
SETTINGS = [
    Setting(config, size, explore, game, computer)
    for (config, size), explore, (game, seat) in itertools.product(
        SHIPPED, (True, False), [*GAMES, ((), None)]
    )
    for computer in ((None, seat) if seat is not None else (None,))
] + [
    Setting(config, size, True, game, None)
    for config, size in SIZES
    for game, _ in [*GAMES, ((), None)]
]


def _config_file(setting: Setting, folder: Path) -> Path:
    """The shipped config with the board's size and the voice of ``setting``."""
    data = yaml.safe_load((ROOT / "config" / f"{setting.config}.yaml").read_text("utf-8"))
    data["board"] = {"columns": setting.size, "rows": setting.size}
    if setting.size * 2 > 36:  # a matrix wider than three chips' electrodes: a fourth chip
        data["touch"]["matrix"] = {"chips": [0x5A, 0x5B, 0x5C, 0x5D]}
    data["speech"] = {"backend": "mock", "explore": setting.explore}
    data.pop("state_dir", None)
    path = folder / "board.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def _cells(size: int) -> st.SearchStrategy[str]:
    """Any cell, a corner, a position of the open strip, or a name off the grid (refused)."""
    every = [cell_name((x, y)) for x in range(size) for y in range(size)]
    last = size - 1
    corners = [cell_name(c) for c in ((0, 0), (last, 0), (0, last), (last, last))]
    middle = size // 2  # the strip's row, and the rows above it a long strip goes on to
    strip = [cell_name((x, y)) for x in range(size) for y in range(middle, middle + STRIP_ROWS)]
    off = [cell_name((size, 0)), cell_name((0, size)), "z99"]
    return st.one_of(
        st.sampled_from(every),
        st.sampled_from(corners),
        st.sampled_from(strip),
        st.sampled_from(off),
    )


HOLDS_MS = st.one_of(
    st.integers(0, 4000),
    st.sampled_from(
        [round(s * 1000) + d for s in (EXPLORE_HOLD_S, HOLD_SECONDS) for d in (-1, 0, 1, 200)]
    ),
)


def _steps(size: int) -> st.SearchStrategy[list[str]]:
    cell = _cells(size)
    one = st.one_of(
        cell.map(lambda c: f"touch {c}"),
        st.tuples(cell, HOLDS_MS).map(lambda h: f"down {h[0]}\nwait {h[1]}\nup {h[0]}"),
        cell.map(lambda c: f"down {c}"),
        cell.map(lambda c: f"up {c}"),
        st.integers(0, 3000).map(lambda ms: f"wait {ms}"),
        st.just("ghost"),
    )
    return st.lists(one, min_size=1, max_size=12)


def _off_grid(script: str, size: int) -> bool:
    names = {cell_name((size, 0)), cell_name((0, size)), "z99"}
    return any(line.split()[-1] in names for line in script.splitlines())


@pytest.mark.parametrize("setting", SETTINGS, ids=str)
def test_no_touch_script_stops_the_board(setting: Setting) -> None:
    with tempfile.TemporaryDirectory() as kept:
        config = _config_file(setting, Path(kept))

        @settings(
            max_examples=EXAMPLES,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(_steps(setting.size))
        def played(steps: list[str]) -> None:
            script = "\n".join(steps) + "\n"
            with tempfile.TemporaryDirectory() as run:
                path = Path(run) / "script.txt"
                path.write_text(script, encoding="utf-8")
                argv = ["--mock-hal", "--config", str(config), "--script", str(path)]
                code = main([*argv, "--state-dir", str(Path(run) / "state"), *setting.argv()])
            assert code == (1 if _off_grid(script, setting.size) else 0), script

        played()
