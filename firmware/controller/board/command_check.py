"""What a remote command may ask of this board: checked on the caller's thread, before it is
queued, so a page or the terminal gets its one-line answer at once."""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.commands.command_registry import COMMANDS, Offered
from firmware.controller.core.extras import BrightnessControl, LinkStatus, PowerSwitch
from firmware.controller.core.live import (
    ONLINE_GAME_ON,
    CommandRefusedError,
    GoOnline,
    NameSeat,
    Press,
    RemoteCommand,
    SeatComputer,
    SetBrightness,
    ShutDown,
    StartGame,
    Touch,
)
from firmware.controller.table.table import Table
from firmware.rules.registry import find_game
from hal.interfaces import Board


class CommandCheck:
    """Checks remote commands against the board they would run on."""

    def __init__(
        self,
        board: Board,
        table: Table,
        *,
        link: LinkStatus | None,
        dimmer: BrightnessControl | None,
        power_off: PowerSwitch | None,
        online_now: Callable[[], bool],
    ) -> None:
        """``online_now``: whether the scoreboard shows an online game."""
        self._table = table
        self._link = link
        self._dimmer = dimmer
        self._power_off = power_off
        self._online_now = online_now
        names = set(board.buttons.names) if board.buttons is not None else set()
        pressed = [spec for spec in COMMANDS.values() if spec.pressed]
        self.buttons = frozenset(
            names | {spec.name for spec in pressed if self._offers(spec.offered)}
        )

    def _offers(self, offered: Offered) -> bool:
        """Whether this board takes a press of a command offered when ``offered``."""
        if offered is Offered.LEARNING:
            return self._table.has_learning
        return True

    def check(self, command: RemoteCommand) -> None:
        """Raise ValueError if ``command`` is malformed, CommandRefusedError if the board
        cannot carry it out now."""
        table = self._table
        match command:
            case Touch(cell=(x, y)) if not (0 <= x < table.columns and 0 <= y < table.rows):
                raise ValueError(f"touch: no such cell {command.cell!r}")
            case Press(button=button) if button not in self.buttons:
                raise ValueError(f"press: unknown button {button!r}")
            case StartGame():
                find_game(command.game).parse_rules(command.rules)  # InvalidRecordError says why
            case GoOnline():
                if self._link is None:
                    raise ValueError("online: this board has no broker (--broker or link.broker)")
                self._link.check_online(command.request, table.menu.game_and_rules())
            case SetBrightness():
                if self._dimmer is None:
                    raise ValueError("brightness: this board has no brightness control")
                if not 0.0 <= command.level <= 1.0:
                    raise ValueError(f"level: must be from 0 to 1, not {command.level}")
            case SeatComputer():
                if not table.has_computer:
                    raise ValueError("computer: this board runs no computer player")
                if self._link is not None and self._online_now():
                    raise CommandRefusedError(ONLINE_GAME_ON)
            case NameSeat(seat=seat) if not 0 <= seat < len(table.seats):
                count = len(table.seats)
                raise ValueError(f"seat: no seat {seat} (this match has {count})")
            case ShutDown() if self._power_off is None:
                raise ValueError("shutdown: this board cannot power the Pi off (kiosk mode only)")
