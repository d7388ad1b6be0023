"""Shutting the table down for staff: the staff page's action, or the staff buttons held down.

The board does not stop itself: it asks the system to power off (``systemctl poweroff``), and
the system stops the service the usual way (SIGTERM: LEDs off, devices closed) before the Pi
powers down. The kiosk service runs unprivileged, so install-service lets its user power off
through a polkit rule (systemd/cullsboard-poweroff.rules).
"""

from __future__ import annotations

import logging
import subprocess
from collections.abc import Callable, Sequence

log = logging.getLogger("cullsboard.power")

POWER_OFF_COMMAND = ("systemctl", "--no-ask-password", "poweroff")
COMMAND_TIMEOUT_S = 30.0

Runner = Callable[[Sequence[str]], int]


def run_command(command: Sequence[str]) -> int:
    """Run ``command``; its exit status (127 when it cannot be started at all)."""
    try:
        return subprocess.run(list(command), check=False, timeout=COMMAND_TIMEOUT_S).returncode
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("cannot run %s: %s", command[0], exc)
        return 127


class PowerOff:
    """Powers the Pi off with ``command`` (None: a simulated board, which only says so)."""

    def __init__(
        self, command: Sequence[str] | None = POWER_OFF_COMMAND, runner: Runner = run_command
    ) -> None:
        self.command = None if command is None else tuple(command)
        self._runner = runner
        self.requested = 0

    def __call__(self, why: str) -> bool:
        """Ask the system to power off; False (logged, play goes on) if it refused."""
        self.requested += 1
        if self.command is None:
            log.warning("shut down (%s): a simulated board has nothing to power off", why)
            return True
        log.warning("shutting down (%s): %s", why, " ".join(self.command))
        code = self._runner(self.command)
        if code != 0:
            log.warning(
                "the power-off was refused (exit %d): is the polkit rule installed? "
                "(cullsboard install-service); the board plays on",
                code,
            )
            return False
        return True

    def __repr__(self) -> str:
        return f"<PowerOff {' '.join(self.command) if self.command else 'simulated'}>"
