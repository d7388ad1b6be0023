"""What is wrong with the board right now, for the staff page, the fleet card and the broker state:
a failed touch chip or LED chain, games not being saved (a full or read-only card, a state
directory the board may not write), a nearly full SD card, a lost broker, a config problem."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from firmware.controller.view.faults import DeviceHealth
from firmware.rules.api import JsonValue

MIN_FREE_BYTES = 200 * 1024 * 1024  # below this the journal and history may soon fail
MIN_FREE_SHARE = 0.05


class DiskUsage(NamedTuple):
    total: int
    used: int
    free: int


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing staff should know: which part (touch, leds, storage, broker, config) and what."""

    part: str
    message: str

    def to_json(self) -> dict[str, JsonValue]:
        return {"part": self.part, "message": self.message}


class BoardHealth:
    """Reads the devices' faults, the state directory's free space and the link, when asked."""

    def __init__(
        self,
        devices: DeviceHealth,
        *,
        state_dir: Path | None = None,
        link_down: Callable[[], bool] = lambda: False,
        config_problems: tuple[str, ...] = (),
        disk_usage: Callable[[Path], DiskUsage] = lambda path: DiskUsage(*shutil.disk_usage(path)),
    ) -> None:
        self._devices = devices
        self._state_dir = state_dir
        self._link_down = link_down
        self._config = config_problems
        self._disk_usage = disk_usage

    def problems(self) -> list[Problem]:
        faults = dict(self._devices.touch_faults)  # one copy: the loop's thread changes it
        found = [
            Problem("touch", f"{device} failed: {why}") for device, why in sorted(faults.items())
        ]
        if self._devices.led_failures:
            found.append(Problem("leds", "the LEDs cannot be updated; retrying"))
        saving = self._devices.saving
        if self._state_dir is not None:
            saving.look_at(self._state_dir)
        found += [Problem("storage", problem) for problem in saving.problems()]
        storage = self._storage()
        if storage is not None:
            found.append(Problem("storage", storage))
        if self._link_down():
            found.append(Problem("broker", "the broker cannot be reached; playing on here"))
        found += [Problem("config", problem) for problem in self._config]
        return found

    def settings_saved(self) -> None:
        """The staff saved the settings again: the problem with the old ones is over."""
        self._config = ()

    def _storage(self) -> str | None:
        if self._state_dir is None:
            return None
        try:
            usage = self._disk_usage(self._state_dir)
        except OSError as exc:
            return f"the state directory {self._state_dir} cannot be read ({exc.strerror})"
        if usage.free < MIN_FREE_BYTES or usage.free < usage.total * MIN_FREE_SHARE:
            megabytes = usage.free // (1024 * 1024)
            return f"the SD card is nearly full: {megabytes} MB free (see docs/kiosk.md)"
        return None

    def to_json(self) -> dict[str, JsonValue]:
        """``{"ok": true, "problems": []}`` or the problems, as the pages show it."""
        problems: list[JsonValue] = [problem.to_json() for problem in self.problems()]
        return {"ok": not problems, "problems": problems}

    def state_json(self) -> dict[str, JsonValue]:
        """The same for the MQTT state, without the broker: a state that arrives was sent."""
        problems: list[JsonValue] = [p.to_json() for p in self.problems() if p.part != "broker"]
        return {"ok": not problems, "problems": problems}


class HealthWatch:
    """A thread that looks at the health every ``every_s`` and calls ``changed`` while it differs
    from the health the broker state last carried (``sent``).

    Compared with what was sent, not with its own last look: a chip that fails and recovers
    between two looks, its failure sent meanwhile with a blink of the fault lights, would
    otherwise leave the fleet card showing a failure that is over (a recovery may leave the LEDs,
    and so the views, as they were)."""

    def __init__(
        self,
        health: Callable[[], dict[str, JsonValue]],
        sent: Callable[[], JsonValue],
        changed: Callable[[], None],
        every_s: float = 1.0,
    ) -> None:
        self._health = health
        self._sent = sent
        self._changed = changed
        self._every_s = every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cullsboard-health", daemon=True)

    def start(self) -> HealthWatch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def look(self) -> None:
        """One look: ``changed`` if the health is not what the state last said (nothing sent
        yet: the link sends the whole state when it connects)."""
        sent = self._sent()
        if sent is not None and self._health() != sent:
            self._changed()

    def _run(self) -> None:
        while not self._stop.wait(self._every_s):
            self.look()
