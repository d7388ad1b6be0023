"""A button held down: MENU held for five seconds shuts a kiosk table down."""

from __future__ import annotations

from hal.interfaces import ButtonEvent

HOLD_BUTTON = "menu"
HOLD_SECONDS = 5.0


class ButtonHold:
    """Notices ``button`` held down for ``seconds``: due once per hold."""

    def __init__(self, button: str = HOLD_BUTTON, seconds: float = HOLD_SECONDS) -> None:
        self.button = button
        self.seconds = seconds
        self._down_at: float | None = None

    def feed(self, event: ButtonEvent) -> None:
        """Follow the button's presses and releases."""
        if event.name == self.button:
            self._down_at = event.t if event.pressed else None

    def deadline(self) -> float | None:
        """When the hold becomes long enough, while the button is down."""
        return None if self._down_at is None else self._down_at + self.seconds

    def due(self, now: float) -> bool:
        """True once when the button has been held long enough (then it must be let go)."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return False
        self._down_at = None
        return True
