"""A simulated board in kiosk mode on a fake clock, with a wall clock that moves with it."""

from __future__ import annotations

import datetime
from pathlib import Path

from firmware.config.schema import BrightnessStep, KioskConfig
from firmware.controller.core.timing import TABLE_TIMING
from firmware.kiosk.power import PowerOff
from firmware.kiosk.setup import KioskParts
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps

STAFF_PIN = "2468"
MORNING = datetime.datetime(2026, 11, 30, 10, 0, 0)


class KioskRig(Rig):
    """A Rig whose controller runs the kiosk parts built from a kiosk section."""

    def __init__(
        self,
        state_dir: Path,
        *,
        idle_s: float = 5.0,
        abandon_s: float = 8.0,
        schedule: tuple[tuple[str, float], ...] = (),
        start: datetime.datetime = MORNING,
    ) -> None:
        section = KioskConfig(
            enabled=True,
            attract_minutes=idle_s / 60,
            abandon_minutes=abandon_s / 60,
            brightness_schedule=tuple(BrightnessStep(at, level) for at, level in schedule),
            staff_pin=STAFF_PIN,
        )
        self.power_commands: list[tuple[str, ...]] = []  # what would have powered the Pi off
        self.power_exit = 0
        power_off = PowerOff(runner=self._record_power_off)
        super().__init__(state_dir, kiosk=section, wall_start=start, power_off=power_off)
        assert self.kiosk is not None
        self.parts: KioskParts = self.kiosk

    def _record_power_off(self, command: object) -> int:
        assert isinstance(command, tuple)
        self.power_commands.append(command)
        return self.power_exit

    def play_match(self, winner: str) -> None:
        """Play a Culls match to three round wins for ``winner``, by touch."""
        while self.score["phase"] != "match_over":
            for name in culls_round_taps(str(self.score["to_move"]), winner):
                self.tap(name)
            if self.score["phase"] == "round_over":
                self.advance(TABLE_TIMING.line_show)
                self.tap("h8")
