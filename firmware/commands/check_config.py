"""``cullsboard check-config FILE``: check a board config, or name the key that is wrong."""

from __future__ import annotations

import argparse
from pathlib import Path

from firmware.commands.errors import CommandError
from firmware.config import ConfigError, load_config
from firmware.config.layered import layered_lines, read_layered
from firmware.config.summary import summary_lines

EXIT_INVALID = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check-config",
        help="check a board config file and summarise it",
        description="Check a board config file. Valid: a short summary (with the staff settings "
        "of its state directory over it) and exit status 0. "
        "Not valid: one line naming the key path on standard error and exit status 2.",
    )
    parser.add_argument("file", help="the YAML config file, e.g. config/matrix-board.yaml")
    parser.add_argument(
        "--state-dir", metavar="DIR", help="where the staff settings are (default: the config's)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as exc:
        raise CommandError(f"{args.file}: {exc}", EXIT_INVALID) from None
    state_dir = Path(args.state_dir or config.state_dir).expanduser()
    layered, problem = read_layered(config, state_dir)
    print(f"{args.file}: valid")
    for line in summary_lines(layered.config):
        print(f"  {line}")
    for line in layered_lines(layered, state_dir, problem):
        print(f"  {line}")
    return 0
