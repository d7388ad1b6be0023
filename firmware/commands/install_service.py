"""``cullsboard install-service`` and ``uninstall-service``: set the board up as a kiosk service."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypedDict, Unpack

from firmware.commands import leds_off
from firmware.service.first_config import PinSource, random_pin
from firmware.service.install import find_sources, install_plan, uninstall_plan
from firmware.service.steps import (
    EXIT_USAGE,
    InstallError,
    Plan,
    Probe,
    Runner,
    SystemProbe,
    current_euid,
    execute,
    run_command,
)

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
# Run from a source tree, install that tree; run from an installed package, install its version.
CHECKOUT = PROJECT_ROOT if (PROJECT_ROOT / "pyproject.toml").is_file() else None
DRY_RUN_HELP = "print every step, change nothing"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    install = subparsers.add_parser(
        "install-service",
        help="run the board as a systemd service that starts at boot (needs root)",
        description="Create the cullsboard user and virtualenv, add the boot settings the "
        "config needs (SPI, I2C at 400 kHz, the core clock, the SPI buffer) to config.txt and "
        "cmdline.txt, install a config if there is none, and install, enable and start the "
        "systemd service. A second run adds no boot setting twice.",
    )
    install.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP)
    install.add_argument(
        "--source",
        type=Path,
        default=CHECKOUT,
        help="the project checkout to install (default: this one; from an installed package: "
        "this version, from the package index)",
    )
    install.add_argument(
        "--config-source",
        type=Path,
        help="the config to copy if there is none yet (default: config/matrix-board.yaml)",
    )
    install.set_defaults(run=run_install)

    uninstall = subparsers.add_parser(
        "uninstall-service",
        help="stop and remove the systemd service (needs root)",
        description="Stop and remove the service, its virtualenv and its user. The config and "
        "the saved games stay unless --purge.",
    )
    uninstall.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP)
    uninstall.add_argument(
        "--purge", action="store_true", help="also delete the config, saved games and stats"
    )
    uninstall.set_defaults(run=run_uninstall)
    leds_off.register(subparsers)


class Machine(TypedDict, total=False):
    """What a test puts in place of the real machine, the terminal and root."""

    probe: Probe
    new_pin: PinSource
    runner: Runner
    euid: int
    out: TextIO
    err: TextIO


def run_install(args: argparse.Namespace, **machine: Unpack[Machine]) -> int:
    """Plan the install and print or run it."""

    def plan(probe: Probe) -> Plan:
        sources = find_sources(args.source, args.config_source)
        return install_plan(sources, probe, new_pin=machine.get("new_pin", random_pin))

    return _run("install-service", plan, args, machine)


def run_uninstall(args: argparse.Namespace, **machine: Unpack[Machine]) -> int:
    """Plan the removal and print or run it."""
    return _run(
        "uninstall-service", lambda probe: uninstall_plan(probe, purge=args.purge), args, machine
    )


def _run(
    command: str, plan: Callable[[Probe], Plan], args: argparse.Namespace, machine: Machine
) -> int:
    """Plan ``command`` on the machine and print every step, or run them."""
    err = machine.get("err", sys.stderr)
    try:
        return execute(
            plan(machine.get("probe") or SystemProbe()),
            dry_run=args.dry_run,
            euid=machine["euid"] if "euid" in machine else current_euid(),
            runner=machine.get("runner", run_command),
            out=machine.get("out", sys.stdout),
            err=err,
            command=command,
        )
    except InstallError as exc:
        print(f"cullsboard {command}: {exc}", file=err)
        return EXIT_USAGE
