"""The ``cullsboard`` command: run the board (default) or one of the subcommands.

Only the module of the command given is imported (``firmware/commands/parser.py`` declares
every command's arguments), so a command starts with what it uses and nothing else.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from firmware import __version__
from firmware.commands import parser
from firmware.controller.core.restart import RestartRequested
from firmware.errors import CullsboardError

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


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, every command's arguments declared (the commands not imported)."""
    return parser.build_parser(None, __version__, every=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser.parse(argv, __version__)
    try:
        code: int = args.run(args)
    except RestartRequested:  # the staff page's "Restart the board": everything was closed
        from firmware.commands.restart import restart

        return restart()
    except CullsboardError as exc:  # every error of the project: one line, then its status
        prog = "cullsboard" if args.command is None else f"cullsboard {args.command}"
        print(f"{prog}: {' '.join(str(exc).split())}", file=sys.stderr, flush=True)
        return exc.exit_status
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
