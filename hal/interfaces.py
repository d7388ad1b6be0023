"""The hardware seams: one small interface per capability, raw timestamped facts in, raw frames out.

Nothing here knows about games. Cells are grid positions ``(column, row)`` counted from the
bottom-left corner, 0-based, so ``(0, 0)`` is the cell a player calls ``a1``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias

Cell: TypeAlias = tuple[int, int]
RGB: TypeAlias = tuple[int, int, int]
OFF: RGB = (0, 0, 0)


class TouchKind(enum.Enum):
    """What a touch report says happened."""

    DOWN = "down"
    UP = "up"
    AMBIGUOUS = "ambiguous"  # several rows or columns at once on a matrix: never guessed


@dataclass(frozen=True, slots=True)
class TouchEvent:
    """A cell touched or released (raw: no debounce beyond the chip's own, no game meaning)."""

    t: float  # seconds on the clock passed to the HAL
    kind: TouchKind
    cell: Cell | None  # None for AMBIGUOUS
    detail: str = ""  # which electrodes, e.g. "rows 3,4 col 7", for logs and diag


@dataclass(frozen=True, slots=True)
class ButtonEvent:
    """A named button went down (pressed=True) or up."""

    t: float
    name: str
    pressed: bool


@dataclass(frozen=True, slots=True)
class FaultEvent:
    """A device failed or recovered; the rest of the board keeps working."""

    t: float
    device: str  # e.g. "mpr121@0x5B", "leds"
    message: str
    recovered: bool = False


HalEvent: TypeAlias = TouchEvent | ButtonEvent | FaultEvent
EventSink: TypeAlias = Callable[[HalEvent], None]


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture for the LEDs: a colour per cell and per status LED.

    ``cells[row][column]`` with row 0 the bottom row; ``status`` are the extra LEDs after the grid.
    """

    cells: tuple[tuple[RGB, ...], ...]
    status: tuple[RGB, ...] = field(default=())

    @classmethod
    def blank(cls, columns: int, rows: int, status: int = 0) -> Frame:
        row = (OFF,) * columns
        return cls(tuple(row for _ in range(rows)), (OFF,) * status)


class Clock(Protocol):
    """Monotonic time in seconds. Passed in everywhere; tests use a fake one."""

    def now(self) -> float: ...


class TouchSensor(Protocol):
    """Touch pads. Reports cell touches to the sink, from whatever thread sees the interrupt."""

    def start(self, sink: EventSink) -> None:
        """Begin reporting touches and faults to ``sink``."""

    def poll(self) -> None:
        """Read the pads now (the slow safety poll, or a test stepping the board)."""

    @property
    def poll_interval(self) -> float | None:
        """How often ``poll`` should be called now, in seconds (None: never); it can change."""

    def close(self) -> None:
        """Stop and release the hardware; safe to call twice."""


class LedOutput(Protocol):
    """The LED chain: takes whole frames, maps, gamma-corrects, limits current, sends."""

    @property
    def columns(self) -> int: ...

    @property
    def rows(self) -> int: ...

    @property
    def status_count(self) -> int: ...

    @property
    def brightness(self) -> float:
        """The overall level (0 to 1) every frame is sent at; settable while running."""

    @brightness.setter
    def brightness(self, value: float) -> None: ...

    def show(self, frame: Frame) -> bool:
        """Send ``frame``; return False (sending nothing) if it equals the last one sent."""

    def close(self) -> None:
        """Turn the LEDs off and release the driver; safe to call twice."""


class ButtonInput(Protocol):
    """Named push buttons (UNDO, NEW, MENU ...)."""

    @property
    def names(self) -> Sequence[str]: ...

    def start(self, sink: EventSink) -> None:
        """Begin reporting presses and releases to ``sink``."""

    def close(self) -> None: ...


class Buzzer(Protocol):
    """An optional beeper for feedback."""

    def beep(self, frequency_hz: float, duration_s: float) -> None:
        """Sound a tone; returns at once (the tone stops by itself)."""

    def close(self) -> None: ...


class Speaker(Protocol):
    """A voice: ``say`` returns at once and the sentences are spoken one at a time, in order."""

    def say(self, text: str, *, urgent: bool = False, fresh: bool = False) -> None:
        """Say ``text`` soon. ``fresh``: the sentences still waiting are stale and are dropped;
        ``urgent``: said before everything waiting, and never dropped as stale."""

    def close(self) -> None:
        """Stop speaking and release the sound device; safe to call twice."""


@dataclass(slots=True)
class Board:
    """Everything the controller is handed: the devices and the clock."""

    touch: TouchSensor
    leds: LedOutput
    clock: Clock
    buttons: ButtonInput | None = None
    buzzer: Buzzer | None = None
    speaker: Speaker | None = None

    def close(self) -> None:
        for device in (self.touch, self.leds, self.buttons, self.buzzer, self.speaker):
            if device is not None:
                device.close()
