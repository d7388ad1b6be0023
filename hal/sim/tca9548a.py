"""A TCA9548A I2C multiplexer: one control register, one bit per downstream channel."""

from __future__ import annotations

from hal.sim.target import I2CTarget

CHANNELS = 8


class SimTca9548a:
    """The mux as the bus sees it: devices behind it answer only while their channel is enabled."""

    def __init__(self) -> None:
        self._channels: list[dict[int, I2CTarget]] = [{} for _ in range(CHANNELS)]
        self.control = 0
        self.powered = True

    def attach(self, channel: int, address: int, target: I2CTarget) -> None:
        """Put ``target`` on downstream ``channel`` at ``address``."""
        if not 0 <= channel < CHANNELS:
            raise ValueError(f"TCA9548A channel {channel} does not exist (0..{CHANNELS - 1})")
        if address in self._channels[channel]:
            raise ValueError(f"address 0x{address:02X} is already taken on channel {channel}")
        self._channels[channel][address] = target

    def visible(self, address: int) -> list[I2CTarget]:
        """The devices at ``address`` on every enabled channel."""
        return [
            devices[address]
            for channel, devices in enumerate(self._channels)
            if self.control >> channel & 1 and address in devices
        ]

    def reset(self) -> None:
        """Power-on state: every channel disabled."""
        self.control = 0

    @property
    def responding(self) -> bool:
        return self.powered

    def i2c_write(self, data: bytes) -> None:
        if data:
            self.control = data[-1]

    def i2c_read(self, length: int) -> bytes:
        return bytes([self.control]) * length

    def __repr__(self) -> str:
        return f"<SimTca9548a control=0b{self.control:08b}>"
