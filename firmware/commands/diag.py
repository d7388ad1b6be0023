"""``cullsboard diag``: a hardware self-test for whoever assembles a board.

On the hardware it first shows the settings the Pi really uses (I2C speed, SPI buffer, core
clock) and warns where they do not fit the config. It lists the touch chips found and missing,
lights every LED in turn and then in each colour, checks the pads at rest for stuck and dead
ones, and shows every pad and button as it is touched.
``--mock-hal`` runs it on the simulated board (the MPR121 simulator as the I2C bus) with a
scripted touch sequence, so it needs no hardware and no one at the table.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from firmware.commands.errors import CommandError
from firmware.commands.selftest import diagnose
from firmware.config import Config, ConfigError, default_config, load_config
from firmware.config.layered import layered_lines, read_layered
from firmware.config.summary import summary_lines
from firmware.service.boot_state import SystemFiles, check_system
from firmware.service.in_use import UnitActive, board_holder, unit_active
from firmware.wiring.devices import BoardSetupError, build_board
from firmware.wiring.settings import simulated
from firmware.wiring.simrig import SimulatedRig
from hal.clock import MonotonicClock

EXIT_PROBLEMS, EXIT_SETUP = 1, 2
THIS_PI = SystemFiles()


def run(
    args: argparse.Namespace, files: SystemFiles = THIS_PI, active: UnitActive = unit_active
) -> int:
    try:
        config = load_config(args.config) if args.config else default_config()
    except ConfigError as exc:
        raise CommandError(f"{args.config}: {exc}", EXIT_SETUP) from None
    state_dir = Path(config.state_dir).expanduser()
    layered, problem = read_layered(config, state_dir) if args.config else (None, None)
    config = config if layered is None else layered.config
    simulate = args.mock_hal or config.touch.backend == "mock"
    if simulate:
        config = simulated(config)
    out: TextIO = io.StringIO() if args.json else sys.stdout
    where = "the MPR121 simulator on a fake I2C bus" if simulate else "the hardware"
    print(f"cullsboard diag: {args.config or 'built-in defaults'}, testing {where}", file=out)
    for line in summary_lines(config):
        print(f"  {line}", file=out)
    if layered is not None:
        for line in layered_lines(layered, state_dir, problem):
            print(f"  {line}", file=out)
    warnings: list[str] = []
    if not simulate:
        taken = board_holder(Path(config.state_dir).expanduser(), active)
        if taken is not None:  # opening the chips would reset them under the running board
            raise CommandError(taken, EXIT_SETUP)
        warnings = _report_system(config, files, out)
    try:
        if simulate:
            rig = SimulatedRig.for_config(config)
            found = diagnose(rig.config, rig.board(), out, panel=rig.panel)
        else:
            board = build_board(config, MonotonicClock(), require_chips=False)
            pause = 0.0 if args.quick else 1.0
            watch = 0.0 if args.quick else args.seconds
            found = diagnose(config, board, out, pause_s=pause, watch_s=watch, sleep=time.sleep)
    except BoardSetupError as exc:
        raise CommandError(str(exc), EXIT_SETUP) from exc
    if args.json:
        print(json.dumps({**found.as_json(), "system_warnings": warnings}, indent=2))
    return EXIT_PROBLEMS if found.problems or warnings else 0


def _report_system(config: Config, files: SystemFiles, out: TextIO) -> list[str]:
    """Print what the Pi uses and a warning line for each mismatch; return the warnings."""
    report = check_system(config, files)
    print("system (read from the Pi):", file=out)
    for line in report.lines:
        print(f"  {line}", file=out)
    for warning in report.warnings:
        print(f"  warning: {warning}", file=out)
    return report.warnings
