"""What a simulated device must offer to sit on the simulated I2C bus."""

from __future__ import annotations

from typing import Protocol


class I2CTarget(Protocol):
    """A device on the bus: acknowledges its address while powered, takes writes, answers reads."""

    @property
    def responding(self) -> bool: ...

    def i2c_write(self, data: bytes) -> None: ...

    def i2c_read(self, length: int) -> bytes: ...
