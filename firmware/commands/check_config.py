"""``cullsboard check-config FILE``: check a board config, or name the key that is wrong."""

from __future__ import annotations

import argparse

from firmware.commands.errors import CommandError
from firmware.config import ConfigError, load_config
from firmware.config.summary import summary_lines

EXIT_INVALID = 2


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as exc:
        raise CommandError(f"{args.file}: {exc}", EXIT_INVALID) from None
    print(f"{args.file}: valid")
    for line in summary_lines(config):
        print(f"  {line}")
    return 0
