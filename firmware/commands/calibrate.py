"""``cullsboard calibrate``: measure every pad, propose thresholds, write a new config.

It reads the pads at rest with the LEDs off and at full brightness (noise and the LEDs'
shift), then lights one cell at a time for a tap (the finger's size and what it does to the
other pads), proposes per-pad thresholds (and a charge where a reading is out of range with
auto-configuration off), flags the pads no threshold can make reliable, and writes the input
config with ``touch.pads`` filled in. ``--mock-hal`` runs it on the realistic simulated board
(``touch.sim``, its defaults if the config has none) with a simulated hand tapping each lit
cell. Exit status 0: written, every pad reliable; 1: written, some pads flagged; 2: an error.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.commands.errors import CommandError
from firmware.commands.pad_measure import Calibrator
from firmware.commands.pad_proposal import propose
from firmware.commands.pad_report import new_config_text, print_report, write_config
from firmware.config import ConfigError, default_config, load_config, parse_config
from firmware.config.load import unsaid
from firmware.config.schema import Config, SimConfig
from firmware.service.in_use import UnitActive, board_holder, unit_active
from firmware.wiring.devices import BoardSetupError, build_board
from firmware.wiring.padview import CalibrationView, PadMonitor
from firmware.wiring.settings import simulated
from firmware.wiring.simhand import SimHand
from firmware.wiring.simrig import SimulatedRig
from hal.clock import FakeClock, MonotonicClock
from hal.interfaces import Board, HalEvent
from hal.mock import MockLeds
from hal.touch import PadTouchSensor

if TYPE_CHECKING:
    from firmware.web.server import WebServer

EXIT_FLAGGED, EXIT_ERROR = 1, 2


def _ignore(_: HalEvent) -> None:
    """Touch events during calibration mean nothing yet."""


def _serve_pads(
    where: str, config: Config, sensor: PadTouchSensor, board: Board
) -> tuple[WebServer, CalibrationView]:
    from firmware.web.server import serve_in_thread  # aiohttp: only when pages are served

    host, _, port = where.rpartition(":")
    if not host or not port.isdigit() or int(port) > 65535:
        raise CommandError(f"--web: write HOST:PORT (e.g. 127.0.0.1:8080), got {where!r}")
    leds = board.leds
    view = CalibrationView(leds.columns, leds.rows, leds.status_count)
    try:
        server = serve_in_thread(
            view,
            host=host.strip("[]"),
            port=int(port),
            pin=config.web.pin,
            clock=board.clock,
            pads=PadMonitor(sensor, config, board.clock),
        )
    except (OSError, RuntimeError) as exc:
        raise CommandError(f"--web {where}: {exc}", EXIT_ERROR) from None
    print(f"the live pad view: {server.url}pads", file=sys.stdout)
    return server, view


def run(args: argparse.Namespace, active: UnitActive = unit_active) -> int:
    name = "cullsboard calibrate"
    source = None
    try:
        if args.config:
            source = Path(args.config).read_text(encoding="utf-8")
            config = load_config(args.config)
        else:
            config = default_config()
    except ConfigError as exc:
        raise CommandError(f"{args.config}: {exc}", EXIT_ERROR) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {args.config}: {exc}", EXIT_ERROR) from None
    out = sys.stdout
    simulate = args.mock_hal or config.touch.backend == "mock"
    sim: SimConfig | None = None
    try:
        if simulate:
            sim = config.touch.sim or SimConfig()
            rig = SimulatedRig.for_config(simulated(config), realistic=sim)
            clock = FakeClock()
            board = rig.board(clock)
            assert isinstance(board.leds, MockLeds)
            hand = SimHand(rig, board.leds, clock, seed=args.seed)
            pause: Callable[[float], None] = hand.pause
            on_frame = [hand.see]
            print(f"{name}: the simulated board (touch.sim seed {sim.seed})", file=out)
        else:
            taken = board_holder(Path(config.state_dir).expanduser(), active)
            if taken is not None:  # opening the chips would reset them under the running board
                raise CommandError(taken, EXIT_ERROR)
            board = build_board(config, MonotonicClock())
            pause, on_frame = time.sleep, []
            print(f"{name}: {args.config or 'built-in defaults'}, on the hardware", file=out)
    except BoardSetupError as exc:
        raise CommandError(str(exc), EXIT_ERROR) from exc
    sensor = board.touch
    if not isinstance(sensor, PadTouchSensor):
        board.close()
        raise CommandError("touch.backend must be mpr121 (or use --mock-hal)", EXIT_ERROR)
    web = None
    try:
        sensor.start(_ignore)
        if args.web:
            web = _serve_pads(args.web, config, sensor, board)
            on_frame = [*on_frame, web[1].show]
        calibrator = Calibrator(
            config,
            sensor,
            board.leds,
            pause=pause,
            out=out,
            on_frame=on_frame,
            tap_timeout_s=args.tap_seconds,
        )
        found = calibrator.run()
    except KeyboardInterrupt:
        print(f"{name}: stopped; nothing written", file=sys.stderr)
        return 130
    finally:
        if web is not None:
            web[0].close()
        board.close()
    proposal = propose(config, found)
    print_report(proposal, out)
    sim_data = dataclasses.asdict(sim) if sim is not None else None
    text = new_config_text(source, proposal, sim_data)
    try:
        parse_config(text, unsaid)  # its notices were said when the source was loaded
    except ConfigError as exc:
        message = f"the proposed config does not check ({exc}); nothing written"
        raise CommandError(message, EXIT_ERROR) from None
    try:
        write_config(Path(args.out), text)
    except OSError as exc:
        raise CommandError(f"cannot write {args.out}: {exc.strerror}", EXIT_ERROR) from None
    print(f"wrote {args.out}: check it with `cullsboard check-config {args.out}`", file=out)
    return EXIT_FLAGGED if proposal.flagged else 0
