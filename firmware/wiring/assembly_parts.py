"""What ``assemble`` puts a board together from, in four groups: where it keeps its state and
what time of day it is, who plays at it, the café's parts, and its sound."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from firmware.config.schema import KioskConfig, SpeechConfig
from firmware.controller.coach.coach import Coach
from firmware.controller.computer.computer import Seating
from firmware.controller.core.extras import PowerSwitch
from firmware.controller.core.players import PlayerFactory, SeatFiller, passive_player
from firmware.history.day import DAY_ENDS
from firmware.kiosk.dimmer import WallClock
from firmware.link.settings import LinkSettings
from firmware.rules.time_control import NO_CLOCK, TimeControl
from firmware.wiring.settings import real_pieces


@dataclass(frozen=True, slots=True)
class Keeping:
    """Where the board keeps what it must not lose (None: in memory only), how it warns when it
    cannot, its wall clock (None: the real one) and when the café's day ends (``kiosk.day_ends``:
    "today" for the history, the champions and the games today)."""

    state_dir: Path | None
    warn: Callable[[str], None]
    wall: WallClock | None = None
    day_ends: datetime.time = DAY_ENDS


@dataclass(frozen=True, slots=True)
class Seats:
    """Who plays at the table and with what help.

    ``seating``: the computer seats and their players (it replaces ``players``);
    ``player_kinds``: more kinds of player besides here, computer and remote; ``hand_placed``:
    whether a person places a game's pieces for a seat not played here (``settings.hand_placed``
    reads the config's ``pieces``); ``hints`` off (``play.hints``): HINT does nothing;
    ``time_control``: the game clock (``--clock``, ``play.clock``); ``coach``: analyses every
    finished round for the reviews."""

    players: PlayerFactory = passive_player
    seating: Seating | None = None
    player_kinds: Sequence[SeatFiller] = ()
    hand_placed: Callable[[str], bool] = real_pieces
    hints: bool = True
    time_control: TimeControl = NO_CLOCK
    coach: Coach | None = None


@dataclass(frozen=True, slots=True)
class CafeSetup:
    """The café's parts: ``kiosk`` (an enabled section: its day statistics, schedule, staff),
    ``power_off`` (without one a shut-down only says so), the broker ``link``
    (``link_start.start_link`` connects it), the service's ``heartbeat`` and the config's
    ``config_problems`` for the health."""

    kiosk: KioskConfig | None = None
    power_off: PowerSwitch | None = None
    link: LinkSettings | None = None
    heartbeat: Callable[[], object] | None = None
    config_problems: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Sound:
    """``beeps`` off (``buzzer.enabled``): the buzzer stays quiet; ``speech``: what a board with
    a speaker says (its ``enabled`` and ``verbosity``)."""

    beeps: bool = True
    speech: SpeechConfig = SpeechConfig()  # noqa: RUF009 - frozen, never changed


HOME = CafeSetup()
LOUD = Sound()
SEATED_HERE = Seats()
