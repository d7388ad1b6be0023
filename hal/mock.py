"""The simulated board: every device in memory, driven by test scripts or the web UI.

Touches and presses are delivered synchronously to the sink, stamped with the clock's time. The
LEDs run through the same pipeline as the real chains (brightness, limiter, gamma, mapping) into a
recording driver, so the limiter and the no-resend rule are exercised wherever the mock is used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hal.interfaces import (
    Board,
    ButtonEvent,
    Cell,
    Clock,
    EventSink,
    FaultEvent,
    TouchEvent,
    TouchKind,
)
from hal.leds.mapping import LedMapping
from hal.leds.recording import MockLeds, SentFrame
from hal.speaker.mock import MockSpeaker

__all__ = [
    "MockBoard",
    "MockButtons",
    "MockBuzzer",
    "MockLeds",
    "MockSpeaker",
    "MockTouch",
    "SentFrame",
    "mock_board",
]


class MockTouch:
    """Touch pads in memory. ``down``/``up`` report edges only: a second ``down`` is silent."""

    def __init__(self, clock: Clock, *, columns: int = 15, rows: int = 15) -> None:
        self._clock = clock
        self.columns = columns
        self.rows = rows
        self._sink: EventSink | None = None
        self._held: set[Cell] = set()
        self.closed = False
        self.polls = 0

    @property
    def held(self) -> frozenset[Cell]:
        """The cells being touched now."""
        return frozenset(self._held)

    def start(self, sink: EventSink) -> None:
        self._sink = sink
        self.closed = False

    @property
    def poll_interval(self) -> float | None:
        return None  # touches are reported as they are made

    def poll(self) -> None:
        """Nothing to read: events were already delivered. Counted, for tests of the poll."""
        self.polls += 1

    def close(self) -> None:
        self._sink = None
        self.closed = True

    def down(self, cell: Cell) -> None:
        """A finger (or chip tap) lands on ``cell``."""
        self._check(cell)
        if cell not in self._held:
            self._held.add(cell)
            self._emit(TouchEvent(self._clock.now(), TouchKind.DOWN, cell))

    def up(self, cell: Cell) -> None:
        """The finger leaves ``cell``."""
        self._check(cell)
        if cell in self._held:
            self._held.discard(cell)
            self._emit(TouchEvent(self._clock.now(), TouchKind.UP, cell))

    def tap(self, cell: Cell) -> None:
        """Down then up, at the same instant."""
        self.down(cell)
        self.up(cell)

    def ambiguous(self, detail: str = "") -> None:
        """A matrix ghost: several rows or columns at once, which the hardware never guesses."""
        self._sink_or_raise()
        self._emit(TouchEvent(self._clock.now(), TouchKind.AMBIGUOUS, None, detail))

    def fault(self, device: str, message: str, *, recovered: bool = False) -> None:
        """Report a chip failing (or coming back), as a real touch backend would."""
        self._sink_or_raise()
        self._emit(FaultEvent(self._clock.now(), device, message, recovered))

    def _check(self, cell: Cell) -> None:
        column, row = cell
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            raise ValueError(f"cell {cell} is off the {self.columns}x{self.rows} board")
        self._sink_or_raise()

    def _sink_or_raise(self) -> EventSink:
        if self._sink is None:
            raise RuntimeError("touch is not started: call start(sink) first")
        return self._sink

    def _emit(self, event: TouchEvent | FaultEvent) -> None:
        self._sink_or_raise()(event)

    def __repr__(self) -> str:
        return f"<MockTouch {self.columns}x{self.rows}, held {sorted(self._held)}>"


class MockButtons:
    """Named buttons in memory; ``down``/``up`` report edges only."""

    def __init__(self, clock: Clock, *, names: Sequence[str] = ("undo", "new", "menu")) -> None:
        self._clock = clock
        self._names = tuple(names)
        self._sink: EventSink | None = None
        self._held: set[str] = set()
        self.closed = False

    @property
    def names(self) -> Sequence[str]:
        return self._names

    @property
    def held(self) -> frozenset[str]:
        """The buttons being pressed now."""
        return frozenset(self._held)

    def start(self, sink: EventSink) -> None:
        self._sink = sink
        self.closed = False

    def close(self) -> None:
        self._sink = None
        self.closed = True

    def press(self, name: str) -> None:
        """Down then up, at the same instant."""
        self.down(name)
        self.up(name)

    def down(self, name: str) -> None:
        sink = self._check(name)
        if name not in self._held:
            self._held.add(name)
            sink(ButtonEvent(self._clock.now(), name, True))

    def up(self, name: str) -> None:
        sink = self._check(name)
        if name in self._held:
            self._held.discard(name)
            sink(ButtonEvent(self._clock.now(), name, False))

    def _check(self, name: str) -> EventSink:
        if name not in self._names:
            raise ValueError(f"unknown button {name!r}: the board has {', '.join(self._names)}")
        if self._sink is None:
            raise RuntimeError("buttons are not started: call start(sink) first")
        return self._sink

    def __repr__(self) -> str:
        return f"<MockButtons {list(self._names)}, held {sorted(self._held)}>"


class MockBuzzer:
    """A buzzer that remembers every beep as ``(t, frequency_hz, duration_s)``."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self.beeps: list[tuple[float, float, float]] = []
        self.closed = False

    def beep(self, frequency_hz: float, duration_s: float) -> None:
        if frequency_hz <= 0 or duration_s <= 0:
            raise ValueError(
                f"a beep needs a positive tone and length, got {frequency_hz} Hz, {duration_s} s"
            )
        self.beeps.append((self._clock.now(), frequency_hz, duration_s))

    @property
    def sounding(self) -> bool:
        """Whether the last beep is still sounding by the clock."""
        if not self.beeps or self.closed:
            return False
        t, _, duration = self.beeps[-1]
        return self._clock.now() < t + duration

    def close(self) -> None:
        self.closed = True

    def __repr__(self) -> str:
        return f"<MockBuzzer {len(self.beeps)} beeps>"


@dataclass(slots=True)
class MockBoard(Board):
    """The simulated board, with its devices typed as the mocks they are."""

    touch: MockTouch
    leds: MockLeds
    clock: Clock
    buttons: MockButtons | None
    buzzer: MockBuzzer | None
    speaker: MockSpeaker | None = None


def mock_board(
    clock: Clock,
    *,
    columns: int = 15,
    rows: int = 15,
    status_count: int = 4,
    max_current_ma: float = 6000.0,
    mapping: LedMapping | None = None,
) -> MockBoard:
    """A complete simulated board on ``clock``; ``mapping`` is the LED chain order (the config's
    ``leds.order``; default serpentine from a1)."""
    return MockBoard(
        touch=MockTouch(clock, columns=columns, rows=rows),
        leds=MockLeds(
            clock,
            columns=columns,
            rows=rows,
            status_count=status_count,
            max_current_ma=max_current_ma,
            mapping=mapping,
        ),
        clock=clock,
        buttons=MockButtons(clock),
        buzzer=MockBuzzer(clock),
        speaker=MockSpeaker(clock),
    )
