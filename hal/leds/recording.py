"""LEDs in memory: the real pipeline over a driver that records, for the simulated board."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hal.interfaces import OFF, RGB, Clock, Frame
from hal.leds.chain import LedChain
from hal.leds.mapping import LedMapping


@dataclass(frozen=True, slots=True)
class SentFrame:
    """A frame as it went out (after brightness and limiter), and when."""

    t: float
    frame: Frame


class _RecordingDriver:
    """The pixel driver under MockLeds: keeps the raw chain colours and can be made to fail."""

    def __init__(self, count: int) -> None:
        self.pending: list[RGB] = [OFF] * count
        self.pixels: list[RGB] = [OFF] * count
        self.failures_left = 0
        self.closed = False

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        self.pending = list(pixels)

    def show(self) -> None:
        if self.failures_left > 0:
            self.failures_left -= 1
            raise OSError("simulated LED write failure")
        self.pixels = self.pending

    def close(self) -> None:
        self.closed = True


class MockLeds:
    """An ``LedOutput`` with the real pipeline over a recording driver.

    The chain is wired in ``mapping``'s order (default: serpentine from a1), so ``pixels`` shows
    the colours in the order the real chain has them. ``show`` returns False and records nothing
    when the frame equals the last one sent. After ``fail_next(n)`` the next ``n`` sends raise
    ``OSError`` and record nothing; the frame does not count as sent, so showing it again sends
    it. ``close`` sends an all-off frame like the real chains, and it is recorded. ``keep``
    (None: all) bounds ``sent`` to about the last ``keep`` frames, for runs that go on for hours.
    """

    def __init__(
        self,
        clock: Clock,
        *,
        columns: int = 15,
        rows: int = 15,
        status_count: int = 4,
        brightness: float = 1.0,
        gamma: float = 1.0,
        max_current_ma: float = 6000.0,
        mapping: LedMapping | None = None,
    ) -> None:
        if mapping is not None and (mapping.columns, mapping.rows) != (columns, rows):
            raise ValueError(
                f"the LED mapping is for {mapping.columns}x{mapping.rows} cells, "
                f"the board has {columns}x{rows}"
            )
        self._clock = clock
        self._driver = _RecordingDriver(columns * rows + status_count)
        self.chain = LedChain(
            self._driver,
            mapping or LedMapping.serpentine(columns, rows),
            status_count=status_count,
            brightness=brightness,
            gamma=gamma,
            max_current_ma=max_current_ma,
        )
        self.sent: list[SentFrame] = []
        self.keep: int | None = None
        self.on_sent: Callable[[SentFrame], None] | None = None

    @property
    def columns(self) -> int:
        return self.chain.columns

    @property
    def rows(self) -> int:
        return self.chain.rows

    @property
    def status_count(self) -> int:
        return self.chain.status_count

    @property
    def brightness(self) -> float:
        return self.chain.brightness

    @brightness.setter
    def brightness(self, value: float) -> None:
        self.chain.brightness = value

    @property
    def last(self) -> Frame | None:
        """The last frame sent, as recorded in ``sent`` (after brightness and limiter)."""
        return self.chain.last_sent

    @property
    def pixels(self) -> list[RGB]:
        """The raw colours on the chain now, in LED order (after gamma and mapping)."""
        return list(self._driver.pixels)

    @property
    def current_ma(self) -> float:
        """The limiter's estimate for the last frame sent."""
        return self.chain.last_current_ma

    @property
    def scale(self) -> float:
        """The limiter's scale for the last frame sent (1.0: not limited)."""
        return self.chain.last_scale

    @property
    def closed(self) -> bool:
        return self._driver.closed

    def fail_next(self, count: int = 1) -> None:
        """Make the next ``count`` sends raise OSError, like a failing SPI transfer."""
        self._driver.failures_left = count

    def show(self, frame: Frame) -> bool:
        if not self.chain.show(frame):
            return False
        self._record()
        return True

    def close(self) -> None:
        if self.closed:
            return
        before = self.chain.last_sent
        self.chain.close()
        if self.chain.last_sent is not before:
            self._record()

    def _record(self) -> None:
        sent_frame = self.chain.last_sent
        assert sent_frame is not None
        record = SentFrame(self._clock.now(), sent_frame)
        self.sent.append(record)
        if self.keep is not None and len(self.sent) > 2 * self.keep:
            del self.sent[: len(self.sent) - self.keep]  # once per ``keep`` frames
        if self.on_sent is not None:
            self.on_sent(record)

    def __repr__(self) -> str:
        return f"<MockLeds {self.columns}x{self.rows}+{self.status_count}, {len(self.sent)} sent>"
