"""The live pad view's numbers: each electrode's change from its baseline, its noise and its
thresholds, read from the touch chips at most a few times a second however many people watch."""

from __future__ import annotations

import statistics
import threading
from collections import deque
from collections.abc import Callable

from firmware.config import Config
from firmware.config.chips import pad_names
from firmware.config.tuning import effective_thresholds
from firmware.controller.core.live import BoardView, Listener, RemoteCommand, ViewHub
from firmware.rules.api import JsonValue
from hal.interfaces import Clock, Frame
from hal.touch import PadTouchSensor

WINDOW = 20  # readings kept per pad for its noise
MIN_INTERVAL_S = 0.2


class PadMonitor:
    """Turns ``sensor.readings()`` into the ``/api/pads`` document."""

    def __init__(self, sensor: PadTouchSensor, config: Config, clock: Clock) -> None:
        self._sensor = sensor
        self._clock = clock
        self._names = pad_names(config)
        self._thresholds = {
            key: effective_thresholds(config, config.touch.pads.get(name.removeprefix("cell ")))
            for key, name in self._names.items()
        }
        self._history: dict[tuple[str, int], deque[int]] = {}
        self._lock = threading.Lock()
        self._last: dict[str, JsonValue] | None = None
        self._last_at = float("-inf")

    def snapshot(self) -> dict[str, JsonValue]:
        with self._lock:
            now = self._clock.now()
            if self._last is None or now - self._last_at >= MIN_INTERVAL_S:
                self._last, self._last_at = self._read(), now
            return self._last

    def _read(self) -> dict[str, JsonValue]:
        pads: list[JsonValue] = []
        for reading in self._sensor.readings():
            key = (reading.chip, reading.electrode)
            name = self._names.get(key)
            if name is None:
                continue
            history = self._history.setdefault(key, deque(maxlen=WINDOW))
            history.append(reading.filtered)
            noise = statistics.pstdev(history) if len(history) > 1 else 0.0
            touch, release = self._thresholds[key]
            pads.append(
                {
                    "pad": name,
                    "chip": reading.chip,
                    "electrode": reading.electrode,
                    "filtered": reading.filtered,
                    "baseline": reading.baseline,
                    "delta": reading.baseline - reading.filtered,
                    "noise": round(noise, 2),
                    "touch": touch,
                    "release": release,
                    "touched": reading.touched,
                }
            )
        return {"pads": pads}


class CalibrationView:
    """What the web pages show while calibration runs: the frames it lights, no game; remote
    touches and staff actions are refused until it is done."""

    MESSAGE = "calibrating the touch pads: touch the lit cell (the pad view is on /pads)"

    def __init__(self, columns: int, rows: int, status_count: int) -> None:
        blank = Frame.blank(columns, rows, status_count)
        self._hub = ViewHub(BoardView(blank, {"message": self.MESSAGE}))

    def show(self, frame: Frame) -> None:
        self._hub.publish(BoardView(frame, {"message": self.MESSAGE}))

    def view(self) -> BoardView:
        return self._hub.view()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        return self._hub.subscribe(listener)

    def submit(self, command: RemoteCommand) -> None:
        raise ValueError("the board is calibrating its touch pads; try again when it is done")
