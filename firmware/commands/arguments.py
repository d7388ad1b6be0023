"""Each subcommand's arguments (``firmware/commands/parser.py`` lists the commands with these)."""

from __future__ import annotations

import argparse
from pathlib import Path

from firmware.commands.lazy_run import LazyRun
from firmware.commands.play_arguments import add_play_arguments

FLEET_WEB = "127.0.0.1:8090"
PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
# Run from a source tree, install that tree; run from an installed package, install its version.
CHECKOUT = PROJECT_ROOT if (PROJECT_ROOT / "pyproject.toml").is_file() else None
DRY_RUN_HELP = "print every step, change nothing"


def replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record file, or - for standard input")


def review(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record file (as saved by --record or the board page)")
    add_play_arguments(parser)


def engine(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=int, default=None, help="seed the choices of the noisy levels"
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help="processes the top level searches in (the root split between them; default 1)",
    )


def analyse(parser: argparse.ArgumentParser) -> None:
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


def engine_check(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("command", help='the engine\'s command line, e.g. "cullsboard engine"')


def _positive(text: str) -> int:
    """A whole number of at least 1 (argparse's type)."""
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 64, not {text!r}")
    return int(text)


def layout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, help="the game (culls, cubulus)")


def install(parser: argparse.ArgumentParser) -> None:
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


def uninstall(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dry-run", action="store_true", help=DRY_RUN_HELP)
    parser.add_argument(
        "--purge", action="store_true", help="also delete the config, saved games and stats"
    )


def check_config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the YAML config file, e.g. config/matrix-board.yaml")
    parser.add_argument(
        "--for-service",
        action="store_true",
        help="judge it the way the kiosk unit runs it (its flags: --kiosk)",
    )
    parser.add_argument(
        "--state-dir", metavar="DIR", help="where the staff settings are (default: the config's)"
    )


def diag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="the board's YAML config")
    parser.add_argument("--mock-hal", action="store_true", help="test the simulated board")
    parser.add_argument("--quick", action="store_true", help="no pauses, no wait for touches")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="how long to watch for touches (60)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the findings as JSON instead of the report"
    )


def leds_off(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", required=True, help="the board's config")


def calibrate(parser: argparse.ArgumentParser) -> None:
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


def history(parser: argparse.ArgumentParser) -> None:
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


def fleet(parser: argparse.ArgumentParser) -> None:
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


def lessons(parser: argparse.ArgumentParser) -> None:
    """No arguments."""


def puzzles(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="only this game's puzzles (culls, cubulus)")
