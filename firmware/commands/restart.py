"""Starting the board again when the staff page asks: under the kiosk unit the service manager
does it (the unit restarts a board that exits, ``Restart=always``); run by hand, the program
runs itself again in place, without the options that would start a new match, so the journal
resumes the one on the board."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping, Sequence
from typing import NoReturn

from firmware.commands.parser import FLAG_OPTIONS

log = logging.getLogger("cullsboard")

# What starts something at once instead of resuming the match on the board (the games' rule
# switches too: they go with --game).
STARTS_AFRESH = frozenset(
    {"--game", "--computer", "--level", "--seed", "--script", "--online", "--lesson", "--puzzle"}
)


def resume_argv(argv: Sequence[str], rule_switches: frozenset[str]) -> list[str]:
    """``argv`` (the program's arguments) without the options that start a match afresh."""
    dropped = STARTS_AFRESH | rule_switches
    kept: list[str] = []
    words = iter(argv)
    for word in words:
        name = word.split("=", 1)[0]
        if name in dropped:
            if "=" not in word and name not in FLAG_OPTIONS:
                next(words, None)  # its value
            continue
        kept.append(word)
    return kept


def under_service_manager(environ: Mapping[str, str], parent: int) -> bool:
    """Whether systemd runs this process as a service's main process: it sets INVOCATION_ID
    for each start, and is the parent (a program started from a service inherits the
    variable but not the parent)."""
    return bool(environ.get("INVOCATION_ID")) and parent == 1


def restart() -> int:
    """Exit 0 for the service manager to start the board again, or run the board again here."""
    if under_service_manager(os.environ, os.getppid()):
        log.info("restarting: the service manager starts the board again")
        print("cullsboard: restarting (the service starts the board again)", flush=True)
        return 0
    return _run_again()


def _run_again() -> NoReturn:
    """Replace this process by the board's command line again, less what starts afresh."""
    from firmware.controller.core.options import all_options

    switches = frozenset(f"--{name}" for name in all_options())
    args = resume_argv(sys.orig_argv[1:], switches)
    print("cullsboard: restarting (the match on the board is resumed)", flush=True)
    os.execv(sys.executable, [sys.executable, *args])
