"""The current limiter: scale a frame down so the LEDs stay within the supply's budget.

The estimate follows wiring.md ("Power supply and the current limit"): each LED draws about
55 mA at full white, in proportion to ``(r + g + b) / 765`` of the levels that reach it (after
gamma), plus about 1 mA when idle.
"""

from __future__ import annotations

from dataclasses import dataclass

FULL_WHITE_MA = 55.0
IDLE_MA = 1.0
_FULL_WHITE_LEVELS = 765
_BISECTION_STEPS = 20
_GUESS_STEPS = 4


@dataclass(frozen=True, slots=True)
class Limited:
    """The result of fitting one frame into the budget."""

    scale: float  # the limiter's own factor, 0..1, on top of the brightness
    levels: bytes  # channel levels after brightness and limiter, before gamma
    corrected: bytes  # the same after gamma: what reaches the LEDs
    current_ma: float  # the estimate for ``corrected``


def estimate_current_ma(total_level: int, led_count: int) -> float:
    """Estimated draw of ``led_count`` LEDs whose channel levels (after gamma) sum to this."""
    return total_level / _FULL_WHITE_LEVELS * FULL_WHITE_MA + led_count * IDLE_MA


class CurrentLimiter:
    """Finds a uniform scale, never above 1 and close to the largest, that fits the budget."""

    def __init__(self, max_current_ma: float, led_count: int, gamma: float) -> None:
        idle = led_count * IDLE_MA
        if not max_current_ma >= idle:
            raise ValueError(
                f"max_current_ma {max_current_ma:g} is below the idle draw of {led_count} LEDs"
                f" ({idle:g} mA)"
            )
        self.max_current_ma = max_current_ma
        self.led_count = led_count
        self._gamma = gamma

    def fit(self, levels: bytes, brightness: float, table: bytes) -> Limited:
        """Scale ``levels`` by ``brightness`` and, if over budget, further down.

        ``levels`` are channel levels (r, g, b, r, g, b ...); ``table`` is a 256-byte gamma table.
        """
        scaled = _scale(levels, brightness)
        corrected, current = self._estimate(scaled, table)
        if current <= self.max_current_ma:
            return Limited(1.0, scaled, corrected, current)
        budget_active = self.max_current_ma - self.led_count * IDLE_MA
        scale = 1.0
        # Active current follows scale ** gamma through the table; a few guesses usually land.
        for _ in range(_GUESS_STEPS):
            ratio = budget_active / (current - self.led_count * IDLE_MA)
            scale *= min(ratio ** (1 / self._gamma), 0.995)
            scaled = _scale(levels, brightness * scale)
            corrected, current = self._estimate(scaled, table)
            if current <= self.max_current_ma:
                return Limited(scale, scaled, corrected, current)
        low, high = 0.0, scale  # all off always fits: the budget covers the idle draw
        for _ in range(_BISECTION_STEPS):
            middle = (low + high) / 2
            _, current = self._estimate(_scale(levels, brightness * middle), table)
            if current <= self.max_current_ma:
                low = middle
            else:
                high = middle
        scaled = _scale(levels, brightness * low)
        return Limited(low, scaled, *self._estimate(scaled, table))

    def _estimate(self, levels: bytes, table: bytes) -> tuple[bytes, float]:
        corrected = levels.translate(table)
        return corrected, estimate_current_ma(sum(corrected), self.led_count)


def _scale(levels: bytes, factor: float) -> bytes:
    if factor == 1.0:
        return levels
    # One table for the 256 possible levels, whatever the number of LEDs.
    return levels.translate(bytes([int(level * factor + 0.5) for level in range(256)]))
