"""When an unattended board is in use, idle (show the attract animation) or abandoned.

The controller calls ``on_activity()`` for every touch or button press and asks ``action()`` on
every loop iteration::

    match policy.action(game_in_progress=state.ply > 0):
        case "play": ...      # draw the game
        case "attract": ...   # draw attract_frame(clock.now(), ...)
        case "archive": ...   # save the game to the journal, start a fresh one

After "archive" the fresh game has no moves, so the next answer is "attract" until someone
touches the board. The policy starts active, as if touched when it was made.
"""

from __future__ import annotations

from typing import Literal

from hal.interfaces import Clock

KioskState = Literal["active", "idle", "abandoned"]
KioskAction = Literal["play", "attract", "archive"]


class KioskPolicy:
    """Idle after ``idle_after_s`` without activity, abandoned after ``abandon_after_s``."""

    def __init__(self, clock: Clock, idle_after_s: float, abandon_after_s: float) -> None:
        if idle_after_s <= 0:
            raise ValueError(f"idle_after_s must be positive, not {idle_after_s}")
        if abandon_after_s < idle_after_s:
            raise ValueError(
                f"abandon_after_s ({abandon_after_s}) must not be less than "
                f"idle_after_s ({idle_after_s})"
            )
        self._clock = clock
        self._idle_after = idle_after_s
        self._abandon_after = abandon_after_s
        self._last_activity = clock.now()

    def on_activity(self) -> None:
        """Someone touched the board or pressed a button."""
        self._last_activity = self._clock.now()

    def idle_for(self) -> float:
        """Seconds since the last activity."""
        return max(0.0, self._clock.now() - self._last_activity)

    def state(self) -> KioskState:
        """``active`` while in use, ``idle`` after a while, ``abandoned`` after a long while."""
        now = self._clock.now()
        if now >= self._last_activity + self._abandon_after:
            return "abandoned"
        if now >= self._last_activity + self._idle_after:
            return "idle"
        return "active"

    def action(self, *, game_in_progress: bool) -> KioskAction:
        """What the board should do now: play, show attract mode, or archive an abandoned game."""
        state = self.state()
        if state == "active":
            return "play"
        if state == "abandoned" and game_in_progress:
            return "archive"
        return "attract"

    def next_change_at(self) -> float | None:
        """The clock time at which the state next changes by itself, or None once abandoned."""
        # The very sums ``state`` compares with: ``now + (limit - idle_for())`` can round to a
        # hair before them, where the state has not changed yet, and a timer set there again.
        now = self._clock.now()
        for limit in (self._idle_after, self._abandon_after):
            if now < self._last_activity + limit:
                return self._last_activity + limit
        return None

    def __repr__(self) -> str:
        return (
            f"<KioskPolicy {self.state()} idle_after_s={self._idle_after} "
            f"abandon_after_s={self._abandon_after}>"
        )
