"""The board calibration and the one-cell proof work on: the config read, then the hardware or
the realistic simulated board (``touch.sim``, its defaults if the config has none)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from firmware.commands.errors import CommandError
from firmware.config import ConfigError, default_config, load_config
from firmware.config.schema import Config
from firmware.config.touch_schema import SimConfig
from firmware.service.in_use import UnitActive, board_holder
from firmware.wiring.devices import BoardSetupError, build_board
from firmware.wiring.settings import simulated
from firmware.wiring.simrig import SimulatedRig
from hal.clock import FakeClock, MonotonicClock
from hal.interfaces import Board
from hal.mock import MockLeds
from hal.touch import PadTouchSensor

EXIT_ERROR = 2


def read_config(path: str | None) -> tuple[Config, str | None]:
    """The config at ``path`` (the built-in defaults without one) and its text."""
    try:
        if path:
            return load_config(path), Path(path).read_text(encoding="utf-8")
        return default_config(), None
    except ConfigError as exc:
        raise CommandError(f"{path}: {exc}", EXIT_ERROR) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {path}: {exc}", EXIT_ERROR) from None


@dataclass
class PadBoard:
    """The opened board, its touch sensor, and on the simulator the rig, its clock and sim."""

    board: Board
    sensor: PadTouchSensor
    rig: SimulatedRig | None = None
    clock: FakeClock | None = None
    sim: SimConfig | None = None

    @property
    def leds(self) -> MockLeds:
        """The simulated board's LEDs (only there)."""
        assert isinstance(self.board.leds, MockLeds)
        return self.board.leds


def open_pad_board(
    config: Config, args: argparse.Namespace, name: str, out: TextIO, active: UnitActive
) -> PadBoard:
    """The simulated board with ``--mock-hal`` (or a mock backend), else the hardware, which
    must not be in use by the running board."""
    rig: SimulatedRig | None = None
    clock: FakeClock | None = None
    sim: SimConfig | None = None
    try:
        if args.mock_hal or config.touch.backend == "mock":
            sim = config.touch.sim or SimConfig()
            rig = SimulatedRig.for_config(simulated(config), realistic=sim)
            clock = FakeClock()
            board = rig.board(clock)
            print(f"{name}: the simulated board (touch.sim seed {sim.seed})", file=out)
        else:
            taken = board_holder(Path(config.state_dir).expanduser(), active)
            if taken is not None:  # opening the chips would reset them under the running board
                raise CommandError(taken, EXIT_ERROR)
            board = build_board(config, MonotonicClock())
            print(f"{name}: {args.config or 'built-in defaults'}, on the hardware", file=out)
    except BoardSetupError as exc:
        raise CommandError(str(exc), EXIT_ERROR) from exc
    sensor = board.touch
    if not isinstance(sensor, PadTouchSensor):
        board.close()
        raise CommandError("touch.backend must be mpr121 (or use --mock-hal)", EXIT_ERROR)
    return PadBoard(board, sensor, rig, clock, sim)
