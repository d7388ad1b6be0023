"""The kiosk's idle show, fed from the loop: who woke the board, and a game left abandoned."""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.board.inbox import NOT_A_PERSON
from firmware.controller.core.extras import IdleScreen
from firmware.controller.core.timers import Timers
from firmware.controller.table.table import Phase, Table
from hal.interfaces import ButtonEvent, TouchEvent, TouchKind


class IdleWatch:
    """Tells the idle screen of each person's input and of the game in progress; puts a game
    away when the screen says it was abandoned, and looks again when the screen next changes."""

    def __init__(
        self, screen: IdleScreen, table: Table, timers: Timers, due: Callable[[float], None]
    ) -> None:
        """``due``: called when the screen's next frame or decision is due."""
        self.screen = screen
        self._table = table
        self._timers = timers
        self._due = due

    def check(self, now: float) -> bool:
        """The idle show and putting an abandoned game away, as due now; True if the show
        started or ended or a game was put away."""
        showing = self.screen.showing
        changed = False
        if self.screen.update(game_in_progress=self._game_in_progress()):
            self._table.abandon(now)
            self.screen.update(game_in_progress=False)
            changed = True
        self._timers.replace(self.screen, self.screen.deadline(now), self._due)
        return changed or showing != self.screen.showing

    def wakes_only(self, item: object) -> bool:
        """Activity for the kiosk policy; True if the input only woke an idle board."""
        if isinstance(item, NOT_A_PERSON):
            return False
        if isinstance(item, ButtonEvent) and not item.pressed:
            return False
        if isinstance(item, TouchEvent) and item.kind == TouchKind.UP:
            self.screen.wake()
            return False
        return self.screen.wake()

    def _game_in_progress(self) -> bool:
        table = self._table
        state = None if table.match is None else table.match.current
        return state is not None and state.ply > 0 and table.phase is Phase.PLAYING
