"""The command line's parser, built without importing the commands' modules.

Each subcommand is listed here with the module (and function) that runs it and its arguments
(``arguments.py``; the board's own, ``play_arguments.py``), so
``cullsboard replay`` imports the rules and nothing of the web server, the chips or the broker.
The board's own options (``cullsboard --mock-hal ...``) need the games' rule switches, so they
are added only when the board runs (no subcommand, or ``review``).
"""

from __future__ import annotations

import argparse
import os
import sys

from firmware.commands import arguments
from firmware.commands.lazy_run import LazyRun
from firmware.commands.play_arguments import add_play_arguments

# typing and dataclasses are not imported: every command, --help included, pays for this module.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import NoReturn

EXIT_USAGE = 2


class OneLineParser(argparse.ArgumentParser):
    """A parser whose usage errors are one line (``cullsboard replay: ...``) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see: {self.prog} --help)\n")

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse asks for a formatter at every add_argument and sizes it with shutil, which
        # imports the compression modules: the width is read here instead, as shutil reads it.
        return argparse.HelpFormatter(prog=self.prog, width=_columns() - 2)


def _columns() -> int:
    """The terminal's width: $COLUMNS, else the terminal's own, else 80."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1).columns
    except (OSError, ValueError):
        return 80


class Command:
    """A subcommand: its one-line help, the function that runs it and its arguments."""

    __slots__ = ("arguments", "description", "help", "runs")

    def __init__(
        self,
        help: str,
        runs: str,  # "module:function"
        arguments: Callable[[argparse.ArgumentParser], None],
        description: str | None = None,
    ) -> None:
        self.help = help
        self.runs = runs
        self.arguments = arguments
        self.description = description


COMMANDS: dict[str, Command] = {
    "replay": Command(
        "replay a game record and print the final state as JSON",
        "firmware.commands.replay:run",
        arguments.replay,
        "Replay a game record and print the final state as one JSON object.",
    ),
    "review": Command(
        "step through a recorded round on the board (--mock-hal: the simulated one)",
        "firmware.commands.review:run",
        arguments.review,
        "Show a game record on the board, move by move: the arrow cells a1 and o1 (or UNDO "
        "and NEW, or the board page) step back and forward; MENU leaves the review.",
    ),
    "engine": Command(
        "play the computer player over a line protocol on stdin/stdout",
        "firmware.commands.engine:run",
        arguments.engine,
        "The computer player on a line protocol: position, go, isready, quit.",
    ),
    "analyse": Command(
        "look at each move of a round again: its evaluation, the better move, as JSON lines",
        "firmware.commands.analyse:run",
        arguments.analyse,
        "Search every position of a record at the top level and print one JSON line per move "
        "(its evaluation for its mover, the move the search prefers, the loss), then the moves "
        "that lost most and the worst one.",
    ),
    "engine-check": Command(
        "check that an engine speaks the engine protocol (docs/players.md)",
        "firmware.commands.engine_check:run",
        arguments.engine_check,
        "Start the engine COMMAND and check every protocol line, bad input and the answer "
        "times. One line per check; exit status 0: all passed, 1: one failed, 2: the command "
        "cannot be started.",
    ),
    "layout": Command(
        "print which token a touch on each board cell means, as JSON",
        "firmware.commands.layout:run",
        arguments.layout,
        "Print a JSON object mapping board cell names (e.g. e13) to game tokens.",
    ),
    "install-service": Command(
        "run the board as a systemd service that starts at boot (needs root)",
        "firmware.commands.install_service:run_install",
        arguments.install,
        "Create the cullsboard user and virtualenv, add the boot settings the config needs "
        "(SPI, I2C at 400 kHz, the core clock, the SPI buffer) to config.txt and cmdline.txt, "
        "install a config if there is none, and install, enable and start the systemd service. "
        "A second run adds no boot setting twice.",
    ),
    "uninstall-service": Command(
        "stop and remove the systemd service (needs root)",
        "firmware.commands.install_service:run_uninstall",
        arguments.uninstall,
        "Stop and remove the service, its virtualenv and its user. The config and the saved "
        "games stay unless --purge.",
    ),
    "leds-off": Command(
        "turn the board's LED chain off (the kiosk unit runs it after every stop)",
        "firmware.commands.leds_off:run",
        arguments.leds_off,
        "Send one all-off frame down the LED chain the config describes. It opens the LEDs "
        "only. Exit status 0: sent; 2: the config or the chain could not be opened.",
    ),
    "check-config": Command(
        "check a board config file and summarise it",
        "firmware.commands.check_config:run",
        arguments.check_config,
        "Check a board config file. Valid: a short summary (with the staff settings of its "
        "state directory over it) and exit status 0. Not valid: one line naming the key path "
        "on standard error and exit status 2.",
    ),
    "diag": Command(
        "test the board's chips, LEDs, pads and buttons",
        "firmware.commands.diag:run",
        arguments.diag,
        "A hardware self-test: lists the I2C chips found and missing, lights every LED in turn "
        "and in each colour, reports stuck or dead pads and shows every pad as it is touched; "
        "warns for pads reading outside 200..800 counts and for weak touches. Exit status 0: "
        "no problems; 1: problems found; 2: config or setup error.",
    ),
    "calibrate": Command(
        "measure the touch pads and write tuned thresholds",
        "firmware.commands.calibrate:run",
        arguments.calibrate,
        "Reads the pads at rest with the LEDs off and at full brightness, then lights one cell "
        "at a time for a tap, proposes per-pad thresholds, flags the pads no threshold can make "
        "reliable and writes the config with touch.pads filled in. --mock-hal runs it on the "
        "simulated board with a simulated hand. Exit status 0: written, every pad reliable; 1: "
        "written, some pads flagged; 2: an error.",
    ),
    "history": Command(
        "list, show or export the matches played on this board",
        "firmware.commands.history:run",
        arguments.history,
        "The match history. export prints records (records.md) that replay.",
    ),
    "fleet": Command(
        "serve a page of every board seen on an MQTT broker",
        "firmware.commands.fleet:run",
        arguments.fleet,
        "Serve a page of every board on the broker (reads only the broker).",
    ),
    "lessons": Command(
        "list the lessons, one line each (GAME/NAME  title)",
        "firmware.commands.lessons:run",
        arguments.lessons,
        "List every lesson as GAME/NAME and its title, in teaching order.",
    ),
    "puzzles": Command(
        "print the puzzles as JSON lines (id, game, kind, record, answers)",
        "firmware.commands.puzzles:run",
        arguments.puzzles,
        "Print every shipped puzzle as one JSON object per line: its id, game and kind, the "
        "record whose final position it is, and every action that solves it.",
    ),
}
BOARD_RUNS = "firmware.commands.play:run"
# The board's options that are followed by a value; the others are flags.
FLAG_OPTIONS = frozenset({"--mock-hal", "--kiosk", "--plain", "--version", "--help", "-h"})


