"""The LED pipeline: frame -> brightness -> current limiter -> gamma -> chain order -> driver."""

from __future__ import annotations

from itertools import chain
from operator import itemgetter

from hal.interfaces import RGB, Frame
from hal.leds.driver import PixelDriver
from hal.leds.gamma import gamma_table
from hal.leds.limiter import CurrentLimiter
from hal.leds.mapping import LedMapping


class LedChain:
    """An ``LedOutput`` on any ``PixelDriver``; a frame equal to the last one sent is skipped.

    ``last_sent`` is the frame after brightness and limiter, before gamma and mapping: the
    colours a viewer or a frame log should show. If the driver raises (an ``OSError``), nothing
    counts as sent and the next ``show`` tries again, even with the same frame.
    """

    def __init__(
        self,
        driver: PixelDriver,
        mapping: LedMapping,
        *,
        status_count: int = 0,
        brightness: float = 1.0,
        gamma: float = 1.0,
        max_current_ma: float = 6000.0,
    ) -> None:
        if status_count < 0:
            raise ValueError(f"status_count must be 0 or more, got {status_count}")
        self._driver = driver
        self._mapping = mapping
        self._status_count = status_count
        self._table = bytes(gamma_table(gamma))
        self._limiter = CurrentLimiter(max_current_ma, self.led_count, gamma)
        self._brightness = _checked_brightness(brightness)
        grid = mapping.columns * mapping.rows
        chain_cells = (*mapping.cell_for_led, *range(grid, grid + status_count))
        # Where each output channel level comes from in the flat frame (rows, then status).
        self._pick = itemgetter(
            *(3 * cell + channel for cell in chain_cells for channel in range(3))
        )
        self._last_frame: Frame | None = None
        self.last_sent: Frame | None = None
        self.last_current_ma = 0.0
        self.last_scale = 1.0
        self._closed = False

    @property
    def columns(self) -> int:
        return self._mapping.columns

    @property
    def rows(self) -> int:
        return self._mapping.rows

    @property
    def status_count(self) -> int:
        return self._status_count

    @property
    def led_count(self) -> int:
        """Grid LEDs plus status LEDs."""
        return self._mapping.columns * self._mapping.rows + self._status_count

    @property
    def max_current_ma(self) -> float:
        return self._limiter.max_current_ma

    @property
    def brightness(self) -> float:
        return self._brightness

    @brightness.setter
    def brightness(self, value: float) -> None:
        self._brightness = _checked_brightness(value)
        self._last_frame = None  # the same frame must now go out at the new level

    def show(self, frame: Frame) -> bool:
        """Send ``frame``; return False (sending nothing) if it equals the last one sent."""
        if self._closed:
            raise RuntimeError("the LED chain is closed")
        if frame == self._last_frame:
            return False
        levels = self._flatten(frame)
        limited = self._limiter.fit(levels, self._brightness, self._table)
        out = self._pick(limited.corrected)
        self._driver.set_pixels(list(zip(out[0::3], out[1::3], out[2::3], strict=True)))
        self._driver.show()
        self._last_frame = frame
        unchanged = self._brightness == 1.0 and limited.scale == 1.0
        self.last_sent = frame if unchanged else self._unflatten(limited.levels)
        self.last_current_ma = limited.current_ma
        self.last_scale = limited.scale
        return True

    def close(self) -> None:
        """Turn the LEDs off and release the driver; safe to call twice."""
        if self._closed:
            return
        try:
            self.show(Frame.blank(self.columns, self.rows, self._status_count))
        finally:
            self._closed = True
            self._driver.close()

    def __enter__(self) -> LedChain:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _flatten(self, frame: Frame) -> bytes:
        columns = self.columns
        if len(frame.cells) != self.rows or any(len(row) != columns for row in frame.cells):
            raise ValueError(f"frame is not {columns}x{self.rows} cells")
        if len(frame.status) != self._status_count:
            raise ValueError(
                f"frame has {len(frame.status)} status LEDs, the chain has {self._status_count}"
            )
        colours = chain.from_iterable((*frame.cells, frame.status))
        try:
            levels = bytes(chain.from_iterable(colours))  # refuses anything but ints 0..255
        except (TypeError, ValueError):
            raise ValueError(_bad_colour(frame)) from None
        if len(levels) != 3 * self.led_count:
            raise ValueError(_bad_colour(frame))
        return levels

    def _unflatten(self, levels: bytes) -> Frame:
        colours: list[RGB] = list(zip(levels[0::3], levels[1::3], levels[2::3], strict=True))
        columns = self.columns
        cells = tuple(
            tuple(colours[row * columns : (row + 1) * columns]) for row in range(self.rows)
        )
        return Frame(cells, tuple(colours[self.rows * columns :]))

    def __repr__(self) -> str:
        return (
            f"<LedChain {self.columns}x{self.rows}+{self._status_count} on {self._driver!r},"
            f" brightness {self._brightness:g}, {self.last_current_ma:.0f}"
            f"/{self.max_current_ma:g} mA>"
        )


def _checked_brightness(value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"brightness must be between 0 and 1, got {value}")
    return float(value)


def _bad_colour(frame: Frame) -> str:
    for row_index, row in enumerate(frame.cells):
        for column, colour in enumerate(row):
            if not _is_colour(colour):
                return f"cell ({column}, {row_index}) has colour {colour!r}: use (r, g, b) 0..255"
    for index, colour in enumerate(frame.status):
        if not _is_colour(colour):
            return f"status LED {index} has colour {colour!r}: use (r, g, b) 0..255"
    return "frame has a colour that is not (r, g, b) 0..255"


def _is_colour(colour: object) -> bool:
    return (
        isinstance(colour, tuple)
        and len(colour) == 3
        and all(isinstance(level, int) and 0 <= level <= 255 for level in colour)
    )
