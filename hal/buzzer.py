"""An optional beeper: a gpiozero ``TonalBuzzer`` that stops by itself after each beep."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from gpiozero import GPIOZeroError, TonalBuzzer
from gpiozero.tones import Tone

from hal.buttons import GpioSetupError

LOWEST_HZ = 55.0  # A1 .. A7: three octaves either side of A4, gpiozero's middle tone
HIGHEST_HZ = 3520.0
_OCTAVES = 3


class Scheduler(Protocol):
    """Runs ``action`` once, ``delay_s`` seconds from now (on any thread)."""

    def __call__(self, delay_s: float, action: Callable[[], None]) -> None: ...


def thread_timer(delay_s: float, action: Callable[[], None]) -> None:
    """The real scheduler: a daemon ``threading.Timer``."""
    timer = threading.Timer(delay_s, action)
    timer.daemon = True
    timer.start()


class GpioBuzzer:
    """A ``Buzzer``: ``beep`` starts the tone and returns; the scheduler stops it later.

    A beep that starts while another sounds replaces it; the older stop then does nothing.
    Tones outside 55..3520 Hz (the buzzer's three octaves around A4) are clamped to that range.
    """

    def __init__(
        self,
        pin: int | str,
        *,
        pin_factory: Any = None,
        scheduler: Scheduler = thread_timer,
    ) -> None:
        try:
            self._buzzer: Any = TonalBuzzer(pin, octaves=_OCTAVES, pin_factory=pin_factory)
        except (GPIOZeroError, OSError, ValueError) as error:
            raise GpioSetupError(
                f"buzzer on pin {pin} could not be opened ({error}): check the pin in the config"
                " (it needs PWM) and that the user is in the gpio group"
            ) from error
        self.pin = pin
        self._scheduler = scheduler
        self._lock = threading.Lock()
        self._generation = 0

    def beep(self, frequency_hz: float, duration_s: float) -> None:
        """Sound ``frequency_hz`` for ``duration_s`` seconds; returns at once."""
        if frequency_hz <= 0 or duration_s <= 0:
            raise ValueError(
                f"a beep needs a positive tone and length, got {frequency_hz} Hz, {duration_s} s"
            )
        tone = min(max(frequency_hz, LOWEST_HZ), HIGHEST_HZ)
        with self._lock:
            if self._buzzer is None:
                return
            self._generation += 1
            generation = self._generation
            self._buzzer.play(Tone(frequency=tone))  # a bare number under 128 means MIDI
        self._scheduler(duration_s, lambda: self._stop(generation))

    @property
    def sounding(self) -> bool:
        """Whether a tone is playing now."""
        with self._lock:
            return self._buzzer is not None and self._buzzer.value is not None

    def close(self) -> None:
        """Silence and release the pin; safe to call twice."""
        with self._lock:
            buzzer, self._buzzer = self._buzzer, None
        if buzzer is not None:
            buzzer.stop()
            buzzer.close()

    def _stop(self, generation: int) -> None:
        with self._lock:
            if self._buzzer is not None and generation == self._generation:
                self._buzzer.stop()

    def __enter__(self) -> GpioBuzzer:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<GpioBuzzer on pin {self.pin}, {'sounding' if self.sounding else 'silent'}>"
