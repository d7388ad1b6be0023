"""A fake I2C bus with the ``busio.I2C`` surface, routing transactions to simulated devices."""

from __future__ import annotations

import errno
import random
from collections.abc import Sequence

from hal.sim.target import I2CTarget
from hal.sim.tca9548a import SimTca9548a

_SCAN_FIRST = 0x08
_SCAN_LAST = 0x77


def _nack(address: int) -> OSError:
    return OSError(errno.EREMOTEIO, f"Remote I/O error (no answer from 0x{address:02X})")


class SimI2C:
    """Routes each transaction by address (through muxes too), counts it, and can inject errors.

    Several devices answering one address read as the AND of their bytes, as on an open-drain bus.
    """

    def __init__(self) -> None:
        self._targets: dict[int, I2CTarget] = {}
        self._muxes: list[SimTca9548a] = []
        self._locked = False
        self._closed = False
        self._fail_next = 0
        self._fail_errno = errno.EREMOTEIO
        self._fail_probability = 0.0
        self._rng = random.Random(0)
        self._garble_next = 0
        self._garble_pattern = b"\xff"
        self.transactions = 0
        self.bytes_moved = 0  # address bytes included
        self.wire_bits = 0  # 9 bits a byte (ACK included) plus start/stop conditions
        self.errors_injected = 0

    # --- wiring -------------------------------------------------------------------------------
    def attach(self, address: int, target: I2CTarget) -> None:
        """Put ``target`` on the main bus at ``address``."""
        if address in self._targets:
            raise ValueError(f"address 0x{address:02X} is already taken on the bus")
        self._targets[address] = target
        if isinstance(target, SimTca9548a):
            self._muxes.append(target)

    # --- fault injection ----------------------------------------------------------------------
    def fail_next(self, count: int, *, code: int = errno.EREMOTEIO) -> None:
        """Make the next ``count`` transactions raise ``OSError(code)``."""
        self._fail_next = count
        self._fail_errno = code

    def fail_randomly(self, probability: float, *, seed: int, code: int = errno.EREMOTEIO) -> None:
        """Make each transaction fail with ``probability``, drawn from a seeded generator."""
        self._fail_probability = probability
        self._rng = random.Random(seed)
        self._fail_errno = code

    def garble_next(self, count: int, *, pattern: bytes = b"\xff") -> None:
        """Make the next ``count`` reads arrive as ``pattern`` repeated (noise, not an error)."""
        self._garble_next = count
        self._garble_pattern = pattern

    def stop_failing(self) -> None:
        """End any injected errors and garbling."""
        self._fail_next = 0
        self._fail_probability = 0.0
        self._garble_next = 0

    # --- busio.I2C surface --------------------------------------------------------------------
    def try_lock(self) -> bool:
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self) -> None:
        self._locked = False

    @property
    def locked(self) -> bool:
        return self._locked

    def writeto(
        self, address: int, buffer: bytes | bytearray, *, start: int = 0, end: int | None = None
    ) -> None:
        data = bytes(buffer[start:end])
        targets = self._begin(address, segments=(len(data),))
        for target in targets:
            target.i2c_write(data)

    def readfrom_into(
        self, address: int, buffer: bytearray, *, start: int = 0, end: int | None = None
    ) -> None:
        stop = len(buffer) if end is None else end
        targets = self._begin(address, segments=(stop - start,))
        buffer[start:stop] = self._read(targets, stop - start)

    def writeto_then_readfrom(
        self,
        address: int,
        buffer_out: bytes | bytearray,
        buffer_in: bytearray,
        *,
        out_start: int = 0,
        out_end: int | None = None,
        in_start: int = 0,
        in_end: int | None = None,
        stop: bool = False,
    ) -> None:
        data = bytes(buffer_out[out_start:out_end])
        in_stop = len(buffer_in) if in_end is None else in_end
        targets = self._begin(address, segments=(len(data), in_stop - in_start))
        for target in targets:
            target.i2c_write(data)
        buffer_in[in_start:in_stop] = self._read(targets, in_stop - in_start)

    def scan(self) -> list[int]:
        """Probe every ordinary address once, as ``i2cdetect`` does; return those that answer."""
        found = []
        for address in range(_SCAN_FIRST, _SCAN_LAST + 1):
            try:
                self._begin(address, segments=(0,))
            except OSError:
                continue
            found.append(address)
        return found

    def deinit(self) -> None:
        self._closed = True

    def __enter__(self) -> SimI2C:
        return self

    def __exit__(self, *_: object) -> None:
        self.deinit()

    def __repr__(self) -> str:
        addresses = " ".join(f"0x{a:02X}" for a in sorted(self._targets))
        return f"<SimI2C [{addresses}] transactions={self.transactions}>"

    # --- internals ----------------------------------------------------------------------------
    def _begin(self, address: int, *, segments: Sequence[int]) -> list[I2CTarget]:
        if self._closed:
            raise RuntimeError("the simulated I2C bus was deinitialised")
        self.transactions += 1
        self.bytes_moved += sum(1 + n for n in segments)
        self.wire_bits += sum(1 + 9 * (1 + n) for n in segments) + 1
        if self._fail_next > 0:
            self._fail_next -= 1
            self.errors_injected += 1
            raise OSError(self._fail_errno, "Remote I/O error (injected)")
        if self._fail_probability and self._rng.random() < self._fail_probability:
            self.errors_injected += 1
            raise OSError(self._fail_errno, "Remote I/O error (injected)")
        targets = self._responders(address)
        if not targets:
            raise _nack(address)
        return targets

    def _responders(self, address: int) -> list[I2CTarget]:
        found: list[I2CTarget] = []
        direct = self._targets.get(address)
        if direct is not None and direct.responding:
            found.append(direct)
        for mux in self._muxes:
            if mux.responding:
                found.extend(t for t in mux.visible(address) if t.responding)
        return found

    def _read(self, targets: list[I2CTarget], length: int) -> bytes:
        result = bytearray(b"\xff" * length)
        for target in targets:
            for i, byte in enumerate(target.i2c_read(length)):
                result[i] &= byte
        if self._garble_next > 0:
            self._garble_next -= 1
            return (self._garble_pattern * length)[:length]
        return bytes(result)
