"""The ``cullsboard`` command: run the board (default) or one of the subcommands."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from firmware import __version__
from firmware.commands.errors import CommandError

# Libraries of the "board" extras: the simulated board runs without them.
BOARD_LIBRARIES = frozenset(
    {
        "adafruit_blinka",
        "adafruit_bus_device",
        "adafruit_mpr121",
        "adafruit_tca9548a",
        "board",
        "busio",
        "digitalio",
        "micropython",
        "neopixel_spi",
        "rpi_ws281x",
    }
)

# Each module registers one subcommand; "play" adds the board's own options to the main parser.
SUBCOMMANDS = (
    "replay",
    "review",
    "engine",
    "layout",
    "install-service",
    "check-config",
    "diag",
    "calibrate",
    "history",
    "fleet",
    "lessons",
    "puzzles",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cullsboard",
        description="A smart game table: Culls and Cubulus by touch, an LED under every cell.",
    )
    parser.add_argument("--version", action="version", version=f"cullsboard {__version__}")
    play = importlib.import_module("firmware.commands.play")
    play.add_arguments(parser)
    parser.set_defaults(run=play.run, command=None)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"firmware.commands.{name.replace('-', '_')}")
        module.register(subparsers)
        subparsers.choices[name].set_defaults(command=name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except CommandError as exc:
        prog = "cullsboard" if args.command is None else f"cullsboard {args.command}"
        print(f"{prog}: {exc}", file=sys.stderr, flush=True)
        return exc.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in BOARD_LIBRARIES:
            raise
        print(
            f"cullsboard: this needs the board libraries ({exc.name} is missing): "
            "pip install 'cullsboard[board]'",
            file=sys.stderr,
        )
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
