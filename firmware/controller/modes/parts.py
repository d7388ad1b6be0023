"""What the table hands the mode context: its parts, and what helps or bounds the play."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from firmware.controller.coach.mistakes import CoachView
from firmware.controller.commands.strip import CommandStrip
from firmware.controller.computer.computer import ComputerChoice
from firmware.controller.core.events import EventBus
from firmware.controller.core.feedback import Feedback
from firmware.controller.learning.learning import Learning
from firmware.controller.match.match_at_table import MatchAtTable
from firmware.controller.match.undo import UndoPolicy
from firmware.controller.menu.menu import Menu
from firmware.rules.api import GameState


class TimerService(Protocol):
    """The board's timers (``firmware.controller.core.timers``): due calls, cancelled by owner."""

    def schedule(self, at: float, what: Callable[[float], object], owner: object) -> object: ...
    def cancel(self, owner: object) -> int: ...


@dataclass(frozen=True, slots=True)
class TableParts:
    """The table's parts every mode uses: the match, the feedback, the timers, the events, the
    menu, the strip and the board's random numbers."""

    match: MatchAtTable
    feedback: Feedback
    timers: TimerService
    events: EventBus
    menu: Menu
    strip: CommandStrip
    rng: random.Random


def _no_thinking() -> bool:
    return False


def _by_hand(game: str) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class PlayAids:
    """What helps or bounds the play at this board: lessons, hints, the computer, whether its
    pieces are placed by hand, and who agrees to an UNDO."""

    undo_policy: UndoPolicy
    learning: Learning | None = None
    ask_hint: Callable[[GameState], None] | None = None
    computer: ComputerChoice | None = None
    thinking: Callable[[], bool] = _no_thinking
    hand_placed: Callable[[str], bool] = _by_hand


@dataclass(frozen=True, slots=True)
class BoardOffers:
    """What a board with a voice or a coach offers besides the play: ``explore``: a long press
    on a cell says it and the strip offers "read" (``speech.explore``); ``voice_on``: on a board
    with a voice, whether it speaks at first (None: no voice); ``coach``: the analyses reviews
    show (None: no coach)."""

    explore: bool = False
    voice_on: bool | None = None
    coach: CoachView | None = None


NO_OFFERS = BoardOffers()  # a board with neither a voice nor a coach
