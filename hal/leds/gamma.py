"""Gamma correction by lookup table: LEDs look linear to the eye only after a power curve."""

from __future__ import annotations

GammaTable = tuple[int, ...]


def gamma_table(gamma: float) -> GammaTable:
    """The 256 output levels for ``gamma`` (1.0 is the identity, about 2.8 suits WS2812)."""
    if not gamma > 0:
        raise ValueError(f"gamma must be above 0, got {gamma}")
    if gamma == 1.0:
        return tuple(range(256))
    return tuple(round(255 * (level / 255) ** gamma) for level in range(256))
