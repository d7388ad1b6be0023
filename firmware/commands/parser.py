"""The command line's parser, built without importing the commands' modules.

Each subcommand's arguments are declared here with the module (and function) that runs it, so
``cullsboard replay`` imports the rules and nothing of the web server, the chips or the broker.
The board's own options (``cullsboard --mock-hal ...``) need the games' rule switches, so they
are added only when the board runs (no subcommand, or ``review``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from firmware.rules.time_control import TimeControl

MOCK_WEB = "127.0.0.1:8080"
FLEET_WEB = "127.0.0.1:8090"
PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
# Run from a source tree, install that tree; run from an installed package, install its version.
CHECKOUT = PROJECT_ROOT if (PROJECT_ROOT / "pyproject.toml").is_file() else None
DRY_RUN_HELP = "print every step, change nothing"
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


@dataclass(frozen=True, slots=True)
class LazyRun:
    """A command's ``run``, its module imported only when it is called."""

    target: str  # "module:function"

    def __call__(self, args: argparse.Namespace, **extra: Any) -> int:
        module, _, function = self.target.partition(":")
        run = getattr(importlib.import_module(module), function)
        code: int = run(args, **extra)
        return code


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: its one-line help, the function that runs it and its arguments."""

    help: str
    runs: str  # "module:function"
    arguments: Callable[[argparse.ArgumentParser], None]
    description: str | None = None


def _replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record file, or - for standard input")


def _review(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record file (as saved by --record or the board page)")
    add_play_arguments(parser)


def _engine(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=int, default=None, help="seed the choices of the noisy levels"
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help="processes the top level searches in (the root split between them; default 1)",
    )


def _analyse(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record file, or - for standard input")
    parser.add_argument(
        "--nodes", type=_positive_nodes, default=None, help="search nodes per position"
    )
    parser.add_argument(
        "--from",
        dest="first",
        type=_positive_nodes,
        default=1,
        metavar="PLY",
        help="start at move PLY (go on with an analysis that was stopped)",
    )


def _positive_nodes(text: str) -> int:
    """A node budget: a whole number from 1 to 10,000,000 (argparse's type)."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 10_000_000:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 10000000, not {text!r}")
    return int(text)


def _engine_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("command", help='the engine\'s command line, e.g. "cullsboard engine"')


def _positive(text: str) -> int:
    """A whole number of at least 1 (argparse's type)."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 64, not {text!r}")
    return int(text)


def _layout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, help="the game (culls, cubulus)")


def _install(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP)
    parser.add_argument(
        "--source",
        type=Path,
        default=CHECKOUT,
        help="the project checkout to install (default: this one; from an installed package: "
        "this version, from the package index)",
    )
    parser.add_argument(
        "--config-source",
        type=Path,
        help="the config to copy if there is none yet (default: config/direct-board.yaml)",
    )


def _uninstall(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP)
    parser.add_argument(
        "--purge", action="store_true", help="also delete the config, saved games and stats"
    )


def _check_config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the YAML config file, e.g. config/matrix-board.yaml")
    parser.add_argument(
        "--for-service",
        action="store_true",
        help="judge it the way the kiosk unit runs it (its flags: --kiosk)",
    )
    parser.add_argument(
        "--state-dir", metavar="DIR", help="where the staff settings are (default: the config's)"
    )


def _diag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="the board's YAML config")
    parser.add_argument("--mock-hal", action="store_true", help="test the simulated board")
    parser.add_argument("--quick", action="store_true", help="no pauses, no wait for touches")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="how long to watch for touches (60)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the findings as JSON instead of the report"
    )


def _leds_off(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", required=True, help="the board's config")


def _calibrate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="the board's YAML config")
    parser.add_argument("--out", metavar="NEW.yaml", help="the config to write (needed)")
    parser.add_argument("--mock-hal", action="store_true", help="calibrate the simulated board")
    parser.add_argument(
        "--tap-seconds", type=float, default=20.0, help="how long to wait for each tap (20)"
    )
    parser.add_argument("--seed", type=int, default=7, help="the simulated hand's seed")
    parser.add_argument(
        "--web",
        metavar="HOST:PORT",
        help="serve the live pad view (/pads) and the lit cells while it runs",
    )
    steps = parser.add_subparsers(title="steps", metavar="STEP")
    proof = steps.add_parser(
        "proof",
        help="prove one cell with a piece, guided, before the whole board is built",
        description="Walks through one cell with every LED at full brightness: at rest, a piece "
        "put down, ten taps on it, ten beside it, the piece lifted; prints each figure against "
        "the thresholds and the noise, then PASS or FAIL with the margin. On the hardware each "
        "step waits for Enter; --mock-hal runs it on the realistic simulated board with a "
        "scripted finger. Exit status 0: passed; 1: failed; 2: an error.",
    )
    proof.add_argument("--config", metavar="FILE", help="the board's YAML config")
    proof.add_argument("--cell", default="h8", help="the cell to prove (h8)")
    proof.add_argument("--mock-hal", action="store_true", help="prove the simulated board")
    proof.add_argument("--seed", type=int, default=7, help="the simulated finger's seed")
    proof.set_defaults(run=LazyRun("firmware.commands.proof:run"))


def _history(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="list", choices=("list", "show", "export"))
    parser.add_argument("match", nargs="?", type=int, help="the match id (show, export)")
    parser.add_argument("--round", type=int, help="export: this round only (default: the last)")
    parser.add_argument("--day", help="list: only this day (YYYY-MM-DD)")
    export = parser.add_mutually_exclusive_group()
    export.add_argument(
        "--csv",
        action="store_true",
        help="export: one CSV row per round (names, times, game, round and match results)",
    )
    export.add_argument(
        "--out",
        metavar="DIR",
        help="export: write each round's record to its own file in DIR (each replays)",
    )
    parser.add_argument(
        "--state-dir",
        metavar="DIR",
        help="where the history is kept (default: the config's state_dir, /var/lib/cullsboard "
        "when the service's is there, else ~/.local/state/cullsboard)",
    )
    parser.add_argument(
        "--config", metavar="FILE", help="the board's YAML config (its state_dir is used)"
    )


def _fleet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--broker", required=True, metavar="URL", help="mqtt[s]://HOST:PORT")
    parser.add_argument("--web", default=FLEET_WEB, metavar="HOST:PORT")
    parser.add_argument("--ca-file", help="mqtts: the CA certificate that signed the broker's")
    parser.add_argument("--username", help="the broker login")
    parser.add_argument("--password-file", help="a file holding the broker password")
    parser.add_argument(
        "--remove",
        metavar="BOARD",
        help="clear a retired board's retained status and state from the broker, then exit "
        "(refused while it is online or was heard in the last minute)",
    )
    parser.add_argument(
        "--force", action="store_true", help="with --remove: even if heard in the last minute"
    )
    parser.add_argument(
        "--state-dir",
        metavar="DIR",
        help="where the café's tournaments are kept (default: the user's "
        "~/.local/state/cullsboard-fleet)",
    )
    parser.add_argument(
        "--pin-file", help="a file holding the staff PIN that tournaments need on the page"
    )


def _lessons(parser: argparse.ArgumentParser) -> None:
    """No arguments."""


def _puzzles(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="only this game's puzzles (culls, cubulus)")


COMMANDS: dict[str, Command] = {
    "replay": Command(
        "replay a game record and print the final state as JSON",
        "firmware.commands.replay:run",
        _replay,
        "Replay a game record and print the final state as one JSON object.",
    ),
    "review": Command(
        "step through a recorded round on the board (--mock-hal: the simulated one)",
        "firmware.commands.review:run",
        _review,
        "Show a game record on the board, move by move: the arrow cells a1 and o1 (or UNDO "
        "and NEW, or the board page) step back and forward; MENU leaves the review.",
    ),
    "engine": Command(
        "play the computer player over a line protocol on stdin/stdout",
        "firmware.commands.engine:run",
        _engine,
        "The computer player on a line protocol: position, go, isready, quit.",
    ),
    "analyse": Command(
        "look at each move of a round again: its evaluation, the better move, as JSON lines",
        "firmware.commands.analyse:run",
        _analyse,
        "Search every position of a record at the top level and print one JSON line per move "
        "(its evaluation for its mover, the move the search prefers, the loss), then the moves "
        "that lost most and the worst one.",
    ),
    "engine-check": Command(
        "check that an engine speaks the engine protocol (docs/players.md)",
        "firmware.commands.engine_check:run",
        _engine_check,
        "Start the engine COMMAND and check every protocol line, bad input and the answer "
        "times. One line per check; exit status 0: all passed, 1: one failed, 2: the command "
        "cannot be started.",
    ),
    "layout": Command(
        "print which token a touch on each board cell means, as JSON",
        "firmware.commands.layout:run",
        _layout,
        "Print a JSON object mapping board cell names (e.g. e13) to game tokens.",
    ),
    "install-service": Command(
        "run the board as a systemd service that starts at boot (needs root)",
        "firmware.commands.install_service:run_install",
        _install,
        "Create the cullsboard user and virtualenv, add the boot settings the config needs "
        "(SPI, I2C at 400 kHz, the core clock, the SPI buffer) to config.txt and cmdline.txt, "
        "install a config if there is none, and install, enable and start the systemd service. "
        "A second run adds no boot setting twice.",
    ),
    "uninstall-service": Command(
        "stop and remove the systemd service (needs root)",
        "firmware.commands.install_service:run_uninstall",
        _uninstall,
        "Stop and remove the service, its virtualenv and its user. The config and the saved "
        "games stay unless --purge.",
    ),
    "leds-off": Command(
        "turn the board's LED chain off (the kiosk unit runs it after every stop)",
        "firmware.commands.leds_off:run",
        _leds_off,
        "Send one all-off frame down the LED chain the config describes. It opens the LEDs "
        "only. Exit status 0: sent; 2: the config or the chain could not be opened.",
    ),
    "check-config": Command(
        "check a board config file and summarise it",
        "firmware.commands.check_config:run",
        _check_config,
        "Check a board config file. Valid: a short summary (with the staff settings of its "
        "state directory over it) and exit status 0. Not valid: one line naming the key path "
        "on standard error and exit status 2.",
    ),
    "diag": Command(
        "test the board's chips, LEDs, pads and buttons",
        "firmware.commands.diag:run",
        _diag,
        "A hardware self-test: lists the I2C chips found and missing, lights every LED in turn "
        "and in each colour, reports stuck or dead pads and shows every pad as it is touched; "
        "warns for pads reading outside 200..800 counts and for weak touches. Exit status 0: "
        "no problems; 1: problems found; 2: config or setup error.",
    ),
    "calibrate": Command(
        "measure the touch pads and write tuned thresholds",
        "firmware.commands.calibrate:run",
        _calibrate,
        "Reads the pads at rest with the LEDs off and at full brightness, then lights one cell "
        "at a time for a tap, proposes per-pad thresholds, flags the pads no threshold can make "
        "reliable and writes the config with touch.pads filled in. --mock-hal runs it on the "
        "simulated board with a simulated hand. Exit status 0: written, every pad reliable; 1: "
        "written, some pads flagged; 2: an error.",
    ),
    "history": Command(
        "list, show or export the matches played on this board",
        "firmware.commands.history:run",
        _history,
        "The match history. export prints records (records.md) that replay.",
    ),
    "fleet": Command(
        "serve a page of every board seen on an MQTT broker",
        "firmware.commands.fleet:run",
        _fleet,
        "Serve a page of every board on the broker (reads only the broker).",
    ),
    "lessons": Command(
        "list the lessons, one line each (GAME/NAME  title)",
        "firmware.commands.lessons:run",
        _lessons,
        "List every lesson as GAME/NAME and its title, in teaching order.",
    ),
    "puzzles": Command(
        "print the puzzles as JSON lines (id, game, kind, record, answers)",
        "firmware.commands.puzzles:run",
        _puzzles,
        "Print every shipped puzzle as one JSON object per line: its id, game and kind, the "
        "record whose final position it is, and every action that solves it.",
    ),
}
BOARD_RUNS = "firmware.commands.play:run"
# The board's options that are followed by a value; the others are flags.
FLAG_OPTIONS = frozenset({"--mock-hal", "--kiosk", "--plain", "--version", "--help", "-h"})


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The board's own options (``--mock-hal``, ``--game`` and the games' rule switches ...)."""
    from firmware.controller.options import all_options  # the games' switches: the registry

    group = parser.add_argument_group("playing")
    group.add_argument("--mock-hal", action="store_true", help="run on the simulated board")
    group.add_argument("--game", help="start this game at once (culls, cubulus)")
    for name, owners in all_options().items():
        choices = [choice for _, option in owners for choice in option.choices]
        numbers = all(isinstance(choice, int) for choice in choices)
        group.add_argument(
            f"--{name}",
            type=int if numbers else str,
            help="; ".join(f"{game}: {option.help}" for game, option in owners),
        )
    group.add_argument(
        "--computer",
        metavar="SEAT[,SEAT]",
        help="seats the computer plays: colours (red) or team seats (redA)",
    )
    group.add_argument(
        "--level", type=int, metavar="N", help="the computer's level, 1 (gentle) to 6 (strongest)"
    )
    group.add_argument(
        "--clock",
        type=_time_control,
        metavar="CONTROL",
        help="the time control: none, 10 (minutes each), 5+3 (and seconds a turn), turn:30",
    )
    group.add_argument("--seed", type=int, help="make the draw of the first player repeatable")
    group.add_argument("--script", metavar="FILE", help="events, one per line (- = stdin)")
    group.add_argument("--frames", metavar="OUT.jsonl", help="write every frame sent (JSON lines)")
    group.add_argument("--record", metavar="OUT.json", help="at exit, save the current game")
    group.add_argument("--state-dir", metavar="DIR", help="where the journal is kept")
    group.add_argument("--config", metavar="FILE", help="the board's YAML configuration")
    group.add_argument(
        "--kiosk", action="store_true", help="turn the config's kiosk section on (cafe mode)"
    )
    group.add_argument("--broker", metavar="URL", help="the MQTT broker: mqtt[s]://HOST:PORT")
    group.add_argument("--board-id", metavar="NAME", help="this board's name on the broker")
    group.add_argument(
        "--online",
        metavar="host|join:CODE",
        help="offer the --game to another board, or join the one offered under CODE",
    )
    group.add_argument(
        "--lesson", metavar="GAME/NAME", help="open this lesson at once (cullsboard lessons)"
    )
    group.add_argument(
        "--plain", action="store_true", help="letters instead of colours in the terminal"
    )
    group.add_argument(
        "--web",
        metavar="HOST:PORT",
        help=f"serve the web pages, or off (default with --mock-hal, unscripted: {MOCK_WEB})",
    )


def _time_control(text: str) -> TimeControl:
    """``--clock``'s value; refused in one line (argparse's ``argument --clock: ...``)."""
    from firmware.rules.time_control import TimeControlError, parse_time_control

    try:
        return parse_time_control(text)
    except TimeControlError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    command: str | None, version: str, *, every: bool = False
) -> argparse.ArgumentParser:
    """The parser for running ``command`` (None: the board): every subcommand is listed, only
    ``command``'s arguments (and the board's options, when it runs) are declared; ``every``:
    all of them."""
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
    return build_parser(command_in(words), version).parse_args(words)
