"""Finding the chips: open the board's I2C bus, and list the addresses that answer."""

from __future__ import annotations

import contextlib
import io
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hal.touch.mux import MuxSelector
from hal.touch.settings import MUX_ADDRESS, MUX_CHANNELS

IGNORED_FREQUENCY = "I2C frequency is not settable"


@dataclass(frozen=True, slots=True)
class ScanResult:
    """Addresses on the main bus, and behind each mux channel (only those not on the main bus)."""

    main: tuple[int, ...]
    channels: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def __str__(self) -> str:
        def hexes(addresses: tuple[int, ...]) -> str:
            return " ".join(f"0x{a:02X}" for a in addresses) or "nothing"

        lines = [f"main bus: {hexes(self.main)}"]
        lines += [
            f"mux channel {ch}: {hexes(found)}" for ch, found in sorted(self.channels.items())
        ]
        return "\n".join(lines)


def scan(
    bus: Any, *, mux_address: int = MUX_ADDRESS, selector: MuxSelector | None = None
) -> ScanResult:
    """Scan the bus, and every channel of the mux if one answers at ``mux_address``.

    Writes 0 (all channels off) to ``mux_address`` first, so nothing else should live there.
    """
    if not bus.try_lock():
        raise RuntimeError("the I2C bus is busy; stop the touch sensor before scanning")
    mux = selector or MuxSelector(bus, mux_address)
    try:
        try:  # with every channel off, the main scan shows only the main bus
            mux.select(None)
        except OSError:
            mux.forget()  # no mux here, or it did not answer
        main = tuple(bus.scan())
        if mux_address not in main:
            return ScanResult(main)
        channels: dict[int, tuple[int, ...]] = {}
        for channel in range(MUX_CHANNELS):
            try:
                mux.select(channel)
            except OSError:
                mux.forget()
                continue
            channels[channel] = tuple(a for a in bus.scan() if a not in main)
        try:
            mux.select(None)
        except OSError:
            mux.forget()
        return ScanResult(main, channels)
    finally:
        bus.unlock()


@contextlib.contextmanager
def _blinka_lines_once() -> Iterator[None]:
    """Blinka prints what it finds as it probes the machine, some lines twice: each goes out once,
    to standard error."""
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said):
            yield
    finally:
        for line in dict.fromkeys(line for line in said.getvalue().splitlines() if line.strip()):
            print(line, file=sys.stderr)


def open_board_bus() -> Any:
    """The Pi's I2C-1 (SDA GPIO2, SCL GPIO3) through Blinka.

    The bus speed is not ours to pick: Blinka's Linux I2C ignores ``frequency`` (warning "I2C
    frequency is not settable in python, ignoring!" each time), and the kernel runs the bus at
    ``dtparam=i2c_arm_baudrate`` from config.txt, 100 kHz unless set. ``cullsboard diag`` shows it.
    """
    with _blinka_lines_once():
        try:  # imported here: Blinka probes the machine on import
            import board
            import busio
        except (ImportError, NotImplementedError, RuntimeError) as error:
            raise RuntimeError(
                f"no I2C bus here ({error}); run on the board, or use --mock-hal"
            ) from error
        try:
            with warnings.catch_warnings():
                warnings.filterwarnings(
                    "ignore", message=IGNORED_FREQUENCY, category=RuntimeWarning
                )
                return busio.I2C(board.SCL, board.SDA)
        except (ValueError, RuntimeError, OSError, AttributeError, ImportError) as error:
            raise RuntimeError(
                f"cannot open I2C-1 ({error}); is I2C enabled in raspi-config?"
            ) from error