def command_in(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (None: run the board), found without parsing it all."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--":
            return None
        elif word.startswith("-"):
            skip = word not in FLAG_OPTIONS and "=" not in word
        else:
            return word if word in COMMANDS else None
    return None


def build_parser(
    command: str | None, version: str, *, every: bool = False, alone: bool = False
) -> argparse.ArgumentParser:
    """The parser for running ``command`` (None: the board): every subcommand is listed, only
    ``command``'s arguments (and the board's options, when it runs) are declared; ``every``:
    all of them. ``alone``: ``command`` is the first word, so no other subcommand can be reached
    and only its own is made (each costs a parser)."""
    parser = OneLineParser(
        prog="cullsboard",
        description="A smart game table: Culls and Cubulus by touch, an LED under every cell.",
    )
    parser.add_argument("--version", action="version", version=f"cullsboard {version}")
    if every or command in (None, "review"):
        add_play_arguments(parser)
    parser.set_defaults(run=LazyRun(BOARD_RUNS), command=None)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name, spec in COMMANDS.items():
        if alone and name != command:
            continue
        sub = subparsers.add_parser(
            name,
            help=spec.help,
            description=spec.description,
            # Options given before `review` (`cullsboard --mock-hal review FILE`) must stand,
            # so the command's copies of them have no defaults of their own.
            argument_default=argparse.SUPPRESS if name == "review" else None,
        )
        if every or name == command:
            spec.arguments(sub)
        sub.set_defaults(run=LazyRun(spec.runs), command=name)
    return parser


def parse(argv: Sequence[str] | None, version: str) -> argparse.Namespace:
    """``argv`` (default: the process's arguments) parsed; a usage error exits 2 in one line."""
    words = list(sys.argv[1:] if argv is None else argv)
    command = command_in(words)
    # Before the first word nothing can ask for the list of commands (--help, a wrong name).
    alone = command is not None and words[0] == command
    return build_parser(command, version, alone=alone).parse_args(words)
