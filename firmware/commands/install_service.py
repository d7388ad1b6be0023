"""``cullsboard install-service`` and ``uninstall-service``: set the board up as a kiosk service."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO, TypedDict, Unpack

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
