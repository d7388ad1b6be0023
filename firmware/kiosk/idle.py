"""Kiosk idling: the attract animation after a quiet while; an abandoned game is archived."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from firmware.kiosk.policy import KioskAction
from hal.interfaces import Clock, Frame

FRAMES_PER_S = 20.0
ATTRACT_MESSAGE = "Touch the board to play, to learn a game in two minutes or to try a puzzle"


class IdlePolicy(Protocol):
    """When the board is idle or abandoned (firmware.kiosk.policy.KioskPolicy)."""

    def on_activity(self) -> None: ...

    def action(self, *, game_in_progress: bool) -> KioskAction: ...

    def next_change_at(self) -> float | None: ...


FramePainter = Callable[[float, int, int, int], Frame]


class Attract:
    """Asks the policy what to do and paints the attract frames while idle."""

    def __init__(self, policy: IdlePolicy, painter: FramePainter) -> None:
        self._policy = policy
        self._painter = painter
        self.showing = False
        self.message = ATTRACT_MESSAGE

    def wake(self) -> bool:
        """Someone is here; True if the board was idle (that touch only wakes it)."""
        self._policy.on_activity()
        was_showing, self.showing = self.showing, False
        return was_showing

    def update(self, *, game_in_progress: bool) -> bool:
        """Decide whether the attract animation shows; True: the game in progress was left
        alone too long and should be put away (the caller does, then the show may start)."""
        action = self._policy.action(game_in_progress=game_in_progress)
        self.showing = action == "attract"
        return action == "archive"

    def frame(self, now: float, columns: int, rows: int, status_count: int) -> Frame:
        return self._painter(now, columns, rows, status_count)

    def deadline(self, now: float) -> float | None:
        """The next attract frame while showing, else when the board turns idle."""
        if self.showing:
            return now + 1.0 / FRAMES_PER_S
        return self._policy.next_change_at()


def kiosk_attract(
    clock: Clock, *, enabled: bool, attract_minutes: float, abandon_minutes: float
) -> Attract | None:
    """The kiosk's idle behaviour from its config, or None when kiosk mode is off."""
    if not enabled:
        return None
    from firmware.kiosk.attract import attract_frame
    from firmware.kiosk.policy import KioskPolicy

    policy = KioskPolicy(clock, attract_minutes * 60, abandon_minutes * 60)
    return Attract(policy, attract_frame)
