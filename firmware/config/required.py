"""Keys a board file must state once it describes real hardware: the backend and the wiring.

Tuning (thresholds, debounce, gamma, brightness, timings) has defaults in the schema, and a short
file for the simulated board may leave everything out. But a key lost from a real board's file is
an error rather than a silent fallback to the simulated board or to someone else's wiring.
"""

from __future__ import annotations

from collections.abc import Mapping

from firmware.config.errors import ConfigError
from firmware.config.schema import BUTTON_NAMES

# A file that gives one side of the grid gives both.
BOTH = (("board.columns", "board.rows"),)

# Settings that only mean something for real hardware: a file that has them names its backend.
HARDWARE_KEYS = {
    "touch.backend": ("layout", "i2c_bus", "irq_gpio", "matrix", "direct"),
    "leds.backend": ("gpio", "frequency_hz", "dma", "strip_type", "invert", "count", "order"),
    "buttons.backend": BUTTON_NAMES,
    "buzzer.backend": ("gpio",),
}

LED_WIRING = ("leds.gpio", "leds.count", "leds.status_count", "leds.order", "leds.max_current_ma")

# A real board states its grid and every backend, rather than getting simulated parts.
REAL_BOARD = (("touch.backend", "mpr121"), ("leds.backend", "ws281x"), ("leds.backend", "spi"))
REAL_BOARD_KEYS = (
    "board.columns",
    "board.rows",
    "touch.backend",
    "leds.backend",
    "buttons.backend",
)

# (key, value it has) -> keys then required, and why (said in the error).
WHEN: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    (
        "touch.backend",
        "mpr121",
        ("touch.layout", "touch.i2c_bus", "touch.irq_gpio"),
        "MPR121 touch",
    ),
    ("touch.layout", "matrix", ("touch.matrix.chips",), "a matrix layout"),
    (
        "touch.layout",
        "direct",
        ("touch.direct.mux_address", "touch.direct.channels"),
        "a direct layout",
    ),
    ("leds.backend", "ws281x", LED_WIRING, ""),
    ("leds.backend", "spi", LED_WIRING, ""),
    ("buttons.backend", "gpio", ("buttons.undo", "buttons.new", "buttons.menu"), "GPIO buttons"),
    ("buzzer.backend", "gpio", ("buzzer.gpio",), "a GPIO buzzer"),
)

_ABSENT = object()


def _lookup(data: Mapping[object, object], path: str) -> object:
    node: object = data
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return _ABSENT
        node = node[part]
    return node


def check_required(data: Mapping[object, object]) -> None:
    """Raise ConfigError naming the first required key the file leaves out."""
    for pair in BOTH:
        given = [path for path in pair if _lookup(data, path) is not _ABSENT]
        if given and len(given) < len(pair):
            missing = next(path for path in pair if path not in given)
            raise ConfigError("missing", missing, f"required with {given[0]}")
    for backend, keys in HARDWARE_KEYS.items():
        section = backend.split(".")[0]
        hints = [key for key in keys if _lookup(data, f"{section}.{key}") is not _ABSENT]
        if hints and _lookup(data, backend) is _ABSENT:
            raise ConfigError("missing", backend, f"required with {section}.{hints[0]}")
    real = [f"{key}: {value}" for key, value in REAL_BOARD if _lookup(data, key) == value]
    for path in REAL_BOARD_KEYS if real else ():
        if _lookup(data, path) is _ABSENT:
            raise ConfigError("missing", path, f"required on a real board ({real[0]})")
    for key, value, paths, what in WHEN:
        if _lookup(data, key) != value:
            continue
        if key == "touch.layout" and _lookup(data, "touch.backend") != "mpr121":
            continue
        for path in paths:
            if _lookup(data, path) is _ABSENT:
                reason = what or f"a {value} LED chain"
                raise ConfigError("missing", path, f"required for {reason} ({key}: {value})")
