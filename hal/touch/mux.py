"""TCA9548A channels as I2C buses, safe under bus errors and cheap on repeated access.

``adafruit_tca9548a`` selects the channel on every lock and deselects on every unlock, and leaves
the bus locked if either write fails, after which every later lock spins forever. This selector
keeps the channel selected between transactions (a read costs one transaction, not three),
re-selects after any error, and always releases the bus.
"""

from __future__ import annotations

from typing import Any


class MuxSelector:
    """Owns the mux control register and remembers which channel is selected."""

    def __init__(self, bus: Any, address: int) -> None:
        self.bus = bus
        self.address = address
        self.selected: int | None = None  # meaningful only while ``known``
        self.known = False
        self.selects = 0

    def select(self, channel: int | None) -> None:
        """Enable ``channel`` alone (None: none); the caller holds the bus lock."""
        if self.known and channel == self.selected:
            return
        self.known = False  # until the write is acknowledged
        self.bus.writeto(self.address, bytes([0 if channel is None else 1 << channel]))
        self.selected, self.known = channel, True
        self.selects += 1

    def forget(self) -> None:
        """The mux state is unknown (after an error, or a mux that may have reset)."""
        self.known = False

    def channel(self, channel: int) -> MuxChannel:
        return MuxChannel(self, channel)


class MuxChannel:
    """The ``busio.I2C`` surface for one channel; locking it selects the channel."""

    def __init__(self, selector: MuxSelector, channel: int) -> None:
        self._selector = selector
        self.channel = channel

    def try_lock(self) -> bool:
        if not self._selector.bus.try_lock():
            return False
        try:
            self._selector.select(self.channel)
        except OSError:
            self._selector.forget()
            self._selector.bus.unlock()
            raise
        return True

    def unlock(self) -> None:
        self._selector.bus.unlock()

    def writeto(self, address: int, buffer: bytes | bytearray, **kwargs: Any) -> None:
        self._guard(self._selector.bus.writeto, address, buffer, **kwargs)

    def readfrom_into(self, address: int, buffer: bytearray, **kwargs: Any) -> None:
        self._guard(self._selector.bus.readfrom_into, address, buffer, **kwargs)

    def writeto_then_readfrom(
        self, address: int, out: bytes | bytearray, into: bytearray, **kwargs: Any
    ) -> None:
        self._guard(self._selector.bus.writeto_then_readfrom, address, out, into, **kwargs)

    def scan(self) -> list[int]:
        """Addresses answering with this channel selected (the mux itself included)."""
        found = self._selector.bus.scan()
        return [address for address in found if isinstance(address, int)]

    def _guard(self, call: Any, address: int, *args: Any, **kwargs: Any) -> None:
        if address == self._selector.address:
            raise ValueError(f"0x{address:02X} is the mux itself, not a device behind it")
        try:
            call(address, *args, **kwargs)
        except OSError:
            self._selector.forget()
            raise

    def __repr__(self) -> str:
        return f"<MuxChannel {self.channel} of 0x{self._selector.address:02X}>"
