"""The board's own options (``cullsboard --mock-hal --game culls ...``): added only when the board
runs (or for ``review`` and the whole help), since they need the games' rule switches."""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # typing is not imported: --help pays for this module
if TYPE_CHECKING:
    from firmware.rules.time_control import TimeControl

MOCK_WEB = "127.0.0.1:8080"


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The board's own options (``--mock-hal``, ``--game`` and the games' rule switches ...)."""
    from firmware.controller.core.options import all_options  # the games' switches: the registry

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
        type=time_control,
        metavar="CONTROL",
        help="the time control: none, 10 (minutes each), 5+3 (and seconds a turn), turn:30",
    )
    group.add_argument("--seed", type=int, help="make the draw of the first player repeatable")
    group.add_argument("--script", metavar="FILE", help="events, one per line (- = stdin)")
    group.add_argument("--frames", metavar="OUT.jsonl", help="write every frame sent (JSON lines)")
    group.add_argument(
        "--said",
        metavar="OUT.txt",
        help="write every sentence the voice says, one a line (t_ms<TAB>sentence): the "
        "simulated voice, on the simulated clock (with --mock-hal)",
    )
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
        "--puzzle", metavar="ID", help="open this puzzle at once (ids: cullsboard puzzles)"
    )
    group.add_argument(
        "--plain", action="store_true", help="letters instead of colours in the terminal"
    )
    group.add_argument(
        "--web",
        metavar="HOST:PORT",
        help=f"serve the web pages, or off (default with --mock-hal, unscripted: {MOCK_WEB})",
    )


def time_control(text: str) -> TimeControl:
    """``--clock``'s value; refused in one line (argparse's ``argument --clock: ...``)."""
    from firmware.rules.time_control import TimeControlError, parse_time_control

    try:
        return parse_time_control(text)
    except TimeControlError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
