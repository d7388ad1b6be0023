"""Touch sensing on MPR121 chips: the matrix and direct layouts, fault handling, diagnostics."""

from hal.touch.chip import ChipHealth
from hal.touch.direct import DirectTouchSensor
from hal.touch.matrix import MatrixTouchSensor
from hal.touch.probe import ScanResult, open_board_bus, scan
from hal.touch.sensor import PadReading, PadTouchSensor
from hal.touch.settings import (
    ChipSpec,
    Debounce,
    DirectLayout,
    MatrixLayout,
    Pad,
    PadThresholds,
    RetryPolicy,
    TouchSettings,
)

__all__ = [
    "ChipHealth",
    "ChipSpec",
    "Debounce",
    "DirectLayout",
    "DirectTouchSensor",
    "MatrixLayout",
    "MatrixTouchSensor",
    "Pad",
    "PadReading",
    "PadThresholds",
    "PadTouchSensor",
    "RetryPolicy",
    "ScanResult",
    "TouchSettings",
    "open_board_bus",
    "scan",
]
