"""Checks of the touch front end: charge times and filter counts the chip has, pad names that
fit the board, hysteresis per pad, and a charge per pad only without auto-configuration."""

from __future__ import annotations

from firmware.config.cells import all_cells
from firmware.config.errors import ConfigError
from firmware.config.schema import Config
from firmware.config.touch_schema import PadConfig
from firmware.rules.grid import cell_name

# What the MPR121 can be set to (datasheet sections 5.8 to 5.10); the touch driver checks the
# same values in hal.touch.tuning, and a test keeps the two lists equal.
CHARGE_TIMES_US = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
FIRST_FILTER_SAMPLES = (6, 10, 18, 34)
SECOND_FILTER_SAMPLES = (4, 6, 10, 18)
PERIODS_MS = (1, 2, 4, 8, 16, 32, 64, 128)


def _one_of(value: float, allowed: tuple[float, ...], path: str) -> None:
    if value not in allowed:
        choices = ", ".join(f"{choice:g}" for choice in allowed)
        raise ConfigError("choice", path, f"must be one of {choices}, got {value:g}")


def pad_names(config: Config) -> list[str]:
    """Every name ``touch.pads`` may use on this board: rows and columns, or cells."""
    board = config.board
    if config.touch.layout == "matrix":
        rows = [f"row {r + 1}" for r in range(board.rows)]
        return rows + [f"column {chr(ord('a') + c)}" for c in range(board.columns)]
    return [cell_name(cell) for cell in all_cells(board.columns, board.rows)]


def effective_thresholds(config: Config, pad: PadConfig | None) -> tuple[int, int]:
    """(touch, release) of a pad: its own values, else the touch section's."""
    touch = config.touch
    if pad is None:
        return touch.touch_threshold, touch.release_threshold
    return (
        touch.touch_threshold if pad.touch_threshold is None else pad.touch_threshold,
        touch.release_threshold if pad.release_threshold is None else pad.release_threshold,
    )


def check_tuning(config: Config) -> None:
    """Raise one ConfigError for the first front-end setting the chip or board cannot take."""
    touch = config.touch
    _one_of(touch.charge_time_us, CHARGE_TIMES_US, "touch.charge_time_us")
    _one_of(touch.filter.first_samples, FIRST_FILTER_SAMPLES, "touch.filter.first_samples")
    _one_of(touch.filter.second_samples, SECOND_FILTER_SAMPLES, "touch.filter.second_samples")
    _one_of(touch.filter.period_ms, PERIODS_MS, "touch.filter.period_ms")
    names = set(pad_names(config))
    for name, pad in touch.pads.items():
        path = f"touch.pads.{name}"
        if name not in names:
            kind = "a row ('row 3') or column ('column c')"
            if touch.layout == "direct":
                kind = "a cell (h8)"
            raise ConfigError("key", path, f"not {kind} of this {touch.layout} board")
        pressed, released = effective_thresholds(config, pad)
        if released >= pressed:
            message = f"must be below the pad's touch threshold ({pressed}), got {released}"
            raise ConfigError("range", f"{path}.release_threshold", message)
        for key in ("charge_current_ua", "charge_time_us"):
            value = getattr(pad, key)
            if value is not None and touch.auto_config:
                message = "the chip's auto-configuration sets it: set touch.auto_config: false"
                raise ConfigError("conflict", f"{path}.{key}", message)
        if pad.charge_time_us is not None:
            _one_of(pad.charge_time_us, CHARGE_TIMES_US, f"{path}.charge_time_us")
