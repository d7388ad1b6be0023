"""The computer's seats as the config asks: searches in the engine process it names.

The board runs the built-in ``cullsboard engine`` (its top level on ``computer.workers``
processes, by default the cores less one) unless ``computer.engine`` names another command. A
scripted run (a simulated clock that only its script moves) searches in this process on that
clock instead, so its figures repeat. Every other board has a coach (unless ``computer.coach`` is
false), whose analyses give way to each search.
"""

from __future__ import annotations

import atexit
import os
import shlex
from collections.abc import Callable, Iterable
from pathlib import Path

from firmware.config.schema import ComputerConfig
from firmware.controller.coach.coach import Coach
from firmware.controller.coach.coach_yields import CoachYields
from firmware.controller.computer.computer import Say, Seating
from firmware.controller.computer.engine_process import BUILT_IN_ENGINE, EngineThinker
from firmware.controller.computer.thinker import Answer, Searcher
from firmware.history.store import History
from firmware.players import Level


def workers(config: ComputerConfig) -> int:
    """The built-in engine's processes: the config's, else the machine's cores less one."""
    if config.workers is not None:
        return config.workers
    return max(1, (os.cpu_count() or 1) - 1)


def engine_command(config: ComputerConfig) -> tuple[str, ...]:
    """The engine's command line: the config's, else the built-in engine of this Python with
    its workers."""
    if config.engine is not None:
        return tuple(shlex.split(config.engine))
    return (*BUILT_IN_ENGINE, "--workers", str(workers(config)))


def computer_seating(
    config: ComputerConfig,
    *,
    clock: Callable[[], float],
    level: Level,
    computer_seats: Iterable[str] = (),
    seed: int | None = None,
    in_process: bool = False,
    coach: Coach | None = None,
) -> Seating:
    """The seating whose searches run in the configured engine (``in_process``: on ``clock``);
    every search cancels the ``coach``'s analysis until it has answered."""
    if in_process:
        return Seating(clock=clock, level=level, computer_seats=computer_seats, seed=seed)
    command = engine_command(config)

    def engine(deliver: Callable[[Answer], None], say: Say) -> Searcher:
        def make(answered: Callable[[Answer], None]) -> Searcher:
            return EngineThinker(command, deliver=answered, say=say, seed=seed)

        return make(deliver) if coach is None else CoachYields(make, coach, deliver)

    return Seating(
        clock=clock, level=level, computer_seats=computer_seats, seed=seed, searcher=engine
    )


def history_coach(state_dir: Path) -> Coach:
    """The coach, keeping its analyses in the history in ``state_dir`` (a connection for its
    own thread, another for the loop's look-ups); its analyser is stopped when the board exits."""
    writing, reading = History(state_dir), History(state_dir)
    coach = Coach(keep=writing.keep_analysis, known=reading.analysis)
    atexit.register(coach.close)
    return coach
