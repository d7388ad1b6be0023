"""The computer's seats as the config asks: searches in the engine process it names.

The board runs the built-in ``cullsboard engine`` unless ``computer.engine`` names another
command. A scripted run (a simulated clock that only its script moves) searches in this process
on that clock instead, so its figures repeat.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable

from firmware.config.schema import ComputerConfig
from firmware.controller.computer import Say, Seating
from firmware.controller.engine_process import BUILT_IN_ENGINE, EngineThinker
from firmware.controller.thinker import Answer
from firmware.players import Level


def engine_command(config: ComputerConfig) -> tuple[str, ...]:
    """The engine's command line: the config's, else the built-in engine of this Python."""
    return BUILT_IN_ENGINE if config.engine is None else tuple(shlex.split(config.engine))


def computer_seating(
    config: ComputerConfig,
    *,
    clock: Callable[[], float],
    level: Level,
    computer_seats: Iterable[str] = (),
    seed: int | None = None,
    in_process: bool = False,
) -> Seating:
    """The seating whose searches run in the configured engine (``in_process``: on ``clock``)."""
    if in_process:
        return Seating(clock=clock, level=level, computer_seats=computer_seats, seed=seed)
    command = engine_command(config)

    def engine(deliver: Callable[[Answer], None], say: Say) -> EngineThinker:
        return EngineThinker(command, deliver=deliver, say=say, seed=seed)

    return Seating(
        clock=clock, level=level, computer_seats=computer_seats, seed=seed, searcher=engine
    )
