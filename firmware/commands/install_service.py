"""``cullsboard install-service`` and ``uninstall-service``: set the board up as a kiosk service."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from firmware.service.install import find_sources, install_plan, uninstall_plan
from firmware.service.steps import (
    EXIT_USAGE,
    InstallError,
    Probe,
    Runner,
    SystemProbe,
    current_euid,
    execute,
    run_command,
)

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    install = subparsers.add_parser(
        "install-service",
        help="run the board as a systemd service that starts at boot (needs root)",
        description="Create the cullsboard user and virtualenv, enable SPI and I2C, install a "
        "config if there is none, and install, enable and start the systemd service.",
    )
    install.add_argument("--dry-run", action="store_true", help="print every step, change nothing")
    install.add_argument(
        "--source",
        type=Path,
        default=PROJECT_ROOT,
        help="the project checkout to install (default: this one)",
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
    uninstall.add_argument(
        "--dry-run", action="store_true", help="print every step, change nothing"
    )
    uninstall.add_argument(
        "--purge", action="store_true", help="also delete the config, saved games and stats"
    )
    uninstall.set_defaults(run=run_uninstall)


def run_install(
    args: argparse.Namespace,
    *,
    probe: Probe | None = None,
    runner: Runner = run_command,
    euid: int | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Plan the install and print or run it."""
    err = sys.stderr if err is None else err
    try:
        plan = install_plan(find_sources(args.source, args.config_source), probe or SystemProbe())
        return execute(
            plan,
            dry_run=args.dry_run,
            euid=current_euid() if euid is None else euid,
            runner=runner,
            out=sys.stdout if out is None else out,
            err=err,
            command="install-service",
        )
    except InstallError as exc:
        print(f"cullsboard install-service: {exc}", file=err)
        return EXIT_USAGE


def run_uninstall(
    args: argparse.Namespace,
    *,
    probe: Probe | None = None,
    runner: Runner = run_command,
    euid: int | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Plan the removal and print or run it."""
    err = sys.stderr if err is None else err
    try:
        plan = uninstall_plan(probe or SystemProbe(), purge=args.purge)
        return execute(
            plan,
            dry_run=args.dry_run,
            euid=current_euid() if euid is None else euid,
            runner=runner,
            out=sys.stdout if out is None else out,
            err=err,
            command="uninstall-service",
        )
    except InstallError as exc:
        print(f"cullsboard uninstall-service: {exc}", file=err)
        return EXIT_USAGE
