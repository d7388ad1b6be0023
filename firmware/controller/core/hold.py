"""Buttons held down together: the staff gesture that shuts a kiosk table down.

A single button held for a few seconds is something a guest does while waiting (MENU held: the
table went dark), so the default asks for two buttons at once (MENU and UNDO) held for ten
seconds; ``kiosk.power_off_buttons`` and ``kiosk.power_off_seconds`` change it, and an empty
list leaves the staff page as the only way.
"""

from __future__ import annotations

from collections.abc import Iterable

from hal.interfaces import ButtonEvent

HOLD_BUTTONS = ("menu", "undo")
HOLD_SECONDS = 10.0


class ButtonHold:
    """Notices ``buttons`` all held down together for ``seconds``: due once per hold."""

    def __init__(
        self, buttons: Iterable[str] = HOLD_BUTTONS, seconds: float = HOLD_SECONDS
    ) -> None:
        self.buttons = frozenset(buttons)
        if not self.buttons:
            raise ValueError("a hold needs at least one button")
        self.button = "+".join(sorted(self.buttons))  # as the log names it: "menu+undo"
        self.seconds = seconds
        self._down: dict[str, float] = {}
        self._spent = False

    def feed(self, event: ButtonEvent) -> None:
        """Follow the buttons' presses and releases."""
        if event.name not in self.buttons:
            return
        if event.pressed:
            self._down[event.name] = event.t
        else:
            self._down.pop(event.name, None)
            self._spent = False  # a new hold may start once a button was let go

    def deadline(self) -> float | None:
        """When the hold becomes long enough, while every button of it is down."""
        if self._spent or len(self._down) < len(self.buttons):
            return None
        return max(self._down.values()) + self.seconds

    def due(self, now: float) -> bool:
        """True once when the buttons have been held long enough (then one must be let go)."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return False
        self._spent = True
        return True
