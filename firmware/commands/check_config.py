"""``cullsboard check-config FILE``: check a board config, or name the key that is wrong."""

from __future__ import annotations

import argparse
from pathlib import Path

from firmware.commands.errors import CommandError
from firmware.config import ConfigError, load_config
from firmware.config.layered import layered_lines, read_layered
from firmware.config.running import Switches
from firmware.config.summary import summary_lines
from firmware.errors import InputError

EXIT_INVALID = 2


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as exc:
        raise CommandError(f"{args.file}: {exc}", EXIT_INVALID) from None
    state_dir = Path(args.state_dir or config.state_dir).expanduser()
    how = ""
    if not args.for_service:
        layered, problem = read_layered(config, state_dir)
    else:  # the unit's checks reach the broker settings: only when asked
        from firmware.service.as_run import (
            check_for_service,
            shipped_unit_flags,
        )

        flags = shipped_unit_flags()
        # The staff settings judged as the unit's start judges them: with its switches.
        layered, problem = read_layered(config, state_dir, Switches.of_flags(flags))
        try:
            check_for_service(layered.config, flags)
        except InputError as exc:  # ConfigError, LinkSettingsError or NotForServiceError
            message = f"{args.file}: {exc} (as the kiosk unit runs it: {' '.join(flags)})"
            raise CommandError(message, EXIT_INVALID) from None
        how = f" for the kiosk service ({' '.join(flags)})"
    print(f"{args.file}: valid{how}")
    for line in summary_lines(layered.config):
        print(f"  {line}")
    for line in layered_lines(layered, state_dir, problem):
        print(f"  {line}")
    return 0
